"""The rulebook's layout rules (issue 9, item 11), on the A4 pages and the booklet's pages in every language: no
heading ends a page, no rules page is less than half full unless a chapter must start the next page, booklet text is
at least 7.5 pt, the card reference's tables carry their faction on every page, Turkish headings keep the dot of İ."""
from __future__ import annotations

import math
import re

import pytest

from pnp.cards.labels import card_labels
from pnp.rulebook.books import BOOKS, LEARN_TO_PLAY
from pdf_ops import texts_by_font
from rulebook_helpers import (LANGS, booklet_pdf, extracted, inputs, outline, page_texts, pages_pdf, placements,
                              reference_booklet_pdf, reference_pdf, squash)

FORMATS = ("a4", "booklet")
MIN_BOOKLET_PT = 7.5
FIGURE_SCALE = 0.84  # digits in the text faces are DejaVu Sans at this fraction of the text size (rulebook.toml)


def by_page(placed):
    pages: dict[int, list] = {}
    for index, item in enumerate(placed):
        pages.setdefault(item.page, []).append(index)
    return pages


@pytest.mark.parametrize("paper", ("a4", "letter"))
@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_no_heading_is_the_last_line_of_a_page(lang, fmt, paper):
    for book in BOOKS:  # the Learn to Play, the Rules Reference, the quick reference
        placed = placements(lang, fmt == "booklet", book, paper)
        ends = [page for page, indices in by_page(placed).items() if placed[indices[-1]].heading]
        assert not ends, f"{lang} {fmt} {paper} {book.name}: pages ending with a heading: {ends}"


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("lang", LANGS)
def test_rules_pages_are_at_least_half_full(lang, fmt):
    placed = placements(lang, fmt == "booklet", LEARN_TO_PLAY, "a4")  # laid out for the test above
    pages = by_page(placed)
    chapters = [item.page for item in placed if item.chapter]
    thin = []
    for page, indices in pages.items():
        after = indices[-1] + 1
        chapter_follows = after < len(placed) and placed[after].chapter
        if page < chapters[0] or page == max(pages) or chapter_follows:
            continue  # title and contents, the last page, a page before a chapter that starts a new page
        if max(placed[i].filled for i in indices) < 0.5:
            thin.append(page)
    assert not thin, f"{lang} {fmt}: pages less than half full: {thin}"


def text_sizes(pdf: bytes) -> list[tuple[float, str]]:
    """(size in points as printed, text) of every text piece on every sheet."""
    return [(size * math.hypot(tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]), text.strip())
            for _, pieces in extracted(pdf) for text, cm, tm, size in pieces if text.strip()]


def card_texts(lang: str) -> set[str]:
    """Every line printed on the card anatomy's real cards (they keep the cards' own type sizes)."""
    from pnp.typeset.fonts import register_fonts
    from pnp.project import Project
    from pnp.rulebook import anatomy_fronts
    cards = anatomy_fronts(inputs().cards, inputs().catalogs[lang], register_fonts(Project().fonts), Project().layouts)
    lines = {line for face in (cards.unit, cards.doctrine) for fitted in face.texts().values() for line in fitted.lines}
    return {squash(line) for line in lines} | {"★"}


@pytest.mark.parametrize("lang", LANGS)
def test_booklet_text_is_at_least_7_5_pt(lang):
    sizes = text_sizes(booklet_pdf(lang)) + text_sizes(reference_booklet_pdf(lang))
    assert len(sizes) > 1000
    on_cards = card_texts(lang)
    small = [(round(size, 2), text) for size, text in sizes
             if size < MIN_BOOKLET_PT * (FIGURE_SCALE if text.isdigit() else 1) - 0.01
             and not any(squash(text) in line for line in on_cards)]
    assert not small, small[:10]


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_reference_page_names_its_faction(lang):
    chapters = [(title, page) for title, level, page in outline(reference_pdf(lang)) if level == 0]
    cards, index = chapters[-2][1], chapters[-1][1]  # the card list, then the index
    factions = [faction.name for faction in _faction_names(lang)]
    texts = page_texts(reference_pdf(lang))
    for page in range(cards + 1, index):  # the chapter's first page has the section heading above its table
        text = squash(texts[page - 1])
        assert any(squash(f"{name} —") in text for name in factions), (lang, page)


def _faction_names(lang: str):
    from pnp.i18n.localize import localize_cards
    from pnp.rulebook.compose import faction_cards
    return faction_cards(localize_cards(inputs().cards, inputs().catalogs[lang]))


@pytest.mark.parametrize("lang", LANGS)
def test_terrain_doctrines_are_marked_with_the_cards_word(lang):
    word = card_labels(inputs().catalogs[lang]).terrain_doctrine
    chapters = [page for _, level, page in outline(reference_pdf(lang)) if level == 0]
    text = squash("".join(page_texts(reference_pdf(lang))[chapters[-2] - 1:]))  # the card list and the index
    terrain = [c for c in inputs().cards.cards if c.terrain]
    assert terrain
    from pnp.i18n.localize import localize_cards
    names = {c.card.id: c.name for c in localize_cards(inputs().cards, inputs().catalogs[lang])}
    for card in terrain:
        assert squash(f"{names[card.id]}") in text
        row = text.split(squash(names[card.id]), 1)[1][:200]
        assert squash(word) in row, (lang, card.id)


def test_turkish_headings_keep_the_dot_of_i():
    """Turkish headings are set as written (i, not İ, in the text) in the Turkish title face, whose small capital i
    keeps its dot; the game's name is never Turkish-cased and stays in the original face."""
    pdf = pages_pdf("tr")
    text = "".join(page_texts(pdf))
    titles = [title for title, level, _ in outline(pdf) if level == 0]
    assert any("i" in title for title in titles)
    turkish_face = squash("".join(run for font, run in texts_by_font(pdf) if font == "CinzelPnPTR-Regular"))
    for title in titles:
        assert squash(title) in squash(text) and squash(title) in turkish_face, title
    assert not re.search(r"\bANC\u0130ENT\b", text)  # the game's name is not Turkish