"""The `pnp` command line: the only place (with pnp.kit.build) that reads options and touches the file system."""
from __future__ import annotations

import atexit
import gc
import importlib
import os
import signal
import sys
from typing import Mapping


def _interrupted_at_start(number, frame):
    """SIGTERM or Ctrl-C while the command's modules load, before it can be stopped otherwise: exit 130, as
    interrupted (not a KeyboardInterrupt traceback)."""
    if sys.stderr is not None:  # None: started with its standard error closed
        sys.stderr.write("interrupted while starting; nothing was written\n")
    raise SystemExit(130)


# before the slow imports below (0.3 s and more); a signal the process was started to ignore stays ignored
for _number, _default in ((signal.SIGTERM, signal.SIG_DFL), (signal.SIGINT, signal.default_int_handler)):
    if signal.getsignal(_number) is _default:
        signal.signal(_number, _interrupted_at_start)

# A collection after 200 000 new objects, not 700, from the imports on: a command makes millions of short-lived
# objects (modules' classes, layout, PDF objects) that reference counting frees, and keeps large tables it loads
# (caches across runs, fonts, hyphenation patterns) that every collection walks. Python's default thresholds spent 6 %
# of a build's CPU walking them; at 50 000 a one-language build or a validate still made three collections of 10-20 ms
# each (2-4 % of its CPU); at 200 000 they make none and a five-language build one, for 1-3 MB more per process.
GC_THRESHOLDS = (200_000, 50, 100)  # gc.set_threshold's: new objects before a collection, then collections of each age
gc.set_threshold(*GC_THRESHOLDS)

import click

from ..i18n.catalogs import LANGS, SOURCE_LANG
from ..i18n.localize import localize_cards
from ..kit.write import Interrupted, committed
from ..core.parallel import WorkerLost
from ..core.problems import ProblemsFound
from ..project import load_inputs
from .options import (EXIT_INTERRUPTED, EXIT_PROBLEMS, EXIT_USAGE, CheckedCommand, LanguageList, OldNames, OutputPath,
                      fail, make_project, project_options, write_json)

# the commands defined in modules of their own, each imported when it runs or is listed (`pnp build` loads neither
# the proof site's command nor the catalogs'): name -> "module:attribute" of this package
COMMANDS = {"build": "make:build_command", "calibrate": "make:calibrate_command", "catalogs": "catalogs:catalogs_group",
            "deck": "check:deck_group", "gallery": "make:gallery_command", "lang": "lang:lang_group",
            "proof": "proof_command:proof_command", "validate": "check:validate_command"}
EXPORT_COMMANDS = {"images": "export_commands:images_command", "tts": "export_commands:tts_command"}


def _raise_interrupted(number, frame):
    raise Interrupted()


class LazyGroup(click.Group):
    """A group whose commands of `lazy` (name -> "module:attribute" of this package) are imported when first asked
    for (click's documented lazy loading)."""

    def __init__(self, *args, lazy: Mapping[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx):
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx, cmd_name):
        if cmd_name in self.lazy and cmd_name not in self.commands:
            module, attribute = self.lazy[cmd_name].split(":")
            self.add_command(getattr(importlib.import_module(f"{__name__}.{module}"), attribute), cmd_name)
        return super().get_command(ctx, cmd_name)


class Commands(LazyGroup):
    """The command group: any terminal encoding, exit codes 0 / 1 problems / 2 usage / 130 interrupted, no colour
    when NO_COLOR is set."""

    def main(self, *args, **kwargs):
        if sys.stderr is None:  # started with its standard error closed (2>&-): what pnp says there goes nowhere
            sys.stderr = open(os.devnull, "w", encoding="utf-8")
        for stream in (sys.stdout, sys.stderr):  # LANG=C, ISO-8859-1, PYTHONIOENCODING=ascii: never a traceback
            if hasattr(stream, "reconfigure"):
                stream.reconfigure(errors="backslashreplace")
        # at exit, the objects a command leaves (its files are written and closed by then) are freed with the
        # process, without Python's last collection walking them all: 0.03-0.05 s of every command
        atexit.unregister(gc.freeze)  # once, however many commands a program runs in its process
        atexit.register(gc.freeze)
        if os.environ.get("NO_COLOR"):  # https://no-color.org: no ANSI colour in anything click prints
            kwargs.setdefault("color", False)
        return super().main(*args, **kwargs)

    def invoke(self, ctx):
        previous = signal.signal(signal.SIGTERM, _raise_interrupted)
        written = len(committed())
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            folders = committed()[written:]
            if folders:  # the signal came after the new files were in place
                click.echo(f"interrupted after writing: {', '.join(map(str, folders))} holds the new files, complete",
                           err=True)
            else:
                click.echo("interrupted; the kit is unchanged", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except FileNotFoundError:
            if _current_folder_exists():
                raise
            click.echo("error: the current folder no longer exists (deleted or moved away): pnp reads relative paths, "
                       "and ReportLab its settings, from it; change to a folder that exists and run pnp again",
                       err=True)
            sys.exit(EXIT_USAGE)
        except WorkerLost as exc:
            click.echo(f"error: {exc}; the kit is unchanged. If the machine ran out of memory, run again with "
                       "--jobs 1 (one process).", err=True)
            sys.exit(EXIT_PROBLEMS)
        finally:
            signal.signal(signal.SIGTERM, previous)


def _current_folder_exists() -> bool:
    try:
        os.getcwd()
    except FileNotFoundError:
        return False
    return True


@click.group(cls=Commands, lazy=COMMANDS)
@click.version_option(package_name="ancient-duel-pnp")
def main():
    """Ancient Duel print-and-play kit: card database, print-ready PDFs, validator."""


@main.group(cls=LazyGroup, lazy=EXPORT_COMMANDS)
def export():
    """Export data from the card database."""


@export.command("cards", cls=CheckedCommand)
@click.option("--lang", "lang", required=True, type=LanguageList(LANGS + (SOURCE_LANG,), allow_all=False),
              help=f"Language: {', '.join(LANGS)} or {SOURCE_LANG} (the English source strings).")
@click.option("--out", "--output", "output", cls=OldNames, type=OutputPath(stream="-"), default=None,
              help="Write the JSON (UTF-8) to this file instead of stdout (- is stdout too).")
@project_options
def export_cards(lang, output, data, locales, art, layouts):
    """Print all cards as a JSON array (UTF-8) in one language."""
    if len(lang) != 1:
        raise click.BadParameter("give exactly one language", param_hint="--lang")
    try:
        inputs = load_inputs(make_project(data, locales, art, layouts), lang)
        cards = localize_cards(inputs.cards, inputs.catalogs[lang[0]])
    except ProblemsFound as exc:
        fail(exc)
    try:
        write_json([c.as_export() for c in cards], None if output == "-" else output)
    except ProblemsFound as exc:
        fail(exc)


if signal.getsignal(signal.SIGINT) is _interrupted_at_start:  # the modules are loaded: Ctrl-C is KeyboardInterrupt
    signal.signal(signal.SIGINT, signal.default_int_handler)
