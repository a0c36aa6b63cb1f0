"""The rulebook's geometry and type (pnp/layouts/rulebook.toml) and its page sizes on the chosen paper."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Mapping


from ..layouts.schemas import LAYOUTS, load_layout, sheet_layout
from ..layouts.values import Colour, Figures
from ..problems import Location, Problem, raise_if_errors
from ..typeset.units import MM


@dataclass(frozen=True)
class Margins:
    top: float
    bottom: float
    inner: float
    outer: float


@dataclass(frozen=True)
class TypeSizes:
    body: float
    leading: float
    small: float
    table: float
    table_leading: float
    chapter: float
    section: float
    subsection: float
    header: float
    footer: float
    title: float
    subtitle: float


@dataclass(frozen=True)
class Spacing:
    paragraph: float
    list_item: float
    before_section: float
    after_heading: float
    box_padding: float
    cell_padding: float


@dataclass(frozen=True)
class PageFormat:
    margins: Margins
    header: float
    footer: float
    type: TypeSizes
    space: Spacing
    indent: float
    ornament: float
    onepage_scale: float
    emblem: float
    keep_with_table: float


@dataclass(frozen=True)
class Palette:
    ink: Colour
    accent: Colour
    gold: Colour
    tint: Colour
    rule: Colour
    muted: Colour


@dataclass(frozen=True)
class TitleFrame:
    """The title page's double frame: line widths (pt), the inner line's inset and the content's padding (mm)."""

    outer_line: float
    inner_line: float
    inset: float
    padding: float


@dataclass(frozen=True)
class RulebookLayout:
    full: PageFormat
    booklet: PageFormat
    columns: Mapping[str, tuple[float, ...]]
    palette: Palette
    figures: Figures
    title_frame: TitleFrame


@dataclass(frozen=True)
class Page:
    """One page format placed on paper: page size and margins in points, and the sheet it is imposed on."""

    width: float
    height: float
    format: PageFormat
    sheet: tuple[float, float]  # the printed sheet: the page itself, or the landscape sheet of a booklet

    def margins(self, page_number: int) -> tuple[float, float]:
        """(left, right) margin in points: the inner margin is at the binding (left on odd, right on even pages)."""
        m = self.format.margins
        if page_number % 2 == 0:
            return m.outer * MM, m.inner * MM
        return m.inner * MM, m.outer * MM

    @property
    def text_width(self) -> float:
        m = self.format.margins
        return self.width - (m.inner + m.outer) * MM


@lru_cache(maxsize=None)
def rulebook_layout(directory: Path = LAYOUTS) -> RulebookLayout:
    """pnp/layouts/rulebook.toml, checked: booklet margins printable, colours in range, table widths positive."""
    layout = load_layout("rulebook", RulebookLayout, directory)
    file = str(directory / "rulebook.toml")
    problems = []
    for name in ("full", "booklet"):
        margins = getattr(layout, name).margins
        if min(margins.top, margins.bottom, margins.outer) < 5.0:
            problems.append(Problem("layout-value", f"[{name}] margins must leave at least 5 mm at the paper edge "
                                    "(home printers cannot print closer)", Location(file=file, field=name)))
    for name, widths in layout.columns.items():
        if not widths or min(widths) <= 0:
            problems.append(Problem("layout-value", f"column widths of '{name}' must be positive numbers",
                                    Location(file=file, field=f"columns.{name}")))
    raise_if_errors(problems)
    return layout


def page_for(paper: str, booklet: bool, directory: Path = LAYOUTS) -> Page:
    """The rulebook page on `paper` (a4 | letter): the paper itself, or half of it for the booklet."""
    layout = rulebook_layout(directory)
    sheet = sheet_layout(paper, directory).paper
    width, height = sheet.width * MM, sheet.height * MM
    if booklet:
        return Page(height / 2, width, layout.booklet, (height, width))
    return Page(width, height, layout.full, (width, height))
