"""A deck as a PDF: a faction's deck (every card as many times as its copies) or a user's deck list, fronts and
backs imposed for home or pro printing, each card backed by its own faction's back; on home sheets cards of different
factions never share a cut line (pnp.pages.imposition.sheet_pages). Each face is drawn once, as a
form XObject that its copies (and all backs of its faction) reuse. Rendering happens in memory; the build writes
the bytes."""
from __future__ import annotations

from dataclasses import dataclass, replace
from io import BytesIO
from pathlib import Path
from typing import Callable, Mapping, Sequence

from reportlab.pdfgen.canvas import Canvas

from ..data.art import ArtImage
from .layout import CardLayout
from ..layouts.services import PrintService
from ..pages.forms import FormCell
from ..pages.imposition import DrawCell, home_grid, impose_home, impose_pro
from ..pages.pdfout import DocumentInfo, kept_canvas, pdf_bytes
from ..core.units import MM
from .card_back import draw_back
from .card_front import draw_front
from .faces import BackFace, FrontFace


def deck_fronts(faces: Sequence[FrontFace]) -> list[FrontFace]:
    """The faces of a deck in print order: database order, each card repeated for its copies."""
    return [face for face in faces for _ in range(face.card.copies)]


@dataclass(frozen=True)
class DeckPrint:
    """How the decks of a build are printed (the cards' view of its context): the card layout and art, the home
    sheet's paper in the layouts folder `layouts` or the print service's pages (`mode` pro), duplex and the backs'
    offset."""

    layout: CardLayout
    art: Mapping[str, ArtImage]
    layouts: Path
    paper: str
    mode: str
    duplex: str
    back_offset: tuple[float, float]
    service: PrintService


def deck_pdf(faces: Sequence[FrontFace], backs: Mapping[str, BackFace], info: DocumentInfo, printing: DeckPrint
             ) -> bytes:
    """The PDF of one deck in one language: `faces` in print order (every copy), each card backed by the back of
    its faction in `backs` (faction -> back), printed as `printing` says; `info` its title, subject and language."""
    buffer = BytesIO()
    layout, art, service, duplex = printing.layout, printing.art, printing.service, printing.duplex
    card = layout.card
    if printing.mode == "pro":
        layout, fit = service_fit(layout, service)
    distinct = {face.card.id: face for face in faces}  # a card's copies are one face
    # a form's text is encoded for the font subsets in the order the PDF draws it: the same streams for the same cards
    # in the same order on the same pages in the same layout (a slot per PDF, so that decks of other cards or copies,
    # or in the ink saver's layout, keep their own)
    slot = f"{printing.mode} {printing.paper} {duplex} {printing.layout!r}: {' '.join(face.card.id for face in faces)}"
    front_forms = {card: _front(face, layout, art.get(card)) for card, face in distinct.items()}
    back_forms = {faction: _back(back, layout) for faction, back in backs.items()}
    fronts = [front_forms[face.card.id] for face in faces]
    back_cells = [back_forms[face.card.faction] for face in faces]
    if printing.mode == "pro":
        with kept_canvas(buffer, (0, 0), info, slot) as canvas:
            impose_pro(canvas, *service.trim, service.bleed, list(map(fit, fronts)), list(map(fit, back_cells)),
                       duplex)
    else:
        grid = home_grid(printing.paper, printing.layouts, card)
        with kept_canvas(buffer, (grid.paper_width, grid.paper_height), info, slot) as canvas:
            impose_home(canvas, grid, fronts, back_cells, duplex, printing.back_offset,
                        [face.card.faction for face in faces])
    return pdf_bytes(buffer)


def service_fit(layout: CardLayout, service: PrintService
                ) -> tuple[CardLayout, Callable[[DrawCell], DrawCell]]:
    """The card layout to draw for a print service's pages, and how to place a face there: the design scaled alike
    in both directions until it covers the service's trim, centred on it, drawn with bleed enough to cover the
    service's bleed. The card's own trim and bleed (generic) draw it as designed."""
    card = layout.card
    sizes = (card.width, card.height)
    scale = max(trim / size for trim, size in zip(service.trim, sizes))
    bleed = max((trim + 2 * service.bleed) / scale - size for trim, size in zip(service.trim, sizes)) / 2
    fitted = replace(layout, card=replace(card, bleed=bleed))
    if scale == 1:
        return fitted, lambda cell: cell
    dx, dy = ((trim - size * scale) / 2 * MM for trim, size in zip(service.trim, sizes))

    def fit(cell: DrawCell) -> DrawCell:
        def scaled(canvas: Canvas, x: float, y: float) -> None:
            canvas.saveState()
            canvas.translate(x + dx, y + dy)
            canvas.scale(scale, scale)
            cell(canvas, 0, 0)
            canvas.restoreState()
        return scaled
    return fitted, fit


def _form(name: str, layout: CardLayout, draw: Callable[[Canvas], None]) -> FormCell:
    """A card face as a form of the PDF (copies and backs reuse it), its trim's bottom-left corner at the origin."""
    card, b = layout.card, layout.card.bleed * MM
    return FormCell(name, (-b, -b, card.width * MM + b, card.height * MM + b), draw)


def _front(face: FrontFace, layout: CardLayout, art: ArtImage | None) -> FormCell:
    return _form(f"front-{face.card.id}", layout, lambda c: draw_front(c, face, layout, art, 0, 0))


def _back(face: BackFace, layout: CardLayout) -> FormCell:
    return _form(f"back-{face.faction}", layout, lambda c: draw_back(c, face, layout, 0, 0))
