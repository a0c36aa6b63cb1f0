"""Print-grade checks over a whole built kit (five languages, booklet, calibration sheets), read back from the PDFs'
content streams and pixels: colour operators and total ink, small text in one ink, the smallest type sizes, the
figure font of every digit, Turkish capitals, badge values against the database, bleed on every exposed cut edge
of every sheet (A4, Letter, tokens, pro pages) and backs that look the same after a half turn."""
from __future__ import annotations

import math
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat

from conftest import LANGS, invoke
from deck_helpers import front_cards, grid, on_page, placed_forms, shared_decks, text_in
from pdf_ops import shared_printed, texts_by_font
from session_cache import built_kit
from pnp.context import BuildOptions
from pnp.cards.layout import card_layout
from pnp.layouts.schemas import LAYOUTS, sheet_layout
from pnp.pages.imposition import sheet_grid
from pnp.project import Project, load_inputs
from pnp.cards.faces import GAME_TITLE, badge_boxes
from pnp.sheets.layout import tokens_layout
from pnp.sheets.token_sheet import TokenPrint, token_grid
from product_helpers import tokens_pdf
from pnp.typeset.fonts import register_fonts
from pnp.sheets.tokens import token_list
from pnp.core.units import MM

SMALL = card_layout(LAYOUTS).card.small_text
MAX_INK = card_layout(LAYOUTS).card.max_ink


@pytest.fixture(scope="module")
def kit(runner, tmp_path_factory) -> dict[str, bytes]:
    """Relative path -> bytes of every PDF of `pnp build --lang all --booklet` and `pnp calibrate --lang all`."""
    out = built_kit(tmp_path_factory, runner, tmp_path_factory.mktemp("kit"), LANGS, "--booklet")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(out)
        assert invoke(runner, "calibrate").exit_code == 0
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*.pdf"))}


@pytest.fixture(scope="module")
def content(kit):
    return {name: shared_printed(pdf) for name, pdf in kit.items()}


@pytest.fixture(scope="module")
def decoded(kit):
    """(font, text) runs of the German, Polish and Turkish PDFs (decoding text is slow: three languages)."""
    return {name: texts_by_font(pdf) for name, pdf in kit.items() if name[:3] in ("de/", "pl/", "tr/")
            or name.endswith(("-de.pdf", "-tr.pdf"))}


def test_the_kit_is_complete(kit):
    assert len(kit) == 5 * (7 + 2 + 5) + 5  # decks, score sheet, tokens, three rule books, two booklets; calibration


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
        faces = ("EBGaramondPnP-", "EBGaramondPnPTabular-")  # the tabular face: figures in columns
        assert fonts and all(font.startswith(faces) for font in fonts), (name, fonts)


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
        document, text_pages = pdfium.PdfDocument(faction_pdf), {}
        for index, slot, card_id, _ in front_cards(faction_pdf, "a4"):
            card = cards[card_id]
            if card.kind != "unit":
                continue
            if index not in text_pages:  # a page read once for all its cards
                text_pages[index] = document[index].get_textpage()
            printed_values = [text_in(text_pages[index], on_page(g, slot, box)).split()[-1] for box in boxes]
            assert printed_values == [str(v) for v in (card.atk, card.def_, card.energy)], (lang, card_id)
            checked += 1
    assert checked == sum(c.copies for c in cards.values() if c.kind == "unit")


BLEED_DPI = 150
WHITE = 245  # a pixel this light (or lighter) is unprinted paper


def _printed_beyond(image, trim: tuple[float, float, float, float], edge: str) -> float:
    """How far (mm) the print runs on past a trim edge (PDF points, y up) of a greyscale page image: the least, over
    a quarter, half and three quarters along the edge, of the distance to the first unprinted pixel outward (or to
    the page's edge)."""
    s, height = BLEED_DPI / 72, image.height
    x0, y0, x1, y1 = (v * s for v in trim)
    pixels, reach = image.load(), []
    for t in (0.25, 0.5, 0.75):
        if edge in ("left", "right"):
            start, row = (x0, height - (y0 + t * (y1 - y0))) if edge == "left" else (x1, height - (y0 + t * (y1 - y0)))
            step = (-1, 0) if edge == "left" else (1, 0)
        else:
            start, row = (x0 + t * (x1 - x0), height - y0) if edge == "bottom" else (x0 + t * (x1 - x0), height - y1)
            step = (0, 1) if edge == "bottom" else (0, -1)
        x, y, n = start + step[0] * 0.5, row + step[1] * 0.5, 0
        while 0 <= int(x) < image.width and 0 <= int(y) < height and pixels[int(x), int(y)] < WHITE:
            x, y, n = x + step[0], y + step[1], n + 1
        reach.append(n / s / MM)
    return min(reach)


