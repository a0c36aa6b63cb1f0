"""ReportLab 5.1's pattern of web addresses, compiled when first used instead of when platypus is imported.

`reportlab.platypus.paragraph` compiles `uri_pat` as it is imported: case-insensitive over most of Unicode, it takes
about 48 ms of CPU (3 % of a one-language build) in every process that lays out a rule book, and is matched only to
break a long web address across lines when a style's `uriWasteReduce` asks for it (pnp's styles never do).
`platypus_imported` imports platypus with a stand-in for it: Python's `re.compile` first looks the pattern up in
`re._cache` (3.11 and later), so the stand-in is put there for the import and taken out after it.
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


class OnFirstUse:
    """A compiled pattern that compiles `pattern` with `flags` when first asked for anything (`match`, `search`, …)."""

    def __init__(self, pattern: str, flags: int):
        self.pattern, self.flags, self.compiled = pattern, flags, None

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
