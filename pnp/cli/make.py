"""`pnp build`, `pnp calibrate` and `pnp gallery`: reading options, showing progress, reporting problems."""
from __future__ import annotations

import math
import sys
from pathlib import Path

import click

from ..context import BACKS, MODES, BuildOptions
from ..kit.write import write_all
from ..sheets.calibration_layout import DUPLEX as CALIBRATION_DUPLEX
from ..pages.imposition import home_grid
from ..i18n.catalogs import LANGS, SOURCE_LANG, load_catalogs
from ..i18n.languages import COMPLETE, DRAFT, PSEUDO, codes, read_languages
from .options import (CheckedCommand, LanguageList, OutputPath, PathArg, check_input_folder, chosen_service, fail,
                      jobs_option, make_project, misused, progress_bar, project_options, report, service_options)
from ..export.pdfx_settings import pdfx_conditions
from ..pages.imposition import DUPLEX_MODES, check_back_offset
from ..layouts.schemas import CARD, CARD_INK_SAVER, PAPERS, card_geometry
from ..core.problems import ProblemsFound
from ..project import Project


class Offset(click.ParamType):
    """Two millimetre values "X,Y", e.g. 1.5,-0.5."""

    name = "X,Y"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        try:
            x, y = (float(part) for part in value.split(","))
        except ValueError:
            self.fail(f"{value!r} is not two numbers X,Y in millimetres (e.g. 1.5,-0.5)", param, ctx)
        if not (math.isfinite(x) and math.isfinite(y)):
            self.fail(f"{value!r} is not two finite numbers X,Y in millimetres (e.g. 1.5,-0.5)", param, ctx)
        return x, y


def paper_option(command):
    return click.option("--paper", type=click.Choice(PAPERS), default="a4", show_default=True,
                        help="Paper size of the home sheets.")(command)


def offset_option(command):
    return click.option("--back-offset", type=Offset(), default="0,0", show_default=True,
                        help="Shift the back pages by X,Y mm (right, up) to correct a duplex printer's "
                             "misregistration; measure it with `pnp calibrate`.")(command)


def on_terminal() -> bool:
    """Progress bars only for a person watching a terminal; logs and pipes get the summary alone."""
    return sys.stderr.isatty()


def _usage(options: BuildOptions, project: Project) -> None:
    """Options that cannot work together (or with the paper's margins) are a usage error: listed, exit code 2."""
    from ..kit.build import option_problems  # the build's modules: loaded by the commands that use them
    try:
        misuse = option_problems(options, project)
    except ProblemsFound:  # a broken layout file: the build reports it with every other problem (exit code 1)
        return
    misused(misuse)


@click.command("build", cls=CheckedCommand)
@click.option("--lang", "langs", type=LanguageList((SOURCE_LANG, PSEUDO), registry=(COMPLETE, DRAFT)), default="all",
              show_default=True,
              help=f"Languages to build: all (the translations: {', '.join(LANGS)}) or a comma-separated list of "
                   f"these, {SOURCE_LANG} (the English source), {PSEUDO} (the pseudo-locale: every message accented, "
                   "longer and bracketed) and draft languages (with --draft).")
@click.option("--draft", is_flag=True, help="Allow draft languages (locales/languages.toml): each missing message "
              "prints its English source, every page is marked DRAFT.")
@paper_option
@click.option("--mode", type=click.Choice(MODES), default="home", show_default=True,
              help="home: 3 × 3 cards per page with crop marks; pro: one card per page with bleed (print on "
                   "demand).")
@click.option("--duplex", type=click.Choice(DUPLEX_MODES), default="long", show_default=True,
              help="How the printer flips the sheet for the backs; none prints fronts only.")
@offset_option
@click.option("--booklet", is_flag=True, help="Also make the Learn to Play rulebook and the Rules Reference as "
              "saddle-stitch booklets (two half-size pages per sheet side, in printing order): "
              "out/<lang>/rulebook-booklet.pdf and rules-reference-booklet.pdf.")
@click.option("--backs", type=click.Choice(BACKS), default="faction", show_default=True,
              help="faction: each card backed by its faction's back; common: one neutral back for every deck, so "
                   "that face-down cards of allied and coalition decks do not show their faction.")
@click.option("--deck", type=PathArg(dir_okay=False), default=None,
              help="Build only this deck list (a TOML file as checked by `pnp deck check`), not the whole kit: "
                   "out/<lang>/decks/<file name>.pdf, fronts and backs like the faction decks.")
@click.option("--pdfx", type=click.Choice(pdfx_conditions()), is_flag=False, flag_value=pdfx_conditions()[0],
              default=None, help=f"Write every PDF as PDF/X-1a (CMYK, for print shops) for this registered print "
              f"condition: fogra39 (Europe, coated) or swop (US); --pdfx alone means {pdfx_conditions()[0]}.")
@click.option("--cmyk-profile", type=PathArg(dir_okay=False), default=None,
              help="With --pdfx: a CMYK ICC profile (e.g. your print shop's) to convert art images to CMYK.")
@service_options
@click.option("--ink-saver", is_flag=True, help="Light cards for home printers: paper-white panels, light frames "
              "and backs (the faction's colour kept in a band and the emblem); about a fifth of the ink on the backs.")
@click.option("--out", type=OutputPath(folder=True), default=Path("out"), show_default=True,
              help="Output folder.")
