"""All-or-nothing output: every file of a run lands, or none does and the previous files stay byte-identical.

Three phases. (1) Under a lock on the output folder, every file is written to a temporary name beside its target,
flushed and synced, and every existing target is hard-linked to a backup name. (2) With SIGINT and SIGTERM deferred,
the temporary files are renamed over their targets. (3) The backups are removed. Any failure in (1) removes every
temporary file (and every folder the run created); a failure or a deferred signal in (2) puts the backups back, so
the previous kit is restored before the error or the interruption is reported.
"""
from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import signal
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ..core.problems import Location, Problem, ProblemsFound

_UMASK = os.umask(0o022)
os.umask(_UMASK)
DEFERRED_SIGNALS = (signal.SIGINT, signal.SIGTERM)
# the names of a run's temporary files and backups (mkstemp's 8 random characters): what a killed run leaves
LEFTOVER = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp(\.previous)?")
TEMP_NAME_BYTES = 200  # of the target's name in its temporary file's: with the rest, at most 232 of 255 bytes
_COMMITTED: list[Path] = []  # the folders this process has written a complete set of new files into, in order


class Interrupted(KeyboardInterrupt):
    """SIGINT or SIGTERM: the run stops, nothing it made is left behind (exit code 130)."""


class OutputRefused(ProblemsFound):
    """An output path pnp must not write: a special file or link in the way, a name too long (a usage error)."""


_SPECIAL = {stat.S_IFIFO: "a FIFO (named pipe)", stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device",
            stat.S_IFSOCK: "a socket", stat.S_IFLNK: "a symbolic link", stat.S_IFREG: "a file", stat.S_IFDIR: "a folder"}


def _name_max(path: Path) -> int:
    """The longest name (bytes) the file system of `path`'s nearest existing folder allows."""
    for folder in path.parents:
        with contextlib.suppress(OSError, ValueError):
            return os.pathconf(folder, "PC_NAME_MAX")
    return 255


def refused_output(path: Path, folder: bool = False) -> str | None:
    """Why `path` cannot be an output file (or, with `folder`, an output folder), or None. Only a regular file (not
    a link) is ever replaced, only a folder (or a link to one) written into; a special file stays as it is."""
    path = path.absolute()
    longest = _name_max(path)
    for part in path.parts:
        if len(os.fsencode(part)) > longest:
            return (f"the name '{part[:40]}…' has {len(os.fsencode(part))} bytes; the file system allows at most "
                    f"{longest}")
    try:
        found = os.lstat(path)
        kind = stat.S_IFMT(os.stat(path).st_mode) if folder and stat.S_ISLNK(found.st_mode) else stat.S_IFMT(
            found.st_mode)
    except (FileNotFoundError, NotADirectoryError):  # new (a file where a folder belongs is named when staged)
        return None
    except OSError as exc:  # a name too long for the whole path, a link loop
        return f"it cannot be used: {exc.strerror or exc}"
    if kind == (stat.S_IFDIR if folder else stat.S_IFREG):
        return None
    what = _SPECIAL.get(kind, "not a regular file")
    return (f"it is {what}; expected {'a folder' if folder else 'a regular file (or a new name)'}, and pnp never "
            "replaces anything else")


@dataclass
class _Staged:
    """A file of a build in its temporary file, waiting to replace its target (the target kept as a backup)."""
    target: Path
    temp: Path
    backup: Path | None = None
    replaced: bool = False


def _problem(path: Path, exc: OSError) -> Problem:
    reason = exc.strerror or str(exc)
    if exc.errno == errno.ENOSPC:
        reason = "the disk is full"
    return Problem("output-unwritable", f"cannot write output: {reason}; the previous files are unchanged",
                   Location(file=str(path)))


@contextlib.contextmanager
def output_lock(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on the existing `folder`; a second run into the same folder is refused."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ProblemsFound([Problem("output-busy", "another pnp run is writing to this folder; wait for it to "
                                         "finish and run again", Location(file=str(folder)))]) from None
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


@contextlib.contextmanager
def deferred_signals() -> Iterator[list[int]]:
    """Hold SIGINT and SIGTERM until the block ends; yields the list of signals that arrived meanwhile."""
    arrived: list[int] = []
    previous = {sig: signal.signal(sig, lambda number, frame: arrived.append(number)) for sig in DEFERRED_SIGNALS}
    try:
        yield arrived
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _make_parents(path: Path, created: list[Path]) -> None:
    """mkdir -p, remembering every folder made (so that a failed run can remove them again)."""
    missing = []
    for parent in (path, *path.parents):
        if parent.is_dir():
            break
        if parent.exists() or parent.is_symlink():
            raise NotADirectoryError(errno.ENOTDIR, f"{parent} is a file, not a folder", str(parent))
        missing.append(parent)
    for folder in reversed(missing):
        folder.mkdir()
        created.append(folder)


