"""The game's terms (locales/game-terms.toml): written the same way on every card, and never as a stat abbreviation.

A term is found where one of its forms starts a word; quoted card names are left out of the search.
"""
from __future__ import annotations

import re

from ..core.caches import memo
from ..i18n.catalogs import SOURCE_LANG
from ..i18n.lexicon import TermForms, capitalized
from ..core.problems import Location, Problem
from ..project import Inputs
from ..data.terms import FACTION_NAMES, KINDS, STATS, UNIT_TYPES
from .messages import Pair, pairs
from .text_scan import starts_a_word, unquoted, whole_words

# The position a stat abbreviation must not stand for: "in DEF" for "in Defense Position".
POSITION_OF_STAT = {"ATK": "Attack Position", "DEF": "Defense Position"}
NAMES_POSITION = {stat: re.compile(position, re.IGNORECASE) for stat, position in POSITION_OF_STAT.items()}
# IGNORECASE matches these letters to an ASCII letter besides its own two cases, and str.lower does not (it lowers
# the Kelvin sign to k): a text with them replaced, lowered, holds every ASCII form an English search can find
LOOKALIKES = (("\u0130", "i"), ("\u0131", "i"), ("\u017f", "s"))


def uses(text: str, forms: tuple[str, ...], lang: str) -> bool:
    """One of the forms starts a word of the text (English: in any case; else as written or capitalized)."""
    if lang != SOURCE_LANG:
        return starts_a_word(_variants(forms, lang), text)
    return _english_uses(text, _lowered(text), forms)


def _english_uses(text: str, lowered: str, forms: tuple[str, ...]) -> bool:
    """`uses` in English, the text's `_lowered` given (a text is searched for every term)."""
    needles, pattern = _english_search(forms)
    if pattern is None:
        return starts_a_word(needles, lowered)
    return any(needle in lowered for needle in needles) and pattern.search(text) is not None


def _lowered(text: str) -> str:
    for letter, ascii_letter in LOOKALIKES:
        text = text.replace(letter, ascii_letter)
    return text.lower()


@memo("a game term's forms as a language writes them: as written or capitalized", "forms, language")
def _variants(forms: tuple[str, ...], lang: str) -> tuple[str, ...]:
    """The forms and their capitalized forms (a form starting a sentence), each once, sorted."""
    return tuple(sorted({v for form in forms for v in (form, capitalized(form, lang))}))


@memo("an English game term's forms as the strings a text lowered holds where it uses them, and as one search "
      "pattern in any case when one is not in ASCII", "forms")
def _english_search(forms: tuple[str, ...]) -> tuple[tuple[str, ...], re.Pattern | None]:
    """The strings one of which a text that uses the term holds, lowered with LOOKALIKES replaced (the forms
    lowered; "", always held, for a form not in ASCII), and one pattern for all the forms of a term, in any case.
    Where every form is in ASCII (every term today) there is no pattern: a form in ASCII starts a word of the text in
    any case exactly where its lowered form starts a word of the lowered text (`starts_a_word`; lowering keeps a
    character a word character or not, and gives an ASCII character only for itself, its other case and the
    LOOKALIKES and Kelvin sign, which IGNORECASE matches to it: tests/test_validate_terms.py checks every character)."""
    needles = tuple(form.lower() if form.isascii() else "" for form in forms)
    if all(needles):
        return needles, None
    pattern = rf"(?<!\w)(?:{'|'.join(map(re.escape, _variants(forms, SOURCE_LANG)))})"
    return needles, re.compile(pattern, re.IGNORECASE)


def effect_pairs(inputs: Inputs, lang: str) -> list[Pair]:
    """The card effects of a language whose English source is the card's current effect."""
    effects = {card.id: card.effect for card in reversed(inputs.cards.cards)}  # of the first card of an id (by_id)
    found = []
    for pair in pairs(inputs.catalogs[lang]):
        card_field = pair.card_field
        if card_field and card_field[1] == "effect" and pair.source == effects.get(card_field[0]):
            found.append(pair)
    return found


def _english_terms(source: str, english: dict[str, TermForms]) -> list[str]:
    text = unquoted(source)
    lowered = _lowered(text)
    return [term for term, forms in english.items() if _english_uses(text, lowered, forms.forms)]


def _show(forms: TermForms) -> str:
    return f"{' or '.join(map(repr, forms.forms))} (game terms {forms.where.file}:{forms.where.line})"


