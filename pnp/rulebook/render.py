"""Render the rulebook's blocks to PDF with ReportLab platypus: title page, contents with page numbers, running
headers and page numbers, bookmarks, tables; page for page on the paper, or imposed as a booklet."""
from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO

from reportlab.platypus import ActionFlowable, BaseDocTemplate, CondPageBreak, Frame, PageBreak, PageTemplate, Spacer

from ..adapters.reportlab_platypus import used_height
from ..typeset.fonts import fonts_for
from ..core.units import MM
from ..cards.layout import FactionStyle
from ..pages.pdfout import AUTHOR, CREATOR, DocumentInfo, draw_draft_mark, pdf_bytes
from . import blocks as b
from .anatomy_cards import AnatomyCards
from .booklet import BookletCanvas
from .contents import LEVELS, Contents
from .flowables import Heading, Ornament
from .layout import Page, RulebookLayout
from .notes import NotesPage
from .numbering import has_pages, with_pages
from .story import story
from .styles import Styles, make_styles


@dataclass(frozen=True)
class Placed:
    """Where a flowable of the story ended up: its page, whether it is a heading, the frame height used above it."""

    page: int
    heading: bool
    chapter: bool       # a chapter heading (it may start a new page)
    filled: float       # fraction of the frame's height used on the page after drawing it


INVISIBLE = (Spacer, CondPageBreak, PageBreak, ActionFlowable)  # page breaks, template switches, space


class RulebookDocument(BaseDocTemplate):
    """Page templates (title, odd, even), running header/footer, contents entries and bookmarks; `placed` lists
    where each visible flowable ended up (the layout rules of tests/test_rulebook_layout.py are checked on it)."""

    def __init__(self, buffer: BytesIO, page: Page, styles: Styles, info: DocumentInfo, booklet: bool,
                 contents: Contents | None):
        super().__init__(buffer, pagesize=(page.width, page.height), invariant=1, pageCompression=1,
                         title=info.title, author=AUTHOR, creator=CREATOR, subject=info.subject, lang=info.lang,
                         leftMargin=0, rightMargin=0, topMargin=0, bottomMargin=0,
                         initialFontName=styles.fonts["body"])  # never the unembedded default Helvetica
        self.sheet_page, self.styles, self.booklet, self.contents = page, styles, booklet, contents
        self.info = info
        m = page.format.margins
        frames = {}
        for name, number in (("title", 1), ("odd", 1), ("even", 2)):
            left, right = page.margins(number)
            frames[name] = Frame(left, m.bottom * MM, page.width - left - right, page.height - (m.top + m.bottom) * MM,
                                 id=name, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate("title", [frames["title"]], onPageEnd=self.mark_draft),
                               PageTemplate("odd", [frames["odd"]], onPageEnd=self.decorate),
                               PageTemplate("even", [frames["even"]], onPageEnd=self.decorate)])

    def beforeDocument(self):
        self.chapter, self.chapter_page = "", 0
        self.placed: list[Placed] = []
        self.anchors: dict[str, int] = {}  # rule id -> the page its heading or rule is on

    def afterFlowable(self, flowable):
        if not isinstance(flowable, INVISIBLE):
            self.placed.append(Placed(self.canv.getPageNumber(), isinstance(flowable, (Heading, Ornament)),
                                      isinstance(flowable, Heading) and flowable.level == 1,
                                      used_height(self.frame)))
        if getattr(flowable, "anchor", ""):
            self.anchors.setdefault(flowable.anchor, self.canv.getPageNumber())
        if not isinstance(flowable, Heading):
            return
        page = self.canv.getPageNumber()
        if flowable.level == 1:
            self.chapter, self.chapter_page = flowable.running, page
        if flowable.level <= LEVELS and self.contents:
            self.contents.place(self.canv, flowable.key, page)
        if not self.booklet:
            self.canv.bookmarkPage(flowable.key)
            self.canv.addOutlineEntry(flowable.plain, flowable.key, level=flowable.level - 1, closed=True)

    def mark_draft(self, canvas, doc):
        """A draft language's page marked DRAFT."""
        if self.info.draft:
            draw_draft_mark(canvas, self.info.lang)

    def decorate(self, canvas, doc):
        """Running header (the chapter's title, left out on a chapter's first page) and the page number."""
        page, fmt = canvas.getPageNumber(), self.sheet_page.format
        left, right = self.sheet_page.margins(page)
        outer_right = page % 2 == 1
        canvas.saveState()
        canvas.setFillColor(self.styles.colour("muted"))
        canvas.setStrokeColor(self.styles.colour("gold"))
        if self.chapter and page != self.chapter_page:
            y = self.sheet_page.height - fmt.header * MM
            canvas.setFont(self.styles.fonts["title"], fmt.type.header)
            if outer_right:
                canvas.drawRightString(self.sheet_page.width - right, y, self.chapter)
            else:
                canvas.drawString(left, y, self.chapter)
            marks = self.styles.marks
            canvas.setLineWidth(marks.header_rule)
            canvas.line(left, y - marks.header_rule_drop * MM, self.sheet_page.width - right,
                        y - marks.header_rule_drop * MM)
        canvas.setFont(self.styles.fonts["body"], fmt.type.footer)
        y = fmt.footer * MM
        number = str(page)
        if outer_right:
            canvas.drawRightString(self.sheet_page.width - right, y, number)
        else:
            canvas.drawString(left, y, number)
        canvas.restoreState()
        self.mark_draft(canvas, doc)


