"""The session cache of the tests (tests/session_cache.py): a product is made once however many workers ask for it at
the same time, made again when its making failed, and another product, or other inputs, get a folder of their own."""
from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

import pytest

import session_cache
from session_cache import shared


@pytest.fixture(autouse=True)
def one_session_per_test(monkeypatch):
    """Each test's temporary folder is the root of a session of its own, also under pytest-xdist."""
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)


class Factory:
    """The part of pytest's TempPathFactory the cache uses: the session's temporary root."""

    def __init__(self, root: Path):
        self.root = root

    def getbasetemp(self) -> Path:
        return self.root


def _slowly_made(root: Path, log: Path) -> None:
    def make(folder: Path) -> None:
        with log.open("a") as fp:
            fp.write("made\n")
        time.sleep(0.5)  # long enough for the other worker to ask meanwhile
        (folder / "product").write_text("ready")

    assert (shared(Factory(root), ("product",), make) / "product").read_text() == "ready"


def test_two_workers_asking_at_once_make_a_product_once(tmp_path):
    log = tmp_path / "log"
    fork = multiprocessing.get_context("fork")
    workers = [fork.Process(target=_slowly_made, args=(tmp_path, log)) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(30)
    assert [worker.exitcode for worker in workers] == [0, 0]
    assert log.read_text() == "made\n"


def test_a_product_whose_making_failed_is_made_again(tmp_path):
    def failing(folder: Path) -> None:
        (folder / "half").write_text("half")
        raise RuntimeError("failed")

    with pytest.raises(RuntimeError):
        shared(Factory(tmp_path), ("product",), failing)
    folder = shared(Factory(tmp_path), ("product",), lambda out: (out / "whole").write_text("whole"))
    assert sorted(path.name for path in folder.iterdir()) == ["whole"]


def test_another_product_or_other_inputs_get_their_own_folder(tmp_path, monkeypatch):
    def make(folder: Path) -> None:
        (folder / "made").write_text("")

    first = shared(Factory(tmp_path), ("product", 1), make)
    assert shared(Factory(tmp_path), ("product", 1), make) == first
    assert shared(Factory(tmp_path), ("product", 2), make) != first
    monkeypatch.setattr(session_cache, "sources_digest", lambda: "other inputs or code")
    assert shared(Factory(tmp_path), ("product", 1), make) != first


def test_a_value_is_made_once_per_session_and_outside_a_session_each_time(tmp_path, monkeypatch):
    made = []

    def make() -> dict[str, bytes]:
        made.append(1)
        return {"book.pdf": b"%PDF"}

    monkeypatch.setattr(session_cache, "_SESSION", [])
    assert session_cache.shared_value(("value",), make) == {"book.pdf": b"%PDF"} and len(made) == 1
    session_cache.remember_session(Factory(tmp_path))
    assert [session_cache.shared_value(("value",), make) for _ in range(2)] == [{"book.pdf": b"%PDF"}] * 2
    assert len(made) == 2
