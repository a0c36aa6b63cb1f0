"""The rulebook's geometry and type (pnp/layouts/rulebook.toml) and its page sizes on the chosen paper."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping


from ..core.caches import memo
from ..cards.layout import card_layout
from ..core.loader import load_layout
from ..layouts.schemas import ink_problems, sheet_layout
from ..core.values import Colour, Figures, PageMargins, Palette, Positive
from ..core.problems import Location, Problem, raise_if_errors
from ..core.units import MM


@dataclass(frozen=True)
class RulebookType:
    """The rulebook's type sizes and leadings (pt) by role."""

    body: Positive
    leading: Positive
    small: Positive
    table: Positive
    table_leading: Positive
    chapter: Positive
    section: Positive
    subsection: Positive
    header: Positive
    footer: Positive
    title: Positive
    subtitle: Positive


@dataclass(frozen=True)
class Spacing:
    """rulebook.toml: the space between paragraphs, list items and sections, and inside boxes and cells."""
    paragraph: float
    list_item: float
    before_section: float
    after_heading: float
    box_padding: float
    cell_padding: float


@dataclass(frozen=True)
class PageFormat:
    """rulebook.toml [full] or [booklet]: a page format's margins, header, footer, type and spacing."""
    margins: PageMargins
    header: float
    footer: float
    type: RulebookType
    space: Spacing
    indent: float
    rule_indent: float     # the Rules Reference's numbered rules hang their number in it
    ornament: float
    onepage_scale: float
    onepage: str           # "shrink": a one-page chapter is shrunk to its page; "flow": it flows on at its sizes
    emblem: float
    keep_with_table: float


@dataclass(frozen=True)
class RulebookPalette(Palette):
    """rulebook.toml [palette]: the rule books' colours."""
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
class Battlefield:
    """The play-area diagram: one player's side, drawn with cards to scale, shrunk to the text width if needed."""

    card_width: float     # a card drawn to scale
    card_height: float
    gap: float            # between card places
    caption_width: float  # the row captions at the left
    label_height: float   # room for a one-line label above a card place
    hand_cards: int       # cards fanned out in the hand
    sheet_width: float    # the score sheet beside the hand
    label_size: float     # pt, never scaled (booklet text stays at least this size)


@dataclass(frozen=True)
class AnatomyGeometry:
    """The card anatomy: real card fronts at their printed size (never shrunk: the cards' own type sizes), two side
    by side when the text width allows, else one per row; numbered discs beside them on leader lines."""

    callout: Positive     # radius of a numbered disc, mm
    margin: Positive      # room for the discs beside and below each card, mm
    leader_line: Positive  # pt
    disc_line: Positive   # the disc's outline, pt
    number_size: Positive  # pt, the disc's number (knocked out to paper white)


@dataclass(frozen=True)
class RulebookMarks:
    """Rules, ornaments and indents (line widths in pt, lengths in mm, scales as factors): the gold rules of tables
    and boxes and the table grid; the ornament's line, diamond and the gap beside it (times the diamond); the
    running header's rule and its drop below the header; the title page's ornament (times the page format's); the
    bullets' and the contents' second level indents; the title page's faction medallions (ring, its inset, the
    emblem's size as a share of the medallion, the room kept between two names, the names' leading factor); the
    ruled lines of the booklet's notes pages and the space between them."""

    rule: Positive
    grid: Positive
    ornament_line: Positive
    ornament_diamond: Positive
    ornament_gap: Positive
    header_rule: Positive
    header_rule_drop: float
    title_ornament: Positive
    bullet_indent: float
    toc_indent: float
    faction_ring: Positive
    faction_ring_inset: float
    faction_emblem: Positive
    faction_name_room: float
    faction_leading: Positive
    notes_line: Positive
    notes_spacing: Positive


@dataclass(frozen=True)
class RulebookLayout:
    """rulebook.toml: both page formats, the table columns, colours, figures and drawings' geometry."""
    full: PageFormat
    booklet: PageFormat
    columns: Mapping[str, tuple[float, ...]]
    palette: RulebookPalette
    figures: Figures
    battlefield: Battlefield
    anatomy: AnatomyGeometry
    title_frame: TitleFrame
    marks: RulebookMarks


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


@memo("rulebook.toml, loaded and checked", "layouts folder")
def rulebook_layout(directory: Path) -> RulebookLayout:
    """pnp/layouts/rulebook.toml, checked: booklet margins printable, colours in range, table widths positive."""
    layout = load_layout("rulebook", RulebookLayout, directory)
    file = str(directory / "rulebook.toml")
    problems = []
    for name in ("full", "booklet"):
        margins = getattr(layout, name).margins
        if min(margins.top, margins.bottom, margins.outer) < 5.0:
            problems.append(Problem("layout-value", f"[{name}] margins must leave at least 5 mm at the paper edge "
                                    "(home printers cannot print closer)", Location(file=file, field=name)))
    for name in ("full", "booklet"):
        if getattr(layout, name).onepage not in ("shrink", "flow"):
            problems.append(Problem("layout-value", f"[{name}] onepage must be \"shrink\" or \"flow\"",
                                    Location(file=file, field=f"{name}.onepage")))
    for name, widths in layout.columns.items():
        if not widths or min(widths) <= 0:
            problems.append(Problem("layout-value", f"column widths of '{name}' must be positive numbers",
                                    Location(file=file, field=f"columns.{name}")))
    colours = {f"palette.{name}": colour for name, colour in layout.palette.colors().items()}
    problems += ink_problems(colours, card_layout(directory).card.max_ink, file)
    raise_if_errors(problems)
    return layout


def page_for(paper: str, booklet: bool, directory: Path) -> Page:
    """The rulebook page on `paper` (a4 | letter): the paper itself, or half of it for the booklet."""
    layout = rulebook_layout(directory)
    sheet = sheet_layout(paper, directory).paper
    width, height = sheet.width * MM, sheet.height * MM
    if booklet:
        return Page(height / 2, width, layout.booklet, (height, width))
    return Page(width, height, layout.full, (width, height))
