"""Drawing fitted texts in their boxes: lines aligned left, centred or right, the block centred vertically on its
capitals; and the dot of the Turkish small-capital i."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..layouts.schemas import Box
from .textfit import FittedText, measure, runs
from .metrics import cap_height
from .units import MM


DOTTED_I_LANGS = frozenset({"tr", "az"})  # languages that tell i from ı by its dot


def baselines(fitted: FittedText, box: Box) -> list[float]:
    """Baselines (points) of the lines, the capitals of the block centred in the box."""
    n = len(fitted.lines)
    middle = (box.y + box.height / 2) * MM
    first = middle + (n - 1) * fitted.leading / 2 - cap_height(fitted.font) * fitted.size / 2
    return [first - i * fitted.leading for i in range(n)]


def draw_text(canvas: Canvas, fitted: FittedText, box: Box, align: str = "left", lang: str | None = None) -> None:
    """Draw the lines of `fitted` in `box` (millimetres, current origin) in the current fill colour."""
    dot = _missing_dot(fitted.font) if lang in DOTTED_I_LANGS else None
    for line, y in zip(fitted.lines, baselines(fitted, box)):
        width = measure(line, fitted.font, fitted.figures, fitted.size)
        x = {"left": box.x * MM, "center": (box.x + box.width / 2) * MM - width / 2,
             "right": box.right * MM - width}[align]
        text = canvas.beginText(x, y)
        for piece, font in runs(line, fitted.font, fitted.figures):
            text.setFont(font, fitted.size)
            text.textOut(piece)
        canvas.drawText(text)
        if dot:
            _dot_is(canvas, line, fitted, x, y, dot)


@lru_cache(maxsize=None)
def _missing_dot(font: str) -> tuple[float, float] | None:
    """None when the font's i has its dot. Otherwise (Cinzel sets lowercase as small capitals, its i without a
    dot): the dot of its İ scaled to the small capitals, as (diameter, centre height) in fractions of the size."""
    pil = ImageFont.truetype(pdfmetrics.getFont(font).face.filename, 1000)
    small, dotless = (-pil.getbbox(c, anchor="ls")[1] for c in ("i", "\u0131"))
    if small > dotless + 50:
        return None
    cap = -pil.getbbox("I", anchor="ls")[1]
    image = Image.new("L", (1400, 1400), 0)
    ImageDraw.Draw(image).text((200, 1200), "\u0130", font=pil, fill=255, anchor="ls")
    _, top, _, bottom = image.crop((0, 0, 1400, 1200 - cap - 10)).getbbox()
    scale = small / cap
    diameter = (bottom - top) * scale / 1000
    gap = (1200 - cap - bottom) * scale / 1000
    return diameter, small / 1000 + gap + diameter / 2


def _dot_is(canvas: Canvas, line: str, fitted: FittedText, x: float, y: float, dot: tuple[float, float]) -> None:
    """Draw the dot over each i of the line (the text itself is unchanged, so it still reads and copies as "i")."""
    diameter, height = dot
    half = stringWidth("i", fitted.font, fitted.size) / 2
    for index, char in enumerate(line):
        if char == "i":
            cx = x + measure(line[:index], fitted.font, fitted.figures, fitted.size) + half
            canvas.circle(cx, y + height * fitted.size, diameter * fitted.size / 2, stroke=0, fill=1)
