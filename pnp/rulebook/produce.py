"""The build's producer of the rulebook (see pnp.kit.build: one call per language)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..context import BuildContext
from ..cards.layout import card_layout
from ..layouts.schemas import CARD_INK_SAVER
from ..core.problems import raise_if_errors
from . import rendered_pdfs
from .checks import checked_rulebook


def build_options(ctx: BuildContext) -> str:
    """The options the kit is built with, as the rulebook's appendix quotes them."""
    o = ctx.options
    options = (f"--paper {o.paper} --mode {o.mode} --duplex {o.duplex} "
               f"--back-offset {o.back_offset[0]:g},{o.back_offset[1]:g}")
    return options + (" --booklet" if o.booklet else "") + (" --ink-saver" if o.card_variant == CARD_INK_SAVER else "")


def rulebook(ctx: BuildContext) -> dict[Path, bytes]:
    """<lang>/rulebook.pdf, rules-reference.pdf and quickref.pdf on the chosen paper and, with --booklet, the
    booklets of the first two (pnp.rulebook.books). The books are checked on every paper and page format first, as
    `pnp validate` checks them (the build runs no separate rulebook check): the chosen paper's are composed once,
    for the checks and for the pages."""
    files = {}
    o = ctx.options
    for lang in ctx.langs:
        checked = checked_rulebook(ctx.inputs, lang, ctx.project, ctx.fonts, {o.paper: build_options(ctx)})
        raise_if_errors(checked.problems)
        anatomy = replace(checked.anatomy, layout=card_layout(ctx.project.layouts, o.card_variant))
        pdfs = rendered_pdfs(checked.blocks[o.paper], anatomy, ctx.inputs.catalogs[lang], ctx.fonts, o.paper,
                             o.booklet, ctx.project.layouts)
        files.update({Path(lang) / name: data for name, data in pdfs.items()})
    return files
