"""Vertical font metrics as fractions of the type size (multiply by a size in pt to get points)."""
from __future__ import annotations


from reportlab.pdfbase import pdfmetrics


def cap_height(font: str) -> float:
    """Height of the capitals of a registered font."""
    return pdfmetrics.getFont(font).face.capHeight / 1000


def descent(font: str) -> float:
    """How far (negative) the descenders of a registered font reach below the baseline."""
    return pdfmetrics.getFont(font).face.descent / 1000
