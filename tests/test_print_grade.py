"""Print-grade checks over a whole built kit (five languages, booklet, calibration sheets), read back from the PDFs'
content streams and pixels: colour operators and total ink, small text in one ink, the smallest type sizes, the
figure font of every digit, Turkish capitals, badge values against the database, bleed on every cut edge of the
partly filled sheets and backs that look the same after a half turn."""
from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
from PIL import ImageChops, ImageStat

from conftest import LANGS, invoke
from deck_helpers import front_cards, grid, on_page, placed_forms, text_in
from pdf_ops import printed, texts_by_font
from pnp.layouts.schemas import LAYOUTS, card_layout, sheet_layout
from pnp.project import Project, load_inputs
from pnp.cards.faces import GAME_TITLE, badge_boxes
from pnp.sheets.layout import tokens_layout
from pnp.sheets.token_sheet import token_grid
from pnp.sheets.tokens import token_list
from pnp.typeset.units import MM

SMALL = card_layout(LAYOUTS).card.small_text
MAX_INK = card_layout(LAYOUTS).card.max_ink


@pytest.fixture(scope="module")
def kit(runner, tmp_path_factory) -> dict[str, bytes]:
    """Relative path -> bytes of every PDF of `pnp build --lang all --booklet` and `pnp calibrate --lang all`."""
    out = tmp_path_factory.mktemp("kit")
    assert invoke(runner, "build", "--booklet", "--out", out).exit_code == 0
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(out)
        assert invoke(runner, "calibrate").exit_code == 0
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*.pdf"))}


@pytest.fixture(scope="module")
def content(kit):
    return {name: printed(pdf) for name, pdf in kit.items()}


@pytest.fixture(scope="module")
def decoded(kit):
    """(font, text) runs of the German, Polish and Turkish PDFs (decoding text is slow: three languages)."""
    return {name: texts_by_font(pdf) for name, pdf in kit.items() if name[:3] in ("de/", "pl/", "tr/")
            or name.endswith(("-de.pdf", "-tr.pdf"))}


def test_the_kit_is_complete(kit):
    assert len(kit) == 5 * (7 + 4) + 5  # decks, score sheet, tokens, rulebook and booklet; calibration sheets


def test_no_pdf_has_an_rgb_or_grey_colour_operator(content):
    for name, (_, colours) in content.items():
        operators = {operator for _, operator, _ in colours}
        assert operators <= {b"k", b"K"}, (name, operators)


def test_every_colour_stays_within_the_total_ink_limit(content):
    worst = {name: max(sum(values) for _, _, values in colours) * 100 for name, (_, colours) in content.items()}
    assert all(ink <= MAX_INK + 1e-6 for ink in worst.values()), {n: i for n, i in worst.items() if i > MAX_INK}


def test_text_under_8_pt_prints_in_black_ink_only_or_knocked_out(content):
    for name, (runs, _) in content.items():
        bad = {(run.font, run.size, run.fill) for run in runs
               if run.size < SMALL - 1e-6 and not (run.fill[0] == "k" and run.fill[1][:3] == (0.0, 0.0, 0.0))}
        assert not bad, (name, sorted(bad)[:5])


def test_nothing_a_player_reads_is_set_under_6_pt(content):
    smallest = {name: min(run.size for run in runs) for name, (runs, _) in content.items()}
    assert min(smallest.values()) >= 6.0 - 1e-6, {n: s for n, s in smallest.items() if s < 6}


def test_every_digit_is_a_lining_figure_of_the_text_face(decoded):
    """Decks, tokens, score sheet and rulebook print every number in EB Garamond PnP (lining figures frozen in);
    the calibration sheet is set in DejaVu Sans throughout."""
    for name, texts in decoded.items():
        if "calibration-" in name:
            continue
        fonts = {font for font, text in texts if re.search(r"\d", text)}
        assert fonts and all(font.startswith("EBGaramondPnP-") for font in fonts), (name, fonts)


def test_turkish_text_uses_the_turkish_title_face_and_the_game_title_never_does(decoded):
    """Every Turkish PDF: text in Cinzel is the game's title (kept in the original Cinzel) or Turkish text in the
    Turkish Cinzel (i → İ as small capital); German and Polish never use the Turkish face."""
    for name, texts in decoded.items():
        original = {text for font, text in texts if font == "Cinzel-Regular"}
        turkish = [text for font, text in texts if font == "CinzelPnPTR-Regular"]
        if name.startswith("tr/") or name.endswith("-tr.pdf"):
            assert original <= {GAME_TITLE, GAME_TITLE.upper()}, (name, original)
            assert turkish or name.endswith("-tr.pdf"), name
        else:
            assert not turkish, (name, turkish[:3])


@pytest.mark.parametrize("lang", LANGS)
def test_every_badge_prints_its_cards_atk_def_and_energy(kit, lang):
    """ATK, DEF and energy read back from the badges of every unit on every front page of the seven decks."""
    cards = {card.id: card for card in load_inputs(Project(), (lang,)).cards.cards}
    g, boxes = grid("a4"), badge_boxes(card_layout(LAYOUTS))
    checked = 0
    for faction_pdf in (pdf for name, pdf in kit.items() if name.startswith(f"{lang}/cards/")):
        document = pdfium.PdfDocument(faction_pdf)
        for index, slot, card_id, _ in front_cards(faction_pdf, "a4"):
            card = cards[card_id]
            if card.kind != "unit":
                continue
            printed_values = [text_in(document[index], on_page(g, slot, box)).split()[-1] for box in boxes]
            assert printed_values == [str(v) for v in (card.atk, card.def_, card.energy)], (lang, card_id)
            checked += 1
    assert checked == sum(c.copies for c in cards.values() if c.kind == "unit")


