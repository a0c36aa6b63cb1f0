"""Render the rulebook's blocks to PDF with ReportLab platypus: title page, contents with page numbers, running
headers and page numbers, bookmarks, tables; page for page on the paper, or imposed as a booklet."""
from __future__ import annotations

from io import BytesIO

from reportlab.lib.units import mm
from reportlab.platypus import (BaseDocTemplate, CondPageBreak, Flowable, Frame, KeepInFrame, KeepTogether,
                                NextPageTemplate, PageBreak, PageTemplate, Paragraph, Spacer, Table, TableStyle)
from reportlab.platypus.tableofcontents import TableOfContents

from ..pdfout import CREATOR
from . import blocks as b
from .booklet import BookletCanvas
from .layout import Page, RulebookLayout
from .styles import Styles, make_styles, markup


class Heading(Paragraph):
    """A heading paragraph that knows its level, plain text and bookmark key."""

    def __init__(self, text: str, style, level: int, key: str, fonts: dict[str, str]):
        super().__init__(markup(text, style, fonts), style)
        self.level, self.plain, self.key = level, text, key


class Ornament(Flowable):
    """A centred gold rule with a crimson diamond: under chapter titles and on the title page."""

    def __init__(self, width: float, styles: Styles, space: float):
        super().__init__()
        self.rule_width, self.styles, self.space = width, styles, space

    def wrap(self, avail_width, avail_height):
        self.avail = avail_width
        return avail_width, self.space * 2

    def draw(self):
        c, mid, y, r = self.canv, self.avail / 2, self.space, 1.3 * mm
        c.setStrokeColor(self.styles.colour("gold"))
        c.setLineWidth(0.6)
        c.line(mid - self.rule_width / 2, y, mid - r * 1.8, y)
        c.line(mid + r * 1.8, y, mid + self.rule_width / 2, y)
        c.setFillColor(self.styles.colour("accent"))
        path = c.beginPath()
        path.moveTo(mid, y + r)
        path.lineTo(mid + r, y)
        path.lineTo(mid, y - r)
        path.lineTo(mid - r, y)
        path.close()
        c.drawPath(path, stroke=0, fill=1)


class TitleBorder(Flowable):
    """The title page's double frame, drawn around the whole text area."""

    def __init__(self, styles: Styles, content: list[Flowable]):
        super().__init__()
        self.styles, self.content = styles, content

    def wrap(self, avail_width, avail_height):
        self.size = avail_width, avail_height
        return avail_width, avail_height

    def draw(self):
        c, (w, h) = self.canv, self.size
        c.setStrokeColor(self.styles.colour("gold"))
        c.setLineWidth(1.4)
        c.rect(0, 0, w, h)
        c.setLineWidth(0.5)
        c.rect(2 * mm, 2 * mm, w - 4 * mm, h - 4 * mm)
        inner = KeepInFrame(w - 16 * mm, h - 16 * mm, self.content, mode="shrink", vAlign="MIDDLE")
        inner_w, inner_h = inner.wrapOn(c, w - 16 * mm, h - 16 * mm)
        inner.drawOn(c, 8 * mm, (h - inner_h) / 2)


