"""The rulebook's own flowables: headings that know their place in the contents, ornaments, the title frame."""
from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import CondPageBreak, Flowable, KeepInFrame, Paragraph

from ..adapters.reportlab_platypus import line_texts, parsed_plain, row_heights, set_one_word_at, wrapped_lines
from ..core.caches import memo_objects
from ..graphics.colours import cmyk
from ..core.units import MM
from ..cards.layout import FactionStyle
from ..graphics.emblems import draw_emblem
from ..graphics.ornaments import draw_diamond
from .hyphen_rules import keeping_whole, offending_word
from .layout import TitleFrame
from .styles import Styles, markup

if TYPE_CHECKING:
    from .kept_lines import KeptLines


@memo_objects("a rulebook text's paragraph markup (pnp.rulebook.styles.markup) parsed by ReportLab into fragments",
              "text, style and styles (the styles by identity, held: pnp.rulebook.styles.make_styles gives the same "
              "objects for the same page format and language)", maxsize=1 << 14)
def _parsed(text: str, style: ParagraphStyle, styles: Styles) -> tuple[str, ParagraphStyle, tuple]:
    """The cleaned markup, the style and the fragments ReportLab's parser makes of `text` in `style`: the table
    cells repeat the same numbers and names hundreds of times, and each book's story is made more than once."""
    marked = markup(text, style, styles)
    plain = parsed_plain(marked, style)  # most texts: one run in the style's font, nothing escaped
    if plain is not None:
        return plain[0], plain[1], tuple(plain[2])
    parsed = Paragraph(marked, style)
    return parsed.text, parsed.style, tuple(parsed.frags)


def _set(text: str, style: ParagraphStyle, styles: Styles) -> dict:
    """The arguments of a new paragraph of `text` in `style`: its remembered parse, the fragments copied (so that no
    two paragraphs share one)."""
    cleaned, parsed_style, frags = _parsed(text, style, styles)
    return dict(text=cleaned, style=parsed_style, frags=[frag.clone() for frag in frags])


SAME_WIDTH = 1e-6  # points: widths closer than this break a text into the same lines (a table with spanned cells draws
                  # each cell at its width summed anew from the column positions, a few 1e-14 pt off the one it
                  # measured it at); lines set flush left are drawn the same at both (the others place their words by
                  # the room left on the line, which the last digits of a PDF number may show: a line of one word,
                  # a centred number, is given the room it leaves at the new width)


class Text(Paragraph):
    """A paragraph that breaks its lines once per width: platypus asks again with the width it asked before (a table
    measures each cell for its row's height and again to draw it; a frame measures what it keeps together, then
    places it), and the lines would come out the same (they depend on the width only; flush left, on the width within
    `SAME_WIDTH`). Splitting starts afresh.
    Lines that break a hyphenation rule of the cards (pnp.rulebook.hyphen_rules) are broken again, the offending
    word kept whole. `Text.of` sets a plain text in a style, its markup parsed once (`_parsed`), its lines taken
    from `kept` (the language's lines kept across runs, pnp.rulebook.kept_lines) when it has them; a part that
    `split` makes is broken anew."""

    kept: KeptLines | None = None

    @classmethod
    def of(cls, text: str, style: ParagraphStyle, styles: Styles, kept: KeptLines | None = None, **kwargs) -> "Text":
        """`text` set in `style` (pnp.rulebook.styles.markup), as a paragraph of its own (`_set`)."""
        paragraph = cls(**_set(text, style, styles), **kwargs)
        paragraph.kept = kept
        return paragraph

    def breakLines(self, width):
        if self.kept is None:
            return self._broken(width)
        return self.kept.broken(self, width, lambda: self._broken(width))

    def _broken(self, width):
        """ReportLab's lines at `width`, the hyphenation rules of the cards kept."""
        lines = super().breakLines(width)
        style, hyphenator, whole = self.style, self.style.hyphenationLang, frozenset()
        while callable(hyphenator) and (word := offending_word(line_texts(lines), hyphenator)) not in whole | {None}:
            whole |= {word}
            self.style = ParagraphStyle(style.name, parent=style, hyphenationLang=keeping_whole(hyphenator, whole))
            try:
                lines = super().breakLines(width)
            finally:
                self.style = style
        return lines

    def wrap(self, availWidth, availHeight):
        lines, wrapped = wrapped_lines(self), self.__dict__.get("_wrapped_width")
        if lines is not None and wrapped is not None and abs(wrapped - availWidth) <= SAME_WIDTH:
            if wrapped == availWidth or self.style.alignment == TA_LEFT:
                self.width = availWidth
                return self.width, self.height
            if set_one_word_at(self, availWidth):
                self._wrapped_width = availWidth
                return self.width, self.height
        size = super().wrap(availWidth, availHeight)
        if wrapped_lines(self) is not lines:  # set anew (not when the width was too small to set anything)
            self._wrapped_width = availWidth
        return size

    def split(self, availWidth, availHeight):
        try:
            parts = super().split(availWidth, availHeight)
        finally:
            self.__dict__.pop("_wrapped_width", None)  # split may have dropped or replaced the lines
        if parts and "anchor" in self.__dict__:  # a numbered rule's page is where it begins
            parts[0].anchor = self.anchor
        return parts


