"""Shared fixtures: the repository's inputs, temporary copies to mutate, and a CLI runner."""
from __future__ import annotations

import gc
import json
import os
import shutil
import signal
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.project import REPO

LANGS = ("de", "pl", "tr", "es", "pt")

# A test process keeps kits, rulebooks and loaded inputs alive in its caches; with Python's default thresholds
# (700, 10, 10) the collector walks them thousands of times a module (6 % of the rulebook, catalog and deck tests'
# time); these thresholds leave a third of that.
gc.set_threshold(50_000, 50, 100)


@pytest.fixture(scope="session", autouse=True)
def interruptible():
    """Ctrl-C raises KeyboardInterrupt in the tests, and in the processes they start, as in any interactive run, even
    when the test command was started with SIGINT ignored (a background job of a non-interactive shell)."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(scope="session", autouse=True)
def one_process_per_test():
    """The tests already run on every core (pytest-xdist): a command they run (in this process or as a child) starts
    no worker pool of its own unless the test asks for one with --jobs N (PNP_JOBS is --jobs' default), so no core
    is asked for twice and the caches the test's process warmed stay in use."""
    os.environ["PNP_JOBS"] = "1"


@pytest.fixture(scope="session", autouse=True)
def shared_values(tmp_path_factory):
    """What several workers only read is made once per session (session_cache.shared_value) in its folders, and
    pnp's caches across runs (docs/caches.md) are a folder of the session's instead of the user's: the tests neither
    read what other runs left there nor leave anything in it."""
    from session_cache import remember_session, session_root
    remember_session(tmp_path_factory)
    os.environ["XDG_CACHE_HOME"] = str(session_root(tmp_path_factory) / "user-cache")


@pytest.fixture(scope="session")
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def project_copy(tmp_path: Path) -> Path:
    """A writable copy of data/ and locales/ under tmp_path, for planting defects."""
    shutil.copytree(REPO / "data", tmp_path / "data")
    shutil.copytree(REPO / "locales", tmp_path / "locales", ignore=shutil.ignore_patterns("*.mo"))
    return tmp_path


def invoke(runner: CliRunner, *args):
    """Run `pnp ARGS` in-process; whatever the outcome, it must end without a traceback."""
    result = runner.invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def child_processes(pid: int) -> list[int]:
    """The child processes of `pid` (Linux /proc)."""
    return [int(child) for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()]


def project_args(root: Path) -> list[str]:
    return ["--data", str(root / "data"), "--locales", str(root / "locales")]


@pytest.fixture(scope="session")
def exported(runner) -> dict[str, list[dict]]:
    """`pnp export cards --lang X` for the source language and every translation."""
    result = {}
    for lang in ("en",) + LANGS:
        run = runner.invoke(main, ["export", "cards", "--lang", lang])
        assert run.exit_code == 0, run.output
        result[lang] = json.loads(run.stdout)
    return result
