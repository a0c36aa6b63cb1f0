"""Drawing fitted texts in their boxes: lines aligned left, centred or right, the block centred vertically on its
capitals (Turkish small capitals come from the Turkish title font, pnp.typeset.fonts.fonts_for)."""
from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..core.geometry import Box
from .textfit import FittedText, measure, runs
from .metrics import cap_height
from ..core.units import MM




def baselines(fitted: FittedText, box: Box) -> list[float]:
    """Baselines (points) of the lines, the capitals of the block centred in the box."""
    n = len(fitted.lines)
    middle = (box.y + box.height / 2) * MM
    first = middle + (n - 1) * fitted.leading / 2 - cap_height(fitted.font) * fitted.size / 2
    return [first - i * fitted.leading for i in range(n)]


def draw_text(canvas: Canvas, fitted: FittedText, box: Box, align: str = "left") -> None:
    """Draw the lines of `fitted` in `box` (millimetres, current origin) in the current fill colour."""
    for line, y in zip(fitted.lines, baselines(fitted, box)):
        width = measure(line, fitted.font, fitted.figures, fitted.size)
        x = {"left": box.x * MM, "center": (box.x + box.width / 2) * MM - width / 2,
             "right": box.right * MM - width}[align]
        text = canvas.beginText(x, y)
        for piece, font in runs(line, fitted.font, fitted.figures):
            text.setFont(font, fitted.size)
            text.textOut(piece)
        canvas.drawText(text)
