"""Engine values the rulebook's text states in words, and the limits of its tabletop methods.

Most rule numbers are placeholders (or plural messages) and follow any engine value. A few rules are phrased
around a particular value ("the first player does not draw", "setting it face-down is free"), and the dice method
has physical limits; a value those texts cannot express is reported, never printed as a false rule.
"""
from __future__ import annotations

from ..data.engine_data import Engine
from ..core.problems import Location, Problem

TEMPLATES = "pnp/rulebook/templates"
# engine name -> (the value the text assumes, what the text says)
WORDED = {
    "first_turn_draws": (0, "the player who goes first does not draw a card on the first turn"),
    "first_turn_attacks": (0, "the player who goes first cannot attack on the first turn"),
    "energy_set_cost": (0, "setting a Doctrine or Tactic face-down is free"),
}
LIFE_DICE_MAX = 99    # two ten-sided dice, tens and ones
ENERGY_DIE_MAX = 20   # the largest common die


def wording_problems(engine: Engine) -> list[Problem]:
    problems = []
    for name, (assumed, says) in WORDED.items():
        if engine.numbers[name] != assumed:
            problems.append(Problem("rulebook-wording", f"the rulebook says in words that {says} ({name} = "
                                    f"{assumed}), but the engine data has {engine.numbers[name]}; the rule text "
                                    f"in {TEMPLATES} needs a new wording for it", Location(file=TEMPLATES)))
    if engine.life_start > LIFE_DICE_MAX:
        problems.append(Problem("rulebook-wording", f"life_start = {engine.life_start} cannot be shown with two "
                                f"ten-sided dice (at most {LIFE_DICE_MAX}); the dice method needs a new text",
                                Location(file=TEMPLATES)))
    if engine.energy_cap > ENERGY_DIE_MAX:
        problems.append(Problem("rulebook-wording", f"energy_cap = {engine.energy_cap} is more than a die shows "
                                f"(at most {ENERGY_DIE_MAX}); the dice method needs a new text",
                                Location(file=TEMPLATES)))
    return problems
