"""The build's producer of the rulebook (see pnp.kit.build: one call per language)."""
from __future__ import annotations

from pathlib import Path

from ..context import BuildContext
from . import rulebook_pdfs


def rulebook(ctx: BuildContext) -> dict[Path, bytes]:
    """<lang>/rulebook.pdf on the chosen paper and, with --booklet, <lang>/rulebook-booklet.pdf."""
    files = {}
    for lang in ctx.langs:
        pdfs = rulebook_pdfs(ctx.inputs.engine, ctx.inputs.cards, ctx.inputs.catalogs[lang], ctx.fonts,
                             ctx.options.paper, ctx.options.booklet, layouts=ctx.project.layouts)
        files.update({Path(lang) / name: data for name, data in pdfs.items()})
    return files
