"""Imposition: the home grid, its crop marks and margins, duplex mirroring and the back offset, pro pages — on the
geometry directly and on small PDFs of numbered cells."""
from __future__ import annotations

from dataclasses import replace
from io import BytesIO

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from deck_helpers import grid
from pnp.pages.forms import FormCell
from pnp.pages.imposition import (check_back_offset, crop_mark_lines, draw_crop_marks, impose_home, impose_pro,
                                  sheet_grid, sheet_pages)
from pnp.layouts.schemas import LAYOUTS, GridSize, Paper, sheet_layout
from pnp.pages.pdfout import DocumentInfo, new_canvas
from pnp.core.problems import ProblemsFound
from pnp.core.units import MM


@pytest.mark.parametrize("paper, size", [("a4", (189, 264)), ("letter", (176, 252))])
def test_the_grid_is_centred_and_keeps_the_margins(paper, size):
    g = grid(paper)
    assert (g.width, g.height) == pytest.approx((size[0] * MM, size[1] * MM))
    assert g.x0 * 2 + g.width == pytest.approx(g.paper_width) and g.y0 * 2 + g.height == pytest.approx(g.paper_height)
    assert g.x0 - g.bleed_x - g.mark_gap - g.mark_length_x >= g.min_margin - 1e-6
    assert g.y0 - g.bleed_y - g.mark_gap - g.mark_length_y >= g.min_margin - 1e-6
    assert g.min_margin == pytest.approx(5 * MM)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_home_paper_keeps_the_full_bleed_and_marks_of_the_layout(paper):
    g, margins = grid(paper), sheet_layout(paper, LAYOUTS).margins
    assert (g.bleed_x, g.bleed_y, g.cell_bleed) == pytest.approx((3 * MM, 3 * MM, 3 * MM))
    assert min(g.mark_length_x, g.mark_length_y) >= margins.mark_min_length * MM - 1e-6


def test_letter_turns_the_cards_a_quarter_turn_eight_to_a_sheet():
    """Three upright rows (264 mm) leave Letter (279.4 mm) 7.7 mm above and below: less than the 5 mm margin and
    3 mm bleed need. Turned, 2 × 4 cards are 176 × 252 mm."""
    a4, letter = grid("a4"), grid("letter")
    assert not a4.turned and (a4.columns, a4.rows, a4.cell_width, a4.cell_height) == (3, 3, 63 * MM, 88 * MM)
    assert letter.turned and (letter.columns, letter.rows) == (2, 4)
    assert (letter.cell_width, letter.cell_height) == pytest.approx((88 * MM, 63 * MM))
    upright = replace(sheet_layout("letter", LAYOUTS), grid=GridSize(3, 3))
    assert sheet_grid(upright, 63, 88, 3).bleed_y < 1 * MM  # what the turn is for


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
    assert [(p.where.file, p.where.field) for p in caught.value.problems] == [
        ("home-a5.toml", "grid.columns"), ("home-a5.toml", "grid.rows")]  # where to change it


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


DIGIT_HEIGHT = 0.7  # of the font size: Helvetica's digits, baseline to top


def _numbered(prefix: str, count: int):
    def cell(index):
        def draw(canvas, x, y):  # the digits' ink centred on the card's centre (63 × 88 mm)
            canvas.setFont("Helvetica", 20)
            digits = f"{index:02d}"
            left = x + 31.5 * MM - canvas.stringWidth(digits) / 2
            canvas.drawString(left - canvas.stringWidth(prefix), y + 44 * MM - DIGIT_HEIGHT * 20 / 2, prefix + digits)
        return draw
    return [cell(i) for i in range(count)]


def _centres(pdf: bytes, index: int, prefix: str) -> dict[str, tuple[float, float]]:
    """Where each "<prefix>NN" label's number sits on a page, upright or turned: along the line the middle of the
    two digits' advance, across it the middle of their ink — its cell's centre, give or take an overshoot."""
    page = pdfium.PdfDocument(pdf)[index]
    text = page.get_textpage()
    found = {}
    for i in range(text.count_chars()):
        if text.get_text_range(i, 1) == prefix:
            advance = [text.get_charbox(i + k, loose=True) for k in (1, 2)]
            ink = [text.get_charbox(i + k) for k in (1, 2)]
            middle = [((min(b[axis] for b in boxes) + max(b[axis + 2] for b in boxes)) / 2) for axis in (0, 1)
                      for boxes in (advance, ink)]  # x by advance, x by ink, y by advance, y by ink
            turned = advance[1][1] > advance[0][3] - 1  # the second digit above the first: the line runs up
            found[text.get_text_range(i + 1, 2)] = (middle[1], middle[2]) if turned else (middle[0], middle[3])
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
            assert backs[number] == pytest.approx(behind, abs=1.0)  # glyph bearings; a wrong cell is 178 pt off


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


def test_cells_of_different_groups_never_share_a_cut_line_and_keep_their_order():
    """An allied deck (30 + 10) fills 5 sheets of 9 as before, the two factions a row apart on the fourth; a list
    alternating factions still never puts two of them side by side or one above the other."""
    g = grid("a4")
    allied = sheet_pages(g, 40, ["rome"] * 30 + ["carthage"] * 10)
    assert len(allied) == 5 and allied[3] == {0: 27, 1: 28, 2: 29, 6: 30, 7: 31, 8: 32}
    for groups in (["rome"] * 30 + ["carthage"] * 10, ["a", "b", "a", "c", "c", "b", "a"] * 4, None):
        pages = sheet_pages(g, 28 if groups and len(groups) == 28 else 40, groups)
        assert [i for page in pages for i in page.values()] == list(range(len(groups or range(40))))
        for page in pages:
            for slot, index in page.items():
                row, column = divmod(slot, g.columns)
                for other, beside in ((slot + 1, column < g.columns - 1), (slot + g.columns, row < g.rows - 1)):
                    if beside and other in page and groups:
                        assert groups[page[other]] == groups[index], (groups, page)
    assert sheet_pages(g, 11) == [dict(zip(range(9), range(9))), {0: 9, 1: 10}]  # no groups: slot after slot


