"""The score sheet, the tokens and the calibration sheet: derived from the engine data, localized, composed and
rendered (the products of pnp.products: pnp.sheets.produce).

Public API: `token_counts` for the rulebook's list of components.
"""
from .tokens import TokenCount, token_counts

__all__ = ["TokenCount", "token_counts"]
