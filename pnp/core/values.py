"""Typed values of the layout files, each checked with its range by the loader (pnp.core.loader.load_layout):
a bad value is one located problem (file, key), never a hang or a traceback later."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Mapping, NewType

Colour = NewType("Colour", tuple[float, float, float, float])  # CMYK fractions, each 0..1
Positive = NewType("Positive", float)                          # a length in mm, a type size or a step: above zero
FontRole = NewType("FontRole", str)                            # a font role: a key of FONT_FILES
Step = NewType("Step", float)                                  # a fitting step in pt: STEP_RANGE
Dpi = NewType("Dpi", int)                                      # a resolution in dots per inch: DPI_RANGE
Count = NewType("Count", int)                                  # a number of things divided by (grid columns): 1..

# role -> file in fonts/. Titles in Cinzel (Roman capitals; Turkish text in its Turkish form), text and every number
# in EB Garamond PnP (lining figures, fonts/derive.py; "tabular": figures of one width, for numbers in columns —
# the Bold's are tabular already), symbols (♚, →, ✓) in DejaVu Sans. All SIL OFL / Bitstream Vera licences, files
# beside the fonts.
FONT_FILES = {
    "title": "Cinzel.ttf",
    "title-tr": "CinzelPnP-TR.ttf",
    "brand": "Cinzel.ttf",  # text in no language: the game's title, never in the Turkish form
    "body": "EBGaramondPnP-Regular.ttf",
    "italic": "EBGaramondPnP-Italic.ttf",
    "bold": "EBGaramondPnP-Bold.ttf",
    "tabular": "EBGaramondPnPTabular-Regular.ttf",
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
}

# The ranges every layout number is checked against at load (docs/input-limits.md): they bound the work a layout
# can ask for (a fitting loop tries at most (size - min_size) / fit_step sizes; an image has at most DPI_RANGE's
# top resolution).
MAX_NUMBER = 1000.0        # any other number (mm, pt, a multiple, a count): -MAX_NUMBER..MAX_NUMBER; whole numbers
                           # 0..MAX_NUMBER (a Count 1..MAX_NUMBER); a Positive above 0 and at most MAX_NUMBER
STEP_RANGE = (0.05, 5.0)   # fit_step
DPI_RANGE = (50, 1200)     # resolutions: art min_dpi and max_dpi, the export's image and deck sheet dpi
MAX_ITEMS = 64             # a list (e.g. the export's dpi list): 1..MAX_ITEMS items


@dataclass(frozen=True)
class Palette:
    """The named colours of one product (each product's palette subclasses this with the colours it uses; every
    field a Colour, checked 0..1 by the loader)."""

    def colors(self) -> Mapping[str, Colour]:
        """Colour name -> CMYK fractions (the fields as they are: asdict's deep copy of every tuple cost 26 µs a
        call, and the cards ask for one colour at a time)."""
        return {field.name: getattr(self, field.name) for field in fields(self)}


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
