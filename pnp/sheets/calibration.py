"""`pnp calibrate`: a duplex test sheet from which a user reads the back offset of their printer, in any language.

The front carries a vertical and a horizontal reference line through the page centre (a centre line stays a centre
line under either duplex flip) and a ruler to check the print scale. The back carries scales across those lines: a
tick labelled v lies v mm from the centre, so the number under the front's line, seen against the light, is the
correction to add to the offset the sheet was printed with. The back page is shifted by that offset, like the back
pages of the decks, so printing the sheet again with the new offset reads 0 (the marks: pnp.calibrate_marks).

The instructions are messages of the gettext domain "sheets", numbered steps wrapped to the width of the card grid
and set at the largest size (down to the layout's minimum) at which they stay clear of the marks.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from io import BytesIO
from typing import Mapping

from .calibration_marks import INK, back_marks_top, draw_back, draw_front, front_marks_top
from ..i18n.decimals import written
from ..i18n.languages import fit_severity
from ..i18n.translator import Translator
from .compose import DOMAIN, SheetWording, uncovered
from ..i18n.catalogs import LanguageCatalog
from ..pages.text_checks import SetText, text_problems
from ..pages.imposition import SheetGrid
from ..core.geometry import TextStyle
from .calibration_layout import CalibrationLayout, CalibrationText
from ..pages.pdfout import document_info, kept_canvas, pdf_bytes
from ..i18n.placeholder_names import COMMANDS
from ..core.problems import Problem, raise_if_errors
from ..data.terms import N_
from ..typeset.textfit import shrink_to_fit, wrap
from ..typeset.metrics import descent
from ..core.units import MM

GAME = "Ancient Duel"  # the game's name, the same in every language
NBSP = "\u00a0"  # glues a quoted command while the lines are broken (printed as a plain space)
BEFORE_OPTION = re.compile(r" (?=--)")

SHEET = N_("calibration sheet", "Duplex calibration sheet")
# TRANSLATORS: {paper_name} is A4 or Letter, filled in by the program.
FRONT_TITLE = N_("calibration sheet", "Duplex calibration sheet – front ({paper_name})")
BACK_TITLE = N_("calibration sheet", "Duplex calibration sheet – back")
PRINT_STEPS = {  # by --duplex: how the printer turns the sheet over
    "long": N_("calibration sheet", "Print this PDF on one sheet, on both sides, turning the sheet over on its long "
                                    "edge, at 100 % (actual size, not “fit to page”)."),
    "short": N_("calibration sheet", "Print this PDF on one sheet, on both sides, turning the sheet over on its short "
                                     "edge, at 100 % (actual size, not “fit to page”)."),
}
# TRANSLATORS: {ruler_length} is the ruler's length in mm, filled in by the program.
RULER_STEP = N_("calibration sheet", "The ruler below must measure exactly {ruler_length} mm. If it does not, switch "
                                     "off your printer’s scaling and print again.")
TURN_STEP = N_("calibration sheet", "Turn the sheet over and read the scales on the back.")
# TRANSLATORS: X and Y are the letters printed beside the scales; keep them.
READ_STEP = N_("calibration sheet", "Hold the sheet against the light. X: the number on a horizontal scale where the "
                                    "front’s vertical line shows through; Y: the number on a vertical scale where the "
                                    "front’s horizontal line shows through. Take the average of the two X scales and "
                                    "of the two Y scales.")
# TRANSLATORS: {scale_range} is filled in by the program (in mm).
BEYOND_STEP = N_("calibration sheet", "The scales reach {scale_range} mm to each side of their 0. A line beyond them "
                                      "is farther off: measure its distance from the 0 with a ruler, signed like the "
                                      "numbers on that side.")
# TRANSLATORS: {printed_offset} (e.g. --back-offset 0,0), {cmd_build} (pnp build) and {opt_back_offset}
# (--back-offset X,Y) are a command and its options: the program fills them in, never translated.
OFFSET_STEP = N_("calibration sheet", "This sheet was printed with {printed_offset}. Add your X and Y readings to "
                                      "these two numbers and build the kit with {cmd_build} {opt_back_offset}. Printed "
                                      "again with that offset, this sheet reads 0.")


@dataclass(frozen=True)
class Paragraph:
    """A title (no number) or a numbered step, in its language; `msgid` names its message for problems."""

    number: str
    text: str
    msgid: str


@dataclass(frozen=True)
class TextLine:
    """One line of the instructions: baseline start in points, font role, size in pt, the message it shows."""

    x: float
    y: float
    text: str
    font: str
    size: float
    msgid: str


@dataclass(frozen=True)
class Composed:
    """Both pages' instructions laid out, with the problems found (missing translations, overflow, glyphs)."""

    title: str
    front: tuple[TextLine, ...]
    back: tuple[TextLine, ...]
    problems: tuple[Problem, ...]


