"""Art images for PDF/X-1a, which allows CMYK images only: converted from sRGB to CMYK with the ICC profile the
user names (`pnp build --pdfx --cmyk-profile FILE`, e.g. the print shop's profile or ECI's ISO Coated v2 for
FOGRA39), relative colorimetric with black-point compensation. The kit bundles no CMYK profile: none it may
redistribute is available. Without one, art refuses the PDF/X build, one located problem per image."""
from __future__ import annotations

from dataclasses import replace
from io import BytesIO
from pathlib import Path
from typing import Mapping

from PIL import ImageCms

from ..data.art import ArtImage
from ..core.input_files import read_input
from ..core.problems import WARNING, Location, Problem
from .pdfx_settings import pdfx_layout


def read_cmyk_profile(path: Path, condition: str) -> tuple[ImageCms.ImageCmsProfile | None, list[Problem]]:
    """The CMYK output profile at `path` for the --pdfx print `condition`, or None and the problem: a file that
    cannot be read (`cmyk-profile`: not a regular file, over the size limit), is no ICC profile or not CMYK, or
    whose description names another print condition (`cmyk-profile-condition`; a warning when it names none)."""
    where = Location(file=str(path))
    try:
        target = ImageCms.ImageCmsProfile(BytesIO(read_input(path, "icc")))
    except (OSError, ImageCms.PyCMSError) as exc:
        return None, [Problem("cmyk-profile", f"cannot read the ICC profile ({exc}); expected a CMYK output "
                              "profile (.icc)", where)]
    space = target.profile.xcolor_space.strip()
    if space != "CMYK":
        return None, [Problem("cmyk-profile", f"the ICC profile is for {space}, expected a CMYK output profile",
                              where)]
    description = " ".join(ImageCms.getProfileDescription(target).split())
    conditions = pdfx_layout().conditions
    named = [name for name, known in conditions.items()
             if any(word.lower() in description.lower() for word in known.profile_names)]
    if condition in named:
        return target, []
    if named:
        return None, [Problem("cmyk-profile-condition", f"the ICC profile '{description}' is for {named[0]}, but "
                              f"--pdfx names {condition}; expected a profile for {conditions[condition].condition}",
                              where)]
    return target, [Problem("cmyk-profile-condition", f"the ICC profile '{description}' names no print condition pnp "
                            f"knows; check that it is for {conditions[condition].condition}", where, WARNING)]


def cmyk_art(art: Mapping[str, ArtImage], target: ImageCms.ImageCmsProfile | None
             ) -> tuple[dict[str, ArtImage], list[Problem]]:
    """The art images converted to CMYK with the output profile `target` (read by `read_cmyk_profile`), and a
    problem for each image when there is no profile (`pdfx-rgb-art`)."""
    if not art:
        return {}, []
    if target is None:
        return dict(art), [Problem("pdfx-rgb-art", "art images are RGB and PDF/X-1a allows CMYK images only; give a "
                                   "CMYK ICC profile to convert them with (--cmyk-profile FILE), or build without "
                                   "this art", Location(file=image.path, card=image.card_id))
                           for image in sorted(art.values(), key=lambda a: a.path)]
    transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), target, "RGB", "CMYK",
                                        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    return {card_id: replace(image, image=ImageCms.applyTransform(image.image, transform))
            for card_id, image in art.items()}, []
