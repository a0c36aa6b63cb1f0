"""Every PDF of a built kit embeds every font it uses: no standard-14 font (Helvetica) sneaks in; the embedded
fonts' name table is the one fontTools would compile."""
from __future__ import annotations

import struct

import pypdf
import pytest

from session_cache import built_kit


@pytest.fixture(scope="module")
def kit(runner, tmp_path_factory):
    out = built_kit(tmp_path_factory, runner, tmp_path_factory.mktemp("kit"), ("tr",), "--booklet")
    return sorted(out.rglob("*.pdf"))


def fonts_of(path) -> dict[str, bool]:
    """BaseFont name -> embedded, over all pages (and their forms)."""
    found = {}

    def visit(resources):
        resources = resources.get_object() if resources is not None else {}
        for font in resources.get("/Font", {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            embedded = descriptor is not None and any(k in descriptor.get_object()
                                                      for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found[str(font["/BaseFont"])] = embedded
        for xobject in resources.get("/XObject", {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                visit(xobject.get("/Resources"))

    for page in pypdf.PdfReader(path).pages:
        visit(page.get("/Resources"))
    return found


def test_every_font_of_every_pdf_is_embedded(kit):
    names = {p.name for p in kit}
    assert {"rulebook.pdf", "rulebook-booklet.pdf", "scoresheet.pdf", "tokens.pdf", "rome.pdf"} <= names
    for path in kit:
        fonts = fonts_of(path)
        assert fonts, path
        assert all(fonts.values()), f"{path}: not embedded: {[n for n, e in fonts.items() if not e]}"


def test_the_name_table_without_licence_text_is_what_fonttools_compiles():
    """The embedded fonts' name table is rewritten with struct; fontTools, reading and compiling the same table
    without the licence description, gives the same bytes, for every bundled font."""
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.tables._n_a_m_e import table__n_a_m_e
    from pnp.project import Project
    from pnp.typeset.fonts import FONT_FILES, LICENCE_TEXT, _without_licence_text
    def records_reversed(table: bytes) -> bytes:  # the same records in the opposite order, strings unchanged
        _, count, start = struct.unpack_from(">3H", table)
        return table[:6] + b"".join(table[6 + 12 * i:18 + 12 * i] for i in reversed(range(count))) + table[start:]

    for file in sorted(set(FONT_FILES.values())):
        bundled = TTFont(Project().fonts / file).reader["name"]
        for table in (bundled, records_reversed(bundled)):
            names = table__n_a_m_e()
            names.decompile(table, None)
            assert any(record.nameID == LICENCE_TEXT for record in names.names), file
            names.names = [record for record in names.names if record.nameID != LICENCE_TEXT]
            assert _without_licence_text(table) == names.compile(None), file
