"""The export settings (pnp/layouts/export.toml): image resolutions and the Tabletop Simulator deck sheet."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.loader import load_layout
from ..core.values import Count, Dpi


@dataclass(frozen=True)
class ImageSettings:
    """export.toml [images]: the resolutions `pnp export images` may write."""
    dpi: tuple[Dpi, ...]


@dataclass(frozen=True)
class TtsSettings:
    """export.toml [tts]: the resolution and grid of a Tabletop Simulator deck sheet."""
    dpi: Dpi
    columns: Count
    rows: Count


@dataclass(frozen=True)
class ExportLayout:
    """export.toml: the settings of `pnp export images` and `pnp export tts`."""
    images: ImageSettings
    tts: TtsSettings


def export_layout(directory: Path) -> ExportLayout:
    """export.toml of the layouts folder `directory`."""
    return load_layout("export", ExportLayout, directory)
