"""Drawings a PDF stores once: a form XObject defined on first use, every further use a reference to it."""
from __future__ import annotations

from typing import Callable

from reportlab.pdfgen.canvas import Canvas


def define_once(canvas: Canvas, name: str, bbox: tuple[float, float, float, float],
                draw: Callable[[Canvas], None]) -> None:
    """Define the form `name` (what `draw(canvas)` draws inside `bbox`, in the form's own coordinates) unless the
    PDF has it already; `canvas.doForm(name)` then draws it in the current graphics state (a form that sets no
    colour takes the current one). May be called while another form is being defined."""
    if not canvas.hasForm(name):
        canvas.beginForm(name, *bbox)
        draw(canvas)
        canvas.endForm()
