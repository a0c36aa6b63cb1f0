"""The token set for one game: which tokens, how many and why (pnp/layouts/tokens.toml plus the engine data, each
entry's kind from the registry pnp.sheets.token_faces.KINDS)."""
from __future__ import annotations

from dataclasses import dataclass

from ..data.engine_data import Engine
from ..problems import Location, Problem, raise_if_errors
from .layout import LAYOUTS, TokensLayout, TokenSet, tokens_layout
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


def _known(layout: TokensLayout) -> None:
    """Raises ProblemsFound for an entry whose kind the registry does not know."""
    raise_if_errors([Problem("layout-token", f"unknown token kind '{entry.kind}'; expected one of "
                             f"{', '.join(KINDS)} (pnp.sheets.token_faces.KINDS)",
                             Location(file=str(LAYOUTS / "tokens.toml"), field=f"set {entry.id}"))
                     for entry in layout.set if entry.kind not in KINDS])


def token_list(engine: Engine, layout: TokensLayout | None = None) -> tuple[Token, ...]:
    """Every token of the set, in the order they are printed."""
    layout = layout or tokens_layout()
    _known(layout)
    return tuple(token for entry in layout.set for token in _tokens(entry, engine))


def token_counts(engine: Engine, layout: TokensLayout | None = None) -> tuple[TokenCount, ...]:
    """The number of tokens of each entry of the set, computed from the engine data where the layout says so."""
    layout = layout or tokens_layout()
    _known(layout)
    result = []
    for entry in layout.set:
        amounts = tuple(a for a in KINDS[entry.kind].amounts(entry, engine) if a)
        result.append(TokenCount(entry.id, entry.kind, len(_tokens(entry, engine)), entry.reason, entry.stat, amounts))
    return tuple(result)
