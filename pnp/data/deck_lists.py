"""Deck building: deck lists (a user's TOML file, or a faction's bundled deck) checked against the engine's rules.

A deck list file:

    faction = "rome"                      # the main faction
    allied = "carthage"                   # optional: an allied deck (main + one ally), or
    # coalition = ["sparta", "macedon"]   # optional: a coalition deck (main + a second and a third faction)
    name = "Legions and elephants"        # optional: a title for the printed deck

    [cards]
    "rome.hastati-line" = 3               # card id = number of copies (dotted keys without quotes work too)
"""
from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from .card_database import Card, CardDatabase
from .engine_data import Engine
from ..core.problems import ERROR, Location, Problem, raise_if_errors, shown
from .terms import FACTIONS
from ..core.tomlfile import key_lines, read_toml, read_toml_text

SINGLE, ALLIED, COALITION = "single", "allied", "coalition"
TOP_KEYS = ("faction", "allied", "coalition", "name", "cards")


@dataclass(frozen=True)
class DeckEntry:
    """One line of a deck list: a card, its number of copies, and where the list names it."""
    card: Card
    count: int
    where: Location


@dataclass(frozen=True)
class DeckList:
    """A resolved deck: its factions (main first, then the ally or the coalition partners) and card counts."""

    name: str
    mode: str  # single | allied | coalition
    factions: tuple[str, ...]
    entries: tuple[DeckEntry, ...]
    where: Location

    @property
    def faction(self) -> str:
        return self.factions[0]

    @property
    def size(self) -> int:
        return sum(e.count for e in self.entries)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every copy, in list order: what `pnp build --deck` prints."""
        return tuple(e.card for e in self.entries for _ in range(e.count))

    def count_by_faction(self) -> Counter[str]:
        counts: Counter[str] = Counter()
        for entry in self.entries:
            counts[entry.card.faction] += entry.count
        return counts


def bundled_deck(cards: CardDatabase, faction: str) -> DeckList:
    """A faction's own deck: each of its cards as many times as its `copies`."""
    entries = tuple(DeckEntry(c, c.copies, Location(c.source, c.line, c.id, field="copies"))
                    for c in cards.faction(faction))
    source = entries[0].card.source if entries else None
    return DeckList(f"{faction} deck", SINGLE, (faction,), entries, Location(file=source))


def shares(deck: DeckList, engine: Engine) -> tuple[int, ...]:
    """The number of cards each of the deck's factions must give, in the order of deck.factions."""
    if deck.mode == ALLIED:
        return engine.deck_allied_main, engine.deck_allied_ally
    if deck.mode == COALITION:
        return engine.deck_coalition_primary, engine.deck_coalition_secondary, engine.deck_coalition_tertiary
    return (engine.deck_size,)


def deck_problems(deck: DeckList, engine: Engine) -> list[Problem]:
    """Every deck-building rule of the engine data: size, copies, commanders, terrain, faction shares."""
    problems = []

    def problem(code: str, message: str, where: Location | None = None) -> None:
        problems.append(Problem(code, message, where or deck.where))

    if deck.size != engine.deck_size:
        problem("deck-size", f"the deck has {deck.size} cards; expected exactly {engine.deck_size}")
    for entry in deck.entries:
        if entry.count > engine.deck_max_copies:
            problem("deck-copies", f"{entry.count} copies of {entry.card.id}; expected at most "
                    f"{engine.deck_max_copies}", entry.where)
        if entry.card.faction not in deck.factions:
            problem("deck-faction", f"{entry.card.id} belongs to {entry.card.faction}, which is not in this deck; "
                    f"expected cards of {', '.join(deck.factions)}", entry.where)
    commanders = [e for e in deck.entries if e.card.commander]
    if not engine.deck_commanders_min <= len(commanders) <= engine.deck_commanders_max:
        problem("deck-commanders", f"the deck has {len(commanders)} commander(s); expected "
                f"{engine.deck_commanders_min} to {engine.deck_commanders_max}")
    for entry in commanders:
        if entry.card.faction != deck.faction:
            problem("deck-commander-faction", f"commander {entry.card.id} is of {entry.card.faction}; commanders "
                    f"must be of the main faction {deck.faction}", entry.where)
        if entry.count != engine.deck_commander_copies:
            problem("deck-commander-copies", f"{entry.count} copies of commander {entry.card.id}; expected exactly "
                    f"{engine.deck_commander_copies}", entry.where)
    terrain = [e for e in deck.entries if e.card.terrain]
    terrain_count = sum(e.count for e in terrain)
    main_terrain = sum(e.count for e in terrain if e.card.faction == deck.faction)
    if terrain_count > engine.deck_terrain_max:
        problem("deck-terrain", f"the deck has {terrain_count} terrain cards; expected at most "
                f"{engine.deck_terrain_max}")
    if terrain_count and main_terrain < engine.deck_terrain_main_min:
        problem("deck-terrain-main", f"{main_terrain} of the {terrain_count} terrain cards are of the main faction "
                f"{deck.faction}; expected at least {engine.deck_terrain_main_min}")
    if deck.mode != SINGLE:
        counts = deck.count_by_faction()
        for faction, share in zip(deck.factions, shares(deck, engine)):
            if counts[faction] != share:
                problem("deck-share", f"the {deck.mode} deck needs {share} cards of {faction}, found {counts[faction]} "
                        f"(expected {' + '.join(map(str, shares(deck, engine)))} from {', '.join(deck.factions)})")
    return problems


MAX_LISTED = 50  # problems listed for one deck list file; the rest are counted


