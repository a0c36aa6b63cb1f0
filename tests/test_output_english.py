"""The English kit (`--lang en`): every part built from the source strings, checked by the validator as the source
(print checks, no translation checks), and not part of `all`."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import LANGS, invoke, project_args
from deck_helpers import pdfium_page_texts
from pnp.cli.options import LanguageList
from pnp.data.terms import FACTIONS
from pnp.project import Project, read_inputs

PARTS = ["rulebook.pdf", "rules-reference.pdf", "quickref.pdf", "scoresheet.pdf", "tokens.pdf"] + \
    [f"cards/{f}.pdf" for f in FACTIONS]


def _text(path: Path) -> str:
    """The PDF's text as PDFium reads it, whitespace collapsed."""
    return " ".join(" ".join(text.split()) for text in pdfium_page_texts(path.read_bytes()))


@pytest.fixture(scope="module")
def english(tmp_path_factory, runner) -> Path:
    out = tmp_path_factory.mktemp("en")
    result = invoke(runner, "build", "--lang", "en", "--mode", "pro", "--out", out)
    assert result.exit_code == 0, result.output
    return out / "en"


def test_every_part_is_built_in_english(english):
    assert sorted(str(p.relative_to(english)) for p in english.rglob("*.pdf")) == sorted(PARTS)


def test_the_cards_print_the_english_source_strings(english, exported):
    text = _text(english / "cards" / "rome.pdf")
    for card in exported["en"]:
        if card["faction"] == "rome":
            assert card["name"].upper() in text.upper(), card["id"]
    assert "ATK" in text and "Energy" in text


def test_the_rulebook_and_sheets_are_english(english):
    rulebook = _text(english / "rulebook.pdf")
    assert "How to play" in rulebook.title() or "HOW TO PLAY" in rulebook.upper()
    assert "Contents" in rulebook or "CONTENTS" in rulebook.upper()
    assert "Hastati Line".upper() in _text(english / "rules-reference.pdf").upper()  # its card list


def test_the_calibration_sheet_is_english(runner, tmp_path):
    result = invoke(runner, "calibrate", "--lang", "en", "--out", tmp_path / "calibration.pdf")
    assert result.exit_code == 0, result.output
    assert "pnp build --back-offset" in _text(tmp_path / "calibration.pdf")


def test_all_means_the_five_translations():
    assert LanguageList(LANGS + ("en",)).convert("all", None, None) == LANGS


def test_the_validator_treats_english_as_the_source(runner):
    result = invoke(runner, "validate", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "translation-missing" not in result.output and "glossary" not in result.output


def test_an_english_text_that_does_not_fit_is_caught(runner, project_copy):
    cards = project_copy / "data" / "cards" / "rome.toml"
    effect = "If “Testudo” is face-up, this card gains 1 DEF."
    cards.write_text(cards.read_text(encoding="utf-8").replace(effect, effect + " Hold the line." * 40),
                     encoding="utf-8")
    result = invoke(runner, "validate", "--lang", "en", *project_args(project_copy))
    assert result.exit_code == 1
    assert any("text-does-not-fit" in line and "[en]" in line for line in result.output.splitlines())


def test_an_english_only_build_reads_the_game_terms_its_rulebook_glossary_lists():
    """The English rulebook is the same whether built alone or beside translations: its glossary's terms are read
    for English alone too."""
    alone, problems = read_inputs(Project(), ("en",))
    beside, _ = read_inputs(Project(), ("en", "de"))
    assert not problems and alone.lexicon.english_terms
    assert alone.lexicon.english_terms == beside.lexicon.english_terms
