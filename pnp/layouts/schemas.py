"""Layouts (pnp/layouts/*.toml): geometry and style as data, loaded into frozen dataclasses and checked.

A layout file may say `extends = "<other layout>"`: it is read over the other one, table by table.
Lengths are millimetres, type sizes points. Other parts of the kit load their own layout files with `load_layout`.
Every loader takes the layouts folder (the project's, pnp.project.Project.layouts; LAYOUTS is the repository's own).
"""
from __future__ import annotations

import dataclasses
import math
import re
from collections import abc
import typing
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from ..core.problems import Location, Problem, ProblemsFound, raise_if_errors, shown
from ..data.terms import FACTIONS
from ..core.resources import package_folder
from ..core.tomlfile import read_toml
from ..typeset.fonts import FONT_FILES
from ..core.values import DPI_RANGE, MAX_ITEMS, MAX_NUMBER, STEP_RANGE, Colour, Dpi, FontRole, Palette, Positive, Step

LAYOUTS = package_folder("pnp", "layouts")
LAYOUT_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")  # a layout `extends` only another file of its own folder
PAPERS = ("a4", "letter")
CARD, CARD_INK_SAVER = "card", "card-ink-saver"  # the card layout and its light variant (`pnp build --ink-saver`)
CARD_VARIANTS = (CARD, CARD_INK_SAVER)


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    width: float
    height: float

    def invalid(self) -> list[str]:
        """A box with no width or height cannot hold anything (a zero-height art window, a text box)."""
        return [f"{name} {value:g} must be above 0" for name, value in (("width", self.width),
                                                                        ("height", self.height)) if value <= 0]

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def inset(self, d: float) -> Box:
        return Box(self.x + d, self.y + d, self.width - 2 * d, self.height - 2 * d)

    def contains(self, other: Box, tolerance: float = 1e-6) -> bool:
        return (other.x >= self.x - tolerance and other.y >= self.y - tolerance
                and other.right <= self.right + tolerance and other.top <= self.top + tolerance)


@dataclass(frozen=True)
class TextStyle:
    """A font role (pnp.typeset.fonts), the default size, the smallest size fitting may use, the leading (a
    multiple of the size), the most lines allowed (0: any number) and the font role of the figures."""

    font: FontRole
    size: Positive
    min_size: Positive
    leading: Positive = 1.2
    max_lines: int = 1
    figures: str = ""       # a font role for the digits, if not the text's own font

    def invalid(self) -> list[str]:
        """What is wrong beyond each value's own type (the loader reports it at the style's key)."""
        wrong = []
        if self.min_size > self.size:
            wrong.append(f"min_size {self.min_size:g} must not be above size {self.size:g}")
        if self.figures and self.figures not in FONT_FILES:
            wrong.append(f"figures {self.figures!r} is not a font role; expected one of {', '.join(FONT_FILES)}")
        return wrong


@dataclass(frozen=True)
class TextBox:
    box: Box
    padding: float
    style: TextStyle

    @property
    def inner(self) -> Box:
        return self.box.inset(self.padding)


# --- the card --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CardGeometry:
    width: Positive
    height: Positive
    bleed: float
    safe: float
    fit_step: Step
    small_text: Positive
    max_ink: Positive

    @property
    def safe_box(self) -> Box:
        return Box(0, 0, self.width, self.height).inset(self.safe)

    def invalid(self) -> list[str]:
        """A negative bleed or safe margin, or a safe margin that leaves no room on the card."""
        wrong = [f"{name} {value:g} must not be below zero" for name, value in (("bleed", self.bleed),
                                                                              ("safe", self.safe)) if value < 0]
        if 2 * self.safe >= min(self.width, self.height):
            wrong.append(f"safe {self.safe:g} leaves no room inside a {self.width:g} × {self.height:g} mm card")
        return wrong


