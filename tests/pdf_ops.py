"""Reading what a PDF really prints from its content streams (pages and the forms they place): every text run with
its font, effective size and fill colour, and every colour operator."""
from __future__ import annotations

import math
from dataclasses import dataclass
from io import BytesIO

import pikepdf
import pypdf

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


def _walk(stream, resources, page: int, scale: float, state: dict, runs: list, colours: list) -> None:
    fonts = resources.get("/Font", {}) if resources is not None else {}
    xobjects = resources.get("/XObject", {}) if resources is not None else {}
    stack = []
    for instruction in pikepdf.parse_content_stream(stream):
        operator, operands = str(instruction.operator).encode(), instruction.operands
        if operator == b"q":
            stack.append((scale, dict(state)))
        elif operator == b"Q":
            scale, state = stack.pop()
        elif operator == b"cm":
            scale *= _scale(operands)
        elif operator in COLOUR_OPERATORS:
            numbers = tuple(float(v) for v in operands if not isinstance(v, pikepdf.Name))
            colours.append((page, operator, numbers))
            if operator in (b"k", b"rg", b"g", b"sc", b"scn"):
                state["fill"] = (operator.decode(), tuple(round(v, 4) for v in numbers))
        elif operator == b"Tf":
            state["font"] = str(fonts[operands[0]].BaseFont).split("+")[-1]
            state["size"] = float(operands[1])
        elif operator == b"Tm":
            state["tm"] = _scale(operands)
        elif operator == b"BT":
            state["tm"] = 1.0
        elif operator in TEXT_SHOW:
            size = state.get("size", 0.0) * state.get("tm", 1.0) * scale
            runs.append(Run(page, "", state.get("font", ""), round(size, 3), state.get("fill", ("g", (0.0,)))))
        elif operator == b"Do":
            xobject = xobjects[operands[0]]
            if xobject.get("/Subtype") == "/Form":
                matrix = xobject.get("/Matrix", [1, 0, 0, 1, 0, 0])
                _walk(xobject, xobject.get("/Resources"), page, scale * _scale(matrix), dict(state), runs, colours)


def printed(pdf: bytes) -> tuple[list[Run], list[tuple]]:
    """(text runs, colour operators (page, operator, operands)) of every page, forms included (read with pikepdf:
    qpdf parses the content streams many times faster than pure Python)."""
    document = pikepdf.open(BytesIO(pdf))
    runs: list[Run] = []
    colours: list[tuple] = []
    for index, page in enumerate(document.pages):
        _walk(page, page.obj.get("/Resources"), index, 1.0, {}, runs, colours)
    return runs, colours


def texts_by_font(pdf: bytes) -> list[tuple[str, str]]:
    """(font BaseFont without subset tag, decoded text) of every text run, forms included (pypdf's decoding)."""
    reader = pypdf.PdfReader(BytesIO(pdf))
    found: list[tuple[str, str]] = []

    def visit(text, cm, tm, font, size):
        if text.strip() and font is not None:
            found.append((str(font.get("/BaseFont")).split("+")[-1], text.strip()))

    for page in reader.pages:
        page.extract_text(visitor_text=visit)
    return found
