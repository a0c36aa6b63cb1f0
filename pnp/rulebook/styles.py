"""Paragraph and table styles of the rulebook, from the page format's type sizes and the palette."""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

from reportlab.lib.colors import CMYKColor
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth

from ..core.caches import memo
from ..graphics.colours import BLACK, PAPER, cmyk
from ..core.units import MM
from ..typeset.fonts import TITLE_FACES, missing_glyphs
from ..typeset.textfit import runs, runs_width, set_runs
from ..core.values import Figures
from .layout import PageFormat, RulebookMarks, RulebookPalette, RulebookType


@dataclass(frozen=True, eq=False)
class Styles:
    """Every style the renderer uses, by role; compared and hashed by identity, as its ParagraphStyles are
    (`make_styles` gives the same object for the same arguments, and memos keyed by one hash it at once)."""

    fonts: dict[str, str]
    palette: RulebookPalette
    marks: RulebookMarks  # rules, ornaments and indents of the layout
    figure_font: str      # font role of the figures in title faces
    figure_scale: float   # their size relative to the text
    body: ParagraphStyle
    note: ParagraphStyle
    item: ParagraphStyle
    rule: ParagraphStyle      # a numbered rule of the Rules Reference, its number hanging in the indent
    question: ParagraphStyle  # a numbered FAQ question
    answer: ParagraphStyle    # its answer
    box: ParagraphStyle
    chapter: ParagraphStyle
    section: ParagraphStyle
    subsection: ParagraphStyle
    cell: ParagraphStyle
    cell_center: ParagraphStyle
    cell_head: ParagraphStyle
    cell_head_center: ParagraphStyle
    cell_caption: ParagraphStyle  # a table's caption row (the faction of a card reference table)
    toc: tuple[ParagraphStyle, ParagraphStyle]
    toc_title: ParagraphStyle
    title: ParagraphStyle
    subtitle: ParagraphStyle
    tagline: ParagraphStyle
    factions: ParagraphStyle
    small_text: float     # pt: smaller text prints in black ink only, or knocked out to paper white

    def colour(self, name: str) -> CMYKColor:
        return cmyk(getattr(self.palette, name))

    def text_colour(self, size: float, name: str = "ink") -> CMYKColor:
        """The palette colour `name` for text of `size` pt, or black ink only when the text is small."""
        return self.colour(name) if size >= self.small_text else cmyk(BLACK)

    def knockout(self) -> CMYKColor:
        """Text on a dark fill: no ink, the paper shows (registration-proof at any size)."""
        return cmyk(PAPER)

    @property
    def table_defaults(self) -> tuple[tuple, ...]:
        """TableStyle commands every table starts with: tables set this font and colour before each cell, else
        ReportLab's unembedded Helvetica in RGB black."""
        return (("FONTNAME", (0, 0), (-1, -1), self.fonts["tabular"]),
                ("TEXTCOLOR", (0, 0), (-1, -1), self.text_colour(self.cell.fontSize)))


def make_styles(fmt: PageFormat, fonts: dict[str, str], palette: RulebookPalette, figures: Figures,
                marks: RulebookMarks, small_text: float, scale: float = 1.0, hyphenator=None) -> Styles:
    """The styles of a page format; text under `small_text` (pt, the card layout's) prints in black
    ink only; `scale` enlarges all type (a one-page chapter fills its page); the text and table styles hyphenate
    with `hyphenator` (pnp.typeset.hyphenation.paragraph_hyphenator) when given. The same arguments give the same
    styles (the same objects: a paragraph's parsed markup is remembered by its style, pnp.rulebook.flowables)."""
    return _styles(fmt, tuple(fonts.items()), palette, figures, marks, small_text, scale, hyphenator)


@memo("a page format's rulebook styles (never changed once made)", "page format, fonts, palette, figures, marks, "
      "small text size, scale, hyphenator")
