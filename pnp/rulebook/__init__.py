"""The tabletop rulebook: every rule number from the engine data, in five languages, page for page or as a
saddle-stitch booklet (out/<lang>/rulebook.pdf, out/<lang>/rulebook-booklet.pdf)."""
from __future__ import annotations

from typing import Mapping

from ..data.card_database import CardDatabase
from ..i18n.catalogs import LanguageCatalog
from ..data.engine_data import Engine
from ..i18n.lexicon import TermForms
from ..layouts.schemas import card_layout, sheet_layout
from ..pages.pdfout import document_info
from ..sheets.tokens import token_counts
from ..i18n.localize import localize_cards
from ..cards.faces import FrontFace, compose_front
from ..cards.labels import card_labels
from .anatomy import DOCTRINE as ANATOMY_DOCTRINE, UNIT as ANATOMY_UNIT
from .blocks import TitlePage
from .compose import KitFacts, compose
from .layout import page_for, rulebook_layout
from .render import render

PAGES = "rulebook.pdf"
BOOKLET = "rulebook-booklet.pdf"


def kit_facts(engine: Engine, paper: str, build_options: str = "") -> KitFacts:
    """What the rulebook says about the printed kit: card size and sheets from the layouts, the token set, and the
    build options it was made with (default: just the paper)."""
    card, sheet = card_layout().card, sheet_layout(paper)
    return KitFacts(card.width, card.height, card.bleed, sheet.grid.columns * sheet.grid.rows, token_counts(engine),
                    build_options or f"--paper {paper}")


def anatomy_fronts(cards: CardDatabase, catalog: LanguageCatalog, fonts: Mapping[str, str]) -> dict[str, FrontFace]:
    """The fronts of the card anatomy's cards, composed by the card renderer in the catalog's language."""
    wanted = {ANATOMY_UNIT, ANATOMY_DOCTRINE}
    chosen = CardDatabase(tuple(card for card in cards.cards if card.id in wanted))
    labels, layout = card_labels(catalog), card_layout()
    return {lc.card.id: compose_front(lc, labels, layout, fonts) for lc in localize_cards(chosen, catalog)}


def rulebook_pdfs(engine: Engine, cards: CardDatabase, catalog: LanguageCatalog, terms: Mapping[str, TermForms],
                  fonts: Mapping[str, str], paper: str, booklet: bool = False, build_options: str = ""
                  ) -> dict[str, bytes]:
    """{"rulebook.pdf": …} and with `booklet` {"rulebook-booklet.pdf": …} in the catalog's language, composed
    once; `terms` are the game terms of its glossary (pnp.lexicon), `build_options` the options the kit was built
    with. Raises ProblemsFound (missing translations, examples or wordings the engine values make false)."""
    blocks = compose(engine, cards, catalog, kit_facts(engine, paper, build_options), terms)
    title = next(block for block in blocks if isinstance(block, TitlePage))
    info = document_info(catalog, f"{title.title} — {title.tagline}")
    faces = anatomy_fronts(cards, catalog, fonts)
    pdfs = {PAGES: render(blocks, page_for(paper, False), rulebook_layout(), dict(fonts), info, faces=faces)}
    if booklet:
        pdfs[BOOKLET] = render(blocks, page_for(paper, True), rulebook_layout(), dict(fonts), info, booklet=True,
                               faces=faces)
    return pdfs
