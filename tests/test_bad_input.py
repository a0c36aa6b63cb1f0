"""Bad data files and catalogs: one located message per problem, all reported together, exit 1, no traceback."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import invoke, project_args


def replace(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def export(runner, root: Path, lang: str = "de"):
    return invoke(runner, "export", "cards", "--lang", lang, *project_args(root))


ROME = "data/cards/rome.toml"
HASTATI = 'id = "rome.hastati-line"'

CASES = {
    "malformed toml": (ROME, "level = 2\n", "level = = 2\n", "toml-syntax", "rome.toml:"),
    "unknown key": (ROME, HASTATI, HASTATI + '\nstrength = 4', "card-unknown-key", "field 'strength'"),
    "missing key": (ROME, "atk = 3\n", "", "card-missing-key", "card rome.hastati-line field 'atk'"),
    "stat out of range": (ROME, "atk = 3\n", "atk = 7\n", "card-range", "'atk' = 7 is out of range; expected 1..6"),
    "copies out of range": (ROME, "copies = 2\n", "copies = 4\n", "card-range", "'copies' = 4"),
    "wrong type of value": (ROME, "def = 1\n", 'def = "one"\n', "card-type", "'def' must be a whole number"),
    "unknown unit type": (ROME, 'type = "infantry"', 'type = "archer"', "card-unknown-type", "'archer'"),
    "unknown kind": (ROME, 'kind = "unit"', 'kind = "spell"', "card-unknown-kind", "'spell'"),
    "unknown faction": (ROME, 'faction = "rome"', 'faction = "atlantis"', "card-unknown-faction", '"atlantis"'),
    "duplicate id": (ROME, 'id = "rome.roman-auxiliary-archers"', HASTATI, "card-duplicate-id", "first defined at"),
    "bad bonus": (ROME, 'bonus = [{ stat = "def", amount = 2 }]', 'bonus = [{ stat = "hp", amount = 2 }]',
                  "card-bonus", "bonus stat 'hp' is unknown"),
    "unknown trait": (ROME, HASTATI, HASTATI + '\ntraits = ["veteran"]', "card-unknown-trait",
                      "trait 'veteran' is unknown; expected one of mercenary"),
    "trait twice": (ROME, HASTATI, HASTATI + '\ntraits = ["mercenary", "mercenary"]', "card-duplicate-trait",
                    "trait 'mercenary' is listed 2 times; expected once"),
    "traits not a list": (ROME, HASTATI, HASTATI + '\ntraits = "mercenary"', "card-type",
                          "'traits' must be a list of trait names"),
    "trait on a tactic": (ROME, 'id = "rome.shield-wall-response"', 'id = "rome.shield-wall-response"\n'
                          'traits = ["mercenary"]', "card-unknown-key", "unknown key 'traits' for a tactic"),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_bad_card_data_is_reported_with_file_card_and_field(runner, project_copy, case):
    file, old, new, code, fragment = CASES[case]
    replace(project_copy / file, old, new)
    result = export(runner, project_copy)
    assert result.exit_code == 1
    assert result.stdout == ""
    lines = [line for line in result.stderr.splitlines() if " error " in line]
    assert any(code in line and fragment in line for line in lines), result.stderr
    assert all("rome.toml" in line for line in lines), result.stderr


def test_commander_must_have_exactly_one_copy(runner, project_copy):
    path = project_copy / ROME
    text = path.read_text(encoding="utf-8")
    start = text.index('id = "rome.trajan-imperial-vanguard"')
    path.write_text(text[:start] + text[start:].replace("copies = 1", "copies = 2", 1), encoding="utf-8")
    result = export(runner, project_copy)
    assert result.exit_code == 1
    assert "card rome.trajan-imperial-vanguard field 'copies'" in result.stderr
    assert "a commander has exactly 1 copy, found 2" in result.stderr


def test_all_problems_are_reported_together(runner, project_copy):
    replace(project_copy / ROME, "atk = 3\n", "atk = 9\n")
    replace(project_copy / "data/cards/sparta.toml", "copies = 3\n", "copies = 0\n")
    replace(project_copy / "data/engine.toml", "start = 20", "start = -3")
    result = export(runner, project_copy)
    assert result.exit_code == 1
    assert "rome.toml" in result.stderr and "'atk' = 9" in result.stderr
    assert "sparta.toml" in result.stderr and "'copies' = 0" in result.stderr
    assert "engine.toml" in result.stderr and "[life] start = -3 is out of range" in result.stderr
    assert "3 error(s)" in result.stderr or "error(s)" in result.stderr.splitlines()[-1]


def test_engine_data_must_be_consistent(runner, project_copy):
    replace(project_copy / "data/engine.toml", "ally = 10", "ally = 11")
    result = export(runner, project_copy)
    assert result.exit_code == 1
    assert "allied deck 30 + 11 must equal the deck size 40" in result.stderr


def test_missing_translation_names_language_card_and_field(runner, project_copy):
    po = project_copy / "locales/de/LC_MESSAGES/cards.po"
    replace(po, 'msgstr "Hastati-Linie"', 'msgstr ""')
    result = export(runner, project_copy, "de")
    assert result.exit_code == 1
    assert "translation-missing" in result.stderr
    assert "card rome.hastati-line [de] field 'name'" in result.stderr


def test_fuzzy_translation_counts_as_missing(runner, project_copy):
    po = project_copy / "locales/pl/LC_MESSAGES/cards.po"
    replace(po, 'msgctxt "rome.testudo:name"', '#, fuzzy\nmsgctxt "rome.testudo:name"')
    result = export(runner, project_copy, "pl")
    assert result.exit_code == 1
    assert "card rome.testudo [pl] field 'name'" in result.stderr


def test_broken_po_file_is_located(runner, project_copy):
    po = project_copy / "locales/tr/LC_MESSAGES/cards.po"
    replace(po, 'msgctxt "rome.testudo:name"', 'msgctxt "rome.testudo:name"\ngarbage line here')
    result = export(runner, project_copy, "tr")
    assert result.exit_code == 1
    assert "po-syntax" in result.stderr and "tr/LC_MESSAGES/cards.po" in result.stderr


def test_missing_po_file(runner, project_copy):
    (project_copy / "locales/es/LC_MESSAGES/cards.po").unlink()
    result = export(runner, project_copy, "es")
    assert result.exit_code == 1
    assert "no 'cards' catalog for language 'es'" in result.stderr


@pytest.mark.parametrize("path, old, new", [("data/engine.toml", "start = 20 ", "start = 2.5 "),
                                           (ROME, "atk = 3\n", "atk = 7\n")])
def test_a_byte_order_mark_is_no_error_and_moves_no_line(runner, project_copy, path, old, new):
    """Some Windows editors start a UTF-8 file with a BOM: the file reads as without it, its lines numbered alike."""
    file = project_copy / path
    replace(file, old, new)
    expected = invoke(runner, "validate", *project_args(project_copy)).output
    file.write_bytes(b"\xef\xbb\xbf" + file.read_bytes())
    result = invoke(runner, "validate", *project_args(project_copy))
    assert result.exit_code == 1 and f"{path}:" in result.output and "toml-syntax" not in result.output
    assert result.output == expected
