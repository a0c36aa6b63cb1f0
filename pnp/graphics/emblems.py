"""Faction emblems as simple vector shapes, one per faction, each drawn in a square of side `size` around a centre.

Every shape is built in unit coordinates (−1..1) and filled with the current fill colour: rings as one even-odd
path (the hole stays open), all other parts as separate paths whose overlaps simply merge.
"""
from __future__ import annotations

import math
from typing import Callable

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ..pages.forms import Definition, define_once

REACH = 1.5  # half the side of a form's box in unit coordinates: room for parts that stick out of the −1..1 square


class _Shapes:
    """Collects the parts of an emblem: `ring` parts (even-odd) and `solid` parts (each filled on its own)."""

    def __init__(self, canvas: Canvas):
        self.canvas = canvas

    def solid(self, build: Callable[[PDFPathObject], None]) -> None:
        path = self.canvas.beginPath()
        build(path)
        self.canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_NON_ZERO)

    def polygon(self, points) -> None:
        self.solid(lambda path: _polygon(path, points))

    def ring(self, cx: float, cy: float, radii: tuple[tuple[float, float], ...]) -> None:
        """Concentric ellipses (rx, ry) filled even-odd: alternate bands filled and open."""
        path = self.canvas.beginPath()
        for rx, ry in radii:
            _ellipse(path, cx, cy, rx, ry)
        self.canvas.drawPath(path, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)


def _polygon(path: PDFPathObject, points) -> None:
    (x0, y0), *rest = points
    path.moveTo(x0, y0)
    for x, y in rest:
        path.lineTo(x, y)
    path.close()


def _ellipse(path: PDFPathObject, cx: float, cy: float, rx: float, ry: float) -> None:
    path.ellipse(cx - rx, cy - ry, 2 * rx, 2 * ry)


def _rotated(points, angle: float, dx: float = 0.0, dy: float = 0.0):
    c, s = math.cos(angle), math.sin(angle)
    return [(x * c - y * s + dx, x * s + y * c + dy) for x, y in points]


def lambda_shield(shapes: _Shapes) -> None:
    """Sparta: the hoplite shield with the Λ of Lacedaemon."""
    shapes.ring(0, 0, ((1, 1), (0.84, 0.84), (0.76, 0.76), (0.70, 0.70)))
    shapes.polygon([(-0.50, -0.50), (-0.30, -0.50), (0, 0.22), (0.30, -0.50), (0.50, -0.50), (0.09, 0.56),
                    (-0.09, 0.56)])


def vergina_sun(shapes: _Shapes) -> None:
    """Macedon: the sixteen-rayed Vergina sun."""
    shapes.ring(0, 0, ((0.2, 0.2),))
    for i in range(16):
        angle = math.pi / 2 + i * math.pi / 8
        length = 1.0 if i % 2 == 0 else 0.74
        half = math.radians(6.5)
        base = 0.25
        points = [(base * math.cos(angle - half), base * math.sin(angle - half)),
                  (length * math.cos(angle), length * math.sin(angle)),
                  (base * math.cos(angle + half), base * math.sin(angle + half))]
        shapes.polygon(points)


def laurel_wreath(shapes: _Shapes) -> None:
    """Rome: a laurel wreath, open at the top, tied at the bottom."""
    for side in (-1, 1):
        arc = [(side * (0.78 + d) * math.cos(math.radians(a)), (0.78 + d) * math.sin(math.radians(a)))
               for d, rng in ((0.025, range(-84, 64, 4)), (-0.025, range(60, -88, -4))) for a in rng]
        shapes.polygon(arc)
        for i in range(8):
            t = math.radians(-76 + i * 18)
            x, y = side * 0.78 * math.cos(t), 0.78 * math.sin(t)
            along = math.atan2(math.cos(t), -side * math.sin(t))  # the branch's direction, growing upwards
            for spread in (0.62, -0.62):
                shapes.solid(lambda path, a=along + spread * side, x=x, y=y: _leaf(path, x, y, a, 0.27, 0.075))
    shapes.polygon([(-0.16, -0.86), (0.16, -0.86), (0.26, -1.0), (0.06, -0.9), (0, -0.98), (-0.06, -0.9),
                    (-0.26, -1.0)])


def _leaf(path: PDFPathObject, x: float, y: float, angle: float, length: float, width: float) -> None:
    """A pointed leaf from (x, y) in direction `angle`."""
    c, s = math.cos(angle), math.sin(angle)

    def at(u: float, v: float) -> tuple[float, float]:
        return x + u * c - v * s, y + u * s + v * c

    path.moveTo(*at(0, 0))
    path.curveTo(*at(length * 0.3, width * 1.3), *at(length * 0.75, width), *at(length, 0))
    path.curveTo(*at(length * 0.75, -width), *at(length * 0.3, -width * 1.3), *at(0, 0))
    path.close()


