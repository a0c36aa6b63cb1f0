"""Catalog messages as translation pairs: each translated string beside the English text it renders."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..core.caches import register
from ..i18n.catalogs import LanguageCatalog, Message
from ..core.problems import Location

CARD_FIELDS = ("name", "effect")


@dataclass(frozen=True)
class Pair:
    """One translated string (one plural form) and its English source."""

    lang: str
    message: Message
    source: str
    translation: str
    where: Location

    @property
    def card_field(self) -> tuple[str, str] | None:
        return card_field(self.message.context)


def card_field(context: str | None) -> tuple[str, str] | None:
    """("rome.testudo", "name") for the msgctxt "rome.testudo:name", else None."""
    if context and ":" in context:
        card, field = context.rsplit(":", 1)
        if field in CARD_FIELDS:
            return card, field
    return None


def locate(message: Message, lang: str) -> Location:
    """A card message by card id and field, any other by its msgid; both with file and line."""
    found = card_field(message.context)
    if found:
        return Location(file=message.path, line=message.line, card=found[0], lang=lang, field=found[1])
    return Location(file=message.path, line=message.line, lang=lang, msgid=message.msgid)


def plural_sources(message: Message, catalog: LanguageCatalog) -> list[str]:
    """The English text each plural form renders: msgid for a form used for 1 alone, msgid_plural otherwise."""
    return [message.msgid if form in catalog.singular_forms else message.plural
            for form in range(len(message.strings))]


def translated(message: Message) -> bool:
    return not message.fuzzy and all(s.strip() for s in message.strings)


def pairs(catalog: LanguageCatalog) -> tuple[Pair, ...]:
    """Every translated (non-empty, non-fuzzy) string of a catalog, in file order; missing ones are reported apart.
    Made once per catalog: every checker walks them (the catalog is frozen, so they cannot change)."""
    made = _MADE.get(id(catalog))
    if made is None or made[0] is not catalog:
        made = _MADE[id(catalog)] = catalog, tuple(_pairs(catalog))
        while len(_MADE) > MADE_KEPT:
            del _MADE[next(iter(_MADE))]
    return made[1]


MADE_KEPT = 16  # catalogs whose pairs are kept (a build has at most six languages)
_MADE: dict[int, tuple[LanguageCatalog, tuple[Pair, ...]]] = {}
register(f"{__name__}.pairs", "every translated string of a catalog, as (message, source, translation) pairs",
         f"the catalog (its identity; the last {MADE_KEPT} kept)", _MADE.clear)


def _pairs(catalog: LanguageCatalog) -> Iterator[Pair]:
    for message in sorted(catalog.messages.values(), key=lambda m: (m.path, m.line or 0)):
        if not translated(message):
            continue
        sources = plural_sources(message, catalog) if message.plural else [message.msgid]
        for source, translation in zip(sources, message.strings):
            yield Pair(catalog.lang, message, source, translation, locate(message, catalog.lang))
