"""Composing card faces: every printed text of a card in one language, fitted to its box in the layout.

Composition is pure (no canvas): the result says what is printed where, at which size, and whether it fits.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from ..data.card_database import Card
from ..i18n.localize import TRAIT_SEPARATOR, LocalizedCard
from .layout import COMMON_BACK, CardLayout
from ..core.geometry import Box, TextStyle
from ..typeset.fonts import fonts_for
from ..typeset.hyphenation import breaks_for
from ..typeset.textfit import Fit, FittedText, fit_text
from ..core.units import MM
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
    label_box: Box


@dataclass(frozen=True)
class FrontFace:
    """A card's front in one language, every text fitted to its box: what card_front draws."""
    card: Card
    lang: str
    name: FittedText
    commander: FittedText | None
    level: FittedText | None   # the level as a number, left of its stars
    type: FittedText
    type_box: Box              # right of the type icon
    faction: FittedText
    effect: FittedText
    bonus: FittedText | None
    badges: tuple[Badge, ...]
    collector: FittedText      # "ROM 07/24"
    art_box: Box
    effect_box: Box          # the parchment panel
    effect_area: Box         # where the effect text is centred
    bonus_box: Box | None    # the bonus line at the bottom of the panel (doctrines)

    def texts(self) -> dict[str, FittedText]:
        """Every printed text by field name (the fields of problems)."""
        texts = {"name": self.name, "type": self.type, "faction": self.faction, "effect": self.effect,
                 "footer": self.collector}
        if self.commander:
            texts["commander"] = self.commander
        if self.level:
            texts["level"] = self.level
        if self.bonus:
            texts["bonus"] = self.bonus
        for badge in self.badges:
            texts[f"{badge.key} label"] = badge.label
            texts[badge.key] = badge.value
        return texts




@dataclass(frozen=True)
class BackFace:
    """A card back in one language (a faction's or the common back), its texts fitted."""
    faction: str              # COMMON_BACK for the common back
    lang: str
    title: FittedText
    name: FittedText | None   # the faction's name; none on the common back

    def texts(self) -> dict[str, FittedText]:
        return {"back title": self.title} | ({"back faction": self.name} if self.name else {})


def _fit(text: str, style: TextStyle, box: Box, layout: CardLayout, fonts: Mapping[str, str], fit: Fit,
         **options) -> FittedText:
    return fit(text, fonts[style.font], style, box.width * MM, box.height * MM, layout.card.fit_step,
               figures=fonts[style.figures] if style.figures else None, **options)


def fit_name(name: str, layout: CardLayout, fonts: Mapping[str, str], size: float | None = None,
             fit: Fit = fit_text) -> FittedText:
    """At most `size` (the style's size by default): one line down to `one_line_min`, or two balanced lines down to
    the minimum size, whichever is larger (one line when both are as large)."""
    spec = layout.front.name
    if not size or size >= spec.style.size:
        style, one_line_style = spec.style, spec.one_line_style
    else:
        style = replace(spec.style, size=size)
        one_line_style = spec.one_line(style)
    one_line = _fit(name, one_line_style, spec.inner, layout, fonts, fit)
    if one_line.fits and one_line.size >= max(style.size, round(style.size, 4)):
        return one_line  # at the largest size two lines could have (textfit.sizes)
    two_lines = _fit(name, style, spec.inner, layout, fonts, fit, balance=True)
    if one_line.fits and (not two_lines.fits or one_line.size >= two_lines.size):
        return one_line
    return two_lines


def deck_name_size(names: Sequence[str], layout: CardLayout, fonts: Mapping[str, str], fit: Fit = fit_text) -> float:
    """The one size of the names of a deck: the largest that all fit at, but not below `deck_min` (a name that only
    fits smaller is set at its own largest size, fit_name)."""
    spec = layout.front.name
    sizes = [fit_name(name, layout, fonts, fit=fit).size for name in names]
    return min((size for size in sizes if size >= spec.deck_min), default=spec.style.size)


