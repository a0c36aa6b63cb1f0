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
    built = catalogs._translations(catalogs._compiled(catalog))
    assert built.gettext("Attack") == "Atak" and built.pgettext("rome.testudo:name", "Attack") == "Natarcie"
    assert built.gettext("Defense") == "Defense" and built.gettext("Energy") == "Energy"
    assert [built.ngettext("%(n)s card", "%(n)s cards", n) for n in (1, 3, 5)] == [
        "%(n)s karta", "%(n)s cards", "%(n)s kart"]  # form 1 is empty in Polish
    assert built.npgettext("sheet", "%(n)s turn", "%(n)s turns", 5) == "%(n)s turns"
    assert built.ngettext("%(n)s unit", "%(n)s units", 1) == "%(n)s unit"
    assert built.charset() == "utf-8"


def test_a_languages_domains_make_one_translator_where_the_later_domain_wins():
    """The domains of a language, read in DOMAINS order, answer as one: a message only one holds from that one, a
    message two hold from the later (as `messages` keeps it), and the plural forms of the language."""
    def compiled(*entries):
        catalog = Catalog(locale="pl")
        for msgid, string, *context in entries:
            catalog.add(msgid, string, context=context[0] if context else None)
        return catalogs._translations(catalogs._compiled(catalog))

    joined = catalogs._joined([compiled(("Attack", "Atak"), ("Both", "z kart"), ("Rome", "Rzym", "faction")),
                               compiled(("Score", "Wynik")),
                               compiled(("Both", "z zasad"), (("%(n)s card", "%(n)s cards"), ("a", "b", "c")))])
    assert [joined.gettext(m) for m in ("Attack", "Score", "Both", "Other")] == ["Atak", "Wynik", "z zasad", "Other"]
    assert joined.pgettext("faction", "Rome") == "Rzym" and joined.pgettext("faction", "Roma") == "Roma"
    assert [joined.ngettext("%(n)s card", "%(n)s cards", n) for n in (1, 3, 5)] == ["a", "b", "c"]
