"""Drawing a composed card front: frame into the bleed, name banner, level stars, art window, type bar, effect text,
stat badges and footer — every position from the card layout."""
from __future__ import annotations

import math
from dataclasses import replace

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from ..data.art import ArtImage
from ..graphics.colours import cmyk, mix
from ..graphics.emblems import draw_emblem
from .layout import CardLayout, FactionStyle
from ..core.geometry import Box
from ..typeset.draw_text import draw_text
from ..typeset.textfit import FittedText
from ..core.units import MM
from .art_placeholder import draw_placeholder
from .faces import FrontFace
from .icons import STAT_ICONS, card_icon, draw_icon


def panel(canvas: Canvas, box: Box, fill, stroke, width: float, radius: float) -> None:
    """A rounded panel (box in millimetres) with an outline of `width` points."""
    canvas.setFillColor(cmyk(fill))
    canvas.setStrokeColor(cmyk(stroke))
    canvas.setLineWidth(width)
    canvas.roundRect(box.x * MM, box.y * MM, box.width * MM, box.height * MM, radius * MM, stroke=1, fill=1)


def star(canvas: Canvas, cx: float, cy: float, radius: float) -> None:
    path = canvas.beginPath()
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        point = (cx + r * math.cos(angle), cy + r * math.sin(angle))
        path.moveTo(*point) if i == 0 else path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=1, fill=1)


def draw_front(canvas: Canvas, face: FrontFace, layout: CardLayout, art: ArtImage | None, x: float,
               y: float) -> None:
    """Draw the front with its trim's bottom-left corner at (x, y) points, bleed included."""
    front, palette = layout.front, layout.palette
    style = layout.factions[face.card.faction]
    canvas.saveState()
    canvas.translate(x, y)
    faction = face.card.faction
    _background(canvas, layout, faction)

    panel(canvas, front.name.box, layout.colour(layout.paint.panels, faction), palette.gold, front.outline,
          front.panel_radius)
    ink(canvas, face.name, palette.ink, layout)
    draw_text(canvas, face.name, front.name.inner, "center")

    if face.level:
        _level(canvas, face.level, layout, faction)
    if face.commander:
        disc = front.level.commander_box
        canvas.setFillColor(cmyk(palette.gold))
        canvas.setStrokeColor(cmyk(palette.gold_dark))
        canvas.setLineWidth(0.5)
        canvas.circle((disc.x + disc.width / 2) * MM, (disc.y + disc.height / 2) * MM, disc.width / 2 * MM,
                      stroke=1, fill=1)
        ink(canvas, face.commander, style.dark, layout)
        draw_text(canvas, face.commander, disc, "center")

    _art(canvas, face, layout, style, art)
    _type_bar(canvas, face, layout, style)
    _effect(canvas, face, layout, style)
    _badges(canvas, face, layout, style)

    knockout = layout.paint.frame_knockout  # small text on the frame: knocked out of a dark one, black on a light one
    ink(canvas, face.faction, palette.gold, layout, knockout=knockout)
    draw_text(canvas, face.faction, front.footer.box, "left")
    ink(canvas, face.collector, palette.paper, layout, knockout=knockout)
    draw_text(canvas, face.collector, front.footer.box, "right")
    canvas.restoreState()


def ink(canvas: Canvas, fitted: FittedText, colour, layout: CardLayout, knockout: bool = False) -> None:
    """Set the fill colour of a text (`ink_colour`)."""
    canvas.setFillColor(cmyk(ink_colour(fitted, colour, layout, knockout)))


def ink_colour(fitted: FittedText, colour, layout: CardLayout, knockout: bool = False):
    """The colour of a text: `colour`, or for text under the layout's small-text size one ink only: black (K), or on a
    dark ground (`knockout`) no ink at all, the paper showing through."""
    if fitted.size < layout.card.small_text:
        return layout.palette.paper if knockout else layout.palette.text
    return colour


def _background(canvas: Canvas, layout: CardLayout, faction: str) -> None:
    card = layout.card
    b = card.bleed
    canvas.setFillColor(cmyk(layout.colour(layout.paint.frame, faction)))
    canvas.rect(-b * MM, -b * MM, (card.width + 2 * b) * MM, (card.height + 2 * b) * MM, stroke=0, fill=1)


