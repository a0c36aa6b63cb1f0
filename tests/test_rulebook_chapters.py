"""The chapters a newcomer learns from (issue 9): battlefield, sample turn, appendix, and the Rules Reference's
keywords. Their words are the cards' words, their numbers results of pnp/data/combat.py on real cards and
data/engine.toml, and `pnp validate` reports a game term that has no keyword entry."""
from __future__ import annotations

import re
import shutil
from dataclasses import replace

import pytest

from pnp.data.card_database import CardDatabase
from pnp.i18n.lexicon import load_lexicon
from pnp.core.problems import ProblemsFound
from pnp.layouts.schemas import LAYOUTS
from pnp.project import REPO, Project
from pnp.rulebook import kit_facts
from pnp.rulebook import blocks as b
from pnp.rulebook.books import REFERENCE
from pnp.rulebook.compose import compose
from pnp.rulebook.sample import SUMMONED, sample_numbers
from product_helpers import product_named, product_problems
from pnp.i18n.lexicon import capitalized
from rulebook_helpers import LANGS, flat_text, inputs, outline, page_texts, pages_pdf, reference_pdf, squash


def chapter_text(pdf: bytes, index: int) -> str:
    """The squashed text of the pages of the chapter with that index in the bookmarks (up to the page the next
    chapter starts on)."""
    chapters = [page for _, level, page in outline(pdf) if level == 0]
    texts = page_texts(pdf)
    end = chapters[index + 1] if index + 1 < len(chapters) else len(texts)
    return squash("".join(texts[chapters[index] - 1:end]))


@pytest.mark.parametrize("lang", LANGS)
def test_keywords_define_every_game_term_in_the_cards_words(lang):
    terms = inputs().lexicon.of(lang).game_terms
    keywords = inputs().catalogs[lang].translations.gettext("Keywords")
    titles = [title for title, level, _ in outline(reference_pdf(lang)) if level == 0]
    [index] = [i for i, title in enumerate(titles) if title.endswith(f" {keywords}")]  # "10 Keywords"
    table = chapter_text(reference_pdf(lang), index)
    assert len(terms) >= 35
    for term, forms in terms.items():
        assert squash(capitalized(forms.headword, lang)) in table, (lang, term)


def test_validate_reports_a_game_term_without_glossary_entry(tmp_path):
    locales = tmp_path / "locales"
    shutil.copytree(REPO / "locales", locales, ignore=shutil.ignore_patterns("*.mo"))
    path = locales / "game-terms.toml"
    text = path.read_text(encoding="utf-8")
    new = {"en": "unit", "de": "Einheit", "pl": "jednostk", "tr": "birlik", "es": "unidad", "pt": "unidade"}
    for lang, form in new.items():  # a term the cards use, but which the keyword tables do not define
        text = re.sub(rf"(^\[{lang}\]\n)", rf'\1unit = ["{form}"]\n', text, flags=re.M)
    path.write_text(text.replace("[rules]\n", '[rules]\nunit = "positions.attack"\n'), encoding="utf-8")
    changed = replace(inputs(), lexicon=load_lexicon(locales))
    for lang in LANGS:
        with pytest.raises(ProblemsFound) as caught:
            compose(inputs().engine, inputs().cards, inputs().catalogs[lang], kit_facts(inputs().engine, "a4", LAYOUTS),
                    changed.lexicon.of(lang).game_terms, REFERENCE)
        assert [(p.code, p.where.lang) for p in caught.value.problems] == [("glossary-chapter", lang)]
        assert "'unit'" in caught.value.problems[0].message
    problems = product_problems(product_named("rulebook"), changed, ("pl",), Project())
    assert {(p.code, p.where.lang) for p in problems} == {("glossary-chapter", "pl")}


def test_sample_turn_numbers_are_engine_results_on_real_cards():
    numbers, problems = sample_numbers(inputs().engine, inputs().cards)
    assert problems == []
    engine, card = inputs().engine, inputs().cards.by_id(SUMMONED)
    assert numbers["sample_max"] == engine.max_energy(numbers["sample_turn"])
    assert numbers["sample_attack"] == card.atk - numbers["sample_ambush"] + numbers["sample_charge"]
    assert numbers["sample_life_after"] == engine.life_start - numbers["sample_direct"]
    for lang in LANGS:
        text = flat_text(pages_pdf(lang))
        equation = (f"{card.atk}−{numbers['sample_ambush']}+{numbers['sample_charge']}={numbers['sample_attack']}")
        assert equation in text, lang
        assert f"{engine.life_start}−{numbers['sample_direct']}={numbers['sample_life_after']}" in text, lang