def render(blocks: tuple[b.Block, ...], page: Page, layout: RulebookLayout, fonts: dict[str, str],
           factions: tuple[FactionStyle, ...], small_text: float, info: DocumentInfo, booklet: bool = False,
           placed: list[Placed] | None = None, *, anatomy: AnatomyCards) -> bytes:
    """The rulebook PDF: pages on the paper, or (booklet) imposed two per landscape sheet side (`factions`,
    `small_text`, `anatomy`: see pnp.rulebook.story.story); `placed` receives where each flowable ended up. Blocks
    that print the page of a rule (the index) are laid out twice: first to learn the pages."""
    pages = None
    if has_pages(blocks):
        anchors: dict[str, int] = {}
        _render(with_pages(blocks, None), page, layout, fonts, factions, small_text, info, booklet, None, anatomy,
                anchors)
        pages = anchors
    return _render(with_pages(blocks, pages), page, layout, fonts, factions, small_text, info, booklet, placed,
                   anatomy, {})


def _render(blocks: tuple[b.Block, ...], page: Page, layout: RulebookLayout, fonts: dict[str, str],
            factions: tuple[FactionStyle, ...], small_text: float, info: DocumentInfo, booklet: bool,
            placed: list[Placed] | None, anatomy: AnatomyCards, anchors: dict[str, int]) -> bytes:
    buffer = BytesIO()
    fonts = fonts_for(fonts, info.lang)
    flowables = story(blocks, page, layout, fonts, factions, small_text, info.lang, anatomy, links=not booklet)
    contents = next((flowable for flowable in flowables if isinstance(flowable, Contents)), None)
    styles = make_styles(page.format, fonts, layout.palette, layout.figures, layout.marks, small_text)
    doc = RulebookDocument(buffer, page, styles, info, booklet, contents)
    if booklet:
        notes = next((NotesPage(block.title, page, layout, styles).draw for block in blocks
                      if isinstance(block, b.Notes)), None)
        doc.build(flowables, canvasmaker=lambda *a, **kw: BookletCanvas(*a, sheet=page.sheet, fill=notes, **kw))
    else:
        doc.build(flowables)
    if placed is not None:
        placed += doc.placed
    anchors.update(doc.anchors)
    return pdf_bytes(buffer)
