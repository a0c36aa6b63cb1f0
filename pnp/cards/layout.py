"""The card layout (card.toml and its variants, e.g. card-ink-saver.toml): every box, style, paint and faction
colour of the fronts and backs, loaded and checked (safe zone, factions, emblems, paints, ink)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import Mapping

from ..core.caches import memo
from ..core.geometry import Box, TextBox, TextStyle
from ..core.loader import layout_file, load_layout
from ..core.problems import Location, Problem, raise_if_errors
from ..core.values import Colour, Palette, Positive
from ..data.art import ArtSettings
from ..data.terms import FACTIONS
from ..graphics.emblems import EMBLEMS
from ..layouts.schemas import CARD, CardGeometry, ink_problems


@dataclass(frozen=True)
class NameLayout(TextBox):
    """card.toml [front.name]: the name's box and style, and how far a name may shrink."""
    one_line_min: float = 0.0
    deck_min: float = 0.0  # the names of a deck share one size, down to this; a name needing less shrinks alone

    def one_line(self, style: TextStyle) -> TextStyle:
        """`style` (the name's, or the name's at a deck's size) held to one line, shrinking down to `one_line_min`
        (or its own size, when that is smaller)."""
        return replace(style, max_lines=1, min_size=min(self.one_line_min, style.size))

    @cached_property
    def one_line_style(self) -> TextStyle:
        """The name's own style held to one line (`one_line`), made once: every name is set with it."""
        return self.one_line(self.style)


@dataclass(frozen=True)
class LevelLayout:
    """card.toml [front.level]: the level's stars, its number beside them and the commander mark."""
    box: Box
    star_size: float
    star_gap: float
    commander_box: Box
    commander: TextStyle
    number: TextStyle
    number_gap: float


@dataclass(frozen=True)
class ArtWindows:
    """card.toml [front.art]: the art window of a unit card and of every other kind."""
    unit: Box
    other: Box


@dataclass(frozen=True)
class TypeBarLayout:
    """card.toml [front.type_bar]: the bar of the type line, with its icon and the faction's emblem."""
    box: Box
    padding: float
    type: TextStyle
    emblem_size: float
    icon_size: float
    gap: float
    two_lines: TextStyle  # a type line too long for one line: the type, then its traits on a second line
    two_lines_padding: float  # around those two lines (less than `padding`: they need the bar's height)

    @property
    def inner(self) -> Box:
        return self.box.inset(self.padding)


@dataclass(frozen=True)
class EffectLayout:
    """card.toml [front.effect]: the effect text's box (units, other kinds) and the bonus line."""
    unit: Box
    other: Box
    padding: float
    style: TextStyle
    bonus: TextStyle
    bonus_gap: float


@dataclass(frozen=True)
class StatsLayout:
    """card.toml [front.stats]: the row of stat panels, their icons, labels and values."""
    box: Box
    gap: float
    padding: float
    icon_size: float
    icon_gap: float
    label: TextStyle
    value: TextStyle


@dataclass(frozen=True)
class FooterLayout:
    """card.toml [front.footer]: the collector line and the faction's name at the foot of a front."""
    box: Box
    style: TextStyle
    faction: TextStyle
    faction_share: float  # the most of the footer's width the faction name may take


@dataclass(frozen=True)
class FrontLayout:
    """card.toml [front]: the geometry of every part of a card front."""
    panel_radius: float
    outline: float
    name: NameLayout
    level: LevelLayout
    art: ArtWindows
    type_bar: TypeBarLayout
    effect: EffectLayout
    stats: StatsLayout
    footer: FooterLayout


@dataclass(frozen=True)
class BackMedallion:
    """The medallion in the back's middle: its box (centred on the card), its ring and inner ring (times the
    outline) and the inner ring's size (times the medallion's radius)."""

    box: Box
    ring: Positive
    inner_ring: Positive
    inner_scale: Positive


@dataclass(frozen=True)
class BackRule:
    """The gold rules under the title: their distance from the title's box and line width,
    where each half starts and ends (mm from the middle) and the diamond between them (mm)."""

    gap: float
    width: Positive
    start: float
    end: Positive
    diamond: Positive


@dataclass(frozen=True)
class BackLayout:
    """card.toml [back]: the back's medallion, emblem, rule and texts."""
    outline: float
    medallion: BackMedallion
    emblem_size: float
    emblem_offset: float              # the emblem's centre above the card's centre (its turned copy as far below)
    rule: BackRule
    title: TextBox
    faction: TextBox


@dataclass(frozen=True)
class CardPalette(Palette):
    """card.toml [palette]: the colours every faction's cards share."""
    parchment: Colour
    ink: Colour
    text: Colour
    paper: Colour
    gold: Colour
    gold_dark: Colour
    light: Colour
    marks: Colour


@dataclass(frozen=True)
class Paint:
    """A colour by name — a palette colour (`gold`) or the card's faction's (`faction.color`, `faction.dark`,
    `faction.sky`) — printed at `tint` of its strength (1: as it is, 0.1: a tenth of each ink, 0: paper white)."""

    colour: str
    tint: float = 1.0

    def invalid(self) -> list[str]:
        return [] if 0 <= self.tint <= 1 else [f"tint {self.tint:g} must be in 0..1"]


