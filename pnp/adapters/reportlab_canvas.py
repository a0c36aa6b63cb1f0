"""ReportLab 5.1 canvas internals, each behind one function (tests/test_adapters.py checks them against the
installed ReportLab); apart from the platypus adapter so that a canvas user does not import platypus:

- the text cursor of a paragraph being drawn (`Canvas._curr_tx_info`, set by platypus for `<onDraw>` callbacks);
- a canvas's page size and page number (`Canvas._pagesize`, `Canvas._pageNumber`);
- the operators drawn so far on the current page or form and the forms they use (`Canvas._code`,
  `Canvas._formsinuse`: a form being defined inside keeps its own and gives these back when it ends), and the
  PDF version the drawing asks for (`PDFDocument._pdfVersion`);
- a form's operators (`Canvas._code`, `Canvas._preamble`, `Canvas._formData`) and the form object the document
  holds under its name (`PDFDocument.idToObject`), to encode them faster than `Canvas.endForm` does, and the
  attributes of that object (`PDFFormXObject`: its box, the forms it uses, its compression) that its format reads,
  to write it as ReportLab's format would (`PDFDocument.encrypt`, `rl_config.useA85` and `pdfMultiLine`);
- the operators of a form placed in a clipped cell, written in one step as ReportLab's calls write them (its number
  format `fp_str`, the canvas's fill mode `Canvas._fillMode`, `Canvas._code` and `Canvas._formsinuse`);
- the pages a canvas has shown (`PDFDocument.Pages`, `PDFPage`'s stream, compression and contents, which
  `PDFPage.check_format` makes when the PDF is written), to give them content streams compressed by a function of
  pnp's (`compress_pages`).
"""
from __future__ import annotations

import zlib
from typing import Callable, Sequence

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import (PDF_VERSION_DEFAULT, BasicFonts, NoEncryption, PDFFormXObject,
                                      PDFName, PDFObjectReference, PDFStream, pdfdocEnc,
                                      xObjectName)
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas


def text_cursor(canvas: Canvas) -> tuple[float, float]:
    """Where the paragraph being drawn has set its text so far (x, y), in an `<onDraw>` callback."""
    return canvas._curr_tx_info["cur_x"], canvas._curr_tx_info["cur_y"]


def page_size(canvas: Canvas) -> tuple[float, float]:
    """The canvas's current page size (width, height) in points."""
    return canvas._pagesize


def count_page(canvas: Canvas) -> None:
    """Count a page the canvas did not start itself (getPageNumber() then tells the next page's number)."""
    canvas._pageNumber += 1


Marks = tuple[int, int, tuple[int, int]]
Taken = tuple[tuple[str, ...], tuple[str, ...], tuple[int, int]]


def drawn_marks(canvas: Canvas) -> Marks:
    """How many operators and form uses the current page or form holds so far, and the PDF's version, which is set
    to ReportLab's lowest until `drawn_since`, so that it tells the version the drawing needs (a colour set with its
    opacity asks for PDF 1.4)."""
    marks = len(canvas._code), len(canvas._formsinuse), canvas._doc._pdfVersion
    canvas._doc._pdfVersion = PDF_VERSION_DEFAULT
    return marks


def drawn_since(canvas: Canvas, marks: Marks) -> Taken:
    """The operators, form uses and PDF version the drawing since `marks` (drawn_marks) added; the PDF's version
    is the higher of its own and the drawing's again."""
    code, forms, version = marks
    needed = canvas._doc._pdfVersion
    canvas._doc._pdfVersion = max(version, needed)
    return tuple(canvas._code[code:]), tuple(canvas._formsinuse[forms:]), needed


def draw_again(canvas: Canvas, taken: Taken) -> None:
    """Add what `drawn_since` took to the current page or form (the forms it uses must be defined in this PDF,
    before or after)."""
    code, forms, version = taken
    canvas._code.extend(code)
    canvas._formsinuse.extend(forms)
    canvas._doc._pdfVersion = max(canvas._doc._pdfVersion, version)


_NOT_IN_PDFDOC = tuple(map(chr, range(0x18, 0x20)))  # the ASCII codes PDFDocEncoding gives other characters


def end_form(canvas: Canvas, compress: Callable[[bytes], bytes] = zlib.compress) -> None:
    """`canvas.endForm()` with the form's operators encoded and the form written to the same bytes faster: ReportLab
    encodes them with its PDFDocEncoding codec, a character map looked up character by character (about 15 ns each,
    24 ms of a language's decks), which gives every ASCII character but codes 24-31 its ASCII byte (text that holds
    other characters takes ReportLab's codec as before); and it writes the form's dictionary through its general
    format of dictionaries, names, arrays and numbers (`_FlateForm` writes it directly, its stream compressed by
    `compress`, which must give zlib.compress's bytes: ReportLab's Flate filter)."""
    name, text = canvas._formData[0], "\n".join([canvas._preamble, *canvas._code])
    canvas._code = []
    Canvas.endForm(canvas)  # ReportLab's, also for a canvas that ends its forms through this function
    plain = text.isascii() and not any(code in text for code in _NOT_IN_PDFDOC)  # 8 searches: faster than a pattern
    stream = text.encode("ascii") if plain else pdfdocEnc(text)
    objects = canvas._doc.idToObject
    form = objects[xObjectName(name)]
    form.setStreamList(stream)
    if form.compression:
        objects[xObjectName(name)] = _FlateForm(form, compress)


