"""The exports' orchestration: load and validate like `pnp build`, render the card pages of each language, and
return {path relative to the output folder: bytes}; the CLI writes them."""
from __future__ import annotations

from functools import partial
from pathlib import Path

from ..cards.produce import card_pages, compose_cards
from ..context import BuildContext, BuildOptions
from ..data.terms import FACTIONS
from ..export.images import card_images
from ..export.settings import ExportLayout, TtsSettings, export_layout
from ..export.tts import tts_deck
from ..layouts.services import DEFAULT_SERVICE
from ..core.problems import Problem, ProblemsFound
from ..project import Project
from ..core.parallel import Progress, results_in_order
from .build import prepare_context


def export_context(project: Project, options: BuildOptions) -> tuple[BuildContext, ExportLayout, list[Problem]]:
    """Load and validate like `pnp build` with `options` (pro mode, checks in worker processes) and read the export
    layout; the context, the layout and the warnings. Raises ProblemsFound with the problems of both."""
    try:
        layout, problems = export_layout(project.layouts), []
    except ProblemsFound as exc:  # reported with everything the build's checks find
        layout, problems = None, list(exc.problems)
    try:
        ctx, warnings = prepare_context(project, options)
    except ProblemsFound as exc:
        raise ProblemsFound([*problems, *exc.problems]) from None
    if layout is None:
        raise ProblemsFound(problems + warnings)
    return ctx, layout, warnings


def export_images(project: Project, langs: tuple[str, ...], dpi: int | None, bleed: bool, jobs: int = 1,
                  service: str = DEFAULT_SERVICE, services: Path | None = None, progress: Progress | None = None
                  ) -> tuple[dict[Path, bytes], list[Problem]]:
    """<lang>/images/…: the card images and manifest of every language (at `dpi`, default the export layout's
    first resolution) cut from the pages of the print service `service` (of services.toml and the file
    `services`), one language at a time in `jobs` worker processes (shown to `progress`), and the warnings."""
    ctx, layout, warnings = export_context(project, BuildOptions(langs=langs, mode="pro", jobs=jobs, service=service,
                                                                 services=services))
    dpi = dpi or layout.images.dpi[0]
    tasks = [partial(_language_images, ctx, lang, dpi, bleed) for lang in langs]
    done = results_in_order(tasks, jobs, progress)
    return {path: data for files in done for path, data in files.items()}, warnings


def export_tts(project: Project, langs: tuple[str, ...], base_url: str, jobs: int = 1,
               progress: Progress | None = None) -> tuple[dict[Path, bytes], list[Problem]]:
    """<lang>/tts/…: every faction's Tabletop Simulator deck in every language, one language at a time in `jobs`
    worker processes (shown to `progress`), and the warnings. `base_url` is where the output folder is published
    (or its file:/// URL): a language's images are named `{base_url}/<lang>/tts/<file>`."""
    ctx, layout, warnings = export_context(project, BuildOptions(langs=langs, mode="pro", jobs=jobs))
    tasks = [partial(_language_tts, ctx, lang, layout.tts, base_url) for lang in langs]
    files: dict[Path, bytes] = {}
    problems: list[Problem] = []
    for language_files, language_problems in results_in_order(tasks, jobs, progress):
        files.update(language_files)
        problems += language_problems
    if problems:
        raise ProblemsFound(problems)
    return files, warnings


def _language_images(ctx: BuildContext, lang: str, dpi: int, bleed: bool) -> dict[Path, bytes]:
    images = card_images(card_pages(compose_cards(ctx.in_language(lang))), lang, dpi, bleed)
    return {Path(lang) / "images" / name: data for name, data in images.items()}


def _language_tts(ctx: BuildContext, lang: str, settings: TtsSettings, base_url: str
                  ) -> tuple[dict[Path, bytes], list[Problem]]:
    files, problems = {}, []
    folder = Path(lang) / "tts"
    for pages in card_pages(compose_cards(ctx.in_language(lang))):
        try:
            deck = tts_deck(pages, FACTIONS.index(pages.faction) + 1, settings,
                            f"{base_url.rstrip('/')}/{folder.as_posix()}")
        except ProblemsFound as exc:
            problems += exc.problems
            continue
        files.update({folder / name: data for name, data in deck.items()})
    return files, problems