FACTION_PAINTS = ("faction.color", "faction.dark", "faction.sky")
COMMON_BACK = "common"  # the faction key of the common back (pnp build --backs common)


@dataclass(frozen=True)
class CardPaint:
    """Which colour prints where on a card. The defaults are the full-colour design; a variant layout that extends
    card.toml (card-ink-saver.toml) lightens the large areas."""

    frame: Paint = Paint("faction.color")       # the front's ground, into the bleed
    panels: Paint = Paint("parchment")          # the name banner and the effect panel
    frame_text: Paint = Paint("gold")           # the level number, on the frame
    frame_knockout: bool = True                 # small text on the frame (the collector line): knocked out or black
    back: Paint = Paint("faction.color")        # the back's ground, into the bleed; its rays 35 % of the way to …
    medallion: Paint = Paint("faction.dark")    # … the medallion's fill
    back_art: Paint = Paint("gold")             # the back's rings, emblem, title, name and rules
    back_knockout: bool = True                  # small text on the back (the faction's name): knocked out or black


@dataclass(frozen=True)
class FactionStyle:
    """card.toml [factions.<key>] (or [common]): a faction's colours and emblem."""
    color: Colour
    dark: Colour
    sky: Colour
    emblem: str


@dataclass(frozen=True)
class CardLayout:
    """card.toml (or a variant of it, such as the ink saver's): the whole card layout, read and checked."""
    card: CardGeometry
    art: ArtSettings
    front: FrontLayout
    back: BackLayout
    palette: CardPalette
    factions: Mapping[str, FactionStyle]
    common: FactionStyle  # the neutral back of `pnp build --backs common` (allied and coalition play)
    paint: CardPaint = CardPaint()

    def style(self, faction: str) -> FactionStyle:
        """The colours and emblem of `faction`'s cards, or of the common back (faction "common")."""
        return self.common if faction == COMMON_BACK else self.factions[faction]

    def colour(self, paint: Paint, faction: str) -> Colour:
        """The CMYK colour that `paint` names on a card of `faction` (or the common back), at its tint."""
        name = paint.colour
        base = (getattr(self.style(faction), name.removeprefix("faction.")) if name in FACTION_PAINTS
                else self.palette.colors()[name])
        return base if paint.tint == 1 else tuple(round(value * paint.tint, 4) for value in base)

    def text_boxes(self) -> dict[str, Box]:
        """Every box that holds text or a symbol, and every panel (its edge frames the face), by name: all must lie
        in the safe zone, so a cutting error of a millimetre never brings a frame near the card's edge."""
        f, b = self.front, self.back
        return {"front.name.box": f.name.box, "front.art.unit": f.art.unit, "front.art.other": f.art.other,
                "front.type_bar.box": f.type_bar.box, "front.effect.unit.box": f.effect.unit,
                "front.effect.other.box": f.effect.other, "front.name": f.name.inner, "front.level": f.level.box,
                "front.level.commander": f.level.commander_box, "front.type_bar": f.type_bar.inner,
                "front.effect.unit": f.effect.unit.inset(f.effect.padding),
                "front.effect.other": f.effect.other.inset(f.effect.padding), "front.stats": f.stats.box,
                "front.footer": f.footer.box, "back.medallion": b.medallion.box, "back.title": b.title.inner,
                "back.faction": b.faction.inner}


@memo("the card layout (card.toml or a variant), loaded and checked", "layouts folder, variant")
def card_layout(directory: Path, name: str = CARD) -> CardLayout:
    """card.toml (or the variant `name` that extends it) of the layouts folder `directory`, with every text box
    inside the safe zone, every faction styled and every paint a known colour."""
    layout = load_layout(name, CardLayout, directory)
    file = str(layout_file(directory, name))
    problems = []
    safe = layout.card.safe_box
    for name, box in layout.text_boxes().items():
        if not safe.contains(box):
            problems.append(Problem("layout-safe-zone", f"box {name} {box} reaches outside the safe zone {safe}",
                                    Location(file=file, field=name)))
    for missing in sorted(set(FACTIONS) - set(layout.factions)):
        problems.append(Problem("layout-faction", f"no style for faction '{missing}'", Location(file=file,
                                                                                                  field="factions")))
    styles = {f"factions.{faction}": style for faction, style in layout.factions.items()} | {"common": layout.common}
    for field, style in styles.items():
        if style.emblem not in EMBLEMS:
            problems.append(Problem("layout-emblem", f"unknown emblem {style.emblem!r}; expected one of "
                                    f"{', '.join(EMBLEMS)}", Location(file=file, field=field)))
    named = {f"palette.{name}": colour for name, colour in layout.palette.colors().items()}
    named |= {f"{field}.{part}": getattr(style, part) for field, style in styles.items()
              for part in ("color", "dark", "sky")}
    colours = (*layout.palette.colors(), *FACTION_PAINTS)
    for part, paint in vars(layout.paint).items():
        if isinstance(paint, Paint) and paint.colour not in colours:
            problems.append(Problem("layout-value", f"'paint.{part}' names colour {paint.colour!r}; expected one of "
                                    f"{', '.join(colours)}", Location(file=file, field=f"paint.{part}")))
    problems += ink_problems(named, layout.card.max_ink, file)
    raise_if_errors(problems)
    return layout
