"""draw_recorded adds a drawing's operators again only where they mean the same in another PDF: a drawing that
names a graphics state (an opacity), a font or text of the PDF it was drawn in is drawn afresh in every PDF. A
FlateCanvas compresses every stream of its pages and forms with its own function."""
from __future__ import annotations

import zlib
from io import BytesIO

import pikepdf
import pytest
from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from pnp.core.caches import CACHES
from pnp.pages.forms import FlateCanvas, define_once, draw_recorded, replayable


def _square(canvas: Canvas) -> None:
    canvas.rect(0, 0, 5, 5, fill=1)


def _half_transparent(canvas: Canvas) -> None:
    canvas.setFillAlpha(0.5)
    canvas.rect(1, 1, 2, 2, fill=1)


def _labelled(canvas: Canvas) -> None:
    canvas.setFont("Helvetica", 9)
    canvas.drawString(1, 1, "IX")


def _with_form(canvas: Canvas) -> None:
    define_once(canvas, "square", (0, 0, 10, 10), _square)
    canvas.doForm("square")


@pytest.mark.parametrize("drawing, replayed", [(_square, True), (_with_form, True), (_half_transparent, False),
                                               (_labelled, False)])
def test_a_drawing_is_replayed_only_when_it_names_nothing_of_its_pdf(drawing, replayed):
    CACHES[f"{draw_recorded.__module__}.draw_recorded"].clear()
    calls = []

    def draw(canvas: Canvas) -> None:
        calls.append(canvas)
        drawing(canvas)

    for _ in range(2):
        out = BytesIO()
        canvas = Canvas(out)
        draw_recorded(canvas, ("test", drawing.__name__), draw)
        canvas.showPage()
        canvas.save()
        with pikepdf.open(BytesIO(out.getvalue())) as pdf:  # every resource the page names is in the PDF
            page = pdf.pages[0]
            for operands, operator in pikepdf.parse_content_stream(page):
                kind = {"gs": "/ExtGState", "Tf": "/Font", "Do": "/XObject"}.get(str(operator))
                if kind:
                    assert operands[0] in page.Resources[kind]
    assert len(calls) == (1 if replayed else 2)


def test_a_flate_canvas_compresses_its_pages_and_forms_with_its_own_function(monkeypatch):
    """Its pages' streams and its forms' (defined once, nested, or begun and ended by hand, as the rulebook's
    contents define their page numbers) through its `compress`: zlib's bytes give ReportLab's PDF (streams not
    ASCII85-wrapped, as pnp writes them)."""
    monkeypatch.setattr(rl_config, "useA85", 0)
    asked = []

    def pdf(maker) -> bytes:
        out = BytesIO()
        canvas = maker(out, pagesize=(60, 60), invariant=1, pageCompression=1)
        _with_form(canvas)
        canvas.showPage()
        canvas.beginForm("number", 0, 0, 20, 10)
        _labelled(canvas)
        canvas.endForm()
        canvas.doForm("number")
        canvas.save()
        return out.getvalue()

    flate = pdf(lambda *args, **kwargs: FlateCanvas(*args, compress=lambda data: asked.append(data) or
                                                    zlib.compress(data), **kwargs))
    assert flate == pdf(Canvas)
    assert len(asked) == 4 and all(zlib.compress(stream) in flate for stream in asked)  # two pages, two forms


@pytest.mark.parametrize("code, forms, expected", [
    (("q", "n 0 0 5 5 re f", "Q"), (), True),
    (("q 1 0 0 1 2 2 cm", "/FormXob.square Do", "Q"), ("square",), True),
    (("/FormXob.square Do /FormXob.star Do",), ("square", "star"), True),
    (("/FormXob.photo Do",), ("square",), False),           # an XObject of its PDF, not a form it uses
    (("Do /FormXob.square Do",), ("square",), False),       # nothing named before the first
    (("/FormXob.square Do Do",), ("square",), False),       # drawn again by a name that is no form's
    (("/gRLs0 gs", "n 0 0 5 5 re f"), (), False),            # an opacity
    (("BT /F1+0 9 Tf 1 1 Td (IX) Tj ET",), (), False),       # a font and text
])
def test_operators_are_replayable_when_they_name_only_the_forms_they_use(code, forms, expected):
    assert replayable((code, forms, (1, 3))) is expected
