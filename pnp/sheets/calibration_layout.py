"""The calibration sheet's layout (calibrate.toml): scales, the 100 % ruler and the instructions' type."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.loader import load_layout
from ..core.values import Positive, Step

DUPLEX = ("long", "short")  # how the printer turns the calibration sheet over: `pnp calibrate --duplex`


@dataclass(frozen=True)
class Scales:
    """calibrate.toml: the calibration sheet's measuring scales, their ticks and numbers."""
    range: float
    minor: float
    minor_length: float
    major_length: float
    x_positions: tuple[float, ...]
    y_positions: tuple[float, ...]
    line_width: float
    label_size: float
    x_label_every: float    # mm: the X scales number every this many mm
    label_gap: float        # pt between a tick and its number
    letter_gap: float       # mm between a scale's end and its letter (X, Y)
    reach: float            # the front's vertical line runs this far past the outer X scales


@dataclass(frozen=True)
class Ruler:
    """The 100 % check: length, bottom edge and height (mm), the ticks (mm: every mm, every 5, every 10), the
    numbers' size and gap below the ruler, and the gap of the length caption below the numbers (pt)."""

    length: Positive
    y: float
    height: Positive
    ticks: tuple[Positive, Positive, Positive]
    text_size: Positive
    number_gap: float
    caption_gap: float


@dataclass(frozen=True)
class CalibrationText:
    """The instructions: the largest and smallest type size and the step between them (pt), the leading (a
    multiple of the size), and in mm the first baseline below the top edge, the step numbers' hanging indent, the
    space between paragraphs and the room kept free above the front's lines and the back's scales."""

    size: Positive
    min_size: Positive
    fit_step: Step
    leading: float
    top: float
    indent: float
    space: float
    gap: float


@dataclass(frozen=True)
class CalibrationLayout:
    """calibrate.toml: the calibration sheet's scales, ruler and text."""
    scales: Scales
    ruler: Ruler
    text: CalibrationText


def calibration_layout(directory: Path) -> CalibrationLayout:
    return load_layout("calibrate", CalibrationLayout, directory)
