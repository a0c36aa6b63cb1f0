"""The card database reproduces every row of the five seed pages, with the pages' known defects fixed."""
from __future__ import annotations

import re
from collections import Counter

import pytest

import seedpages
from conftest import LANGS

EXPORT_KEYS = {"id", "faction", "kind", "name", "type", "traits", "trait_names", "level", "atk", "def", "energy",
               "copies", "commander", "terrain", "bonus", "effect"}
# The Mercenaries (docs/rules-decisions.md, "Mercenary") and the trait's word in each language.
MERCENARIES = {"carthage.balearic-slingers": 2, "carthage.iberian-mercenaries": 3, "carthage.numidian-cavalry": 3}
MERCENARY = {"en": "Mercenary", "de": "Söldner", "pl": "Najemnik", "tr": "Paralı asker", "es": "Mercenario",
             "pt": "Mercenário"}

# The seed pages' defects and what the database prints instead.
FIXED_TYPES = {
    "Officer": {"de": "Offizier", "pl": "Oficer", "tr": "Subay", "es": "Oficial", "pt": "Oficial"},
    "Satrap": {"de": "Statthalter", "pl": "Satrapa", "tr": "Vali", "es": "Sátrapa", "pt": "Sátrapa"},
}
FIXED_BONUS_FRAGMENTS = {
    "opponent -1 DEF": {"de": "Gegner −1 DEF", "pl": "przeciwnik −1 OBR", "tr": "rakip −1 SAV",
                        "es": "oponente −1 DEF", "pt": "oponente −1 DEF"},
    "+1 ATK in combat": {"de": "+1 ATK im Kampf", "pl": "+1 ATK w walce", "tr": "savaşta +1 SAL",
                         "es": "+1 ATK en combate", "pt": "+1 ATK no combate"},
    "+1 LP / turn": {"de": "+1 LP pro Zug", "pl": "+1 PŻ na turę", "tr": "her tur +1 CP",
                     "es": "+1 PV por turno", "pt": "+1 PV por turno"},
    "attacker -1 ATK": {"de": "Angreifer −1 ATK", "pl": "atakujący −1 ATK", "tr": "saldıran birlik −1 SAL",
                        "es": "atacante −1 ATK", "pt": "atacante −1 ATK"},
}
OWN_ABBREVIATIONS = {"pl": {"DEF": "OBR"}, "tr": {"ATK": "SAL", "DEF": "SAV"}}
# Life points as the language abbreviates them everywhere (issue 9: es and pt print PV, the seeds LP).
OWN_LIFE_POINTS = {"es": "PV", "pt": "PV"}
# Effects whose seed wording breaks the game terms (locales/game-terms.toml): (lang, card id) -> (seed, printed).
# A stat abbreviation standing for a position ("in DEF" for "in Defense Position") reads as a number.
_DE_IN_DEF = ("eine Einheit in DEF an", "eine Einheit in Verteidigungsposition an")
_PT_EM_DEF = ("uma unidade em DEF", "uma unidade em Defesa")
FIXED_EFFECTS = {
    ("de", "dacia.forest-paths"): ("eine Einheit in DEF angreifen", "eine Einheit in Verteidigungsposition angreifen"),
    ("de", "macedon.thessalian-cavalry"): _DE_IN_DEF,
    ("de", "sparta.skiritai-scouts"): _DE_IN_DEF,
    ("de", "rome.consular-cavalry"): _DE_IN_DEF,
    ("de", "persia.scythed-chariot"): _DE_IN_DEF,
    ("de", "rome.trajan-imperial-vanguard"): ("Infanterie-Einheit in DEF;",
                                              "Infanterie-Einheit in Verteidigungsposition;"),
    ("de", "rome.trajan-builder-of-provinces"): ("Friedhof in DEF wieder", "Friedhof in Verteidigungsposition wieder"),
    ("pt", "dacia.forest-paths"): _PT_EM_DEF,
    ("pt", "macedon.thessalian-cavalry"): _PT_EM_DEF,
    ("pt", "sparta.skiritai-scouts"): _PT_EM_DEF,
    ("pt", "rome.consular-cavalry"): _PT_EM_DEF,
    ("pt", "persia.scythed-chariot"): _PT_EM_DEF,
    ("pt", "rome.trajan-imperial-vanguard"): ("Infantaria para DEF;", "Infantaria para Defesa;"),
    ("pt", "rome.trajan-builder-of-provinces"): ("cemitério em DEF.", "cemitério em Defesa."),
    ("pl", "rome.trajan-builder-of-provinces"): ("z CMT w Obronie", "z cmentarza w Obronie"),  # CMT: graveyard
    ("es", "persia.commanding-satrap"): ("posición de combate", "posición de batalla"),  # battle position
    # the trait's word (locales/glossary.toml [pt.terms.trait]), as on the other Mercenary cards
    ("pt", "carthage.silver-for-the-spear"): ("1 unidade Mercenária", "1 Mercenário"),
}