def check_term_consistency(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """Every card effect whose English uses a game term writes it with one of the language's forms for it."""
    english = dict(inputs.lexicon.english_terms)
    english_terms: dict[str, list[str]] = {}  # an English effect's terms, the same in every language
    problems = []
    for lang in langs:
        terms = inputs.lexicon.of(lang).game_terms
        for pair in effect_pairs(inputs, lang):
            if pair.source not in english_terms:
                english_terms[pair.source] = _english_terms(pair.source, english)
            text = unquoted(pair.translation)
            for term in english_terms[pair.source]:
                forms = terms.get(term)
                if forms is not None and not uses(text, forms.forms, lang):
                    problems.append(Problem("term-inconsistent", f"the English effect says {term!r}; expected "
                                            f"{_show(forms)} in {lang}, found none in {pair.translation!r}",
                                            pair.where))
    return problems


def check_terms_used(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """Each game term occurs on at least one card, in English and in each language, in one of its forms (but the
    terms only the rule books use, game-terms.toml [books])."""
    problems, books = [], inputs.lexicon.books_terms
    english_effects = [(text, _lowered(text)) for text in (unquoted(card.effect) for card in inputs.cards.cards)]
    for term, forms in inputs.lexicon.english_terms.items():
        if term not in books and not any(_english_uses(text, lowered, forms.forms)
                                         for text, lowered in english_effects):
            problems.append(Problem("term-unused", f"no English card effect uses the game term {term!r} "
                                    f"({' or '.join(map(repr, forms.forms))}); expected at least one",
                                    Location(forms.where.file, forms.where.line, lang=SOURCE_LANG)))
    for lang in langs:
        texts = [unquoted(pair.translation) for pair in effect_pairs(inputs, lang)]
        for term, forms in inputs.lexicon.of(lang).game_terms.items():
            if term not in books and not any(uses(text, forms.forms, lang) for text in texts):
                problems.append(Problem("term-unused", f"no {lang} card effect writes the game term {term!r} as "
                                        f"{' or '.join(map(repr, forms.forms))}; expected at least one",
                                        Location(forms.where.file, forms.where.line, lang=lang)))
    return problems


def check_stat_positions(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """A stat abbreviation never stands for a position: where the English names the Defense Position, the
    translation prints DEF (pl OBR, tr SAV) no more often than the English prints DEF ("in DEF" is a number)."""
    problems = []
    named: dict[str, set[str]] = {}  # the stats whose position an English source names, the same in every language
    for lang in langs:
        catalog = inputs.catalogs[lang]
        stats = [(stat, POSITION_OF_STAT[stat], catalog.pgettext(context, stat)) for context, stat in STATS.values()
                 if stat in POSITION_OF_STAT]
        for pair in pairs(catalog):
            if pair.source not in named:
                named[pair.source] = {stat for stat, pattern in NAMES_POSITION.items() if pattern.search(pair.source)}
            for stat, position, local in stats:
                if stat in named[pair.source] \
                        and whole_words(local, pair.translation) > whole_words(stat, pair.source):
                    problems.append(Problem("stat-as-position", f"the English names the {position}; expected the "
                                            f"position's word, found the stat abbreviation {local!r} standing for it "
                                            f"in {pair.translation!r}", pair.where))
    return problems


WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")


def check_undefined_terms(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """Every word of an English card effect is part of a game term (locales/game-terms.toml, each with the rule
    that defines it), of a card's name, kind, unit type, stat or faction, or one of the plain words listed in
    game-terms.toml [plain]: any other word is a keyword the rules do not define (`term-undefined`). The translations
    follow the English: a term there must be written with the language's forms (`check_term_consistency`)."""
    lexicon = inputs.lexicon
    known = _name_words(inputs) | lexicon.plain_words
    phrases = [form for forms in lexicon.english_terms.values() for form in forms.forms]
    terms = re.compile(rf"(?<!\w)(?:{'|'.join(map(re.escape, sorted(phrases, key=len, reverse=True)))})\w*",
                       re.IGNORECASE)  # the word start tested once for all phrases: 4 times faster than in each
    problems = []
    for card in inputs.cards.cards:
        rest = terms.sub(" ", unquoted(card.effect))
        for word in dict.fromkeys(w for w in WORD.findall(rest) if w.casefold() not in known):
            problems.append(Problem("term-undefined", f"the effect uses {word!r}, which is no game term the Rules "
                                    "Reference defines; expected a term of locales/game-terms.toml with its defining "
                                    "rule ([en] and [rules], and its words in every language), or a plain word of its "
                                    "[plain] list", Location(card.source, card.line, card.id, SOURCE_LANG, "effect")))
    return problems


def _name_words(inputs: Inputs) -> frozenset[str]:
    """The words of the cards' names, kinds, unit types, stats and factions (casefolded)."""
    names = [card.name for card in inputs.cards.cards]
    names += [text for table in (KINDS, UNIT_TYPES, STATS, FACTION_NAMES) for _, text in table.values()]
    return frozenset(word.casefold() for name in names for word in WORD.findall(name))