def _styles(fmt: PageFormat, font_roles: tuple[tuple[str, str], ...], palette: RulebookPalette, figures: Figures,
            marks: RulebookMarks, small_text: float, scale: float, hyphenator) -> Styles:
    fonts = dict(font_roles)
    t = RulebookType(**{name: size * scale for name, size in vars(fmt.type).items()})
    s = fmt.space
    ink, accent = cmyk(palette.ink), cmyk(palette.accent)
    body = ParagraphStyle("body", fontName=fonts["body"], fontSize=t.body, leading=t.leading, textColor=ink,
                          hyphenationLang=hyphenator or "",
                          alignment=TA_JUSTIFY, spaceAfter=s.paragraph)
    item = ParagraphStyle("item", parent=body, leftIndent=fmt.indent * MM, spaceAfter=s.list_item,
                          bulletFontName=fonts["bold"], bulletColor=accent, bulletIndent=marks.bullet_indent * MM)
    rule = ParagraphStyle("rule", parent=body, leftIndent=fmt.rule_indent * MM, spaceAfter=s.list_item * 1.5,
                          bulletFontName=fonts["bold"], bulletColor=accent, bulletIndent=0)
    heading = dict(fontName=fonts["title"], textColor=accent, alignment=TA_LEFT)
    cell = ParagraphStyle("cell", fontName=fonts["tabular"], fontSize=t.table, leading=t.table_leading,
                          hyphenationLang=hyphenator or "",
                          textColor=ink, alignment=TA_LEFT)
    toc_base = dict(fontName=fonts["tabular"], textColor=ink, fontSize=t.body, leading=t.leading)
    styles = Styles(
        fonts=fonts, palette=palette, marks=marks, figure_font=figures.font, figure_scale=figures.scale, body=body,
        item=item, rule=rule,
        question=ParagraphStyle("question", parent=rule, fontName=fonts["bold"], spaceAfter=s.list_item * 0.5,
                                keepWithNext=1),
        answer=ParagraphStyle("answer", parent=rule, spaceAfter=s.paragraph),
        note=ParagraphStyle("note", parent=body, fontName=fonts["italic"], fontSize=t.small,
                            leading=t.small * 1.25),
        box=ParagraphStyle("box", parent=body, alignment=TA_LEFT, spaceAfter=s.list_item),
        chapter=ParagraphStyle("chapter", **{**heading, "alignment": TA_CENTER}, fontSize=t.chapter,
                               leading=t.chapter * 1.2),
        section=ParagraphStyle("section", **heading, fontSize=t.section, leading=t.section * 1.25,
                               spaceBefore=s.before_section, spaceAfter=s.after_heading, keepWithNext=1),
        subsection=ParagraphStyle("subsection", fontName=fonts["italic"], textColor=accent, fontSize=t.subsection,
                                  leading=t.subsection * 1.25, spaceBefore=s.before_section * 0.6,
                                  spaceAfter=s.after_heading * 0.6, keepWithNext=1),
        cell=cell,
        cell_center=ParagraphStyle("cell_center", parent=cell, alignment=TA_CENTER),
        cell_head=ParagraphStyle("cell_head", parent=cell, fontName=fonts["title"], textColor=accent,
                                 fontSize=t.table * 0.95),
        cell_head_center=ParagraphStyle("cell_head_center", parent=cell, fontName=fonts["title"], textColor=accent,
                                        fontSize=t.table * 0.95, alignment=TA_CENTER),
        cell_caption=ParagraphStyle("cell_caption", parent=cell, fontName=fonts["title"], textColor=accent,
                                    fontSize=t.table * 1.15, leading=t.table_leading * 1.15),
        toc=(ParagraphStyle("toc1", **toc_base, spaceBefore=s.paragraph * 0.5, firstLineIndent=0, leftIndent=0),
             ParagraphStyle("toc2", **{**toc_base, "leading": t.small * 1.25, "fontSize": t.small}, leftIndent=marks.toc_indent * MM,
                            firstLineIndent=0)),
        toc_title=ParagraphStyle("toc_title", **{**heading, "alignment": TA_CENTER}, fontSize=t.chapter,
                                 leading=t.chapter * 1.2, spaceAfter=s.before_section * 1.5),
        title=ParagraphStyle("title", **{**heading, "alignment": TA_CENTER, "fontName": fonts["brand"]}, fontSize=t.title, leading=t.title * 1.1),
        subtitle=ParagraphStyle("subtitle", fontName=fonts["italic"], textColor=ink, alignment=TA_CENTER,
                                fontSize=t.subtitle, leading=t.subtitle * 1.3),
        tagline=ParagraphStyle("tagline", fontName=fonts["title"], textColor=ink, alignment=TA_CENTER,
                               fontSize=t.subtitle * 1.15, leading=t.subtitle * 1.5),
        factions=ParagraphStyle("factions", fontName=fonts["title"], textColor=cmyk(palette.muted),
                                alignment=TA_CENTER, fontSize=t.small, leading=t.small * 1.6),
        small_text=small_text,
    )
    for style in vars(styles).values():
        for one in (style if isinstance(style, tuple) else (style,)):
            if isinstance(one, ParagraphStyle) and one.fontSize < small_text:  # small text: black ink only (K)
                one.textColor = one.bulletColor = cmyk(BLACK)
    return styles


