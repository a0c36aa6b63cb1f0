"""The languages of the kit as data (locales/languages.toml): each one's name, status, regional norm, hyphenation,
quotation marks, casing and suffix rules. Nothing else names a language code.

The registry in use is the bundled file's until a project's inputs are read (`use`), so that a language added to
a project's catalogs folder with `pnp lang add` is known to every stage of that run, in forked workers too.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from ..core.problems import ERROR, WARNING, Location, Problem, raise_if_errors
from ..core.resources import bundled_root
from ..core.tomlfile import key_lines, read_toml

LANGUAGES_FILE = "languages.toml"
SOURCE, COMPLETE, DRAFT = "source", "complete", "draft"
STATUSES = (SOURCE, COMPLETE, DRAFT)
CASINGS = ("default", "turkic")
SUFFIXES = ("none", "turkish")
PSEUDO = "qps"  # the pseudo-locale: generated from the English source, never a catalog (pnp.i18n.pseudo)


@dataclass(frozen=True)
class Language:
    """A language of the kit (locales/languages.toml): its code, name, status and writing traits."""
    code: str
    name: str
    status: str
    norm: str
    hyphenation: str
    quotes: str
    casing: str
    suffixes: str

    @property
    def turkic(self) -> bool:
        """Capitals by the Turkic rule: i → İ, ı → I."""
        return self.casing == "turkic"


CHOICES = {"status": STATUSES, "casing": CASINGS, "suffixes": SUFFIXES}
KEYS = tuple(f.name for f in fields(Language) if f.name != "code")


def read_languages(locales: Path) -> tuple[Mapping[str, Language], list[Problem]]:
    """The languages of a catalogs folder's languages.toml, and a located problem for each malformed entry."""
    path = locales / LANGUAGES_FILE
    data, problems = read_toml(path)
    if data is None:
        return MappingProxyType({}), problems
    lines = key_lines(path.read_text(encoding="utf-8-sig"))
    found = {}
    for code, entry in data.items():
        where = Location(str(path), lines.get((code,)), lang=code)
        if not isinstance(entry, dict):
            problems.append(Problem("language-entry", f"'{code}' must be a table [{code}]", where))
            continue
        wrong = [f"'{key}'" for key in KEYS if not isinstance(entry.get(key), str)]
        wrong += [f"'{key}' ({entry[key]!r} is not one of {', '.join(CHOICES[key])})" for key in CHOICES
                  if isinstance(entry.get(key), str) and entry[key] not in CHOICES[key]]
        wrong += [f"unknown key '{key}'" for key in entry if key not in KEYS]
        if len(entry.get("quotes", "xx")) != 2:
            wrong.append("'quotes' (expected two characters, the opening and closing mark)")
        if wrong:
            problems.append(Problem("language-entry", f"language '{code}': {', '.join(wrong)}; expected the keys "
                                    f"{', '.join(KEYS)} as text", where))
            continue
        found[code] = Language(code, **{key: entry[key] for key in KEYS})
    return MappingProxyType(found), problems


def _bundled() -> Mapping[str, Language]:
    found, problems = read_languages(bundled_root() / "locales")
    raise_if_errors(problems)
    return found


_registry: Mapping[str, Language] = _bundled()


def use(languages: Mapping[str, Language]) -> None:
    """Make a project's languages the registry of this process (and of the workers it forks)."""
    global _registry
    _registry = languages


def language(code: str | None) -> Language:
    """A language's traits; a code the registry does not know (the pseudo-locale) has the default ones and no
    status."""
    return _registry.get(code or "") or Language(code or "", code or "", "", "", "", "“”", "default", "none")


def fit_severity(code: str | None) -> str:
    """How grave a text is that does not fit its box: an error, but a warning in the pseudo-locale, printed only
    to see what would not fit in a long language (the fitter's report)."""
    return WARNING if code == PSEUDO else ERROR


def babel_locale(code: str) -> str:
    """The locale Babel formats the language's numbers and names in (English for the pseudo-locale)."""
    return "en" if code == PSEUDO else code


def codes(status: str, languages: Mapping[str, Language] | None = None) -> tuple[str, ...]:
    """The codes of the languages with that status, in the file's order."""
    return tuple(code for code, lang in (languages or _registry).items() if lang.status == status)


BUNDLED_LANGS = codes(COMPLETE)  # the shipped translations: `--lang all`
