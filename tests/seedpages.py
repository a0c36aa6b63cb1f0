"""Parser for the online game's "how to play" pages kept in tests/seeds/ (the reference the database must match)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

SEEDS = Path(__file__).parent / "seeds"
LANGS = ("de", "pl", "tr", "es", "pt")
FACTIONS = ("carthage", "dacia", "egypt", "macedon", "persia", "rome", "sparta")
COMMANDER_MARK = " ♚"


@dataclass(frozen=True)
class SeedRow:
    """One table row of a seed page, as printed there."""

    faction: str
    table: str  # "units" or "doctrines"
    name: str
    commander: bool
    level: int | None
    atk: int | None
    def_: int | None
    energy: int | None
    copies: int
    type: str
    bonus: str | None
    effect: str
    line: int


@dataclass(frozen=True)
class SeedPage:
    lang: str
    lines: tuple[str, ...]
    faction_names: tuple[str, ...]
    units: tuple[SeedRow, ...]
    doctrines: tuple[SeedRow, ...]

    @property
    def rules_text(self) -> str:
        """Everything before the first card table."""
        first = min(r.line for r in self.units) - 3
        return "\n".join(self.lines[:first])


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def load(lang: str) -> SeedPage:
    lines = tuple((SEEDS / f"{lang}.txt").read_text(encoding="utf-8").splitlines())
    tables: list[tuple[str, list[tuple[int, list[str]]]]] = []
    for i, line in enumerate(lines):
        if line.startswith("|---"):
            tables.append((lines[i - 2], []))
        elif line.startswith("| ") and tables and lines[i - 1].startswith("|"):
            tables[-1][1].append((i + 1, _cells(line)))
    assert len(tables) == 14, f"{lang}: expected 14 tables, found {len(tables)}"
    units, doctrines, names = [], [], []
    for index, (faction_name, rows) in enumerate(tables):
        faction = FACTIONS[index % 7]
        if index < 7:
            names.append(faction_name)
        for line_no, cells in rows:
            if index < 7:
                name, level, atk, df, energy, copies, type_, effect = cells
                units.append(SeedRow(faction, "units", name.removesuffix(COMMANDER_MARK),
                                     name.endswith(COMMANDER_MARK), int(level), int(atk), int(df), int(energy),
                                     int(copies), type_, None, effect, line_no))
            else:
                name, bonus, copies, type_, effect = cells
                doctrines.append(SeedRow(faction, "doctrines", name, False, None, None, None, None, int(copies), type_,
                                         None if bonus == "—" else bonus, effect, line_no))
    return SeedPage(lang, lines, tuple(names), tuple(units), tuple(doctrines))
