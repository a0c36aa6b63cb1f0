"""Rulebook tables as platypus Tables: numbers centred, a header row repeated on every page, the columns of
pnp.rulebook.columns (a table too wide for the page sets its last column on rows of its own under each row)."""
from __future__ import annotations

from typing import Sequence

from reportlab.platypus import Table, TableStyle

from ..core.units import MM
from .blocks import Table as TableBlock
from .columns import side_by_side, table_columns
from .flowables import Text
from .kept_lines import KeptLines
from .styles import Styles

KEEP_ROWS = 3  # rows of a table that stay together at its start and at its end when it breaks across pages


def is_number(text: str) -> bool:
    """A cell that holds a number (or nothing, "—", "8+"): such columns are as narrow as their content."""
    text = text.strip().lstrip("+−-").rstrip("+")
    return text.isdigit() or text in ("—", "")


def build_table(block: TableBlock, styles: Styles, weights: Sequence[float], available: float,
                padding_mm: float, kept: KeptLines | None = None) -> Table:
    """The platypus Table of a table block, its cells' lines taken from `kept` (pnp.rulebook.kept_lines) when it
    has them; raises ProblemsFound when a column has no room inside its padding."""
    s = styles
    pad = padding_mm * MM
    stacked, widths = table_columns(block, styles, weights, available, padding_mm)
    header, body = side_by_side(block, stacked)
    count = len(widths)
    numeric = [all(is_number(row[i]) for row in body) for i in range(count)]

    def cells(row: Sequence[str], head: bool = False) -> list[Text]:
        styles_ = [(s.cell_head_center if head else s.cell_center) if numeric[i] else (s.cell_head if head else s.cell)
                   for i in range(count)]
        return [Text.of(cell, style, s, kept) for cell, style in zip(row, styles_)]

    def across(text: str, style) -> list:
        return [Text.of(text, style, s, kept)] + [""] * (count - 1)

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
    starts = []  # the first table row of each body row (a stacked one takes two)
    for full, row in zip(block.rows, body):
        starts.append(len(rows))
        rows.append(cells(row))
        if stacked:  # the effect under its card, kept with it on one page, the grid line below the pair only
            commands += [("BOTTOMPADDING", (0, len(rows) - 1), (-1, len(rows) - 1), 0),
                         ("NOSPLIT", (0, len(rows) - 1), (-1, len(rows))),
                         ("LEFTPADDING", (0, len(rows)), (0, len(rows)), pad + widths[0])]
            spans.append(len(rows))
            rows.append(across(full[-1], s.cell))
        commands.append(("LINEBELOW", (0, len(rows) - 1), (-1, len(rows) - 1), s.marks.grid, s.colour("rule")))
    commands += [("SPAN", (0, row), (-1, row)) for row in spans]
    first_end = starts[KEEP_ROWS] - 1 if len(starts) > KEEP_ROWS else len(rows) - 1
    if starts:  # a page break leaves at least KEEP_ROWS of its rows on each page: the first and the last rows together
        commands += [("NOSPLIT", (0, 0), (-1, first_end)),
                     ("NOSPLIT", (0, starts[max(0, len(starts) - KEEP_ROWS)]), (-1, len(rows) - 1))]
    if block.header:
        commands += [("BACKGROUND", (0, heads), (-1, top - 1), s.colour("tint")),
                     ("VALIGN", (0, heads), (-1, top - 1), "BOTTOM"),
                     ("LINEBELOW", (0, top - 1), (-1, top - 1), s.marks.rule, s.colour("gold"))]
    table = Table(rows, colWidths=widths, repeatRows=top)
    table.setStyle(TableStyle(commands))
    table.kept_rows = first_end + 1 if starts else len(rows)  # rows no page break separates (TableBreak)
    return table
