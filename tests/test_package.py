"""A real package: the wheel carries the code, layouts, templates and the bundled data, catalogs and fonts, and a
non-editable install into a fresh environment builds the kit from an empty folder (the slowest test: ~1 min)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from pnp.project import REPO

SOURCE_IGNORE = shutil.ignore_patterns(".git", ".venv", "out", "build", "*.egg-info", "__pycache__", ".pytest_cache",
                                       "tests", "docs", "*.mo", ".scratch")


def expected_members() -> set[str]:
    """Every file the installed package needs, as wheel paths."""
    members = {str(p.relative_to(REPO)) for pattern in ("pnp/**/*.py", "pnp/layouts/*.toml", "pnp/rulebook/templates/*.j2",
                                                          "pnp/proof/templates/*") for p in REPO.glob(pattern)}
    for folder, patterns in (("data", ("*.toml", "cards/*.toml")), ("fonts", ("*.ttf", "*.txt")),
                             ("locales", ("*.pot", "*.toml", "*/LC_MESSAGES/*.po"))):
        members |= {f"pnp/_bundled/{p.relative_to(REPO)}" for pattern in patterns for p in (REPO / folder).glob(pattern)}
    return members


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    if not (REPO / "setup.py").is_file():
        pytest.skip("runs from a source checkout")
    root = tmp_path_factory.mktemp("package")
    shutil.copytree(REPO, root / "src", ignore=SOURCE_IGNORE)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--disable-pip-version-check",
                    "-w", root / "dist", root / "src"], check=True, capture_output=True)
    return next((root / "dist").glob("*.whl"))


def test_the_wheel_carries_code_layouts_templates_data_catalogs_and_fonts(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = expected_members()
    assert len(expected) > 120 and "pnp/_bundled/locales/tr/LC_MESSAGES/rulebook.po" in expected
    assert expected <= names, sorted(expected - names)
    assert not [n for n in names if "__pycache__" in n or n.endswith((".mo", ".pyc"))]


def test_a_non_editable_install_builds_the_kit_from_an_empty_folder(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    subprocess.run([venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel],
                   check=True, capture_output=True)
    empty = tmp_path / "anywhere"
    empty.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    run = subprocess.run([venv / "bin" / "pnp", "build", "--lang", "de"], cwd=empty, env=env, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    built = sorted(str(p.relative_to(empty)) for p in empty.rglob("*.pdf"))
    assert built == ["out/de/cards/" + f + ".pdf" for f in
                     ("carthage", "dacia", "egypt", "macedon", "persia", "rome", "sparta")] + [
        "out/de/rulebook.pdf", "out/de/scoresheet.pdf", "out/de/tokens.pdf"]
    installed = subprocess.run([venv / "bin" / "python", "-c", "import pnp.project; print(pnp.project.REPO)"],
                               cwd=empty, env=env, capture_output=True, text=True, check=True).stdout
    assert "site-packages" in installed and "_bundled" in installed
