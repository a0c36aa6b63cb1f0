"""Rulebook tables: column widths that never break a word, numbers centred, a header row repeated on every page.
A table too wide for the page (the card reference on a booklet page) sets its last column, the effect, on a row of
its own under each row, across the full width."""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Sequence

from reportlab.platypus import Table, TableStyle

from ..problems import Location, Problem, ProblemsFound
from ..typeset.units import MM
from .blocks import Table as TableBlock
from .flowables import Text
from .styles import Styles, markup, measured_fonts, text_width

Measure = Callable[[str, bool], float]  # (text, header?) -> width in points
SLACK = 1.0  # points a column keeps beyond its longest word (line breaking must never see a word as too wide)


def is_number(text: str) -> bool:
    """A cell that holds a number (or nothing, "—", "8+"): such columns are as narrow as their content."""
    text = text.strip().lstrip("+−-").rstrip("+")
    return text.isdigit() or text in ("—", "")


def minimum_widths(header: Sequence[str], rows: Sequence[Sequence[str]], padding: float,
                   measure: Measure) -> list[float]:
    """Each column's longest word (header included) plus its padding, in points."""
    count = len(header or rows[0])
    minimum = []
    for i in range(count):
        words = {word for cell in {row[i] for row in rows} for word in cell.split()}  # names recur in many rows
        widths = [measure(word, False) for word in words] + [measure(word, True) for word in
                                                              (header[i].split() if header else ())]
        minimum.append(max(widths, default=0.0) + 2 * padding + SLACK)
    return minimum


def column_widths(header: Sequence[str], rows: Sequence[Sequence[str]], weights: Sequence[float],
                  available: float, padding: float, measure: Measure) -> list[float]:
    """Widths in points, shared by weight, each column at least as wide as its longest word (a number column: its
    widest number), so that no word is ever split; falls back to the bare weights when even the minimum widths do
    not fit."""
    return shared_widths(minimum_widths(header, rows, padding, measure), weights, available)


def shared_widths(minimum: Sequence[float], weights: Sequence[float], available: float) -> list[float]:
    """`column_widths` of columns with the given minimum widths."""
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


def stacks(block: TableBlock, weights: Sequence[float], available: float, padding: float, measure: Measure) -> bool:
    """Whether the table's words do not fit side by side but do with its last column on rows of their own."""
    return _stacked(minimum_widths(block.header, block.rows, padding, measure), available)


def _stacked(minimum: Sequence[float], available: float) -> bool:
    """`stacks` for columns with the given minimum widths (a column's minimum is its own)."""
    return len(minimum) > 2 and sum(minimum) > available and sum(minimum[:-1]) <= available


def side_by_side(block: TableBlock, stacked: bool) -> tuple[Sequence[str], Sequence[Sequence[str]]]:
    """The header and rows set in columns: all of them, or without the last column when it goes on rows of its own."""
    if not stacked:
        return block.header, block.rows
    return block.header[:-1], [row[:-1] for row in block.rows]


def table_columns(block: TableBlock, styles: Styles, weights: Sequence[float], available: float,
                  padding_mm: float) -> tuple[bool, list[float]]:
    """Whether the table's last column goes on rows of its own (`stacks`), and the widths of the columns side by
    side in points; raises ProblemsFound when a column has no room inside its padding."""
    pad = padding_mm * MM
    minimum = _table_minimum(block, measured_fonts(styles.cell, styles), measured_fonts(styles.cell_head, styles), pad)
    stacked = _stacked(minimum, available)
    widths = shared_widths(minimum[:-1] if stacked else minimum, weights, available)
    if min(widths) <= 2 * pad:
        raise ProblemsFound([Problem(
            "rulebook-table-overflow", f"the table '{block.columns}' has {len(widths)} columns: on a text width of "
            f"{available / MM:.0f} mm each would be {min(widths) / MM:.1f} mm, no wider than its padding; expected "
            "engine values and translations that give the table fewer or narrower columns",
            Location(file="pnp/layouts/rulebook.toml", field=f"columns.{block.columns}"))])
    return stacked, widths


@lru_cache(maxsize=1024)
def _table_minimum(block: TableBlock, cell: tuple, head: tuple, padding: float) -> tuple[float, ...]:
    """`minimum_widths` of a table's columns, in the `measured_fonts` of its cells and its header, remembered: a
    table is set on both papers, and is checked by the validator before the build sets it."""
    def measure(text: str, is_header: bool) -> float:
        return text_width(text, *(head if is_header else cell))
    return tuple(minimum_widths(block.header, block.rows, padding, measure))


def build_table(block: TableBlock, styles: Styles, weights: Sequence[float], available: float,
                padding_mm: float) -> Table:
    """The platypus Table of a table block; raises ProblemsFound when a column has no room inside its padding."""
    s = styles
    pad = padding_mm * MM
    stacked, widths = table_columns(block, styles, weights, available, padding_mm)
    header, body = side_by_side(block, stacked)
    count = len(widths)
    numeric = [all(is_number(row[i]) for row in body) for i in range(count)]

    def cells(row: Sequence[str], head: bool = False) -> list[Text]:
        styles_ = [(s.cell_head_center if head else s.cell_center) if numeric[i] else (s.cell_head if head else s.cell)
                   for i in range(count)]
        return [Text(markup(cell, style, s), style) for cell, style in zip(row, styles_)]

    def across(text: str, style) -> list:
        return [Text(markup(text, style, s), style)] + [""] * (count - 1)

    rows, spans = [], []
    if block.caption:
        spans.append(len(rows))
        rows.append(across(block.caption, s.cell_caption))
    heads = len(rows)
    if block.header:
        rows.append(cells(header, head=True))
        if stacked:
            spans.append(len(rows))
            rows.append(across(block.header[-1], s.cell_head))
    top = len(rows)  # the caption and header rows, repeated on every page
    commands = [*s.table_defaults, ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ("TOPPADDING", (0, 0), (-1, -1), pad * 0.8), ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
                ("LINEABOVE", (0, 0), (-1, 0), s.marks.rule, s.colour("gold")),
                ("LINEBELOW", (0, -1), (-1, -1), s.marks.rule, s.colour("gold"))]
    if stacked:  # the last column's text starts under the second column: the first one names the row
        commands.append(("LEFTPADDING", (0, top - 1), (0, top - 1), pad + widths[0]))
    for full, row in zip(block.rows, body):
        rows.append(cells(row))
        if stacked:  # the effect under its card, kept with it on one page, the grid line below the pair only
            commands += [("BOTTOMPADDING", (0, len(rows) - 1), (-1, len(rows) - 1), 0),
                         ("NOSPLIT", (0, len(rows) - 1), (-1, len(rows))),
                         ("LEFTPADDING", (0, len(rows)), (0, len(rows)), pad + widths[0])]
            spans.append(len(rows))
            rows.append(across(full[-1], s.cell))
        commands.append(("LINEBELOW", (0, len(rows) - 1), (-1, len(rows) - 1), s.marks.grid, s.colour("rule")))
    commands += [("SPAN", (0, row), (-1, row)) for row in spans]
    if block.header:
        commands += [("BACKGROUND", (0, heads), (-1, top - 1), s.colour("tint")),
                     ("VALIGN", (0, heads), (-1, top - 1), "BOTTOM"),
                     ("LINEBELOW", (0, top - 1), (-1, top - 1), s.marks.rule, s.colour("gold"))]
    table = Table(rows, colWidths=widths, repeatRows=top)
    table.setStyle(TableStyle(commands))
    return table
