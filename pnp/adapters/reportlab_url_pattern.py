"""ReportLab 5.1's pattern of web addresses, compiled when first used instead of when platypus is imported.

`reportlab.platypus.paragraph` compiles `uri_pat` as it is imported: case-insensitive over most of Unicode, it takes
about 48 ms of CPU (3 % of a one-language build) in every process that lays out a rule book. ReportLab matches it
against every word it tries to hyphenate (`_uri_split_pairs`), to break a web address at its slashes; a match needs
the "://" that its first, anchored group requires, and no word of the books holds one. `platypus_imported` imports
platypus with a stand-in for it: Python's `re.compile` first looks the pattern up in `re._cache` (3.11 and later),
so the stand-in is put there for the import and taken out after it; the stand-in answers `match` on a text without
"://" with None, as the pattern would, and compiles the pattern for anything else.
"""
from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path

PARAGRAPH = "reportlab.platypus.paragraph"
SOURCE = ("platypus", "paragraph.py")  # within the reportlab package (finding the module's spec would import platypus)
ASSIGNED = "uri_pat = re.compile("


SCHEME = r"(^(?:[a-z0-9\.\-\+]*)://)"  # the pattern's first group: a match starts with a scheme and "://"


class OnFirstUse:
    """A compiled pattern that compiles `pattern` with `flags` when first asked for anything (`match`, `search`, …)
    but to match a text that cannot match: one without "://", when the pattern begins with SCHEME."""

    def __init__(self, pattern: str, flags: int):
        self.pattern, self.flags, self.compiled = pattern, flags, None

    def match(self, string, *args):
        if not args and self.pattern.startswith(SCHEME) and isinstance(string, str) and "://" not in string:
            return None
        return self.__getattr__("match")(string, *args)

    def __getattr__(self, name: str):
        if self.compiled is None:
            self.compiled = re.compile(self.pattern, self.flags)
        return getattr(self.compiled, name)


def url_pattern() -> tuple[str, int] | None:
    """The pattern and flags of ReportLab's `uri_pat` as its source states them (None: not stated as expected)."""
    spec = importlib.util.find_spec("reportlab")
    source = Path(spec.origin).parent.joinpath(*SOURCE) if spec and spec.origin else None
    if source is None or not source.is_file():
        return None
    line = next((line for line in source.read_text(encoding="utf-8").splitlines() if line.startswith(ASSIGNED)), None)
    if line is None:
        return None
    call = ast.parse(line).body[0].value
    if len(call.args) != 2 or not isinstance(call.args[0], ast.Constant) or ast.unparse(call.args[1]) != "re.I":
        return None
    return call.args[0].value, re.I.value


def platypus_imported() -> None:
    """Import ReportLab's platypus (once per process), its paragraph module's `uri_pat` an `OnFirstUse`."""
    if PARAGRAPH in sys.modules:
        return
    stated = url_pattern()
    if stated is None:
        import reportlab.platypus  # noqa: F401  (the pattern compiled as ReportLab does)
        return
    key = (str, *stated)
    re._cache[key] = OnFirstUse(*stated)
    try:
        import reportlab.platypus  # noqa: F401
    finally:
        re._cache.pop(key, None)
        getattr(re, "_cache2", {}).pop(key, None)  # 3.12: the look-up's second cache
