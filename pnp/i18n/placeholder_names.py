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
    # The sample turn and real-card examples (pnp/rulebook/sample.py): localized card and faction names and
    # results of pnp.engine on the cards' stats.
    "terrain_doctrine": "the cards' word for a terrain doctrine, as its type line prints it (cards catalog)",
    "faction_rome": "the faction name of Rome", "faction_carthage": "the faction name of Carthage",
    "faction_sparta": "the faction name of Sparta", "faction_persia": "the faction name of Persia",
    "faction_egypt": "the faction name of Egypt",
    "faction_count": "how many factions the kit has (7)", "card_count": "how many different cards (141)",
    "sample_summoned": "name of the unit summoned in the sample turn (Consular Cavalry)",
    "sample_standing": "name of the unit that attacks directly in the sample turn (Legionary Cohort)",
    "sample_set_unit": "name of player II's face-down unit in the sample turn (Iberian Mercenaries)",
    "sample_response": "name of the Tactic player II activates in the sample turn (Punic Ambush)",
    "kamikaze_attacker": "name of the attacker in the Kamikaze example (Iberian Mercenaries)",
    "kamikaze_defender": "name of the defender in the Kamikaze example (Triarii Reserve)",
    "boss_card": "the card of the seed example's boss", "archer_card": "the card of the archer",
    "soldier_card": "the card of the soldier",
    "sample_turn": "the sample turn's number in player I's own count (3)",
    "sample_previous_turn": "player II's last turn before it (2)",
    "sample_max": "player I's energy maximum in that turn (7)",
    "sample_summoned_level": "level of the summoned unit (3)", "sample_summoned_atk": "its printed ATK (4)",
    "sample_summoned_cost": "its energy, paid for its attack (3)",
    "sample_charge": "its ATK gain in combat against Defense Position (2)",
    "sample_ambush": "the ATK the attacker loses to the Tactic (2)",
    "sample_attack": "the attacker's ATK in damage calculation (4)",
    "sample_set_def": "the face-down defender's DEF (2)", "sample_draws": "cards its effect draws and discards (1)",
    "sample_after_first": "player I's energy left after the first attack (4)",
    "sample_standing_cost": "energy of the direct attacker (3)", "sample_direct": "LP the direct attack takes (5)",
    "sample_spent": "energy player I spends in the turn (6)", "sample_left": "energy player I keeps (1)",
    "sample_life_after": "player II's life points after the direct attack (15)",
    "kamikaze_atk": "printed ATK of the Kamikaze attacker (3)",
    "kamikaze_weakening": "ATK the defender's effect takes in combat (1)",
    "kamikaze_attack": "the attacker's ATK in damage calculation (2)", "kamikaze_def": "the defender's DEF (4)",
    "kamikaze_loss": "LP the attacking player loses (2)", "kamikaze_wound": "the wound on DEF (2)",
    "kamikaze_def_after": "the defender's DEF after the wound (2)",
    # The Rules Reference (pnp/rulebook/numbering.py, templates/reference.j2 and faq.j2).
    "rule": "a rule's number, generated from its rule id (7.3.1)", "other": "a second rule's number",
    "card": "a card's name in a card ruling (FAQ)",
    # The amounts the card rulings quote, read from the cards' effects (pnp/rulebook/rulings.py).
    "slingers_loss": "the ATK Balearic Slingers' target loses without another Mercenary (1)",
    "trajan_protect": "how many Terrain Doctrines Trajan protects (1)",
    "darius_gain": "the DEF Darius gives your units (1)",
    "rain_loss": "the ATK Rain of Arrows takes from the units (2)",
    "envelopment_loss": "the ATK Double Envelopment takes from its target (2)",
    "collector": "the collector line of the card anatomy's doctrine (ROM 17/20)",
    "names": "card names, listed (the Terrain Doctrines, the Mercenaries)",
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
    "opt_back_offset_example": "an example: --back-offset 1.5,-0.5", "opt_deck": "the option --deck FILE",
    "kit_options": "the options the kit was built with, e.g. --paper a4 --mode home --duplex long --back-offset 0,0",
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
    "opt_deck": "--deck FILE",
}

KNOWN_PLACEHOLDERS = frozenset(ENGINE_NAMES) | frozenset(COMPUTED_PLACEHOLDERS)