def _exposed_edges(g, slot: int, filled: set[int]) -> list[str]:
    """The cut edges of a cell with no neighbouring cell beyond them (the grid's outer edges, an empty slot)."""
    row, column = divmod(slot, g.columns)
    neighbours = {"left": column > 0 and slot - 1, "right": column < g.columns - 1 and slot + 1,
                  "top": row > 0 and slot - g.columns, "bottom": row < g.rows - 1 and slot + g.columns}
    return [edge for edge, other in neighbours.items() if other is False or other not in filled]


def _token_slots(image, g) -> set[int]:
    """The slots of a token page that hold a token (the centre of the cell is printed), from its greyscale image at
    BLEED_DPI."""
    s, filled = BLEED_DPI / 72, set()
    for slot in range(g.slots):
        x, y = g.cell_origin(slot)
        cx, cy = x + g.cell_width / 2, y + g.cell_height / 2
        if image.getpixel((int(cx * s), int(image.height - cy * s))) < WHITE:
            filled.add(slot)
    return filled


def _sheet_bleeds(pdf: bytes, g, tokens: bool = False) -> list[float]:
    """The bleed (mm) measured outside every exposed cut edge of every cell of every page of a home sheet PDF."""
    document, bleeds = pdfium.PdfDocument(pdf), []
    for index in range(len(document)):
        if tokens:
            image = document[index].render(scale=BLEED_DPI / 72, grayscale=True).to_pil().convert("L")
            filled = _token_slots(image, g)
        else:
            origins = {(round(x, 2), round(y, 2)) for x, y, _ in placed_forms(pdf, index)}
            filled = {s for s in range(g.slots) if tuple(round(v, 2) for v in g.cell_origin(s)) in origins}
        assert filled, (index, "no cell found")
        edges = [(_cell_trim(g, slot), edge) for slot in filled for edge in _exposed_edges(g, slot, filled)]
        if not tokens:
            image = _near_edges(document[index], edges)
        bleeds += [_printed_beyond(image, trim, edge) for trim, edge in edges]
    return bleeds


def _cell_trim(g, slot: int) -> tuple[float, float, float, float]:
    """A grid cell's trim (left, bottom, right, top) in points."""
    x, y = g.cell_origin(slot)
    return x, y, x + g.cell_width, y + g.cell_height


def _pro_bleeds(pdf: bytes) -> list[float]:
    """The bleed (mm) measured outside the four trim edges of every page of a pro PDF (trim from its TrimBox)."""
    bleeds = []
    for page in pdfium.PdfDocument(pdf):
        edges = [(page.get_trimbox(), edge) for edge in ("left", "right", "top", "bottom")]
        image = _near_edges(page, edges)
        bleeds += [_printed_beyond(image, trim, edge) for trim, edge in edges]
    return bleeds


BEYOND = 5.0  # mm rendered outward of a cut edge: more than the 3.5 mm the print may run on (then it measures 5)


def _near_edges(page: pdfium.PdfPage, edges: list[tuple[tuple[float, float, float, float], str]]):
    """The page in greyscale at BLEED_DPI where `_printed_beyond` looks, white elsewhere: along each (trim, edge),
    BEYOND mm outward and 1 mm inward. One strip per edge line, rendered alone (PDFium's crop: the pixel grid of
    the whole page, with a quarter of its time on a sheet of cards)."""
    s, (width, height) = BLEED_DPI / 72, page.get_size()
    image = Image.new("L", (math.ceil(width * s), math.ceil(height * s)), 255)
    for left, bottom, right, top in _strips(edges):
        crop = (max(left, 0), max(bottom, 0), max(width - right, 0), max(height - top, 0))
        strip = page.render(scale=s, grayscale=True, crop=crop).to_pil().convert("L")
        image.paste(strip, (math.ceil(crop[0] * s), math.ceil(crop[3] * s)))
    return image


