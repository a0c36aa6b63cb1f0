"""The `pnp` command line: the only place (with pnp.build) that reads options and touches the file system."""
from __future__ import annotations

import json
import signal
import sys
from pathlib import Path

import click
from click.core import ParameterSource

from .catalogs import LANGS, SOURCE_LANG
from .kitwrite import Interrupted, write_all
from .localize import localize_cards
from .problems import ProblemsFound
from .project import Project, load_inputs

EXIT_PROBLEMS, EXIT_USAGE, EXIT_INTERRUPTED = 1, 2, 130


class LanguageList(click.ParamType):
    """`all` or a comma-separated list of known language codes."""

    name = "LANG[,LANG…]"

    def __init__(self, allowed: tuple[str, ...], allow_all: bool = True):
        self.allowed, self.allow_all = allowed, allow_all

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        langs = tuple(dict.fromkeys(v.strip() for v in value.split(",") if v.strip()))  # duplicates dropped
        if self.allow_all and "all" in langs:
            if len(langs) > 1:
                self.fail(f"'all' stands for every language and cannot be combined with others ({value!r}); give "
                          "all, or a comma-separated list of codes", param, ctx)
            return LANGS
        unknown = [v for v in langs if v not in self.allowed]
        if unknown or not langs:
            self.fail(f"unknown language {', '.join(map(repr, unknown)) or repr(value)}; expected "
                      f"{'all or ' if self.allow_all else ''}one of {', '.join(self.allowed)}", param, ctx)
        return langs


class PathArg(click.Path):
    """A file or folder path as a pathlib.Path; an empty name is a usage error (it would mean the current folder)."""

    def __init__(self, **kwargs):
        super().__init__(path_type=Path, **kwargs)

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value.strip():
            self.fail("an empty name; give a path", param, ctx)
        return super().convert(value, param, ctx)


def check_input_folder(ctx: click.Context, param: click.Parameter, value: Path) -> Path:
    """--data/--locales/--art given on the command line must name an existing folder."""
    if ctx.get_parameter_source(param.name) == ParameterSource.COMMANDLINE and not value.is_dir():
        raise click.BadParameter(f"{str(value)!r} is not an existing folder", ctx=ctx, param=param)
    return value


def project_options(command):
    """--data, --locales and --art: where the inputs are (default: the repository's own)."""
    default = Project()
    for name, help_text in (("art", "art images <card-id>.png/.jpg"), ("locales", "gettext catalogs"),
                            ("data", "engine.toml and cards/")):
        command = click.option(f"--{name}", type=PathArg(file_okay=False),
                               default=getattr(default, name), show_default=False, callback=check_input_folder,
                               help=f"Folder of the {help_text}.")(command)
    return command


def make_project(data: Path, locales: Path, art: Path) -> Project:
    return Project(data=data, locales=locales, art=art)


def report(problems, stream=None) -> None:
    """Print problems one per line, then a count."""
    stream = stream or sys.stderr
    for problem in problems:
        click.echo(str(problem), file=stream)
    errors = sum(1 for p in problems if p.severity == "error")
    warnings = len(problems) - errors
    click.echo(f"{errors} error(s), {warnings} warning(s)", file=stream)


def write_json(document, output: Path | None = None) -> None:
    """A whole JSON document as UTF-8, whatever the terminal's encoding: to stdout, or all-or-nothing to a file."""
    data = (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    if output is not None:
        write_all({output.absolute(): data}, output.absolute().parent)
        return
    sys.stdout.flush()
    stream = click.get_binary_stream("stdout")
    stream.write(data)
    stream.flush()


def _raise_interrupted(number, frame):
    raise Interrupted()


class Commands(click.Group):
    """The command group: any terminal encoding, exit codes 0 / 1 problems / 2 usage / 130 interrupted."""

    def main(self, *args, **kwargs):
        for stream in (sys.stdout, sys.stderr):  # LANG=C, ISO-8859-1, PYTHONIOENCODING=ascii: never a traceback
            if hasattr(stream, "reconfigure"):
                stream.reconfigure(errors="backslashreplace")
        return super().main(*args, **kwargs)

    def invoke(self, ctx):
        previous = signal.signal(signal.SIGTERM, _raise_interrupted)
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("interrupted; the kit is unchanged", err=True)
            sys.exit(EXIT_INTERRUPTED)
        finally:
            signal.signal(signal.SIGTERM, previous)


@click.group(cls=Commands)
@click.version_option(package_name="ancient-duel-pnp")
def main():
    """Ancient Duel print-and-play kit: card database, print-ready PDFs, validator."""


@main.group()
def export():
    """Export data from the card database."""


@export.command("cards")
@click.option("--lang", "lang", required=True, type=LanguageList(LANGS + (SOURCE_LANG,), allow_all=False),
              help=f"Language: {', '.join(LANGS)} or {SOURCE_LANG} (the English source strings).")
@click.option("--output", type=PathArg(dir_okay=False), default=None,
              help="Write the JSON (UTF-8) to this file instead of stdout.")
@project_options
def export_cards(lang, output, data, locales, art):
    """Print all cards as a JSON array (UTF-8) in one language."""
    if len(lang) != 1:
        raise click.BadParameter("give exactly one language", param_hint="--lang")
    try:
        inputs = load_inputs(make_project(data, locales, art), lang)
        cards = localize_cards(inputs.cards, inputs.catalogs[lang[0]])
    except ProblemsFound as exc:
        report(exc.problems)
        sys.exit(EXIT_PROBLEMS)
    try:
        write_json([c.as_export() for c in cards], output)
    except ProblemsFound as exc:
        report(exc.problems)
        sys.exit(EXIT_PROBLEMS)

from .cli_validate import deck_group, validate_command  # noqa: E402  (commands in their own module)

main.add_command(validate_command)
main.add_command(deck_group)

from .cli_build import build_command, calibrate_command, gallery_command  # noqa: E402

main.add_command(build_command)
main.add_command(calibrate_command)
main.add_command(gallery_command)

