"""The card anatomy's cards: a commander unit and a terrain doctrine with a bonus line, their fronts composed by the
card renderer (pnp.cards) in the rulebook's language. pnp.rulebook.anatomy draws them with numbered callouts."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ..cards.faces import FrontFace
from ..cards.layout import CardLayout

UNIT, DOCTRINE = "rome.trajan-imperial-vanguard", "rome.fortified-camp"


@dataclass(frozen=True)
class AnatomyCards:
    """The card anatomy's two composed fronts and the card layout (from the project's layouts) they are drawn by."""

    unit: FrontFace
    doctrine: FrontFace
    layout: CardLayout


def anatomy_cards(faces: Mapping[str, FrontFace], layout: CardLayout) -> AnatomyCards:
    """The anatomy's unit and doctrine among composed fronts by card id."""
    return AnatomyCards(faces[UNIT], faces[DOCTRINE], layout)
