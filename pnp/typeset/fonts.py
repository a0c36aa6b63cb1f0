"""Bundled open-licence TrueType fonts (fonts/), registered with ReportLab under role names, and glyph coverage."""
from __future__ import annotations

import hashlib
import struct
from pathlib import Path
from typing import Mapping

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..i18n.languages import language
from ..core.input_files import read_input
from ..core.caches import memo
from ..core.disk_cache import DiskCache, source_digest
from ..adapters.reportlab_fonts import face_state, font_from_state, rewrite_subset_tables
from ..core.values import FONT_FILES
from .subset_tags import TaggedTTFont

FONT_NAMES = {role: f"AD-{role}" for role in FONT_FILES}
# the Cinzel roles: their 1 is a Roman I, so their digits are printed in a figure font (the text faces, EB Garamond
# PnP, have lining figures of their own)
TITLE_FACES = ("title", "brand")
LICENCE_TEXT = 13  # name ID of a font's licence description (the full licence text, in some fonts)
# fonts whose licence asks for its notice in every copy, subsets embedded in a PDF included (Bitstream Vera / DejaVu)
NOTICE_IN_EVERY_COPY = ("DejaVu",)


def _without_licence_text(table: bytes) -> bytes:
    """The font's 'name' table without its licence description records, as fontTools would compile it (records in
    the order of the spec, each distinct string stored once; tests/test_kit_fonts.py compares the two) — read
    with struct: importing fontTools' table modules takes longer (40 ms) than embedding the fonts of a PDF."""
    _, count, start = struct.unpack_from(">3H", table)
    strings = table[start:]
    records = []
    for index in range(count):
        *key, length, offset = struct.unpack_from(">6H", table, 6 + 12 * index)
        if key[3] != LICENCE_TEXT and offset + length <= len(strings):
            records.append((tuple(key), strings[offset:offset + length]))
    records.sort(key=lambda record: record[0])  # (platform, encoding, language, name id); stable, as fontTools'
    placed: dict[bytes, tuple[int, int]] = {}
    storage = bytearray()
    packed = []
    for key, string in records:
        if string not in placed:
            placed[string] = (len(string), len(storage))
            storage += string
        packed.append(struct.pack(">6H", *key, *placed[string]))
    return struct.pack(">3H", 0, len(records), 6 + 12 * len(records)) + b"".join(packed) + bytes(storage)


def _embedded_font(name: str, path: Path) -> TTFont:
    """The font `path` registered as `name`: subsets hold only the characters printed (ReportLab's default keeps all
    of ASCII in the first subset), tagged by their content (TaggedTTFont) and, unless its licence asks for it in
    every copy, no licence text: the subsets carry the font's names, copyright and licence URL but not the
    licence's full text, up to 15 kB of each embedded font (EB Garamond 12). The licences are beside the fonts in
    fonts/; an OFL font embedded in a document need not repeat them (SIL OFL FAQ). DejaVu's Bitstream Vera licence
    asks for its notice in all copies, so its subsets keep it (NOTICE_IN_EVERY_COPY). The face ReportLab parses
    from the file is kept across runs (FACES): parsing the nine fonts is about 28 ms in every process."""
    data = read_input(path, "font")
    source = hashlib.sha256(data).digest()
    state = FACES.value(path.name, PARSING_CODE + source, lambda: face_state(str(path)))
    font = font_from_state(TaggedTTFont, name, str(path), data, state, asciiReadable=False)
    font.source = source
    if not path.name.startswith(NOTICE_IN_EVERY_COPY):
        rewrite_subset_tables(font, {"name": _without_licence_text})
    return font


FACES = DiskCache("fonts", "each font file's face as ReportLab parses it (metrics, character map, glyph widths and "
                  "offsets), without the file's bytes", "the file's bytes, ReportLab's version and the source of pnp's "
                  "face adapter", "pnp.typeset.fonts.FACES")
PARSING_CODE = source_digest("pnp.adapters.reportlab_fonts") + reportlab.Version.encode()


@memo("the fonts registered with ReportLab (once), by role", "fonts folder")
def register_fonts(fonts_dir: Path) -> dict[str, str]:
    """Register every role once; returns role -> ReportLab font name."""
    for role, file in FONT_FILES.items():
        name = FONT_NAMES[role]
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(_embedded_font(name, fonts_dir / file))
    for regular in (FONT_NAMES["body"], FONT_NAMES["tabular"]):
        pdfmetrics.registerFontFamily(regular, normal=regular, bold=FONT_NAMES["bold"], italic=FONT_NAMES["italic"],
                                      boldItalic=FONT_NAMES["bold"])
    return dict(FONT_NAMES)


def fonts_for(fonts: Mapping[str, str], lang: str | None) -> dict[str, str]:
    """The role -> font mapping for text in `lang`: Turkish titles in the Turkish Cinzel (i → İ, ı → I as small
    capitals). Text that is not in the language (the game's title) has the role "brand", the original Cinzel."""
    localized = dict(fonts)
    if language(lang).turkic:  # the title text needs the Turkish small capitals (the dot of i kept, ı as I)
        localized["title"] = fonts["title-tr"]
    return localized


def font_source(name: str) -> bytes:
    """A hash of the file of the registered font `name`: what its measurements depend on, with ReportLab's version
    (texts fitted in it are kept across runs by it, pnp.typeset.kept_fits)."""
    return pdfmetrics.getFont(name).source


def missing_glyphs(text: str, font_name: str) -> str:
    """The characters of `text` that the registered font `font_name` has no glyph for (spaces aside)."""
    absent = set(map(ord, set(text))).difference(pdfmetrics.getFont(font_name).face.charToGlyph)  # looked up in C
    return "".join(sorted(ch for ch in map(chr, absent) if not ch.isspace()))
