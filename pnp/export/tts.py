"""Tabletop Simulator decks (`pnp export tts`): per faction a deck sheet (each distinct card once, at most 10 × 7),
a back image, and a saved object (JSON) that Tabletop Simulator loads as the faction's 40-card deck.

The saved object follows the structure Tabletop Simulator writes itself: `ObjectStates` holds one `DeckCustom`
whose `CustomDeck` entry names the sheet (FaceURL, BackURL, NumWidth, NumHeight, BackIsHidden), whose `DeckIDs`
list every copy, and whose `ContainedObjects` are the cards (`Card`, with the localized name as Nickname and the
type line with its traits, the bonus and the effect as Description). A card's id is the deck number × 100 + its
index on the sheet; the deck number is the faction's place in the kit (1 = first faction), so the decks of all
factions can share one table. The images are named by absolute URLs (Tabletop Simulator resolves no relative
names): file:/// on the machine that wrote them, or the web folder they are published in.
"""
from __future__ import annotations

import json
from math import ceil
from pathlib import Path

from PIL import Image

from ..i18n.localize import LocalizedCard
from ..core.problems import Location, Problem, ProblemsFound
from ..cards.produce import CardPages
from .images import page_images, png_bytes
from .settings import TtsSettings

ID_BASE = 100  # card id = deck number × ID_BASE + index on the sheet
TRANSFORM = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
             "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def sheet_grid(count: int, settings: TtsSettings) -> tuple[int, int]:
    """(columns, rows) of a sheet for `count` cards: full rows of at most `settings.columns`."""
    columns = min(count, settings.columns)
    return columns, ceil(count / columns)


def card_url(name: str, folder_url: str) -> str:
    """The URL of the file `name` in the folder published (or written) at `folder_url`."""
    return f"{folder_url.rstrip('/')}/{name}"


def tts_deck(pages: CardPages, deck_number: int, settings: TtsSettings, folder_url: str) -> dict[Path, bytes]:
    """<faction>.json, <faction>-faces.png (the sheet) and <faction>-back.png of one faction's deck; the JSON names
    the images by their URLs in `folder_url` (Tabletop Simulator resolves no relative names)."""
    count = len(pages.cards)
    if count > settings.columns * settings.rows:
        raise ProblemsFound([Problem("tts-sheet-full", f"{count} distinct cards do not fit a Tabletop Simulator "
                                     f"sheet of {settings.columns} × {settings.rows}", Location(field=pages.faction))])
    columns, rows = sheet_grid(count, settings)
    *faces, back = page_images(pages.pdf, [*range(0, 2 * count, 2), 1], settings.dpi, bleed=False)
    width, height = faces[0].size
    sheet = Image.new("RGB", (columns * width, rows * height), "white")
    for index, face in enumerate(faces):
        sheet.paste(face, ((index % columns) * width, (index // columns) * height))
    face_file, back_file = f"{pages.faction}-faces.png", f"{pages.faction}-back.png"
    deck = {str(deck_number): {"FaceURL": card_url(face_file, folder_url), "BackURL": card_url(back_file, folder_url),
                               "NumWidth": columns, "NumHeight": rows, "BackIsHidden": True, "UniqueBack": False,
                               "Type": 0}}
    saved = saved_object(pages.faction_name, pages.cards, deck_number, deck)
    return {Path(face_file): png_bytes(sheet, settings.dpi),
            Path(back_file): png_bytes(back, settings.dpi),
            Path(f"{pages.faction}.json"): (json.dumps(saved, ensure_ascii=False, indent=2) + "\n").encode()}


def guid(deck_number: int, position: int) -> str:
    """An object's GUID as Tabletop Simulator writes them (6 hex digits), fixed and unique on a table: the deck
    number, then 0 for the deck and 1, 2, … for its cards."""
    return f"{deck_number:02x}{position:04x}"


def saved_object(deck_name: str, cards: tuple[LocalizedCard, ...], deck_number: int, deck: dict) -> dict:
    """The saved-object JSON: one DeckCustom with every copy of every card, in the deck's order."""
    contained, ids = [], []
    for index, card in enumerate(cards):
        card_id = deck_number * ID_BASE + index
        description = "\n".join(text for text in (card.type_line, card.bonus, card.effect) if text)
        for _ in range(card.card.copies):
            ids.append(card_id)
            contained.append({"GUID": guid(deck_number, len(ids)), "Name": "Card", "Transform": TRANSFORM,
                              "Nickname": card.name, "Description": description, "GMNotes": card.card.id,
                              "CardID": card_id, "CustomDeck": deck})
    return {"SaveName": "", "GameMode": "", "Date": "", "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "",
            "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "TabStates": {},
            "VersionNumber": "",
            "ObjectStates": [{"GUID": guid(deck_number, 0), "Name": "DeckCustom", "Transform": TRANSFORM,
                              "Nickname": deck_name, "Description": "", "GMNotes": "", "Locked": False,
                              "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
                              "SidewaysCard": False, "HideWhenFaceDown": True, "Hands": False, "DeckIDs": ids,
                              "CustomDeck": deck,
                              "ContainedObjects": contained}]}
