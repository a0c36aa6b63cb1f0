"""The sheet products of a build (pnp.products), each composed for one language and rendered from that: the score
sheet, the tokens, and the calibration sheet (composed by every build and `pnp validate`, made by `pnp calibrate`)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from ..context import BuildContext
from ..core.loader import layout_file
from ..core.problems import Problem
from ..data.engine_data import Engine
from ..i18n.catalogs import LanguageCatalog
from ..layouts.schemas import PAPERS, card_geometry, sheet_layout
from ..pages.imposition import home_grid
from .calibration import CalibrationPrint, Composed, compose, sheet_pdf
from .calibration_layout import DUPLEX, calibration_layout
from .pdf import compose_for_paper, render_scoresheet
from .scoresheet import ScoreSheetPage
from .token_sheet import TokenPrint, TokenSheets, compose_token_sheets, tokens_pdf
from .tokens import token_set_layout


@dataclass(frozen=True)
class ComposedScoreSheet:
    """The score sheet of one language laid out on every paper (the build's paper's page kept) and the problems of
    all."""

    page: ScoreSheetPage
    catalog: LanguageCatalog
    fonts: Mapping[str, str]
    layouts: Path
    problems: tuple[Problem, ...]


def scoresheet_pages(engine: Engine, catalog: LanguageCatalog, fonts: Mapping[str, str], layouts: Path
                     ) -> tuple[dict[str, ScoreSheetPage], list[Problem]]:
    """The score sheet laid out on every paper, and the problems of all (each once); raises ProblemsFound when it
    cannot be composed (e.g. a missing stat abbreviation)."""
    pages = {paper: compose_for_paper(engine, catalog, fonts, paper, layouts) for paper in PAPERS}
    return pages, list(dict.fromkeys(p for page in pages.values() for p in page.problems))


def compose_score_sheet(ctx: BuildContext) -> ComposedScoreSheet:
    """The score sheet in the context's language, laid out and checked on A4 and Letter."""
    catalog = ctx.inputs.catalogs[ctx.lang]
    pages, problems = scoresheet_pages(ctx.inputs.engine, catalog, ctx.fonts, ctx.project.layouts)
    return ComposedScoreSheet(pages[ctx.options.paper], catalog, ctx.fonts, ctx.project.layouts, tuple(problems))


def render_score_sheet(composed: ComposedScoreSheet) -> dict[Path, bytes]:
    """<lang>/scoresheet.pdf on the build's paper (the same page in home and pro mode)."""
    return {Path(composed.catalog.lang) / "scoresheet.pdf": render_scoresheet(composed.page, composed.catalog,
                                                                              composed.fonts, composed.layouts)}


def compose_tokens(ctx: BuildContext) -> TokenSheets:
    """The token sheets in the context's language on the build's paper, with its duplex and back offset."""
    o, folder = ctx.options, ctx.project.layouts
    printing = TokenPrint(sheet_layout(o.paper, folder), token_set_layout(folder), card_geometry(folder).small_text,
                          o.duplex, o.back_offset, str(layout_file(folder, "tokens")))
    return compose_token_sheets(ctx.inputs.engine, ctx.inputs.catalogs[ctx.lang], ctx.fonts, printing)


def render_tokens(composed: TokenSheets) -> dict[Path, bytes]:
    """<lang>/tokens.pdf: home sheets of tokens, fronts and backs."""
    return {Path(composed.info.lang) / "tokens.pdf": tokens_pdf(composed)}


@dataclass(frozen=True)
class ComposedCalibration:
    """The calibration sheet of one language composed on every paper for either duplex flip, printed with offset
    0,0 (`pnp calibrate` makes it with the user's), the sheet of the build's paper and duplex kept, and the problems
    of all."""

    sheet: Composed
    catalog: LanguageCatalog
    fonts: Mapping[str, str]
    printing: CalibrationPrint
    problems: tuple[Problem, ...]


def compose_calibration(ctx: BuildContext) -> ComposedCalibration:
    """The calibration sheet in the context's language on A4 and Letter, for either duplex flip (the long edge's
    for a build without duplex)."""
    folder, catalog, o = ctx.project.layouts, ctx.inputs.catalogs[ctx.lang], ctx.options
    layout = calibration_layout(folder)
    printed = {(paper, duplex): CalibrationPrint(home_grid(paper, folder, card_geometry(folder)), layout, paper, duplex)
               for paper in PAPERS for duplex in DUPLEX}
    sheets = {key: compose(catalog, ctx.fonts, printing) for key, printing in printed.items()}
    chosen = (o.paper, o.duplex if o.duplex in DUPLEX else DUPLEX[0])
    problems = dict.fromkeys(p for sheet in sheets.values() for p in sheet.problems)
    return ComposedCalibration(sheets[chosen], catalog, ctx.fonts, printed[chosen], tuple(problems))


def render_calibration(composed: ComposedCalibration) -> dict[Path, bytes]:
    """<lang>/calibration.pdf: the sheet of the build's paper and duplex."""
    return {Path(composed.catalog.lang) / "calibration.pdf": sheet_pdf(composed.sheet, composed.catalog,
                                                                       composed.fonts, composed.printing)}
