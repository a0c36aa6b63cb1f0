"""The tokens: counts from the layout and the engine data, what the sheets print in each language, crop marks and
margins, duplex mirroring and back offset, engine changes carried through."""
from __future__ import annotations

import math
import re
import shutil
from io import BytesIO

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from conftest import LANGS
from product_helpers import load_engine
from pnp.typeset.fonts import register_fonts
from pnp.cards.layout import card_layout
from pnp.layouts.schemas import LAYOUTS, PAPERS, sheet_layout
from pnp.i18n.localize import stat_labels
from pnp.core.problems import ProblemsFound
from pnp.project import REPO, Project, load_inputs
from pnp.sheets.tokens import token_counts
from pnp.sheets.layout import tokens_layout
from pnp.sheets.token_faces import TokenFaces
from pnp.pages.imposition import sheet_pages
from pnp.sheets.token_sheet import TokenPrint, print_order, token_grid
from product_helpers import tokens_pdf
from pnp.sheets.tokens import Token, token_list
from pnp.data.terms import signed
from pnp.core.units import MM, PT
from pnp.typeset.fonts import fonts_for
from pnp.core.caches import CACHES
from pnp.graphics.drawing import Circle, Rect, Text, render
from ink_boxes import ink_box

DPI = 30
SMALL = card_layout(LAYOUTS).card.small_text


def printed(paper: str, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> TokenPrint:
    """The tokens printed on `paper` of the repository's layouts, as a build with these options prints them."""
    return TokenPrint(sheet_layout(paper, LAYOUTS), tokens_layout(LAYOUTS), SMALL, duplex, offset)


@pytest.fixture(scope="session")
def fonts():
    return register_fonts(Project().fonts)


@pytest.fixture(scope="session")
def inputs():
    return load_inputs(Project(), LANGS)


@pytest.fixture(scope="session")
def token_pdfs(inputs, fonts) -> dict[tuple[str, str], bytes]:
    """Every language's tokens on every paper (long-edge duplex), rendered once."""
    return {(lang, paper): tokens_pdf(inputs.engine, inputs.catalogs[lang], fonts, printed(paper, "long"))
            for lang in LANGS for paper in PAPERS}


def page_texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(BytesIO(data)).pages]


def fronts_and_backs(data: bytes) -> tuple[str, str]:
    texts = page_texts(data)
    return "\n".join(texts[0::2]), "\n".join(texts[1::2])


def count(text: str, token: str) -> int:
    return len(re.findall(rf"(?<![\d+−]){re.escape(token)}(?!\d)", text))


def test_counts_follow_the_layout_and_the_engine(inputs):
    engine = inputs.engine
    counts = {c.id: c for c in token_counts(engine, tokens_layout(LAYOUTS))}
    assert {k: counts[k].count for k in ("atk-1", "def-1", "atk-2", "def-2", "first-player", "used")} == \
        {"atk-1": 10, "def-1": 10, "atk-2": 6, "def-2": 6, "first-player": 1, "used": 8}
    assert counts["wound"].amounts == tuple(range(engine.stats_printed_min, engine.stats_printed_max + 1)) \
        == (1, 2, 3, 4, 5, 6)
    assert counts["wound"].count == 2 * 6
    assert counts["energy"].count == 2 * engine.energy_cap == 24
    assert all(c.reason for c in counts.values())
    assert sum(c.count for c in counts.values()) == len(token_list(engine, tokens_layout(LAYOUTS)))


@pytest.mark.parametrize("paper", PAPERS)
def test_pages_fronts_then_backs_of_the_paper(token_pdfs, inputs, paper):
    reader = PdfReader(BytesIO(token_pdfs[("de", paper)]))
    grid = token_grid(sheet_layout(paper, LAYOUTS), tokens_layout(LAYOUTS), len(token_list(inputs.engine, tokens_layout(LAYOUTS))))
    assert len(reader.pages) == 2 * math.ceil(len(token_list(inputs.engine, tokens_layout(LAYOUTS))) / grid.slots)
    size = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}[paper]
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(size, abs=0.5)


