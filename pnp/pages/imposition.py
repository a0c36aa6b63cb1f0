"""Putting card-sized cells on paper.

Home mode: a grid of butted cells with shared cut lines, centred on the paper; bleed on the grid's outer edge and,
on a partly filled sheet, on every edge of a cell whose neighbour slot is empty (an exposed cut edge); crop marks
in the margins at every cut line; nothing within the minimum margin of the paper's edge. After each
front page comes its back page with the grid mirrored for the duplex flip (long edge: left–right, short edge:
top–bottom), shifted by the back offset to correct a printer's misregistration.
Pro mode: one cell per page, page = trim + bleed, TrimBox and BleedBox set, each front followed by its back.

Cells are drawn by callables `draw(canvas, x, y)` that paint a cell with its trim's bottom-left corner at (x, y)
points, bleed included; the imposition clips each to the area it may cover. A sheet layout's grid may turn its cells
a quarter turn (cards lying on their long side, to fit the paper with full bleed). Cells may belong to groups (a
card's faction): cells of different groups never share a cut line, so a cut 1 mm off shows a cell's own bleed,
never a neighbour of another colour. Tokens and other cut-out sheets can use the same grid with other cell sizes.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence

from ..core.loader import layout_file
from ..layouts.schemas import CardGeometry, SheetLayout, home_sheet, sheet_layout
from ..core.problems import Location, Problem, ProblemsFound
from ..core.units import MM

if TYPE_CHECKING:  # the command line reads the grid's geometry without ReportLab's canvas
    from reportlab.pdfgen.canvas import Canvas

DUPLEX_MODES = ("long", "short", "none")
DrawCell = Callable[["Canvas", float, float], None]
Rect = tuple[float, float, float, float]
REGISTRATION_BLACK = (0, 0, 0, 1)  # CMYK


@dataclass(frozen=True)
class SheetGrid:
    """Where the cells of a home sheet go, in points. Slots count row by row from the top-left."""

    paper_width: float
    paper_height: float
    columns: int
    rows: int
    cell_width: float
    cell_height: float
    x0: float                 # the grid's trim, bottom-left corner
    y0: float
    bleed_x: float            # bleed on the grid's left and right edge
    bleed_y: float            # ... and on its top and bottom edge
    cell_bleed: float         # bleed of a cell's edge next to an empty slot (the cell's own full bleed)
    mark_gap: float
    mark_length_x: float      # marks of the horizontal cut lines (in the left and right margins)
    mark_length_y: float      # marks of the vertical cut lines (in the top and bottom margins)
    mark_width: float
    min_margin: float
    turned: bool = False      # cells hold their content turned a quarter turn (cell_width is the content's height)

    @property
    def slots(self) -> int:
        return self.columns * self.rows

    @property
    def width(self) -> float:
        return self.columns * self.cell_width

    @property
    def height(self) -> float:
        return self.rows * self.cell_height

    def cell_origin(self, slot: int) -> tuple[float, float]:
        row, column = divmod(slot, self.columns)
        return self.x0 + column * self.cell_width, self.y0 + (self.rows - 1 - row) * self.cell_height

    def back_slot(self, slot: int, duplex: str) -> int:
        """The slot on the back page behind front slot `slot` when printed duplex."""
        row, column = divmod(slot, self.columns)
        if duplex == "long":
            column = self.columns - 1 - column
        elif duplex == "short":
            row = self.rows - 1 - row
        return row * self.columns + column

    def cell_clip(self, slot: int, filled: frozenset[int] | None = None) -> tuple[Rect, ...]:
        """The area a cell may paint, as rectangles (x, y, w, h) that do not overlap: its trim, plus the bleed on the
        sides at the grid's edge and on the sides whose neighbour slot is not in `filled` (all slots when None).
        A corner of bleed between two such sides is left out where the slot across that corner is filled, so that
        no cell paints into another's trim."""
        row, column = divmod(slot, self.columns)
        x, y = self.cell_origin(slot)
        w, h = self.cell_width, self.cell_height

        def bleed(at_edge: bool, neighbour: int, edge_bleed: float) -> float:
            if at_edge:
                return edge_bleed
            return 0.0 if filled is None or neighbour in filled else self.cell_bleed

        def corner_free(down: int, right: int) -> bool:
            r, c = row + down, column + right
            inside = 0 <= r < self.rows and 0 <= c < self.columns
            return filled is None or not inside or r * self.columns + c not in filled

        left = bleed(column == 0, slot - 1, self.bleed_x)
        right = bleed(column == self.columns - 1, slot + 1, self.bleed_x)
        bottom = bleed(row == self.rows - 1, slot + self.columns, self.bleed_y)
        top = bleed(row == 0, slot - self.columns, self.bleed_y)
        corners = [((x - left, y - bottom, left, bottom), corner_free(1, -1)),
                   ((x + w, y - bottom, right, bottom), corner_free(1, 1)),
                   ((x - left, y + h, left, top), corner_free(-1, -1)),
                   ((x + w, y + h, right, top), corner_free(-1, 1))]
        if all(free or rect[2] * rect[3] == 0 for rect, free in corners):
            return ((x - left, y - bottom, w + left + right, h + bottom + top),)
        parts = [(x - left, y, w + left + right, h), (x, y - bottom, w, bottom), (x, y + h, w, top),
                 *(rect for rect, free in corners if free)]
        return tuple(rect for rect in parts if rect[2] > 0 and rect[3] > 0)

    def cut_lines(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """x of the vertical and y of the horizontal cut lines."""
        xs = tuple(self.x0 + i * self.cell_width for i in range(self.columns + 1))
        ys = tuple(self.y0 + j * self.cell_height for j in range(self.rows + 1))
        return xs, ys

    def offset_room(self) -> tuple[float, float]:
        """How far (points) a page's content may move before the trim would reach into the margin."""
        return self.x0 - self.min_margin, self.y0 - self.min_margin


def home_grid(paper: str, layouts: Path, card: CardGeometry) -> SheetGrid:
    """The grid of cards of `card`'s size on the home sheet for `paper` (of the layouts folder `layouts`): the decks
    print on it, and the calibration sheet measures the printer for exactly these pages."""
    return sheet_grid(sheet_layout(paper, layouts), card.width, card.height, card.bleed,
                      str(layout_file(layouts, home_sheet(paper))))


def sheet_grid(sheet: SheetLayout, cell_width_mm: float, cell_height_mm: float, bleed_mm: float,
               file: str = "", field: str = "") -> SheetGrid:
    """The grid of `sheet` for cells of the given trim size; bleed and marks shrink to keep the minimum margin.

    Raises ProblemsFound when the cells do not fit with the margins and the shortest allowed marks, located at
    `file` and `field` (by default the sheet layout's home-<paper>.toml and its grid's columns or rows).
    """
    m = sheet.margins
    if sheet.grid.turned:
        cell_width_mm, cell_height_mm = cell_height_mm, cell_width_mm
    problems = []
    room, bleed, marks = {}, {}, {}
    for axis, paper, count, cell in (("x", sheet.paper.width, sheet.grid.columns, cell_width_mm),
                                     ("y", sheet.paper.height, sheet.grid.rows, cell_height_mm)):
        room[axis] = (paper - count * cell) / 2
        spare = room[axis] - m.min_margin - m.mark_gap
        bleed[axis] = max(0.0, min(m.bleed, bleed_mm, spare - m.mark_min_length))
        marks[axis] = min(m.mark_length, spare - bleed[axis])
        if marks[axis] < m.mark_min_length - 1e-9:
            problems.append(Problem("layout-paper-too-small", f"{count} cells of {cell:g} mm do not fit "
                                    f"{sheet.paper.name} ({paper:g} mm) with {m.min_margin:g} mm margins and crop "
                                    f"marks of {m.mark_min_length:g} mm; expected fewer {'columns' if axis == 'x' else 'rows'}"
                                    " or a larger paper",
                                    Location(file=file or str(layout_file(Path(), home_sheet(sheet.paper.name))),
                                             field=field or f"grid.{'columns' if axis == 'x' else 'rows'}")))
    if problems:
        raise ProblemsFound(problems)
    return SheetGrid(
        paper_width=sheet.paper.width * MM, paper_height=sheet.paper.height * MM, columns=sheet.grid.columns,
        rows=sheet.grid.rows, cell_width=cell_width_mm * MM, cell_height=cell_height_mm * MM,
        x0=room["x"] * MM, y0=room["y"] * MM, bleed_x=bleed["x"] * MM, bleed_y=bleed["y"] * MM,
        cell_bleed=bleed_mm * MM,
        mark_gap=m.mark_gap * MM, mark_length_x=marks["x"] * MM, mark_length_y=marks["y"] * MM,
        mark_width=m.mark_width, min_margin=m.min_margin * MM, turned=sheet.grid.turned)


def check_back_offset(grid: SheetGrid, offset_mm: tuple[float, float]) -> list[Problem]:
    """A back offset larger than the room around the grid would push cards into the margin."""
    room_x, room_y = (r / MM for r in grid.offset_room())
    dx, dy = offset_mm
    if abs(dx) <= room_x + 1e-9 and abs(dy) <= room_y + 1e-9:
        return []
    return [Problem("back-offset-too-large", f"--back-offset {dx:g},{dy:g} mm is more than this paper allows "
                    f"(at most ±{room_x:.1f} mm across, ±{room_y:.1f} mm up and down)",
                    Location(field="back-offset"))]


def crop_mark_lines(grid: SheetGrid) -> list[tuple[float, float, float, float]]:
    """Short marks (x1, y1, x2, y2) in the margins, on the extension of every cut line, clear of the bleed."""
    xs, ys = grid.cut_lines()
    top, right = grid.y0 + grid.height, grid.x0 + grid.width
    lines = []
    for x in xs:
        start = grid.bleed_y + grid.mark_gap
        lines += [(x, grid.y0 - start, x, grid.y0 - start - grid.mark_length_y),
                  (x, top + start, x, top + start + grid.mark_length_y)]
    for y in ys:
        start = grid.bleed_x + grid.mark_gap
        lines += [(grid.x0 - start, y, grid.x0 - start - grid.mark_length_x, y),
                  (right + start, y, right + start + grid.mark_length_x, y)]
    return lines


def draw_crop_marks(canvas: Canvas, grid: SheetGrid) -> None:
    from reportlab.lib.colors import CMYKColor
    canvas.saveState()
    canvas.setStrokeColor(CMYKColor(*REGISTRATION_BLACK))
    canvas.setLineWidth(grid.mark_width)
    canvas.lines(crop_mark_lines(grid))
    canvas.restoreState()


def sheet_pages(grid: SheetGrid, count: int, groups: Sequence[str] | None = None,
                corners: bool = False) -> list[dict[int, int]]:
    """Which of `count` cells goes in which slot, page by page ({slot: index}): in order, slot after slot; a cell
    whose group (`groups[index]`) differs from that of a cell already left of or above a slot (with `corners`, also
    above left or above right of it) skips that slot, so that cells of different groups never share a cut line (nor
    a corner)."""
    pages: list[dict[int, int]] = []
    page: dict[int, int] = {}
    slot = 0

    def clear(slot: int, index: int) -> bool:
        row, column = divmod(slot, grid.columns)
        above = slot - grid.columns
        nearby = [(slot - 1, column > 0), (above, row > 0)]
        if corners:
            nearby += [(above - 1, row > 0 and column > 0), (above + 1, row > 0 and column < grid.columns - 1)]
        placed = [page.get(n) for n, beside in nearby if beside]
        return groups is None or all(other is None or groups[other] == groups[index] for other in placed)

    for index in range(count):
        while slot == grid.slots or not clear(slot, index):
            if slot == grid.slots:
                pages.append(page)
                page, slot = {}, 0
            else:
                slot += 1
        page[slot] = index
        slot += 1
    return pages + [page] if page else pages


@dataclass(frozen=True)
class Frame:
    """A slot of a page as its cell is drawn there: clipped to the rectangles `clip` (which do not overlap), turned
    by `turn` where the grid turns its cells (a quarter turn, the top to the left), the cell's origin at `at`; and
    the operators that place a form there (pnp.adapters.reportlab_canvas.form_frame)."""

    clip: tuple[Rect, ...]
    turn: tuple[float, float, float, float, float, float] | None
    at: tuple[float, float]
    form: str


def slot_frames(canvas: Canvas, grid: SheetGrid, filled: frozenset[int], duplex: str | None = None
                ) -> dict[int, Frame]:
    """The frame of each slot of a page whose filled slots are `filled` (every full page has the same); with
    `duplex`, of the slot behind it on the back page, by the front's slot."""
    from ..adapters.reportlab_canvas import form_frame
    slots = {slot: slot if duplex is None else grid.back_slot(slot, duplex) for slot in filled}
    drawn = frozenset(slots.values())
    frames = {}
    for slot, place in slots.items():
        clip = grid.cell_clip(place, drawn)
        x, y = grid.cell_origin(place)
        turn, at = ((0, 1, -1, 0, x + grid.cell_width, y), (0, 0)) if grid.turned else (None, (x, y))
        frames[slot] = Frame(clip, turn, at, form_frame(canvas, clip, turn, *at))
    return frames


def _draw_page(canvas: Canvas, frames: dict[int, Frame], page: dict[int, int], cells: Sequence[DrawCell]) -> None:
    """The cells of a page ({slot: index of its cell}), each in its slot's frame: a form (FormCell) in one step, any
    other cell between ReportLab's calls."""
    from .forms import FormCell
    from ..adapters.reportlab_canvas import draw_framed
    for slot, index in page.items():
        draw = cells[index]
        if isinstance(draw, FormCell):
            draw.define(canvas)
            draw_framed(canvas, frames[slot].form, draw.name)
        else:
            _place(canvas, frames[slot], draw)


def _place(canvas: Canvas, frame: Frame, draw: DrawCell) -> None:
    """A cell drawn in its frame by ReportLab's calls: clipped, turned where the grid turns it, at its origin."""
    canvas.saveState()
    path = canvas.beginPath()
    for rect in frame.clip:
        path.rect(*rect)
    canvas.clipPath(path, stroke=0, fill=0)
    if frame.turn:
        canvas.transform(*frame.turn)
    draw(canvas, *frame.at)
    canvas.restoreState()


def impose_home(canvas: Canvas, grid: SheetGrid, fronts: Sequence[DrawCell], backs: Sequence[DrawCell],
                duplex: str, back_offset_mm: tuple[float, float] = (0.0, 0.0),
                groups: Sequence[str] | None = None, corners: bool = False) -> None:
    """Front pages of `fronts`, each followed (unless duplex is "none") by the mirrored page of `backs`; cells of
    different `groups` are kept off each other's cut lines, with `corners` off each other's corners too (see
    sheet_pages)."""
    from .forms import draw_recorded
    pages = sheet_pages(grid, len(fronts), groups, corners)
    patterns = {frozenset(page) for page in pages}
    front_frames = {filled: slot_frames(canvas, grid, filled) for filled in patterns}
    back_frames = {filled: slot_frames(canvas, grid, filled, duplex) for filled in patterns if duplex != "none"}
    crop_marks = ("crop marks", grid), lambda c: draw_crop_marks(c, grid)  # the same on every page: drawn once
    for page in pages:
        filled = frozenset(page)
        _draw_page(canvas, front_frames[filled], page, fronts)
        draw_recorded(canvas, *crop_marks)
        canvas.showPage()
        if duplex == "none":
            continue
        canvas.saveState()
        margin = canvas.beginPath()
        margin.rect(grid.min_margin, grid.min_margin, grid.paper_width - 2 * grid.min_margin,
                    grid.paper_height - 2 * grid.min_margin)
        canvas.clipPath(margin, stroke=0, fill=0)
        canvas.translate(back_offset_mm[0] * MM, back_offset_mm[1] * MM)
        _draw_page(canvas, back_frames[filled], page, backs)
        canvas.restoreState()
        canvas.showPage()


def impose_pro(canvas: Canvas, cell_width_mm: float, cell_height_mm: float, bleed_mm: float,
               fronts: Sequence[DrawCell], backs: Sequence[DrawCell], duplex: str) -> None:
    """One cell per page (trim + bleed); TrimBox inside BleedBox = MediaBox; each front followed by its back."""
    b = bleed_mm * MM
    w, h = cell_width_mm * MM, cell_height_mm * MM
    canvas.setPageSize((w + 2 * b, h + 2 * b))
    canvas.setBleedBox((0, 0, w + 2 * b, h + 2 * b))
    canvas.setTrimBox((b, b, b + w, b + h))
    for index, front in enumerate(fronts):
        sides = (front,) if duplex == "none" else (front, backs[index])
        for draw in sides:
            draw(canvas, b, b)
            canvas.showPage()
