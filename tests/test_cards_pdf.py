"""The deck PDFs as printed: sizes and boxes, every card as often as its copies, backs behind their fronts, margins,
fonts and letters, determinism. Each deck set is rendered once per session (in memory, as the build would)."""
from __future__ import annotations

import re
from collections import Counter
from io import BytesIO
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from deck_helpers import (char_boxes, front_cards, grid, on_page, pixels, placed_forms, render_decks, shared_decks,
                          text_in)
from pnp.cards.deck import deck_fronts, deck_pdf
from pnp.cards.produce import compose_cards
from pnp.context import BuildOptions
from pnp.core.caches import CACHES
from pnp.i18n.catalogs import LANGS
from pnp.cards.layout import card_layout
from pnp.layouts.schemas import LAYOUTS
from pnp.i18n.localize import localize_cards, stat_labels
from pnp.kit.build import context, load
from pnp.project import Project, load_inputs
from pnp.products import CARD_DECKS
from product_helpers import product_problems
from pnp.data.terms import FACTIONS
from pnp.core.units import MM

A4 = BuildOptions(paper="a4", mode="home", duplex="long")
LETTER = BuildOptions(paper="letter", mode="home", duplex="short", langs=("pl", "tr"))
PRO = BuildOptions(mode="pro", langs=("de", "tr"))
PAGE_SIZES = {"a4": (595.276, 841.89), "letter": (612.0, 792.0)}


@pytest.fixture(scope="session")
def inputs():
    return load_inputs(Project(), LANGS)


@pytest.fixture(scope="session")
def names(inputs) -> dict[str, dict[str, str]]:
    """lang -> card id -> localized name."""
    return {lang: {lc.card.id: lc.name for lc in localize_cards(inputs.cards, inputs.catalogs[lang])}
            for lang in LANGS}


@pytest.fixture(scope="session")
def a4_decks(tmp_path_factory):
    return shared_decks(tmp_path_factory, A4)


@pytest.fixture(scope="session")
def letter_decks(tmp_path_factory):
    return shared_decks(tmp_path_factory, LETTER)


@pytest.fixture(scope="session")
def pro_decks(tmp_path_factory):
    return shared_decks(tmp_path_factory, PRO)


def deck(decks, lang: str, faction: str) -> bytes:
    return decks[Path(lang) / "cards" / f"{faction}.pdf"]


