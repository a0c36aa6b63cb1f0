"""The command line's conventions, for every command: --out names what a command writes (export cards' old
--output still works, unlisted), a progress bar only on a terminal's stderr (never in JSON on stdout), --version,
click's shell completion, misused options exit with code 2, and NO_COLOR."""
from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import click
import pytest

from conftest import invoke
from pnp.cli import main

PNP = Path(sys.executable).with_name("pnp")
WRITERS = ("build", "calibrate", "gallery", "proof", "export cards", "export images", "export tts")


def _commands(group: click.Group = main, prefix: str = ""):
    """(name, command) of every command of `group`, asked for as click asks (each loaded when first asked for)."""
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if isinstance(command, click.Group):
            yield from _commands(command, f"{prefix}{name} ")
        else:
            yield f"{prefix}{name}", command


def test_every_command_that_writes_names_its_output_with_out():
    commands = dict(_commands())
    assert set(WRITERS) <= set(commands)
    for name in WRITERS:
        options = {opt for param in commands[name].params for opt in param.opts}
        assert "--out" in options, name


def test_export_cards_keeps_its_old_output_option_unlisted(runner, tmp_path):
    for option in ("--out", "--output"):
        result = invoke(runner, "export", "cards", "--lang", "pl", option, tmp_path / f"{option}.json")
        assert result.exit_code == 0, result.output
    assert (tmp_path / "--out.json").read_bytes() == (tmp_path / "--output.json").read_bytes()
    shown = invoke(runner, "export", "cards", "--help").output
    assert "--out FILE" in shown and "--output" not in shown


def test_version(runner):
    result = invoke(runner, "--version")
    assert result.exit_code == 0 and result.output.split()[-1] == version("ancient-duel-pnp")


def test_shell_completion_completes_commands_and_options():
    env = {**os.environ, "_PNP_COMPLETE": "bash_source"}
    script = subprocess.run([PNP], env=env, capture_output=True, text=True, timeout=60)
    assert script.returncode == 0 and "complete -o nosort -F _pnp_completion pnp" in script.stdout
    for words, expected in (("pnp exp", "export"), ("pnp export t", "tts"), ("pnp build --ink", "--ink-saver")):
        env = {**os.environ, "_PNP_COMPLETE": "bash_complete", "COMP_WORDS": words,
               "COMP_CWORD": str(len(words.split()) - 1)}
        found = subprocess.run([PNP], env=env, capture_output=True, text=True, timeout=60)
        assert f"plain,{expected}" in found.stdout.splitlines(), (words, found.stdout)


