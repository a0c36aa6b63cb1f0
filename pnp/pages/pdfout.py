"""Deterministic PDF canvases in memory, their metadata in their own language (pnp.kit.write writes them out, all or
nothing)."""
from __future__ import annotations

import hashlib
import math
import re
import zlib
from contextlib import contextmanager
from dataclasses import dataclass
from io import BytesIO
from typing import Iterator

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from ..adapters.reportlab_canvas import page_size
from ..data.terms import N_
from ..i18n.catalogs import LanguageCatalog
from ..i18n.languages import DRAFT, language
from ..typeset.fonts import FONT_NAMES
from .forms import Compress, FlateCanvas, kept_streams

# the DRAFT mark of a draft language's pages: text size as a share of the page's diagonal, outline width as a share
# of the text size, colour (RGB: a draft is never sent to a print shop)
DRAFT_MARK_SIZE, DRAFT_MARK_STROKE, DRAFT_MARK_COLOUR = 0.12, 0.02, (0.85, 0.1, 0.1)
CREATOR = "Ancient Duel print-and-play kit (pnp)"
# Streams are Flate-compressed binary; ReportLab's default ASCII85 wrapping on top only makes them 25 % larger.
rl_config.useA85 = 0
AUTHOR = "Ancient Duel"
# TRANSLATORS: the subject of every PDF of the kit (shown in a PDF viewer's document properties).
SUBJECT = N_("pdf metadata", "Ancient Duel print-and-play kit")
# The trailer's /ID: two 16-byte strings, written by ReportLab as 32 hex digits each.
_TRAILER_ID = re.compile(rb"/ID\s*\[<([0-9a-fA-F]{32})><([0-9a-fA-F]{32})>\]")


@dataclass(frozen=True)
class DocumentInfo:
    """What a PDF says about itself, in its own language: title, subject and language (/Lang)."""

    title: str
    subject: str
    lang: str
    draft: bool = False  # a draft language's (locales/languages.toml): every page marked DRAFT


def document_info(catalog: LanguageCatalog, title: str) -> DocumentInfo:
    """The metadata of a PDF in the catalog's language; `title` is already in that language."""
    return DocumentInfo(title, catalog.pgettext(*SUBJECT), catalog.lang, language(catalog.lang).status == DRAFT)


def new_canvas(buffer: BytesIO, pagesize: tuple[float, float], info: DocumentInfo, compress: Compress = zlib.compress
               ) -> FlateCanvas:
    """A canvas whose output depends only on what is drawn (invariant: no dates, no random ids), its streams
    compressed by `compress` (pnp.pages.forms.kept_streams)."""
    # Pages start in a bundled font once the fonts are registered: ReportLab's default initial font, Helvetica,
    # would otherwise be listed in every PDF as a font that is not embedded.
    body = FONT_NAMES["body"]
    initial = {"initialFontName": body} if body in pdfmetrics.getRegisteredFontNames() else {}
    maker = DraftCanvas if info.draft else FlateCanvas
    canvas = maker(buffer, pagesize=pagesize, invariant=1, pageCompression=1, lang=info.lang, compress=compress,
                   **initial)
    canvas.setTitle(info.title)
    canvas.setAuthor(AUTHOR)
    canvas.setCreator(CREATOR)
    canvas.setSubject(info.subject)
    return canvas


def streams_slot(info: DocumentInfo, pagesize: tuple[float, float], more: str = "") -> str:
    """The slot of a PDF's table of compressed streams (pnp.pages.forms.kept_streams): its language, title and page
    size, and `more`, what else tells it apart from the kit's other PDFs (a deck's cards, a booklet)."""
    return f"{info.lang} {info.title} {pagesize[0]:g}×{pagesize[1]:g} pt {more}".rstrip()


@contextmanager
def kept_canvas(buffer: BytesIO, pagesize: tuple[float, float], info: DocumentInfo, more: str = ""
                ) -> Iterator[FlateCanvas]:
    """In the block, a `new_canvas` whose streams are compressed through the PDF's table (`streams_slot`); saved,
    and the table with it, when the block ends."""
    with kept_streams(streams_slot(info, pagesize, more)) as compress:
        canvas = new_canvas(buffer, pagesize, info, compress)
        yield canvas
        canvas.save()


def draw_draft_mark(canvas: Canvas, lang: str) -> None:
    """"DRAFT" and the language across the page, outlined in red so that the page stays readable beneath it."""
    width, height = page_size(canvas)
    size = math.hypot(width, height) * DRAFT_MARK_SIZE
    canvas.saveState()
    canvas.setStrokeColorRGB(*DRAFT_MARK_COLOUR)
    canvas.setLineWidth(size * DRAFT_MARK_STROKE)
    canvas.translate(width / 2, height / 2)
    canvas.rotate(math.degrees(math.atan2(height, width)))
    text = canvas.beginText()
    text.setTextRenderMode(1)  # outline only
    text.setFont(FONT_NAMES["sans-bold"], size)
    mark = f"DRAFT {lang}"
    text.setTextOrigin(-pdfmetrics.stringWidth(mark, FONT_NAMES["sans-bold"], size) / 2, -size / 3)
    text.textOut(mark)
    canvas.drawText(text)
    canvas.restoreState()


class DraftCanvas(FlateCanvas):
    """A canvas that marks every page it ends as a draft (`draw_draft_mark`)."""

    def __init__(self, *args, lang: str, **kwargs):
        super().__init__(*args, lang=lang, **kwargs)
        self.draft_lang = lang

    def showPage(self):
        draw_draft_mark(self, self.draft_lang)
        super().showPage()


def pdf_bytes(buffer: BytesIO) -> bytes:
    """The finished PDF in `buffer`, its document /ID the MD5 of the whole document's bytes (the /ID's own digits
    zeroed): ReportLab's invariant /ID digests only part of what is drawn, so that A4, Letter and pro builds of one
    deck would share it. The digits are replaced in place, keeping every byte offset."""
    data = buffer.getvalue()
    found = list(_TRAILER_ID.finditer(data))
    if not found:
        return data
    first, second = found[-1].span(1), found[-1].span(2)
    blank = b"0" * 32

    def with_id(digits: bytes) -> bytes:
        return data[:first[0]] + digits + data[first[1]:second[0]] + digits + data[second[1]:]

    return with_id(hashlib.md5(with_id(blank), usedforsecurity=False).hexdigest().encode())
