"""Planting defects in a copy of the catalogs (with Babel, as a translator's tool would) and running `pnp validate`."""
from __future__ import annotations

import json
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from conftest import invoke, project_args
from pnp.i18n.catalogs import catalog_path


def po_path(root: Path, lang: str, domain: str = "cards") -> Path:
    return catalog_path(root / "locales", lang, domain)


def read(root: Path, lang: str) -> Catalog:
    with po_path(root, lang).open("rb") as fp:
        return read_po(fp, locale=lang)


def write(root: Path, lang: str, catalog: Catalog) -> None:
    with po_path(root, lang).open("wb") as fp:
        write_po(fp, catalog)


def translation(root: Path, lang: str, context: str | None, msgid: str) -> str:
    return read(root, lang).get(msgid, context=context).string


def plant(root: Path, lang: str, context: str | None, msgid: str, old: str | None = None, new: str = "",
          fuzzy: bool = False) -> int:
    """Replace `old` by `new` in one translation (or set it whole when `old` is None); returns its line number."""
    catalog = read(root, lang)
    message = catalog.get(msgid, context=context)
    assert message is not None, (lang, context, msgid)
    if old is None:
        message.string = new
    else:
        assert old in message.string, (old, message.string)
        message.string = message.string.replace(old, new, 1)
    if fuzzy:
        message.flags.add("fuzzy")
    write(root, lang, catalog)
    return line_of(root, lang, context, msgid)


def line_of(root: Path, lang: str, context: str | None, msgid: str) -> int:
    """The line of the message in the file as written (where the validator must point)."""
    return read(root, lang).get(msgid, context=context).lineno


def validate_json(runner, root: Path, *args: str) -> tuple[int, list[dict]]:
    """`pnp validate --format json` on the copy: exit code and problems."""
    result = invoke(runner, "validate", "--format", "json", *project_args(root), *args)
    return result.exit_code, json.loads(result.stdout)


def having(problems: list[dict], code: str, **location) -> list[dict]:
    """The problems with that code whose location has (at least) these values."""
    return [p for p in problems if p["code"] == code
            and all(p["location"].get(k) == v for k, v in location.items())]
