"""Factions any eye can tell apart: every faction colour the card layouts print at full strength differs by at least
ΔE2000 12 for every pair, for normal vision and under simulated deuteranopia, protanopia and tritanopia
(tests/colour_vision.py), and every faction's emblem, on fronts and backs, is large and distinct enough to tell the
factions apart in grey."""
from __future__ import annotations

from dataclasses import fields
from io import BytesIO
from itertools import combinations

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from colour_vision import VISIONS, delta_e_matrix, srgb
from pnp.graphics.emblems import draw_emblem
from pnp.cards.layout import FACTION_PAINTS, CardLayout, Paint, card_layout
from pnp.layouts.schemas import CARD, CARD_VARIANTS, LAYOUTS

VARIANTS = {name: card_layout(LAYOUTS, name) for name in CARD_VARIANTS}
LAYOUT = VARIANTS[CARD]
DISTINCT = 12.0  # ΔE2000, every pair of factions, every vision
LEGIBLE = 7.0    # WCAG contrast of the paper-white small text knocked out of a dark shade (AAA)
READABLE = 4.5   # WCAG contrast of the text set in a dark shade (14 pt and more) on the parchment
# the face each paint of a card layout lies on (a paint the test does not know fails it: add it here)
FACE = {"frame": "front", "panels": "front", "frame_text": "front", "back": "back", "medallion": "back",
        "back_art": "back"}


def faction_paints(layout: CardLayout) -> dict[tuple[str, str], Paint]:
    """Every faction colour a card layout prints, by (face, place): the paints that name a faction colour, and the
    dark shade of the front's type bar, stat badges, commander mark and bonus line, which every variant prints. Not
    here: the generated art's sky and mixes (a picture, replaced by an art file; docs/print-design.md)."""
    paints = {("front", "bars and badges"): Paint("faction.dark")}
    for place in fields(layout.paint):
        paint = getattr(layout.paint, place.name)
        if isinstance(paint, Paint) and paint.colour in FACTION_PAINTS:
            paints[FACE[place.name], place.name] = paint
    return paints


@pytest.mark.parametrize("variant", CARD_VARIANTS)
@pytest.mark.parametrize("vision", VISIONS)
def test_faction_colours_printed_at_full_strength_differ_by_delta_e_12_for_every_vision(vision, variant):
    """Every faction colour a layout prints at full strength (the main colour of the fronts' frame and the backs'
    ground, the dark shade of bars, badges and the backs' medallion, whatever a variant paints) is at least 12 from
    every other faction's in the same place."""
    layout = VARIANTS[variant]
    solid = {where: paint for where, paint in faction_paints(layout).items() if paint.tint == 1}
    assert {paint.colour for paint in solid.values()} >= {"faction.dark"}
    for where, paint in solid.items():
        matrix = delta_e_matrix({f: layout.colour(paint, f) for f in layout.factions}, vision)
        assert len(matrix) == 21
        assert min(matrix.values()) >= DISTINCT, (where, sorted(matrix.items(), key=lambda kv: kv[1])[:3])


@pytest.mark.parametrize("variant", CARD_VARIANTS)
def test_every_face_prints_a_faction_colour_at_full_strength(variant):
    """A tint (the ink saver's light grounds: too pale to be 12 apart) never is all that tells a face's faction."""
    paints = faction_paints(VARIANTS[variant])
    for face in ("front", "back"):
        assert any(paint.tint == 1 for (on, _), paint in paints.items() if on == face), face


@pytest.mark.parametrize("faction", sorted(LAYOUT.factions))
def test_text_on_and_in_the_dark_shades_stays_legible(faction):
    dark = srgb(LAYOUT.factions[faction].dark)
    assert dark.contrast(srgb(LAYOUT.palette.paper), method="wcag21") >= LEGIBLE
    assert dark.contrast(srgb(LAYOUT.palette.parchment), method="wcag21") >= READABLE


def silhouette(name: str, size: int = 96) -> set[tuple[int, int]]:
    """The pixels an emblem covers, drawn alone in black and rasterized."""
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=(size, size), invariant=1)
    draw_emblem(canvas, name, size / 2, size / 2, size * 0.66)
    canvas.save()
    image = pdfium.PdfDocument(buffer.getvalue())[0].render(scale=1).to_pil().convert("L")
    pixels = image.load()
    return {(x, y) for x in range(size) for y in range(size) if pixels[x, y] < 128}


def test_every_faction_has_its_own_emblem_large_on_fronts_and_backs():
    emblems = {faction: style.emblem for faction, style in LAYOUT.factions.items()}
    assert len(set(emblems.values())) == len(emblems)
    assert LAYOUT.front.type_bar.emblem_size >= 4.5 and LAYOUT.back.emblem_size >= 12.0
    shapes = {name: silhouette(name) for name in emblems.values()}
    for a, b in combinations(shapes, 2):  # in grey the shapes alone tell the factions apart
        overlap = len(shapes[a] & shapes[b]) / len(shapes[a] | shapes[b])
        assert overlap < 0.6, (a, b, round(overlap, 2))