@pytest.mark.parametrize("lang", LANGS)
def test_each_side_prints_the_right_values_with_the_languages_abbreviations(token_pdfs, inputs, lang):
    front, back = fronts_and_backs(token_pdfs[(lang, "a4")])
    tokens = token_list(inputs.engine, tokens_layout(LAYOUTS))
    labels = stat_labels(inputs.catalogs[lang])
    modifiers = [t for t in tokens if t.kind == "modifier"]
    wounds = [t for t in tokens if t.kind == "wound"]
    for amount in (1, 2):
        assert count(front, signed(amount)) == sum(t.amount == amount for t in modifiers)
        assert count(back, signed(-amount)) == sum(t.amount == amount for t in modifiers) + \
            sum(t.amount == amount for t in wounds)
        assert count(front, signed(-amount)) == sum(t.amount == amount for t in wounds)
    assert count(front, labels["atk"]) == sum(t.stat == "atk" for t in modifiers) + len(wounds)
    assert count(back, labels["def"]) == sum(t.stat == "def" for t in modifiers) + len(wounds)
    other = {"de": (), "es": (), "pt": (), "pl": ("DEF",), "tr": ("ATK", "DEF")}[lang]
    assert not any(re.search(rf"\b{word}\b", front + back) for word in other)


def test_wound_tokens_say_how_long_they_last(token_pdfs):
    """The reminder is a hyphenated paragraph: words broken at a line end are joined again before comparing."""
    def joined(text: str) -> str:
        return re.sub(r"(?<=[^\W\d])-\s+(?=[a-zçğıöşüäß])", "", " ".join(text.split()))

    front, _ = fronts_and_backs(token_pdfs[("de", "a4")])
    assert joined(front).count("bis zur Endphase des nächsten Zuges des Angreifers") == 12
    front, _ = fronts_and_backs(token_pdfs[("tr", "a4")])
    assert joined(front).count("saldıranın bir sonraki turunun Bitiş aşamasına kadar") == 12


def rendered(data: bytes, index: int):
    page = pdfium.PdfDocument(data)[index]
    return page.render(scale=DPI / 72).to_pil().convert("RGB")


@pytest.mark.parametrize("paper", PAPERS)
def test_nothing_within_the_minimum_margin_and_crop_marks_in_the_margins(token_pdfs, inputs, paper):
    data = token_pdfs[("pl", paper)]
    sheet = sheet_layout(paper, LAYOUTS)
    grid = token_grid(sheet, tokens_layout(LAYOUTS), len(token_list(inputs.engine, tokens_layout(LAYOUTS))))
    margin = math.floor(sheet.margins.min_margin / 25.4 * DPI)
    for index in range(len(PdfReader(BytesIO(data)).pages)):
        image = rendered(data, index)
        w, h = image.size
        pixels = image.load()
        edge = [pixels[x, y] for x in range(w) for y in range(h)
                if x < margin or y < margin or x >= w - margin or y >= h - margin]
        assert all(min(p) > 245 for p in edge), f"page {index + 1} draws within {sheet.margins.min_margin} mm"
    # front pages carry marks in the left margin at the height of every horizontal cut line, backs none
    scale = DPI / 72
    column = int((grid.x0 - grid.bleed_x - grid.mark_gap - grid.mark_length_x / 2) * scale)
    for index, expected in ((0, grid.rows + 1), (1, 0)):
        pixels = rendered(data, index).load()
        dark = [y for y in range(rendered(data, index).size[1]) if min(pixels[column, y]) < 200]
        runs = [y for i, y in enumerate(dark) if i == 0 or y - dark[i - 1] > 1]
        assert len(runs) == expected, (index, runs)


def cell_colour(image, grid, slot: int):
    """The colour of a cell's ground, sampled between its gold frame and its medallion (upper left)."""
    x, y = grid.cell_origin(slot)
    scale = DPI / 72
    px = int((x + 2.6 * MM) * scale)
    py = image.size[1] - int((y + grid.cell_height - 2.6 * MM) * scale)
    return image.load()[px, py]


def close(a, b, tolerance=40):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


SPENT_GREY, WOUND_RED, ATTACK_RED, ATTACK_DARK = (130, 135, 125), (82, 10, 20), (194, 10, 31), (98, 0, 11)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_are_mirrored_for_the_duplex_flip(inputs, fonts, duplex):
    data = tokens_pdf(inputs.engine, inputs.catalogs["es"], fonts, printed("a4", duplex))
    kinds = placed_kinds(inputs.engine, "a4")[0]
    grid = token_grid(sheet_layout("a4", LAYOUTS), tokens_layout(LAYOUTS), len(token_list(inputs.engine, tokens_layout(LAYOUTS))))
    front, back = rendered(data, 0), rendered(data, 1)

    def mirrored(kind: str) -> int:  # a slot of `kind` whose slot behind holds another kind on the front
        return next(slot for slot, here in kinds.items() if here == kind and kinds.get(grid.back_slot(slot, duplex)) != kind)

    wound, energy = mirrored("wound"), mirrored("energy")
    assert close(cell_colour(front, grid, 0), ATTACK_RED) and close(cell_colour(front, grid, wound), WOUND_RED)
    assert close(cell_colour(back, grid, grid.back_slot(0, duplex)), ATTACK_DARK)
    assert close(cell_colour(back, grid, grid.back_slot(energy, duplex)), SPENT_GREY)  # behind the energy marker
    assert close(cell_colour(back, grid, grid.back_slot(wound, duplex)), WOUND_RED)    # the wound's back behind it


