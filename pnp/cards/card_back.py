"""Drawing a card back: the same design for every card of a faction, and the same after a 180° turn (face-down
cards tell nothing by their orientation) — its colour and rays into the bleed, no frame line near the trim, a
medallion with the emblem, the game's title and the faction's name, each upright at one end and turned at the other."""
from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from .layout import CardLayout
from ..core.units import MM
from ..graphics.colours import cmyk, mix
from ..graphics.emblems import draw_emblem
from ..graphics.ornaments import draw_diamond
from .card_front import ink
from .faces import BackFace
from ..typeset.draw_text import draw_text


def draw_back(canvas: Canvas, face: BackFace, layout: CardLayout, x: float, y: float) -> None:
    """Draw the back with its trim's bottom-left corner at (x, y) points, bleed included."""
    card, back, paint = layout.card, layout.back, layout.paint
    ground, fill = layout.colour(paint.back, face.faction), layout.colour(paint.medallion, face.faction)
    canvas.saveState()
    canvas.translate(x, y)
    b = card.bleed
    canvas.setFillColor(cmyk(ground))  # the faction colour, told apart by any eye (card.toml), or its light tint
    canvas.rect(-b * MM, -b * MM, (card.width + 2 * b) * MM, (card.height + 2 * b) * MM, stroke=0, fill=1)
    cx, cy = card.width / 2 * MM, card.height / 2 * MM
    _rays(canvas, layout, mix(ground, fill, 0.35), cx, cy)

    medallion = back.medallion
    radius = medallion.box.width / 2 * MM
    canvas.setFillColor(cmyk(fill))
    canvas.setStrokeColor(cmyk(layout.colour(paint.back_art, face.faction)))
    canvas.setLineWidth(back.outline * medallion.ring)
    canvas.circle(cx, cy, radius, stroke=1, fill=1)
    canvas.setLineWidth(back.outline * medallion.inner_ring)
    inner = radius * medallion.inner_scale
    canvas.circle(cx, cy, inner, stroke=1, fill=0)
    canvas.line(cx - inner, cy, cx + inner, cy)
    for turn in (0, 180):
        canvas.saveState()
        canvas.translate(cx, cy)
        canvas.rotate(turn)
        canvas.translate(-cx, -cy)
        _half(canvas, face, layout, cx, cy)
        canvas.restoreState()
    canvas.restoreState()


def _half(canvas: Canvas, face: BackFace, layout: CardLayout, cx: float, cy: float) -> None:
    """The upper half of the back: the emblem in the medallion, the faction's name and the game's title."""
    back, paint = layout.back, layout.paint
    art = layout.colour(paint.back_art, face.faction)
    canvas.setFillColor(cmyk(art))
    draw_emblem(canvas, layout.style(face.faction).emblem, cx, cy + back.emblem_offset * MM, back.emblem_size * MM)
    ink(canvas, face.title, art, layout, knockout=paint.back_knockout)
    draw_text(canvas, face.title, back.title.inner, "center")
    if face.name:
        ink(canvas, face.name, art, layout, knockout=paint.back_knockout)
        draw_text(canvas, face.name, back.faction.inner, "center")
    rule = back.rule
    rule_y = (back.title.box.y - rule.gap) * MM
    canvas.setStrokeColor(cmyk(art))
    canvas.setLineWidth(rule.width)
    canvas.line(cx - rule.end * MM, rule_y, cx - rule.start * MM, rule_y)
    canvas.line(cx + rule.start * MM, rule_y, cx + rule.end * MM, rule_y)
    draw_diamond(canvas, cx, rule_y, rule.diamond * MM)


def _rays(canvas: Canvas, layout: CardLayout, colour, cx: float, cy: float) -> None:
    """Faint sun rays from the card's centre across the whole back, into the bleed (12 rays: the same turned)."""
    card = layout.card
    reach = (card.width + card.height) * MM
    b = card.bleed * MM
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(-b, -b, card.width * MM + 2 * b, card.height * MM + 2 * b)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.setFillColor(cmyk(colour))
    for i in range(0, 24, 2):
        a0, a1 = i * math.pi / 12, (i + 1) * math.pi / 12
        path = canvas.beginPath()
        path.moveTo(cx, cy)
        path.lineTo(cx + reach * math.cos(a0), cy + reach * math.sin(a0))
        path.lineTo(cx + reach * math.cos(a1), cy + reach * math.sin(a1))
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()