def expected_bonus(seed_bonus: str | None, lang: str) -> str | None:
    """The seed's Bonus column with its English fragments and foreign abbreviations fixed."""
    if seed_bonus is None:
        return None
    parts = []
    for part in seed_bonus.split("; "):
        if part in FIXED_BONUS_FRAGMENTS:
            parts.append(FIXED_BONUS_FRAGMENTS[part][lang])
        else:
            for english, own in OWN_ABBREVIATIONS.get(lang, {}).items():
                part = re.sub(rf"\b{english}\b", own, part)
            parts.append(part)
    return "; ".join(parts)


FIXED_TERMS = {"es": ("Doctrina de Terreno", "Doctrina de terreno")}  # a term's capitals fixed (issue 28)


def expected_effect(row: seedpages.SeedRow, card_id: str, lang: str) -> str:
    """The seed's effect, with its fixed wording (the seed must still say what FIXED_EFFECTS replaces)."""
    fix = FIXED_EFFECTS.get((lang, card_id))
    effect = row.effect.replace(*FIXED_TERMS[lang]) if lang in FIXED_TERMS else row.effect
    if fix is not None:
        assert effect.count(fix[0]) == 1, f"{lang} {card_id}: the seed no longer says {fix[0]!r}"
        effect = effect.replace(*fix)
    return re.sub(r"\bLP\b", OWN_LIFE_POINTS[lang], effect) if lang in OWN_LIFE_POINTS else effect


def expected_type(seed_type: str, lang: str) -> str:
    seed_type = seed_type.replace(*FIXED_TERMS[lang]) if lang in FIXED_TERMS else seed_type
    return FIXED_TYPES.get(seed_type, {}).get(lang, seed_type)


def seed_matches(lang: str, cards: list[dict]) -> list[tuple[seedpages.SeedRow, dict]]:
    """Pair every seed row with its exported card: units by position, doctrines/tactics by localized name."""
    page = seedpages.load(lang)
    pairs = []
    for faction in seedpages.FACTIONS:
        units = [c for c in cards if c["faction"] == faction and c["kind"] == "unit"]
        rows = [r for r in page.units if r.faction == faction]
        assert len(units) == len(rows), f"{lang} {faction}: {len(units)} units, seed has {len(rows)}"
        pairs += list(zip(rows, units))
        others = {c["name"]: c for c in cards if c["faction"] == faction and c["kind"] != "unit"}
        rows = [r for r in page.doctrines if r.faction == faction]
        assert sorted(others) == sorted(r.name for r in rows), f"{lang} {faction}: doctrine/tactic names differ"
        pairs += [(r, others[r.name]) for r in rows]
    return pairs


@pytest.mark.parametrize("lang", LANGS)
def test_export_reproduces_every_seed_row(exported, lang):
    pairs = seed_matches(lang, exported[lang])
    assert len(pairs) == len(exported[lang]) == 141
    for row, card in pairs:
        where = f"{lang} {card['id']} (seed line {row.line})"
        assert card["name"] == row.name, where
        assert card["effect"] == expected_effect(row, card["id"], lang), where
        assert card["copies"] == row.copies, where
        assert card["type"] == expected_type(row.type, lang), where
        if row.table == "units":
            assert (card["level"], card["atk"], card["def"], card["energy"]) == (row.level, row.atk, row.def_,
                                                                                 row.energy), where
            assert card["commander"] == row.commander, where
            assert card["bonus"] is None
        else:
            assert card["bonus"] == expected_bonus(row.bonus, lang), where
            assert (card["level"], card["atk"], card["def"], card["energy"]) == (None, None, None, None)


