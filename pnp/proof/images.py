"""Low-resolution card images for the proof site: each front as its pro-mode page (card and bleed, as a print shop
gets it), rasterized with pypdfium2 and stored as a small palette PNG."""
from __future__ import annotations

from typing import Mapping, Sequence

import pypdfium2

from ..data.art import ArtImage
from ..kit.gallery import png_bytes
from ..layouts.schemas import CardLayout
from ..cards.deck import deck_pdf
from ..cards.faces import BackFace, FrontFace

PROOF_DPI = 72  # 69 × 94 mm pages become 196 × 266 px: readable on screen, about 5 KB each


def card_images(fronts: Sequence[FrontFace], backs: Mapping[str, BackFace], layout: CardLayout,
                art: Mapping[str, ArtImage]) -> dict[str, bytes]:
    """Card id -> PNG of its front, for the cards of one language."""
    pdf = deck_pdf(list(fronts), backs, layout, art, "a4", "pro", "none", (0.0, 0.0), "proof")
    document = pypdfium2.PdfDocument(pdf)
    try:
        return {face.card.id: png_bytes(document[index].render(scale=PROOF_DPI / 72).to_pil())
                for index, face in enumerate(fronts)}
    finally:
        document.close()
