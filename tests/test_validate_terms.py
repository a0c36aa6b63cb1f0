"""Game terms (locales/game-terms.toml): the same words wherever the English card effects use a term, every term on
at least one card, and never a stat abbreviation standing for a position."""
from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pnp.core.problems import ProblemsFound
from pnp.i18n.lexicon import capitalized, load_lexicon
from pnp.project import Project, load_inputs
from pnp.validate.term_use import _lowered, effect_pairs, uses
from pnp.validate.text_scan import starts_a_word, whole_words, word_character
from test_validate_glossary import edit
from validate_helpers import having, plant, po_path, validate_json

CONSULAR = ("rome.consular-cavalry:effect", "When this card attacks a unit in Defense Position, it gains 2 ATK in combat.")
SATRAP = ("persia.commanding-satrap:effect", "Once per turn: Target 1 face-up unit; change its battle position.")
CONSULAR_IN_DEF = {  # the seed pages' slip: the stat abbreviation where the English names the position
    "de": ("eine Einheit in Verteidigungsposition an", "eine Einheit in DEF an"),
    "pl": ("jednostkę w Obronie", "jednostkę w OBR"),
    "tr": ("Savunma pozisyonundaki bir birliğe", "SAV'daki bir birliğe"),
    "es": ("una unidad en posición de defensa", "una unidad en DEF"),
    "pt": ("uma unidade em Defesa", "uma unidade em DEF"),
}


def test_a_stat_abbreviation_for_a_position_is_caught_in_every_language(runner, project_copy):
    lines = {lang: plant(project_copy, lang, *CONSULAR, old, new) for lang, (old, new) in CONSULAR_IN_DEF.items()}
    code, problems = validate_json(runner, project_copy)
    assert code == 1
    for lang, line in lines.items():
        where = dict(lang=lang, card="rome.consular-cavalry", field="effect", file=str(po_path(project_copy, lang)),
                     line=line)
        [stat] = having(problems, "stat-as-position", **where)
        assert "Defense Position" in stat["message"] and CONSULAR_IN_DEF[lang][1] in stat["message"]
        [term] = having(problems, "term-inconsistent", **where)
        assert "'Defense Position'" in term["message"] and "game-terms.toml:" in term["message"]
    assert {p["location"]["lang"] for p in problems if p["severity"] == "error"} == set(CONSULAR_IN_DEF)


def test_one_english_term_two_translations_is_caught(runner, project_copy):
    line = plant(project_copy, "es", *SATRAP, "posición de batalla", "posición de combate")
    graveyard = plant(project_copy, "de", "egypt.temple-blessing:effect",
                      "Add 1 unit from your graveyard to your hand.", "Friedhof", "Ablagestapel")
    code, problems = validate_json(runner, project_copy, "--lang", "es,de")
    assert code == 1
    [es] = having(problems, "term-inconsistent", lang="es", card="persia.commanding-satrap", line=line,
                  file=str(po_path(project_copy, "es")))
    assert "'battle position'" in es["message"] and "'posición de batalla'" in es["message"]
    [de] = having(problems, "term-inconsistent", lang="de", card="egypt.temple-blessing", line=graveyard)
    assert "'graveyard'" in de["message"] and "'Friedhof'" in de["message"]
    assert len([p for p in problems if p["severity"] == "error"]) == 2


def test_a_term_no_card_writes_is_reported_at_its_line(runner, project_copy):
    terms = project_copy / "locales/game-terms.toml"
    line = edit(terms, 'sacrifice = ["poświęcić", "poświęć"]', 'sacrifice = ["złożyć w ofierze"]')
    code, problems = validate_json(runner, project_copy, "--lang", "pl")
    assert code == 1
    [unused] = having(problems, "term-unused", lang="pl", file=str(terms), line=line)
    assert "'sacrifice'" in unused["message"]
    [inconsistent] = having(problems, "term-inconsistent", lang="pl", card="sparta.heroic-sacrifice")
    assert "'sacrifice'" in inconsistent["message"] and "'złożyć w ofierze'" in inconsistent["message"]


