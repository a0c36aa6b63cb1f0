"""The calibration sheet's marks (no words): the front's reference lines and ruler, the back's scales.

Each page also says how high its marks reach, so that the instructions above them can be kept clear of them.
"""
from __future__ import annotations

from typing import Mapping

from reportlab.lib.colors import CMYKColor
from reportlab.pdfgen.canvas import Canvas

from ..pages.imposition import SheetGrid
from .calibration_layout import CalibrationLayout
from ..data.terms import signed
from ..core.units import MM

INK = CMYKColor(0, 0, 0, 1)
AXES = ("X", "Y")  # the scales' letters: the values of --back-offset X,Y, command-line syntax never translated


def _reach(layout: CalibrationLayout) -> float:
    """How far (pt) the front's vertical line runs up and down from the centre: past the X scales."""
    return (max(abs(p) for p in layout.scales.x_positions) + layout.scales.reach) * MM


def front_marks_top(grid: SheetGrid, layout: CalibrationLayout) -> float:
    """Height (pt above the bottom edge) of the top end of the front's vertical line."""
    return min(grid.paper_height / 2 + _reach(layout), grid.paper_height - grid.min_margin)


def back_marks_top(grid: SheetGrid, layout: CalibrationLayout) -> float:
    """Height (pt above the bottom edge) of the highest scale mark on the back: an X scale's numbers above its
    ticks, or a Y scale's letter."""
    s = layout.scales
    x_scale = max(s.x_positions) * MM + s.major_length / 2 * MM + s.label_gap + s.label_size
    y_label = (s.range + s.letter_gap) * MM + s.label_size
    return grid.paper_height / 2 + max(x_scale, y_label)


def draw_front(canvas: Canvas, grid: SheetGrid, layout: CalibrationLayout, fonts: Mapping[str, str]) -> None:
    """A vertical and a horizontal line through the page centre, and the ruler."""
    w, h, m = grid.paper_width, grid.paper_height, grid.min_margin
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(layout.scales.line_width)
    canvas.line(w / 2, max(m, h / 2 - _reach(layout)), w / 2, front_marks_top(grid, layout))
    canvas.line(m, h / 2, w - m, h / 2)
    ruler = layout.ruler
    left, y = w / 2 - ruler.length / 2 * MM, ruler.y * MM
    canvas.setFillColor(CMYKColor(0, 0, 0, 0))
    canvas.rect(left, y, ruler.length * MM, ruler.height * MM, stroke=1, fill=1)
    canvas.setFillColor(INK)
    canvas.setFont(fonts["sans"], ruler.text_size)
    for mm in range(0, int(ruler.length) + 1):
        length = ruler.ticks[2] if mm % 10 == 0 else (ruler.ticks[1] if mm % 5 == 0 else ruler.ticks[0])
        canvas.line(left + mm * MM, y, left + mm * MM, y + length * MM)
        if mm % 10 == 0:
            canvas.drawCentredString(left + mm * MM, y - ruler.text_size - ruler.number_gap, str(mm))
    canvas.drawCentredString(w / 2, y - 2 * ruler.text_size - ruler.caption_gap, f"{ruler.length:g} mm")


def draw_back(canvas: Canvas, grid: SheetGrid, layout: CalibrationLayout, fonts: Mapping[str, str]) -> None:
    """Two X scales across the front's vertical line and two Y scales across its horizontal line."""
    s = layout.scales
    w, h = grid.paper_width, grid.paper_height
    canvas.setFillColor(INK)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(s.line_width)
    steps = int(round(s.range / s.minor))
    for position in s.x_positions:
        base = h / 2 + position * MM
        canvas.setFont(fonts["sans-bold"], s.label_size)
        canvas.drawRightString(w / 2 - (s.range + s.letter_gap) * MM, base, AXES[0])
        for i in range(-steps, steps + 1):
            value = i * s.minor
            major = abs(value - round(value)) < 1e-9
            tick = (s.major_length if major else s.minor_length) * MM
            canvas.line(w / 2 + value * MM, base - tick / 2, w / 2 + value * MM, base + tick / 2)
            labelled = abs(value / s.x_label_every - round(value / s.x_label_every)) < 1e-9
            if labelled:  # every x_label_every mm, alternating above and below so that no two numbers touch
                canvas.setFont(fonts["sans"], s.label_size)
                above = round(value / s.x_label_every) % 2 == 0
                canvas.drawCentredString(w / 2 + value * MM, base + tick / 2 + s.label_gap if above
                                         else base - tick / 2 - s.label_gap - s.label_size * 0.75, _label(value))
    for position in s.y_positions:
        base = w / 2 + position * MM
        canvas.setFont(fonts["sans-bold"], s.label_size)
        canvas.drawCentredString(base, h / 2 + (s.range + s.letter_gap) * MM, AXES[1])
        for i in range(-steps, steps + 1):
            value = i * s.minor
            major = abs(value - round(value)) < 1e-9
            tick = (s.major_length if major else s.minor_length) * MM
            canvas.line(base - tick / 2, h / 2 + value * MM, base + tick / 2, h / 2 + value * MM)
            if major:
                canvas.setFont(fonts["sans"], s.label_size)
                y = h / 2 + value * MM - s.label_size / 3
                if round(value) % 2 == 0:
                    canvas.drawString(base + tick / 2 + s.label_gap, y, _label(value))
                else:
                    canvas.drawRightString(base - tick / 2 - s.label_gap, y, _label(value))


def _label(value: float) -> str:
    """−2, 0, 2: a true minus sign, no plus (the numbers stand 1 mm apart)."""
    return signed(round(value)).lstrip("+")
