"""Generated art for cards without an art file: a landscape in the faction's colours under its emblem, with a
motif for the card: a file of spears for infantry, a line of the unit type's figure for the other units (archers,
riders, elephants, chariots, engines, guards — as many as the level), one large figure for commanders, officers
and satraps, a mountain range for terrain doctrines; doctrines and tactics get a scene of their own: a temple
(doctrines) or a volley of arrows (tactics) shaped by the seed, the unit types their effect names standing beside it,
and the symbols of the keywords it names (ATK, DEF, energy, cards drawn, destruction…) in the sky.

Everything varies with the card id through a seeded generator, so the same card always gets the same picture, and
in the faction's colours only (its dark shade, and its colours mixed with the palette's light and gold).
"""
from __future__ import annotations

import math
import random
import re
import sys
import zlib

import reportlab
from reportlab.pdfgen.canvas import Canvas

from ..core.disk_cache import DiskCache, source_digest
from ..data.card_database import Card
from ..data.terms import UNIT_TYPES
from dataclasses import dataclass

from ..core.values import Colour
from ..pages.forms import StoredDrawings
from .colours import PAPER, cmyk, mix
from .emblems import draw_emblem, emblem_form
from .icons import KIND_ICONS, TYPE_ICONS, draw_icon, icon_form


@dataclass(frozen=True)
class Scene:
    """What a card's generated picture is drawn from: the card (its motif, and its id the seed), its faction's
    colours and emblem, and the palette's light and gold."""

    card: Card
    color: Colour
    dark: Colour
    sky: Colour
    emblem: str
    light: Colour
    gold: Colour


def draw_placeholder(canvas: Canvas, x: float, y: float, width: float, height: float, scene: Scene) -> None:
    """Fill the window (points) with the card's generated picture; the caller clips to the window."""
    card, style, light = scene.card, scene, scene.light
    rnd = random.Random(zlib.crc32(card.id.encode("utf-8")))
    horizon = y + height * rnd.uniform(0.34, 0.44)
    _sky(canvas, x, y, width, height, style.sky, mix(scene.gold, light, 0.62))
    sun_x = x + width * rnd.choice((0.24, 0.76))
    canvas.setFillColor(cmyk(mix(scene.gold, light, 0.4)))
    canvas.circle(sun_x, horizon + height * 0.16, height * 0.2, stroke=0, fill=1)
    canvas.setFillColor(cmyk(mix(style.color, light, 0.52)))
    draw_emblem(canvas, style.emblem, x + width / 2, y + height * 0.6, height * 0.62)
    _ridge(canvas, rnd, x, y, width, horizon + height * 0.06, height * 0.07, mix(style.color, light, 0.45))
    near = horizon - height * 0.05
    _ridge(canvas, rnd, x, y, width, near, height * 0.05, mix(style.dark, light, 0.16))  # the figures stand out
    canvas.setFillColor(cmyk(mix(style.dark, light, 0.3)))
    _symbols(canvas, rnd, x, horizon, width, height, card)
    canvas.setFillColor(cmyk(style.dark))
    canvas.setStrokeColor(cmyk(style.dark))
    motif(card)(canvas, rnd, x, near, width, height, card)


# the code a scene's operators depend on (the forms it uses are drawn anew in every PDF from their names)
DRAWING_CODE = (source_digest(__name__, "pnp.graphics.icons", "pnp.graphics.emblems", "pnp.graphics.colours",
                              "pnp.data.terms", "pnp.pages.forms", "pnp.adapters.reportlab_canvas")
                + f"{reportlab.Version} {sys.version}".encode())


def scene_content(key: tuple) -> str:
    """The text of an art window's key (its box and Scene) without where the card was read from (file and line),
    which the picture does not depend on: a copy of the data folder (a test's) finds the same entries."""
    *box, scene = key
    card = {name: value for name, value in vars(scene.card).items() if name not in ("source", "line")}
    return repr((*box, card, *(value for name, value in vars(scene).items() if name != "card")))


