"""The language slips of issue #23 stay fixed in the catalogs: Polish card names stand where the nominative is
grammatical, German "seines" for a player, Turkish "birlik" for a unit, one way of writing each Portuguese position,
neutral Latin American Spanish, no lone "I." or "7." to start a line, and each catalog names its regional norm."""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from pnp.project import REPO

LANGS = ("de", "pl", "tr", "es", "pt")
DOMAINS = ("cards", "rulebook", "sheets")
NORMS = {"es": "neutral Latin American Spanish", "pt": "Brazilian Portuguese", "de": "Germany", "pl": "Polish",
         "tr": "TDK"}


def translations(lang: str, domain: str = "rulebook") -> list[str]:
    with (REPO / "locales" / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as fp:
        catalog = read_po(fp)
    return [text for message in catalog if message.id
            for text in (message.string if isinstance(message.string, tuple) else (message.string,))]


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_each_catalog_names_its_regional_norm(lang, domain):
    with (REPO / "locales" / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as fp:
        header = read_po(fp).header_comment
    assert "Regional norm:" in header and NORMS[lang] in " ".join(header.split())


@pytest.mark.parametrize("lang, slip", [
    ("pl", re.compile(r"(ma|wystawia|atakuje|efekt) „%\(")),  # a card name as object or genitive: after a noun
    ("de", re.compile(r"Spieler[^.]*\bihres nächsten Zuges")),
    ("tr", re.compile(r"\bbirim")),
    ("tr", re.compile(r"Çevrimiçi|çevrimiçi")),
    ("pt", re.compile(r"em ataque|em defesa|posição de (ataque|defesa)|reabastecid")),
    ("es", re.compile(r"\bgoma\b|\bvosotros\b|\bcoger\b|\bordenador\b")),
])
def test_the_slips_of_the_playtest_are_gone(lang, slip):
    assert not [text for text in translations(lang) if slip.search(text)]


@pytest.mark.parametrize("lang", LANGS)
def test_no_player_numeral_or_closing_number_starts_a_line(lang):
    """"player I" and a number that ends a sentence are bound to the word before them by a no-break space."""
    loose = [text for text in translations(lang) if re.search(r"\w (I{1,2})\b|\w (%\([a-z_]+\)s)[.;:]", text)]
    assert not loose, loose[:3]
