"""The keyword table of the Rules Reference: one row per game term of locales/game-terms.toml (pnp.lexicon), the term
written as the language's cards write it (its headword), defined by a rulebook message (templates/glossary.j2), with
the number of the rule that defines it (game-terms.toml [rules]).

`glossary_problems` checks a composed book: every term has its row, under one of its forms, with a definition;
`term_rule_problems` that every term's defining rule is one of the Rules Reference.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping

from ..i18n.catalogs import SOURCE_LANG
from ..i18n.languages import PSEUDO
from ..i18n.lexicon import Lexicon, TermForms, capitalized
from ..i18n.pseudo import pseudo
from ..core.problems import Location, Problem
from . import blocks as b

TABLE = "keywords"  # the Rules Reference's keyword table: its column widths in pnp/layouts/rulebook.toml name it
TEMPLATES = "pnp/rulebook/templates"
TEMPLATE = f"{TEMPLATES}/glossary.j2"


@dataclass(frozen=True)
class GlossaryEntry:
    """An entry of a rule book's glossary: the term, its headword in the language and its defining rule."""
    term: str      # English headword (the key in locales/game-terms.toml)
    headword: str  # as the language's cards write it, capitalized as a table entry
    rule: str      # the id of the Rules Reference's rule that defines it


def language_terms(lexicon: Lexicon, lang: str) -> Mapping[str, TermForms]:
    """The game terms of a language's glossary (the English ones for the English source, pseudo-translated for the
    pseudo-locale)."""
    if lang in (SOURCE_LANG, PSEUDO):
        return lexicon.english_terms if lang == SOURCE_LANG else pseudo_terms(lexicon.english_terms)
    return lexicon.of(lang).game_terms or lexicon.english_terms  # a draft without its terms: the English ones


def pseudo_terms(terms: Mapping[str, TermForms]) -> dict[str, TermForms]:
    """Game terms pseudo-translated, form by form."""
    return {term: replace(forms, forms=tuple(pseudo(form) for form in forms.forms)) for term, forms in terms.items()}


def glossary_entries(terms: Mapping[str, TermForms], lang: str) -> tuple[GlossaryEntry, ...]:
    """The glossary's rows in the order of the term list."""
    return tuple(GlossaryEntry(term, capitalized(forms.headword, lang), forms.rule) for term, forms in terms.items())


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
            problems.append(Problem("glossary-chapter", f"the game term {term!r} ({forms.headword}) has no entry "
                                    "with a definition in the keyword table of the Rules Reference; add "
                                    f"its definition to {TEMPLATE} (macro define)", Location(file=TEMPLATE, lang=lang)))
    return problems


def term_rule_problems(terms: Mapping[str, TermForms], numbers: Mapping[str, str]) -> list[Problem]:
    """A game term whose defining rule id (locales/game-terms.toml [rules]) names no rule of the Rules Reference."""
    return [Problem("rule-reference", f"the game term {term!r} is defined by the rule id {forms.rule!r}, which no "
                    f"rule of the Rules Reference has; expected one of its ids ({TEMPLATES}/reference.j2)",
                    Location(file=forms.where.file, line=forms.where.line))
            for term, forms in terms.items() if forms.rule not in numbers]
