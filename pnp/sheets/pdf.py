"""The score sheet as a deterministic one-page PDF, in memory."""
from __future__ import annotations

from io import BytesIO
from typing import Mapping

from reportlab.lib.units import mm

from ..catalogs import LanguageCatalog
from ..engine_data import Engine
from ..layout import sheet_layout
from ..pdfout import new_canvas
from ..problems import raise_if_errors
from .draw import render
from ..fonts import fonts_for
from .layouts import scoresheet_layout
from .scoresheet import TITLE, Page, compose_scoresheet


def compose_for_paper(engine: Engine, catalog: LanguageCatalog, fonts: Mapping[str, str], paper: str) -> Page:
    """The score sheet laid out on paper `paper` (a4 or letter, as the card sheets define them)."""
    sheet = sheet_layout(paper).paper
    return compose_scoresheet(engine, catalog, fonts_for(fonts, catalog.lang), scoresheet_layout(), (sheet.width, sheet.height))


def scoresheet_pdf(engine: Engine, catalog: LanguageCatalog, fonts: Mapping[str, str], paper: str) -> bytes:
    """The score sheet as PDF bytes; raises ProblemsFound when a text does not fit or a glyph is missing."""
    page = compose_for_paper(engine, catalog, fonts, paper)
    raise_if_errors(page.problems)
    buffer = BytesIO()
    title = catalog.pgettext(*TITLE) if catalog.has(*TITLE) else TITLE[1]
    canvas = new_canvas(buffer, (page.width * mm, page.height * mm), f"Ancient Duel — {title}", catalog.lang)
    render(canvas, page.items, fonts_for(fonts, catalog.lang), scoresheet_layout().palette.colors())
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
