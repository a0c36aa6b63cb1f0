"""Reading TOML data files into plain dicts, turning syntax errors into located problems."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

from .problems import Location, Problem


def read_toml(path: Path) -> tuple[dict | None, list[Problem]]:
    """Parse a TOML file; on failure return None and one problem naming file, line and what is wrong."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, [Problem("file-missing", "file not found", Location(file=str(path)))]
    except (OSError, UnicodeDecodeError) as exc:
        return None, [Problem("file-unreadable", f"cannot read file: {exc}", Location(file=str(path)))]
    try:
        return tomllib.loads(text), []
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        line = int(found.group(1)) if found else None
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        return None, [Problem("toml-syntax", f"not valid TOML: {message}", Location(file=str(path), line=line))]
