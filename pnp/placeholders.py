"""Placeholder names allowed in messages besides the engine data names (pnp.engine_data.ENGINE_NAMES).

Each is computed by the program (never typed by a translator); the validator rejects any other name.
"""
from __future__ import annotations

from .engine_data import ENGINE_NAMES

COMPUTED_PLACEHOLDERS: dict[str, str] = {
    "amount": "a signed bonus amount, e.g. +1 or −1 (bonus phrases)",
    "stat": "a localized stat abbreviation, e.g. ATK, OBR, SAV (bonus phrases)",
}

KNOWN_PLACEHOLDERS = frozenset(ENGINE_NAMES) | frozenset(COMPUTED_PLACEHOLDERS)
