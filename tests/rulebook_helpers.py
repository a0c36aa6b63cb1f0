"""Rulebooks rendered once per test session (shared by its workers), and their text as pypdf extracts it (once)."""
from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from typing import Callable, Mapping, NamedTuple, Sequence

from pypdf import PdfReader

from pnp.data.card_database import CardDatabase
from pnp.data.engine_data import Engine
from pnp.i18n.catalogs import LanguageCatalog
from pnp.i18n.lexicon import TermForms
from pnp.typeset.fonts import register_fonts
from pnp.project import Project, load_inputs
from pnp.i18n.catalogs import SOURCE_LANG
from pnp.rulebook import BOOKLET, PAGES, anatomy_fronts, kit_facts, rendered_pdfs
from pnp.rulebook.blocks import Table as TableBlock
from pnp.rulebook.books import BOOKS, LEARN_TO_PLAY, QUICKREF, REFERENCE
from pnp.rulebook.columns import Widest, minimum_widths, shared_widths, stacks_last_column
from pnp.rulebook.compose import compose
from pnp.rulebook.glossary import language_terms
from session_cache import shared_value

LANGS = ("de", "pl", "tr", "es", "pt")


def rulebook_pdfs(engine: Engine, cards: CardDatabase, catalog: LanguageCatalog, terms: Mapping[str, TermForms],
                  fonts: Mapping[str, str], paper: str, booklet: bool = False, build_options: str = "", *,
                  layouts: Path) -> dict[str, bytes]:
    """{"rulebook.pdf": …, "rules-reference.pdf": …, "quickref.pdf": …} and with `booklet` the books' booklets in
    the catalog's language, each composed once and rendered as the build renders them (without the build's checks
    on every paper: pnp.rulebook.produce)."""
    facts = kit_facts(engine, paper, layouts, build_options)
    composed = {book.name: compose(engine, cards, catalog, facts, terms, book) for book in BOOKS}
    return rendered_pdfs(composed, anatomy_fronts(cards, catalog, fonts, layouts), catalog, fonts, paper, booklet,
                         layouts)


Measure = Callable[[str, bool], float]  # (text, header?) -> width in points


def column_widths(header: Sequence[str], rows: Sequence[Sequence[str]], weights: Sequence[float],
                  available: float, padding: float, measure: Measure) -> list[float]:
    """The widths the rulebook's tables get (pnp.rulebook.columns) for columns with every word measured by
    `measure`."""
    return shared_widths(minimum_widths(header, rows, padding, each_word(measure)), weights, available)


def stacks(block: TableBlock, available: float, padding: float, measure: Measure) -> bool:
    """Whether the table's last column goes on rows of its own (pnp.rulebook.columns.stacks_last_column)."""
    return stacks_last_column(minimum_widths(block.header, block.rows, padding, each_word(measure)), available)


def each_word(measure: Measure) -> Widest:
    """The widest word's width found by measuring every word."""
    return lambda words, header: max((measure(word, header) for word in words), default=0.0)


@lru_cache(maxsize=None)
def inputs(data: Path | None = None):
    project = Project(data=data) if data else Project()
    return load_inputs(project, (SOURCE_LANG, *LANGS))  # the English source too


@lru_cache(maxsize=None)
def rulebook(lang: str, paper: str = "a4", data: Path | None = None) -> dict[str, bytes]:
    """{"rulebook.pdf": …, "rulebook-booklet.pdf": …, "rules-reference.pdf": …} (every book, pnp.rulebook.books)
    of the repository's inputs, composed once per session; of another `data` folder the page-for-page PDFs alone."""
    def render() -> dict[str, bytes]:
        return rendered_now(lang, paper, data, booklet=data is None)

    return render() if data else shared_value(("rulebook", lang, paper), render)


def rendered_now(lang: str, paper: str = "a4", data: Path | None = None, booklet: bool = False) -> dict[str, bytes]:
    """The books of `rulebook`, rendered in this process now (not the session's copy); with `booklet` their
    booklets too."""
    loaded = inputs(data)
    return rulebook_pdfs(loaded.engine, loaded.cards, loaded.catalogs[lang], language_terms(loaded.lexicon, lang),
                         register_fonts(Project().fonts), paper, booklet=booklet, layouts=Project().layouts)


def pages_pdf(lang: str, **kwargs) -> bytes:
    return rulebook(lang, **kwargs)[PAGES]


def booklet_pdf(lang: str, **kwargs) -> bytes:
    return rulebook(lang, **kwargs)[BOOKLET]


def reference_pdf(lang: str, **kwargs) -> bytes:
    return rulebook(lang, **kwargs)[REFERENCE.pages]


def reference_booklet_pdf(lang: str, **kwargs) -> bytes:
    return rulebook(lang, **kwargs)[REFERENCE.booklet]


def quickref_pdf(lang: str, **kwargs) -> bytes:
    return rulebook(lang, **kwargs)[QUICKREF.pages]


