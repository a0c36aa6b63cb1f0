"""How full the printed pages of the rule books are, measured on the PDFs: each page (or each half of a booklet's
sheet side, in reading order) rendered with pypdfium2, the lowest ink inside the text frame found."""
from __future__ import annotations

import hashlib
from io import BytesIO

import pypdfium2 as pdfium
from PIL import Image

from pnp.rulebook.booklet import booklet_order
from pnp.rulebook.layout import Page
from pnp.core.units import MM
from session_cache import shared_value

DPI = 30
INK = 200  # a grey level below this is ink (the paper and the light tints are above)


def _frame_fill(image: Image.Image, page: Page, scale: float) -> float:
    """The share of the text frame's height from its top down to the lowest ink in it (0 for an empty page)."""
    margins = page.format.margins
    top, bottom = round(margins.top * MM * scale), image.height - round(margins.bottom * MM * scale)
    ink = image.crop((0, top, image.width, bottom)).point(lambda grey: 255 if grey < INK else 0).getbbox()
    return 0.0 if ink is None else ink[3] / (bottom - top)


def page_fills(pdf: bytes, page: Page, booklet: bool = False) -> list[tuple[float, str]]:
    """The fill of each page in reading order, with the text inside its frame (a booklet's pages taken from its
    sheet sides, padding included)."""
    scale = DPI / 72
    document = pdfium.PdfDocument(BytesIO(pdf))
    sides = [side.render(scale=scale, grayscale=True).to_pil().convert("L") for side in document]
    frame = page.format.margins.bottom * MM, page.height - page.format.margins.top * MM  # from the bottom, pt
    if not booklet:
        return [(_frame_fill(image, page, scale), _text(side, 0, side.get_width(), frame))
                for image, side in zip(sides, document)]
    width, height = round(page.width * scale), round(page.height * scale)
    halves: dict[int, tuple[float, str]] = {}
    for image, side, numbers in zip(sides, document, booklet_order(2 * len(sides))):
        top, lift = (image.height - height) // 2, (side.get_height() - page.height) / 2
        for index, number in enumerate(numbers):
            fill = _frame_fill(image.crop((index * width, top, (index + 1) * width, top + height)), page, scale)
            text = _text(side, index * page.width, (index + 1) * page.width, (frame[0] + lift, frame[1] + lift))
            halves[number] = fill, text
    return [halves[number] for number in sorted(halves)]


def _text(side, left: float, right: float, frame: tuple[float, float]) -> str:
    """The text printed inside the frame (bottom, top in pt) between `left` and `right` on a sheet side."""
    return side.get_textpage().get_text_bounded(left=left, bottom=frame[0], right=right, top=frame[1])


def shared_page_fills(pdf: bytes, page: Page, booklet: bool = False) -> list[tuple[float, str]]:
    """`page_fills`, measured once per PDF, page format and session for every worker (several tests and modules
    read the same books' fills)."""
    what = ("page fills", hashlib.sha256(pdf).hexdigest(), repr(page), booklet)
    return shared_value(what, lambda: page_fills(pdf, page, booklet))
