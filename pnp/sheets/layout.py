"""The declared geometry of the score sheet and the tokens (pnp/layouts/scoresheet.toml, tokens.toml)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ..data.engine_data import ENGINE_NAMES
from ..core.loader import load_layout
from ..layouts.schemas import card_geometry, ink_problems
from ..core.values import Colour, Count, Figures, Palette, Positive, Step
from ..core.problems import Location, Problem, raise_if_errors

CMYK = Colour
TOKEN_STATS = ("atk", "def")


@dataclass(frozen=True)
class ScoreSheetPalette(Palette):
    """scoresheet.toml [palette]: the score sheet's colours (CMYK)."""
    ink: CMYK
    grid: CMYK
    tint: CMYK
    healing: CMYK
    accent: CMYK
    gold: CMYK
    player1: CMYK
    player2: CMYK
    paper: CMYK


@dataclass(frozen=True)
class SheetPage:
    """scoresheet.toml [page]: the sheet's margin, width, gaps and line weights."""
    margin: float
    width: float
    column_gap: float
    section_gap: float
    line: float
    frame: float
    border_inset: float
    border_gap: float
    table_frame: float
    cell_padding: float
    ornament: float


@dataclass(frozen=True)
class ScoreSheetType:
    """The score sheet's type sizes (pt) by role, the smallest size fitting may use and its step, the leading."""

    title: Positive
    subtitle: Positive
    heading: Positive
    label: Positive
    number: Positive
    caption: Positive
    footer: Positive
    min: Positive
    leading: Positive
    fit_step: Step


@dataclass(frozen=True)
class TitleBand:
    """scoresheet.toml [title]: the band of the game's name, subtitle and ornaments."""
    height: float
    rule_gap: float
    name_baseline: float
    subtitle_middle: float
    subtitle_margin: float
    ornament_gap: float
    ornament: float


@dataclass(frozen=True)
class ShieldShape:
    """The player's heater shield: where its sides turn to the point (a share of its height), the gold inner
    outline's inset and line width, how far above the sides' turn the outline turns and above the point it ends."""

    tip: Positive
    inset: Positive
    outline: Positive
    inner_turn: float
    inner_point: Positive


@dataclass(frozen=True)
class PlayerBand:
    """scoresheet.toml [player]: a player's band: shield, numeral, name and faction lines."""
    height: float
    shield: float
    shield_shape: ShieldShape
    numeral_baseline: float
    gap: float
    label_width: float
    name_baseline: float
    faction_baseline: float
    rule_drop: float
    first_label: float
    tick: float
    tick_y: float


@dataclass(frozen=True)
class Section:
    """scoresheet.toml [section]: a section's heading, ornament and caption."""
    heading: float
    heading_indent: float
    ornament: float
    after_heading: float
    caption_lines: int
    caption_gap: float


@dataclass(frozen=True)
class LifeTrack:
    """scoresheet.toml [life]: the cells of the life point track."""
    cell: float
    cells_per_row: Count
    healing_cells: int
    mark_inset: float


@dataclass(frozen=True)
class EnergyTable:
    """scoresheet.toml [energy]: the energy table's rows and columns."""
    rows: Count
    row: float
    header: float
    turn_width: float
    max_width: float
    lp_width: float
    box: float
    box_gap: float


@dataclass(frozen=True)
class BonusTable:
    """scoresheet.toml [bonus]: the table of bonuses in play."""
    rows: int
    row: float
    header: float
    unit: float
    stat: float
    modifier: float


@dataclass(frozen=True)
class Notes:
    """scoresheet.toml [notes]: the ruled area for notes."""
    line_spacing: float
    rule_inset: float
    dash: float
    min_height: float


@dataclass(frozen=True)
class Footer:
    """scoresheet.toml [footer]: the footer band."""
    height: float
    padding: float
    ornament_inset: float
    ornament: float


@dataclass(frozen=True)
class ScoreSheetLayout:
    """scoresheet.toml: the score sheet's whole layout."""
    page: SheetPage
    type: ScoreSheetType
    title: TitleBand
    player: PlayerBand
    section: Section
    life: LifeTrack
    energy: EnergyTable
    bonus: BonusTable
    notes: Notes
    footer: Footer
    palette: ScoreSheetPalette
    figures: Figures


