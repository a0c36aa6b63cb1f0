"""The export settings (pnp/layouts/export.toml): image resolutions and the Tabletop Simulator deck sheet."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.loader import load_layout
from ..core.values import Count, Dpi


@dataclass(frozen=True)
class ImageSettings:
    dpi: tuple[Dpi, ...]


@dataclass(frozen=True)
class TtsSettings:
    dpi: Dpi
    columns: Count
    rows: Count


@dataclass(frozen=True)
class ExportLayout:
    images: ImageSettings
    tts: TtsSettings


def export_layout(directory: Path) -> ExportLayout:
    """export.toml of the layouts folder `directory`."""
    return load_layout("export", ExportLayout, directory)
