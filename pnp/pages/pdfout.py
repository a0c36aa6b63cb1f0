"""Deterministic PDF canvases in memory, and atomic writes: no half-written PDF ever lands at a target path."""
from __future__ import annotations

import os
import tempfile
from io import BytesIO
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from ..typeset.fonts import FONT_NAMES
from ..problems import Location, Problem, ProblemsFound

CREATOR = "Ancient Duel print-and-play kit (pnp)"
# Streams are Flate-compressed binary; ReportLab's default ASCII85 wrapping on top only makes them 25 % larger.
rl_config.useA85 = 0
_UMASK = os.umask(0o022)
os.umask(_UMASK)


def new_canvas(buffer: BytesIO, pagesize: tuple[float, float], title: str, lang: str) -> Canvas:
    """A canvas whose output depends only on what is drawn (invariant: no dates, no random ids)."""
    # Pages start in a bundled font once the fonts are registered: ReportLab's default initial font, Helvetica,
    # would otherwise be listed in every PDF as a font that is not embedded.
    body = FONT_NAMES["body"]
    initial = {"initialFontName": body} if body in pdfmetrics.getRegisteredFontNames() else {}
    canvas = Canvas(buffer, pagesize=pagesize, invariant=1, pageCompression=1, lang=lang, **initial)
    canvas.setTitle(title)
    canvas.setAuthor("Ancient Duel")
    canvas.setCreator(CREATOR)
    canvas.setSubject(f"Ancient Duel print-and-play ({lang})")
    return canvas


def write_atomically(files: dict[Path, bytes]) -> None:
    """Write every file through a temporary file and rename; an unwritable target is one clear problem each."""
    problems = []
    for path, data in files.items():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            try:
                with os.fdopen(fd, "wb") as fp:
                    fp.write(data)
                os.chmod(temp, 0o666 & ~_UMASK)  # mkstemp makes the file private; outputs get the usual mode
                os.replace(temp, path)
            finally:
                if os.path.exists(temp):
                    os.unlink(temp)
        except OSError as exc:
            problems.append(Problem("output-unwritable", f"cannot write output: {exc.strerror or exc}",
                                    Location(file=str(path))))
    if problems:
        raise ProblemsFound(problems)
