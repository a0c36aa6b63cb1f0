"""The rulebook's checks for `pnp validate`: everything `pnp build` can fail on, without rendering a page."""
from __future__ import annotations

from ..layouts.schemas import PAPERS, card_layout
from ..problems import Problem, ProblemsFound
from ..project import Inputs, Project
from ..typeset.fonts import fonts_for, register_fonts
from . import anatomy_fronts, kit_facts
from .compose import compose
from .glossary import language_terms
from .layout import page_for, rulebook_layout
from .story import check_tables


def rulebook_problems(inputs: Inputs, langs: tuple[str, ...], project: Project) -> list[Problem]:
    """A validator checker: each language's rulebook composed on every paper (translations, placeholders, the
    wordings and worked examples the engine values must keep true, every game term in its glossary, the card
    anatomy's fronts) and its tables set on the pages and on the booklet's pages (tables that have no room), without
    making or rendering the pages."""
    folder, fonts = project.layouts, register_fonts(project.fonts)
    layout = rulebook_layout(folder)
    small_text = card_layout(folder).card.small_text
    problems: list[Problem] = []
    for lang in langs:
        for paper in PAPERS:
            try:
                blocks = compose(inputs.engine, inputs.cards, inputs.catalogs[lang],
                                 kit_facts(inputs.engine, paper, folder), language_terms(inputs.lexicon, lang))
                anatomy_fronts(inputs.cards, inputs.catalogs[lang], fonts, folder)  # fails here as in the build
                for booklet in (False, True):
                    check_tables(blocks, page_for(paper, booklet, folder), layout, fonts_for(fonts, lang),
                                 small_text, lang)
            except ProblemsFound as exc:
                problems += exc.problems
    return list(dict.fromkeys(problems))
