"""The drawing list: primitives composed as plain data (mm, y upwards) and then rendered on a canvas, shared below
the products (the score sheet and the tokens draw with it).

Composing pages as data lets the print checks (fit, glyph coverage) run without drawing anything.
"""
from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from itertools import groupby
from types import MappingProxyType
from typing import Iterable, Iterator, Mapping, Union

import reportlab
from reportlab.lib.colors import CMYKColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..data.art import ArtImage
from .art_scenes import FORMS, SCENES, Scene, draw_placeholder
from .colours import BLACK, PAPER, cmyk
from .emblems import draw_emblem
from .icons import draw_icon
from .ornaments import draw_diamond
from ..pages.forms import StoredDrawings, draw_recorded
from ..core.disk_cache import DiskCache, source_digest
from ..core.geometry import Box
from ..core.values import Figures
from ..typeset import textfit
from ..typeset.draw_text import draw_text
from ..typeset.textfit import FittedText
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
    """A rectangle of a drawing (mm), stroked and/or filled in palette colours, its corners rounded or not."""
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
    """A straight line of a drawing (mm) in a palette colour, solid or dashed."""
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
    """A circle of a drawing (mm), stroked and/or filled in palette colours."""
    x: float
    y: float
    r: float
    stroke: str | None = "ink"
    fill: str | None = None
    width: float = 0.35  # pt


# Items in the canvas's running state (the card faces'): each sets only the colours and widths it names, and leaves
# them set for the items after it (a colour of None draws in the current one).
CMYK = tuple[float, float, float, float]


@dataclass(frozen=True)
class Ground:
    """An area filled to its edges in one colour, without outline (a card's colour into the bleed)."""

    box: Box
    colour: CMYK


@dataclass(frozen=True)
class Panel:
    """A rounded panel filled in `fill` with an outline `width` pt wide in `stroke`."""

    box: Box
    fill: CMYK
    stroke: CMYK
    width: float
    radius: float


@dataclass(frozen=True)
class Stars:
    """Five-pointed stars of radius `r` centred at each of `centres`, filled and outlined `width` pt wide."""

    centres: tuple[tuple[float, float], ...]
    r: float
    fill: CMYK
    stroke: CMYK
    width: float


@dataclass(frozen=True)
class Icon:
    """A game-icons.net symbol (pnp.graphics.icons), `size` mm across, centred at (cx, cy), in `colour`."""

    name: str
    cx: float
    cy: float
    size: float
    colour: CMYK


@dataclass(frozen=True)
class ArtWindow:
    """A card's art window: its art image, or without one the card's generated scene, clipped to the rounded box,
    then outlined `width` pt wide in `outline`."""

    box: Box
    radius: float
    image: ArtImage | None
    scene: Scene
    outline: CMYK
    width: float


@dataclass(frozen=True)
class Rays:
    """Sun rays from (cx, cy), every other twelfth of the turn, `reach` mm long, clipped to `clip`."""

    cx: float
    cy: float
    reach: float
    clip: Box
    colour: CMYK


@dataclass(frozen=True)
class Disc:
    """A filled circle with an outline `width` pt wide."""

    cx: float
    cy: float
    r: float
    fill: CMYK
    stroke: CMYK
    width: float


@dataclass(frozen=True)
class Ring:
    """A circle's outline in the current stroke colour, `width` pt wide, and a rule across it."""

    cx: float
    cy: float
    r: float
    width: float


@dataclass(frozen=True)
class Rule:
    """Lines (x1, y1, x2, y2) `width` pt wide in `colour`."""

    lines: tuple[tuple[float, float, float, float], ...]
    colour: CMYK
    width: float


@dataclass(frozen=True)
class Emblem:
    """A faction's emblem (pnp.graphics.emblems), `size` mm across, centred at (cx, cy)."""

    name: str
    cx: float
    cy: float
    size: float
    colour: CMYK | None = None


@dataclass(frozen=True)
class Diamond:
    """The ornament of rules: a diamond of half-diagonal `r` mm, in the current fill colour."""

    cx: float
    cy: float
    r: float


@dataclass(frozen=True)
class Fitted:
    """A fitted text set in its box (pnp.typeset.draw_text), aligned, in `colour`."""

    text: FittedText
    box: Box
    align: str
    colour: CMYK


@dataclass(frozen=True)
class Turned:
    """Items turned `degrees` about (cx, cy)."""

    cx: float
    cy: float
    degrees: float
    items: tuple[Item, ...]


Item = Union[Text, Rect, Line, Shape, Circle, Ground, Panel, Stars, Icon, ArtWindow, Rays, Disc, Ring, Rule, Emblem,
             Diamond, Fitted, Turned]