class Heading(Text):
    """A heading paragraph that knows its level, plain text, bookmark key and running-header text."""

    def __init__(self, text: str, style, level: int, key: str, styles: Styles, running: str = "",
                 kept: KeptLines | None = None):
        super().__init__(**_set(text, style, styles))
        self.level, self.plain, self.key, self.kept = level, text, key, kept
        self.running = running or text  # the running header's text (a rule's number left out)


class TableBreak(CondPageBreak):
    """A page break before the headings that lead to a table unless they and the table's first rows (those a page
    break may not separate, pnp.rulebook.tables.KEEP_ROWS) fit below: `table` and `headings` are given once the
    table is made; until then, or at least, `minimum` points are needed."""

    def __init__(self, minimum: float):
        super().__init__(minimum)
        self.minimum, self.table, self.headings = minimum, None, ()

    def wrap(self, availWidth, availHeight):
        if self.table is not None:
            heads = sum(f.wrap(availWidth, availHeight)[1] + f.getSpaceBefore() + f.getSpaceAfter()
                        for f in self.headings)
            self.table.wrap(availWidth, availHeight)
            rows = sum(row_heights(self.table)[:self.table.kept_rows])
            self.height = max(self.minimum, heads + rows)
        return super().wrap(availWidth, availHeight)


class Ornament(Flowable):
    """A centred gold rule with a crimson diamond: under chapter titles and on the title page."""

    def __init__(self, width: float, styles: Styles, space: float):
        super().__init__()
        self.rule_width, self.styles, self.space = width, styles, space

    def wrap(self, avail_width, avail_height):
        self.avail = avail_width
        return avail_width, self.space * 2

    def draw(self):
        marks = self.styles.marks
        c, mid, y, r = self.canv, self.avail / 2, self.space, marks.ornament_diamond * MM
        c.setStrokeColor(self.styles.colour("gold"))
        c.setLineWidth(marks.ornament_line)
        c.line(mid - self.rule_width / 2, y, mid - r * marks.ornament_gap, y)
        c.line(mid + r * marks.ornament_gap, y, mid + self.rule_width / 2, y)
        c.setFillColor(self.styles.colour("accent"))
        draw_diamond(c, mid, y, r)


class TitleBorder(Flowable):
    """The title page's double frame, drawn around the whole text area."""

    def __init__(self, styles: Styles, frame: TitleFrame, content: list[Flowable]):
        super().__init__()
        self.styles, self.frame, self.content = styles, frame, content

    def wrap(self, avail_width, avail_height):
        self.size = avail_width, avail_height
        return avail_width, avail_height

    def draw(self):
        c, (w, h), f = self.canv, self.size, self.frame
        c.setStrokeColor(self.styles.colour("gold"))
        c.setLineWidth(f.outer_line)
        c.rect(0, 0, w, h)
        c.setLineWidth(f.inner_line)
        c.rect(f.inset * MM, f.inset * MM, w - 2 * f.inset * MM, h - 2 * f.inset * MM)
        room = 2 * f.padding * MM
        inner = KeepInFrame(w - room, h - room, self.content, mode="shrink", vAlign="MIDDLE")
        _, inner_h = inner.wrapOn(c, w - room, h - room)
        inner.drawOn(c, f.padding * MM, (h - inner_h) / 2)


class FactionRow(Flowable):
    """The seven factions side by side: each emblem in a ring of its colour, its name below; in two rows when the
    names do not fit one row at the style's size (text is never set smaller)."""

    def __init__(self, names: tuple[str, ...], styles: tuple[FactionStyle, ...], text: Styles, size: float):
        super().__init__()
        self.names, self.faction_styles, self.text, self.size = names, styles, text, size

    def _rows(self, avail_width: float) -> list[list[int]]:
        style = self.text.factions
        widest = max(stringWidth(name, style.fontName, style.fontSize)
                     for name in self.names)
        indices = list(range(len(self.names)))
        if widest + self.text.marks.faction_name_room * MM <= avail_width / len(self.names):
            return [indices]
        half = -(-len(indices) // 2)
        return [indices[:half], indices[half:]]

    def _row_height(self) -> float:
        return self.size + self.text.factions.leading * self.text.marks.faction_leading

    def wrap(self, avail_width, avail_height):
        self.avail, self.rows = avail_width, self._rows(avail_width)
        return avail_width, self._row_height() * len(self.rows)

    def draw(self):
        c, style, marks = self.canv, self.text.factions, self.text.marks
        cell = self.avail / max(len(row) for row in self.rows)
        for number, row in enumerate(self.rows):
            top = self._row_height() * (len(self.rows) - number)
            offset = (self.avail - cell * len(row)) / 2
            for place, index in enumerate(row):
                faction, name = self.faction_styles[index], self.names[index]
                cx, cy = offset + cell * (place + 0.5), top - self.size / 2
                c.setFillColor(cmyk(faction.color))
                c.circle(cx, cy, self.size / 2, stroke=0, fill=1)
                c.setStrokeColor(self.text.colour("gold"))
                c.setLineWidth(marks.faction_ring)
                c.circle(cx, cy, self.size / 2 - marks.faction_ring_inset * MM, stroke=1, fill=0)
                c.setFillColor(cmyk((0, 0, 0, 0)))
                draw_emblem(c, faction.emblem, cx, cy, self.size * marks.faction_emblem)
                c.setFillColor(style.textColor)
                c.setFont(style.fontName, style.fontSize)
                c.drawCentredString(cx, top - self.size - style.leading, name)
