"""Drawing a composed card front: frame into the bleed, name banner, level stars, art window, type bar, effect text,
stat badges and footer — every position from the card layout."""
from __future__ import annotations

from dataclasses import replace

from reportlab.pdfgen.canvas import Canvas

from ..data.art import ArtImage
from ..graphics.art_scenes import Scene
from ..graphics.colours import mix
from ..graphics.drawing import ArtWindow, Disc, Emblem, Fitted, Ground, Icon, Item, Panel, Rule, Stars, render
from ..graphics.icons import STAT_ICONS, card_icon
from .layout import CardLayout, FactionStyle
from ..core.geometry import Box
from ..typeset.textfit import FittedText
from .faces import FrontFace


def draw_front(canvas: Canvas, face: FrontFace, layout: CardLayout, art: ArtImage | None, x: float,
               y: float) -> None:
    """Draw the front with its trim's bottom-left corner at (x, y) points, bleed included."""
    canvas.saveState()
    canvas.translate(x, y)
    render(canvas, front_items(face, layout, art))
    canvas.restoreState()


def front_items(face: FrontFace, layout: CardLayout, art: ArtImage | None) -> tuple[Item, ...]:
    """The front as a drawing list (mm, the trim's bottom-left corner at the origin): frame into the bleed, name
    banner, level, art window, type bar, effect panel, stat badges and footer."""
    front, palette = layout.front, layout.palette
    style = layout.factions[face.card.faction]
    faction = face.card.faction
    card, b = layout.card, layout.card.bleed
    items: list[Item] = [
        Ground(Box(-b, -b, card.width + 2 * b, card.height + 2 * b), layout.colour(layout.paint.frame, faction)),
        Panel(front.name.box, layout.colour(layout.paint.panels, faction), palette.gold, front.outline,
              front.panel_radius),
        Fitted(face.name, front.name.inner, "center", ink_colour(face.name, palette.ink, layout))]
    if face.level:
        items += _level(face.level, layout, faction)
    if face.commander:
        disc = front.level.commander_box
        items += [Disc(disc.x + disc.width / 2, disc.y + disc.height / 2, disc.width / 2, palette.gold,
                       palette.gold_dark, 0.5),
                  Fitted(face.commander, disc, "center", ink_colour(face.commander, style.dark, layout))]
    scene = Scene(face.card, style.color, style.dark, style.sky, style.emblem, palette.light, palette.gold)
    items.append(ArtWindow(face.art_box, front.panel_radius, art, scene, palette.gold, front.outline * 1.3))
    items += _type_bar(face, layout, style) + _effect(face, layout, style) + _badges(face, layout, style)
    knockout = layout.paint.frame_knockout  # small text on the frame: knocked out of a dark one, black on a light one
    items += [Fitted(face.faction, front.footer.box, "left", ink_colour(face.faction, palette.gold, layout, knockout)),
              Fitted(face.collector, front.footer.box, "right",
                     ink_colour(face.collector, palette.paper, layout, knockout))]
    return tuple(items)


def ink_colour(fitted: FittedText, colour, layout: CardLayout, knockout: bool = False):
    """The colour of a text: `colour`, or for text under the layout's small-text size one ink only: black (K), or on a
    dark ground (`knockout`) no ink at all, the paper showing through."""
    if fitted.size < layout.card.small_text:
        return layout.palette.paper if knockout else layout.palette.text
    return colour


def _level(number: FittedText, layout: CardLayout, faction: str) -> list[Item]:
    """The level as a row of stars, right-aligned, with the level as a number before them."""
    spec, palette = layout.front.level, layout.palette
    level = int(number.text)
    cy = spec.box.y + spec.box.height / 2
    centres = tuple((spec.box.right - spec.star_size / 2 - i * (spec.star_size + spec.star_gap), cy)
                    for i in range(level))
    stars = level * spec.star_size + (level - 1) * spec.star_gap
    colour = ink_colour(number, layout.colour(layout.paint.frame_text, faction), layout, layout.paint.frame_knockout)
    return [Stars(centres, spec.star_size / 2, palette.gold, palette.gold_dark, 0.4),
            Fitted(number, replace(spec.box, width=spec.box.width - stars - spec.number_gap), "right", colour)]


def _type_bar(face: FrontFace, layout: CardLayout, style: FactionStyle) -> list[Item]:
    bar, palette, front = layout.front.type_bar, layout.palette, layout.front
    inner = bar.inner
    middle = inner.y + inner.height / 2
    return [Panel(bar.box, style.dark, palette.gold, front.outline, front.panel_radius),
            Icon(card_icon(face.card), inner.x + bar.icon_size / 2, middle, bar.icon_size, palette.gold),
            Emblem(style.emblem, inner.right - bar.emblem_size / 2, middle, bar.emblem_size),
            Fitted(face.type, face.type_box, "left", ink_colour(face.type, palette.light, layout, knockout=True))]


def _effect(face: FrontFace, layout: CardLayout, style: FactionStyle) -> list[Item]:
    spec, palette, front = layout.front.effect, layout.palette, layout.front
    items: list[Item] = [
        Panel(face.effect_box, layout.colour(layout.paint.panels, face.card.faction), palette.gold, front.outline,
              front.panel_radius),
        Fitted(face.effect, face.effect_area, "left", palette.text)]
    if face.bonus and face.bonus_box:
        box = face.bonus_box
        rule_y = box.top + spec.bonus_gap
        items += [Rule(((box.x + box.width * 0.15, rule_y, box.right - box.width * 0.15, rule_y),),
                       mix(palette.gold, palette.gold_dark, 0.5), 0.5),
                  Fitted(face.bonus, box, "center", ink_colour(face.bonus, style.dark, layout))]
    return items


def _badges(face: FrontFace, layout: CardLayout, style: FactionStyle) -> list[Item]:
    stats, palette, front = layout.front.stats, layout.palette, layout.front
    items: list[Item] = []
    for badge in face.badges:
        inner = badge.box.inset(stats.padding)
        items += [Panel(badge.box, style.dark, palette.gold, front.outline, front.panel_radius),
                  Icon(STAT_ICONS[badge.key], inner.x + stats.icon_size / 2, badge.box.y + badge.box.height / 2,
                       stats.icon_size, palette.gold),
                  Fitted(badge.label, badge.label_box, "left",
                         ink_colour(badge.label, palette.paper, layout, knockout=True)),
                  Fitted(badge.value, Box(inner.x, badge.box.y, inner.width, badge.box.height), "right",
                         ink_colour(badge.value, palette.light, layout, knockout=True))]
    return items
