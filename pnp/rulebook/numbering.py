"""Rule numbers of the Rules Reference, generated from rule ids, and the cross-references that print them.

The templates name a numbered part by an id, never by its number:
  @chapter{ID} TEXT / @section{ID} TEXT    a numbered chapter (1) or section (1.1)
  @rule{ID} TEXT                           a numbered rule (1.1.1) in the current section (1.1 before the first)
  @question{ID} TEXT                       a numbered question of the FAQ, numbered as a rule
and refer to one with `ref(ID)` (its number) or `page(ID)` (the page it is printed on), which leave a token in the
text. `numbered` numbers the markup in order and writes each reference's number ("see 7.3" stays right when rules
move); an id that no part has is a located problem. Page tokens stay until the pages are known (`with_pages`).
"""
from __future__ import annotations

import re
from dataclasses import fields, is_dataclass, replace
from types import MappingProxyType
from typing import Mapping

from ..core.problems import Location, Problem
from . import blocks as b

_REF, _PAGE, _END = "\ue010", "\ue011", "\ue012"  # private-use stand-ins around an id, never printed
PART = re.compile(r"^@(chapter|section|rule|question)((?:\[[a-z,]*\])?)\{([a-z0-9._]+)\} (.*)$")
REFERENCE = re.compile(f"{_REF}([^{_END}]*){_END}")
PAGE = re.compile(f"{_PAGE}([^{_END}]*){_END}")
LEVELS = ("chapter", "section", "rule", "question")  # a question is numbered as a rule
PAGE_STAND_IN = "000"  # measures like a page number while the pages are not known yet


def ref(rule_id: str) -> str:
    """The token the number of the rule `rule_id` replaces (a template's `ref`)."""
    return f"{_REF}{rule_id}{_END}"


def page(rule_id: str) -> str:
    """The token the page of the rule `rule_id` replaces once the pages are laid out (a template's `page`)."""
    return f"{_PAGE}{rule_id}{_END}"


def numbered(markup: str, template: str, lang: str, cited: Mapping[str, str] = MappingProxyType({})
             ) -> tuple[str, dict[str, str], list[Problem]]:
    """The markup with each numbered part's number written before its text and each reference replaced by the
    number (its own, or one of the `cited` book's numbers by id); the numbers by id; the problems (a reference or page
    to an unknown id). An id given twice is a ValueError."""
    counters, numbers, problems, lines = [0, 0, 0], {}, [], []
    where = Location(file=template, lang=lang)
    for line in markup.splitlines():
        part = PART.match(line.strip())
        if part is None:
            lines.append(line)
            continue
        kind, flags, rule_id, text = part.groups()
        level = min(LEVELS.index(kind), len(counters) - 1)
        counters[level] += 1
        counters[level + 1:] = [0] * (len(counters) - level - 1)
        number = ".".join(str(n) for i, n in enumerate(counters[:level + 1]) if n or i != 1)  # 2.1: a chapter's rule
        if rule_id in numbers:  # the templates are ours: a programming error
            raise ValueError(f"{template}: the rule id {rule_id!r} is given to two rules ({numbers[rule_id]} and "
                             f"{number})")
        numbers[rule_id] = number
        lines.append(f"@{kind}{flags}{{{rule_id}}} {number} {text}")
    text = "\n".join(lines)
    known = {**cited, **numbers}
    for unknown in sorted({m.group(1) for pattern in (REFERENCE, PAGE) for m in pattern.finditer(text)} - set(known)):
        problems.append(Problem("rule-reference", f"a cross-reference names the rule id {unknown!r}, which no rule "
                                f"has; expected one of the ids of the Rules Reference", where))
    return REFERENCE.sub(lambda m: known.get(m.group(1), "?"), text), numbers, problems


def has_pages(blocks: tuple[b.Block, ...]) -> bool:
    """Whether a page token waits in the blocks (the document is laid out twice: once to learn the pages)."""
    return any(PAGE.search(text) for text in _texts(blocks))


def with_pages(blocks: tuple[b.Block, ...], pages: Mapping[str, int] | None) -> tuple[b.Block, ...]:
    """The blocks with each page token replaced by its rule's page (a stand-in of the same width when `pages` is
    None or does not know the rule)."""
    def fill(text: str) -> str:
        return PAGE.sub(lambda m: str((pages or {}).get(m.group(1), PAGE_STAND_IN)), text)
    return tuple(_mapped(block, fill) for block in blocks)


def _mapped(value, fill):
    """`value` with `fill` applied to its strings that hold a page token; the same object when none does."""
    if isinstance(value, str):
        return fill(value) if _PAGE in value else value
    if isinstance(value, tuple):
        if all(isinstance(item, str) for item in value) and _PAGE not in "".join(value):  # a row of cells, mostly
            return value
        items = tuple(_mapped(item, fill) for item in value)
        return value if all(new is old for new, old in zip(items, value)) else items
    if is_dataclass(value):
        changed = {f.name: new for f in fields(value)
                   if (new := _mapped(getattr(value, f.name), fill)) is not getattr(value, f.name)}
        return replace(value, **changed) if changed else value
    return value


def _texts(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _texts(item)
    elif is_dataclass(value):
        for f in fields(value):
            yield from _texts(getattr(value, f.name))
