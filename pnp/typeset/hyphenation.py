"""Where words may break at the end of a line: pyphen's hyphenation dictionaries (German, Polish, Spanish, Brazilian
Portuguese; Turkish from its one syllable rule, pnp/typeset/patterns/hyph_tr_TR.dic, as pyphen ships no Turkish
dictionary) and the hyphens and slashes already in a word ("Infanterie-/Kavallerie-Einheit").

Never inside a number, a word with an apostrophe (Turkish suffixes: "Nil’in") or a quoted card name.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Callable, Sequence

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


@memo("a language's pyphen dictionary (patterns parsed when first used)", "language")
def _dictionary(lang: str) -> pyphen.Pyphen | None:
    name = language(lang).hyphenation
    if (PATTERNS / name).is_file():
        path = PATTERNS / name
    elif name and pyphen.language_fallback(name):
        path = pyphen.LANGUAGES[pyphen.language_fallback(name)]
    else:
        return None
    provide_lazy_patterns(Path(path), _patterns(Path(path)))
    return pyphen.Pyphen(filename=path, left=MIN_PART, right=MIN_PART)


def _patterns(path: Path) -> dict[str, str]:
    """The patterns of the file `path`, kept across runs (PATTERNS_READ): reading the 77 000 German ones is 35-40 ms
    in every process that hyphenates German, loading them 20 ms."""
    data = read_input(path, "patterns")
    return PATTERNS_READ.value(path.name, READING_CODE + hashlib.sha256(data).digest(), lambda: pattern_lines(data))


PATTERNS_READ = DiskCache("hyphenation", "each hyphenation pattern file's patterns, read", "the file's bytes, "
                          "pyphen's version and pnp's reading code", "pnp.typeset.hyphenation.PATTERNS_READ")
READING_CODE = source_digest("pnp.adapters.pyphen_internals") + pyphen.__version__.encode()


def _lower(word: str, lang: str) -> str:
    """Lower case letter for letter (Turkish İ → i, I → ı; Python's "İ".lower() adds a combining dot)."""
    if language(lang).turkic:
        word = word.replace("\u0130", "i").replace("I", "\u0131")
    return "".join(ch.lower() if len(ch.lower()) == 1 else ch for ch in word)


@memo("a language's break finder (one function per language: part of fit_text's key)", "language")
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
