"""Drawing a card back: the same design for every card of a faction — its colour into the bleed, gold frames, the
emblem on a medallion, the game's title and the faction's name."""
from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from ..layouts.schemas import CardLayout
from ..typeset.units import MM
from ..graphics.colours import cmyk, mix
from ..graphics.emblems import draw_emblem
from ..graphics.ornaments import draw_diamond
from .faces import BackFace
from ..typeset.draw_text import draw_text


def draw_back(canvas: Canvas, face: BackFace, layout: CardLayout, x: float, y: float) -> None:
    """Draw the back with its trim's bottom-left corner at (x, y) points, bleed included."""
    card, back, palette = layout.card, layout.back, layout.palette
    style = layout.factions[face.faction]
    canvas.saveState()
    canvas.translate(x, y)
    b = card.bleed
    canvas.setFillColor(cmyk(style.dark))
    canvas.rect(-b * MM, -b * MM, (card.width + 2 * b) * MM, (card.height + 2 * b) * MM, stroke=0, fill=1)
    _rays(canvas, layout, mix(style.dark, style.color, 0.35))

    canvas.setStrokeColor(cmyk(palette.gold))
    for inset, weight in zip(back.frame_insets, back.frame_weights):
        canvas.setLineWidth(back.outline * weight)
        canvas.rect(inset * MM, inset * MM, (card.width - 2 * inset) * MM, (card.height - 2 * inset) * MM,
                    stroke=1, fill=0)
    canvas.setFillColor(cmyk(palette.gold))
    outer = back.frame_insets[0]
    for cx, cy in ((outer, outer), (card.width - outer, outer), (outer, card.height - outer),
                   (card.width - outer, card.height - outer)):
        draw_diamond(canvas, cx * MM, cy * MM, back.corner_diamond * MM)

    medallion, ring = back.emblem, back.medallion
    cx, cy = (medallion.x + medallion.width / 2) * MM, (medallion.y + medallion.height / 2) * MM
    radius = medallion.width / 2 * MM
    canvas.setFillColor(cmyk(style.color))
    canvas.setStrokeColor(cmyk(palette.gold))
    canvas.setLineWidth(back.outline * ring.ring)
    canvas.circle(cx, cy, radius, stroke=1, fill=1)
    canvas.setLineWidth(back.outline * ring.inner_ring)
    canvas.circle(cx, cy, radius * ring.inner_scale, stroke=1, fill=0)
    canvas.setFillColor(cmyk(palette.gold))
    draw_emblem(canvas, style.emblem, cx, cy, radius * ring.emblem_scale)

    draw_text(canvas, face.title, back.title.inner, "center", lang=face.lang)
    draw_text(canvas, face.name, back.faction.inner, "center", lang=face.lang)
    rule = back.rule
    for box in (back.title.box, back.faction.box):
        rule_y = (box.y - rule.gap if box is back.title.box else box.top + rule.gap) * MM
        canvas.setStrokeColor(cmyk(palette.gold))
        canvas.setLineWidth(rule.width)
        mid = (box.x + box.width / 2) * MM
        canvas.line(mid - rule.end * MM, rule_y, mid - rule.start * MM, rule_y)
        canvas.line(mid + rule.start * MM, rule_y, mid + rule.end * MM, rule_y)
        draw_diamond(canvas, mid, rule_y, rule.diamond * MM)
    canvas.restoreState()


def _rays(canvas: Canvas, layout: CardLayout, colour) -> None:
    """Faint sun rays from the medallion across the whole back (into the bleed)."""
    card, medallion = layout.card, layout.back.emblem
    cx, cy = (medallion.x + medallion.width / 2) * MM, (medallion.y + medallion.height / 2) * MM
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
