"""Layout files read into frozen dataclasses: `extends` followed, every key converted to its field's type and
checked, all problems collected and located (file, key).

A layout file may say `extends = "<other layout>"`: it is read over the other one, table by table.
"""
from __future__ import annotations

import dataclasses
import math
import re
import typing
from collections import abc
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable

from .problems import Location, Problem, ProblemsFound, raise_if_errors, shown
from .tomlfile import read_toml
from .caches import register
from .input_files import read_input
from .values import (DPI_RANGE, FONT_FILES, MAX_ITEMS, MAX_NUMBER, STEP_RANGE, Colour, Count, Dpi, FontRole, Positive,
                     Step)

LAYOUT_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")  # a layout `extends` only another file of its own folder


def layout_file(directory: Path, name: str) -> Path:
    """The file of layout `name` in the layouts folder `directory`."""
    return directory / f"{name}.toml"


def read_layout(name: str, directory: Path) -> dict:
    """The merged table of layout `name` (following `extends`); raises ProblemsFound for a missing file or cycle."""
    return _read_chain(name, directory)[0]


def _read_chain(name: str, directory: Path) -> tuple[dict, tuple[Path, ...]]:
    """`read_layout`'s table and the files it was read from."""
    chain: list[str] = []
    merged: dict = {}
    while name is not None:
        path = layout_file(directory, name)
        if name in chain:
            raise ProblemsFound([Problem("layout-extends", f"layouts extend each other in a cycle: "
                                         f"{' -> '.join(chain + [name])}", Location(file=str(path)))])
        if not (path.exists() or path.is_symlink()):  # anything else there is read_toml's to report
            raise ProblemsFound([Problem("layout-missing", f"no layout '{name}'; expected {path}",
                                         Location(file=str(path)))])
        data, problems = read_toml(path)
        raise_if_errors(problems)
        chain.append(name)
        parent = data.pop("extends", None)
        if parent is not None and (not isinstance(parent, str) or not LAYOUT_NAME.fullmatch(parent)):
            raise ProblemsFound([Problem("layout-extends", f"extends = {shown(parent)} is not the name of a layout in "
                                         "this folder; expected a name like \"home-a4\" (letters, digits, - and _)",
                                         Location(file=str(path), field="extends"))])
        merged = _merge(data, merged)
        name = parent
    return merged, tuple(layout_file(directory, name) for name in chain)


def _merge(base: dict, override: dict) -> dict:
    """`override` read over `base`, tables merged key by key."""
    result = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = _merge(result[key], value)
        else:
            result[key] = value
    return result


def load_layout(name: str, cls: type, directory: Path):
    """Layout `name` as an instance of the frozen dataclass `cls`; every key checked, all problems collected.
    Remembered by the bytes of the files it was read from, which are read every time (`pnp validate` asks for the
    sheets' layouts for every language and check): a file changed in the same folder is read anew."""
    where = (name, str(directory))
    read_before = _CHAINS.get(where)
    key = (cls, where, _contents(read_before))
    if key not in _LOADED:
        data, chain = _read_chain(name, directory)
        problems: list[Problem] = []
        value = _read(cls, data, "", _Reading(str(layout_file(directory, name)), problems))
        _CHAINS[where] = chain
        if chain != read_before:  # the files were not known before: keyed by their bytes just read
            key = (cls, where, _contents(chain))
        if key[2] is not None:
            _LOADED[key] = value, problems
        return _raised(value, problems)
    return _raised(*_LOADED[key])


def _contents(files: tuple[Path, ...] | None) -> tuple[bytes, ...] | None:
    """The bytes of `files` now; None when they are not known or one cannot be read (then read as a new layout)."""
    try:
        return None if files is None else tuple(read_input(path, "toml") for path in files)
    except OSError:
        return None


def _raised(value: Any, problems: list[Problem]) -> Any:
    raise_if_errors(problems)
    return value


_CHAINS: dict[tuple[str, str], tuple[Path, ...]] = {}  # (layout, folder) -> the files it was last read from
_LOADED: dict[tuple[type, tuple[str, str], tuple[bytes, ...] | None], tuple[Any, list[Problem]]] = {}
register("pnp.core.loader.load_layout", "a layout read and converted to its dataclass, and its problems",
         "class, layout name and folder, the bytes of the files it was read from (read again on every call)",
         lambda: (_CHAINS.clear(), _LOADED.clear()))


def read_table(cls: type, data: dict, file: str, key: str = "") -> tuple[Any, list[Problem]]:
    """A table read from `file` (at `key`) as an instance of the frozen dataclass `cls`, and the problems of its
    keys (for data files of several entries, like the print services)."""
    problems: list[Problem] = []
    return _read(cls, data, key, _Reading(file, problems)), problems


@dataclass
class _Reading:
    """Where values are read (the file) and the problems found so far."""

    file: str
    problems: list[Problem]

    def fail(self, key: str, value: Any, expected: str) -> None:
        """Record that `value` at `key` is not what was `expected`; None stands for the value."""
        self.problems.append(Problem("layout-value", f"'{key}' must be {expected}, found {shown(value)}",
                                     Location(file=self.file, field=key or None)))


def _read(tp: Any, value: Any, key: str, reading: _Reading) -> Any:
    """`value` read from TOML (at `key`) as type `tp`: a dataclass, a mapping, a tuple or a type of CONVERTERS;
    None and a problem if it is not one."""
    if dataclasses.is_dataclass(tp):
        return _dataclass(tp, value, key, reading)
    origin = typing.get_origin(tp)
    if origin in (abc.Mapping, dict):
        return _mapping(typing.get_args(tp)[1], value, key, reading)
    if origin is tuple:
        return _tuple(typing.get_args(tp), value, key, reading)
    if tp not in CONVERTERS:
        raise TypeError(f"unsupported layout field type {tp!r}")
    return CONVERTERS[tp](value, key, reading)


