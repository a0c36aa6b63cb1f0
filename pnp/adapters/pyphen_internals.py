"""pyphen 0.18 internals pnp relies on (tests/test_adapters.py checks them against the installed pyphen): a
dictionary whose patterns are parsed when a word first looks them up, by pyphen's own pattern reader (`parse`,
`parse_hex`, `AlternativeParser`, `ignored`), built as a `pyphen.HyphDict` without its constructor (which parses
every pattern: 0.36 s for the 66 000 German ones, in every process that hyphenates German, where a whole kit looks
up a few thousand) and handed to pyphen through its cache of parsed files (`pyphen.hdcache`)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Mapping

import pyphen


class _Patterns(dict):
    """pyphen's pattern table (letters -> (offset, values)) that parses a pattern when a word first looks it up."""

    def __init__(self, lines: Mapping[str, str]):
        super().__init__()
        self.lines = lines  # letters of a pattern -> the pattern as written

    def get(self, key, default=None):
        if key not in self:
            if key not in self.lines:
                return default
            self[key] = _parsed(self.lines[key])
        return self[key] or default


def pattern_lines(data: bytes) -> dict[str, str]:
    """The patterns of a pattern file's bytes `data` as pyphen reads them, each not yet parsed: the letters of a
    pattern -> the pattern as written (plain strings: pnp.typeset.hyphenation keeps them across runs)."""
    encoding = data.split(b"\n", 1)[0].decode().strip()
    encoding = "cp1251" if encoding.lower() == "microsoft-cp1251" else encoding
    letters = data.translate(None, b"0123456789").decode(encoding).split("\n")  # digits are ASCII in every encoding
    lines: dict[str, str] = {}
    for key, line in zip(letters[1:], data.decode(encoding).split("\n")[1:]):
        line = line.strip()
        if not line or line.startswith(pyphen.ignored):
            continue
        if "^^" in line or "/" in line:  # a character in hex, a nonstandard hyphenation: as pyphen reads them
            line = pyphen.parse_hex(lambda match: chr(int(match.group(1), 16)), line)
            key = re.sub(r"\d", "", line.split("/", 1)[0] if "=" in line else line)
        lines[key.strip()] = line
    return lines


def provide_lazy_patterns(path: Path, lines: Mapping[str, str], longest: int | None = None) -> None:
    """Make `pyphen.Pyphen(filename=path)` use the patterns `lines` (`pattern_lines` of the file's bytes, or a mapping
    that looks them up as they are asked for, the letters of the longest given as `longest`), each parsed when first
    used: the same positions, found in the same way, by pyphen (`positions`). The first provided stays."""
    table = pyphen.HyphDict.__new__(pyphen.HyphDict)
    table.patterns, table.cache = _Patterns(lines), {}
    table.maxlen = max(map(len, lines)) if longest is None else longest
    pyphen.hdcache.setdefault(Path(path), table)


def _parsed(pattern: str) -> tuple[int, tuple[int, ...]] | None:
    """pyphen's reading of one pattern (HyphDict.__init__): the offset and values of its digits, zeros cut from
    both ends; None when all are zero."""
    factory = int
    if "/" in pattern and "=" in pattern:
        pattern, alternative = pattern.split("/", 1)
        factory = pyphen.AlternativeParser(pattern, alternative)
    values = tuple(factory(digit or "0") for digit, _ in pyphen.parse(pattern))
    if max(values) == 0:
        return None
    start, end = 0, len(values)
    while not values[start]:
        start += 1
    while not values[end - 1]:
        end -= 1
    return start, values[start:end]
