"""Each faction's bundled deck (all its cards × copies) obeys the deck-building rules of the engine data."""
from __future__ import annotations

from ..data.deck_lists import bundled_deck, deck_problems
from ..core.problems import Problem
from ..project import Inputs
from ..data.terms import FACTIONS


def check_bundled_decks(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    return [p for faction in FACTIONS for p in deck_problems(bundled_deck(inputs.cards, faction), inputs.engine)]
