"""Every PDF of a built kit embeds every font it uses: no standard-14 font (Helvetica) sneaks in."""
from __future__ import annotations

import pypdf
import pytest

from pnp.cli import main


@pytest.fixture(scope="module")
def kit(runner, tmp_path_factory):
    out = tmp_path_factory.mktemp("kit")
    result = runner.invoke(main, ["build", "--lang", "tr", "--booklet", "--out", str(out)])
    assert result.exit_code == 0, result.output
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
