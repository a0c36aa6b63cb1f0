"""Inputs as a hostile user names them: a FIFO, a link to an endless device, a file over its kind's limit. Each is
one located line at once (exit 1), never a hang, never a traceback, never the memory filled."""
from __future__ import annotations

import os
import shutil
import signal

import pytest

from conftest import invoke, project_args
from pnp.core.input_files import LIMITS, InputRefused, read_input
from pnp.layouts.schemas import LAYOUTS


@pytest.fixture(autouse=True)
def watchdog():
    """A test that waits for ever fails instead (a FIFO opened for reading blocks until a writer comes)."""
    def hang(number, frame):
        raise TimeoutError("the command waited on an input")
    previous = signal.signal(signal.SIGALRM, hang)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


MAKE = {"fifo": (lambda path, kind: os.mkfifo(path), "a FIFO (named pipe)"),
        "endless device": (lambda path, kind: os.symlink("/dev/zero", path), "a character device"),
        "too large": (lambda path, kind: path.write_bytes(b"#" * (LIMITS[kind] + 1)), "MB, the limit for a"),
        "folder": (lambda path, kind: path.mkdir(), "a folder")}
INPUTS = {"engine data": ("data/engine.toml", "toml"), "card file": ("data/cards/rome.toml", "toml"),
          "catalog": ("locales/de/LC_MESSAGES/cards.po", "catalog"), "glossary": ("locales/glossary.toml", "toml"),
          "layout": ("layouts/card.toml", "toml"), "languages": ("locales/languages.toml", "toml")}


@pytest.mark.parametrize("make", MAKE, ids=list(MAKE))
@pytest.mark.parametrize("name", INPUTS, ids=list(INPUTS))
def test_an_input_that_is_no_regular_file_or_too_large_is_one_located_line(runner, project_copy, name, make):
    shutil.copytree(LAYOUTS, project_copy / "layouts", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    file, kind = INPUTS[name]
    target = project_copy / file
    target.unlink()
    MAKE[make][0](target, kind)
    result = invoke(runner, "validate", "--lang", "de", "--layouts", project_copy / "layouts",
                    *project_args(project_copy))
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.startswith(str(target))]
    assert len(lines) == 1 and MAKE[make][1] in lines[0], result.output


@pytest.mark.parametrize("make", ["fifo", "endless device"])
def test_a_deck_list_that_never_ends_is_refused(runner, tmp_path, make):
    deck = tmp_path / "deck.toml"
    MAKE[make][0](deck, "toml")
    result = invoke(runner, "deck", "check", deck)
    assert result.exit_code == 1 and MAKE[make][1] in result.output and str(deck) in result.output


def test_a_file_over_the_limit_is_refused_after_one_byte_more(tmp_path, monkeypatch):
    """A file that grows after its size was read (or a /proc file of size 0) is cut at the limit, not read on."""
    path = tmp_path / "a.toml"
    path.write_bytes(b"x" * 101)
    monkeypatch.setitem(LIMITS, "toml", 100)
    monkeypatch.setattr(os, "fstat", lambda fd, real=os.fstat: os.stat_result((*real(fd)[:6], 0, *real(fd)[7:])))
    with pytest.raises(InputRefused, match="larger than 100 bytes"):
        read_input(path, "toml")
    path.write_bytes(b"x" * 100)
    assert read_input(path, "toml") == b"x" * 100


@pytest.mark.parametrize("text", ["x = " + "[" * 5000 + "]" * 5000, "x = " + "{a = " * 800 + "1" + "}" * 800,
                                  "[" + ".".join(["a"] * 3000) + "]\nb = 1", "x = " + "[" * 21 + "]" * 21],
                         ids=["deep lists", "deep inline tables", "deep dotted table", "21 levels"])
def test_a_deeply_nested_toml_is_one_located_problem(runner, tmp_path, text):
    deck = tmp_path / "deck.toml"
    deck.write_text(text)
    result = invoke(runner, "deck", "check", deck)
    assert result.exit_code == 1 and f"{deck}: error toml-nesting: tables and lists nested more than 20" in result.output
