"""Card images (`pnp export images`): one PNG per distinct card front and one back per faction, rasterized with
pypdfium2 from the very pages the pro-mode decks print (so an image matches the print), and a manifest. A faction's
PNGs are kept across runs (CARD_IMAGES), keyed by the bytes of its pages.

`page_images` is the pure rasterizer — PDF bytes and page indices in, sRGB images of the pages' BleedBox or
TrimBox out — which other outputs reuse (Tabletop Simulator sheets, the proof site).
"""
from __future__ import annotations

import csv
import hashlib
import json
import zlib
from io import BytesIO, StringIO
from pathlib import Path
from typing import Sequence

import PIL
import pypdfium2
from PIL import Image, ImageCms, features

from ..cards.produce import CardPages
from ..core.disk_cache import DiskCache, source_digest

POINTS_PER_INCH = 72
ICC_DATE = slice(24, 36)  # the profile header's creation date (ICC.1, 7.2.8), which LittleCMS sets to the time now
MANIFEST_FIELDS = ("id", "name", "faction", "side", "copies", "file")
PNG_LEVEL = 3  # zlib's level: 16 ms a 300 dpi card instead of 23 ms at Pillow's default 6, for about 6 % more bytes
PNG_STRATEGY = zlib.Z_RLE  # runs only: 12.5 instead of 13.4 ms a 300 dpi card, 5 % more bytes (the rest: row filters)
CARD_IMAGES = DiskCache("card-images", "each faction's card images of `pnp export images` (the PNGs of its fronts "
                        "and its back), one entry per language, faction, resolution and cut (bleed or trim)",
                        "the bytes of the faction's pro pages, the pages rasterized, the resolution and cut, the sRGB "
                        "profile, the versions of Pillow, its JPEG and zlib libraries, pypdfium2 and PDFium, and "
                        "pnp's image code", "pnp.export.images.CARD_IMAGES")


def page_images(pdf: bytes, indices: Sequence[int], dpi: int, bleed: bool = True) -> list[Image.Image]:
    """Each page of `indices` of `pdf` as an RGB image at `dpi`: its BleedBox (`bleed`) or its TrimBox, each side
    rounded to whole pixels (a 69 × 94 mm box is 815 × 1110 px at 300 dpi); from one opened document (PDFium
    reads the fonts and forms the pages share once: twice as fast at 72 dpi as a document per page)."""
    return [images[0] for images in page_renders(pdf, indices, (dpi,), bleed)]


def page_renders(pdf: bytes, indices: Sequence[int], dpis: Sequence[int], bleed: bool = True
                 ) -> list[tuple[Image.Image, ...]]:
    """Each page of `indices` as `page_images` makes it, at each of `dpis` (a page loaded once for all)."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [tuple(_box_image(page, dpi, bleed) for dpi in dpis) for page in map(document.__getitem__, indices)]
    finally:
        document.close()


def _box_image(page: pypdfium2.PdfPage, dpi: int, bleed: bool) -> Image.Image:
    """The page rendered in RGB byte order (PIL takes it without swapping channels or a second copy: 1.6 instead of
    2.1 ms a card at 150 dpi, 4.8 instead of 6.9 ms at 300 dpi, the same pixels), cut to the box."""
    left, bottom, right, top = page.get_bleedbox() if bleed else page.get_trimbox()
    media_top = page.get_mediabox()[3]
    scale = dpi / POINTS_PER_INCH
    image = page.render(scale=scale, rev_byteorder=True).to_pil()
    x, y = round(left * scale), round((media_top - top) * scale)
    return image.crop((x, y, x + round((right - left) * scale), y + round((top - bottom) * scale)))


def renderer_versions() -> bytes:
    """The versions of what rasterizes and encodes the images (Pillow, its JPEG and zlib libraries, pypdfium2 and
    PDFium), for the keys of caches that keep images across runs."""
    return (f"{PIL.__version__} {features.version('jpg')} {features.version('zlib')} {pypdfium2.PYPDFIUM_INFO} "
            f"{pypdfium2.PDFIUM_INFO}").encode()


def srgb_profile() -> bytes:
    """LittleCMS's sRGB ICC profile with a fixed creation date (all zero), so the same image gives the same bytes."""
    profile = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    profile[ICC_DATE] = bytes(ICC_DATE.stop - ICC_DATE.start)
    return bytes(profile)


def png_bytes(image: Image.Image, dpi: int) -> bytes:
    """PNG with an embedded sRGB ICC profile (a print service converts it as sRGB, not as an unknown RGB) and its
    resolution, compressed at PNG_LEVEL with PNG_STRATEGY; deterministic."""
    buffer = BytesIO()
    image.save(buffer, "PNG", icc_profile=srgb_profile(), dpi=(dpi, dpi), optimize=False, compress_level=PNG_LEVEL,
               compress_type=PNG_STRATEGY)
    return buffer.getvalue()


def back_file(faction: str) -> str:
    return f"back-{faction}.png"


def card_images(factions: Sequence[CardPages], lang: str, dpi: int, bleed: bool) -> dict[Path, bytes]:
    """{file name: bytes}: `<card id>.png` per distinct card, `back-<faction>.png` per faction (of the pages of the
    language `lang`), and the manifest (manifest.json, manifest.csv) listing id, name, faction, side, copies and file
    of each."""
    files: dict[Path, bytes] = {}
    rows = []
    for pages in factions:
        *fronts, back = faction_pngs(pages, lang, dpi, bleed)
        for card, png in zip(pages.cards, fronts):
            name = f"{card.card.id}.png"
            files[Path(name)] = png
            rows.append({"id": card.card.id, "name": card.name, "faction": pages.faction, "side": "front",
                         "copies": card.card.copies, "file": name})
        files[Path(back_file(pages.faction))] = back
        rows.append({"id": f"back-{pages.faction}", "name": pages.faction_name, "faction": pages.faction,
                     "side": "back", "copies": sum(card.card.copies for card in pages.cards),
                     "file": back_file(pages.faction)})
    files[Path("manifest.json")] = (json.dumps(rows, ensure_ascii=False, indent=2) + "\n").encode()
    table = StringIO()
    writer = csv.DictWriter(table, MANIFEST_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    files[Path("manifest.csv")] = table.getvalue().encode()
    return files


def faction_pngs(pages: CardPages, lang: str, dpi: int, bleed: bool) -> tuple[bytes, ...]:
    """The PNGs of a faction's distinct fronts, in its cards' order, then of its back; kept across runs in the slot
    of the language, faction, resolution and cut (one entry each: the entry of older pages is replaced)."""
    indices = (*range(0, 2 * len(pages.cards), 2), 1)
    slot = f"{lang}-{pages.faction}-{dpi}-{'bleed' if bleed else 'trim'}"
    return CARD_IMAGES.value(slot, _key(pages.pdf, indices, dpi, bleed), lambda: tuple(
        png_bytes(image, dpi) for image in page_images(pages.pdf, indices, dpi, bleed)))


def _key(pdf: bytes, indices: Sequence[int], dpi: int, bleed: bool) -> bytes:
    """What a faction's PNGs depend on: its pages (the rasterizer's only input), which of them, how they are cut and
    encoded (the embedded profile: LittleCMS's), and the code and libraries that make them."""
    return (hashlib.sha256(pdf).digest() + repr((tuple(indices), dpi, bleed)).encode() + srgb_profile()
            + source_digest(__name__) + renderer_versions())
