"""Caches across runs, in the user's cache folder: $XDG_CACHE_HOME/pnp/<name>/ (~/.cache/pnp by default), or none
when PNP_NO_CACHE is set (to anything but "" or "0") or there is no home folder. An entry is a file named by a hash
of everything its content depends on (the input's bytes, the code that reads it, the libraries' versions), holding
plain data (marshal: strings, numbers, bytes, tuples), written atomically (a temporary file renamed) and checked
when read (the key's SHA-256, the content's CRC-32): a corrupted, truncated or foreign entry is ignored, and the
caller makes the value anew and writes it again. A cache never changes a result, and any of its files may be
deleted at any time (docs/caches.md)."""
from __future__ import annotations

import hashlib
import marshal
import os
import zlib
from pathlib import Path
from typing import Any, Callable, Iterable

from .caches import memo, register

OFF = "PNP_NO_CACHE"
MAGIC = b"pnp-cache 2\n"
DIGEST = 32  # bytes of the key's SHA-256: which entry this is
CHECK = 4  # bytes of the content's CRC-32: whether it is whole (a third of SHA-256's time: 2.4 ms for a build's 7 MB)
KEEP = 1024  # entries a folder keeps (font subsets: one per subset ever made; the other folders have fewer slots)


def cache_root() -> Path | None:
    """$XDG_CACHE_HOME/pnp, by default ~/.cache/pnp; None when PNP_NO_CACHE turns the caches off or there is no
    home folder."""
    return _root(os.environ.get(OFF, ""), os.environ.get("XDG_CACHE_HOME", ""), os.environ.get("HOME"))


@memo("the cache folder's path for an environment", "PNP_NO_CACHE, XDG_CACHE_HOME and HOME", maxsize=4)
def _root(off: str, xdg: str, home: str | None) -> Path | None:
    """cache_root for these values of the environment (worked out once: a German build looks its folders up 441 times)."""
    if off not in ("", "0"):
        return None
    try:
        return Path(xdg or Path.home() / ".cache") / "pnp"
    except RuntimeError:  # no HOME and no user entry (a container's arbitrary user id)
        return None


def source_digest(*modules: str) -> bytes:
    """A hash of the source files of `modules` (found, not imported: a module only a cold entry needs stays out of
    a warm run), so that an entry made by other code is not used."""
    from importlib.util import find_spec
    digest = hashlib.sha256()
    for name in modules:
        digest.update(Path(find_spec(name).origin).read_bytes())
    return digest.digest()


class DiskCache:
    """One named cache folder of entries: `get(slot, key)` is the value stored for `key` (bytes naming everything
    the value depends on) or None; `put(slot, key, value)` stores it, replacing the entry of the same `slot` (what
    the entry is of, such as one catalog file), so that a folder holds one entry per slot. Where slots are many (one
    per art scene ever drawn), the first entry a process stores also deletes all but the newest `keep` of the
    folder, and the folders this cache `replaces` (its names in earlier versions of pnp)."""

    def __init__(self, name: str, holds: str, keyed_by: str, registered_as: str, keep: int = KEEP,
                 replaces: tuple[str, ...] = ()):
        self.name, self.keep, self.replaces = name, keep, replaces
        self.pruned = False
        register(registered_as, f"{holds} (on disk: {name}/ of the cache folder)", keyed_by, lambda: None,
                 cleared="never by pnp: keyed by content; the folder may be deleted at any time")

    def folder(self) -> Path | None:
        root = cache_root()
        return None if root is None else root / self.name

    def _file(self, folder: Path, slot: str, digest: bytes) -> Path:
        return folder / f"{_short(slot.encode())}-{digest.hex()[:32]}"

    def get(self, slot: str, key: bytes) -> Any | None:
        folder = self.folder()
        if folder is None:
            return None
        digest = hashlib.sha256(key).digest()
        try:
            data = self._file(folder, slot, digest).read_bytes()
        except OSError:  # no entry, or an unreadable one
            return None
        head = len(MAGIC) + DIGEST + CHECK
        payload = memoryview(data)[head:]
        if (data[:len(MAGIC)] != MAGIC or data[len(MAGIC):len(MAGIC) + DIGEST] != digest
                or data[len(MAGIC) + DIGEST:head] != _check(payload)):
            return None  # another format, another key under the same name, or damaged bytes
        try:
            return marshal.loads(payload)
        except (EOFError, ValueError, TypeError):
            return None

    def value(self, slot: str, key: bytes, make: Callable[[], Any]) -> Any:
        """The value stored for `key`, else `make()`, stored."""
        value = self.get(slot, key)
        if value is None:
            value = make()
            self.put(slot, key, value)
        return value

    def put(self, slot: str, key: bytes, value: Any) -> None:
        import tempfile  # only a run that stores an entry needs it
        folder = self.folder()
        if folder is None:
            return
        payload = marshal.dumps(value)
        digest = hashlib.sha256(key).digest()
        target = self._file(folder, slot, digest)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=folder, prefix=".tmp-", delete=False) as temporary:
                temporary.write(MAGIC + digest + _check(payload) + payload)
            os.replace(temporary.name, target)
            for older in _others(folder, target):
                older.unlink(missing_ok=True)
        except OSError:  # a read-only or full disk: made again next time
            return
        if not self.pruned:
            self.pruned = True
            keep_newest(folder, self.keep)
            if self.replaces:
                import shutil  # as tempfile: only where it is needed
                for name in self.replaces:
                    shutil.rmtree(folder.parent / name, ignore_errors=True)  # a symbolic link is left as it is


class SlotTable:
    """One slot's table of `cache` (entry -> value), read once: `kept` what the stored table holds ({} when none),
    `used` what this run took from it or made, `added` whether it made one; `save` stores the used entries, each
    through `stored`, when one was made: the table then holds this run's entries only, those not used dropped, or,
    where several processes use parts of one table (`merged`: at most that many entries), the stored entries too.
    pnp.typeset.kept_fits, pnp.rulebook.kept_lines and pnp.pages.forms look their entries up through one."""

    def __init__(self, cache: DiskCache, slot: str, key: bytes, stored: Callable[[Any], Any] = lambda value: value,
                 merged: int = 0):
        self.cache, self.slot, self.key, self.stored, self.merged = cache, slot, key, stored, merged
        kept = cache.get(slot, key)
        self.kept: dict = kept if isinstance(kept, dict) else {}
        self.used: dict = {}
        self.added = False

    def save(self) -> None:
        if self.added:
            entries = {entry: self.stored(value) for entry, value in self.used.items()}
            if len(self.kept) + len(entries) <= self.merged:
                entries = self.kept | entries
            self.cache.put(self.slot, self.key, entries)
            self.added = False


def _check(payload: bytes | memoryview) -> bytes:
    return zlib.crc32(payload).to_bytes(CHECK, "big")


def _short(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _others(folder: Path, entry: Path) -> Iterable[Path]:
    """The other entries of `entry`'s slot (the same name before the dash)."""
    slot = entry.name.split("-", 1)[0]
    return (path for path in folder.glob(f"{slot}-*") if path != entry)


def keep_newest(folder: Path, keep: int) -> None:
    """Delete all but the `keep` most recently written files of `folder` (entries that are not used again: other
    scenes, other installs' compiled templates)."""
    try:
        files = sorted((entry.stat().st_mtime_ns, entry.path) for entry in os.scandir(folder)
                       if entry.is_file(follow_symlinks=False))
        for _, path in files[:-keep]:
            os.unlink(path)
    except OSError:  # gone, or not ours to delete: the folder stays as it is
        return
