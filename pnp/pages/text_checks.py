"""The fit and glyph checks of every product, one walk over the texts it composed: a text that fits its box at no
allowed size, and characters that the font a text is set in does not have (they would print as boxes). Each
product words the problems its own way (`Wording`: its codes and messages)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Protocol

from ..core.problems import Location, Problem
from ..typeset.fonts import missing_glyphs


@dataclass(frozen=True)
class SetText:
    """A composed text as the checks see it: its text and its (piece, font name) runs, where it comes from and what
    the product calls it (`label`), and whether it fits its box: at `size` pt (the smallest allowed when it does
    not), in a box `box` mm wide of at most `lines` lines, where it needs `needed` mm."""

    text: str
    runs: tuple[tuple[str, str], ...]
    where: Location
    label: str = ""
    fits: bool = True
    size: float = 0.0
    box: float = 0.0
    lines: int = 1
    needed: float = 0.0


class Wording(Protocol):
    """How a product words the problems of its texts."""

    def overflow(self, text: SetText) -> Problem:
        """The problem of a text that does not fit its box."""

    def missing(self, text: SetText, font: str, chars: str) -> Problem:
        """The problem of the characters `chars` of a text that its font `font` does not have."""


def text_problems(fitted: Iterable[SetText], printed: Iterable[SetText], wording: Wording) -> list[Problem]:
    """A problem for each of the `fitted` texts that does not fit, then one for each of the `printed` texts and
    each font that lacks characters of it; each problem once."""
    problems = [wording.overflow(text) for text in fitted if not text.fits]
    printed = list(printed)
    used: dict[str, set[str]] = {}  # font -> every character set in it
    for text in printed:
        for piece, font in text.runs:
            used.setdefault(font, set()).update(piece)
    lacking = {font for font, chars in used.items() if missing_glyphs("".join(chars), font)}
    for text in printed:
        if not any(font in lacking for _, font in text.runs):
            continue  # every font it is set in has all its characters (as most texts)
        missing: dict[str, str] = {}  # font -> the characters it lacks, each piece checked in its own font
        for piece, font in text.runs:
            missing[font] = "".join(sorted(set(missing.get(font, "") + missing_glyphs(piece, font))))
        problems += [wording.missing(text, font, chars) for font, chars in missing.items() if chars]
    return list(dict.fromkeys(problems))
