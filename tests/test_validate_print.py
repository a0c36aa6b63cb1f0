"""Print checks through `pnp validate`: a text that cannot fit its box, a character its font cannot print."""
from __future__ import annotations

from pnp.products import PRODUCTS
from validate_helpers import having, plant, validate_json

COHORT = ("rome.legionary-cohort:effect", "If “Testudo” is face-up, this card gains 1 DEF.")


def test_every_product_is_composed_by_validate_and_the_build():
    assert [product.name for product in PRODUCTS] == ["card decks", "score sheet", "tokens", "calibration sheet",
                                                      "rulebook"]


def test_overlong_score_sheet_heading_is_caught(runner, project_copy):
    po = project_copy / "locales/pl/LC_MESSAGES/sheets.po"
    text = po.read_text(encoding="utf-8")
    assert 'msgstr "Notatki"' in text
    po.write_text(text.replace('msgstr "Notatki"', 'msgstr "Notatki' + " bardzo długie" * 30 + '"'), encoding="utf-8")
    code, problems = validate_json(runner, project_copy)
    assert code == 1
    assert [p for p in problems if p["severity"] == "error" and p["location"].get("lang") == "pl"], problems
    assert not [p for p in problems if p["severity"] == "error" and p["location"].get("lang") != "pl"], problems


def test_overlong_text_and_uncovered_character_are_caught(runner, project_copy):
    plant(project_copy, "pl", *COHORT, old="ta karta", new="ta karta" + " bardzo długo" * 60)
    plant(project_copy, "tr", "rome.praetorian-guard:name", "Praetorian Guard", old="muhafızları", new="muhafızları ☭")
    code, problems = validate_json(runner, project_copy)
    assert code == 1
    [fit] = having(problems, "text-does-not-fit", card="rome.legionary-cohort", lang="pl", field="effect")
    assert "smallest size allowed" in fit["message"]
    [glyph] = having(problems, "glyph-missing", card="rome.praetorian-guard", lang="tr", field="name")
    assert "U+262D" in glyph["message"]


def test_print_checks_wait_for_a_language_without_translation_errors(runner, project_copy):
    """A broken placeholder cannot be laid out: that language's print checks are skipped, with a warning."""
    plant(project_copy, "de", "bonus", "{amount} {stat} in combat", old="{stat}", new="{stats}")
    plant(project_copy, "de", "rome.praetorian-guard:name", "Praetorian Guard", new="Prätorianergarde ☭")
    plant(project_copy, "tr", "rome.praetorian-guard:name", "Praetorian Guard", old="muhafızları", new="muhafızları ☭")
    code, problems = validate_json(runner, project_copy)
    assert code == 1
    assert having(problems, "placeholder-unknown", lang="de")
    [skipped] = having(problems, "print-checks-skipped")
    assert skipped["location"] == {"lang": "de"} and skipped["severity"] == "warning"
    assert [p["location"]["lang"] for p in having(problems, "glyph-missing")] == ["tr"]
