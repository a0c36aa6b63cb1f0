"""The rulebook's checks: everything `pnp build` can fail on, without rendering a page (what `pnp validate` and the
build compose, pnp.rulebook.produce)."""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from ..cards.layout import card_layout
from ..layouts.schemas import PAPERS
from ..core.problems import Problem, ProblemsFound
from ..project import Inputs, Project
from ..typeset.fonts import fonts_for
from . import anatomy_fronts, kit_facts
from .anatomy_cards import AnatomyCards
from .blocks import Block
from .books import BOOKS
from .compose import compose
from .glossary import language_terms
from .layout import page_for, rulebook_layout
from .table_room import check_tables


@dataclass(frozen=True)
class CheckedRulebook:
    """One language's rule books composed for every paper and checked: the blocks of each paper whose books composed,
    the card anatomy's fronts (None when they did not compose), and the problems of all."""

    blocks: Mapping[str, Mapping[str, tuple[Block, ...]]]  # paper -> book name -> blocks
    anatomy: AnatomyCards | None
    problems: tuple[Problem, ...]


def checked_rulebook(inputs: Inputs, lang: str, project: Project, fonts: Mapping[str, str],
                     build_options: Mapping[str, str] = MappingProxyType({})) -> CheckedRulebook:
    """The rulebook of `lang` composed on every paper (translations, placeholders, the wordings and worked examples
    the engine values must keep true, every game term in its glossary), the card anatomy's fronts, and its tables
    set on the pages and on the booklet's pages (tables that have no room), without making or rendering the pages.
    `build_options` (paper -> options) are the options a build quotes in the rulebook of its paper."""
    folder = project.layouts
    layout, small_text = rulebook_layout(folder), card_layout(folder).card.small_text
    problems: list[Problem] = []
    blocks: dict[str, tuple[Block, ...]] = {}
    anatomy = None
    try:
        anatomy = anatomy_fronts(inputs.cards, inputs.catalogs[lang], fonts, folder)  # fails here as in the build
    except ProblemsFound as exc:
        problems += exc.problems
    for paper in PAPERS:
        books = {}
        for book in BOOKS:
            try:
                composed = compose(inputs.engine, inputs.cards, inputs.catalogs[lang],
                                   kit_facts(inputs.engine, paper, folder, build_options.get(paper, "")),
                                   language_terms(inputs.lexicon, lang), book)
                check_tables(composed, tuple(page_for(paper, booklet, folder) for booklet in (False, True)), layout,
                             fonts_for(fonts, lang), small_text, lang)
                books[book.name] = composed
            except ProblemsFound as exc:
                problems += exc.problems
        if len(books) == len(BOOKS):
            blocks[paper] = MappingProxyType(books)
    return CheckedRulebook(MappingProxyType(blocks), anatomy, tuple(dict.fromkeys(problems)))
