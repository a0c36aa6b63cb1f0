"""The font files of the embedded font subsets kept across runs: a subset's TrueType file made of the glyphs of its
code points and Flate-compressed, as the PDF holds it (pnp.core.disk_cache), instead of subset and compressed in
every run (a German build's 54 subsets: 58 ms made, 13.5 ms read)."""
from __future__ import annotations

import hashlib
import zlib
from typing import Callable

import reportlab

from ..core.disk_cache import DiskCache, source_digest

SUBSET_FILES = DiskCache("font-subsets", "each embedded font subset's font file, Flate-compressed", "a hash of the "
                         "font file's bytes, the tables pnp rewrites, the subset's code points in order, ReportLab's "
                         "version and the source of pnp's font adapter and font loading", "pnp.typeset.subset_files."
                         "SUBSET_FILES")
SUBSETTING_CODE = source_digest("pnp.adapters.reportlab_fonts", "pnp.typeset.fonts") + reportlab.Version.encode()


def compressed_subset(source: bytes, rewritten: tuple[str, ...], codes: tuple[int, ...],
                      make: Callable[[], bytes]) -> tuple[int, bytes]:
    """The length of make()'s bytes, the font file of the subset `codes` of the font whose file hashes to `source`
    with the tables `rewritten` rewritten, and the file Flate-compressed (zlib's default level, as ReportLab
    compresses a stream), taken from the cache when a run made them before."""
    key = b"%s%s:%s:%s" % (SUBSETTING_CODE, source, ",".join(rewritten).encode(), ",".join(map(str, codes)).encode())
    return SUBSET_FILES.value(hashlib.sha256(key).hexdigest(), key, lambda: _length_and_compressed(make()))


def _length_and_compressed(data: bytes) -> tuple[int, bytes]:
    return len(data), zlib.compress(data)
