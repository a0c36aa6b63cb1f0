"""The pseudo-locale qps: generated from the English source, every product built in it, nothing printed without
brackets, and what does not fit reported as warnings."""
from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from babel.messages.pofile import read_po

from conftest import invoke
from pnp.cards.faces import GAME_TITLE
from pnp.i18n.catalogs import DOMAINS, LANGS
from pnp.i18n.pseudo import ACCENTS, CLOSE, OPEN, pseudo
from pnp.project import REPO
from pnp.sheets.calibration_marks import AXES

PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]")
PSEUDO_LETTERS = set("".join(chr(c) for c in ACCENTS.values()))
ROMAN = re.compile(r"^[IVXLC]+$")  # round numbers on the score sheet
MEASURE = re.compile(r"(?<=\d) ?mm\b")  # a number's unit symbol


def sources() -> list[str]:
    """Every English source string of the templates (plural forms too)."""
    found = []
    for domain in DOMAINS:
        with open(REPO / "locales" / f"{domain}.pot", "rb") as fp:
            found += [text for m in read_po(fp) if m.id for text in (m.id if isinstance(m.id, tuple) else (m.id,))]
    return found


def test_every_message_is_bracketed_accented_longer_with_its_placeholders():
    for source in sources():
        text = pseudo(source)
        assert text.startswith(OPEN) and text.endswith(CLOSE), text
        assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(source)), text
        assert text.count("\n") == source.count("\n")
        prose = PLACEHOLDER.sub("", text)
        assert not re.search("[aeiouAEIOU]", prose), text  # every vowel accented
        if len(source) >= 20:
            assert 1.30 <= len(text) / len(source) <= 1.40, (source, text)


def unbracketed(text: str) -> str:
    """The characters of a document's text outside every [ … ] (brackets nest: a card name inside a message)."""
    depth, outside = 0, []
    for ch in text:
        depth += (ch == OPEN) - (ch == CLOSE) * (depth > 0)
        if depth == 0 and ch not in OPEN + CLOSE:
            outside.append(ch)
    return "".join(outside)


def untranslatable(text: str) -> list[str]:
    """Words printed outside brackets that no message made. Excepted by rule: numbers (digits, Roman numerals, a
    number's unit symbol), text derived from a pseudo-translation (an abbreviation of one keeps its accents), the
    game's own name and command-line syntax (the calibration scales' letters are the values of --back-offset X,Y)."""
    text = MEASURE.sub(" ", unbracketed(text).replace(GAME_TITLE, " ").replace(GAME_TITLE.upper(), " "))
    return [word for word in re.findall(r"[^\W\d_][\w’'-]*", text)
            if not ROMAN.match(word) and not set(word) & PSEUDO_LETTERS and word not in AXES]


@pytest.fixture(scope="module")
def kit(runner, tmp_path_factory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("qps")
    result = invoke(runner, "build", "--lang", "qps", "--booklet", "--out", out)
    assert result.exit_code == 0, result.output
    calibration = invoke(runner, "calibrate", "--lang", "qps", "--out", out / "qps" / "calibration.pdf")
    assert calibration.exit_code == 0, calibration.output
    return out, result.output


def test_the_whole_kit_builds_in_qps_and_prints_no_unbracketed_string(kit):
    out, _ = kit
    pdfs = sorted((out / "qps").rglob("*.pdf"))
    assert {p.relative_to(out / "qps").as_posix() for p in pdfs} >= {
        "rulebook.pdf", "rulebook-booklet.pdf", "scoresheet.pdf", "tokens.pdf", "calibration.pdf",
        *(f"cards/{faction}.pdf" for faction in ("carthage", "dacia", "egypt", "macedon", "persia", "rome", "sparta"))}
    found = {}
    for pdf in pdfs:
        text = "\n".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(pdf))
        assert OPEN in text and PSEUDO_LETTERS & set(text), pdf
        for word in untranslatable(text):
            found.setdefault(word, pdf.name)
    assert found == {}, f"printed without brackets (not translatable): {found}"


def test_what_would_not_fit_in_a_long_language_is_reported_as_warnings(kit):
    _, output = kit
    assert re.search(r"\[qps\].* warning (text-does-not-fit|sheet-text-overflow)", output)
    assert " error " not in output and "0 error(s)" in output


def test_qps_is_generated_never_a_catalog_and_never_in_all():
    assert "qps" not in LANGS
    assert not (REPO / "locales" / "qps").exists()
