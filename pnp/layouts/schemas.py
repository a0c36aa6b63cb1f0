"""The layout files of the kit (pnp/layouts/*.toml, millimetres, named) and what every product shares of them:
the folder and the files' names, the home sheet of each paper (home-<paper>.toml), the card's size and margins
(the [card] table of card.toml) and the ink limit. Each product loads its own layout (pnp.cards.layout,
pnp.sheets.layout, pnp.sheets.calibration_layout, pnp.rulebook.layout) with pnp.core.loader.
Every loader takes the layouts folder (the project's, pnp.project.Project.layouts; LAYOUTS is the repository's own).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from ..core.caches import memo
from ..core.geometry import Box
from ..core.loader import layout_file, load_layout, read_layout, read_table
from ..core.problems import Location, Problem, raise_if_errors
from ..core.resources import package_folder
from ..core.values import Colour, Count, Positive, Step

LAYOUTS = package_folder("pnp", "layouts")
PAPERS = ("a4", "letter")
CARD, CARD_INK_SAVER = "card", "card-ink-saver"  # the card layout and its light variant (`pnp build --ink-saver`)
CARD_VARIANTS = (CARD, CARD_INK_SAVER)


@dataclass(frozen=True)
class CardGeometry:
    """card.toml [card]: a card's size, bleed, safe margin, fitting step, smallest text and ink limit."""
    width: Positive
    height: Positive
    bleed: float
    safe: float
    fit_step: Step
    small_text: Positive
    max_ink: Positive

    @property
    def safe_box(self) -> Box:
        return Box(0, 0, self.width, self.height).inset(self.safe)

    def invalid(self) -> list[str]:
        """A negative bleed or safe margin, or a safe margin that leaves no room on the card."""
        wrong = [f"{name} {value:g} must not be below zero" for name, value in (("bleed", self.bleed),
                                                                              ("safe", self.safe)) if value < 0]
        if 2 * self.safe >= min(self.width, self.height):
            wrong.append(f"safe {self.safe:g} leaves no room inside a {self.width:g} × {self.height:g} mm card")
        return wrong


@dataclass(frozen=True)
class Paper:
    """A paper size in millimetres, by its name (a4, letter)."""
    name: str
    width: float
    height: float


@dataclass(frozen=True)
class GridSize:
    """Cells per sheet; `turned`: each cell holds its card turned a quarter turn (lying on its long side)."""

    columns: Count
    rows: Count
    turned: bool = False


@dataclass(frozen=True)
class SheetMargins:
    """A home sheet's edge: the printable margin, the bleed around the grid and the crop marks (mm, the width pt)."""

    min_margin: float
    bleed: float
    mark_gap: float
    mark_length: float
    mark_min_length: float
    mark_width: float


@dataclass(frozen=True)
class SheetLayout:
    """home-<paper>.toml: the paper, the grid of cards on it and its margins."""
    paper: Paper
    grid: GridSize
    margins: SheetMargins


def ink_problems(colours: Mapping[str, Colour], max_ink: float, file: str) -> list[Problem]:
    """One problem per CMYK colour whose total area coverage (C + M + Y + K, in %) exceeds `max_ink`."""
    return [Problem("layout-ink", f"colour {name} {list(colour)} has {sum(colour) * 100:.0f} % total ink; at most "
                    f"{max_ink:g} % prints without smearing", Location(file=file, field=name))
            for name, colour in colours.items() if sum(colour) * 100 > max_ink + 1e-6]


def sheet_layout(paper: str, directory: Path) -> SheetLayout:
    """The home sheet for paper `paper` (home-<paper>.toml of the layouts folder `directory`)."""
    return load_layout(home_sheet(paper), SheetLayout, directory)


def home_sheet(paper: str) -> str:
    """The name of the home sheet layout for paper `paper` (home-a4, home-letter)."""
    return f"home-{paper}"


@memo("the card's size and margins (card.toml's [card])", "layouts folder")
def card_geometry(directory: Path) -> CardGeometry:
    """The card's size, margins, fitting step, smallest text and ink limit: the [card] table of card.toml (of the
    layouts folder `directory`), which every product prints by; the rest of card.toml is pnp.cards.layout's."""
    file = str(layout_file(directory, CARD))
    geometry, problems = read_table(CardGeometry, read_layout(CARD, directory).get("card"), file, "card")
    raise_if_errors(problems)
    return geometry
