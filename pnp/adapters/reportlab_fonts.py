"""ReportLab 5.1 font internals pnp relies on, each behind one function (tests/test_adapters.py checks them against
the installed ReportLab):

- the tables of a TrueType font's embedded subsets (`TTFontFace.get_table`, read by `makeSubset`): the parsed
  face's class is swapped for a subclass that rewrites tables on the way out;
- the names of the embedded subsets (`ttfonts.SUBSETN`, which `TTFont.addObjects` calls per subset index);
- the font file of an embedded subset (`TTFontFace.makeSubset`, called by `TTFontFace.addSubsetObjects`, which
  returns a reference to the subset's font descriptor, whose `FontFile2` refers to the file's PDFStream), compressed
  by pnp instead of when the PDF is written (`PDFStream.format` applies no filter to a stream whose dictionary names
  one already; `rl_config.useA85` adds another);
- a parsed face as plain data and back (`TTFontFile.extractInfo`'s attributes, the face `TTFont.__init__` makes),
  so that pnp.typeset.fonts keeps its parsed metrics across runs instead of parsing the file in every process, the
  attributes only `makeSubset` and shaping read unpacked when first read;
- the font objects `TTFont.addObjects` adds to a document (`PDFDocument.idToObject["BasicFonts"]`, under the
  subsets' internal names) and their widths (`PDFTrueTypeFont.Widths`, a PDFArray of numbers), to format each
  array in one call of ReportLab's number format (`fp_str`) instead of one call per number;
- the codes a document's subsets of a font give its characters (`TTFont.state`, a `TTFont.State` per document:
  `assignments`, character -> subset and code), to encode a text whose characters all have one in the first subset
  without `TTFont.splitString`'s loop (`split_known`).
"""
from __future__ import annotations

import marshal
import weakref
from contextlib import contextmanager
from itertools import islice
from typing import Any, Callable, Iterator, Mapping, Sequence

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc, ttfonts


# the attributes of a parsed face that only making a subset (makeSubset: glyph offsets, horizontal metrics) and
# text shaping (glyphToChar) read: a face made of its stored state unpacks them when first read (9 ms a process for
# the nine fonts; a run whose subsets are all kept across runs never reads them)
SUBSETTING = ("glyphToChar", "hmetrics", "glyphPos")


class _Face(ttfonts.TTFontFace):
    """A parsed font face as pnp uses it: its tables pass through `rewrites` (tag -> function) when a subset is
    made, and a face made of its stored state (`font_from_state`) holds the SUBSETTING attributes as the bytes
    `_later` until one of them is read."""

    rewrites: Mapping[str, Callable[[bytes], bytes]] = {}

    def get_table(self, tag):
        table = super().get_table(tag)
        rewrite = self.rewrites.get(tag)
        return rewrite(table) if rewrite else table

    def __getattr__(self, name):  # only for an attribute the face lacks
        later = vars(self).pop("_later", None) if name in SUBSETTING else None
        if later is None:
            raise AttributeError(name)
        vars(self).update(marshal.loads(later))
        if name not in vars(self):
            raise AttributeError(name)
        return vars(self)[name]


def rewrite_subset_tables(font: ttfonts.TTFont, rewrites: Mapping[str, Callable[[bytes], bytes]]) -> None:
    """Make every subset `font` embeds carry its tables rewritten by `rewrites` (table tag -> bytes -> bytes)."""
    font.face.__class__ = _Face
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


@contextmanager
def compressed_font_files(face: ttfonts.TTFontFace, doc: pdfdoc.PDFDocument,
                          compressed: Callable[[tuple[int, ...], Callable[[], bytes]], tuple[int, bytes]]
                          ) -> Iterator[None]:
    """While in the block, the font file of each subset that `face` embeds in `doc` is taken from
    `compressed(codes, make)`, which must give the length of make()'s bytes and `zlib.compress(make())`, make() being
    ReportLab's subset of the code points `codes`: the PDF holds it as ReportLab would have compressed it when
    writing, and its length (Length1) as ReportLab sets it. ReportLab's own where `doc` is not compressed or wraps
    its streams in ASCII85."""
    if not doc.compression or rl_config.useA85:
        yield
        return

    def add_subset_objects(doc: pdfdoc.PDFDocument, fontname: str, subset: list[int]) -> pdfdoc.PDFObjectReference:
        length, packed = compressed(tuple(subset), lambda: type(face).makeSubset(face, subset))
        face.makeSubset = lambda subset: packed  # its length is set below
        try:
            descriptor = type(face).addSubsetObjects(face, doc, fontname, subset)
        finally:
            del face.makeSubset
        stream = doc.idToObject[doc.idToObject[descriptor.name]["FontFile2"].name]
        stream.dictionary["Length1"] = length
        stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(pdfdoc.PDFZCompress.pdfname)])
        return descriptor

    face.addSubsetObjects = add_subset_objects
    try:
        yield
    finally:
        del face.addSubsetObjects