def _area(a, b) -> float:
    """The area two rectangles (x, y, w, h) share."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(w, 0) * max(h, 0)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_cell_paints_into_another_cells_trim_and_every_exposed_edge_keeps_its_bleed(paper):
    """For every pattern of filled slots (the skipped slots of mixed decks make cells meet at a corner only): a cell's
    clip rectangles do not overlap each other, cover its trim and the full bleed past every edge without a
    neighbour, and share no area with the trim of any other filled cell."""
    g = grid(paper)
    for pattern in range(1, 2 ** g.slots):
        filled = frozenset(s for s in range(g.slots) if pattern >> s & 1)
        for slot in filled:
            clip = g.cell_clip(slot, filled)
            assert all(_area(a, b) == 0 for i, a in enumerate(clip) for b in clip[i + 1:])
            x, y = g.cell_origin(slot)
            trim = (x, y, g.cell_width, g.cell_height)
            assert sum(_area(rect, trim) for rect in clip) == pytest.approx(g.cell_width * g.cell_height)
            for other in filled - {slot}:
                ox, oy = g.cell_origin(other)
                assert sum(_area(rect, (ox, oy, g.cell_width, g.cell_height)) for rect in clip) < 1e-6, (filled, slot)
            row, column = divmod(slot, g.columns)
            half = g.cell_bleed / 2
            for (px, py), neighbour in (((x - half, y + g.cell_height / 2), column > 0 and slot - 1),
                                        ((x + g.cell_width + half, y + g.cell_height / 2),
                                         column < g.columns - 1 and slot + 1),
                                        ((x + g.cell_width / 2, y - half), row < g.rows - 1 and slot + g.columns),
                                        ((x + g.cell_width / 2, y + g.cell_height + half), row > 0 and slot - g.columns)):
                if neighbour is False or neighbour not in filled:  # an exposed edge: its bleed is painted
                    assert any(rx <= px <= rx + rw and ry <= py <= ry + rh for rx, ry, rw, rh in clip), (filled, slot)
    lone = g.cell_clip(0, frozenset({0}))
    assert len(lone) == 1 and lone[0][2] == pytest.approx(g.cell_width + 2 * g.bleed_x)


def _form_cells(prefix: str, count: int) -> list[FormCell]:
    """Cells that are forms: three distinct ones, each a numbered label over the cell and its bleed."""
    def form(n: int) -> FormCell:
        def draw(canvas):
            canvas.setFillColorRGB(0.2 * n, 0.5, 0.7)
            canvas.rect(-3 * MM, -3 * MM, 70 * MM, 95 * MM, stroke=0, fill=1)
            canvas.setFillColorRGB(0, 0, 0)
            canvas.drawString(10, 10, f"{prefix}{n:02d}")
        return FormCell(f"{prefix}-{n}", (-3 * MM, -3 * MM, 66 * MM, 91 * MM), draw)
    forms = [form(n) for n in range(3)]
    return [forms[i % 3] for i in range(count)]


@pytest.mark.parametrize("paper, duplex, offset", [("a4", "long", (0.0, 0.0)), ("a4", "short", (1.5, -2.0)),
                                                   ("letter", "long", (0.5, 0.0)), ("letter", "none", (0.0, 0.0))])
def test_form_cells_are_placed_as_their_own_calls_place_them(paper, duplex, offset):
    """impose_home writes a FormCell's placement in one step (each pattern of filled slots' frames worked out once):
    the same PDF as the cells drawn by their ReportLab calls (FormCell called as any cell), upright (A4) and turned
    (Letter), on full and partly filled pages (a group apart: empty slots and exposed edges), fronts and backs."""
    g = grid(paper)
    groups = ["rome"] * 11 + ["carthage"] * 3

    def pdf(fronts, backs) -> bytes:
        buffer = BytesIO()
        canvas = new_canvas(buffer, (g.paper_width, g.paper_height), DocumentInfo("test", "test", "en"))
        impose_home(canvas, g, fronts, backs, duplex, offset, groups)
        canvas.save()
        return buffer.getvalue()

    fronts, backs = _form_cells("F", len(groups)), _form_cells("B", len(groups))
    called = pdf([lambda c, x, y, cell=cell: cell(c, x, y) for cell in fronts],
                 [lambda c, x, y, cell=cell: cell(c, x, y) for cell in backs])
    assert pdf(fronts, backs) == called


def _page_streams(pdf: bytes) -> list[bytes]:
    return [page.get_contents().get_data() for page in PdfReader(BytesIO(pdf)).pages]


def test_every_sheet_has_the_crop_marks_of_its_own_grid():
    """The crop marks are drawn once per grid and added again on every front page (draw_recorded): each page of an
    A4, a Letter and again an A4 imposition in one process holds exactly what draw_crop_marks draws for its grid."""
    for paper in ("a4", "letter", "a4"):
        g = grid(paper)
        buffer = BytesIO()
        canvas = new_canvas(buffer, (g.paper_width, g.paper_height), DocumentInfo("test", "test", "en"))
        draw_crop_marks(canvas, g)
        canvas.save()
        [marks] = _page_streams(buffer.getvalue())
        marks = marks[marks.index(b"q"):].strip()
        fronts = _page_streams(_impose(paper, "long", count=20))[::2]
        assert len(fronts) == 3 and all(page.count(marks) == 1 for page in fronts)
