"""Small PDFs: a deck within its size budget, repeated drawings (icons, emblems) stored once per PDF, font subsets
holding only the characters printed and no licence text (the licences are beside the fonts), except DejaVu's, whose
Bitstream Vera licence asks for its notice in every copy."""
from __future__ import annotations

import re
from collections import defaultdict
from io import BytesIO
from pathlib import Path

import pikepdf
import pytest
from fontTools.ttLib import TTFont

from deck_helpers import shared_decks
from pdf_ops import texts_by_font
from pnp.context import BuildOptions
from pnp.typeset.fonts import NOTICE_IN_EVERY_COPY

DECK_BUDGET = 140_000  # bytes of one faction's deck PDF (issue 13; issue 28's scenes draw more icons: 133 kB at most)


@pytest.fixture(scope="module")
def decks(tmp_path_factory) -> dict:
    return shared_decks(tmp_path_factory, BuildOptions(langs=("de", "pl", "tr")))


def _forms(pdf: pikepdf.Pdf) -> dict[str, pikepdf.Stream]:
    """Every form XObject of the PDF by its resource name, nested forms included."""
    found: dict[str, pikepdf.Stream] = {}
    pending = [page.obj for page in pdf.pages]
    while pending:
        xobjects = pending.pop().get("/Resources", {}).get("/XObject", {})
        for name, xobject in xobjects.items():
            if xobject.get("/Subtype") == "/Form" and name not in found:
                found[name] = xobject
                pending.append(xobject)
    return found


def test_every_deck_pdf_is_within_its_size_budget(decks):
    sizes = {str(path): len(data) for path, data in decks.items()}
    assert len(sizes) == 21, sorted(sizes)
    assert max(sizes.values()) <= DECK_BUDGET, sorted(sizes.items(), key=lambda item: -item[1])[:3]


def test_icons_and_emblems_are_stored_once_and_placed_by_reference(decks):
    pdf = pikepdf.open(BytesIO(decks[next(path for path in decks if path.name == "rome.pdf")]))
    forms = _forms(pdf)
    shared = {name: form for name, form in forms.items() if re.search(r"\.(icon|emblem)-", name)}
    faces = {name: form for name, form in forms.items() if re.search(r"\.(front|back)-", name)}
    assert {name.split(".")[1].split("-")[0] for name in shared} == {"icon", "emblem"}, sorted(forms)
    uses: dict[str, int] = defaultdict(int)
    for face in faces.values():
        content = face.read_bytes()
        for name, form in shared.items():
            uses[name] += content.count(f"{name} Do".encode())
            assert form.read_bytes()[-400:] not in content  # the outline is not repeated in the face
    assert all(uses[name] for name in shared), uses
    assert sum(uses.values()) > 2 * len(shared), uses  # each outline serves several places


def test_font_subsets_hold_only_the_characters_printed_and_no_licence_text(decks):
    for path in (Path("de/cards/rome.pdf"), Path("tr/cards/sparta.pdf")):
        data = decks[path]
        printed: dict[str, set[str]] = defaultdict(set)
        for font, text in texts_by_font(data):
            printed[font] |= set(text)
        pdf = pikepdf.open(BytesIO(data))
        for font in (obj for obj in pdf.objects if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font"):
            name = str(font.BaseFont).split("+")[-1]
            codes = re.findall(r"<[0-9A-F]{2}> <([0-9A-F]{4})>", font.ToUnicode.read_bytes().decode())
            held = {chr(int(code, 16)) for code in codes} - {"\0", " "}  # .notdef and the space aside
            assert held and held <= printed[name], (path, name, sorted(held - printed[name]))
            subset = TTFont(BytesIO(font.FontDescriptor.FontFile2.read_bytes()))
            names = {record.nameID for record in subset["name"].names}
            keeps_notice = name.startswith(NOTICE_IN_EVERY_COPY)
            assert {0, 1, 4, 14} <= names and (13 in names) == keeps_notice, (path, name, sorted(names))