class RulebookDocument(BaseDocTemplate):
    """Page templates (title, odd, even), running header/footer, contents entries and bookmarks."""

    def __init__(self, buffer: BytesIO, page: Page, styles: Styles, title: str, lang: str, booklet: bool):
        super().__init__(buffer, pagesize=(page.width, page.height), invariant=1, pageCompression=1, title=title,
                         author="Ancient Duel", creator=CREATOR, subject=f"Ancient Duel print-and-play ({lang})",
                         lang=lang, leftMargin=0, rightMargin=0, topMargin=0, bottomMargin=0)
        self.sheet_page, self.styles, self.booklet = page, styles, booklet
        m = page.format.margins
        frames = {}
        for name, number in (("title", 1), ("odd", 1), ("even", 2)):
            left, right = page.margins(number)
            frames[name] = Frame(left, m.bottom * mm, page.width - left - right, page.height - (m.top + m.bottom) * mm,
                                 id=name, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate("title", [frames["title"]]),
                               PageTemplate("odd", [frames["odd"]], onPageEnd=self.decorate),
                               PageTemplate("even", [frames["even"]], onPageEnd=self.decorate)])
        self.frame_height = frames["odd"].height

    def beforeDocument(self):
        self.chapter, self.chapter_page = "", 0

    def afterFlowable(self, flowable):
        if not isinstance(flowable, Heading):
            return
        page = self.canv.getPageNumber()
        if flowable.level == 1:
            self.chapter, self.chapter_page = flowable.plain, page
        if flowable.level <= 2:
            self.notify("TOCEntry", (flowable.level - 1, flowable.plain, page,
                                     None if self.booklet else flowable.key))
        if not self.booklet:
            self.canv.bookmarkPage(flowable.key)
            self.canv.addOutlineEntry(flowable.plain, flowable.key, level=flowable.level - 1, closed=True)

    def decorate(self, canvas, doc):
        """Running header (the chapter's title, left out on a chapter's first page) and the page number."""
        page, fmt = canvas.getPageNumber(), self.sheet_page.format
        left, right = self.sheet_page.margins(page)
        outer_right = page % 2 == 1
        canvas.saveState()
        canvas.setFillColor(self.styles.colour("muted"))
        canvas.setStrokeColor(self.styles.colour("gold"))
        if self.chapter and page != self.chapter_page:
            y = self.sheet_page.height - fmt.header * mm
            canvas.setFont(self.styles.fonts["title"], fmt.type.header)
            if outer_right:
                canvas.drawRightString(self.sheet_page.width - right, y, self.chapter)
            else:
                canvas.drawString(left, y, self.chapter)
            canvas.setLineWidth(0.4)
            canvas.line(left, y - 1.6 * mm, self.sheet_page.width - right, y - 1.6 * mm)
        canvas.setFont(self.styles.fonts["title"], fmt.type.footer)
        y = fmt.footer * mm
        number = str(page)
        if outer_right:
            canvas.drawRightString(self.sheet_page.width - right, y, number)
        else:
            canvas.drawString(left, y, number)
        canvas.restoreState()


