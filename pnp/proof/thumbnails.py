"""Card images for the proof site: each front as its pro-mode page (card and bleed, as a print shop gets it),
rasterized at print resolution by `pnp export images`' page_images and stored as a JPEG (a palette PNG of it takes
15 times the CPU: median-cut quantizing is most of the proof site's time), and a small copy of it for the pages as a
palette PNG."""
from __future__ import annotations

from io import BytesIO
from pathlib import Path
from typing import Mapping, Sequence

from PIL import Image

from ..cards.deck import DeckPrint, deck_pdf
from ..cards.faces import BackFace, FrontFace
from ..data.art import ArtImage
from ..export.images import page_images
from ..kit.gallery import png_bytes
from ..cards.layout import CardLayout
from ..layouts.services import DEFAULT_SERVICE, print_service
from ..pages.pdfout import DocumentInfo

PRINT_DPI = 150  # what a card opens at: 69 × 94 mm become 408 × 555 px, effect text readable
THUMBNAIL_DPI = 72  # on the pages: 196 × 266 px
JPEG_QUALITY = 85  # text as sharp as the palette PNG's at 150 dpi; about 28 KB a card (the PNG: 20 KB)


def card_images(fronts: Sequence[FrontFace], backs: Mapping[str, BackFace], layout: CardLayout,
                art: Mapping[str, ArtImage], layouts: Path) -> dict[str, tuple[bytes, bytes]]:
    """Card id -> its front as a thumbnail PNG and a print-resolution JPEG, for the cards of one language (fronts only, one
    page each), on the pro page of the layouts folder `layouts`."""
    info = DocumentInfo("proof", "proof site images", fronts[0].lang)  # never written: only rasterized
    printing = DeckPrint(layout, art, layouts, "a4", "pro", "none", (0.0, 0.0), print_service(layouts, DEFAULT_SERVICE))
    pdf = deck_pdf(list(fronts), backs, info, printing)
    images = page_images(pdf, range(len(fronts)), PRINT_DPI)
    return {face.card.id: (png_bytes(thumbnail(image)), jpeg_bytes(image)) for face, image in zip(fronts, images)}


def thumbnail(image: Image.Image) -> Image.Image:
    """The print-resolution image reduced to THUMBNAIL_DPI."""
    scale = THUMBNAIL_DPI / PRINT_DPI
    return image.resize((round(image.width * scale), round(image.height * scale)), Image.Resampling.LANCZOS)


def jpeg_bytes(image: Image.Image) -> bytes:
    """The image as a JPEG of JPEG_QUALITY (deterministic: the same pixels give the same bytes)."""
    buffer = BytesIO()
    image.convert("RGB").save(buffer, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return buffer.getvalue()
