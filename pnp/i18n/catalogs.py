"""Gettext catalogs (locales/<lang>/LC_MESSAGES/messages.po), read with Babel, checked, turned into translators
(Python's gettext, reading the catalogs compiled by Babel)."""
from __future__ import annotations

import codecs
from dataclasses import dataclass
from functools import cached_property
from gettext import GNUTranslations, NullTranslations
from io import BytesIO
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping

import babel

from ..core.caches import memo
from ..core.disk_cache import DiskCache, source_digest
from ..core.input_files import read_input
from ..core.problems import Location, Problem, ProblemsFound, raise_if_errors
from .languages import BUNDLED_LANGS, DRAFT, PSEUDO, language
from .pseudo import PseudoTranslations

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

SOURCE_LANG = "en"
LANGS = BUNDLED_LANGS  # the shipped translations (locales/languages.toml)
# One gettext domain per part of the kit, each with its own template locales/<domain>.pot, extracted from its own
# input paths (relative to the repository) by `pnp catalogs update` (pnp/i18n/catalog_sync.py).
DOMAIN_INPUTS = {
    "cards": ("pnp/data/terms.py", "pnp/cards/labels.py", "pnp/pages/pdfout.py", "data/cards"),
    "sheets": ("pnp/sheets",),
    "rulebook": ("pnp/rulebook",),
}
DOMAINS = tuple(DOMAIN_INPUTS)
PLURAL_SAMPLE = range(0, 1000)  # numbers tried to find which plural form covers which counts


@dataclass(frozen=True)
class Message:
    """One catalog entry as the validator sees it."""

    context: str | None
    msgid: str
    plural: str | None
    strings: tuple[str, ...]
    fuzzy: bool
    line: int | None
    path: str


@dataclass(frozen=True)
class LanguageCatalog:
    """All domains of one language: messages by (context, msgid), and gettext callables."""

    lang: str
    path: str
    messages: Mapping[tuple[str | None, str], Message]
    translations: NullTranslations
    # a generated catalog (the pseudo-locale) or a draft: a message it lacks prints its generated text or the English
    # source, and is no problem
    fills_missing: bool = False

    @cached_property
    def singular_forms(self) -> frozenset[int]:
        """The plural form indices used for the count 1 alone (from the Plural-Forms header, computed once)."""
        plural = getattr(self.translations, "plural", lambda n: int(n != 1))
        counts: dict[int, set[int]] = {}
        for n in PLURAL_SAMPLE:
            counts.setdefault(plural(n), set()).add(n)
        return frozenset(form for form, numbers in counts.items() if numbers == {1})

    def pgettext(self, context: str, message: str) -> str:
        return self.translations.pgettext(context, message)

    def has(self, context: str | None, msgid: str) -> bool:
        """True when the message is translated (present, non-empty, not fuzzy) or the catalog fills it in."""
        if self.fills_missing:
            return True
        entry = self.messages.get((context, msgid))
        return bool(entry and not entry.fuzzy and all(s.strip() for s in entry.strings))


@memo("a catalog file's domain", "the file's path")
def domain_of(path: str) -> str:
    """The domain of the catalog file `path` (a Message's): its name without .po (each language's messages number
    in the thousands, their files a handful)."""
    return Path(path).stem


def catalog_path(locales: Path, lang: str, domain: str) -> Path:
    return locales / lang / "LC_MESSAGES" / f"{domain}.po"


def source_catalog() -> LanguageCatalog:
    """English: the source strings themselves."""
    return LanguageCatalog(SOURCE_LANG, "", MappingProxyType({}), NullTranslations())


def pseudo_catalog() -> LanguageCatalog:
    """The pseudo-locale: no file, every message generated from the English source (pnp.i18n.pseudo)."""
    return LanguageCatalog(PSEUDO, "", MappingProxyType({}), PseudoTranslations(), fills_missing=True)


def read_catalog(locales: Path, lang: str) -> LanguageCatalog:
    """Read every domain's .po file of one language; raises ProblemsFound for missing or malformed files."""
    messages, domains, problems = {}, [], []
    for domain in DOMAINS:
        path = catalog_path(locales, lang, domain)
        read, file_problems = _read_domain(path, lang, domain)
        problems += file_problems
        if read is None:
            continue
        domain_messages, domain_translations = read
        messages.update(domain_messages)
        domains.append(domain_translations)
    raise_if_errors(problems)
    return LanguageCatalog(lang, str(locales / lang / "LC_MESSAGES"), MappingProxyType(messages), _joined(domains),
                           fills_missing=language(lang).status == DRAFT)


def _joined(domains: list[GNUTranslations]) -> GNUTranslations:
    """A language's domains as one translator: each falls back to the one read before it, so that a message two
    domains hold is the later one's, as in the messages."""
    translations, *earlier = domains[::-1]
    for domain in earlier:
        translations.add_fallback(domain)
    return translations


def read_messages(locales: Path, lang: str) -> dict[tuple[str | None, str], Message]:
    """A language's messages as Babel reads them, without the strict checks (an older catalogs folder to compare
    with, written before today's rules); a domain whose file is missing or unreadable has none."""
    from babel.messages.pofile import PoFileError, read_po
    messages = {}
    for domain in DOMAINS:
        path = catalog_path(locales, lang, domain)
        try:
            messages.update(_messages(read_po(BytesIO(path.read_bytes()), locale=lang), str(path)))
        except (OSError, PoFileError, ValueError):
            continue
    return messages


