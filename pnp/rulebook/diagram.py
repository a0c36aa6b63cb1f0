"""The battlefield diagram: one player's side of the table, cards to scale, every size from the layout's
[battlefield] table and the slot counts from the engine data; labels in the rulebook's language."""
from __future__ import annotations

from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable

from ..core.units import MM
from .blocks import Diagram
from .flowables import Text
from .kept_lines import KeptLines
from .layout import Battlefield
from .styles import Styles

FACE_UP, FACE_DOWN, EMPTY = "up", "down", "empty"


class BattlefieldDiagram(Flowable):
    """Rows from the top: units (with terrain and deck beside them), doctrines and tactics (with the graveyard),
    hand and score sheet, and a legend of the three ways a unit lies. Counts: (units, doctrines and tactics)."""

    def __init__(self, block: Diagram, geometry: Battlefield, styles: Styles, kept: KeptLines | None = None):
        super().__init__()
        self.block, self.g, self.styles, self.kept = block, geometry, styles, kept
        self.units, self.supports = block.counts
        base = styles.body
        self.label = ParagraphStyle("diagram-label", parent=base, fontSize=geometry.label_size,
                                    leading=geometry.label_size * 1.15, alignment=TA_CENTER, spaceBefore=0,
                                    textColor=styles.text_colour(geometry.label_size),
                                    spaceAfter=0, firstLineIndent=0, leftIndent=0)
        self.caption = ParagraphStyle("diagram-caption", parent=self.label, alignment=TA_LEFT)

    @property
    def pitch(self) -> float:
        return (self.g.card_height + self.g.gap) * MM

    def _legend_height(self) -> float:
        return self.label.leading * 2.4

    def _label_gap(self) -> float:
        """Room between rows for a label line: the layout's, scaled, but never less than the label's own line."""
        return max(self.g.label_height * MM * self.scale, self.label.leading * 1.3)

    def wrap(self, avail_width, avail_height):
        g = self.g
        width = g.caption_width * MM + (max(self.units, self.supports) + 2) * self.pitch
        self.scale = min(1.0, avail_width / width)
        cards = (2 * g.card_height + 0.8 * g.card_height + 3 * g.gap) * MM * self.scale
        self.size = avail_width, cards + 3 * self._label_gap() + self._legend_height()
        return self.size

    # -- drawing ----------------------------------------------------------------------------------------------
    def _card(self, x: float, y: float, face: str, sideways: bool = False, number: str = "") -> None:
        c, g, s = self.canv, self.g, self.scale
        w, h = g.card_width * MM * s, g.card_height * MM * s
        if sideways:
            w, h = h, w
        c.saveState()
        c.setLineWidth(0.6)
        if face == EMPTY:
            c.setDash(2, 1.5)
            c.setStrokeColor(self.styles.colour("rule"))
            c.roundRect(x, y, w, h, 1.2 * s * MM, stroke=1, fill=0)
        else:
            c.setStrokeColor(self.styles.colour("gold"))
            c.setFillColor(self.styles.colour("tint" if face == FACE_UP else "accent"))
            c.roundRect(x, y, w, h, 1.2 * s * MM, stroke=1, fill=1)
            if face == FACE_UP:  # a name bar and a stats bar make it read as a front
                c.setFillColor(self.styles.colour("gold"))
                c.rect(x + w * 0.12, y + h * 0.78, w * 0.76, h * 0.08, stroke=0, fill=1)
                c.rect(x + w * 0.12, y + h * 0.12, w * 0.76, h * 0.06, stroke=0, fill=1)
        if number:
            c.setFillColor(self.styles.text_colour(self.g.label_size) if face == FACE_UP else self.styles.knockout())
            c.setFont(self.styles.fonts["bold"], self.g.label_size)
            c.drawCentredString(x + w / 2, y + h / 2 - self.g.label_size * 0.35, number)
        c.restoreState()

    def _text(self, text: str, x: float, y: float, width: float, style: ParagraphStyle) -> None:
        """A label whose first line's top is at y."""
        para = Text.of(text, style, self.styles, self.kept)
        _, height = para.wrap(width, 1000)
        para.drawOn(self.canv, x, y - height)

    def draw(self):
        g, s, pitch = self.g, self.scale, self.pitch * self.scale
        width, top = self.size
        label_h, card_h, gap = self._label_gap(), g.card_height * MM * s, g.gap * MM * s
        x0 = g.caption_width * MM * s
        columns = max(self.units, self.supports)
        right = x0 + columns * pitch
        sideways_dy = (card_h - g.card_width * MM * s) / 2
        upright_dx = (pitch - gap - g.card_width * MM * s) / 2

        units_y = top - label_h - card_h
        self._text(self.block.label("units"), 0, units_y + card_h * 0.75, x0 - gap, self.caption)
        layout = [(FACE_UP, False, "1"), (FACE_UP, True, "2"), (FACE_DOWN, True, "3")]
        for slot in range(self.units):
            face, sideways, number = layout[slot] if slot < len(layout) else (EMPTY, True, "")
            x = x0 + slot * pitch
            if sideways:
                self._card(x, units_y + sideways_dy, face, True, number)
            else:
                self._card(x + upright_dx, units_y, face, False, number)
        above = self.label.leading * 1.15  # a label's top above the card it names (type is never scaled)
        self._text(self.block.label("terrain"), right, units_y + card_h + above, pitch, self.label)
        self._card(right + upright_dx, units_y, EMPTY)
        self._text(self.block.label("deck"), right + pitch, units_y + card_h + above, pitch, self.label)
        for offset in (2, 1, 0):  # a small stack, going down to the right
            self._card(right + pitch + upright_dx + offset * 0.5 * MM, units_y - offset * 0.5 * MM, FACE_DOWN)

        supports_y = units_y - label_h - card_h
        self._text(self.block.label("supports"), 0, supports_y + card_h * 0.75, x0 - gap, self.caption)
        for slot in range(self.supports):
            self._card(x0 + slot * pitch + upright_dx, supports_y, FACE_DOWN if slot == 0 else EMPTY)
        self._text(self.block.label("graveyard"), right + pitch, supports_y + card_h + above, pitch, self.label)
        self._card(right + pitch + upright_dx, supports_y, FACE_UP)

        hand_y = supports_y - label_h - gap - card_h * 0.8
        self._text(self.block.label("hand"), 0, hand_y + card_h * 0.6, x0 - gap, self.caption)
        for index in range(g.hand_cards):
            self._card(x0 + index * g.card_width * MM * s * 0.55, hand_y, FACE_UP)
        sheet_w = g.sheet_width * MM * s
        sheet_x = right + 2 * pitch - sheet_w
        c = self.canv
        c.saveState()
        c.setStrokeColor(self.styles.colour("rule"))
        c.setFillColor(self.styles.colour("tint"))
        c.setLineWidth(0.6)
        c.rect(sheet_x, hand_y, sheet_w, card_h * 0.8, stroke=1, fill=1)
        c.restoreState()
        self._text(self.block.label("sheet"), sheet_x, hand_y + card_h * 0.55, sheet_w, self.label)

        legend = "  ·  ".join(f"{n} = {self.block.label(key)}" for n, key in
                                (("1", "attack"), ("2", "defense"), ("3", "facedown")))
        self._text(legend, 0, hand_y - gap, width, self.caption)
