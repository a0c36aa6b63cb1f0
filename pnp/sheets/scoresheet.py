"""The score sheet: one page, two players side by side; every rule number on it comes from the engine data."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping

from ..i18n.translator import Translator
from ..i18n.catalogs import LanguageCatalog
from ..data.engine_data import Engine
from ..i18n.localize import stat_labels
from ..core.problems import Location, Problem
from ..data.terms import N_
from ..typeset.metrics import cap_height
from ..core.units import PT
from .compose import DOMAIN, Composer
from ..graphics.drawing import Item, Line, Rect, Shape
from .layout import ScoreSheetLayout, ShieldShape

GAME = "Ancient Duel"
NUMERALS = ("I", "II")

TITLE = N_("score sheet", "Score Sheet")
PLAYER = N_("score sheet", "Player")
FACTION = N_("score sheet", "Faction")
FIRST_PLAYER = N_("score sheet", "First player")
# TRANSLATORS: {stat} is the language's abbreviation of life points (LP, PŻ, CP), filled in by the program.
LIFE = N_("score sheet", "Life points ({stat})")
# TRANSLATORS: every {name} is filled in by the program (rule numbers from the engine data); keep them all.
LIFE_HELP = N_("score sheet", "Circle your current {stat}. The shaded cells above {life_start} record healing; "
                              "at {life_lose_at} the game is lost.")
ENERGY = N_("score sheet", "Energy")
TURN = N_("score sheet", "Turn")
# TRANSLATORS: column header: the energy maximum of that turn (keep it short, about 7 mm).
MAXIMUM = N_("score sheet", "Max.")
ENERGY_SPENT = N_("score sheet", "Energy spent")
ENERGY_HELP = N_("score sheet", "Cross off each turn as it begins, tick one box for each energy you spend, and "
                                "write down your {stat} at the end of the turn.")
BONUSES = N_("score sheet", "Unit bonuses")
UNIT = N_("score sheet", "Unit")
PRINTED = N_("score sheet", "Printed")
MODIFIER = N_("score sheet", "Modifier")
LASTS_UNTIL = N_("score sheet", "Lasts until")
BONUS_HELP = N_("score sheet", "Effective value = printed value + modifier, never below {stats_floor} and never "
                               "above {stats_ceiling}.")
NOTES = N_("score sheet", "Notes")
# TRANSLATORS: a reminder at the foot of the sheet, one line; the rule numbers are filled in from the engine data.
ENERGY_RULE = N_("score sheet", "Energy: you start with a maximum of {energy_start_max}; from turn "
                                "{energy_rise_from_turn} it rises by {energy_rise_per_turn} every turn, up to "
                                "{energy_cap}. Unused energy is lost.")
# TRANSLATORS: one line at the foot of the sheet; write the language's own ATK abbreviation (SAL in Turkish).
WOUND_RULE = N_("score sheet", "Kamikaze wound: the defender loses as much as the attacker's ATK on the stat used "
                               "in combat, until the end phase of the attacker's next turn.")


@dataclass(frozen=True)
class ScoreSheetPage:
    """A composed page: its size and items in mm, and the problems found while composing it."""

    width: float
    height: float
    items: tuple[Item, ...]
    problems: tuple[Problem, ...]


def life_track(engine: Engine, healing_cells: int) -> tuple[int, ...]:
    """The life-point cells from the highest healing cell down to the losing value."""
    return tuple(range(engine.life_start + healing_cells, engine.life_lose_at - 1, -1))


def energy_rows(engine: Engine, rows: int) -> tuple[tuple[int, int], ...]:
    """(turn, energy maximum) for the sheet's turn rows."""
    return tuple((turn, engine.max_energy(turn)) for turn in range(1, rows + 1))


def compose_scoresheet(engine: Engine, catalog: LanguageCatalog, fonts: Mapping[str, str],
                       layout: ScoreSheetLayout, paper: tuple[float, float]) -> ScoreSheetPage:
    """Lay out the score sheet on a page of `paper` (width, height) mm."""
    return _ScoreSheet(engine, catalog, fonts, layout, paper).compose()


