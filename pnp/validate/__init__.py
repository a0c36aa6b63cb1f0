"""`pnp validate`: every check of the loaded inputs, each a plain function (inputs, langs) -> [Problem], all run.

Loading already checks types, ranges and consistency of the engine data, the cards and the catalog files (those
problems arrive as ProblemsFound from pnp.project.load_inputs); the checks here compare the inputs with each other.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Callable, Iterable

from ..export.settings import export_layout
from ..cards.layout import card_layout
from ..context import BuildContext, BuildOptions
from ..layouts.schemas import CARD_VARIANTS, PAPERS, sheet_layout
from ..sheets.calibration_layout import calibration_layout
from ..layouts.services import print_services
from ..i18n.catalogs import SOURCE_LANG
from ..i18n.languages import DRAFT, PSEUDO, language
from ..core.parallel import Progress, attempted, raised, results_in_order
from ..core.problems import ERROR, WARNING, Location, Problem, ProblemsFound
from ..products import CARDS, ENGINE, LEXICON, NOTHING, PRODUCTS, Needs, Product
from ..project import Inputs, Project
from ..typeset.fonts import register_fonts
from ..sheets.layout import scoresheet_layout, tokens_layout
from .characters import check_characters
from .completeness import check_completeness
from .crossrefs import check_card_references
from .decks import check_bundled_decks
from .english import check_english_words, check_untranslated
from .glossary_file import check_forbidden_words, check_glossary_terms, check_stat_abbreviations
from .kinds import check_kinds_exist
from .numbers import check_numbers
from .placeholders import check_placeholders
from .slips import check_typing
from .term_use import check_stat_positions, check_term_consistency, check_terms_used, check_undefined_terms

# languages without translations to check: the English source and the pseudo-locale generated from it
UNTRANSLATED = (SOURCE_LANG, PSEUDO)
UNTRANSLATED_CODES = frozenset({"translation-missing", "translation-empty", "translation-fuzzy",
                                "translation-outdated"})

Checker = Callable[[Inputs, tuple[str, ...]], list[Problem]]

Checkers = tuple[tuple[Checker, Needs], ...]  # each content check with the parts of the inputs it needs

CHECKERS: Checkers = (
    (check_bundled_decks, ENGINE | CARDS),
    (check_completeness, NOTHING),  # without the cards, the card strings are compared between the languages only
    (check_placeholders, NOTHING),
    (check_characters, NOTHING),
    (check_numbers, LEXICON),
    (check_untranslated, LEXICON),
    (check_english_words, CARDS | LEXICON),
    (check_glossary_terms, LEXICON),
    (check_forbidden_words, LEXICON),
    (check_stat_abbreviations, LEXICON),
    (check_card_references, CARDS),
    (check_kinds_exist, CARDS),
    (check_term_consistency, CARDS | LEXICON),
    (check_terms_used, CARDS | LEXICON),
    (check_undefined_terms, CARDS | LEXICON),
    (check_stat_positions, NOTHING),
    (check_typing, LEXICON),
)


def available(inputs: Inputs) -> Needs:
    """The parts of the inputs that could be read."""
    parts = {"engine": inputs.engine, "cards": inputs.cards, "lexicon": inputs.lexicon}
    return frozenset(name for name, part in parts.items() if part is not None)


def validate(inputs: Inputs, langs: tuple[str, ...], project: Project, jobs: int = 1,
             progress: Progress | None = None, products: tuple[Product, ...] = PRODUCTS,
             checkers: Checkers = CHECKERS) -> list[Problem]:
    """Run every check on the inputs for the given languages; the problems of all, each once, in check order: the
    layout files' (`layout_problems`), the content checks' (`content_problems`: each of `checkers`), then the print
    checks' (`print_problems`: every product of `products` composed) of the languages they found no error in;
    `progress` is shown the checks as they finish."""
    layouts = layout_problems(project)
    content, printed = content_and_print_problems(inputs, langs, project, jobs, progress, products, checkers)
    return merged([layouts, content, printed])


def layout_problems(project: Project) -> list[Problem]:
    """The problems of every layout file the kit reads, whatever else is broken: a layout defect is reported even
    when no catalog could be read and no print check runs (as `pnp build` reports it). The layouts loaded stay
    cached for the print checks (and the workers they fork)."""
    from ..rulebook.layout import rulebook_layout  # the rulebook's modules: loaded for its print check anyway

    loaders = [*(partial(sheet_layout, paper) for paper in PAPERS), print_services, calibration_layout,
               scoresheet_layout, tokens_layout, rulebook_layout, export_layout]
    problems = card_layout_problems(project)
    for load in loaders:
        problems += _load_problems(load, project)
    return problems


def card_layout_problems(project: Project) -> list[Problem]:
    """The problems of card.toml, and those of its variants (which extend it) that card.toml does not have itself:
    a defect inherited from card.toml is reported once, at card.toml."""
    own, *variants = (_load_problems(partial(card_layout, name=name), project) for name in CARD_VARIANTS)
    inherited = {(p.code, p.where.field, p.message) for p in own}
    return own + [p for found in variants for p in found if (p.code, p.where.field, p.message) not in inherited]


def _load_problems(load: Callable[[Path], object], project: Project) -> list[Problem]:
    try:
        load(project.layouts)
    except ProblemsFound as exc:
        return list(exc.problems)
    return []


def content_and_print_problems(inputs: Inputs, langs: tuple[str, ...], project: Project, jobs: int = 1,
                               progress: Progress | None = None, products: tuple[Product, ...] = PRODUCTS,
                               checkers: Checkers = CHECKERS
                               ) -> tuple[list[Problem], list[Problem]]:
    """The content checks' problems and the print checks', apart (as `validate` reports them).

    With one job the content checks run first, and the print checks only for the languages they found no error in.
    With more, all are the tasks of one pool: the print checks start beside the content checks (those first, then
    the print checks the longest first, so that the workers end together), and what they found in a language with a
    content error is dropped, an exception they raised on its broken texts included. The problems are the same for
    any number of jobs."""
    if jobs <= 1:
        content = content_problems(inputs, langs, checkers=checkers)
        return content, print_problems(inputs, langs, project, error_langs(content), progress=progress,
                                       products=products)
    checks, printing = content_checks(inputs, langs, checkers), print_tasks(inputs, langs, project, products)
    found = results_in_order([*checks, *(partial(attempted, task) for _, task in printing[::-1])], jobs, progress)
    content = merged(found[:len(checks)])
    broken = error_langs(content)
    printed = [[] if lang in broken else raised(result)
               for (lang, _), result in zip(printing, found[len(checks):][::-1])]
    return content, print_report(langs, broken, printing, printed)


def content_problems(inputs: Inputs, langs: tuple[str, ...], jobs: int = 1,
                     checkers: Checkers = CHECKERS) -> list[Problem]:
    """The problems of `content_checks`, run in `jobs` worker processes when more than one language is checked,
    in check order."""
    several = len([lang for lang in langs if lang not in UNTRANSLATED]) > 1
    return merged(results_in_order(content_checks(inputs, langs, checkers), jobs if several else 1))


def content_checks(inputs: Inputs, langs: tuple[str, ...], checkers: Checkers = CHECKERS
                   ) -> list[Callable[[], list[Problem]]]:
    """The checks that compare the inputs with each other (`checkers`, default CHECKERS) for the given languages,
    each a task that returns its problems. English, the source language, has none (its texts are the msgids the
    translations are checked against). A check that needs engine data, cards or word lists that could not be read
    is left out (their load problems say why); every other check runs, so that one run reports everything."""
    translations = tuple(lang for lang in langs if lang not in UNTRANSLATED)
    loaded = available(inputs)
    return [partial(drafts_lenient, checker, inputs, translations) for checker, needs in checkers if needs <= loaded]


def drafts_lenient(checker: Checker, inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """A content checker's problems; in a draft language (locales/languages.toml) a message not translated yet is
    no problem (its coverage says how many there are; a draft build prints their English source) and every other
    problem is a warning."""
    drafts = {lang for lang in langs if language(lang).status == DRAFT}
    return [replace(p, severity=WARNING) if p.where.lang in drafts else p for p in checker(inputs, langs)
            if not (p.where.lang in drafts and p.code in UNTRANSLATED_CODES)]


def merged(found: Iterable[list[Problem]]) -> list[Problem]:
    """The problems of several checks, in their order, each once."""
    return list(dict.fromkeys(p for problems in found for p in problems))


def error_langs(problems: list[Problem]) -> frozenset[str]:
    """The languages that `problems` has an error in."""
    return frozenset(p.where.lang for p in problems if p.severity == ERROR and p.where.lang)


def print_problems(inputs: Inputs, langs: tuple[str, ...], project: Project, broken: frozenset[str] = frozenset(),
                   jobs: int = 1, progress: Progress | None = None, products: tuple[Product, ...] = PRODUCTS
                   ) -> list[Problem]:
    """The print checks' problems: what composing each of `products` finds, everything a build can fail on (every
    text fits its box at or above the minimum size, every character is covered by its font, the rulebook's wordings
    and examples the engine values keep true, its tables with room), without rendering. They lay out the texts, so
    they run for the languages not in `broken` (those with translation errors: a broken placeholder cannot even be
    filled in); for the others a warning says they were skipped. They run in `jobs` worker processes
    (pnp.core.parallel), the longest first; the problems come in the same order for any number."""
    printing = print_tasks(inputs, tuple(lang for lang in langs if lang not in broken), project, products)
    found = results_in_order([task for _, task in printing[::-1]], jobs, progress)[::-1]
    return print_report(langs, broken, printing, found)


def print_tasks(inputs: Inputs, langs: tuple[str, ...], project: Project, products: tuple[Product, ...] = PRODUCTS
                ) -> list[tuple[str, Callable[[], list[Problem]]]]:
    """(language, task) of each print check, product by product (the longest, the rulebook, last), one language at a
    time; a product that needs inputs that could not be read is left out."""
    loaded = available(inputs)
    return [(lang, partial(composed_problems, product, inputs, lang, project))
            for product in products if product.needs <= loaded for lang in langs]


def print_report(langs: tuple[str, ...], broken: frozenset[str], printing: list[tuple[str, object]],
                 found: list[list[Problem]]) -> list[Problem]:
    """A warning for each language in `langs` that is `broken`, then the problems `found` by the `printing` tasks of
    the other languages, in task order, each once (a layout file several products read)."""
    skipped = [Problem("print-checks-skipped", f"text fit and font coverage not checked for {lang}: fix its "
                       "translation errors first", Location(lang=lang), WARNING) for lang in langs if lang in broken]
    return list(dict.fromkeys([*skipped, *(p for (lang, _), problems in zip(printing, found) if lang not in broken
                                           for p in problems)]))


def composed_problems(product: Product, inputs: Inputs, lang: str, project: Project) -> list[Problem]:
    """What composing `product` in `lang` finds, as a build with the default options composes it; a layout file the
    product reads that is wrong gives located problems, no traceback."""
    try:
        ctx = BuildContext(project, inputs, BuildOptions(langs=(lang,)), register_fonts(project.fonts), {}, (lang,))
        return list(product.compose(ctx).problems)
    except ProblemsFound as exc:
        return list(exc.problems)
