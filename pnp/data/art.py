"""Card art (art/<card-id>.png or .jpg): cover-fitted to the art window and cropped, checked for print resolution.

A card without an art file gets a generated placeholder (pnp.graphics.art_scenes) — never an empty box.
"""
from __future__ import annotations

import os
import warnings
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from ..core.input_files import read_input
from ..core.units import MM_PER_INCH
from ..core.problems import WARNING, Location, Problem
from ..core.values import Dpi, Positive

if TYPE_CHECKING:  # Pillow is imported where an art file is read: most runs have none
    from PIL import Image

EXTENSIONS = (".png", ".jpg", ".jpeg")
DECODERS = ["PNG", "JPEG"]  # the only formats art is decoded as, whatever its name says: no other decoder (nor the
# program some call, Ghostscript for PostScript) ever runs on an input
SIGNATURES = (  # how other formats begin, to name what was found instead
    (b"%!PS", "PostScript/EPS"), (b"\xc5\xd0\xd3\xc6", "EPS (DOS binary)"), (b"%PDF", "PDF"),
    (b"II*\x00", "TIFF"), (b"MM\x00*", "TIFF"), (b"GIF87a", "GIF"), (b"GIF89a", "GIF"), (b"BM", "BMP"),
    (b"RIFF", "WebP or another RIFF file"), (b"\x00\x00\x01\x00", "ICO"), (b"8BPS", "Photoshop (PSD)"),
    (b"\x00\x00\x00\x0cjP  ", "JPEG 2000"), (b"\xffO\xffQ", "JPEG 2000"), (b"<?xml", "XML (SVG?)"),
    (b"<svg", "SVG"), (b"P1", "PBM"), (b"P2", "PGM"), (b"P3", "PPM"), (b"P4", "PBM"), (b"P5", "PGM"), (b"P6", "PPM"),
    (b"\x89PNG", "PNG"), (b"\xff\xd8\xff", "JPEG"), (b"\x1f\x8b", "gzip"), (b"PK\x03\x04", "ZIP"),
)


@dataclass(frozen=True)
class ArtSettings:
    """card.toml [art]: the resolutions an art image must have, and its largest size."""
    min_dpi: Dpi
    max_dpi: Dpi
    max_megapixels: Positive  # larger images are refused before decoding (bounded memory)

    def invalid(self) -> list[str]:
        if not 0 < self.min_dpi <= self.max_dpi:
            return [f"min_dpi {self.min_dpi} and max_dpi {self.max_dpi} must be above 0, min_dpi not above max_dpi"]
        return []


@dataclass(frozen=True)
class ArtImage:
    """An image cropped to the window's proportions and scaled to at most the layout's max dpi (RGB)."""

    card_id: str
    path: str
    image: Image.Image
    dpi: float


def art_files(art_dir: Path) -> tuple[dict[str, Path], list[Problem]]:
    """The art file of each card id in `art_dir` (extensions in any case; .png before .jpg before .jpeg), and a
    problem for each art entry that cannot be used: a folder, a dangling link or a link loop, a second file."""
    found: dict[str, Path] = {}
    problems: list[Problem] = []
    if not art_dir.is_dir():
        return found, problems
    entries = [p for p in art_dir.iterdir() if p.suffix.lower() in EXTENSIONS]
    for path in sorted(entries, key=lambda p: (p.stem, EXTENSIONS.index(p.suffix.lower()), p.name)):
        try:
            usable = path.is_file() and os.access(path, os.R_OK)
        except OSError:  # a link loop
            usable = False
        if not usable:
            problems.append(Problem("art-unreadable", "this art entry is not a readable file (a folder, a dangling "
                                    "link or a link loop); expected a PNG or JPEG file", Location(file=str(path))))
        elif path.stem in found:
            problems.append(Problem("art-duplicate", f"a second art file for '{path.stem}', not used; "
                                    f"{found[path.stem].name} is", Location(file=str(path)), WARNING))
        else:
            found[path.stem] = path
    return found, problems


