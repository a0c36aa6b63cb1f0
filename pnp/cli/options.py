"""Options and output shared by the `pnp` commands: language lists, input folders, the problem report."""
from __future__ import annotations

import functools
import json
import os
import sys
from pathlib import Path

import click
from click.core import ParameterSource

from ..core.parallel import Progress, automatic_jobs

from ..i18n.catalogs import LANGS
from ..i18n.languages import COMPLETE, LANGUAGES_FILE, codes, read_languages
from ..kit.write import OutputRefused, refused_output, write_all
from ..layouts.services import DEFAULT_SERVICE, print_services
from ..core.problems import Location, Problem, ProblemsFound
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


class OldNames(click.Option):
    """An option whose first name is the one --help shows; its other names (the old spellings, such as --output for
    --out) keep working."""

    def get_help_record(self, ctx: click.Context):
        opts, self.opts = self.opts, self.opts[:1]
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts = opts


def progress_bar(label: str) -> Progress | None:
    """A progress bar on stderr, labelled `label`, for a person watching a terminal; None for logs and pipes (and
    never anything on stdout, where JSON goes)."""
    if not sys.stderr.isatty():
        return None
    return lambda items, length: click.progressbar(items, length=length, label=label, file=sys.stderr)


class OutputPath(PathArg):
    """An output file (or, with `folder`, an output folder): one that exists must be a regular file (a folder), never
    a device, FIFO, socket or (for a file) a link; every name must fit the file system. Otherwise a usage error.
    `stream`: the name that stands for stdout (returned as it is), for a command that documents one."""

    def __init__(self, folder: bool = False, stream: str | None = None):
        super().__init__(file_okay=not folder, dir_okay=folder)
        self.folder, self.stream = folder, stream

    def convert(self, value, param, ctx):
        if self.stream is not None and value == self.stream:
            return value
        path = super().convert(value, param, ctx)
        reason = refused_output(path, self.folder)
        if reason is not None:
            self.fail(f"{str(path)!r}: {reason}", param, ctx)
        parent = next((folder for folder in path.absolute().parents if os.path.lexists(folder)), None)
        # a special file in the way is refused here; a plain file there is the write's "not a folder" problem
        if parent is not None and not parent.is_file() and (reason := refused_output(parent, folder=True)):
            self.fail(f"{str(path)!r}: {str(parent)!r} is in its way: {reason}", param, ctx)
        return path


INPUT_FOLDERS = ("data", "locales", "art", "layouts", "fonts")  # Project's folders; the options of the first four


def outputs_in_inputs(params: dict, declared: list[click.Parameter]) -> list[Problem]:
    """An output (an OutputPath option) that is one of the command's input folders or lies inside one: pnp never
    writes into what it reads (`export cards --out data/engine.toml` would replace the engine data)."""
    default = Project()
    folders = [(name, Path(params.get(name) or getattr(default, name))) for name in INPUT_FOLDERS]
    problems = []
    for param in declared:
        out = params.get(param.name) if isinstance(param.type, OutputPath) else None
        if not isinstance(out, Path):
            continue
        target = out.resolve()
        inside = next(((name, folder) for name, folder in folders
                       if folder.resolve() in (target, *target.parents)), None)
        if inside is not None:
            problems.append(Problem("output-in-inputs", f"{str(out)!r} is inside the input folder {str(inside[1])!r} "
                                    f"(the {inside[0]} folder); pnp never writes into its inputs: choose another place",
                                    Location(field=param.opts[0])))
    return problems


class CheckedCommand(click.Command):
    """A command whose outputs are checked against its inputs before it runs (a usage error, exit 2)."""

    def invoke(self, ctx):
        misused(outputs_in_inputs(ctx.params, self.params))
        return super().invoke(ctx)


def exit_code(exc: ProblemsFound) -> int:
    """2 for an output pnp refuses to write (a usage error), else 1."""
    return EXIT_USAGE if isinstance(exc, OutputRefused) else EXIT_PROBLEMS


def fail(exc: ProblemsFound) -> None:
    """Report the problems of `exc` and exit with its code."""
    report(exc.problems)
    sys.exit(exit_code(exc))