def _level(canvas: Canvas, number: FittedText, layout: CardLayout, faction: str) -> None:
    """The level as a row of stars, right-aligned, with the level as a number before them."""
    spec, palette = layout.front.level, layout.palette
    level = int(number.text)
    canvas.setFillColor(cmyk(palette.gold))
    canvas.setStrokeColor(cmyk(palette.gold_dark))
    canvas.setLineWidth(0.4)
    cy = (spec.box.y + spec.box.height / 2) * MM
    for i in range(level):
        cx = (spec.box.right - spec.star_size / 2 - i * (spec.star_size + spec.star_gap)) * MM
        star(canvas, cx, cy, spec.star_size / 2 * MM)
    stars = level * spec.star_size + (level - 1) * spec.star_gap
    ink(canvas, number, layout.colour(layout.paint.frame_text, faction), layout, knockout=layout.paint.frame_knockout)
    draw_text(canvas, number, replace(spec.box, width=spec.box.width - stars - spec.number_gap), "right")


def _art(canvas: Canvas, face: FrontFace, layout: CardLayout, style: FactionStyle, art: ArtImage | None) -> None:
    box, front = face.art_box, layout.front
    x, y, w, h = box.x * MM, box.y * MM, box.width * MM, box.height * MM
    canvas.saveState()
    clip = canvas.beginPath()
    clip.roundRect(x, y, w, h, front.panel_radius * MM)
    canvas.clipPath(clip, stroke=0, fill=0)
    if art is not None:
        canvas.drawImage(ImageReader(art.image), x, y, w, h)
    else:
        draw_placeholder(canvas, x, y, w, h, face.card, style, layout.palette)
    canvas.restoreState()
    canvas.setStrokeColor(cmyk(layout.palette.gold))
    canvas.setLineWidth(front.outline * 1.3)
    canvas.roundRect(x, y, w, h, front.panel_radius * MM, stroke=1, fill=0)


def _type_bar(canvas: Canvas, face: FrontFace, layout: CardLayout, style: FactionStyle) -> None:
    bar, palette, front = layout.front.type_bar, layout.palette, layout.front
    panel(canvas, bar.box, style.dark, palette.gold, front.outline, front.panel_radius)
    inner = bar.inner
    middle = (inner.y + inner.height / 2) * MM
    canvas.setFillColor(cmyk(palette.gold))
    draw_icon(canvas, card_icon(face.card), (inner.x + bar.icon_size / 2) * MM, middle, bar.icon_size * MM)
    draw_emblem(canvas, style.emblem, (inner.right - bar.emblem_size / 2) * MM, middle, bar.emblem_size * MM)
    ink(canvas, face.type, palette.light, layout, knockout=True)
    draw_text(canvas, face.type, face.type_box, "left")


def _effect(canvas: Canvas, face: FrontFace, layout: CardLayout, style: FactionStyle) -> None:
    spec, palette, front = layout.front.effect, layout.palette, layout.front
    panel(canvas, face.effect_box, layout.colour(layout.paint.panels, face.card.faction), palette.gold, front.outline,
          front.panel_radius)
    canvas.setFillColor(cmyk(palette.text))
    draw_text(canvas, face.effect, face.effect_area, "left")
    if face.bonus and face.bonus_box:
        box = face.bonus_box
        rule_y = (box.top + spec.bonus_gap) * MM
        canvas.setStrokeColor(cmyk(mix(palette.gold, palette.gold_dark, 0.5)))
        canvas.setLineWidth(0.5)
        canvas.line((box.x + box.width * 0.15) * MM, rule_y, (box.right - box.width * 0.15) * MM, rule_y)
        ink(canvas, face.bonus, style.dark, layout)
        draw_text(canvas, face.bonus, box, "center")


def _badges(canvas: Canvas, face: FrontFace, layout: CardLayout, style: FactionStyle) -> None:
    stats, palette, front = layout.front.stats, layout.palette, layout.front
    for badge in face.badges:
        panel(canvas, badge.box, style.dark, palette.gold, front.outline, front.panel_radius)
        inner = badge.box.inset(stats.padding)
        canvas.setFillColor(cmyk(palette.gold))
        draw_icon(canvas, STAT_ICONS[badge.key], (inner.x + stats.icon_size / 2) * MM,
                  (badge.box.y + badge.box.height / 2) * MM, stats.icon_size * MM)
        ink(canvas, badge.label, palette.paper, layout, knockout=True)
        draw_text(canvas, badge.label, badge.label_box, "left")
        ink(canvas, badge.value, palette.light, layout, knockout=True)
        draw_text(canvas, badge.value, Box(inner.x, badge.box.y, inner.width, badge.box.height), "right")
