"""The rulebook product of a build (pnp.products): the three books of one language composed on every paper and
checked (`compose`), then rendered on the build's paper (`render`)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Mapping

from ..context import BuildContext
from ..cards.layout import card_layout
from ..i18n.catalogs import LanguageCatalog
from ..layouts.schemas import CARD_INK_SAVER
from ..core.problems import Problem
from . import rendered_pdfs
from .anatomy_cards import AnatomyCards
from .checks import CheckedRulebook, checked_rulebook


def build_options(ctx: BuildContext) -> str:
    """The options the kit is built with, as the rulebook's appendix quotes them."""
    o = ctx.options
    options = (f"--paper {o.paper} --mode {o.mode} --duplex {o.duplex} "
               f"--back-offset {o.back_offset[0]:g},{o.back_offset[1]:g}")
    return options + (" --booklet" if o.booklet else "") + (" --ink-saver" if o.card_variant == CARD_INK_SAVER else "")


@dataclass(frozen=True)
class ComposedRulebook:
    """One language's books composed and checked on every paper (`checked_rulebook`), the card anatomy's fronts in
    the build's card layout, and what the build prints them on: its paper, with or without booklets."""

    checked: CheckedRulebook
    anatomy: AnatomyCards | None
    catalog: LanguageCatalog
    fonts: Mapping[str, str]
    layouts: Path
    paper: str
    booklet: bool

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self.checked.problems


def compose(ctx: BuildContext) -> ComposedRulebook:
    """The books of the context's language on every paper and page format, checked as a whole (the build's paper
    quoting the build's options)."""
    o = ctx.options
    checked = checked_rulebook(ctx.inputs, ctx.lang, ctx.project, ctx.fonts, {o.paper: build_options(ctx)})
    anatomy = checked.anatomy and replace(checked.anatomy, layout=card_layout(ctx.project.layouts, o.card_variant))
    return ComposedRulebook(checked, anatomy, ctx.inputs.catalogs[ctx.lang], ctx.fonts, ctx.project.layouts, o.paper,
                            o.booklet)


def render(composed: ComposedRulebook) -> dict[Path, bytes]:
    """<lang>/rulebook.pdf, rules-reference.pdf and quickref.pdf on the build's paper and, with --booklet, the
    booklets of the first two (pnp.rulebook.books)."""
    pdfs = rendered_pdfs(composed.checked.blocks[composed.paper], composed.anatomy, composed.catalog, composed.fonts,
                         composed.paper, composed.booklet, composed.layouts)
    return {Path(composed.catalog.lang) / name: data for name, data in pdfs.items()}
