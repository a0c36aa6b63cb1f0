"""Options and output shared by the `pnp` commands: language lists, input folders, the problem report."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from click.core import ParameterSource

from ..parallel import default_jobs

from ..i18n.catalogs import LANGS
from ..i18n.languages import COMPLETE, LANGUAGES_FILE, codes, read_languages
from ..kit.write import write_all
from ..project import Project

EXIT_PROBLEMS, EXIT_USAGE, EXIT_INTERRUPTED = 1, 2, 130


class LanguageList(click.ParamType):
    """`all` or a comma-separated list of known language codes: `allowed`, and with `registry` the languages of the
    --locales folder's languages.toml of that status ("complete", "draft"; `all` is the complete ones there)."""

    name = "LANG[,LANG…]"

    def __init__(self, allowed: tuple[str, ...], allow_all: bool = True, registry: tuple[str, ...] = ()):
        self.allowed, self.allow_all, self.registry = allowed, allow_all, registry

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        langs = tuple(dict.fromkeys(v.strip() for v in value.split(",") if v.strip()))  # duplicates dropped
        languages = self._languages(ctx)
        if self.allow_all and "all" in langs:
            if len(langs) > 1:
                self.fail(f"'all' stands for every language and cannot be combined with others ({value!r}); give "
                          "all, or a comma-separated list of codes", param, ctx)
            return codes(COMPLETE, languages) if languages else LANGS
        allowed = tuple(dict.fromkeys(self.allowed + tuple(code for status in self.registry
                                                           for code in codes(status, languages))))
        unknown = [v for v in langs if v not in allowed]
        if unknown or not langs:
            self.fail(f"unknown language {', '.join(map(repr, unknown)) or repr(value)}; expected "
                      f"{'all or ' if self.allow_all else ''}one of {', '.join(allowed)}", param, ctx)
        return langs

    def _languages(self, ctx):
        """The registry of the --locales folder (an eager option, read first), else the bundled one."""
        locales = ctx.params.get("locales") if ctx is not None and self.registry else None
        if locales is None or not (locales / LANGUAGES_FILE).is_file():
            return None
        languages, problems = read_languages(locales)
        return None if problems else languages


class PathArg(click.Path):
    """A file or folder path as a pathlib.Path; an empty name is a usage error (it would mean the current folder)."""

    def __init__(self, **kwargs):
        super().__init__(path_type=Path, **kwargs)

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value.strip():
            self.fail("an empty name; give a path", param, ctx)
        return super().convert(value, param, ctx)


def check_input_folder(ctx: click.Context, param: click.Parameter, value: Path) -> Path:
    """--data/--locales/--art/--layouts given on the command line must name an existing folder."""
    if ctx.get_parameter_source(param.name) == ParameterSource.COMMANDLINE and not value.is_dir():
        raise click.BadParameter(f"{str(value)!r} is not an existing folder", ctx=ctx, param=param)
    return value


def project_options(command):
    """--data, --locales, --art and --layouts: where the inputs are (default: the repository's own)."""
    default = Project()
    for name, help_text in (("layouts", "layout files (*.toml)"), ("art", "art images <card-id>.png/.jpg"),
                            ("locales", "gettext catalogs"), ("data", "engine.toml and cards/")):
        command = click.option(f"--{name}", type=PathArg(file_okay=False), is_eager=name == "locales",
                               default=getattr(default, name), show_default=False, callback=check_input_folder,
                               help=f"Folder of the {help_text}.")(command)
    return command


def jobs_option(command):
    """--jobs N: worker processes (default: $PNP_JOBS, else one per core; 1: everything in the command's own
    process)."""
    return click.option("--jobs", type=click.IntRange(min=1), default=default_jobs(), envvar="PNP_JOBS",
                        show_default="the cores", show_envvar=True,
                        help="Worker processes for the checks and the files made (1: none); the result is the same for "
                             "any number.")(command)


def make_project(data: Path, locales: Path, art: Path, layouts: Path) -> Project:
    return Project(data=data, locales=locales, art=art, layouts=layouts)


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
    stream = getattr(sys.stdout, "buffer", None)  # the bytes under the text stream (Click 8.5 deprecated its helper)
    if stream is None:  # a text-only stream that a program embedding pnp put in place
        sys.stdout.write(data.decode("utf-8"))
        sys.stdout.flush()
        return
    stream.write(data)
    stream.flush()