def compose_front(lc: LocalizedCard, labels: CardLabels, layout: CardLayout, fonts: Mapping[str, str],
                  name_size: float | None = None, fit: Fit = fit_text) -> FrontFace:
    """The front of a card, its name at most `name_size` pt (its deck's, deck_name_size), each text fitted by
    `fit`."""
    card, front, fonts = lc.card, layout.front, fonts_for(fonts, lc.lang)
    unit = card.kind == "unit"
    bar, footer = front.type_bar, front.footer
    faction = _fit(lc.faction_name, footer.faction, Box(footer.box.x, footer.box.y,
                                                         footer.box.width * footer.faction_share, footer.box.height),
                   layout, fonts, fit)
    bar_inner = bar.inner
    type_x = bar_inner.x + bar.icon_size + bar.gap
    type_box = Box(type_x, bar_inner.y, bar_inner.right - type_x - bar.emblem_size - bar.gap, bar_inner.height)
    type_text = labels.terrain_doctrine if card.terrain else lc.type_line
    type_line = _fit(type_text, bar.type, type_box, layout, fonts, fit)
    if not type_line.fits and lc.traits:
        type_box = replace(type_box, y=bar.box.y + bar.two_lines_padding,
                           height=bar.box.height - 2 * bar.two_lines_padding)
        type_line = _fit(f"{lc.type}\n{TRAIT_SEPARATOR.join(lc.traits)}", bar.two_lines, type_box, layout, fonts,
                         fit)

    effect_box = front.effect.unit if unit else front.effect.other
    inner = effect_box.inset(front.effect.padding)
    bonus = bonus_box = None
    if lc.bonus:
        bonus = _fit(lc.bonus, front.effect.bonus, inner, layout, fonts, fit, breaks=breaks_for(lc.lang))
        bonus_box = replace(inner, height=bonus.height / MM)
        raised = bonus_box.height + 2 * front.effect.bonus_gap
        inner = replace(inner, y=inner.y + raised, height=inner.height - raised)
    effect = _fit(lc.effect, front.effect.style, inner, layout, fonts, fit, breaks=breaks_for(lc.lang))

    badges = _badges(card, labels, layout, fonts, fit) if unit else ()
    level = front.level
    return FrontFace(
        card=card, lang=lc.lang, name=fit_name(lc.name, layout, fonts, name_size, fit),
        commander=(_fit(COMMANDER_MARK, level.commander, level.commander_box, layout, fonts, fit)
                   if card.commander else None),
        level=_fit(str(card.level), level.number, level.box, layout, fonts, fit) if card.level else None,
        type=type_line, type_box=type_box, faction=faction, effect=effect, bonus=bonus, badges=badges,
        collector=_fit(lc.collector, front.footer.style, front.footer.box, layout, fonts, fit),
        art_box=front.art.unit if unit else front.art.other, effect_box=effect_box, effect_area=inner,
        bonus_box=bonus_box)


def badge_boxes(layout: CardLayout) -> tuple[Box, Box, Box]:
    stats = layout.front.stats
    width = (stats.box.width - 2 * stats.gap) / 3
    box = stats.box
    return tuple(Box(box.x + i * (width + stats.gap), box.y, width, box.height) for i in range(3))


def _badges(card: Card, labels: CardLabels, layout: CardLayout, fonts: Mapping[str, str],
            fit: Fit) -> tuple[Badge, ...]:
    stats = layout.front.stats
    badges = []
    entries = (("atk", labels.atk, card.atk), ("def", labels.def_, card.def_), ("energy", labels.energy, card.energy))
    for (key, label, number), box in zip(entries, badge_boxes(layout)):
        inner = box.inset(stats.padding)
        value = _fit(str(number), stats.value, Box(inner.x, box.y, inner.width, box.height), layout, fonts, fit)
        label_x = inner.x + stats.icon_size + stats.icon_gap
        label_box = Box(label_x, box.y, inner.right - value.width() / MM - stats.padding - label_x, box.height)
        badges.append(Badge(key, _fit(label, stats.label, label_box, layout, fonts, fit), value, box, label_box))
    return tuple(badges)


def compose_back(faction: str, faction_name: str | None, lang: str, layout: CardLayout,
                 fonts: Mapping[str, str], fit: Fit = fit_text) -> BackFace:
    """The back of `faction` with its name; without a name, the common back (faction COMMON_BACK)."""
    back, fonts = layout.back, fonts_for(fonts, lang)
    name = _fit(faction_name, back.faction.style, back.faction.inner, layout, fonts, fit) if faction_name else None
    return BackFace(faction if faction_name else COMMON_BACK, lang,
                    _fit(GAME_TITLE, back.title.style, back.title.inner, layout, fonts, fit), name)
