"""The `pnp` command line: the only place (with pnp.kit.build) that reads options and touches the file system."""
from __future__ import annotations

import json
import sys

import click

from ..i18n.catalogs import LANGS, SOURCE_LANG
from ..i18n.localize import localize_cards
from ..problems import ProblemsFound
from ..project import load_inputs
from .check import deck_group, validate_command
from .make import build_command, calibrate_command, gallery_command
from .options import LanguageList, make_project, project_options, report


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

main.add_command(validate_command)
main.add_command(deck_group)
main.add_command(build_command)
main.add_command(calibrate_command)
main.add_command(gallery_command)
