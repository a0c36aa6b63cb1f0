"""The build's producer of the card decks (see pnp.build: one call per language)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..layout import card_layout
from ..localize import localize_cards
from ..problems import ProblemsFound, errors
from ..terms import FACTIONS
from .checks import compose_language, fit_problems, glyph_problems
from .deck import deck_pdf
from .labels import card_labels

if TYPE_CHECKING:  # pnp.build imports this module for its list of producers
    from ..build import BuildContext


def card_decks(ctx: BuildContext) -> dict[Path, bytes]:
    """<lang>/cards/<faction>.pdf: each faction's deck, fronts and backs; fails on a text that does not fit or a
    character its font lacks."""
    layout = card_layout()
    files: dict[Path, bytes] = {}
    o = ctx.options
    for lang in ctx.langs:
        catalog = ctx.inputs.catalogs[lang]
        cards = localize_cards(ctx.inputs.cards, catalog)
        fronts, backs = compose_language(cards, card_labels(catalog), layout, ctx.fonts)
        problems = fit_problems([*fronts, *backs]) + glyph_problems([*fronts, *backs], ctx.fonts)
        if errors(problems):
            raise ProblemsFound(problems)
        names = {lc.card.faction: lc.faction_name for lc in cards}
        for faction, back in zip(FACTIONS, backs):
            faces = [face for face in fronts if face.card.faction == faction]
            files[Path(lang) / "cards" / f"{faction}.pdf"] = deck_pdf(
                faces, back, layout, ctx.art, o.paper, o.mode, o.duplex, o.back_offset, names[faction])
    return files