def test_35_decks_and_nothing_else(a4_decks):
    assert sorted(a4_decks) == sorted(Path(lang) / "cards" / f"{f}.pdf" for lang in LANGS for f in FACTIONS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_is_printed_as_often_as_its_copies(a4_decks, inputs, names, lang):
    for faction in FACTIONS:
        printed = Counter((card_id, name) for _, _, card_id, name in front_cards(deck(a4_decks, lang, faction), "a4"))
        expected = Counter({(c.id, names[lang][c.id]): c.copies for c in inputs.cards.faction(faction)})
        assert printed == expected, (lang, faction)
        assert sum(printed.values()) == inputs.engine.deck_size


@pytest.mark.parametrize("paper, decks", [("a4", "a4_decks"), ("letter", "letter_decks")])
def test_home_pages_have_the_paper_size_and_alternate_fronts_and_backs(request, paper, decks):
    for path, pdf in request.getfixturevalue(decks).items():
        reader = PdfReader(BytesIO(pdf))
        assert len(reader.pages) == 10, path  # 40 cards: 5 sheets of 9, each front followed by its back
        for page in reader.pages:
            assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(PAGE_SIZES[paper],
                                                                                               abs=0.01)


def test_pro_pages_are_one_card_with_bleed_and_trim_and_bleed_boxes(pro_decks):
    card = card_layout(LAYOUTS).card
    trim = (3 * MM, 3 * MM, (3 + card.width) * MM, (3 + card.height) * MM)
    media = (0, 0, (card.width + 6) * MM, (card.height + 6) * MM)
    for path, pdf in pro_decks.items():
        reader = PdfReader(BytesIO(pdf))
        assert len(reader.pages) == 80, path  # 40 fronts, each followed by its back
        for page in reader.pages:
            assert [float(v) for v in page.mediabox] == pytest.approx(media, abs=0.01)
            assert [float(v) for v in page.bleedbox] == pytest.approx(media, abs=0.01)
            assert [float(v) for v in page.trimbox] == pytest.approx(trim, abs=0.01)


def test_pro_fronts_are_followed_by_their_backs(pro_decks, names, inputs):
    pdf = deck(pro_decks, "tr", "sparta")
    document = pdfium.PdfDocument(pdf)
    texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    expected = [c for c in inputs.cards.faction("sparta") for _ in range(c.copies)]
    for i, card in enumerate(expected):
        assert [name for _, _, name in placed_forms(pdf, 2 * i)] == [f"front-{card.id}"]
        assert " ".join(names["tr"][card.id].split()) in " ".join(texts[2 * i].split())
        assert [name for _, _, name in placed_forms(pdf, 2 * i + 1)] == ["back-sparta"]
        assert "Ancient Duel" in texts[2 * i + 1]


@pytest.mark.parametrize("paper, decks, lang", [("a4", "a4_decks", "de"), ("letter", "letter_decks", "pl")])
def test_backs_lie_behind_their_fronts(request, paper, decks, lang):
    """Each back page has a back exactly in the mirrored slot of every card of its front page (the last A4 sheet is
    only partly filled, so a wrong mirror shows; Letter's 8 a sheet fill 5 sheets: tests/test_imposition.py
    checks its partial sheets)."""
    options = A4 if paper == "a4" else LETTER
    g, back_box = grid(paper), card_layout(LAYOUTS).back.faction.box
    pdf = deck(request.getfixturevalue(decks), lang, "rome")
    document = pdfium.PdfDocument(pdf)
    cards = front_cards(pdf, paper)
    for index in range(0, len(document), 2):
        fronts = {slot for page, slot, _, _ in cards if page == index}
        backs = {slot for slot in range(g.slots) if text_in(document[index + 1], on_page(g, slot, back_box))}
        assert backs == {g.back_slot(slot, options.duplex) for slot in fronts}
    assert len({page for page, *_ in cards}) == 5 and len([c for c in cards if c[0] == 8]) == 40 - 4 * g.slots


def test_the_back_offset_moves_the_back_pages_only(a4_decks):
    shifted = render_decks(BuildOptions(langs=("de",), back_offset=(1.5, -1.0)))
    plain, moved = (pdfium.PdfDocument(deck(d, "de", "rome")) for d in (a4_decks, shifted))
    for index in range(len(plain)):
        before, after = char_boxes(plain[index]), char_boxes(moved[index])
        assert [c for c, _ in before] == [c for c, _ in after] and before
        dx, dy = (0, 0) if index % 2 == 0 else (1.5 * MM, -1.0 * MM)
        for (_, a), (_, b) in zip(before, after):
            assert b == pytest.approx((a[0] + dx, a[1] + dy, a[2] + dx, a[3] + dy), abs=0.01)


@pytest.mark.parametrize("paper, decks, lang", [("a4", "a4_decks", "tr"), ("letter", "letter_decks", "tr")])
def test_nothing_is_drawn_in_the_margins_and_crop_marks_mark_every_cut_line(request, paper, decks, lang):
    dpi = 40
    g = grid(paper)
    pdf = deck(request.getfixturevalue(decks), lang, "egypt")
    scale = dpi / 72
    margin = int(g.min_margin * scale) - 1  # whole pixels entirely inside the 5 mm margin
    for index in (0, 1, 8, 9):
        image = pixels(pdf, index, dpi)
        w, h = image.size
        for box in ((0, 0, w, margin), (0, h - margin, w, h), (0, 0, margin, h), (w - margin, 0, w, h)):
            assert image.crop(box).getextrema()[0] >= 250, (paper, index, box)
    front = pixels(pdf, 0, 150)
    xs, ys = g.cut_lines()
    top = front.height - round((g.y0 + g.height + g.bleed_y + g.mark_gap + g.mark_length_y / 2) * 150 / 72)
    for x in xs:  # a dark mark on each vertical cut line, above the grid
        column = round(x * 150 / 72)
        assert front.crop((column - 1, top - 1, column + 2, top + 2)).getextrema()[0] < 200
    left = round((g.x0 - g.bleed_x - g.mark_gap - g.mark_length_x / 2) * 150 / 72)
    for y in ys:
        row = front.height - round(y * 150 / 72)
        assert front.crop((left - 1, row - 1, left + 2, row + 2)).getextrema()[0] < 200


def test_duplex_none_prints_the_fronts_only():
    pdf = deck(render_decks(BuildOptions(langs=("es",), duplex="none")), "es", "persia")
    document = pdfium.PdfDocument(pdf)
    assert len(document) == 5
    assert all(name.startswith("front-persia.") for i in range(5) for _, _, name in placed_forms(pdf, i))


@pytest.mark.parametrize("lang, faction, letters", [("pl", "carthage", "ąęłńóśźżŻŚ"),
                                                    ("tr", "macedon", "ıİğşçöü")])
def test_pypdf_reads_names_and_letters_back_intact(a4_decks, inputs, names, lang, faction, letters):
    reader = PdfReader(BytesIO(deck(a4_decks, lang, faction)))
    text = " ".join(" ".join(page.extract_text() for page in reader.pages[::2]).split())
    for card in inputs.cards.faction(faction):
        assert " ".join(names[lang][card.id].split()) in text
    printed = " ".join(f"{lc.name} {lc.type} {lc.effect}" for lc in localize_cards(inputs.cards, inputs.catalogs[lang])
                       if lc.card.faction == faction)
    wanted = set(letters) & set(printed)
    assert len(wanted) >= 4 and wanted <= set(text)


@pytest.mark.parametrize("lang", ("pl", "tr"))
def test_stat_badges_use_the_languages_abbreviations(a4_decks, inputs, lang):
    labels = stat_labels(inputs.catalogs[lang])
    document = pdfium.PdfDocument(deck(a4_decks, lang, "rome"))
    g, stats = grid("a4"), card_layout(LAYOUTS).front.stats
    badges = text_in(document[0], on_page(g, 0, stats.box)).split()
    assert badges[0] == labels["atk"] and labels["def"] in badges
    assert "DEF" not in badges and (lang != "tr" or "ATK" not in badges)


@pytest.mark.parametrize("lang", LANGS)
def test_the_type_line_prints_the_traits_of_every_copy(a4_decks, inputs, lang):
    """The type bar of each Carthage card, read back from the deck: the type, then the trait's word on the
    Mercenaries (one line, or two where it does not fit beside the faction name), and no trait word elsewhere."""
    localized = {lc.card.id: lc for lc in localize_cards(inputs.cards, inputs.catalogs[lang])}
    (mercenary,) = {name for lc in localized.values() for name in lc.traits}
    g, bar = grid("a4"), card_layout(LAYOUTS).front.type_bar.box
    pdf = deck(a4_decks, lang, "carthage")
    document = pdfium.PdfDocument(pdf)
    printed = Counter()
    for page, slot, card_id, _ in front_cards(pdf, "a4"):
        text = text_in(document[page], on_page(g, slot, bar))
        lc = localized[card_id]
        assert lc.card.terrain or text.startswith(" ".join(lc.type.split())), (card_id, text)
        printed[card_id] += mercenary in text
    assert printed == Counter({card_id: lc.card.copies for card_id, lc in localized.items() if lc.traits})
    assert sum(printed.values()) == 8


def test_every_font_is_embedded_and_no_standard_font_is_referenced(a4_decks):
    for lang in ("pl", "tr"):
        reader = PdfReader(BytesIO(deck(a4_decks, lang, "rome")))
        fonts = {}
        for page in reader.pages:
            for xobject in page["/Resources"].get("/XObject", {}).values():
                fonts.update(xobject.get_object().get("/Resources", {}).get("/Font", {}))
            fonts.update(page["/Resources"].get("/Font", {}))
        for font in fonts.values():
            font = font.get_object()
            assert font["/Subtype"] == "/TrueType" and "/FontFile2" in font["/FontDescriptor"], font["/BaseFont"]
        assert {re.sub(r"^/[A-Z]{6}\+", "", f.get_object()["/BaseFont"]) for f in fonts.values()} == {
            "Cinzel-Regular", "EBGaramondPnP-Regular", "EBGaramondPnP-Bold", "DejaVuSans",
            *(["CinzelPnPTR-Regular"] if lang == "tr" else [])}  # Turkish text in the Turkish Cinzel


def test_every_text_fits_and_every_character_is_covered_in_all_languages(inputs):
    assert product_problems(CARD_DECKS, inputs, LANGS, Project()) == []


def test_decks_are_byte_identical_when_built_again(a4_decks, pro_decks):
    again = render_decks(BuildOptions(langs=("tr",)))
    assert all(again[path] == a4_decks[path] for path in again)
    pro_again = render_decks(BuildOptions(mode="pro", langs=("de",)))
    assert pro_again[Path("de/cards/dacia.pdf")] == pro_decks[Path("de/cards/dacia.pdf")]


def test_frames_panels_and_icons_added_from_their_recording_print_what_drawing_them_prints():
    """pnp.graphics.drawing.render records each run of SAME_EVERYWHERE items (frames, panels, stars, icons) once per
    process and adds its operators again: a deck whose runs were recorded in another PDF, which set its font
    subsets in another order (the cards reversed), is byte-identical to the deck drawn with nothing recorded
    before (each run drawn where it first appears)."""
    project, options = Project(), BuildOptions(langs=("de",))
    cards = compose_cards(context(load(project, options), project, options))

    def deck(fronts) -> bytes:
        return deck_pdf(deck_fronts(fronts), cards.backs, cards.infos["rome"], cards.printing)

    fronts = cards.faction_fronts("rome")
    deck(fronts[::-1])
    recorded = deck(fronts)
    CACHES["pnp.pages.forms.draw_recorded"].clear()
    assert recorded == deck(fronts)
