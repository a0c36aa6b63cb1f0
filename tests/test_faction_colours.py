"""Factions any eye can tell apart: the faction colours of the card layout differ by at least ΔE2000 12 for every
pair, for normal vision and under simulated deuteranopia, protanopia and tritanopia (tests/colour_vision.py), and
every faction's emblem, on fronts and backs, is large and distinct enough to tell the factions apart in grey."""
from __future__ import annotations

from io import BytesIO
from itertools import combinations

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from colour_vision import VISIONS, delta_e_matrix
from pnp.graphics.emblems import draw_emblem
from pnp.cards.layout import card_layout
from pnp.layouts.schemas import LAYOUTS

LAYOUT = card_layout(LAYOUTS)
MAIN_MIN, DARK_MIN = 12.0, 10.0


@pytest.mark.parametrize("vision", VISIONS)
def test_faction_colours_differ_by_delta_e_12_for_every_vision(vision):
    """The main colours (fronts' frame, backs' ground) at least 12 apart; the dark shades (bars, badges, the back's
    medallion, always beside the main colour) at least 10."""
    main = delta_e_matrix({f: style.color for f, style in LAYOUT.factions.items()}, vision)
    dark = delta_e_matrix({f: style.dark for f, style in LAYOUT.factions.items()}, vision)
    assert len(main) == 21
    assert min(main.values()) >= MAIN_MIN, sorted(main.items(), key=lambda kv: kv[1])[:3]
    assert min(dark.values()) >= DARK_MIN, sorted(dark.items(), key=lambda kv: kv[1])[:3]


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