def _exposed_edge_bleed(image, dpi, trim, edge, probe_mm):
    """Whether the paper `probe_mm` outside the middle half of a trim edge is printed (not paper white)."""
    x0, y0, x1, y1 = (v * dpi / 72 for v in trim)  # PDF points, y up
    height = image.height
    d = probe_mm * MM * dpi / 72
    if edge in ("left", "right"):
        x = x0 - d if edge == "left" else x1 + d
        box = (int(x), int(height - (y0 + 0.75 * (y1 - y0))), int(x) + 1, int(height - (y0 + 0.25 * (y1 - y0))))
    else:
        y = y0 - d if edge == "bottom" else y1 + d
        box = (int(x0 + 0.25 * (x1 - x0)), int(height - y), int(x0 + 0.75 * (x1 - x0)), int(height - y) + 1)
    return ImageStat.Stat(image.crop(box).convert("L")).extrema[0][1] < 245  # even the lightest pixel


def test_every_exposed_cut_edge_of_a_partly_filled_sheet_has_3_mm_bleed(kit):
    """The last sheet of every deck (4 of 9 cards) and the back page behind it, and the last row of tokens: 3 mm
    outside every cut edge without a neighbouring card the paper is printed (A4: the grid's outer edges too)."""
    card = card_layout(LAYOUTS).card
    cases = [(f"{lang}/cards/{faction}.pdf", index, grid("a4"), card.width, card.height, card.bleed)
             for lang in ("de", "tr") for faction in ("rome", "egypt") for index in (8, 9)]
    layout = tokens_layout(LAYOUTS)
    count = len(token_list(load_inputs(Project(), ("pl",)).engine, layout))
    tokens, grid_of_tokens = layout.token, token_grid(sheet_layout("a4", LAYOUTS), layout, count)
    cases += [("pl/tokens.pdf", index, grid_of_tokens, tokens.size, tokens.size, tokens.bleed) for index in (0, 1)]
    dpi = 100
    for name, index, g, width, height, bleed in cases:
        pdf = kit[name]
        image = pdfium.PdfDocument(pdf)[index].render(scale=dpi / 72).to_pil()
        if name.endswith("tokens.pdf"):
            filled = _token_slots(pdf, index, g)
        else:
            origins = {(round(x, 2), round(y, 2)) for x, y, _ in placed_forms(pdf, index)}
            filled = {s for s in range(g.slots) if tuple(round(v, 2) for v in g.cell_origin(s)) in origins}
        assert 0 < len(filled) < g.slots, name
        measured = 0
        for slot in filled:
            row, column = divmod(slot, g.columns)
            x, y = g.cell_origin(slot)
            trim = (x, y, x + width * MM, y + height * MM)
            neighbours = {"left": column > 0 and slot - 1, "right": column < g.columns - 1 and slot + 1,
                          "top": row > 0 and slot - g.columns, "bottom": row < g.rows - 1 and slot + g.columns}
            for edge, neighbour in neighbours.items():
                if neighbour is not False and neighbour in filled:
                    continue  # a shared cut line: the neighbour continues there
                probe = min(bleed, 3.0) - 0.5
                assert _exposed_edge_bleed(image, dpi, trim, edge, probe), (name, index, slot, edge)
                assert not _exposed_edge_bleed(image, dpi, trim, edge, bleed + 1.0), (name, index, slot, edge)
                measured += 1
        assert measured >= 4


def _token_slots(pdf: bytes, index: int, g) -> set[int]:
    """The slots of a token page that hold a token (the centre of the cell is printed)."""
    image = pdfium.PdfDocument(pdf)[index].render(scale=1).to_pil().convert("L")
    filled = set()
    for slot in range(g.slots):
        x, y = g.cell_origin(slot)
        cx, cy = x + g.cell_width / 2, y + g.cell_height / 2
        if image.getpixel((int(cx), int(image.height - cy))) < 245:
            filled.add(slot)
    return filled


def test_a_card_back_looks_the_same_after_a_half_turn(runner, tmp_path):
    """Pro mode prints each back alone on its page (with bleed): turned 180°, it differs by less than 1 % of
    the grey range on average (antialiasing), while a front differs by far more."""
    assert invoke(runner, "build", "--lang", "tr", "--mode", "pro", "--out", tmp_path).exit_code == 0
    document = pdfium.PdfDocument((tmp_path / "tr" / "cards" / "dacia.pdf").read_bytes())
    differences = []
    for index in (0, 1):
        image = document[index].render(scale=100 / 72, grayscale=True).to_pil().convert("L")
        diff = ImageChops.difference(image, image.rotate(180))
        differences.append(ImageStat.Stat(diff).mean[0])
    front, back = differences
    assert back < 2.5 and front > 10 * back, differences
