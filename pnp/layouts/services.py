"""Print services (pnp/layouts/services.toml, and a user's file of more): the card's trim and bleed a service asks
for, used by the pro-mode decks (`pnp build --mode pro --service NAME`) and the card images (`pnp export images
--service NAME`). An entry may say `extends = "<other entry>"`: it is read over that one, key by key."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from ..core.problems import Location, Problem, ProblemsFound, raise_if_errors, shown
from ..core.tomlfile import read_toml
from ..core.loader import read_table
from ..core.values import Positive

DEFAULT_SERVICE = "generic"


@dataclass(frozen=True)
class PrintService:
    """What the service is called, its trim (width, height) and the bleed it wants on every side (mm)."""

    name: str
    trim: tuple[Positive, Positive]
    bleed: float

    def invalid(self) -> list[str]:
        return [f"bleed {self.bleed:g} must not be below zero"] if self.bleed < 0 else []


def print_services(directory: Path, extra: Path | None = None) -> Mapping[str, PrintService]:
    """The services of services.toml in the layouts folder `directory`, with those of the file `extra` read over
    them (new names added, known names replaced); every problem located in its file and entry."""
    tables: dict[str, tuple[dict, str]] = {}
    problems: list[Problem] = []
    for path in (directory / "services.toml", *([extra] if extra else [])):
        data, read = read_toml(path)
        problems += read
        for key, table in (data or {}).items():
            if isinstance(table, dict):
                tables[key] = (table, str(path))
            else:
                problems.append(Problem("layout-value", f"'{key}' must be a table (name, trim, bleed), found "
                                        f"{shown(table)}", Location(file=str(path), field=key)))
    services = {}
    for key in tables:
        merged = _extended(key, tables, problems)
        if merged is not None:
            service, found = read_table(PrintService, merged, tables[key][1], key)
            problems += found
            services[key] = service
    if DEFAULT_SERVICE not in tables and not problems:
        problems.append(Problem("layout-missing-key", f"no print service '{DEFAULT_SERVICE}' (the default)",
                                Location(file=str(directory / "services.toml"))))
    raise_if_errors(problems)
    return MappingProxyType(services)


def print_service(directory: Path, name: str, extra: Path | None = None) -> PrintService:
    """The print service `name` (see print_services); ProblemsFound when there is none of that name."""
    services = print_services(directory, extra)
    if name not in services:
        where = Location(file=str(extra or directory / "services.toml"))
        raise ProblemsFound([Problem("layout-missing-key", f"no print service '{name}'; expected one of "
                                     f"{', '.join(services)}", where)])
    return services[name]


def _extended(key: str, tables: dict[str, tuple[dict, str]], problems: list[Problem]) -> dict | None:
    """Entry `key` read over the entries it extends; None (and a problem) for an unknown parent or a cycle."""
    chain, merged = [key], dict(tables[key][0])
    name = merged.get("extends")
    while name is not None:
        child = chain[-1]
        if isinstance(name, str) and name in chain:
            what = f"extends itself: {' -> '.join(chain + [name])}"
        elif not isinstance(name, str) or name not in tables:
            what = f"extends {shown(name)}, which is no print service; expected one of {', '.join(tables)}"
        else:
            chain.append(name)
            merged = {**tables[name][0], **merged}
            name = tables[name][0].get("extends")
            continue
        problems.append(Problem("layout-extends", f"'{child}' {what}",
                                Location(file=tables[child][1], field=f"{child}.extends")))
        return None
    merged.pop("extends", None)
    return merged
