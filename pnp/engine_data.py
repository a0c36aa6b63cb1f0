"""The engine data (data/engine.toml): every rule number, loaded, type- and range-checked, cross-checked."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from .problems import Location, Problem, raise_if_errors
from .terms import FACTIONS
from .tomlfile import read_toml

PHASES = ("draw", "standby", "main1", "battle", "main2", "end")

# section -> key -> (lowest, highest) sane value; a value outside is a typo, not a house rule.
SCHEMA: dict[str, dict[str, tuple[int, int]]] = {
    "life": {"start": (1, 999), "lose_at": (0, 0)},
    "hand": {"start": (0, 20), "draw_per_turn": (0, 10), "limit": (1, 20)},
    "first_turn": {"draws": (0, 10), "attacks": (0, 10)},
    "energy": {"start_max": (0, 99), "rise_from_turn": (1, 99), "rise_per_turn": (0, 99), "cap": (1, 99),
               "activate_cost": (0, 99), "set_cost": (0, 99)},
    "summon": {"per_turn": (0, 10), "free_level_min": (1, 6), "free_level_max": (1, 6),
               "paid_level_min": (1, 6), "paid_level_max": (1, 6)},
    "combat": {"attacks_per_unit": (0, 10), "direct_attacks_per_turn": (0, 10)},
    "stats": {"printed_min": (0, 99), "printed_max": (1, 99), "floor": (0, 99), "ceiling": (1, 99)},
    "deck": {"size": (1, 200), "max_copies": (1, 10), "commanders_min": (0, 10), "commanders_max": (0, 10),
             "commander_copies": (1, 10), "terrain_max": (0, 40), "terrain_main_min": (0, 40)},
    "deck.allied": {"main": (1, 200), "ally": (1, 200)},
    "deck.coalition": {"primary": (1, 200), "secondary": (1, 200), "tertiary": (1, 200), "factions": (2, 7)},
    "unlocks": {f: (0, 999) for f in FACTIONS},
}


@dataclass(frozen=True)
class Engine:
    """All rule numbers, flat and named "<section>_<key>" (e.g. life_start, deck_allied_main), plus the phases."""

    numbers: Mapping[str, int]
    phases: tuple[str, ...]

    def __getattr__(self, name: str) -> int:
        try:
            return self.numbers[name]
        except KeyError:
            raise AttributeError(name) from None

    def max_energy(self, turn: int) -> int:
        """Energy maximum on the player's turn `turn` (1-based)."""
        rises = max(0, turn - self.energy_rise_from_turn + 1)
        return min(self.energy_cap, self.energy_start_max + rises * self.energy_rise_per_turn)

    def energy_schedule(self) -> tuple[tuple[int, int], ...]:
        """(turn, maximum) from turn 1 up to the first turn at the cap."""
        schedule, turn = [], 1
        while True:
            schedule.append((turn, self.max_energy(turn)))
            if schedule[-1][1] >= self.energy_cap or turn > 200:
                return tuple(schedule)
            turn += 1

    def clamp(self, value: int) -> int:
        """An effective stat, held between the floor and the ceiling."""
        return max(self.stats_floor, min(self.stats_ceiling, value))


def placeholder_name(section: str, key: str) -> str:
    return f"{section.replace('.', '_')}_{key}"


ENGINE_NAMES = frozenset(placeholder_name(s, k) for s, keys in SCHEMA.items() for k in keys)


def load_engine(path: Path) -> Engine:
    """Read, check and freeze the engine data; raises ProblemsFound listing every problem."""
    engine, problems = read_engine(path)
    raise_if_errors(problems)
    return engine


