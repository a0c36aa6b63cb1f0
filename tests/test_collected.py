"""Everything collected in one run: a broken engine, catalog, art entry and deck list are all reported together."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import invoke, project_args
from pnp.i18n.catalogs import catalog_path
from pnp.layouts.schemas import LAYOUTS

DECKS = Path(__file__).parent / "fixtures" / "decks"


def plant(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def error_codes(output: str) -> list[str]:
    return sorted(line.split(": error ")[1].split(":")[0] for line in output.splitlines() if ": error " in line)


def test_a_broken_catalog_does_not_hide_the_other_languages_problems(runner, project_copy):
    plant(catalog_path(project_copy / "locales", "pl", "cards"), 'msgid ""\nmsgstr ""\n', 'msgid ""\nmsgstr "\n')
    plant(catalog_path(project_copy / "locales", "de", "cards"), "erhält diese Karte 1 DEF", "erhält diese Karte 2 DEF")
    result = invoke(runner, "validate", "--lang", "de,pl", *project_args(project_copy))
    assert result.exit_code == 1
    assert error_codes(result.output) == ["number-mismatch", "po-syntax"], result.output


def test_engine_catalog_art_and_deck_problems_come_in_one_run(runner, project_copy):
    plant(project_copy / "data" / "engine.toml", "start = 20 ", "# start removed ")
    plant(catalog_path(project_copy / "locales", "tr", "sheets"), 'msgid ""\nmsgstr ""\n', 'msgid ""\nmsgstr "\n')
    art = project_copy / "art"
    (art / "rome.hastati-line.png").mkdir(parents=True)
    result = invoke(runner, "build", "--lang", "tr", "--deck", DECKS / "illegal-syntax.toml", "--art", art,
                    "--out", project_copy / "out", *project_args(project_copy))
    assert result.exit_code == 1
    assert error_codes(result.output) == ["art-unreadable", "engine-missing", "po-syntax", "toml-syntax"], result.output
    assert not (project_copy / "out").exists()


# An input that cannot be read, and the code of its problem. Each hides nothing: the catalog checks that do without
# it still run in the same pass.
BROKEN = {
    "engine": ("data/engine.toml", "start = 20 ", "# start removed ", "engine-missing"),
    "cards": ("data/cards/rome.toml", '[[cards]]\nid = "rome.hastati-line"', '[[cards]]\nid = 7', "card-type"),
    "word lists": ("locales/glossary.toml", '[de.terms.stat]\nATK = "ATK"', '[de.terms.stat]\nATK = ATK',
                   "toml-syntax"),
}


def plant_catalog_defects(root: Path) -> list[str]:
    """A placeholder (pl), a stray format field (tr) and an empty translation (es), all in the sheets' catalogs,
    that need neither engine data nor cards nor word lists to be found; their codes."""
    locales = root / "locales"
    plant(catalog_path(locales, "pl", "sheets"), 'msgstr "Punkty życia ({stat})"', 'msgstr "Punkty życia ({stats})"')
    plant(catalog_path(locales, "tr", "sheets"), 'msgstr "Oyuncu"', 'msgstr "Oyuncu {0}"')
    plant(catalog_path(locales, "es", "sheets"), 'msgid "Player"\nmsgstr "Jugador"', 'msgid "Player"\nmsgstr ""')
    return ["placeholder-missing", "placeholder-unknown", "text-format-field", "translation-empty"]


def test_the_card_file_s_own_cards_are_still_expected_in_every_language(runner, project_copy):
    """Without the cards, a card string one language lacks is still found against the others."""
    broken, old, new, code = BROKEN["cards"]
    plant(project_copy / broken, old, new)
    plant(catalog_path(project_copy / "locales", "de", "cards"), 'msgctxt "rome.testudo:name"',
          'msgctxt "rome.testudo:gone"')
    result = invoke(runner, "validate", "--lang", "de,pl", *project_args(project_copy))
    assert result.exit_code == 1
    assert "card rome.testudo [de] field 'name': error translation-missing" in result.output, result.output


@pytest.mark.parametrize("broken", BROKEN)
def test_an_unreadable_input_hides_no_catalog_problem(runner, project_copy, broken):
    path, old, new, code = BROKEN[broken]
    plant(project_copy / path, old, new)
    planted = plant_catalog_defects(project_copy)
    result = invoke(runner, "validate", *project_args(project_copy))
    assert result.exit_code == 1
    assert set(error_codes(result.output)) == {code, *planted}, result.output


def test_a_build_reports_engine_catalog_art_and_deck_problems_in_one_run(runner, project_copy):
    """Broken engine data: the cards still name their art, so a corrupt image is found in the same run."""
    plant(project_copy / "data" / "engine.toml", "start = 20 ", "# start removed ")
    planted = plant_catalog_defects(project_copy)
    plant(catalog_path(project_copy / "locales", "de", "cards"), "erhält diese Karte 1 DEF", "erhält diese Karte 2 DEF")
    art = project_copy / "art"
    art.mkdir()
    (art / "rome.hastati-line.png").write_bytes(b"not an image")
    result = invoke(runner, "build", "--deck", DECKS / "illegal-syntax.toml", "--art", art,
                    "--out", project_copy / "out", *project_args(project_copy))
    assert result.exit_code == 1
    assert set(error_codes(result.output)) == {"engine-missing", "number-mismatch", "art-corrupt", "toml-syntax",
                                               *planted}, result.output
    assert not (project_copy / "out").exists()


def test_a_broken_layout_hides_nothing_and_is_reported_once(runner, project_copy):
    """The layout file every A4 sheet of the build reads, missing beside broken engine data and a catalog defect:
    three problems, each once."""
    layouts = project_copy / "layouts"
    shutil.copytree(LAYOUTS, layouts)
    (layouts / "home-a4.toml").unlink()
    plant(project_copy / "data" / "engine.toml", "start = 20 ", "# start removed ")
    plant(catalog_path(project_copy / "locales", "de", "cards"), "erhält diese Karte 1 DEF", "erhält diese Karte 2 DEF")
    result = invoke(runner, "build", "--lang", "de", "--layouts", layouts, "--out", project_copy / "out",
                    *project_args(project_copy))
    assert result.exit_code == 1
    assert error_codes(result.output) == ["engine-missing", "layout-missing", "number-mismatch"], result.output
    assert not (project_copy / "out").exists()


def test_a_missing_layout_read_by_several_checks_is_one_problem(runner, project_copy):
    layouts = project_copy / "layouts"
    shutil.copytree(LAYOUTS, layouts)
    (layouts / "home-a4.toml").unlink()
    result = invoke(runner, "build", "--lang", "de", "--layouts", layouts, "--out", project_copy / "out",
                    *project_args(project_copy))
    assert result.exit_code == 1
    assert error_codes(result.output) == ["layout-missing"], result.output


def test_deck_check_reports_broken_engine_data_and_the_deck_list_s_own_problems(runner, project_copy):
    plant(project_copy / "data" / "engine.toml", "start = 20 ", "# start removed ")
    result = invoke(runner, "deck", "check", DECKS / "illegal-syntax.toml", *project_args(project_copy))
    assert result.exit_code == 1
    assert error_codes(result.output) == ["engine-missing", "toml-syntax"], result.output


@pytest.mark.parametrize("command", [("deck", "check"), ("build", "--lang", "de", "--deck")])
def test_with_broken_engine_data_a_deck_list_s_card_ids_are_still_checked_against_the_cards(runner, project_copy,
                                                                                           command):
    plant(project_copy / "data" / "engine.toml", "start = 20 ", "# start removed ")
    result = invoke(runner, *command, DECKS / "illegal-list.toml", *project_args(project_copy))
    assert result.exit_code == 1
    assert error_codes(result.output) == ["deck-count", "deck-count", "deck-unknown-card", "deck-unknown-key",
                                          "engine-missing"], result.output
    assert "did you mean 'rome.hastati-line'?" in result.output


@pytest.mark.parametrize("export", ["images", "tts"])
def test_an_export_reports_its_broken_layout_with_broken_engine_data(runner, project_copy, export):
    layouts = project_copy / "layouts"
    shutil.copytree(LAYOUTS, layouts)
    plant(layouts / "export.toml", "\n[", "\n[[[\n[")
    plant(project_copy / "data" / "engine.toml", "start = 20 ", "# start removed ")
    result = invoke(runner, "export", export, "--lang", "de", "--layouts", layouts, "--out", project_copy / "out",
                    *project_args(project_copy))
    assert result.exit_code == 1
    assert error_codes(result.output) == ["engine-missing", "toml-syntax"], result.output
    assert not (project_copy / "out").exists()


@pytest.mark.parametrize("layout, old, new, code", [
    ("card.toml", "safe = 3.0", "safe = 3.5", "layout-safe-zone"),
    ("scoresheet.toml", "fit_step = 0.25", "fit_step = 0", "layout-value"),
    ("export.toml", "dpi = [300, 600]", "dpi = []", "layout-value")])
def test_validate_reports_a_layout_defect_behind_a_broken_catalog_as_build_does(runner, project_copy, layout, old,
                                                                               new, code):
    """The only language's catalog cannot be read, so no print check runs: the layout files are still checked,
    every layout defect listed (before: validate said only po-syntax where build named the layout too)."""
    layouts = project_copy / "layouts"
    shutil.copytree(LAYOUTS, layouts, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    plant(layouts / layout, old, new)
    plant(catalog_path(project_copy / "locales", "de", "cards"), 'msgid ""\nmsgstr ""\n', 'msgid ""\nmsgstr "\n')
    args = ["--lang", "de", "--layouts", layouts, *project_args(project_copy)]
    validated = invoke(runner, "validate", *args)
    assert validated.exit_code == 1 and {"po-syntax", code} <= set(error_codes(validated.output))
    assert len(validated.output.splitlines()) == len(set(validated.output.splitlines()))  # each once
    built = invoke(runner, "build", *args, "--out", project_copy / "out")
    built_errors = {line for line in built.output.splitlines() if ": error " in line}
    assert built_errors <= {line for line in validated.output.splitlines() if ": error " in line}
