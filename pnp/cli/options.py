"""Options and output shared by the `pnp` commands: language lists, input folders, the problem report."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..parallel import default_jobs

from ..i18n.catalogs import LANGS
from ..project import Project


class LanguageList(click.ParamType):
    """`all` or a comma-separated list of known language codes."""

    name = "LANG[,LANG…]"

    def __init__(self, allowed: tuple[str, ...], allow_all: bool = True):
        self.allowed, self.allow_all = allowed, allow_all

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        if self.allow_all and value == "all":
            return LANGS
        langs = tuple(v.strip() for v in value.split(",") if v.strip())
        unknown = [v for v in langs if v not in self.allowed]
        if unknown or not langs:
            self.fail(f"unknown language {', '.join(map(repr, unknown)) or repr(value)}; expected "
                      f"{'all or ' if self.allow_all else ''}one of {', '.join(self.allowed)}", param, ctx)
        return langs


def project_options(command):
    """--data, --locales and --art: where the inputs are (default: the repository's own)."""
    default = Project()
    for name, help_text in (("art", "art images <card-id>.png/.jpg"), ("locales", "gettext catalogs"),
                            ("data", "engine.toml and cards/")):
        command = click.option(f"--{name}", type=click.Path(file_okay=False, path_type=Path),
                               default=getattr(default, name), show_default=False,
                               help=f"Folder of the {help_text}.")(command)
    return command


def jobs_option(command):
    """--jobs N: worker processes (default: one per core; 1: everything in the command's own process)."""
    return click.option("--jobs", type=click.IntRange(min=1), default=default_jobs(), show_default="the cores",
                        help="Worker processes for the checks and PDFs (1: none); the result is the same for "
                             "any number.")(command)


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
