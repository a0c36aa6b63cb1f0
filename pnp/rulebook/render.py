"""Render the rulebook's blocks to PDF with ReportLab platypus: title page, contents with page numbers, running
headers and page numbers, bookmarks, tables; page for page on the paper, or imposed as a booklet."""
from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO
from typing import Mapping

from reportlab.platypus import ActionFlowable, BaseDocTemplate, CondPageBreak, PageBreak, PageTemplate, Spacer

from ..adapters.reportlab_platypus import QuietFrame, used_height
from ..typeset.fonts import fonts_for
from ..core.units import MM
from ..cards.layout import FactionStyle
from ..pages.forms import FlateCanvas, kept_streams
from ..pages.pdfout import AUTHOR, CREATOR, DocumentInfo, draw_draft_mark, pdf_bytes, streams_slot
from . import blocks as b
from .anatomy_cards import AnatomyCards
from .booklet import BookletCanvas
from .contents import LEVELS, Contents
from .flowables import Heading, Ornament
from .kept_lines import KeptLines
from .layout import Page, RulebookLayout
from .notes import NotesPage
from .numbering import has_pages, with_pages
from .story import headings_in, story
from .styles import Styles, make_styles


@dataclass(frozen=True)
class BookPrint:
    """How a book's blocks are printed: on `page` (the paper's, or the booklet's half page with `booklet`), by the
    rulebook layout in `fonts`, with the factions' styles and the card anatomy's fronts (pnp.rulebook.story.story),
    text under `small_text` pt in one ink, `info` its title, subject and language."""

    page: Page
    layout: RulebookLayout
    fonts: Mapping[str, str]
    factions: tuple[FactionStyle, ...]
    small_text: float
    info: DocumentInfo
    anatomy: AnatomyCards
    booklet: bool = False
    kept: KeptLines | None = None  # the lines of its paragraphs kept across runs (pnp.rulebook.kept_lines)


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
            frames[name] = QuietFrame(left, m.bottom * MM, page.width - left - right,
                                      page.height - (m.top + m.bottom) * MM,
                                      id=name, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate("title", [frames["title"]], onPageEnd=self.mark_draft),
                               PageTemplate("odd", [frames["odd"]], onPageEnd=self.decorate),
                               PageTemplate("even", [frames["even"]], onPageEnd=self.decorate)])
        self.later: _Later | None = None

    def filterFlowables(self, flowables):
        """At the marker of `later`, the rest of the story made anew with the pages learnt so far."""
        if self.later is not None and flowables and flowables[0] is self.later.marker:
            self.later.pages = dict(self.anchors)
            flowables[:] = self.later.rest(self.later.pages)

    def beforeDocument(self):
        self.chapter, self.chapter_page = "", 0
        self.begun = 0  # pages begun: each exactly once (a layout pass)
        self.placed: list[Placed] = []
        self.anchors: dict[str, int] = {}  # rule id -> the page its heading or rule is on

    def handle_pageBegin(self):
        self.begun += 1
        super().handle_pageBegin()

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


def render(blocks: tuple[b.Block, ...], printing: BookPrint, placed: list[Placed] | None = None,
           passes: list[int] | None = None, *, index_in_one_pass: bool = True) -> bytes:
    """The book's PDF, printed as `printing` says: pages on the paper, or (booklet) imposed two per landscape sheet
    side; `placed` receives where each flowable ended up, `passes` the pages each layout pass began. Blocks that print
    the page of a rule (the index) are made when the layout reaches their chapter, from the pages of the rules above
    it (`_Later`); when a rule comes after that chapter, or keeps with it, the document is laid out twice instead:
    first to learn the pages (always, without `index_in_one_pass`)."""
    if not has_pages(blocks):
        return _render(blocks, printing, placed, {}, passes)
    start = _pages_start(blocks) if index_in_one_pass else None
    if start is not None:
        fonts = fonts_for(printing.fonts, printing.info.lang)
        at = [i for i, block in enumerate(blocks) if isinstance(block, b.Heading) and block.level == 1][start - 1]
        later = _Later(start, lambda pages: story(
            with_pages(blocks[at:], pages), printing.page, printing.layout, fonts, printing.factions,
            printing.small_text, printing.info.lang, printing.anatomy, links=not printing.booklet,
            first_key=1 + headings_in(blocks[:at]), kept=printing.kept))
        once: list[Placed] = []
        pdf = _render(with_pages(blocks, None), printing, once, {}, passes, later)
        if later.done:
            if placed is not None:
                placed += once
            return pdf
    anchors: dict[str, int] = {}
    _render(with_pages(blocks, None), printing, None, anchors, passes)
    return _render(with_pages(blocks, anchors), printing, placed, {}, passes)


