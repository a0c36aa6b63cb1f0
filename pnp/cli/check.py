"""`pnp validate` and `pnp deck check FILE`: report every problem, exit 1 when any is an error."""
from __future__ import annotations

import sys

import click

from ..i18n.catalogs import LANGS, SOURCE_LANG
from ..i18n.languages import COMPLETE, DRAFT, PSEUDO
from .options import (EXIT_PROBLEMS, LanguageList, PathArg, fail, jobs_option, make_project, progress_bar,
                      project_options, report, write_json)
from ..core.problems import ERROR, Problem, ProblemsFound, errors
from ..project import loaded_langs, read_inputs

FORMAT = click.option("--format", "output", type=click.Choice(["text", "json"]), default="text", show_default=True,
                      help="text: one problem a line and a count; json: a list of {code, severity, location, "
                      "message}.")


def finish(problems: list[Problem], output: str, summary: str, notes: tuple[str, ...] = ()) -> None:
    """Print the problems (text or JSON) on stdout, each once, then (text) the `notes`; exit 1 when any is an error,
    else 0."""
    problems = list(dict.fromkeys(problems))  # checks that read one file report its defect once
    if output == "json":
        try:
            write_json([p.as_dict() for p in problems])
        except ProblemsFound as exc:  # a standard output that cannot take it: one located line on stderr
            fail(exc)
    else:
        report(problems, sys.stdout)
        for note in notes:
            click.echo(note)
        if not any(p.severity == ERROR for p in problems):
            click.echo(summary)
    sys.exit(EXIT_PROBLEMS if any(p.severity == ERROR for p in problems) else 0)


@click.command("validate")
@click.option("--lang", "langs", default="all", show_default=True,
              type=LanguageList((SOURCE_LANG, PSEUDO), registry=(COMPLETE, DRAFT)),
              help=f"Languages to check: all (the translations: {', '.join(LANGS)}) or a comma-separated list of "
                   f"these, draft languages (their coverage), {SOURCE_LANG} (the English source) and {PSEUDO} (the "
                   "pseudo-locale; print checks only, what does not fit as warnings).")
@FORMAT
@jobs_option(light=True)  # five languages' checks take about a second: two workers cost 11 % more CPU
@project_options
def validate_command(langs, output, jobs, data, locales, art, layouts):
    """Check the engine data, the cards, the decks and every translation against each other."""
    from ..cards.layout import card_layout  # the checks and what they use: loaded by the command that runs them
    from ..kit.build import loaded_art
    from ..validate import UNTRANSLATED, validate
    from ..validate.coverage import complete, coverage_line
    project = make_project(data, locales, art, layouts)
    inputs, problems = read_inputs(project, langs)
    problems += validate(inputs, loaded_langs(inputs, langs), project, jobs, progress_bar("Checking"))
    try:
        card = card_layout(project.layouts)
    except ProblemsFound:  # reported by validate with the other layout files
        card = None
    problems += loaded_art(project, inputs, card)[1]  # the art problems a build would report
    coverage = tuple(coverage_line(inputs.catalogs[lang]) for lang in loaded_langs(inputs, langs)
                     if lang not in UNTRANSLATED and not complete(inputs.catalogs[lang]))
    finish(problems, output, f"valid: engine data, {len(inputs.cards.cards) if inputs.cards else 0} cards and "
           f"their decks, catalogs of {', '.join(langs)}", coverage)


@click.group("deck")
def deck_group():
    """Deck lists: your own 40-card decks."""


@deck_group.command("check")
@click.argument("file", type=PathArg(dir_okay=False))
@FORMAT
@project_options
def deck_check(file, output, data, locales, art, layouts):
    """Check the deck list FILE (TOML) against the deck-building rules of the engine data.

    \b
    faction = "rome"                     # main faction
    allied = "carthage"                  # or: coalition = ["sparta", "macedon"]
    [cards]
    "rome.hastati-line" = 3              # card id = copies
    """
    from ..kit.build import checked_deck  # the build's modules: loaded by the commands that use them
    inputs, problems = read_inputs(make_project(data, locales, art, layouts), ())
    deck, deck_problems = checked_deck(file, inputs)  # as far as the engine data and cards that loaded allow
    if deck is None or errors(problems):
        finish(problems + deck_problems, output, "")
    counts = deck.count_by_faction()
    finish([], output, f"legal {deck.mode} deck {deck.name!r}: {deck.size} cards ("
           + " + ".join(f"{counts[f]} {f}" for f in deck.factions) + ")")
