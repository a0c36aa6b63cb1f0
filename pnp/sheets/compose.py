"""Placing fitted text and shapes: the shared helper of the score sheet and the tokens."""
from __future__ import annotations

from typing import Mapping


from ..i18n.languages import fit_severity
from ..i18n.translator import Translator
from ..typeset.fonts import missing_glyphs
from ..core.geometry import TextStyle
from ..core.values import Figures
from ..core.problems import Location, Problem
from ..typeset.hyphenation import breaks_for
from ..typeset.textfit import FittedText, fit_text
from ..typeset.metrics import cap_height
from ..core.units import MM, PT
from .draw import Item, Text, figure_font, text_width, texts

PARAGRAPH_FACES = ("body", "italic")  # font roles of running text, hyphenated when it takes several lines
DOMAIN = "sheets"  # the gettext domain of the sheets' messages


class Composer:
    """Collects items and the problems of texts that do not fit their boxes."""

    def __init__(self, text: Translator, fonts: Mapping[str, str], min_size: float, fit_step: float,
                 figures: Figures):
        self.text, self.fonts, self.min_size, self.fit_step, self.figures = text, fonts, min_size, fit_step, figures
        self.items: list[Item] = []
        self.problems: list[Problem] = []
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
        if not fitted.fits:
            needed = text_width(content, font, fitted.size, self.fonts, self.figures) / MM
            self.problems.append(Problem(
                "sheet-label-overflow", f"{content!r} needs {needed:.1f} mm at the smallest size {fitted.size:g} pt "
                f"but its box is {width:.1f} mm wide; shorten the translation", self.text.where(msgid),
                fit_severity(self.text.lang)))
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
        if not fitted.fits:
            self.problems.append(Problem(
                "sheet-text-overflow", f"{content!r} does not fit {max_lines} line(s) of {width:.1f} mm even at "
                f"{fitted.size:g} pt; shorten the translation", self.text.where(pair[1]),
                fit_severity(self.text.lang)))
        name, size, lines = fitted.font, fitted.size, fitted.lines
        anchor = {"left": x, "center": x + width / 2, "right": x + width}[align]
        y = top - cap_height(name) * size * PT
        for index, text in enumerate(lines):
            if index:
                y -= size * leading * PT
            self.sources.setdefault(text, self.text.where(pair[1]))
            self.items.append(Text(anchor, y, text, font, size, color, align))
        return y


def glyph_problems(items: list[Item], fonts: Mapping[str, str], where: Location,
                   sources: Mapping[str, Location] | None = None) -> list[Problem]:
    """One problem per text whose characters its font cannot print (they would come out as boxes), located at its
    message (`sources`: text -> where it comes from) or else at `where`."""
    problems, seen = [], set()
    for item in texts(items):
        missing = missing_glyphs(item.text, fonts[item.font])
        if missing and (item.text, item.font) not in seen:
            seen.add((item.text, item.font))
            problems.append(Problem("sheet-glyph-missing", f"{item.text!r}: the {item.font} font has no glyph for "
                                    f"{missing!r}; these would print as boxes",
                                    (sources or {}).get(item.text, where)))
    return problems
