"""The README is a landing page: at most 150 lines, its links lead to files that exist, and its set-up and test
commands are the ones CI runs (.ci/run), so what a new user types is what is tested."""
from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")
CI = (REPO / ".ci" / "run").read_text(encoding="utf-8")


def _commands(block: str) -> list[str]:
    """The commands of a shell block, split at && (comments dropped)."""
    return [part.strip() for line in block.splitlines() for part in line.split("#")[0].split("&&") if part.strip()]


def _blocks() -> list[str]:
    return re.findall(r"```sh\n(.*?)```", README, re.S)


def test_the_readme_is_short():
    assert len(README.splitlines()) <= 150


def test_every_link_leads_to_a_file():
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README):
        assert (REPO / target).exists(), target


def test_the_set_up_and_test_commands_are_what_ci_runs():
    (setup,) = [_commands(block) for block in _blocks() if "python3 -m venv" in block]
    (tests,) = [_commands(block) for block in _blocks() if "pytest" in block]
    ci = [line.removeprefix("exec ").strip() for line in CI.splitlines()]
    assert setup[-1] == ".venv/bin/pnp build" and tests[-1] == ".venv/bin/python -m pytest"
    assert setup[0] in ci and setup[2] in ci  # the venv and compileall
    found = [ci.index(command) for command in tests]
    assert found == sorted(found), (tests, ci)  # the test command, in its order
