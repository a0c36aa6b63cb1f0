"""Each adapter of pnp/adapters/ against the installed library: a ReportLab or pyphen version whose internals no
longer work as the adapter expects fails here (pyproject.toml pins the minor versions these tests run)."""
from __future__ import annotations

import dataclasses
import inspect
import marshal
import os
import re
import sys
import zlib
from io import BytesIO
from pathlib import Path

import pyphen
import pytest
import reportlab
from hypothesis import example, given, settings, strategies as st
from reportlab import rl_config
from reportlab.lib.colors import CMYKColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas
from reportlab.platypus import Frame, KeepTogether, Paragraph, Spacer, Table
from reportlab.platypus.tableofcontents import TableOfContents

from pnp.adapters import (dataclass_methods, hyperglot_data, pyphen_internals, reportlab_canvas as rc, reportlab_fonts,
                          reportlab_platypus as rp)
from pnp.core import disk_cache

# fonts pnp does not register (ReportLab maps a second font of an already registered face to the first): one each
VERA = Path(reportlab.__file__).parent / "fonts"


def _pdf_with(font: TTFont, text: str) -> bytes:
    pdfmetrics.registerFont(font)
    buffer = BytesIO()
    canvas = Canvas(buffer, invariant=1)
    canvas.setFont(font.fontName, 10)
    canvas.drawString(10, 10, text)
    canvas.save()
    return buffer.getvalue()


def test_rewritten_tables_are_the_ones_embedded():
    """rewrite_subset_tables: ReportLab reads a subset's tables through the face's get_table."""
    font = TTFont("AdapterProbe-Rewrite", str(VERA / "VeraBd.ttf"), asciiReadable=False)
    seen = []
    reportlab_fonts.rewrite_subset_tables(font, {"name": lambda table: seen.append(table) or table})
    _pdf_with(font, "abc")
    assert len(seen) == 1 and seen[0][:2] == b"\x00\x00"  # the 'name' table (format 0), read once, rewritten


def test_subsets_take_the_names_given():
    """subset_names: TTFont.addObjects names each subset by ttfonts.SUBSETN(index)."""
    font = TTFont("AdapterProbe-Names", str(VERA / "VeraIt.ttf"), asciiReadable=False)
    pdfmetrics.registerFont(font)
    buffer = BytesIO()
    canvas = Canvas(buffer, invariant=1)
    canvas.setFont(font.fontName, 10)
    canvas.drawString(10, 10, "abc")
    with reportlab_fonts.subset_names([b"QWERTY"]):
        canvas.save()
    assert re.findall(rb"/BaseFont /(\w+)\+", buffer.getvalue()) == [b"QWERTY"]


@pytest.mark.parametrize("compression, a85", [(1, 0), (0, 0), (1, 1)])
def test_font_files_compressed_beforehand_are_written_as_reportlab_writes_them(monkeypatch, compression, a85):
    """compressed_font_files: TTFontFace.addSubsetObjects makes each subset's font file by makeSubset and refers to
    it from the font descriptor it returns (FontFile2); a stream whose dictionary names its filter is not filtered
    again; the same PDF (a subset of every character of a font) as ReportLab's own, which it is where the PDF is not
    compressed or ASCII85-wraps its streams (rl_config.useA85)."""
    monkeypatch.setattr(rl_config, "useA85", a85)
    asked = []

    def compressed(codes, make):
        data = make()
        asked.append(codes)
        return len(data), zlib.compress(data)

    class Beforehand(TTFont):
        compressed = None  # ReportLab's own font files

        def addObjects(self, doc):
            if self.compressed is None:
                return super().addObjects(doc)
            with reportlab_fonts.compressed_font_files(self.face, doc, self.compressed):
                super().addObjects(doc)

    def pdf(font: TTFont) -> bytes:
        buffer = BytesIO()
        canvas = Canvas(buffer, invariant=1, pageCompression=compression)
        canvas.setFont(font.fontName, 10)
        canvas.drawString(10, 10, "".join(map(chr, range(0x20, 0x17f))))
        canvas.save()
        return buffer.getvalue()

    font = Beforehand(f"AdapterProbe-Beforehand-{compression}-{a85}", str(VERA / "VeraIt.ttf"))
    font.face.name = font.fontName.encode()  # a face of its own (ReportLab maps a face registered before to its font)
    pdfmetrics.registerFont(font)
    plain = pdf(font)
    font.compressed = compressed
    assert pdf(font) == plain
    assert len(asked) == (1 if compression and not a85 else 0)


def test_a_font_made_from_its_stored_face_is_the_font_parsed():
    """face_state / font_from_state: the face's attributes, through marshal (the disk cache's format), make a font
    with the parsed face's every attribute, that embeds the same bytes in a PDF."""
    import marshal
    path = str(VERA / "VeraBI.ttf")
    parsed = TTFont("AdapterProbe-Parsed", path, asciiReadable=False)
    state = marshal.loads(marshal.dumps(reportlab_fonts.face_state(path)))
    stored = reportlab_fonts.font_from_state(TTFont, "AdapterProbe-Stored", path, open(path, "rb").read(), state,
                                             asciiReadable=False)
    assert isinstance(stored.face, type(parsed.face)) and vars(stored).keys() == vars(parsed).keys()
    assert stored.face._pdfScale(1000) == parsed.face._pdfScale(1000) != 1000  # 2048 units per em
    same = lambda face: {key: (value, getattr(value, "ustr", None)) for key, value in vars(face).items()  # noqa: E731
                         if key != "_pdfScale"}
    # what only a subset (or shaping) reads stays packed until one of it is read, then all of it is the parsed face's
    later = set(reportlab_fonts.SUBSETTING)
    assert later <= vars(parsed.face).keys() and not later & vars(stored.face).keys()
    assert stored.face.hmetrics == parsed.face.hmetrics and "_later" not in vars(stored.face)
    assert same(stored.face) == same(parsed.face)
    assert not hasattr(stored.face, "notAnAttribute")
    text = "Vera Sans àé"
    assert _pdf_with(stored, text).replace(b"Stored", b"Parsed") == _pdf_with(parsed, text)


