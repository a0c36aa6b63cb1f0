"""The rulebook's checks for `pnp validate`: everything `pnp build` can fail on, without rendering a page."""
from __future__ import annotations

from ..layouts.schemas import PAPERS, card_layout
from ..problems import Problem, ProblemsFound
from ..project import Inputs, Project
from ..typeset.fonts import fonts_for, register_fonts
from . import anatomy_fronts, faction_styles, kit_facts
from .compose import compose
from .glossary import language_terms
from .layout import page_for, rulebook_layout
from .story import story


def rulebook_problems(inputs: Inputs, langs: tuple[str, ...], project: Project) -> list[Problem]:
    """A validator checker: each language's rulebook composed on every paper (translations, placeholders, the
    wordings and worked examples the engine values must keep true, every game term in its glossary) and laid out
    as pages and as a booklet (tables that have no room), without rendering."""
    folder, fonts = project.layouts, register_fonts(project.fonts)
    layout, factions = rulebook_layout(folder), faction_styles(folder)
    small_text = card_layout(folder).card.small_text
    problems: list[Problem] = []
    for lang in langs:
        for paper in PAPERS:
            try:
                blocks = compose(inputs.engine, inputs.cards, inputs.catalogs[lang],
                                 kit_facts(inputs.engine, paper, folder), language_terms(inputs.lexicon, lang))
                anatomy = anatomy_fronts(inputs.cards, inputs.catalogs[lang], fonts, folder)
                for booklet in (False, True):
                    story(blocks, page_for(paper, booklet, folder), layout, fonts_for(fonts, lang), factions,
                          small_text, lang, anatomy)
            except ProblemsFound as exc:
                problems += exc.problems
    return list(dict.fromkeys(problems))
