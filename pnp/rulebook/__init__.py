"""The tabletop rule books, every rule number from the engine data, in five languages (pnp.rulebook.books): the Learn
to Play rulebook and the numbered Rules Reference, page for page or as saddle-stitch booklets
(out/<lang>/rulebook.pdf, rules-reference.pdf, *-booklet.pdf), and the one-page quick reference (quickref.pdf)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Mapping

from ..adapters.reportlab_patterns import platypus_imported
from ..data.card_database import CardDatabase
from ..i18n.catalogs import LanguageCatalog
from ..data.engine_data import Engine
from ..data.terms import FACTIONS
from ..cards.layout import FactionStyle, card_layout
from ..layouts.schemas import sheet_layout
from ..pages.pdfout import document_info
from ..sheets.tokens import token_counts, token_set_layout
from ..i18n.localize import localize_cards
from ..cards.faces import compose_front
from ..cards.labels import card_labels
from ..typeset.kept_fits import kept_fits
from .anatomy_cards import DOCTRINE as ANATOMY_DOCTRINE, UNIT as ANATOMY_UNIT, AnatomyCards, anatomy_cards
from .blocks import Block, Heading, TitlePage
from .books import BOOKS, LEARN_TO_PLAY
from .compose import KitFacts
from .layout import page_for, rulebook_layout

PAGES = LEARN_TO_PLAY.pages
BOOKLET = LEARN_TO_PLAY.booklet


def kit_facts(engine: Engine, paper: str, layouts: Path, build_options: str = "") -> KitFacts:
    """What the rulebook says about the printed kit: card size and sheets from the layouts folder `layouts`, the
    token set, and the build options it was made with (default: just the paper)."""
    card, sheet = card_layout(layouts).card, sheet_layout(paper, layouts)
    return KitFacts(card.width, card.height, card.bleed, sheet.grid.columns * sheet.grid.rows,
                    token_counts(engine, token_set_layout(layouts)), build_options or f"--paper {paper}")


def faction_styles(layouts: Path) -> tuple[FactionStyle, ...]:
    """Each faction's colours and emblem from the card layout, in the order of the factions."""
    styles = card_layout(layouts).factions
    return tuple(styles[key] for key in FACTIONS)


def anatomy_fronts(cards: CardDatabase, catalog: LanguageCatalog, fonts: Mapping[str, str], layouts: Path
                   ) -> AnatomyCards:
    """The fronts of the card anatomy's cards, composed by the card renderer in the catalog's language with the
    card layout of the layouts folder `layouts`; their texts kept across runs, a table per language apart from the
    decks' (the rulebook may be composed in another worker than the decks: pnp.typeset.kept_fits)."""
    wanted = {ANATOMY_UNIT, ANATOMY_DOCTRINE}
    labels, layout = card_labels(catalog), card_layout(layouts)
    with kept_fits(f"anatomy-{labels.lang}") as fit:
        fronts = {lc.card.id: compose_front(lc, labels, layout, fonts, fit=fit)  # numbered among all the cards
                  for lc in localize_cards(cards, catalog) if lc.card.id in wanted}
    return anatomy_cards(fronts, layout)


def rendered_pdfs(composed: Mapping[str, tuple[Block, ...]], anatomy: AnatomyCards, catalog: LanguageCatalog,
                  fonts: Mapping[str, str], paper: str, booklet: bool, layouts: Path) -> dict[str, bytes]:
    """{"rulebook.pdf": …, "rules-reference.pdf": …, "quickref.pdf": …} and with `booklet` the books' booklets in
    the catalog's language, from each book's composed blocks (by book name) and the anatomy's fronts, laid out by the
    layouts folder `layouts`; their paragraphs' lines kept across runs, a table per language and paper
    (pnp.rulebook.kept_lines)."""
    platypus_imported()  # where pages are made (the checks lay out without it), its URL pattern compiled on first use
    from .kept_lines import kept_lines
    from .render import BookPrint, render
    layout, factions = rulebook_layout(layouts), faction_styles(layouts)
    small_text = card_layout(layouts).card.small_text
    pdfs = {}
    with kept_lines(catalog.lang, paper) as kept:
        for book in BOOKS:
            blocks = composed[book.name]
            printing = BookPrint(page_for(paper, False, layouts), layout, fonts, factions, small_text,
                                 document_info(catalog, document_title(blocks)), anatomy, kept=kept)
            pdfs[book.pages] = render(blocks, printing)
            if booklet and book.booklet:
                pdfs[book.booklet] = render(blocks, replace(printing, page=page_for(paper, True, layouts),
                                                            booklet=True))
    return pdfs


def document_title(blocks: tuple[Block, ...]) -> str:
    """A book's title: its title page's title and tagline, or (the quick reference) its first heading."""
    title = next((block for block in blocks if isinstance(block, TitlePage)), None)
    if title is not None:
        return f"{title.title} — {title.tagline}"
    return f"Ancient Duel — {next(block.text for block in blocks if isinstance(block, Heading))}"
