"""Text fitting: the largest type size (up to the style's default, never below its minimum) at which a text fits a box.

A style may set its figures in another font (Cinzel's 1 reads as a Roman I; rules need clear numbers), scaled to the
text's capitals when that font's digits are larger (figure_scale); the text faces print their own lining figures.
Lines break at spaces; a text given the `breaks` of its language (pnp.typeset.hyphenation: effect texts, bonus lines)
also after the hyphens and slashes in a word and inside words where the language's dictionary allows — never in
numbers or quoted card names. A lone digit group, sign or one-letter word ("1", "+1", "<", Polish "w", "i") stays on
the line of the word after it — unless that would end the line above short of SHORT_LINE of the width: then the word
is hyphenated, or the number goes first. Sizes are tried in steps from the default down; a text that fits at no
allowed size is reported by the caller as a problem, never clipped.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import groupby
from typing import Callable, TypeVar

from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

from ..core.caches import memo
from ..core.geometry import TextStyle
from .fonts import missing_glyphs
from .hyphenation import Breaks, explicit_breaks, quoted

Result = TypeVar("Result")

_GLUE = re.compile(r"^(?:[^\w\s]*\d[\d\W]*|[^\w\s]+|\w)$")
_DIGITS = re.compile(r"(\d+|[¹²³⁰⁴-⁹₀-₉])")  # figures: digit groups, and each super- or subscript one (m²)
SHORT_LINE = 0.6   # a line that ends because a number keeps its word may not be shorter than this share of the width
FULL_LINE = 0.75   # a line filled this far ends at a space; a shorter one takes the head of a hyphenated word
                   # (0.85 hyphenated 17 % of the German effect lines, 0.75 hyphenates 10 %)
HYPHENS_IN_A_ROW = 2  # at most this many lines in a row end in a hyphen
SHORT_TAIL = 5     # a hyphenated word never leaves a last line of this many letters or fewer


def runs(text: str, font: str, figures: str | None) -> list[tuple[str, str]]:
    """The text cut into (piece, font) runs: digits in the `figures` font when there is one."""
    return [(piece, f) for piece, f in _pieces(text, font, figures) if piece]


@memo("the width of a text run", "text, font, figure font, size, figure scale", maxsize=1 << 18)
def measure(text: str, font: str, figures: str | None, size: float, figure_scale: float = 1.0) -> float:
    """Width in points of `text` set in `font` (figures in `figures`, at `figure_scale` times the size).
    Remembered: line breaking measures the same words and lines at the same sizes again, and the build sets the
    texts the validator's print checks set."""
    return sum(stringWidth(piece, f, size * figure_scale if i % 2 else size)
               for i, (piece, f) in enumerate(_pieces(text, font, figures)))


def set_runs(text: str, font: str, size: float, figures: str | None = None, figure_scale: float = 1.0,
             fallback: str | None = None) -> list[tuple[str, str, float]]:
    """(piece, font, size) runs of `text` set in `font` at `size`: figures in `figures` at `figure_scale` times
    the size, and characters `font` has no glyph for (♚ in EB Garamond) in the `fallback` font; neighbouring
    characters of one kind make one run."""
    missing = set(missing_glyphs(text, font)) if fallback else set()
    pieces = []
    for piece, piece_font in runs(text, font, figures):
        if piece_font != font:
            pieces.append((piece, piece_font, size * figure_scale))
            continue
        for lacking, chars in groupby(piece, key=lambda ch: ch in missing):
            pieces.append(("".join(chars), fallback if lacking else font, size))
    # neighbouring pieces of one kind (a digit group and a superscript figure, two lacking glyphs) make one run
    return [("".join(piece for piece, _, _ in group), *kind)
            for kind, group in groupby(pieces, key=lambda piece: piece[1:])]


def runs_width(pieces: list[tuple[str, str, float]]) -> float:
    """Width in points of (piece, font, size) runs set one after the other."""
    return sum(stringWidth(piece, font, size) for piece, font, size in pieces)


