"""CMYK colours from the layout's [c, m, y, k] fractions, and mixtures of them (no RGB anywhere in the cards)."""
from __future__ import annotations

from reportlab.lib.colors import CMYKColor

from ..core.values import Colour


PAPER = (0.0, 0.0, 0.0, 0.0)  # no ink: text knocked out, snow
BLACK = (0.0, 0.0, 0.0, 1.0)  # black ink only (K)


def cmyk(colour: Colour) -> CMYKColor:
    return CMYKColor(*colour)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """`a` moved a fraction `t` towards `b`."""
    return tuple(round(x + (y - x) * t, 4) for x, y in zip(a, b))
