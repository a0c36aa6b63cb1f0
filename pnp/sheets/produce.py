"""The build's producers of the score sheet and the tokens (see pnp.kit.build: one call per language)."""
from __future__ import annotations

from pathlib import Path

from ..context import BuildContext
from ..layouts.schemas import card_geometry, sheet_layout
from ..core.problems import raise_if_errors
from .checks import scoresheet_pages
from .pdf import render_scoresheet
from .token_sheet import TokenPrint, tokens_pdf
from .tokens import token_set_layout


def score_sheet(ctx: BuildContext) -> dict[Path, bytes]:
    """<lang>/scoresheet.pdf on the chosen paper (the same page in home and pro mode), laid out on every paper and
    checked as `pnp validate` checks it (`score_sheet_print_problems`): the build runs no separate check."""
    files = {}
    for lang in ctx.langs:
        catalog = ctx.inputs.catalogs[lang]
        pages, problems = scoresheet_pages(ctx.inputs.engine, catalog, ctx.fonts, ctx.project.layouts)
        raise_if_errors(problems)
        files[Path(lang) / "scoresheet.pdf"] = render_scoresheet(pages[ctx.options.paper], catalog, ctx.fonts,
                                                                 ctx.project.layouts)
    return files


def tokens(ctx: BuildContext) -> dict[Path, bytes]:
    """<lang>/tokens.pdf: home sheets of tokens, fronts and backs, with the build's duplex and back offset; the
    token faces are checked as `pnp validate` checks them (`token_print_problems`) while they are composed."""
    o, folder = ctx.options, ctx.project.layouts
    printing = TokenPrint(sheet_layout(o.paper, folder), token_set_layout(folder), card_geometry(folder).small_text,
                          o.duplex, o.back_offset)
    return {Path(lang) / "tokens.pdf": tokens_pdf(ctx.inputs.engine, ctx.inputs.catalogs[lang], ctx.fonts, printing)
            for lang in ctx.langs}
