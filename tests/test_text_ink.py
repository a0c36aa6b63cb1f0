"""One ink for text: every text run under 14 pt of every PDF of the kit (cards, tokens, score sheet, rulebook on
A4, Letter and as a booklet, calibration sheet) is filled with one ink at most — black (K only), paper white or a
single-ink tint — read back from the content streams; the rulebook's tables print in the same colour on every
paper."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import invoke
from pdf_ops import shared_printed
from session_cache import built_kit

DISPLAY = 14.0  # pt: display type may keep its colours


def one_ink(fill: tuple) -> bool:
    operator, values = fill
    return operator in ("g", "k") and sum(1 for v in values if v) <= 1


@pytest.fixture(scope="module")
def kit(runner, tmp_path_factory) -> dict[str, list[Path]]:
    """`pnp build --lang de,tr --booklet` on A4 (the default paper) and on Letter (session_cache.built_kit: made once
    per session), and `pnp calibrate --lang pl`."""
    out = tmp_path_factory.mktemp("inks")
    built_kit(tmp_path_factory, runner, out / "a4", ("de", "tr"), "--booklet")
    built_kit(tmp_path_factory, runner, out / "letter", ("de", "tr"), "--booklet", "--paper", "letter")
    (out / "calibration").mkdir()
    result = invoke(runner, "calibrate", "--lang", "pl", "--out", str(out / "calibration" / "calibration-pl.pdf"))
    assert result.exit_code == 0, result.output
    return {paper: sorted((out / paper).rglob("*.pdf")) for paper in ("a4", "letter", "calibration")}


def test_text_under_14_pt_prints_in_one_ink_on_every_product_and_paper(kit):
    names = {path.name for paths in kit.values() for path in paths}
    assert {"rome.pdf", "tokens.pdf", "scoresheet.pdf", "rulebook.pdf", "rulebook-booklet.pdf"} <= names
    assert any(name.startswith("calibration") for name in names)
    for path in (path for paths in kit.values() for path in paths):
        runs, _ = shared_printed(path.read_bytes())
        assert runs, path
        rich = {(run.font, run.size, run.fill) for run in runs if run.size < DISPLAY and not one_ink(run.fill)}
        assert not rich, f"{path}: {sorted(rich)[:5]}"


def test_the_rulebook_tables_print_in_the_same_colour_on_a4_letter_and_in_the_booklet(kit):
    fills = {}
    for paper in ("a4", "letter"):
        for path in kit[paper]:
            if path.name.startswith("rulebook"):
                runs, _ = shared_printed(path.read_bytes())
                fills[path] = {run.fill for run in runs if run.font.endswith("Tabular-Regular")}
    assert len(fills) == 8 and all(fills.values())
    assert len({frozenset(found) for found in fills.values()}) == 1
