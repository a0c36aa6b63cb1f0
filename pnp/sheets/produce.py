"""The build's producers of the score sheet and the tokens (see pnp.kit.build: one call per language)."""
from __future__ import annotations

from pathlib import Path

from ..context import BuildContext
from ..layouts.schemas import card_layout, sheet_layout
from .tokens import token_set_layout
from .pdf import scoresheet_pdf
from .token_sheet import tokens_pdf


def score_sheet(ctx: BuildContext) -> dict[Path, bytes]:
    """<lang>/scoresheet.pdf on the chosen paper (the same page in home and pro mode)."""
    return {Path(lang) / "scoresheet.pdf": scoresheet_pdf(ctx.inputs.engine, ctx.inputs.catalogs[lang], ctx.fonts,
                                                          ctx.options.paper, ctx.project.layouts)
            for lang in ctx.langs}


def tokens(ctx: BuildContext) -> dict[Path, bytes]:
    """<lang>/tokens.pdf: home sheets of tokens, fronts and backs, with the build's duplex and back offset."""
    o, folder = ctx.options, ctx.project.layouts
    return {Path(lang) / "tokens.pdf": tokens_pdf(ctx.inputs.engine, ctx.inputs.catalogs[lang], ctx.fonts,
                                                  sheet_layout(o.paper, folder), token_set_layout(folder),
                                                  card_layout(folder).card.small_text, o.duplex,
                                                  o.back_offset)
            for lang in ctx.langs}
