"""Fitted texts kept across runs (docs/caches.md): a table per slot (a language's card faces) of every text fitted
there, by everything the fit depends on, read once per process and written back when texts were added, holding
only the texts of the run that writes it. A text the table lacks is fitted by `pnp.typeset.textfit.fit_text`."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

import pyphen
import reportlab

from ..core.caches import memo
from ..core.disk_cache import DiskCache, SlotTable, source_digest
from ..core.geometry import TextStyle
from .fonts import font_source
from .hyphenation import BreakFinder
from .textfit import Fit, FittedText, fit_text, set_at_size

FITS = DiskCache("fitted-texts", "each language's card texts fitted to their boxes: size, lines and whether each "
                 "fits", "each text with the bytes of its font and figure font (hashed), style, box, step, options and "
                 "break finder (the language's traits and pattern file's bytes), ReportLab's and pyphen's versions "
                 "and the source of pnp's fitting code", "pnp.typeset.kept_fits.FITS")
FITTING_CODE = (source_digest("pnp.typeset.textfit", "pnp.typeset.hyphenation", "pnp.adapters.pyphen_internals",
                              "pnp.typeset.fonts", "pnp.adapters.reportlab_fonts", "pnp.i18n.languages", __name__)
                + reportlab.Version.encode() + pyphen.__version__.encode())


class KeptFits(SlotTable):
    """The texts fitted in one slot: `fit` takes fit_text's arguments and gives the text the slot's entry kept for
    them (`kept`: size, lines, fits by the text and everything its fit depends on, the fonts by their files' bytes
    and the break finder by its `source`), else fits it (`added`); `save` stores the texts fitted through it
    (`used`) as the slot's entry when some were new, those of the older entry not fitted again dropped."""

    def __init__(self, slot: str):
        super().__init__(FITS, slot, FITTING_CODE + slot.encode(),
                         lambda fitted: (fitted.size, fitted.lines, fitted.fits))

    def fit(self, text: str, font: str, style: TextStyle, width: float, height: float, step: float,
            balance: bool = False, figures: str | None = None, figure_scale: float = 1.0,
            breaks: BreakFinder | None = None) -> FittedText:
        key = (text, font_source(font), tuple(vars(style).values()), width, height, step, balance,
               figures and font_source(figures), figure_scale, breaks and breaks.source)
        fitted = self.used.get(key)
        if fitted is None:
            kept = self.kept.get(key)
            if kept is None:
                fitted = fit_text(text, font, style, width, height, step, balance, figures, figure_scale, breaks)
                self.added = True
            else:
                fitted = set_at_size(text, font, style, *kept, figures, figure_scale)
            self.used[key] = fitted
        return fitted


@contextmanager
def kept_fits(slot: str) -> Iterator[Fit]:
    """In the block, the `fit` of the slot's table (fit_text's arguments); after it, the table saved."""
    table = _table(slot)
    yield table.fit
    table.save()


@memo("a slot's table of fitted texts kept across runs (read once per process)", "slot")
def _table(slot: str) -> KeptFits:
    return KeptFits(slot)
