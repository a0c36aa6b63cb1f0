"""`pnp validate` is the gate: every problem a producer raises while rendering, `pnp validate` reports first on the
same input, and `pnp build` fails with it before rendering (no traceback, nothing written)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from conftest import invoke, project_args
from pnp.i18n.catalogs import LANGS, catalog_path
from pnp.problems import ProblemsFound
from pnp.project import Project, read_inputs
from pnp.rulebook import rulebook_pdfs
from pnp.sheets.pdf import scoresheet_pdf
from pnp.sheets.scoresheet import NOTES
from pnp.typeset.fonts import register_fonts


def _rulebook(inputs, fonts):
    return rulebook_pdfs(inputs.engine, inputs.cards, inputs.catalogs["de"], fonts, "a4", booklet=True)


def _scoresheet(inputs, fonts):
    return scoresheet_pdf(inputs.engine, inputs.catalogs["de"], fonts, "a4")


def _engine(old: str, new: str):
    def change(root: Path) -> None:
        path = root / "data/engine.toml"
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return change


def _drop_everywhere(pair: tuple[str, str]):
    """A message the code uses but no catalog has (the completeness check compares catalogs with each other)."""
    def change(root: Path) -> None:
        for lang in LANGS:
            path = catalog_path(root / "locales", lang, "sheets")
            with path.open("rb") as fp:
                catalog = read_po(fp, locale=lang)
            catalog.delete(pair[1], context=pair[0])
            with path.open("wb") as fp:
                write_po(fp, catalog)
    return change


CASES = {
    # the seed's wording "the first player does not draw" cannot follow the value
    "rulebook-wording": (_engine("draws = 0 ", "draws = 1 "), _rulebook),
    # the worked examples' stories no longer hold
    "rulebook-example": (_engine("floor = 1 ", "floor = 5 "), _rulebook),
    # the quick reference's energy schedule gets 99 columns (ReportLab used to crash on it)
    "rulebook-table-overflow": (_engine("rise_from_turn = 3 ", "rise_from_turn = 99 "), _rulebook),
    # the score sheet has no room for the energy cap's tick boxes
    "sheet-no-room": (_engine("cap = 12 ", "cap = 40 "), _scoresheet),
    # a message of the code in no catalog
    "translation-missing": (_drop_everywhere(NOTES), _scoresheet),
}


@pytest.mark.parametrize("code", CASES)
def test_validate_reports_what_the_producer_raises(code, runner, project_copy, tmp_path):
    change, producer = CASES[code]
    change(project_copy)
    project = Project(data=project_copy / "data", locales=project_copy / "locales")
    inputs, _ = read_inputs(project, ("de",))  # engine values may disagree with each other (floor > printed)
    with pytest.raises(ProblemsFound) as raised:
        producer(inputs, register_fonts(project.fonts))
    assert code in {p.code for p in raised.value.problems}

    result = invoke(runner, "validate", "--lang", "de", "--format", "json", *project_args(project_copy))
    assert result.exit_code == 1
    assert code in {p["code"] for p in json.loads(result.stdout)}

    out = tmp_path / "kit"
    built = invoke(runner, "build", "--lang", "de", "--out", out, *project_args(project_copy))
    assert built.exit_code == 1 and code in built.output and not out.exists()
