"""Putting card-sized cells on paper.

Home mode: a grid of butted cells with shared cut lines, centred on the paper; bleed on the grid's outer edge and,
on a partly filled sheet, on every edge of a cell whose neighbour slot is empty (an exposed cut edge); crop marks
in the margins at every cut line; nothing within the minimum margin of the paper's edge. After each
front page comes its back page with the grid mirrored for the duplex flip (long edge: left–right, short edge:
top–bottom), shifted by the back offset to correct a printer's misregistration.
Pro mode: one cell per page, page = trim + bleed, TrimBox and BleedBox set, each front followed by its back.

Cells are drawn by callables `draw(canvas, x, y)` that paint a cell with its trim's bottom-left corner at (x, y)
points, bleed included; the imposition clips each to the area it may cover. Tokens and other cut-out sheets can
use the same grid with other cell sizes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from reportlab.lib.colors import CMYKColor
from reportlab.pdfgen.canvas import Canvas

from ..layouts.schemas import SheetLayout
from ..problems import Location, Problem, ProblemsFound
from ..typeset.units import MM

DUPLEX_MODES = ("long", "short", "none")
DrawCell = Callable[[Canvas, float, float], None]
REGISTRATION_BLACK = CMYKColor(0, 0, 0, 1)


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

    def cell_clip(self, slot: int, filled: frozenset[int] | None = None) -> tuple[float, float, float, float]:
        """The area a cell may paint (x, y, w, h): its trim, plus the bleed on the sides at the grid's edge and on
        the sides whose neighbour slot is not in `filled` (all slots when None)."""
        row, column = divmod(slot, self.columns)
        x, y = self.cell_origin(slot)

        def bleed(at_edge: bool, neighbour: int, edge_bleed: float) -> float:
            if at_edge:
                return edge_bleed
            return 0.0 if filled is None or neighbour in filled else self.cell_bleed

        left = bleed(column == 0, slot - 1, self.bleed_x)
        right = bleed(column == self.columns - 1, slot + 1, self.bleed_x)
        bottom = bleed(row == self.rows - 1, slot + self.columns, self.bleed_y)
        top = bleed(row == 0, slot - self.columns, self.bleed_y)
        return x - left, y - bottom, self.cell_width + left + right, self.cell_height + bottom + top

    def cut_lines(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """x of the vertical and y of the horizontal cut lines."""
        xs = tuple(self.x0 + i * self.cell_width for i in range(self.columns + 1))
        ys = tuple(self.y0 + j * self.cell_height for j in range(self.rows + 1))
        return xs, ys

    def offset_room(self) -> tuple[float, float]:
        """How far (points) a page's content may move before the trim would reach into the margin."""
        return self.x0 - self.min_margin, self.y0 - self.min_margin


def sheet_grid(sheet: SheetLayout, cell_width_mm: float, cell_height_mm: float, bleed_mm: float,
               file: str = "") -> SheetGrid:
    """The grid of `sheet` for cells of the given trim size; bleed and marks shrink to keep the minimum margin.

    Raises ProblemsFound when the cells do not fit with the margins and the shortest allowed marks.
    """
    m = sheet.margins
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
                                    f"marks of {m.mark_min_length:g} mm", Location(file=file or None)))
    if problems:
        raise ProblemsFound(problems)
    return SheetGrid(
        paper_width=sheet.paper.width * MM, paper_height=sheet.paper.height * MM, columns=sheet.grid.columns,
        rows=sheet.grid.rows, cell_width=cell_width_mm * MM, cell_height=cell_height_mm * MM,
        x0=room["x"] * MM, y0=room["y"] * MM, bleed_x=bleed["x"] * MM, bleed_y=bleed["y"] * MM,
        cell_bleed=bleed_mm * MM,
        mark_gap=m.mark_gap * MM, mark_length_x=marks["x"] * MM, mark_length_y=marks["y"] * MM,
        mark_width=m.mark_width, min_margin=m.min_margin * MM)


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
    canvas.saveState()
    canvas.setStrokeColor(REGISTRATION_BLACK)
    canvas.setLineWidth(grid.mark_width)
    canvas.lines(crop_mark_lines(grid))
    canvas.restoreState()


def _clipped(canvas: Canvas, rect: tuple[float, float, float, float], draw: DrawCell, x: float, y: float) -> None:
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(*rect)
    canvas.clipPath(path, stroke=0, fill=0)
    draw(canvas, x, y)
    canvas.restoreState()


def impose_home(canvas: Canvas, grid: SheetGrid, fronts: Sequence[DrawCell], backs: Sequence[DrawCell],
                duplex: str, back_offset_mm: tuple[float, float] = (0.0, 0.0)) -> None:
    """Front pages of `fronts`, each followed (unless duplex is "none") by the mirrored page of `backs`."""
    for start in range(0, len(fronts), grid.slots):
        page = range(start, min(start + grid.slots, len(fronts)))
        filled = frozenset(range(len(page)))
        for slot, index in enumerate(page):
            _clipped(canvas, grid.cell_clip(slot, filled), fronts[index], *grid.cell_origin(slot))
        draw_crop_marks(canvas, grid)
        canvas.showPage()
        if duplex == "none":
            continue
        canvas.saveState()
        margin = canvas.beginPath()
        margin.rect(grid.min_margin, grid.min_margin, grid.paper_width - 2 * grid.min_margin,
                    grid.paper_height - 2 * grid.min_margin)
        canvas.clipPath(margin, stroke=0, fill=0)
        canvas.translate(back_offset_mm[0] * MM, back_offset_mm[1] * MM)
        behind_filled = frozenset(grid.back_slot(slot, duplex) for slot in filled)
        for slot, index in enumerate(page):
            behind = grid.back_slot(slot, duplex)
            _clipped(canvas, grid.cell_clip(behind, behind_filled), backs[index], *grid.cell_origin(behind))
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