def test_sample_turn_whose_story_breaks_is_a_problem():
    cards = inputs().cards
    weak = CardDatabase(tuple(replace(c, atk=1) if c.id == SUMMONED else c for c in cards.cards))
    _, problems = sample_numbers(inputs().engine, weak)
    assert [p.code for p in problems] == ["rulebook-example"]
    reworded = CardDatabase(tuple(replace(c, effect="Gain 1 LP.") if c.id == SUMMONED else c for c in cards.cards))
    _, problems = sample_numbers(inputs().engine, reworded)
    assert any(SUMMONED in p.message for p in problems)


@pytest.mark.parametrize("lang", LANGS)
def test_sample_turn_follows_the_engine_data(lang, tmp_path_factory):
    engine = replace(inputs().engine, numbers={**inputs().engine.numbers, "energy_start_max": 5,
                                               "field_units_max": 3})
    blocks = compose(engine, inputs().cards, inputs().catalogs[lang], kit_facts(engine, "a4", LAYOUTS),
                     inputs().lexicon.of(lang).game_terms)
    [diagram] = [block for block in blocks if isinstance(block, b.Diagram)]
    assert diagram.counts == (3, engine.field_supports_max)
    numbers, _ = sample_numbers(engine, inputs().cards)
    assert numbers["sample_max"] == engine.max_energy(3) == 6
    text = squash(" ".join(str(block) for block in blocks))
    assert squash(f"{numbers['sample_max']}") in text


@pytest.mark.parametrize("lang", LANGS)
def test_battlefield_diagram_labels_in_the_language(lang):
    blocks = compose(inputs().engine, inputs().cards, inputs().catalogs[lang], kit_facts(inputs().engine, "a4", LAYOUTS),
                     inputs().lexicon.of(lang).game_terms)
    [diagram] = [block for block in blocks if isinstance(block, b.Diagram)]
    assert diagram.counts == (inputs().engine.field_units_max, inputs().engine.field_supports_max)
    text = flat_text(pages_pdf(lang))
    for key, label in diagram.labels:
        assert squash(label) in text, (lang, key)
    graveyard = inputs().lexicon.of(lang).game_terms["graveyard"].headword
    assert capitalized(graveyard, lang) == diagram.label("graveyard")  # the cards' word for the zone


@pytest.mark.parametrize("lang", LANGS)
def test_appendix_states_the_build_settings(lang):
    chapters = [(title, page) for title, level, page in outline(pages_pdf(lang)) if level == 0]
    assert chapters[-1][1] > chapters[-2][1]  # printing is the last chapter, after the card reference
    assert squash("pnp build --paper a4") in squash("".join(page_texts(pages_pdf(lang))[chapters[-1][1] - 1:]))


@pytest.mark.parametrize("lang", LANGS)
def test_card_anatomy_draws_real_cards_with_the_card_renderer(lang):
    from pnp.i18n.localize import localize_cards
    from pnp.cards.labels import card_labels
    from pnp.rulebook.anatomy_cards import DOCTRINE, UNIT
    names = {c.card.id: c for c in localize_cards(inputs().cards, inputs().catalogs[lang])}
    titles = [title for title, level, _ in outline(pages_pdf(lang)) if level == 0]
    chapter = chapter_text(pages_pdf(lang), titles.index(inputs().catalogs[lang].translations.gettext("The battlefield")))
    unhyphenated = chapter.replace("-", "")  # the card faces hyphenate their effect text
    for card_id in (UNIT, DOCTRINE):  # names (in the card font, in capitals there) and effects of the real fronts
        assert squash(names[card_id].effect[:40]).replace("-", "") in unhyphenated, (lang, card_id)
    assert squash(card_labels(inputs().catalogs[lang]).terrain_doctrine).casefold() in chapter.casefold()
