"""Each language's glossary (locales/glossary.toml): its terms, its stat abbreviations, the words it never prints."""
from __future__ import annotations

from ..i18n.lexicon import LanguageLexicon
from ..core.problems import Location, Problem
from ..project import Inputs
from ..data.terms import FACTION_NAMES, KINDS, STATS, TRAITS, UNIT_TYPES
from .messages import locate, pairs, translated
from .text_scan import whole_words

GLOSSARY_TERMS = (STATS, KINDS, UNIT_TYPES, TRAITS, FACTION_NAMES)


def forbidden_words(text: str, lexicon: LanguageLexicon) -> list[str]:
    """The words of the text its language's glossary forbids."""
    return [word for word in lexicon.forbidden if whole_words(word, text)]


def check_glossary_terms(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """Every stat, kind, unit type, trait and faction term is in the glossary, and the catalog says what it says."""
    required = {pair for group in GLOSSARY_TERMS for pair in group.values()}
    problems = []
    for lang in langs:
        lexicon, catalog = inputs.lexicon.of(lang), inputs.catalogs[lang]
        for (context, term), entry in lexicon.terms.items():
            if (context, term) not in required:
                problems.append(Problem("glossary-unknown", f"[{lang}.terms.{context}] {term!r} is not a term of the "
                                        f"game; expected one of the {context} terms in pnp/data/terms.py", entry.where))
        for context, term in sorted(required):
            entry = lexicon.terms.get((context, term))
            message = catalog.messages.get((context, term))
            if entry is None:
                problems.append(Problem("glossary-missing", f"no [{lang}.terms.{context}] entry for {term!r}; "
                                        f"expected the {lang} term", Location(file=inputs.lexicon.glossary_file,
                                                                             lang=lang, msgid=term)))
            elif message is not None and translated(message) and message.strings[0] != entry.value:
                problems.append(Problem("glossary-term", f"the {context} {term!r} is {entry.value!r} in {lang} "
                                        f"(glossary {entry.where}); found {message.strings[0]!r}",
                                        locate(message, lang)))
    return problems


def check_forbidden_words(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """No translation prints a word its language's glossary forbids (pl DEF, LP; tr ATK, DEF, LP)."""
    problems = []
    for lang in langs:
        lexicon = inputs.lexicon.of(lang)
        for pair in pairs(inputs.catalogs[lang]):
            for word in forbidden_words(pair.translation, lexicon):
                entry = lexicon.forbidden[word]
                problems.append(Problem("glossary-forbidden", f"{word!r} is not printed in {lang}: {entry.value} "
                                        f"(glossary {entry.where}); found {pair.translation!r}", pair.where))
    return problems


def check_stat_abbreviations(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """A stat an English card effect names is named in the translation too: by the language's abbreviation
    (tr SAL for ATK), or by a word the glossary lists for it under written-out (de "Lebenspunkt" for LP)."""
    problems = []
    for lang in langs:
        catalog, lexicon = inputs.catalogs[lang], inputs.lexicon.of(lang)
        labels = {english: catalog.pgettext(context, english) for context, english in STATS.values()}
        for pair in pairs(catalog):
            if not pair.card_field or pair.card_field[1] != "effect":
                continue
            for english, local in labels.items():
                accepted = (local, *lexicon.written_out.get(english, ()))
                if whole_words(english, pair.source) and not any(whole_words(w, pair.translation) for w in accepted):
                    problems.append(Problem("glossary-stat", f"the English effect names {english}; expected "
                                            f"{' or '.join(map(repr, accepted))} in {lang}, found none in "
                                            f"{pair.translation!r}", pair.where))
    return problems
