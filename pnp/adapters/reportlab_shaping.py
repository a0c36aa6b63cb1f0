"""ReportLab 5.1's text shaping, which pnp never asks for (tests/test_adapters.py checks this against the installed
ReportLab): `reportlab.pdfbase.ttfonts` imports uharfbuzz when it can (it is installed for hyperglot, which
`pnp lang add` asks) and keeps None as `ttfonts.uharfbuzz` when it cannot. ReportLab shapes a text only when asked
(a paragraph style's `shaping`, `drawString(..., shaping=True)`), which pnp never is, so its PDFs are the same
either way; loading uharfbuzz costs 9-13 ms of CPU (0.1 G instructions) in every process that loads ReportLab.

The program (pnp.__main__) calls `unshaped` before anything loads ReportLab: `import uharfbuzz` then fails as if it
were not installed, until `shaping_importable` (which pnp.adapters.hyperglot_data calls before it loads hyperglot)
lets it load again. A program that imports pnp as a library loads uharfbuzz as ReportLab does."""
from __future__ import annotations

import sys

MODULE = "uharfbuzz"


def unshaped() -> None:
    """Make `import uharfbuzz` fail (None in sys.modules, Python's mark of a module that must not load), unless it
    is loaded already."""
    sys.modules.setdefault(MODULE, None)


def shaping_importable() -> None:
    """Let `import uharfbuzz` load it again; a ReportLab loaded meanwhile goes on without it."""
    if MODULE in sys.modules and sys.modules[MODULE] is None:
        del sys.modules[MODULE]
