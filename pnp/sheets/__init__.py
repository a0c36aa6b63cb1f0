"""The score sheet and the tokens: derived from the engine data, localized, rendered for `pnp build`.

Public API: the build's producers `score_sheet` and `tokens` (pnp.sheets.produce), the validator's checkers
`score_sheet_print_problems` and `token_print_problems`, and `token_counts` for the rulebook's list of components.
"""
from .checks import score_sheet_print_problems, token_print_problems
from .tokens import TokenCount, token_counts

__all__ = ["TokenCount", "score_sheet_print_problems", "token_counts", "token_print_problems"]
