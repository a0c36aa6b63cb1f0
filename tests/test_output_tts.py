"""`pnp export tts`: per faction a saved object in the structure Tabletop Simulator writes, whose counts and names
agree with the card database, and a deck sheet whose grid cell for each card id shows that card."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from conftest import invoke
from pnp.context import BuildOptions
from pnp.kit.build import prepare_context
from pnp.export.images import page_image
from pnp.layouts.schemas import LAYOUTS
from pnp.export.settings import export_layout
from pnp.project import Project
from pnp.cards.produce import card_pages
from pnp.data.terms import FACTIONS

LANG = "tr"
CUSTOM_DECK_KEYS = {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden"}
TRANSFORM_KEYS = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}


@pytest.fixture(scope="module")
def tts(tmp_path_factory, runner) -> Path:
    out = tmp_path_factory.mktemp("tts")
    result = invoke(runner, "export", "tts", "--lang", LANG, "--out", out)
    assert result.exit_code == 0, result.output
    return out / LANG / "tts"


def _deck(folder: Path, faction: str) -> dict:
    saved = json.loads((folder / f"{faction}.json").read_text(encoding="utf-8"))
    (deck,) = saved["ObjectStates"]
    return deck


def test_every_faction_has_a_saved_object_a_sheet_and_a_back(tts):
    assert sorted(p.name for p in tts.iterdir()) == sorted(
        name for f in FACTIONS for name in (f"{f}.json", f"{f}-faces.png", f"{f}-back.png"))


def test_the_saved_object_has_the_structure_tabletop_simulator_saves(tts):
    for number, faction in enumerate(FACTIONS, start=1):
        deck = _deck(tts, faction)
        assert deck["Name"] == "DeckCustom" and set(deck["Transform"]) == TRANSFORM_KEYS
        (key,) = deck["CustomDeck"]
        assert key == str(number) and CUSTOM_DECK_KEYS <= set(deck["CustomDeck"][key])
        entry = deck["CustomDeck"][key]
        assert entry["BackIsHidden"] is True and entry["FaceURL"] == f"{faction}-faces.png"
        assert entry["BackURL"] == f"{faction}-back.png"
        assert 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7
        assert deck["DeckIDs"] == [card["CardID"] for card in deck["ContainedObjects"]]
        for card in deck["ContainedObjects"]:
            assert card["Name"] == "Card" and set(card["Transform"]) == TRANSFORM_KEYS
            assert card["CustomDeck"] == deck["CustomDeck"]
            assert card["CardID"] // 100 == number
            assert card["CardID"] % 100 < entry["NumWidth"] * entry["NumHeight"]


def test_counts_names_and_effects_agree_with_the_database(tts, exported):
    cards = exported[LANG]
    for faction in FACTIONS:
        deck = _deck(tts, faction)
        own = [card for card in cards if card["faction"] == faction]
        assert len(deck["DeckIDs"]) == sum(card["copies"] for card in own) == 40
        by_id = {card["GMNotes"]: card for card in deck["ContainedObjects"]}
        assert set(by_id) == {card["id"] for card in own}
        counts = Counter(card["GMNotes"] for card in deck["ContainedObjects"])
        for card in own:
            assert counts[card["id"]] == card["copies"]
            assert by_id[card["id"]]["Nickname"] == card["name"]
            assert card["effect"] in by_id[card["id"]]["Description"]


def test_each_grid_cell_shows_the_card_of_its_id(tts):
    settings = export_layout(LAYOUTS).tts
    ctx, _ = prepare_context(Project(), BuildOptions(langs=(LANG,), mode="pro"))
    for pages in card_pages(ctx, LANG)[:2]:
        deck = _deck(tts, pages.faction)
        entry = next(iter(deck["CustomDeck"].values()))
        with Image.open(tts / f"{pages.faction}-faces.png") as sheet:
            sheet = sheet.convert("RGB")
            width, height = sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"]
            assert (width * entry["NumWidth"], height * entry["NumHeight"]) == sheet.size
            for index, card in enumerate(pages.cards):
                (card_id,) = {c["CardID"] for c in deck["ContainedObjects"] if c["GMNotes"] == card.card.id}
                slot = card_id % 100
                cell = sheet.crop(((slot % entry["NumWidth"]) * width, (slot // entry["NumWidth"]) * height,
                                   (slot % entry["NumWidth"] + 1) * width, (slot // entry["NumWidth"] + 1) * height))
                face = page_image(pages.pdf, 2 * index, settings.dpi, bleed=False)
                assert ImageChops.difference(cell, face).getbbox() is None, card.card.id
        with Image.open(tts / f"{pages.faction}-back.png") as back:
            assert back.size == (width, height)


def test_a_base_url_makes_the_urls_absolute(runner, tmp_path):
    result = invoke(runner, "export", "tts", "--lang", "en", "--base-url", "https://example.invalid/ad/",
                    "--out", tmp_path)
    assert result.exit_code == 0, result.output
    entry = next(iter(_deck(tmp_path / "en" / "tts", "rome")["CustomDeck"].values()))
    assert entry["FaceURL"] == "https://example.invalid/ad/rome-faces.png"
    assert entry["BackURL"] == "https://example.invalid/ad/rome-back.png"


@pytest.mark.parametrize("url", ["javascript:alert(1)", "ftp://example.org/x", "https://example.org/a b",
                                 'https://example.org/"x', "https://example.org/\x07", "example.org/cards"])
def test_a_base_url_that_is_no_http_or_file_url_is_a_usage_error(runner, tmp_path, url):
    result = invoke(runner, "export", "tts", "--lang", "de", "--base-url", url, "--out", tmp_path / "out")
    assert result.exit_code == 2 and "--base-url" in result.output and not (tmp_path / "out").exists()
