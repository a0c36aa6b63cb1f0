"""The one translator of every product: (context, msgid) or a plural pair in one language's catalog -> its text,
placeholders filled.

A message the catalog does not translate (absent, empty or fuzzy) prints its English source and is recorded once
as `translation-missing`, located at the domain's catalog file with the card and field for card strings, else the
msgid; a translation whose placeholders cannot be filled prints the English source and is recorded as
`placeholder-fill`. The validator checks the same catalogs beforehand, so a build only meets these for messages
the code uses but no catalog has yet; products raise `problems` and never make their own.
"""
from __future__ import annotations

from typing import Mapping

from ..core.problems import Location, Problem
from .catalogs import SOURCE_LANG, LanguageCatalog

BRACE, PERCENT = "brace", "percent"  # placeholder styles: {name} (str.format) and %(name)s (gettext's own)


class Translator:
    """Messages of one gettext domain in the catalog's language; problems collected in `problems`."""

    def __init__(self, catalog: LanguageCatalog, domain: str, values: Mapping[str, object] | None = None,
                 style: str = BRACE):
        self.catalog, self.domain, self.style = catalog, domain, style
        self.lang = catalog.lang
        self.values = dict(values or {})
        self.problems: list[Problem] = []

    @property
    def path(self) -> str | None:
        """The domain's catalog file (none for the English source)."""
        return f"{self.catalog.path}/{self.domain}.po" if self.catalog.path else None

    def where(self, msgid: str | None = None, card: str | None = None, field: str | None = None) -> Location:
        return Location(file=self.path, card=card, lang=self.lang, field=field, msgid=None if card else msgid)

    def text(self, context: str | None, msgid: str, *, card: str | None = None, field: str | None = None) -> str:
        """The translation of a message, unfilled (the English source when it is missing)."""
        if not self._check(context, msgid, card, field):
            return msgid
        t = self.catalog.translations
        return t.pgettext(context, msgid) if context is not None else t.gettext(msgid)

    def plural(self, context: str | None, singular: str, plural: str, n: int) -> str:
        """The plural form for `n`, unfilled (the English form when the message is missing)."""
        if not self._check(context, singular, None, None):
            return singular if n == 1 else plural
        t = self.catalog.translations
        return t.npgettext(context, singular, plural, n) if context is not None else t.ngettext(singular, plural, n)

    def __call__(self, pair: tuple[str | None, str], **computed) -> str:
        """A (context, msgid) message with its placeholders filled from the values and `computed`."""
        context, msgid = pair
        return self.fill(self.text(context, msgid), msgid, computed)

    def fill(self, text: str, source: str, computed: Mapping[str, object]) -> str:
        """`text` with its placeholders filled; the filled English `source` when the translation cannot be."""
        values = {**self.values, **computed}
        try:
            return self._format(text, values)
        except (KeyError, ValueError, IndexError, TypeError) as exc:
            self.problems.append(Problem(
                "placeholder-fill", f"translation {text!r} has a placeholder that cannot be filled ({exc}); expected "
                f"only those of the English source {source!r}", self.where(source)))
            return self._format(source, values)

    def _format(self, text: str, values: Mapping[str, object]) -> str:
        return text % values if self.style == PERCENT else text.format_map(values)

    def _check(self, context: str | None, msgid: str, card: str | None, field: str | None) -> bool:
        """True when the catalog translates the message; else the problem is recorded (once per message)."""
        if self.lang == SOURCE_LANG or self.catalog.has(context, msgid):
            return True
        problem = Problem("translation-missing", f"no {self.lang} translation for {msgid!r}"
                          + (f" (msgctxt {context!r})" if context else "") + f" in the '{self.domain}' catalog; add "
                          "it and run the translator workflow in the README", self.where(msgid, card, field))
        if not any(p.code == problem.code and p.message == problem.message for p in self.problems):
            self.problems.append(problem)
        return False
