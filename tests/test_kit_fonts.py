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
    from pnp.core.values import FONT_FILES
    from pnp.typeset.fonts import LICENCE_TEXT, _without_licence_text
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



def embedded_subsets(path) -> list[tuple[str, str, bytes]]:
    """(subset tag, font name, embedded font program) of every font object of a PDF."""
    import pikepdf
    found = []
    with pikepdf.open(path) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font" and "/FontDescriptor" in obj:
                tag, _, name = str(obj.BaseFont)[1:].partition("+")
                found.append((tag, name, obj.FontDescriptor.FontFile2.read_bytes()))
    return found


def test_subset_tags_name_the_glyph_set(kit):
    """Across every PDF of the kit, a tag always names the same subset and a subset always has the same tag."""
    by_tag, by_subset = {}, {}
    for path in kit:
        for tag, name, program in embedded_subsets(path):
            assert len(tag) == 6 and tag.isalpha() and tag.isupper(), (path, tag)
            by_tag.setdefault(tag, set()).add((name, program))
            by_subset.setdefault((name, program), set()).add(tag)
    assert all(len(subsets) == 1 for subsets in by_tag.values())
    assert all(len(tags) == 1 for tags in by_subset.values())
    assert len(by_tag) > 20  # a tag for every distinct subset, not one for all


def test_reportlab_names_subsets_through_the_adapter():
    """A ReportLab upgrade that stops naming subsets through ttfonts.SUBSETN (the adapter's hook) fails here."""
    from io import BytesIO
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen.canvas import Canvas
    from pnp.project import Project
    from pnp.typeset.fonts import register_fonts
    from pnp.typeset.subset_tags import subset_tag
    font = register_fonts(Project().fonts)["body"]
    buffer = BytesIO()
    canvas = Canvas(buffer, invariant=1)
    canvas.setFont(font, 10)
    canvas.drawString(10, 10, "cab")
    ttf = pdfmetrics.getFont(font)
    (codes,) = [list(subset) for subset in ttf.state[canvas._doc].subsets]
    assert codes[1:4] == [ord(c) for c in "cab"]  # the codes in the order the text used them
    canvas.save()
    (tag, name, _), = embedded_subsets(BytesIO(buffer.getvalue()))
    assert (tag, name) == (subset_tag(ttf.face.name, codes).decode(), ttf.face.name.decode())


def test_a_kept_subset_file_is_the_stream_reportlab_would_write(tmp_path, monkeypatch):
    """compressed_subset gives a subset's font file compressed as ReportLab compresses a stream (PDFZCompress),
    made and then read from the cache folder."""
    from reportlab.pdfbase.pdfdoc import PDFZCompress

    from pnp.typeset.subset_files import compressed_subset
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("PNP_NO_CACHE", raising=False)
    program = bytes(range(256)) * 40
    made = []
    for _ in range(2):
        assert compressed_subset(b"font", ("name",), (0, 65, 66), lambda: made.append(1) or program) == (
            len(program), PDFZCompress.encode(program))
    assert made == [1]


def test_missing_glyphs_are_the_characters_a_font_lacks_but_spaces():
    """Each lacking character once, in code order; a space the font lacks (the ideographic space) is no problem."""
    from pnp.project import Project
    from pnp.typeset.fonts import FONT_NAMES, missing_glyphs, register_fonts

    register_fonts(Project().fonts)
    body = FONT_NAMES["body"]
    assert missing_glyphs("Łódź İzmir „Sparta“ \u00a0\u2009", body) == ""
    assert missing_glyphs("\u4e00 Rome \u3000\U0001f600\u4e00\u05d0\u0531", body) == "\u0531\u05d0\u4e00\U0001f600"


def test_a_pnp_font_tells_its_ascent_and_descent_as_its_face():
    """pnp's fonts answer `ascent` and `descent` themselves, with their face's, as platypus's getAscentDescent asks
    a font first (a plain TTFont has neither: it asks the face after an AttributeError)."""
    from reportlab.pdfbase import pdfmetrics
    from pnp.project import Project
    from pnp.typeset.fonts import register_fonts

    for name in register_fonts(Project().fonts).values():
        font = pdfmetrics.getFont(name)
        assert (font.ascent, font.descent) == (font.face.ascent, font.face.descent)
        assert pdfmetrics.getAscentDescent(name, 10) == (font.face.ascent * 0.01, font.face.descent * 0.01)
