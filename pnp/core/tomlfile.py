"""Reading TOML data files into plain dicts, turning syntax errors into located problems; a file read before is
not parsed again (PARSED)."""
from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

from .disk_cache import DiskCache, source_digest
from .input_files import read_input
from .problems import Location, Problem

MAX_DEPTH = 20  # tables and lists in tables and lists: the kit's own files nest at most 5 deep
PARSED = DiskCache("toml", "each TOML file as parsed (data, word lists, layouts, deck lists): its tables, lists, "
                   "strings, numbers and booleans", "the file's bytes, Python's version (its tomllib) and pnp's "
                   "reading code", "pnp.core.tomlfile.PARSED")
READING_CODE = source_digest(__name__) + sys.version.encode()
PLAIN = (dict, list, str, int, float)  # what TOML parses to but dates and times, which an entry cannot hold


def read_toml(path: Path) -> tuple[dict | None, list[Problem]]:
    """Parse a TOML file; on failure return None and one problem naming file, line and what is wrong."""
    try:
        data = read_input(path, "toml")
    except FileNotFoundError:
        return None, [Problem("file-missing", "file not found", Location(file=str(path)))]
    except OSError as exc:  # a folder, a FIFO or device, a file over the limit, a link loop, no permission
        return None, [Problem("file-unreadable", f"cannot read file: {exc.strerror or exc}", Location(file=str(path)))]
    key = data + READING_CODE
    if (parsed := PARSED.get(path.name, key)) is not None:
        return parsed, []
    try:
        text = data.decode("utf-8-sig")  # a byte order mark (some Windows editors write one) is no error
    except UnicodeDecodeError as exc:
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        return None, [Problem("file-unreadable", f"byte 0x{data[exc.start]:02x} at column {exc.start - line_start + 1} "
                              "is not UTF-8; expected a UTF-8 text file",
                              Location(file=str(path), line=data.count(b"\n", 0, exc.start) + 1))]
    nested = Problem("toml-nesting", f"tables and lists nested more than {MAX_DEPTH} levels deep; expected at most "
                     f"{MAX_DEPTH}", Location(file=str(path)))
    try:
        data = tomllib.loads(text)
    except RecursionError:  # the parser's own recursion, far deeper than any layout or data file
        return None, [nested]
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line = int(found.group(1)) if found else None
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        message += f" at column {found.group(2)}" if found else ""
        return None, [Problem("toml-syntax", f"not valid TOML: {message}", Location(file=str(path), line=line))]
    if _depth(data) > MAX_DEPTH:
        return None, [nested]
    if _plain(data):
        PARSED.put(path.name, key, data)
    return data, []


def _depth(value: object) -> int:
    """How deeply tables and lists nest in `value` (1: a flat table), counted without recursion up to one more
    than MAX_DEPTH."""
    deepest, stack = 0, [(value, 1)]
    while stack and deepest <= MAX_DEPTH:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


def _plain(value: object) -> bool:
    """Whether `value` holds no TOML date or time (marshal, which an entry is written with, cannot hold one)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if not isinstance(item, PLAIN):
            return False
        if isinstance(item, (dict, list)):
            stack.extend(item.values() if isinstance(item, dict) else item)
    return True


def read_toml_text(path: Path) -> str:
    """The text of a TOML file that `read_toml` has read (for the lines of its keys), within the same limit."""
    return read_input(path, "toml").decode("utf-8-sig")


_KEY_PART = r'"(?:[^"\\]|\\.)*"|\'[^\']*\'|[A-Za-z0-9_-]+'
_KEY_PATH = rf"(?:{_KEY_PART})(?:\s*\.\s*(?:{_KEY_PART}))*"
_TABLE = re.compile(rf"^\[\s*({_KEY_PATH})\s*\]")
_ARRAY_TABLE = re.compile(rf"^\[\[\s*({_KEY_PATH})\s*\]\]")
_ASSIGNMENT = re.compile(rf"^({_KEY_PATH})\s*=")


def _key_parts(path: str) -> tuple[str, ...]:
    parts = []
    for part in re.findall(_KEY_PART, path):
        if part[0] in "\"'":
            try:
                part = next(iter(tomllib.loads(f"{part} = 0")))
            except tomllib.TOMLDecodeError:
                part = part[1:-1]
        parts.append(part)
    return tuple(parts)


def key_lines(text: str) -> dict[tuple[str, ...], int]:
    """Line of each [table] header and `key = value` of a TOML text, by full key path (e.g. ("deck", "size")).

    Keys inside [[array]] tables are left out (their path is ambiguous); problems there carry their own lines.
    """
    lines: dict[tuple[str, ...], int] = {}
    table: tuple[str, ...] | None = ()
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if _ARRAY_TABLE.match(line):
            table = None
        elif (found := _TABLE.match(line)) is not None:
            table = _key_parts(found.group(1))
            lines.setdefault(table, number)
        elif table is not None and (found := _ASSIGNMENT.match(line)) is not None:
            lines.setdefault(table + _key_parts(found.group(1)), number)
    return lines
