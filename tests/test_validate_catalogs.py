"""`pnp validate` catches each translation defect class of the seed pages, naming language, place and rule.

A planted defect is looked for in a run over the languages it is planted in (`--lang`); the runs over every
language here also show that the others stay clean, as tests/test_validate_shipped.py does for the shipped data."""
from __future__ import annotations

import re

from pathlib import Path

import pytest

from pnp.i18n.catalogs import LANGS
from pnp.project import Project, load_inputs
from pnp.validate import validate
from validate_helpers import having, line_of, plant, po_path, validate_json

PRINCIPES = ("rome.principes-line:effect", "If you control “Hastati Line”, this card gains 1 ATK.")
COHORT = ("rome.legionary-cohort:effect", "If “Testudo” is face-up, this card gains 1 DEF.")
CAVALRY = ("rome.consular-cavalry:effect",
           "When this card attacks a unit in Defense Position, it gains 2 ATK in combat.")
IN_COMBAT = ("bonus", "{amount} {stat} in combat")
PER_TURN = ("bonus", "{amount} {stat} per turn")
OFFICER = ("unit type", "Officer")


def test_untranslated_officer_is_caught_as_english_and_against_the_glossary(runner, project_copy):
    line = plant(project_copy, "pl", *OFFICER, new="Officer")
    code, problems = validate_json(runner, project_copy)
    assert code == 1
    file = str(po_path(project_copy, "pl"))
    assert having(problems, "untranslated", lang="pl", msgid="Officer", file=file, line=line)
    [term] = having(problems, "glossary-term", lang="pl", msgid="Officer", line=line)
    assert "'Oficer'" in term["message"] and "found 'Officer'" in term["message"]
    assert {p["location"]["lang"] for p in problems} == {"pl"}


def test_english_fragment_in_a_bonus_phrase(runner, project_copy):
    line = plant(project_copy, "es", *PER_TURN, old="por turno", new="/ turn")
    code, problems = validate_json(runner, project_copy, "--lang", "es")
    assert code == 1
    [found] = having(problems, "english-word", lang="es", msgid=PER_TURN[1], line=line)
    assert "'turn'" in found["message"]


def test_english_fragment_in_a_card_effect(runner, project_copy):
    line = plant(project_copy, "de", *CAVALRY, old="erhält sie im Kampf 2 ATK", new="erhält sie 2 ATK in combat")
    code, problems = validate_json(runner, project_copy, "--lang", "de")
    assert code == 1
    [found] = having(problems, "english-word", lang="de", card="rome.consular-cavalry", field="effect", line=line)
    assert "'combat'" in found["message"] and "'in'" not in found["message"]  # "in" is German too (allowlist)


def test_def_in_a_polish_string(runner, project_copy):
    line = plant(project_copy, "pl", *COHORT, old="1 OBR", new="1 DEF")
    code, problems = validate_json(runner, project_copy, "--lang", "pl")
    assert code == 1
    where = dict(lang="pl", card="rome.legionary-cohort", field="effect", line=line)
    [forbidden] = having(problems, "glossary-forbidden", **where)
    assert "'DEF' is not printed in pl" in forbidden["message"]
    [stat] = having(problems, "glossary-stat", **where)
    assert "expected 'OBR'" in stat["message"]


def test_atk_instead_of_sal_in_a_turkish_string(runner, project_copy):
    line = plant(project_copy, "tr", *PRINCIPES, old="1 SAL", new="1 ATK")
    code, problems = validate_json(runner, project_copy, "--lang", "tr")
    assert code == 1
    where = dict(lang="tr", card="rome.principes-line", field="effect", line=line)
    assert having(problems, "glossary-forbidden", **where)
    [missing] = having(problems, "glossary-stat", **where)
    assert "expected 'SAL'" in missing["message"]