@dataclass(frozen=True)
class ArtSettings:
    min_dpi: Dpi
    max_dpi: Dpi
    max_megapixels: Positive  # larger images are refused before decoding (bounded memory)

    def invalid(self) -> list[str]:
        if not 0 < self.min_dpi <= self.max_dpi:
            return [f"min_dpi {self.min_dpi} and max_dpi {self.max_dpi} must be above 0, min_dpi not above max_dpi"]
        return []


@dataclass(frozen=True)
class NameLayout(TextBox):
    one_line_min: float = 0.0
    deck_min: float = 0.0  # the names of a deck share one size, down to this; a name needing less shrinks alone


@dataclass(frozen=True)
class LevelLayout:
    box: Box
    star_size: float
    star_gap: float
    commander_box: Box
    commander: TextStyle
    number: TextStyle
    number_gap: float


@dataclass(frozen=True)
class ArtWindows:
    unit: Box
    other: Box


@dataclass(frozen=True)
class TypeBarLayout:
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
    unit: Box
    other: Box
    padding: float
    style: TextStyle
    bonus: TextStyle
    bonus_gap: float


@dataclass(frozen=True)
class StatsLayout:
    box: Box
    gap: float
    padding: float
    icon_size: float
    icon_gap: float
    label: TextStyle
    value: TextStyle


@dataclass(frozen=True)
class FooterLayout:
    box: Box
    style: TextStyle
    faction: TextStyle
    faction_share: float  # the most of the footer's width the faction name may take


@dataclass(frozen=True)
class FrontLayout:
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
    outline: float
    medallion: BackMedallion
    emblem_size: float
    emblem_offset: float              # the emblem's centre above the card's centre (its turned copy as far below)
    rule: BackRule
    title: TextBox
    faction: TextBox


@dataclass(frozen=True)
class CardPalette(Palette):
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
    color: Colour
    dark: Colour
    sky: Colour
    emblem: str


@dataclass(frozen=True)
class CardLayout:
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


# --- sheets ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float


@dataclass(frozen=True)
class GridSize:
    """Cells per sheet; `turned`: each cell holds its card turned a quarter turn (lying on its long side)."""

    columns: int
    rows: int
    turned: bool = False


@dataclass(frozen=True)
class SheetMargins:
    """A home sheet's edge: the printable margin, the bleed around the grid and the crop marks (mm, the width pt)."""

    min_margin: float
    bleed: float
    mark_gap: float
    mark_length: float
    mark_min_length: float
    mark_width: float


@dataclass(frozen=True)
class SheetLayout:
    paper: Paper
    grid: GridSize
    margins: SheetMargins


@dataclass(frozen=True)
class Scales:
    range: float
    minor: float
    minor_length: float
    major_length: float
    x_positions: tuple[float, ...]
    y_positions: tuple[float, ...]
    line_width: float
    label_size: float
    x_label_every: float    # mm: the X scales number every this many mm
    label_gap: float        # pt between a tick and its number
    letter_gap: float       # mm between a scale's end and its letter (X, Y)
    reach: float            # the front's vertical line runs this far past the outer X scales


@dataclass(frozen=True)
class Ruler:
    """The 100 % check: length, bottom edge and height (mm), the ticks (mm: every mm, every 5, every 10), the
    numbers' size and gap below the ruler, and the gap of the length caption below the numbers (pt)."""

    length: Positive
    y: float
    height: Positive
    ticks: tuple[Positive, Positive, Positive]
    text_size: Positive
    number_gap: float
    caption_gap: float


@dataclass(frozen=True)
class CalibrationText:
    """The instructions: the largest and smallest type size and the step between them (pt), the leading (a
    multiple of the size), and in mm the first baseline below the top edge, the step numbers' hanging indent, the
    space between paragraphs and the room kept free above the front's lines and the back's scales."""

    size: Positive
    min_size: Positive
    fit_step: Step
    leading: float
    top: float
    indent: float
    space: float
    gap: float