def _stage(target: Path, data: bytes, created: list[Path], staged: list[_Staged]) -> None:
    """Write `data` beside `target` under a temporary name (and link a backup of `target`); record it in `staged`."""
    _make_parents(target.parent, created)
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, "a folder is in the way of the file", str(target))
    short = os.fsencode(target.name)[:TEMP_NAME_BYTES].decode(errors="ignore")  # a name the file system allows
    fd, temp = tempfile.mkstemp(prefix=f".{short}.", suffix=".tmp", dir=target.parent)
    item = _Staged(target, Path(temp))
    staged.append(item)
    with os.fdopen(fd, "wb") as fp:
        fp.write(data)
        fp.flush()
        os.fsync(fp.fileno())
    os.chmod(temp, 0o666 & ~_UMASK)  # mkstemp makes the file private; outputs get the usual mode
    if target.exists():
        item.backup = Path(f"{temp}.previous")
        os.link(target, item.backup)


def committed() -> tuple[Path, ...]:
    """The folders this process has written its new files into, all of them (what to say after a late signal)."""
    return tuple(_COMMITTED)


def _remove_leftovers(folders: set[Path]) -> None:
    """Remove the temporary files and backups a run killed outright (SIGKILL, power loss) left in `folders`."""
    for folder in folders:
        with contextlib.suppress(OSError):
            for entry in os.scandir(folder):
                if LEFTOVER.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(entry.path)


def _discard(staged: list[_Staged], created: list[Path]) -> None:
    for item in staged:
        for path in (item.temp, item.backup):
            if path is not None:
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
    for folder in reversed(created):
        with contextlib.suppress(OSError):
            folder.rmdir()


def _restore(staged: list[_Staged]) -> None:
    """Undo the renames done so far: each replaced target gets its previous file back (or goes, if it was new)."""
    for item in staged:
        if not item.replaced:
            continue
        if item.backup is not None:
            os.replace(item.backup, item.target)
            item.backup = None
        else:
            item.target.unlink()
        item.replaced = False


def _special_folders(files: dict[Path, bytes], folder: Path) -> list[Path]:
    """The existing entries where folders inside `folder` belong that are neither a folder nor a plain file (a FIFO
    named like a language folder): refused like a target; a plain file there is the staging's "not a folder"."""
    inner = {parent for target in files for parent in target.parents if folder in parent.parents}
    return sorted(path for path in inner if os.path.lexists(path) and not path.is_dir()
                  and not stat.S_ISREG(os.lstat(path).st_mode))


def write_all(files: dict[Path, bytes], folder: Path) -> None:
    """Write `files` (absolute paths inside `folder`) all or nothing; raises ProblemsFound (OutputRefused for a
    target that is not a regular file) or Interrupted."""
    refused = [Problem("output-refused", f"cannot write here: {reason}", Location(file=str(path)))
               for path, is_folder in [(folder, True), *((inner, True) for inner in _special_folders(files, folder)),
                                       *((target, False) for target in sorted(files))]
               if (reason := refused_output(path, is_folder)) is not None]
    if refused:
        raise OutputRefused(refused)
    staged: list[_Staged] = []
    created: list[Path] = []
    try:
        _make_parents(folder, created)
    except OSError as exc:
        raise ProblemsFound([_problem(folder, exc)]) from None
    with output_lock(folder):
        _remove_leftovers({folder, *(target.parent for target in files)})
        try:
            problems = []
            for target, data in sorted(files.items()):
                try:
                    _stage(target, data, created, staged)
                except OSError as exc:
                    problems.append(_problem(target, exc))
                    if exc.errno == errno.ENOSPC:
                        break  # every further file would fail the same way
            if problems:
                raise ProblemsFound(problems)
            with deferred_signals() as arrived:
                try:
                    for item in staged:
                        os.replace(item.temp, item.target)
                        item.replaced = True
                except OSError as exc:
                    _restore(staged)
                    raise ProblemsFound([_problem(item.target, exc)]) from None
                if arrived:
                    _restore(staged)
                    raise Interrupted()
                _COMMITTED.append(folder)
        finally:
            with deferred_signals() as late:  # the backups go, whatever arrives: no leftovers
                _discard(staged, created if not any(item.replaced for item in staged) else [])
            if late:
                raise Interrupted()
