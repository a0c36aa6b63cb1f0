"""Where words may break at the end of a line: pyphen's hyphenation dictionaries (German, Polish, Spanish, Brazilian
Portuguese; Turkish from its one syllable rule, pnp/typeset/patterns/hyph_tr_TR.dic, as pyphen ships no Turkish
dictionary) and the hyphens and slashes already in a word ("Infanterie-/Kavallerie-Einheit").

Never inside a number, a word with an apostrophe (Turkish suffixes: "Nil’in") or a quoted card name.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Callable, Iterator, Mapping, Sequence

import pyphen

from ..i18n.languages import language
from ..core.input_files import read_input
from ..core.resources import package_folder
from ..core.caches import memo
from ..core.disk_cache import DiskCache, source_digest
from ..adapters.pyphen_internals import pattern_lines, provide_lazy_patterns

PATTERNS = package_folder("pnp.typeset", "patterns")  # pattern files pyphen does not ship (Turkish)
OPENING_QUOTES = "„“«‹‚\""
CLOSING_QUOTES = "”“»›‘’\""
NO_BREAK = set("0123456789'’") | set(OPENING_QUOTES) | set(CLOSING_QUOTES)
EXPLICIT = "-/\u2010\u2013"  # a line may end after these without an added hyphen
PUNCTUATION = ".,;:!?()[]"
MIN_PART = 3  # letters kept together at either end of a hyphenated word ("Ver-teidigung", not "Ve-")

Breaks = Callable[[str], Sequence[tuple[int, bool]]]


def _pattern_file(lang: str) -> Path | None:
    """The hyphenation pattern file of `lang`: pnp's own (PATTERNS) or pyphen's; None for a language without one."""
    name = language(lang).hyphenation
    if (PATTERNS / name).is_file():
        return PATTERNS / name
    if name and pyphen.language_fallback(name):
        return pyphen.LANGUAGES[pyphen.language_fallback(name)]
    return None


def _patterns(path: Path, data: bytes, digest: bytes) -> "PatternLines":
    """The patterns of the file `path` (its bytes `data`, their sha256 `digest`), kept across runs (PATTERNS_READ):
    reading the 77 000 German ones is 35-40 ms in every process that hyphenates German; their groups load in 2 ms."""
    return PatternLines(*PATTERNS_READ.value(path.name, READING_CODE + digest, lambda: grouped(pattern_lines(data))))


GROUP = 4  # the first letters of a pattern that name its group: a German kit looks into 815 of its 10 903 groups


def grouped(lines: dict[str, str]) -> tuple[dict[str, bytes], int]:
    """The patterns `lines` (letters -> pattern, pnp.adapters.pyphen_internals.pattern_lines) in groups by their first
    GROUP letters, each group's letters, then its patterns, joined by line breaks (which none holds) in UTF-8, and the
    letters of the longest: bytes, which load at a fraction of the cost of 77 000 pairs (2 ms for German's 10 903
    groups, where two strings a group take 6 ms)."""
    groups: dict[str, tuple[list[str], list[str]]] = {}
    for letters, pattern in lines.items():
        keys, patterns = groups.setdefault(letters[:GROUP], ([], []))
        keys.append(letters)
        patterns.append(pattern)
    return {start: "\n".join(keys + patterns).encode() for start, (keys, patterns) in groups.items()}, \
        max(map(len, lines), default=0)


class PatternLines(Mapping[str, str]):
    """A pattern file's patterns (letters -> pattern) from their `grouped` form: a group is made a dict when a word
    first looks a pattern up in it (a German kit looks up 7 500 letter sequences, 830 of them patterns)."""

    def __init__(self, groups: dict[str, bytes], longest: int):
        self.groups, self.longest, self.made = groups, longest, {}

    def _group(self, letters: str) -> dict[str, str]:
        start = letters[:GROUP]
        if start not in self.made:
            group = self.groups[start].decode().split("\n") if start in self.groups else []
            self.made[start] = dict(zip(group[:len(group) // 2], group[len(group) // 2:]))
        return self.made[start]

    def __contains__(self, letters: object) -> bool:
        return isinstance(letters, str) and letters in self._group(letters)

    def __getitem__(self, letters: str) -> str:
        return self._group(letters)[letters]

    def __iter__(self) -> Iterator[str]:
        return (letters for start in self.groups for letters in self._group(start))

    def __len__(self) -> int:
        return sum(len(self._group(start)) for start in self.groups)


PATTERNS_READ = DiskCache("hyphenation", "each hyphenation pattern file's patterns, read and grouped", "the file's "
                          "bytes, pyphen's version and pnp's reading code", "pnp.typeset.hyphenation.PATTERNS_READ")
READING_CODE = source_digest("pnp.adapters.pyphen_internals", __name__) + pyphen.__version__.encode()


def _lower(word: str, lang: str) -> str:
    """Lower case letter for letter (Turkish İ → i, I → ı; Python's "İ".lower() adds a combining dot)."""
    if language(lang).turkic:
        word = word.replace("\u0130", "i").replace("I", "\u0131")
    return "".join(ch.lower() if len(ch.lower()) == 1 else ch for ch in word)


class BreakFinder:
    """Where the words of a language may break: called with a word, the places as (index, add a hyphen). `source`
    names what the places depend on besides pnp's and pyphen's code (the language's traits and a hash of its
    pattern file's bytes), so that texts fitted with it can be kept across runs (pnp.typeset.kept_fits)."""

    def __init__(self, lang: str, dictionary: pyphen.Pyphen, source: bytes):
        self.lang, self.dictionary, self.source = lang, dictionary, source

    def __call__(self, word: str) -> tuple[tuple[int, bool], ...]:
        if any(ch in NO_BREAK for ch in word):
            return ()
        found = dict(explicit_breaks(word))
        start = 0
        for part in _parts(word):
            letters = part.strip(PUNCTUATION + EXPLICIT)
            if letters.isalpha():
                offset = start + part.index(letters)
                found.update({offset + p: True for p in self.dictionary.positions(_lower(letters, self.lang))})
            start += len(part)
        return tuple(sorted(found.items()))


@memo("a language's break finder (one per language: part of fit_text's key)", "language")
def breaks_for(lang: str | None) -> BreakFinder | None:
    """The language's BreakFinder (`break_finder` of its pattern file); None for a language without hyphenation (the
    text then breaks at spaces and existing hyphens only). One per language, so that texts fitted with it are
    remembered (`pnp.typeset.textfit.fit_text`)."""
    path = _pattern_file(lang) if lang else None
    return None if path is None else break_finder(lang, path)


def break_finder(lang: str, path: Path) -> BreakFinder:
    """The break finder of `lang` with the patterns of the file `path` (pyphen parses each when a word first needs
    it: 0.36 s less for German), named by the language's traits and the file's bytes."""
    data = read_input(path, "patterns")
    digest = hashlib.sha256(data).digest()
    patterns = _patterns(path, data, digest)
    provide_lazy_patterns(path, patterns, patterns.longest)
    dictionary = pyphen.Pyphen(filename=path, left=MIN_PART, right=MIN_PART)
    return BreakFinder(lang, dictionary, repr(language(lang)).encode() + digest)


@memo("a language's hyphenator for ReportLab's paragraphs (one function per language: part of the rulebook "
      "styles' key)", "language")
def paragraph_hyphenator(lang: str | None) -> Callable[[str], list[tuple[str, str]]] | None:
    """The same places for ReportLab's paragraphs (the rulebook): a style's hyphenationLang may be a function from
    a word to its (head, tail) splits, longest head first. One function per language, so that the styles made with
    it are remembered (`pnp.rulebook.styles.make_styles`)."""
    breaks = breaks_for(lang)
    if breaks is None:
        return None
    return lambda word: [(word[:index], word[index:]) for index, hyphen in reversed(breaks(word)) if hyphen]


def explicit_breaks(word: str) -> tuple[tuple[int, bool], ...]:
    """After the hyphens and slashes inside a word (no hyphen added): "Infanterie-/|Kavallerie-|Einheit"."""
    return tuple((i + 1, False) for i, ch in enumerate(word[:-1])
                 if ch in EXPLICIT and i > 0 and word[i + 1] not in EXPLICIT)


def _parts(word: str) -> list[str]:
    """The word cut at its explicit hyphens and slashes, which stay with the part before them."""
    parts, current = [], ""
    for ch in word:
        current += ch
        if ch in EXPLICIT:
            parts.append(current)
            current = ""
    return parts + [current] if current else parts


def quoted(words: Sequence[str]) -> list[bool]:
    """For each word of a text, whether it lies inside quotation marks (a card name: never hyphenated)."""
    result, inside = [], False
    for word in words:
        opens = word[:1] in OPENING_QUOTES
        closes = word[-1:] in CLOSING_QUOTES or word.rstrip(".,;:!?")[-1:] in CLOSING_QUOTES
        result.append(inside or opens)
        inside = (inside or opens) and not closes
    return result
