"""The card database (data/cards/<faction>.toml): English source data, loaded and checked into frozen cards."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from .engine_data import Engine
from ..core.problems import Location, Problem, raise_if_errors, shown
from .terms import BONUS_PHRASES, BONUS_TARGETS, BONUS_TIMINGS, FACTIONS, KINDS, STATS, TRAITS, UNIT_TYPES
from ..core.tomlfile import read_toml, read_toml_text

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
COMMON_KEYS = {"id", "kind", "name", "copies", "effect"}
UNIT_KEYS = COMMON_KEYS | {"type", "traits", "level", "atk", "def", "energy", "commander"}
CARD_KEYS = {"unit": UNIT_KEYS, "doctrine": COMMON_KEYS | {"terrain", "bonus"}, "tactic": COMMON_KEYS | {"bonus"}}
REQUIRED = {"unit": UNIT_KEYS - {"commander", "traits"}, "doctrine": COMMON_KEYS, "tactic": COMMON_KEYS}
BONUS_KEYS = {"stat", "amount", "target", "timing"}


@dataclass(frozen=True)
class Modifier:
    """One structured bonus: e.g. own ATK +1, opponent DEF −1, attacker ATK −1, +1 LP per turn."""

    stat: str
    amount: int
    target: str = "own"
    timing: str = "always"


@dataclass(frozen=True)
class Card:
    """One card of the database (data/cards/*.toml), in English, with the file and line it was read from."""
    id: str
    faction: str
    kind: str
    name: str
    effect: str
    copies: int
    commander: bool = False
    terrain: bool = False
    unit_type: str | None = None
    traits: tuple[str, ...] = ()  # keys of TRAITS, in the order the type line prints them
    level: int | None = None
    atk: int | None = None
    def_: int | None = None
    energy: int | None = None
    bonus: tuple[Modifier, ...] = ()
    source: str = ""
    line: int | None = None


@dataclass(frozen=True)
class CardDatabase:
    """Every card of the game, in the order of the card files."""
    cards: tuple[Card, ...]

    def by_id(self, card_id: str) -> Card | None:
        """The first card of that id, or None."""
        return self._ids.get(card_id)

    @cached_property
    def _ids(self) -> dict[str, Card]:
        return {card.id: card for card in reversed(self.cards)}  # the first card of an id last, so kept

    def faction(self, faction: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.faction == faction)


def load_cards(directory: Path, engine: Engine) -> CardDatabase:
    """Load every data/cards/*.toml; raises ProblemsFound listing every problem in every file."""
    problems: list[Problem] = []
    cards: list[Card] = []
    files = sorted(directory.glob("*.toml"))
    if not files:
        problems.append(Problem("cards-missing", "no card files (*.toml) found", Location(file=str(directory))))
    for path in files:
        file_cards, file_problems = _load_file(path, engine)
        cards += file_cards
        problems += file_problems
    seen: dict[str, Card] = {}
    for card in cards:
        if card.id in seen:
            problems.append(Problem("card-duplicate-id", f"duplicate id; first defined at {seen[card.id].source}:"
                                    f"{seen[card.id].line}", Location(card.source, card.line, card.id, field="id")))
        seen.setdefault(card.id, card)
    for faction in sorted(set(FACTIONS) - {c.faction for c in cards} - {path.stem for path in files}):
        # a faction whose file exists but is broken has that file's problems instead
        problems.append(Problem("cards-missing-faction", f"no cards for faction '{faction}'; expected "
                                f"{faction}.toml", Location(file=str(directory))))
    raise_if_errors(problems)
    order = {f: i for i, f in enumerate(FACTIONS)}
    return CardDatabase(tuple(sorted(cards, key=lambda c: order[c.faction])))


def _card_lines(path: Path) -> list[int]:
    try:
        lines = read_toml_text(path).splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    return [i for i, line in enumerate(lines, 1) if line.strip() == "[[cards]]"]


def _load_file(path: Path, engine: Engine) -> tuple[list[Card], list[Problem]]:
    data, problems = read_toml(path)
    if data is None:
        return [], problems
    where = Location(file=str(path))
    faction = data.get("faction")
    if faction not in FACTIONS:
        return [], [Problem("card-unknown-faction", f"faction = {shown(faction)} is not a known faction; expected one "
                            f"of {', '.join(FACTIONS)}", where)]
    if path.stem != faction:
        problems.append(Problem("card-file-name", f"file for faction '{faction}' must be named {faction}.toml", where))
    for key in sorted(set(data) - {"faction", "cards"}):
        problems.append(Problem("card-unknown-key", f"unknown top-level key '{key}'; expected faction, cards", where))
    entries = data.get("cards")
    if not isinstance(entries, list) or not entries:
        return [], problems + [Problem("cards-missing", "no [[cards]] tables", where)]
    lines = _card_lines(path)
    cards = []
    for index, entry in enumerate(entries):
        line = lines[index] if index < len(lines) else None
        card, card_problems = _card(entry, faction, str(path), line, engine)
        problems += card_problems
        if card:
            cards.append(card)
    return cards, problems


def _card(raw: dict, faction: str, source: str, line: int | None, engine: Engine) -> tuple[Card | None, list[Problem]]:
    card_id = raw.get("id") if isinstance(raw.get("id"), str) else None
    problems: list[Problem] = []

    def problem(code: str, field: str, message: str) -> None:
        problems.append(Problem(code, message, Location(source, line, card_id, field=field)))

    if card_id is None and "id" in raw:
        problem("card-type", "id", f"'id' must be text, found {shown(raw['id'])}; expected \"<faction>.<slug>\"")
    elif card_id is None:
        problem("card-missing-key", "id", "missing key 'id'; expected \"<faction>.<slug>\"")
    elif not (card_id.startswith(faction + ".") and SLUG.match(card_id[len(faction) + 1:])):
        problem("card-bad-id", "id", f"id {card_id!r} must be '{faction}.<slug>' with a lowercase ASCII slug")
    kind = raw.get("kind")
    if kind not in KINDS:
        problem("card-unknown-kind", "kind", f"kind {kind!r} is unknown; expected one of {', '.join(KINDS)}")
        return None, problems
    for key in sorted(set(raw) - CARD_KEYS[kind]):
        problem("card-unknown-key", key, f"unknown key '{key}' for a {kind}; expected {', '.join(sorted(CARD_KEYS[kind]))}")
    for key in sorted(REQUIRED[kind] - set(raw)):
        problem("card-missing-key", key, f"missing key '{key}' for a {kind}")
    for key in ("name", "effect"):
        if key in raw and (not isinstance(raw[key], str) or not raw[key].strip()):
            problem("card-empty-text", key, f"'{key}' must be non-empty text")
    for key in ("commander", "terrain"):
        if key in raw and not isinstance(raw[key], bool):
            problem("card-type", key, f"'{key}' must be true or false, found {raw[key]!r}")

    def number(key: str, low: int | None, high: int | None) -> int | None:
        value = raw.get(key)
        if value is None:
            return None
        if type(value) is not int:
            problem("card-type", key, f"'{key}' must be a whole number, found {shown(value)}")
        elif low is None or high is None:
            return None  # the engine data's own range is broken and reported there
        elif not low <= value <= high:
            problem("card-range", key, f"'{key}' = {value} is out of range; expected {low}..{high}")
        else:
            return value
        return None

    rule = engine.numbers.get
    lo, hi = rule("stats_printed_min"), rule("stats_printed_max")
    copies = number("copies", 1, rule("deck_max_copies"))
    fields = {}
    if kind == "unit":
        fields = {k: number(k, lo, hi) for k in ("level", "atk", "def", "energy")}
        if "type" in raw and raw["type"] not in UNIT_TYPES:
            problem("card-unknown-type", "type", f"unit type {raw['type']!r} is unknown; expected one of "
                    f"{', '.join(UNIT_TYPES)}")
        commander = raw.get("commander") is True
        if commander != (raw.get("type") == "commander"):
            problem("card-commander", "commander", "commander = true goes with type = \"commander\" and only with it")
        if commander and copies is not None and copies != rule("deck_commander_copies", copies):
            problem("card-range", "copies", f"a commander has exactly {rule('deck_commander_copies')} copy, "
                    f"found {copies}")
    bonus = _bonus(raw.get("bonus", []), problem, engine)
    traits = _traits(raw.get("traits", []), problem)
    if problems:
        return None, problems
    return Card(
        id=card_id, faction=faction, kind=kind, name=raw["name"], effect=raw["effect"], copies=copies,
        commander=raw.get("commander", False), terrain=raw.get("terrain", False),
        unit_type=raw.get("type"), traits=traits, level=fields.get("level"), atk=fields.get("atk"),
        def_=fields.get("def"), energy=fields.get("energy"), bonus=bonus, source=source, line=line,
    ), []


def _traits(raw, problem) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(trait, str) for trait in raw):
        problem("card-type", "traits", f"'traits' must be a list of trait names, found {shown(raw)}; expected e.g. "
                f"[\"{next(iter(TRAITS))}\"]")
        return ()
    for trait in raw:
        if trait not in TRAITS:
            problem("card-unknown-trait", "traits", f"trait {trait!r} is unknown; expected one of {', '.join(TRAITS)}")
    for trait in sorted({trait for trait in raw if raw.count(trait) > 1}):
        problem("card-duplicate-trait", "traits", f"trait {trait!r} is listed {raw.count(trait)} times; expected once")
    return tuple(raw)


def _bonus(raw, problem, engine: Engine) -> tuple[Modifier, ...]:
    if not isinstance(raw, list):
        problem("card-bonus", "bonus", "'bonus' must be a list of {stat, amount, target, timing} tables")
        return ()
    modifiers = []
    ceiling = engine.numbers.get("stats_ceiling", 99)
    for item in raw:
        if not isinstance(item, dict):
            problem("card-bonus", "bonus", f"bonus entry {item!r} must be a table")
            continue
        unknown = set(item) - BONUS_KEYS
        stat, amount = item.get("stat"), item.get("amount")
        target, timing = item.get("target", "own"), item.get("timing", "always")
        if unknown:
            problem("card-bonus", "bonus", f"unknown bonus key(s) {', '.join(sorted(unknown))}; expected "
                    f"{', '.join(sorted(BONUS_KEYS))}")
        elif stat not in STATS:
            problem("card-bonus", "bonus", f"bonus stat {stat!r} is unknown; expected one of {', '.join(STATS)}")
        elif type(amount) is not int or amount == 0 or abs(amount) > ceiling:
            problem("card-bonus", "bonus", f"bonus amount {amount!r} must be a non-zero whole number within "
                    f"±{ceiling}")
        elif target not in BONUS_TARGETS or timing not in BONUS_TIMINGS or (target, timing) not in BONUS_PHRASES:
            problem("card-bonus", "bonus", f"bonus target/timing {target!r}/{timing!r} is not supported; expected "
                    f"one of {', '.join('/'.join(k) for k in BONUS_PHRASES)}")
        else:
            modifiers.append(Modifier(stat, amount, target, timing))
    return tuple(modifiers)