def _read_domain(path: Path, lang: str, domain: str
                 ) -> tuple[tuple[dict[tuple[str | None, str], Message], GNUTranslations] | None, list[Problem]]:
    """One .po file's messages and gettext translations, from the cache of parsed catalogs when it holds this file's
    bytes read by this code (PARSED), else read strictly and stored there; None and the problems when the file is
    unusable (a file with problems is never stored)."""
    where = Location(file=str(path), lang=lang)
    try:
        data = read_input(path, "catalog")
    except FileNotFoundError:
        return None, [Problem("po-missing", f"no '{domain}' catalog for language '{lang}'; expected {path}", where)]
    except OSError as exc:  # a folder, a FIFO or device, a file over the limit, a symlink loop, no permission
        return None, [Problem("po-unreadable", f"cannot read the '{domain}' catalog: {exc.strerror or exc}; expected "
                              "a .po file", where)]
    key = b"\0".join((READING_CODE, repr((lang, domain, language(lang))).encode(), data))
    slot = f"{lang}/{domain}"  # not the path: a copy of the locales folder finds the entry, and the folder stays small
    stored = PARSED.get(slot, key)
    if stored is None:
        catalog, problems = _read_strictly(data, path, lang, domain)
        if catalog is None:
            return None, problems
        messages, compiled = _messages(catalog, str(path)), _compiled(catalog)
        rows = tuple((m.context, m.msgid, m.plural, m.strings, m.fuzzy, m.line) for m in messages.values())
        PARSED.put(slot, key, (rows, compiled))
    else:
        rows, compiled = stored
        messages = {(row[0], row[1]): Message(*row, str(path)) for row in rows}
    return (messages, _translations(compiled)), []


PARSED = DiskCache("catalogs", "each .po file's messages and compiled translations, read and checked",
                   "the file's bytes, the language and its traits, Babel's version and pnp's reading code (one entry "
                   "per language and domain)",
                   "pnp.i18n.catalogs.PARSED")
READING_CODE = source_digest(__name__, "pnp.i18n.postrict", "pnp.i18n.languages") + babel.__version__.encode()


def _read_strictly(data: bytes, path: Path, lang: str, domain: str) -> tuple[Catalog | None, list[Problem]]:
    """The bytes `data` of one .po file checked by the strict pre-scan, then read by Babel; None and the problems
    when it is unusable."""
    from babel.messages.pofile import PoFileError, read_po  # a catalog PARSED lacks: Babel's reading and the checks
    from .postrict import po_problems
    data = data.removeprefix(codecs.BOM_UTF8)  # a byte order mark (some Windows editors write one) is no error
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        return None, [Problem("po-syntax", f"byte 0x{data[exc.start]:02x} is not UTF-8; expected a UTF-8 catalog",
                              Location(str(path), line, lang=lang))]
    problems = po_problems(text, str(path), lang)
    if problems:
        return None, problems
    try:
        return read_po(BytesIO(data), locale=lang, abort_invalid=True), []
    except (PoFileError, ValueError) as exc:
        return None, [Problem("po-syntax", f"broken .po file: {exc}",
                              Location(str(path), getattr(exc, "lineno", None), lang=lang))]


def read_catalogs(locales: Path, langs: tuple[str, ...]) -> tuple[dict[str, LanguageCatalog], list[Problem]]:
    """The catalogs of every language that could be read, and the problems of those that could not."""
    found, problems = {}, []
    for lang in langs:
        if lang in (SOURCE_LANG, PSEUDO):
            found[lang] = source_catalog() if lang == SOURCE_LANG else pseudo_catalog()
            continue
        try:
            found[lang] = read_catalog(locales, lang)
        except ProblemsFound as exc:
            problems += exc.problems
    return found, problems


def load_catalogs(locales: Path, langs: tuple[str, ...]) -> dict[str, LanguageCatalog]:
    """Read the catalogs of several languages, collecting the problems of all before failing."""
    found, problems = read_catalogs(locales, langs)
    raise_if_errors(problems)
    return found


def _messages(catalog: Catalog, path: str) -> dict[tuple[str | None, str], Message]:
    entries = {}
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        plural = message.id[1] if isinstance(message.id, tuple) else None
        strings = message.string if isinstance(message.string, tuple) else (message.string or "",)
        entries[(message.context, msgid)] = Message(message.context, msgid, plural, tuple(s or "" for s in strings),
                                                    message.fuzzy, message.lineno, path)
    return entries


def _translations(compiled: bytes) -> GNUTranslations:
    """A catalog's gettext translations, as gettext reads them from the catalog compiled to .mo (`_compiled`:
    untranslated and fuzzy messages left out, an empty plural form falling back to the English)."""
    return GNUTranslations(BytesIO(compiled))


def _compiled(catalog: Catalog) -> bytes:
    """The catalog compiled to .mo without its fuzzy messages."""
    from babel.messages.mofile import write_mo
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    return compiled.getvalue()
