"""ReportLab 5.1's text shaping, which pnp never asks for (tests/test_adapters.py checks this against the installed
ReportLab): `reportlab.pdfbase.ttfonts` imports uharfbuzz when it can (it is installed for hyperglot, which
`pnp lang add` asks) and keeps None as `ttfonts.uharfbuzz` when it cannot. ReportLab shapes a text only when asked
(a paragraph style's `shaping`, `drawString(..., shaping=True)`), which pnp never is, so its PDFs are the same
either way; loading uharfbuzz costs 9-13 ms of CPU (0.06 G instructions) in every process that loads ReportLab.

The program (pnp.__main__) calls `unshaped` before anything loads ReportLab: while ttfonts' own code runs,
`import uharfbuzz` fails as if it were not installed; before and after, anything else (hyperglot) loads it as usual.
A program that imports pnp as a library loads uharfbuzz as ReportLab does."""
from __future__ import annotations

import importlib.abc
import importlib.util
import sys

MODULE, TTFONTS = "uharfbuzz", "reportlab.pdfbase.ttfonts"


def unshaped() -> None:
    """Have ttfonts, when it is first imported, run without uharfbuzz (nothing when ttfonts is loaded already; a
    uharfbuzz loaded before it is left to it)."""
    if TTFONTS not in sys.modules:
        sys.meta_path.insert(0, _TTFontsFinder())


class _TTFontsFinder(importlib.abc.MetaPathFinder):
    """Finds ttfonts as Python's own finders do, once, and gives it a loader that runs it without uharfbuzz."""

    def find_spec(self, name, path, target=None):
        if name != TTFONTS:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)  # as the finders after this one find it
        if spec is not None and spec.loader is not None:
            spec.loader = _Unshaped(spec.loader)
        return spec


class _Unshaped(importlib.abc.Loader):
    """A module's own loader, running its code while `import uharfbuzz` fails (None in sys.modules, Python's mark of
    a module that must not load)."""

    def __init__(self, loader):
        self.loader = loader

    def __getattr__(self, name):  # get_code, get_source, … of the module's own loader
        return getattr(self.loader, name)

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module) -> None:
        hidden = MODULE not in sys.modules
        if hidden:
            sys.modules[MODULE] = None
        try:
            self.loader.exec_module(module)
        finally:
            if hidden and sys.modules.get(MODULE, 0) is None:
                del sys.modules[MODULE]
