"""Rulebook tables: column widths that never break a word, numbers centred, a header row repeated on every page."""
from __future__ import annotations

from typing import Callable, Sequence

from reportlab.platypus import Paragraph, Table, TableStyle

from ..problems import Location, Problem, ProblemsFound
from ..typeset.units import MM
from .blocks import Table as TableBlock
from .styles import Styles, markup, text_width

Measure = Callable[[str, bool], float]  # (text, header?) -> width in points
SLACK = 1.0  # points a column keeps beyond its longest word (line breaking must never see a word as too wide)


def is_number(text: str) -> bool:
    """A cell that holds a number (or nothing, "—", "8+"): such columns are as narrow as their content."""
    text = text.strip().lstrip("+−-").rstrip("+")
    return text.isdigit() or text in ("—", "")


def column_widths(header: Sequence[str], rows: Sequence[Sequence[str]], weights: Sequence[float],
                  available: float, padding: float, measure: Measure) -> list[float]:
    """Widths in points, shared by weight, each column at least as wide as its longest word (a number column: its
    widest number), so that no word is ever split; falls back to the bare weights when even the minimum widths do
    not fit."""
    count = len(header or rows[0])
    weights = list(weights) + [weights[-1]] * (count - len(weights))
    weights = weights[:count]
    minimum = []
    for i in range(count):
        texts = [row[i] for row in rows]
        words = [(word, False) for text in texts for word in text.split()]
        words += [(word, True) for word in (header[i].split() if header else [])]
        minimum.append(max((measure(word, is_header) for word, is_header in words), default=0.0)
                       + 2 * padding + SLACK)
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


def table_widths(block: TableBlock, styles: Styles, weights: Sequence[float], available: float,
                 padding_mm: float) -> list[float]:
    """The column widths of a table block in points; raises ProblemsFound when a column has no room inside its
    padding."""
    s = styles
    pad = padding_mm * MM

    def measure(text: str, is_header: bool) -> float:
        return text_width(text, s.cell_head if is_header else s.cell, s)

    widths = column_widths(block.header, block.rows, weights, available, pad, measure)
    if min(widths) <= 2 * pad:
        raise ProblemsFound([Problem(
            "rulebook-table-overflow", f"the table '{block.columns}' has {len(widths)} columns: on a text width of "
            f"{available / MM:.0f} mm each would be {min(widths) / MM:.1f} mm, no wider than its padding; expected "
            "engine values and translations that give the table fewer or narrower columns",
            Location(file="pnp/layouts/rulebook.toml", field=f"columns.{block.columns}"))])
    return widths


def build_table(block: TableBlock, styles: Styles, weights: Sequence[float], available: float,
                padding_mm: float) -> Table:
    """The platypus Table of a table block; raises ProblemsFound when a column has no room inside its padding."""
    s = styles
    pad = padding_mm * MM
    widths = table_widths(block, styles, weights, available, padding_mm)
    count = len(widths)
    numeric = [all(is_number(row[i]) for row in block.rows) for i in range(count)]
    rows = []
    if block.header:
        rows.append([Paragraph(markup(cell, s.cell_head_center if numeric[i] else s.cell_head, s),
                               s.cell_head_center if numeric[i] else s.cell_head) for i, cell in enumerate(block.header)])
    for row in block.rows:
        rows.append([Paragraph(markup(cell, s.cell_center if numeric[i] else s.cell, s),
                               s.cell_center if numeric[i] else s.cell) for i, cell in enumerate(row)])
    table = Table(rows, colWidths=widths, repeatRows=1 if block.header else 0)
    commands = [*s.table_defaults, ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ("TOPPADDING", (0, 0), (-1, -1), pad * 0.8), ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
                ("LINEBELOW", (0, 0), (-1, -1), s.marks.grid, s.colour("rule")),
                ("LINEABOVE", (0, 0), (-1, 0), s.marks.rule, s.colour("gold")),
                ("LINEBELOW", (0, -1), (-1, -1), s.marks.rule, s.colour("gold"))]
    if block.header:
        commands += [("BACKGROUND", (0, 0), (-1, 0), s.colour("tint")),
                     ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
                     ("LINEBELOW", (0, 0), (-1, 0), s.marks.rule, s.colour("gold"))]
    table.setStyle(TableStyle(commands))
    return table
