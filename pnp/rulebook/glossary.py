"""The rulebook's glossary chapter: one row per game term of locales/game-terms.toml (pnp.lexicon), the term written
as the language's cards write it (its headword), defined by a rulebook message (templates/glossary.j2).

`glossary_problems` checks the composed chapter: every term has its row, under one of its forms, with a
definition. `check_glossary_chapter` is the same check as a `pnp validate` checker, without composing the rest.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ..i18n.catalogs import SOURCE_LANG
from ..i18n.lexicon import Lexicon, TermForms, capitalized
from ..core.problems import Location, Problem
from . import blocks as b

TABLE = "glossary"  # the glossary table's column widths in pnp/layouts/rulebook.toml name it
TEMPLATE = "pnp/rulebook/templates/glossary.j2"


@dataclass(frozen=True)
class GlossaryEntry:
    term: str      # English headword (the key in locales/game-terms.toml)
    headword: str  # as the language's cards write it, capitalized as a table entry


def language_terms(lexicon: Lexicon, lang: str) -> Mapping[str, TermForms]:
    """The game terms of a language's glossary (English ones for the English source)."""
    return lexicon.english_terms if lang == SOURCE_LANG else lexicon.of(lang).game_terms


def glossary_entries(terms: Mapping[str, TermForms], lang: str) -> tuple[GlossaryEntry, ...]:
    """The glossary's rows in the order of the term list."""
    return tuple(GlossaryEntry(term, capitalized(forms.headword, lang)) for term, forms in terms.items())


def glossary_problems(blocks: tuple[b.Block, ...], terms: Mapping[str, TermForms], lang: str) -> list[Problem]:
    """A term of the list without a row headed by one of its forms, or without a definition, in the composed
    chapter."""
    rows = {row[0]: (row[1] if len(row) > 1 else "") for block in blocks
            if isinstance(block, b.Table) and block.columns == TABLE for row in block.rows}
    problems = []
    for term, forms in terms.items():
        headings = {capitalized(form, lang) for form in forms.forms}
        found = [text for text in rows if text in headings]
        if not found or not rows[found[0]].strip():
            problems.append(Problem("glossary-chapter", f"the game term {term!r} ({forms.headword}) has no "
                                    "entry with a definition in the rulebook's glossary; add its definition to "
                                    f"{TEMPLATE} (macro define)", Location(file=TEMPLATE, lang=lang)))
    return problems