RUNNING = (Ground, Panel, Stars, Icon, ArtWindow, Rays, Disc, Ring, Rule, Emblem, Diamond, Fitted, Turned)
# items whose operators depend on nothing but the item and the palette (no text, which each PDF encodes for its own
# font subsets; no image): a run of them is drawn once and its operators added again (draw_recorded; kept across runs
# in RUNS), as the frames, panels, badges and icons of the cards repeat on every face of a faction, the tokens' shapes
# on every copy, and both in every language
SAME_EVERYWHERE = (Ground, Panel, Stars, Icon, Rays, Disc, Ring, Rule, Emblem, Diamond, Rect, Line, Shape, Circle)
# the code a run's operators depend on (the icons and emblems it uses are forms, drawn anew in every PDF from their
# names)
RUNS_CODE = (source_digest(__name__, "pnp.graphics.ornaments", "pnp.graphics.icons", "pnp.graphics.emblems",
                           "pnp.graphics.colours", "pnp.pages.forms", "pnp.adapters.reportlab_canvas")
             + f"{reportlab.Version} {sys.version}".encode())
RUNS = StoredDrawings(
    DiskCache("drawn-runs", "the PDF operators of the runs of items drawn the same everywhere (the frames, panels, "
              "badges and icons of the card faces, the shapes of the tokens and the score sheet) and the names of "
              "the forms they define, one table", "pnp's drawing code, ReportLab's and Python's versions; a run by "
              "its items and the palette's colours", "pnp.graphics.drawing.RUNS", keep=1),
    RUNS_CODE, FORMS)


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


def render(canvas: Canvas, items: Iterable[Item], fonts: Mapping[str, str] = MappingProxyType({}),
           palette: Mapping[str, tuple[float, float, float, float]] = MappingProxyType({}),
           figures: Figures | None = None, small_text: float = 0.0) -> None:
    """Draw items on the canvas at its current transformation (mm coordinates): the sheets' each in a state of its
    own, with colours of `palette` and font roles of `fonts` (text under `small_text` pt, the card layout's, prints
    in one ink: small_text_colour); the card faces' in the running state."""
    colours = tuple(palette.items())  # what the sheets' shapes print with: part of their recordings' key
    for item in _runs(items):
        if isinstance(item, tuple):
            draw_recorded(canvas, ("items", item, colours), lambda c: _draw_each(c, item, palette), RUNS)
            continue
        if not isinstance(item, Text):
            _draw_each(canvas, (item,), palette)
            continue
        canvas.saveState()
        small = item.size < small_text
        canvas.setFillColor(CMYKColor(*(small_text_colour(palette[item.color]) if small else palette[item.color])))
        width = text_width(item.text, item.font, item.size, fonts, figures)
        x = item.x * MM - {"left": 0, "center": width / 2, "right": width}[item.align]
        for part, role, size in runs(item.text, item.font, item.size, figures):
            canvas.setFont(fonts[role], size)
            canvas.drawString(x, item.y * MM, part)
            x += stringWidth(part, fonts[role], size)
        canvas.restoreState()


def _runs(items: Iterable[Item]) -> Iterator[Item | tuple[Item, ...]]:
    """The items, each run of SAME_EVERYWHERE items as one tuple."""
    for same, run in groupby(items, key=lambda item: isinstance(item, SAME_EVERYWHERE)):
        if same:
            yield tuple(run)
        else:
            yield from run


def _draw_each(canvas: Canvas, items: tuple[Item, ...], palette: Mapping[str, tuple[float, float, float, float]]
               ) -> None:
    for item in items:
        if isinstance(item, RUNNING):
            _draw_running(canvas, item)
        else:
            _draw_shape(canvas, item, palette)


def _draw_shape(canvas: Canvas, item: Rect | Line | Shape | Circle,
                palette: Mapping[str, tuple[float, float, float, float]]) -> None:
    """A sheet's shape in a state of its own, in colours of `palette`."""
    canvas.saveState()
    stroke = item.color if isinstance(item, Line) else item.stroke
    fill = None if isinstance(item, Line) else item.fill
    if stroke:
        canvas.setStrokeColor(CMYKColor(*palette[stroke]))
        canvas.setLineWidth(item.width)
        if isinstance(item, Line) and item.dash:
            canvas.setDash([d * MM for d in item.dash])
    if fill:
        canvas.setFillColor(CMYKColor(*palette[fill]))
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


