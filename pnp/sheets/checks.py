"""The score sheet composed on every paper with its problems (texts that do not fit their boxes, characters without
glyphs), as `pnp validate` and `pnp build` compose it (pnp.sheets.produce)."""
from __future__ import annotations

from pathlib import Path
from typing import Mapping

from ..data.engine_data import Engine
from ..i18n.catalogs import LanguageCatalog
from ..layouts.schemas import PAPERS
from ..core.problems import Problem
from .pdf import compose_for_paper
from .scoresheet import ScoreSheetPage


def scoresheet_pages(engine: Engine, catalog: LanguageCatalog, fonts: Mapping[str, str], layouts: Path
                     ) -> tuple[dict[str, ScoreSheetPage], list[Problem]]:
    """The score sheet laid out on every paper, and the problems of all (each once); raises ProblemsFound when it
    cannot be composed (e.g. a missing stat abbreviation)."""
    pages = {paper: compose_for_paper(engine, catalog, fonts, paper, layouts) for paper in PAPERS}
    return pages, list(dict.fromkeys(p for page in pages.values() for p in page.problems))
