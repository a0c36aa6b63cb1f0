"""English left in a translation: a whole text unchanged, or English game words inside a localized phrase."""
from __future__ import annotations

from ..i18n.lexicon import LanguageLexicon
from ..core.problems import Problem
from ..project import Inputs
from .completeness import TERM_GROUPS
from .messages import pairs
from .text_scan import english_quoted, letters, words

ALLOWLIST = "locales/allowlist.toml"


def english_vocabulary(inputs: Inputs) -> frozenset[str]:
    """The game's English words (casefolded): every word of the English card effects (quoted card names aside)
    and of the shared terms (unit types, kinds, factions, stats, bonus phrases)."""
    texts = [card.effect for card in inputs.cards.cards] + [msgid for group in TERM_GROUPS for _, msgid in
                                                            group.values()]
    vocabulary = set()
    for text in texts:
        for name in english_quoted(text):
            text = text.replace(f"“{name}”", " ")
        vocabulary |= {word.casefold() for word in words(text)}
    return frozenset(vocabulary)


def allowed(text: str, lexicon: LanguageLexicon) -> bool:
    """The text, or each of its words, is listed as legitimately the same in the language."""
    return lexicon.allows(text.strip()) or all(lexicon.allows(word) for word in words(text))


def english_words(text: str, vocabulary: frozenset[str], lexicon: LanguageLexicon) -> list[str]:
    """The English game words of a translated text, each once, except those listed as the language's own and
    those its glossary forbids (reported as such)."""
    return list(dict.fromkeys(word for word in words(text) if word.casefold() in vocabulary
                              and not lexicon.allows(word) and word not in lexicon.forbidden))


def check_untranslated(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """A translation equal to its English source, unless the allowlist says it is the same in that language."""
    problems = []
    for lang in langs:
        lexicon = inputs.lexicon.of(lang)
        for pair in pairs(inputs.catalogs[lang]):
            if pair.translation.strip() == pair.source.strip() and letters(pair.source) \
                    and not allowed(pair.source, lexicon):
                problems.append(Problem("untranslated", f"the {lang} text is the English source {pair.source!r} "
                                        f"unchanged; expected a translation (a name that stays as it is: list it "
                                        f"under [{lang}] in {ALLOWLIST} with the reason)", pair.where))
    return problems


def check_english_words(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """English game words inside a translated text ("+1 ATK in combat", "opponent −1 OBR", "Officer")."""
    vocabulary = english_vocabulary(inputs)
    problems = []
    for lang in langs:
        lexicon = inputs.lexicon.of(lang)
        for pair in pairs(inputs.catalogs[lang]):
            if pair.translation.strip() == pair.source.strip():
                continue  # reported whole by check_untranslated
            if english := english_words(pair.translation, vocabulary, lexicon):
                problems.append(Problem("english-word", f"English word(s) {', '.join(map(repr, english))} in the "
                                        f"{lang} text {pair.translation!r}; expected {lang} words (a word that is "
                                        f"also {lang}: list it under [{lang}] in {ALLOWLIST} with the reason)",
                                        pair.where))
    return problems
