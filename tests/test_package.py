"""A real package: the wheel carries the code, layouts, templates, icons, hyphenation patterns and the bundled data,
catalogs and fonts, and a non-editable install into a fresh environment builds the kit from an empty folder.

Everything works offline: the wheel is built without build isolation by the setuptools of the test environment
(the `test` extra pins it), and the fresh environment gets the wheel alone (`--no-deps --no-index`), its
dependencies from the test environment's site-packages through a .pth file (~1 min, the slowest test here)."""
from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from pnp.project import REPO

SOURCE_IGNORE = shutil.ignore_patterns(".git", ".venv", "out", "build", "*.egg-info", "__pycache__", ".pytest_cache",
                                       "tests", "docs", "*.mo", ".scratch")
BUNDLED = ("data/", "locales/", "fonts/")  # in the wheel as pnp/_bundled/<folder>/
MAINTAINERS_ONLY = ("fonts/derive.py", "fonts/src/")  # derive the bundled fonts; not needed to build a kit
# What a kit needs, by kind: a wheel path prefix and file ending each; each kind must be in the wheel.
KINDS = {"code": ("pnp/", ".py"), "layouts": ("pnp/layouts/", ".toml"), "rulebook templates":
         ("pnp/rulebook/templates/", ".j2"), "proof templates": ("pnp/proof/templates/", ".html.j2"),
         "icons": ("pnp/icons/", ".svg"), "hyphenation patterns": ("pnp/typeset/patterns/", ".dic"),
         "fonts": ("pnp/_bundled/fonts/", ".ttf"), "engine data": ("pnp/_bundled/data/", "engine.toml"),
         "cards": ("pnp/_bundled/data/cards/", ".toml"), "catalogs": ("pnp/_bundled/locales/", ".po"),
         "word lists": ("pnp/_bundled/locales/", "glossary.toml")}


def expected_members() -> set[str]:
    """Every tracked file of the package and of the bundled folders, as wheel paths (maintainers' tools aside)."""
    listed = subprocess.run(["git", "ls-files", "pnp", *BUNDLED], cwd=REPO, capture_output=True, text=True)
    if listed.returncode != 0 or not listed.stdout:
        pytest.skip("lists the package's files with git: runs from a git checkout")
    members = set()
    for path in listed.stdout.splitlines():
        if path.startswith(MAINTAINERS_ONLY) or not (REPO / path).is_file():
            continue
        members.add(f"pnp/_bundled/{path}" if path.startswith(BUNDLED) else path)
    return members


def build_backend_missing() -> str | None:
    """Why the wheel cannot be built offline here, or None."""
    try:
        version = importlib.metadata.version("setuptools")
    except importlib.metadata.PackageNotFoundError:
        return "setuptools is not installed (pip install -e '.[test]' installs it)"
    if tuple(int(part) for part in version.split(".")[:2]) < (77, 0):
        return f"setuptools {version} is too old to build the wheel (>= 77 needed; the test extra installs it)"
    return None


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    if not (REPO / "setup.py").is_file():
        pytest.skip("runs from a source checkout")
    if reason := build_backend_missing():
        pytest.skip(reason)
    root = tmp_path_factory.mktemp("package")
    shutil.copytree(REPO, root / "src", ignore=SOURCE_IGNORE)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                            "--disable-pip-version-check", "-w", root / "dist", root / "src"],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stdout + built.stderr
    return next((root / "dist").glob("*.whl"))


def test_the_wheel_carries_code_layouts_templates_icons_patterns_data_catalogs_and_fonts(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = expected_members()
    for kind, (prefix, ending) in KINDS.items():
        assert any(n.startswith(prefix) and n.endswith(ending) for n in expected), f"no {kind} in the checkout?"
        assert any(n.startswith(prefix) and n.endswith(ending) for n in names), f"the wheel has no {kind}"
    assert expected <= names, f"missing from the wheel: {sorted(expected - names)}"
    assert not [n for n in names if "__pycache__" in n or n.endswith((".mo", ".pyc"))]
    assert not [n for n in names if n.startswith(("tests/", "fonts/", "data/", "locales/"))]


def test_a_non_editable_install_builds_the_kit_from_an_empty_folder(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)  # pip's own copy: 5 s of CPU
    python = venv / "bin" / "python"
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
                                "--disable-pip-version-check", wheel], capture_output=True, text=True)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    site = Path(subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    # the dependencies: appended to sys.path after the venv's own site-packages (where the wheel's pnp is)
    deps = dict.fromkeys(sysconfig.get_paths()[key] for key in ("purelib", "platlib"))
    (site / "test-dependencies.pth").write_text("".join(f"{path}\n" for path in deps))
    empty = tmp_path / "anywhere"
    empty.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    run = subprocess.run([venv / "bin" / "pnp", "build", "--lang", "de"], cwd=empty, env=env, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    built = sorted(str(p.relative_to(empty)) for p in empty.rglob("*") if p.is_file())
    assert built == ["out/de/cards/" + f + ".pdf" for f in
                     ("carthage", "dacia", "egypt", "macedon", "persia", "rome", "sparta")] + [
        "out/de/quickref.pdf", "out/de/rulebook.pdf", "out/de/rules-reference.pdf", "out/de/scoresheet.pdf",
        "out/de/tokens.pdf"]
    where = subprocess.run([python, "-c", "import pnp, pnp.project; print(pnp.__file__); print(pnp.project.REPO)"],
                           cwd=empty, env=env, capture_output=True, text=True, check=True).stdout.split()
    assert where == [str(site / "pnp" / "__init__.py"), str(site / "pnp" / "_bundled")]
