"""`pnp validate` reports broken engine data (types, ranges, consistency) with file and line instead of crashing."""
from __future__ import annotations

import pytest

from pnp.project import REPO
from validate_helpers import having, plant, validate_json

ENGINE = "data/engine.toml"


def line_of_text(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(fragment))


@pytest.mark.parametrize("old,new,code,message,anchor", [
    ("cap = 12", "cap = 0", "engine-range", "[energy] cap = 0 is out of range; expected 1..99", "cap"),
    ("cap = 12", 'cap = "twelve"', "engine-type", "[energy] cap must be a whole number, found \"twelve\"", "cap"),
    ("ally = 10", "ally = 11", "engine-inconsistent", "allied deck 30 + 11 must equal the deck size 40", "main = 30"),
    ("factions = 3", "factions = 2", "engine-inconsistent", "factions must be 3, found 2", "factions"),
    ("activate_cost = 1", "activate_cost = 13", "engine-inconsistent", "costs 13 energy, more than the cap 12",
     "activate_cost"),
    ("commander_copies = 1", "commander_copies = 4", "engine-inconsistent",
     "commander copies 4 must not exceed the copies limit 3", "commander_copies"),
    ("free_level_min = 1", "free_level_min = 2", "engine-inconsistent",
     "summon levels 2..6 must cover the printed levels 1..6", "free_level_min"),
])
def test_broken_engine_value_is_located(runner, project_copy, old, new, code, message, anchor):
    path = project_copy / ENGINE
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    exit_code, problems = validate_json(runner, project_copy, "--lang", "de")  # the engine's, in any language
    assert exit_code == 1
    [found] = [p for p in having(problems, code, file=str(path)) if message in p["message"]]
    assert found["location"]["line"] == line_of_text(text, anchor)


def test_consistency_problem_points_at_the_first_number_it_names(runner, project_copy):
    path = project_copy / ENGINE
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("primary = 26", "primary = 25"), encoding="utf-8")
    _, problems = validate_json(runner, project_copy, "--lang", "de")
    [found] = having(problems, "engine-inconsistent")
    assert found["location"] == {"file": str(path), "line": line_of_text(text, "primary = 26")}


def test_missing_key_points_at_its_table(runner, project_copy):
    path = project_copy / ENGINE
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("limit = 5 ", "# limit removed "), encoding="utf-8")
    _, problems = validate_json(runner, project_copy, "--lang", "de")
    [found] = having(problems, "engine-missing")
    assert found["location"]["line"] == line_of_text(text, "[hand]")


def test_malformed_engine_file_and_text_report(runner, project_copy):
    from conftest import project_args
    from pnp.cli import main
    path = project_copy / ENGINE
    path.write_text((REPO / ENGINE).read_text(encoding="utf-8").replace("cap = 12", "cap = = 12"), encoding="utf-8")
    result = runner.invoke(main, ["validate", *project_args(project_copy)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    line = line_of_text(path.read_text(encoding="utf-8"), "cap = = 12")
    assert f"engine.toml:{line}: error toml-syntax: not valid TOML" in result.stdout


def test_inconsistent_engine_does_not_hide_translation_defects(runner, project_copy):
    """One run reports the engine's inconsistency and a catalog defect together."""
    path = project_copy / ENGINE
    path.write_text(path.read_text(encoding="utf-8").replace("ally = 10", "ally = 12", 1), encoding="utf-8")
    plant(project_copy, "de", "unit type", "Officer", new="Officer")
    exit_code, problems = validate_json(runner, project_copy)
    assert exit_code == 1
    assert having(problems, "engine-inconsistent", file=str(path))
    assert having(problems, "untranslated", lang="de")
