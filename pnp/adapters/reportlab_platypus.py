"""ReportLab 5.1 platypus internals the rulebook relies on, each behind one function
(tests/test_adapters.py checks them against the installed ReportLab):

- the lines a paragraph was broken into by its last `wrap` (`Paragraph.blPara`), and their text (its `kind` 0: a
  line is (extra space, words); 1: a FragLine of fragments);
- how far a frame is filled (`Frame._y1`, `_height`, `_y`) and what a KeepTogether holds (`KeepTogether._content`);
- the table a TableOfContents splits and draws (`TableOfContents._table`, set by its `wrap`);
- the heights of a table's rows after its `wrap` (`Table._rowHeights`);
- the fragments ReportLab's paragraph parser makes of a text without markup, made by the parser's own handlers
  without its HTML tokenizer (`ParaParser._setup_for_parse`, `start_para`, `handle_data`, `end_para`,
  `_complete_parse`).
"""
from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Frame, KeepTogether, Paragraph, Table
from reportlab.platypus.paragraph import cleanBlockQuotedText, textTransformFrags
from reportlab.platypus.paraparser import ParaParser
from reportlab.platypus.tableofcontents import TableOfContents








def wrapped_lines(paragraph: Paragraph) -> object | None:
    """The lines `paragraph` was broken into by its last wrap (an object that changes when it is broken anew), or
    None before it was wrapped."""
    return paragraph.__dict__.get("blPara")


def line_texts(lines) -> list[str]:
    """The text of each line of a paragraph's broken lines (`wrapped_lines`, or what `Paragraph.breakLines` returns),
    as set: a hyphen added at a line's end included."""
    if lines.kind == 0:
        return [" ".join(words) for _, words in lines.lines]
    return ["".join(getattr(fragment, "text", "") for fragment in line.words) for line in lines.lines]


def used_height(frame: Frame) -> float:
    """How much of the frame's height the flowables placed in it so far take, as a fraction (0: empty, 1: full)."""
    return (frame._y1 + frame._height - frame._y) / frame._height


def kept_together(flowable: KeepTogether) -> list[Flowable]:
    """The flowables a KeepTogether holds."""
    return flowable._content


def set_contents_table(contents: TableOfContents, table: Table) -> None:
    """Make `contents` split and draw `table` (what TableOfContents.wrap does with the table it builds itself)."""
    contents._table = table


def row_heights(table: Table) -> list[float]:
    """The heights of the table's rows, in points, as its last wrap set them."""
    return list(table._rowHeights)


def parsed_plain(text: str, style: ParagraphStyle) -> tuple[str, ParagraphStyle, list] | None:
    """What `Paragraph(text, style)` sets for a text without markup (no tag, no entity: no "<" or "&"): its text
    cleaned of line breaks and runs of spaces, its style and its fragments, made as the parser makes them, but without
    its HTML tokenizer (which hands such a text to the parser whole); None for a text with markup."""
    if "<" in text or "&" in text:
        return None
    cleaned = cleanBlockQuotedText(text)
    parser = ParaParser()
    parser.caseSensitive = 1  # Paragraph's default
    parser._setup_for_parse(style)
    parser.start_para({})
    if cleaned:
        parser.handle_data(cleaned)
    parser.end_para()
    parsed_style, frags, _ = parser._complete_parse()
    textTransformFrags(frags, parsed_style)
    return cleaned, parsed_style, frags
