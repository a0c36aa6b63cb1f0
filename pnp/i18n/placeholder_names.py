"""Placeholder names allowed in messages besides the engine data names (pnp.data.engine_data.ENGINE_NAMES).

Each is computed by the program (never typed by a translator); the validator rejects any other name. The quoted
commands and options have their fixed values here too (COMMANDS).
"""
from __future__ import annotations

from ..data.engine_data import ENGINE_NAMES

COMPUTED_PLACEHOLDERS: dict[str, str] = {
    "amount": "a signed bonus amount, e.g. +1 or −1 (bonus phrases)",
    "stat": "a localized stat abbreviation, e.g. ATK, OBR, SAV (bonus phrases)",
    # The rulebook's worked examples (pnp/rulebook/examples.py): results of pnp.data.combat's combat resolution.
    "combat_atk": "the attacker's ATK in the example 'ATK against DEF' (5)",
    "combat_def": "the defender's DEF in the example 'ATK against DEF' (3)",
    "clash_atk": "the attacker's ATK in the example 'ATK against ATK' (6)",
    "clash_enemy_atk": "the defender's ATK in the example 'ATK against ATK' (4)",
    "clash_loss": "the points the defender's player loses in the example 'ATK against ATK' (2)",
    "boss_atk": "the enemy boss's ATK in the Kamikaze example (6)",
    "archer_atk": "your archer's ATK in the Kamikaze example (2)",
    "archer_damage": "the life points you lose when the archer's attack fails (4)",
    "boss_wound": "the Kamikaze wound the boss takes, signed (−2)",
    "boss_atk_after": "the boss's ATK after the wound (4)",
    "soldier_atk": "your soldier's ATK in the Kamikaze example (5)",
    "soldier_damage": "the life points the opponent loses when the soldier destroys the boss (1)",
    # The rulebook's tabletop chapters: facts of the printed kit (layouts, token set) and the dice to use.
    "card_width": "card trim width in mm (pnp/layouts/card.toml)",
    "card_height": "card trim height in mm (pnp/layouts/card.toml)",
    "card_bleed": "card bleed in mm (pnp/layouts/card.toml)",
    "cards_per_sheet": "cards on a home sheet (the sheet layout's grid)",
    "deck_sheets": "home sheets one faction deck fills",
    "energy_die": "faces of the smallest common die that shows every energy value up to the cap (12)",
    # The commands and options the rulebook and the calibration sheet quote (never translated; COMMANDS below).
    "cmd_build": "the command pnp build", "cmd_calibrate": "the command pnp calibrate",
    "opt_booklet": "the option --booklet", "opt_paper_a4": "the option --paper a4",
    "opt_paper_letter": "the option --paper letter", "opt_mode_pro": "the option --mode pro",
    "opt_duplex_long": "the option --duplex long", "opt_duplex_short": "the option --duplex short",
    "opt_duplex_none": "the option --duplex none", "opt_back_offset": "the option --back-offset X,Y",
    "opt_back_offset_example": "an example: --back-offset 1.5,-0.5",
    # The duplex calibration sheet (pnp/sheets/calibration.py): its paper and the values of pnp/layouts/calibrate.toml.
    "paper_name": "the name of the sheet's paper size, A4 or Letter (not translated)",
    "ruler_length": "length of the calibration sheet's ruler in mm (pnp/layouts/calibrate.toml, 100)",
    "scale_range": "how far the calibration scales reach to each side of their 0, in mm (calibrate.toml, 5)",
    "printed_offset": "the option the calibration sheet was printed with, e.g. --back-offset 0,0",
}

# The commands and options that texts quote (the rulebook's printing chapter, the calibration sheet): placeholders,
# so that no translator retypes (or translates) them.
COMMANDS: dict[str, str] = {
    "cmd_build": "pnp build", "cmd_calibrate": "pnp calibrate", "opt_booklet": "--booklet",
    "opt_paper_a4": "--paper a4", "opt_paper_letter": "--paper letter", "opt_mode_pro": "--mode pro",
    "opt_duplex_long": "--duplex long", "opt_duplex_short": "--duplex short", "opt_duplex_none": "--duplex none",
    "opt_back_offset": "--back-offset X,Y", "opt_back_offset_example": "--back-offset 1.5,-0.5",
}

KNOWN_PLACEHOLDERS = frozenset(ENGINE_NAMES) | frozenset(COMPUTED_PLACEHOLDERS)
