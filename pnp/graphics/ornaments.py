"""Small ornaments shared by the card faces and the rulebook."""
from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas


def draw_diamond(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    """A filled diamond (square on its point) of half-diagonal r: the ornament of frames and rules."""
    path = canvas.beginPath()
    path.moveTo(cx, cy + r)
    path.lineTo(cx + r, cy)
    path.lineTo(cx, cy - r)
    path.lineTo(cx - r, cy)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)
