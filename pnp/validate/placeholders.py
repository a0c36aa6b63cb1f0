"""Rule numbers are placeholders: each translation has exactly its English source's, all of them known names."""
from __future__ import annotations

from collections import Counter

from ..i18n.placeholder_names import KNOWN_PLACEHOLDERS
from ..core.problems import Location, Problem
from ..project import Inputs
from .messages import pairs
from .text_scan import (brace_style, format_syntax_error, percent_style, placeholder_free, placeholder_name,
                        placeholders)

KNOWN = "engine data names (data/engine.toml) or pnp/i18n/placeholder_names.py COMPUTED_PLACEHOLDERS"


def _unknown(tokens) -> list[str]:
    return sorted(t for t in tokens if placeholder_name(t) not in KNOWN_PLACEHOLDERS)


def check_placeholders(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """Missing, extra and unknown placeholders, and texts that str.format or % would fail to fill. An English source
    is read once for all languages."""
    problems, sources_seen = [], set()
    english: dict[str, tuple[bool, bool, Counter[str], list[str]]] = {}  # read once for all languages
    for lang in langs:
        for pair in pairs(inputs.catalogs[lang]):
            if pair.source not in english:
                brace, percent = brace_style(pair.source), percent_style(pair.source)
                source = placeholders(pair.source, brace, percent)
                english[pair.source] = brace, percent, source, _unknown(source)
            brace, percent, source, unknown_source = english[pair.source]
            if not source and placeholder_free(pair.translation):  # most texts: nothing to compare or fill
                continue
            found = placeholders(pair.translation, brace, percent)
            if unknown_source and pair.source not in sources_seen:
                sources_seen.add(pair.source)
                where = Location(file=pair.where.file, line=pair.where.line, card=pair.where.card,
                                 field=pair.where.field, msgid=pair.where.msgid)
                problems.append(Problem("placeholder-unknown", f"the English source uses {', '.join(unknown_source)}; "
                                        f"expected only {KNOWN}", where))
            missing, extra = ([], []) if found == source else (sorted((source - found).elements()),
                                                                 sorted((found - source).elements()))  # multisets
            unknown = [t for t in _unknown(found) if t in extra] if extra else []
            if missing:
                problems.append(Problem("placeholder-missing", f"{', '.join(missing)} of the English source is "
                                        f"missing; found {pair.translation!r}", pair.where))
            if unknown:
                problems.append(Problem("placeholder-unknown", f"{', '.join(unknown)} is not a known placeholder "
                                        f"(expected {KNOWN}, as in the English source); found "
                                        f"{pair.translation!r}", pair.where))
            if extra := [t for t in extra if t not in unknown]:
                problems.append(Problem("placeholder-extra", f"{', '.join(extra)} is not in the English source "
                                        f"{pair.source!r}; found {pair.translation!r}", pair.where))
            error = format_syntax_error(pair.translation, brace, percent)
            if error and not missing:
                problems.append(Problem("placeholder-syntax", f"the translation cannot be filled in: {error}; found "
                                        f"{pair.translation!r}", pair.where))
    return problems