class _ScoreSheet(Composer):
    def __init__(self, engine: Engine, catalog: LanguageCatalog, fonts: Mapping[str, str],
                 layout: ScoreSheetLayout, paper: tuple[float, float]):
        super().__init__(Translator(catalog, DOMAIN, engine.numbers), fonts, layout.type.min, layout.type.fit_step,
                         layout.figures)
        self.engine, self.layout, self.paper = engine, layout, paper
        self.stats = stat_labels(catalog)
        page = layout.page
        self.left = (paper[0] - page.width) / 2
        self.top = paper[1] - page.margin
        self.bottom = page.margin
        self.column = (page.width - page.column_gap) / 2

    def compose(self) -> ScoreSheetPage:
        L = self.layout
        capacity = self.box_capacity()
        if self.engine.energy_cap > capacity:
            self.problems.append(Problem(
                "sheet-no-room", f"the energy cap {self.engine.energy_cap} needs {self.engine.energy_cap} tick boxes "
                f"per turn; the score sheet has room for {capacity} boxes of {L.energy.box:g} mm",
                Location(file="data/engine.toml", lang=self.text.lang, field="energy.cap")))
        self.border()
        y = self.title_band(self.top)
        footer_top = self.bottom + L.footer.height
        self.footer(footer_top)
        for index in range(2):
            x = self.left + index * (self.column + L.page.column_gap)
            cursor = self.player_band(x, y - L.page.section_gap, index)
            cursor = self.life_section(x, cursor - L.page.section_gap)
            cursor = self.energy_section(x, cursor - L.page.section_gap)
            cursor = self.bonus_section(x, cursor - L.page.section_gap)
            self.notes_section(x, cursor - L.page.section_gap, footer_top + L.page.section_gap)
        where = Location(file=self.text.path, lang=self.text.lang)
        problems = self.text.problems + self.problems + self.text_problems(self.items, where)
        return ScoreSheetPage(self.paper[0], self.paper[1], tuple(self.items), tuple(problems))

    # -- page furniture ---------------------------------------------------------------------------------------

    def border(self) -> None:
        P = self.layout.page
        inset, gap = P.border_inset, P.border_gap
        x, y = self.left - inset, self.bottom - inset
        w, h = P.width + 2 * inset, self.top - self.bottom + 2 * inset
        self.add(Rect(x, y, w, h, stroke="ink", width=P.frame),
                 Rect(x + gap, y + gap, w - 2 * gap, h - 2 * gap, stroke="gold", width=P.line))
        for cx, cy in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
            self.add(_diamond(cx, cy, P.ornament, fill="accent"))

    def title_band(self, top: float) -> float:
        L = self.layout
        T = L.title
        x, w = self.left, L.page.width
        bottom = top - T.height
        self.add(Line(x, top, x + w, top, "ink", L.page.frame),
                 Line(x, top - T.rule_gap / 2, x + w, top - T.rule_gap / 2, "gold", L.page.line))
        self.line(GAME.upper(), x, top - T.name_baseline, w, "title", L.type.title, align="center", color="accent")
        middle = bottom + T.subtitle_middle
        sub = self.msg(TITLE, x + T.subtitle_margin, 0, w - 2 * T.subtitle_margin, "title", L.type.subtitle,
                       align="center", middle=middle)
        half = self.width_mm(sub) / 2 + T.ornament_gap
        centre = x + w / 2
        for sign in (-1, 1):
            end = centre + sign * half
            self.add(Line(end, middle, x + (w if sign > 0 else 0), middle, "gold", L.page.line),
                     _diamond(end, middle, T.ornament, fill="accent"))
        self.add(Line(x, bottom, x + w, bottom, "ink", L.page.frame))
        return bottom

    def footer(self, top: float) -> None:
        L = self.layout
        F = L.footer
        x, w = self.left, L.page.width
        self.add(Rect(x, self.bottom, w, F.height, stroke="ink", fill="tint", width=L.page.line))
        size = L.type.footer
        line = size * L.type.leading * PT
        first_top = self.bottom + F.height / 2 + line / 2 + cap_height(self.fonts["italic"]) * size * PT / 2
        for index, rule in enumerate((ENERGY_RULE, WOUND_RULE)):
            self.paragraph(rule, x + F.padding, first_top - index * line, w - 2 * F.padding, 1, "italic", size,
                           L.type.leading, align="center")
        for cx in (x + F.ornament_inset, x + w - F.ornament_inset):
            self.add(_diamond(cx, self.bottom + F.height / 2, F.ornament, fill="gold"))

    # -- one player's column --------------------------------------------------------------------------------------

    def heading(self, x: float, top: float, pair: tuple[str, str], **computed) -> float:
        """A section's tinted heading bar; returns the top of the section's content."""
        L = self.layout
        S = L.section
        h = S.heading
        self.add(Rect(x, top - h, self.column, h, stroke="ink", fill="tint", width=L.page.line))
        self.add(_diamond(x + S.heading_indent / 2, top - h / 2, S.ornament, fill="accent"))
        self.msg(pair, x + S.heading_indent, 0, self.column - S.heading_indent - L.page.cell_padding, "title",
                 L.type.heading, middle=top - h / 2, **computed)
        return top - h - S.after_heading

    def caption(self, x: float, top: float, pair: tuple[str, str], **computed) -> float:
        """A help text under a section, on at most caption_lines lines; returns its bottom."""
        L = self.layout
        pad = L.page.cell_padding
        last = self.paragraph(pair, x + pad, top - L.section.caption_gap, self.column - 2 * pad,
                              L.section.caption_lines, "italic", L.type.caption, L.type.leading, **computed)
        return last - L.type.caption * (L.type.leading - 1) * PT

    def cell_label(self, content: str | tuple[str, str], left: float, width: float, middle: float,
                   **computed) -> None:
        """A label or message centred in a table cell, kept clear of the cell's sides."""
        L = self.layout
        pad = L.page.cell_padding
        if isinstance(content, tuple):
            self.msg(content, left + pad, 0, width - 2 * pad, "body", L.type.label, align="center", middle=middle,
                     **computed)
        else:
            self.line(content, left + pad, 0, width - 2 * pad, "body", L.type.label, align="center", middle=middle)

    def player_band(self, x: float, top: float, index: int) -> float:
        L = self.layout
        B = L.player
        bottom = top - B.height
        self.add(*_shield(x, bottom, B.shield, B.height, B.shield_shape, f"player{index + 1}"))
        self.line(NUMERALS[index], x, bottom + B.numeral_baseline, B.shield, "title", L.type.subtitle,
                  align="center", color="paper")
        left, right = x + B.shield + B.gap, x + self.column
        name, faction = bottom + B.name_baseline, bottom + B.faction_baseline
        self.msg(PLAYER, left, name, B.label_width, "body", L.type.label)
        self.add(Line(left + B.label_width, name - B.rule_drop, right, name - B.rule_drop, "grid", L.page.line))
        tick_x = right - B.tick
        self.add(Rect(tick_x, bottom + B.tick_y, B.tick, B.tick, stroke="ink", width=L.page.table_frame))
        label_end = tick_x - B.gap / 2
        first = self.msg(FIRST_PLAYER, label_end - B.first_label, faction, B.first_label, "body", L.type.label,
                         align="right")
        faction_end = first.x - self.width_mm(first) - B.gap
        self.msg(FACTION, left, faction, B.label_width, "body", L.type.label)
        self.add(Line(left + B.label_width, faction - B.rule_drop, faction_end, faction - B.rule_drop, "grid",
                      L.page.line))
        return bottom

    def life_section(self, x: float, top: float) -> float:
        L = self.layout
        T = L.life
        y = self.heading(x, top, LIFE, stat=self.stats["lp"])
        cells = life_track(self.engine, T.healing_cells)
        width = T.cells_per_row * T.cell
        left = x + (self.column - width) / 2
        for index, value in enumerate(cells):
            row, col = divmod(index, T.cells_per_row)
            cx, cy = left + col * T.cell, y - (row + 1) * T.cell
            fill = "healing" if value > self.engine.life_start else None
            self.add(Rect(cx, cy, T.cell, T.cell, stroke="grid", fill=fill, width=L.page.line))
            special = value in (self.engine.life_start, self.engine.life_lose_at)
            if special:
                m = T.mark_inset
                self.add(Rect(cx + m, cy + m, T.cell - 2 * m, T.cell - 2 * m, stroke="accent", width=L.page.frame))
            self.line(str(value), cx, 0, T.cell, "bold" if special else "tabular", L.type.number, align="center",
                      color="accent" if special else "ink", middle=cy + T.cell / 2)
        rows = math.ceil(len(cells) / T.cells_per_row)
        return self.caption(x, y - rows * T.cell, LIFE_HELP, stat=self.stats["lp"])

    def box_capacity(self) -> int:
        """How many energy tick boxes fit in a turn row (the box region keeps a gap at both ends)."""
        E = self.layout.energy
        region = self.column - E.turn_width - E.max_width - E.lp_width
        return int((region - E.box_gap) // (E.box + E.box_gap))

    def energy_section(self, x: float, top: float) -> float:
        L = self.layout
        E = L.energy
        y = self.heading(x, top, ENERGY)
        region = self.column - E.turn_width - E.max_width - E.lp_width
        pitch = E.box + E.box_gap
        capacity = self.box_capacity()
        columns = [x, x + E.turn_width, x + E.turn_width + E.max_width, x + self.column - E.lp_width,
                   x + self.column]
        header_mid = y - E.header / 2
        self.cell_label(TURN, columns[0], E.turn_width, header_mid)
        self.cell_label(MAXIMUM, columns[1], E.max_width, header_mid)
        self.cell_label(ENERGY_SPENT, columns[2], region, header_mid)
        self.cell_label(self.stats["lp"], columns[3], E.lp_width, header_mid)
        body_top = y - E.header
        rows = energy_rows(self.engine, E.rows)
        bottom = body_top - len(rows) * E.row
        self.add(Rect(x, bottom, self.column, y - bottom, stroke="ink", width=L.page.table_frame))
        self.add(Line(x, body_top, x + self.column, body_top, "ink", L.page.table_frame))
        for cx in columns[1:-1]:
            self.add(Line(cx, bottom, cx, y, "grid", L.page.line))
        used = min(max(m for _, m in rows), capacity)
        start = columns[2] + (region - used * pitch + E.box_gap) / 2
        for index, (turn, maximum) in enumerate(rows):
            row_top = body_top - index * E.row
            middle = row_top - E.row / 2
            if index:
                for a, b in ((columns[0], columns[2]), (columns[3], columns[4])):
                    self.add(Line(a, row_top, b, row_top, "grid", L.page.line))
            self.line(str(turn), columns[0], 0, E.turn_width, "tabular", L.type.number, align="center",
                      middle=middle)
            self.line(str(maximum), columns[1], 0, E.max_width, "bold", L.type.number, align="center",
                      color="accent", middle=middle)
            for slot in range(min(maximum, capacity)):
                self.add(Rect(start + slot * pitch, middle - E.box / 2, E.box, E.box, stroke="grid",
                              width=L.page.line))
        return self.caption(x, bottom, ENERGY_HELP, stat=self.stats["lp"])

    def bonus_section(self, x: float, top: float) -> float:
        L = self.layout
        B = L.bonus
        y = self.heading(x, top, BONUSES)
        widths = [B.unit, B.stat, B.stat, B.modifier, B.modifier]
        widths.append(self.column - sum(widths))
        edges = [x]
        for w in widths:
            edges.append(edges[-1] + w)
        body_top = y - B.header
        bottom = body_top - B.rows * B.row
        self.add(Rect(x, bottom, self.column, y - bottom, stroke="ink", width=L.page.table_frame))
        self.add(Line(x, body_top, x + self.column, body_top, "ink", L.page.table_frame))
        for index, cx in enumerate(edges[1:-1], 1):
            top_of_line = y - B.header / 2 if index in (2, 4) else y
            self.add(Line(cx, bottom, cx, top_of_line, "grid", L.page.line))
        for row in range(1, B.rows):
            self.add(Line(x, body_top - row * B.row, x + self.column, body_top - row * B.row, "grid", L.page.line))
        upper, lower, whole = y - B.header / 4, y - 3 * B.header / 4, y - B.header / 2
        self.add(Line(edges[1], whole, edges[5], whole, "grid", L.page.line))
        self.cell_label(UNIT, edges[0], widths[0], whole)
        self.cell_label(PRINTED, edges[1], widths[1] + widths[2], upper)
        self.cell_label(MODIFIER, edges[3], widths[3] + widths[4], upper)
        for column, key in ((1, "atk"), (2, "def"), (3, "atk"), (4, "def")):
            label = self.stats[key] if column < 3 else f"±{self.stats[key]}"
            self.cell_label(label, edges[column], widths[column], lower)
        self.cell_label(LASTS_UNTIL, edges[5], widths[5], whole)
        return self.caption(x, bottom, BONUS_HELP)

    def notes_section(self, x: float, top: float, floor: float) -> None:
        L = self.layout
        N = L.notes
        if top - floor < N.min_height:
            self.problems.append(Problem(
                "sheet-no-room", f"the score sheet has {max(0.0, top - floor):.1f} mm left for notes on this paper, "
                f"less than {N.min_height:g} mm: an engine value (life points or turns) asks for more rows than fit",
                Location(file="data/engine.toml", lang=self.text.lang)))
            return
        y = self.heading(x, top, NOTES) + L.section.after_heading
        self.add(Rect(x, floor, self.column, top - floor, stroke="ink", width=L.page.table_frame))
        line_y = y - N.line_spacing
        while line_y > floor + N.rule_inset:
            self.add(Line(x + N.rule_inset, line_y, x + self.column - N.rule_inset, line_y, "grid", L.page.line,
                          dash=(N.dash, N.dash)))
            line_y -= N.line_spacing



def _diamond(x: float, y: float, r: float, fill: str) -> Shape:
    return Shape(((x, y + r), (x + r, y), (x, y - r), (x - r, y)), stroke=None, fill=fill)


def _shield(x: float, y: float, w: float, h: float, shape: ShieldShape, color: str) -> list[Item]:
    """A heater shield in the player's colour with a gold inner outline."""
    tip, inset = h * shape.tip, shape.inset
    points = ((x, y + h), (x + w, y + h), (x + w, y + tip), (x + w / 2, y), (x, y + tip))
    inner = ((x + inset, y + h - inset), (x + w - inset, y + h - inset), (x + w - inset, y + tip + shape.inner_turn),
             (x + w / 2, y + shape.inner_point), (x + inset, y + tip + shape.inner_turn))
    return [Shape(points, stroke=None, fill=color), Shape(inner, stroke="gold", width=shape.outline)]