def cover_fit(image: Image.Image, width_mm: float, height_mm: float, max_dpi: int) -> tuple[Image.Image, float]:
    """Crop the centre of `image` to the window's proportions, scale it down to `max_dpi`; returns image and dpi."""
    from PIL import Image
    target = width_mm / height_mm
    w, h = image.size
    if w / h > target:  # at least one pixel each way: a 1 × 3000 px image gives a 1 × 1 px picture, not an empty one
        crop_w, crop_h = max(1, round(h * target)), h
    else:
        crop_w, crop_h = w, max(1, round(w / target))
    left, top = (w - crop_w) // 2, (h - crop_h) // 2
    image = image.crop((left, top, left + crop_w, top + crop_h))
    dpi = crop_w / (width_mm / MM_PER_INCH)
    if dpi > max_dpi:
        size = (round(width_mm / MM_PER_INCH * max_dpi), round(height_mm / MM_PER_INCH * max_dpi))
        image = image.resize(size, Image.Resampling.LANCZOS)
        dpi = float(max_dpi)
    return image, dpi


def _rgb(image: Image.Image) -> Image.Image:
    from PIL import Image, ImageOps
    image = ImageOps.exif_transpose(image)
    if image.mode in ("RGBA", "LA", "P"):
        image = image.convert("RGBA")
        background = Image.new("RGBA", image.size, (255, 255, 255, 255))
        image = Image.alpha_composite(background, image)
    return image.convert("RGB")


class ArtTooLarge(ValueError):
    """An image with more pixels than the layout allows (its size, e.g. "12500 × 12500 px")."""


class ArtFormat(ValueError):
    """A file that is neither PNG nor JPEG (the format its first bytes show, e.g. "PostScript/EPS")."""


def found_format(data: bytes) -> str | None:
    """The format the first bytes of `data` show, named for a person ("TIFF", "PostScript/EPS"), or None."""
    return next((name for signature, name in SIGNATURES if data.startswith(signature)), None)


def _open(path: Path, settings: ArtSettings) -> Image.Image:
    """Decode an art image (PNG or JPEG only) as RGB, refusing one larger than the limit before its pixels are
    read."""
    from PIL import Image, UnidentifiedImageError
    data = read_input(path, "art")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # the limit below is ours, and reported
        try:
            opened = Image.open(BytesIO(data), formats=DECODERS)
        except UnidentifiedImageError:
            name = found_format(data)
            if name is None or name in DECODERS:  # broken, or no image at all
                raise ValueError(f"a damaged {name} file" if name else "no PNG or JPEG signature") from None
            raise ArtFormat(name) from None
        except Image.DecompressionBombError:
            raise ArtTooLarge(f"more than {2 * Image.MAX_IMAGE_PIXELS} px") from None
        with opened:
            width, height = opened.size
            if width * height > settings.max_megapixels * 1e6:
                raise ArtTooLarge(f"{width} × {height} px")
            opened.load()
            return _rgb(opened)


def load_art(art_dir: Path, windows: Iterable[tuple[str, float, float]], settings: ArtSettings,
             ) -> tuple[dict[str, ArtImage], list[Problem]]:
    """Load the art of every (card id, window width mm, window height mm); problems for corrupt or coarse images.

    Art files that belong to no card are reported as warnings (a misspelt card id would otherwise go unnoticed).
    """
    found: dict[str, ArtImage] = {}
    files, problems = art_files(art_dir)
    known = set()
    for card_id, width_mm, height_mm in windows:
        known.add(card_id)
        path = files.get(card_id)
        if path is None or card_id in found:
            continue
        try:
            image = _open(path, settings)
        except ArtTooLarge as exc:
            problems.append(Problem("art-too-large", f"the art image is {exc}; expected at most "
                                    f"{settings.max_megapixels:g} megapixels (it is scaled to {settings.max_dpi} dpi "
                                    "anyway)", Location(file=str(path), card=card_id)))
            continue
        except ArtFormat as exc:
            problems.append(Problem("art-format", f"the art file holds {exc}, not an image pnp reads; expected a PNG "
                                    "or JPEG file (convert it, e.g. with an image editor)",
                                    Location(file=str(path), card=card_id)))
            continue
        except (OSError, ValueError) as exc:
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
    for stem, path in files.items():
        if stem not in known:
            problems.append(Problem("art-unknown-card", f"art file for an unknown card id '{stem}'; "
                                    "expected art/<card-id>.png or .jpg", Location(file=str(path)), WARNING))
    return found, problems
