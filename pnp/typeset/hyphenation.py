"""Where words may break at the end of a line: pyphen's hyphenation dictionaries (German, Polish, Spanish, Brazilian
Portuguese; Turkish from its one syllable rule, pnp/typeset/patterns/hyph_tr_TR.dic, as pyphen ships no Turkish
dictionary) and the hyphens and slashes already in a word ("Infanterie-/Kavallerie-Einheit").

Never inside a number, a word with an apostrophe (Turkish suffixes: "Nil’in") or a quoted card name.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Callable, Sequence

import pyphen

from ..core.input_files import read_input
from ..core.resources import package_folder

DICTIONARIES = {"de": "de_DE", "pl": "pl_PL", "es": "es", "pt": "pt_BR"}
TURKISH = package_folder("pnp.typeset", "patterns") / "hyph_tr_TR.dic"
OPENING_QUOTES = "„“«‹‚\""
CLOSING_QUOTES = "”“»›‘’\""
NO_BREAK = set("0123456789'’") | set(OPENING_QUOTES) | set(CLOSING_QUOTES)
EXPLICIT = "-/\u2010\u2013"  # a line may end after these without an added hyphen
PUNCTUATION = ".,;:!?()[]"
MIN_PART = 3  # letters kept together at either end of a hyphenated word ("Ver-teidigung", not "Ve-")

Breaks = Callable[[str], Sequence[tuple[int, bool]]]


@lru_cache(maxsize=None)
def _dictionary(lang: str) -> pyphen.Pyphen | None:
    if lang in ("tr", "az"):
        path = TURKISH
    elif lang in DICTIONARIES:
        path = pyphen.LANGUAGES[pyphen.language_fallback(DICTIONARIES[lang])]
    else:
        return None
    pyphen.hdcache.setdefault(Path(path), _lazy_patterns(Path(path)))  # where pyphen looks for a parsed file
    return pyphen.Pyphen(filename=path, left=MIN_PART, right=MIN_PART)


class _Patterns(dict):
    """pyphen's pattern table (letters -> (offset, values)) that parses a pattern when a word first looks it up.
    pyphen parses every pattern of a file up front: 0.36 s for the 66 000 German ones, in every process that
    hyphenates German, where a whole kit looks up a few thousand."""

    def __init__(self, lines: dict[str, str]):
        super().__init__()
        self.lines = lines  # letters of a pattern -> the pattern as written

    def get(self, key, default=None):
        if key not in self:
            if key not in self.lines:
                return default
            self[key] = _parsed(self.lines[key])
        return self[key] or default


def _lazy_patterns(path: Path) -> pyphen.HyphDict:
    """A pyphen.HyphDict of the file whose patterns are parsed when first used: the same positions, found in the
    same way, by pyphen (`positions`)."""
    data = read_input(path, "patterns")
    encoding = data.split(b"\n", 1)[0].decode().strip()
    encoding = "cp1251" if encoding.lower() == "microsoft-cp1251" else encoding
    letters = data.translate(None, b"0123456789").decode(encoding).split("\n")  # digits are ASCII in every encoding
    lines: dict[str, str] = {}
    for key, line in zip(letters[1:], data.decode(encoding).split("\n")[1:]):
        line = line.strip()
        if not line or line.startswith(pyphen.ignored):
            continue
        if "^^" in line or "/" in line:  # a character in hex, a nonstandard hyphenation: as pyphen reads them
            line = pyphen.parse_hex(lambda match: chr(int(match.group(1), 16)), line)
            key = re.sub(r"\d", "", line.split("/", 1)[0] if "=" in line else line)
        lines[key.strip()] = line
    table = pyphen.HyphDict.__new__(pyphen.HyphDict)
    table.patterns, table.cache, table.maxlen = _Patterns(lines), {}, max(map(len, lines))
    return table


def _parsed(pattern: str) -> tuple[int, tuple[int, ...]] | None:
    """pyphen's reading of one pattern (HyphDict.__init__): the offset and values of its digits, zeros cut from
    both ends; None when all are zero."""
    factory = int
    if "/" in pattern and "=" in pattern:
        pattern, alternative = pattern.split("/", 1)
        factory = pyphen.AlternativeParser(pattern, alternative)
    values = tuple(factory(digit or "0") for digit, _ in pyphen.parse(pattern))
    if max(values) == 0:
        return None
    start, end = 0, len(values)
    while not values[start]:
        start += 1
    while not values[end - 1]:
        end -= 1
    return start, values[start:end]


def _lower(word: str, lang: str) -> str:
    """Lower case letter for letter (Turkish İ → i, I → ı; Python's "İ".lower() adds a combining dot)."""
    if lang in ("tr", "az"):
        word = word.replace("\u0130", "i").replace("I", "\u0131")
    return "".join(ch.lower() if len(ch.lower()) == 1 else ch for ch in word)


@lru_cache(maxsize=None)
def breaks_for(lang: str | None) -> Breaks | None:
    """A function giving the places where a word may break, as (index, add a hyphen); None for a language without
    hyphenation (the text then breaks at spaces and existing hyphens only). One function per language, so that
    texts fitted with it are remembered (`pnp.typeset.textfit.fit_text`)."""
    dictionary = _dictionary(lang) if lang else None
    if dictionary is None:
        return None

    def breaks(word: str) -> tuple[tuple[int, bool], ...]:
        if any(ch in NO_BREAK for ch in word):
            return ()
        found = dict(explicit_breaks(word))
        start = 0
        for part in _parts(word):
            letters = part.strip(PUNCTUATION + EXPLICIT)
            if letters.isalpha():
                offset = start + part.index(letters)
                found.update({offset + p: True for p in dictionary.positions(_lower(letters, lang))})
            start += len(part)
        return tuple(sorted(found.items()))

    return breaks


def paragraph_hyphenator(lang: str | None) -> Callable[[str], list[tuple[str, str]]] | None:
    """The same places for ReportLab's paragraphs (the rulebook): a style's hyphenationLang may be a function from
    a word to its (head, tail) splits, longest head first."""
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