def _pieces(text: str, font: str, figures: str | None) -> list[tuple[str, str]]:
    """Like `runs`, but keeping empty pieces, so that odd positions are exactly the figures."""
    if not figures:
        return [(text, font)]
    return [(piece, figures if i % 2 else font) for i, piece in enumerate(_DIGITS.split(text))]


@dataclass(frozen=True)
class FittedText:
    """A text set in a font: the lines, the size and the leading in points, and whether it fits its box."""

    text: str
    font: str
    size: float
    leading: float
    lines: tuple[str, ...]
    fits: bool
    figures: str | None = None
    figure_scale: float = 1.0

    @property
    def height(self) -> float:
        """Height of the block in points: one type size plus the leading of each further line."""
        return self.size + self.leading * (len(self.lines) - 1) if self.lines else 0.0

    def width(self) -> float:
        return max((measure(line, self.font, self.figures, self.size, self.figure_scale) for line in self.lines),
                   default=0.0)


def units(text: str) -> list[str]:
    """The unbreakable units of a text: words, with lone numbers, signs and one-letter words glued to the next."""
    words = [w for w in text.split(" ") if w]
    result: list[str] = []
    glue = False
    for word in words:
        if glue and result:
            result[-1] += " " + word
        else:
            result.append(word)
        glue = bool(_GLUE.match(word))
    return result


@memo("whether a font's widths add up exactly", "font name")
def _exact_widths(font: str) -> bool:
    """Whether every character width of `font` (ReportLab's, in thousandths of the size) is a multiple of
    1/EXACT: true for units per em of 1000 or a power of two. Then every sum of widths is exact in floating point,
    in any order, and is recovered exactly from ReportLab's width at size 1000."""
    face = getFont(font).face
    return all(float(w * EXACT).is_integer() for w in {*face.charWidths.values(), face.defaultWidth})  # distinct


EXACT = 1 << 16


@memo("the sum of the character widths of a word or line", "text, font", maxsize=1 << 16)
def _raw_width(text: str, font: str) -> float:
    """The sum of the widths of the characters of `text` in `font` (thousandths of the size): exact, as the widths
    are multiples of 1/EXACT (`_exact_widths`). Remembered: the texts of a language repeat their words."""
    return round(stringWidth(text, font, 1000) * EXACT) / EXACT


class _Ruler:
    """The widths of one text's lines at any size: each line's sum of character widths, found once for all the
    sizes the text is tried at (a line that is a measured line, a space and a word added up from those), scaled
    as ReportLab scales it, so that the width is exactly ReportLab's (`measure`); and the text's paragraphs cut
    into units. Texts with figures in another font, or in a font whose widths do not add up exactly
    (`_exact_widths`), are measured line by line at each size (`measure`)."""

    def __init__(self, font: str, figures: str | None, figure_scale: float):
        self.font, self.figures, self.figure_scale = font, figures, figure_scale
        self.exact = not figures and _exact_widths(font)
        self.raw: dict[str, float] = {"": 0.0}  # text -> the sum of its characters' widths
        self.units: dict[str, tuple[list[str], list[bool]]] = {}
        if self.exact:
            self.space = _raw_width(" ", font)

    def width(self, line: str, size: float) -> float:
        if not self.exact:
            return measure(line, self.font, self.figures, size, self.figure_scale)
        raw = self.raw.get(line)
        if raw is None:
            head, space, word = line.rpartition(" ")
            known = self.raw.get(head) if space else None
            raw = _raw_width(line, self.font) if known is None else known + self.space + _raw_width(word, self.font)
            self.raw[line] = raw
        return raw * 0.001 * size  # ReportLab's order of operations (instanceStringWidthTTF)

    def paragraph_units(self, paragraph: str) -> tuple[list[str], list[bool]]:
        """The units of `paragraph` and whether each is quoted."""
        if paragraph not in self.units:
            found = units(paragraph)
            self.units[paragraph] = found, quoted(found)
        return self.units[paragraph]


