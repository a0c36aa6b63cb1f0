"""Escaping: text that reaches the rulebook's line markup cannot act as markup, and control characters, tabs and
stray format fields in a translation are validator problems."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import invoke, project_args
from pnp.layouts.schemas import LAYOUTS
from pnp.i18n.catalogs import catalog_path
from pnp.project import Project, load_inputs
from pnp.rulebook import kit_facts
from pnp.rulebook.blocks import Table, escape, parse
from pnp.rulebook.books import REFERENCE
from pnp.rulebook.compose import compose

HASTATI = 'msgctxt "rome.hastati-line:name"\nmsgid "Hastati Line"\nmsgstr "Hastati-Linie"\n'
TRICKY = "- Hastati | Linie @chapter # > ~"


def plant_name(root: Path, name: str) -> None:
    path = catalog_path(root / "locales", "de", "cards")
    text = path.read_text(encoding="utf-8")
    assert HASTATI in text
    path.write_text(text.replace(HASTATI, HASTATI.replace("Hastati-Linie", name)), encoding="utf-8")


def test_markup_characters_in_inserted_text_stay_text():
    blocks = parse(f"@table cards\n|= A | B\n| {escape('x | y')} | {escape('a' + chr(10) + '@chapter b')}\n"
                   f"{escape('- not a bullet')}\n")
    assert blocks[0] == Table("cards", ("A", "B"), (("x | y", "a\n@chapter b"),))
    assert blocks[1].text == "- not a bullet"


def test_a_card_name_with_markup_characters_reaches_the_rulebook_table_intact(project_copy):
    plant_name(project_copy, TRICKY)
    inputs = load_inputs(Project(data=project_copy / "data", locales=project_copy / "locales"), ("de",))
    blocks = compose(inputs.engine, inputs.cards, inputs.catalogs["de"], kit_facts(inputs.engine, "a4", LAYOUTS),
                     inputs.lexicon.of("de").game_terms, REFERENCE)  # its card list
    [table] = [block for block in blocks if isinstance(block, Table) and any(TRICKY in row for row in block.rows)]
    assert [row[0] for row in table.rows if "Hastati" in row[0]] == [TRICKY]
    assert all(len(row) == len(table.header) for row in table.rows)


@pytest.mark.parametrize("name, code, expected", [
    ("Hastati\\nLinie", "text-control-character", "a line break at column 8"),
    ("Hastati\\tLinie", "text-control-character", "a tab at column 8"),
    ("Hastati-Linie {0}", "text-format-field", "{0} is not a placeholder of the English source"),
])
def test_control_characters_and_stray_format_fields_are_validator_problems(runner, project_copy, name, code,
                                                                           expected):
    plant_name(project_copy, name)
    result = invoke(runner, "validate", "--lang", "de", *project_args(project_copy))
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if f"error {code}" in line]
    assert len(lines) == 1 and expected in lines[0] and "card rome.hastati-line [de] field 'name'" in lines[0]
    assert "Traceback" not in result.output


def test_the_control_characters_found_are_exactly_unicodes():
    """Every code point of category Cc (C0, DEL, C1) counts as a control character, and nothing else."""
    import unicodedata
    from pnp.validate.characters import control_problem
    controls = [chr(code) for code in range(0x110000) if unicodedata.category(chr(code)) == "Cc"]
    assert len(controls) == 65 and all(control_problem(f"ab{char}") for char in controls)
    assert control_problem("Hannibal\u00a0Barca \u200b„ok“ \u0085").startswith("the control character U+0085 at column 22")
    assert control_problem("".join(chr(code) for code in range(0x20, 0x3000) if chr(code) not in controls)) is None
