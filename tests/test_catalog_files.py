"""The gettext files: templates in sync with the sources, explicit plural headers, complete translations."""
from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from conftest import LANGS
from pnp.i18n.catalog_sync import in_step, stale
from pnp.i18n.catalogs import DOMAIN_INPUTS, catalog_path
from pnp.project import REPO

PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);", "tr": "nplurals=2; plural=(n != 1);", "es": "nplurals=2; plural=(n != 1);",
    "pt": "nplurals=2; plural=(n > 1);",  # Brazilian (CLDR): 0 takes the singular
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}


def keys(path: Path) -> set[tuple[str | None, str]]:
    with path.open("rb") as fp:
        return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(fp) if m.id}


def test_templates_and_catalogs_are_what_extraction_and_update_make():
    """CI fails on a stale template or catalog (references included), naming the domain and first differing entry."""
    problems = stale(in_step(REPO, REPO / "locales", LANGS))
    assert not problems, "\n".join(map(str, problems))


@pytest.mark.parametrize("domain", DOMAIN_INPUTS)
@pytest.mark.parametrize("lang", LANGS)
def test_catalog_has_explicit_plural_forms_and_every_template_message(lang, domain):
    path = catalog_path(REPO / "locales", lang, domain)
    with path.open("rb") as fp:
        catalog = read_po(fp, locale=lang)
    assert catalog.mime_headers and dict(catalog.mime_headers)["Plural-Forms"] == PLURAL_FORMS[lang]
    assert keys(path) == keys(REPO / "locales" / f"{domain}.pot")
    untranslated = [m.id for m in catalog if m.id and (m.fuzzy or not all(m.string if isinstance(m.string, tuple)
                                                                           else (m.string,)))]
    assert untranslated == []
    assert not catalog.obsolete