@dataclass(frozen=True)
class CalibrationLayout:
    scales: Scales
    ruler: Ruler
    text: CalibrationText


# --- loading ---------------------------------------------------------------------------------------------------

def read_layout(name: str, directory: Path) -> dict:
    """The merged table of layout `name` (following `extends`); raises ProblemsFound for a missing file or cycle."""
    chain: list[str] = []
    merged: dict = {}
    while name is not None:
        path = directory / f"{name}.toml"
        if name in chain:
            raise ProblemsFound([Problem("layout-extends", f"layouts extend each other in a cycle: "
                                         f"{' -> '.join(chain + [name])}", Location(file=str(path)))])
        if not (path.exists() or path.is_symlink()):  # anything else there is read_toml's to report
            raise ProblemsFound([Problem("layout-missing", f"no layout '{name}'; expected {path}",
                                         Location(file=str(path)))])
        data, problems = read_toml(path)
        raise_if_errors(problems)
        chain.append(name)
        parent = data.pop("extends", None)
        if parent is not None and (not isinstance(parent, str) or not LAYOUT_NAME.fullmatch(parent)):
            raise ProblemsFound([Problem("layout-extends", f"extends = {shown(parent)} is not the name of a layout in "
                                         "this folder; expected a name like \"home-a4\" (letters, digits, - and _)",
                                         Location(file=str(path), field="extends"))])
        merged = _merge(data, merged)
        name = parent
    return merged


def _merge(base: dict, override: dict) -> dict:
    """`override` read over `base`, tables merged key by key."""
    result = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = _merge(result[key], value)
        else:
            result[key] = value
    return result


def load_layout(name: str, cls: type, directory: Path):
    """Layout `name` as an instance of the frozen dataclass `cls`; every key checked, all problems collected."""
    data = read_layout(name, directory)
    problems: list[Problem] = []
    value = _convert(cls, data, "", problems, str(directory / f"{name}.toml"))
    raise_if_errors(problems)
    return value


def read_table(cls: type, data: dict, file: str, key: str = "") -> tuple[Any, list[Problem]]:
    """A table read from `file` (at `key`) as an instance of the frozen dataclass `cls`, and the problems of its
    keys (for data files of several entries, like the print services)."""
    problems: list[Problem] = []
    return _convert(cls, data, key, problems, file), problems


