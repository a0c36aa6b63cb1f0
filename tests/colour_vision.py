"""Faction colours as eyes see them: a layout's CMYK converted to sRGB (the naive device conversion every PDF viewer
uses without a colour profile), colour-vision deficiencies simulated after Machado, Oliveira and Fernandes (2009, full
severity, on linear RGB) and differences in CIEDE2000 (ColorAide)."""
from __future__ import annotations

from itertools import combinations

from coloraide import Color

VISIONS = ("normal", "deutan", "protan", "tritan")


def srgb(cmyk: tuple[float, float, float, float]) -> Color:
    c, m, y, k = cmyk
    return Color("srgb", [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)])


def seen(colour: Color, vision: str) -> Color:
    return colour if vision == "normal" else colour.filter(vision, method="machado").convert("srgb")


def delta_e_matrix(colours: dict[str, tuple], vision: str) -> dict[tuple[str, str], float]:
    """ΔE2000 of every pair of colours (name -> CMYK) as seen with `vision`."""
    shown = {name: seen(srgb(value), vision) for name, value in colours.items()}
    return {(a, b): shown[a].delta_e(shown[b], method="2000") for a, b in combinations(sorted(colours), 2)}
