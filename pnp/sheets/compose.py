"""Placing fitted text and shapes: the shared helper of the score sheet and the tokens."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from ..i18n.languages import fit_severity
from ..i18n.translator import Translator
from ..pages.text_checks import SetText, text_problems
from ..core.geometry import TextStyle
from ..core.values import Figures
from ..core.problems import Location, Problem
from ..typeset.hyphenation import breaks_for
from ..typeset.textfit import FittedText, fit_text
from ..typeset.metrics import cap_height
from ..core.units import MM, PT
from ..graphics.drawing import Item, Text, figure_font, text_width, texts

PARAGRAPH_FACES = ("body", "italic")  # font roles of running text, hyphenated when it takes several lines
DOMAIN = "sheets"  # the gettext domain of the sheets' messages
LABEL, PARAGRAPH = "label", "paragraph"  # a text on one line, shrunk to fit; one wrapped onto lines


def uncovered(text: SetText, chars: str) -> str:
    """What a sheet says of a text with characters its font lacks."""
    return f"{text.text!r}: the {text.label} font has no glyph for {chars!r}; these would print as boxes"


@dataclass(frozen=True)
class SheetWording:
    """The sheets' problems of their texts, located at the message they show."""

    def overflow(self, text: SetText) -> Problem:
        if text.label == LABEL:
            return Problem("sheet-label-overflow", f"{text.text!r} needs {text.needed:.1f} mm at the smallest size "
                           f"{text.size:g} pt but its box is {text.box:.1f} mm wide; shorten the translation",
                           text.where, fit_severity(text.where.lang))
        return Problem("sheet-text-overflow", f"{text.text!r} does not fit {text.lines} line(s) of {text.box:.1f} mm "
                       f"even at {text.size:g} pt; shorten the translation", text.where, fit_severity(text.where.lang))

    def missing(self, text: SetText, font: str, chars: str) -> Problem:
        return Problem("sheet-glyph-missing", uncovered(text, chars), text.where)


class Composer:
    """Collects items, and the texts fitted to their boxes (their problems: `text_problems`)."""

    def __init__(self, text: Translator, fonts: Mapping[str, str], min_size: float, fit_step: float,
                 figures: Figures):
        self.text, self.fonts, self.min_size, self.fit_step, self.figures = text, fonts, min_size, fit_step, figures
        self.items: list[Item] = []
        self.problems: list[Problem] = []  # of what the sheet holds (e.g. no room for an engine value)
        self.fitted: list[SetText] = []  # every text fitted to its box, for the fit check
        self.sources: dict[str, Location] = {}  # the message each line of text shows, for its problems

    def fit(self, content: str, font: str, size: float, width: float, max_lines: int,
            leading: float = 1.0) -> FittedText:
        """`content` at the largest size (<= size, >= the sheet's minimum) fitting width mm and max_lines lines,
        digits of the title face in the layout's figures (pnp.typeset.textfit); paragraphs of the text faces (help
        lines, the wound's reminder) hyphenated in the sheet's language, labels never."""
        role, scale = figure_font(font, self.figures)
        style = TextStyle(font, size, self.min_size, leading, max_lines)
        paragraph = max_lines > 1 and font in PARAGRAPH_FACES
        return fit_text(content, self.fonts[font], style, width * MM, 1e6, self.fit_step,
                        figures=self.fonts[role] if role else None, figure_scale=scale,
                        breaks=breaks_for(self.text.lang) if paragraph else None)

    def width_mm(self, item: Text) -> float:
        """Width in mm of a text item, figures included."""
        return text_width(item.text, item.font, item.size, self.fonts, self.figures) / MM

    def add(self, *items: Item) -> None:
        self.items.extend(items)

    def msg(self, pair: tuple[str, str], x: float, y: float, width: float, font: str, size: float, *,
            align: str = "left", color: str = "ink", middle: float | None = None, **computed) -> Text:
        """A translated message on one line, shrunk to fit `width` (see `line`)."""
        return self.line(self.text(pair, **computed), x, y, width, font, size, align=align, color=color,
                         middle=middle, msgid=pair[1])

    def line(self, content: str, x: float, y: float, width: float, font: str, size: float, *,
             align: str = "left", color: str = "ink", middle: float | None = None, msgid: str | None = None) -> Text:
        """One line in the box [x, x + width]; baseline y, or centred on height `middle` when given."""
        fitted = self.fit(content, font, size, width, 1)
        needed = 0.0 if fitted.fits else text_width(content, font, fitted.size, self.fonts, self.figures) / MM
        self.fitted.append(SetText(content, (), self.text.where(msgid), LABEL, fitted.fits, fitted.size, width, 1,
                                   needed))
        if middle is not None:
            y = middle - cap_height(fitted.font) * fitted.size * PT / 2
        anchor = {"left": x, "center": x + width / 2, "right": x + width}[align]
        item = Text(anchor, y, content, font, fitted.size, color, align)
        if msgid is not None:
            self.sources.setdefault(content, self.text.where(msgid))
        self.items.append(item)
        return item

    def paragraph(self, pair: tuple[str, str], x: float, top: float, width: float, max_lines: int, font: str,
                  size: float, leading: float, *, align: str = "left", color: str = "ink", **computed) -> float:
        """A translated message wrapped onto at most `max_lines` lines below `top`; returns the last baseline."""
        content = self.text(pair, **computed)
        fitted = self.fit(content, font, size, width, max_lines, leading)
        self.fitted.append(SetText(content, (), self.text.where(pair[1]), PARAGRAPH, fitted.fits, fitted.size, width,
                                   max_lines))
        name, size, lines = fitted.font, fitted.size, fitted.lines
        anchor = {"left": x, "center": x + width / 2, "right": x + width}[align]
        y = top - cap_height(name) * size * PT
        for index, text in enumerate(lines):
            if index:
                y -= size * leading * PT
            self.sources.setdefault(text, self.text.where(pair[1]))
            self.items.append(Text(anchor, y, text, font, size, color, align))
        return y

    def text_problems(self, items: Iterable[Item], where: Location) -> list[Problem]:
        """The problems of the texts fitted so far, then of each text item whose characters its font cannot print,
        located at its message (or else at `where`)."""
        printed = [SetText(item.text, ((item.text, self.fonts[item.font]),), self.sources.get(item.text, where),
                           item.font) for item in texts(items)]
        return text_problems(self.fitted, printed, SheetWording())
