"""The game's fixed vocabulary: keys used in the data files and their English source strings (msgids).

Every English string here is a gettext message, translated in locales/; the msgctxt keeps homonyms apart.
"""
from __future__ import annotations



def N_(context: str, message: str) -> tuple[str, str]:
    """Mark a (context, English message) pair for `pybabel extract -k N_:1c,2`; translated when rendered."""
    return context, message


FACTION_NAMES = {
    "carthage": N_("faction", "Carthage"), "dacia": N_("faction", "Dacia"), "egypt": N_("faction", "Egypt"),
    "macedon": N_("faction", "Macedon"), "persia": N_("faction", "Persia"), "rome": N_("faction", "Rome"),
    "sparta": N_("faction", "Sparta"),
}
FACTIONS = tuple(FACTION_NAMES)
# TRANSLATORS: the faction's abbreviation on the cards' collector line ("ROM 07/24"), in capitals; three letters
# where they are unambiguous in the language (not es/pt ESP for Esparta, which reads as Spain).
FACTION_ABBREVIATIONS = {
    "carthage": N_("faction abbreviation", "CAR"), "dacia": N_("faction abbreviation", "DAC"),
    "egypt": N_("faction abbreviation", "EGY"), "macedon": N_("faction abbreviation", "MAC"),
    "persia": N_("faction abbreviation", "PER"), "rome": N_("faction abbreviation", "ROM"),
    "sparta": N_("faction abbreviation", "SPA"),
}

KINDS = {"unit": N_("card kind", "Unit"), "doctrine": N_("card kind", "Doctrine"), "tactic": N_("card kind", "Tactic")}

UNIT_TYPES = {
    "infantry": N_("unit type", "Infantry"),
    "ranged-infantry": N_("unit type", "Ranged Infantry"),
    "cavalry": N_("unit type", "Cavalry"),
    "war-elephant": N_("unit type", "War Elephant"),
    "chariot": N_("unit type", "Chariot"),
    "guard": N_("unit type", "Guard"),
    "scout": N_("unit type", "Scout"),
    "siege": N_("unit type", "Siege Unit"),
    "support": N_("unit type", "Support"),
    "commander": N_("unit type", "Commander"),
    "officer": N_("unit type", "Officer"),
    "satrap": N_("unit type", "Satrap"),
}

# Traits: what a unit is besides its type, printed after it on the type line ("Infantry · Mercenary").
TRAITS = {"mercenary": N_("trait", "Mercenary")}

# Stat abbreviations as printed: each language has its own (pl ATK/OBR/PŻ, tr SAL/SAV/CP).
STATS = {"atk": N_("stat", "ATK"), "def": N_("stat", "DEF"), "lp": N_("stat", "LP")}

# Bonus phrases, keyed by (target, timing); {amount} is a signed number, {stat} a localized stat abbreviation.
BONUS_PHRASES = {
    ("own", "always"): N_("bonus", "{amount} {stat}"),
    ("own", "combat"): N_("bonus", "{amount} {stat} in combat"),
    ("own", "turn"): N_("bonus", "{amount} {stat} per turn"),
    ("opponent", "always"): N_("bonus", "opponent {amount} {stat}"),
    ("attacker", "always"): N_("bonus", "attacker {amount} {stat}"),
}
BONUS_TARGETS = ("own", "opponent", "attacker")
BONUS_TIMINGS = ("always", "combat", "turn")

MINUS = "\u2212"


def signed(amount: int) -> str:
    """+1 / −1 with a true minus sign, as printed on cards."""
    return f"+{amount}" if amount >= 0 else f"{MINUS}{-amount}"
