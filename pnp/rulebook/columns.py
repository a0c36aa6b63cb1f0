"""Rulebook table columns: widths that never break a word, shared by weight; a table too wide for the page (the card
reference on a booklet page) sets its last column, the effect, on a row of its own under each row. Measured without
drawing anything: `pnp validate` checks every table's room with these, and the build sets its tables with them."""
from __future__ import annotations

from typing import Callable, Collection, Sequence

from ..core.caches import memo
from ..core.problems import Location, Problem, ProblemsFound
from ..core.units import MM
from .blocks import Table as TableBlock
from .styles import Styles, measured_fonts, widest_width

Widest = Callable[[Collection[str], bool], float]  # (words, header?) -> the widest one's width in points (0: none)
SLACK = 1.0  # points a column keeps beyond its longest word (line breaking must never see a word as too wide)


def minimum_widths(header: Sequence[str], rows: Sequence[Sequence[str]], padding: float,
                   widest: Widest) -> list[float]:
    """Each column's longest word (header included) plus its padding, in points."""
    count = len(header or rows[0])
    minimum = []
    for i in range(count):
        words = frozenset(word for cell in {row[i] for row in rows} for word in cell.split())  # names recur
        minimum.append(max(widest(words, False), widest(header[i].split() if header else (), True))
                       + 2 * padding + SLACK)
    return minimum


def shared_widths(minimum: Sequence[float], weights: Sequence[float], available: float) -> list[float]:
    """Widths in points of columns with the given minimum widths (`minimum_widths`: each at least as wide as its
    longest word, so that no word is ever split), shared by weight; the bare weights when even the minimum widths
    do not fit."""
    count = len(minimum)
    weights = list(weights) + [weights[-1]] * (count - len(weights))
    weights = weights[:count]
    if sum(minimum) > available:
        return [available * w / sum(weights) for w in weights]
    widths = [0.0] * count
    free = list(range(count))
    while True:
        room = available - sum(widths[i] for i in range(count) if i not in free)
        total = sum(weights[i] for i in free)
        short = [i for i in free if room * weights[i] / total < minimum[i]]
        if not short:
            for i in free:
                widths[i] = room * weights[i] / total
            return widths
        for i in short:
            widths[i] = minimum[i]
            free.remove(i)


def stacks_last_column(minimum: Sequence[float], available: float) -> bool:
    """Whether a table's words (columns of the given minimum widths) do not fit side by side but do with its last
    column on rows of its own."""
    return len(minimum) > 2 and sum(minimum) > available and sum(minimum[:-1]) <= available


def side_by_side(block: TableBlock, stacked: bool) -> tuple[Sequence[str], Sequence[Sequence[str]]]:
    """The header and rows set in columns: all of them, or without the last column when it goes on rows of its own."""
    if not stacked:
        return block.header, block.rows
    return block.header[:-1], [row[:-1] for row in block.rows]


def table_columns(block: TableBlock, styles: Styles, weights: Sequence[float], available: float,
                  padding_mm: float) -> tuple[bool, list[float]]:
    """Whether the table's last column goes on rows of its own (`stacks_last_column`), and the widths of the
    columns side by side in points; raises ProblemsFound when a column has no room inside its padding."""
    pad = padding_mm * MM
    minimum = _table_minimum(block, measured_fonts(styles.cell, styles), measured_fonts(styles.cell_head, styles), pad)
    stacked = stacks_last_column(minimum, available)
    widths = shared_widths(minimum[:-1] if stacked else minimum, weights, available)
    if min(widths) <= 2 * pad:
        raise ProblemsFound([Problem(
            "rulebook-table-overflow", f"the table '{block.columns}' has {len(widths)} columns: on a text width of "
            f"{available / MM:.0f} mm each would be {min(widths) / MM:.1f} mm, no wider than its padding; expected "
            "engine values and translations that give the table fewer or narrower columns",
            Location(file="pnp/layouts/rulebook.toml", field=f"columns.{block.columns}"))])
    return stacked, widths


@memo("a rulebook table's minimum column widths", "table, cell and header fonts, padding", maxsize=1024)
def _table_minimum(block: TableBlock, cell: tuple, head: tuple, padding: float) -> tuple[float, ...]:
    """`minimum_widths` of a table's columns, in the `measured_fonts` of its cells and its header, remembered: a
    table is set on both papers, and is checked by the validator before the build sets it."""
    def widest(words: Collection[str], is_header: bool) -> float:
        return widest_width(frozenset(words), *(head if is_header else cell))
    return tuple(minimum_widths(block.header, block.rows, padding, widest))
