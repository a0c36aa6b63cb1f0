"""`pnp build`: load the inputs, validate them, compose and render every output in memory, then write all at once.

Every product (pnp.products.PRODUCTS) is a step per language: composed once, with `ctx.langs` narrowed to that one
language (so progress can be shown step by step), its problems kept, and rendered to {path relative to the output
folder: bytes} when the build writes it and composing found no error. A product the build does not write is only
composed: nothing a build can fail on goes unchecked and nothing is composed twice. The content checks
(pnp.validate) are tasks of the same worker pool, ahead of the steps. The problems of all are collected, and while
any is an error nothing is written. A new product is one entry of PRODUCTS.
With a deck list (--deck FILE) the build writes only that deck, checked like `pnp deck check FILE`.
"""
from __future__ import annotations

import contextlib
import itertools
import tempfile
from dataclasses import dataclass
from pathlib import Path
from functools import partial
from typing import Callable, ContextManager, Iterable, Iterator, Mapping

from ..context import MODES, BuildContext, BuildOptions
from ..data.art import ArtImage, art_files, load_art
from ..data.deck_lists import DeckList, load_deck_list, read_deck_list
from ..export.pdfx_settings import pdfx_conditions
from ..typeset.fonts import register_fonts
from ..pages.imposition import DUPLEX_MODES, check_back_offset, home_grid
from ..layouts.services import DEFAULT_SERVICE, print_service
from ..cards.layout import CardLayout, card_layout
from ..layouts.schemas import PAPERS
from ..core.parallel import attempted, raised, run_tasks
from ..core.problems import ERROR, Location, Problem, ProblemsFound, errors
from ..project import Inputs, Project, loaded_langs, read_inputs
from ..core.tomlfile import read_toml
from ..products import DECK_LIST, PRODUCTS, Product
from ..validate import (CHECKERS, Checkers, content_and_print_problems, content_checks, error_langs, merged,
                        print_problems)
from .write import write_all



Outcome = tuple[dict[Path, bytes], list[Problem]]


@dataclass(frozen=True)
class Step:
    """One product in one language: composed, and rendered when the build writes it."""

    label: str
    product: Product
    ctx: BuildContext
    written: bool

    def outcome(self) -> Outcome:
        """The files of the step (none for a product only composed or one with an error) and the problems found."""
        try:
            composed = self.product.compose(self.ctx)
        except ProblemsFound as exc:
            return {}, list(exc.problems)
        problems = list(composed.problems)
        if not self.written or errors(problems):
            return {}, problems
        try:
            return self.product.render(composed), problems
        except ProblemsFound as exc:
            return {}, problems + list(exc.problems)


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote (absolute paths) and the warnings it found."""
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
        print_service(project.layouts, options.service, options.services)  # raises for a broken or unknown one
        return []
    if (options.service, options.services) != (DEFAULT_SERVICE, None):
        return [Problem("build-option", "--service and --services choose the pages of --mode pro; give --mode pro",
                        where)]
    grid = home_grid(options.paper, project.layouts, card_layout(project.layouts).card)
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


def loaded_art(project: Project, inputs: Inputs, card: CardLayout | None
               ) -> tuple[Mapping[str, ArtImage], list[Problem]]:
    """The art of every card and its problems (`pnp build` and `pnp validate` alike); without the cards or the card
    layout, which file is whose is unknown: only the folder's entries are checked."""
    if inputs.cards and card:
        return load_art(project.art, art_windows(inputs, card), card.art)
    return {}, art_files(project.art)[1]


def art_windows(inputs: Inputs, layout: CardLayout) -> list[tuple[str, float, float]]:
    """(card id, width mm, height mm) of every card's art window."""
    windows = layout.front.art
    boxes = [(c.id, windows.unit if c.kind == "unit" else windows.other) for c in inputs.cards.cards]
    return [(card_id, box.width, box.height) for card_id, box in boxes]


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


