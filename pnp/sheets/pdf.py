"""The score sheet as a deterministic one-page PDF, in memory."""
from __future__ import annotations

from io import BytesIO
from pathlib import Path
from typing import Mapping


from ..i18n.catalogs import LanguageCatalog
from ..data.engine_data import Engine
from ..layouts.schemas import card_geometry, sheet_layout
from ..pages.pdfout import document_info, kept_canvas, pdf_bytes
from ..i18n.translator import Translator
from ..typeset.fonts import fonts_for
from ..core.units import MM
from .compose import DOMAIN
from ..graphics.drawing import render
from .layout import scoresheet_layout
from .scoresheet import TITLE, ScoreSheetPage, compose_scoresheet


def compose_for_paper(engine: Engine, catalog: LanguageCatalog, fonts: Mapping[str, str], paper: str,
                      layouts: Path) -> ScoreSheetPage:
    """The score sheet laid out on paper `paper` (a4 or letter, as the card sheets of the layouts folder `layouts`
    define them)."""
    sheet = sheet_layout(paper, layouts).paper
    return compose_scoresheet(engine, catalog, fonts_for(fonts, catalog.lang), scoresheet_layout(layouts),
                              (sheet.width, sheet.height))


def render_scoresheet(page: ScoreSheetPage, catalog: LanguageCatalog, fonts: Mapping[str, str], layouts: Path
                      ) -> bytes:
    """A score sheet laid out without problems (`compose_for_paper`) as PDF bytes."""
    buffer = BytesIO()
    title = Translator(catalog, DOMAIN).text(*TITLE)
    info = document_info(catalog, f"Ancient Duel — {title}")
    layout = scoresheet_layout(layouts)
    with kept_canvas(buffer, (page.width * MM, page.height * MM), info) as canvas:
        render(canvas, page.items, fonts_for(fonts, catalog.lang), layout.palette.colors(), layout.figures,
               card_geometry(layouts).small_text)
        canvas.showPage()
    return pdf_bytes(buffer)
