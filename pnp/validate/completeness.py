"""Every string present in every language: card names and effects, the shared terms, every other domain's messages."""
from __future__ import annotations

from pathlib import Path

from ..i18n.localize import CARDS_DOMAIN, card_context
from ..core.problems import Location, Problem
from ..i18n.catalogs import domain_of
from ..project import Inputs
from ..data.terms import BONUS_PHRASES, FACTION_NAMES, KINDS, STATS, TRAITS, UNIT_TYPES
from .messages import card_field, locate

TERM_GROUPS = (FACTION_NAMES, KINDS, UNIT_TYPES, TRAITS, STATS, BONUS_PHRASES)
WORKFLOW = "run the translator workflow in the README (extract, update, translate)"


def expected_messages(inputs: Inputs, langs: tuple[str, ...]) -> dict[tuple[str | None, str], tuple[str, str]]:
    """(msgctxt, msgid) -> (what it is, its domain), for every message each language must have: card strings,
    terms, and whatever any language's catalog holds (so a message missing from one language only is found). Without
    the cards (a card file could not be read) their strings are expected where another language has them."""
    expected = {}
    for card in inputs.cards.cards if inputs.cards else ():
        for field in ("name", "effect"):
            expected[(card_context(card.id, field), getattr(card, field))] = (f"the {field} of card {card.id}",
                                                                              CARDS_DOMAIN)
    for group in TERM_GROUPS:
        for context, msgid in group.values():
            expected[(context, msgid)] = (f"the {context} term {msgid!r}", CARDS_DOMAIN)
    for lang in langs:
        for key, message in inputs.catalogs[lang].messages.items():
            if key not in expected:
                expected[key] = (f"message {key[1]!r}", domain_of(message.path))
    return expected


def check_completeness(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """Missing, outdated, empty and fuzzy translations (a plural form too few is read as an empty one; one too many
    is a broken file, reported when loading)."""
    expected = expected_messages(inputs, langs)
    problems = []
    for lang in langs:
        catalog = inputs.catalogs[lang]
        by_context = {context: msgid for context, msgid in catalog.messages if context}
        for (context, msgid), (what, domain) in expected.items():
            message = catalog.messages.get((context, msgid))
            if message is None:
                path = str(Path(catalog.path) / f"{domain}.po")
                problems.append(_missing(context, msgid, what, lang, path, by_context.get(context)))
            elif message.fuzzy:
                problems.append(Problem("translation-fuzzy", f"{what} is marked fuzzy (a guess to review); expected "
                                        "a checked translation without the fuzzy flag", locate(message, lang)))
            elif not all(s.strip() for s in message.strings):
                empty = [i for i, s in enumerate(message.strings) if not s.strip()]
                forms = f" (plural form {', '.join(map(str, empty))} of {len(message.strings)})" if message.plural \
                    and len(empty) < len(message.strings) else ""
                problems.append(Problem("translation-empty", f"{what} has no {lang} translation{forms}; expected a "
                                        f"non-empty text ({WORKFLOW})", locate(message, lang)))
    return problems


def _missing(context, msgid, what, lang, path, catalog_msgid) -> Problem:
    found = card_field(context)
    where = (Location(file=path, card=found[0], lang=lang, field=found[1]) if found
             else Location(file=path, lang=lang, msgid=msgid))
    if catalog_msgid is not None and found:
        return Problem("translation-outdated", f"{what} is {msgid!r} in the card data, but the catalog translates "
                       f"{catalog_msgid!r}; {WORKFLOW}", where)
    return Problem("translation-missing", f"{what} is missing from the {lang} catalog; {WORKFLOW}", where)