@dataclass(frozen=True)
class Loaded:
    """The inputs of a build read and checked, but for the content and the print checks; the problems found so far,
    in two parts: those reported before the content checks' (options, layout files, loading) and those after
    (deck list, art, CMYK profile)."""

    inputs: Inputs
    langs: tuple[str, ...]  # the languages whose catalogs could be read
    deck: DeckList | None
    art: Mapping[str, ArtImage]
    before: tuple[Problem, ...]
    after: tuple[Problem, ...]

    def problems(self, content: list[Problem]) -> list[Problem]:
        """Every problem found, with the content checks' in their place."""
        return [*self.before, *content, *self.after]


def load(project: Project, options: BuildOptions) -> Loaded:
    """Read the inputs and check the options, the layout files, the deck list and the art."""
    card: CardLayout | None = None
    try:
        before = option_problems(options, project)
        card = card_layout(project.layouts, options.card_variant)
    except ProblemsFound as exc:  # a layout file is wrong: reported with everything else
        before = list(exc.problems)
    inputs, load_problems = read_inputs(project, options.langs)
    deck, after = checked_deck(options.deck, inputs) if options.deck else (None, [])
    art, art_problems = loaded_art(project, inputs, card)
    after += art_problems
    if options.pdfx:
        from ..export.cmyk_art import cmyk_art, read_cmyk_profile  # Pillow's colour management: --pdfx alone
        profile, profile_problems = (read_cmyk_profile(options.cmyk_profile, options.pdfx) if options.cmyk_profile
                                     else (None, []))
        after += profile_problems
        if not errors(profile_problems):  # a profile that cannot be used is its one problem, not one for each image
            art, cmyk_problems = cmyk_art(art, profile)
            after += cmyk_problems
    return Loaded(inputs, loaded_langs(inputs, options.langs), deck, art, (*before, *load_problems), tuple(after))


def checked(loaded: Loaded, content: list[Problem], project: Project, options: BuildOptions,
            products: tuple[Product, ...]) -> list[Problem]:
    """The problems of `loaded` with the content checks' `content` (the steps compose the products); with an error,
    the print checks' too, so that one run reports all problems, raised as ProblemsFound."""
    problems = loaded.problems(content)
    if errors(problems):
        raise ProblemsFound(problems + print_problems(loaded.inputs, loaded.langs, project, error_langs(content),
                                                      options.jobs, products=products))
    return problems


def validated(loaded: Loaded, project: Project, options: BuildOptions, products: tuple[Product, ...] = PRODUCTS,
              checkers: Checkers = CHECKERS) -> list[Problem]:
    """The problems of `loaded` with every check's, content and print checks in one pool; raises ProblemsFound on
    errors."""
    content, printed = content_and_print_problems(loaded.inputs, loaded.langs, project, options.jobs,
                                                  products=products, checkers=checkers)
    problems = loaded.problems(content) + printed
    if errors(problems):
        raise ProblemsFound(problems)
    return problems


def context(loaded: Loaded, project: Project, options: BuildOptions) -> BuildContext:
    """The context products are composed in (and exports run in), the fonts registered."""
    return BuildContext(project, loaded.inputs, options, register_fonts(project.fonts), loaded.art, options.langs,
                        loaded.deck)


def prepare_context(project: Project, options: BuildOptions) -> tuple[BuildContext, list[Problem]]:
    """Load and validate everything, every product composed: the context of the exports (which compose the cards
    again, in pro mode) and the warnings. Raises ProblemsFound on errors."""
    loaded = load(project, options)
    return context(loaded, project, options), validated(loaded, project, options)


def steps_of(ctx: BuildContext, products: tuple[Product, ...]) -> list[Step]:
    """The steps of a build: each product it writes, composed and rendered (the last of `products`, the longest,
    first: the workers finish together), then each other product, only composed; once per language."""
    written = (DECK_LIST,) if ctx.deck else tuple(p for p in (*products[-1:], *products[:-1]) if p.built)
    composed = tuple(product for product in products if product not in written)
    return [*(Step(f"{lang}: {product.name}", product, ctx.in_language(lang), True)
              for product in written for lang in ctx.options.langs),
            *(Step(f"{lang}: {product.name} checks", product, ctx.in_language(lang), False)
              for product in composed for lang in ctx.options.langs)]


