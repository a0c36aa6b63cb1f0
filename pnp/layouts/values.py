"""Typed values of the layout files, each checked with its range by the loader (pnp.layouts.schemas.load_layout):
a bad value is one located problem (file, key), never a hang or a traceback later."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NewType

Colour = NewType("Colour", tuple[float, float, float, float])  # CMYK fractions, each 0..1
Positive = NewType("Positive", float)                          # a length in mm, a type size or a step: above zero
FontRole = NewType("FontRole", str)                            # a font role of pnp.typeset.fonts.FONT_FILES


@dataclass(frozen=True)
class Figures:
    """The font role the digits of the text faces (pnp.typeset.fonts.TEXT_FACES) are set in, and their size
    relative to the text (EB Garamond has old-style figures only: its 0 reads as an o, its 1 as an I)."""

    font: FontRole
    scale: Positive
