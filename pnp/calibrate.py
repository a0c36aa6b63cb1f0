"""`pnp calibrate`: a duplex test sheet from which a user reads the back offset of their printer.

The front carries a vertical and a horizontal reference line through the page centre (a centre line stays a centre
line under either duplex flip) and a 100 mm ruler to check the print scale. The back carries scales across those
lines: a tick labelled v lies v mm from the centre, so the number under the front's line, seen against the light,
is the correction to add to the offset the sheet was printed with. The back page is shifted by that offset, like
the back pages of the decks, so printing the sheet again with the new offset reads 0.
"""
from __future__ import annotations

from io import BytesIO
from typing import Mapping

from reportlab.lib.colors import CMYKColor
from reportlab.pdfgen.canvas import Canvas

from .imposition import SheetGrid
from .layout import CalibrationLayout
from .pdfout import new_canvas
from .terms import signed
from .textfit import MM

INK = CMYKColor(0, 0, 0, 1)

FRONT_TEXT = (
    "Ancient Duel – duplex calibration sheet (front, {paper})",
    "1. Print this PDF on one sheet, both sides ({duplex}-edge flip), at 100 % (no ‘fit to page’).",
    "2. The ruler below must measure exactly 100 mm; if it does not, switch off the printer’s scaling.",
    "3. Turn the sheet over and read the scales on the back.",
)
BACK_TEXT = (
    "Ancient Duel – duplex calibration sheet (back)",
    "Hold the sheet against the light. X: the number on a horizontal scale where the front’s vertical line",
    "shows through; Y: the number on a vertical scale where the front’s horizontal line shows through.",
    "Printed with --back-offset {x},{y}. Add your readings to these numbers (average the two scales of each) and",
    "build with: pnp build --back-offset X,Y   (then print this sheet again with it: the lines should read 0).",
)


def calibration_pdf(grid: SheetGrid, layout: CalibrationLayout, fonts: Mapping[str, str], paper: str,
                    duplex: str, back_offset: tuple[float, float]) -> bytes:
    """The two-page calibration PDF (front, then back) for a home sheet."""
    buffer = BytesIO()
    canvas = new_canvas(buffer, (grid.paper_width, grid.paper_height), "Ancient Duel – duplex calibration", "en")
    _front(canvas, grid, layout, fonts, paper, duplex)
    canvas.showPage()
    canvas.saveState()
    canvas.translate(back_offset[0] * MM, back_offset[1] * MM)
    _back(canvas, grid, layout, fonts, back_offset)
    canvas.restoreState()
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _text(canvas: Canvas, grid: SheetGrid, layout: CalibrationLayout, fonts: Mapping[str, str], lines) -> None:
    canvas.setFillColor(INK)
    y = grid.paper_height - layout.text.top * MM
    for i, line in enumerate(lines):
        canvas.setFont(fonts["sans-bold" if i == 0 else "sans"], layout.text.size)
        canvas.drawString(grid.x0, y - i * layout.text.leading, line)


def _front(canvas: Canvas, grid: SheetGrid, layout: CalibrationLayout, fonts: Mapping[str, str], paper: str,
           duplex: str) -> None:
    _text(canvas, grid, layout, fonts, [line.format(paper=paper.upper() if paper == "a4" else paper.title(),
                                                      duplex=duplex) for line in FRONT_TEXT])
    w, h, m = grid.paper_width, grid.paper_height, grid.min_margin
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(layout.scales.line_width)
    top = h - (layout.text.top + 4) * MM - len(FRONT_TEXT) * layout.text.leading
    reach = (max(abs(p) for p in layout.scales.x_positions) + 15) * MM  # past the X scales, clear of the ruler
    canvas.line(w / 2, max(m, h / 2 - reach), w / 2, min(top, h / 2 + reach))
    canvas.line(m, h / 2, w - m, h / 2)
    ruler = layout.ruler
    left, y = w / 2 - ruler.length / 2 * MM, ruler.y * MM
    canvas.setFillColor(CMYKColor(0, 0, 0, 0))
    canvas.rect(left, y, ruler.length * MM, 3 * MM, stroke=1, fill=1)
    canvas.setFillColor(INK)
    canvas.setFont(fonts["sans"], ruler.text_size)
    for mm in range(0, int(ruler.length) + 1):
        length = 3 if mm % 10 == 0 else (2 if mm % 5 == 0 else 1)
        canvas.line(left + mm * MM, y, left + mm * MM, y + length * MM)
        if mm % 10 == 0:
            canvas.drawCentredString(left + mm * MM, y - ruler.text_size - 1, str(mm))
    canvas.drawCentredString(w / 2, y - 2 * ruler.text_size - 4, f"{ruler.length:g} mm")


def _back(canvas: Canvas, grid: SheetGrid, layout: CalibrationLayout, fonts: Mapping[str, str],
          back_offset: tuple[float, float]) -> None:
    x, y = (f"{v:g}" for v in back_offset)
    _text(canvas, grid, layout, fonts, [line.format(x=x, y=y) for line in BACK_TEXT])
    s = layout.scales
    w, h = grid.paper_width, grid.paper_height
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(s.line_width)
    steps = int(round(s.range / s.minor))
    for position in s.x_positions:
        base = h / 2 + position * MM
        canvas.setFont(fonts["sans-bold"], s.label_size)
        canvas.drawRightString(w / 2 - (s.range + 2) * MM, base, "X")
        for i in range(-steps, steps + 1):
            value = i * s.minor
            major = abs(value - round(value)) < 1e-9
            tick = (s.major_length if major else s.minor_length) * MM
            canvas.line(w / 2 + value * MM, base - tick / 2, w / 2 + value * MM, base + tick / 2)
            if major:  # numbers alternate above and below: 1 mm apart they would collide
                canvas.setFont(fonts["sans"], s.label_size)
                above = round(value) % 2 == 0
                canvas.drawCentredString(w / 2 + value * MM, base + tick / 2 + 1.5 if above
                                         else base - tick / 2 - 1.5 - s.label_size * 0.75, _label(value))
    for position in s.y_positions:
        base = w / 2 + position * MM
        canvas.setFont(fonts["sans-bold"], s.label_size)
        canvas.drawCentredString(base, h / 2 + (s.range + 2) * MM, "Y")
        for i in range(-steps, steps + 1):
            value = i * s.minor
            major = abs(value - round(value)) < 1e-9
            tick = (s.major_length if major else s.minor_length) * MM
            canvas.line(base - tick / 2, h / 2 + value * MM, base + tick / 2, h / 2 + value * MM)
            if major:
                canvas.setFont(fonts["sans"], s.label_size)
                y = h / 2 + value * MM - s.label_size / 3
                if round(value) % 2 == 0:
                    canvas.drawString(base + tick / 2 + 1.5, y, _label(value))
                else:
                    canvas.drawRightString(base - tick / 2 - 1.5, y, _label(value))


def _label(value: float) -> str:
    """−2, 0, 2: a true minus sign, no plus (the numbers stand 1 mm apart)."""
    return signed(round(value)).lstrip("+")