def _content_first(finishing: Iterator[tuple[int, object]], count: int) -> tuple[list[Problem], dict[int, object]]:
    """The problems of the first `count` tasks (the content checks), in their order, once all are in; and the
    results of the other tasks that finished meanwhile."""
    content: dict[int, list[Problem]] = {}
    early: dict[int, object] = {}
    while len(content) < count:
        index, result = next(finishing)
        if index < count:
            content[index] = result
        else:
            early[index] = result
    return merged(content[index] for index in range(count)), early


def _outcomes(results: Iterable[tuple[int, object]], steps: list[Step], offset: int
              ) -> Iterator[tuple[Step, Outcome]]:
    """Each step with its outcome as it finishes (task `offset` is the first step); a step's exception is raised."""
    for index, result in results:
        yield steps[index - offset], raised(result)


def collect(finished: Iterable[tuple[Step, Outcome]], steps: list[Step]) -> tuple[dict[Path, bytes], list[Problem]]:
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


def make(project: Project, options: BuildOptions, progress: Progress | None = None,
         products: tuple[Product, ...] | None = None, checkers: Checkers = CHECKERS
         ) -> tuple[dict[Path, bytes], list[Problem]]:
    """The kit in memory, {path relative to the output folder: bytes}, and the warnings: every product of `products`
    (default PRODUCTS) composed and those the build writes rendered, the inputs checked by `checkers` (default
    pnp.validate.CHECKERS); raises ProblemsFound with every problem when any is an error. `progress` wraps the steps
    as they finish (and the number of steps).

    The content checks and the steps are the tasks of one pool: with more than one job the steps start while the
    checks run, and their results are dropped when the checks find an error; the problems reported are those of a
    build that checks first (the print checks then run as `pnp validate` runs them)."""
    products = PRODUCTS if products is None else products
    loaded = load(project, options)
    if errors(loaded.problems([])):  # nothing to build: `validated` raises with every problem, the checks' too
        validated(loaded, project, options, products, checkers)
    checks = content_checks(loaded.inputs, loaded.langs, checkers)
    steps = steps_of(context(loaded, project, options), products)
    with contextlib.closing(run_tasks([*checks, *(partial(attempted, step.outcome) for step in steps)], options.jobs)
                            ) as finishing:
        content, early = _content_first(finishing, len(checks))
        if errors(content):
            finishing.close()  # the steps' results are not needed: the workers stop
        warnings = checked(loaded, content, project, options, products)
        outcomes = _outcomes(itertools.chain(early.items(), finishing), steps, len(checks))
        try:
            with (progress(outcomes, len(steps)) if progress else contextlib.nullcontext(outcomes)) as finished:
                files, step_warnings = collect(finished, steps)
        except ProblemsFound as exc:  # reported with the warnings found before the steps
            raise ProblemsFound(warnings + list(exc.problems)) from None
    if options.pdfx:
        from ..export.pdfx import pdfx_files  # pikepdf is loaded only for a PDF/X build
        files = pdfx_files(files, options.pdfx)
    return files, [p for p in warnings + step_warnings if p.severity != ERROR]


def build(project: Project, options: BuildOptions, out: Path, progress: Progress | None = None,
          products: tuple[Product, ...] | None = None, checkers: Checkers = CHECKERS) -> BuildResult:
    """The whole build (`make`), written to `out`: nothing is written unless every step succeeded."""
    unwritable = output_problems(out)
    if unwritable:
        raise ProblemsFound(unwritable)
    files, warnings = make(project, options, progress, products, checkers)
    write_all({out / path: data for path, data in files.items()}, out)
    return BuildResult(tuple(sorted(out / path for path in files)), tuple(warnings))
