"""The gettext files: templates in sync with the sources, explicit plural headers, complete translations."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from conftest import LANGS
from pnp.i18n.catalogs import DOMAIN_INPUTS, catalog_path
from pnp.project import REPO

PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);", "tr": "nplurals=2; plural=(n != 1);", "es": "nplurals=2; plural=(n != 1);",
    "pt": "nplurals=2; plural=(n != 1);",
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}


def keys(path: Path) -> set[tuple[str | None, str]]:
    with path.open("rb") as fp:
        return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(fp) if m.id}


@pytest.mark.parametrize("domain", DOMAIN_INPUTS)
def test_template_is_up_to_date_with_the_sources(tmp_path, domain):
    """The README's extraction command, run now, gives the committed template's messages."""
    out = tmp_path / f"{domain}.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", "-k", "N_:1c,2",
                    "--add-comments=TRANSLATORS:", "-o", str(out), *DOMAIN_INPUTS[domain]],
                   cwd=REPO, check=True, capture_output=True)
    assert keys(out) == keys(REPO / "locales" / f"{domain}.pot"), "run the translator workflow in the README"


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
