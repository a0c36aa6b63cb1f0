"""Card rendering: compose each face (texts fitted to the layout: faces), draw it (card_front, card_back), impose a
deck (deck) — the build's producer is produce.card_decks. The print checks the validator calls (text fit, glyph
coverage) live in checks."""