def read_engine(path: Path) -> tuple[Engine, list[Problem]]:
    """The engine with every valid number, and the problems of the others (so later checks can still run)."""
    data, problems = read_toml(path)
    if data is None:
        return Engine(MappingProxyType({}), PHASES), problems
    numbers: dict[str, int] = {}
    where = Location(file=str(path))
    for section, keys in SCHEMA.items():
        table = data
        for part in section.split("."):
            table = table.get(part, {}) if isinstance(table, dict) else {}
        if not isinstance(table, dict) or not table:
            problems.append(Problem("engine-missing", f"section [{section}] is missing", where))
            continue
        subsections = {k for k, v in table.items() if isinstance(v, dict)}
        for key in sorted(set(table) - set(keys) - subsections):
            problems.append(Problem("engine-unknown-key", f"[{section}] has unknown key '{key}'; expected one of "
                                    f"{', '.join(keys)}", where))
        for key, (low, high) in keys.items():
            value = table.get(key)
            name = placeholder_name(section, key)
            if value is None:
                problems.append(Problem("engine-missing", f"[{section}] {key} is missing", where))
            elif type(value) is not int:
                problems.append(Problem("engine-type", f"[{section}] {key} must be a whole number, found {value!r}",
                                        where))
            elif not low <= value <= high:
                problems.append(Problem("engine-range", f"[{section}] {key} = {value} is out of range; expected "
                                        f"{low}..{high}", where))
            else:
                numbers[name] = value
    phases = data.get("phases", {}).get("order")
    if not isinstance(phases, list) or tuple(phases) != PHASES:
        problems.append(Problem("engine-phases", f"[phases] order must be {list(PHASES)}, found {phases!r}", where))
    if not any(p.code in ("engine-missing", "engine-type", "engine-range") for p in problems):
        problems += consistency_problems(numbers, where)
    return Engine(MappingProxyType(numbers), PHASES), problems


def consistency_problems(n: Mapping[str, int], where: Location) -> list[Problem]:
    """Rules that tie several numbers together (the deck splits add up, minimums do not exceed maximums, ...)."""
    checks = [
        (n["deck_allied_main"] + n["deck_allied_ally"] == n["deck_size"],
         f"allied deck {n['deck_allied_main']} + {n['deck_allied_ally']} must equal the deck size {n['deck_size']}"),
        (n["deck_coalition_primary"] + n["deck_coalition_secondary"] + n["deck_coalition_tertiary"]
         == n["deck_size"],
         f"coalition deck {n['deck_coalition_primary']} + {n['deck_coalition_secondary']} + "
         f"{n['deck_coalition_tertiary']} must equal the deck size {n['deck_size']}"),
        (n["energy_start_max"] <= n["energy_cap"],
         f"energy start maximum {n['energy_start_max']} must not exceed the cap {n['energy_cap']}"),
        (n["stats_floor"] <= n["stats_ceiling"],
         f"stat floor {n['stats_floor']} must not exceed the ceiling {n['stats_ceiling']}"),
        (n["stats_printed_min"] <= n["stats_printed_max"] <= n["stats_ceiling"]
         and n["stats_printed_min"] >= n["stats_floor"],
         f"printed stat range {n['stats_printed_min']}..{n['stats_printed_max']} must lie within the floor and "
         f"ceiling {n['stats_floor']}..{n['stats_ceiling']}"),
        (n["deck_commanders_min"] <= n["deck_commanders_max"],
         f"commanders minimum {n['deck_commanders_min']} must not exceed the maximum {n['deck_commanders_max']}"),
        (n["deck_terrain_main_min"] <= n["deck_terrain_max"],
         f"terrain main-faction minimum {n['deck_terrain_main_min']} must not exceed the maximum "
         f"{n['deck_terrain_max']}"),
        (n["summon_free_level_min"] <= n["summon_free_level_max"] < n["summon_paid_level_min"]
         <= n["summon_paid_level_max"] and n["summon_paid_level_min"] == n["summon_free_level_max"] + 1,
         "summon levels must split into free (low) and paid (high) ranges that meet"),
        (n["hand_start"] <= n["deck_size"], f"starting hand {n['hand_start']} exceeds the deck size"),
        (n["energy_rise_per_turn"] > 0 or n["energy_start_max"] == n["energy_cap"],
         "energy must rise (rise_per_turn > 0) unless it starts at the cap"),
    ]
    return [Problem("engine-inconsistent", message, where) for ok, message in checks if not ok]
