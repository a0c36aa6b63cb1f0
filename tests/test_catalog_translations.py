"""The gettext translations pnp reads from a catalog: untranslated and fuzzy entries left out, an empty plural form
falling back to the English, contexts kept apart (pnp.i18n.catalogs compiles the catalog to .mo with Babel and reads
it with gettext: public interfaces only)."""
from __future__ import annotations

from babel.messages.catalog import Catalog

from pnp.i18n import catalogs


def test_untranslated_fuzzy_plural_and_context_entries_as_gettext_reads_them():
    catalog = Catalog(locale="pl", domain="cards")
    catalog.add("Attack", "Atak")
    catalog.add("Attack", "Natarcie", context="rome.testudo:name")
    catalog.add("Defense", "")                                      # untranslated: left out
    catalog.add("Energy", "Energia?", flags=["fuzzy"])             # fuzzy: left out
    catalog.add(("%(n)s card", "%(n)s cards"), ("%(n)s karta", "", "%(n)s kart"))  # an empty form: the English
    catalog.add(("%(n)s turn", "%(n)s turns"), ("", "", ""), context="sheet")
    catalog.add(("%(n)s unit", "%(n)s units"), ("a", "b", "c"), flags=["fuzzy"])
    built = catalogs._translations(catalogs._compiled(catalog), "cards")
    assert built.gettext("Attack") == "Atak" and built.pgettext("rome.testudo:name", "Attack") == "Natarcie"
    assert built.gettext("Defense") == "Defense" and built.gettext("Energy") == "Energy"
    assert [built.ngettext("%(n)s card", "%(n)s cards", n) for n in (1, 3, 5)] == [
        "%(n)s karta", "%(n)s cards", "%(n)s kart"]  # form 1 is empty in Polish
    assert built.npgettext("sheet", "%(n)s turn", "%(n)s turns", 5) == "%(n)s turns"
    assert built.ngettext("%(n)s unit", "%(n)s units", 1) == "%(n)s unit"
    assert built.domain == "cards" and built.charset() == "utf-8"
