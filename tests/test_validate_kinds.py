"""A card effect that refers to a kind of card (a unit type or a trait) that no card has fails `pnp validate`, located
by file, card and language, in the English card data and in every translation."""
from __future__ import annotations

from conftest import LANGS
from pnp.i18n.catalogs import SOURCE_LANG
from pnp.project import Project, load_inputs
from pnp.validate.kinds import KIND_TERMS, kind_finder, referred_kinds
from test_bad_input import replace
from validate_helpers import having, plant, po_path, validate_json

CARTHAGE, PERSIA = "data/cards/carthage.toml", "data/cards/persia.toml"
MERCENARY_CARDS = {f"carthage.{slug}" for slug in ("balearic-slingers", "libyan-spearmen", "mercenary-contracts",
                                                    "silver-for-the-spear", "hired-blades", "punic-ambush",
                                                    "ruthless-bargain", "feigned-retreat")}
TESTUDO = ("rome.testudo:effect", "Infantry units in Defense Position gain 2 DEF.")


def test_without_mercenaries_each_card_naming_them_fails_in_every_language(runner, project_copy):
    replace(project_copy / CARTHAGE, 'traits = ["mercenary"]\n', "", count=3)
    code, problems = validate_json(runner, project_copy)
    assert code == 1
    found = having(problems, "kind-without-cards")
    assert [p for p in problems if p["severity"] == "error"] == found
    assert sorted((p["location"]["card"], p["location"]["lang"]) for p in found) == sorted(
        (card, lang) for card in MERCENARY_CARDS for lang in (SOURCE_LANG, *LANGS))
    for problem in found:
        where = problem["location"]
        file = project_copy / CARTHAGE if where["lang"] == SOURCE_LANG else po_path(project_copy, where["lang"])
        assert (where["file"], where["field"]) == (str(file), "effect") and where["line"], problem
        assert "the trait Mercenary" in problem["message"]


def test_a_kind_no_card_has_planted_in_one_translation_is_caught_there(runner, project_copy):
    path = project_copy / PERSIA
    text = path.read_text(encoding="utf-8")
    start = text.index('id = "persia.commanding-satrap"')
    path.write_text(text[:start] + text[start:].replace('type = "satrap"', 'type = "support"', 1), encoding="utf-8")
    assert validate_json(runner, project_copy, "--lang", "pl")[0] == 0  # no card names a Satrap
    line = plant(project_copy, "pl", *TESTUDO, "Jednostki Piechoty", "Satrapy i jednostki Piechoty")
    code, problems = validate_json(runner, project_copy, "--lang", "pl")
    assert code == 1
    [found] = having(problems, "kind-without-cards", file=str(po_path(project_copy, "pl")), line=line,
                     card="rome.testudo", lang="pl", field="effect")
    assert "the unit type Satrap ('Satrapy')" in found["message"]
    assert [p for p in problems if p["severity"] == "error"] == [found]


def test_the_longer_kind_wins_inflections_count_and_quoted_names_do_not():
    english = kind_finder({key: term for key, (_, term) in KIND_TERMS.items()}, SOURCE_LANG)
    assert referred_kinds("Summon 1 Ranged Infantry, “Iberian Mercenaries” or Infantry unit.", english) == [
        ("ranged-infantry", "Ranged Infantry"), ("infantry", "Infantry")]
    catalog = load_inputs(Project(), ("pl",)).catalogs["pl"]
    polish = kind_finder({key: catalog.pgettext(*term) for key, term in KIND_TERMS.items()}, "pl")
    assert referred_kinds("jednostkę Piechoty strzeleckiej lub Najemnika i Jazdy", polish) == [
        ("ranged-infantry", "Piechoty strzeleckiej"), ("mercenary", "Najemnika"), ("cavalry", "Jazdy")]