class _KnownFirst(TTFont):
    def splitString(self, text, doc, encoding="utf-8"):
        known = reportlab_fonts.split_known(self, text, doc)
        return super().splitString(text, doc, encoding) if known is None else known


# Latin (Polish and Turkish letters among them), a no-break space, Greek and Cyrillic (more than one subset of 256
# codes in all), and characters DejaVu Sans lacks (ReportLab gives them code 0 without assigning it)
_SPLIT_ALPHABET = ("abcdefgh \u00a0-–„“" + "".join(map(chr, range(0x100, 0x180)))
                   + "".join(map(chr, range(0x391, 0x3CA))) + "".join(map(chr, range(0x410, 0x450)))
                   + "\u4e00\U0001f600")


@settings(max_examples=60, deadline=None)
@example([[_SPLIT_ALPHABET[:-2], "abc" + _SPLIT_ALPHABET[-62:-2]]], False)  # a second subset begun
@example([["a b", "a\u00a0b"]], True)
@given(st.lists(st.lists(st.text(alphabet=_SPLIT_ALPHABET, max_size=40), max_size=12), min_size=1, max_size=3),
       st.booleans())
def test_a_text_of_known_characters_is_split_as_reportlab_splits_it(documents, ascii_readable):
    """split_known gives what TTFont.splitString gives, text after text in one document after another (a font
    remembers the last), and leaves the font's codes as ReportLab's loop leaves them: a font that asks it first
    against one that does not, both ascii-readable or not, texts of characters seen before, new, outside the first
    subset, or missing from the font."""
    path = str(Path(__file__).resolve().parent.parent / "fonts" / "DejaVuSans.ttf")
    known = _KnownFirst("AdapterProbe-Known", path, asciiReadable=ascii_readable)
    plain = TTFont("AdapterProbe-Plain", path, asciiReadable=ascii_readable)
    for texts in documents:
        doc_known, doc_plain = pdfdoc.PDFDocument(), pdfdoc.PDFDocument()
        for text in texts + texts:  # the second time round every character has its code
            assert known.splitString(text, doc_known) == plain.splitString(text, doc_plain)
        assert getattr(known.state.get(doc_known), "assignments", None) == \
            getattr(plain.state.get(doc_plain), "assignments", None)


def test_known_characters_are_split_without_reportlabs_loop(monkeypatch):
    """Once the characters of a text have their codes, splitting it again does not run TTFont.splitString."""
    font = _KnownFirst("AdapterProbe-Loop", str(Path(__file__).resolve().parent.parent / "fonts" / "DejaVuSans.ttf"))
    doc = pdfdoc.PDFDocument()
    first = font.splitString("Łódź, İzmir", doc)
    monkeypatch.setattr(TTFont, "splitString", lambda *args: pytest.fail("ReportLab's loop ran"))
    assert font.splitString("Łódź, İzmir", doc) == first and font.splitString("mir, dzi", doc)[0][0] == 0


NUMBERS = st.one_of(st.integers(-10 ** 6, 10 ** 6), st.floats(-1e6, 1e6, allow_nan=False),
                    st.sampled_from([0, 0.5, 1e-8, -1e-7, 1234.56789, 600, 0.1 + 0.2]))


@given(st.lists(NUMBERS, max_size=35), st.booleans())
@example([], False)
@example(list(range(20)), False)
@example([0.5] * 31, False)
def test_numbers_formatted_at_once_are_what_pdfarray_writes(numbers, multiline):
    """_Numbers: an array of numbers in one fp_str call is the bytes PDFArray writes, one number at a time: the same
    numbers, a line broken before every tenth, or one per line where ReportLab's settings ask."""
    document = pdfdoc.PDFDocument(invariant=1)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rl_config, "pdfMultiLine", multiline)
        assert reportlab_fonts._Numbers(numbers).format(document) == pdfdoc.PDFArray(numbers).format(document)


def test_a_fonts_widths_formatted_at_once_are_written_as_reportlab_writes_them():
    """widths_at_once: the font objects TTFont.addObjects adds (PDFDocument.idToObject["BasicFonts"], under the
    subsets' internal names) get their widths (PDFTrueTypeFont.Widths) formatted at once (_Numbers), two subsets'
    worth, to the bytes ReportLab writes. (The font is not registered: ReportLab would map it to a font of the same
    face that another test registered.)"""
    from contextlib import nullcontext
    font = TTFont("AdapterProbe-Widths", str(VERA / "VeraBI.ttf"), asciiReadable=False)
    text = "".join(chr(code) for code in sorted(font.face.charToGlyph) if code > 32)  # 282: two subsets
    written = []
    for at_once in (False, True):
        doc = pdfdoc.PDFDocument(invariant=1)
        font.splitString(text, doc)
        with reportlab_fonts.widths_at_once(font, doc) if at_once else nullcontext():
            font.addObjects(doc)
        fonts = doc.idToObject["BasicFonts"].dict
        written.append([(type(fonts[name].Widths).__name__, fonts[name].Widths.format(doc)) for name in sorted(fonts)])
    plain, formatted = written
    assert [widths for _, widths in formatted] == [widths for _, widths in plain]
    assert [kind for kind, _ in plain] == ["PDFArray"] * 2 and [kind for kind, _ in formatted] == ["_Numbers"] * 2


def test_the_text_cursor_is_where_the_paragraph_has_set_its_text():
    """text_cursor: platypus keeps the paragraph's text position in Canvas._curr_tx_info for <onDraw> callbacks."""
    seen = []
    buffer = BytesIO()
    canvas = Canvas(buffer)
    canvas.setNamedCB("probe", lambda canvas, kind, label: seen.append(rc.text_cursor(canvas)))
    style = ParagraphStyle("probe", fontName="Helvetica", fontSize=10, leading=12)
    paragraph = Paragraph('Hello<onDraw name="probe" label="x"/>', style)
    paragraph.wrapOn(canvas, 200, 100)
    paragraph.drawOn(canvas, 0, 0)
    assert seen and seen[0][0] == pytest.approx(stringWidth("Hello", "Helvetica", 10))


