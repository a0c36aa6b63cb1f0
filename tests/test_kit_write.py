"""All-or-nothing output: after any failed or interrupted write the previous kit is byte-identical, no temporary
file is left, and a second run into a locked folder is refused."""
from __future__ import annotations

import errno
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from conftest import invoke
from pnp.kit import write as write_module
from pnp.kit.write import Interrupted, OutputRefused, output_lock, write_all
from pnp.core.problems import ProblemsFound


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def kit(tmp_path: Path) -> tuple[Path, dict[Path, bytes]]:
    """A previous kit of 6 files in two subfolders, and a new one of 8 files replacing it."""
    out = tmp_path / "out"
    for lang in ("de", "pl"):
        for name in ("a.pdf", "b.pdf", "cards/c.pdf"):
            path = out / lang / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(f"old {lang} {name}".encode())
    new = {out / lang / name: f"new {lang} {name}".encode()
           for lang in ("de", "pl") for name in ("a.pdf", "b.pdf", "cards/c.pdf", "decks/d.pdf")}
    return out, new


def fail_after(count: int, exc: BaseException):
    """A stand-in that lets `count` calls through to `real`, raises `exc` once, then works again."""
    def wrap(real):
        calls = []

        def fake(*args, **kwargs):
            calls.append(args)
            if len(calls) == count + 1:
                raise exc
            return real(*args, **kwargs)
        return fake
    return wrap


def test_a_complete_write_replaces_every_file_and_leaves_no_temporary_file(kit):
    out, new = kit
    write_all(new, out)
    assert snapshot(out) == {str(p.relative_to(out)): data for p, data in new.items()}
    assert oct(os.stat(out / "de" / "a.pdf").st_mode & 0o777) == oct(0o644)


@pytest.mark.parametrize("name", ["d" * 251 + ".pdf", "a" + "ğ" * 125 + ".pdf"])  # 255 bytes each
def test_a_file_named_up_to_the_file_systems_limit_is_written_and_replaced_without_leftovers(tmp_path, name):
    out = tmp_path / "out"
    for data in (b"first", b"second"):  # a new file, then one replaced (its backup beside it while staged)
        write_all({out / "de" / name: data}, out)
        assert snapshot(out) == {f"de/{name}": data}


@pytest.mark.parametrize("after", [0, 3, 7])
def test_a_full_disk_leaves_the_previous_kit_byte_identical(kit, monkeypatch, after):
    out, new = kit
    before = snapshot(out)
    monkeypatch.setattr(os, "fsync", fail_after(after, OSError(errno.ENOSPC, "No space left on device"))(os.fsync))
    with pytest.raises(ProblemsFound) as caught:
        write_all(new, out)
    assert snapshot(out) == before
    assert not (out / "de" / "decks").exists()  # the folder this run made is gone again
    assert [p.code for p in caught.value.problems] == ["output-unwritable"]
    assert "the disk is full" in str(caught.value.problems[0])


def test_an_unwritable_subfolder_leaves_the_previous_kit_byte_identical(kit, monkeypatch):
    out, new = kit
    before = snapshot(out)
    real = tempfile.mkstemp

    def read_only_cards(*args, dir=None, **kwargs):
        if Path(dir) == out / "pl" / "cards":
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(*args, dir=dir, **kwargs)
    monkeypatch.setattr(tempfile, "mkstemp", read_only_cards)
    with pytest.raises(ProblemsFound) as caught:
        write_all(new, out)
    assert snapshot(out) == before
    assert [str(p.where) for p in caught.value.problems] == [str(out / "pl" / "cards" / "c.pdf")]


def test_a_folder_where_a_file_belongs_fails_before_anything_is_replaced(kit):
    out, new = kit
    (out / "pl" / "b.pdf").unlink()
    (out / "pl" / "b.pdf").mkdir()
    before = snapshot(out)
    with pytest.raises(ProblemsFound, match="1 problem"):
        write_all(new, out)
    assert snapshot(out) == before