class _Numbers(pdfdoc.PDFArray):
    """A PDFArray of numbers written as PDFArray writes it, its numbers formatted by one fp_str call instead of one
    call each (fp_str raises and clears a TypeError inside rl_accel for every lone number)."""

    def format(self, document, IND=b"\n "):
        if (self.multiline and rl_config.pdfMultiLine) or self.multiline == "forced":
            return super().format(document, IND)
        numbers = fp_str(self.sequence).encode("ascii").split(b" ") if self.sequence else []
        for i in reversed(range(10, len(numbers), 10)):  # PDFArray breaks a line before every tenth
            numbers.insert(i, b"\n ")
        return b"[ " + b" ".join(numbers) + b" ]"


@contextmanager
def widths_at_once(font: ttfonts.TTFont, doc: pdfdoc.PDFDocument) -> Iterator[None]:
    """Around `font.addObjects(doc)`: the widths of each font object it adds (one per subset, 2400 numbers in the
    PDFs of a German build) are formatted in one call (`_Numbers`), to the same bytes."""
    state = font.state.get(doc)
    names = [font.getSubsetInternalName(n, doc)[1:] for n in range(len(state.subsets) if state else 0)]
    yield
    fonts = doc.idToObject["BasicFonts"].dict
    for name in names:
        widths = fonts[name].Widths
        if type(widths) is pdfdoc.PDFArray and all(type(n) in (int, float) for n in widths.sequence):
            fonts[name].Widths = _Numbers(widths.sequence)


NBSP = 0xA0  # splitString gives a no-break space the code of a space


class _Known:
    """The characters of a font that have a code in the first subset of one document's (`doc`, a weak reference)
    subsets, as a set (`chars`) and as a translation to those codes (`codes`), made from the first `count` of the
    state's assignments (which only grow, each character's code fixed once given)."""

    def __init__(self, doc: weakref.ref, state: ttfonts.TTFont.State):
        self.doc, self.state, self.count = doc, state, 0
        self.chars: set[str] = set()
        self.codes: dict[int, str] = {}

    def update(self) -> None:
        for code, assigned in islice(self.state.assignments.items(), self.count, None):
            if assigned < 256:
                for char in (code, NBSP) if code == 32 else (code,):
                    self.chars.add(chr(char))
                    self.codes[char] = chr(assigned)
        self.count = len(self.state.assignments)


def split_known(font: ttfonts.TTFont, text: str, doc: pdfdoc.PDFDocument) -> list[tuple[int, bytes]] | None:
    """`font.splitString(text, doc)` where every character of `text` has a code in the first subset of the font's
    subsets in `doc` already: [(0, the codes)], found by one translation instead of a dictionary look-up per
    character in Python (ten per cent of the Python a build runs); None for any other text, which ReportLab's
    splitString encodes (and gives new characters their codes). Remembers one document per font, the last asked."""
    known = font.__dict__.get("_pnp_known")
    if known is None or known.doc() is not doc:
        state = font.state.get(doc)
        if state is None:
            return None
        known = font._pnp_known = _Known(weakref.ref(doc), state)
    if known.count != len(known.state.assignments):
        known.update()
    if text.__class__ is not str or not known.chars.issuperset(text):
        return None
    return [(0, text.translate(known.codes).encode("latin-1"))] if text else []


def face_state(path: str) -> dict[str, Any]:
    """The face ReportLab parses from the font file `path` (cmap, widths, metrics, glyph offsets, table directory)
    as plain data (marshal: dicts, lists, numbers, strings, bytes), without the file's bytes and the scale
    function, the SUBSETTING attributes packed apart (`later`, their marshal bytes); `font_from_state` makes the
    same font of it. A ReportLab whose face holds anything else fails in marshal, and tests/test_adapters.py."""
    face = ttfonts.TTFontFace(path)
    names = {key: (bytes(value), value.ustr) for key, value in vars(face).items()
             if isinstance(value, ttfonts.TTFNameBytes)}
    plain = {key: value for key, value in vars(face).items()
             if key not in names and key not in ("_ttf_data", "_pdfScale", "filename")}
    later = {key: plain.pop(key) for key in SUBSETTING if key in plain}
    return {"attributes": plain, "names": names, "later": marshal.dumps(later)}


def font_from_state(cls: type[ttfonts.TTFont], name: str, path: str, data: bytes, state: Mapping[str, Any],
                    asciiReadable: bool) -> ttfonts.TTFont:
    """The font `cls(name, path, asciiReadable=...)` with the face of `face_state` and the file's bytes `data`,
    made by ReportLab's own TTFont.__init__ without parsing the file again; the SUBSETTING attributes are unpacked
    when first read."""
    face = _Face.__new__(_Face)
    vars(face).update(state["attributes"])
    face._later = state["later"]
    for key, (value, text) in state["names"].items():
        setattr(face, key, bytes.__new__(ttfonts.TTFNameBytes, value))
        getattr(face, key).ustr = text
    face.filename, face._ttf_data = path, data
    face._pdfScale = _scale(face.unitsPerEm)
    font = cls.__new__(cls)
    make_face = ttfonts.TTFontFace
    ttfonts.TTFontFace = lambda *args, **kwargs: face
    try:
        cls.__init__(font, name, path, asciiReadable=asciiReadable)
    finally:
        ttfonts.TTFontFace = make_face
    return font


def _scale(units_per_em: int) -> Callable[[float], float]:
    """extractInfo's conversion of font units to thousandths of an em."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor
