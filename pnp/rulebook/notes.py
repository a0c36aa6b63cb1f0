"""The booklet's notes pages: a saddle-stitched booklet has a multiple of four pages, and the pages after the book's
last one, up to the fold, are ruled for the players' notes (deck ideas, scores) instead of left blank."""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from ..core.units import MM
from ..graphics.colours import cmyk
from .flowables import Ornament
from .layout import Page, RulebookLayout
from .styles import Styles, markup


@dataclass(frozen=True)
class NotesPage:
    """A page of ruled lines under its title, in the booklet's page format."""

    title: str
    page: Page
    layout: RulebookLayout
    styles: Styles

    def draw(self, canvas: Canvas, number: int) -> None:
        """Draw the notes page that is page `number` of the booklet (its inner margin at the fold)."""
        left, right = self.page.margins(number)
        margins, marks = self.page.format.margins, self.layout.marks
        width, top = self.page.width - left - right, self.page.height - margins.top * MM
        style = self.styles.chapter
        title = Paragraph(markup(self.title, style, self.styles), style)
        _, height = title.wrapOn(canvas, width, top)
        title.drawOn(canvas, left, top - height)
        fmt = self.page.format  # the ornament under it, as under a chapter's title (pnp.rulebook.story)
        ornament = Ornament(fmt.ornament * MM, self.styles, fmt.space.after_heading * 1.3)
        height += style.spaceAfter + ornament.wrapOn(canvas, width, top)[1]
        ornament.drawOn(canvas, left, top - height)
        canvas.setStrokeColor(cmyk(self.layout.palette.rule))
        canvas.setLineWidth(marks.notes_line)
        y = top - height - marks.notes_spacing * MM
        while y >= margins.bottom * MM:
            canvas.line(left, y, left + width, y)
            y -= marks.notes_spacing * MM
