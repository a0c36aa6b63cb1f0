"""Products that several test modules only read, made once per test session for every pytest-xdist worker.

Each product is a folder under the session's temporary root (shared by its workers), named by a hash of what it is
(its description: the command or the options), of the repository's inputs and of pnp's code; a file lock lets one
worker make it while the others wait, and a folder is used only once it is complete. The tests of building itself
(signals, pools, byte-identity, the package) keep building.
"""
from __future__ import annotations

import functools
import hashlib
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable, TypeVar

import pytest
from filelock import FileLock

from conftest import invoke
from pnp.core import disk_cache
from pnp.layouts.schemas import LAYOUTS
from pnp.project import REPO

SOURCES = ("pnp", "data", "locales", "fonts")  # what the products are made from (compiled catalogs left out)
T = TypeVar("T")
_SESSION: list[pytest.TempPathFactory] = []  # the test session's, for `shared_value` (conftest's `shared_values`)


@functools.cache
def sources_digest() -> str:
    """A hash of every file the products are made from, names and bytes."""
    digest = hashlib.sha256()
    for folder in SOURCES:
        for path in sorted((REPO / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".mo":
                digest.update(f"{path.relative_to(REPO)}\0".encode() + path.read_bytes())
    return digest.hexdigest()


def session_root(factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of the whole test session, which its workers share."""
    root = factory.getbasetemp()
    return root.parent if os.environ.get("PYTEST_XDIST_WORKER") else root  # a worker's root is a folder of it


def shared(factory: pytest.TempPathFactory, what: tuple, make: Callable[[Path], None]) -> Path:
    """The folder of the product `what`, made by `make(folder)` unless a worker of this session has made it."""
    key = hashlib.sha256(f"{what!r}\0{sources_digest()}".encode()).hexdigest()[:20]
    folder = session_root(factory) / "shared" / key
    folder.parent.mkdir(exist_ok=True)
    with FileLock(folder.with_suffix(".lock")):
        if not folder.with_suffix(".done").exists():
            shutil.rmtree(folder, ignore_errors=True)  # what a worker that failed making it left
            folder.mkdir()
            make(folder)
            folder.with_suffix(".done").write_text(repr(what), encoding="utf-8")
    return folder


def remember_session(factory: pytest.TempPathFactory) -> None:
    _SESSION[:] = [factory]


def shared_value(what: tuple, make: Callable[[], T]) -> T:
    """`make()`, made once per test session for every worker (stored pickled, like `shared`'s products); outside a
    test session (while the tests are collected) made here."""
    if not _SESSION:
        return make()
    folder = shared(_SESSION[0], what, lambda into: (into / "value.pickle").write_bytes(pickle.dumps(make())))
    return pickle.loads((folder / "value.pickle").read_bytes())


def files_in(folder: Path) -> dict[Path, bytes]:
    """Every file under `folder` by its path relative to it."""
    return {path.relative_to(folder): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def write_files(files: dict[Path, bytes], folder: Path) -> None:
    for path, data in files.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_bytes(data)


def built_kit(factory: pytest.TempPathFactory, runner, out: Path, langs: tuple[str, ...], *args: str) -> Path:
    """`out` holding what `pnp build --lang LANGS ARGS --out out` writes: each language's files made once per session
    by `pnp build --lang LANG ARGS` (a build makes each language alone) and copied into `out`."""
    for lang in langs:
        def build(folder: Path, lang: str = lang) -> None:
            result = invoke(runner, "build", "--lang", lang, *args, "--out", folder)
            assert result.exit_code == 0, result.output

        shutil.copytree(shared(factory, ("build", lang, *args), build), out, dirs_exist_ok=True)
    return out


def shared_layouts(file: str, old: str, new: str) -> Path:
    """A layouts folder for `--layouts` (a folder of one's own, as a user passes it): the bundled layout files with
    `old` replaced by `new` in `file` (e.g. a lower resolution in export.toml), made once per test session."""
    def make(folder: Path) -> None:
        shutil.copytree(LAYOUTS, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"), dirs_exist_ok=True)
        text = (folder / file).read_text(encoding="utf-8")
        assert text.count(old) == 1, (file, old)
        (folder / file).write_text(text.replace(old, new), encoding="utf-8")

    return shared(_SESSION[0], ("layouts", file, old, new), make)


def run_pnp(out: Path | None, cache: Path | None, *args: str, cwd: Path = REPO) -> None:
    """`pnp *args --out OUT` (without OUT: `pnp *args`) in a fresh process run in the folder `cwd`, with the cache
    folder under `cache`, or with the caches off (None)."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)} if cache else {**os.environ, disk_cache.OFF: "1"}
    subprocess.run([sys.executable, "-m", "pnp", *args, *(("--out", str(out)) if out else ())], cwd=cwd, env=env,
                   check=True, capture_output=True)


def cold_proof_site(lang: str) -> Path:
    """A folder holding `site`, what `pnp proof --lang LANG --jobs 1` writes in a fresh process with every cache of
    pnp cold, and `cache`, the cache folder that run filled; made once per test session."""
    def make(folder: Path) -> None:
        run_pnp(folder / "site", folder / "cache", "proof", "--lang", lang, "--jobs", "1")

    return shared(_SESSION[0], ("pnp proof, every cache cold", lang), make)
