"""The drawing list: primitives composed as plain data (mm, y upwards) and then rendered on a canvas, shared below
the products (the score sheet and the tokens draw with it).

Composing pages as data lets the print checks (fit, glyph coverage) run without drawing anything.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Union

from reportlab.lib.colors import CMYKColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from .colours import BLACK, PAPER
from ..core.values import Figures
from ..typeset import textfit
from ..typeset.fonts import TITLE_FACES
from ..core.units import MM



@dataclass(frozen=True)
class Text:
    """One line of text; (x, y) is the baseline at the left, centre or right end as `align` says."""

    x: float
    y: float
    text: str
    font: str          # font role (pnp.typeset.fonts.FONT_FILES)
    size: float        # pt
    color: str = "ink"
    align: str = "left"


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    stroke: str | None = "ink"
    fill: str | None = None
    width: float = 0.35  # pt
    radius: float = 0.0


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    color: str = "ink"
    width: float = 0.35  # pt
    dash: tuple[float, ...] = ()  # mm: dash, gap, ...


@dataclass(frozen=True)
class Shape:
    """A closed polygon through `points`."""

    points: tuple[tuple[float, float], ...]
    stroke: str | None = "ink"
    fill: str | None = None
    width: float = 0.35  # pt


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float
    stroke: str | None = "ink"
    fill: str | None = None
    width: float = 0.35  # pt


Item = Union[Text, Rect, Line, Shape, Circle]


def texts(items: Iterable[Item]) -> list[Text]:
    return [item for item in items if isinstance(item, Text)]


def figure_font(font: str, figures: Figures) -> tuple[str | None, float]:
    """The figure font role and scale of a text in font role `font`: the layout's for the title face (Cinzel, whose
    1 reads as a Roman I), else none (the text faces print their own lining figures)."""
    return (figures.font, figures.scale) if font in TITLE_FACES else (None, 1.0)


def runs(text: str, font: str, size: float, figures: Figures) -> list[tuple[str, str, float]]:
    """(text, font role, size) runs: digits of the text faces in the layout's figures, the rest as given."""
    role, scale = figure_font(font, figures)
    return [(part, f, size * scale if role and f == role else size) for part, f in textfit.runs(text, font, role)]


def text_width(text: str, font: str, size: float, fonts: Mapping[str, str], figures: Figures) -> float:
    """Width in points of a text set in the font role at `size`, figures included."""
    role, scale = figure_font(font, figures)
    return textfit.measure(text, fonts[font], fonts[role] if role else None, size, scale)


def small_text_colour(colour: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """Small text prints in one ink: black (K), or when its colour is light (under 30 % total ink: parchment on a
    dark token) knocked out to paper white."""
    return PAPER if sum(colour) < 0.3 else BLACK


def render(canvas: Canvas, items: Iterable[Item], fonts: Mapping[str, str],
           palette: Mapping[str, tuple[float, float, float, float]], figures: Figures, small_text: float) -> None:
    """Draw items on the canvas at its current transformation (mm coordinates); text under `small_text` pt (the
    card layout's) prints in one ink (small_text_colour)."""
    colors = {name: CMYKColor(*value) for name, value in palette.items()}
    for item in items:
        canvas.saveState()
        if isinstance(item, Text):
            small = item.size < small_text
            canvas.setFillColor(CMYKColor(*small_text_colour(palette[item.color])) if small else colors[item.color])
            width = text_width(item.text, item.font, item.size, fonts, figures)
            x = item.x * MM - {"left": 0, "center": width / 2, "right": width}[item.align]
            for part, role, size in runs(item.text, item.font, item.size, figures):
                canvas.setFont(fonts[role], size)
                canvas.drawString(x, item.y * MM, part)
                x += stringWidth(part, fonts[role], size)
        else:
            stroke = item.color if isinstance(item, Line) else item.stroke
            fill = None if isinstance(item, Line) else item.fill
            if stroke:
                canvas.setStrokeColor(colors[stroke])
                canvas.setLineWidth(item.width)
                if isinstance(item, Line) and item.dash:
                    canvas.setDash([d * MM for d in item.dash])
            if fill:
                canvas.setFillColor(colors[fill])
            _path(canvas, item, bool(stroke), bool(fill))
        canvas.restoreState()


def _path(canvas: Canvas, item: Item, stroke: bool, fill: bool) -> None:
    if isinstance(item, Rect):
        if item.radius:
            canvas.roundRect(item.x * MM, item.y * MM, item.w * MM, item.h * MM, item.radius * MM,
                             stroke=int(stroke), fill=int(fill))
        else:
            canvas.rect(item.x * MM, item.y * MM, item.w * MM, item.h * MM, stroke=int(stroke), fill=int(fill))
    elif isinstance(item, Line):
        canvas.line(item.x1 * MM, item.y1 * MM, item.x2 * MM, item.y2 * MM)
    elif isinstance(item, Circle):
        canvas.circle(item.x * MM, item.y * MM, item.r * MM, stroke=int(stroke), fill=int(fill))
    elif isinstance(item, Shape):
        path = canvas.beginPath()
        (x0, y0), *rest = item.points
        path.moveTo(x0 * MM, y0 * MM)
        for x, y in rest:
            path.lineTo(x * MM, y * MM)
        path.close()
        canvas.drawPath(path, stroke=int(stroke), fill=int(fill))
