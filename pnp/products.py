"""The products of the kit in one registry, each one interface: `compose(ctx) -> Composed`, what the product prints
in the context's one language and the problems found composing it (a frozen dataclass with a `problems` field;
ProblemsFound when it cannot be composed at all), and `render(composed) -> {path relative to --out: bytes}`.

`pnp validate` composes every product in every language and renders nothing (pnp.validate); `pnp build` composes
every product once per language and renders those it writes (pnp.kit.build); a product it does not write (the
calibration sheet, made by `pnp calibrate`; every product beside the deck of `--deck`) is only composed, so that
nothing a build can fail on goes unchecked and nothing is composed twice."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Protocol

from .cards.produce import compose_cards, compose_deck_list, render_deck_list, render_decks
from .context import BuildContext
from .core.problems import Problem
from .sheets.produce import (compose_calibration, compose_score_sheet, compose_tokens, render_calibration,
                             render_score_sheet, render_tokens)

Needs = frozenset[str]  # the parts of the inputs a product cannot do without: "engine", "cards", "lexicon"
ENGINE, CARDS, LEXICON = frozenset({"engine"}), frozenset({"cards"}), frozenset({"lexicon"})
NOTHING: Needs = frozenset()


class Composed(Protocol):
    """What a product composed: its own frozen dataclass, with the problems found."""

    @property
    def problems(self) -> tuple[Problem, ...]: ...


@dataclass(frozen=True)
class Product:
    """A product of the kit: the inputs it needs, how it is composed and how rendered to files."""
    name: str
    needs: Needs
    compose: Callable[[BuildContext], Composed]
    render: Callable[[Composed], dict[Path, bytes]]
    built: bool = True  # written by `pnp build` (else only composed: the calibration sheet has a command of its own)


def compose_rulebook(ctx: BuildContext) -> Composed:
    """The rulebook's compose (pnp.rulebook.produce), imported by the process that runs it."""
    from .rulebook.produce import compose
    return compose(ctx)


def render_rulebook(composed: Composed) -> dict[Path, bytes]:
    """The rulebook's render (pnp.rulebook.produce), imported by the process that runs it."""
    from .rulebook.produce import render
    return render(composed)


# in the order `pnp validate` reports them; the longest, the rulebook's, last (the pools start it first)
CARD_DECKS = Product("card decks", ENGINE | CARDS, compose_cards, render_decks)
PRODUCTS: tuple[Product, ...] = (
    CARD_DECKS,
    Product("score sheet", ENGINE, compose_score_sheet, render_score_sheet),
    Product("tokens", ENGINE, compose_tokens, render_tokens),
    Product("calibration sheet", NOTHING, compose_calibration, render_calibration, built=False),
    Product("rulebook", ENGINE | CARDS | LEXICON, compose_rulebook, render_rulebook),
)
DECK_LIST = Product("deck list", ENGINE | CARDS, compose_deck_list, render_deck_list)  # `pnp build --deck FILE` alone
