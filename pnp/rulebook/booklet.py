"""Saddle-stitch imposition: half-size pages, two per sheet side, page count padded to a multiple of 4.

Sheets are printed double-sided (flip on the short edge), stacked, folded in the middle and stapled along the
fold. Sheet i (0-based) of an n-page booklet carries pages n−2i and 2i+1 on its front, 2i+2 and n−2i−1 on its back.
"""
from __future__ import annotations

from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from ..adapters.reportlab_canvas import count_page, page_size
from ..pages.forms import FlateCanvas


def padded(pages: int) -> int:
    """The page count rounded up to a multiple of 4 (blank pages are added at the end)."""
    return max(4, -(-pages // 4) * 4)


def booklet_order(pages: int) -> tuple[tuple[int, int], ...]:
    """(left, right) page numbers (1-based) of each sheet side in printing order: front 1, back 1, front 2, …

    Page numbers above `pages` are the blank pages of the padding.
    """
    n = padded(pages)
    sides = []
    for i in range(n // 4):
        sides.append((n - 2 * i, 2 * i + 1))
        sides.append((2 * i + 2, n - 2 * i - 1))
    return tuple(sides)


class BookletCanvas(FlateCanvas):
    """A canvas that keeps each page the document draws as a form, and on save imposes them onto sheets.

    Platypus draws pages one after another as usual; `showPage` closes the page as a form (PDF Form XObject) and
    `save` places the forms two per landscape sheet side in booklet order. Bookmarks and links need real pages,
    so the booklet has none (the page-for-page rulebook has them).
    """

    def __init__(self, *args, sheet: tuple[float, float], fill: Callable[[Canvas, int], None] | None = None,
                 **kwargs):
        super().__init__(*args, **kwargs)
        self._sheet = sheet
        self._fill = fill  # draws a padding page (the canvas, its page number), or None: padding pages stay blank
        self._page_size = page_size(self)
        self._forms = 0
        self.beginForm(self._form_name(1))

    @staticmethod
    def _form_name(page: int) -> str:
        return f"BookletPage{page}"

    def showPage(self):
        self.endForm()
        self._forms += 1
        count_page(self)
        self.beginForm(self._form_name(self._forms + 1))

    def save(self):
        self.endForm()  # the empty page platypus would have started next
        width, height = self._page_size
        drawn = {page: self._form_name(page) for page in range(1, self._forms + 1)}
        for page in range(self._forms + 1, padded(self._forms) + 1) if self._fill else ():
            drawn[page] = f"BookletFill{page}"
            self.beginForm(drawn[page])
            self._fill(self, page)
            self.endForm()
        self.setPageSize(self._sheet)
        for left, right in booklet_order(self._forms):
            for page, x in ((left, 0.0), (right, width)):
                if page in drawn:
                    self.saveState()
                    self.translate(x, (self._sheet[1] - height) / 2)
                    self.doForm(drawn[page])
                    self.restoreState()
            Canvas.showPage(self)
        super().save()
