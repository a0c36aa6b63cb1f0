"""Drawing a composed card front: frame into the bleed, name banner, level stars, art window, type bar, effect text,
stat badges and footer — every position from the card layout."""
from __future__ import annotations

import math

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from ..data.art import ArtImage
from ..layouts.schemas import Box, CardLayout, FactionStyle
from ..typeset.units import MM
from ..graphics.colours import cmyk, mix
from ..graphics.emblems import draw_emblem
from .faces import FrontFace
from .art_placeholder import draw_placeholder
from ..typeset.draw_text import draw_text


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
    _background(canvas, layout, style)

    panel(canvas, front.name.box, palette.parchment, palette.gold, front.outline, front.panel_radius)
    canvas.setFillColor(cmyk(palette.ink))
    draw_text(canvas, face.name, front.name.inner, "center", lang=face.lang)

    if face.card.level:
        _level(canvas, face.card.level, layout)
    if face.commander:
        disc = front.level.commander_box
        canvas.setFillColor(cmyk(palette.gold))
        canvas.setStrokeColor(cmyk(palette.gold_dark))
        canvas.setLineWidth(0.5)
        canvas.circle((disc.x + disc.width / 2) * MM, (disc.y + disc.height / 2) * MM, disc.width / 2 * MM,
                      stroke=1, fill=1)
        canvas.setFillColor(cmyk(style.dark))
        draw_text(canvas, face.commander, disc, "center", lang=face.lang)

    _art(canvas, face, layout, style, art)
    _type_bar(canvas, face, layout, style)
    _effect(canvas, face, layout, style)
    _badges(canvas, face, layout, style)

    canvas.setFillColor(cmyk(mix(palette.light, style.color, 0.3)))
    draw_text(canvas, face.footer_id, front.footer.id_box, "left", lang=face.lang)
    draw_text(canvas, face.footer_lang, front.footer.lang_box, "right", lang=face.lang)
    canvas.restoreState()


def _background(canvas: Canvas, layout: CardLayout, style: FactionStyle) -> None:
    card, front = layout.card, layout.front
    b = card.bleed
    canvas.setFillColor(cmyk(style.color))
    canvas.rect(-b * MM, -b * MM, (card.width + 2 * b) * MM, (card.height + 2 * b) * MM, stroke=0, fill=1)
    inset = front.inner_frame_inset
    canvas.setStrokeColor(cmyk(layout.palette.gold))
    canvas.setLineWidth(front.outline * front.inner_frame_weight)
    canvas.roundRect(inset * MM, inset * MM, (card.width - 2 * inset) * MM, (card.height - 2 * inset) * MM,
                     front.inner_frame_radius * MM, stroke=1, fill=0)


def _level(canvas: Canvas, level: int, layout: CardLayout) -> None:
    spec, palette = layout.front.level, layout.palette
    canvas.setFillColor(cmyk(palette.gold))
    canvas.setStrokeColor(cmyk(palette.gold_dark))
    canvas.setLineWidth(0.4)
    cy = (spec.box.y + spec.box.height / 2) * MM
    for i in range(level):
        cx = (spec.box.right - spec.star_size / 2 - i * (spec.star_size + spec.star_gap)) * MM
        star(canvas, cx, cy, spec.star_size / 2 * MM)


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
    canvas.setFillColor(cmyk(palette.light))
    draw_text(canvas, face.type, inner, "left", lang=face.lang)
    canvas.setFillColor(cmyk(palette.gold))
    emblem_x = inner.right - bar.emblem_size / 2
    draw_emblem(canvas, style.emblem, emblem_x * MM, (inner.y + inner.height / 2) * MM, bar.emblem_size * MM)
    faction_box = Box(inner.x, inner.y, inner.width - bar.emblem_size - bar.gap, inner.height)
    draw_text(canvas, face.faction, faction_box, "right", lang=face.lang)


def _effect(canvas: Canvas, face: FrontFace, layout: CardLayout, style: FactionStyle) -> None:
    spec, palette, front = layout.front.effect, layout.palette, layout.front
    panel(canvas, face.effect_box, palette.parchment, palette.gold, front.outline, front.panel_radius)
    canvas.setFillColor(cmyk(palette.ink))
    draw_text(canvas, face.effect, face.effect_area, "left", lang=face.lang)
    if face.bonus and face.bonus_box:
        box = face.bonus_box
        rule_y = (box.top + spec.bonus_gap) * MM
        canvas.setStrokeColor(cmyk(mix(palette.gold, palette.gold_dark, 0.5)))
        canvas.setLineWidth(0.5)
        canvas.line((box.x + box.width * 0.15) * MM, rule_y, (box.right - box.width * 0.15) * MM, rule_y)
        canvas.setFillColor(cmyk(style.dark))
        draw_text(canvas, face.bonus, box, "center", lang=face.lang)


def _badges(canvas: Canvas, face: FrontFace, layout: CardLayout, style: FactionStyle) -> None:
    stats, palette, front = layout.front.stats, layout.palette, layout.front
    for badge in face.badges:
        panel(canvas, badge.box, style.dark, palette.gold, front.outline, front.panel_radius)
        inner = badge.box.inset(stats.padding)
        canvas.setFillColor(cmyk(palette.light))
        area = Box(inner.x, badge.box.y, inner.width, badge.box.height)
        draw_text(canvas, badge.label, area, "left", lang=face.lang)
        canvas.setFillColor(cmyk(palette.gold))
        draw_text(canvas, badge.value, area, "right", lang=face.lang)
