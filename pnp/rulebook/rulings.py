"""The amounts the card rulings of the Rules Reference quote (templates/faq.j2): each read from its card's English
effect with the phrase the ruling relies on, so that a ruling follows its card; a card whose text no longer says it
is a `rulebook-example` problem, never a wrong ruling."""
from __future__ import annotations

import re

from ..core.problems import Location, Problem
from ..data.card_database import CardDatabase

# placeholder -> (card id, the phrase of its English effect; its number is the amount the ruling quotes)
AMOUNTS = {
    "slingers_loss": ("carthage.balearic-slingers", r"Target 1 face-up unit; it loses (\d+) ATK this turn\."),
    "trajan_protect": ("rome.trajan-builder-of-provinces", r"Protect (\d+) Terrain Doctrine\."),
    "darius_gain": ("persia.darius-great-king", r"^Your units gain (\d+) DEF\."),
    "rain_loss": ("persia.rain-of-arrows", r"face-up units lose (\d+) ATK this turn\."),
    "envelopment_loss": ("carthage.double-envelopment", r"Target 1 face-up unit .*; it loses (\d+) ATK this turn\."),
}
FILE = "pnp/rulebook/rulings.py"


def ruling_numbers(db: CardDatabase) -> tuple[dict[str, int], list[Problem]]:
    """The placeholder values of the card rulings, and a problem for each card that no longer says its phrase."""
    numbers, problems = {}, []
    for name, (card_id, phrase) in AMOUNTS.items():
        card = db.by_id(card_id)
        found = re.search(phrase, card.effect) if card else None
        if found is None:
            problems.append(Problem("rulebook-example", f"the card ruling on {card_id} quotes the amount of its "
                                    f"effect's words {phrase!r}, which no card {card_id} says; change the ruling "
                                    f"in pnp/rulebook/templates/faq.j2 and its phrase in {FILE}", Location(file=FILE)))
        numbers[name] = int(found.group(1)) if found else 0
    return numbers, problems
