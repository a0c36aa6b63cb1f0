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
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .problems import Location, Problem, ProblemsFound, raise_if_errors, shown
from .tomlfile import read_toml
from .values import DPI_RANGE, FONT_FILES, MAX_ITEMS, MAX_NUMBER, STEP_RANGE, Colour, Dpi, FontRole, Positive, Step

LAYOUT_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")  # a layout `extends` only another file of its own folder


def read_layout(name: str, directory: Path) -> dict:
    """The merged table of layout `name` (following `extends`); raises ProblemsFound for a missing file or cycle."""
    chain: list[str] = []
    merged: dict = {}
    while name is not None:
        path = directory / f"{name}.toml"
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
    return merged


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
    """Layout `name` as an instance of the frozen dataclass `cls`; every key checked, all problems collected."""
    data = read_layout(name, directory)
    problems: list[Problem] = []
    value = _convert(cls, data, "", problems, str(directory / f"{name}.toml"))
    raise_if_errors(problems)
    return value


def read_table(cls: type, data: dict, file: str, key: str = "") -> tuple[Any, list[Problem]]:
    """A table read from `file` (at `key`) as an instance of the frozen dataclass `cls`, and the problems of its
    keys (for data files of several entries, like the print services)."""
    problems: list[Problem] = []
    return _convert(cls, data, key, problems, file), problems


def _convert(tp: Any, value: Any, key: str, problems: list[Problem], file: str) -> Any:
    """`value` read from TOML as type `tp` (a dataclass, mapping, tuple, number or text); None and a problem if not."""
    def fail(expected: str) -> None:
        problems.append(Problem("layout-value", f"'{key}' must be {expected}, found {shown(value)}",
                                Location(file=file, field=key or None)))

    origin = typing.get_origin(tp)
    if dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            return fail("a table")
        hints = typing.get_type_hints(tp)
        fields = {f.name: f for f in dataclasses.fields(tp)}
        for extra in sorted(set(value) - set(fields)):
            problems.append(Problem("layout-unknown-key", f"unknown key '{_join(key, extra)}'; expected one of "
                                    f"{', '.join(fields)}", Location(file=file, field=_join(key, extra))))
        args, before = {}, len(problems)
        for name, f in fields.items():
            if name in value:
                args[name] = _convert(hints[name], value[name], _join(key, name), problems, file)
            elif f.default is dataclasses.MISSING:
                problems.append(Problem("layout-missing-key", f"missing key '{_join(key, name)}'",
                                        Location(file=file, field=_join(key, name))))
        if len(problems) > before:
            return None
        instance = tp(**args)
        for wrong in instance.invalid() if hasattr(instance, "invalid") else ():
            problems.append(Problem("layout-value", f"'{key}': {wrong}", Location(file=file, field=key or None)))
        return instance
    if tp is Colour:
        colour = _convert(tuple[float, float, float, float], value, key, problems, file)
        if colour is not None and None not in colour and not all(0 <= v <= 1 for v in colour):
            problems.append(Problem("layout-colour", f"'{key}' is {shown(value)}; expected CMYK components in 0..1",
                                    Location(file=file, field=key)))
        return colour
    if tp is Positive:
        number = _convert(float, value, key, problems, file)
        return number if number is None or number > 0 else fail("above zero")
    if tp in (Step, Dpi):
        (low, high), types = (STEP_RANGE, (int, float)) if tp is Step else (DPI_RANGE, (int,))
        if type(value) not in types or not low <= value <= high:  # NaN is in no range
            return fail(f"{'a number' if tp is Step else 'a whole number'} from {low:g} to {high:g}")
        return float(value) if tp is Step else value
    if tp is FontRole:
        role = _convert(str, value, key, problems, file)
        return role if role is None or role in FONT_FILES else fail(f"a font role ({', '.join(FONT_FILES)})")
    if origin in (abc.Mapping, dict):
        if not isinstance(value, dict):
            return fail("a table")
        item = typing.get_args(tp)[1]
        return MappingProxyType({k: _convert(item, v, _join(key, k), problems, file) for k, v in value.items()})
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(value, list) or (args[-1] is not Ellipsis and len(value) != len(args)):
            return fail(f"a list of {len(args)} numbers" if args[-1] is not Ellipsis else "a list")
        if not 1 <= len(value) <= MAX_ITEMS:
            return fail(f"a list of 1 to {MAX_ITEMS} items")
        item = args[0]
        return tuple(_convert(item, v, f"{key}[{i}]", problems, file) for i, v in enumerate(value))
    if tp is float:
        if type(value) not in (int, float) or not math.isfinite(value):
            return fail("a finite number")
        if abs(value) > MAX_NUMBER:
            return fail(f"a number from {-MAX_NUMBER:g} to {MAX_NUMBER:g}")
        return float(value)
    if tp is bool:
        if not isinstance(value, bool):
            return fail("true or false")
        return value
    if tp is int:
        if type(value) is not int:
            return fail("a whole number")
        if not 0 <= value <= MAX_NUMBER:
            return fail(f"a whole number from 0 to {MAX_NUMBER:g}")
        return value
    if tp is str:
        if not isinstance(value, str):
            return fail("text")
        return value
    raise TypeError(f"unsupported layout field type {tp!r}")


def _join(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name