def _draw_running(canvas: Canvas, item: Item) -> None:
    if isinstance(item, Ground):
        box = item.box
        canvas.setFillColor(cmyk(item.colour))
        canvas.rect(box.x * MM, box.y * MM, box.width * MM, box.height * MM, stroke=0, fill=1)
    elif isinstance(item, Panel):
        box = item.box
        canvas.setFillColor(cmyk(item.fill))
        canvas.setStrokeColor(cmyk(item.stroke))
        canvas.setLineWidth(item.width)
        canvas.roundRect(box.x * MM, box.y * MM, box.width * MM, box.height * MM, item.radius * MM, stroke=1, fill=1)
    elif isinstance(item, Stars):
        canvas.setFillColor(cmyk(item.fill))
        canvas.setStrokeColor(cmyk(item.stroke))
        canvas.setLineWidth(item.width)
        for cx, cy in item.centres:
            _star(canvas, cx * MM, cy * MM, item.r * MM)
    elif isinstance(item, Icon):
        canvas.setFillColor(cmyk(item.colour))
        draw_icon(canvas, item.name, item.cx * MM, item.cy * MM, item.size * MM)
    elif isinstance(item, ArtWindow):
        _art_window(canvas, item)
    elif isinstance(item, Rays):
        _rays(canvas, item)
    elif isinstance(item, Disc):
        canvas.setFillColor(cmyk(item.fill))
        canvas.setStrokeColor(cmyk(item.stroke))
        canvas.setLineWidth(item.width)
        canvas.circle(item.cx * MM, item.cy * MM, item.r * MM, stroke=1, fill=1)
    elif isinstance(item, Ring):
        canvas.setLineWidth(item.width)
        canvas.circle(item.cx * MM, item.cy * MM, item.r * MM, stroke=1, fill=0)
        canvas.line((item.cx - item.r) * MM, item.cy * MM, (item.cx + item.r) * MM, item.cy * MM)
    elif isinstance(item, Rule):
        canvas.setStrokeColor(cmyk(item.colour))
        canvas.setLineWidth(item.width)
        for x1, y1, x2, y2 in item.lines:
            canvas.line(x1 * MM, y1 * MM, x2 * MM, y2 * MM)
    elif isinstance(item, Emblem):
        if item.colour is not None:
            canvas.setFillColor(cmyk(item.colour))
        draw_emblem(canvas, item.name, item.cx * MM, item.cy * MM, item.size * MM)
    elif isinstance(item, Diamond):
        draw_diamond(canvas, item.cx * MM, item.cy * MM, item.r * MM)
    elif isinstance(item, Fitted):
        canvas.setFillColor(cmyk(item.colour))
        draw_text(canvas, item.text, item.box, item.align)
    elif isinstance(item, Turned):
        canvas.saveState()
        canvas.translate(item.cx * MM, item.cy * MM)
        canvas.rotate(item.degrees)
        canvas.translate(-item.cx * MM, -item.cy * MM)
        render(canvas, item.items)
        canvas.restoreState()


def _rays(canvas: Canvas, rays: Rays) -> None:
    cx, cy, reach, clip = rays.cx * MM, rays.cy * MM, rays.reach * MM, rays.clip
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(clip.x * MM, clip.y * MM, clip.width * MM, clip.height * MM)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.setFillColor(cmyk(rays.colour))
    for i in range(0, 24, 2):
        a0, a1 = i * math.pi / 12, (i + 1) * math.pi / 12
        path = canvas.beginPath()
        path.moveTo(cx, cy)
        path.lineTo(cx + reach * math.cos(a0), cy + reach * math.sin(a0))
        path.lineTo(cx + reach * math.cos(a1), cy + reach * math.sin(a1))
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


def _star(canvas: Canvas, cx: float, cy: float, radius: float) -> None:
    path = canvas.beginPath()
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        point = (cx + r * math.cos(angle), cy + r * math.sin(angle))
        path.moveTo(*point) if i == 0 else path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=1, fill=1)


def _art_window(canvas: Canvas, window: ArtWindow) -> None:
    """The art clipped to the window, then its outline; the clip and the outline, the same on every face of a
    kind, drawn once per process (draw_recorded)."""
    box = window.box
    x, y, w, h = box.x * MM, box.y * MM, box.width * MM, box.height * MM
    canvas.saveState()
    draw_recorded(canvas, ("art clip", box, window.radius), lambda c: _clip_to_window(c, window))
    if window.image is not None:
        canvas.drawImage(ImageReader(window.image.image), x, y, w, h)
    else:
        draw_recorded(canvas, ("art scene", x, y, w, h, window.scene),  # the same in every language and PDF
                      lambda c: draw_placeholder(c, x, y, w, h, window.scene), SCENES)
    canvas.restoreState()
    draw_recorded(canvas, ("art outline", box, window.radius, window.outline, window.width),
                  lambda c: _outline_window(c, window))


def _clip_to_window(canvas: Canvas, window: ArtWindow) -> None:
    box = window.box
    clip = canvas.beginPath()
    clip.roundRect(box.x * MM, box.y * MM, box.width * MM, box.height * MM, window.radius * MM)
    canvas.clipPath(clip, stroke=0, fill=0)


def _outline_window(canvas: Canvas, window: ArtWindow) -> None:
    box = window.box
    canvas.setStrokeColor(cmyk(window.outline))
    canvas.setLineWidth(window.width)
    canvas.roundRect(box.x * MM, box.y * MM, box.width * MM, box.height * MM, window.radius * MM, stroke=1, fill=0)