def read_deck_list(path: Path, cards: CardDatabase, engine: Engine | None) -> tuple[DeckList | None, list[Problem]]:
    """Parse a deck list file and resolve its card ids; the deck (None while the list itself has errors) is
    checked against the deck-building rules apart, by deck_problems. Without the engine data (None) the number of
    coalition factions is not checked."""
    data, problems = read_toml(path)
    if data is None:
        return None, problems
    lines = key_lines(read_toml_text(path))

    def at(*key_path: str, card: str | None = None) -> Location:
        while key_path and key_path not in lines:
            key_path = key_path[:-1]
        return Location(file=str(path), line=lines.get(key_path), card=card)

    def problem(code: str, message: str, where: Location) -> None:
        problems.append(Problem(code, message, where))

    for key in sorted(set(data) - set(TOP_KEYS)):
        problem("deck-unknown-key", f"unknown key '{key}'; expected {', '.join(TOP_KEYS)}", at(key))
    factions = _factions(data, at, problem, engine)
    name = data.get("name", path.stem)
    if not isinstance(name, str):
        problem("deck-type", f"name must be text, found {shown(name)}", at("name"))
        name = path.stem
    raw = data.get("cards")
    if not isinstance(raw, dict) or not raw:
        problem("deck-cards", "no [cards] table; expected card id = count lines under [cards]", at("cards"))
        raw = {}
    entries, listed = [], {}
    for card_id, key_path, count in _flatten(raw):
        where = at("cards", *key_path, card=card_id)
        card = cards.by_id(card_id)
        if card_id in listed:
            problem("deck-duplicate-card", f"{card_id} is listed a second time (written {_written(key_path)}, and "
                    f"{_written(listed[card_id])} before); expected one line per card", where)
            continue
        listed[card_id] = key_path
        if card is None:
            close = (difflib.get_close_matches(card_id, [c.id for c in cards.cards], n=1)
                     if len(problems) < MAX_LISTED else [])  # suggestions only for problems that are listed
            problem("deck-unknown-card", f"no card has the id {card_id!r}"
                    + (f"; did you mean {close[0]!r}?" if close else ""), where)
        elif type(count) is not int or count < 1:
            problem("deck-count", f"the count of {card_id} must be a whole number from 1, found {shown(count)}", where)
        else:
            entries.append(DeckEntry(card, count, where))
    if len(problems) > MAX_LISTED:
        problems = problems[:MAX_LISTED] + [Problem("deck-more-problems", f"{len(problems) - MAX_LISTED} more "
                                                    "problems in this file are not listed; fix the ones above and "
                                                    "check again", Location(file=str(path)))]
    if factions is None or any(p.severity == ERROR for p in problems):
        return None, problems
    mode = {1: SINGLE, 2: ALLIED}.get(len(factions), COALITION)
    return DeckList(name, mode, factions, tuple(entries), at("cards")), problems


def _flatten(raw: dict, prefix: tuple[str, ...] = ()) -> list[tuple[str, tuple[str, ...], object]]:
    """(card id, key path, count) from quoted keys ("rome.testudo" = 1) and dotted ones (rome.testudo = 1,
    [cards.rome] testudo = 1); one card written both ways comes twice."""
    found = []
    for key, value in raw.items():
        if isinstance(value, dict):
            found += _flatten(value, prefix + (key,))
        else:
            found.append((".".join(prefix + (key,)), prefix + (key,), value))
    return found


def _written(key_path: tuple[str, ...]) -> str:
    """How a card's key is written: quoted ("rome.testudo") or dotted (rome.testudo)."""
    return f'quoted "{key_path[0]}"' if len(key_path) == 1 and "." in key_path[0] else f"dotted {'.'.join(key_path)}"


def _factions(data: dict, at, problem, engine: Engine | None) -> tuple[str, ...] | None:
    """(main,), (main, ally) or (main, second, third); None when they are wrong (each problem reported)."""
    main, allied, coalition = data.get("faction"), data.get("allied"), data.get("coalition")
    known = f"expected one of {', '.join(FACTIONS)}"
    ok = True
    if main is None:
        problem("deck-faction-missing", f"no main faction; expected faction = \"<faction>\" ({known})", at())
        ok = False
    elif main not in FACTIONS:
        problem("deck-unknown-faction", f"faction {main!r} is unknown; {known}", at("faction"))
        ok = False
    if allied is not None and coalition is not None:
        problem("deck-mode", "a deck is either allied or a coalition; found both allied and coalition", at("allied"))
        return None
    if allied is not None:
        others, key, size = [allied], "allied", 1
    elif coalition is not None:
        listed = len(coalition) if isinstance(coalition, list) else 0
        others, key, size = coalition, "coalition", engine.deck_coalition_factions - 1 if engine else max(listed, 1)
        if not isinstance(coalition, list) or len(coalition) != size:
            problem("deck-coalition", f"coalition must list {size} factions besides the main one, e.g. "
                    f"coalition = [\"<second>\", \"<third>\"]; found {shown(coalition)}", at("coalition"))
            return None
    else:
        return (main,) if ok else None
    for other in others:
        if other not in FACTIONS:
            problem("deck-unknown-faction", f"{key} faction {other!r} is unknown; {known}", at(key))
            ok = False
    if ok and len({main, *others}) != 1 + size:
        problem("deck-coalition" if key == "coalition" else "deck-allied", f"the {key} faction(s) "
                f"{', '.join(others)} must differ from each other and from the main faction {main}", at(key))
        ok = False
    return (main, *others) if ok else None


def load_deck_list(path: Path, cards: CardDatabase, engine: Engine) -> DeckList:
    """Read and check a deck list; raises ProblemsFound with every problem (file, line, card id, rule)."""
    deck, problems = read_deck_list(path, cards, engine)
    if deck is not None:
        problems += deck_problems(deck, engine)
    raise_if_errors(problems)
    return deck
