"""Whether every table of the rulebook has room on its page, checked without making the story (and without
ReportLab's platypus): the styles a page format sets the blocks in, and which blocks a one-page chapter sets in its
larger type, shared with pnp.rulebook.story."""
from __future__ import annotations

from ..core.problems import Problem, ProblemsFound, raise_if_errors
from ..typeset.hyphenation import paragraph_hyphenator
from . import blocks as b
from .columns import table_columns
from .layout import Page, RulebookLayout
from .numbering import with_pages
from .styles import Styles, make_styles


def check_tables(blocks: tuple[b.Block, ...], pages: tuple[Page, ...], layout: RulebookLayout, fonts: dict[str, str],
                 small_text: float, lang: str) -> None:
    """What making the story can fail on, checked without making it: every table's columns have room on each of the
    pages (raises ProblemsFound with the problems of all tables; arguments as for pnp.rulebook.story.story, the
    blocks as composed: the page numbers their tables cite are not known yet, stand-ins of their width are set)."""
    tables = [with_pages(found, None) if (found := tuple(tables_in(block))) else () for block in blocks]
    problems: list[Problem] = []
    for page in pages:
        styles = page_styles(page, layout, fonts, small_text, lang)
        for block_tables, large_type in zip(tables, in_onepage(blocks, page)):
            for table in block_tables:
                try:
                    table_columns(table, styles[large_type], layout.columns[table.columns], page.text_width,
                                  page.format.space.cell_padding)
                except ProblemsFound as exc:
                    problems += exc.problems
    raise_if_errors(problems)


def page_styles(page: Page, layout: RulebookLayout, fonts: dict[str, str], small_text: float,
                lang: str) -> tuple[Styles, Styles]:
    """The styles of the text, and the larger ones of a one-page chapter, hyphenated in `lang`."""
    hyphenator = paragraph_hyphenator(lang)
    return tuple(make_styles(page.format, fonts, layout.palette, layout.figures, layout.marks, small_text, scale,
                             hyphenator) for scale in (1.0, page.format.onepage_scale))


def in_onepage(blocks: tuple[b.Block, ...], page: Page) -> list[bool]:
    """For each block, whether it is set in the larger type of a one-page chapter, in a page format that shrinks
    one-page chapters (for a chapter heading: whether its chapter is one; the heading itself keeps the normal type)."""
    flags, onepage = [], False
    for block in blocks:
        if isinstance(block, b.Heading) and block.level == 1:
            onepage = "onepage" in block.flags and page.format.onepage == "shrink"
        flags.append(onepage)
    return flags


def tables_in(block: b.Block) -> list[b.Table]:
    """The table blocks in a block: itself, or those in a box."""
    if isinstance(block, b.Table):
        return [block]
    if isinstance(block, b.Box):
        return [table for child in block.blocks for table in tables_in(child)]
    return []
