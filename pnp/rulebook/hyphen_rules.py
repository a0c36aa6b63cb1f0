"""The cards' hyphenation rules for the rulebook's paragraphs, which ReportLab breaks greedily word by word: at most
HYPHENS_IN_A_ROW lines in a row end in a hyphen, and a hyphenated word never leaves a last line of SHORT_TAIL letters
or fewer (pnp.typeset.textfit), nor (in a narrow table cell) any line that is only such a tail; at least three
letters on each side of a break come with the dictionary (pnp.typeset.hyphenation.MIN_PART). A paragraph that breaks
a rule is set again with the offending word kept whole."""
from __future__ import annotations

import re
from typing import Callable, Sequence

from ..typeset.textfit import HYPHENS_IN_A_ROW, SHORT_TAIL

Hyphenator = Callable[[str], list[tuple[str, str]]]  # a word -> its (head, tail) splits (paragraph_hyphenator)
_ENDS = re.compile(r"^\W+|\W+$")  # what ReportLab takes off a word before it asks for the word's splits ("(Kampf).")


def offending_word(lines: Sequence[str], hyphenator: Hyphenator) -> str | None:
    """The word whose break at the end of one of these lines (their text as set) breaks a rule, or None."""
    in_a_row = 0
    for line, following in zip(lines, lines[1:]):
        head, tail = line.rpartition(" ")[2].removesuffix("-"), following.partition(" ")[0]
        if not line.endswith("-") or (head, tail) not in hyphenator(head + tail):
            in_a_row = 0
            continue
        in_a_row += 1
        alone = following == tail  # the tail is all of the next line: the last line, or before a word too wide
        if in_a_row > HYPHENS_IN_A_ROW or (alone and sum(ch.isalpha() for ch in tail) <= SHORT_TAIL):
            return _ENDS.sub("", head + tail)
    return None


def keeping_whole(hyphenator: Hyphenator, words: frozenset[str]) -> Hyphenator:
    """`hyphenator`, but with no break for `words`."""
    return lambda word: [] if _ENDS.sub("", word) in words else hyphenator(word)
