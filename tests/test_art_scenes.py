"""Generated art that differs card to card: within a faction no two distinct cards share their art window (the
drawing in the faction's dark shade compared pixel by pixel), and every colour of the art stays under the ink
limit."""
from __future__ import annotations

from io import BytesIO
from itertools import combinations

import pikepdf
import pypdfium2 as pdfium
import pytest
from reportlab.lib.colors import CMYKColor
from reportlab.pdfgen.canvas import Canvas

from pnp.core.caches import CACHES
from pnp.graphics.art_scenes import Scene, draw_placeholder, motif
from pnp.graphics.drawing import ArtWindow, render
from pnp.graphics.icons import TYPE_ICONS, draw_icon
from pnp.pages.forms import define_once, draw_recorded
from pnp.cards.layout import card_layout
from pnp.layouts.schemas import LAYOUTS
from pnp.project import Project, load_inputs
from pnp.core.units import MM

LAYOUT = card_layout(LAYOUTS)
CARDS = load_inputs(Project(), ("de",)).cards.cards
SAME = 0.6  # two windows whose drawings overlap this much (intersection over union) show the same picture


def window_pdf(card) -> bytes:
    box = LAYOUT.front.art.unit if card.kind == "unit" else LAYOUT.front.art.other
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(box.width * MM, box.height * MM), invariant=1)
    style, palette = LAYOUT.factions[card.faction], LAYOUT.palette
    draw_placeholder(canvas, 0, 0, box.width * MM, box.height * MM,
                     Scene(card, style.color, style.dark, style.sky, style.emblem, palette.light, palette.gold))
    canvas.save()
    return buffer.getvalue()


def rendered(pdf: bytes):
    return pdfium.PdfDocument(pdf)[0].render(scale=60 / 72).to_pil().convert("RGB")


def drawing(card) -> frozenset[tuple[int, int]]:
    """The pixels of the art window printed in the faction's dark shade (the motif, figures and temple)."""
    buffer = BytesIO()
    swatch = Canvas(buffer, pagesize=(10, 10), invariant=1)
    swatch.setFillColor(CMYKColor(*LAYOUT.factions[card.faction].dark))
    swatch.rect(0, 0, 10, 10, stroke=0, fill=1)
    swatch.save()
    dark = rendered(buffer.getvalue()).getpixel((5, 5))
    image = rendered(window_pdf(card))
    pixels, (w, h) = image.load(), image.size
    return frozenset((x, y) for x in range(w) for y in range(h)
                     if sum(abs(a - b) for a, b in zip(pixels[x, y], dark)) < 30)


@pytest.mark.parametrize("faction", sorted(LAYOUT.factions))
def test_no_two_cards_of_a_faction_share_their_art(faction):
    cards = [card for card in CARDS if card.faction == faction]
    drawings = {card.id: drawing(card) for card in cards}
    for a, b in combinations(cards, 2):
        if (a.kind == "unit") == (b.kind == "unit"):  # windows of one size
            overlap = len(drawings[a.id] & drawings[b.id]) / len(drawings[a.id] | drawings[b.id])
            assert overlap < SAME, (a.id, b.id, round(overlap, 2))


def test_every_colour_of_the_art_stays_under_the_ink_limit():
    limit = LAYOUT.card.max_ink / 100
    for card in CARDS:
        with pikepdf.open(BytesIO(window_pdf(card))) as pdf:
            for operands, operator in pikepdf.parse_content_stream(pdf.pages[0]):
                if str(operator) in ("k", "K"):
                    assert sum(float(v) for v in operands) <= limit + 1e-6, (card.id, list(operands))


def _window_in_form(card, draw, icon_first: bool) -> bytes:
    """The art window as a deck draws it, inside a form of its own; `icon_first`: the PDF defines an icon's form
    before the window (as a stat badge would), so that the art then finds it defined."""
    box = LAYOUT.front.art.unit if card.kind == "unit" else LAYOUT.front.art.other
    w, h = box.width * MM, box.height * MM
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(w, h), invariant=1)
    if icon_first:
        draw_icon(canvas, TYPE_ICONS.get(card.unit_type, "scroll-unfurled"), 5, 5, 5)
    style, palette = LAYOUT.factions[card.faction], LAYOUT.palette
    scene = Scene(card, style.color, style.dark, style.sky, style.emblem, palette.light, palette.gold)
    define_once(canvas, "window", (0, 0, w, h), lambda c: draw(c, lambda c: draw_placeholder(c, 0, 0, w, h, scene)))
    canvas.doForm("window")
    canvas.save()
    return buffer.getvalue()


@pytest.mark.parametrize("icon_first", [False, True])
def test_an_art_scene_drawn_again_from_its_recording_gives_the_same_pdf(icon_first):
    """draw_recorded: the first PDF records the scene, the second adds the recorded operators again; both are
    byte-identical to drawing it, the forms the art uses (icons, emblem) defined in each PDF, in the same order,
    whether or not the PDF had one of them already. One card of every motif."""
    motifs = {}
    for card in CARDS:
        motifs.setdefault(motif(card), card)
    assert len(motifs) == 6
    for card in motifs.values():
        direct = _window_in_form(card, lambda c, draw: draw(c), icon_first)
        key = ("test", card.id, icon_first)
        recorded = [_window_in_form(card, lambda c, draw: draw_recorded(c, key, draw), icon_first) for _ in range(2)]
        assert recorded == [direct, direct], card.id
        assert b"/FormXob" in direct


def test_art_windows_recorded_in_one_shape_and_colour_print_their_own_in_another():
    """_art_window records its clip and outline once per process (draw_recorded), keyed by the window's box,
    radius, outline colour and width: a window of another size or outline colour, drawn after the others were
    recorded, prints what it prints drawn first (the memo emptied)."""
    card = CARDS[0]
    style, palette = LAYOUT.factions[card.faction], LAYOUT.palette
    scene = Scene(card, style.color, style.dark, style.sky, style.emblem, palette.light, palette.gold)
    windows = [ArtWindow(box, LAYOUT.front.panel_radius, None, scene, outline, 1.0)
               for box in (LAYOUT.front.art.unit, LAYOUT.front.art.other) for outline in (palette.gold, (1, 0, 0, 0))]

    def pdf(window: ArtWindow) -> bytes:
        buffer = BytesIO()
        canvas = Canvas(buffer, pagesize=(200, 200), invariant=1)
        render(canvas, (window,))
        canvas.save()
        return buffer.getvalue()

    after_the_others = [pdf(window) for window in windows]
    first = []
    for window in windows:
        CACHES["pnp.pages.forms.draw_recorded"].clear()
        first.append(pdf(window))
    assert after_the_others == first and len(set(first)) == 4