@pytest.mark.parametrize("lang", LANGS)
def test_defects_of_the_seed_pages_are_fixed(exported, lang):
    assert {(lang, c["id"]) for c in exported[lang]} >= {key for key in FIXED_EFFECTS if key[0] == lang}
    printed = " ".join(f"{c['type']} {c['bonus'] or ''}" for c in exported[lang])
    for english in ("Officer", "Satrap", "opponent", "attacker", "in combat", "turn", "-1"):
        assert not re.search(rf"(?<!\w){english}(?!\w)", printed), f"{lang}: {english!r} left in English"
    forbidden = {"pl": ("DEF", "LP"), "tr": ("ATK", "DEF", "LP"), "es": ("LP",), "pt": ("LP",)}.get(lang, ())
    for abbreviation in forbidden:
        assert not re.search(rf"\b{abbreviation}\b", printed), f"{lang} prints {abbreviation}"


def test_same_id_is_the_same_card_in_every_language(exported):
    language_independent = ("faction", "kind", "traits", "level", "atk", "def", "energy", "copies", "commander",
                            "terrain")
    source = {c["id"]: c for c in exported["en"]}
    for lang in LANGS:
        assert [c["id"] for c in exported[lang]] == list(source)
        for card in exported[lang]:
            assert {k: card[k] for k in language_independent} == {k: source[card["id"]][k]
                                                                   for k in language_independent}
            assert set(card) == EXPORT_KEYS


def test_every_faction_is_a_ready_40_card_deck_with_two_commanders(exported):
    copies, commanders, terrain = Counter(), Counter(), Counter()
    for card in exported["en"]:
        copies[card["faction"]] += card["copies"]
        commanders[card["faction"]] += card["copies"] if card["commander"] else 0
        terrain[card["faction"]] += card["copies"] if card["terrain"] else 0
    assert set(copies) == set(seedpages.FACTIONS)
    assert all(n == 40 for n in copies.values()), copies
    assert all(n == 2 for n in commanders.values()), commanders
    assert all(n <= 2 for n in terrain.values()), terrain


def test_source_strings_and_structured_bonus(exported):
    cards = {c["id"]: c for c in exported["en"]}
    assert len(cards) == 141
    assert all(re.fullmatch(rf"{c['faction']}\.[a-z0-9]+(-[a-z0-9]+)*", i) for i, c in cards.items())
    assert cards["rome.testudo"]["bonus"] == "+2 DEF"
    assert cards["carthage.desert-routes"]["bonus"] == "+1 ATK; opponent −1 DEF"
    assert cards["carthage.desert-routes"]["terrain"] is True
    assert cards["egypt.nile-floodplain"]["bonus"] == "+1 DEF; +1 LP per turn"
    assert sum(c["terrain"] for c in cards.values()) == 7
    assert all(c["kind"] == "doctrine" for c in cards.values() if c["terrain"])
    assert {c["type"] for c in cards.values() if c["kind"] != "unit"} == {"Doctrine", "Tactic"}


@pytest.mark.parametrize("lang", ("en",) + LANGS)
def test_the_export_lists_the_decided_mercenaries_and_no_other_traits(exported, lang):
    """8 of the Carthage deck's 40 cards are Mercenaries, exported with the trait's key and its word."""
    traited = {c["id"]: (c["traits"], c["trait_names"], c["copies"]) for c in exported[lang] if c["traits"]}
    assert traited == {card_id: (["mercenary"], [MERCENARY[lang]], copies) for card_id, copies in MERCENARIES.items()}
    assert all(c["traits"] == c["trait_names"] == [] for c in exported[lang] if c["id"] not in MERCENARIES)
    assert sum(MERCENARIES.values()) == 8


def test_unknown_language_is_a_usage_error(runner):
    from pnp.cli import main

    result = runner.invoke(main, ["export", "cards", "--lang", "fr"])
    assert result.exit_code == 2
    assert "unknown language 'fr'" in result.output
    assert "Traceback" not in result.output