@pytest.mark.parametrize("args", [
    ("build", "--lang", "en", "--booklet", "--deck", "tests/fixtures/decks/legal-allied.toml", "--out", "out"),
    ("build", "--lang", "en", "--mode", "pro", "--back-offset", "1,0", "--out", "out"),
    ("build", "--lang", "en", "--back-offset", "30,0", "--out", "out"),
    ("build", "--lang", "en", "--service", "dtc", "--out", "out"),
    ("build", "--lang", "en", "--paper", "a5", "--out", "out"),
    ("calibrate", "--lang", "en", "--back-offset", "30,0", "--out", "out/x.pdf"),
    ("calibrate", "--lang", "de,pl", "--out", "out/x.pdf"),
    ("export", "cards", "--lang", "de,pl", "--out", "out/cards.json"),
    ("export", "images", "--lang", "en", "--dpi", "150", "--out", "out"),
    ("export", "images", "--lang", "en", "--service", "mcp", "--out", "out"),
    ("export", "tts", "--lang", "en", "--base-url", "example.invalid", "--out", "out"),
    ("validate", "--lang", "en", "--format", "xml"),
    ("proof", "--lang", "xx", "--out", "out"),
    ("gallery", "--out", ""),
])
def test_misused_options_exit_with_code_2(runner, tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tests").symlink_to(Path(__file__).parent)
    result = invoke(runner, *args)
    assert result.exit_code == 2 and "rror" in result.output and not (tmp_path / "out").exists(), result.output


def _validate_with_stderr_on_a_terminal() -> tuple[str, str]:
    """`pnp validate --format json` with stderr on a pseudo-terminal and stdout on a pipe: (stdout, stderr)."""
    leader, follower = pty.openpty()
    run = subprocess.Popen([PNP, "validate", "--lang", "de", "--format", "json", "--jobs", "1"],
                           stdout=subprocess.PIPE, stderr=follower, text=True)
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal is closed once the command has ended
            break
        if not chunk:
            break
        shown += chunk
    stdout = run.stdout.read()
    assert run.wait(timeout=120) == 0
    os.close(leader)
    return stdout, shown.decode()


def test_progress_is_shown_on_a_terminal_and_never_in_json():
    stdout, terminal = _validate_with_stderr_on_a_terminal()
    assert json.loads(stdout) == [] and "Checking" in terminal and "100%" in terminal
    piped = subprocess.run([PNP, "validate", "--lang", "de", "--format", "json", "--jobs", "1"],
                           capture_output=True, text=True, timeout=120)
    assert json.loads(piped.stdout) == [] and "Checking" not in piped.stderr


def test_no_color_strips_colour_from_what_click_prints(runner):
    @main.command("colour-probe")
    def probe():
        click.echo(click.style("red", fg="red"))

    try:
        coloured = runner.invoke(main, ["colour-probe"], color=True)
        plain = runner.invoke(main, ["colour-probe"], color=True, env={"NO_COLOR": "1"})
    finally:
        del main.commands["colour-probe"]
    assert "\x1b[31m" in coloured.output and plain.output == "red\n"


@pytest.mark.parametrize("command", [("export", "cards", "--lang", "de"), ("validate", "--format", "json")])
@pytest.mark.parametrize("stdout", ["full disk", "closed", "a pipe nobody reads"])
def test_json_to_a_stdout_that_cannot_take_it_is_one_located_line(stdout, command):
    """`pnp export cards` into /dev/full (ENOSPC) or with its standard output closed printed a traceback, and so did
    `pnp validate --format json` into a pipe whose reader had gone (`| head -0`)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        with open("/dev/full", "wb") as full:
            run = subprocess.run([PNP, *command], stdout={"full disk": full, "closed": None}.get(stdout, write_end),
                                 stderr=subprocess.PIPE, text=True, timeout=120,
                                 preexec_fn=(lambda: os.close(1)) if stdout == "closed" else None)
    finally:
        os.close(write_end)
    assert run.returncode == 1, run.stderr
    assert run.stderr.startswith("<stdout>: error output-unwritable: cannot write to stdout: ") and \
        "Traceback" not in run.stderr and "Exception ignored" not in run.stderr, run.stderr


@pytest.mark.parametrize("args", [("build", "--lang", "de"), ("validate",), ("lang", "add", "nl")])
def test_a_deleted_current_folder_is_a_usage_error_without_a_traceback(args, tmp_path):
    """Run from a folder deleted after the shell changed into it: a command that needs the current folder (ReportLab
    reads it as it is imported) exits 2 with one line saying so, and writes nothing; --help still answers."""
    gone = tmp_path / "gone"
    gone.mkdir()
    script = 'cd "$1" && rmdir "$1" && shift && exec "$@"'
    ran = subprocess.run(["sh", "-c", script, "sh", str(gone), str(PNP), *args], capture_output=True, text=True)
    assert ran.returncode == 2 and "Traceback" not in ran.stderr, ran.stderr
    assert ran.stderr.splitlines() == ["error: the current folder no longer exists (deleted or moved away): pnp reads "
                                       "relative paths, and ReportLab its settings, from it; change to a folder that "
                                       "exists and run pnp again"]
    assert list(tmp_path.iterdir()) == []
    gone.mkdir()
    helped = subprocess.run(["sh", "-c", script, "sh", str(gone), str(PNP), args[0], "--help"], capture_output=True,
                            text=True)
    assert helped.returncode == 0 and "Usage: pnp" in helped.stdout


@pytest.mark.parametrize("args, code", [(("validate",), 0), (("build", "--lang", "de", "--out", "kit"), 0),
                                        (("build", "--lang", "xx"), 2)])
def test_a_closed_standard_error_changes_no_outcome(args, code, tmp_path):
    """Started with its standard error closed (`2>&-`, where Python has no sys.stderr): the same exit code and output
    as with it open (progress, warnings and problems go nowhere), never a crash on the missing stream."""
    ran = subprocess.run(["sh", "-c", 'exec "$@" 2>&-', "sh", str(PNP), *args], cwd=tmp_path, capture_output=True,
                         text=True)
    assert ran.returncode == code, ran.stdout
    if args[0] == "validate":
        assert ran.stdout.splitlines()[-1].startswith("valid: engine data, 141 cards")
    if code == 0 and args[0] == "build":
        assert len(list((tmp_path / "kit" / "de").rglob("*.pdf"))) == 12
