"""`pnp build`: load the inputs, validate them, compose and render every output in memory, then write all at once.

Outputs come from producers: functions (BuildContext) -> {path relative to the output folder: bytes}. The build
calls every producer once per language, with `ctx.langs` narrowed to that one language (so progress can be shown
step by step); a producer that finds problems raises ProblemsFound. The validator's print checks (pnp.validate) run
as steps beside them, except those a producer runs itself while composing its pages (CHECKED_BY), so that nothing is
composed twice. The problems of all steps are collected, and while any is an error nothing is written. Other parts
of the kit add their producer to PRODUCERS, one line each.
With a deck list (--deck FILE) the build makes only that deck, checked like `pnp deck check FILE`.
"""
from __future__ import annotations

import contextlib
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, ContextManager, Iterable, Iterator

from ..context import MODES, BuildContext, BuildOptions
from ..data.art import art_files, load_art
from ..data.deck_lists import DeckList, load_deck_list, read_deck_list
from ..export.cmyk_art import cmyk_art
from ..export.pdfx_settings import pdfx_conditions
from ..typeset.fonts import register_fonts
from ..pages.imposition import DUPLEX_MODES, check_back_offset, sheet_grid
from ..layouts.schemas import PAPERS, CardLayout, card_layout, sheet_layout
from ..parallel import run_tasks
from ..problems import ERROR, Location, Problem, ProblemsFound, errors
from ..project import Inputs, Project, loaded_langs, read_inputs
from ..cards.produce import card_decks, deck_list
from ..rulebook.produce import rulebook
from ..sheets import produce as sheets
from ..tomlfile import read_toml
from ..cards.checks import card_print_problems
from ..rulebook.checks import rulebook_problems
from ..validate import PrintChecker, content_problems, error_langs, print_checks, print_problems
from .write import write_all

Producer = Callable[[BuildContext], dict[Path, bytes]]


PRODUCERS: tuple[Producer, ...] = (  # the longest first: the workers finish together
    rulebook,
    card_decks,
    sheets.score_sheet,
    sheets.tokens,
)
CHECKED_BY: dict[Producer, PrintChecker] = {  # a producer that runs a print check itself, for its languages
    card_decks: card_print_problems,
    rulebook: rulebook_problems,
}


@dataclass(frozen=True)
class Step:
    label: str
    producer: Producer
    ctx: BuildContext

    def run(self) -> dict[Path, bytes]:
        return self.producer(self.ctx)

    def outcome(self) -> tuple[dict[Path, bytes], list[Problem]]:
        """The files of the step, or the problems it found (never both)."""
        try:
            return self.run(), []
        except ProblemsFound as exc:
            return {}, list(exc.problems)


def checking(checker: PrintChecker) -> Producer:
    """A producer that makes no files: the print check `checker` for the languages of its context, raising
    ProblemsFound with what it finds."""
    def check(ctx: BuildContext) -> dict[Path, bytes]:
        problems = checker(ctx.inputs, ctx.langs, ctx.project)
        if problems:
            raise ProblemsFound(problems)
        return {}
    check.__name__ = checker.__name__.removesuffix("_problems") + "_checks"
    return check


@dataclass(frozen=True)
class BuildResult:
    files: tuple[Path, ...]     # written, absolute
    warnings: tuple[Problem, ...]


def option_problems(options: BuildOptions, project: Project) -> list[Problem]:
    """Options that cannot work together, e.g. a back offset larger than the margins of the project's paper allow."""
    where = Location(field="options")
    if options.deck is not None and options.booklet:
        return [Problem("build-option", "--booklet makes the rulebook, which a build with --deck does not make; "
                        "build the booklet without --deck", where)]
    if options.paper not in PAPERS or options.mode not in MODES or options.duplex not in DUPLEX_MODES:
        return [Problem("build-option", f"unknown paper/mode/duplex {options.paper}/{options.mode}/{options.duplex}; "
                        f"expected {'|'.join(PAPERS)}, {'|'.join(MODES)}, {'|'.join(DUPLEX_MODES)}", where)]
    if options.pdfx is not None and options.pdfx not in pdfx_conditions():
        return [Problem("build-option", f"unknown print condition {options.pdfx!r} for --pdfx; expected "
                        f"{'|'.join(pdfx_conditions())}", where)]
    if options.cmyk_profile is not None and options.pdfx is None:
        return [Problem("build-option", "--cmyk-profile converts art images for --pdfx; give --pdfx too", where)]
    if options.mode == "pro":
        if options.back_offset != (0.0, 0.0):
            return [Problem("build-option", "--back-offset shifts the back pages of home sheets; pro mode prints one "
                            "card per page and has none to shift", where)]
        return []
    card = card_layout(project.layouts).card
    grid = sheet_grid(sheet_layout(options.paper, project.layouts), card.width, card.height, card.bleed,
                      str(project.layouts / f"home-{options.paper}.toml"))
    return check_back_offset(grid, options.back_offset)


def output_problems(out: Path) -> list[Problem]:
    """An output folder that cannot be written (checked before rendering, so the user does not wait for nothing)."""
    existing = out
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        return [Problem("output-unwritable", f"cannot write to {out}: {existing} is not a folder",
                        Location(file=str(out)))]
    try:
        with tempfile.TemporaryFile(dir=existing):  # a real write: permissions, read-only disks, quotas
            pass
    except OSError as exc:
        return [Problem("output-unwritable", f"cannot write to {out}: {exc.strerror or exc} in {existing}",
                        Location(file=str(out)))]
    return []


def art_windows(inputs: Inputs, layout: CardLayout) -> list[tuple[str, float, float]]:
    """(card id, width mm, height mm) of every card's art window."""
    windows = layout.front.art
    boxes = [(c.id, windows.unit if c.kind == "unit" else windows.other) for c in inputs.cards.cards]
    return [(card_id, box.width, box.height) for card_id, box in boxes]


