"""The products of the kit in one registry: what `pnp validate` checks of each (its print check: composed and
measured, not rendered) and what `pnp build` makes of it (its producer: (BuildContext) -> {path relative to --out:
bytes}, which runs the same check on what it prints and raises ProblemsFound). A build runs a product's producer or,
for a product it does not make (the calibration sheet, made by `pnp calibrate`; every product but the deck beside
`--deck`), its check: nothing is composed twice and nothing a build can fail on goes unchecked."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .cards.checks import card_print_problems
from .cards.produce import card_decks, deck_list
from .context import BuildContext
from .core.problems import Problem
from .project import Inputs, Project
from .sheets import produce as sheets
from .sheets import score_sheet_print_problems, token_print_problems
from .sheets.calibration import calibration_print_problems

Producer = Callable[[BuildContext], dict[Path, bytes]]
PrintChecker = Callable[[Inputs, tuple[str, ...], Project], list[Problem]]
Needs = frozenset[str]  # the parts of the inputs a check cannot do without: "engine", "cards", "lexicon"
ENGINE, CARDS, LEXICON = frozenset({"engine"}), frozenset({"cards"}), frozenset({"lexicon"})
NOTHING: Needs = frozenset()


@dataclass(frozen=True)
class Product:
    name: str
    needs: Needs
    check: PrintChecker | None      # None: checked by its producer only (the deck list of --deck)
    produce: Producer | None        # None: checked by the build, made by a command of its own


def rulebook_problems(inputs: Inputs, langs: tuple[str, ...], project: Project) -> list[Problem]:
    """The rulebook's print checks (pnp.rulebook.checks), imported by the process that runs them."""
    from .rulebook.checks import rulebook_problems as check
    return check(inputs, langs, project)


def rulebook(ctx: BuildContext) -> dict[Path, bytes]:
    """The rulebook's producer (pnp.rulebook.produce), imported by the process that runs it."""
    from .rulebook.produce import rulebook as produce
    return produce(ctx)


# in the order `pnp validate` reports them; the longest, the rulebook's, last (the pools start it first)
PRODUCTS: tuple[Product, ...] = (
    Product("card decks", ENGINE | CARDS, card_print_problems, card_decks),
    Product("score sheet", ENGINE, score_sheet_print_problems, sheets.score_sheet),
    Product("tokens", ENGINE, token_print_problems, sheets.tokens),
    Product("calibration sheet", NOTHING, calibration_print_problems, None),
    Product("rulebook", ENGINE | CARDS | LEXICON, rulebook_problems, rulebook),
)
DECK_LIST = Product("deck list", ENGINE | CARDS, None, deck_list)  # `pnp build --deck FILE`: the deck alone
