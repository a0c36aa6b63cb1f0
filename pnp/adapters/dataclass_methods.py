"""Python's dataclasses internals pnp relies on (tests/test_adapters.py checks them against the running Python): the
module makes each class's methods (__init__, __repr__, __eq__, __hash__, __setattr__, …) by compiling their source
text and running it with the name `exec` it finds in its own globals (`_create_fn`; `_FuncBuilder` from 3.13).
Compiling is most of it: pnp's 180 dataclasses are about 1000 compilations, 0.10-0.16 s of every command's imports.
`keep_compiled` gives the module an `exec` that takes a text's code from a table kept across runs (the
`dataclass-methods` cache folder) and compiles only a text the table lacks, as the built-in would; the code run is
the same. The table is read only from a folder of the user's own that not everyone may write to (it holds code that
is run); the program (pnp.__main__) stores it at exit when texts were compiled."""
from __future__ import annotations

import builtins
import dataclasses
import importlib.util
import os
import stat
import sys
from pathlib import Path
from types import CodeType

from ..core.disk_cache import DiskCache, source_digest

METHODS = DiskCache("dataclass-methods", "the code of each dataclass method Python's dataclasses compile (its "
                    "source text -> code)", "Python's version and bytecode magic number and the source of this "
                    "adapter; an entry's texts by their whole text", "pnp.adapters.dataclass_methods.METHODS", keep=4)
SLOT = "methods"
MOST = 8192  # texts a stored table holds at most: past that, it keeps only those this run used


class MethodTable:
    """The stored table (text -> code), the texts this run took from it or compiled (`used`) and those it compiled
    (`compiled`)."""

    def __init__(self) -> None:
        self.key = (importlib.util.MAGIC_NUMBER + sys.version.encode()
                    + source_digest("pnp.adapters.dataclass_methods"))
        self.kept: dict[str, CodeType] = _checked(METHODS.get(SLOT, self.key)) if _private(METHODS.folder()) else {}
        self.used: dict[str, CodeType] = {}
        self.compiled: list[str] = []

    def code(self, text: str) -> CodeType:
        code = self.kept.get(text)
        if code is None:
            # what exec(text) compiles: the file name it gives, and no __future__ flags (dataclasses has none)
            code = compile(text, "<string>", "exec", dont_inherit=True)
            self.compiled.append(text)
        self.used[text] = code
        return code

    def store(self) -> None:
        """Store the table with the texts compiled since it was read or last stored, if any."""
        if self.compiled:
            table = self.kept | self.used if len(self.kept) + len(self.used) <= MOST else self.used
            METHODS.put(SLOT, self.key, table)
            self.compiled = []


def keep_compiled() -> MethodTable | None:
    """Give dataclasses the `exec` that takes the methods' code from the table kept across runs, which it returns
    for the program to store at exit; None (Python's own compilation) when the caches are off or dataclasses has an
    `exec` of its own already."""
    if METHODS.folder() is None or "exec" in vars(dataclasses):
        return None
    table = MethodTable()

    def exec(source, globals=None, locals=None):  # noqa: A001 - the name dataclasses looks up
        builtins.exec(table.code(source) if type(source) is str else source, globals, locals)

    dataclasses.exec = exec
    return table


def _private(folder: Path | None) -> bool:
    """Whether `folder` is the user's own and not writable by all (or does not exist yet)."""
    if folder is None or not hasattr(os, "getuid"):  # no caches; Windows: a profile's folders are the user's
        return folder is not None
    try:
        status = os.stat(folder)
    except OSError:  # not made yet: this run makes it, with the user's own permissions
        return True
    return status.st_uid == os.getuid() and not status.st_mode & stat.S_IWOTH


def _checked(value: object) -> dict[str, CodeType]:
    """A stored table as read, or {} when it is not text -> code."""
    if isinstance(value, dict) and all(type(k) is str and type(v) is CodeType for k, v in value.items()):
        return value
    return {}
