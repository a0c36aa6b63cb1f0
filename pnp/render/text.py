"""Drawing fitted texts in their boxes: lines aligned left, centred or right; blocks centred on the capitals or
set from the top of the box."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..layout import Box
from ..textfit import MM, FittedText, measure, runs


@lru_cache(maxsize=None)
def cap_height(font: str) -> float:
    """Capital height as a fraction of the type size."""
    return pdfmetrics.getFont(font).face.capHeight / 1000


def baselines(fitted: FittedText, box: Box, valign: str) -> list[float]:
    """Baselines (points) of the lines: `center` centres the capitals of the block, `top` hangs it from the top."""
    n = len(fitted.lines)
    if valign == "top":
        first = box.top * MM - fitted.size * 0.8
    else:
        first = (box.y + box.height / 2) * MM + (n - 1) * fitted.leading / 2 - cap_height(fitted.font) * fitted.size / 2
    return [first - i * fitted.leading for i in range(n)]


def draw_text(canvas: Canvas, fitted: FittedText, box: Box, align: str = "left", valign: str = "center",
              dotted_i: bool = False) -> None:
    """Draw the lines of `fitted` in `box` (millimetres, current origin) in the current fill colour."""
    for line, y in zip(fitted.lines, baselines(fitted, box, valign)):
        width = measure(line, fitted.font, fitted.figures, fitted.size)
        x = {"left": box.x * MM, "center": (box.x + box.width / 2) * MM - width / 2,
             "right": box.right * MM - width}[align]
        text = canvas.beginText(x, y)
        for piece, font in runs(line, fitted.font, fitted.figures):
            text.setFont(font, fitted.size)
            text.textOut(piece)
        canvas.drawText(text)
        if dotted_i:
            _dot_is(canvas, line, fitted.font, fitted.size, x, y)


@lru_cache(maxsize=None)
def _small_cap_dot(font: str) -> tuple[float, float]:
    """For a font that sets lowercase as small capitals without a dot on i (Cinzel): the dot of its İ, scaled to
    the small capitals — (diameter, centre height) as fractions of the type size."""
    face = pdfmetrics.getFont(font).face
    pil = ImageFont.truetype(face.filename, 1000)
    cap = -pil.getbbox("I", anchor="ls")[1]
    small = -pil.getbbox("i", anchor="ls")[1]
    image = Image.new("L", (1400, 1400), 0)
    ImageDraw.Draw(image).text((200, 1200), "\u0130", font=pil, fill=255, anchor="ls")
    left, top, right, bottom = image.crop((0, 0, 1400, 1200 - cap - 10)).getbbox()
    scale = small / cap
    diameter = (bottom - top) * scale / 1000
    gap = (1200 - cap - bottom) * scale / 1000
    return diameter, small / 1000 + gap + diameter / 2


def _dot_is(canvas: Canvas, line: str, font: str, size: float, x: float, y: float) -> None:
    """Turkish tells i from ı by the dot: draw it over each small-capital i (the text itself is unchanged)."""
    if "i" not in line:
        return
    diameter, height = _small_cap_dot(font)
    half = stringWidth("i", font, size) / 2
    for index, char in enumerate(line):
        if char == "i":
            cx = x + stringWidth(line[:index], font, size) + half
            canvas.circle(cx, y + height * size, diameter * size / 2, stroke=0, fill=1)
