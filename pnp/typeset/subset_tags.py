"""Subset tags named by their content: the six capital letters before the '+' of an embedded font's name (PDF 1.7,
9.6.4) derived from a hash of the font and its glyph set, so that different subsets never share a tag (a print shop
merging several PDFs into one job keeps every glyph) and the same subset always gets the same one.

ReportLab 4–5 names every subset of a TrueType font by its index (`ttfonts.SUBSETN(n)`: AAAAAA+, AAAAAB+, …) while
TTFont.addObjects embeds them; this adapter swaps that one name function for the duration of the call
(tests/test_kit_fonts.py fails if an upgrade stops reading it)."""
from __future__ import annotations

import hashlib
from typing import Sequence

from reportlab.pdfbase import ttfonts

TAG_LETTERS = 6


def subset_tag(face_name: bytes, codes: Sequence[int]) -> bytes:
    """Six capital letters from the SHA-256 of the font's name and the code points of the subset, in code order."""
    digest = hashlib.sha256(face_name + b":" + ",".join(map(str, codes)).encode()).digest()
    return bytes(ord("A") + byte % 26 for byte in digest[:TAG_LETTERS])


class TaggedTTFont(ttfonts.TTFont):
    """A TrueType font whose embedded subsets are tagged by subset_tag."""

    def addObjects(self, doc) -> None:
        state = self.state.get(doc)
        tags = [subset_tag(self.face.name, subset) for subset in (state.subsets if state else ())]
        index_name = ttfonts.SUBSETN
        ttfonts.SUBSETN = tags.__getitem__
        try:
            super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = index_name
