"""`pnp build --backs common`: one neutral back for every deck (allied and coalition play), no faction's colour,
emblem or name on it; faction backs stay the default."""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from conftest import invoke
from deck_helpers import pdfium_page_texts
from session_cache import built_kit
from pnp.cards.layout import card_layout
from pnp.layouts.schemas import LAYOUTS


def back_page(path) -> bytes:
    """The second page (the first back page) of a deck, rasterized."""
    return pdfium.PdfDocument(path.read_bytes())[1].render(scale=40 / 72).to_pil().convert("RGB").tobytes()


@pytest.fixture(scope="module")
def builds(runner, tmp_path_factory):
    """`pnp build --lang pl` with the default backs (session_cache.built_kit: the Polish kit other modules read, made
    once per session with the booklet, which leaves the decks as they are) and with `--backs common`."""
    out = tmp_path_factory.mktemp("backs")
    built_kit(tmp_path_factory, runner, out / "faction", ("pl",), "--booklet")
    result = invoke(runner, "build", "--lang", "pl", "--backs", "common", "--out", str(out / "common"))
    assert result.exit_code == 0, result.output
    return {backs: sorted((out / backs / "pl" / "cards").glob("*.pdf")) for backs in ("faction", "common")}


def test_common_backs_are_one_neutral_back_for_every_deck(builds):
    decks = builds["common"]
    assert len(decks) == 7
    assert len({back_page(path) for path in decks}) == 1
    names = {"Kartagina", "Dacja", "Egipt", "Macedonia", "Persja", "Rzym", "Sparta"}
    for path in decks:
        backs = " ".join(pdfium_page_texts(path.read_bytes())[1::2])
        assert "ANCIENT DUEL" in backs.upper() and not any(name.upper() in backs.upper() for name in names)


def test_faction_backs_stay_the_default(builds):
    assert len({back_page(path) for path in builds["faction"]}) == 7


def test_the_common_back_is_in_no_faction_colour_and_has_its_own_emblem():
    layout = card_layout(LAYOUTS)
    assert layout.common.color not in {style.color for style in layout.factions.values()}
    assert layout.common.emblem not in {style.emblem for style in layout.factions.values()}
