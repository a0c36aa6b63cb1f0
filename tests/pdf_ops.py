"""Reading what a PDF really prints from its content streams (pages and the forms they place): every text run with
its font, effective size and fill colour, and every colour operator."""
from __future__ import annotations

import ctypes
import hashlib
import math
from dataclasses import dataclass
from io import BytesIO

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from session_cache import shared_value

TEXT_SHOW = {b"Tj", b"TJ", b"'", b'"'}
COLOUR_OPERATORS = {b"k", b"K", b"rg", b"RG", b"g", b"G", b"sc", b"scn", b"SC", b"SCN", b"cs", b"CS"}


@dataclass(frozen=True)
class Run:
    """One text-showing operator: its text, font (BaseFont without subset tag), size in points as printed (the
    font size times the scale of the text and graphics matrices) and fill colour (operator, operands)."""

    page: int
    text: str
    font: str
    size: float
    fill: tuple


def _scale(matrix) -> float:
    a, b, c, d = (float(v) for v in matrix[:4])
    return math.sqrt(abs(a * d - b * c))


FILLS = {b"k", b"rg", b"g", b"sc", b"scn"}


def _instructions(stream, parsed: dict) -> list[tuple[bytes, object]]:
    """The operators of a content stream with their operands decoded as `_walk` reads them (a scale, colour
    numbers, a font and size, a name), parsed once per document: a form placed on every slot of every sheet is
    read once."""
    key = stream.objgen  # pages and forms are indirect objects: a number each
    if key not in parsed:
        decoded = []
        for instruction in pikepdf.parse_content_stream(stream):
            operator, operands = bytes(instruction.operator), instruction.operands
            if operator in (b"cm", b"Tm"):
                value = _scale(operands)
            elif operator in COLOUR_OPERATORS:
                numbers = tuple(float(v) for v in operands if not isinstance(v, pikepdf.Name))
                value = (numbers, (operator.decode(), tuple(round(v, 4) for v in numbers)))
            elif operator == b"Tf":
                value = (operands[0], float(operands[1]))
            elif operator == b"Do":
                value = operands[0]
            else:
                value = None
            decoded.append((operator, value))
        parsed[key] = decoded
    return parsed[key]


def _walk(stream, resources, page: int, scale: float, state: dict, runs: list, colours: list,
          parsed: dict) -> None:
    fonts = resources.get("/Font", {}) if resources is not None else {}
    xobjects = resources.get("/XObject", {}) if resources is not None else {}
    stack = []
    for operator, value in _instructions(stream, parsed):
        if operator == b"q":
            stack.append((scale, dict(state)))
        elif operator == b"Q":
            scale, state = stack.pop()
        elif operator == b"cm":
            scale *= value
        elif operator in COLOUR_OPERATORS:
            colours.append((page, operator, value[0]))
            if operator in FILLS:
                state["fill"] = value[1]
        elif operator == b"Tf":
            state["font"] = str(fonts[value[0]].BaseFont).split("+")[-1]
            state["size"] = value[1]
        elif operator == b"Tm":
            state["tm"] = value
        elif operator == b"BT":
            state["tm"] = 1.0
        elif operator in TEXT_SHOW:
            size = state.get("size", 0.0) * state.get("tm", 1.0) * scale
            runs.append(Run(page, "", state.get("font", ""), round(size, 3), state.get("fill", ("g", (0.0,)))))
        elif operator == b"Do":
            xobject = xobjects[value]
            if xobject.get("/Subtype") == "/Form":
                matrix = xobject.get("/Matrix", [1, 0, 0, 1, 0, 0])
                _walk(xobject, xobject.get("/Resources"), page, scale * _scale(matrix), dict(state), runs, colours,
                      parsed)


def printed(pdf: bytes) -> tuple[list[Run], list[tuple]]:
    """(text runs, colour operators (page, operator, operands)) of every page, forms included (read with pikepdf:
    qpdf parses the content streams many times faster than pure Python)."""
    document = pikepdf.open(BytesIO(pdf))
    runs: list[Run] = []
    colours: list[tuple] = []
    parsed: dict = {}
    for index, page in enumerate(document.pages):
        _walk(page, page.obj.get("/Resources"), index, 1.0, {}, runs, colours, parsed)
    return runs, colours


def texts_by_font(pdf: bytes) -> list[tuple[str, str]]:
    """(font BaseFont without subset tag, text) of every run of characters set in one font on one line, forms
    included, as PDFium reads the page (its decoding of the text, the font of each character)."""
    found: list[tuple[str, str]] = []
    name = ctypes.create_string_buffer(256)

    def flush(font: str | None, chars: list[str]) -> None:
        if font and "".join(chars).strip():
            found.append((font, "".join(chars).strip()))

    for page in pdfium.PdfDocument(pdf):
        textpage = page.get_textpage()
        font, chars = None, []
        for index in range(textpage.count_chars()):
            # PDFium's code 2 is a hyphen that ends a line
            char = chr(pdfium_c.FPDFText_GetUnicode(textpage.raw, index)).replace("\x02", "-")
            here = None  # characters PDFium adds (spaces, line ends) end a run
            if pdfium_c.FPDFText_IsGenerated(textpage.raw, index) != 1 and char not in "\r\n":
                pdfium_c.FPDFText_GetFontInfo(textpage.raw, index, name, len(name), None)
                here = name.value.decode("utf-8", "replace").split("+")[-1]
            if here != font:
                flush(font, chars)
                font, chars = here, []
            chars.append(char)
        flush(font, chars)
    return found


def shared_printed(pdf: bytes) -> tuple[list[Run], list[tuple]]:
    """`printed(pdf)`, read once per test session for every worker (session_cache.shared_value, by the PDF's digest):
    several modules read the same kit."""
    return shared_value(("printed", hashlib.sha256(pdf).hexdigest()), lambda: printed(pdf))
