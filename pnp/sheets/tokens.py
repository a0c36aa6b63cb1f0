"""The token set for one game: which tokens, how many and why (pnp/layouts/tokens.toml plus the engine data)."""
from __future__ import annotations

from dataclasses import dataclass

from ..data.engine_data import Engine
from .layout import TokensLayout, TokenSet, tokens_layout


@dataclass(frozen=True)
class Token:
    """One physical token. Modifier: +amount on the front, −amount on the back; wound: −amount ATK / DEF."""

    kind: str
    stat: str = ""
    amount: int = 0


@dataclass(frozen=True)
class TokenCount:
    """How many tokens of one entry a game needs, and why (for the rulebook's list of components)."""

    id: str
    kind: str
    count: int
    reason: str
    stat: str = ""
    amounts: tuple[int, ...] = ()


def wound_values(engine: Engine) -> tuple[int, ...]:
    """The wound amounts printed on tokens: every ATK a card can have printed."""
    return tuple(range(engine.stats_printed_min, engine.stats_printed_max + 1))


def _tokens(entry: TokenSet, engine: Engine) -> list[Token]:
    multiplier = engine.numbers[entry.per] if entry.per else 1
    if entry.kind == "wound":
        return [Token("wound", amount=value) for value in wound_values(engine) for _ in range(entry.count * multiplier)]
    return [Token(entry.kind, entry.stat, entry.amount)] * (entry.count * multiplier)


def token_list(engine: Engine, layout: TokensLayout | None = None) -> tuple[Token, ...]:
    """Every token of the set, in the order they are printed."""
    layout = layout or tokens_layout()
    return tuple(token for entry in layout.set for token in _tokens(entry, engine))


def token_counts(engine: Engine, layout: TokensLayout | None = None) -> tuple[TokenCount, ...]:
    """The number of tokens of each entry of the set, computed from the engine data where the layout says so."""
    layout = layout or tokens_layout()
    result = []
    for entry in layout.set:
        tokens = _tokens(entry, engine)
        amounts = wound_values(engine) if entry.kind == "wound" else ((entry.amount,) if entry.amount else ())
        result.append(TokenCount(entry.id, entry.kind, len(tokens), entry.reason, entry.stat, amounts))
    return tuple(result)