def test_turkish_life_points_abbreviation_lp_is_caught(runner, project_copy):
    line = plant(project_copy, "tr", "stat", "LP", new="LP")
    code, problems = validate_json(runner, project_copy, "--lang", "tr")
    assert code == 1
    assert having(problems, "glossary-term", lang="tr", msgid="LP", line=line)
    assert having(problems, "glossary-forbidden", lang="tr", msgid="LP", line=line)


def test_wrong_number_zyskaj_12(runner, project_copy):
    line = plant(project_copy, "pl", *CAVALRY, old="zyskuje 2 ATK", new="zyskuje 12 ATK")
    code, problems = validate_json(runner, project_copy, "--lang", "pl")
    assert code == 1
    [found] = having(problems, "number-mismatch", lang="pl", card="rome.consular-cavalry", field="effect", line=line)
    assert "missing 2" in found["message"] and "not in the English source: 12" in found["message"]


def test_a_dropped_or_added_number_is_caught_both_ways(runner, project_copy):
    plant(project_copy, "de", *PRINCIPES, old="1 ATK", new="ATK")
    plant(project_copy, "es", *PRINCIPES, old="1 ATK", new="1 ATK (2)")
    code, problems = validate_json(runner, project_copy, "--lang", "de,es")
    assert [p["location"]["lang"] for p in having(problems, "number-mismatch")] == ["de", "es"]


def test_missing_placeholder(runner, project_copy):
    line = plant(project_copy, "de", *IN_COMBAT, old=" {stat}", new="")
    code, problems = validate_json(runner, project_copy, "--lang", "de")
    assert code == 1
    [found] = having(problems, "placeholder-missing", lang="de", msgid=IN_COMBAT[1], line=line)
    assert "{stat}" in found["message"]


def test_unknown_and_extra_placeholders(runner, project_copy):
    line = plant(project_copy, "pt", *IN_COMBAT, old="{stat}", new="{stats}")
    plant(project_copy, "es", *IN_COMBAT, old="combate", new="combate {amount} {life_start}")
    code, problems = validate_json(runner, project_copy, "--lang", "pt,es")
    assert code == 1
    [unknown] = having(problems, "placeholder-unknown", lang="pt", line=line)
    assert "{stats}" in unknown["message"]
    assert having(problems, "placeholder-missing", lang="pt")  # {stat} is gone
    [extra] = having(problems, "placeholder-extra", lang="es", msgid=IN_COMBAT[1])
    # placeholders are compared as multisets: the second {amount} is one too many, like {life_start}
    assert extra["message"].startswith("{amount}, {life_start} is not in the English source")


def test_stray_brace_cannot_be_filled(runner, project_copy):
    line = plant(project_copy, "tr", *IN_COMBAT, old="{stat}", new="{stat} }")
    code, problems = validate_json(runner, project_copy, "--lang", "tr")
    assert code == 1
    [found] = having(problems, "placeholder-syntax", lang="tr", line=line)
    assert "Single '}'" in found["message"]


def test_fuzzy_entry(runner, project_copy):
    line = plant(project_copy, "pl", "rome.testudo:name", "Testudo", new="Testudo", fuzzy=True)
    code, problems = validate_json(runner, project_copy, "--lang", "pl")
    assert code == 1
    assert having(problems, "translation-fuzzy", lang="pl", card="rome.testudo", field="name", line=line)


def test_empty_translation(runner, project_copy):
    line = plant(project_copy, "es", *COHORT, new="")
    code, problems = validate_json(runner, project_copy, "--lang", "es")
    assert code == 1
    assert having(problems, "translation-empty", lang="es", card="rome.legionary-cohort", field="effect", line=line)


def test_misquoted_card_name(runner, project_copy):
    line = plant(project_copy, "de", *PRINCIPES, old="„Hastati-Linie“", new="„Hastati Linie“")
    code, problems = validate_json(runner, project_copy, "--lang", "de")
    assert code == 1
    [found] = having(problems, "card-reference", lang="de", card="rome.principes-line", field="effect", line=line)
    assert "'Hastati-Linie'" in found["message"] and "'Hastati Linie'" in found["message"]


