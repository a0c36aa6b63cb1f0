"""`pnp gallery`: sample pages and cards of the decks as small PNG files (docs/gallery/), so a reviewer can see the
cards without printing (rasterized with pypdfium2)."""
from __future__ import annotations

import contextlib
from dataclasses import replace
from functools import partial
from io import BytesIO
from pathlib import Path

import pypdfium2
from PIL import Image

from ..context import BuildOptions
from .build import make
from ..data.card_database import CardDatabase
from ..core.parallel import Progress
from ..project import Project, read_inputs
from ..products import CARD_DECKS

# (file name, paper, language, faction, page index, dpi): whole home sheets, A4 and Letter.
SHEETS = (
    ("home-a4-de-macedon-front.png", "a4", "de", "macedon", 0, 60),
    ("home-a4-de-macedon-back.png", "a4", "de", "macedon", 1, 60),
    ("home-letter-pl-carthage-front.png", "letter", "pl", "carthage", 6, 60),
)
# Single cards in pro mode (front pages, or the back page after a card with "back"), side by side in one strip.
CARDS = (("tr", "rome.trajan-imperial-vanguard", "front"), ("pl", "persia.oasis-camp", "front"),
         ("de", "egypt.ramesses-guardian-of-the-nile", "front"), ("es", "dacia.burning-wagons", "front"),
         ("tr", "sparta.leonidas-king-of-sparta", "back"))
CARD_DPI = 110
COLOURS = 160


def _decks(project: Project, options: BuildOptions, langs: tuple[str, ...]) -> tuple[dict[Path, bytes], CardDatabase]:
    """The deck PDFs of `langs` (made in memory, the decks alone), and the card database."""
    files, _ = make(project, replace(options, langs=langs), products=(CARD_DECKS,))
    return files, read_inputs(project, ())[0].cards


def png_bytes(image: Image.Image) -> bytes:
    """A small PNG: the image reduced to a palette of COLOURS colours by Pillow's fast octree, without dithering
    (deterministic; a tenth of median cut's CPU, and smaller files with smoother skies for these pictures)."""
    buffer = BytesIO()
    image.convert("RGB").quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        buffer, "PNG")
    return buffer.getvalue()


def gallery_images(project: Project, progress: Progress | None = None) -> dict[str, bytes]:
    """File name -> PNG bytes of every gallery image; `progress` is shown the parts (A4, Letter, pro cards) as they
    are made."""
    parts = [partial(_sheet_images, project, "a4"), partial(_sheet_images, project, "letter"),
             partial(_card_strip, project)]
    images: dict[str, bytes] = {}
    with progress(iter(parts), len(parts)) if progress else contextlib.nullcontext(parts) as running:
        for part in running:
            images.update(part())
    return images


def _page(pdf: bytes, index: int, dpi: int) -> Image.Image:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return document[index].render(scale=dpi / 72).to_pil()
    finally:
        document.close()


def _sheet_images(project: Project, paper: str) -> dict[str, bytes]:
    """The gallery's home sheets on `paper`."""
    wanted = [s for s in SHEETS if s[1] == paper]
    decks, _ = _decks(project, BuildOptions(paper=paper), tuple(sorted({s[2] for s in wanted})))
    return {name: png_bytes(_page(decks[Path(lang) / "cards" / f"{faction}.pdf"], index, dpi))
            for name, _, lang, faction, index, dpi in wanted}


def _card_strip(project: Project) -> dict[str, bytes]:
    """The pro-mode cards side by side, with a back."""
    decks, cards = _decks(project, BuildOptions(mode="pro"), tuple(sorted({lang for lang, _, _ in CARDS})))
    strip = []
    for lang, card_id, side in CARDS:
        faction = card_id.split(".")[0]
        position = 0
        for card in cards.faction(faction):
            if card.id == card_id:
                break
            position += card.copies
        strip.append(_page(decks[Path(lang) / "cards" / f"{faction}.pdf"], 2 * position + (side == "back"),
                           CARD_DPI))
    gap = 12
    sheet = Image.new("RGB", (sum(i.width for i in strip) + gap * (len(strip) + 1), strip[0].height + 2 * gap),
                      "white")
    x = gap
    for image in strip:
        sheet.paste(image, (x, gap))
        x += image.width + gap
    return {"pro-cards-tr-pl-de-es-back.png": png_bytes(sheet)}
