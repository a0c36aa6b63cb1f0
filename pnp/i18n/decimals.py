"""Numbers as a language writes them ("2,5" in German): Babel's format_decimal, kept across runs (DECIMALS): to
write them Babel reads the language's locale data, about 8 ms a language in every process that composes the
calibration sheet (`pnp validate` of five languages: about 40 ms)."""
from __future__ import annotations

import babel
from babel import numbers

from ..core.disk_cache import DiskCache, source_digest
from .languages import babel_locale

DECIMALS = DiskCache("decimals", "numbers as a language writes them (Babel's format_decimal)", "the locale, the "
                     "numbers, Babel's version and pnp's writing code", "pnp.i18n.decimals.DECIMALS")
WRITING_CODE = source_digest(__name__) + babel.__version__.encode()


def written(values: tuple[float, ...], lang: str) -> tuple[str, ...]:
    """The values as the language writes them, in its locale (`babel_locale`)."""
    locale = babel_locale(lang)
    return DECIMALS.value(locale, f"{locale}\0{values!r}\0".encode() + WRITING_CODE,
                          lambda: tuple(numbers.format_decimal(value, locale=locale) for value in values))
