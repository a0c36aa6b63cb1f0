"""ReportLab 5.1 platypus internals the rulebook relies on, each behind one function
(tests/test_adapters.py checks them against the installed ReportLab):

- the lines a paragraph was broken into by its last `wrap` (`Paragraph.blPara`), and their text (its `kind` 0: a
  line is (extra space, words); 1: a FragLine of fragments);
- how far a frame is filled (`Frame._y1`, `_height`, `_y`) and what a KeepTogether holds (`KeepTogether._content`);
- where a frame keeps the flowables that actions generate for it (`Frame._generated_content`, which
  `doctemplate._addGeneratedContent` looks up before every flowable);
- the table a TableOfContents splits and draws (`TableOfContents._table`, set by its `wrap`);
- the heights of a table's rows after its `wrap` (`Table._rowHeights`);
- the fragments ReportLab's paragraph parser makes of a text without markup, made by the parser's own handlers
  without its HTML tokenizer (`ParaParser._setup_for_parse`, `start_para`, `handle_data`, `end_para`,
  `_complete_parse`), once per style, and copied for each text as `handle_data` copies its run;
- the lines `Paragraph.breakLines` sets a paragraph of one word in at another width: one line (kind 0) of that word
  and the room it leaves (`Paragraph.blPara`);
- what `Paragraph.breakLines` reads to break a paragraph of one run of text (kind 0: the fragment's `text`, its
  style's attributes, the bullet's overrun of the first line, `_handleBulletWidth`), and its result rebuilt from
  plain data: the lines' extra space and words, the classes of the pieces of a word it split (`_SplitWord` and its
  subclasses), the widths it left in the list it was given and the counts it set on the paragraph (`_width_max`,
  `_hyphenations`, `_splitLongWordCount`).
"""
from __future__ import annotations

from copy import copy

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Frame, KeepTogether, Paragraph, Table
from reportlab.platypus.paragraph import (_handleBulletWidth, _SplitWord, _SplitWordEnd, _SplitWordH, _SplitWordHY,
                                          cleanBlockQuotedText, hyphenationMinWordLength, textTransformFrags)
from reportlab.platypus.paraparser import ParaFrag, ParaParser
from reportlab.platypus.tableofcontents import TableOfContents

from ..core.caches import memo

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


class QuietFrame(Frame):
    """A Frame that says by its class that nothing was generated for it yet: platypus looks up a frame's generated
    flowables before each flowable it places, and a plain Frame's __getattr__ answers that by raising
    AttributeError (700 exceptions in a German rule book). What is generated for it is still its own, as in Frame."""

    _generated_content = None


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
    cleaned of line breaks and runs of spaces, its style and its fragments, made as the parser makes them (its run
    in the style, `_plain_run`, copied with the text as `ParaParser.handle_data` copies it), without its HTML
    tokenizer (which hands such a text to the parser whole); None for a text with markup."""
    if "<" in text or "&" in text:
        return None
    cleaned = cleanBlockQuotedText(text)
    frags = []
    if cleaned:
        run = copy(_plain_run(style))
        run.text = cleaned
        frags.append(run)
    textTransformFrags(frags, style)
    return cleaned, style, frags


@memo("the fragment ReportLab's paragraph parser makes of a plain text in a style, but its text",
      "style (by identity)", maxsize=1024)
def _plain_run(style: ParagraphStyle) -> ParaFrag:
    """The run of a text without markup in `style` as the parser makes it: the style's font (its bold and italic
    names mapped back, `tt2ps`), size and colour, no rise, links or lines (its `text`, "x", is replaced; the copies
    share its empty lists of links and lines, which ReportLab only reads)."""
    parser = ParaParser()
    parser.caseSensitive = 1  # Paragraph's default
    parser._setup_for_parse(style)
    parser.start_para({})
    parser.handle_data("x")
    parser.end_para()
    _, (run,), _ = parser._complete_parse()
    return run


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


WORD_CLASSES = {str: "-", _SplitWord: "s", _SplitWordEnd: "e", _SplitWordH: "h", _SplitWordHY: "y"}  # a word of a
# line (str), a piece of a word too long for a line, the last piece of a split word, a hyphenated word's head
# without and with an added hyphen
WORDS_OF = {code: kind for kind, code in WORD_CLASSES.items()}


def one_run_breaking(paragraph: Paragraph, width) -> tuple[str, object, tuple] | None:
    """What `paragraph.breakLines(width)` depends on when it breaks one run of text (kind 0): the run's font name and
    the style's hyphenator (`hyphenationLang`), and the rest as plain data: the text, size and `nobr` of the run, the
    widths of the lines (the first less what a bullet overruns of the indent), the paragraph's encoding and the
    style's attributes the breaking reads. None for a paragraph broken otherwise: several fragments, a split
    paragraph's words, end dots, an image, a back colour, shaped or bidirectional text."""
    style, frags = paragraph.style, paragraph.frags
    if len(frags) != 1 or style.endDots or style.shaping or (style.wordWrap or "").upper() in ("RTL", "LTR", "CJK"):
        return None
    run = frags[0]
    if not hasattr(run, "text") or hasattr(run, "cbDefn") or hasattr(run, "backColor"):
        return None
    widths = list(width) if isinstance(width, (list, tuple)) else [width]
    _handleBulletWidth(paragraph.bulletText, style, widths)
    return run.fontName, style.hyphenationLang, (
        run.text, run.fontSize, getattr(run, "nobr", False), tuple(widths), paragraph.encoding, style.uriWasteReduce,
        style.embeddedHyphenation, style.spaceShrinkage, style.splitLongWords,
        getattr(style, "hyphenationMinWordLength", hyphenationMinWordLength))


def one_run_lines(paragraph: Paragraph, broken, width) -> tuple | None:
    """`broken`, what `paragraph.breakLines(width)` returned for a paragraph `one_run_breaking` takes, as plain data
    for `rebuilt_lines`: each line's extra space, words and their classes ("" when all are plain words), the run's
    ascent and descent, the widths breakLines left in `width` and the counts it set on the paragraph; None when a
    word is of another class (a soft-hyphenated one)."""
    lines = []
    for extra, words in broken.lines:
        classes = "".join(WORD_CLASSES.get(type(word), "?") for word in words)
        if "?" in classes:
            return None
        lines.append((extra, tuple(map(str, words)), "" if classes.strip("-") == "" else classes))
    return (tuple(lines), broken.ascent, broken.descent, tuple(width) if isinstance(width, list) else None,
            paragraph._width_max, paragraph._hyphenations, paragraph._splitLongWordCount)


def rebuilt_lines(paragraph: Paragraph, kept: tuple, width):
    """What `paragraph.breakLines(width)` returns, rebuilt from `kept` (`one_run_lines` of the same breaking) without
    measuring or hyphenating: a copy of the paragraph's run (as `ABag.clone` copies it) with the lines, the ascent
    and descent; the widths in `width` and the paragraph's counts set as breakLines sets them."""
    lines, ascent, descent, widths, paragraph._width_max, paragraph._hyphenations, paragraph._splitLongWordCount = kept
    paragraph.height = 0
    if widths is not None:
        width[:] = widths
    run = paragraph.frags[0]
    rebuilt = object.__new__(type(run))
    rebuilt.__dict__ = {**run.__dict__, "kind": 0, "lines": [
        (extra, list(words) if not classes else [WORDS_OF[code](word) for code, word in zip(classes, words)])
        for extra, words, classes in lines], "ascent": ascent, "descent": descent}
    return rebuilt