class _Builder:
    """Blocks to flowables."""

    def __init__(self, page: Page, layout: RulebookLayout, styles: Styles):
        self.page, self.layout, self.styles, self.fonts = page, layout, styles, styles.fonts
        self.keys = 0

    def para(self, text: str, style) -> Paragraph:
        return Paragraph(markup(text, style, self.fonts), style)

    def heading(self, block: b.Heading) -> list[Flowable]:
        self.keys += 1
        style = {1: self.styles.chapter, 2: self.styles.section, 3: self.styles.subsection}[block.level]
        heading = Heading(block.text, style, block.level, f"h{self.keys}", self.fonts)
        if block.level > 1:
            return [heading]
        fmt = self.page.format
        flowables: list[Flowable] = [PageBreak()] if "newpage" in block.flags else [
            CondPageBreak(self.page.height * 0.25), Spacer(1, fmt.space.before_section * 1.5)]
        return flowables + [heading, Ornament(fmt.ornament * mm, self.styles, fmt.space.after_heading * 1.3)]

    def items(self, block: b.ItemList, style) -> list[Flowable]:
        result = []
        for number, item in enumerate(block.items, 1):
            bullet = f"{number}." if block.numbered else "•"
            result.append(Paragraph(markup(item, style, self.fonts), style, bulletText=bullet))
        return result

    def table(self, block: b.Table) -> Table:
        s, fmt = self.styles, self.page.format
        count = len(block.header or block.rows[0])
        weights = list(self.layout.columns[block.columns])
        weights += [weights[-1]] * (count - len(weights))
        total = sum(weights[:count])
        widths = [self.page.text_width * w / total for w in weights[:count]]
        numeric = [all(_is_number(row[i]) for row in block.rows) for i in range(count)]
        rows = []
        if block.header:
            rows.append([self.para(cell, s.cell_head) for cell in block.header])
        for row in block.rows:
            rows.append([self.para(cell, s.cell_center if numeric[i] else s.cell) for i, cell in enumerate(row)])
        table = Table(rows, colWidths=widths, repeatRows=1 if block.header else 0)
        pad = 1.2 * mm if fmt is self.layout.full else 0.9 * mm
        commands = [("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                    ("TOPPADDING", (0, 0), (-1, -1), pad * 0.8), ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.35, s.colour("rule")),
                    ("LINEABOVE", (0, 0), (-1, 0), 0.8, s.colour("gold"))]
        if block.header:
            commands += [("BACKGROUND", (0, 0), (-1, 0), s.colour("tint")),
                         ("LINEBELOW", (0, 0), (-1, 0), 0.8, s.colour("gold"))]
        commands.append(("LINEBELOW", (0, -1), (-1, -1), 0.8, s.colour("gold")))
        table.setStyle(TableStyle(commands))
        return table

    def box(self, block: b.Box) -> Flowable:
        s, fmt = self.styles, self.page.format
        inner = []
        for child in block.blocks:
            inner += self.flowables(child, in_box=True)
        pad = fmt.space.box_padding * mm
        table = Table([[inner]], colWidths=[self.page.text_width])
        table.setStyle(TableStyle([("BACKGROUND", (0, 0), (-1, -1), s.colour("tint")),
                                   ("BOX", (0, 0), (-1, -1), 0.8, s.colour("gold")),
                                   ("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                                   ("TOPPADDING", (0, 0), (-1, -1), pad * 0.8),
                                   ("BOTTOMPADDING", (0, 0), (-1, -1), pad * 0.5)]))
        return KeepTogether([Spacer(1, fmt.space.list_item), table, Spacer(1, fmt.space.paragraph * 1.5)])

    def title_page(self, block: b.TitlePage) -> list[Flowable]:
        s, fmt = self.styles, self.page.format
        gap = fmt.space.before_section * mm / 3
        content = [self.para(block.title, s.title), Ornament(fmt.ornament * 1.6 * mm, s, gap * 2),
                   self.para(block.subtitle, s.subtitle), Spacer(1, gap * 6),
                   self.para(block.tagline, s.tagline), Spacer(1, gap * 10), self.para(block.factions, s.factions)]
        return [TitleBorder(s, content), NextPageTemplate(["even", "odd"]), PageBreak()]

    def contents(self, block: b.Contents) -> list[Flowable]:
        toc = TableOfContents(levelStyles=list(self.styles.toc), dotsMinLevel=0)
        return [self.para(block.title, self.styles.toc_title), Ornament(self.page.format.ornament * mm, self.styles,
                                                                        self.page.format.space.after_heading), toc]

    def flowables(self, block: b.Block, in_box: bool = False) -> list[Flowable]:
        s = self.styles
        if isinstance(block, b.TitlePage):
            return self.title_page(block)
        if isinstance(block, b.Contents):
            return self.contents(block)
        if isinstance(block, b.Heading):
            return self.heading(block)
        if isinstance(block, b.Paragraph):
            return [self.para(block.text, s.note if block.style == "note" else (s.box if in_box else s.body))]
        if isinstance(block, b.ItemList):
            return self.items(block, s.item)
        if isinstance(block, b.Table):
            return [self.table(block), Spacer(1, self.page.format.space.paragraph)]
        if isinstance(block, b.Box):
            return [self.box(block)]
        raise TypeError(f"unknown block {block!r}")

    def story(self, blocks: tuple[b.Block, ...]) -> list[Flowable]:
        """All flowables; a chapter flagged `onepage` is shrunk as a whole to fit one page."""
        story: list[Flowable] = []
        onepage: list[Flowable] | None = None
        for block in blocks:
            if isinstance(block, b.Heading) and block.level == 1:
                self._close_onepage(story, onepage)
                onepage = None
                story += self.flowables(block)
                if "onepage" in block.flags:
                    onepage = []
                continue
            (story if onepage is None else onepage).extend(self.flowables(block))
        self._close_onepage(story, onepage)
        return story

    def _close_onepage(self, story: list[Flowable], onepage: list[Flowable] | None) -> None:
        if onepage is None:
            return
        used = sum(f.wrap(self.page.text_width, self.page.height)[1] for f in story[-2:])  # title, ornament
        room = self.page.height - (self.page.format.margins.top + self.page.format.margins.bottom) * mm - used - 2
        story.append(KeepInFrame(self.page.text_width, room, onepage, mode="shrink"))


def _is_number(text: str) -> bool:
    return text.strip().lstrip("+−-").isdigit() or text.strip() in ("—", "")


def render(blocks: tuple[b.Block, ...], page: Page, layout: RulebookLayout, fonts: dict[str, str], title: str,
           lang: str, booklet: bool = False) -> bytes:
    """The rulebook PDF: pages on the paper, or (booklet) imposed two per landscape sheet side."""
    styles = make_styles(page.format, fonts, layout.palette)
    buffer = BytesIO()
    doc = RulebookDocument(buffer, page, styles, title, lang, booklet)
    story = _Builder(page, layout, styles).story(blocks)
    if booklet:
        doc.multiBuild(story, canvasmaker=lambda *a, **kw: BookletCanvas(*a, sheet=page.sheet, **kw))
    else:
        doc.multiBuild(story)
    return buffer.getvalue()