def _dataclass(tp: type, value: Any, key: str, reading: _Reading) -> Any:
    """A table as an instance of the frozen dataclass `tp`: unknown and missing keys reported, then its `invalid()`."""
    if not isinstance(value, dict):
        return reading.fail(key, value, "a table")
    problems, file = reading.problems, reading.file
    hints = typing.get_type_hints(tp)
    fields = {f.name: f for f in dataclasses.fields(tp)}
    for extra in sorted(set(value) - set(fields)):
        problems.append(Problem("layout-unknown-key", f"unknown key '{_join(key, extra)}'; expected one of "
                                f"{', '.join(fields)}", Location(file=file, field=_join(key, extra))))
    args, before = {}, len(problems)
    for name, f in fields.items():
        if name in value:
            args[name] = _read(hints[name], value[name], _join(key, name), reading)
        elif f.default is dataclasses.MISSING:
            problems.append(Problem("layout-missing-key", f"missing key '{_join(key, name)}'",
                                    Location(file=file, field=_join(key, name))))
    if len(problems) > before:
        return None
    instance = tp(**args)
    for wrong in instance.invalid() if hasattr(instance, "invalid") else ():
        problems.append(Problem("layout-value", f"'{key}': {wrong}", Location(file=file, field=key or None)))
    return instance


def _mapping(item: Any, value: Any, key: str, reading: _Reading) -> Any:
    if not isinstance(value, dict):
        return reading.fail(key, value, "a table")
    return MappingProxyType({k: _read(item, v, _join(key, k), reading) for k, v in value.items()})


def _tuple(args: tuple, value: Any, key: str, reading: _Reading) -> Any:
    """A list as a tuple: of len(args) items, or of any number (1..MAX_ITEMS) for `tuple[T, ...]`."""
    if not isinstance(value, list) or (args[-1] is not Ellipsis and len(value) != len(args)):
        return reading.fail(key, value, f"a list of {len(args)} numbers" if args[-1] is not Ellipsis else "a list")
    if not 1 <= len(value) <= MAX_ITEMS:
        return reading.fail(key, value, f"a list of 1 to {MAX_ITEMS} items")
    return tuple(_read(args[0], v, f"{key}[{i}]", reading) for i, v in enumerate(value))


def _float(value: Any, key: str, reading: _Reading) -> float | None:
    if type(value) not in (int, float) or not math.isfinite(value):
        return reading.fail(key, value, "a finite number")
    if abs(value) > MAX_NUMBER:
        return reading.fail(key, value, f"a number from {-MAX_NUMBER:g} to {MAX_NUMBER:g}")
    return float(value)


def _int(value: Any, key: str, reading: _Reading) -> int | None:
    if type(value) is not int:
        return reading.fail(key, value, "a whole number")
    if not 0 <= value <= MAX_NUMBER:
        return reading.fail(key, value, f"a whole number from 0 to {MAX_NUMBER:g}")
    return value


def _count(value: Any, key: str, reading: _Reading) -> int | None:
    if type(value) is not int or not 1 <= value <= MAX_NUMBER:
        return reading.fail(key, value, f"a whole number from 1 to {MAX_NUMBER:g}")
    return value


def _bool(value: Any, key: str, reading: _Reading) -> bool | None:
    return value if isinstance(value, bool) else reading.fail(key, value, "true or false")


def _str(value: Any, key: str, reading: _Reading) -> str | None:
    return value if isinstance(value, str) else reading.fail(key, value, "text")


def _colour(value: Any, key: str, reading: _Reading) -> Colour | None:
    colour = _read(tuple[float, float, float, float], value, key, reading)
    if colour is not None and None not in colour and not all(0 <= v <= 1 for v in colour):
        reading.problems.append(Problem("layout-colour", f"'{key}' is {shown(value)}; expected CMYK components in "
                                        "0..1", Location(file=reading.file, field=key)))
    return colour


def _positive(value: Any, key: str, reading: _Reading) -> float | None:
    number = _float(value, key, reading)
    return number if number is None or number > 0 else reading.fail(key, value, "above zero")


def _step(value: Any, key: str, reading: _Reading) -> float | None:
    low, high = STEP_RANGE
    if type(value) not in (int, float) or not low <= value <= high:  # NaN is in no range
        return reading.fail(key, value, f"a number from {low:g} to {high:g}")
    return float(value)


def _dpi(value: Any, key: str, reading: _Reading) -> int | None:
    low, high = DPI_RANGE
    if type(value) is not int or not low <= value <= high:
        return reading.fail(key, value, f"a whole number from {low:g} to {high:g}")
    return value


def _font_role(value: Any, key: str, reading: _Reading) -> str | None:
    role = _str(value, key, reading)
    return role if role is None or role in FONT_FILES else reading.fail(key, value,
                                                                         f"a font role ({', '.join(FONT_FILES)})")


# type of a field -> how a TOML value becomes one (or None and a problem); dataclasses, mappings and tuples are
# read field by field, item by item (_read)
CONVERTERS: dict[Any, Callable[[Any, str, _Reading], Any]] = {
    float: _float, int: _int, bool: _bool, str: _str,
    Colour: _colour, Positive: _positive, Step: _step, Dpi: _dpi, Count: _count, FontRole: _font_role,
}


def _join(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name