def _runs(text: str, style: ParagraphStyle, styles: Styles) -> list[tuple[str, str, float]]:
    """(text, font name, size) runs (pnp.typeset.textfit.set_runs): characters the style's font lacks (♚) in DejaVu
    Sans; in the title faces (Cinzel, whose 1 reads as a Roman I), figures in the layout's figure font — the text
    faces (EB Garamond PnP) print their own lining figures."""
    return _set_runs(text, *measured_fonts(style, styles))


def _set_runs(text: str, *fonts) -> list[tuple[str, str, float]]:
    """`set_runs` of a text in `measured_fonts`; a text of one run (no figures set in another font, no glyph its font
    lacks: most texts) as it, without cutting it into characters and runs."""
    font, size, figures = fonts[:3]
    if runs(text, font, figures) == [(text, font)] and not missing_glyphs(text, font):
        return [(text, font, size)]
    return set_runs(text, *fonts)


def measured_fonts(style: ParagraphStyle, styles: Styles) -> tuple[str, float, str | None, float, str]:
    """The font arguments of `_runs` (and of `text_width`) after the text: font, size, figure font, figure scale,
    fallback font."""
    fonts = styles.fonts
    figures = style.fontName in (fonts[role] for role in TITLE_FACES)
    return (style.fontName, style.fontSize, fonts[styles.figure_font] if figures else None, styles.figure_scale,
            fonts["sans"])


def markup(text: str, style: ParagraphStyle, styles: Styles) -> str:
    """Plain text as Paragraph markup, escaped, with the font changes of `_runs`."""
    return "".join(escape(run, quote=False) if font == style.fontName else
                   f'<font name="{font}" size="{size:.2f}">{escape(run, quote=False)}</font>'
                   for run, font, size in _runs(text, style, styles))


@memo("the width of a text as the rulebook's markup sets it", "text, fonts", maxsize=1 << 16)
def text_width(text: str, *fonts) -> float:
    """The width of a text as `markup` sets it in the `measured_fonts` of a style (`_set_runs`), in points;
    remembered: the table columns measure the same words on both papers, in the booklet, and in the validator's
    checks and again in the build."""
    return runs_width(_set_runs(text, *fonts))


def widest_width(words: frozenset[str], *fonts) -> float:
    """The width of the widest of `words` in the `measured_fonts` of a style (`text_width`; 0 for none), measuring
    at their size only the words that are widest at any size: a width grows in proportion to the size, so one
    ranking serves every size of the same fonts (the tables' words on both papers, in the booklet, in a one-page
    chapter's larger type)."""
    font, size, *others = fonts
    return max((text_width(word, *fonts) for word in _widest_words(words, font, *others)), default=0.0)


@memo("the words of a table column that are widest at any size", "words, fonts but their size", maxsize=1024)
def _widest_words(words: frozenset[str], font: str, *others) -> tuple[str, ...]:
    """The `words` whose width in the fonts (at a size of 10 pt) is the largest but for rounding (which only a
    measurement at the size itself tells apart); words that are each one run (no figure font, no glyph the font
    lacks: the cells) measured whole, as `_set_runs` would."""
    figures = others[0]
    one_run = not figures and not missing_glyphs("".join(words), font)
    widths = {word: stringWidth(word, font, 10.0) if one_run else text_width(word, font, 10.0, *others)
              for word in words}
    largest = max(widths.values(), default=0.0)
    return tuple(word for word, width in widths.items() if width >= largest * (1 - 1e-9))
