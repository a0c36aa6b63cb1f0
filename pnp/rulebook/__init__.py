"""The tabletop rulebook: every rule number from the engine data, in five languages, page for page or as a
saddle-stitch booklet (out/<lang>/rulebook.pdf, out/<lang>/rulebook-booklet.pdf)."""
from __future__ import annotations

from pathlib import Path

from ..cards import CardDatabase
from ..catalogs import LanguageCatalog
from ..engine_data import Engine
from ..fonts import register_fonts
from ..layout import card_layout, sheet_layout
from ..sheets.tokens import token_counts
from .compose import KitFacts, compose
from .layout import page_for, rulebook_layout
from .render import render


def kit_facts(engine: Engine, paper: str) -> KitFacts:
    """What the rulebook says about the printed kit: card size and sheets from the layouts, the token set."""
    card, sheet = card_layout().card, sheet_layout(paper)
    return KitFacts(card.width, card.height, card.bleed, sheet.grid.columns * sheet.grid.rows, token_counts(engine))


def rulebook_pdf(engine: Engine, cards: CardDatabase, catalog: LanguageCatalog, fonts_dir: Path, paper: str,
                 booklet: bool = False) -> bytes:
    """The rulebook of the catalog's language as PDF bytes; raises ProblemsFound when it cannot be written."""
    blocks = compose(engine, cards, catalog, kit_facts(engine, paper))
    fonts = register_fonts(fonts_dir)
    title = next(block.title for block in blocks if hasattr(block, "tagline"))
    return render(blocks, page_for(paper, booklet), rulebook_layout(), fonts, f"{title} — {catalog.lang}",
                  catalog.lang, booklet)
