"""Shared geometry of every layout: a box (mm, from the lower left), a text style (font role, sizes, leading,
lines) and a padded text box."""
from __future__ import annotations

from dataclasses import dataclass

from .values import FONT_FILES, FontRole, Positive


@dataclass(frozen=True)
class Box:
    """A rectangle in millimetres: its lower left corner (x, y), width and height."""
    x: float
    y: float
    width: float
    height: float

    def invalid(self) -> list[str]:
        """A box with no width or height cannot hold anything (a zero-height art window, a text box)."""
        return [f"{name} {value:g} must be above 0" for name, value in (("width", self.width),
                                                                        ("height", self.height)) if value <= 0]

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def inset(self, d: float) -> Box:
        return Box(self.x + d, self.y + d, self.width - 2 * d, self.height - 2 * d)

    def contains(self, other: Box, tolerance: float = 1e-6) -> bool:
        return (other.x >= self.x - tolerance and other.y >= self.y - tolerance
                and other.right <= self.right + tolerance and other.top <= self.top + tolerance)


@dataclass(frozen=True)
class TextStyle:
    """A font role (pnp.typeset.fonts), the default size, the smallest size fitting may use, the leading (a
    multiple of the size), the most lines allowed (0: any number) and the font role of the figures."""

    font: FontRole
    size: Positive
    min_size: Positive
    leading: Positive = 1.2
    max_lines: int = 1
    figures: str = ""       # a font role for the digits, if not the text's own font

    def invalid(self) -> list[str]:
        """What is wrong beyond each value's own type (the loader reports it at the style's key)."""
        wrong = []
        if self.min_size > self.size:
            wrong.append(f"min_size {self.min_size:g} must not be above size {self.size:g}")
        if self.figures and self.figures not in FONT_FILES:
            wrong.append(f"figures {self.figures!r} is not a font role; expected one of {', '.join(FONT_FILES)}")
        return wrong


@dataclass(frozen=True)
class TextBox:
    """A box for text: the text style set in it, inside its padding."""
    box: Box
    padding: float
    style: TextStyle

    @property
    def inner(self) -> Box:
        return self.box.inset(self.padding)
