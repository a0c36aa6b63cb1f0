"""Combat resolution (pnp.data.combat): every rule of the seed pages' "Combat" and "Kamikaze / battle wounds"."""
from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from pnp.data.combat import (ATTACK, DEFENSE, Unit, Wound, effective, resolve_attack, resolve_direct_attack,
                        wounded)
from product_helpers import load_engine
from pnp.project import Project


@pytest.fixture(scope="module")
def engine():
    return load_engine(Project().engine_file)


def with_numbers(engine, **changes):
    return replace(engine, numbers=MappingProxyType({**engine.numbers, **changes}))


def test_attack_beats_defense_destroys_without_life_loss(engine):
    """5 ATK against 3 DEF: the defender is destroyed; nobody loses points (it defended)."""
    result = resolve_attack(engine, Unit(5, 2), Unit(1, 3, DEFENSE))
    assert (result.stat, result.attack, result.defense) == ("def", 5, 3)
    assert result.defender_destroyed and not result.attacker_destroyed
    assert (result.attacker_life_loss, result.defender_life_loss) == (0, 0)
    assert result.wound is None and result.defender_after is None


def test_attack_beats_attacking_unit_costs_its_player_the_difference(engine):
    """6 ATK against 4 ATK: the defender is destroyed and its player loses 2."""
    result = resolve_attack(engine, Unit(6, 1), Unit(4, 6, ATTACK))
    assert result.stat == "atk" and result.defender_destroyed and not result.attacker_destroyed
    assert (result.difference, result.attacker_life_loss, result.defender_life_loss) == (2, 0, 2)


@pytest.mark.parametrize("position, stat", [(ATTACK, "atk"), (DEFENSE, "def")])
def test_weaker_attack_destroys_attacker_and_wounds_the_stat_used(engine, position, stat):
    defender = Unit(6, 6, position)
    result = resolve_attack(engine, Unit(2, 5), defender)
    assert result.attacker_destroyed and not result.defender_destroyed
    assert (result.attacker_life_loss, result.defender_life_loss) == (4, 0)
    assert result.wound == Wound(stat, -2)
    assert effective(engine, result.defender_after, stat) == 4
    other = "def" if stat == "atk" else "atk"
    assert effective(engine, result.defender_after, other) == 6


def test_equal_numbers_destroy_both_and_nobody_loses_points(engine):
    for position in (ATTACK, DEFENSE):
        result = resolve_attack(engine, Unit(4, 1), Unit(4, 4, position))
        assert result.attacker_destroyed and result.defender_destroyed
        assert (result.attacker_life_loss, result.defender_life_loss, result.wound) == (0, 0, None)


def test_seed_kamikaze_example(engine):
    """Boss 6 ATK; archer 2 ATK attacks and dies (4 LP, boss -2 ATK = 4); soldier 5 ATK destroys it (1 LP)."""
    boss = Unit(6, 5, ATTACK)
    first = resolve_attack(engine, Unit(2, 1), boss)
    assert first.attacker_destroyed and first.attacker_life_loss == 4 and first.wound == Wound("atk", -2)
    assert effective(engine, first.defender_after, "atk") == 4
    second = resolve_attack(engine, Unit(5, 3), first.defender_after)
    assert second.defender_destroyed and not second.attacker_destroyed and second.defender_life_loss == 1


def test_wounds_add_up_and_stop_at_the_floor(engine):
    unit = Unit(6, 6, DEFENSE)
    for attack in (3, 2):
        unit = resolve_attack(engine, Unit(attack, 1), unit).defender_after
    assert unit.def_modifier == -5 and effective(engine, unit, "def") == 1
    unit = resolve_attack(engine, Unit(1, 1), unit).defender_after  # 1 against the floor value 1: a tie
    assert unit is None


def test_floor_and_ceiling_come_from_the_engine_data(engine):
    strong = Unit(6, 6, atk_modifier=20, def_modifier=-20)
    assert effective(engine, strong, "atk") == engine.stats_ceiling == 12
    assert effective(engine, strong, "def") == engine.stats_floor == 1
    house = with_numbers(engine, stats_floor=2, stats_ceiling=9)
    assert (effective(house, strong, "atk"), effective(house, strong, "def")) == (9, 2)
    # a clamped value is what combat compares: 6+20 ATK capped at 9 against 9 DEF is a tie
    result = resolve_attack(house, strong, Unit(1, 9, DEFENSE))
    assert (result.attack, result.attacker_destroyed, result.defender_destroyed) == (9, True, True)


def test_wound_malus_is_the_attackers_effective_atk(engine):
    attacker = Unit(2, 1, atk_modifier=2)  # 4 ATK with its bonus
    result = resolve_attack(engine, attacker, Unit(5, 6, DEFENSE))
    assert result.wound == Wound("def", -4) and result.attacker_life_loss == 2
    assert wounded(Unit(5, 6), Wound("atk", -1)) == Unit(5, 6, atk_modifier=-1)


def test_direct_attack_costs_the_attackers_atk(engine):
    assert resolve_direct_attack(engine, Unit(5, 2)).defender_life_loss == 5
    assert resolve_direct_attack(engine, Unit(5, 2, atk_modifier=9)).defender_life_loss == engine.stats_ceiling


def test_only_attack_position_attacks(engine):
    with pytest.raises(ValueError):
        resolve_attack(engine, Unit(5, 2, DEFENSE), Unit(1, 1))
    with pytest.raises(ValueError):
        resolve_direct_attack(engine, Unit(5, 2, DEFENSE))
    with pytest.raises(ValueError):
        Unit(1, 1, "sideways")
