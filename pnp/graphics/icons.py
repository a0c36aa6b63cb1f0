"""The game-icons.net symbols of the cards (pnp/icons/, CC BY 3.0, authors in pnp/icons/ATTRIBUTION.md), drawn as
vector paths in the current (CMYK) fill colour: the stat badges, the unit types and the card kinds. Each icon is a
form stored once per PDF, in the icon's own grid, that every use scales into place."""
from __future__ import annotations

import re

import reportlab
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ..core.caches import memo
from ..core.disk_cache import DiskCache, source_digest
from ..data.card_database import Card
from ..pages.forms import Definition, define_once
from ..core.resources import package_folder

ICONS = package_folder("pnp", "icons")
GRID = 512  # every game-icons.net icon is drawn on a 512 × 512 grid, y downwards

STAT_ICONS = {"atk": "crossed-swords", "def": "round-shield", "energy": "lightning-helix"}
TYPE_ICONS = {
    "infantry": "centurion-helmet", "ranged-infantry": "bowman", "cavalry": "cavalry", "war-elephant": "elephant",
    "chariot": "chariot", "guard": "guards", "scout": "spyglass", "siege": "catapult", "support": "knapsack",
    "commander": "laurel-crown", "officer": "visored-helm", "satrap": "tiara",
}
KIND_ICONS = {"doctrine": "scroll-unfurled", "terrain": "mountains", "tactic": "sword-clash"}


def card_icon(card: Card) -> str:
    """The icon of the card's type bar: its unit type, or terrain doctrine, doctrine or tactic."""
    if card.kind == "unit":
        return TYPE_ICONS[card.unit_type]
    return KIND_ICONS["terrain" if card.terrain else card.kind]


def _outline(name: str) -> tuple:
    """The icon's path as recorded pen operations (SVG arcs already turned into curves by fontTools)."""
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.svgLib.path import parse_path  # with lxml: only where a card is drawn
    svg = (ICONS / f"{name}.svg").read_text(encoding="utf-8")
    pen = RecordingPen()
    for d in re.findall(r'\sd="([^"]+)"', svg):
        parse_path(d, pen)
    return tuple(pen.value)


def _path_pen(path: PDFPathObject):
    """A fontTools pen that draws into a ReportLab path (quadratic curves become cubic)."""
    from fontTools.pens.basePen import BasePen

    class CanvasPathPen(BasePen):
        def _moveTo(self, p):
            path.moveTo(*p)

        def _lineTo(self, p):
            path.lineTo(*p)

        def _curveToOne(self, p1, p2, p3):
            path.curveTo(*p1, *p2, *p3)

        def _closePath(self):
            path.close()

    return CanvasPathPen(None)


PATHS = DiskCache("icons", "each icon's outline as PDF path operators", "the icon's name and SVG bytes, pnp's icon "
                  "code, fontTools' package file (its version) and ReportLab's version", "pnp.graphics.icons.PATHS")
# fontTools found, not imported: a run that reads every outline from PATHS does not load it
PATH_CODE = source_digest(__name__, "fontTools") + reportlab.Version.encode()


@memo("an icon's outline as PDF path operators, in its grid", "icon name")
def _path_code(name: str) -> str:
    """The icon's outline as the operators of a PDF path (the same for every PDF and language; kept across runs:
    reading the SVG takes 1 ms an icon, and the imports of fontTools and lxml)."""
    def drawn() -> str:
        path = PDFPathObject()
        pen = _path_pen(path)
        for operator, args in _outline(name):
            getattr(pen, operator)(*args)
        return path.getCode()

    return PATHS.value(name, PATH_CODE + name.encode() + b"\0" + (ICONS / f"{name}.svg").read_bytes(), drawn)


def _fill_outline(canvas: Canvas, name: str) -> None:
    """The icon's outline filled in the current colour, in grid coordinates (y downwards)."""
    canvas.drawPath(PDFPathObject([_path_code(name)]), stroke=0, fill=1, fillMode=FILL_NON_ZERO)


def icon_form(name: str) -> Definition:
    """The form of the icon `name`: its form name, box and drawing."""
    return f"icon-{name}", (0, 0, GRID, GRID), lambda c: _fill_outline(c, name)


def draw_icon(canvas: Canvas, name: str, cx: float, cy: float, size: float) -> None:
    """Fill the icon `name` in a square of `size` points centred on (cx, cy)."""
    form, box, draw = icon_form(name)
    define_once(canvas, form, box, draw)
    canvas.saveState()
    canvas.transform(size / GRID, 0, 0, -size / GRID, cx - size / 2, cy + size / 2)  # grid y runs downwards
    canvas.doForm(form)
    canvas.restoreState()
