"""The tabletop rulebook: every rule number from the engine data, in five languages, page for page or as a
saddle-stitch booklet (out/<lang>/rulebook.pdf, out/<lang>/rulebook-booklet.pdf)."""
from __future__ import annotations

from typing import Mapping

from ..data.card_database import CardDatabase
from ..i18n.catalogs import LanguageCatalog
from ..data.engine_data import Engine
from ..layouts.schemas import card_layout, sheet_layout
from ..pages.pdfout import document_info
from ..sheets.tokens import token_counts
from .blocks import TitlePage
from .compose import KitFacts, compose
from .layout import page_for, rulebook_layout
from .render import render

PAGES = "rulebook.pdf"
BOOKLET = "rulebook-booklet.pdf"


def kit_facts(engine: Engine, paper: str) -> KitFacts:
    """What the rulebook says about the printed kit: card size and sheets from the layouts, the token set."""
    card, sheet = card_layout().card, sheet_layout(paper)
    return KitFacts(card.width, card.height, card.bleed, sheet.grid.columns * sheet.grid.rows, token_counts(engine))


def rulebook_pdfs(engine: Engine, cards: CardDatabase, catalog: LanguageCatalog, fonts: Mapping[str, str],
                  paper: str, booklet: bool = False) -> dict[str, bytes]:
    """{"rulebook.pdf": …} and with `booklet` {"rulebook-booklet.pdf": …} in the catalog's language, composed
    once; raises ProblemsFound (missing translations, examples or wordings the engine values make false)."""
    blocks = compose(engine, cards, catalog, kit_facts(engine, paper))
    title = next(block for block in blocks if isinstance(block, TitlePage))
    info = document_info(catalog, f"{title.title} — {title.tagline}")
    pdfs = {PAGES: render(blocks, page_for(paper, False), rulebook_layout(), dict(fonts), info)}
    if booklet:
        pdfs[BOOKLET] = render(blocks, page_for(paper, True), rulebook_layout(), dict(fonts), info, booklet=True)
    return pdfs
