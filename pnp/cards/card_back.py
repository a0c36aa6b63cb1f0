"""Drawing a card back: the same design for every card of a faction, and the same after a 180° turn (face-down
cards tell nothing by their orientation) — its colour and rays into the bleed, no frame line near the trim, a
medallion with the emblem, the game's title and the faction's name, each upright at one end and turned at the other."""
from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from .layout import CardLayout
from ..core.geometry import Box
from ..graphics.colours import mix
from ..graphics.drawing import Diamond, Disc, Emblem, Fitted, Ground, Item, Rays, Ring, Rule, Turned, render
from .card_front import ink_colour
from .faces import BackFace


def draw_back(canvas: Canvas, face: BackFace, layout: CardLayout, x: float, y: float) -> None:
    """Draw the back with its trim's bottom-left corner at (x, y) points, bleed included."""
    canvas.saveState()
    canvas.translate(x, y)
    render(canvas, back_items(face, layout))
    canvas.restoreState()


def back_items(face: BackFace, layout: CardLayout) -> tuple[Item, ...]:
    """The back as a drawing list (mm, the trim's bottom-left corner at the origin)."""
    card, back, paint = layout.card, layout.back, layout.paint
    ground, fill = layout.colour(paint.back, face.faction), layout.colour(paint.medallion, face.faction)
    art = layout.colour(paint.back_art, face.faction)
    b = card.bleed
    bled = Box(-b, -b, card.width + 2 * b, card.height + 2 * b)
    cx, cy = card.width / 2, card.height / 2
    medallion = back.medallion
    radius = medallion.box.width / 2
    half = _half(face, layout, art, cx, cy)
    return (Ground(bled, ground),  # the faction colour, told apart by any eye (card.toml), or its light tint
            Rays(cx, cy, card.width + card.height, bled, mix(ground, fill, 0.35)),  # 12 rays: the same turned
            Disc(cx, cy, radius, fill, art, back.outline * medallion.ring),
            Ring(cx, cy, radius * medallion.inner_scale, back.outline * medallion.inner_ring),
            Turned(cx, cy, 0, half), Turned(cx, cy, 180, half))


def _half(face: BackFace, layout: CardLayout, art, cx: float, cy: float) -> tuple[Item, ...]:
    """The upper half of the back: the emblem in the medallion, the faction's name and the game's title, the rule
    under the title with its diamond (in the last text's colour)."""
    back, paint = layout.back, layout.paint
    texts = [(face.title, back.title.inner), *([(face.name, back.faction.inner)] if face.name else [])]
    rule = back.rule
    rule_y = back.title.box.y - rule.gap
    return (Emblem(layout.style(face.faction).emblem, cx, cy + back.emblem_offset, back.emblem_size, art),
            *(Fitted(text, box, "center", ink_colour(text, art, layout, knockout=paint.back_knockout))
              for text, box in texts),
            Rule(((cx - rule.end, rule_y, cx - rule.start, rule_y), (cx + rule.start, rule_y, cx + rule.end, rule_y)),
                 art, rule.width),
            Diamond(cx, rule_y, rule.diamond))
