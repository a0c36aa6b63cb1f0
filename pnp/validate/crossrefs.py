"""A card named in another card's effect is named by its localized name in every language."""
from __future__ import annotations

from ..data.card_database import Card
from ..i18n.localize import card_context
from ..core.problems import Location, Problem
from ..project import Inputs
from .messages import pairs
from .text_scan import english_quoted, quoted, unquoted


def _named(inputs: Inputs, card: Card, name: str) -> list[Card]:
    """The cards an English effect means by “name”: of the same faction first, else any."""
    matches = [c for c in inputs.cards.cards if c.name == name]
    return [c for c in matches if c.faction == card.faction] or matches


def check_card_references(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """“Hastati Line” in an English effect must read „Hastati-Linie“ in German (quoted or not), never a variant."""
    problems = []
    for card in inputs.cards.cards:
        for name in english_quoted(card.effect):
            if not _named(inputs, card, name):
                problems.append(Problem("card-reference-unknown", f"the effect quotes “{name}”, but no card has that "
                                        "English name", Location(card.source, card.line, card.id, field="effect")))
    for lang in langs:
        catalog = inputs.catalogs[lang]
        for pair in pairs(catalog):
            found = pair.card_field
            card = inputs.cards.by_id(found[0]) if found and found[1] == "effect" else None
            if card is None or pair.source != card.effect:
                continue
            spans, plain = quoted(pair.translation), unquoted(pair.translation)
            for name in english_quoted(card.effect):
                targets = _named(inputs, card, name)
                local = [catalog.pgettext(card_context(t.id, "name"), t.name) for t in targets]
                if local and not any(n in spans or n in plain for n in local):
                    problems.append(Problem(
                        "card-reference", f"the effect names card {targets[0].id} (“{name}”); expected its {lang} name "
                        f"{' or '.join(map(repr, local))} (quoted or not), found "
                        f"{', '.join(map(repr, spans)) or 'no quoted name'} in {pair.translation!r}", pair.where))
    return problems
