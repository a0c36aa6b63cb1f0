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
from ..pages.pdfout import document_info, new_canvas, pdf_bytes
from ..core.problems import Location, Problem, raise_if_errors
from ..typeset.fonts import fonts_for
from ..i18n.translator import Translator
from .compose import DOMAIN, glyph_problems
from .draw import Item, render
from ..core.values import Figures
from .layout import TokensLayout
from .token_faces import BACK, FRONT, TITLE, TokenFaces
from .tokens import Token, token_list


def token_grid(sheet: SheetLayout, layout: TokensLayout, count: int) -> SheetGrid:
    """As many token columns and rows as the paper holds with full bleed and crop marks, no more rows than needed."""
    m = sheet.margins
    size = layout.token.size
    reserve = 2 * (m.min_margin + m.mark_gap + min(m.bleed, layout.token.bleed) + m.mark_length)
    columns = max(1, int((sheet.paper.width - reserve) // size))
    rows = max(1, min(int((sheet.paper.height - reserve) // size), math.ceil(count / columns)))
    grid_sheet = dataclasses.replace(sheet, grid=GridSize(columns, rows))
    return sheet_grid(grid_sheet, size, size, layout.token.bleed, file="pnp/layouts/tokens.toml",
                      field="token.size")


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
    return pairs, faces.text.problems + faces.problems + glyph_problems(items, fonts, where, faces.sources)


@dataclass(frozen=True)
class TokenPrint:
    """How the token sheets are printed (the tokens' view of a build): the home sheet, the tokens' layout, the size
    under which text prints in one ink, duplex and the backs' offset."""

    sheet: SheetLayout
    layout: TokensLayout
    small_text: float
    duplex: str
    back_offset: tuple[float, float] = (0.0, 0.0)


def tokens_pdf(engine: Engine, catalog: LanguageCatalog, fonts: Mapping[str, str], printing: TokenPrint) -> bytes:
    """The token sheets as PDF bytes, printed as `printing` says. Tokens have two different sides, so back pages
    are printed even without duplex ("none" lays them out for the long-edge flip, to print on the reverse by hand
    or glue)."""
    sheet, layout, small_text, duplex, back_offset = (printing.sheet, printing.layout, printing.small_text,
                                                      printing.duplex, printing.back_offset)
    pairs, problems = token_faces(engine, catalog, fonts, layout)
    fonts = fonts_for(fonts, catalog.lang)
    grid = token_grid(sheet, layout, len(pairs))
    problems += check_back_offset(grid, back_offset)
    raise_if_errors(problems)
    palette = layout.palette.colors()
    buffer = BytesIO()
    info = document_info(catalog, f"Ancient Duel — {Translator(catalog, DOMAIN).text(*TITLE)}")
    canvas = new_canvas(buffer, (grid.paper_width, grid.paper_height), info)
    order, groups = print_order(token_list(engine, layout))
    fronts = [_cell(pairs[index][0], fonts, palette, layout.figures, small_text) for index in order]
    backs = [_cell(pairs[index][1], fonts, palette, layout.figures, small_text) for index in order]
    impose_home(canvas, grid, fronts, backs, "long" if duplex == "none" else duplex, back_offset, groups,
                corners=True)
    canvas.save()
    return pdf_bytes(buffer)


def _cell(items: tuple[Item, ...], fonts: Mapping[str, str], palette: Mapping[str, tuple],
          figures: Figures, small_text: float) -> DrawCell:
    def draw(canvas, x: float, y: float) -> None:
        canvas.saveState()
        canvas.translate(x, y)
        render(canvas, items, fonts, palette, figures, small_text)
        canvas.restoreState()
    return draw
