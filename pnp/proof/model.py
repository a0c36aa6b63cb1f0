"""What the proof site shows, as frozen data: cards and messages in every language with where each text comes
from, the size it was fitted at, and the validator's problems attached to it."""
from __future__ import annotations

from dataclasses import dataclass

from ..data.card_database import Card
from ..core.problems import Problem


@dataclass(frozen=True)
class Source:
    """The catalog message (or card data entry) a printed text comes from, with its file and line."""

    context: str | None
    msgid: str
    file: str
    line: int | None


@dataclass(frozen=True)
class CardText:
    """One printed text of a card face in one language and the type size it was fitted at."""

    field: str
    text: str
    size: float
    default_size: float
    min_size: float
    sources: tuple[Source, ...]
    smallest: bool = False  # shrunk below its default and the smallest of this field among the card's languages

    @property
    def at_minimum(self) -> bool:
        return self.size <= self.min_size + 1e-9


@dataclass(frozen=True)
class CardCell:
    """One card in one language: its image (a file of the site, None when it could not be rendered), its texts
    and the problems found in them."""

    lang: str
    image: str | None
    texts: tuple[CardText, ...]
    problems: tuple[Problem, ...]
    print_image: str | None = None  # the same at print resolution, opened on click


@dataclass(frozen=True)
class CardRow:
    """A card's row of the proof site: the card and its cell in each language."""
    card: Card
    cells: tuple[CardCell, ...]

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(sorted({p.code for cell in self.cells for p in cell.problems}))


@dataclass(frozen=True)
class Placeholder:
    """A placeholder of a message and what it is filled with (an engine value, a computed value or a description)."""

    token: str
    name: str
    value: str
    origin: str


@dataclass(frozen=True)
class MessageCell:
    """A message in one language on the proof site: its strings, where they are read, their problems."""
    lang: str
    strings: tuple[str, ...]  # one per plural form; empty when the language lacks the message
    source: Source | None
    problems: tuple[Problem, ...]


@dataclass(frozen=True)
class MessageRow:
    """One message of the rulebook, sheet, calibration or card-term catalogs in every language."""

    anchor: str
    section: str
    context: str | None
    msgid: str
    plural: str | None
    placeholders: tuple[Placeholder, ...]
    cells: tuple[MessageCell, ...]
    printed: tuple[str, str] | None = None  # where the English kit prints it: a crop of the page (site file), caption

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(sorted({p.code for cell in self.cells for p in cell.problems}))


@dataclass(frozen=True)
class GlossaryEntry:
    """One row of a language's glossary on the proof site."""
    group: str     # stat abbreviations, a term context, forbidden words, written-out stats
    english: str
    value: str
    where: str


@dataclass(frozen=True)
class ShownProblem:
    """A problem as the summary page lists it: where on the site it is attached (None: not attached)."""

    problem: Problem
    faction: str | None
    link: str | None


@dataclass(frozen=True)
class Change:
    """A message whose translation differs between an older catalogs folder and the current one."""

    lang: str
    context: str | None
    msgid: str
    old: tuple[str, ...]  # empty: the older catalogs lack it (or leave it untranslated)
    new: tuple[str, ...]  # empty: the current catalogs lack it
    cards: tuple[tuple[str, str], ...]  # (card id, faction) of every card that prints it
    link: str | None  # where the site shows the message (its card or its row)


@dataclass(frozen=True)
class ProofData:
    """Everything the proof site shows: languages, cards, messages, glossaries, problems and changes."""
    langs: tuple[str, ...]          # the source language first, then the translations
    factions: tuple[tuple[str, str], ...]  # (key, English name)
    cards: tuple[CardRow, ...]
    messages: tuple[MessageRow, ...]
    glossary: tuple[tuple[str, tuple[GlossaryEntry, ...]], ...]  # per translated language
    problems: tuple[ShownProblem, ...]
    changes: tuple[Change, ...] | None = None  # with `pnp proof --compare OLD_LOCALES`