def test_the_term_list_is_the_same_in_every_language(project_copy):
    terms = project_copy / "locales/game-terms.toml"
    missing = edit(terms, 'graveyard = ["mezarlık", "mezarlı"]\n', "")
    unknown = edit(terms, '[es]\n', '[es]\ncemetery = ["cementerio"]\n') + 1
    with pytest.raises(ProblemsFound) as found:
        load_lexicon(project_copy / "locales")
    problems = {(p.code, p.where.line) for p in found.value.problems}
    assert ("term-unknown", unknown) in problems
    assert any(code == "term-missing" and line is not None and line < missing for code, line in problems)
    assert all(p.where.file == str(terms) for p in found.value.problems)


def test_the_shipped_terms_are_on_the_cards(project_copy):
    lexicon = load_lexicon(project_copy / "locales")
    assert {"Attack Position", "Defense Position", "graveyard", "face-down", "Special Summon", "negate",
            "unaffected", "target", "destroy", "control", "Damage Step"} <= set(lexicon.english_terms)
    for lang in ("de", "pl", "tr", "es", "pt"):
        assert set(lexicon.of(lang).game_terms) == set(lexicon.english_terms)
    assert lexicon.of("de").game_terms["Defense Position"].headword == "Verteidigungsposition"


def test_an_undefined_keyword_on_a_card_is_caught_where_it_is(runner, project_copy):
    cards = project_copy / "data/cards/rome.toml"
    old = 'effect = "Once per turn: Target 1 face-up unit; it loses 2 ATK this turn."'
    edit(cards, old, old.replace("Once per turn:", "Flank 2. Once per turn:"))
    card_line = edit(cards, 'id = "rome.roman-auxiliary-archers"', 'id = "rome.roman-auxiliary-archers"') - 1
    code, problems = validate_json(runner, project_copy, "--lang", "en")
    assert code == 1
    [undefined] = having(problems, "term-undefined")
    assert undefined["location"] == dict(file=str(cards), line=card_line, card="rome.roman-auxiliary-archers",
                                         lang="en", field="effect")
    assert "'Flank'" in undefined["message"] and "game-terms.toml" in undefined["message"]


def test_every_word_of_the_shipped_cards_is_a_defined_term_or_plain(project_copy):
    lexicon = load_lexicon(project_copy / "locales")
    assert {"summon", "protect", "Mercenary", "in combat", "Terrain Doctrine", "Once per turn", "this turn",
            "negate", "target", "face-down", "Defense Position", "Special Summon"} <= set(lexicon.english_terms)
    assert all(forms.rule for forms in lexicon.english_terms.values())
    assert not {"protect", "mercenary", "flank"} & lexicon.plain_words
    assert lexicon.of("de").game_terms["Mercenary"].forms == ("Söldner",)  # the cards catalog's trait


def test_a_term_without_its_defining_rule_is_reported_at_its_line(project_copy):
    terms = project_copy / "locales/game-terms.toml"
    line = edit(terms, 'Mercenary = ["Mercenary"]', 'Mercenary = ["Mercenary"]')
    edit(terms, 'Mercenary = "cards.traits"\n', "")
    with pytest.raises(ProblemsFound) as found:
        load_lexicon(project_copy / "locales")
    assert [(p.code, p.where.file, p.where.line) for p in found.value.problems] == \
        [("term-rule-missing", str(terms), line)]
    assert "'Mercenary'" in found.value.problems[0].message


def test_an_english_search_is_skipped_only_where_it_cannot_match():
    """uses() skips the search where the text, lowered with LOOKALIKES replaced, holds no form: every letter that
    IGNORECASE matches to an ASCII letter lowers to that letter there, so the skip never hides a match."""
    import re
    letter = re.compile("[a-z]", re.IGNORECASE)
    for code in range(0x110000):
        if letter.fullmatch(char := chr(code)):
            assert re.fullmatch(_lowered(char), char, re.IGNORECASE) and _lowered(char).isascii(), hex(code)


def test_lowering_keeps_word_characters_and_gives_ascii_only_where_ignorecase_matches_it():
    """What lets an English term in ASCII be found without a pattern (term_use._english_search): lowered with
    LOOKALIKES replaced, every character stays one character, a word character or not as it was, and becomes an
    ASCII character only where IGNORECASE matches it to that character (itself, its other case, the LOOKALIKES and
    the Kelvin sign)."""
    others = []
    for code in range(0x110000):
        char = chr(code)
        low = _lowered(char)
        assert len(low) == 1 and word_character(low) == word_character(char), hex(code)
        if low.isascii() and not char.isascii():
            assert re.fullmatch(re.escape(low), char, re.IGNORECASE), hex(code)
            others.append(char)
    assert others == ["\u0130", "\u0131", "\u017f", "\u212a"]


