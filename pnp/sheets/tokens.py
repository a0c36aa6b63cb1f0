"""The token set for one game: which tokens, how many and why (pnp/layouts/tokens.toml plus the engine data, each
entry's kind from the registry pnp.sheets.token_faces.KINDS)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..data.engine_data import Engine
from ..i18n.catalogs import LanguageCatalog
from ..i18n.localize import stat_labels
from ..i18n.translator import Translator
from ..core.problems import Location, Problem, raise_if_errors
from .layout import TokensLayout, TokenSet, tokens_layout
from .compose import DOMAIN
from .token_faces import KINDS, Token


@dataclass(frozen=True)
class TokenCount:
    """How many tokens of one entry a game needs, and why (for the rulebook's list of components)."""

    id: str
    kind: str
    count: int
    reason: str
    stat: str = ""
    amounts: tuple[int, ...] = ()


def _tokens(entry: TokenSet, engine: Engine) -> list[Token]:
    """The tokens of one entry: `count` (times the engine number `per`) of each amount its kind prints."""
    multiplier = engine.numbers[entry.per] if entry.per else 1
    return [Token(entry.kind, entry.stat, amount) for amount in KINDS[entry.kind].amounts(entry, engine)
            for _ in range(entry.count * multiplier)]


def token_set_layout(directory: Path) -> TokensLayout:
    """tokens.toml of the layouts folder `directory`, every entry's kind known to the registry; raises
    ProblemsFound for an entry whose kind the registry does not know."""
    layout = tokens_layout(directory)
    raise_if_errors([Problem("layout-token", f"unknown token kind '{entry.kind}'; expected one of "
                             f"{', '.join(KINDS)} (pnp.sheets.token_faces.KINDS)",
                             Location(file=str(directory / "tokens.toml"), field=f"set {entry.id}"))
                     for entry in layout.set if entry.kind not in KINDS])
    return layout


def token_list(engine: Engine, layout: TokensLayout) -> tuple[Token, ...]:
    """Every token of the set (a layout of `token_set_layout`), in the order they are printed."""
    return tuple(token for entry in layout.set for token in _tokens(entry, engine))


def token_counts(engine: Engine, layout: TokensLayout) -> tuple[TokenCount, ...]:
    """The number of tokens of each entry of the set (a layout of `token_set_layout`), computed from the engine data
    where the layout says so."""
    result = []
    for entry in layout.set:
        amounts = tuple(a for a in KINDS[entry.kind].amounts(entry, engine) if a)
        result.append(TokenCount(entry.id, entry.kind, len(_tokens(entry, engine)), entry.reason, entry.stat, amounts))
    return tuple(result)


@dataclass(frozen=True)
class TokenRow:
    """One row of the rulebook's table of tokens in a language: the token, how many, how it is used."""

    token: str
    count: int
    use: str


def token_rows(counts: tuple[TokenCount, ...], catalog: LanguageCatalog, engine: Engine
               ) -> tuple[tuple[TokenRow, ...], list[Problem]]:
    """The rulebook's rows of the token set, each from its kind's entry in KINDS (the token's name as printed and
    how it is used; a modifier shows its value and stat on both sides, a kind printing several amounts their
    range), and the translator's problems."""
    text, stats = Translator(catalog, DOMAIN, values=engine.numbers), stat_labels(catalog)
    rows = []
    for count in counts:
        kind = KINDS[count.kind]
        if kind.name is None:
            amount, stat = count.amounts[0], stats[count.stat]
            token = f"+{amount} {stat} / −{amount} {stat}"
        elif len(count.amounts) > 1:
            token = f"{text(kind.name)} −{count.amounts[0]} … −{count.amounts[-1]}"
        else:
            token = text(kind.name)
        rows.append(TokenRow(token, count.count, text(kind.use)))
    return tuple(rows), text.problems
