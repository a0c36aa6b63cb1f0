"""The build's producer of the rulebook (see pnp.build: one call per language)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..catalogs import SOURCE_LANG
from . import rulebook_pdfs

if TYPE_CHECKING:  # pnp.build imports this module for its list of producers
    from ..build import BuildContext


def rulebook(ctx: BuildContext) -> dict[Path, bytes]:
    """<lang>/rulebook.pdf on the chosen paper and, with --booklet, <lang>/rulebook-booklet.pdf."""
    files, o = {}, ctx.options
    options = f"--paper {o.paper} --mode {o.mode} --duplex {o.duplex} --back-offset {o.back_offset[0]:g},{o.back_offset[1]:g}"
    for lang in ctx.langs:
        lexicon = ctx.inputs.lexicon
        terms = lexicon.english_terms if lang == SOURCE_LANG else lexicon.of(lang).game_terms
        pdfs = rulebook_pdfs(ctx.inputs.engine, ctx.inputs.cards, ctx.inputs.catalogs[lang], terms, ctx.fonts,
                             o.paper, o.booklet, options + (" --booklet" if o.booklet else ""))
        files.update({Path(lang) / name: data for name, data in pdfs.items()})
    return files
