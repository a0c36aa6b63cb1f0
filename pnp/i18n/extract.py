"""Babel extraction method for card data files: `[pnp_cards: data/cards/*.toml]` in babel.cfg."""
from __future__ import annotations

import tomllib

from .localize import card_context


def extract_cards(fileobj, keywords, comment_tags, options):
    """Yield each card's name and effect as pgettext messages with the card id as context."""
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    data = tomllib.loads(text)
    for card in data.get("cards", []):
        card_id = card.get("id", "")
        lineno = next((i for i, line in enumerate(lines, 1) if line.strip() == f'id = "{card_id}"'), 0)
        comment = [f"{card.get('kind', 'card')} {card_id}"]
        for field in ("name", "effect"):
            if field in card:
                yield lineno, "pgettext", (card_context(card_id, field), card[field]), comment
