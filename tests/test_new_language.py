"""A new language as data: `pnp lang add`, its coverage, a draft kit and proof site, the five languages untouched."""
from __future__ import annotations

import os
import pickle
import re
from io import BytesIO
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

from conftest import LANGS, invoke, project_args
from pnp.i18n.catalogs import DOMAINS, catalog_path
from pnp.i18n.languages import read_languages
from pnp.project import REPO

class _Planted:
    """A pickle that makes a folder when it is read."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return os.mkdir, (str(self.marker),)


TRANSLATED = {("cards", "rome.hastati-line:name", "Hastati Line"): "Ligne des hastats",
              ("sheets", "score sheet", "Score Sheet"): "Feuille de score"}


def translate(locales: Path) -> None:
    """A few French messages, as a translator would write them."""
    for domain in DOMAINS:
        path = catalog_path(locales, "fr", domain)
        catalog = read_po(BytesIO(path.read_bytes()), locale="fr")
        for message in catalog:
            message.string = TRANSLATED.get((domain, message.context, message.id), message.string)
        out = BytesIO()
        write_po(out, catalog, width=76)
        path.write_bytes(out.getvalue())


@pytest.fixture(scope="module")
def french(runner, tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("french")
    shutil.copytree(REPO / "data", root / "data")
    shutil.copytree(REPO / "locales", root / "locales", ignore=shutil.ignore_patterns("*.mo"))
    result = invoke(runner, "lang", "add", "fr", "--locales", root / "locales")
    assert result.exit_code == 0, result.output
    translate(root / "locales")
    return root


def test_lang_add_makes_catalogs_with_cldr_plural_forms_and_a_draft_entry(french):
    plural = get_plural("fr")
    for domain in DOMAINS:
        path = catalog_path(french / "locales", "fr", domain)
        catalog = read_po(BytesIO(path.read_bytes()), locale="fr")
        assert catalog.plural_forms == f"nplurals={plural.num_plurals}; plural={plural.plural_expr};"
        assert "# Regional norm: standard French." in path.read_text()
        with open(REPO / "locales" / f"{domain}.pot", "rb") as fp:
            assert {m.id for m in catalog if m.id} == {m.id for m in read_po(fp) if m.id}
    languages, problems = read_languages(french / "locales")
    assert problems == [] and languages["fr"].status == "draft" and languages["fr"].hyphenation == "fr"


def test_the_five_shipped_languages_are_unchanged_and_all_is_still_them(runner, french):
    for lang in LANGS:
        for domain in DOMAINS:
            assert catalog_path(french / "locales", lang, domain).read_bytes() == \
                catalog_path(REPO / "locales", lang, domain).read_bytes()
    result = invoke(runner, "validate", "--lang", "all", *project_args(french))
    assert result.exit_code == 0, result.output[-2000:]
    assert f"catalogs of {', '.join(LANGS)}" in result.output


def test_validate_reports_the_draft_coverage_per_domain(runner, french):
    result = invoke(runner, "validate", "--lang", "fr", *project_args(french))
    assert result.exit_code == 0, result.output[-2000:]
    [line] = [line for line in result.output.splitlines() if line.startswith("coverage fr:")]
    found = {domain: (float(pct), int(done), int(total))
             for domain, pct, done, total in re.findall(r"(\w+) ([\d.]+) % \((\d+) of (\d+)\)", line)}
    assert set(found) == set(DOMAINS)
    assert found["cards"][1] == 1 and found["sheets"][1] == 1 and found["rulebook"][1] == 0
    assert found["cards"][0] == round(100 / found["cards"][2], 1)


def test_a_draft_builds_only_with_draft_every_page_marked_missing_messages_in_english(runner, french, tmp_path):
    refused = invoke(runner, "build", "--lang", "fr", "--out", tmp_path, *project_args(french))
    assert refused.exit_code == 2 and "--draft" in refused.output
    result = invoke(runner, "build", "--lang", "fr", "--draft", "--out", tmp_path, *project_args(french))
    assert result.exit_code == 0, result.output[-2000:]
    pdfs = sorted((tmp_path / "fr").rglob("*.pdf"))
    assert len(pdfs) == 12  # 7 decks, tokens, score sheet, Learn to Play, Rules Reference, quick reference
    for pdf in pdfs:
        for number, page in enumerate(pdfium.PdfDocument(pdf)):
            assert "DRAFT fr" in page.get_textpage().get_text_range(), (pdf, number)
    rome = "\n".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(tmp_path / "fr/cards/rome.pdf"))
    assert "Ligne des hastats" in rome and "Consular Cavalry" in rome  # translated, and the English source
    sheet = pdfium.PdfDocument(tmp_path / "fr/scoresheet.pdf")[0].get_textpage().get_text_range()
    assert "FEUILLE DE SCORE" in sheet.upper()


def test_the_draft_has_a_proof_site(runner, french, tmp_path):
    result = invoke(runner, "proof", "--lang", "fr", "--out", tmp_path, *project_args(french))
    assert result.exit_code == 0, result.output[-2000:]
    assert "Ligne des hastats" in (tmp_path / "cards-rome.html").read_text()
    assert "Feuille de score" in (tmp_path / "messages.html").read_text()


def test_a_language_the_fonts_do_not_cover_is_refused_and_nothing_written(runner, project_copy, tmp_path,
                                                                          monkeypatch):
    """Hyperglot asked afresh (no pnp cache) in a folder holding a crafted .hyperglot-cache: the pickle is not read
    and no file is left in the folder."""
    before = (project_copy / "locales" / "languages.toml").read_bytes()
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / ".hyperglot-cache").write_bytes(pickle.dumps(_Planted(folder / "ran")))
    monkeypatch.chdir(folder)
    monkeypatch.setenv("PNP_NO_CACHE", "1")
    result = invoke(runner, "lang", "add", "vi", "--locales", project_copy / "locales")
    assert sorted(path.name for path in folder.iterdir()) == [".hyperglot-cache"]
    assert result.exit_code == 1 and "language-glyphs" in result.output and "'Ĩ" in result.output
    assert (project_copy / "locales" / "languages.toml").read_bytes() == before
    assert not (project_copy / "locales" / "vi").exists()


def test_a_language_asked_once_is_not_asked_of_hyperglot_again(french, monkeypatch):
    """The french fixture asked Hyperglot for French; the answer is read from pnp's cache (ORTHOGRAPHIES)."""
    import hyperglot.languages
    from pnp.i18n.new_language import exemplar_characters
    monkeypatch.setattr(hyperglot.languages, "Languages", lambda: pytest.fail("asked hyperglot again"))
    assert "Œ" in exemplar_characters("fr") and "ç" in exemplar_characters("fr")
