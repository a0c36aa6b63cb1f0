"""The print conditions `pnp build --pdfx` accepts (pnp/layouts/pdfx.toml), apart from the post-pass itself
(pnp.export.pdfx), so that the command line knows them without loading pikepdf."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from ..core.loader import load_layout
from ..layouts.schemas import LAYOUTS


@dataclass(frozen=True)
class PrintCondition:
    """A registered characterization named by the OutputIntent, and the total ink it allows (per cent)."""

    identifier: str
    condition: str
    registry: str
    ink_limit: int
    profile_names: tuple[str, ...]  # words in the description of an ICC profile made for this condition


@dataclass(frozen=True)
class PdfxLayout:
    """pdfx.toml: the PDF/X version and conformance written, and the print conditions to choose from."""
    version: str        # GTS_PDFXVersion
    conformance: str    # GTS_PDFXConformance
    pdf_version: str
    conditions: Mapping[str, PrintCondition]


def pdfx_layout(directory: Path = LAYOUTS) -> PdfxLayout:
    """pnp/layouts/pdfx.toml."""
    return load_layout("pdfx", PdfxLayout, directory)


def pdfx_conditions() -> tuple[str, ...]:
    """The names `--pdfx` accepts (fogra39 first: the default)."""
    return tuple(pdfx_layout().conditions)