def books_text(lang: str, **kwargs) -> str:
    """`flat_text` of the Learn to Play and the Rules Reference together (a rule is in one or both)."""
    return flat_text(pages_pdf(lang, **kwargs)) + "\x00" + flat_text(reference_pdf(lang, **kwargs))


class Piece(NamedTuple):
    """A piece of text as pypdf's extraction shows it: the current and the text matrix, and the font size."""

    text: str
    cm: tuple[float, ...]
    tm: tuple[float, ...]
    size: float


@lru_cache(maxsize=None)
def extracted(pdf: bytes) -> tuple[tuple[str, tuple[Piece, ...]], ...]:
    """Each page's text as pypdf extracts it and the pieces it is made of: one extraction per PDF and session for
    `page_texts`, `text_lines` and the type sizes (pypdf's extraction is most of the rulebook tests' time)."""
    def extract() -> tuple[tuple[str, tuple[Piece, ...]], ...]:
        pages = []
        for page in PdfReader(BytesIO(pdf)).pages:
            pieces: list[Piece] = []
            text = page.extract_text(visitor_text=lambda text, cm, tm, font, size:
                                     pieces.append(Piece(text, tuple(cm), tuple(tm), size)))
            pages.append((text, tuple(pieces)))
        return tuple(pages)

    return shared_value(("pypdf text", hashlib.sha256(pdf).hexdigest()), extract)


def page_texts(pdf: bytes) -> tuple[str, ...]:
    return tuple(text for text, _ in extracted(pdf))


def squash(text: str) -> str:
    """Text with all whitespace removed: line breaks, justification and list layout do not matter."""
    return re.sub(r"\s+", "", text)


def flat_text(pdf: bytes) -> str:
    """The squashed text twice: as extracted, and with the hyphens of hyphenated words (a lowercase letter, "-" at
    the end of a line, a lowercase letter) taken out — a phrase is found in one of them whether or not a word of it
    was hyphenated ("Infanterie- oder" keeps its hyphen in the first)."""
    return flattened("".join(page_texts(pdf)))


def flattened(text: str) -> str:
    """`flat_text` of a text (e.g. as another reader extracts it)."""
    return squash(text) + "\x00" + squash(re.sub(r"(?<=[^\W\d_])-\n(?=[^\W\d_A-ZÀ-ÞİĞŞÇÖÜ])", "", text))


def text_lines(pdf: bytes, index: int) -> list[str]:
    """The text of page `index` line by line, top to bottom: pieces on one baseline joined left to right."""
    lines: dict[int, list[tuple[float, str]]] = {}
    for text, cm, tm, _ in extracted(pdf)[index][1]:
        if text.strip():
            lines.setdefault(round(tm[5] * cm[3] + cm[5]), []).append((tm[4] * cm[0] + cm[4], text))
    return ["".join(text for _, text in sorted(lines[y])) for y in sorted(lines, reverse=True)]


def outline(pdf: bytes) -> list[tuple[str, int, int]]:
    """(title, level, 1-based page) of every bookmark, in order."""
    reader = PdfReader(BytesIO(pdf))
    found = []

    def walk(items, level):
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
            else:
                found.append((item.title, level, reader.get_destination_page_number(item) + 1))

    walk(reader.outline, 0)
    return found


@lru_cache(maxsize=None)
def book_blocks(lang: str, paper: str, book) -> tuple:
    """The composed blocks of one book (pnp.rulebook.books) in a language, on a paper."""
    loaded, layouts = inputs(), Project().layouts
    return compose(loaded.engine, loaded.cards, loaded.catalogs[lang], kit_facts(loaded.engine, paper, layouts),
                   language_terms(loaded.lexicon, lang), book)


@lru_cache(maxsize=None)
def placements(lang: str, booklet: bool, book=LEARN_TO_PLAY, paper: str = "a4") -> tuple:
    """Where each visible flowable of a book's pages (or its booklet pages) ended up (pnp.rulebook.render.Placed),
    laid out with the lines the build keeps across runs (pnp.rulebook.kept_lines), as the build lays it out."""
    from pnp.rulebook import anatomy_fronts, document_info, faction_styles
    from pnp.rulebook.kept_lines import kept_lines
    from pnp.rulebook.layout import page_for, rulebook_layout
    from pnp.rulebook.render import BookPrint, render
    from pnp.cards.layout import card_layout
    loaded = inputs()
    layouts = Project().layouts
    placed: list = []
    fonts = dict(register_fonts(Project().fonts))
    info = document_info(loaded.catalogs[lang], "rulebook")
    small_text = card_layout(layouts).card.small_text
    with kept_lines(lang, paper) as kept:
        render(book_blocks(lang, paper, book), BookPrint(page_for(paper, booklet, layouts), rulebook_layout(layouts),
                                                         fonts, faction_styles(layouts), small_text, info,
                                                         anatomy_fronts(loaded.cards, loaded.catalogs[lang], fonts,
                                                                        layouts), booklet, kept), placed)
    return tuple(placed)
