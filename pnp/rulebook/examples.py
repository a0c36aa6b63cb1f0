"""The rulebook's worked examples, run through the combat engine: their numbers are results, never typed.

The scenarios are those of the seed pages (5 ATK against 3 DEF; 6 ATK against 4 ATK; an archer and a soldier
against a boss). The text around them tells a story (who is destroyed, who loses points); when engine values make
a scenario end differently, the story would be false, so that is reported as a problem instead of printed.
"""
from __future__ import annotations

from ..data import combat
from ..data.engine_data import Engine
from ..core.problems import Location, Problem
from ..data.terms import signed

ATTACK_ON_DEFENDER = (5, 3)        # your ATK, their DEF
ATTACK_ON_ATTACKER = (6, 4)        # your ATK, their ATK
BOSS, ARCHER, SOLDIER = 6, 2, 5    # ATK of the enemy boss, your archer and your soldier


def example_numbers(engine: Engine) -> tuple[dict[str, int | str], list[Problem]]:
    """Placeholder values of the worked examples (names in pnp.placeholders), and problems with their stories."""
    problems: list[Problem] = []

    def expect(ok: bool, example: str, story: str) -> None:
        if not ok:
            problems.append(Problem("rulebook-example", f"the worked example {example} no longer shows what its "
                                    f"text says ({story}) with these engine values; change the scenario in "
                                    "pnp/rulebook/examples.py and its text in pnp/rulebook/templates",
                                    Location(file="pnp/rulebook/examples.py")))

    atk, def_ = ATTACK_ON_DEFENDER
    first = combat.resolve_attack(engine, combat.Unit(atk, 1), combat.Unit(1, def_, combat.DEFENSE))
    expect(first.defender_destroyed and not first.attacker_destroyed, "'ATK against DEF'",
           "the defender is destroyed")

    atk2, enemy = ATTACK_ON_ATTACKER
    second = combat.resolve_attack(engine, combat.Unit(atk2, 1), combat.Unit(enemy, 1, combat.ATTACK))
    expect(second.defender_destroyed and second.defender_life_loss > 0, "'ATK against ATK'",
           "the defender is destroyed and its player loses points")

    boss = combat.Unit(BOSS, 1, combat.ATTACK)
    archer = combat.resolve_attack(engine, combat.Unit(ARCHER, 1), boss)
    soldier = None
    if archer.defender_after is not None:
        soldier = combat.resolve_attack(engine, combat.Unit(SOLDIER, 1), archer.defender_after)
    expect(archer.attacker_destroyed and archer.wound is not None and soldier is not None
           and soldier.defender_destroyed and soldier.defender_life_loss > 0, "'Kamikaze'",
           "the archer falls and wounds the boss, then the soldier destroys the boss")

    numbers: dict[str, int | str] = {
        "combat_atk": first.attack, "combat_def": first.defense,
        "clash_atk": second.attack, "clash_enemy_atk": second.defense, "clash_loss": second.defender_life_loss,
        "boss_atk": archer.defense, "archer_atk": archer.attack, "archer_damage": archer.attacker_life_loss,
        "boss_wound": signed(archer.wound.amount) if archer.wound else "",
        "boss_atk_after": soldier.defense if soldier else 0, "soldier_atk": soldier.attack if soldier else 0,
        "soldier_damage": soldier.defender_life_loss if soldier else 0,
    }
    return numbers, problems
