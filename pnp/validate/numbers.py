"""Numbers written literally in a translation are those of its English source: whole numbers, as multisets.

The one exception is explicit: locales/allowlist.toml [<lang>.numbers] lets one message of one language print
listed extra numbers that are part of a name (pl "Faza główna 1"); an exception that no longer applies is an error.
"""
from __future__ import annotations

from collections import Counter

from ..i18n.lexicon import NumberException, message_key
from ..core.problems import Location, Problem
from ..project import Inputs
from .messages import Pair, pairs
from .text_scan import numbers, show_multiset


def check_numbers(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """"Gain 2" translated "Zyskaj 12" is caught: 12 is not 2 (a substring test would pass it)."""
    problems, english = [], {}  # an English source's numbers, read once for all languages
    for lang in langs:
        keys = Counter(message_key(context, msgid) for context, msgid in inputs.catalogs[lang].messages)
        exceptions = {}  # those naming exactly one message; the others are reported and apply to none
        for exception in inputs.lexicon.of(lang).numbers.values():
            if keys[exception.key] == 1:
                exceptions[exception.key] = exception
            else:
                problems.append(Problem("number-exception-stale", f"[{lang}.numbers] {exception.key!r} names "
                                        f"{'no' if not keys[exception.key] else 'more than one'} message of the "
                                        f"{lang} catalogs; expected the \"<msgctxt>|<msgid>\" (or msgid) of exactly "
                                        "one message (remove or update the exception)",
                                        Location(exception.where.file, exception.where.line, lang=lang)))
        for pair in pairs(inputs.catalogs[lang]):
            exception = exceptions.get(message_key(pair.message.context, pair.message.msgid))
            if pair.source not in english:
                english[pair.source] = numbers(pair.source)
            problems += _pair_problems(pair, english[pair.source], exception)
    return problems


def _pair_problems(pair: Pair, source: Counter[int], exception: NumberException | None) -> list[Problem]:
    """The problems of a translation whose English source prints the numbers `source`."""
    found = numbers(pair.translation)
    if not found and not source and exception is None:  # most texts: no number on either side
        return []
    extra = Counter(exception.extra) if exception else None
    expected = source + extra if extra else source
    if found == expected:
        return []
    if extra and found == source:
        return [Problem("number-exception-stale", f"[{pair.lang}.numbers] {exception.key!r} allows the extra "
                        f"number(s) {show_multiset(extra)}, but the translation {pair.translation!r} no longer prints "
                        "them; expected the exception removed", Location(exception.where.file, exception.where.line,
                                                                         lang=pair.lang, msgid=pair.message.msgid))]
    missing, unexpected = expected - found, found - expected
    detail = "; ".join(part for part in (
        f"missing {show_multiset(missing)}" if missing else "",
        f"not in the English source{' nor the exception' if extra else ''}: {show_multiset(unexpected)}"
        if unexpected else "") if part)
    allowed = f" and the extra {show_multiset(extra)} allowed by {exception.where}" if extra else ""
    return [Problem("number-mismatch", f"expected the numbers of the English source ({show_multiset(source)})"
                    f"{allowed}, found {show_multiset(found)} ({detail}) in {pair.translation!r}", pair.where)]
