"""The engine data: every rule number once, checked for types, ranges and consistency."""
from __future__ import annotations

import pytest

from pnp.data.engine_data import read_engine
from product_helpers import load_engine
from pnp.core.problems import ProblemsFound
from pnp.project import REPO


def test_rule_numbers_of_the_seed_pages():
    e = load_engine(REPO / "data/engine.toml")
    assert (e.life_start, e.hand_start, e.hand_draw_per_turn, e.hand_limit) == (20, 5, 1, 5)
    assert (e.first_turn_draws, e.first_turn_attacks) == (0, 0)
    assert (e.energy_start_max, e.energy_rise_from_turn, e.energy_rise_per_turn, e.energy_cap) == (6, 3, 1, 12)
    assert (e.energy_activate_cost, e.summon_per_turn, e.combat_direct_attacks_per_turn) == (1, 1, 1)
    assert (e.summon_free_level_min, e.summon_free_level_max, e.summon_paid_level_min,
            e.summon_paid_level_max) == (1, 4, 5, 6)
    assert (e.stats_printed_min, e.stats_printed_max, e.stats_floor, e.stats_ceiling) == (1, 6, 1, 12)
    assert (e.deck_size, e.deck_max_copies, e.deck_commanders_min, e.deck_commanders_max,
            e.deck_commander_copies, e.deck_terrain_max) == (40, 3, 1, 2, 1, 2)
    assert (e.deck_allied_main, e.deck_allied_ally) == (30, 10)
    assert (e.deck_coalition_primary, e.deck_coalition_secondary, e.deck_coalition_tertiary,
            e.deck_coalition_factions) == (26, 8, 6, 3)
    assert {f: e.numbers[f"unlocks_{f}"] for f in ("rome", "sparta", "macedon", "persia", "carthage", "egypt",
                                                   "dacia")} == dict(rome=0, sparta=0, macedon=3, persia=6,
                                                                     carthage=9, egypt=12, dacia=15)
    assert e.phases == ("draw", "standby", "main1", "battle", "main2", "end")


def test_energy_schedule_is_computed():
    e = load_engine(REPO / "data/engine.toml")
    assert e.energy_schedule() == ((1, 6), (2, 6), (3, 7), (4, 8), (5, 9), (6, 10), (7, 11), (8, 12))
    assert e.max_energy(30) == 12
    assert (e.clamp(0), e.clamp(13), e.clamp(7)) == (1, 12, 7)


@pytest.mark.parametrize("old,new,expected", [
    ("primary = 26", "primary = 25", "coalition deck 25 + 8 + 6 must equal the deck size 40"),
    ("start_max = 6", "start_max = 13", "energy start maximum 13 must not exceed the cap 12"),
    ("floor = 1 ", "floor = 13 ", "stat floor 13 must not exceed the ceiling 12"),
    ("commanders_min = 1", "commanders_min = 3", "commanders minimum 3 must not exceed the maximum 2"),
    ("size = 40", "size = 41", "allied deck 30 + 10 must equal the deck size 41"),
    ("cap = 12", 'cap = "twelve"', '[energy] cap must be a whole number, found "twelve"'),
    ("hand]\nstart = 5", "hand]\nstart = 5\nsize = 7", "[hand] has unknown key 'size'"),
    ("limit = 5 ", "", "[hand] limit is missing"),
    ('"main2", "end"', '"end", "main2"', "[phases] order must be"),
])
def test_inconsistent_engine_data_is_reported(tmp_path, old, new, expected):
    path = tmp_path / "engine.toml"
    text = (REPO / "data/engine.toml").read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ProblemsFound) as caught:
        load_engine(path)
    messages = [p.message for p in caught.value.problems]
    assert any(expected in m for m in messages), messages
    assert all(p.where.file == str(path) for p in caught.value.problems)


def test_broken_engine_keeps_the_valid_numbers(tmp_path):
    path = tmp_path / "engine.toml"
    path.write_text((REPO / "data/engine.toml").read_text(encoding="utf-8").replace("start = 20", "start = 0"))
    engine, problems = read_engine(path)
    assert [p.code for p in problems] == ["engine-range"]
    assert "life_start" not in engine.numbers and engine.deck_size == 40
