"""Typed values of the layout files, each checked with its range by the loader (pnp.layouts.schemas.load_layout):
a bad value is one located problem (file, key), never a hang or a traceback later."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Mapping, NewType

Colour = NewType("Colour", tuple[float, float, float, float])  # CMYK fractions, each 0..1
Positive = NewType("Positive", float)                          # a length in mm, a type size or a step: above zero
FontRole = NewType("FontRole", str)                            # a font role of pnp.typeset.fonts.FONT_FILES


@dataclass(frozen=True)
class Palette:
    """The named colours of one product (each product's palette subclasses this with the colours it uses; every
    field a Colour, checked 0..1 by the loader)."""

    def colors(self) -> Mapping[str, Colour]:
        """Colour name -> CMYK fractions."""
        return asdict(self)


@dataclass(frozen=True)
class PageMargins:
    """A page's margins in mm: top, bottom, and inner (at the binding) and outer."""

    top: Positive
    bottom: Positive
    inner: Positive
    outer: Positive


@dataclass(frozen=True)
class Figures:
    """The font role the digits of the title faces (pnp.typeset.fonts.TITLE_FACES: Cinzel, whose 1 reads as a Roman
    I) are set in, and their size relative to the text; the text faces (EB Garamond PnP) print their own lining
    figures."""

    font: FontRole
    scale: Positive