def test_a_rename_that_fails_midway_puts_the_replaced_files_back(kit, monkeypatch):
    out, new = kit
    before = snapshot(out)
    monkeypatch.setattr(os, "replace", fail_after(4, OSError(errno.EIO, "Input/output error"))(os.replace))
    with pytest.raises(ProblemsFound):
        write_all(new, out)
    monkeypatch.undo()
    assert snapshot(out) == before
    assert not (out / "de" / "decks").exists()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_during_the_renames_is_deferred_and_the_kit_rolled_back(kit, monkeypatch, sig):
    out, new = kit
    before = snapshot(out)
    real, done = os.replace, []

    def replace_then_signal(src, dst):
        real(src, dst)
        if str(src).endswith(".tmp"):  # a new file, not a backup put back
            done.append(dst)
        if len(done) == 3:
            os.kill(os.getpid(), sig)  # arrives in the middle of the rename phase
    monkeypatch.setattr(os, "replace", replace_then_signal)
    with pytest.raises(Interrupted):
        write_all(new, out)
    monkeypatch.undo()
    assert len(done) == len(new)  # the signal did not stop the renames halfway ...
    assert snapshot(out) == before  # ... and the kit was put back before the interruption was reported
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_ctrl_c_while_writing_the_temporary_files_leaves_the_kit_unchanged(kit, monkeypatch):
    out, new = kit
    before = snapshot(out)
    monkeypatch.setattr(os, "fsync", fail_after(5, KeyboardInterrupt())(os.fsync))
    with pytest.raises(KeyboardInterrupt):
        write_all(new, out)
    assert snapshot(out) == before


def test_a_second_run_into_a_locked_folder_is_refused(kit):
    out, new = kit
    before = snapshot(out)
    with output_lock(out):
        with pytest.raises(ProblemsFound) as caught:
            write_all(new, out)
    assert [p.code for p in caught.value.problems] == ["output-busy"]
    assert snapshot(out) == before
    write_all(new, out)  # the lock is released with its holder


@pytest.fixture(scope="module")
def built_kit(runner, tmp_path_factory) -> Path:
    """The Turkish kit as `pnp build` writes it, built once for the module."""
    out = tmp_path_factory.mktemp("built") / "out"
    assert invoke(runner, "build", "--lang", "tr", "--out", out).exit_code == 0
    return out


@pytest.fixture
def previous_kit(built_kit, tmp_path) -> Path:
    """A copy of the built kit for a test to build over (the test's own: it may change it)."""
    return shutil.copytree(built_kit, tmp_path / "out")


def test_a_build_on_a_full_disk_exits_1_and_keeps_the_previous_kit(runner, previous_kit, monkeypatch):
    before = snapshot(previous_kit)
    monkeypatch.setattr(tempfile, "mkstemp", fail_after(4, OSError(errno.ENOSPC, "No space"))(tempfile.mkstemp))
    result = invoke(runner, "build", "--lang", "tr", "--paper", "letter", "--out", previous_kit)
    assert result.exit_code == 1, result.output
    assert "error output-unwritable: cannot write output: the disk is full" in result.output
    assert snapshot(previous_kit) == before


def test_an_interrupted_build_exits_130_and_says_the_kit_is_unchanged(runner, previous_kit, monkeypatch):
    before = snapshot(previous_kit)
    monkeypatch.setattr(os, "fsync", fail_after(2, KeyboardInterrupt())(os.fsync))
    result = invoke(runner, "build", "--lang", "tr", "--paper", "letter", "--out", previous_kit)
    assert result.exit_code == 130
    assert result.output.strip().endswith("interrupted; the kit is unchanged")
    assert snapshot(previous_kit) == before


