"""Card images for the proof site: each front as its pro-mode page (card and bleed, as a print shop gets it),
rasterized by `pnp export images`' rasterizer at print resolution and stored as a JPEG (a palette PNG of it takes
15 times the CPU: median-cut quantizing is most of the proof site's time), and at the pages' resolution as a palette
PNG (rasterized again from the page PDFium loaded once: 1.8 ms a card, where reducing the print image takes 3-5 ms).
A language's images are kept across runs (CARD_IMAGES), keyed by the bytes of its pages."""
from __future__ import annotations

import hashlib
from io import BytesIO
from pathlib import Path
from typing import Mapping, Sequence

from PIL import Image

from ..cards.deck import DeckPrint, deck_pdf
from ..cards.faces import BackFace, FrontFace
from ..data.art import ArtImage
from ..export.images import page_renders, renderer_versions
from ..kit.gallery import png_bytes
from ..cards.layout import CardLayout
from ..core.disk_cache import DiskCache, source_digest
from ..layouts.services import DEFAULT_SERVICE, print_service
from ..pages.pdfout import DocumentInfo

PRINT_DPI = 150  # what a card opens at: 69 × 94 mm become 408 × 555 px, effect text readable
THUMBNAIL_DPI = 72  # on the pages: 196 × 266 px
JPEG_QUALITY = 85  # text as sharp as the palette PNG's at 150 dpi; about 28 KB a card (the PNG: 20 KB)
CARD_IMAGES = DiskCache("proof-images", "each language's card images of the proof site (thumbnail PNGs and print "
                        "JPEGs), one entry per language", "the bytes of the language's pro pages and its card ids, "
                        "the versions of Pillow, its JPEG and zlib libraries, pypdfium2 and PDFium, and pnp's image "
                        "code", "pnp.proof.thumbnails.CARD_IMAGES")


def card_images(fronts: Sequence[FrontFace], backs: Mapping[str, BackFace], layout: CardLayout,
                art: Mapping[str, ArtImage], layouts: Path) -> dict[str, tuple[bytes, bytes]]:
    """Card id -> its front as a thumbnail PNG and a print-resolution JPEG, for the cards of one language (fronts only, one
    page each), on the pro page of the layouts folder `layouts`."""
    info = DocumentInfo("proof", "proof site images", fronts[0].lang)  # never written: only rasterized
    printing = DeckPrint(layout, art, layouts, "a4", "pro", "none", (0.0, 0.0), print_service(layouts, DEFAULT_SERVICE))
    pdf = deck_pdf(list(fronts), backs, info, printing)
    return CARD_IMAGES.value(fronts[0].lang, _key(pdf, [face.card.id for face in fronts]), lambda: {
        face.card.id: (png_bytes(small), jpeg_bytes(image))
        for face, (small, image) in zip(fronts, page_renders(pdf, range(len(fronts)), (THUMBNAIL_DPI, PRINT_DPI)))})


def _key(pdf: bytes, ids: Sequence[str]) -> bytes:
    """What a language's images depend on: its pages (the rasterizer's only input), which card each shows, and the
    code and libraries that make them (this module holds the resolutions and the JPEG quality)."""
    code = source_digest(__name__, "pnp.export.images", "pnp.kit.gallery")
    return hashlib.sha256(pdf).digest() + "\0".join(ids).encode() + code + renderer_versions()


def jpeg_bytes(image: Image.Image) -> bytes:
    """The image as a JPEG of JPEG_QUALITY (deterministic: the same pixels give the same bytes)."""
    buffer = BytesIO()
    image.convert("RGB").save(buffer, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return buffer.getvalue()
