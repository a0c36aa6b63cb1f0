"""The rulebook templates' compiled code, shared by every language's Jinja environment: compiled once per process,
and kept in the user's cache folder so that the next run does not compile them either (Jinja's own
FileSystemBytecodeCache, as .pyc files are for Python: the same output, about 0.1 s less per process)."""
from __future__ import annotations

import os
from functools import cached_property
from pathlib import Path

from jinja2 import BytecodeCache, FileSystemBytecodeCache
from jinja2.bccache import Bucket

from ..core.disk_cache import cache_root, keep_newest

KEEP = 64  # compiled templates kept on disk: Jinja names each by the template's path, so every place pnp is
           # installed at (a virtual environment, a checkout) adds its own; the 16 templates of one install fit 4 times


def cache_folder() -> Path | None:
    """templates/ of the cache folder ($XDG_CACHE_HOME/pnp/templates, by default ~/.cache/pnp/templates); None
    when the caches are off (PNP_NO_CACHE) or there is no home folder (pnp.core.disk_cache.cache_root)."""
    root = cache_root()
    return None if root is None else root / "templates"


class CompiledTemplates(BytecodeCache):
    """Compiled templates shared by the environments of all languages. Only code is shared: each render has an
    Environment of its own whose globals are that language's gettext callables (a shared Environment would bind its
    cached templates to the first language's catalog). Jinja checks each entry against the template's source and
    its own and Python's versions, so an edited template is compiled anew. With `folder` None, or a folder that
    cannot be made or written, the code is kept in this process only."""

    def __init__(self, folder: Path | None = None):
        self.code: dict[str, bytes] = {}
        self.folder = folder

    @cached_property
    def disk(self) -> FileSystemBytecodeCache | None:
        """Jinja's cache in the folder, made on first use; None when there is none or it cannot be used."""
        if self.folder is None:
            return None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if any(not entry.is_file(follow_symlinks=False) for entry in os.scandir(self.folder)):
                return None  # something else in the folder (reading a FIFO there would wait for ever)
        except OSError:
            return None
        return FileSystemBytecodeCache(str(self.folder)) if os.access(self.folder, os.W_OK | os.R_OK) else None

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])
        elif self.disk is not None:
            try:
                self.disk.load_bytecode(bucket)  # leaves the bucket empty when the stored code is stale or broken
            except OSError:  # unreadable: compiled again
                bucket.reset()
            if bucket.code is not None:
                self.code[bucket.key] = bucket.bytecode_to_string()

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()
        if self.disk is not None:
            try:
                self.disk.dump_bytecode(bucket)
            except OSError:  # a full or read-only disk: compiled again next time
                return
            keep_newest(self.folder, KEEP)