def _pages_start(blocks: tuple[b.Block, ...]) -> int | None:
    """How many chapters start up to the one holding the first block that prints a page (None: no chapter does)."""
    first = next(index for index, block in enumerate(blocks) if has_pages((block,)))
    chapters = [index for index, block in enumerate(blocks[:first + 1]) if isinstance(block, b.Heading)
                and block.level == 1]
    return len(chapters) if chapters else None


class _Later:
    """The story from the chapter that prints pages on (the `chapter`-th), made by `make(pages)` (from that chapter
    on) when the layout reaches it: a marker stands in its place until then. `done` once the rest was made and no
    rule below the marker added a page to those it was made with (the pages a first layout would have given)."""

    def __init__(self, chapter: int, make):
        self.chapter, self.make = chapter, make
        self.marker, self.pages, self.done = Spacer(0, 0), None, False

    def place(self, flowables: list) -> bool:
        """Put the marker before the chapter's first flowable; False when the story has no such chapter or the
        flowable above it keeps with it (platypus would group the marker with that flowable)."""
        at = _chapter_start(flowables, self.chapter)
        if at is None or flowables[at - 1].getKeepWithNext():
            return False
        flowables.insert(at, self.marker)
        return True

    def rest(self, pages: dict[str, int]) -> list:
        return self.make(pages)

    def done_with(self, anchors: dict[str, int]) -> bool:
        return self.pages is not None and anchors.keys() == self.pages.keys()


def _chapter_start(flowables: list, chapter: int) -> int | None:
    """The index of the page break before the `chapter`-th chapter heading of the story (1 is the first)."""
    headings = [index for index, flowable in enumerate(flowables) if isinstance(flowable, Heading)
                and flowable.level == 1]
    if len(headings) < chapter:
        return None
    at = headings[chapter - 1]  # after [PageBreak] or [CondPageBreak, Spacer] (pnp.rulebook.story: a chapter heading)
    return at - 1 if type(flowables[at - 1]) is PageBreak else at - 2


def _render(blocks: tuple[b.Block, ...], printing: BookPrint, placed: list[Placed] | None, anchors: dict[str, int],
            passes: list[int] | None, later: _Later | None = None) -> bytes:
    buffer = BytesIO()
    page, layout, info, small_text, booklet = (printing.page, printing.layout, printing.info, printing.small_text,
                                               printing.booklet)
    fonts = fonts_for(printing.fonts, info.lang)
    flowables = story(blocks, page, layout, fonts, printing.factions, small_text, info.lang, printing.anatomy,
                      links=not booklet, kept=printing.kept)
    contents = next((flowable for flowable in flowables if isinstance(flowable, Contents)), None)
    styles = make_styles(page.format, fonts, layout.palette, layout.figures, layout.marks, small_text)
    doc = RulebookDocument(buffer, page, styles, info, booklet, contents)
    if later is not None and later.place(flowables):
        doc.later = later
    with kept_streams(streams_slot(info, (page.width, page.height), "booklet" * booklet)) as compress:
        if booklet:
            notes = next((NotesPage(block.title, page, layout, styles).draw for block in blocks
                          if isinstance(block, b.Notes)), None)
            doc.build(flowables, canvasmaker=lambda *a, **kw: BookletCanvas(*a, sheet=page.sheet, fill=notes,
                                                                            compress=compress, **kw))
        else:
            doc.build(flowables, canvasmaker=lambda *a, **kw: FlateCanvas(*a, compress=compress, **kw))
    if placed is not None:
        placed += doc.placed
    if passes is not None:
        passes.append(doc.begun)
    anchors.update(doc.anchors)
    if later is not None:
        later.done = later.done_with(doc.anchors)
    return pdf_bytes(buffer)
