"""Art images for PDF/X-1a, which allows CMYK images only: converted from sRGB to CMYK with the ICC profile the
user names (`pnp build --pdfx --cmyk-profile FILE`, e.g. the print shop's profile or ECI's ISO Coated v2 for
FOGRA39), relative colorimetric with black-point compensation. The kit bundles no CMYK profile: none it may
redistribute is available. Without one, art refuses the PDF/X build, one located problem per image."""
from __future__ import annotations

from dataclasses import replace
from io import BytesIO
from typing import Mapping

from PIL import ImageCms

from ..data.art import ArtImage
from ..problems import Location, Problem


def cmyk_art(art: Mapping[str, ArtImage], profile: bytes | None, profile_file: str | None
             ) -> tuple[dict[str, ArtImage], list[Problem]]:
    """The art images converted to CMYK with `profile` (the bytes of an ICC file), and the problems: art without
    a profile (`pdfx-rgb-art`), a profile that cannot be read or is not a CMYK output profile (`cmyk-profile`)."""
    if not art:
        return {}, []
    if profile is None:
        return dict(art), [Problem("pdfx-rgb-art", "art images are RGB and PDF/X-1a allows CMYK images only; give a "
                                   "CMYK ICC profile to convert them with (--cmyk-profile FILE), or build without "
                                   "this art", Location(file=image.path, card=image.card_id))
                           for image in sorted(art.values(), key=lambda a: a.path)]
    where = Location(file=profile_file)
    try:
        target = ImageCms.ImageCmsProfile(BytesIO(profile))
    except (OSError, ImageCms.PyCMSError) as exc:
        return dict(art), [Problem("cmyk-profile", f"cannot read the ICC profile ({exc}); expected a CMYK output "
                                   "profile (.icc)", where)]
    space = target.profile.xcolor_space.strip()
    if space != "CMYK":
        return dict(art), [Problem("cmyk-profile", f"the ICC profile is for {space}, expected a CMYK output profile",
                                   where)]
    transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), target, "RGB", "CMYK",
                                        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    return {card_id: replace(image, image=ImageCms.applyTransform(image.image, transform))
            for card_id, image in art.items()}, []
