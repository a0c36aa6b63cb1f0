"""The rulebook's blocks as platypus flowables (the story the document template lays out)."""
from __future__ import annotations

from itertools import count
from typing import Iterator

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (CondPageBreak, Flowable, KeepInFrame, KeepTogether, NextPageTemplate, PageBreak,
                                Spacer, Table, TableStyle)

from ..adapters.reportlab_platypus import kept_together
from ..core.units import MM
from . import blocks as b
from ..cards.layout import FactionStyle
from .anatomy import anatomy_rows
from .anatomy_cards import AnatomyCards
from .contents import Contents
from .diagram import BattlefieldDiagram
from .flowables import FactionRow, Heading, Ornament, TableBreak, Text, TitleBorder
from .kept_lines import KeptLines
from .layout import Page, RulebookLayout
from .styles import Styles
from .table_room import in_onepage, page_styles
from .tables import build_table

TOC_STYLE = TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                        ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                        ("BOTTOMPADDING", (0, 0), (-1, -1), 0)])


class _Flowables:
    """Flowables of single blocks in one set of styles (the quick reference uses larger ones)."""

    def __init__(self, page: Page, layout: RulebookLayout, styles: Styles, keys: Iterator[int],
                 factions: tuple[FactionStyle, ...], anatomy: AnatomyCards, links: bool, kept: KeptLines | None):
        self.page, self.layout, self.styles, self.fonts, self.keys = page, layout, styles, styles.fonts, keys
        self.factions, self.anatomy, self.links, self.kept = factions, anatomy, links, kept

    def para(self, text: str, style) -> Text:
        return Text.of(text, style, self.styles, self.kept)

    def paragraph(self, block: b.Paragraph, in_box: bool) -> Text:
        """A paragraph; a numbered rule or question hangs its number and carries its rule id (`anchor`) for the
        document to learn its page."""
        s = self.styles
        if block.number:
            style = s.question if block.style == "question" else s.rule
            text = Text.of(block.text, style, self.styles, self.kept, bulletText=block.number)
            text.anchor = block.anchor
            return text
        style = {"note": s.note, "answer": s.answer}.get(block.style, s.box if in_box else s.body)
        return self.para(block.text, style)

    def heading(self, block: b.Heading, before_table: bool = False, leads_to_table: bool = False
                ) -> list[Flowable]:
        """A heading; right above a table (which may split across pages) it keeps only the table's first rows
        with it: the first of the headings leading to a table starts a new page when little room is left."""
        style = {1: self.styles.chapter, 2: self.styles.section, 3: self.styles.subsection}[block.level]
        fmt = self.page.format
        if before_table:
            style = ParagraphStyle(f"{style.name}-table", parent=style, keepWithNext=0)
        running = block.text.split(" ", 1)[-1] if block.anchor else block.text  # "7 Combat": "Combat"
        heading = Heading(block.text, style, block.level, f"h{next(self.keys)}", self.styles, running, self.kept)
        heading.anchor = block.anchor
        if block.level > 1:
            return [TableBreak(fmt.keep_with_table * MM), heading] if leads_to_table else [heading]
        flowables: list[Flowable] = [PageBreak()] if "newpage" in block.flags else [
            CondPageBreak(self.page.height * 0.25), Spacer(1, fmt.space.before_section * 1.5)]
        return flowables + [heading, Ornament(fmt.ornament * MM, self.styles, fmt.space.after_heading * 1.3)]

    def items(self, block: b.ItemList, style) -> list[Flowable]:
        return [Text.of(item, style, self.styles, self.kept, bulletText=f"{number}." if block.numbered else "•")
                for number, item in enumerate(block.items, 1)]

    def table(self, block: b.Table) -> list[Flowable]:
        fmt = self.page.format
        return [build_table(block, self.styles, self.layout.columns[block.columns], self.page.text_width,
                            fmt.space.cell_padding, self.kept), Spacer(1, fmt.space.paragraph)]

    def box(self, block: b.Box) -> Flowable:
        s, fmt = self.styles, self.page.format
        inner = [flowable for child in block.blocks for flowable in self.block(child, in_box=True)]
        pad = fmt.space.box_padding * MM
        table = Table([[inner]], colWidths=[self.page.text_width])
        table.setStyle(TableStyle([*s.table_defaults, ("BACKGROUND", (0, 0), (-1, -1), s.colour("tint")),
                                   ("BOX", (0, 0), (-1, -1), s.marks.rule, s.colour("gold")),
                                   ("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                                   ("TOPPADDING", (0, 0), (-1, -1), pad * 0.8),
                                   ("BOTTOMPADDING", (0, 0), (-1, -1), pad * 0.5)]))
        return KeepTogether([Spacer(1, fmt.space.list_item), table, Spacer(1, fmt.space.paragraph * 1.5)])

    def title_page(self, block: b.TitlePage) -> list[Flowable]:
        s, fmt = self.styles, self.page.format
        gap = fmt.space.before_section * MM / 3
        content = [self.para(block.title, s.title), Ornament(fmt.ornament * s.marks.title_ornament * MM, s, gap * 2),
                   self.para(block.subtitle, s.subtitle), Spacer(1, gap * 6),
                   self.para(block.tagline, s.tagline), Spacer(1, gap * 12),
                   FactionRow(block.factions, self.factions, s, fmt.emblem * MM)]
        return [TitleBorder(s, self.layout.title_frame, content), NextPageTemplate(["even", "odd"]), PageBreak()]

    def contents(self, block: b.Contents) -> list[Flowable]:
        fmt = self.page.format
        toc = Contents(self.links, levelStyles=list(self.styles.toc),
                       tableStyle=TableStyle([*TOC_STYLE.getCommands(), *self.styles.table_defaults]))
        return [self.para(block.title, self.styles.toc_title),
                Ornament(fmt.ornament * MM, self.styles, fmt.space.after_heading), toc]

    def block(self, block: b.Block, in_box: bool = False, before_table: bool = False,
              leads_to_table: bool = False) -> list[Flowable]:
        s = self.styles
        if isinstance(block, b.TitlePage):
            return self.title_page(block)
        if isinstance(block, b.Contents):
            return self.contents(block)
        if isinstance(block, b.Heading):
            return self.heading(block, before_table, leads_to_table)
        if isinstance(block, b.Paragraph):
            return [self.paragraph(block, in_box)]
        if isinstance(block, b.ItemList):
            return self.items(block, s.item)
        if isinstance(block, b.Table):
            return self.table(block)
        if isinstance(block, b.Box):
            return [self.box(block)]
        if isinstance(block, b.Anatomy):
            return [Spacer(1, self.page.format.space.paragraph),
                    *anatomy_rows(self.anatomy, s, self.layout.anatomy, self.page.text_width),
                    Spacer(1, self.page.format.space.paragraph)]
        if isinstance(block, b.Notes):
            return []  # drawn by the booklet on its padding pages (pnp.rulebook.render)
        if isinstance(block, b.Diagram):
            return [Spacer(1, self.page.format.space.paragraph),
                    BattlefieldDiagram(block, self.layout.battlefield, s, self.kept), Spacer(1, self.page.format.space.paragraph)]
        raise TypeError(f"unknown block {block!r}")


def story(blocks: tuple[b.Block, ...], page: Page, layout: RulebookLayout, fonts: dict[str, str],
          factions: tuple[FactionStyle, ...], small_text: float, lang: str, anatomy: AnatomyCards,
          links: bool = True, first_key: int = 1, kept: KeptLines | None = None) -> list[Flowable]:
    """All flowables in the language `lang`, hyphenated in it (`factions`: the card layout's style of each faction,
    in order, for the title page; text under `small_text` pt in black ink only; `anatomy`: the card anatomy's
    composed fronts). A chapter flagged `onepage` is set in larger type and shrunk as a whole to fit one page (in a
    page format that shrinks one-page chapters). `links`: the contents link to the headings (real pages only).
    The headings' keys count from `first_key` (the rest of a story from a chapter on: `headings_in` those above).
    Its paragraphs take their lines from `kept` (pnp.rulebook.kept_lines) when it has them."""
    keys = count(first_key)
    normal, large = (_Flowables(page, layout, styles, keys, factions, anatomy, links, kept)
                     for styles in page_styles(page, layout, fonts, small_text, lang))
    result: list[Flowable] = []
    onepage: list[Flowable] | None = None
    for index, (block, large_type) in enumerate(zip(blocks, in_onepage(blocks, page))):
        if isinstance(block, b.Heading) and block.level == 1:
            _close_onepage(result, onepage, page)
            result += normal.block(block)
            onepage = [] if large_type else None
            continue
        if onepage is None:
            target = result
            flowables = normal.block(block, before_table=_next_is_table(blocks, index),
                                     leads_to_table=_leads_to_table(blocks, index))
        else:
            target, flowables = onepage, large.block(block)
        if isinstance(block, b.Table):
            _keep_with_table(target, flowables[0])
        if index and _heading_kept_with(blocks[index - 1], block):
            # keepWithNext does not reach into a KeepTogether: the heading goes into the kept block
            heading = target.pop()
            heading.keepWithNext = 0
            inner = [f for flowable in flowables for f in (kept_together(flowable) if isinstance(flowable, KeepTogether)
                                                            else [flowable])]
            first = next(i for i, f in enumerate(inner) if not isinstance(f, Spacer)) + 1  # the anatomy's first row
            flowables = [KeepTogether([heading, *inner[:first]]), *inner[first:]]
        target += flowables
    _close_onepage(result, onepage, page)
    for contents in (flowable for flowable in result if isinstance(flowable, Contents)):
        contents.declare(result)
    return result


def headings_in(blocks: tuple[b.Block, ...]) -> int:
    """How many headings, each with a key of its own, the story makes of `blocks` (those in boxes included)."""
    return sum(1 if isinstance(block, b.Heading) else headings_in(block.blocks) if isinstance(block, b.Box) else 0
               for block in blocks)


def _keep_with_table(placed: list[Flowable], table: Flowable) -> None:
    """The table the last headings lead to, given to their TableBreak with the headings between them."""
    breaks = [i for i, flowable in enumerate(placed) if isinstance(flowable, TableBreak) and flowable.table is None]
    if breaks:
        placed[breaks[-1]].table, placed[breaks[-1]].headings = table, tuple(placed[breaks[-1] + 1:])


def _heading_kept_with(previous: b.Block, block: b.Block) -> bool:
    """A section or subsection heading right above a framed box, a diagram or the card anatomy (kept with the box,
    the diagram, or the anatomy's first row of cards)."""
    return isinstance(previous, b.Heading) and previous.level > 1 and isinstance(block, (b.Box, b.Diagram,
                                                                                           b.Anatomy))


def _next_is_table(blocks: tuple[b.Block, ...], index: int) -> bool:
    return index + 1 < len(blocks) and isinstance(blocks[index + 1], b.Table)


def _leads_to_table(blocks: tuple[b.Block, ...], index: int) -> bool:
    """The first of a run of headings whose next other block is a table."""
    if not isinstance(blocks[index], b.Heading) or isinstance(blocks[index - 1], b.Heading):
        return False
    following = next((block for block in blocks[index:] if not isinstance(block, b.Heading)), None)
    return isinstance(following, b.Table)


def _close_onepage(result: list[Flowable], onepage: list[Flowable] | None, page: Page) -> None:
    """The one-page chapter's content, shrunk to the room its heading (the last two flowables) leaves."""
    if onepage is None:
        return
    used = sum(flowable.wrap(page.text_width, page.height)[1] for flowable in result[-2:])
    room = page.height - (page.format.margins.top + page.format.margins.bottom) * MM - used - 2
    result.append(KeepInFrame(page.text_width, room, onepage, mode="shrink"))
