"""The shipped data validates clean; run on the seed pages themselves, the checks flag exactly their known defects."""
from __future__ import annotations

import json
import re

import pytest

import seedpages
from conftest import LANGS
from pnp.cli import main
from pnp.project import Project, load_inputs
from pnp.validate import validate
from pnp.validate.english import english_vocabulary, english_words
from pnp.validate.glossary_file import forbidden_words
from test_card_database import FIXED_BONUS_FRAGMENTS, FIXED_TYPES, OWN_ABBREVIATIONS, OWN_LIFE_POINTS


@pytest.fixture(scope="session")
def inputs():
    return load_inputs(Project(), LANGS)


def test_shipped_data_validates_clean(inputs):
    assert validate(inputs, LANGS, Project()) == []


def test_shipped_data_validates_clean_through_the_cli(runner):
    result = runner.invoke(main, ["validate"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "0 error(s), 0 warning(s)"
    result = runner.invoke(main, ["validate", "--format", "json", "--lang", "pl,tr"])
    assert (result.exit_code, json.loads(result.stdout)) == (0, [])


def test_unknown_language_is_a_usage_error(runner):
    result = runner.invoke(main, ["validate", "--lang", "fr"])
    assert result.exit_code == 2 and "unknown language 'fr'" in result.output


@pytest.mark.parametrize("lang", LANGS)
def test_checks_flag_exactly_the_defects_of_the_seed_page(inputs, lang):
    """English fragments and foreign abbreviations in the Bonus column, untranslated unit types; nothing else."""
    vocabulary, lexicon = english_vocabulary(inputs), inputs.lexicon.of(lang)
    terms = {entry.value for (context, _), entry in lexicon.terms.items() if context in ("unit type", "card kind")}
    page = seedpages.load(lang)
    assert page.units and page.doctrines
    for row in page.units + page.doctrines:
        bonus = row.bonus or ""
        defective = any(fragment in bonus for fragment in FIXED_BONUS_FRAGMENTS) or any(
            re.search(rf"\b{english}\b", bonus) for english in OWN_ABBREVIATIONS.get(lang, {}))
        flagged = bool(english_words(bonus, vocabulary, lexicon) or forbidden_words(bonus, lexicon))
        assert flagged == defective, (row.line, bonus)
        assert (row.type not in terms) == (row.type in FIXED_TYPES), (row.line, row.type)
        for text in (row.name, row.effect):  # es and pt pages print LP where the kit prints PV (issue 9)
            seed_lp = ["LP"] if lang in OWN_LIFE_POINTS and re.search(r"\bLP\b", text) else []
            assert english_words(text, vocabulary, lexicon) == [], (row.line, text)
            assert sorted(set(forbidden_words(text, lexicon))) == seed_lp, (row.line, text)