def wrap(text: str, font: str, size: float, width: float, figures: str | None = None,
         figure_scale: float = 1.0, breaks: Breaks | None = None) -> tuple[str, ...] | None:
    """Greedy line breaking at spaces, and inside words where `breaks` allows (see the module's rules); None when
    a part that cannot break is wider than `width`."""
    return _wrap(text, _Ruler(font, figures, figure_scale), size, width, breaks)


def _wrap(text: str, ruler: _Ruler, size: float, width: float, breaks: Breaks | None) -> tuple[str, ...] | None:
    """`wrap`, measuring with `ruler`."""
    def fits(line: str) -> bool:
        return ruler.width(line, size) <= width

    def split(line: str, unit: str, protected: bool) -> tuple[str, str] | None:
        """`line` + the largest head of `unit` that fits (its last word broken), and the rest of the unit."""
        if breaks is None:
            return None
        head, _, word = unit.rpartition(" ")
        places = explicit_breaks(word) if protected else breaks(word)
        prefix = " ".join(part for part in (line, head) if part)
        for index, hyphen in reversed(places):
            first = f"{prefix} {word[:index]}" if prefix else word[:index]
            if fits(first + ("-" if hyphen else "")):
                return first + ("-" if hyphen else ""), word[index:]
        return None

    def width_of(line: str) -> float:
        return ruler.width(line, size)

    lines: list[str] = []
    for paragraph in text.split("\n"):
        if fits(paragraph) and "  " not in paragraph and paragraph[:1] != " " and paragraph[-1:] != " ":
            lines.append(paragraph)  # what the greedy lines would be: every shorter line fits too
            continue
        forbid: frozenset[int] = frozenset()
        while True:  # a last line that is only a short tail: wrap again, that word not broken
            wrapped = _paragraph_lines(ruler.paragraph_units(paragraph), fits, split, width_of, width, forbid)
            if wrapped is None:
                return None
            tail = _short_tail(wrapped)
            if tail is None or tail in forbid:
                break
            forbid |= {tail}
        lines += wrapped
    return tuple(lines)


def _short_tail(lines: list[str]) -> int | None:
    """The index of the line whose hyphenated word leaves only a tail of SHORT_TAIL letters or fewer as the last
    line ("durchfüh-" / "ren."), or None."""
    if len(lines) < 2 or not lines[-2].endswith("-") or " " in lines[-1]:
        return None
    return len(lines) - 2 if sum(ch.isalpha() for ch in lines[-1]) <= SHORT_TAIL else None


def _paragraph_lines(paragraph: tuple[list[str], list[bool]], fits: Callable[[str], bool], split,
                     width_of: Callable[[str], float], width: float, forbid: frozenset[int]) -> list[str] | None:
    """The greedy lines of one paragraph, given as its units and whether each is quoted (see `wrap`): no word is
    broken at the end of a line in `forbid`, nor after HYPHENS_IN_A_ROW lines that end in a hyphen."""
    lines: list[str] = []

    def may_break() -> bool:
        return len(lines) not in forbid and not all(line.endswith("-") for line in lines[-HYPHENS_IN_A_ROW:] or [""])

    line = ""
    for unit, protected in zip(*paragraph):
        candidate = f"{line} {unit}" if line else unit
        if fits(candidate):
            line = candidate
            continue
        short = width_of(line) < FULL_LINE * width
        parts = split(line, unit, protected) if line and short and may_break() else None
        if parts is None and " " in unit and line and width_of(line) < SHORT_LINE * width:
            number, rest = unit.rsplit(" ", 1)
            if fits(f"{line} {number}"):
                parts = (f"{line} {number}", rest)  # the number goes first rather than leave a short line
        if parts:
            lines.append(parts[0])
            line = parts[1]
        else:
            if line:
                lines.append(line)
            line = unit
        while not fits(line):  # a unit wider than the line: break its words where they may break
            parts = split("", line, protected)
            if parts is None:
                return None
            lines.append(parts[0])
            line = parts[1]
    lines.append(line)
    return lines


