"""Print checks of the score sheet and the tokens: texts that do not fit their boxes, characters without glyphs."""
from __future__ import annotations

from ..typeset.fonts import register_fonts
from ..layouts.schemas import PAPERS
from ..problems import Problem, ProblemsFound
from ..project import Inputs, Project
from .pdf import compose_for_paper
from .token_sheet import token_faces
from .tokens import token_set_layout


def sheet_print_problems(inputs: Inputs, langs: tuple[str, ...], project: Project) -> list[Problem]:
    """Fit, room and glyph problems of the score sheet (A4 and Letter) and the tokens in every language.

    A validator checker (run for languages whose catalogs passed the completeness check).
    """
    fonts, folder = register_fonts(project.fonts), project.layouts
    tokens = token_set_layout(folder)
    problems: list[Problem] = []
    for lang in langs:
        catalog = inputs.catalogs[lang]
        try:
            found = [p for paper in PAPERS
                     for p in compose_for_paper(inputs.engine, catalog, fonts, paper, folder).problems]
            found += token_faces(inputs.engine, catalog, fonts, tokens)[1]
        except ProblemsFound as exc:  # e.g. a missing stat abbreviation
            found = list(exc.problems)
        problems += dict.fromkeys(found)
    return problems
