"""`pnp proof`: write the proof site for translators and reviewers."""
from __future__ import annotations

from pathlib import Path

import click

from ..i18n.catalogs import LANGS
from ..i18n.languages import COMPLETE, DRAFT
from ..kit.write import write_all
from ..core.problems import ProblemsFound
from .options import (CheckedCommand, LanguageList, OutputPath, PathArg, fail, jobs_option, make_project, progress_bar,
                      project_options)


@click.command("proof", cls=CheckedCommand)
@click.option("--lang", "langs", type=LanguageList((), registry=(COMPLETE, DRAFT)), default="all", show_default=True,
              help=f"Languages shown beside English: all or a comma-separated list of {', '.join(LANGS)} and draft "
                   "languages (locales/languages.toml).")
@click.option("--out", type=OutputPath(folder=True), default=Path("out/proof"), show_default=True,
              help="Folder of the site (open index.html in a browser).")
@click.option("--compare", "old", type=PathArg(file_okay=False, exists=True), default=None,
              help="An older catalogs folder (e.g. the last release's locales/): a page lists every message whose "
                   "translation changed since, old and new text, and the cards it touches.")
@jobs_option
@project_options
def proof_command(langs, out, old, jobs, data, locales, art, layouts):
    """Write a static proof site: every card and message in English and each language side by side, with its
    catalog line, fitted size and the validator's problems. Problems are shown, not fatal."""
    try:
        from ..proof.site import proof_site  # the site and its image renderer are loaded only for the proof
        files = proof_site(make_project(data, locales, art, layouts), langs, jobs, old, progress_bar("Card images"))
        write_all({out / path: content for path, content in files.items()}, out)
    except ProblemsFound as exc:
        fail(exc)
    pages = sum(1 for path in files if path.suffix == ".html")
    click.echo(f"Wrote the proof site to {out / 'index.html'}: {pages} pages, {len(files) - pages} other files.")