class CalibrationWording(SheetWording):
    """The calibration sheet's problems of its texts (the instructions' fit is checked as a whole, `_fit`)."""

    def missing(self, text: SetText, font: str, chars: str) -> Problem:
        return Problem("calibration-glyph-missing", uncovered(text, chars), text.where)


@dataclass(frozen=True)
class CalibrationPrint:
    """How the calibration sheet is printed: the home sheet's card grid it measures, its layout, the paper's name,
    the duplex flip and the back offset it is printed with."""

    grid: SheetGrid
    layout: CalibrationLayout
    paper: str
    duplex: str
    back_offset: tuple[float, float] = (0.0, 0.0)


def compose(catalog: LanguageCatalog, fonts: Mapping[str, str], printing: CalibrationPrint) -> Composed:
    """The instructions of both pages in the catalog's language, checked: each fits above its page's marks at the
    smallest allowed size at the latest, and every character has a glyph in its font."""
    grid, layout, paper, duplex, back_offset = (printing.grid, printing.layout, printing.paper, printing.duplex,
                                                printing.back_offset)
    text = Translator(catalog, DOMAIN)
    ruler_length, scale_range = written((layout.ruler.length, layout.scales.range), catalog.lang)  # 100, 2,5 in de
    paper_name = "A4" if paper == "a4" else paper.title()
    x, y = (f"{v:g}" for v in back_offset)
    front = [Paragraph("", f"{GAME} — {text(FRONT_TITLE, paper_name=paper_name)}", FRONT_TITLE[1]),
             *_steps(text, 1, (PRINT_STEPS[duplex], {}),
                     (RULER_STEP, {"ruler_length": ruler_length}), (TURN_STEP, {}))]
    back = [Paragraph("", f"{GAME} — {text(BACK_TITLE)}", BACK_TITLE[1]),  # its steps go on from the front's
            *_steps(text, len(front), (READ_STEP, {}), (BEYOND_STEP, {"scale_range": scale_range}),
                    (OFFSET_STEP, {"printed_offset": f"--back-offset {x},{y}", "cmd_build": COMMANDS["cmd_build"],
                                   "opt_back_offset": COMMANDS["opt_back_offset"]}))]
    problems: list[Problem] = []
    sides = []
    for name, paragraphs, marks_top in (("front", front, front_marks_top(grid, layout)),
                                        ("back", back, back_marks_top(grid, layout))):
        lines, found = _fit(paragraphs, fonts, grid, layout.text, marks_top + layout.text.gap * MM)
        sides.append(lines)
        problems += [Problem("calibration-text-overflow", f"the instructions on the {name} of the {paper_name} "
                             f"sheet {reason}; shorten the translations", text.where(), fit_severity(text.lang))
                     for reason in found]
    problems += text_problems((), [SetText(line.text, ((line.text, fonts[line.font]),), text.where(line.msgid),
                                           line.font) for line in sides[0] + sides[1]], CalibrationWording())
    return Composed(f"{GAME} — {text(SHEET)}", sides[0], sides[1], tuple(dict.fromkeys(text.problems + problems)))


def calibration_pdf(catalog: LanguageCatalog, fonts: Mapping[str, str], printing: CalibrationPrint) -> bytes:
    """The two-page calibration PDF (front, then back) for a home sheet; raises ProblemsFound for a missing
    translation, instructions that do not fit or a character without a glyph."""
    composed = compose(catalog, fonts, printing)
    raise_if_errors(list(composed.problems))
    return sheet_pdf(composed, catalog, fonts, printing)


