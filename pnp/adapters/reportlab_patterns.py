"""Two patterns ReportLab 5.1 compiles as platypus is imported, compiled when first used instead.

- `reportlab.platypus.paragraph.uri_pat`, its pattern of web addresses: case-insensitive over most of Unicode, it
  takes about 48 ms of CPU (3 % of a one-language build) in every process that lays out a rule book. ReportLab
  matches it against every word it tries to hyphenate (`_uri_split_pairs`), to break a web address at its slashes;
  a match needs the "://" that its first, anchored group requires, and no word of the books holds one.
- `reportlab.lib.textsplit.rx`, the CJK characters `cjkwrap` wraps at (6 ms): platypus imports textsplit for its
  word splitting, and nothing pnp calls uses `rx`.

`platypus_imported` imports platypus with a stand-in for each: Python's `re.compile` first looks the pattern up in
`re._cache` (3.11 and later), so the stand-in is put there for the import and taken out after it; a stand-in
compiles its pattern when first asked for anything, but the web-address stand-in answers `match` on a text without
"://" with None, as the pattern would. A pattern whose line in ReportLab's source is not as stated below is compiled
as ReportLab compiles it.
"""
from __future__ import annotations

import ast
import importlib.util
import re
import sys
from dataclasses import dataclass
from pathlib import Path

PARAGRAPH = "reportlab.platypus.paragraph"


@dataclass(frozen=True)
class Assigned:
    """A module-level `name = re.compile("…", flags)` line of ReportLab's source, the module's file within the
    reportlab package (finding the module's spec would import its package)."""

    module: str
    source: tuple[str, ...]
    start: str
    flags: str


URI = Assigned(PARAGRAPH, ("platypus", "paragraph.py"), "uri_pat = re.compile(", "re.I")
CJK = Assigned("reportlab.lib.textsplit", ("lib", "textsplit.py"), "rx=re.compile(", "re.UNICODE")
PATTERNS = (URI, CJK)

SCHEME = r"(^(?:[a-z0-9\.\-\+]*)://)"  # the web-address pattern's first group: a match starts with a scheme and "://"


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


def stated(assigned: Assigned) -> tuple[str, int] | None:
    """The pattern and flags of the line `assigned` as ReportLab's source states them (None: not as expected)."""
    spec = importlib.util.find_spec("reportlab")
    source = Path(spec.origin).parent.joinpath(*assigned.source) if spec and spec.origin else None
    if source is None or not source.is_file():
        return None
    text = source.read_text(encoding="utf-8")
    line = next((line for line in text.splitlines() if line.startswith(assigned.start)), None)
    if line is None:
        return None
    call = ast.parse(line).body[0].value
    if len(call.args) != 2 or not isinstance(call.args[0], ast.Constant) or ast.unparse(call.args[1]) != assigned.flags:
        return None
    return call.args[0].value, getattr(re, assigned.flags.removeprefix("re.")).value


def platypus_imported() -> None:
    """Import ReportLab's platypus (once per process), each of PATTERNS an `OnFirstUse` where its line is as
    stated and its module is not imported yet."""
    if PARAGRAPH in sys.modules:
        return
    keys = []
    for assigned in PATTERNS:
        pattern = stated(assigned) if assigned.module not in sys.modules else None
        if pattern is not None:
            keys.append((str, *pattern))
            re._cache[keys[-1]] = OnFirstUse(*pattern)
    try:
        import reportlab.platypus  # noqa: F401
    finally:
        for key in keys:
            re._cache.pop(key, None)
            getattr(re, "_cache2", {}).pop(key, None)  # 3.12: the look-up's second cache
