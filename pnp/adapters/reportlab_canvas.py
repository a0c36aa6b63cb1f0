"""ReportLab 5.1 canvas internals, each behind one function (tests/test_adapters.py checks them against the
installed ReportLab); apart from the platypus adapter so that a canvas user does not import platypus:

- the text cursor of a paragraph being drawn (`Canvas._curr_tx_info`, set by platypus for `<onDraw>` callbacks);
- a canvas's page size and page number (`Canvas._pagesize`, `Canvas._pageNumber`).
"""
from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas


def text_cursor(canvas: Canvas) -> tuple[float, float]:
    """Where the paragraph being drawn has set its text so far (x, y), in an `<onDraw>` callback."""
    return canvas._curr_tx_info["cur_x"], canvas._curr_tx_info["cur_y"]


def page_size(canvas: Canvas) -> tuple[float, float]:
    """The canvas's current page size (width, height) in points."""
    return canvas._pagesize


def count_page(canvas: Canvas) -> None:
    """Count a page the canvas did not start itself (getPageNumber() then tells the next page's number)."""
    canvas._pageNumber += 1
