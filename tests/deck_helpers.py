"""Helpers for the deck tests: render decks in memory (no files), read text and pixels back from their pages."""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from io import BytesIO
from pathlib import Path

import pypdf

import pypdfium2 as pdfium
import pytest

from pnp.context import BuildOptions
from pnp.kit.build import make
from pnp.pages.imposition import SheetGrid, sheet_grid
from pnp.cards.layout import card_layout
from pnp.core.geometry import Box
from pnp.layouts.schemas import LAYOUTS, sheet_layout
from pnp.project import Project
from pnp.products import CARD_DECKS
from pnp.core.units import MM
from session_cache import files_in, shared, write_files


def render_decks(options: BuildOptions, project: Project = Project()) -> dict[Path, bytes]:
    """The deck PDFs the build would write for `options` (validated first, like the build)."""
    files, _ = make(project, options, products=(CARD_DECKS,))
    return files


def shared_decks(factory: pytest.TempPathFactory, options: BuildOptions) -> dict[Path, bytes]:
    """`render_decks(options)` for the tests that only read the decks: each language's made once per test session
    (session_cache)."""
    files: dict[Path, bytes] = {}
    for lang in options.langs:
        alone = replace(options, langs=(lang,))
        files.update(files_in(shared(factory, ("decks", alone), lambda out: write_files(render_decks(alone), out))))
    return files


def grid(paper: str) -> SheetGrid:
    card = card_layout(LAYOUTS).card
    return sheet_grid(sheet_layout(paper, LAYOUTS), card.width, card.height, card.bleed)


def on_page(g: SheetGrid, slot: int, box: Box) -> tuple[float, float, float, float]:
    """A card-layout box (mm, card coordinates) in page points (left, bottom, right, top) in grid slot `slot` (on a
    turned grid the card lies with its top to the left: card (u, v) is page (x + cell width − v, y + u))."""
    x, y = g.cell_origin(slot)
    if g.turned:
        right = x + g.cell_width
        return right - box.top * MM, y + box.x * MM, right - box.y * MM, y + box.right * MM
    return x + box.x * MM, y + box.y * MM, x + box.right * MM, y + box.top * MM


def text_in(page: pdfium.PdfPage | pdfium.PdfTextPage, rect: tuple[float, float, float, float]) -> str:
    """The text inside a rectangle of a page, whitespace collapsed (pdfium reads a hyphen that ends a line, as in
    "Torsionsgeschütz-" / "Mannschaft", as \x02 and joins the lines). Reading many rectangles of one page, pass
    its text page (`page.get_textpage()`): PDFium reads the whole page's text for each."""
    text = page if isinstance(page, pdfium.PdfTextPage) else page.get_textpage()
    return " ".join(text.get_text_bounded(*rect).replace("\x02", "-").split())


def pdfium_page_texts(pdf: bytes) -> list[str]:
    """Each page's text as PDFium reads it (the forms' text included): a twentieth of pypdf's time, for a test that
    looks for texts alone (rulebook_helpers.page_texts is pypdf's, with its pieces, lines and hyphens)."""
    return [page.get_textpage().get_text_range() for page in pdfium.PdfDocument(pdf)]


def char_boxes(page: pdfium.PdfPage) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every character of a page with its box (points)."""
    text = page.get_textpage()
    return [(text.get_text_range(i, 1), text.get_charbox(i)) for i in range(text.count_chars())]


def pixels(pdf: bytes, index: int, dpi: float):
    """Page `index` rendered in greyscale at `dpi`."""
    document = pdfium.PdfDocument(pdf)
    try:
        return document[index].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
    finally:
        document.close()


def placed_forms(pdf: bytes, index: int) -> list[tuple[float, float, str]]:
    """(x, y, form name) of every card face placed on page `index`, (x, y) the bottom-left corner of its cell: the
    faces are forms named by card id ("front-rome.hastati-line", "back-rome"), the PDF's record of which card is
    where. A card turned a quarter turn (its top to the left) is placed by "0 1 -1 0 x y cm" at its cell's
    bottom-right corner."""
    content = _contents(pdf, index)
    found = re.findall(r"(?:0 1 -1 0 ([-\d.]+) ([-\d.]+) cm\s*q\s*)?1 0 0 1 ([-\d.]+) ([-\d.]+) cm\s*"
                       r"/FormXob\.(\S+) Do", content)
    height = card_layout(LAYOUTS).card.height * MM
    return [(float(tx) - height + float(x), float(ty) + float(y), name) if tx else (float(x), float(y), name)
            for tx, ty, x, y, name in found]


@lru_cache(maxsize=4)
def _reader(pdf: bytes) -> pypdf.PdfReader:
    """A PDF read once for all its pages (`placed_forms` is asked page by page)."""
    return pypdf.PdfReader(BytesIO(pdf))


def _contents(pdf: bytes, index: int) -> str:
    return _reader(pdf).pages[index].get_contents().get_data().decode("latin-1")


def front_cards(pdf: bytes, paper: str) -> list[tuple[int, int, str, str]]:
    """(page, slot, card id, name) of every card on the front pages of a home deck: the id from the placed form,
    the name read from the page text."""
    g, front = grid(paper), card_layout(LAYOUTS).front
    found = []
    document = pdfium.PdfDocument(pdf)
    for index in range(0, len(document), 2):
        page = document[index].get_textpage()
        placed = {(round(x, 2), round(y, 2)): name for x, y, name in placed_forms(pdf, index)}
        for slot in range(g.slots):
            x, y = g.cell_origin(slot)
            name = placed.get((round(x, 2), round(y, 2)), "")
            if name.startswith("front-"):
                found.append((index, slot, name.removeprefix("front-"), text_in(page, on_page(g, slot, front.name.box))))
    return found
