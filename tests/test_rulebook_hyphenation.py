"""The rule books hyphenate by the cards' rules (docs/print-design.md, Hyphenation): read back from the built PDFs of
every language (Learn to Play, Rules Reference, quick reference, both booklets), at most two lines in a row end in a
hyphenated word, a hyphenated word keeps at least three letters on each side, and never leaves a last line that is
only its tail of five letters or fewer. English is not hyphenated."""
from __future__ import annotations

import re

import pytest
from reportlab.lib.styles import ParagraphStyle

from conftest import LANGS
from rulebook_helpers import page_texts
from session_cache import built_kit
from pnp.adapters.reportlab_platypus import line_texts, wrapped_lines
from pnp.rulebook.flowables import Text

BOOKS = ("rulebook.pdf", "rules-reference.pdf", "quickref.pdf", "rulebook-booklet.pdf",
         "rules-reference-booklet.pdf")
HEAD = re.compile(r"([^\W\d_]+)-$")                          # a line ending in letters and a hyphen …
TAIL = re.compile(r"^([^\W\d_A-ZÀ-ÞİĞŞÇÖÜ][^\W\d_]*)(\S*)$")  # … and a next line starting in lower case


@pytest.fixture(scope="module")
def books(runner, tmp_path_factory) -> dict[str, bytes]:
    out = built_kit(tmp_path_factory, runner, tmp_path_factory.mktemp("kit"), LANGS, "--booklet")
    return {f"{lang}/{book}": (out / lang / book).read_bytes() for lang in LANGS for book in BOOKS}


def faults(pdf: bytes) -> tuple[int, int, list[str]]:
    """(lines, hyphenated line ends, what breaks a rule) of a PDF's text as pypdf extracts it, page by page (once per
    PDF and session: the same books of the other rulebook tests are read once)."""
    lines = hyphenated = 0
    found = []
    for number, page in enumerate(page_texts(pdf), 1):
        text = [line.strip() for line in page.split("\n") if line.strip()]
        in_a_row = 0
        for line, following in zip(text, text[1:] + [""]):
            lines += 1
            head, tail = HEAD.search(line), TAIL.match(following.split(" ")[0])
            if not (head and tail):
                in_a_row = 0
                continue
            hyphenated, in_a_row = hyphenated + 1, in_a_row + 1
            word = f"{head.group(1)}-/{following.split(' ')[0]} (page {number})"
            if in_a_row > 2:
                found.append(f"third hyphen in a row: {word}")
            if min(len(head.group(1)), len(tail.group(1))) < 3:
                found.append(f"fewer than three letters on a side: {word}")
            if " " not in following and len(tail.group(1)) <= 5:
                found.append(f"last line a tail of five letters or fewer: {word}")
    return lines, hyphenated, found


@pytest.mark.parametrize("lang", LANGS)
def test_the_rule_books_hyphenate_by_the_cards_rules(books, lang):
    counted = {book: faults(books[f"{lang}/{book}"]) for book in BOOKS}
    assert sum(hyphenated for _, hyphenated, _ in counted.values()) > 10  # the language is hyphenated at all
    assert {book: found for book, (_, _, found) in counted.items() if found} == {}


@pytest.mark.parametrize("text, expected", [
    ("aaaaaaaaa bbbbbbbbb ccccccccc ddddddddd eeeeeeeee fffff",  # greedy: four lines in a row end in a hyphen
     ["aaaaaaaaa bbb-", "bbbbbb ccc-", "cccccc", "ddddddddd eee-", "eeeeee fffff"]),
    ("aaaaaaaaa bbbbbbbb", ["aaaaaaaaa", "bbbbbbbb"]),  # greedy: a last line "bbbbb"
])
def test_a_paragraph_that_breaks_a_rule_is_set_again_with_the_word_whole(text, expected):
    """Every word of six letters or more may break after its third letter."""
    style = ParagraphStyle("probe", fontName="Helvetica", fontSize=10, leading=12,
                           hyphenationLang=lambda word: [(word[:3], word[3:])] if len(word) >= 6 else [])
    paragraph = Text(text, style)
    paragraph.wrap(80, 1000)
    assert line_texts(wrapped_lines(paragraph)) == expected
