"""The rulebook's sample turn and real-card examples: real cards of two factions, every number a result of
pnp.engine on the cards' printed stats and the engine data.

A card effect's amount (e.g. "the attacker loses 2 ATK this turn") is read from the card's English effect text with
the phrase the story relies on; when a card changes so that its text no longer says it, or the engine values make
the story end differently, that is a `rulebook-example` problem instead of a false example.
"""
from __future__ import annotations

import re
from ..data import combat
from ..data.card_database import Card, CardDatabase
from ..data.engine_data import Engine
from ..core.problems import Location, Problem
from . import examples

# The sample turn: player I (Rome) in their own turn SAMPLE_TURN, player II (Carthage).
SAMPLE_TURN = 3
SUMMONED = "rome.consular-cavalry"        # normally summoned, then attacks the face-down unit
STANDING = "rome.legionary-cohort"        # already in Attack Position; attacks directly
SET_UNIT = "carthage.iberian-mercenaries"  # player II's face-down unit
RESPONSE = "carthage.punic-ambush"         # player II's set Tactic, activated against the attack
# The Kamikaze example against Defense Position, and the cards of the seed's boss / archer / soldier example.
KAMIKAZE_ATTACKER, KAMIKAZE_DEFENDER = "carthage.iberian-mercenaries", "rome.triarii-reserve"
BOSS, ARCHER, SOLDIER = "carthage.hannibal-barca-master-of-manoeuvre", "rome.roman-auxiliary-archers", \
    "rome.legionary-cohort"

# card id -> the phrase of its English effect the story uses; its number is the effect's amount
PHRASES = {
    SUMMONED: r"attacks a unit in Defense Position, it gains (\d+) ATK in combat",
    RESPONSE: r"attacks a face-down Infantry .*The attacker loses (\d+) ATK this turn",
    KAMIKAZE_DEFENDER: r"attacked while in Defense Position, the attacker loses (\d+) ATK in combat",
    SET_UNIT: r"destroyed in combat: Draw (\d+) card",
}
FILE = "pnp/rulebook/sample.py"


# template name of each example card (its localized name) -> card id
ROLES = {"sample_summoned": SUMMONED, "sample_standing": STANDING, "sample_set_unit": SET_UNIT,
         "sample_response": RESPONSE, "kamikaze_attacker": KAMIKAZE_ATTACKER,
         "kamikaze_defender": KAMIKAZE_DEFENDER, "boss_card": BOSS, "archer_card": ARCHER, "soldier_card": SOLDIER}


def _problem(story: str) -> Problem:
    return Problem("rulebook-example", f"the sample turn no longer shows what its text says ({story}) with these "
                   "cards and engine values; change the scenario in pnp/rulebook/sample.py and its text in "
                   "pnp/rulebook/templates/sample.j2", Location(file=FILE))


def _amount(card: Card, problems: list[Problem]) -> int:
    found = re.search(PHRASES[card.id], card.effect)
    if not found:
        problems.append(_problem(f"{card.id}'s effect no longer says {PHRASES[card.id]!r}"))
        return 0
    return int(found.group(1))


def sample_numbers(engine: Engine, db: CardDatabase) -> tuple[dict[str, int], list[Problem]]:
    """Placeholder values of the sample turn and the real-card examples (names in pnp.placeholders)."""
    problems: list[Problem] = []
    cards = {role: db.by_id(card_id) for role, card_id in ROLES.items()}
    missing = [ROLES[role] for role, card in cards.items() if card is None]
    if missing:
        return {}, [_problem(f"cards {missing} are not in the card database")]
    cav, cohort, merc = cards["sample_summoned"], cards["sample_standing"], cards["sample_set_unit"]
    ambush = _amount(cards["sample_response"], problems)
    charge = _amount(cav, problems)
    draws = _amount(merc, problems)
    maximum = engine.max_energy(SAMPLE_TURN)

    attack = combat.resolve_attack(engine, combat.Unit(cav.atk, cav.def_, atk_modifier=charge - ambush),
                                   combat.Unit(merc.atk, merc.def_, combat.DEFENSE))
    direct = combat.resolve_direct_attack(engine, combat.Unit(cohort.atk, cohort.def_))
    spent = cav.energy + cohort.energy
    summon_free = engine.summon_free_level_min <= cav.level <= engine.summon_free_level_max
    if not (attack.defender_destroyed and not attack.attacker_destroyed and attack.defender_life_loss == 0
            and summon_free and spent <= maximum and direct.defender_life_loss < engine.life_start):
        problems.append(_problem("the summon is free, the cavalry destroys the set unit without life loss, "
                                 "both attacks fit the energy and the direct attack does not end the game"))

    seed_example = {"boss_card": examples.BOSS, "archer_card": examples.ARCHER, "soldier_card": examples.SOLDIER}
    if any(cards[role].atk != atk for role, atk in seed_example.items()):
        problems.append(_problem("the seed example's boss, archer and soldier have the ATK of their cards"))

    triarii, attacker = cards["kamikaze_defender"], cards["kamikaze_attacker"]
    weakening = _amount(triarii, problems)
    kamikaze = combat.resolve_attack(engine, combat.Unit(attacker.atk, attacker.def_, atk_modifier=-weakening),
                                     combat.Unit(triarii.atk, triarii.def_, combat.DEFENSE))
    if not (kamikaze.attacker_destroyed and kamikaze.wound is not None and kamikaze.defender_after is not None):
        problems.append(_problem("the Kamikaze attacker loses against Defense Position and wounds the defender"))
    wounded_def = combat.effective(engine, kamikaze.defender_after, "def") if kamikaze.defender_after else 0

    numbers = {
        "sample_turn": SAMPLE_TURN, "sample_max": maximum,
        "sample_summoned_level": cav.level, "sample_summoned_atk": cav.atk, "sample_summoned_cost": cav.energy,
        "sample_charge": charge, "sample_ambush": ambush, "sample_attack": attack.attack,
        "sample_set_def": attack.defense, "sample_draws": draws,
        "sample_after_first": maximum - cav.energy, "sample_standing_cost": cohort.energy,
        "sample_direct": direct.defender_life_loss, "sample_spent": spent, "sample_left": maximum - spent,
        "sample_life_after": engine.life_start - direct.defender_life_loss,
        "sample_previous_turn": SAMPLE_TURN - 1,
        "kamikaze_atk": attacker.atk, "kamikaze_weakening": weakening, "kamikaze_attack": kamikaze.attack,
        "kamikaze_def": kamikaze.defense, "kamikaze_loss": kamikaze.attacker_life_loss,
        "kamikaze_wound": abs(kamikaze.wound.amount) if kamikaze.wound else 0, "kamikaze_def_after": wounded_def,
    }
    return numbers, problems