def _strips(edges: list[tuple[tuple[float, float, float, float], str]]) -> list[tuple[float, ...]]:
    """(left, bottom, right, top) in points around the cut edges, one per side and line (a sheet's outer cells
    share one strip per side)."""
    out, inward, strips = BEYOND * MM, MM, {}
    for (x0, y0, x1, y1), edge in edges:
        line = {"left": x0, "right": x1, "bottom": y0, "top": y1}[edge]
        rect = {"left": (x0 - out, y0, x0 + inward, y1), "right": (x1 - inward, y0, x1 + out, y1),
                "bottom": (x0, y0 - out, x1, y0 + inward), "top": (x0, y1 - inward, x1, y1 + out)}[edge]
        key = (edge, round(line, 2))
        if key in strips:
            rect = (*map(min, strips[key][:2], rect[:2]), *map(max, strips[key][2:], rect[2:]))
        strips[key] = rect
    return list(strips.values())


@pytest.fixture(scope="module")
def other_papers(tmp_path_factory):
    """The German decks on Letter and in pro mode (as the build renders them)."""
    return {"letter": shared_decks(tmp_path_factory, BuildOptions(paper="letter", langs=("de",))),
            "pro": shared_decks(tmp_path_factory, BuildOptions(mode="pro", langs=("de",)))}


def test_every_exposed_cut_edge_of_every_sheet_has_3_mm_bleed(kit, other_papers):
    """Every page of the German decks on A4 and Letter and of the Turkish decks on A4 (full sheets, the last
    sheet of 4 cards on A4, the back pages), the tokens on both papers, and every pro page: the print runs at
    least 3 mm past every cut edge without a neighbouring cell (a pixel at 150 dpi is 0.17 mm), and stops
    within 0.5 mm after it. (The cards' pages rendered in strips along their cut edges, `_near_edges`.)"""
    card, layout, inputs = card_layout(LAYOUTS).card, tokens_layout(LAYOUTS), load_inputs(Project(), ("de",))
    count = len(token_list(inputs.engine, layout))
    measured = {}
    for paper in ("a4", "letter"):
        g = sheet_grid(sheet_layout(paper, LAYOUTS), card.width, card.height, card.bleed)
        decks = ({name: pdf for name, pdf in kit.items() if name.startswith(("de/cards/", "tr/cards/"))}
                 if paper == "a4" else {str(path): pdf for path, pdf in other_papers["letter"].items()})
        assert len(decks) == (14 if paper == "a4" else 7)
        measured[paper] = [b for pdf in decks.values() for b in _sheet_bleeds(pdf, g)]
        tokens = kit["de/tokens.pdf"] if paper == "a4" else tokens_pdf(
            inputs.engine, inputs.catalogs["de"], register_fonts(Project().fonts),
            TokenPrint(sheet_layout("letter", LAYOUTS), layout, SMALL, "long"))
        measured[f"{paper} tokens"] = _sheet_bleeds(
            tokens, token_grid(sheet_layout(paper, LAYOUTS), layout, count), tokens=True)
    measured["pro"] = [b for pdf in other_papers["pro"].values() for b in _pro_bleeds(pdf)]
    for name, bleeds in measured.items():
        assert bleeds and 3.0 - 0.2 <= min(bleeds) and max(bleeds) <= 3.5, (name, min(bleeds), max(bleeds))
    assert len(measured["pro"]) == 7 * 80 * 4


def test_a_card_back_looks_the_same_after_a_half_turn(tmp_path_factory):
    """Pro mode prints each back alone on its page (with bleed): turned 180°, it differs by less than 1 % of
    the grey range on average (antialiasing), while a front differs by far more. (The Turkish pro decks as the
    build renders them, deck_helpers.shared_decks: test_cards_pdf reads them too.)"""
    decks = shared_decks(tmp_path_factory, BuildOptions(mode="pro", langs=("tr",)))
    document = pdfium.PdfDocument(decks[Path("tr") / "cards" / "dacia.pdf"])
    differences = []
    for index in (0, 1):
        image = document[index].render(scale=100 / 72, grayscale=True).to_pil().convert("L")
        diff = ImageChops.difference(image, image.rotate(180))
        differences.append(ImageStat.Stat(diff).mean[0])
    front, back = differences
    assert back < 2.5 and front > 10 * back, differences
