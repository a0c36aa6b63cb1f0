"""The engine data (data/engine.toml): every rule number, loaded, type- and range-checked, cross-checked."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Callable, Mapping

from ..core.problems import Location, Problem, shown
from .terms import FACTIONS
from ..core.tomlfile import key_lines, read_toml, read_toml_text

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
    "field": {"units_max": (1, 10), "supports_max": (1, 10)},
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
# engine name -> its key path in engine.toml, e.g. "deck_allied_main" -> ("deck", "allied", "main")
KEY_PATHS = {placeholder_name(s, k): (*s.split("."), k) for s, keys in SCHEMA.items() for k in keys}


def read_engine(path: Path) -> tuple[Engine, list[Problem]]:
    """The engine with every valid number, and the problems of the others (so later checks can still run)."""
    data, problems = read_toml(path)
    if data is None:
        return Engine(MappingProxyType({}), PHASES), problems
    numbers: dict[str, int] = {}
    lines = key_lines(read_toml_text(path))

    def at(*key_path: str) -> Location:
        """The line of a key, else of its table, else the file."""
        while key_path and key_path not in lines:
            key_path = key_path[:-1]
        return Location(file=str(path), line=lines.get(key_path))

    for section, keys in SCHEMA.items():
        where = at(*section.split("."))
        table = data
        for part in section.split("."):
            table = table.get(part, {}) if isinstance(table, dict) else {}
        if not isinstance(table, dict) or not table:
            problems.append(Problem("engine-missing", f"section [{section}] is missing", where))
            continue
        subsections = {k for k, v in table.items() if isinstance(v, dict)}
        for key in sorted(set(table) - set(keys) - subsections):
            problems.append(Problem("engine-unknown-key", f"[{section}] has unknown key '{key}'; expected one of "
                                    f"{', '.join(keys)}", at(*section.split("."), key)))
        for key, (low, high) in keys.items():
            value = table.get(key)
            name = placeholder_name(section, key)
            where = at(*KEY_PATHS[name])
            if value is None:
                problems.append(Problem("engine-missing", f"[{section}] {key} is missing", where))
            elif type(value) is not int:
                problems.append(Problem("engine-type", f"[{section}] {key} must be a whole number, found {shown(value)}",
                                        where))
            elif not low <= value <= high:
                problems.append(Problem("engine-range", f"[{section}] {key} = {value} is out of range; expected "
                                        f"{low}..{high}", where))
            else:
                numbers[name] = value
    phases = data.get("phases", {}).get("order")
    if not isinstance(phases, list) or tuple(phases) != PHASES:
        problems.append(Problem("engine-phases", f"[phases] order must be {shown(list(PHASES))}, found {shown(phases)}",
                                at("phases", "order")))
    if not any(p.code in ("engine-missing", "engine-type", "engine-range") for p in problems):
        problems += consistency_problems(numbers, lambda name: at(*KEY_PATHS[name]))
    return Engine(MappingProxyType(numbers), PHASES), problems


def consistency_problems(n: Mapping[str, int], at: Callable[[str], Location]) -> list[Problem]:
    """Rules that tie several numbers together (the deck splits add up, minimums do not exceed maximums, ...).

    Each problem is located at the number named first (`at` maps an engine name to its file and line).
    """
    checks = [
        (n["deck_allied_main"] + n["deck_allied_ally"] == n["deck_size"], "deck_allied_main",
         f"allied deck {n['deck_allied_main']} + {n['deck_allied_ally']} must equal the deck size {n['deck_size']}"),
        (n["deck_coalition_primary"] + n["deck_coalition_secondary"] + n["deck_coalition_tertiary"]
         == n["deck_size"], "deck_coalition_primary",
         f"coalition deck {n['deck_coalition_primary']} + {n['deck_coalition_secondary']} + "
         f"{n['deck_coalition_tertiary']} must equal the deck size {n['deck_size']}"),
        (n["energy_start_max"] <= n["energy_cap"], "energy_start_max",
         f"energy start maximum {n['energy_start_max']} must not exceed the cap {n['energy_cap']}"),
        (n["stats_floor"] <= n["stats_ceiling"], "stats_floor",
         f"stat floor {n['stats_floor']} must not exceed the ceiling {n['stats_ceiling']}"),
        (n["stats_printed_min"] <= n["stats_printed_max"] <= n["stats_ceiling"]
         and n["stats_printed_min"] >= n["stats_floor"], "stats_printed_min",
         f"printed stat range {n['stats_printed_min']}..{n['stats_printed_max']} must lie within the floor and "
         f"ceiling {n['stats_floor']}..{n['stats_ceiling']}"),
        (n["deck_commanders_min"] <= n["deck_commanders_max"], "deck_commanders_min",
         f"commanders minimum {n['deck_commanders_min']} must not exceed the maximum {n['deck_commanders_max']}"),
        (n["deck_terrain_main_min"] <= n["deck_terrain_max"], "deck_terrain_main_min",
         f"terrain main-faction minimum {n['deck_terrain_main_min']} must not exceed the maximum "
         f"{n['deck_terrain_max']}"),
        (n["summon_free_level_min"] <= n["summon_free_level_max"] < n["summon_paid_level_min"]
         <= n["summon_paid_level_max"] and n["summon_paid_level_min"] == n["summon_free_level_max"] + 1,
         "summon_free_level_min", "summon levels must split into free (low) and paid (high) ranges that meet"),
        (n["summon_free_level_min"] == n["stats_printed_min"] and n["summon_paid_level_max"] == n["stats_printed_max"],
         "summon_free_level_min",
         f"summon levels {n['summon_free_level_min']}..{n['summon_paid_level_max']} must cover the printed levels "
         f"{n['stats_printed_min']}..{n['stats_printed_max']}"),
        (n["hand_start"] <= n["deck_size"], "hand_start", f"starting hand {n['hand_start']} exceeds the deck size"),
        (n["energy_rise_per_turn"] > 0 or n["energy_start_max"] == n["energy_cap"], "energy_rise_per_turn",
         "energy must rise (rise_per_turn > 0) unless it starts at the cap"),
        (n["energy_activate_cost"] <= n["energy_cap"], "energy_activate_cost",
         f"activating a doctrine or tactic costs {n['energy_activate_cost']} energy, more than the cap "
         f"{n['energy_cap']}"),
        (n["deck_commander_copies"] <= n["deck_max_copies"], "deck_commander_copies",
         f"commander copies {n['deck_commander_copies']} must not exceed the copies limit {n['deck_max_copies']}"),
        (n["deck_coalition_factions"] == 3, "deck_coalition_factions",
         f"a coalition deck has a primary, a secondary and a tertiary share: factions must be 3, found "
         f"{n['deck_coalition_factions']}"),
    ]
    return [Problem("engine-inconsistent", message, at(name)) for ok, name, message in checks if not ok]