def compress_pages(canvas: Canvas, compress: Callable[[bytes], bytes]) -> None:
    """Before `canvas.save()`: the page being drawn ended, as `save` ends it, and every page given the content
    stream `PDFPage.check_format` would give it when the PDF is written, its Flate bytes made by `compress` (which
    must give zlib.compress's bytes: ReportLab's Flate filter), in a PDF that compresses its pages and does not wrap
    its streams in ASCII85 (as pnp's do; ReportLab makes them otherwise)."""
    if canvas._code:
        canvas.showPage()
    if rl_config.useA85:
        return
    for page in canvas._doc.Pages.pages:
        if page.compression and page.stream and not page.Contents and not page.Override_default_compilation:
            stream = PDFStream(content=page.stream, filters=[_Flate(compress)])
            stream.__Comment__ = "page stream"
            page.Contents = stream


class _Flate:
    """ReportLab's Flate filter (`PDFStreamFilterZCompress`) with the compression `compress` (zlib.compress's
    bytes)."""

    pdfname = "FlateDecode"

    def __init__(self, compress: Callable[[bytes], bytes]):
        self.compress = compress

    def encode(self, text: str | bytes) -> bytes:
        return self.compress(text.encode("utf8") if isinstance(text, str) else text)


class _FlateForm(PDFFormXObject):
    """A form of `end_form` (a Flate-compressed stream, its box, the forms it uses; no matrix, annotations or
    resources of its own) written straight to the bytes ReportLab's format gives it, in a PDF that is neither
    encrypted nor ASCII85-wrapped nor multi-line (as pnp's are; ReportLab's format otherwise), about 0.17 ms a form
    sooner than ReportLab's general format (its stream compressed alike)."""

    def __init__(self, form: PDFFormXObject, compress: Callable[[bytes], bytes]):
        vars(self).update(vars(form))
        self.deflate = compress

    def format(self, document) -> bytes:
        if rl_config.useA85 or rl_config.pdfMultiLine or not isinstance(document.encrypt, NoEncryption):
            return super().format(document)
        content = self.deflate(self.stream)
        # its numbers in one call: fp_str formats each as pdfdoc's format does one alone (which raises and clears a
        # TypeError inside rl_accel for every lone number)
        box = fp_str(self.lowerx, self.lowery, self.upperx, self.uppery).encode("ascii")
        forms = b" /XObject " + _references(self.XObjects.dict, document) if self.XObjects else b""
        return (b"<<\n/BBox [ %s ] /Filter [ /FlateDecode ] /FormType 1 /Length %d /Matrix [ 1 0 0 1 0 0 ] "
                b"/Resources <<\n/Font %s /ProcSet [ /PDF /Text /ImageB /ImageC /ImageI ]%s\n>> \n"
                b"  /Subtype /Form /Type /XObject\n>>\nstream\n%sendstream\n"
                % (box, len(content), PDFObjectReference(BasicFonts).format(document), forms, content))


def _references(names: dict[str, PDFObjectReference], document) -> bytes:
    """A dictionary of names and references to objects of `document` (the forms a form uses) as ReportLab's format of
    a PDFDictionary writes it: sorted, on one line, broken before every sixth entry."""
    numbers = document.idToObjectNumberAndVersion
    entries = [b"%s %d %d R" % (PDFName(name).encode("ascii"), *numbers[names[name].name]) for name in sorted(names)]
    for i in reversed(range(6, len(entries), 6)):
        entries.insert(i, b"\n ")
    return b"<<\n" + b" ".join(entries) + b"\n>>"


Rect = tuple[float, float, float, float]
Matrix = tuple[float, float, float, float, float, float]


def form_frame(canvas: Canvas, clip: Sequence[Rect], turn: Matrix | None, x: float, y: float) -> str:
    """The operators ReportLab's calls write to begin placing a form in a cell: `saveState()`, `clipPath(path,
    stroke=0, fill=0)` of a path of the rectangles `clip` (x, y, w, h; at least one) in the canvas's fill mode,
    `transform(*turn)` unless `turn` is None, `saveState()` and `translate(x, y)`; `draw_framed` ends it."""
    rects = " ".join(f"{fp_str(rect)} re" for rect in clip)
    clip_operator = "W*" if canvas._fillMode == FILL_EVEN_ODD else "W"
    turned = "" if turn is None else f"\n{fp_str(*turn)} cm"
    return f"q\nn {rects} {clip_operator} n{turned}\nq\n{fp_str(1, 0, 0, 1, x, y)} cm"


def draw_framed(canvas: Canvas, frame: str, name: str) -> None:
    """The form `name` drawn in `frame` (form_frame) in one step: the frame's operators and what `doForm(name)`,
    `restoreState()` and `restoreState()` write after them, and the form's use; the canvas's state stays as the
    balanced calls leave it, unchanged."""
    canvas._code.append(f"{frame}\n/{xObjectName(name)} Do\nQ\nQ")
    canvas._formsinuse.append(name)
