"""The `pnp` command line: the only place (with pnp.build) that reads options and touches the file system."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .catalogs import LANGS, SOURCE_LANG
from .localize import localize_cards
from .problems import ProblemsFound
from .project import Project, load_inputs


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


@click.group()
@click.version_option(package_name="ancient-duel-pnp")
def main():
    """Ancient Duel print-and-play kit: card database, print-ready PDFs, validator."""


@main.group()
def export():
    """Export data from the card database."""


@export.command("cards")
@click.option("--lang", "lang", required=True, type=LanguageList(LANGS + (SOURCE_LANG,), allow_all=False),
              help=f"Language: {', '.join(LANGS)} or {SOURCE_LANG} (the English source strings).")
@project_options
def export_cards(lang, data, locales, art):
    """Print all cards as a JSON array in one language."""
    if len(lang) != 1:
        raise click.BadParameter("give exactly one language", param_hint="--lang")
    try:
        inputs = load_inputs(make_project(data, locales, art), lang)
        cards = localize_cards(inputs.cards, inputs.catalogs[lang[0]])
    except ProblemsFound as exc:
        report(exc.problems)
        sys.exit(1)
    json.dump([c.as_export() for c in cards], sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")

from .cli_validate import deck_group, validate_command  # noqa: E402  (commands in their own module)

main.add_command(validate_command)
main.add_command(deck_group)

from .cli_build import build_command, calibrate_command, gallery_command  # noqa: E402

main.add_command(build_command)
main.add_command(calibrate_command)
main.add_command(gallery_command)

from .cli_proof import proof_command  # noqa: E402

main.add_command(proof_command)
