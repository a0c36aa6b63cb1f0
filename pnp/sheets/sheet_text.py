"""Sheet messages in one language, with the rule numbers from the engine data filled in."""
from __future__ import annotations

from ..i18n.catalogs import SOURCE_LANG, LanguageCatalog
from ..data.engine_data import Engine
from ..problems import Location, Problem

DOMAIN = "sheets"


class SheetText:
    """Look up (context, msgid) pairs; placeholders are engine names (when an engine is given) or computed values
    given by the caller.

    Missing translations and broken placeholders are recorded in `problems` (the English text is used instead).
    """

    def __init__(self, catalog: LanguageCatalog, engine: Engine | None = None):
        self.catalog = catalog
        self.lang = catalog.lang
        self.values = dict(engine.numbers) if engine else {}
        self.problems: list[Problem] = []

    @property
    def path(self) -> str | None:
        return f"{self.catalog.path}/{DOMAIN}.po" if self.catalog.path else None

    def where(self, msgid: str | None = None) -> Location:
        return Location(file=self.path, lang=self.lang, msgid=msgid)

    def __call__(self, pair: tuple[str, str], **computed) -> str:
        context, msgid = pair
        values = {**self.values, **computed}
        if self.lang != SOURCE_LANG and not self.catalog.has(context, msgid):
            self.problems.append(Problem(
                "translation-missing", f"no translation for {msgid!r} (msgctxt {context!r}); add it to "
                f"locales/{self.lang}/LC_MESSAGES/{DOMAIN}.po and run the translator workflow in the README",
                self.where(msgid)))
            return msgid.format_map(values)
        text = self.catalog.pgettext(context, msgid)
        try:
            return text.format_map(values)
        except (KeyError, ValueError, IndexError) as exc:
            self.problems.append(Problem(
                "sheet-placeholder", f"translation {text!r} has a placeholder the sheet cannot fill ({exc}); "
                f"expected only those of the English source {msgid!r}", self.where(msgid)))
            return msgid.format_map(values)
