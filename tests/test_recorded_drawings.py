"""draw_recorded adds a drawing's operators again only where they mean the same in another PDF: a drawing that
names a graphics state (an opacity), a font or text of the PDF it was drawn in is drawn afresh in every PDF."""
from __future__ import annotations

from io import BytesIO

import pikepdf
import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.core.caches import CACHES
from pnp.pages.forms import define_once, draw_recorded


def _square(canvas: Canvas) -> None:
    canvas.rect(0, 0, 5, 5, fill=1)


def _half_transparent(canvas: Canvas) -> None:
    canvas.setFillAlpha(0.5)
    canvas.rect(1, 1, 2, 2, fill=1)


def _labelled(canvas: Canvas) -> None:
    canvas.setFont("Helvetica", 9)
    canvas.drawString(1, 1, "IX")


def _with_form(canvas: Canvas) -> None:
    define_once(canvas, "square", (0, 0, 10, 10), _square)
    canvas.doForm("square")


@pytest.mark.parametrize("drawing, replayed", [(_square, True), (_with_form, True), (_half_transparent, False),
                                               (_labelled, False)])
def test_a_drawing_is_replayed_only_when_it_names_nothing_of_its_pdf(drawing, replayed):
    CACHES[f"{draw_recorded.__module__}.draw_recorded"].clear()
    calls = []

    def draw(canvas: Canvas) -> None:
        calls.append(canvas)
        drawing(canvas)

    for _ in range(2):
        out = BytesIO()
        canvas = Canvas(out)
        draw_recorded(canvas, ("test", drawing.__name__), draw)
        canvas.showPage()
        canvas.save()
        with pikepdf.open(BytesIO(out.getvalue())) as pdf:  # every resource the page names is in the PDF
            page = pdf.pages[0]
            for operands, operator in pikepdf.parse_content_stream(page):
                kind = {"gs": "/ExtGState", "Tf": "/Font", "Do": "/XObject"}.get(str(operator))
                if kind:
                    assert operands[0] in page.Resources[kind]
    assert len(calls) == (1 if replayed else 2)
