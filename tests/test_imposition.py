"""Imposition: the home grid, its crop marks and margins, duplex mirroring and the back offset, pro pages — on the
geometry directly and on small PDFs of numbered cells."""
from __future__ import annotations

from dataclasses import replace
from io import BytesIO

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from deck_helpers import grid
from pnp.pages.imposition import check_back_offset, crop_mark_lines, impose_home, impose_pro, sheet_grid
from pnp.layouts.schemas import LAYOUTS, Paper, sheet_layout
from pnp.pages.pdfout import DocumentInfo, new_canvas
from pnp.problems import ProblemsFound
from pnp.typeset.units import MM


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_grid_is_centred_and_keeps_the_margins(paper):
    g = grid(paper)
    assert g.width == pytest.approx(189 * MM) and g.height == pytest.approx(264 * MM)
    assert g.x0 * 2 + g.width == pytest.approx(g.paper_width) and g.y0 * 2 + g.height == pytest.approx(g.paper_height)
    assert g.x0 - g.bleed_x - g.mark_gap - g.mark_length_x >= g.min_margin - 1e-6
    assert g.y0 - g.bleed_y - g.mark_gap - g.mark_length_y >= g.min_margin - 1e-6
    assert g.min_margin == pytest.approx(5 * MM)


def test_a4_keeps_the_full_bleed_and_letter_trades_bleed_for_its_short_margins():
    a4, letter = grid("a4"), grid("letter")
    assert (a4.bleed_x, a4.bleed_y) == pytest.approx((3 * MM, 3 * MM))
    assert letter.bleed_x == pytest.approx(3 * MM) and 0 < letter.bleed_y < 3 * MM
    assert letter.mark_length_y >= sheet_layout("letter", LAYOUTS).margins.mark_min_length * MM - 1e-6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_sit_in_the_margins_at_every_cut_line_and_never_over_a_card(paper):
    g = grid(paper)
    lines = crop_mark_lines(g)
    xs, ys = g.cut_lines()
    art = (g.x0 - g.bleed_x, g.y0 - g.bleed_y, g.x0 + g.width + g.bleed_x, g.y0 + g.height + g.bleed_y)
    for x1, y1, x2, y2 in lines:
        for x, y in ((x1, y1), (x2, y2)):
            assert g.min_margin - 1e-6 <= x <= g.paper_width - g.min_margin + 1e-6
            assert g.min_margin - 1e-6 <= y <= g.paper_height - g.min_margin + 1e-6
            assert not (art[0] < x < art[2] and art[1] < y < art[3]), "a mark over the cards or their bleed"
    vertical = sorted(x1 for x1, y1, x2, y2 in lines if x1 == x2)
    horizontal = sorted(y1 for x1, y1, x2, y2 in lines if y1 == y2)
    assert vertical == sorted(xs * 2) and horizontal == sorted(ys * 2)  # both ends of every cut line


def test_a_paper_too_small_for_the_grid_is_a_clear_problem():
    a5 = replace(sheet_layout("a4", LAYOUTS), paper=Paper("a5", 148, 210))
    with pytest.raises(ProblemsFound) as caught:
        sheet_grid(a5, 63, 88, 3)
    assert [p.code for p in caught.value.problems] == ["layout-paper-too-small"] * 2


def test_back_slots_mirror_left_right_for_long_edge_and_top_bottom_for_short_edge():
    g = grid("a4")
    assert [g.back_slot(s, "long") for s in range(9)] == [2, 1, 0, 5, 4, 3, 8, 7, 6]
    assert [g.back_slot(s, "short") for s in range(9)] == [6, 7, 8, 3, 4, 5, 0, 1, 2]
    for duplex in ("long", "short"):
        assert all(g.back_slot(g.back_slot(s, duplex), duplex) == s for s in range(9))


def test_the_back_offset_is_limited_to_the_room_around_the_grid():
    g = grid("letter")
    room_x, room_y = (r / MM for r in g.offset_room())
    assert check_back_offset(g, (room_x, -room_y)) == []
    [problem] = check_back_offset(g, (0, room_y + 0.5))
    assert problem.code == "back-offset-too-large" and "back-offset" in problem.message