def sheet_pdf(composed: Composed, catalog: LanguageCatalog, fonts: Mapping[str, str], printing: CalibrationPrint
              ) -> bytes:
    """The calibration sheet composed for `printing` as PDF bytes."""
    grid, layout, back_offset = printing.grid, printing.layout, printing.back_offset
    buffer = BytesIO()
    with kept_canvas(buffer, (grid.paper_width, grid.paper_height), document_info(catalog, composed.title)) as canvas:
        _draw_text(canvas, composed.front, fonts)
        draw_front(canvas, grid, layout, fonts)
        canvas.showPage()
        canvas.saveState()
        canvas.translate(back_offset[0] * MM, back_offset[1] * MM)
        _draw_text(canvas, composed.back, fonts)
        draw_back(canvas, grid, layout, fonts)
        canvas.restoreState()
        canvas.showPage()
    return pdf_bytes(buffer)


def _steps(text: Translator, first: int, *messages: tuple[tuple[str, str], dict[str, str]]) -> list[Paragraph]:
    """Steps numbered from `first`, from (message, its computed placeholder values) pairs. A quoted command is
    never broken across lines: its spaces, and the space before an option (--name), are glued."""
    glued = lambda values: {name: value.replace(" ", NBSP) for name, value in values.items()}  # noqa: E731
    return [Paragraph(f"{index}.", BEFORE_OPTION.sub(NBSP, text(pair, **glued(values))), pair[1])
            for index, (pair, values) in enumerate(messages, start=first)]


def _fit(paragraphs: list[Paragraph], fonts: Mapping[str, str], grid: SheetGrid, style: CalibrationText,
         floor: float) -> tuple[tuple[TextLine, ...], list[str]]:
    """The paragraphs at the largest size whose last line stays above `floor` (pt above the bottom edge); at the
    smallest size when none does, with the reasons they do not fit."""
    def bottom(size: float, lines: tuple[TextLine, ...]) -> float:
        return min((line.y for line in lines), default=floor) + descent(fonts["sans"]) * size

    (size, lines, reasons), fits = shrink_to_fit(
        TextStyle("sans", style.size, style.min_size), style.fit_step,
        lambda size: (size, *_set(paragraphs, fonts, grid, style, size)),
        lambda result: not result[2] and bottom(result[0], result[1]) >= floor - 1e-6)
    if not fits and not reasons:
        reasons = [f"reach {(floor - bottom(size, lines)) / MM:.1f} mm too low even at {style.min_size:g} pt (they "
                   f"must end {style.gap:g} mm above the marks)"]
    return lines, reasons


def _set(paragraphs: list[Paragraph], fonts: Mapping[str, str], grid: SheetGrid, style: CalibrationText,
         size: float) -> tuple[tuple[TextLine, ...], list[str]]:
    """The paragraphs wrapped to the grid's width at `size`, from the first baseline down; reasons for words that
    are wider than a line."""
    left, right = grid.x0, grid.paper_width - grid.x0
    y, lines, reasons = grid.paper_height - style.top * MM, [], []
    for index, paragraph in enumerate(paragraphs):
        font = "sans" if paragraph.number else "sans-bold"
        x = left + (style.indent * MM if paragraph.number else 0)
        wrapped = wrap(paragraph.text, fonts[font], size, right - x)
        if wrapped is None:
            reasons.append(f"have a word wider than the line ({(right - x) / MM:.1f} mm) at {size:g} pt in "
                           f"{paragraph.text!r}")
            wrapped = (paragraph.text,)
        if index:
            y -= size * style.leading + style.space * MM
        if paragraph.number:
            lines.append(TextLine(left, y, paragraph.number, font, size, paragraph.msgid))
        for i, line in enumerate(wrapped):
            lines.append(TextLine(x, y - i * size * style.leading, line.replace(NBSP, " "), font, size,
                                  paragraph.msgid))
        y -= (len(wrapped) - 1) * size * style.leading
    return tuple(lines), reasons


def _draw_text(canvas, lines: tuple[TextLine, ...], fonts: Mapping[str, str]) -> None:
    canvas.setFillColor(INK)
    for line in lines:
        canvas.setFont(fonts[line.font], line.size)
        canvas.drawString(line.x, line.y, line.text)
