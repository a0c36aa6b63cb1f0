"""Tokens of a message text as the checks see them: placeholders, whole numbers, words, quoted names."""
from __future__ import annotations

import re
import string
from collections import Counter
from typing import Iterable

# {name} (str.format) and %(name)s (Python %-format, what Jinja2 {% trans %} blocks become), with their options.
BRACE = re.compile(r"\{([^{}]*)\}")
PERCENT = re.compile(r"%\(([^)]*)\)[#0 +-]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[diouxXeEfFgGcrsa]")
POSITIONAL_PERCENT = re.compile(r"%[#0 +-]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[diouxXeEfFgGcrsa]")
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
NUMBER = re.compile(r"\d+")  # a maximal run of digits: "5–6" is 5 and 6, "−1" is 1, "3." (ordinal) is 3
# A word: letters, with apostrophes inside (Turkish "Testudo'nun"); a suffix after an apostrophe ("0’a") is not one.
WORD = re.compile(r"(?<![\w'’])[^\W\d_]+(?:['’][^\W\d_]+)*")
# Quoted spans as the languages print them: “…” (en, tr), „…“ (de), „…” (pl), «…» (es, pt), »…«, "…".
QUOTED = re.compile(r"„([^“”\n]+)[“”]|“([^”\n]+)”|«\s?([^»\n]+?)\s?»|»([^«\n]+)«|\"([^\"\n]+)\"")


def placeholder_free(text: str) -> bool:
    """Whether a text has no brace and no percent sign: no placeholder in it, nothing to fill (most texts)."""
    return "{" not in text and "}" not in text and "%" not in text


def brace_style(text: str) -> bool:
    """True when the text has {name} placeholders (then it is filled with str.format)."""
    return any(IDENTIFIER.fullmatch(_field_name(m.group(1))) for m in BRACE.finditer(text.replace("{{", "")))


def percent_style(text: str) -> bool:
    """True when the text has %(name)s placeholders (then it is filled with the % operator)."""
    return bool(PERCENT.search(text.replace("%%", "")))


def _field_name(field: str) -> str:
    """The name a placeholder's field starts with ("life_start" of "life_start:*^12", "x" of "x.attr" or "x[0]")."""
    return re.split(r"[!:.\[]", field, maxsplit=1)[0]


def placeholders(text: str, brace: bool = False, percent: bool = False) -> Counter[str]:
    """Placeholders written as the catalog writes them, e.g. {"{life_start}": 1, "%(energy_cap)s": 1}.

    Named ones always count. In a text filled with str.format (`brace`) or % (`percent`), nameless ones ({0}, {},
    %s) count too, so that the validator reports them; elsewhere "{}" or "50% de" are just text.
    """
    found: Counter[str] = Counter()
    if placeholder_free(text):
        return found
    for match in BRACE.finditer(text.replace("{{", "").replace("}}", "")):
        name = _field_name(match.group(1))
        if brace or IDENTIFIER.fullmatch(name):
            found["{" + name + "}"] += 1
    unescaped = text.replace("%%", "") if percent else text
    for match in PERCENT.finditer(unescaped):
        found[match.group(0)] += 1
    if percent:
        for match in POSITIONAL_PERCENT.finditer(PERCENT.sub("", unescaped)):
            found[match.group(0)] += 1
    return found


def placeholder_name(token: str) -> str | None:
    """The name inside a placeholder token ("{stat}" -> "stat", "%(n)d" -> "n"), None when it has none."""
    inner = token[1:-1] if token.startswith("{") else token[2:token.index(")")] if token.startswith("%(") else ""
    return inner if IDENTIFIER.fullmatch(inner) else None


def format_syntax_error(text: str, brace: bool, percent: bool) -> str | None:
    """What would make filling the text fail or print something else than the value: an unmatched brace, a
    placeholder that is more than a bare name ({x:*^12}, {x!r}, {x.attr}, {x[0]}), a lone % in a %-format text."""
    if placeholder_free(text):
        return None
    if brace:
        try:
            fields = [(name, spec, conversion) for _, name, spec, conversion in string.Formatter().parse(text)
                      if name]
        except ValueError as exc:
            return str(exc)
        for name, spec, conversion in fields:
            if spec or conversion or not IDENTIFIER.fullmatch(name):
                written = "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
                return f"the placeholder {written} is more than a name; expected {{{_field_name(name)}}}"
    if percent:
        rest = POSITIONAL_PERCENT.sub("", PERCENT.sub("", text.replace("%%", "")))
        if "%" in rest:
            return "a lone '%' (write '%%' for a percent sign)"
    return None


def without_placeholders(text: str) -> str:
    if placeholder_free(text):
        return text
    return PERCENT.sub(" ", BRACE.sub(" ", text))


def starts_a_word(words: Iterable[str], text: str) -> bool:
    """Whether one of `words` occurs in `text` where no word character precedes it (`word_character`): where the
    pattern (?<!\\w)(?:word|…) finds one, without compiling it."""
    for word in words:
        at = text.find(word)
        while at > 0 and word_character(text[at - 1]):
            at = text.find(word, at + 1)
        if at >= 0:
            return True
    return False


def whole_words(word: str, text: str) -> int:
    """How often `word` stands in `text` as a whole word (case-sensitive: "DEF", not "defence"): with no word
    character (`word_character`) just before or after it, each after the one before, as re.findall counts the
    matches of (?<!\\w)word(?!\\w), without compiling that pattern for every word."""
    count, at = 0, text.find(word) if word else -1
    while at >= 0:
        after = at + len(word)
        if (at == 0 or not word_character(text[at - 1])) and (after == len(text) or not word_character(text[after])):
            count += 1
            at = text.find(word, after)
        else:
            at = text.find(word, at + 1)
    return count


def word_character(ch: str) -> bool:
    """Whether a pattern's \\w matches the character: a letter, a digit or "_"."""
    return ch.isalnum() or ch == "_"


def numbers(text: str) -> Counter[int]:
    """The whole numbers written literally in a text (placeholders aside), as a multiset."""
    if not NUMBER.search(text):  # no digit at all (most texts)
        return Counter()
    return Counter(int(n) for n in NUMBER.findall(without_placeholders(text)))


def words(text: str) -> list[str]:
    """The words of a text, placeholders aside."""
    return WORD.findall(without_placeholders(text))


def quoted(text: str) -> list[str]:
    """The quoted spans of a text, in order."""
    return [next(g for g in match.groups() if g is not None).strip() for match in QUOTED.finditer(text)]


def unquoted(text: str) -> str:
    """The text with its quoted spans blanked out."""
    return QUOTED.sub(" ", text)


def english_quoted(text: str) -> list[str]:
    """The spans an English source text quotes with “…” (card names in card effects)."""
    return re.findall(r"“([^”]+)”", text)


def letters(text: str) -> bool:
    return any(ch.isalpha() for ch in without_placeholders(text))


def show_multiset(counter: Counter) -> str:
    """1, 2, 2 — sorted, repeated as often as counted; "none" when empty."""
    items = sorted(counter.elements())
    return ", ".join(str(i) for i in items) or "none"
