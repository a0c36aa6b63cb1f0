"""Subset tags named by their content: the six capital letters before the '+' of an embedded font's name (PDF 1.7,
9.6.4) derived from a hash of the font and its glyph set, so that different subsets never share a tag (a print shop
merging several PDFs into one job keeps every glyph) and the same subset always gets the same one.

ReportLab names every subset of a TrueType font by its index (AAAAAA+, AAAAAB+, …) while TTFont.addObjects embeds
them; pnp.adapters.reportlab_fonts.subset_names gives them these names for the duration of the call (and
compressed_font_files takes their font files from pnp.typeset.subset_files, kept across runs)."""
from __future__ import annotations

import hashlib
from functools import partial
from typing import Sequence

from reportlab.pdfbase import ttfonts

from ..adapters.reportlab_fonts import compressed_font_files, split_known, subset_names, widths_at_once
from .subset_files import compressed_subset

TAG_LETTERS = 6


def subset_tag(face_name: bytes, codes: Sequence[int]) -> bytes:
    """Six capital letters from the SHA-256 of the font's name and the code points of the subset, in code order."""
    digest = hashlib.sha256(face_name + b":" + ",".join(map(str, codes)).encode()).digest()
    return bytes(ord("A") + byte % 26 for byte in digest[:TAG_LETTERS])


class TaggedTTFont(ttfonts.TTFont):
    """A TrueType font whose embedded subsets are tagged by subset_tag, their font files kept across runs
    (compressed_subset); `source` is a hash of its file's bytes (pnp.typeset.fonts sets it). A text whose characters
    all have their codes in the document already is encoded without ReportLab's loop (split_known)."""

    source: bytes

    @property
    def ascent(self) -> int:
        """The face's ascent, where ReportLab's getAscentDescent looks first (a plain TTFont has none: it looks again
        in the face after an AttributeError, in every line that platypus breaks)."""
        return self.face.ascent

    @property
    def descent(self) -> int:
        return self.face.descent

    def splitString(self, text, doc, encoding="utf-8"):
        known = split_known(self, text, doc)
        return super().splitString(text, doc, encoding) if known is None else known

    def addObjects(self, doc) -> None:
        state = self.state.get(doc)
        tags = [subset_tag(self.face.name, subset) for subset in (state.subsets if state else ())]
        files = partial(compressed_subset, self.source, tuple(sorted(getattr(self.face, "rewrites", ()))))
        with subset_names(tags), compressed_font_files(self.face, doc, files), widths_at_once(self, doc):
            super().addObjects(doc)