def test_a_file_where_a_language_folder_belongs_is_named(kit):
    out, new = kit
    shutil.rmtree(out / "pl")
    (out / "pl").write_bytes(b"not a folder")
    before = snapshot(out)
    with pytest.raises(ProblemsFound) as caught:
        write_all(new, out)
    assert snapshot(out) == before
    assert all(f"{out / 'pl'} is a file, not a folder" in p.message for p in caught.value.problems)
    assert "File exists" not in str(caught.value.problems)


def test_a_fifo_where_a_language_folder_belongs_is_refused_as_a_fifo(kit):
    """A special file inside the output folder is refused like a special target (exit 2), named for what it is
    (it was "a file, not a folder", exit 1)."""
    out, new = kit
    shutil.rmtree(out / "pl")
    os.mkfifo(out / "pl")
    before = snapshot(out)
    with pytest.raises(OutputRefused) as caught:
        write_all(new, out)
    assert snapshot(out) == before and stat.S_ISFIFO(os.lstat(out / "pl").st_mode)
    assert [(p.code, p.where.file) for p in caught.value.problems] == [("output-refused", str(out / "pl"))]
    assert "it is a FIFO (named pipe); expected a folder" in caught.value.problems[0].message


# Runs `pnp ARGS` with one os function (argv: marker, go, name) paused at its first call in the write phase: the
# marker file says "in the write phase now", and the build waits there until the go file appears (at most 120 s).
# fsync pauses while the temporary files are written, replace (of a temporary file) in the middle of the renames.
PAUSED_BUILD = """
import os, runpy, sys, time
from pathlib import Path
marker, go, name = Path(sys.argv.pop(1)), Path(sys.argv.pop(1)), sys.argv.pop(1)
real = getattr(os, name)

def paused(*args):
    result = real(*args)
    if not marker.exists() and (name != "replace" or str(args[0]).endswith(".tmp")):
        marker.touch()
        deadline = time.monotonic() + 120
        while not go.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
    return result

setattr(os, name, paused)
sys.argv[0] = "pnp"
runpy.run_module("pnp", run_name="__main__")
"""


def wait_for(path: Path, process: subprocess.Popen, timeout: float = 300) -> None:
    """Poll until `path` exists; fails if the process ends first or the timeout passes (a loaded machine is slow)."""
    deadline = time.monotonic() + timeout
    while not path.exists():
        if process.poll() is not None:
            pytest.fail(f"the build ended (exit {process.returncode}) before its write phase: "
                        f"{process.communicate()[1].decode()}")
        if time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"the build did not reach its write phase within {timeout} s")
        time.sleep(0.02)