# the forms a stored drawing may define (icons, emblems), made again from their names where a PDF lacks them
FORMS = {"icon-": icon_form, "emblem-": emblem_form}
SCENES = StoredDrawings(
    DiskCache("art-scenes", "the generated art scenes' PDF operators and the names of the forms they define, one "
              "table", "pnp's drawing code, ReportLab's and Python's versions; a scene by the art window's box and "
              "the scene (card, colours, emblem)", "pnp.graphics.art_scenes.SCENES", keep=1),
    DRAWING_CODE, FORMS, scene_content)


LEADERS = frozenset({"commander", "officer", "satrap"})


def motif(card: Card):
    """The drawing function of the card's motif."""
    if card.kind == "unit":
        return _spears if card.unit_type == "infantry" else _leader if card.unit_type in LEADERS else _figures
    if card.terrain:
        return _mountains
    return {"doctrine": _doctrine, "tactic": _tactic}[card.kind]


# the English words of the effect texts that name a unit type, longest first ("Ranged Infantry" before "Infantry")
TYPE_WORDS = sorted(((english.lower(), key) for key, (_, english) in UNIT_TYPES.items()), key=lambda t: -len(t[0]))
# keywords of the effect texts and the symbol each puts in the sky
KEYWORD_ICONS = (("atk", "crossed-swords"), ("def", "round-shield"), ("energy", "lightning-helix"),
                 ("draw", "scroll-unfurled"), ("destroy", "sword-clash"), ("terrain", "mountains"),
                 ("mercenary", "knapsack"))


def named_types(card: Card) -> list[str]:
    """The unit types the card's (English) effect names, in the order it names them, each once."""
    text, found = card.effect.lower(), {}
    for words, key in TYPE_WORDS:
        for match in re.finditer(rf"\b{re.escape(words)}\b", text):
            found.setdefault(key, match.start())
        text = re.sub(rf"\b{re.escape(words)}\b", lambda m: " " * len(m.group()), text)
    return sorted(found, key=found.get)


def named_symbols(card: Card) -> list[str]:
    """The symbols of the keywords the card's effect names, in the order of KEYWORD_ICONS."""
    text = card.effect.lower()
    return [icon for word, icon in KEYWORD_ICONS if re.search(rf"\b{word}", text)]


def _symbols(canvas: Canvas, rnd: random.Random, x: float, horizon: float, width: float, height: float,
             card: Card) -> None:
    """Up to two keyword symbols high in the sky, at places the seed picks."""
    for icon in named_symbols(card)[:2]:
        size = height * rnd.uniform(0.16, 0.24)
        draw_icon(canvas, icon, x + width * rnd.uniform(0.1, 0.9), horizon + height * rnd.uniform(0.3, 0.46), size)


def _named_figures(canvas: Canvas, rnd: random.Random, left: float, right: float, ground: float, height: float,
                   card: Card) -> None:
    """The unit types the effect names (other than the card's own), up to three figures between `left` and `right`;
    when it names none, the last two symbols of its keywords, or else the card kind's symbol (none for a unit)."""
    icons = [TYPE_ICONS[key] for key in named_types(card) if key != card.unit_type][:3] or named_symbols(card)[-2:]
    icons = icons or [KIND_ICONS[kind] for kind in (card.kind,) if kind in KIND_ICONS]
    size = height * (0.42 if len(icons) == 1 else 0.32) * rnd.uniform(0.9, 1.1)
    for i, icon in enumerate(icons):
        cx = left + (right - left) * (i + 0.5) / len(icons) + rnd.uniform(-0.04, 0.04) * (right - left)
        draw_icon(canvas, icon, cx, ground + size * 0.38, size)


def _doctrine(canvas: Canvas, rnd: random.Random, x: float, ground: float, width: float, height: float,
              card: Card) -> None:
    """A temple the seed shapes, on one side; the unit types the effect names on the other."""
    side = rnd.choice((0, 1))
    centre = x + width * (rnd.uniform(0.18, 0.32) if side == 0 else rnd.uniform(0.68, 0.82))
    _temple(canvas, rnd, centre, ground, height)
    left, right = (x + width * 0.45, x + width * 0.95) if side == 0 else (x + width * 0.05, x + width * 0.55)
    _named_figures(canvas, rnd, left, right, ground, height, card)


