"""Card art (art/<card-id>.png or .jpg): cover-fitted to the art window and cropped, checked for print resolution.

A card without an art file gets a generated placeholder (pnp.cards.art_placeholder) — never an empty box.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from PIL import Image, ImageOps, UnidentifiedImageError

from ..layouts.schemas import ArtSettings
from ..typeset.units import MM_PER_INCH
from ..problems import WARNING, Location, Problem

EXTENSIONS = (".png", ".jpg", ".jpeg")


@dataclass(frozen=True)
class ArtImage:
    """An image cropped to the window's proportions and scaled to at most the layout's max dpi (RGB)."""

    card_id: str
    path: str
    image: Image.Image
    dpi: float


def art_file(art_dir: Path, card_id: str) -> Path | None:
    """The art file of a card, if there is one (.png before .jpg before .jpeg)."""
    for extension in EXTENSIONS:
        path = art_dir / f"{card_id}{extension}"
        if path.is_file():
            return path
    return None


def cover_fit(image: Image.Image, width_mm: float, height_mm: float, max_dpi: int) -> tuple[Image.Image, float]:
    """Crop the centre of `image` to the window's proportions, scale it down to `max_dpi`; returns image and dpi."""
    target = width_mm / height_mm
    w, h = image.size
    if w / h > target:
        crop_w, crop_h = round(h * target), h
    else:
        crop_w, crop_h = w, round(w / target)
    left, top = (w - crop_w) // 2, (h - crop_h) // 2
    image = image.crop((left, top, left + crop_w, top + crop_h))
    dpi = crop_w / (width_mm / MM_PER_INCH)
    if dpi > max_dpi:
        size = (round(width_mm / MM_PER_INCH * max_dpi), round(height_mm / MM_PER_INCH * max_dpi))
        image = image.resize(size, Image.Resampling.LANCZOS)
        dpi = float(max_dpi)
    return image, dpi


def _rgb(image: Image.Image) -> Image.Image:
    image = ImageOps.exif_transpose(image)
    if image.mode in ("RGBA", "LA", "P"):
        image = image.convert("RGBA")
        background = Image.new("RGBA", image.size, (255, 255, 255, 255))
        image = Image.alpha_composite(background, image)
    return image.convert("RGB")


def load_art(art_dir: Path, windows: Iterable[tuple[str, float, float]], settings: ArtSettings,
             ) -> tuple[dict[str, ArtImage], list[Problem]]:
    """Load the art of every (card id, window width mm, window height mm); problems for corrupt or coarse images.

    Art files that belong to no card are reported as warnings (a misspelt card id would otherwise go unnoticed).
    """
    found: dict[str, ArtImage] = {}
    problems: list[Problem] = []
    known = set()
    for card_id, width_mm, height_mm in windows:
        known.add(card_id)
        path = art_file(art_dir, card_id)
        if path is None or card_id in found:
            continue
        try:
            with Image.open(path) as opened:
                opened.load()
                image = _rgb(opened)
        except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError) as exc:
            problems.append(Problem("art-corrupt", f"cannot read the art image ({exc}); expected a PNG or JPEG file",
                                    Location(file=str(path), card=card_id)))
            continue
        image, dpi = cover_fit(image, width_mm, height_mm, settings.max_dpi)
        if dpi < settings.min_dpi:
            problems.append(Problem("art-low-resolution", f"the art prints at {dpi:.0f} dpi in its "
                                    f"{width_mm:g} × {height_mm:g} mm window; expected at least "
                                    f"{settings.min_dpi} dpi (at least "
                                    f"{round(width_mm / MM_PER_INCH * settings.min_dpi)} px wide)",
                                    Location(file=str(path), card=card_id), WARNING))
        found[card_id] = ArtImage(card_id, str(path), image, dpi)
    if art_dir.is_dir():
        for path in sorted(art_dir.iterdir()):
            if path.suffix.lower() in EXTENSIONS and path.stem not in known:
                problems.append(Problem("art-unknown-card", f"art file for an unknown card id '{path.stem}'; "
                                        "expected art/<card-id>.png or .jpg", Location(file=str(path)), WARNING))
    return found, problems
