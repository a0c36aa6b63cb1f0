"""The token kinds (KINDS, the registry: each kind's two faces, the amounts its set entries print and its row in
the rulebook's table of tokens), and the faces of every token, composed in the token's own coordinates (0..size
mm, y upwards). A new kind of token is one TokenFaces method and one KINDS entry, plus its messages."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Mapping

from ..i18n.translator import Translator
from ..i18n.catalogs import LanguageCatalog
from ..data.engine_data import Engine
from ..i18n.localize import stat_labels
from ..data.terms import N_, signed
from ..typeset.metrics import cap_height
from ..core.units import PT
from .compose import DOMAIN, Composer
from ..graphics.drawing import Circle, Item, Line, Rect, Shape
from .layout import TokensLayout, TokenSet

FRONT, BACK = "front", "back"

TITLE = N_("tokens", "Tokens")  # the title of the tokens PDF
WOUND = N_("tokens", "Wound")
# TRANSLATORS: printed on Kamikaze wound tokens, under the value (e.g. −3 ATK); up to three short lines.
WOUND_DURATION = N_("tokens", "until the end phase of the attacker's next turn")
ENERGY = N_("tokens", "Energy")
# TRANSLATORS: the back of an energy marker: this energy has been spent this turn.
SPENT = N_("tokens", "Spent")
FIRST_PLAYER = N_("tokens", "First player")
ONCE_PER_TURN = N_("tokens", "Once per turn")
USED_THIS_TURN = N_("tokens", "Used this turn")
# The rulebook's table of tokens ("Keeping track at the table"): how a player uses each kind.
MODIFIER_USE = N_("token use", "Lay it on a unit for a bonus; turned over, it is a malus. Several tokens on one "
                               "card add up.")
WOUND_USE = N_("token use", "Lay the token with the attacker's ATK on the wounded unit, with the side of the stat it "
                            "used in combat (ATK or DEF) up. It lasts until the End Phase of the attacking player's "
                            "next turn; that player takes it off then.")
# TRANSLATORS: {energy_cap} is the energy cap, filled in by the program.
ENERGY_USE = N_("token use", "Each player lays out {energy_cap} markers as an energy track and turns the ones above "
                             "the current maximum to their “Spent” side. Turn one over for every energy you spend; in "
                             "your Standby Phase turn back as many as your maximum.")
FIRST_PLAYER_USE = N_("token use", "Lies in front of the player who began the game, so that you can count the "
                                   "turns.")
USED_USE = N_("token use", "Turn it to “Used this turn” on a card whose once-per-turn effect you have used; turn "
                           "them all back at the end of the turn.")



@dataclass(frozen=True)
class Token:
    """One physical token. Modifier: +amount on the front, −amount on the back; wound: −amount ATK / DEF."""

    kind: str
    stat: str = ""
    amount: int = 0


STAT_COLOURS = {"atk": ("attack", "attack_dark"), "def": ("defence", "defence_dark")}
SYMBOLS = {"first-player": "\u265a", "ready": "\u21bb", "used": "\u2713"}  # ♚ ↻ ✓


class TokenFaces(Composer):
    """Composes (and caches) the faces of a language's tokens; fit problems are collected once per face."""

    def __init__(self, engine: Engine, catalog: LanguageCatalog, fonts: Mapping[str, str], layout: TokensLayout):
        super().__init__(Translator(catalog, DOMAIN, engine.numbers), fonts, layout.type.min, layout.type.fit_step,
                         layout.figures)
        self.layout = layout
        self.stats = stat_labels(catalog)
        self.cache: dict[tuple[Token, str], tuple[Item, ...]] = {}

    def face(self, token: Token, side: str) -> tuple[Item, ...]:
        key = (token, side)
        if key not in self.cache:
            saved, self.items = self.items, []
            KINDS[token.kind].draw(self, token, side == FRONT)
            self.cache[key], self.items = tuple(self.items), saved
        return self.cache[key]

    # -- common parts ---------------------------------------------------------------------------------------------

    def ground(self, colour: str, medallion: str | None, y: float | None = None, r: float | None = None) -> None:
        """The coloured ground to the cut and the medallion."""
        T = self.layout.token
        F = self.layout.face
        size = T.size
        self.add(Rect(-T.bleed, -T.bleed, size + 2 * T.bleed, size + 2 * T.bleed, stroke=None, fill=colour))
        if medallion:
            cy = F.medallion_y if y is None else y
            radius = F.medallion_r if r is None else r
            self.add(Circle(size / 2, cy, radius, stroke="gold", fill=medallion, width=T.ring))

    def label(self, pair: tuple[str, str], colour: str) -> None:
        """A label of up to two lines under the medallion."""
        T, F, Y = self.layout.token, self.layout.face, self.layout.type
        width = T.size - 2 * (T.safe + F.label_padding)
        fitted = self.fit(self.text(pair), "bold", Y.label, width, 2, Y.leading)
        block = fitted.size * PT * (Y.leading * (len(fitted.lines) - 1)) + cap_height(fitted.font) * fitted.size * PT
        top = T.safe + (F.label_top - T.safe + block) / 2
        self.paragraph(pair, T.safe + F.label_padding, top, width, 2, "bold", Y.label, Y.leading, align="center",
                       color=colour)

    def centred(self, content: str, font: str, size: float, y_middle: float, colour: str,
                width: float | None = None) -> None:
        T = self.layout.token
        span = width if width is not None else T.size - 2 * T.safe
        self.line(content, (T.size - span) / 2, 0, span, font, size, align="center", color=colour, middle=y_middle)

    # -- the kinds ------------------------------------------------------------------------------------------------

    def _modifier(self, token: Token, front: bool) -> None:
        light, dark = STAT_COLOURS[token.stat]
        F, Y = self.layout.face, self.layout.type
        ground, medallion, ink = (light, "parchment", light) if front else (dark, "ink", "parchment")
        self.ground(ground, medallion)
        amount = token.amount if front else -token.amount
        self.centred(signed(amount), "bold", Y.value, F.medallion_y, ink,
                     width=2 * (F.medallion_r - F.value_padding))
        self.centred(self.stats[token.stat], "title", Y.stat, (F.label_top + self.layout.token.safe) / 2,
                     "parchment")

    def _wound(self, token: Token, front: bool) -> None:
        T, W, Y = self.layout.token, self.layout.wound, self.layout.type
        pad = self.layout.face.value_padding
        stat = "atk" if front else "def"
        self.ground("wound", "parchment", W.medallion_y, W.medallion_r)
        self.msg(WOUND, T.safe, W.title_top - cap_height(self.fonts["title"]) * Y.label * PT, T.size - 2 * T.safe,
                 "title", Y.label, align="center", color="parchment")
        inner = 2 * (W.medallion_r - pad)
        self.centred(signed(-token.amount), "bold", Y.wound_value, W.value_middle, "wound", inner)
        self.centred(self.stats[stat], "title", Y.wound_stat, W.stat_middle, "ink", inner)
        side = T.safe + W.note_padding
        self.paragraph(WOUND_DURATION, side, W.note_top, T.size - 2 * side, 3, "body", Y.note, Y.leading,
                       align="center", color="parchment")

    def _energy(self, token: Token, front: bool) -> None:
        F = self.layout.face
        if front:
            self.ground("energy", "parchment")
            self.add(*_gem(self.layout.token.size / 2, F.medallion_y, F.gem, "energy", "energy_dark"))
            self.label(ENERGY, "ink")
        else:
            self.ground("spent", "ink")
            self.add(*_gem(self.layout.token.size / 2, F.medallion_y, F.gem, None, "spent"))
            self.label(SPENT, "parchment")

    def _first_player(self, token: Token, front: bool) -> None:
        F, Y = self.layout.face, self.layout.type
        self.ground("first", "parchment")
        self.centred(SYMBOLS["first-player"], "sans", Y.crown, F.medallion_y, "first")
        self.label(FIRST_PLAYER, "parchment")

    def _used(self, token: Token, front: bool) -> None:
        F, Y = self.layout.face, self.layout.type
        if front:
            self.ground("ready", "parchment")
            self.centred(SYMBOLS["ready"], "sans-bold", Y.symbol, F.medallion_y, "ready")
            self.label(ONCE_PER_TURN, "parchment")
        else:
            self.ground("used", "ink")
            self.centred(SYMBOLS["used"], "sans-bold", Y.symbol, F.medallion_y, "parchment")
            self.label(USED_THIS_TURN, "parchment")



