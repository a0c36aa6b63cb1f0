"""Low-resolution card images for the proof site: each front as its pro-mode page (card and bleed, as a print shop
gets it), rasterized by `pnp export images`' page_images and stored as a small palette PNG."""
from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence

from ..cards.deck import DeckPrint, deck_pdf
from ..cards.faces import BackFace, FrontFace
from ..data.art import ArtImage
from ..export.images import page_images
from ..kit.gallery import png_bytes
from ..cards.layout import CardLayout
from ..layouts.services import DEFAULT_SERVICE, print_service
from ..pages.pdfout import DocumentInfo

PROOF_DPI = 72  # 69 × 94 mm pages become 196 × 266 px: readable on screen, about 5 KB each


def card_images(fronts: Sequence[FrontFace], backs: Mapping[str, BackFace], layout: CardLayout,
                art: Mapping[str, ArtImage], layouts: Path) -> dict[str, bytes]:
    """Card id -> PNG of its front, for the cards of one language (fronts only, one page each), on the pro page of
    the layouts folder `layouts`."""
    info = DocumentInfo("proof", "proof site images", fronts[0].lang)  # never written: only rasterized
    printing = DeckPrint(layout, art, layouts, "a4", "pro", "none", (0.0, 0.0), print_service(layouts, DEFAULT_SERVICE))
    pdf = deck_pdf(list(fronts), backs, info, printing)
    images = page_images(pdf, range(len(fronts)), PROOF_DPI)
    return {face.card.id: png_bytes(image) for face, image in zip(fronts, images)}
