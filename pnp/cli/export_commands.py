"""`pnp export images` and `pnp export tts`: card images for print-on-demand services and Tabletop Simulator decks."""
from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import click

from ..export.settings import export_layout
from ..i18n.catalogs import LANGS, SOURCE_LANG
from ..kit.write import write_all
from ..core.problems import ProblemsFound
from .options import (CheckedCommand, LanguageList, OutputPath, chosen_service, fail, jobs_option, make_project,
                      progress_bar, project_options, report, service_options)


class BaseUrl(click.ParamType):
    """An http, https or file URL without spaces or quotes (it is written into the decks' JSON as it is)."""

    name = "URL"

    def convert(self, value, param, ctx):
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https", "file") or (parts.scheme != "file" and not parts.netloc):
            self.fail(f"{value!r} is not an http://, https:// or file:// URL", param, ctx)
        if any(c.isspace() or c in "\"'<>\\" or not c.isprintable() for c in value):
            self.fail(f"{value!r} holds a space, a quote, <, >, a backslash or a control character; encode it "
                      "(e.g. %20 for a space)", param, ctx)
        return value


LANG_HELP = (f"Languages: all ({', '.join(LANGS)}) or a comma-separated list of these and {SOURCE_LANG} (the "
             "English source).")


def _write(produce, out: Path, what: str) -> None:
    try:
        files, warnings = produce()
        write_all({out / path: data for path, data in files.items()}, out)
    except ProblemsFound as exc:
        fail(exc)
    if warnings:
        report(warnings)
    click.echo(f"Wrote {len(files)} file(s) to {out}: {what}.")


def out_option(command):
    return click.option("--out", type=OutputPath(folder=True), default=Path("out"),
                        show_default=True, help="Output folder.")(command)


@click.command("images", cls=CheckedCommand)
@click.option("--lang", "langs", type=LanguageList(LANGS + (SOURCE_LANG,)), default="all", show_default=True,
              help=LANG_HELP)
@click.option("--dpi", type=int, default=None,
              help="Resolution of the images: one of the export layout's [images] dpi (default: its first, 300).")
@click.option("--no-bleed", is_flag=True, help="Cut to the service's trim instead of keeping its bleed.")
@service_options
@out_option
@jobs_option
@project_options
def images_command(langs, dpi, no_bleed, service, services, out, jobs, data, locales, art, layouts):
    """One PNG per distinct card front and one back per faction, for print-on-demand card services, at the
    service's trim and bleed: out/<lang>/images/<card id>.png, back-<faction>.png and manifest.json / .csv."""
    project = make_project(data, locales, art, layouts)
    service = chosen_service(project.layouts, services, service)
    try:
        allowed = export_layout(project.layouts).images.dpi
    except ProblemsFound:  # a broken export layout: the export reports it, together with every other problem
        allowed = ()
    if dpi is None and allowed:
        dpi = allowed[0]
    elif allowed and dpi not in allowed:
        raise click.BadParameter(f"{dpi} is not one of the export layout's resolutions "
                                 f"({', '.join(map(str, allowed))})", param_hint="'--dpi'")
    from ..kit.card_exports import export_images  # pypdfium2 is loaded only to export
    _write(lambda: export_images(project, langs, dpi, not no_bleed, jobs, service, services,
                                 progress_bar("Card images")), out,
           f"card images for {service} at {dpi} dpi{' without bleed' if no_bleed else ''} ({', '.join(langs)})")


@click.command("tts", cls=CheckedCommand)
@click.option("--lang", "langs", type=LanguageList(LANGS + (SOURCE_LANG,)), default="all", show_default=True,
              help=LANG_HELP)
@click.option("--base-url", type=BaseUrl(), default=None,
              help="URL (http, https or file) under which the output folder is published: the decks name their "
              "images {URL}/<lang>/tts/<file>; default: the output folder's own file:/// URL (this machine only).")
@out_option
@jobs_option
@project_options
def tts_command(langs, base_url, out, jobs, data, locales, art, layouts):
    """Tabletop Simulator decks: out/<lang>/tts/<faction>.json (a saved object), <faction>-faces.png (the deck
    sheet) and <faction>-back.png."""
    from ..kit.card_exports import export_tts  # pypdfium2 is loaded only to export
    base_url = base_url or out.absolute().as_uri()
    _write(lambda: export_tts(make_project(data, locales, art, layouts), langs, base_url, jobs,
                              progress_bar("Tabletop Simulator decks")), out,
           f"Tabletop Simulator decks ({', '.join(langs)})")
