"""Typing slips in a translation, measured against its English source: each rule a stable code.

A reviewed exception (locales/allowlist.toml [<lang>.typing]) lets one message of one language fail the listed
checks, with the reason; an exception whose message is gone or that no longer fails those checks is an error.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Callable

from ..i18n.languages import language
from ..i18n.lexicon import TypingException, message_key
from ..core.problems import Location, Problem
from ..project import Inputs
from .messages import pairs
from .text_scan import without_placeholders

# Each language's double quotes, opening and closing (as its seed page prints them).
DOUBLE_QUOTES = "\"„“”«»"
CLOSING = "\"')]}»“”’›"  # what may follow a sentence's final punctuation
FINAL = {".": "a full stop", "…": "an ellipsis", ":": "a colon", ";": "a semicolon", "!": "an exclamation mark",
         "?": "a question mark", "": "no final punctuation"}
BRACKETS = {")": "(", "]": "["}
REPEATED = re.compile(r"(?<!\w)([^\W\d_]++)(\s+)\1(?!\w)", re.IGNORECASE)  # a word whole: never backtracked
_BRACKET = re.compile(r"[()\[\]]")
_DOUBLE_QUOTE = re.compile(f"[{DOUBLE_QUOTES}]")
_SPACES = re.compile(r" {2,}")
_AROUND_SPACES = re.compile(r"\S* {2,}\S*")
_STOP_INSIDE = re.compile(r"[.…]([)”»])\s*$")  # Spanish: a full stop before the closing mark of a part
_SENTENCE_END = re.compile(r"[.!?…]\s*$")
_NUMBER_PERCENT = re.compile(r"\d+\s*%(?!\()")


def _double_space(source: str, text: str, lang: str) -> str | None:
    if "  " in text and len(_SPACES.findall(text)) > len(_SPACES.findall(source)):
        at = _AROUND_SPACES.search(text).group(0)
        return f"two spaces in a row ({at!r}); expected one"
    return None


def _repeated_word(source: str, text: str, lang: str) -> str | None:
    found = list(REPEATED.finditer(text))
    if not found:
        return None
    english = {m.group(1).casefold() for m in REPEATED.finditer(source)}
    found = [m.group(0) for m in found if m.group(1).casefold() not in english]
    return f"a word written twice ({', '.join(map(repr, found))}); expected it once" if found else None


def final_punctuation(text: str) -> str:
    """The text's final punctuation mark, closing quotes and brackets aside ("…" for "..."; "" for none)."""
    core = text.rstrip().rstrip(CLOSING).rstrip()
    if core.endswith(("...", "…")):
        return "…"
    return core[-1] if core and core[-1] in FINAL else ""


def _end_punctuation(source: str, text: str, lang: str) -> str | None:
    expected, found = final_punctuation(source), final_punctuation(text)
    if expected != found:
        return f"the English ends with {FINAL[expected]}, the translation with {FINAL[found]}"
    if lang == "es" and (inside := _STOP_INSIDE.search(text)):
        opening = text.rfind({")": "(", "”": "“", "»": "«"}[inside.group(1)])
        if opening > 0 and not _SENTENCE_END.search(text[:opening]):
            return (f"Spanish puts the full stop after the closing {inside.group(1)!r} of a part of the sentence "
                    f"('…{inside.group(1)}.'), found {text[-20:]!r}")
    return None


def _brackets(source: str, text: str, lang: str) -> str | None:
    stack: list[str] = []
    for ch in _BRACKET.findall(without_placeholders(text)):
        if ch in "([":
            stack.append(ch)
        else:
            if not stack or stack.pop() != BRACKETS[ch]:
                return f"a {ch!r} without its opening {BRACKETS[ch]!r}"
    return f"a {stack[-1]!r} that is never closed" if stack else None


def _edges(text: str) -> tuple[str, str]:
    if not (text[:1].isspace() or text[-1:].isspace()):  # most texts
        return "", ""
    return text[:len(text) - len(text.lstrip())], text[len(text.rstrip()):]