@pytest.mark.parametrize("phase", ["fsync", "replace"])
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_real_build_stopped_by_a_signal_in_its_write_phase_exits_130_and_keeps_the_kit(previous_kit, tmp_path,
                                                                                       sig, phase):
    """A real signal to a real `pnp build` process while it writes the temporary files (fsync) or renames them
    into place (replace, where the signal is deferred to the last rename and the kit then rolled back)."""
    before = snapshot(previous_kit)
    marker, go = tmp_path / "in-write-phase", tmp_path / "go-on"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    process = subprocess.Popen([sys.executable, "-c", PAUSED_BUILD, marker, go, phase, "build", "--lang", "tr",
                                "--paper", "letter", "--out", previous_kit],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    wait_for(marker, process)
    assert snapshot(previous_kit) != before  # temporary files are there: the build is writing
    process.send_signal(sig)
    go.touch()
    _, stderr = process.communicate(timeout=300)
    assert process.returncode == 130, stderr
    assert stderr.decode().strip().endswith("interrupted; the kit is unchanged")
    assert b"Traceback" not in stderr
    assert snapshot(previous_kit) == before  # byte-identical, and no temporary file or backup left


def test_a_build_over_a_kit_with_an_immutable_subfolder_changes_nothing(runner, previous_kit):
    cards = previous_kit / "tr" / "cards"
    if subprocess.run(["chattr", "+i", cards], capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not available here (needs root and a file system with attributes)")
    try:
        before = snapshot(previous_kit)
        result = invoke(runner, "build", "--lang", "tr", "--paper", "letter", "--out", previous_kit)
        assert result.exit_code == 1
        assert result.output.count("error output-unwritable") == 7  # one per faction deck, all in that folder
        assert snapshot(previous_kit) == before
    finally:
        subprocess.run(["chattr", "-i", cards], check=True)


SPECIAL_TARGETS = {"fifo": lambda path: os.mkfifo(path),
                   "symlink": lambda path: os.symlink(path.parent / "elsewhere.json", path),
                   "socket": lambda path: socket.socket(socket.AF_UNIX).bind(str(path))}


@pytest.mark.parametrize("kind", SPECIAL_TARGETS)
def test_an_output_file_that_is_a_special_file_is_refused_and_kept(runner, tmp_path, kind):
    """`--output` naming a FIFO, a socket or a link: a usage error (exit 2) at once, and the entry is unchanged."""
    target = tmp_path / "cards.json"
    SPECIAL_TARGETS[kind](target)
    before = os.lstat(target)
    result = invoke(runner, "export", "cards", "--lang", "de", "--output", target)
    assert result.exit_code == 2 and "pnp never replaces anything else" in result.output
    assert "Traceback" not in result.output
    after = os.lstat(target)
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)


def test_a_device_as_output_is_refused_without_writing_it(runner, tmp_path):
    """A character device of its own (a copy of /dev/null's node: never the system's, should the check be gone)."""
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device node needs root")
    result = invoke(runner, "calibrate", "--lang", "de", "--out", device)
    assert result.exit_code == 2 and "a character device" in result.output
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_a_special_file_inside_the_output_folder_is_refused_and_nothing_is_written(tmp_path):
    os.mkfifo(tmp_path / "b.pdf")
    with pytest.raises(OutputRefused) as raised:
        write_all({tmp_path / "a.pdf": b"a", tmp_path / "b.pdf": b"b"}, tmp_path)
    assert [(p.code, p.where.file) for p in raised.value.problems] == [("output-refused", str(tmp_path / "b.pdf"))]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.pdf"] and stat.S_ISFIFO(os.lstat(tmp_path / "b.pdf").st_mode)


@pytest.mark.parametrize("option", [["build", "--out"], ["proof", "--out"], ["export", "cards", "--lang", "de",
                                                                            "--output"]])
def test_a_name_longer_than_the_file_system_allows_is_a_usage_error(runner, tmp_path, option):
    result = invoke(runner, *option, tmp_path / ("x" * 300) / "out")
    assert result.exit_code == 2 and "the file system allows at most 255" in result.output
    assert "Traceback" not in result.output


def test_an_output_below_a_special_file_is_a_usage_error(runner, tmp_path):
    os.mkfifo(tmp_path / "pipe")
    result = invoke(runner, "build", "--lang", "de", "--out", tmp_path / "pipe" / "kit")
    assert result.exit_code == 2 and "is in its way: it is a FIFO" in result.output


def test_dash_is_stdout_for_export_cards(runner, tmp_path):
    result = invoke(runner, "export", "cards", "--lang", "de", "--output", "-")
    assert result.exit_code == 0 and result.output.lstrip().startswith("[")


def test_a_signal_just_after_the_new_kit_is_in_place_says_so(runner, previous_kit, monkeypatch):
    """SIGINT while the backups are removed, after every new file is in place: the kit in the folder is the new
    one, and the message says so (before: "the kit is unchanged")."""
    real = Path.unlink

    def signal_then_unlink(path, *args, **kwargs):  # the backups and temporary files go last, once all are in place
        if write_module.LEFTOVER.fullmatch(path.name):
            os.kill(os.getpid(), signal.SIGINT)
        real(path, *args, **kwargs)
    monkeypatch.setattr(Path, "unlink", signal_then_unlink)
    result = invoke(runner, "build", "--lang", "tr", "--paper", "letter", "--out", previous_kit)
    monkeypatch.undo()
    assert result.exit_code == 130
    assert f"interrupted after writing: {previous_kit} holds the new files, complete" in result.output
    assert "unchanged" not in result.output
    assert not [p for p in previous_kit.rglob("*") if write_module.LEFTOVER.fullmatch(p.name)]
    assert invoke(runner, "build", "--lang", "tr", "--paper", "letter", "--out", previous_kit.parent / "again"
                  ).exit_code == 0
    assert snapshot(previous_kit) == snapshot(previous_kit.parent / "again")


def test_the_leftovers_of_a_killed_run_are_removed_by_the_next(kit):
    out, new = kit
    leftovers = [out / "de" / ".a.pdf.k3x_9qzb.tmp", out / "de" / ".b.pdf.a1b2c3d4.tmp.previous",
                 out / ".x.json.zz99zz99.tmp"]
    for path in leftovers:
        path.write_bytes(b"half")
    kept = out / "de" / ".notes.tmp"  # not a name pnp makes
    kept.write_bytes(b"mine")
    write_all(new, out)
    assert not any(path.exists() for path in leftovers) and kept.read_bytes() == b"mine"


STARTING = """
import os, runpy, signal, sys

SIGNAL = getattr(signal, sys.argv[1])


class TermOnImport:
    def find_spec(self, name, path=None, target=None):
        if name == "pnp.cli.options":  # in the middle of the command line's imports (ReportLab is no longer one)
            os.kill(os.getpid(), SIGNAL)
        return None

sys.meta_path.insert(0, TermOnImport())
sys.argv = ["pnp", "validate", "--lang", "de"]
runpy.run_module("pnp", run_name="__main__")
"""


@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGINT"])
def test_a_signal_while_the_command_starts_exits_130(signal_name):
    """Ctrl-C while the command's modules load printed a KeyboardInterrupt traceback (exit 1, or -2)."""
    process = subprocess.run([sys.executable, "-c", STARTING, signal_name], capture_output=True, text=True,
                             timeout=300)
    assert process.returncode == 130, process.stderr
    assert "interrupted while starting" in process.stderr and "Traceback" not in process.stderr


REPO_ROOT = Path(__file__).parent.parent


@pytest.mark.parametrize("command, folder, existing", [
    (["build", "--lang", "de"], "data", "cards"), (["export", "cards", "--lang", "de"], "data", "engine.toml"),
    (["proof"], "locales", "de"), (["export", "images", "--lang", "de"], "art", ""),
    (["export", "tts", "--lang", "de"], "data", "cards"), (["calibrate"], "layouts", "card.toml"),
    (["gallery"], "data", "cards")])
def test_no_command_writes_into_its_input_folders(runner, tmp_path, command, folder, existing):
    """`export cards --out data/engine.toml` would have replaced the engine data: an output in (or equal to) an input
    folder given with --data/--locales/--art/--layouts, or a folder of the repository's own, is a usage error, and
    nothing is written."""
    source = {"layouts": REPO_ROOT / "pnp" / "layouts", "art": REPO_ROOT / "data"}.get(folder, REPO_ROOT / folder)
    inputs = tmp_path / folder
    shutil.copytree(source, inputs, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    before = snapshot(inputs)
    for out in (inputs / existing, inputs / "new.pdf"):  # an input (or the folder itself), and a new name in it
        result = invoke(runner, *command, f"--{folder}", inputs, "--out", out)
        assert result.exit_code == 2 and "output-in-inputs" in result.output, result.output
        assert f"the {folder} folder" in result.output and "Traceback" not in result.output
    result = invoke(runner, *command, "--out", REPO_ROOT / "fonts" / "new.pdf")
    assert result.exit_code == 2 and "the fonts folder" in result.output
    assert snapshot(inputs) == before and not (REPO_ROOT / "fonts" / "new.pdf").exists()
