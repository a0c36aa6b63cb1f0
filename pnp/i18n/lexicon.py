"""The translators' word lists: locales/allowlist.toml and locales/glossary.toml, loaded into frozen data.

allowlist.toml  [<lang>] "<word or text>" = "<reason>"  — the same in English and in that language (proper names,
                the language's own words that happen to be spelled like English ones); matched case-insensitively.
                [<lang>.numbers] "<message key>" = {extra = [<n>, …], reason = "<reason>"}  — numbers one translation
                prints beyond its English source's because they are part of a name (pl "Faza główna 1"); the message
                key is "<msgctxt>|<msgid>", or the msgid alone for a message without msgctxt.
                [<lang>.typing] "<message key>" = {codes = ["<code>", …], reason = "<reason>"}  — typing checks
                (repeated-word, end-punctuation, …) one translation legitimately fails ("die die", "Poz.").
glossary.toml   [<lang>.terms.<msgctxt>] "<English term>" = "<the term in that language>"  — the game's vocabulary
                as each language prints it; [<lang>.forbidden] "<word>" = "<reason>" — words that language must
                never print (e.g. pl DEF: Polish cards print OBR); [<lang>.written-out] "<stat>" = ["<words>", …] —
                what may stand for a stat abbreviation in card text instead (e.g. de LP: "Lebenspunkt").
game-terms.toml [en] "<term>" = ["<English phrase>", …] and [<lang>] "<term>" = ["<headword>", "<form>", …]  — the
                game's terms (positions, zones, kinds, actions, timing) as the card effects write them, the same
                terms in every language; the first form is the language's headword (what a glossary prints);
                [rules] "<term>" = "<rule id>" — the rule of the Rules Reference that defines the term, one for
                every term (pnp.rulebook.numbering: the id, not the number); [books] terms = ["<term>", …] — terms
                only the rule books use, not required on a card; [plain] words = ["<word>", …] — the other words the
                English card effects may use, plain English (pnp.validate.term_use: any other word is an undefined
                keyword).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from .catalogs import LANGS, SOURCE_LANG
from .languages import language
from ..core.problems import Location, Problem, raise_if_errors, shown
from ..core.tomlfile import key_lines, read_toml, read_toml_text

ALLOWLIST_FILE = "allowlist.toml"
GLOSSARY_FILE = "glossary.toml"
GAME_TERMS_FILE = "game-terms.toml"
RULES_TABLE = "rules"  # game-terms.toml: each term's defining rule id
PLAIN_TABLE = "plain"  # game-terms.toml: the English card effects' words that are not game terms
BOOKS_TABLE = "books"  # game-terms.toml: the terms only the rule books use (no card need print them)
TURKIC_CAPITALS = {"i": "İ", "ı": "I"}  # capitals that str.upper gets wrong in a Turkic language


def capitalized(form: str, lang: str) -> str:
    """The form with a capital first letter, as it stands at the start of a sentence."""
    return upper(form[:1], lang) + form[1:]


def upper(text: str, lang: str) -> str:
    """The text in the language's capitals."""
    capitals = TURKIC_CAPITALS if language(lang).turkic else {}
    return "".join(capitals.get(ch, ch) for ch in text).upper()


@dataclass(frozen=True)
class Entry:
    """One list entry: the text, its value (a reason or a required term) and where it is written."""

    text: str
    value: str
    where: Location


@dataclass(frozen=True)
class NumberException:
    """Numbers one message's translation may print beyond those of its English source, and why."""

    key: str  # message_key(msgctxt, msgid)
    extra: tuple[int, ...]
    reason: str
    where: Location


@dataclass(frozen=True)
class TermForms:
    """One game term in one language: its English headword and the forms the card texts write (headword first)."""

    term: str
    forms: tuple[str, ...]
    where: Location
    rule: str = ""  # the id of the Rules Reference's rule that defines the term

    @property
    def headword(self) -> str:
        return self.forms[0]


@dataclass(frozen=True)
class TypingException:
    """Typing checks one message's translation may fail, reviewed, and why."""

    key: str  # message_key(msgctxt, msgid)
    codes: tuple[str, ...]
    reason: str
    where: Location


def message_key(context: str | None, msgid: str) -> str:
    """How [<lang>.numbers] names a message: "<msgctxt>|<msgid>", or the msgid alone without msgctxt."""
    return f"{context}|{msgid}" if context is not None else msgid


@dataclass(frozen=True)
class LanguageLexicon:
    """One language's word lists: allowed words, terms, forbidden words, game terms and exceptions."""
    allowed: Mapping[str, Entry] = field(default_factory=dict)  # casefolded word or text -> entry
    terms: Mapping[tuple[str, str], Entry] = field(default_factory=dict)  # (msgctxt, English term) -> the term
    forbidden: Mapping[str, Entry] = field(default_factory=dict)  # word (case-sensitive) -> the reason
    written_out: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # English stat -> words standing for it
    numbers: Mapping[str, NumberException] = field(default_factory=dict)  # message key -> its number exception
    game_terms: Mapping[str, TermForms] = field(default_factory=dict)  # English headword -> the forms cards print
    typing: Mapping[str, TypingException] = field(default_factory=dict)  # message key -> its typing exception

    def allows(self, text: str) -> bool:
        return text.casefold() in self.allowed