ENGLISH_PIECES = st.sampled_from(["a", "k", "s", "i", "A", "K", "S", "I", "İ", "ı", "ſ", "\u212a", "é", "É", "Σ", "1",
                                  "_", " ", "-", "'", "’", "(", "\n", "\u0301"])


@settings(max_examples=500, deadline=None)
@given(st.lists(st.lists(st.sampled_from("aksiAKSIé -'"), min_size=1, max_size=4).map("".join), min_size=1,
                max_size=3),
       st.lists(st.one_of(ENGLISH_PIECES, st.sampled_from(["skis", "a-k", "Ask", "sé"])), max_size=14).map("".join))
@example(["skip"], "ſkip")
@example(["keep"], "\u212aeep")
@example(["discard"], "(DİSCARD")
def test_an_english_term_is_found_where_its_pattern_in_any_case_finds_it(forms, text):
    """uses() in English, with forms in ASCII (found in the lowered text) and not (a pattern), finds a term where
    (?<!\\w)(?:form|…) in any case does."""
    pattern = re.compile(rf"(?<!\w)(?:{'|'.join(map(re.escape, forms))})", re.IGNORECASE)
    assert uses(text, tuple(forms), "en") == (pattern.search(text) is not None)


@pytest.mark.parametrize("text", ["ſkip", "dıscard", "DİSCARD", "\u212aeep", "Skip", "no term"])
def test_a_term_is_found_in_any_case_as_the_search_finds_it(text):
    for form in ("skip", "discard", "keep"):
        assert uses(text, (form,), "en") == bool(re.search(rf"(?<!\w){form}", text, re.IGNORECASE))


def test_the_terms_found_are_those_the_search_finds():
    """Each game term in each shipped card effect, English and translated: found by uses() where the plain search
    of its forms finds it."""
    inputs = load_inputs(Project(), ("de", "pl", "tr", "es", "pt"))
    found = 0
    for lang in ("en", "de", "pl", "tr", "es", "pt"):
        terms = inputs.lexicon.english_terms if lang == "en" else inputs.lexicon.of(lang).game_terms
        texts = [card.effect for card in inputs.cards.cards] if lang == "en" else \
            [pair.translation for pair in effect_pairs(inputs, lang)]
        for forms in terms.values():
            variants = {v for form in forms.forms for v in (form, capitalized(form, lang))}
            search = re.compile("|".join(rf"(?<!\w){re.escape(v)}" for v in variants),
                                re.IGNORECASE if lang == "en" else 0)
            for text in texts:
                assert uses(text, forms.forms, lang) == (search.search(text) is not None), (lang, forms, text)
                found += search.search(text) is not None
    assert found > 500


def test_a_word_character_is_one_a_pattern_matches_with_backslash_w():
    word = re.compile(r"\w")
    assert [hex(code) for code in range(0x110000)
            if word_character(chr(code)) != bool(word.match(chr(code)))] == []


# letters (with a capital, a Turkish i, a combining accent), digits (a superscript one), "_", spaces, punctuation
PIECES = st.sampled_from(["a", "b", "ab", "B", "é", "İ", "ı", "\u0301", "1", "²", "_", " ", "-", "’", "(", "\n"])
WORDS = st.lists(PIECES, max_size=3).map("".join)


@settings(max_examples=500, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=3), st.lists(st.one_of(PIECES, WORDS), max_size=12).map("".join))
def test_a_form_starts_a_word_where_the_pattern_it_replaces_finds_it(words, text):
    """starts_a_word, the translations' term search, finds a form where (?<!\\w)(?:form|…) does."""
    pattern = re.compile(rf"(?<!\w)(?:{'|'.join(map(re.escape, words))})")
    assert starts_a_word(words, text) == (pattern.search(text) is not None)


@settings(max_examples=500, deadline=None)
@given(WORDS, st.lists(st.one_of(PIECES, WORDS), max_size=12).map("".join))
@example("a a", "a a a")
@example(" a", " a a")
def test_whole_words_counts_what_the_pattern_it_replaces_finds(word, text):
    """whole_words, the glossary's and the stat checks' count, is re.findall's count of (?<!\\w)word(?!\\w): each
    match after the one before (an empty word stands nowhere)."""
    expected = len(re.findall(rf"(?<!\w){re.escape(word)}(?!\w)", text)) if word else 0
    assert whole_words(word, text) == expected
