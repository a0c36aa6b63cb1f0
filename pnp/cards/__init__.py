"""Card rendering: compose each face (texts fitted to the layout: faces), draw it (card_front, card_back), impose a
deck (deck). The products (pnp.products) are produce.compose_decks/render_decks and the deck list's; the fit and glyph
problems of the composed faces are found in checks."""
