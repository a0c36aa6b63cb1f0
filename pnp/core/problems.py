"""Problems a user can cause: collected, never raised one by one, and reported together."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterable

ERROR = "error"
WARNING = "warning"
MAX_LINE = 400  # characters of one reported problem; longer ones (a quoted text that does not fit) are shortened
VISIBLE_SPACE = "␣"  # a space beyond the first of a run, in a quoted text of the report
MAX_QUOTED = 100  # characters of one quoted text in a reported problem
MIN_MESSAGE = 120  # characters of the message kept however long the location before it
QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|“[^“”]*”|„[^„“]*“")


def _spaces_shown(quoted: re.Match) -> str:
    """A quoted text whose runs of spaces stay visible once the line's whitespace is collapsed: "a  b" → "a ␣b"."""
    return re.sub(" {2,}", lambda run: " " + VISIBLE_SPACE * (len(run.group(0)) - 1), quoted.group(0))


def _shortened(text: str, limit: int) -> str:
    """The text, or its start and end with the number of characters left out between them."""
    if len(text) <= limit:
        return text
    half = (limit - 40) // 2
    return f"{text[:half]} … ({len(text) - 2 * half} characters left out) … {text[-half:]}"


def shown(value: Any) -> str:
    """A value read from a data file as its file writes it (TOML): true, 2.5, "text", [1, 2] — no Python reprs."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    if isinstance(value, dict):
        return "a table {" + ", ".join(f"{k} = {shown(v)}" for k, v in value.items()) + "}"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


@dataclass(frozen=True)
class Location:
    """Where a problem is: a file (and line), a card field in a language, or a catalog message."""

    file: str | None = None
    line: int | None = None
    card: str | None = None
    lang: str | None = None
    field: str | None = None
    msgid: str | None = None

    def __str__(self) -> str:
        parts = []
        if self.file:
            parts.append(f"{self.file}:{self.line}" if self.line else self.file)
        if self.card:
            parts.append(f"card {self.card}")
        if self.lang:
            parts.append(f"[{self.lang}]")
        if self.field:
            parts.append(f"field '{self.field}'")
        if self.msgid:
            parts.append(f"message {self.msgid!r}")
        return " ".join(parts) or "-"

    def as_dict(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if v is not None}


@dataclass(frozen=True)
class Problem:
    """One thing wrong: a stable code, a severity, where, and what was expected versus found."""

    code: str
    message: str
    where: Location = field(default_factory=Location)
    severity: str = ERROR

    def __str__(self) -> str:
        """One line: control characters shown as spaces, a run of spaces in a quoted text shown (VISIBLE_SPACE);
        when too long, each long quoted text of the message is shortened in its middle (so that what is said about
        them stays readable), then the message. The location, severity and code are never shortened."""
        head = " ".join(f"{self.where}: {self.severity} {self.code}:".split())
        message = " ".join(QUOTED.sub(_spaces_shown, self.message).split())
        room = max(MAX_LINE - len(head) - 1, MIN_MESSAGE)
        if len(message) > room:
            message = QUOTED.sub(lambda quoted: _shortened(quoted.group(0), MAX_QUOTED), message)
        return f"{head} {_shortened(message, room)}"

    def as_dict(self) -> dict:
        return {"code": self.code, "severity": self.severity, "location": self.where.as_dict(),
                "message": self.message}


class ProblemsFound(Exception):
    """Raised by a stage that found errors; carries all of them."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = tuple(dict.fromkeys(problems))  # one line each: checks that read one file report it once
        super().__init__(f"{len(self.problems)} problem(s)")


def errors(problems: Iterable[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == ERROR]


def raise_if_errors(problems: Iterable[Problem]) -> None:
    """Raise ProblemsFound when any of the problems is an error."""
    problems = list(problems)
    if errors(problems):
        raise ProblemsFound(problems)