def placed_kinds(engine, paper: str) -> list[dict[int, str]]:
    """Page by page, the kind of token in each filled slot of the front (kind and stat for modifiers)."""
    layout = tokens_layout(LAYOUTS)
    tokens = token_list(engine, layout)
    order, groups = print_order(tokens)
    grid = token_grid(sheet_layout(paper, LAYOUTS), layout, len(tokens))
    return [{slot: groups[index].rstrip(":") if tokens[order[index]].kind != "modifier" else groups[index]
             for slot, index in page.items()} for page in sheet_pages(grid, len(tokens), groups, corners=True)]


def text_positions(data: bytes, page: int, wanted: str) -> list[tuple[float, float]]:
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip() == wanted:
            found.append((round(tm[4] * cm[0] + tm[5] * cm[2] + cm[4], 2), round(tm[4] * cm[1] + tm[5] * cm[3]
                                                                                  + cm[5], 2)))
    PdfReader(BytesIO(data)).pages[page].extract_text(visitor_text=visit)
    return sorted(found)


def test_back_offset_moves_the_back_pages_only(inputs, fonts):
    make = lambda offset: tokens_pdf(inputs.engine, inputs.catalogs["de"], fonts,  # noqa: E731
                                     printed("a4", "long", offset))
    plain, shifted = make((0.0, 0.0)), make((1.5, -1.0))
    assert text_positions(plain, 0, "+1") == text_positions(shifted, 0, "+1") != []
    before, after = text_positions(plain, 1, "−1"), text_positions(shifted, 1, "−1")
    assert before and len(before) == len(after)
    for (x0, y0), (x1, y1) in zip(before, after):
        assert (x1 - x0, y1 - y0) == pytest.approx((1.5 * MM, -1.0 * MM), abs=0.05)
    with pytest.raises(ProblemsFound) as caught:
        make((40.0, 0.0))
    assert caught.value.problems[0].code == "back-offset-too-large"


def test_without_duplex_the_backs_are_still_printed(inputs, fonts):
    data = tokens_pdf(inputs.engine, inputs.catalogs["pt"], fonts, printed("letter", "none"))
    front, back = fronts_and_backs(data)
    assert count(front, "+1") and count(back, "−1")


def test_a_changed_engine_changes_the_tokens(tmp_path, inputs, fonts):
    shutil.copytree(REPO / "data", tmp_path / "data")
    path = tmp_path / "data" / "engine.toml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^cap = 12", "cap = 9", text)
    text = re.sub(r"(?m)^printed_max = 6", "printed_max = 5", text)
    text = re.sub(r"(?m)^paid_level_max = 6", "paid_level_max = 5", text)
    path.write_text(text, encoding="utf-8")
    engine = load_engine(path)
    counts = {c.id: c.count for c in token_counts(engine, tokens_layout(LAYOUTS))}
    assert counts["energy"] == 18 and counts["wound"] == 10
    front, back = fronts_and_backs(tokens_pdf(engine, inputs.catalogs["pl"], fonts, printed("a4", "long")))
    assert front.count("Energia") == 18 and back.count("Wydana") == 18
    assert count(front, "−6") == 0 and count(front, "−5") == 2


def test_token_faces_fit_in_every_language(inputs, fonts):
    for lang in LANGS:
        faces = TokenFaces(inputs.engine, inputs.catalogs[lang], fonts, tokens_layout(LAYOUTS))
        for token in set(token_list(inputs.engine, tokens_layout(LAYOUTS))) | {Token("wound", amount=12)}:
            faces.face(token, "front"), faces.face(token, "back")
        assert faces.problems == [] and faces.text.problems == [], lang


def test_deterministic(inputs, fonts, token_pdfs):
    again = tokens_pdf(inputs.engine, inputs.catalogs["tr"], fonts, printed("a4", "long"))
    assert again == token_pdfs[("tr", "a4")]