@pytest.mark.parametrize("lang,old,new", [
    ("pl", "„Testudo”", "„Testudos”"),  # quoted, but not the name
    ("es", "Si Testudo", "Si Tortuga"),  # unquoted style, name gone
    ("tr", "“Testudo”", "“Kaplumbağa”"),
])
def test_card_name_quoted_or_not_must_be_the_localized_name(runner, project_copy, lang, old, new):
    line = plant(project_copy, lang, *COHORT, old=old, new=new)
    code, problems = validate_json(runner, project_copy, "--lang", lang)
    assert having(problems, "card-reference", lang=lang, card="rome.legionary-cohort", line=line)


def test_a_renamed_card_must_be_renamed_where_other_cards_quote_it(runner, project_copy):
    """The cross-reference follows the catalog: rename the card, and the effect quoting the old name is caught."""
    plant(project_copy, "de", "rome.hastati-line:name", "Hastati Line", new="Hastatenlinie")
    code, problems = validate_json(runner, project_copy, "--lang", "de")
    [found] = having(problems, "card-reference", lang="de", card="rome.principes-line")
    assert "'Hastatenlinie'" in found["message"]


def test_missing_message_in_one_language(runner, project_copy):
    path = po_path(project_copy, "tr")
    text = path.read_text(encoding="utf-8")
    block = 'msgctxt "rome.testudo:name"\nmsgid "Testudo"\nmsgstr "Testudo"\n'
    assert block in text
    path.write_text(text.replace(block, ""), encoding="utf-8")
    code, problems = validate_json(runner, project_copy, "--lang", "tr")
    assert code == 1
    [found] = having(problems, "translation-missing", lang="tr", card="rome.testudo", field="name")
    assert found["location"]["file"] == str(path)


def test_changed_english_source_makes_translations_outdated(runner, project_copy):
    cards = project_copy / "data/cards/rome.toml"
    cards.write_text(cards.read_text(encoding="utf-8").replace('name = "Testudo"', 'name = "Tortoise"'),
                     encoding="utf-8")
    code, problems = validate_json(runner, project_copy)
    assert code == 1
    outdated = having(problems, "translation-outdated", card="rome.testudo", field="name")
    assert sorted(p["location"]["lang"] for p in outdated) == sorted(LANGS)
    assert "'Tortoise'" in outdated[0]["message"] and "'Testudo'" in outdated[0]["message"]


def test_only_the_languages_asked_for_are_checked(runner, project_copy):
    plant(project_copy, "pl", *COHORT, old="1 OBR", new="1 DEF")
    assert validate_json(runner, project_copy, "--lang", "de,tr")[0] == 0
    assert validate_json(runner, project_copy, "--lang", "pl")[0] == 1


def test_text_report_names_language_and_place(runner, project_copy):
    from conftest import project_args
    from pnp.cli import main
    line = plant(project_copy, "pl", *CAVALRY, old="zyskuje 2 ATK", new="zyskuje 12 ATK")
    result = runner.invoke(main, ["validate", *project_args(project_copy)])
    assert result.exit_code == 1
    assert (f"pl/LC_MESSAGES/cards.po:{line} card rome.consular-cavalry [pl] field 'effect': error "
            "number-mismatch: expected the numbers of the English source (2), found 12") in result.stdout
    assert result.stdout.splitlines()[-1] == "1 error(s), 1 warning(s)"  # pl print checks skipped


def test_every_defect_at_once_through_the_function(project_copy):
    """All problems are collected: one planted defect per check, each found by validate()."""
    plant(project_copy, "pl", *OFFICER, new="Officer")
    plant(project_copy, "pl", *COHORT, old="1 OBR", new="1 DEF")
    plant(project_copy, "de", *PRINCIPES, old="„Hastati-Linie“", new="„Hastati Linie“")
    plant(project_copy, "tr", *CAVALRY, old="2 SAL", new="12 SAL")
    plant(project_copy, "es", *IN_COMBAT, old="{stat}", new="{stats}")
    plant(project_copy, "pt", "rome.testudo:name", "Testudo", new="Testudo", fuzzy=True)
    project = Project(data=project_copy / "data", locales=project_copy / "locales")
    inputs = load_inputs(project, LANGS)
    codes = {(p.code, p.where.lang) for p in validate(inputs, LANGS, project)}
    assert {("untranslated", "pl"), ("glossary-term", "pl"), ("glossary-forbidden", "pl"), ("card-reference", "de"),
            ("number-mismatch", "tr"), ("placeholder-unknown", "es"), ("translation-fuzzy", "pt")} <= codes


