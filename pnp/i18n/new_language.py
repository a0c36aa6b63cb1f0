"""`pnp lang add CODE`: a new language as data — a catalog of every domain (Plural-Forms from Babel's CLDR data) and
a draft entry of locales/languages.toml (hyphenation from pyphen where it has the language), once the fonts are
found to cover the language's characters (Hyperglot's orthography of it: its base letters and marks)."""
from __future__ import annotations

from io import BytesIO
from pathlib import Path
from typing import Mapping

import pyphen
from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.messages.pofile import read_po, write_po

from ..core.disk_cache import DiskCache, source_digest
from ..core.problems import Location, Problem
from .catalog_sync import WIDTH, template_path
from .catalogs import DOMAINS, catalog_path
from .languages import DRAFT, LANGUAGES_FILE, Language, PSEUDO

TEXT_ROLES = ("title", "body", "italic", "bold")  # the faces a language's text is set in
DEFAULT_QUOTES = "“”"
ORTHOGRAPHIES = DiskCache("orthographies", "each language's letters and marks as Hyperglot's primary orthography "
                          "has them (\"\" where it has none)", "the language code, hyperglot's version and pnp's "
                          "asking code", "pnp.i18n.new_language.ORTHOGRAPHIES")
ASKING_CODE = source_digest("pnp.adapters.hyperglot_data", __name__)


def parsed_locale(code: str) -> Locale | None:
    """Babel's locale of the code, or None when CLDR does not know it."""
    try:
        return Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        return None


def exemplar_characters(code: str) -> str | None:
    """The letters and marks of the language's primary orthography (Hyperglot), or None when it lacks the
    language; asked once per language and hyperglot version (ORTHOGRAPHIES: hyperglot reads all of its 806 languages
    to answer, about 0.5 s of CPU)."""
    from hyperglot import __version__  # loaded only to add a language
    characters = ORTHOGRAPHIES.value(code, code.encode() + b"\0" + __version__.encode() + ASKING_CODE,
                                     lambda: _orthography(code) or "")
    return characters or None


def _orthography(code: str) -> str | None:
    """Hyperglot names languages by ISO 639-3, which CLDR's language aliases map to the code."""
    from hyperglot.languages import Languages
    from ..adapters.hyperglot_data import without_cache_file
    with without_cache_file():
        known = Languages()
        names = [alias for alias, target in get_global("language_aliases").items() if target == code and len(alias) == 3]
        for name in names:
            if name in known:
                orthographies = known[name].get("orthographies", [])
                primary = next((o for o in orthographies if o.get("status") == "primary"), None)
                if primary:
                    return "".join(ch for part in ("base", "marks") for ch in primary.get(part, "") if ch not in " ◌")
    return None


def coverage_problems(code: str, characters: str, fonts: Mapping[str, str], missing) -> list[Problem]:
    """A problem per text face that lacks some of the language's characters (`missing(text, font)` gives them)."""
    return [Problem("language-glyphs", f"the {role} face ({fonts[role]}) has no glyph for {lacking!r} of the "
                    f"language's letters; expected fonts that cover {code}", Location(lang=code))
            for role in TEXT_ROLES if (lacking := missing(characters, fonts[role]))]


def language_entry(code: str, locale: Locale, norm: str) -> Language:
    """The draft registry entry: its own name, the norm, pyphen's dictionary (if any), default quotes and rules."""
    return Language(code, locale.get_display_name(code) or code, DRAFT, norm, pyphen.language_fallback(code) or "",
                    DEFAULT_QUOTES, "default", "none")


def entry_text(language: Language) -> str:
    """The entry as languages.toml writes it."""
    values = {key: getattr(language, key) for key in ("name", "status", "norm", "hyphenation", "quotes", "casing",
                                                       "suffixes")}
    return f"\n[{language.code}]\n" + "".join(f'{key} = "{value}"\n' for key, value in values.items())


def new_catalog(template: bytes, code: str, domain: str, norm: str) -> bytes:
    """A domain's catalog for the language from its template, as `pybabel init` makes it (Plural-Forms from Babel's
    CLDR data for the language), with the regional norm in the header comment."""
    catalog = read_po(BytesIO(template), locale=code, domain=domain)
    catalog.locale = Locale.parse(code)
    catalog.fuzzy = False
    catalog.header_comment = (f"# {code} translations of Ancient Duel Print-and-Play.\n"
                              f"# Regional norm: {norm}.\n#")
    out = BytesIO()
    write_po(out, catalog, width=WIDTH, ignore_obsolete=True)
    return out.getvalue()


def new_language_files(locales: Path, code: str, norm: str, languages: Mapping[str, Language], fonts: Mapping[str, str],
                       missing) -> tuple[dict[Path, bytes], list[Problem]]:
    """Every file `pnp lang add` writes (path -> bytes), or the problems that stop it."""
    where = Location(file=str(locales / LANGUAGES_FILE), lang=code)
    locale = parsed_locale(code)
    if code in languages or code == PSEUDO:
        return {}, [Problem("language-exists", f"'{code}' is already a language of {locales}", where)]
    if locale is None or str(locale) != code:
        return {}, [Problem("language-unknown", f"'{code}' is not a language Babel's CLDR data knows; expected a code "
                            "such as fr, it or pt_PT", where)]
    characters = exemplar_characters(code)
    if characters is None:
        return {}, [Problem("language-glyphs", f"Hyperglot has no orthography of '{code}', so the fonts' coverage of "
                            "its letters cannot be checked", where)]
    problems = coverage_problems(code, characters, fonts, missing)
    if problems:
        return {}, problems
    files = {catalog_path(locales, code, domain): new_catalog(template_path(locales, domain).read_bytes(), code,
                                                              domain, norm) for domain in DOMAINS}
    registry = locales / LANGUAGES_FILE
    files[registry] = registry.read_bytes() + entry_text(language_entry(code, locale, norm)).encode()
    return files, []