def wound_values(engine: Engine) -> tuple[int, ...]:
    """The wound amounts printed on tokens: every ATK a card can have printed."""
    return tuple(range(engine.stats_printed_min, engine.stats_printed_max + 1))


@dataclass(frozen=True)
class TokenKind:
    """A kind of token: how its faces are drawn, its row in the rulebook's table of tokens (the token's name as
    printed, None for a modifier's value and stat, and how it is used), and the amounts a set entry of it prints
    (`count` tokens each)."""

    draw: Callable[[TokenFaces, Token, bool], None]
    name: tuple[str, str] | None
    use: tuple[str, str]
    amounts: Callable[[TokenSet, Engine], tuple[int, ...]] = lambda entry, engine: (entry.amount,)


KINDS: dict[str, TokenKind] = {
    "modifier": TokenKind(TokenFaces._modifier, None, MODIFIER_USE),
    "wound": TokenKind(TokenFaces._wound, WOUND, WOUND_USE, lambda entry, engine: wound_values(engine)),
    "energy": TokenKind(TokenFaces._energy, ENERGY, ENERGY_USE),
    "first-player": TokenKind(TokenFaces._first_player, FIRST_PLAYER, FIRST_PLAYER_USE),
    "used": TokenKind(TokenFaces._used, USED_THIS_TURN, USED_USE),
}

def _gem(x: float, y: float, r: float, fill: str | None, edge: str) -> list[Item]:
    """A cut gem: an octagon with a table half its size and facet lines (proportions of the shape)."""
    outer = tuple((x + r * math.cos(math.pi / 8 + k * math.pi / 4), y + r * math.sin(math.pi / 8 + k * math.pi / 4))
                  for k in range(8))
    inner = tuple((x + 0.5 * (px - x), y + 0.5 * (py - y)) for px, py in outer)
    items: list[Item] = [Shape(outer, stroke=edge, fill=fill, width=0.8), Shape(inner, stroke=edge, width=0.5)]
    items += [Line(ox, oy, ix, iy, edge, 0.5) for (ox, oy), (ix, iy) in zip(outer, inner)]
    return items
