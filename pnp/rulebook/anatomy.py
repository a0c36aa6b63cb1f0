"""Card anatomy: real card fronts drawn by the card renderer (pnp.render), with numbered callouts on the parts the
rulebook explains. The callouts sit on the boxes of the card layout (pnp/layouts/card.toml), so they follow it."""
from __future__ import annotations

from reportlab.platypus import Flowable

from ..cards.layout import CardLayout
from ..core.geometry import Box
from ..cards.card_front import draw_front
from ..cards.faces import FrontFace, badge_boxes
from ..core.units import MM
from .anatomy_cards import AnatomyCards
from .layout import AnatomyGeometry
from .styles import Styles

UNIT_PARTS = ("name", "level", "commander", "type", "faction", "effect", "atk", "def", "energy")
DOCTRINE_PARTS = ("bonus", "terrain", "collector")


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
              "terrain": left(front.type_bar.inner), "collector": right(front.footer.box)}
    return [points[part] for part in parts]


def anatomy_rows(cards: AnatomyCards, styles: Styles, geometry: AnatomyGeometry, width: float) -> list[Flowable]:
    """The card anatomy as flowables of one row each: both cards side by side when `width` (pt) allows, else one
    card per row (so that a page break may fall between them)."""
    whole = CardAnatomy(cards, styles, geometry)
    whole.wrap(width, 0)
    if whole.columns > 1:
        return [whole]
    return [CardAnatomy(cards, styles, geometry, (index,)) for index in range(len(whole.drawn))]


class CardAnatomy(Flowable):
    """Real card fronts at their printed size with numbered callouts (numbers run on from card to card), side by
    side as far as the width allows."""

    def __init__(self, cards: AnatomyCards, styles: Styles, geometry: AnatomyGeometry,
                 rows: tuple[int, ...] | None = None):
        super().__init__()
        self.cards, self.styles, self.g = cards, styles, geometry
        self.layout = cards.layout
        self.drawn = tuple(zip((cards.unit, cards.doctrine), (UNIT_PARTS, DOCTRINE_PARTS)))
        self.rows = rows  # which cards this part draws (after a split), all when None

    def _cell(self) -> tuple[float, float]:
        """Width and height of one card with its discs, points."""
        card, margin = self.layout.card, self.g.margin
        return (card.width + 2 * card.bleed + 2 * margin) * MM, (card.height + 2 * card.bleed + margin) * MM

    def _indices(self) -> tuple[int, ...]:
        return self.rows if self.rows is not None else tuple(range(len(self.drawn)))

    def wrap(self, avail_width, avail_height):
        cell_w, cell_h = self._cell()
        self.columns = max(1, min(len(self._indices()), int(avail_width // cell_w)))
        rows = -(-len(self._indices()) // self.columns)
        self.size = avail_width, rows * cell_h
        return self.size

    def draw(self):
        cell_w, cell_h = self._cell()
        width, height = self.size
        x0 = (width - self.columns * cell_w) / 2
        for place, index in enumerate(self._indices()):
            row, column = divmod(place, self.columns)
            number = 1 + sum(len(parts) for _, parts in self.drawn[:index])
            self._card(*self.drawn[index], x0 + column * cell_w, height - (row + 1) * cell_h, number)

    def _card(self, face: FrontFace, parts: tuple[str, ...], x: float, y: float, number: int) -> None:
        """One card with its discs in the cell whose bottom-left corner is (x, y)."""
        c, card, g = self.canv, self.layout.card, self.g
        margin = g.margin * MM
        left, bottom = x + margin, y + margin
        c.saveState()
        c.translate(left, bottom)
        draw_front(c, face, self.layout, None, card.bleed * MM, card.bleed * MM)
        c.restoreState()
        width = (card.width + 2 * card.bleed) * MM
        for px, py, side in callout_points(face, self.layout, parts):
            px, py = left + (card.bleed + px) * MM, bottom + (card.bleed + py) * MM
            cx = {"right": left + width + margin / 2, "left": left - margin / 2}.get(side, px)
            cy = y + margin / 2 if side == "below" else py
            c.setStrokeColor(self.styles.colour("accent"))
            c.setLineWidth(g.leader_line)
            c.line(cx, cy, px, py)
            c.setFillColor(self.styles.colour("accent"))
            c.setStrokeColor(self.styles.colour("tint"))
            c.setLineWidth(g.disc_line)
            c.circle(cx, cy, g.callout * MM, stroke=1, fill=1)
            c.setFillColor(self.styles.knockout())
            c.setFont(self.styles.fonts["bold"], g.number_size)
            c.drawCentredString(cx, cy - g.number_size * 0.33, str(number))
            number += 1
