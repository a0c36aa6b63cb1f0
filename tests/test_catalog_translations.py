"""The gettext tables pnp builds from a catalog are those of Babel's .mo writer read back by gettext."""
from __future__ import annotations

from io import BytesIO

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.support import Translations

from pnp.i18n import catalogs
from pnp.i18n.catalogs import DOMAINS, LANGS, catalog_path
from pnp.project import REPO


def through_mo(catalog: Catalog, domain: str) -> Translations:
    """The reference: the catalog written as .mo bytes by Babel and read by gettext."""
    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=domain)


def assert_same(catalog: Catalog, domain: str) -> None:
    built, reference = catalogs._translations(catalog, domain), through_mo(catalog, domain)
    assert built._catalog == reference._catalog
    assert (built.info(), built.charset(), built.domain) == (reference.info(), reference.charset(), reference.domain)
    assert [built.plural(n) for n in range(1000)] == [reference.plural(n) for n in range(1000)]


@pytest.mark.parametrize("lang", LANGS)
def test_every_shipped_catalog_gives_the_mo_files_table(lang):
    for domain in DOMAINS:
        catalog, problems = catalogs._read_strictly(catalog_path(REPO / "locales", lang, domain), lang, domain)
        assert problems == []
        assert_same(catalog, domain)


def test_untranslated_fuzzy_plural_and_context_entries_as_gettext_reads_them():
    catalog = Catalog(locale="pl", domain="cards")
    catalog.add("Attack", "Atak")
    catalog.add("Attack", "Natarcie", context="rome.testudo:name")
    catalog.add("Defense", "")                                      # untranslated: left out
    catalog.add("Energy", "Energia?", flags=["fuzzy"])             # fuzzy: left out
    catalog.add(("%(n)s card", "%(n)s cards"), ("%(n)s karta", "", "%(n)s kart"))  # an empty form: the English
    catalog.add(("%(n)s turn", "%(n)s turns"), ("", "", ""), context="sheet")
    catalog.add(("%(n)s unit", "%(n)s units"), ("a", "b", "c"), flags=["fuzzy"])
    assert_same(catalog, "cards")
    built = catalogs._translations(catalog, "cards")
    assert built.ngettext("%(n)s card", "%(n)s cards", 3) == "%(n)s cards"  # form 1 is empty in Polish
    assert built.pgettext("rome.testudo:name", "Attack") == "Natarcie" and built.gettext("Defense") == "Defense"