@dataclass(frozen=True)
class Lexicon:
    """Every language's word lists, and the English game terms and plain words the checks read."""
    languages: Mapping[str, LanguageLexicon] = field(default_factory=dict)
    glossary_file: str = GLOSSARY_FILE
    english_terms: Mapping[str, TermForms] = field(default_factory=dict)  # headword -> English phrases using it
    plain_words: frozenset[str] = frozenset()  # casefolded words of English card effects that are not game terms
    books_terms: frozenset[str] = frozenset()  # terms only the rule books use: no card need print them

    def of(self, lang: str) -> LanguageLexicon:
        return self.languages.get(lang, LanguageLexicon())


@dataclass
class _Reader:
    """Walks one TOML file's tables, collecting entries and located problems."""

    path: Path
    problems: list[Problem] = field(default_factory=list)
    lines: dict[tuple[str, ...], int] = field(default_factory=dict)

    def read(self, langs: tuple[str, ...] = LANGS) -> dict:
        data, problems = read_toml(self.path)
        self.problems += problems
        if data is None:
            return {}
        self.lines = key_lines(read_toml_text(self.path))
        for lang in sorted(set(data) - set(langs)):
            self.problem("lexicon-unknown-language", (lang,), f"unknown language [{lang}]; expected one of "
                         f"{', '.join(langs)}")
        return data

    def where(self, *key_path: str) -> Location:
        while key_path and key_path not in self.lines:
            key_path = key_path[:-1]
        return Location(file=str(self.path), line=self.lines.get(key_path))

    def problem(self, code: str, key_path: tuple[str, ...], message: str) -> None:
        self.problems.append(Problem(code, message, self.where(*key_path)))

    def table(self, data: dict, *key_path: str) -> dict:
        for key in key_path:
            data = data.get(key, {}) if isinstance(data, dict) else {}
        if not isinstance(data, dict):
            self.problem("lexicon-type", key_path, f"[{'.'.join(key_path)}] must be a table")
            return {}
        return data

    def entries(self, data: dict, *key_path: str, skip: tuple[str, ...] = ()) -> list[Entry]:
        entries = []
        for text, value in self.table(data, *key_path).items():
            if text in skip:
                continue
            if not isinstance(value, str) or not value.strip():
                self.problem("lexicon-type", (*key_path, text), f"'{text}' must be given a non-empty text (a reason "
                             f"or a term), found {shown(value)}")
            else:
                entries.append(Entry(text, value, self.where(*key_path, text)))
        return entries

    def word_lists(self, data: dict, *key_path: str) -> dict[str, tuple[str, ...]]:
        lists = {}
        for text, value in self.table(data, *key_path).items():
            if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
                self.problem("lexicon-type", (*key_path, text), f"'{text}' must be given a list of words, found "
                             f"{shown(value)}")
            else:
                lists[text] = tuple(value)
        return lists

    def typing_exceptions(self, data: dict, *key_path: str) -> dict[str, TypingException]:
        found = {}
        for key, value in self.table(data, *key_path).items():
            codes = value.get("codes") if isinstance(value, dict) else None
            reason = value.get("reason") if isinstance(value, dict) else None
            if not isinstance(value, dict) or set(value) != {"codes", "reason"} or not isinstance(codes, list) \
                    or not codes or not all(isinstance(c, str) and c.strip() for c in codes) \
                    or not isinstance(reason, str) or not reason.strip():
                self.problem("lexicon-type", (*key_path, key), f"'{key}' must be given {{codes = [\"<typing check "
                             f"code>\", …], reason = \"<why>\"}}, found {shown(value)}")
            else:
                found[key] = TypingException(key, tuple(codes), reason, self.where(*key_path, key))
        return found

    def term_rules(self, data: dict, english: dict[str, TermForms]) -> dict[str, str]:
        """Each English term's defining rule id from the [rules] table: one for every term, none for others."""
        rules = self.entries(data, RULES_TABLE)
        for entry in rules:
            if entry.text not in english:
                self.problem("term-unknown", (RULES_TABLE, entry.text), f"[{RULES_TABLE}] '{entry.text}' is not a "
                             f"game term; expected one of the terms of [{SOURCE_LANG}]")
        given = {entry.text: entry.value for entry in rules}
        for term in (t for t in english if t not in given):
            self.problem("term-rule-missing", (SOURCE_LANG, term), f"the game term '{term}' has no defining rule; "
                         f"expected [{RULES_TABLE}] '{term}' = \"<the id of the Rules Reference's rule that defines "
                         "it>\"")
        return given

    def term_forms(self, data: dict, lang: str, expected: tuple[str, ...] | None = None,
                   rules: dict[str, str] | None = None) -> dict[str, TermForms]:
        """One language's game terms (with their defining rule ids from `rules`); with `expected` (the English
        table's terms), exactly those must be there."""
        forms = {term: TermForms(term, words, self.where(lang, term), (rules or {}).get(term, ""))
                 for term, words in self.word_lists(data, lang).items()}
        if expected is not None:
            given = self.table(data, lang)
            for term in sorted(set(given) - set(expected)):
                self.problem("term-unknown", (lang, term), f"[{lang}] '{term}' is not a game term; expected one of "
                             f"the terms of [{SOURCE_LANG}]")
            for term in (t for t in expected if t not in given):
                self.problem("term-missing", (lang,), f"[{lang}] has no entry for the game term '{term}'; expected "
                             "the words its card texts print for it")
        return forms

    def number_exceptions(self, data: dict, *key_path: str) -> dict[str, NumberException]:
        found = {}
        for key, value in self.table(data, *key_path).items():
            extra = value.get("extra") if isinstance(value, dict) else None
            reason = value.get("reason") if isinstance(value, dict) else None
            if not isinstance(value, dict) or set(value) != {"extra", "reason"} or not isinstance(extra, list) \
                    or not extra or not all(type(n) is int and n >= 0 for n in extra) \
                    or not isinstance(reason, str) or not reason.strip():
                self.problem("lexicon-type", (*key_path, key), f"'{key}' must be given {{extra = [<whole numbers>], "
                             f"reason = \"<why>\"}} (the numbers the translation prints beyond the English source's), "
                             f"found {shown(value)}")
            else:
                found[key] = NumberException(key, tuple(extra), reason, self.where(*key_path, key))
        return found


