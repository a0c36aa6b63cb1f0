"""Figures that stand in columns are tabular lining figures (one advance width for every digit): the score sheet's
life track and turn numbers, the rulebook's table cells (token counts, energy schedule, card stats), the badges and
token values (EB Garamond PnP Bold, whose default figures are tabular lining ones) and the calibration scales
(DejaVu Sans). Read back from the derived fonts and from the PDFs; fonts/derive.py rebuilds every derived font byte
for byte."""
from __future__ import annotations

import importlib.util
import re
from collections import Counter

import pypdfium2 as pdfium
import pytest
from fontTools.ttLib import TTFont

from pdf_ops import texts_by_font
from rulebook_helpers import outline, pages_pdf, quickref_pdf
from pnp.layouts.schemas import LAYOUTS
from pnp.project import Project, load_inputs
from product_helpers import scoresheet_pdf
from pnp.sheets.tokens import token_counts, token_set_layout
from pnp.core.values import FONT_FILES
from pnp.typeset.fonts import register_fonts

FONTS = Project().fonts
DIGITS = "0123456789"
TABULAR = "EBGaramondPnPTabular-Regular"


def _derive_module():
    spec = importlib.util.spec_from_file_location("derive", FONTS / "derive.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _digits(file: str) -> list[tuple[str, int, int]]:
    """(glyph name, advance width, top of the outline) of the digits 0–9 of a bundled font."""
    font = TTFont(FONTS / file)
    cmap, glyphs = font.getBestCmap(), font["glyf"]
    names = [cmap[ord(d)] for d in DIGITS]
    return [(name, font["hmtx"][name][0], glyphs[name].yMax) for name in names]


def test_derive_rebuilds_every_derived_font_byte_for_byte(tmp_path):
    derive = _derive_module()
    for target in derive.DERIVED:
        assert derive.derive(target, tmp_path).read_bytes() == (FONTS / target).read_bytes(), target


@pytest.mark.parametrize("role", ["tabular", "bold", "sans", "sans-bold"])
def test_the_column_faces_print_every_digit_with_one_advance_width(role):
    assert len({width for _, width, _ in _digits(FONT_FILES[role])}) == 1, role


def test_the_tabular_face_has_the_lining_figures_of_the_text_face():
    """Its digits stand as tall as the text face's lining figures (1 as tall as 7; old-style 1 is x-high), in the
    glyphs made for tabular lining; the text face itself keeps its proportional lining figures."""
    tabular, text = _digits(FONT_FILES["tabular"]), _digits(FONT_FILES["body"])
    assert all(name.endswith(".tablining") for name, _, _ in tabular)
    assert [top for _, _, top in tabular] == pytest.approx([top for _, _, top in text], abs=12)  # units of 1000
    assert len({width for _, width, _ in text}) > 1
    original = _digits("EBGaramond12-Regular.ttf")
    assert original[1][2] < 0.8 * tabular[1][2]  # the original's default (old-style) 1 is much lower


@pytest.fixture(scope="module")
def inputs():
    return load_inputs(Project(), ("de", "tr"))


@pytest.mark.parametrize("lang", ["de", "tr"])
def test_the_score_sheets_life_track_and_turn_numbers_are_tabular(inputs, lang):
    """Every number of the life track and the turn column is printed in the tabular face (the starting and losing
    values and the energy maxima in the bold, tabular too); the tabular face prints nothing else there."""
    pdf = scoresheet_pdf(inputs.engine, inputs.catalogs[lang], register_fonts(FONTS), "a4", LAYOUTS)
    cells = Counter(text for font, text in texts_by_font(pdf) if font == TABULAR)
    assert all(re.fullmatch(r"\d+", text) for text in cells), cells
    engine = inputs.engine
    life = set(range(engine.life_lose_at + 1, engine.life_start)) | {engine.life_start + 1}
    assert {str(v) for v in life} <= set(cells) and {"1", "13"} <= set(cells)


def test_the_rulebooks_table_cells_and_contents_are_tabular(inputs):
    """The token table's counts and the quick reference's energy schedule (its own file) are cells of their own, in
    the tabular face, and so are the page numbers of the contents; a number standing alone in the proportional text
    face is a running foot's page number (one per page after the title page), in no column."""
    pdf = pages_pdf("de")
    runs = texts_by_font(pdf)
    tabular = [text.strip() for font, text in runs if font == TABULAR]
    counts = {str(row.count) for row in token_counts(inputs.engine, token_set_layout(LAYOUTS))}
    assert counts <= set(tabular)
    quickref = [text.strip() for font, text in texts_by_font(quickref_pdf("de")) if font == TABULAR]
    assert {str(n) for n in range(6, 13)} <= set(quickref)  # the energy maxima 6 … 12
    pages = len(pdfium.PdfDocument(pdf))
    firsts = Counter(str(page) for _, level, page in outline(pdf) if level == 0)
    leaders = Counter(found.group(1) for text in tabular if (found := re.search(r"\.\s*(\d+)$", text)))
    assert len(firsts) >= 5 and leaders >= firsts  # contents: the chapters' first pages, after their dotted leaders
    alone = sorted(int(text) for font, text in runs if font == "EBGaramondPnP-Regular" and text.strip().isdigit())
    assert alone == list(range(2, pages + 1)), alone
