"""Card rendering: compose each face (texts fitted to the layout: faces), turn it into the drawing list of
pnp.graphics.drawing (card_front.front_items, card_back.back_items) that its renderer draws, impose a deck (deck). The products (pnp.products) are produce.compose_decks/render_decks and the deck list's; the fit and glyph
problems of the composed faces are found in checks."""