def _whitespace(source: str, text: str, lang: str) -> str | None:
    for side, expected, found in zip(("leading", "trailing"), _edges(source), _edges(text)):
        if expected != found:
            return f"{side} whitespace {found!r}; the English has {expected!r}"
    if source.count("\n") != text.count("\n"):
        return f"{text.count(chr(10))} line break(s); the English has {source.count(chr(10))}"
    if "\t" in text and "\t" not in source:
        return "a tab character; expected a space"
    return None


def _quotes(source: str, text: str, lang: str) -> str | None:
    opening, closing = language(lang).quotes
    plain = without_placeholders(text)
    if "'" in plain:
        return "a straight apostrophe \"'\"; expected ’"
    marks = _DOUBLE_QUOTE.findall(plain)
    for index, mark in enumerate(marks):
        if mark != (opening, closing)[index % 2] or len(marks) % 2:
            return f"quotes {''.join(marks)!r}; {lang} quotes {opening}…{closing}"
    return None


def _percent(source: str, text: str, lang: str) -> str | None:
    if lang == "tr" and (found := _NUMBER_PERCENT.search(text)):
        return f"{found.group(0)!r}: Turkish writes the percent sign before the number (%100)"
    return None


RULES: dict[str, Callable[[str, str, str], str | None]] = {
    "double-space": _double_space,
    "repeated-word": _repeated_word,
    "end-punctuation": _end_punctuation,
    "brackets": _brackets,
    "whitespace": _whitespace,
    "quotes": _quotes,
    "percent": _percent,
}
# What a rule looks for in a translation, without which it finds nothing there: it is not run on a text that lacks
# it (most texts; what the English source alone holds never makes a slip)
NEEDS = {"double-space": re.compile("  "), "brackets": _BRACKET, "quotes": re.compile(f"['{DOUBLE_QUOTES}]"),
         "percent": re.compile("%")}


def slips(source: str, text: str, lang: str) -> dict[str, str]:
    """The typing checks a translation fails against its English source: code -> what is wrong."""
    return {code: message for code, rule in RULES.items()
            if ((needs := NEEDS.get(code)) is None or needs.search(text)) and (message := rule(source, text, lang))}


def check_typing(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """Every translated string of every domain, against its English source, minus the reviewed exceptions."""
    problems = []
    for lang in langs:
        catalog, exceptions = inputs.catalogs[lang], inputs.lexicon.of(lang).typing
        keys = Counter(message_key(context, msgid) for context, msgid in catalog.messages)
        used: set[tuple[str, str]] = set()  # (message key, code): excused, or reported (once for all plural forms)
        for pair in pairs(catalog):
            key = message_key(pair.message.context, pair.message.msgid)
            excused = exceptions[key].codes if key in exceptions and keys[key] == 1 else ()
            for code, message in slips(pair.source, pair.translation, lang).items():
                if code not in excused and (key, code) not in used:
                    problems.append(Problem(code, f"{message} in {pair.translation!r}", pair.where))
                used.add((key, code))
        for exception in exceptions.values():
            problems += _stale(exception, lang, keys[exception.key], used)
    return problems


def _stale(exception: TypingException, lang: str, matches: int, used: set[tuple[str, str]]) -> list[Problem]:
    where = Location(exception.where.file, exception.where.line, lang=lang)
    if matches != 1:
        return [Problem("typing-exception-stale", f"[{lang}.typing] {exception.key!r} names "
                        f"{'no' if not matches else 'more than one'} message of the {lang} catalogs; expected the "
                        "\"<msgctxt>|<msgid>\" (or msgid) of exactly one message", where)]
    unused = [code for code in exception.codes if (exception.key, code) not in used or code not in RULES]
    if unused:
        return [Problem("typing-exception-stale", f"[{lang}.typing] {exception.key!r} excuses {', '.join(unused)}, "
                        f"but the translation passes (or {', '.join(unused)} is no typing check: "
                        f"{', '.join(RULES)}); expected the exception removed", where)]
    return []
