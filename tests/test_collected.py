"""Everything collected in one run: a broken engine, catalog, art entry and deck list are all reported together."""
from __future__ import annotations

from pathlib import Path

from conftest import invoke, project_args
from pnp.i18n.catalogs import catalog_path

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
