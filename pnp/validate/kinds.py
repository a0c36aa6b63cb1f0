"""Kinds of card the card effects refer to: a unit type or a trait ("Chariot", "Mercenary") that no card of the game
has is an error, in the English card data and in every translation (a translation may name a kind its English
source does not).

A kind is found where its word (the English term, or the language's translation of it) starts a word, each of its
words allowed an inflected ending (a final vowel may change: pl "Piechota" also finds "Piechoty"); quoted card names
are left out. Where two kinds start at the same place the longer wins ("Ranged Infantry" is not "Infantry").
"""
from __future__ import annotations

import re

from ..data.card_database import Card
from ..data.terms import TRAITS, UNIT_TYPES
from ..i18n.catalogs import SOURCE_LANG
from ..i18n.lexicon import capitalized
from ..core.problems import Location, Problem
from ..project import Inputs
from .term_use import effect_pairs
from .text_scan import unquoted

KIND_TERMS = {**UNIT_TYPES, **TRAITS}  # key -> (msgctxt, English term); type and trait keys never coincide
VOWELS = frozenset("aeiouyąęóıöüáéíúâêôãõà")
STEM_MIN = 4  # a word keeps its final vowel unless at least this many letters remain ("Vali" stays "Vali")


def kinds_held(cards: tuple[Card, ...]) -> frozenset[str]:
    """The unit types and traits at least one card has."""
    return frozenset({card.unit_type for card in cards if card.unit_type} | {t for card in cards for t in card.traits})


def _word_pattern(word: str) -> str:
    stem = word[:-1] if word[-1].lower() in VOWELS and len(word) > STEM_MIN else word
    return re.escape(stem) + r"\w*"


def kind_finder(words: dict[str, str], lang: str) -> tuple[re.Pattern, dict[str, str]]:
    """One pattern finding every kind's word (as written or capitalized) and, by the text it matched, the group
    name of the kind: `words` is kind key -> the kind's word in `lang`."""
    alternatives = []
    for key, word in words.items():
        for variant in dict.fromkeys((word, capitalized(word, lang))):
            alternatives.append((r"\s+".join(_word_pattern(w) for w in variant.split()), key))
    alternatives.sort(key=lambda item: -len(item[0]))
    groups = {f"k{index}": key for index, (_, key) in enumerate(alternatives)}
    pattern = "|".join(f"(?P<k{index}>(?<!\\w){regex})" for index, (regex, _) in enumerate(alternatives))
    return re.compile(pattern), groups


def referred_kinds(text: str, finder: tuple[re.Pattern, dict[str, str]]) -> list[tuple[str, str]]:
    """(kind key, the words that name it) for each kind a text refers to, in text order."""
    pattern, groups = finder
    return [(groups[match.lastgroup], match.group()) for match in pattern.finditer(unquoted(text))]


def check_kinds_exist(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """No card effect, in English or any language, refers to a unit type or trait that no card has."""
    held = kinds_held(inputs.cards.cards)
    missing = {key: term for key, term in KIND_TERMS.items() if key not in held}
    if not missing:
        return []
    expected = ", ".join(KIND_TERMS[key][1] for key in KIND_TERMS if key in held)
    problems = []

    def report(text: str, finder, where: Location) -> None:
        for key, found in referred_kinds(text, finder):
            if key in missing:
                context, term = missing[key]
                problems.append(Problem("kind-without-cards", f"the effect refers to the {context} {term} "
                                        f"({found!r}), but no card is one; expected a kind some card has ({expected}), "
                                        f"or a card with {context} {term!r}", where))

    english = kind_finder({key: term for key, (_, term) in KIND_TERMS.items()}, SOURCE_LANG)
    for card in inputs.cards.cards:
        report(card.effect, english, Location(card.source, card.line, card.id, SOURCE_LANG, "effect"))
    for lang in langs:
        catalog = inputs.catalogs[lang]
        finder = kind_finder({key: catalog.pgettext(*term) for key, term in KIND_TERMS.items()}, lang)
        for pair in effect_pairs(inputs, lang):
            report(pair.translation, finder, pair.where)
    return problems
