"""The catalogs as Babel's extraction and update make them from the code (`pnp catalogs update`), and where the
shipped ones differ from that (the staleness check CI runs).

Extraction is `pybabel extract` with babel.cfg and the project's keywords, of each domain's input paths
(`DOMAIN_INPUTS`), references relative to the repository; the update is `pybabel update --ignore-obsolete` of
every language's catalog from that template. Both run in memory; only the header's dates depend on when they run,
so a file whose text equals the result with the dates aside is kept as it is (running twice changes nothing).
"""
from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, check_and_call_extract_file, extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.pofile import PoFileError, read_po, write_po

from ..core.problems import Location, Problem
from .catalogs import DOMAIN_INPUTS, catalog_path

KEYWORDS = ("N_:1c,2",)  # N_(context, msgid): a message named where it is defined, translated where it is printed
COMMENT_TAGS = ("TRANSLATORS:",)
HEADER = {"project": "Ancient Duel Print-and-Play", "version": "0.1",
          "msgid_bugs_address": "translations@ancient-duel.invalid",
          "copyright_holder": "Ancient Duel PnP contributors"}
WIDTH = 76  # pybabel's default line width
# what depends on the day a catalog is made: the header's two dates and the year of the template's header comment
DATES = re.compile(rb'^"(POT-Creation-Date|PO-Revision-Date): [^"]*"$', re.M)
YEARS = re.compile(rb'^(# (?:Copyright \(C\)|FIRST AUTHOR).*?)\d{4}', re.M)


def template_path(locales: Path, domain: str) -> Path:
    return locales / f"{domain}.pot"


def extract(repo: Path, domain: str) -> Catalog:
    """The domain's template: every message of its input paths, as `pybabel extract` run in `repo` makes it."""
    with open(repo / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg, "babel.cfg")
    keywords = {**DEFAULT_KEYWORDS, **parse_keywords(KEYWORDS)}
    catalog = Catalog(**HEADER, charset="utf-8")
    for path in DOMAIN_INPUTS[domain]:
        if (repo / path).is_file():
            extracted = ((path, *rest) for _, *rest in check_and_call_extract_file(
                repo / path, method_map, options_map, None, keywords, COMMENT_TAGS, False, dirpath=repo))
        else:
            extracted = ((str(Path(path, name)), *rest) for name, *rest in extract_from_dir(
                repo / path, method_map, options_map, keywords, COMMENT_TAGS))
        for filepath, lineno, message, comments, context in extracted:
            catalog.add(message, None, [(filepath, lineno)], auto_comments=comments, context=context)
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    out = BytesIO()
    write_po(out, catalog, width=WIDTH, ignore_obsolete=True)
    return out.getvalue()


def updated(po: bytes, template: Catalog, lang: str, domain: str) -> bytes:
    """A language's catalog updated from the template, as `pybabel update --ignore-obsolete` writes it."""
    catalog = read_po(BytesIO(po), locale=lang, domain=domain)
    catalog.update(template)
    return po_bytes(catalog)


def undated(data: bytes) -> bytes:
    """The catalog's text with the day it was made blanked out."""
    return YEARS.sub(rb"\1YYYY", DATES.sub(rb'"\1: "', data))


def in_step(repo: Path, locales: Path, langs: tuple[str, ...]) -> dict[Path, bytes]:
    """Every template and catalog as extraction and update make them: path -> bytes, the current bytes kept where
    they differ only in their dates."""
    result = {}
    for domain in DOMAIN_INPUTS:
        template = extract(repo, domain)
        result[template_path(locales, domain)] = po_bytes(template)
        for lang in langs:
            path = catalog_path(locales, lang, domain)
            result[path] = updated(path.read_bytes(), template, lang, domain)
    return {path: _keep_date(path, data) for path, data in result.items()}


def _keep_date(path: Path, data: bytes) -> bytes:
    current = path.read_bytes() if path.exists() else b""
    return current if undated(current) == undated(data) else data


def stale(expected: dict[Path, bytes]) -> list[Problem]:
    """A `catalog-stale` problem for every file whose bytes are not the expected ones, naming its domain and first
    differing entry."""
    found = []
    for path, data in expected.items():
        current = path.read_bytes() if path.exists() else b""
        if current != data:
            entry, what = first_difference(current, data)
            found.append(Problem("catalog-stale", f"the '{path.name.split('.')[0]}' catalog is not what extraction "
                                 f"and update make from the code: {entry}: {what}; run `pnp catalogs update`",
                                 Location(file=str(path))))
    return found


FIELDS = (("translation", "string"), ("references", "locations"), ("extracted comments", "auto_comments"),
          ("translator comments", "user_comments"), ("flags", "flags"), ("plural", "id"))


def first_difference(current: bytes, expected: bytes) -> tuple[str, str]:
    """The first entry (in the expected order) that is missing, extra or different, and what differs."""
    if not current:
        return "the file", "missing"
    try:
        old = read_po(BytesIO(current))
    except (PoFileError, ValueError) as exc:
        return "the file", f"unreadable ({exc})"
    new = read_po(BytesIO(expected))
    old_entries = {_key(m): m for m in old if m.id}
    new_entries = {_key(m): m for m in new if m.id}
    for key, message in new_entries.items():
        if key not in old_entries:
            return _name(key), "missing (the code has it)"
        before = old_entries[key]
        for label, field in FIELDS:
            was, now = _field(before, field), _field(message, field)
            if was != now:
                return _name(key), f"{label} {was!r}, expected {now!r}"
    for key in old_entries:
        if key not in new_entries:
            return _name(key), "not in the code any more"
    if list(old_entries) != list(new_entries):
        first = next(a for a, b in zip(old_entries, new_entries) if a != b)
        return _name(first), "out of order"
    lines = zip(undated(current).splitlines(), undated(expected).splitlines())
    line = next((i for i, (a, b) in enumerate(lines, 1) if a != b), None)
    where = f"line {line}" if line else "the end"
    header = old.header_comment != new.header_comment or old.mime_headers != new.mime_headers
    return "header" if header else "formatting", f"differs from {where}"


def _key(message: Message) -> tuple[str | None, str]:
    return message.context, message.id[0] if isinstance(message.id, tuple) else message.id


def _name(key: tuple[str | None, str]) -> str:
    context, msgid = key
    return (f"msgctxt {context!r} " if context else "") + f"msgid {msgid!r}"


def _field(message: Message, field: str):
    value = getattr(message, field)
    if field == "flags":
        return sorted(value)
    if field == "locations":
        return [f"{file}:{line}" for file, line in value]
    return value
