"""The saddle-stitch booklet: imposition order, padding, and the imposed PDF itself."""
from __future__ import annotations

import re
from io import BytesIO

import pytest
from pypdf import PdfReader

from reportlab.lib.pagesizes import A4

from pnp.rulebook.booklet import BookletCanvas, booklet_order, padded
from rulebook_helpers import LANGS, booklet_pdf, outline, page_texts, pages_pdf, squash, text_lines


@pytest.mark.parametrize("pages, sides", [
    (4, ((4, 1), (2, 3))),
    (8, ((8, 1), (2, 7), (6, 3), (4, 5))),
    (12, ((12, 1), (2, 11), (10, 3), (4, 9), (8, 5), (6, 7))),
])
def test_booklet_page_order(pages, sides):
    assert booklet_order(pages) == sides


@pytest.mark.parametrize("pages", [1, 2, 3, 4, 5, 9, 13, 30, 31])
def test_booklet_pads_to_a_multiple_of_four_and_folds_correctly(pages):
    n = padded(pages)
    assert n % 4 == 0 and pages <= n < pages + 4
    sides = booklet_order(pages)
    assert len(sides) == n // 2 and sorted(p for side in sides for p in side) == list(range(1, n + 1))
    for left, right in sides:  # facing halves of one sheet side always add up to n + 1 (they meet at the fold)
        assert left + right == n + 1
    for front, back in zip(sides[::2], sides[1::2]):  # a page's back is its neighbour: 1 backs 2, n backs n - 1
        assert abs(front[1] - back[0]) == 1 and abs(front[0] - back[1]) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_booklet_pdf_is_imposed_on_landscape_sheets(lang):
    pdf = booklet_pdf(lang)
    reader = PdfReader(BytesIO(pdf))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (842, 595)  # A4 landscape
    sides = len(reader.pages)
    assert sides % 2 == 0 and sides >= 8
    assert not reader.outline  # bookmarks need real pages; the page-for-page PDF has them
    assert outline(pages_pdf(lang))
    assert "AncientDuel" in squash(page_texts(pdf)[0])  # sheet 1 front: the last page and the title page
    back = squash(text_lines(pdf, 1)[-1])  # its back: page 2 (left) and page n - 1 (right, unless a blank)
    assert back in ("2", "2" + str(sides * 2 - 1))


def test_booklet_canvas_puts_each_page_in_its_place():
    """Ten numbered pages, imposed: every sheet side shows its two pages, left and right, blanks padded."""
    half, sheet = (A4[1] / 2, A4[0]), (A4[1], A4[0])
    buffer = BytesIO()
    canvas = BookletCanvas(buffer, pagesize=half, sheet=sheet, invariant=1)
    for page in range(1, 11):
        canvas.setFont("Helvetica", 20)
        canvas.drawString(60, 300, f"PAGE{page}")
        canvas.showPage()
    canvas.save()
    reader = PdfReader(BytesIO(buffer.getvalue()))
    assert len(reader.pages) == len(booklet_order(10)) == 6
    for side, (left, right) in zip(reader.pages, booklet_order(10)):
        assert side.mediabox.width > side.mediabox.height
        placed = {int(page): round(float(x), 2) for x, page in re.findall(
            r"1 0 0 1 (\S+) \S+ cm\s*/FormXob\.BookletPage(\d+) Do", side.get_contents().get_data().decode())}
        assert placed == {page: round(x, 2) for page, x in ((left, 0.0), (right, half[0])) if page <= 10}
        found = []
        side.extract_text(visitor_text=lambda text, *_: text.strip() and found.append(text.strip()))
        assert found == [f"PAGE{page}" for page in (left, right) if page <= 10]


def test_booklet_canvas_fills_its_padding_pages():
    """Ten pages and a filler: pages 11 and 12 are the filler's (its page number given), in their places."""
    half, sheet = (A4[1] / 2, A4[0]), (A4[1], A4[0])
    buffer = BytesIO()
    canvas = BookletCanvas(buffer, pagesize=half, sheet=sheet, invariant=1,
                           fill=lambda c, number: (c.setFont("Helvetica", 20), c.drawString(60, 300, f"FILL{number}")))
    for page in range(1, 11):
        canvas.setFont("Helvetica", 20)
        canvas.drawString(60, 300, f"PAGE{page}")
        canvas.showPage()
    canvas.save()
    for side, (left, right) in zip(PdfReader(BytesIO(buffer.getvalue())).pages, booklet_order(10)):
        found = []
        side.extract_text(visitor_text=lambda text, *_: text.strip() and found.append(text.strip()))
        assert found == [f"{'PAGE' if page <= 10 else 'FILL'}{page}" for page in (left, right)]


@pytest.mark.parametrize("book", ("rulebook", "reference"))
@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_each_booklet_ends_with_notes_pages_not_blank_ones(lang, book):
    """The pages after the book's last one, up to the fold, are ruled notes pages under their title (Learn to Play
    and Rules Reference)."""
    from page_fill import shared_page_fills
    from pnp.project import Project
    from pnp.rulebook.layout import page_for
    from rulebook_helpers import book_blocks, reference_booklet_pdf, reference_pdf
    from pnp.rulebook.blocks import Notes
    from pnp.rulebook.books import LEARN_TO_PLAY, REFERENCE
    which = LEARN_TO_PLAY if book == "rulebook" else REFERENCE
    booklet, pages = (booklet_pdf, pages_pdf) if which is LEARN_TO_PLAY else (reference_booklet_pdf, reference_pdf)
    title = next(block.title for block in book_blocks(lang, "a4", which) if isinstance(block, Notes))
    on_paper = shared_page_fills(pages(lang), page_for("a4", False, Project().layouts))
    fills = shared_page_fills(booklet(lang), page_for("a4", True, Project().layouts), booklet=True)
    book = [index for index, (_, text) in enumerate(fills) if squash(text) != squash(title)]
    assert book == list(range(len(book))) and len(fills) == padded(len(book))  # notes only after, up to the fold
    assert all(fill > 0.9 for fill, _ in fills[len(book):]) and all(fill > 0 for fill, _ in fills)
    assert all(squash(text) != squash(title) for _, text in on_paper)  # the pages on the paper have none
