"""The pseudo-locale `qps`: every message of the English source accented, about 35 % longer and bracketed, its
placeholders and line breaks kept, generated in memory (never a catalog). Whatever a kit in qps prints without
brackets was not translatable; whatever does not fit will not in a long language either."""
from __future__ import annotations

import re

from gettext import NullTranslations


OPEN, CLOSE = "[", "]"
GROWTH = 0.35  # how much longer a message becomes, brackets included
# letters every font of the kit has (they are Polish, Turkish, Spanish or Portuguese letters)
ACCENTS = str.maketrans("aeiouAEIOUcnszlgCNSZLG", "áéíóúÁÉÍÓÚçñşżłğÇÑŞŻŁĞ")
VOWELS = "aeiouAEIOU"
# what is kept as it is: {name} and %(name)s placeholders, %s, %d, %%, line breaks
KEPT = re.compile(r"(\{[^{}]*\}|%\([^)]*\)[a-z]|%[a-z%]|\n)")


def pseudo(text: str) -> str:
    """The pseudo-translation of a message: "[Dŕááw {n} ćáárds]"-like, placeholders intact."""
    parts = KEPT.split(text)
    prose = parts[::2]  # the text between the kept parts
    vowels = sum(ch in VOWELS for part in prose for ch in part)
    extra = max(round(len(text) * GROWTH) - len(OPEN + CLOSE), 0)
    seen = 0
    for index in range(0, len(parts), 2):
        out = []
        for ch in parts[index]:
            out.append(ch.translate(ACCENTS))
            if ch in VOWELS:  # the added letters spread over the vowels, as a longer language spreads them
                seen += 1
                out.append(ch.translate(ACCENTS) * ((seen * extra) // vowels - ((seen - 1) * extra) // vowels))
        parts[index] = "".join(out)
    return OPEN + "".join(parts) + CLOSE


class PseudoTranslations(NullTranslations):
    """gettext callables answering every message with its pseudo-translation."""

    def gettext(self, message):
        return pseudo(message)

    def ngettext(self, singular, plural, n):
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context, message):
        return pseudo(message)

    def npgettext(self, context, singular, plural, n):
        return pseudo(singular if n == 1 else plural)