def misused(problems) -> None:
    """Options that cannot be used together, or with the paper: listed, exit code 2 (a usage error)."""
    if problems:
        report(problems)
        sys.exit(EXIT_USAGE)


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


def jobs_option(command=None, *, light: bool = False):
    """--jobs N: worker processes (default: $PNP_JOBS, else `automatic_jobs` for the command's languages, or one
    process for a `light` command, whose work per language is less than what a worker repeats: a pool would cost
    more CPU than it saves; 1: everything in the command's own process), and --verbose, which says how many and
    why. Before a pool forks its workers, what each would load for itself is loaded once (`warm_up`)."""
    if command is None:
        return functools.partial(jobs_option, light=light)

    @functools.wraps(command)
    def run(*, langs, jobs, verbose, **kwargs):
        if jobs is None:
            jobs, why = automatic_jobs(len(langs))
            if light and jobs > 1:
                jobs, why = 1, "light work: a pool would cost more than it saves; --jobs N starts one"
        else:
            source = click.get_current_context().get_parameter_source("jobs")
            why = "PNP_JOBS" if source == ParameterSource.ENVIRONMENT else "--jobs"
        if verbose:
            click.echo(f"{'one process' if jobs == 1 else f'{jobs} worker processes'} ({why})", err=True)
        if jobs > 1:
            from ..kit.warm import warm_up  # the fonts and ReportLab: loaded by the commands that use them
            warm_up(make_project(kwargs["data"], kwargs["locales"], kwargs["art"], kwargs["layouts"]), langs)
        return command(langs=langs, jobs=jobs, **kwargs)

    run = click.option("--verbose", "-v", is_flag=True, help="Say how many processes do the work, and why.")(run)
    return click.option("--jobs", type=click.IntRange(min=1), default=None, envvar="PNP_JOBS",
                        show_default="1" if light else "one per idle core for several languages, else 1",
                        show_envvar=True,
                        help="Worker processes for the checks and the files made (1: none); the result is the same for "
                             "any number.")(run)


def service_options(command):
    """--service NAME and --services FILE: the print service whose trim and bleed the pro pages take."""
    command = click.option("--services", type=PathArg(dir_okay=False, exists=True), default=None,
                           help="A TOML file of more print services, read over pnp/layouts/services.toml (the same "
                                "form: name, trim, bleed, extends).")(command)
    return click.option("--service", default=None, metavar="NAME",
                        help=f"Print service: the trim and bleed of its cards (services.toml: generic, mpc = "
                             f"MakePlayingCards, dtc = DriveThruCards) [default: {DEFAULT_SERVICE}].")(command)


def chosen_service(layouts: Path, services: Path | None, service: str | None) -> str:
    """The --service name, checked against the services known (a broken services file: its problems, exit 1;
    an unknown name: a usage error, exit 2)."""
    try:
        known = print_services(layouts, services)
    except ProblemsFound as exc:
        report(exc.problems)
        sys.exit(EXIT_PROBLEMS)
    if service is not None and service not in known:
        raise click.BadParameter(f"unknown print service {service!r}; expected one of {', '.join(known)}",
                                 param_hint="'--service'")
    return service or DEFAULT_SERVICE


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
    if sys.stdout is None:  # started with its standard output closed
        raise ProblemsFound([Problem("output-unwritable", "cannot write to stdout: it is closed; expected --output "
                                     "FILE or an open standard output", Location(file="<stdout>"))])
    try:
        sys.stdout.flush()
        stream = getattr(sys.stdout, "buffer", None)  # the bytes under the text stream (Click 8.5 deprecated it)
        if stream is None:  # a text-only stream that a program embedding pnp put in place
            sys.stdout.write(data.decode("utf-8"))
            sys.stdout.flush()
            return
        stream.write(data)
        stream.flush()
    except OSError as exc:  # a full disk, a closed pipe: one problem, and nothing more written there at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise ProblemsFound([Problem("output-unwritable", f"cannot write to stdout: {exc.strerror or exc}",
                                     Location(file="<stdout>"))]) from None
