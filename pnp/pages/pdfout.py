"""Deterministic PDF canvases in memory (pnp.kit.write writes them out, all or nothing)."""
from __future__ import annotations

from io import BytesIO

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from ..typeset.fonts import FONT_NAMES

CREATOR = "Ancient Duel print-and-play kit (pnp)"
# Streams are Flate-compressed binary; ReportLab's default ASCII85 wrapping on top only makes them 25 % larger.
rl_config.useA85 = 0


def new_canvas(buffer: BytesIO, pagesize: tuple[float, float], title: str, lang: str) -> Canvas:
    """A canvas whose output depends only on what is drawn (invariant: no dates, no random ids)."""
    # Pages start in a bundled font once the fonts are registered: ReportLab's default initial font, Helvetica,
    # would otherwise be listed in every PDF as a font that is not embedded.
    body = FONT_NAMES["body"]
    initial = {"initialFontName": body} if body in pdfmetrics.getRegisteredFontNames() else {}
    canvas = Canvas(buffer, pagesize=pagesize, invariant=1, pageCompression=1, lang=lang, **initial)
    canvas.setTitle(title)
    canvas.setAuthor("Ancient Duel")
    canvas.setCreator(CREATOR)
    canvas.setSubject(f"Ancient Duel print-and-play ({lang})")
    return canvas
