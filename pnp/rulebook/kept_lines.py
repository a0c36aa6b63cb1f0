"""Lines of the rulebook's paragraphs kept across runs (docs/caches.md): a table per slot (a language's books on a
paper: their widths) of the lines each paragraph of one run of text was broken into, by everything the breaking depends on, read once per
process and written back when paragraphs were added, holding only the paragraphs of the run that writes it. A
paragraph the table lacks, or of several runs, is broken by ReportLab (pnp.rulebook.flowables.Text.breakLines)."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator

import pyphen
import reportlab

from ..adapters.reportlab_platypus import one_run_breaking, one_run_lines, rebuilt_lines
from ..core.caches import memo
from ..core.disk_cache import DiskCache, SlotTable, source_digest
from ..typeset.fonts import font_source
from ..typeset.hyphenation import breaks_for, paragraph_hyphenator

LINES = DiskCache("rulebook-lines", "each language's rulebook paragraphs on a paper broken into lines: each line's "
                  "words and the room it leaves", "each paragraph's text with its font file's bytes (hashed), size, "
                  "line widths and the style attributes the breaking reads, the language's hyphenation (its traits and "
                  "pattern file's bytes), ReportLab's and pyphen's versions and the source of pnp's breaking code",
                  "pnp.rulebook.kept_lines.LINES")
BREAKING_CODE = (source_digest("pnp.rulebook.flowables", "pnp.rulebook.hyphen_rules", "pnp.typeset.textfit",
                               "pnp.typeset.hyphenation", "pnp.adapters.pyphen_internals",
                               "pnp.adapters.reportlab_platypus", "pnp.typeset.fonts", "pnp.adapters.reportlab_fonts",
                               "pnp.i18n.languages", __name__)
                 + reportlab.Version.encode() + pyphen.__version__.encode())


class KeptLines(SlotTable):
    """The paragraphs broken in one slot, hyphenated in `lang`: `broken(paragraph, width, breaking)` gives the lines
    of a paragraph of one run of text, hyphenated in the language or not at all, from the slot's entry (`kept`: by
    the run's text, size and font file, the widths and the style's attributes, pnp.adapters.reportlab_platypus
    .one_run_breaking) rebuilt, else from `breaking()` (`added`); `save` stores those broken through it (`used`) as
    the slot's entry when some were new, those of the older entry not broken again dropped."""

    def __init__(self, slot: str, lang: str):
        breaks = breaks_for(lang)
        super().__init__(LINES, slot, BREAKING_CODE + slot.encode() + (breaks.source if breaks else b""))
        self.hyphenator = paragraph_hyphenator(lang)

    def broken(self, paragraph, width, breaking: Callable[[], object]):
        found = one_run_breaking(paragraph, width)
        if found is None or (found[1] != "" and found[1] is not self.hyphenator):
            return breaking()
        font, hyphenator, rest = found
        key = (font_source(font), hyphenator != "", *rest)
        kept = self.used.get(key) or self.kept.get(key)
        if kept is not None:
            self.used[key] = kept
            return rebuilt_lines(paragraph, kept, width)
        lines = breaking()
        kept = one_run_lines(paragraph, lines, width)
        if kept is not None:
            self.used[key], self.added = kept, True
        return lines


@contextmanager
def kept_lines(lang: str, paper: str) -> Iterator[KeptLines]:
    """In the block, the table of the lines of the language's books on `paper` (slot `rulebook-<lang>-<paper>`: a
    build on the other paper breaks at other widths, and keeps its own); after it, the table saved."""
    table = _table(f"rulebook-{lang}-{paper}", lang)
    yield table
    table.save()


@memo("a slot's table of rulebook lines kept across runs (read once per process)", "slot, language")
def _table(slot: str, lang: str) -> KeptLines:
    return KeptLines(slot, lang)
