"""The cards' texts for the print checks (pnp.pages.text_checks) and how the cards word their problems: texts that do
not fit their box at the smallest allowed size, and characters that the font a text is set in does not cover, on the
faces the card products compose (pnp.cards.produce), for `pnp validate` and `pnp build` alike.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from ..typeset.fonts import fonts_for
from ..pages.text_checks import SetText, text_problems
from .layout import CardLayout
from ..i18n.languages import fit_severity
from ..i18n.localize import LocalizedCard
from ..core.problems import Location, Problem
from ..data.terms import FACTIONS
from ..typeset.textfit import Fit, fit_text, runs
from .faces import BackFace, FrontFace, compose_back, compose_front, deck_name_size
from .labels import CardLabels


@dataclass(frozen=True)
class CardWording:
    """The cards' problems of their texts, located at the card (or back), language and field."""

    fonts: Mapping[str, str]  # role -> font name: the role names the font a character is missing from

    def overflow(self, text: SetText) -> Problem:
        return Problem("text-does-not-fit", f"the {text.label} does not fit its box even at {text.size:g} pt (the "
                       f"smallest size allowed); shorten it: {text.text!r}", text.where, fit_severity(text.where.lang))

    def missing(self, text: SetText, font: str, chars: str) -> Problem:
        role = next((r for r, name in self.fonts.items() if name == font), font)
        return Problem("glyph-missing", f"the {text.label} uses {', '.join(f'{c!r} (U+{ord(c):04X})' for c in chars)}, "
                       f"which the {role} font does not have; it would print as a box", text.where)


def set_texts(faces: Iterable[FrontFace | BackFace]) -> list[SetText]:
    """Every printed text of the faces, by field, digits in the figures' font."""
    return [SetText(text.text, tuple(runs(text.text, text.font, text.figures)),
                    Location(card=face.card.id if isinstance(face, FrontFace) else f"back of {face.faction}",
                             lang=face.lang, field=field), field, text.fits, text.size)
            for face in faces for field, text in face.texts().items()]


def face_problems(faces: Iterable[FrontFace | BackFace], fonts: Mapping[str, str]) -> list[Problem]:
    """One problem per text of the composed faces that fits at no allowed size, then one per text and font with
    characters the font cannot print."""
    texts = set_texts(faces)
    return text_problems(texts, texts, CardWording(fonts))


def compose_language(cards: Sequence[LocalizedCard], labels: CardLabels, layout: CardLayout,
                     fonts: Mapping[str, str], fit: Fit = fit_text) -> tuple[list[FrontFace], list[BackFace]]:
    """The fronts of `cards` (one language), the names of a faction's cards at one size, and the backs of their
    factions, each text fitted by `fit`."""
    names = {lc.card.faction: lc.faction_name for lc in cards}
    lang_fonts = fonts_for(fonts, labels.lang)
    name_sizes = {faction: deck_name_size([lc.name for lc in cards if lc.card.faction == faction], layout, lang_fonts,
                                          fit)
                  for faction in names}
    fronts = [compose_front(lc, labels, layout, fonts, name_sizes[lc.card.faction], fit) for lc in cards]
    backs = [compose_back(f, names[f], labels.lang, layout, fonts, fit) for f in FACTIONS if f in names]
    return fronts, backs
