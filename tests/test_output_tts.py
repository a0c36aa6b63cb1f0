"""`pnp export tts`: per faction a saved object in the structure Tabletop Simulator writes, whose counts and names
agree with the card database, and a deck sheet whose grid cell for each card id shows that card."""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

import pytest
from PIL import Image, ImageChops

from conftest import invoke
from pnp.context import BuildOptions
from pnp.kit.build import prepare_context
from pnp.layouts.schemas import LAYOUTS
from pnp.export.images import page_images
from pnp.export.settings import export_layout
from pnp.project import Project
from pnp.cards.produce import card_pages, compose_cards
from pnp.data.terms import FACTIONS
from session_cache import shared_layouts

LANG = "tr"
# The keys and value types of a custom deck as Tabletop Simulator writes it into a saved object (a deck saved from
# the game: Objects > Saved Objects > Save), the ones a loaded deck needs.
SAVED_DECK = {"GUID": str, "Name": str, "Transform": dict, "Nickname": str, "Description": str, "GMNotes": str,
              "Locked": bool, "Grid": bool, "Snap": bool, "Autoraise": bool, "Sticky": bool, "Tooltip": bool,
              "SidewaysCard": bool, "HideWhenFaceDown": bool, "Hands": bool, "DeckIDs": list, "CustomDeck": dict,
              "ContainedObjects": list}
SAVED_CARD = {"GUID": str, "Name": str, "Transform": dict, "Nickname": str, "Description": str, "GMNotes": str,
              "CardID": int, "CustomDeck": dict}
CUSTOM_DECK = {"FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int, "BackIsHidden": bool,
               "UniqueBack": bool, "Type": int}
TRANSFORM_KEYS = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}


def _typed_like(value: dict, keys: dict) -> bool:
    return all(isinstance(value.get(key), kind) for key, kind in keys.items())


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
    guids = []
    for number, faction in enumerate(FACTIONS, start=1):
        deck = _deck(tts, faction)
        assert deck["Name"] == "DeckCustom" and _typed_like(deck, SAVED_DECK)
        assert set(deck["Transform"]) == TRANSFORM_KEYS
        (key,) = deck["CustomDeck"]
        entry = deck["CustomDeck"][key]
        assert key == str(number) and _typed_like(entry, CUSTOM_DECK)
        assert entry["BackIsHidden"] is True and entry["UniqueBack"] is False
        assert 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7
        assert deck["DeckIDs"] == [card["CardID"] for card in deck["ContainedObjects"]]
        guids += [deck["GUID"], *(card["GUID"] for card in deck["ContainedObjects"])]
        for card in deck["ContainedObjects"]:
            assert card["Name"] == "Card" and _typed_like(card, SAVED_CARD)
            assert set(card["Transform"]) == TRANSFORM_KEYS
            assert card["CustomDeck"] == deck["CustomDeck"]
            assert card["CardID"] // 100 == number
            assert card["CardID"] % 100 < entry["NumWidth"] * entry["NumHeight"]
    assert all(re.fullmatch("[0-9a-f]{6}", guid) for guid in guids) and len(set(guids)) == len(guids)


def test_the_default_urls_are_absolute_file_urls_of_the_written_images(tts):
    for faction in FACTIONS:
        entry = next(iter(_deck(tts, faction)["CustomDeck"].values()))
        for key, name in (("FaceURL", f"{faction}-faces.png"), ("BackURL", f"{faction}-back.png")):
            url = urlsplit(entry[key])
            assert url.scheme == "file" and entry[key].startswith("file:///"), entry[key]
            assert Path(url2pathname(url.path)) == (tts / name).absolute()


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
            type_line = " · ".join([card["type"], *card["trait_names"]])
            assert by_id[card["id"]]["Description"] == "\n".join(
                filter(None, (type_line, card["bonus"], card["effect"])))


def test_the_description_starts_with_the_type_line_and_its_traits(tts, exported):
    mercenaries = 0
    for card in exported[LANG]:
        by_id = {c["GMNotes"]: c for c in _deck(tts, card["faction"])["ContainedObjects"]}
        first_line = by_id[card["id"]]["Description"].splitlines()[0]
        assert first_line == " · ".join([card["type"], *card["trait_names"]])
        mercenaries += "Paralı asker" in first_line
    assert mercenaries == 3  # the three Carthage Mercenaries (docs/rules-decisions.md)


def test_each_grid_cell_shows_the_card_of_its_id(tts):
    settings = export_layout(LAYOUTS).tts
    ctx, _ = prepare_context(Project(), BuildOptions(langs=(LANG,), mode="pro"))
    for pages in card_pages(compose_cards(ctx.in_language(LANG)))[:2]:
        deck = _deck(tts, pages.faction)
        entry = next(iter(deck["CustomDeck"].values()))
        with Image.open(tts / f"{pages.faction}-faces.png") as sheet:
            sheet = sheet.convert("RGB")
            width, height = sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"]
            assert (width * entry["NumWidth"], height * entry["NumHeight"]) == sheet.size
            faces = page_images(pages.pdf, range(0, 2 * len(pages.cards), 2), settings.dpi, bleed=False)
            for card, face in zip(pages.cards, faces):  # the fronts, from one opened document
                (card_id,) = {c["CardID"] for c in deck["ContainedObjects"] if c["GMNotes"] == card.card.id}
                slot = card_id % 100
                cell = sheet.crop(((slot % entry["NumWidth"]) * width, (slot // entry["NumWidth"]) * height,
                                   (slot % entry["NumWidth"] + 1) * width, (slot // entry["NumWidth"] + 1) * height))
                assert ImageChops.difference(cell, face).getbbox() is None, card.card.id
        with Image.open(tts / f"{pages.faction}-back.png") as back:
            assert back.size == (width, height)


def test_a_base_url_gives_each_language_its_own_urls(runner, tmp_path):
    """With the deck sheets at 50 dpi (a layouts folder of one's own: the URLs do not depend on the resolution)."""
    layouts = shared_layouts("export.toml", "dpi = 150", "dpi = 50")
    result = invoke(runner, "export", "tts", "--lang", "en,de", "--base-url", "https://example.invalid/ad/",
                    "--layouts", layouts, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    for lang in ("en", "de"):
        entry = next(iter(_deck(tmp_path / lang / "tts", "rome")["CustomDeck"].values()))
        assert entry["FaceURL"] == f"https://example.invalid/ad/{lang}/tts/rome-faces.png"
        assert entry["BackURL"] == f"https://example.invalid/ad/{lang}/tts/rome-back.png"


@pytest.mark.parametrize("url", ["example.invalid/ad", "ftp://example.invalid/", "https:///no-host", "",
                                 "javascript:alert(1)", "https://example.org/a b", 'https://example.org/"x',
                                 "https://example.org/\x07"])
def test_a_base_url_that_is_no_http_or_file_url_is_a_usage_error(runner, tmp_path, url):
    result = invoke(runner, "export", "tts", "--lang", "de", "--base-url", url, "--out", tmp_path / "out")
    assert result.exit_code == 2 and "--base-url" in result.output and not (tmp_path / "out").exists()
