"""The card rulings quote their cards' amounts through placeholders (pnp/rulebook/rulings.py): change a card's
number and the ruling follows in every language; a card that no longer says the ruling's phrase is a
`rulebook-example` problem, never a wrong ruling. "Set" is a game term of the rule books (game-terms.toml [books])."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest

from pnp.core.problems import ProblemsFound
from pnp.layouts.schemas import LAYOUTS
from pnp.rulebook import kit_facts
from pnp.rulebook.books import REFERENCE
from pnp.rulebook.compose import compose
from pnp.rulebook.glossary import language_terms
from pnp.rulebook.rulings import AMOUNTS, ruling_numbers
from rulebook_helpers import LANGS, inputs

RAIN = "persia.rain-of-arrows"


def with_effect(cards, card_id: str, old: str, new: str):
    changed = tuple(replace(c, effect=c.effect.replace(old, new)) if c.id == card_id else c for c in cards.cards)
    assert changed != cards.cards
    return replace(cards, cards=changed)


def reference(lang: str, cards, draft: bool = False):
    """The Rules Reference's blocks; with `draft`, a card text the catalog lacks prints its English source."""
    loaded = inputs()
    catalog = replace(loaded.catalogs[lang], fills_missing=True) if draft else loaded.catalogs[lang]
    return compose(loaded.engine, cards, catalog, kit_facts(loaded.engine, "a4", LAYOUTS),
                   language_terms(loaded.lexicon, lang), REFERENCE)


def answer(blocks, anchor: str) -> str:
    index = next(i for i, block in enumerate(blocks) if getattr(block, "anchor", "") == anchor)
    return blocks[index + 1].text


def test_every_ruling_amount_is_read_from_its_card():
    numbers, problems = ruling_numbers(inputs().cards)
    assert problems == [] and set(numbers) == set(AMOUNTS)
    assert numbers == {"slingers_loss": 1, "trajan_protect": 1, "darius_gain": 1, "rain_loss": 2,
                       "envelopment_loss": 2}


def test_a_ruling_follows_its_cards_amount():
    """English: the cards' texts are the catalogs' sources, so a changed card leaves the translations behind."""
    assert "−2 " in answer(reference("en", inputs().cards), "faq.rain")
    changed = answer(reference("en", with_effect(inputs().cards, RAIN, "lose 2 ATK", "lose 3 ATK")), "faq.rain")
    assert "−3 " in changed and "−2 " not in changed


def with_amounts(numbers: dict[str, int]):
    """The cards, each ruling's card saying the amount `numbers` gives it in the phrase the ruling relies on."""
    cards = inputs().cards
    for name, (card_id, phrase) in AMOUNTS.items():
        effect = cards.by_id(card_id).effect
        found = re.search(phrase, effect)
        (start, end), (amount_start, amount_end) = found.span(), found.span(1)
        cards = with_effect(cards, card_id, effect[start:end],
                            effect[start:amount_start] + str(numbers[name]) + effect[amount_end:end])
    return cards


@pytest.mark.parametrize("lang", LANGS)
def test_every_translation_prints_the_amount_its_card_says(lang):
    """The rulings' catalogs translate them with placeholders: each language prints the amounts of the cards (here
    English cards changed to new amounts; the translations of the cards' own texts no longer match them, so the
    catalog is read as a draft's, which prints a card's English text)."""
    numbers = {"slingers_loss": 7, "trajan_protect": 8, "darius_gain": 9, "rain_loss": 5, "envelopment_loss": 6}
    cards = with_amounts(numbers)
    assert ruling_numbers(cards) == (numbers, [])
    blocks, english = reference(lang, cards, draft=True), reference("en", cards)
    assert all(answer(blocks, anchor) != answer(english, anchor) for anchor in ("faq.rain", "faq.balearic"))
    assert "−5 " in answer(blocks, "faq.rain") and "−6 " in answer(blocks, "faq.envelopment")
    assert " 7 " in answer(blocks, "faq.balearic")
    questions = {block.anchor: block.text for block in blocks if getattr(block, "anchor", "").startswith("faq.")}
    assert "8" in questions["faq.trajan"] and "9" in questions["faq.darius"]


def test_a_card_that_no_longer_says_the_rulings_phrase_is_reported():
    cards = with_effect(inputs().cards, RAIN, "face-up units lose 2 ATK", "face-up units lose two ATK")
    with pytest.raises(ProblemsFound) as caught:
        reference("en", cards)
    assert [p.code for p in caught.value.problems] == ["rulebook-example"]
    assert RAIN in caught.value.problems[0].message and "rulings.py" in caught.value.problems[0].message


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_set_is_a_defined_term_of_the_keyword_table_no_card_needs(lang):
    loaded = inputs()
    assert loaded.lexicon.books_terms == {"set"}
    forms = language_terms(loaded.lexicon, lang)["set"]
    assert forms.rule == "summon.normal.rule"
    rows = [row for block in reference(lang, loaded.cards) if getattr(block, "columns", "") == "keywords"
            for row in block.rows]
    [row] = [row for row in rows if row[0].casefold() == forms.headword.casefold()]
    assert row[1].strip() and row[2] not in ("", "?")


def test_a_term_only_the_rule_books_use_needs_no_card():
    from pnp.validate.term_use import check_terms_used
    assert check_terms_used(inputs(), LANGS) == []


def test_a_books_term_that_is_no_game_term_is_reported(project_copy):
    from pnp.i18n.lexicon import load_lexicon
    from test_validate_glossary import edit
    terms = project_copy / "locales/game-terms.toml"
    line = edit(terms, 'terms = ["set"]', 'terms = ["set", "flank"]')
    with pytest.raises(ProblemsFound) as found:
        load_lexicon(project_copy / "locales")
    [problem] = found.value.problems
    assert (problem.code, problem.where.file, problem.where.line) == ("term-unknown", str(terms), line)
    assert "'flank'" in problem.message
