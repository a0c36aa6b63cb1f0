"""The token sheets: every token of the set on the home grid of the card sheets, fronts then mirrored backs."""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from io import BytesIO
from typing import Mapping

from ..i18n.catalogs import LanguageCatalog
from ..data.engine_data import Engine
from ..pages.imposition import DrawCell, SheetGrid, check_back_offset, impose_home, sheet_grid
from ..layouts.schemas import GridSize, SheetLayout
from ..pages.pdfout import DocumentInfo, document_info, kept_canvas, pdf_bytes
from ..core.problems import Location, Problem
from ..typeset.fonts import fonts_for
from ..i18n.translator import Translator
from .compose import DOMAIN
from ..graphics.drawing import Item, render
from ..core.values import Figures
from .layout import TokensLayout
from .token_faces import BACK, FRONT, TITLE, TokenFaces
from .tokens import Token, token_list


def token_grid(sheet: SheetLayout, layout: TokensLayout, count: int, file: str = "tokens.toml") -> SheetGrid:
    """As many token columns and rows as the paper holds with full bleed and crop marks, no more rows than needed;
    a token size the paper cannot hold is a problem at `file` (the tokens.toml the layout was read from)."""
    m = sheet.margins
    size = layout.token.size
    reserve = 2 * (m.min_margin + m.mark_gap + min(m.bleed, layout.token.bleed) + m.mark_length)
    columns = max(1, int((sheet.paper.width - reserve) // size))
    rows = max(1, min(int((sheet.paper.height - reserve) // size), math.ceil(count / columns)))
    grid_sheet = dataclasses.replace(sheet, grid=GridSize(columns, rows))
    return sheet_grid(grid_sheet, size, size, layout.token.bleed, file=file, field="token.size")


def print_order(tokens: tuple[Token, ...]) -> tuple[list[int], list[str]]:
    """The indexes of `tokens` in print order, tokens of one ground colour (kind and stat) side by side, and the
    group of each in that order: the imposition keeps groups off each other's cut lines and corners."""
    colours = [f"{token.kind}:{token.stat}" for token in tokens]
    order = sorted(range(len(tokens)), key=lambda index: (colours.index(colours[index]), index))
    return order, [colours[index] for index in order]


def token_faces(engine: Engine, catalog: LanguageCatalog, fonts: Mapping[str, str],
                layout: TokensLayout) -> tuple[list[tuple[tuple[Item, ...], tuple[Item, ...]]], list[Problem]]:
    """(front, back) items of every token in print order, and the problems found composing them."""
    fonts = fonts_for(fonts, catalog.lang)
    faces = TokenFaces(engine, catalog, fonts, layout)
    pairs = [(faces.face(token, FRONT), faces.face(token, BACK)) for token in token_list(engine, layout)]
    items = [item for face in faces.cache.values() for item in face]
    where = Location(file=faces.text.path, lang=catalog.lang)
    return pairs, faces.text.problems + faces.problems + faces.text_problems(items, where)


@dataclass(frozen=True)
class TokenPrint:
    """How the token sheets are printed (the tokens' view of a build): the home sheet, the tokens' layout, the size
    under which text prints in one ink, duplex and the backs' offset."""

    sheet: SheetLayout
    layout: TokensLayout
    small_text: float
    duplex: str
    back_offset: tuple[float, float] = (0.0, 0.0)
    tokens_file: str = "tokens.toml"  # where `layout` was read from: the place of a problem with its token size


@dataclass(frozen=True)
class TokenSheets:
    """The token sheets of one language composed: every token's (front, back) items in print order and its group
    (ground colour), the grid they are imposed on, how they are printed, and the problems found (fit, glyphs, an
    offset the margins do not allow)."""

    pairs: tuple[tuple[tuple[Item, ...], tuple[Item, ...]], ...]
    groups: tuple[str, ...]
    grid: SheetGrid
    fonts: Mapping[str, str]
    info: DocumentInfo
    printing: TokenPrint
    problems: tuple[Problem, ...]


def compose_token_sheets(engine: Engine, catalog: LanguageCatalog, fonts: Mapping[str, str], printing: TokenPrint
                         ) -> TokenSheets:
    """The token sheets in the catalog's language, printed as `printing` says."""
    pairs, problems = token_faces(engine, catalog, fonts, printing.layout)
    grid = token_grid(printing.sheet, printing.layout, len(pairs), printing.tokens_file)
    problems += check_back_offset(grid, printing.back_offset)
    order, groups = print_order(token_list(engine, printing.layout))
    info = document_info(catalog, f"Ancient Duel — {Translator(catalog, DOMAIN).text(*TITLE)}")
    return TokenSheets(tuple(pairs[index] for index in order), tuple(groups), grid, fonts_for(fonts, catalog.lang),
                       info, printing, tuple(problems))


def tokens_pdf(sheets: TokenSheets) -> bytes:
    """The token sheets as PDF bytes. Tokens have two different sides, so back pages are printed even without
    duplex ("none" lays them out for the long-edge flip, to print on the reverse by hand or glue)."""
    printing, grid, fonts = sheets.printing, sheets.grid, sheets.fonts
    layout, small_text, duplex = printing.layout, printing.small_text, printing.duplex
    palette = layout.palette.colors()
    buffer = BytesIO()
    fronts = [_cell(front, fonts, palette, layout.figures, small_text) for front, _ in sheets.pairs]
    backs = [_cell(back, fonts, palette, layout.figures, small_text) for _, back in sheets.pairs]
    with kept_canvas(buffer, (grid.paper_width, grid.paper_height), sheets.info, duplex) as canvas:
        impose_home(canvas, grid, fronts, backs, "long" if duplex == "none" else duplex, printing.back_offset,
                    list(sheets.groups), corners=True)
    return pdf_bytes(buffer)


def _cell(items: tuple[Item, ...], fonts: Mapping[str, str], palette: Mapping[str, tuple],
          figures: Figures, small_text: float) -> DrawCell:
    def draw(canvas, x: float, y: float) -> None:
        canvas.saveState()
        canvas.translate(x, y)
        render(canvas, items, fonts, palette, figures, small_text)
        canvas.restoreState()
    return draw