def test_shapes_added_from_their_recording_print_what_drawing_them_prints(inputs, fonts, token_pdfs):
    """pnp.graphics.drawing.render records each run of shapes (SAME_EVERYWHERE) once per process, keyed by the
    palette too: the tokens drawn from the recordings of other languages and papers are byte-identical to the
    tokens drawn with nothing recorded before, and a rectangle drawn after one in another palette was recorded
    prints its own colour."""
    CACHES["pnp.pages.forms.draw_recorded"].clear()
    assert tokens_pdf(inputs.engine, inputs.catalogs["tr"], fonts, printed("a4", "long")) == token_pdfs[("tr", "a4")]

    def rectangle(colour: tuple[float, float, float, float]) -> bytes:
        buffer = BytesIO()
        canvas = Canvas(buffer, pagesize=(20, 20), invariant=1, pageCompression=0)
        render(canvas, (Rect(1, 1, 5, 5, stroke=None, fill="ink"),), palette={"ink": colour})
        canvas.save()
        return buffer.getvalue()

    black, cyan = (0, 0, 0, 1), (1, 0, 0, 0)
    rectangle(black)
    after_black = rectangle(cyan)
    CACHES["pnp.pages.forms.draw_recorded"].clear()
    assert after_black == rectangle(cyan) and b"1 0 0 0 k" in after_black