def read_profile(path: Path | None) -> tuple[bytes | None, str | None]:
    """The bytes of the ICC profile file (None without one) and its name; an unreadable file gives empty bytes,
    which the profile check reports."""
    if path is None:
        return None, None
    try:
        return path.read_bytes(), str(path)
    except OSError:
        return b"", str(path)


def checked_deck(path: Path, inputs: Inputs) -> tuple[DeckList | None, list[Problem]]:
    """The deck list at `path` if it is legal, and its problems (the same as `pnp deck check` reports); without
    the cards only the file itself can be checked, without the engine data its card ids but not the deck rules."""
    if inputs.cards is None:
        return None, read_toml(path)[1]
    if inputs.engine is None:
        return None, read_deck_list(path, inputs.cards, None)[1]
    try:
        return load_deck_list(path, inputs.cards, inputs.engine), []
    except ProblemsFound as exc:
        return None, list(exc.problems)


def prepare(project: Project, options: BuildOptions) -> tuple[list[Step], list[Problem]]:
    """Load and check everything but the print checks; the steps to run (producers, and the print checks no producer
    runs) and the warnings so far. Raises ProblemsFound on errors (with the print checks' problems too)."""
    ctx, problems = prepare_context(project, options, print_checks_in_steps=True)
    producers = (deck_list,) if ctx.deck else PRODUCERS
    checks = [checking(checker) for checker, _ in print_checks() if checker not in
              {CHECKED_BY.get(producer) for producer in producers}]
    steps = [Step(f"{lang}: {producer.__name__.replace('_', ' ')}", producer, replace(ctx, langs=(lang,)))
             for producer in (*producers, *checks) for lang in options.langs]
    return steps, problems


def prepare_context(project: Project, options: BuildOptions, print_checks_in_steps: bool = False
                    ) -> tuple[BuildContext, list[Problem]]:
    """Load and validate everything; the context producers (and exports) run in, and the warnings so far.
    Raises ProblemsFound on errors. With `print_checks_in_steps` the print checks are left to the build's steps
    when everything else passed (when not, they run here, so that one run reports all problems)."""
    card: CardLayout | None = None
    try:
        problems = option_problems(options, project)
        card = card_layout(project.layouts)
    except ProblemsFound as exc:  # a layout file is wrong: reported with everything else below
        problems = list(exc.problems)
    inputs, load_problems = read_inputs(project, options.langs)
    problems += load_problems
    langs = loaded_langs(inputs, options.langs)
    content = content_problems(inputs, langs, options.jobs)
    problems += content
    deck, deck_problems = checked_deck(options.deck, inputs) if options.deck else (None, [])
    problems += deck_problems
    # without the cards and their art windows, which file is whose is unknown: only the folder's entries are checked
    art, art_problems = (load_art(project.art, art_windows(inputs, card), card.art) if inputs.cards and card
                         else ({}, art_files(project.art)[1]))
    problems += art_problems
    if options.pdfx:
        art, cmyk_problems = cmyk_art(art, *read_profile(options.cmyk_profile))
        problems += cmyk_problems
    if not print_checks_in_steps or errors(problems):
        problems += print_problems(inputs, langs, project, error_langs(content), options.jobs)
    if errors(problems):
        raise ProblemsFound(problems)
    return BuildContext(project, inputs, options, register_fonts(project.fonts), art, options.langs, deck), problems


Outcome = tuple[dict[Path, bytes], list[Problem]]


def run_steps(steps: list[Step], jobs: int) -> Iterator[tuple[Step, Outcome]]:
    """Each step with its outcome as it finishes, rendered in memory by `jobs` worker processes."""
    for index, outcome in run_tasks([step.outcome for step in steps], jobs):
        yield steps[index], outcome


def render(finished: Iterable[tuple[Step, Outcome]], steps: list[Step]) -> tuple[dict[Path, bytes], list[Problem]]:
    """The files of all finished steps, in the order of `steps` whatever the order they finished in, and their
    warnings; raises ProblemsFound with the problems of all steps (each once: a layout file several steps read)."""
    outcomes = {id(step): outcome for step, outcome in finished}
    files: dict[Path, bytes] = {}
    problems: list[Problem] = []
    for step in steps:
        step_files, step_problems = outcomes[id(step)]
        files.update(step_files)
        problems += step_problems
    problems = list(dict.fromkeys(problems))
    if errors(problems):
        raise ProblemsFound(problems)
    return files, problems


Progress = Callable[[Iterator[tuple[Step, Outcome]], int], ContextManager[Iterable[tuple[Step, Outcome]]]]


def build(project: Project, options: BuildOptions, out: Path, progress: Progress | None = None) -> BuildResult:
    """The whole build: nothing is written unless every step succeeded. `progress` wraps the steps as they
    finish (and the number of steps)."""
    unwritable = output_problems(out)
    if unwritable:
        raise ProblemsFound(unwritable)
    steps, warnings = prepare(project, options)
    finishing = run_steps(steps, options.jobs)
    try:
        with (progress(finishing, len(steps)) if progress else contextlib.nullcontext(finishing)) as finished:
            files, step_warnings = render(finished, steps)
    except ProblemsFound as exc:  # reported with the warnings found before the steps
        raise ProblemsFound(warnings + list(exc.problems)) from None
    if options.pdfx:
        from ..export.pdfx import pdfx_files  # pikepdf is loaded only for a PDF/X build
        files = pdfx_files(files, options.pdfx)
    write_all({out / path: data for path, data in files.items()}, out)
    return BuildResult(tuple(sorted(out / path for path in files)),
                       tuple(p for p in warnings + step_warnings if p.severity != ERROR))
