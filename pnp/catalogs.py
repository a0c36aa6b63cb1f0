"""Gettext catalogs (locales/<lang>/LC_MESSAGES/messages.po), read with Babel, checked, turned into translators."""
from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po
from babel.support import NullTranslations, Translations

from .problems import Location, Problem, ProblemsFound, raise_if_errors

SOURCE_LANG = "en"
LANGS = ("de", "pl", "tr", "es", "pt")
DOMAIN = "messages"


@dataclass(frozen=True)
class Message:
    """One catalog entry as the validator sees it."""

    context: str | None
    msgid: str
    plural: str | None
    strings: tuple[str, ...]
    fuzzy: bool
    line: int | None


@dataclass(frozen=True)
class LanguageCatalog:
    lang: str
    path: str
    messages: Mapping[tuple[str | None, str], Message]
    translations: NullTranslations

    def pgettext(self, context: str, message: str) -> str:
        return self.translations.pgettext(context, message)

    def has(self, context: str | None, msgid: str) -> bool:
        """True when the message is translated (present, non-empty, not fuzzy)."""
        entry = self.messages.get((context, msgid))
        return bool(entry and not entry.fuzzy and all(s.strip() for s in entry.strings))


def catalog_path(locales: Path, lang: str) -> Path:
    return locales / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def source_catalog() -> LanguageCatalog:
    """English: the source strings themselves."""
    return LanguageCatalog(SOURCE_LANG, "", MappingProxyType({}), NullTranslations())


def read_catalog(locales: Path, lang: str) -> LanguageCatalog:
    """Read one language's .po file; raises ProblemsFound for a missing or malformed file."""
    path = catalog_path(locales, lang)
    where = Location(file=str(path), lang=lang)
    try:
        with path.open("rb") as fp:
            catalog = read_po(fp, locale=lang, abort_invalid=True)
    except FileNotFoundError:
        raise_if_errors([Problem("po-missing", f"no catalog for language '{lang}'; expected {path}", where)])
    except (PoFileError, ValueError, UnicodeDecodeError) as exc:
        line = getattr(exc, "lineno", None)
        raise_if_errors([Problem("po-syntax", f"broken .po file: {exc}", Location(str(path), line, lang=lang))])
    return LanguageCatalog(lang, str(path), _messages(catalog), _translations(catalog))


def load_catalogs(locales: Path, langs: tuple[str, ...]) -> dict[str, LanguageCatalog]:
    """Read the catalogs of several languages, collecting the problems of all before failing."""
    found, problems = {}, []
    for lang in langs:
        if lang == SOURCE_LANG:
            found[lang] = source_catalog()
            continue
        try:
            found[lang] = read_catalog(locales, lang)
        except ProblemsFound as exc:
            problems += exc.problems
    raise_if_errors(problems)
    return found


def _messages(catalog: Catalog) -> Mapping[tuple[str | None, str], Message]:
    entries = {}
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        plural = message.id[1] if isinstance(message.id, tuple) else None
        strings = message.string if isinstance(message.string, tuple) else (message.string or "",)
        entries[(message.context, msgid)] = Message(message.context, msgid, plural, tuple(s or "" for s in strings),
                                                    message.fuzzy, message.lineno)
    return MappingProxyType(entries)


def _translations(catalog: Catalog) -> Translations:
    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)
