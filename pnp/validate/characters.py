"""Characters a translation must not carry: control characters (a tab, a line break) and format fields that are
not placeholders of its English source ("{0}" in a card name) — they would print as a box, break the layout's line
markup, or print literally."""
from __future__ import annotations

import re

from ..core.problems import Problem
from ..project import Inputs
from .messages import pairs
from .text_scan import BRACE, IDENTIFIER, brace_style

CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")  # Unicode's control characters (category Cc), all of them
CONTROL_NAMES = {"\t": "a tab", "\n": "a line break", "\r": "a carriage return"}


def control_problem(text: str) -> str | None:
    """What is wrong with the first control character of `text`, with its column; None when there is none."""
    found = CONTROL.search(text)
    if found is None:
        return None
    char = found.group(0)
    name = CONTROL_NAMES.get(char, f"the control character U+{ord(char):04X}")
    return f"{name} at column {found.start() + 1}; expected printable text only"


def stray_fields(source: str, translation: str) -> list[str]:
    """Nameless format fields ({0}, {}) of a translation whose English source is not filled with str.format (the
    placeholder check covers those) and does not have them: they would be printed as they are."""
    if "{" not in translation or brace_style(source):
        return []
    return [m.group(0) for m in BRACE.finditer(translation)
            if not IDENTIFIER.fullmatch(m.group(1)) and m.group(0) not in source]


def check_characters(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """Control characters and stray format fields in every translated string."""
    problems = []
    for lang in langs:
        for pair in pairs(inputs.catalogs[lang]):
            if (control := control_problem(pair.translation)) is not None:
                problems.append(Problem("text-control-character", control, pair.where))
            if fields := stray_fields(pair.source, pair.translation):
                problems.append(Problem("text-format-field", f"{', '.join(fields)} is not a placeholder of the "
                                        "English source and would be printed as it is; expected the source's "
                                        "placeholders only", pair.where))
    return problems
