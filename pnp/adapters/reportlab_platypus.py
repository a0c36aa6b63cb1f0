"""ReportLab 5.1 platypus internals the rulebook relies on, each behind one function
(tests/test_adapters.py checks them against the installed ReportLab):

- the lines a paragraph was broken into by its last `wrap` (`Paragraph.blPara`), and their text (its `kind` 0: a
  line is (extra space, words); 1: a FragLine of fragments);
- how far a frame is filled (`Frame._y1`, `_height`, `_y`) and what a KeepTogether holds (`KeepTogether._content`);
- the table a TableOfContents splits and draws (`TableOfContents._table`, set by its `wrap`);
- the heights of a table's rows after its `wrap` (`Table._rowHeights`);
- the fragments ReportLab's paragraph parser makes of a text without markup, made by the parser's own handlers
  without its HTML tokenizer (`ParaParser._setup_for_parse`, `start_para`, `handle_data`, `end_para`,
  `_complete_parse`);
- the lines `Paragraph.breakLines` sets a paragraph of one word in at another width: one line (kind 0) of that word
  and the room it leaves (`Paragraph.blPara`).
"""
from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
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


def set_one_word_at(paragraph: Paragraph, width: float) -> bool:
    """When the paragraph's last wrap set it as one line of one word (kind 0: one fragment; no bullet; a plain str,
    not a word with soft hyphens or a piece of a split one) that also fits `width`, set it for a wrap at `width` as
    `Paragraph.wrap` would: the same line, the room the word leaves at that width (width less the word's width,
    which is all breakLines computes for it), and True; else change nothing and return False."""
    lines, style = paragraph.__dict__.get("blPara"), paragraph.style
    if lines is None or lines.kind != 0 or len(lines.lines) != 1 or len(lines.lines[0][1]) != 1 \
            or paragraph.bulletText or type(lines.lines[0][1][0]) is not str:
        return False
    word = lines.lines[0][1][0]
    first = width - (style.leftIndent + style.firstLineIndent) - style.rightIndent  # as Paragraph.wrap
    used = stringWidth(word, lines.fontName, lines.fontSize, paragraph.encoding)
    if used > first:
        return False
    paragraph.blPara = lines.clone(lines=[(first - used, [word])])
    paragraph.width = width
    return True
