"""`pnp catalogs update` and the staleness check, on a copy of the repository's sources and catalogs."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import LANGS
from pnp.i18n.catalog_sync import in_step, stale
from pnp.i18n.catalogs import DOMAIN_INPUTS, catalog_path
from pnp.project import REPO

CALIBRATION = Path("pnp/sheets/calibration.py")


@pytest.fixture
def repo(tmp_path) -> Path:
    """The extraction's inputs and the catalogs, copied."""
    shutil.copy(REPO / "babel.cfg", tmp_path)
    for path in {p for paths in DOMAIN_INPUTS.values() for p in paths}:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        copy = shutil.copytree if (REPO / path).is_dir() else shutil.copy
        copy(REPO / path, tmp_path / path)
    shutil.copytree(REPO / "locales", tmp_path / "locales", ignore=shutil.ignore_patterns("*.mo"))
    return tmp_path


def expected(repo: Path) -> dict[Path, bytes]:
    """The templates and catalogs as extraction and update make them from the copy (what `pnp catalogs check`
    compares with and `pnp catalogs update` writes)."""
    return in_step(repo, repo / "locales", LANGS)


def update(made: dict[Path, bytes]) -> int:
    """What `pnp catalogs update` does with what extraction and update made (`expected`, not made again where the
    files have not changed since): the files that differ written; how many."""
    changed = {p: d for p, d in made.items() if p.read_bytes() != d}
    for path, data in changed.items():
        path.write_bytes(data)
    return len(changed)


def test_a_changed_source_string_is_stale_in_the_template_and_every_catalog_until_updated(repo):
    source = repo / CALIBRATION
    source.write_text(source.read_text().replace('"Duplex calibration sheet"', '"Duplex test sheet"'))
    made = expected(repo)
    problems = stale(made)
    assert sorted(p.where.file for p in problems) == sorted(
        str(p) for p in [repo / "locales/sheets.pot", *(catalog_path(repo / "locales", l, "sheets") for l in LANGS)])
    assert all("'sheets' catalog" in p.message and "msgid 'Duplex test sheet'" in p.message for p in problems)
    assert update(made) == 1 + len(LANGS)
    again = expected(repo)  # a second run, on the updated files
    assert stale(again) == []
    assert update(again) == 0  # it changes nothing


def test_a_moved_line_is_a_stale_reference_named_with_its_entry(repo):
    source = repo / CALIBRATION
    source.write_text("\n" + source.read_text())
    problems = stale(expected(repo))
    assert problems and all("'sheets' catalog" in p.message and "references" in p.message for p in problems)
    assert "msgctxt 'calibration sheet'" in problems[0].message


def test_a_translation_edited_by_hand_is_kept_and_dates_alone_are_no_change(repo):
    path = catalog_path(repo / "locales", "de", "sheets")
    text = path.read_text()
    path.write_text(text.replace("PO-Revision-Date: 2026", "PO-Revision-Date: 2031"))
    made = expected(repo)
    assert stale(made) == []
    assert update(made) == 0
