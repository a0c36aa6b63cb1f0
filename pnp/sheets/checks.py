"""Print checks of the score sheet and the tokens: texts that do not fit their boxes, characters without glyphs.

Validator checkers (run for languages whose catalogs passed the completeness check); the build's producers of the
score sheet and the tokens run the same checks on what they print (`scoresheet_pages`, `token_faces`).
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Mapping

from ..data.engine_data import Engine
from ..i18n.catalogs import LanguageCatalog
from ..typeset.fonts import register_fonts
from ..layouts.schemas import PAPERS
from ..core.problems import Problem, ProblemsFound
from ..project import Inputs, Project
from .pdf import compose_for_paper
from .scoresheet import ScoreSheetPage
from .token_sheet import token_faces
from .tokens import token_set_layout


def scoresheet_pages(engine: Engine, catalog: LanguageCatalog, fonts: Mapping[str, str], layouts: Path
                     ) -> tuple[dict[str, ScoreSheetPage], list[Problem]]:
    """The score sheet laid out on every paper, and the problems of all (each once); raises ProblemsFound when it
    cannot be composed (e.g. a missing stat abbreviation)."""
    pages = {paper: compose_for_paper(engine, catalog, fonts, paper, layouts) for paper in PAPERS}
    return pages, list(dict.fromkeys(p for page in pages.values() for p in page.problems))


def score_sheet_print_problems(inputs: Inputs, langs: tuple[str, ...], project: Project) -> list[Problem]:
    """Fit, room and glyph problems of the score sheet on A4 and Letter in every language."""
    fonts = register_fonts(project.fonts)
    return _each_language(langs, lambda lang: scoresheet_pages(inputs.engine, inputs.catalogs[lang], fonts,
                                                               project.layouts)[1])


def token_print_problems(inputs: Inputs, langs: tuple[str, ...], project: Project) -> list[Problem]:
    """Fit and glyph problems of the tokens in every language."""
    fonts, tokens = register_fonts(project.fonts), token_set_layout(project.layouts)
    return _each_language(langs, lambda lang: token_faces(inputs.engine, inputs.catalogs[lang], fonts, tokens)[1])


def _each_language(langs: tuple[str, ...], check: Callable[[str], list[Problem]]) -> list[Problem]:
    """The problems `check` finds (or raises) in each language, each once per language."""
    problems: list[Problem] = []
    for lang in langs:
        try:
            found = check(lang)
        except ProblemsFound as exc:
            found = list(exc.problems)
        problems += dict.fromkeys(found)
    return problems