def scoresheet_layout(directory: Path) -> ScoreSheetLayout:
    """pnp/layouts/scoresheet.toml (colours checked by the loader, total ink here)."""
    layout = load_layout("scoresheet", ScoreSheetLayout, directory)
    raise_if_errors(_ink_problems(layout.palette, directory, "scoresheet.toml"))
    return layout


def _ink_problems(palette: Palette, directory: Path, name: str) -> list[Problem]:
    """Every colour of a sheet's palette (layout file `name` in `directory`) within the kit's total ink limit
    (card.toml max_ink)."""
    colours = {f"palette.{name}": colour for name, colour in palette.colors().items()}
    return ink_problems(colours, card_geometry(directory).max_ink, str(directory / name))


# --- tokens ------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TokenPalette(Palette):
    """tokens.toml [palette]: the tokens' colours (CMYK)."""
    ink: CMYK
    parchment: CMYK
    gold: CMYK
    attack: CMYK
    attack_dark: CMYK
    defence: CMYK
    defence_dark: CMYK
    wound: CMYK
    energy: CMYK
    energy_dark: CMYK
    spent: CMYK
    first: CMYK
    ready: CMYK
    used: CMYK
    light: CMYK


@dataclass(frozen=True)
class TokenCut:
    """tokens.toml [token]: a token's size, bleed, safe margin and ring."""
    size: Positive
    bleed: float
    safe: float
    ring: float


@dataclass(frozen=True)
class FaceGeometry:
    """tokens.toml [face]: a stat token's medallion, value, gem and label."""
    medallion_y: float
    medallion_r: float
    value_padding: float
    gem: float
    label_top: float
    label_padding: float


@dataclass(frozen=True)
class WoundGeometry:
    """tokens.toml [wound]: a wound token's title, medallion, values and note."""
    title_top: float
    medallion_y: float
    medallion_r: float
    value_middle: float
    stat_middle: float
    note_top: float
    note_padding: float


@dataclass(frozen=True)
class TokenType:
    """tokens.toml [type]: the sizes of the tokens' texts, and the least a text may shrink to."""
    value: float
    wound_value: float
    wound_stat: float
    symbol: float
    crown: float
    label: float
    stat: float
    note: float
    min: Positive
    leading: float
    fit_step: Step


@dataclass(frozen=True)
class TokenSet:
    """One entry of the token set: `count` tokens (times the engine number `per`, and for wounds times the number
    of printed ATK values), with the reason the count is enough."""

    id: str
    kind: str
    count: int
    reason: str
    stat: str = ""
    amount: int = 0
    per: str = ""


@dataclass(frozen=True)
class TokensLayout:
    """tokens.toml: the token sheet's whole layout and its token sets."""
    token: TokenCut
    face: FaceGeometry
    wound: WoundGeometry
    type: TokenType
    palette: TokenPalette
    figures: Figures
    set: tuple[TokenSet, ...]


def tokens_layout(directory: Path) -> TokensLayout:
    """pnp/layouts/tokens.toml, colours and token kinds checked."""
    layout = load_layout("tokens", TokensLayout, directory)
    path = directory / "tokens.toml"
    raise_if_errors(_ink_problems(layout.palette, directory, "tokens.toml") + check_token_sets(layout.set, path))
    return layout


def check_token_sets(sets: Iterable[TokenSet], path: Path) -> list[Problem]:
    """Every entry of the set names a known stat and engine number; ids are unique (its kind is checked against the
    registry pnp.sheets.token_faces.KINDS when the set is counted)."""
    problems, seen = [], set()
    for entry in sets:
        where = Location(file=str(path), field=f"set {entry.id}")
        if entry.id in seen:
            problems.append(Problem("layout-token", f"token set id '{entry.id}' appears twice", where))
        seen.add(entry.id)
        if entry.kind == "modifier" and (entry.stat not in TOKEN_STATS or entry.amount < 1):
            problems.append(Problem("layout-token", f"a modifier token needs stat = one of {', '.join(TOKEN_STATS)} "
                                    f"and amount >= 1, found stat {entry.stat!r}, amount {entry.amount}", where))
        if entry.per and entry.per not in ENGINE_NAMES:
            problems.append(Problem("layout-token", f"per = '{entry.per}' is not an engine number (data/engine.toml "
                                    "names such as energy_cap)", where))
        if entry.count < 1:
            problems.append(Problem("layout-token", f"count must be at least 1, found {entry.count}", where))
    return problems