def winged_disc(shapes: _Shapes) -> None:
    """Persia: the winged disc of the Achaemenid kings."""
    shapes.ring(0, 0.08, ((0.26, 0.26), (0.17, 0.17), (0.11, 0.11)))
    for side in (-1, 1):
        for tier, (top, length) in enumerate(((0.36, 1.0), (0.16, 0.86), (-0.04, 0.70))):
            inner = 0.3
            bottom = top - 0.16
            tip = inner + length * 0.7
            shapes.polygon([(side * inner, top), (side * (tip - 0.08), top + 0.06 - tier * 0.02),
                            (side * tip, top - 0.02), (side * (tip - 0.05), bottom), (side * inner, bottom)])
    for i, x in enumerate((-0.16, 0, 0.16)):
        depth = -0.88 if i == 1 else -0.78
        shapes.polygon([(x - 0.07, -0.22), (x + 0.07, -0.22), (x + 0.05 + x * 0.5, depth),
                        (x - 0.05 + x * 0.5, depth)])


def tanit(shapes: _Shapes) -> None:
    """Carthage: the sign of Tanit."""
    shapes.ring(0, 0.56, ((0.24, 0.24),))
    shapes.polygon([(-0.72, 0.20), (0.72, 0.20), (0.72, 0.50), (0.60, 0.50), (0.60, 0.32), (-0.60, 0.32),
                    (-0.60, 0.50), (-0.72, 0.50)])
    shapes.polygon([(-0.1, 0.2), (0.1, 0.2), (0.62, -0.92), (-0.62, -0.92)])


def ankh(shapes: _Shapes) -> None:
    """Egypt: the ankh."""
    shapes.ring(0, 0.5, ((0.32, 0.45), (0.17, 0.30)))
    shapes.polygon([(-0.72, 0.16), (-0.62, 0.1), (-0.14, 0.1), (-0.12, 0.04), (-0.22, -0.98), (0.22, -0.98),
                    (0.12, 0.04), (0.14, 0.1), (0.62, 0.1), (0.72, 0.16), (0.72, -0.12), (0.62, -0.06),
                    (0.13, -0.06), (0.1, -0.08), (-0.1, -0.08), (-0.13, -0.06), (-0.62, -0.06), (-0.72, -0.12)])


def crossed_falxes(shapes: _Shapes) -> None:
    """Dacia: two crossed falxes, the Dacian curved war blade."""
    steps = 14
    spine = [(0.0, -0.3), (0.0, 0.62), (0.5, 0.95)]  # quadratic curve of the blade's back
    left, right = [], []
    for i in range(steps + 1):
        u = i / steps
        px = (1 - u) ** 2 * spine[0][0] + 2 * u * (1 - u) * spine[1][0] + u * u * spine[2][0]
        py = (1 - u) ** 2 * spine[0][1] + 2 * u * (1 - u) * spine[1][1] + u * u * spine[2][1]
        dx = 2 * (1 - u) * (spine[1][0] - spine[0][0]) + 2 * u * (spine[2][0] - spine[1][0])
        dy = 2 * (1 - u) * (spine[1][1] - spine[0][1]) + 2 * u * (spine[2][1] - spine[1][1])
        norm = math.hypot(dx, dy)
        half = 0.09 * (1 - u) ** 0.8 + 0.004
        left.append((px - dy / norm * half * 0.4, py + dx / norm * half * 0.4))
        right.append((px + dy / norm * half * 1.6, py - dx / norm * half * 1.6))
    blade = left + right[::-1]
    handle = [(-0.06, -1.0), (0.06, -1.0), (0.06, -0.3), (-0.06, -0.3)]
    guard = [(-0.16, -0.34), (0.16, -0.34), (0.16, -0.27), (-0.16, -0.27)]
    for mirror in (1, -1):
        for part in (blade, handle, guard):
            shapes.polygon([(mirror * x, y) for x, y in _rotated(part, -0.5, 0.0, 0.05)])


def crossed_swords(shapes: _Shapes) -> None:
    """No faction: two crossed straight swords, the duel itself (the common back)."""
    blade = [(-0.07, -0.42), (0.07, -0.42), (0.07, 0.78), (0, 0.96), (-0.07, 0.78)]
    guard = [(-0.26, -0.5), (0.26, -0.5), (0.26, -0.41), (-0.26, -0.41)]
    grip = [(-0.05, -0.86), (0.05, -0.86), (0.05, -0.5), (-0.05, -0.5)]
    for mirror in (1, -1):
        for part in (blade, guard, grip):
            shapes.polygon([(mirror * x, y) for x, y in _rotated(part, -0.62, 0.0, 0.06)])
        pommel = _rotated([(0, -0.93)], -0.62, 0.0, 0.06)[0]
        shapes.ring(mirror * pommel[0], pommel[1], ((0.09, 0.09),))


EMBLEMS: dict[str, Callable[[_Shapes], None]] = {
    "lambda": lambda_shield, "vergina": vergina_sun, "wreath": laurel_wreath, "winged-disc": winged_disc,
    "tanit": tanit, "ankh": ankh, "falx": crossed_falxes, "swords": crossed_swords,
}


def emblem_form(name: str) -> Definition:
    """The form of emblem `name`: its form name, box (unit coordinates) and drawing."""
    return f"emblem-{name}", (-REACH, -REACH, REACH, REACH), lambda c: EMBLEMS[name](_Shapes(c))


def draw_emblem(canvas: Canvas, name: str, cx: float, cy: float, size: float) -> None:
    """Fill emblem `name` in the current fill colour, centred at (cx, cy), `size` points across (a form stored
    once per PDF, in unit coordinates)."""
    form, box, draw = emblem_form(name)
    define_once(canvas, form, box, draw)
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.scale(size / 2, size / 2)
    canvas.doForm(form)
    canvas.restoreState()
