"""Numbers written literally in a translation are those of its English source: whole numbers, as multisets."""
from __future__ import annotations

from ..problems import Problem
from ..project import Inputs
from .messages import pairs
from .text import numbers, show_multiset


def check_numbers(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """"Gain 2" translated "Zyskaj 12" is caught: 12 is not 2 (a substring test would pass it)."""
    problems = []
    for lang in langs:
        for pair in pairs(inputs.catalogs[lang]):
            expected, found = numbers(pair.source), numbers(pair.translation)
            if expected != found:
                missing, extra = expected - found, found - expected
                detail = "; ".join(part for part in (
                    f"missing {show_multiset(missing)}" if missing else "",
                    f"not in the English source: {show_multiset(extra)}" if extra else "") if part)
                problems.append(Problem("number-mismatch", f"expected the numbers of the English source "
                                        f"({show_multiset(expected)}), found {show_multiset(found)} ({detail}) in "
                                        f"{pair.translation!r}", pair.where))
    return problems