def test_token_kinds_come_from_one_registry_and_an_unknown_kind_is_an_error(tmp_path):
    """KINDS owns each kind's faces and amounts; the shipped set uses every kind, and a set entry of a kind the
    registry does not know fails loading the token set (so the score sheet's, the tokens' and the rulebook's
    checks) located at its entry of the project's tokens.toml."""
    from pnp.sheets.token_faces import KINDS
    from pnp.sheets.tokens import token_set_layout

    assert {entry.kind for entry in token_set_layout(LAYOUTS).set} == set(KINDS)
    for path in LAYOUTS.glob("*.toml"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    with (tmp_path / "tokens.toml").open("a", encoding="utf-8") as file:
        file.write('\n[[set]]\nid = "dragons"\nkind = "dragon"\ncount = 2\nreason = "for the dragons"\n')
    with pytest.raises(ProblemsFound) as caught:
        token_set_layout(tmp_path)
    [problem] = caught.value.problems
    assert problem.code == "layout-token" and problem.where.field == "set dragons" and "'dragon'" in problem.message
    assert problem.where.file == str(tmp_path / "tokens.toml")


def test_the_rulebook_rows_of_the_tokens_come_from_the_registry():
    """Each set entry's row in the rulebook's table of tokens: the token's name as printed on it (the modifier's
    value and stat), how many, and its kind's use message, in the language."""
    from pnp.sheets.token_faces import ENERGY_USE, KINDS, WOUND
    from pnp.sheets.tokens import token_rows

    inputs = load_inputs(Project(), ("de",))
    layout = tokens_layout(LAYOUTS)
    counts = token_counts(inputs.engine, layout)
    rows, problems = token_rows(counts, inputs.catalogs["de"], inputs.engine)
    assert problems == [] and len(rows) == len(layout.set)
    by_kind = {count.kind: row for count, row in zip(counts, rows)}
    assert set(by_kind) == set(KINDS)
    wound = inputs.catalogs["de"].translations.pgettext(*WOUND)
    assert by_kind["wound"].token.startswith(f"{wound} −{inputs.engine.stats_printed_min} … ")
    assert f" {inputs.engine.energy_cap} " in by_kind["energy"].use and "{" not in by_kind["energy"].use
    assert by_kind["energy"].use != ENERGY_USE[1]  # translated
    assert all(row.count == count.count for row, count in zip(rows, counts))
    assert re.fullmatch(r"\+(\d+) (\S+) / −\1 \2", by_kind["modifier"].token)


MISCUT = 0.6  # mm: how far off a careful cut may land
PROBE_DPI = 150


def cut_line_probe(data: bytes, grid) -> list[tuple]:
    """Places where a cut MISCUT mm off one way or the other shows two different colours: on both sides of every
    inner cut edge between two slots (at its middle) and around every inner corner of the grid, on every page. A
    point left unpainted (paper white) next to a painted one counts too: a token edge without bleed."""
    scale = PROBE_DPI / 72
    found = []
    document = pdfium.PdfDocument(data)
    for index in range(len(document)):
        image = document[index].render(scale=PROBE_DPI / 72).to_pil().convert("RGB")
        pixels, height = image.load(), image.size[1]

        def colour(x: float, y: float):
            return pixels[int(x * scale), height - 1 - int(y * scale)]

        def differ(points) -> bool:
            colours = [colour(x, y) for x, y in points]
            painted = [c for c in colours if min(c) < 235]
            return bool(painted) and (len(painted) < len(colours) or any(
                max(abs(a - b) for a, b in zip(c, painted[0])) > 24 for c in painted))

        xs, ys = grid.cut_lines()
        d = MISCUT * MM
        for i, x in enumerate(xs[1:-1], 1):  # vertical cut lines: the middle of each cell edge on them
            for y0, y1 in zip(ys, ys[1:]):
                if differ([(x - d, (y0 + y1) / 2), (x + d, (y0 + y1) / 2)]):
                    found.append((index, "vertical", round(x / MM, 1), round((y0 + y1) / 2 / MM, 1)))
        for y in ys[1:-1]:
            for x0, x1 in zip(xs, xs[1:]):
                if differ([((x0 + x1) / 2, y - d), ((x0 + x1) / 2, y + d)]):
                    found.append((index, "horizontal", round((x0 + x1) / 2 / MM, 1), round(y / MM, 1)))
            for x in xs[1:-1]:
                if differ([(x + sx * d, y + sy * d) for sx in (-1, 1) for sy in (-1, 1)]):
                    found.append((index, "corner", round(x / MM, 1), round(y / MM, 1)))
    return found


@pytest.mark.parametrize("paper", PAPERS)
def test_no_cut_line_or_corner_shows_two_colours_after_a_miscut(token_pdfs, inputs, paper):
    """Tokens of different ground colours never share a cut edge or corner, fronts and backs: a cut 0.6 mm off
    shows the token's own bleed, never a neighbour of another colour."""
    grid = token_grid(sheet_layout(paper, LAYOUTS), tokens_layout(LAYOUTS),
                      len(token_list(inputs.engine, tokens_layout(LAYOUTS))))
    assert cut_line_probe(token_pdfs[("de", paper)], grid) == []


def face_items(inputs, fonts, lang):
    faces = TokenFaces(inputs.engine, inputs.catalogs[lang], fonts_for(fonts, lang), tokens_layout(LAYOUTS))
    for token in set(token_list(inputs.engine, tokens_layout(LAYOUTS))):
        for side in ("front", "back"):
            yield token, faces.face(token, side)


def test_no_frame_line_or_ring_within_3_mm_of_the_cut(inputs, fonts):
    size = tokens_layout(LAYOUTS).token.size
    for token, items in face_items(inputs, fonts, "de"):
        for item in items:
            if isinstance(item, Circle) and item.stroke:
                edge = min(item.x - item.r, item.y - item.r, size - item.x - item.r, size - item.y - item.r)
                assert edge >= 3.0, (token, item)
            if isinstance(item, Rect) and item.stroke:
                edge = min(item.x, item.y, size - item.x - item.w, size - item.y - item.h)
                assert edge >= 3.0, (token, item)


@pytest.mark.parametrize("lang", LANGS)
def test_wound_text_is_7_pt_upright_and_1_mm_clear_of_the_ring(inputs, fonts, lang):
    """Every text of a wound token: at least 7 pt, not italic, its ink (glyph outlines) at least 1 mm inside or
    outside the medallion's ring (the ring's own width included)."""
    layout = tokens_layout(LAYOUTS)
    half_ring = layout.token.ring / 2 * PT
    checked = 0
    for token, items in face_items(inputs, fonts, lang):
        if token.kind != "wound":
            continue
        ring = next(item for item in items if isinstance(item, Circle))
        for item in items:
            box = ink_box(item, fonts_for(fonts, lang), layout.figures) if isinstance(item, Text) else None
            if box is None:
                continue
            assert item.size >= 7.0 and item.font != "italic", item
            corners = [(x - ring.x, y - ring.y) for x in (box[0], box[2]) for y in (box[1], box[3])]
            farthest = max(math.hypot(*corner) for corner in corners)
            nearest = math.hypot(min(max(ring.x, box[0]), box[2]) - ring.x, min(max(ring.y, box[1]), box[3]) - ring.y)
            clearance = ring.r - farthest if farthest < ring.r else nearest - ring.r
            assert clearance - half_ring >= 1.0, (lang, item.text, round(clearance - half_ring, 2))
            checked += 1
    assert checked >= 4
