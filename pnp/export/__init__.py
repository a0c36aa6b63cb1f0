"""Outputs for print shops and digital tables: PDF/X, card images, Tabletop Simulator decks."""
