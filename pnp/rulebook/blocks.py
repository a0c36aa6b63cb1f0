"""The rulebook's document model: blocks parsed from the line markup the templates render.

One block per line; blank lines are ignored. A line starts with its kind:
  @title / @subtitle / @tagline TEXT                the title page (consecutive lines, with @factions:
  @factions NAME · NAME · …                           the faction names in pnp.data.terms.FACTIONS order)
  @contents TEXT                                    the table of contents, with its heading
  @chapter[FLAGS] TEXT                              a chapter (FLAGS: newpage, onepage), in the contents
  @section TEXT / @subsection TEXT                  headings (sections are in the contents too)
  @chapter{ID} N TEXT / @section{ID} N TEXT         a numbered heading and its rule id (pnp.rulebook.numbering)
  @rule{ID} N TEXT / @question{ID} N TEXT           a numbered rule or FAQ question: its number N, id and text
  @answer TEXT                                      the answer to the question above
  @table NAME                                       a table with column widths NAME (pnp/layouts/rulebook.toml),
  |# TEXT                                             its caption row (repeated with the header on every page),
  |= CELL | CELL                                      its header row,
  | CELL | CELL                                       and its rows
  - TEXT / # TEXT                                   a bullet / a numbered step (consecutive lines form one list)
  > MARKUP                                          a framed box holding the blocks of its lines
  ~ TEXT                                            a note in smaller italic type
  @diagram NAME N …                                 a drawing from the layout's [NAME] with counts N (e.g. slots),
  @label KEY TEXT                                     and its localized labels
  @anatomy                                          real card fronts with numbered callouts (pnp.rulebook.anatomy)
  @notes TITLE                                      a booklet's padding pages ruled for notes (pnp.rulebook.notes)
  TEXT                                              a paragraph
Text that the templates insert (card names, translations, values) passes through `escape`: its markup characters
become private-use stand-ins, so that a "|" or a line break in a card name cannot open a table cell or a line, and
the parser turns them back into the characters.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

_ESCAPED = {char: chr(0xE000 + i) for i, char in enumerate("|\n\r@#->~")}
_ESCAPE = str.maketrans(_ESCAPED)
_UNESCAPE = {ord(stand_in): char for char, stand_in in _ESCAPED.items()}
# str.translate looks up every character: most texts have none to replace, which a search finds faster
_MARKUP_CHARS = re.compile("[" + re.escape("".join(_ESCAPED)) + "]")
_STAND_INS = re.compile("[" + "".join(_ESCAPED.values()) + "]")


def escape(value) -> str:
    """`value` as text for the line markup: no character in it can act as markup (Jinja2's finalize)."""
    text = str(value)
    return text.translate(_ESCAPE) if _MARKUP_CHARS.search(text) else text


def _text(markup: str) -> str:
    """The text of a markup span, its escaped characters restored."""
    text = markup.strip()
    return text.translate(_UNESCAPE) if _STAND_INS.search(text) else text


HEADING = re.compile(r"^@(chapter|section|subsection)(?:\[([a-z,]*)\])?(?:\{([a-z0-9._]+)\})? (.+)$")
RULE = re.compile(r"^@(rule|question)\{([a-z0-9._]+)\} (\S+) (.+)$")
TITLE_KEYS = ("title", "subtitle", "tagline", "factions")


@dataclass(frozen=True)
class TitlePage:
    """A rule book's title page: title, subtitle, tagline and the factions pictured."""
    title: str
    subtitle: str
    tagline: str
    factions: tuple[str, ...]  # faction names in the order of pnp.data.terms.FACTIONS


@dataclass(frozen=True)
class Contents:
    """The table of contents, under its title."""
    title: str


@dataclass(frozen=True)
class Heading:
    """A chapter, section or subsection heading, numbered where it is a rule."""
    level: int  # 1 chapter, 2 section, 3 subsection
    text: str
    flags: frozenset[str] = frozenset()
    anchor: str = ""  # the rule id of a numbered heading (its number starts the text)


@dataclass(frozen=True)
class Paragraph:
    """A paragraph in one of the rule books' styles, numbered where it is a rule."""
    text: str
    style: str = "body"  # body | note | rule | question | answer
    number: str = ""  # a rule's number (printed before it)
    anchor: str = ""  # a rule's id


@dataclass(frozen=True)
class ItemList:
    """A bulleted or numbered list."""
    items: tuple[str, ...]
    numbered: bool


@dataclass(frozen=True)
class Table:
    """A table: its columns (a set of rulebook.toml [columns]), header, rows and caption row."""
    columns: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""  # a row across all columns above the header, repeated with it when the table breaks


@dataclass(frozen=True)
class Box:
    """A framed box holding blocks."""
    blocks: tuple


@dataclass(frozen=True)
class Diagram:
    """A drawn figure by name, with its counts and labels."""
    name: str
    counts: tuple[int, ...]
    labels: tuple[tuple[str, str], ...] = ()  # (key, text)

    def label(self, key: str) -> str:
        return dict(self.labels)[key]


@dataclass(frozen=True)
class Anatomy:
    """The card anatomy picture (its cards are pnp.rulebook.anatomy_cards.UNIT and DOCTRINE)."""


@dataclass(frozen=True)
class Notes:
    """The title of the ruled pages a booklet ends with instead of blank padding pages (none in the page-for-page
    book)."""

    title: str


Block = TitlePage | Contents | Heading | Paragraph | ItemList | Table | Box | Diagram | Anatomy | Notes


@dataclass
class _Parser:
    """The blocks of a rule book's text while its lines are read (a box's lines kept until it closes)."""
    blocks: list = field(default_factory=list)
    title: dict = field(default_factory=dict)
    box: list[str] = field(default_factory=list)

    def line(self, line: str) -> None:
        if line.startswith("> ") or line == ">":
            self.box.append(line[2:])
            return
        self.flush_box()
        kind, _, rest = line.partition(" ")
        if kind[1:] in TITLE_KEYS and kind.startswith("@"):
            value = rest.strip()
            self.title[kind[1:]] = tuple(_text(v) for v in value.split(" · ")) if kind == "@factions" else _text(value)
            if len(self.title) == len(TITLE_KEYS):
                self.blocks.append(TitlePage(**self.title))
                self.title = {}
        elif kind == "@contents":
            self.blocks.append(Contents(_text(rest)))
        elif (heading := HEADING.match(line)) is not None:
            level = ("chapter", "section", "subsection").index(heading.group(1)) + 1
            flags = frozenset(f for f in (heading.group(2) or "").split(",") if f)
            unknown = flags - {"newpage", "onepage"}
            if unknown:
                raise ValueError(f"unknown heading flags {sorted(unknown)} in {line!r}")
            self.blocks.append(Heading(level, _text(heading.group(4)), flags, heading.group(3) or ""))
        elif (rule := RULE.match(line)) is not None:
            self.blocks.append(Paragraph(_text(rule.group(4)), rule.group(1), rule.group(3), rule.group(2)))
        elif kind == "@answer":
            self.blocks.append(Paragraph(_text(rest), "answer"))
        elif kind == "@table":
            self.blocks.append(Table(rest.strip(), (), ()))
        elif kind in ("|=", "|", "|#"):
            if not self.blocks or not isinstance(self.blocks[-1], Table):
                raise ValueError(f"table row outside a table: {line!r}")
            table, cells = self.blocks[-1], tuple(_text(c) for c in rest.split(" | "))
            if kind == "|#":
                self.blocks[-1] = replace(table, caption=_text(rest))
            elif kind == "|=":
                self.blocks[-1] = replace(table, header=cells)
            else:  # the constructor, not replace: half the time, for each row of every table
                self.blocks[-1] = Table(table.columns, table.header, table.rows + (cells,), table.caption)
        elif kind == "@diagram":
            name, *counts = rest.split()
            self.blocks.append(Diagram(name, tuple(int(n) for n in counts)))
        elif kind == "@anatomy":
            self.blocks.append(Anatomy())
        elif kind == "@notes":
            self.blocks.append(Notes(_text(rest)))
        elif kind == "@label":
            if not self.blocks or not isinstance(self.blocks[-1], Diagram):
                raise ValueError(f"label outside a diagram: {line!r}")
            key, _, text = rest.partition(" ")
            diagram = self.blocks[-1]
            self.blocks[-1] = Diagram(diagram.name, diagram.counts, diagram.labels + ((key, _text(text)),))
        elif kind in ("-", "#"):
            numbered = kind == "#"
            last = self.blocks[-1] if self.blocks else None
            if isinstance(last, ItemList) and last.numbered == numbered:
                self.blocks[-1] = ItemList(last.items + (_text(rest),), numbered)
            else:
                self.blocks.append(ItemList((_text(rest),), numbered))
        elif kind.startswith("@"):
            raise ValueError(f"unknown directive {kind!r} in {line!r}")
        elif kind == "~":
            self.blocks.append(Paragraph(_text(rest), "note"))
        else:
            self.blocks.append(Paragraph(_text(line)))

    def flush_box(self) -> None:
        if self.box:
            self.blocks.append(Box(parse(self.box)))
            self.box = []


def parse(lines: str | list[str]) -> tuple[Block, ...]:
    """Blocks of the markup (a text or its lines); a malformed line is a ValueError (templates are ours)."""
    parser = _Parser()
    for line in lines.splitlines() if isinstance(lines, str) else lines:
        if line.strip():
            parser.line(line.strip())
    parser.flush_box()
    if parser.title:
        raise ValueError(f"incomplete title page: {sorted(parser.title)}")
    return tuple(parser.blocks)