def _numbered(prefix: str, count: int):
    def cell(index):
        def draw(canvas, x, y):  # the digits centred on the cell's centre, on its middle line
            canvas.setFont("Helvetica", 20)
            digits = f"{index:02d}"
            left = x + 31.5 * MM - canvas.stringWidth(digits) / 2
            canvas.drawString(left - canvas.stringWidth(prefix), y + 44 * MM, prefix + digits)
        return draw
    return [cell(i) for i in range(count)]


def _centres(pdf: bytes, index: int, prefix: str) -> dict[str, tuple[float, float]]:
    """Where each "<prefix>NN" label's number sits on a page — the middle of the digits' advance and the bottom of
    their ink (the baseline, give or take an overshoot): its cell's centre."""
    page = pdfium.PdfDocument(pdf)[index]
    text = page.get_textpage()
    found = {}
    for i in range(text.count_chars()):
        if text.get_text_range(i, 1) == prefix:
            first, last = text.get_charbox(i + 1, loose=True), text.get_charbox(i + 2, loose=True)
            ink = text.get_charbox(i + 1)
            found[text.get_text_range(i + 1, 2)] = ((first[0] + last[2]) / 2, ink[1])
    return found


def _impose(paper: str, duplex: str, offset=(0.0, 0.0), count: int = 11) -> bytes:
    g = grid(paper)
    buffer = BytesIO()
    canvas = new_canvas(buffer, (g.paper_width, g.paper_height), DocumentInfo("test", "test", "en"))
    impose_home(canvas, g, _numbered("F", count), _numbered("B", count), duplex, offset)
    canvas.save()
    return buffer.getvalue()


@pytest.mark.parametrize("paper, duplex", [("a4", "long"), ("a4", "short"), ("letter", "long"), ("letter", "short")])
def test_each_back_lands_behind_its_front_when_the_sheet_is_flipped(paper, duplex):
    """Long edge: a point (x, y) of the front is behind (W − x, y) of the back; short edge: behind (x, H − y)."""
    g = grid(paper)
    pdf = _impose(paper, duplex)
    assert len(PdfReader(BytesIO(pdf)).pages) == 4  # 11 cells: two sheets, front and back each
    for front_page in (0, 2):
        fronts, backs = _centres(pdf, front_page, "F"), _centres(pdf, front_page + 1, "B")
        assert fronts.keys() == backs.keys() and fronts
        for number, (x, y) in fronts.items():
            behind = (g.paper_width - x, y) if duplex == "long" else (x, g.paper_height - y)
            assert backs[number] == pytest.approx(behind, abs=1.0)  # glyph overshoot; a wrong cell is 178 pt off


def test_duplex_none_leaves_out_the_back_pages():
    pdf = _impose("a4", "none")
    assert len(PdfReader(BytesIO(pdf)).pages) == 2 and not _centres(pdf, 1, "B")


def test_the_back_offset_shifts_every_back_and_no_front():
    plain, shifted = _impose("a4", "long"), _impose("a4", "long", (2.0, -1.0))
    for page in (0, 2):
        assert _centres(shifted, page, "F") == _centres(plain, page, "F")
        moved = _centres(shifted, page + 1, "B")
        for number, (x, y) in _centres(plain, page + 1, "B").items():
            assert moved[number] == pytest.approx((x + 2 * MM, y - 1 * MM), abs=0.01)


def test_pro_pages_are_trim_plus_bleed_with_boxes_and_alternate_front_and_back():
    buffer = BytesIO()
    canvas = new_canvas(buffer, (100, 100), DocumentInfo("test", "test", "en"))
    impose_pro(canvas, 63, 88, 3, _numbered("F", 3), _numbered("B", 3), "long")
    canvas.save()
    reader = PdfReader(BytesIO(buffer.getvalue()))
    assert len(reader.pages) == 6
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 69 * MM, 94 * MM], abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 69 * MM, 94 * MM], abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx([3 * MM, 3 * MM, 66 * MM, 91 * MM], abs=0.01)
    assert [page.extract_text().strip() for page in reader.pages] == ["F00", "B00", "F01", "B01", "F02", "B02"]