def _tactic(canvas: Canvas, rnd: random.Random, x: float, ground: float, width: float, height: float,
            card: Card) -> None:
    """A volley of arrows the seed aims, over the unit types the effect names."""
    _arrows(canvas, rnd, x, ground, width, height)
    left = x + width * rnd.uniform(0.02, 0.42)
    _named_figures(canvas, rnd, left, left + width * 0.56, ground, height, card)


def _figures(canvas: Canvas, rnd: random.Random, x: float, ground: float, width: float, height: float,
             card: Card) -> None:
    """A line of the unit type's figure (pnp/icons), one per level, standing on the near ground."""
    count = max(1, card.level or 1)
    size = height * (0.5 if count <= 2 else 0.42)
    span = width * 0.7
    left = x + (width - span) / 2 + rnd.uniform(-0.03, 0.03) * width
    for i in range(count):
        cx = left + span * (i + 0.5) / count
        draw_icon(canvas, TYPE_ICONS[card.unit_type], cx, ground + size * 0.38, size)


def _leader(canvas: Canvas, rnd: random.Random, x: float, ground: float, width: float, height: float,
            card: Card) -> None:
    """One large figure of the leader's rank in front of the emblem, a banner pole beside it, and what the effect
    names on the other side."""
    size = height * 0.62
    side = rnd.choice((0, 1))
    cx = x + width * (rnd.uniform(0.22, 0.34) if side == 0 else rnd.uniform(0.66, 0.78))
    draw_icon(canvas, TYPE_ICONS[card.unit_type], cx, ground + size * 0.4, size)
    far = (x + width * 0.55, x + width * 0.97) if side == 0 else (x + width * 0.03, x + width * 0.45)
    _named_figures(canvas, rnd, *far, ground, height * 0.8, card)
    pole = cx + size * (0.62 if cx < x + width / 2 else -0.62)
    canvas.setLineWidth(height * 0.014)
    canvas.line(pole, ground - height * 0.08, pole, ground + height * 0.55)
    flag = canvas.beginPath()
    flag.moveTo(pole, ground + height * 0.55)
    flag.lineTo(pole + height * 0.2, ground + height * 0.49)
    flag.lineTo(pole, ground + height * 0.43)
    flag.close()
    canvas.drawPath(flag, stroke=0, fill=1)


def _mountains(canvas: Canvas, rnd: random.Random, x: float, ground: float, width: float, height: float,
               card: Card) -> None:
    """Terrain doctrines: a range of peaks with snow caps across the whole window."""
    peaks = 4
    base = ground - height * 0.12
    for i in range(peaks):
        cx = x + width * (0.12 + 0.76 * i / (peaks - 1)) + rnd.uniform(-0.03, 0.03) * width
        h = height * rnd.uniform(0.42, 0.6)
        half = width * 0.16
        path = canvas.beginPath()
        path.moveTo(cx - half, base)
        path.lineTo(cx, base + h)
        path.lineTo(cx + half, base)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
        canvas.saveState()
        canvas.setFillColor(cmyk(PAPER))  # snow
        cap = canvas.beginPath()
        cap.moveTo(cx - half * 0.28, base + h * 0.72)
        cap.lineTo(cx, base + h)
        cap.lineTo(cx + half * 0.28, base + h * 0.72)
        cap.close()
        canvas.drawPath(cap, stroke=0, fill=1)
        canvas.restoreState()


def _sky(canvas: Canvas, x: float, y: float, width: float, height: float, top, bottom, bands: int = 16) -> None:
    """A sky from `top` down to `bottom` colour in even bands (no shading objects: they cannot live in forms)."""
    band = height / bands
    for i in range(bands):
        canvas.setFillColor(cmyk(mix(top, bottom, i / (bands - 1))))
        canvas.rect(x, y + height - (i + 1) * band, width, band + 0.3, stroke=0, fill=1)