def _convert(tp: Any, value: Any, key: str, problems: list[Problem], file: str) -> Any:
    """`value` read from TOML as type `tp` (a dataclass, mapping, tuple, number or text); None and a problem if not."""
    def fail(expected: str) -> None:
        problems.append(Problem("layout-value", f"'{key}' must be {expected}, found {shown(value)}",
                                Location(file=file, field=key or None)))

    origin = typing.get_origin(tp)
    if dataclasses.is_dataclass(tp):
        if not isinstance(value, dict):
            return fail("a table")
        hints = typing.get_type_hints(tp)
        fields = {f.name: f for f in dataclasses.fields(tp)}
        for extra in sorted(set(value) - set(fields)):
            problems.append(Problem("layout-unknown-key", f"unknown key '{_join(key, extra)}'; expected one of "
                                    f"{', '.join(fields)}", Location(file=file, field=_join(key, extra))))
        args, before = {}, len(problems)
        for name, f in fields.items():
            if name in value:
                args[name] = _convert(hints[name], value[name], _join(key, name), problems, file)
            elif f.default is dataclasses.MISSING:
                problems.append(Problem("layout-missing-key", f"missing key '{_join(key, name)}'",
                                        Location(file=file, field=_join(key, name))))
        if len(problems) > before:
            return None
        instance = tp(**args)
        for wrong in instance.invalid() if hasattr(instance, "invalid") else ():
            problems.append(Problem("layout-value", f"'{key}': {wrong}", Location(file=file, field=key or None)))
        return instance
    if tp is Colour:
        colour = _convert(tuple[float, float, float, float], value, key, problems, file)
        if colour is not None and None not in colour and not all(0 <= v <= 1 for v in colour):
            problems.append(Problem("layout-colour", f"'{key}' is {shown(value)}; expected CMYK components in 0..1",
                                    Location(file=file, field=key)))
        return colour
    if tp is Positive:
        number = _convert(float, value, key, problems, file)
        return number if number is None or number > 0 else fail("above zero")
    if tp in (Step, Dpi):
        (low, high), types = (STEP_RANGE, (int, float)) if tp is Step else (DPI_RANGE, (int,))
        if type(value) not in types or not low <= value <= high:  # NaN is in no range
            return fail(f"{'a number' if tp is Step else 'a whole number'} from {low:g} to {high:g}")
        return float(value) if tp is Step else value
    if tp is FontRole:
        role = _convert(str, value, key, problems, file)
        return role if role is None or role in FONT_FILES else fail(f"a font role ({', '.join(FONT_FILES)})")
    if origin in (abc.Mapping, dict):
        if not isinstance(value, dict):
            return fail("a table")
        item = typing.get_args(tp)[1]
        return MappingProxyType({k: _convert(item, v, _join(key, k), problems, file) for k, v in value.items()})
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(value, list) or (args[-1] is not Ellipsis and len(value) != len(args)):
            return fail(f"a list of {len(args)} numbers" if args[-1] is not Ellipsis else "a list")
        if not 1 <= len(value) <= MAX_ITEMS:
            return fail(f"a list of 1 to {MAX_ITEMS} items")
        item = args[0]
        return tuple(_convert(item, v, f"{key}[{i}]", problems, file) for i, v in enumerate(value))
    if tp is float:
        if type(value) not in (int, float) or not math.isfinite(value):
            return fail("a finite number")
        if abs(value) > MAX_NUMBER:
            return fail(f"a number from {-MAX_NUMBER:g} to {MAX_NUMBER:g}")
        return float(value)
    if tp is bool:
        if not isinstance(value, bool):
            return fail("true or false")
        return value
    if tp is int:
        if type(value) is not int:
            return fail("a whole number")
        if not 0 <= value <= MAX_NUMBER:
            return fail(f"a whole number from 0 to {MAX_NUMBER:g}")
        return value
    if tp is str:
        if not isinstance(value, str):
            return fail("text")
        return value
    raise TypeError(f"unsupported layout field type {tp!r}")


def _join(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name


# --- the layouts of the kit, checked -----------------------------------------------------------------------------

def ink_problems(colours: Mapping[str, Colour], max_ink: float, file: str) -> list[Problem]:
    """One problem per CMYK colour whose total area coverage (C + M + Y + K, in %) exceeds `max_ink`."""
    return [Problem("layout-ink", f"colour {name} {list(colour)} has {sum(colour) * 100:.0f} % total ink; at most "
                    f"{max_ink:g} % prints without smearing", Location(file=file, field=name))
            for name, colour in colours.items() if sum(colour) * 100 > max_ink + 1e-6]


@lru_cache(maxsize=None)
def card_layout(directory: Path, name: str = CARD) -> CardLayout:
    """card.toml (or the variant `name` that extends it) of the layouts folder `directory`, with every text box
    inside the safe zone, every faction styled and every paint a known colour."""
    from ..graphics.emblems import EMBLEMS

    layout = load_layout(name, CardLayout, directory)
    file = str(directory / f"{name}.toml")
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


@lru_cache(maxsize=None)
def sheet_layout(paper: str, directory: Path) -> SheetLayout:
    """The home sheet for paper `paper` (home-<paper>.toml of the layouts folder `directory`)."""
    return load_layout(f"home-{paper}", SheetLayout, directory)


@lru_cache(maxsize=None)
def calibration_layout(directory: Path) -> CalibrationLayout:
    return load_layout("calibrate", CalibrationLayout, directory)
