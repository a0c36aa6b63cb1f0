"""ReportLab 5.1 font internals pnp relies on, each behind one function (tests/test_adapters.py checks them against
the installed ReportLab):

- the tables of a TrueType font's embedded subsets (`TTFontFace.get_table`, read by `makeSubset`): the parsed
  face's class is swapped for a subclass that rewrites tables on the way out;
- the names of the embedded subsets (`ttfonts.SUBSETN`, which `TTFont.addObjects` calls per subset index).
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator, Mapping, Sequence

from reportlab.pdfbase import ttfonts


class _RewritingFace(ttfonts.TTFontFace):
    """A parsed font face whose tables pass through `rewrites` (tag -> function) when a subset is made."""

    rewrites: Mapping[str, Callable[[bytes], bytes]] = {}

    def get_table(self, tag):
        table = super().get_table(tag)
        rewrite = self.rewrites.get(tag)
        return rewrite(table) if rewrite else table


def rewrite_subset_tables(font: ttfonts.TTFont, rewrites: Mapping[str, Callable[[bytes], bytes]]) -> None:
    """Make every subset `font` embeds carry its tables rewritten by `rewrites` (table tag -> bytes -> bytes)."""
    font.face.__class__ = _RewritingFace
    font.face.rewrites = dict(rewrites)


@contextmanager
def subset_names(names: Sequence[bytes]) -> Iterator[None]:
    """While in the block, the subset of index i that a TrueType font embeds is named names[i] (the six letters
    before the '+'), instead of ReportLab's AAAAAA, AAAAAB, …"""
    index_name = ttfonts.SUBSETN
    ttfonts.SUBSETN = names.__getitem__
    try:
        yield
    finally:
        ttfonts.SUBSETN = index_name