@jobs_option
@project_options
def build_command(langs, draft, paper, mode, duplex, back_offset, booklet, backs, deck, pdfx, cmyk_profile, service,
                  services, ink_saver, out, jobs, data, locales, art, layouts):
    """Build the print-and-play kit: out/<lang>/cards/<faction>.pdf and the other parts; with --deck FILE, only
    that deck: out/<lang>/decks/<FILE name>.pdf."""
    drafts = [lang for lang in langs if lang in codes(DRAFT, read_languages(locales)[0])]
    if drafts and not draft:
        raise click.BadParameter(f"{', '.join(drafts)} is a draft language (locales/languages.toml); build it with "
                                 "--draft", param_hint="--lang")
    if mode != "pro" and (service or services):
        raise click.UsageError("--service and --services choose the pages of --mode pro; give --mode pro too")
    project = make_project(data, locales, art, layouts)
    service = chosen_service(project.layouts, services, service)
    options = BuildOptions(langs=langs, paper=paper, mode=mode, duplex=duplex, back_offset=back_offset,
                           booklet=booklet, backs=backs, deck=deck, pdfx=pdfx, cmyk_profile=cmyk_profile,
                           service=service, services=services, card_variant=CARD_INK_SAVER if ink_saver else CARD,
                           jobs=jobs)

    def progress(finished, steps):
        return click.progressbar(finished, length=steps, label="Building", file=sys.stderr,
                                 item_show_func=lambda done: done and done[0].label)

    _usage(options, project)
    from ..kit.build import build
    try:
        result = build(project, options, out, progress if on_terminal() else None)
    except ProblemsFound as exc:
        fail(exc)
    if result.warnings:
        report(result.warnings)
    pdfx_note = (f"; cards for {service}" if mode == "pro" else "") + (f"; PDF/X-1a for {pdfx}" if pdfx else "")
    click.echo(f"Wrote {len(result.files)} file(s) to {out} ({', '.join(langs)}; {paper}, {mode}, duplex {duplex}"
               f"{pdfx_note}).")


@click.command("calibrate", cls=CheckedCommand)
@click.option("--lang", "langs", type=LanguageList(LANGS + (SOURCE_LANG, PSEUDO)), default="all", show_default=True,
              help=f"Languages of the instructions: all ({', '.join(LANGS)}, as `pnp build`) or a comma-separated "
                   f"list of these, {SOURCE_LANG} (the English source) and {PSEUDO} (the pseudo-locale).")
@paper_option
@click.option("--duplex", type=click.Choice(CALIBRATION_DUPLEX), default="long", show_default=True,
              help="How the printer flips the sheet (only changes the instructions printed on the sheet).")
@offset_option
@click.option("--out", type=OutputPath(), default=None,
              help="Output file, for one language only [default: out/calibration-<paper>-<lang>.pdf for each].")
@click.option("--locales", type=PathArg(file_okay=False), default=Project().locales, callback=check_input_folder,
              help="Folder of the gettext catalogs.")
@click.option("--layouts", type=PathArg(file_okay=False), default=Project().layouts, callback=check_input_folder,
              help="Folder of the layout files (*.toml).")
def calibrate_command(langs, paper, duplex, back_offset, out, locales, layouts):
    """Print a duplex test sheet to measure the printer's back offset: out/calibration-<paper>-<lang>.pdf."""
    if out and len(langs) > 1:
        raise click.UsageError(f"--out names one file but --lang gives {len(langs)} languages; give one language, "
                               "or leave out --out to write out/calibration-<paper>-<lang>.pdf for each")
    from ..sheets.calibration import CalibrationPrint, calibration_pdf  # the sheet's drawing: loaded when made
    from ..sheets.calibration_layout import calibration_layout
    from ..typeset.fonts import register_fonts
    project = Project(locales=locales, layouts=layouts)
    try:
        grid = home_grid(paper, project.layouts, card_geometry(project.layouts))
        layout = calibration_layout(project.layouts)
    except ProblemsFound as exc:
        fail(exc)
    problems = check_back_offset(grid, back_offset)
    misused(problems)
    fonts = register_fonts(project.fonts)
    files = {}
    try:
        catalogs = load_catalogs(project.locales, langs)
    except ProblemsFound as exc:
        fail(exc)
    for lang in langs:
        try:
            files[out or Path("out") / f"calibration-{paper}-{lang}.pdf"] = calibration_pdf(
                catalogs[lang], fonts, CalibrationPrint(grid, layout, paper, duplex, back_offset))
        except ProblemsFound as exc:
            problems += exc.problems
    if problems:
        fail(ProblemsFound(problems))
    try:
        write_all(files, out.parent if out else Path("out"))
    except ProblemsFound as exc:
        fail(exc)
    written = str(next(iter(files))) if len(files) == 1 else f"{len(files)} sheets to out/ ({', '.join(langs)})"
    click.echo(f"Wrote {written}: print one duplex ({duplex} edge) at 100 %, then read the scales on the back.")


@click.command("gallery", cls=CheckedCommand)
@click.option("--out", type=OutputPath(folder=True), default=Path("docs/gallery"),
              show_default=True, help="Folder for the PNG files.")
@project_options
def gallery_command(out, data, locales, art, layouts):
    """Render sample pages and cards to small PNG files."""
    try:
        from ..kit.gallery import gallery_images  # pypdfium2 is loaded only for the gallery
        images = gallery_images(make_project(data, locales, art, layouts), progress_bar("Gallery"))
        write_all({out / name: png for name, png in images.items()}, out)
    except ProblemsFound as exc:
        fail(exc)
    total = sum(len(png) for png in images.values())
    click.echo(f"Wrote {len(images)} image(s) to {out} ({total // 1024} KB).")