def test_line_numbers_point_at_the_message(project_copy):
    """The helper's line is Babel's line of the msgid; the validator's Location carries the same line."""
    line = line_of(project_copy, "de", *COHORT)
    text = Path(po_path(project_copy, "de")).read_text(encoding="utf-8").splitlines()
    assert text[line - 1].startswith("msgid") and "Testudo" in "".join(text[line - 1:line + 1])


def test_an_unknown_card_name_quoted_in_the_english_source(project_copy):
    cards = project_copy / "data/cards/rome.toml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("“Hastati Line”", "“Hastati Lines”"), encoding="utf-8")
    project = Project(data=project_copy / "data", locales=project_copy / "locales")
    found = [p for p in validate(load_inputs(project, ("de",)), ("de",), project) if p.code == "card-reference-unknown"]
    assert [(p.where.card, p.where.file) for p in found] == [("rome.principes-line", str(cards))]


@pytest.mark.parametrize("written", ["{stat:*^12}", "{stat!r}", "{stat.real}", "{stat[0]}"])
def test_a_placeholder_is_a_bare_name_only(runner, project_copy, written):
    """A format spec, conversion, attribute or index would print padding or reach into the value: one
    placeholder-syntax problem, not a placeholder missing and another unknown."""
    line = plant(project_copy, "tr", *IN_COMBAT, old="{stat}", new=written)
    code, problems = validate_json(runner, project_copy, "--lang", "tr")
    assert code == 1
    [found] = having(problems, "placeholder-syntax", lang="tr", line=line)
    assert f"the placeholder {written} is more than a name; expected {{stat}}" in found["message"]
    assert not [p for p in problems if p["code"] != "placeholder-syntax" and p["location"].get("line") == line]


@pytest.mark.parametrize("domain", ("cards", "sheets", "rulebook"))
def test_a_plural_rule_that_disagrees_with_cldr_is_located_at_the_header(runner, project_copy, domain):
    """pt with gettext's Portugal rule (0 plural) where CLDR gives Brazilian pt `n > 1` (0 singular)."""
    path = project_copy / "locales" / "pt" / "LC_MESSAGES" / f"{domain}.po"
    text = path.read_text()
    path.write_text(text.replace("plural=(n > 1);", "plural=(n != 1);"))
    code, problems = validate_json(runner, project_copy, "--lang", "pt")
    assert code == 1
    [found] = having(problems, "po-plural-cldr", lang="pt", file=str(path))
    assert found["location"]["line"] == text[:text.index('msgid ""')].count("\n") + 1
    assert "'one'" in found["message"] and "0" in found["message"]


def test_each_catalog_names_its_regional_norm(runner, project_copy):
    path = project_copy / "locales" / "es" / "LC_MESSAGES" / "sheets.po"
    line = ('# Regional norm: neutral Latin American Spanish: "tú" for one player, "ustedes" for both, '
            'no Spain-only words.')
    text = path.read_text(encoding="utf-8")
    written = re.search(r"^# Regional norm:.*?words\.\n", text, re.M | re.S)  # as Babel wraps the header comment
    assert written and " ".join(written.group(0).replace("\n#", "").split()) == line
    path.write_text(text.replace(written.group(0), ""), encoding="utf-8")
    code, problems = validate_json(runner, project_copy, "--lang", "es")
    assert code == 1
    [found] = having(problems, "po-header", lang="es", file=str(path))
    assert f"'{line}'" in found["message"]
