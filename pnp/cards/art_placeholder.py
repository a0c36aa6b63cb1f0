"""Generated art for cards without an art file: a landscape in the faction's colours under its emblem, with a
motif for the card kind (a row of spears for units, a temple for doctrines, a volley of arrows for tactics).

Everything varies with the card id through a seeded generator, so the same card always gets the same picture.
"""
from __future__ import annotations

import math
import random
import zlib

from reportlab.pdfgen.canvas import Canvas

from ..data.card_database import Card
from ..layouts.schemas import CardPalette, FactionStyle
from ..graphics.colours import cmyk, mix
from ..graphics.emblems import draw_emblem


def draw_placeholder(canvas: Canvas, x: float, y: float, width: float, height: float, card: Card,
                     style: FactionStyle, palette: CardPalette) -> None:
    """Fill the window (points) with the card's generated picture; the caller clips to the window."""
    rnd = random.Random(zlib.crc32(card.id.encode("utf-8")))
    light = palette.light
    horizon = y + height * rnd.uniform(0.34, 0.44)
    _sky(canvas, x, y, width, height, style.sky, mix(palette.gold, light, 0.62))
    sun_x = x + width * rnd.choice((0.24, 0.76))
    canvas.setFillColor(cmyk(mix(palette.gold, light, 0.4)))
    canvas.circle(sun_x, horizon + height * 0.16, height * 0.2, stroke=0, fill=1)
    canvas.setFillColor(cmyk(mix(style.color, light, 0.52)))
    draw_emblem(canvas, style.emblem, x + width / 2, y + height * 0.6, height * 0.62)
    _ridge(canvas, rnd, x, y, width, horizon + height * 0.06, height * 0.07, mix(style.color, light, 0.45))
    near = horizon - height * 0.05
    _ridge(canvas, rnd, x, y, width, near, height * 0.05, mix(style.dark, light, 0.12))
    canvas.setFillColor(cmyk(style.dark))
    canvas.setStrokeColor(cmyk(style.dark))
    motif = {"unit": _spears, "doctrine": _temple, "tactic": _arrows}[card.kind]
    motif(canvas, rnd, x, near, width, height, card)


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


def _temple(canvas: Canvas, rnd: random.Random, x: float, ground: float, width: float, height: float,
            card: Card) -> None:
    """A small temple front: steps, columns and a pediment."""
    w = height * 0.62
    left = x + width * rnd.choice((0.27, 0.73)) - w / 2
    base = ground - height * 0.06
    canvas.rect(left - w * 0.06, base, w * 1.12, height * 0.05, stroke=0, fill=1)
    columns = 5
    top = base + height * 0.3
    for i in range(columns):
        cx = left + w * (0.06 + 0.88 * i / (columns - 1))
        canvas.rect(cx - w * 0.035, base + height * 0.05, w * 0.07, top - base - height * 0.05, stroke=0, fill=1)
    canvas.rect(left - w * 0.03, top, w * 1.06, height * 0.04, stroke=0, fill=1)
    roof = canvas.beginPath()
    roof.moveTo(left - w * 0.06, top + height * 0.04)
    roof.lineTo(left + w / 2, top + height * 0.15)
    roof.lineTo(left + w * 1.06, top + height * 0.04)
    roof.close()
    canvas.drawPath(roof, stroke=0, fill=1)


def _arrows(canvas: Canvas, rnd: random.Random, x: float, ground: float, width: float, height: float,
            card: Card) -> None:
    """A volley of arrows arcing across the sky."""
    canvas.setLineWidth(height * 0.01)
    angle = math.radians(rnd.uniform(-28, -16))
    length = height * 0.32
    for i in range(7):
        sx = x + width * (0.12 + 0.1 * i + rnd.uniform(-0.02, 0.02))
        sy = ground + height * (0.32 + 0.2 * ((i * 3) % 5) / 4)
        ex, ey = sx + length * math.cos(angle), sy + length * math.sin(angle)
        canvas.line(sx, sy, ex, ey)
        head = canvas.beginPath()
        head.moveTo(ex, ey)
        for barb in (angle + math.pi + 0.45, angle + math.pi - 0.45):
            head.lineTo(ex + height * 0.05 * math.cos(barb), ey + height * 0.05 * math.sin(barb))
        head.close()
        canvas.drawPath(head, stroke=0, fill=1)