def _balanced(text: str, ruler: _Ruler, size: float, width: float, max_lines: int) -> tuple[str, ...] | None:
    """Like `wrap` (measuring with `ruler`, one without figures), but a two-line text is split where its longer
    line is shortest (after a comma when that ties). A word too long for the line breaks after a hyphen of its own
    ("Torsionsgeschütz-" / "Mannschaft"), never elsewhere."""
    lines = _wrap(text, ruler, size, width, None)
    if max_lines < 2 or (lines is not None and len(lines) != 2):
        return lines
    if lines is None:
        cuts = [(text[:i + 1], text[i + 1:]) for i, ch in enumerate(text)
                if ch == "-" and 0 < i < len(text) - 1 and " " not in (text[i - 1], text[i + 1])]
    else:
        parts = units(text)
        cuts = [(" ".join(parts[:cut]), " ".join(parts[cut:])) for cut in range(1, len(parts))]
    best = None
    for cut, (first, second) in enumerate(cuts):
        longest = max(ruler.width(first, size), ruler.width(second, size))
        key = (round(longest, 1) - (0.5 if first.endswith(",") else 0), cut)
        if longest <= width and (best is None or key < best[0]):
            best = (key, (first, second))
    return best[1] if best else lines


MAX_SIZES = 200  # the most sizes one text is tried at: a coarser step where the layout's would take more


def sizes(style: TextStyle, step: float):
    """The sizes to try: from the default down to the minimum, in steps (the minimum itself last), at most
    MAX_SIZES of them."""
    step = max(step, (style.size - style.min_size) / MAX_SIZES)
    size = style.size
    while size > style.min_size + 1e-9:
        yield round(size, 4)
        size -= step
    yield style.min_size


def shrink_to_fit(style: TextStyle, step: float, set_at: Callable[[float], Result],
                  fits: Callable[[Result], bool]) -> tuple[Result, bool]:
    """`set_at(size)` at the largest size of `sizes(style, step)` whose result `fits`, and True; else the result at
    the minimum size, and False."""
    for size in sizes(style, step):
        result = set_at(size)
        if fits(result):
            return result, True
    return result, False


Fit = Callable[..., FittedText]  # fit_text, or a table's that keeps the texts across runs (pnp.typeset.kept_fits)


@memo("a text fitted to a box (size, lines)", "text, font, style, box, step, options, break finder", maxsize=1 << 14)
def fit_text(text: str, font: str, style: TextStyle, width: float, height: float, step: float,
             balance: bool = False, figures: str | None = None, figure_scale: float = 1.0,
             breaks: Breaks | None = None) -> FittedText:
    """Set `text` at the largest allowed size at which it fits `width` × `height` points and `style.max_lines`.

    When it fits at no allowed size the result has fits=False and is set at the minimum size (for reporting).
    Remembered (the result is frozen): the cards of a language repeat their type and faction names, labels and
    bonus lines, and the build sets the faces the checks set.
    """
    ruler = _Ruler(font, None, 1.0) if balance else _Ruler(font, figures, figure_scale)  # balancing sets no figures

    def set_at(size: float) -> FittedText | None:
        lines = (_balanced(text, ruler, size, width, style.max_lines) if balance
                 else _wrap(text, ruler, size, width, breaks))
        if lines is None or (style.max_lines and len(lines) > style.max_lines):
            return None
        fitted = set_at_size(text, font, style, size, lines, True, figures, figure_scale)
        return fitted if fitted.height <= height + 1e-6 else None

    fitted, fits = shrink_to_fit(style, step, set_at, lambda result: result is not None)
    if fits:
        return fitted
    size = style.min_size
    lines = wrap(text, font, size, width, figures, figure_scale, breaks) or (text,)
    return set_at_size(text, font, style, size, lines, False, figures, figure_scale)


def set_at_size(text: str, font: str, style: TextStyle, size: float, lines: tuple[str, ...], fits: bool,
                figures: str | None, figure_scale: float) -> FittedText:
    """`text` set in `font` at `size` as `lines`, with the leading of `style`."""
    return FittedText(text, font, size, size * style.leading, lines, fits, figures, figure_scale)