def load_lexicon(locales: Path) -> Lexicon:
    """Read both word lists of the catalogs folder; raises ProblemsFound for malformed files."""
    allowlist, glossary = _Reader(locales / ALLOWLIST_FILE), _Reader(locales / GLOSSARY_FILE)
    game_terms = _Reader(locales / GAME_TERMS_FILE)
    allow_data, glossary_data = allowlist.read(), glossary.read()
    terms_data = game_terms.read((SOURCE_LANG, *LANGS, RULES_TABLE, BOOKS_TABLE, PLAIN_TABLE))
    rules = game_terms.term_rules(terms_data, game_terms.term_forms(terms_data, SOURCE_LANG))
    english_terms = game_terms.term_forms(terms_data, SOURCE_LANG, rules=rules)
    languages = {}
    for lang in LANGS:
        for key in sorted(set(glossary.table(glossary_data, lang)) - {"terms", "forbidden", "written-out"}):
            glossary.problem("lexicon-unknown-key", (lang, key), f"[{lang}] has unknown key '{key}'; expected "
                             "terms, forbidden, written-out")
        terms = {}
        for context in glossary.table(glossary_data, lang, "terms"):
            for entry in glossary.entries(glossary_data, lang, "terms", context):
                terms[(context, entry.text)] = entry
        allowed = {e.text.casefold(): e for e in allowlist.entries(allow_data, lang, skip=("numbers", "typing"))}
        for (_, english), entry in terms.items():
            if entry.value == english:  # the glossary says the term is the same: no English leftover
                allowed.setdefault(english.casefold(), entry)
        languages[lang] = LanguageLexicon(
            allowed=MappingProxyType(allowed),
            terms=MappingProxyType(terms),
            forbidden=MappingProxyType({e.text: e for e in glossary.entries(glossary_data, lang, "forbidden")}),
            written_out=MappingProxyType(glossary.word_lists(glossary_data, lang, "written-out")),
            numbers=MappingProxyType(allowlist.number_exceptions(allow_data, lang, "numbers")),
            typing=MappingProxyType(allowlist.typing_exceptions(allow_data, lang, "typing")),
            game_terms=MappingProxyType(game_terms.term_forms(terms_data, lang, tuple(english_terms), rules)),
        )
    books = game_terms.word_lists(terms_data, BOOKS_TABLE).get("terms", ())
    for term in (t for t in books if t not in english_terms):
        game_terms.problem("term-unknown", (BOOKS_TABLE, "terms"), f"[{BOOKS_TABLE}] '{term}' is not a game term; "
                           f"expected one of the terms of [{SOURCE_LANG}]")
    raise_if_errors(allowlist.problems + glossary.problems + game_terms.problems)
    plain = frozenset(word.casefold() for word in game_terms.word_lists(terms_data, PLAIN_TABLE).get("words", ()))
    return Lexicon(MappingProxyType(languages), str(locales / GLOSSARY_FILE), MappingProxyType(english_terms), plain,
                   frozenset(books))
