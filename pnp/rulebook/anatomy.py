"""Card anatomy: real card fronts drawn by the card renderer (pnp.render), with numbered callouts on the parts the
rulebook explains. The callouts sit on the boxes of the card layout (pnp/layouts/card.toml), so they follow it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from reportlab.platypus import Flowable

from ..layouts.schemas import Box, CardLayout
from ..cards.card_front import draw_front
from ..cards.faces import FrontFace, badge_boxes
from ..typeset.units import MM
from .styles import Styles

# The cards drawn: a commander unit, and a terrain doctrine with a bonus line.
UNIT, DOCTRINE = "rome.trajan-imperial-vanguard", "rome.fortified-camp"
UNIT_PARTS = ("name", "level", "commander", "type", "faction", "effect", "atk", "def", "energy")
DOCTRINE_PARTS = ("bonus", "terrain")
CALLOUT = 2.3      # radius of a numbered disc, mm
MARGIN = 7.0       # room for the discs beside each card, mm (at the card's full size)


def callout_points(face: FrontFace, layout: CardLayout, parts: tuple[str, ...]
                   ) -> list[tuple[float, float, str]]:
    """Where each part's callout points, in mm from the trim's bottom-left corner, and on which side of the card its
    disc goes: "left", "right" or "below"."""
    front = layout.front

    def left(box: Box, inset: float = 0.0) -> tuple[float, float, str]:
        return box.x + inset, box.y + box.height / 2, "left"

    def right(box: Box) -> tuple[float, float, str]:
        return box.x + box.width, box.y + box.height / 2, "right"

    def below(box: Box) -> tuple[float, float, str]:
        return box.x + box.width / 2, box.y, "below"

    atk, def_, energy = badge_boxes(layout)
    points = {"name": left(front.name.box, 1.0), "level": right(front.level.box),
              "commander": left(front.level.commander_box, front.level.commander_box.width / 2),
              "type": left(front.type_bar.inner), "faction": right(front.type_bar.inner),
              "effect": left(face.effect_box), "atk": below(atk), "def": below(def_), "energy": below(energy),
              "bonus": left(face.bonus_box) if face.bonus_box else left(face.effect_box),
              "terrain": left(front.type_bar.inner)}
    return [points[part] for part in parts]


@dataclass(frozen=True)
class AnatomyCards:
    """The card anatomy's two composed fronts and the card layout (from the project's layouts) they are drawn by."""

    unit: FrontFace
    doctrine: FrontFace
    layout: CardLayout


def anatomy_cards(faces: Mapping[str, FrontFace], layout: CardLayout) -> AnatomyCards:
    """The anatomy's unit and doctrine among composed fronts by card id."""
    return AnatomyCards(faces[UNIT], faces[DOCTRINE], layout)


class CardAnatomy(Flowable):
    """Two real card fronts side by side with numbered callouts (numbers run on from the first card)."""

    def __init__(self, cards: AnatomyCards, styles: Styles, label_size: float):
        super().__init__()
        self.faces, self.layout = (cards.unit, cards.doctrine), cards.layout
        self.styles, self.label_size = styles, label_size

    def wrap(self, avail_width, avail_height):
        card = self.layout.card
        natural = (2 * (card.width + 2 * card.bleed + 2 * MARGIN)) * MM
        self.scale = min(1.0, avail_width / natural)
        self.size = avail_width, (card.height + 2 * card.bleed + MARGIN) * MM * self.scale
        return self.size

    def draw(self):
        c, card, s = self.canv, self.layout.card, self.scale
        width, margin = (card.width + 2 * card.bleed) * MM * s, MARGIN * MM * s
        x0 = (self.size[0] - 2 * (width + 2 * margin)) / 2 + margin
        number = 1
        for index, (face, parts) in enumerate(zip(self.faces, (UNIT_PARTS, DOCTRINE_PARTS))):
            left = x0 + index * (width + 2 * margin)
            c.saveState()
            c.translate(left, margin)
            c.scale(s, s)
            draw_front(c, face, self.layout, None, card.bleed * MM, card.bleed * MM)
            c.restoreState()
            for x, y, side in callout_points(face, self.layout, parts):
                px, py = left + (card.bleed + x) * MM * s, margin + (card.bleed + y) * MM * s
                cx = {"right": left + width + margin / 2, "left": left - margin / 2}.get(side, px)
                cy = margin / 2 if side == "below" else py
                c.setStrokeColor(self.styles.colour("accent"))
                c.setLineWidth(0.6)
                c.line(cx, cy, px, py)
                c.setFillColor(self.styles.colour("accent"))
                c.setStrokeColor(self.styles.colour("tint"))
                c.setLineWidth(0.8)
                c.circle(cx, cy, CALLOUT * MM, stroke=1, fill=1)
                c.setFillColor(self.styles.colour("tint"))
                c.setFont(self.styles.fonts["sans-bold"], self.label_size)
                c.drawCentredString(cx, cy - self.label_size * 0.36, str(number))
                number += 1
