"""The table of contents, laid out in the same single pass as the pages it lists.

Its entries (the chapter and section headings) are known before the pages are, so the contents take their final
size at once. Only the page numbers wait: where an entry's dotted leader and number go, the page draws a form
XObject that is defined when the heading is placed (a PDF page may use a form defined later). Platypus' own
table of contents would need the whole document laid out and drawn twice (`multiBuild`).
"""
from __future__ import annotations

from typing import Iterator
from html import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table
from reportlab.platypus.tableofcontents import TableOfContents

from ..adapters.reportlab_canvas import text_cursor
from ..adapters.reportlab_platypus import kept_together, set_contents_table
from .flowables import Heading

LEVELS = 2  # chapters and sections are listed
DOT = " . "


class Contents(TableOfContents):
    """The contents of the headings `declare`d before the build, each with a dotted leader to its page number;
    `place` gives each heading its page."""

    def __init__(self, links: bool, **kwargs):
        super().__init__(**kwargs)
        self.links = links  # text and page numbers link to their headings (not in a booklet: it has no real pages)
        self._headings: list[tuple[int, str, str]] = []  # (level 0 or 1, plain text, heading key)
        # key -> room for dots and number, style, right end of the line (x, baseline) in page space
        self._leaders: dict[str, tuple[float, ParagraphStyle, tuple[float, float]]] = {}

    def declare(self, story: list[Flowable]) -> None:
        """The entries: the story's chapter and section headings that the document places one by one (also inside
        a KeepTogether, which platypus splits into its flowables; not inside a table or a shrunk one-page chapter)."""
        self._headings = [(heading.level - 1, heading.plain, heading.key) for heading in _placed_one_by_one(story)
                          if isinstance(heading, Heading) and heading.level <= LEVELS]

    def isSatisfied(self):
        return True  # page numbers never change the layout: one pass is enough (also under multiBuild)

    def wrap(self, availWidth, availHeight):
        self.canv.setNamedCB("contentsLeader", lambda canvas, kind, key: self._leader(canvas, key, availWidth))
        rows: list[list[Flowable]] = []
        for level, text, key in self._headings:
            style = self.getLevelStyle(level)
            text = escape(text, quote=False)
            if self.links:
                text = f'<a href="#{key}">{text}</a>'
            if style.spaceBefore:
                rows.append([Spacer(1, style.spaceBefore)])
            rows.append([Paragraph(f'{text}<onDraw name="contentsLeader" label="{key}"/>', style)])
        table = Table(rows, colWidths=(availWidth,), style=self.tableStyle)
        set_contents_table(self, table)
        self.width, self.height = table.wrapOn(self.canv, availWidth, availHeight)
        return self.width, self.height

    def _leader(self, canvas: Canvas, key: str, width: float) -> None:
        """At the end of an entry's text: reserve the rest of the line for the dotted leader and page number."""
        x, y = text_cursor(canvas)
        level = next(level for level, _, entry in self._headings if entry == key)
        style = self.getLevelStyle(level)
        self._leaders[key] = (width - x, style, canvas.absolutePosition(width, y))
        canvas.saveState()
        origin_x, origin_y = canvas.absolutePosition(0, 0)  # platypus places flowables by translation only
        canvas.translate(-origin_x, -origin_y)
        canvas.doForm(_form(key))  # drawn in page space: text extractors place its text without the page's CTM
        canvas.restoreState()
        if self.links:
            canvas.linkRect("", key, (x, y, width, y + style.leading), relative=1)

    def place(self, canvas: Canvas, key: str, page: int) -> None:
        """The heading `key` is on `page`: define its entry's leader and number, right-aligned like platypus'."""
        room, style, (right, baseline) = self._leaders[key]  # the contents come before every heading they list
        number = str(page)
        number_width = stringWidth(number, style.fontName, style.fontSize)
        dot_width = stringWidth(DOT, style.fontName, style.fontSize)
        dots = int((room - number_width) / dot_width)
        canvas.beginForm(_form(key), right - room, baseline - style.fontSize, right, baseline + style.leading)
        text = canvas.beginText(right - dots * dot_width - number_width, baseline)
        text.setFont(style.fontName, style.fontSize)
        text.setFillColor(style.textColor)
        text.textLine(dots * DOT + number)
        canvas.drawText(text)
        canvas.endForm()


def _placed_one_by_one(story: list[Flowable]) -> Iterator[Flowable]:
    for flowable in story:
        if isinstance(flowable, KeepTogether):
            yield from _placed_one_by_one(kept_together(flowable))
        else:
            yield flowable


def _form(key: str) -> str:
    return f"contents-{key}"