def test_page_size_and_counted_pages():
    """page_size and count_page: Canvas._pagesize and Canvas._pageNumber."""
    canvas = Canvas(BytesIO(), pagesize=(100, 200))
    assert rc.page_size(canvas) == (100, 200)
    rc.count_page(canvas)
    assert canvas.getPageNumber() == 2


def test_operators_taken_from_one_canvas_draw_the_same_on_another():
    """drawn_marks, drawn_since, draw_again: Canvas._code and _formsinuse hold the current page's operators and
    form uses (a form defined meanwhile keeps its own), and PDFDocument._pdfVersion the version a colour's opacity
    asks for."""
    def page(canvas: Canvas) -> None:
        canvas.setFillColor(CMYKColor(0, 0.5, 1, 0))
        canvas.beginForm("dot")
        canvas.circle(5, 5, 4, stroke=0, fill=1)
        canvas.endForm()
        canvas.doForm("dot")

    pdfs = []
    for again in (False, True):
        buffer = BytesIO()
        canvas = Canvas(buffer, pagesize=(10, 10), invariant=1)
        if again:
            canvas.beginForm("dot")
            canvas.circle(5, 5, 4, stroke=0, fill=1)
            canvas.endForm()
            rc.draw_again(canvas, taken)
        else:
            marks = rc.drawn_marks(canvas)
            page(canvas)
            taken = rc.drawn_since(canvas, marks)
        canvas.save()
        pdfs.append(buffer.getvalue())
    assert taken[1] == ("dot",) and taken[2] == (1, 4)
    assert pdfs[0] == pdfs[1] and pdfs[0].startswith(b"%PDF-1.4")


def test_a_form_ended_by_the_adapter_is_the_form_reportlab_ends():
    """end_form: the form's operators (Canvas._code after Canvas._preamble), its name (Canvas._formData) and the
    form object the document holds (PDFDocument.idToObject) as endForm leaves them; the same bytes for ASCII
    operators (text in a TrueType font, escaped) and for others (a literal comment outside ASCII); ASCII codes 24-31,
    which PDFDocEncoding gives other characters, fail to encode as in ReportLab."""
    pdfmetrics.registerFont(TTFont("VeraForm", str(VERA / "Vera.ttf")))

    def pdf(end, literal: str) -> bytes:
        buffer = BytesIO()
        canvas = Canvas(buffer, pagesize=(100, 40), invariant=1)
        canvas.setFillColor(CMYKColor(0, 0.5, 1, 0))
        canvas.beginForm("card", 0, 0, 100, 40)
        canvas.setFont("VeraForm", 10)
        canvas.drawString(5, 20, "Größe (1) \\ çë")
        canvas.addLiteral(literal)
        end(canvas)
        canvas.doForm("card")
        canvas.save()
        return buffer.getvalue()

    for literal in ("% plain", "% ünïcode"):
        assert pdf(rc.end_form, literal) == pdf(Canvas.endForm, literal)
    for literal in ("% \x18 cancel", "% \x1f unit"):  # ASCII codes that PDFDocEncoding does not have: refused alike
        for end in (rc.end_form, Canvas.endForm):
            with pytest.raises(UnicodeEncodeError):
                pdf(end, literal)


@pytest.mark.parametrize("compression, a85, used", [(1, 0, 0), (1, 0, 1), (1, 0, 7), (0, 0, 7), (1, 1, 7)])
def test_forms_are_written_as_reportlab_writes_them(monkeypatch, compression, a85, used):
    """end_form's form object (_FlateForm): the attributes endForm leaves on the PDFFormXObject (its box, stream,
    compression and the forms it uses, PDFFormXObject.XObjects) written to the bytes ReportLab's format gives them,
    a form using none, one and seven others (ReportLab breaks a dictionary's line every six entries); ReportLab's
    format where the stream is not compressed or is ASCII85-wrapped (rl_config.useA85)."""
    monkeypatch.setattr(rl_config, "useA85", a85)

    def pdf(end) -> bytes:
        buffer = BytesIO()
        canvas = Canvas(buffer, pagesize=(100, 40), invariant=1, pageCompression=compression)
        for n in range(used):
            canvas.beginForm(f"part-{n}", 0, 0, 10, 10)
            canvas.rect(n, 0, 5, 5)
            end(canvas)
        canvas.beginForm("card", -1.5, -1.5, 101.5, 41.5)
        canvas.circle(20, 20, 10)
        for n in range(used):
            canvas.doForm(f"part-{n}")
        end(canvas)
        canvas.doForm("card")
        canvas.save()
        return buffer.getvalue()

    assert pdf(rc.end_form) == pdf(Canvas.endForm)


@pytest.mark.parametrize("clip, turn", [(((10, 20.5, 30.25, 40),), None),
                                         (((10, 20, 30, 40), (5.5, 1, 2, 3.125), (0, 0, 1e-3, 99.99)),
                                          (0, 1, -1, 0, 61.5, 20))])
