"""Composing card faces: every printed text of a card in one language, fitted to its box in the layout.

Composition is pure (no canvas): the result says what is printed where, at which size, and whether it fits.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping

from ..data.card_database import Card
from ..layouts.schemas import Box, CardLayout, TextStyle
from ..i18n.localize import LocalizedCard
from ..typeset.textfit import FittedText, fit_text
from ..typeset.units import MM
from .labels import CardLabels

GAME_TITLE = "Ancient Duel"  # the game's name, the same in every language
COMMANDER_MARK = "\u265a"  # ♚


@dataclass(frozen=True)
class Badge:
    """A labelled stat: ATK, DEF (in the language's abbreviations) or energy."""

    key: str
    label: FittedText
    value: FittedText
    box: Box


@dataclass(frozen=True)
class FrontFace:
    card: Card
    lang: str
    name: FittedText
    commander: FittedText | None
    type: FittedText
    faction: FittedText
    effect: FittedText
    bonus: FittedText | None
    badges: tuple[Badge, ...]
    footer_id: FittedText
    footer_lang: FittedText
    art_box: Box
    effect_box: Box          # the parchment panel
    effect_area: Box         # where the effect text is centred
    bonus_box: Box | None    # the bonus line at the bottom of the panel (doctrines)

    def texts(self) -> dict[str, FittedText]:
        """Every printed text by field name (the fields of problems)."""
        texts = {"name": self.name, "type": self.type, "faction": self.faction, "effect": self.effect,
                 "footer": self.footer_id, "lang": self.footer_lang}
        if self.commander:
            texts["commander"] = self.commander
        if self.bonus:
            texts["bonus"] = self.bonus
        for badge in self.badges:
            texts[f"{badge.key} label"] = badge.label
            texts[badge.key] = badge.value
        return texts


@dataclass(frozen=True)
class BackFace:
    faction: str
    lang: str
    title: FittedText
    name: FittedText

    def texts(self) -> dict[str, FittedText]:
        return {"back title": self.title, "back faction": self.name}


def _fit(text: str, style: TextStyle, box: Box, layout: CardLayout, fonts: Mapping[str, str],
         **options) -> FittedText:
    return fit_text(text, fonts[style.font], style, box.width * MM, box.height * MM, layout.card.fit_step,
                    figures=fonts[style.figures] if style.figures else None, **options)


def fit_name(name: str, layout: CardLayout, fonts: Mapping[str, str]) -> FittedText:
    """One line down to `one_line_min`, else two balanced lines down to the minimum size."""
    spec = layout.front.name
    one_line = replace(spec.style, max_lines=1, min_size=spec.one_line_min)
    fitted = _fit(name, one_line, spec.inner, layout, fonts)
    return fitted if fitted.fits else _fit(name, spec.style, spec.inner, layout, fonts, balance=True)


def compose_front(lc: LocalizedCard, labels: CardLabels, layout: CardLayout, fonts: Mapping[str, str]) -> FrontFace:
    card, front = lc.card, layout.front
    unit = card.kind == "unit"
    bar = front.type_bar
    faction_box = replace(bar.inner, width=bar.inner.width * bar.faction_share)
    faction = _fit(lc.faction_name, bar.faction, faction_box, layout, fonts)
    type_width = bar.inner.width - faction.width() / MM - bar.emblem_size - 2 * bar.gap
    type_text = labels.terrain_doctrine if card.terrain else lc.type
    type_line = _fit(type_text, bar.type, replace(bar.inner, width=type_width), layout, fonts)

    effect_box = front.effect.unit if unit else front.effect.other
    inner = effect_box.inset(front.effect.padding)
    bonus = bonus_box = None
    if lc.bonus:
        bonus = _fit(lc.bonus, front.effect.bonus, inner, layout, fonts)
        bonus_box = replace(inner, height=bonus.height / MM)
        raised = bonus_box.height + 2 * front.effect.bonus_gap
        inner = replace(inner, y=inner.y + raised, height=inner.height - raised)
    effect = _fit(lc.effect, front.effect.style, inner, layout, fonts)

    badges = _badges(card, labels, layout, fonts) if unit else ()
    footer = front.footer
    return FrontFace(
        card=card, lang=lc.lang, name=fit_name(lc.name, layout, fonts),
        commander=(_fit(COMMANDER_MARK, front.level.commander, front.level.commander_box, layout, fonts)
                   if card.commander else None),
        type=type_line, faction=faction, effect=effect, bonus=bonus, badges=badges,
        footer_id=_fit(card.id, footer.style, footer.id_box, layout, fonts),
        footer_lang=_fit(lc.lang, footer.style, footer.lang_box, layout, fonts),
        art_box=front.art.unit if unit else front.art.other, effect_box=effect_box, effect_area=inner,
        bonus_box=bonus_box)


def badge_boxes(layout: CardLayout) -> tuple[Box, Box, Box]:
    stats = layout.front.stats
    width = (stats.box.width - 2 * stats.gap) / 3
    return tuple(replace(stats.box, x=stats.box.x + i * (width + stats.gap), width=width) for i in range(3))


def _badges(card: Card, labels: CardLabels, layout: CardLayout, fonts: Mapping[str, str]) -> tuple[Badge, ...]:
    stats = layout.front.stats
    badges = []
    entries = (("atk", labels.atk, card.atk), ("def", labels.def_, card.def_), ("energy", labels.energy, card.energy))
    for (key, label, number), box in zip(entries, badge_boxes(layout)):
        inner = box.inset(stats.padding)
        value = _fit(str(number), stats.value, replace(inner, y=box.y, height=box.height), layout, fonts)
        label_box = replace(inner, width=inner.width - value.width() / MM - stats.padding)
        badges.append(Badge(key, _fit(label, stats.label, label_box, layout, fonts), value, box))
    return tuple(badges)


def compose_back(faction: str, faction_name: str, lang: str, layout: CardLayout,
                 fonts: Mapping[str, str]) -> BackFace:
    back = layout.back
    return BackFace(faction, lang, _fit(GAME_TITLE, back.title.style, back.title.inner, layout, fonts),
                    _fit(faction_name, back.faction.style, back.faction.inner, layout, fonts))
