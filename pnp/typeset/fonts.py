"""Bundled open-licence TrueType fonts (fonts/), registered with ReportLab under role names, and glyph coverage."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

# role -> file in fonts/. Titles in Cinzel (Roman capitals), text in EB Garamond, figures and symbols (♚, →) in
# DejaVu Sans. All SIL OFL / Bitstream Vera licences, files beside the fonts.
FONT_FILES = {
    "title": "Cinzel.ttf",
    "body": "EBGaramond12-Regular.ttf",
    "italic": "EBGaramond12-Italic.ttf",
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
}
FONT_NAMES = {role: f"AD-{role}" for role in FONT_FILES}
TEXT_FACES = ("body", "italic")  # the EB Garamond roles, whose old-style digits are printed in a figure font


@lru_cache(maxsize=None)
def register_fonts(fonts_dir: Path) -> dict[str, str]:
    """Register every role once; returns role -> ReportLab font name."""
    for role, file in FONT_FILES.items():
        name = FONT_NAMES[role]
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(fonts_dir / file)))
    pdfmetrics.registerFontFamily(FONT_NAMES["body"], normal=FONT_NAMES["body"], bold=FONT_NAMES["sans-bold"],
                                  italic=FONT_NAMES["italic"], boldItalic=FONT_NAMES["sans-bold"])
    return dict(FONT_NAMES)


def missing_glyphs(text: str, font_name: str) -> str:
    """The characters of `text` that the registered font `font_name` has no glyph for (spaces aside)."""
    cmap = pdfmetrics.getFont(font_name).face.charToGlyph
    return "".join(sorted({ch for ch in text if not ch.isspace() and ord(ch) not in cmap}))