@pytest.mark.parametrize("fill_mode", [FILL_EVEN_ODD, FILL_NON_ZERO])
def test_a_form_drawn_in_a_frame_is_what_reportlabs_calls_draw(clip, turn, fill_mode):
    """form_frame and draw_framed: the operators of saveState, a clip path of rectangles (in the canvas's fill mode,
    Canvas._fillMode), transform, saveState, translate, doForm and two restoreStates as ReportLab writes them
    (fp_str), added to the page (Canvas._code) with the form's use (Canvas._formsinuse); the canvas's state after
    them as the calls leave it (the translation and colour drawn next)."""
    def pdf(framed: bool) -> bytes:
        buffer = BytesIO()
        canvas = Canvas(buffer, pagesize=(100, 100), invariant=1)
        canvas._fillMode = fill_mode
        canvas.beginForm("card", 0, 0, 20, 30)
        canvas.rect(1, 1, 18, 28, stroke=1, fill=0)
        canvas.endForm()
        canvas.setFillColor(CMYKColor(0, 0.5, 1, 0))
        for x in (7.25, 33):
            if framed:
                rc.draw_framed(canvas, rc.form_frame(canvas, clip, turn, x, 2.5), "card")
            else:
                canvas.saveState()
                path = canvas.beginPath()
                for rect in clip:
                    path.rect(*rect)
                canvas.clipPath(path, stroke=0, fill=0)
                if turn:
                    canvas.transform(*turn)
                canvas.saveState()
                canvas.translate(x, 2.5)
                canvas.doForm("card")
                canvas.restoreState()
                canvas.restoreState()
        canvas.translate(1, 2)
        canvas.rect(0, 0, 5, 5, stroke=0, fill=1)
        canvas.save()
        return buffer.getvalue()

    assert pdf(framed=True) == pdf(framed=False)


def test_a_form_ended_by_the_adapter_is_compressed_by_the_function_given(monkeypatch):
    """end_form's `compress`: the form's stream (its operators, as ReportLab would compress them) is compressed by
    the function given, and the PDF is ReportLab's where it gives zlib's bytes; with streams not ASCII85-wrapped, as
    pnp writes its PDFs (pnp.pages.pdfout sets rl_config.useA85 when imported, which this test does not rely on)."""
    monkeypatch.setattr(rl_config, "useA85", 0)
    asked = []

    def pdf(end) -> bytes:
        buffer = BytesIO()
        canvas = Canvas(buffer, pagesize=(100, 40), invariant=1)
        canvas.beginForm("card", 0, 0, 100, 40)
        canvas.circle(20, 20, 10)
        end(canvas)
        canvas.doForm("card")
        canvas.save()
        return buffer.getvalue()

    kept = pdf(lambda canvas: rc.end_form(canvas, lambda data: asked.append(data) or zlib.compress(data)))
    assert kept == pdf(Canvas.endForm) and len(asked) == 1 and zlib.compress(asked[0]) in kept
    assert asked[0].endswith(b" c\nS")  # the circle's path, stroked


@pytest.mark.parametrize("compression, a85", [(1, 0), (0, 0), (1, 1)])
def test_pages_given_their_streams_beforehand_are_written_as_reportlab_writes_them(monkeypatch, compression, a85):
    """compress_pages: every page shown, and the one being drawn when the canvas is saved, compressed by the function
    given (its text, as ReportLab's Flate filter would compress it) to the PDF ReportLab writes where the function
    gives zlib's bytes, a blank page among them; ReportLab's streams where pages are not compressed or are ASCII85-
    wrapped (rl_config.useA85), and no page's stream asked for."""
    monkeypatch.setattr(rl_config, "useA85", a85)
    asked = []

    def pdf(before_save) -> bytes:
        buffer = BytesIO()
        canvas = Canvas(buffer, pagesize=(100, 40), invariant=1, pageCompression=compression)
        for text in ("Zeichnen", ""):  # the second page left blank
            canvas.drawString(10, 10, text)
            canvas.showPage()
        canvas.drawString(10, 10, "Ölçmek")  # a page not yet shown
        before_save(canvas)
        canvas.save()
        return buffer.getvalue()

    kept = pdf(lambda canvas: rc.compress_pages(canvas, lambda data: asked.append(data) or zlib.compress(data)))
    assert kept == pdf(lambda canvas: None)
    if compression and not a85:
        assert len(asked) == 3 and all(zlib.compress(stream) in kept for stream in asked)
        assert b"(Zeichnen) Tj" in asked[0] and b"(Zeichnen)" not in asked[1] + asked[2]
    else:
        assert asked == []


def test_wrapped_lines_change_when_a_paragraph_is_broken_anew():
    """wrapped_lines: Paragraph.blPara, set by wrap, replaced by the next wrap."""
    paragraph = Paragraph("one two three four five six", ParagraphStyle("probe", fontName="Helvetica", fontSize=10))
    assert rp.wrapped_lines(paragraph) is None
    paragraph.wrap(40, 100)
    first = rp.wrapped_lines(paragraph)
    assert first is not None and len(first.lines) > 1
    paragraph.wrap(400, 100)
    assert rp.wrapped_lines(paragraph) is not first and len(rp.wrapped_lines(paragraph).lines) == 1


@pytest.mark.parametrize("text", ["Verteidigungspositionen der Einheiten", "Verteidigungspositionen <b>der</b> Einheiten"])
def test_line_texts_are_the_lines_as_set_hyphens_added(text):
    """line_texts: the words of blPara's lines (kind 0: plain text) or their fragments' text (kind 1: markup)."""
    style = ParagraphStyle("probe", fontName="Helvetica", fontSize=10, hyphenationLang=lambda word: (
        [("Verteidigungs", "positionen")] if word == "Verteidigungspositionen" else []))
    paragraph = Paragraph(text, style)
    paragraph.wrap(80, 100)
    assert rp.line_texts(rp.wrapped_lines(paragraph)) == ["Verteidigungs-", "positionen der", "Einheiten"]


