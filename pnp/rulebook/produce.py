"""The build's producer of the rulebook (see pnp.kit.build: one call per language)."""
from __future__ import annotations

from pathlib import Path

from ..context import BuildContext
from . import rulebook_pdfs
from .glossary import language_terms


def build_options(ctx: BuildContext) -> str:
    """The options the kit is built with, as the rulebook's appendix quotes them."""
    o = ctx.options
    options = (f"--paper {o.paper} --mode {o.mode} --duplex {o.duplex} "
               f"--back-offset {o.back_offset[0]:g},{o.back_offset[1]:g}")
    return options + (" --booklet" if o.booklet else "")


def rulebook(ctx: BuildContext) -> dict[Path, bytes]:
    """<lang>/rulebook.pdf on the chosen paper and, with --booklet, <lang>/rulebook-booklet.pdf."""
    files = {}
    for lang in ctx.langs:
        pdfs = rulebook_pdfs(ctx.inputs.engine, ctx.inputs.cards, ctx.inputs.catalogs[lang],
                             language_terms(ctx.inputs.lexicon, lang), ctx.fonts, ctx.options.paper,
                             ctx.options.booklet, build_options(ctx), layouts=ctx.project.layouts)
        files.update({Path(lang) / name: data for name, data in pdfs.items()})
    return files
