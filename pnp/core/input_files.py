"""Reading an input file with a bound: a regular file, at most the size its kind allows (docs/input-limits.md).

A FIFO, a device or a socket (or a link to one) is refused without waiting for data, and a file larger than its
limit is refused after reading one byte more than the limit, so no input can hang a command or fill the memory.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

MB = 1 << 20
# the most bytes of each kind of input; the largest shipped file of each kind is far below (see the docs)
LIMITS = {
    "toml": 4 * MB,        # engine data, card files, deck lists, layouts, the lexicon
    "catalog": 4 * MB,     # one .po file
    "icc": 16 * MB,        # --cmyk-profile
    "art": 64 * MB,        # one art image (its pixels are bounded by the card layout's art.max_megapixels)
    "font": 32 * MB,       # one font file
    "patterns": 8 * MB,    # one hyphenation pattern file
}
_KINDS = {stat.S_IFIFO: "a FIFO (named pipe)", stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device",
          stat.S_IFSOCK: "a socket", stat.S_IFDIR: "a folder"}


class InputRefused(OSError):
    """An input that is not a regular file, or is larger than its kind allows (strerror says which)."""

    def __init__(self, path: Path, reason: str):
        super().__init__(errno.EINVAL, reason, str(path))

    def __str__(self) -> str:
        return self.strerror


def _human(size: int) -> str:
    return f"{size / MB:g} MB" if size >= MB else f"{size} bytes"


def read_input(path: Path, kind: str) -> bytes:
    """The bytes of the regular file `path`, at most LIMITS[kind] of them; InputRefused (an OSError) otherwise."""
    limit = LIMITS[kind]
    with _opened(path, kind) as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise InputRefused(path, f"the file is larger than {_human(limit)}, the limit for a {kind} file")
    return data


def _opened(path: Path, kind: str):
    """The file opened for reading, once it is known to be a regular file within its limit (by its size)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))  # a FIFO opens without a writer
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            what = _KINDS.get(stat.S_IFMT(info.st_mode), "not a regular file")
            raise InputRefused(path, f"it is {what}; expected a regular file")
        if info.st_size > LIMITS[kind]:
            raise InputRefused(path, f"the file has {_human(info.st_size)}, more than {_human(LIMITS[kind])}, the "
                                     f"limit for a {kind} file")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