def test_a_frame_tells_how_much_of_it_is_used():
    """used_height: Frame._y1, _height and _y."""
    frame = Frame(0, 0, 100, 200, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    canvas = Canvas(BytesIO())
    assert rp.used_height(frame) == 0
    frame.add(Spacer(10, 50), canvas)
    assert rp.used_height(frame) == pytest.approx(0.25)


def test_a_quiet_frame_gives_what_is_generated_for_it_without_asking_getattr(monkeypatch):
    """QuietFrame: platypus takes what was generated for a frame (doctemplate._addGeneratedContent, once) and finds
    nothing when nothing was, without Frame.__getattr__ (which raises AttributeError for it); a ReportLab that keeps
    the generated flowables under another name asks __getattr__ for it and fails here."""
    from reportlab.platypus import PageBreak
    from reportlab.platypus.doctemplate import _addGeneratedContent
    asked = []
    ask = Frame.__getattr__
    monkeypatch.setattr(Frame, "__getattr__", lambda frame, name: asked.append(name) or ask(frame, name))
    frame, placed = rp.QuietFrame(0, 0, 100, 100), [Spacer(1, 1)]
    _addGeneratedContent(placed, frame)
    assert len(placed) == 1
    frame.add_generated_content(PageBreak())
    _addGeneratedContent(placed, frame)
    _addGeneratedContent(placed, frame)
    assert [type(f).__name__ for f in placed] == ["PageBreak", "Spacer"] and asked == []
    _addGeneratedContent(placed, Frame(0, 0, 100, 100))
    assert asked == ["_generated_content"]  # what a plain Frame asks


def test_a_keep_together_holds_its_flowables():
    """kept_together: KeepTogether._content."""
    inner = [Spacer(1, 1), Spacer(2, 2)]
    assert rp.kept_together(KeepTogether(inner)) == inner


def test_a_table_tells_its_row_heights_after_wrap():
    """row_heights: Table._rowHeights."""
    table = Table([["one"], ["two\nlines"]], rowHeights=(12, 30))
    table.wrapOn(Canvas(BytesIO()), 100, 100)
    assert rp.row_heights(table) == [12, 30]


def test_a_table_of_contents_draws_the_table_it_is_given():
    """set_contents_table: TableOfContents.split and drawOn use TableOfContents._table."""
    contents, table = TableOfContents(), Table([["entry"]])
    rp.set_contents_table(contents, table)
    table.wrapOn(Canvas(BytesIO()), 100, 100)
    contents.canv = Canvas(BytesIO())
    assert contents.split(100, 100) == table.splitOn(contents.canv, 100, 100)


def test_provided_patterns_are_the_ones_pyphen_uses(tmp_path):
    """provide_lazy_patterns: pyphen looks up a file's parsed patterns in pyphen.hdcache, and its HyphDict reads
    them with patterns.get, cache and maxlen: the lazily parsed German dictionary finds pyphen's own positions."""
    german = pyphen.LANGUAGES[pyphen.language_fallback("de_DE")]
    path = tmp_path / "hyph_de_probe.dic"
    path.write_bytes(open(german, "rb").read())
    pyphen_internals.provide_lazy_patterns(path, pyphen_internals.pattern_lines(path.read_bytes()))
    lazy = pyphen.Pyphen(filename=path).hd
    eager = pyphen.HyphDict(german)  # pyphen's own reading, kept out of its cache (pnp's German reads lazily)
    assert lazy is pyphen.hdcache[path] and type(lazy.patterns) is not dict  # ours, not parsed afresh
    for word in ("verteidigung", "kavallerieeinheit", "schlachtfeld", "streitwagen"):
        assert lazy.positions(word) == eager.positions(word) != [], word


class _Planted:
    """A pickle that makes a folder when it is read: what a crafted .hyperglot-cache could do."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return os.mkdir, (str(self.marker),)


def test_hyperglot_reads_no_language_cache_file_while_pnp_asks_it(tmp_path, monkeypatch):
    """hyperglot unpickles `LANGUAGE_CACHE_FILE` (.hyperglot-cache in the current folder) when it loads its language
    cache; inside without_cache_file it reads none, and outside it reads the planted one (so a hyperglot that
    renames the name fails here)."""
    import pickle
    import hyperglot.language
    monkeypatch.chdir(tmp_path)
    marker = tmp_path / "ran"
    (tmp_path / ".hyperglot-cache").write_bytes(pickle.dumps(_Planted(marker)))
    monkeypatch.setattr(hyperglot.language, "LANGUAGE_CACHE", {})
    with hyperglot_data.without_cache_file():
        hyperglot.language._load_language_cache()
    assert not marker.exists() and hyperglot.language.LANGUAGE_CACHE == {}
    assert hyperglot.language.LANGUAGE_CACHE_FILE == ".hyperglot-cache"
    hyperglot.language._load_language_cache()
    assert marker.exists()


def test_hyperglot_writes_no_cache_file_and_parses_its_yaml_with_libyaml_while_pnp_asks_it(tmp_path, monkeypatch,
                                                                                          caplog):
    """Inside without_cache_file a language parsed afresh leaves no file in the current folder and logs nothing but
    errors (hyperglot's failed write is a warning per language), its YAML is parsed by PyYAML's libyaml loader (so a
    hyperglot that stops reading through `yaml.Loader` fails here), and its data is what hyperglot's own reading
    gives; after the block, hyperglot's names are its own again."""
    import logging
    import hyperglot.language
    import hyperglot.loader
    import yaml

    class Counting(yaml.CLoader):
        made = 0

        def __init__(self, stream):
            type(self).made += 1
            super().__init__(stream)

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(yaml, "CLoader", Counting)
    monkeypatch.setattr(hyperglot.language, "LANGUAGE_CACHE", {})
    monkeypatch.setattr(hyperglot.loader, "CACHE", {})
    caplog.set_level(logging.DEBUG)
    level = logging.getLogger(hyperglot_data.CACHE_LOGGER).level
    with hyperglot_data.without_cache_file():
        asked = dict(hyperglot.language.Language("fra"))
    assert Counting.made > 0 and list(tmp_path.iterdir()) == []
    assert not [record for record in caplog.records if record.levelno >= logging.WARNING]
    assert (hyperglot.language.LANGUAGE_CACHE_FILE, yaml.Loader) == (".hyperglot-cache", yaml.loader.Loader)
    assert logging.getLogger(hyperglot_data.CACHE_LOGGER).level == level
    monkeypatch.setattr(hyperglot.language, "LANGUAGE_CACHE", {})
    monkeypatch.setattr(hyperglot.loader, "CACHE", {})
    made = Counting.made
    assert dict(hyperglot.language.Language("fra")) == asked and Counting.made == made  # hyperglot's own reading
    assert "orthographies" in asked and [path.name for path in tmp_path.iterdir()] == [".hyperglot-cache"]


@pytest.mark.parametrize("text", ["Angriff", "  Die Kavallerie\n greift   an: 2 Schaden > 1 ", "Zażółć gęślą jaźń", "", " "])
@pytest.mark.parametrize("style", [ParagraphStyle("probe", fontName="Helvetica", fontSize=9, leading=11),
                                   ParagraphStyle("bullet", fontName="Times-Bold", fontSize=12, bulletFontName="Symbol",
                                                  textColor=CMYKColor(0, 1, 0, 0), textTransform="uppercase")])
def test_a_text_without_markup_is_parsed_as_the_paragraph_parser_parses_it(text, style):
    """parsed_plain: ParaParser's handlers fed a text as its HTML tokenizer feeds a text without tags or entities
    make the text, style and fragments (every attribute, in order) of Paragraph(text, style), each text's its own
    (another text parsed in the style after it changes none of them); a text with markup is left to the parser."""
    text_, style_, frags = rp.parsed_plain(text, style)
    rp.parsed_plain("Zweiter Text", style)
    paragraph = Paragraph(text, style)
    assert (text_, style_) == (paragraph.text, paragraph.style)
    assert [vars(frag) for frag in frags] == [vars(frag) for frag in paragraph.frags]
    assert [list(vars(frag)) for frag in frags] == [list(vars(frag)) for frag in paragraph.frags]
    assert [type(frag) for frag in frags] == [type(frag) for frag in paragraph.frags]
    assert rp.parsed_plain(f"<b>{text}</b>", style) is None and rp.parsed_plain(f"{text} &amp; 2", style) is None


@pytest.mark.parametrize("word", ["2", "—", "8+", "Exemplare", "Größe"])
@pytest.mark.parametrize("widths", [(64.504, 64.50400000000002), (43.1952, 43.195200000000014), (40, 90.5)])
def test_a_one_word_paragraph_set_at_another_width_is_what_a_new_wrap_sets(word, widths):
    """set_one_word_at: Paragraph.blPara of one line of one word (kind 0) set for another width is the lines a wrap
    at that width breaks it into (every attribute: the room the word leaves), and draws the same bytes."""
    from reportlab.lib.enums import TA_CENTER
    style = ParagraphStyle("centred", fontName="Helvetica", fontSize=8, leading=10, alignment=TA_CENTER)
    measured, drawn = widths
    moved, fresh = Paragraph(word, style), Paragraph(word, style)
    moved.wrap(measured, 100)
    assert rp.set_one_word_at(moved, drawn)
    fresh.wrap(drawn, 100)
    assert vars(rp.wrapped_lines(moved)) == vars(rp.wrapped_lines(fresh)) and moved.width == fresh.width
    pdfs = []
    for paragraph in (moved, fresh):
        buffer = BytesIO()
        canvas = Canvas(buffer, invariant=1)
        paragraph.drawOn(canvas, 10, 10)
        canvas.save()
        pdfs.append(buffer.getvalue())
    assert pdfs[0] == pdfs[1]


@pytest.mark.parametrize("text, bullet", [("two words", None), ("Ver\xadteidigung", None), ("2<b>x</b>", None),
                                          ("2", "•"), ("Verteidigungspositionen", None)])
def test_only_a_line_of_one_plain_word_is_set_at_another_width(text, bullet):
    """set_one_word_at leaves a paragraph of two words, a soft hyphen, markup (kind 1), a bullet, or a word wider
    than the new width to a new wrap."""
    paragraph = Paragraph(text, ParagraphStyle("probe", fontName="Helvetica", fontSize=10), bulletText=bullet)
    paragraph.wrap(200, 100)
    lines = rp.wrapped_lines(paragraph)
    assert not rp.set_one_word_at(paragraph, 40 if text == "Verteidigungspositionen" else 200.000000001)
    assert rp.wrapped_lines(paragraph) is lines


def _every_attribute(lines) -> dict:
    """The attributes of what Paragraph.breakLines returns (kind 0), in their order, each line's words with their
    classes."""
    return {**vars(lines), "lines": [(extra, [(type(word), word) for word in words]) for extra, words in lines.lines],
            "class": type(lines), "order": list(vars(lines))}


@pytest.mark.parametrize("lang", ["de", "pl", "tr"])
def test_lines_rebuilt_from_plain_data_are_those_reportlab_breaks(lang):
    """one_run_breaking, one_run_lines, rebuilt_lines: for every paragraph of one run of text in the language's
    books (pages and booklets, as pnp.rulebook.flowables.Text breaks them: the cards' hyphenation rules kept), the
    lines rebuilt from their plain data as stored (marshal) are every attribute of the lines ReportLab breaks, the
    words' classes too (hyphenated heads, the pieces of a split word), and leave the paragraph's attributes and the
    widths it was given as the breaking leaves them."""
    from rulebook_helpers import book_blocks, inputs
    from pnp.cards.layout import card_layout
    from pnp.project import Project
    from pnp.rulebook import anatomy_fronts, document_info, faction_styles
    from pnp.rulebook.books import BOOKS
    from pnp.rulebook.kept_lines import KeptLines
    from pnp.rulebook.layout import page_for, rulebook_layout
    from pnp.rulebook.render import BookPrint, render
    from pnp.typeset.fonts import register_fonts
    compared, classes = [], set()

    class Compared(KeptLines):
        """Each paragraph broken by ReportLab, then rebuilt from its lines' plain data, and the two compared."""

        def broken(self, paragraph, width, breaking):
            if rp.one_run_breaking(paragraph, width) is None:
                return breaking()
            before, widths = dict(vars(paragraph)), list(width)
            lines = breaking()
            after, widths_after = dict(vars(paragraph)), list(width)
            kept = rp.one_run_lines(paragraph, lines, width)
            vars(paragraph).clear()
            vars(paragraph).update(before)
            width[:] = widths
            rebuilt = rp.rebuilt_lines(paragraph, marshal.loads(marshal.dumps(kept)), width)
            assert (_every_attribute(rebuilt), vars(paragraph), width) == (_every_attribute(lines), after,
                                                                           widths_after)
            compared.append(paragraph)
            classes.update(code for _, _, codes in kept[0] for code in codes)
            return lines

    loaded, project = inputs(), Project()
    layouts, fonts = project.layouts, register_fonts(project.fonts)
    anatomy = anatomy_fronts(loaded.cards, loaded.catalogs[lang], fonts, layouts)
    for book in BOOKS:
        for booklet in (False, True) if book.booklet else (False,):
            render(book_blocks(lang, "a4", book), BookPrint(
                page_for("a4", booklet, layouts), rulebook_layout(layouts), fonts, faction_styles(layouts),
                card_layout(layouts).card.small_text, document_info(loaded.catalogs[lang], book.name), anatomy,
                booklet, Compared("probe", lang)))
    assert len(compared) > 1000 and {"-", "y", "e"} <= classes  # hyphenated words among plain ones


def test_library_internals_appear_only_in_the_adapters():
    """Outside pnp/adapters/ no module reads a private name (`x._name`) that pnp does not define itself, assigns an
    attribute of an imported library module (but ReportLab's settings, and the standard streams, which Python
    documents as replaceable: pnp gives a closed standard error the null device), or swaps an object's class."""
    import ast
    root = Path(__file__).resolve().parent.parent / "pnp"
    trees = {path: ast.parse(path.read_text()) for path in root.rglob("*.py")}
    own = {node.name for tree in trees.values() for node in ast.walk(tree)
           if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    own |= {node.attr for tree in trees.values() for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name) and node.value.id == "self"}
    found = []
    for path, tree in trees.items():
        if "adapters" in path.parts:
            continue
        libraries = {alias.asname or alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                     for alias in node.names if not alias.name.startswith("pnp")}
        libraries |= {alias.asname or alias.name for node in ast.walk(tree)
                      if isinstance(node, ast.ImportFrom) and node.level == 0 and not node.module.startswith("pnp")
                      for alias in node.names}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute):
                continue
            where = f"{path.relative_to(root.parent)}:{node.lineno} {ast.unparse(node)}"
            if node.attr.startswith("_") and not node.attr.startswith("__") and node.attr not in own \
                    and not (isinstance(node.value, ast.Name) and node.value.id == "os" and node.attr == "_exit"):
                found.append(where)
            elif isinstance(node.ctx, ast.Store) and (node.attr == "__class__" or (
                    isinstance(node.value, ast.Name) and node.value.id in libraries - {"rl_config"})  # settings
                    and where.split(" ")[-1] not in ("sys.stdout", "sys.stderr")):
                found.append(where)
    assert found == []


def test_platypus_imported_with_its_patterns_compiled_on_first_use():
    """In a fresh process platypus_imported leaves ReportLab's `uri_pat` and textsplit's `rx` stand-ins, taken out of
    re's cache (a later compile of the same pattern is a real one), that hyphenating a paragraph (which matches every
    word it tries against `uri_pat`) leaves uncompiled; and the stand-ins match as ReportLab's own patterns do, the
    web-address one on words with and without "://" (a ReportLab that no longer compiles them at those lines, or a
    Python whose re no longer looks in its cache first, fails here)."""
    import subprocess
    import sys
    code = ("import re, sys; from pnp.adapters.reportlab_patterns import platypus_imported, stated, URI, CJK; "
            "platypus_imported(); from reportlab.platypus import paragraph; from reportlab.lib import textsplit; "
            "from reportlab.lib.styles import ParagraphStyle; "
            "p = paragraph.Paragraph('Verteidigungsstellungen Kavallerieangriffe Unterstützungseinheiten', "
            "ParagraphStyle('probe', fontName='Helvetica', fontSize=10, hyphenationLang='de_DE')); "
            "p.wrap(60, 500); hyphenated = any(str(w).endswith('-') for _, ws in p.blPara.lines for w in ws); "
            "print(type(paragraph.uri_pat).__name__, paragraph.uri_pat.compiled is None, "
            "type(textsplit.rx).__name__, textsplit.rx.compiled is None, hyphenated, "
            "type(re.compile(*stated(URI))).__name__, type(re.compile(*stated(CJK))).__name__)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["OnFirstUse", "True", "OnFirstUse", "True", "True", "Pattern", "Pattern"]
    from reportlab.lib import textsplit
    from reportlab.platypus import paragraph
    from pnp.adapters import reportlab_patterns as rp
    stand_in = rp.OnFirstUse(*rp.stated(rp.URI))
    for uri in ["Verteidigungsstellung", "kein Link", "a:/b", "example.com/x", "", "https://-bad-.com",
                "https://example.com/ancient-duel/regeln.pdf", "HTTP://Zażółć.pl:8080/a?b#c", "ftp://1.2.3.4/x",
                "https://localhost", "x://y"]:
        theirs, ours = paragraph.uri_pat.match(uri), stand_in.match(uri)
        assert (theirs and theirs.groups()) == (ours and ours.groups())
    assert stand_in.compiled.pattern == paragraph.uri_pat.pattern
    cjk = rp.OnFirstUse(*rp.stated(rp.CJK))
    text = "Zażółć 漢字かな and ＡＢＣ"
    assert cjk.sub(r"\1\0 ", text) == textsplit.rx.sub(r"\1\0 ", text) != text
    assert (cjk.compiled.pattern, cjk.compiled.flags) == (textsplit.rx.pattern, textsplit.rx.flags)


def _probe_class():
    """A dataclass with every method dataclasses may make (order, frozen, a default, a factory, a return type)."""
    @dataclasses.dataclass(frozen=True, order=True)
    class Probe:
        count: int
        name: str = "x"
        parts: tuple = dataclasses.field(default_factory=tuple)
    return Probe


METHODS = ("__init__", "__repr__", "__eq__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__setattr__",
           "__delattr__")


def _kept_compiled(monkeypatch) -> tuple[type, dataclass_methods.MethodTable]:
    """The probe class made with dataclass_methods.keep_compiled given to a fresh dataclasses (its `exec` removed),
    and the table it used."""
    monkeypatch.delattr(dataclasses, "exec", raising=False)
    table = dataclass_methods.keep_compiled()
    made = _probe_class()
    monkeypatch.delattr(dataclasses, "exec")
    return made, table


def test_dataclass_methods_from_kept_code_are_those_python_compiles(tmp_path, monkeypatch):
    """keep_compiled: dataclasses compiles each method's source text by the name `exec` it finds in its globals; the
    methods made from the table kept across runs are code for code those of Python's own compilation, compiled
    once for the cold run and not at all for the warm one. A table that is damaged, not text -> code, or in a folder
    anyone may write to is not read."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv(disk_cache.OFF, raising=False)
    monkeypatch.delattr(dataclasses, "exec", raising=False)
    plain = _probe_class()

    def same_methods(made: type) -> bool:
        ours, theirs = ([inspect.unwrap(getattr(cls, name)) for name in METHODS] for cls in (made, plain))
        return all(a.__code__ == b.__code__ and a.__annotations__ == b.__annotations__ for a, b in zip(ours, theirs))

    cold, table = _kept_compiled(monkeypatch)
    texts = table.compiled
    assert same_methods(cold) and len(texts) == len(METHODS)
    table.store()
    entry, = (tmp_path / "pnp" / "dataclass-methods").iterdir()
    stored = entry.read_bytes()
    warm, table = _kept_compiled(monkeypatch)
    assert same_methods(warm) and table.compiled == []
    table.store()
    assert entry.read_bytes() == stored  # nothing compiled: not written

    for damaged in (lambda: entry.write_bytes(stored[:-7]),  # cut short
                    lambda: dataclass_methods.METHODS.put(dataclass_methods.SLOT, table.key, dict.fromkeys(texts, "pass")),  # not code
                    lambda: (entry.write_bytes(stored), entry.parent.chmod(0o777))):  # anyone may write to it
        damaged()
        made, table = _kept_compiled(monkeypatch)
        assert same_methods(made) and len(table.compiled) == len(METHODS)
    entry.parent.chmod(0o700)
    assert _kept_compiled(monkeypatch)[1].compiled == []


def test_the_program_keeps_the_methods_it_compiles_and_a_library_import_does_not(tmp_path):
    """`python -m pnp` (the `pnp` command's module) stores the table of the methods it compiled, and the next run
    reads it without writing; a program that imports pnp.cli has Python's own compilation and stores nothing."""
    import subprocess
    folder = tmp_path / "pnp" / "dataclass-methods"
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    env.pop(disk_cache.OFF, None)
    subprocess.run([sys.executable, "-c", "import pnp.cli"], env=env, check=True)
    assert not folder.exists()
    stamps = []
    for _ in range(2):
        subprocess.run([sys.executable, "-m", "pnp", "--version"], env=env, check=True, capture_output=True)
        stamps.append([(path.name, path.stat().st_ino, path.stat().st_mtime_ns) for path in folder.iterdir()])
    assert len(stamps[0]) == 1 and stamps[1] == stamps[0]


def test_the_program_loads_reportlab_without_shaping_to_the_same_pdfs():
    """`python -m pnp` (its module run first) loads ReportLab's ttfonts without uharfbuzz (ttfonts.uharfbuzz None: a
    ReportLab that finds it another way fails here), and anything else loads uharfbuzz as usual, after ReportLab
    or before it (hyperglot needs it); a paragraph of pnp's fonts and styles in German, Polish and Turkish is the
    same PDF with and without it."""
    import subprocess
    draw = ("import hashlib, io; from reportlab.platypus import SimpleDocTemplate, Paragraph; "
            "from reportlab.lib.styles import ParagraphStyle; from pnp.project import Project; "
            "from pnp.typeset.fonts import register_fonts; body = register_fonts(Project().fonts)['body']; "
            "out = io.BytesIO(); style = ParagraphStyle('probe', fontName=body, fontSize=9, leading=11, "
            "hyphenationLang='de_DE'); SimpleDocTemplate(out, invariant=1).build([Paragraph(t, style) for t in "
            "('Verteidigungsstellungen der Kavallerie: +1 ANG', 'Zażółć gęślą jaźń: +1 OBR, 3 PŻ', "
            "'Işık İzmir’e: +1 SAV, 2 CP')]); print(hashlib.sha256(out.getvalue()).hexdigest())")
    shaping = "import reportlab.pdfbase.ttfonts as t; print(t.uharfbuzz is not None)"

    def run(code: str) -> list[str]:
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()

    digest, shaped = run(f"{draw}; {shaping}")
    assert shaped == "True"
    assert run(f"import pnp.__main__; {draw}; {shaping}; import hyperglot.language, uharfbuzz; "
               "print(uharfbuzz.__name__)") == [digest, "False", "uharfbuzz"]
    assert run(f"import pnp.__main__, hyperglot.language; {shaping}") == ["True"]  # already loaded: left as it is


def test_the_program_adds_a_language_with_hyperglot(tmp_path):
    """`python -m pnp lang add` asks hyperglot, which loads uharfbuzz in a program that loads ReportLab without it."""
    import shutil
    import subprocess
    shutil.copytree(Path(__file__).resolve().parent.parent / "locales", tmp_path / "locales")
    run = subprocess.run([sys.executable, "-m", "pnp", "lang", "add", "fr", "--locales", str(tmp_path / "locales")],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "locales" / "fr").is_dir()
