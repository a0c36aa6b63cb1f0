"""Print checks of the cards, without writing anything: texts that do not fit their box at the smallest allowed
size, and characters that the font a text is set in does not cover, found on the faces the card products compose
(pnp.cards.produce), for `pnp validate` and `pnp build` alike.
"""
from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from ..typeset.fonts import fonts_for, missing_glyphs
from .layout import CardLayout
from ..i18n.languages import fit_severity
from ..i18n.localize import LocalizedCard
from ..core.problems import Location, Problem
from ..data.terms import FACTIONS
from ..typeset.textfit import runs
from .faces import BackFace, FrontFace, compose_back, compose_front, deck_name_size
from .labels import CardLabels


def fit_problems(faces: Iterable[FrontFace | BackFace]) -> list[Problem]:
    """One problem per text of the composed faces that fits at no allowed size."""
    problems = []
    for face in faces:
        card = face.card.id if isinstance(face, FrontFace) else None
        for field, text in face.texts().items():
            if not text.fits:
                problems.append(Problem(
                    "text-does-not-fit", f"the {field} does not fit its box even at {text.size:g} pt (the "
                    f"smallest size allowed); shorten it: {text.text!r}",
                    Location(card=card or f"back of {face.faction}", lang=face.lang, field=field),
                    fit_severity(face.lang)))
    return problems


def glyph_problems(faces: Iterable[FrontFace | BackFace], fonts: Mapping[str, str]) -> list[Problem]:
    """One problem per text of the composed faces with characters its font cannot print."""
    problems = []
    for face in faces:
        card = face.card.id if isinstance(face, FrontFace) else f"back of {face.faction}"
        for field, text in face.texts().items():
            missing: dict[str, str] = {}  # font -> characters it lacks, digits checked in the figures' font
            for piece, font in runs(text.text, text.font, text.figures):
                missing[font] = "".join(sorted(set(missing.get(font, "") + missing_glyphs(piece, font))))
            for font, chars in missing.items():
                if chars:
                    role = next((r for r, name in fonts.items() if name == font), font)
                    problems.append(Problem(
                        "glyph-missing", f"the {field} uses {', '.join(f'{c!r} (U+{ord(c):04X})' for c in chars)}, "
                        f"which the {role} font does not have; it would print as a box", Location(
                            card=card, lang=face.lang, field=field)))
    return problems


def compose_language(cards: Sequence[LocalizedCard], labels: CardLabels, layout: CardLayout,
                     fonts: Mapping[str, str]) -> tuple[list[FrontFace], list[BackFace]]:
    """The fronts of `cards` (one language), the names of a faction's cards at one size, and the backs of their
    factions."""
    names = {lc.card.faction: lc.faction_name for lc in cards}
    lang_fonts = fonts_for(fonts, labels.lang)
    name_sizes = {faction: deck_name_size([lc.name for lc in cards if lc.card.faction == faction], layout, lang_fonts)
                  for faction in names}
    fronts = [compose_front(lc, labels, layout, fonts, name_sizes[lc.card.faction]) for lc in cards]
    backs = [compose_back(f, names[f], labels.lang, layout, fonts) for f in FACTIONS if f in names]
    return fronts, backs
