"""Pages that look made (issue #23, item 7), measured on the built PDFs of the three rule books in six languages, on
A4 and Letter, page for page and as booklets: no page less than a third full but the last page of a part (the
document's last page, or the page before a chapter that starts a new page); no table split leaving fewer than three
of its rows on a page; the Learn to Play at most 12 A4 pages, the quick reference one (headings at the foot of a
page: tests/test_rulebook_layout.py)."""
from __future__ import annotations

import pytest

from pnp.project import Project
from pnp.rulebook import blocks as b
from pnp.rulebook.books import BOOKS, LEARN_TO_PLAY, QUICKREF
from pnp.rulebook.layout import page_for
from page_fill import shared_page_fills
from rulebook_helpers import LANGS, book_blocks, rulebook, squash

PAPERS = ("a4", "letter")
THIRD = 1 / 3
FILES = [(book, booklet) for book in BOOKS for booklet in (False, True) if not booklet or book.booklet]


def _part_starts(lang: str, paper: str, book) -> list[str]:
    """The titles of the book's chapters that start a new page, and of the booklet's notes pages, squashed."""
    return [squash(block.text if isinstance(block, b.Heading) else block.title)
            for block in book_blocks(lang, paper, book) if isinstance(block, b.Notes)
            or isinstance(block, b.Heading) and block.level == 1 and "newpage" in block.flags]


def measured(lang: str, paper: str):
    """(file name, book, the fill and frame text of each page) of every rule book PDF of a language and paper."""
    for book, booklet in FILES:
        name = book.booklet if booklet else book.pages
        page = page_for(paper, booklet, Project().layouts)
        yield name, book, shared_page_fills(rulebook(lang, paper)[name], page, booklet)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_no_page_is_less_than_a_third_full_but_the_last_of_a_part(lang, paper):
    thin = []
    for name, book, pages in measured(lang, paper):
        starts = _part_starts(lang, paper, book)
        last = max(number for number, (fill, _) in enumerate(pages) if fill)  # booklet padding after it is blank
        for number, (fill, _) in enumerate(pages[:last]):
            following = squash(pages[number + 1][1])
            if fill < THIRD and not any(following.startswith(title) for title in starts):
                thin.append((name, number + 1, round(fill, 2)))
    assert not thin, f"{lang} {paper}: pages less than a third full: {thin}"


def _plain(text: str) -> str:
    """Squashed text without hyphens (a cell may break a word at the end of a line)."""
    return squash(text).replace("-", "").replace("\u00ad", "").replace("\x02", "")  # pdfium: \x02 a break


def rows_by_page(table: b.Table, texts: list[str], start: tuple[int, int]) -> tuple[dict[int, int], tuple[int, int]]:
    """On which pages (of `texts`, plain) the table's rows are printed, found in order from `start` (page, offset):
    the number of rows on each page, and where the search ends."""
    page, offset = start
    heading = _plain(table.caption or "".join(table.header))  # the table starts where its caption or header is
    while page < len(texts) and texts[page].find(heading, offset) < 0:
        page, offset = page + 1, 0
    assert page < len(texts), (table.columns, heading)
    offset = texts[page].find(heading, offset) + len(heading)
    counts: dict[int, int] = {}
    for row in table.rows:
        key = _plain(row[0])[:14]
        while page < len(texts) and texts[page].find(key, offset) < 0:
            page, offset = page + 1, 0
        assert page < len(texts), (table.columns, row[0])
        offset = texts[page].find(key, offset) + len(key)
        counts[page + 1] = counts.get(page + 1, 0) + 1
    return counts, (page, offset)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_no_table_leaves_fewer_than_three_rows_on_a_page(lang, paper):
    split = []
    for name, book, pages in measured(lang, paper):
        texts = [_plain(text) for _, text in pages]
        where = (0, 0)
        for table in (block for block in book_blocks(lang, paper, book) if isinstance(block, b.Table)):
            counts, where = rows_by_page(table, texts, where)
            if len(counts) > 1 and min(counts.values()) < 3:
                split.append((name, table.columns, counts))
    assert not split, f"{lang} {paper}: tables split leaving fewer than three rows on a page: {split}"


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_learn_to_play_is_at_most_12_a4_pages_and_the_quick_reference_one(lang):
    pdfs = rulebook(lang, "a4")
    assert len(shared_page_fills(pdfs[LEARN_TO_PLAY.pages], page_for("a4", False, Project().layouts))) <= 12
    assert len(shared_page_fills(pdfs[QUICKREF.pages], page_for("a4", False, Project().layouts))) == 1