def _ridge(canvas: Canvas, rnd: random.Random, x: float, y: float, width: float, level: float, amplitude: float,
           colour) -> None:
    phases = [rnd.uniform(0, 2 * math.pi) for _ in range(3)]
    path = canvas.beginPath()
    path.moveTo(x, y)
    steps = 40
    for i in range(steps + 1):
        t = i / steps
        wave = sum(math.sin(t * math.pi * (k + 1.3) + p) / (k + 1) for k, p in enumerate(phases))
        path.lineTo(x + t * width, level + amplitude * wave / 1.8)
    path.lineTo(x + width, y)
    path.close()
    canvas.setFillColor(cmyk(colour))
    canvas.drawPath(path, stroke=0, fill=1)


def _spears(canvas: Canvas, rnd: random.Random, x: float, ground: float, width: float, height: float,
            card: Card) -> None:
    """A file of spears, more for a higher level."""
    count = 4 + 3 * (card.level or 1)
    left = x + width * rnd.uniform(0.08, 0.2)
    span = width * 0.62
    canvas.setLineWidth(height * 0.012)
    for i in range(count):
        sx = left + span * i / max(1, count - 1)
        top = ground + height * (0.3 + 0.05 * math.sin(i * 1.7))
        canvas.line(sx, ground - height * 0.1, sx, top)
        tip = canvas.beginPath()
        tip.moveTo(sx - height * 0.018, top)
        tip.lineTo(sx, top + height * 0.06)
        tip.lineTo(sx + height * 0.018, top)
        tip.close()
        canvas.drawPath(tip, stroke=0, fill=1)


def _temple(canvas: Canvas, rnd: random.Random, centre: float, ground: float, height: float) -> None:
    """A small temple front the seed shapes: steps, three to seven columns, a pediment or a flat roof."""
    columns = rnd.randint(3, 7)
    w = height * (0.18 + 0.09 * columns) * rnd.uniform(0.9, 1.1)
    left = centre - w / 2
    base = ground - height * 0.06
    canvas.rect(left - w * 0.06, base, w * 1.12, height * 0.05, stroke=0, fill=1)
    top = base + height * rnd.uniform(0.26, 0.36)
    for i in range(columns):
        cx = left + w * (0.06 + 0.88 * i / (columns - 1))
        canvas.rect(cx - w * 0.035, base + height * 0.05, w * 0.07, top - base - height * 0.05, stroke=0, fill=1)
    canvas.rect(left - w * 0.03, top, w * 1.06, height * 0.04, stroke=0, fill=1)
    roof = canvas.beginPath()
    roof.moveTo(left - w * 0.06, top + height * 0.04)
    if rnd.random() < 0.6:
        roof.lineTo(left + w / 2, top + height * 0.15)
    else:
        roof.lineTo(left - w * 0.02, top + height * 0.09)
        roof.lineTo(left + w * 1.02, top + height * 0.09)
    roof.lineTo(left + w * 1.06, top + height * 0.04)
    roof.close()
    canvas.drawPath(roof, stroke=0, fill=1)


def _arrows(canvas: Canvas, rnd: random.Random, x: float, ground: float, width: float, height: float) -> None:
    """A volley of arrows arcing across the sky: how many, where from and how steep, as the seed says."""
    canvas.setLineWidth(height * 0.01)
    direction = rnd.choice((1, -1))
    angle = math.radians(rnd.uniform(-34, -12))
    length = height * rnd.uniform(0.26, 0.36)
    count = rnd.randint(4, 9)
    start = rnd.uniform(0.06, 0.2)
    for i in range(count):
        sx = x + width * (start + 0.68 * i / max(1, count - 1) + rnd.uniform(-0.02, 0.02))
        sy = ground + height * (0.34 + 0.2 * ((i * 3) % 5) / 4)
        ex, ey = sx + direction * length * math.cos(angle), sy + length * math.sin(angle)
        canvas.line(sx, sy, ex, ey)
        heading = math.atan2(ey - sy, ex - sx)
        head = canvas.beginPath()
        head.moveTo(ex, ey)
        for barb in (heading + math.pi + 0.45, heading + math.pi - 0.45):
            head.lineTo(ex + height * 0.05 * math.cos(barb), ey + height * 0.05 * math.sin(barb))
        head.close()
        canvas.drawPath(head, stroke=0, fill=1)
