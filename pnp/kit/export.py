"""The exports' orchestration: load and validate like `pnp build`, render the card pages of each language, and
return {path relative to the output folder: bytes}; the CLI writes them."""
from __future__ import annotations

from pathlib import Path

from ..cards.produce import card_pages
from ..context import BuildContext, BuildOptions
from ..data.terms import FACTIONS
from ..export.images import card_images
from ..export.settings import ExportLayout, export_layout
from ..export.tts import tts_deck
from ..problems import Problem, ProblemsFound
from ..project import Project
from .build import prepare_context


def export_context(project: Project, langs: tuple[str, ...]) -> tuple[BuildContext, ExportLayout, list[Problem]]:
    """Load and validate like `pnp build` (pro mode) and read the export layout; the context, the layout and the
    warnings. Raises ProblemsFound with the problems of both."""
    try:
        layout, problems = export_layout(project.layouts), []
    except ProblemsFound as exc:  # reported with everything the build's checks find
        layout, problems = None, list(exc.problems)
    try:
        ctx, warnings = prepare_context(project, BuildOptions(langs=langs, mode="pro"))
    except ProblemsFound as exc:
        raise ProblemsFound([*problems, *exc.problems]) from None
    if layout is None:
        raise ProblemsFound(problems + warnings)
    return ctx, layout, warnings


def export_images(project: Project, langs: tuple[str, ...], dpi: int | None, bleed: bool
                  ) -> tuple[dict[Path, bytes], list[Problem]]:
    """<lang>/images/…: the card images and manifest of every language (at `dpi`, default the export layout's
    first resolution), and the warnings."""
    ctx, layout, warnings = export_context(project, langs)
    dpi = dpi or layout.images.dpi[0]
    files = {}
    for lang in langs:
        images = card_images(card_pages(ctx, lang), dpi, bleed)
        files.update({Path(lang) / "images" / name: data for name, data in images.items()})
    return files, warnings


def export_tts(project: Project, langs: tuple[str, ...], base_url: str | None
               ) -> tuple[dict[Path, bytes], list[Problem]]:
    """<lang>/tts/…: every faction's Tabletop Simulator deck in every language, and the warnings."""
    ctx, layout, warnings = export_context(project, langs)
    settings, files, problems = layout.tts, {}, []
    for lang in langs:
        for pages in card_pages(ctx, lang):
            try:
                deck = tts_deck(pages, FACTIONS.index(pages.faction) + 1, settings, base_url)
            except ProblemsFound as exc:
                problems += exc.problems
                continue
            files.update({Path(lang) / "tts" / name: data for name, data in deck.items()})
    if problems:
        raise ProblemsFound(problems)
    return files, warnings
