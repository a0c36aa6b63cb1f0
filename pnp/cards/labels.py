"""Words printed on cards besides the card data: the energy badge's label and the terrain doctrine type line.

They belong to the "cards" gettext domain (extracted from this module as well as pnp/data/terms.py and data/cards).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..i18n.catalogs import LanguageCatalog
from ..i18n.localize import CARDS_DOMAIN, stat_labels
from ..i18n.translator import Translator
from ..core.problems import raise_if_errors
from ..data.terms import N_

ENERGY = N_("card label", "Energy")
# TRANSLATORS: the type line of a doctrine that is a terrain card (deck building allows only a few of them).
TERRAIN_DOCTRINE = N_("card label", "Terrain Doctrine")


@dataclass(frozen=True)
class CardLabels:
    """The printed labels of one language: stat abbreviations (pl OBR, tr SAL/SAV), energy, terrain doctrine."""

    lang: str
    atk: str
    def_: str
    energy: str
    terrain_doctrine: str


def card_labels(catalog: LanguageCatalog) -> CardLabels:
    """The labels in the catalog's language; raises ProblemsFound when one is not translated."""
    translator = Translator(catalog, CARDS_DOMAIN)
    stats = stat_labels(catalog)
    labels = CardLabels(catalog.lang, stats["atk"], stats["def"], translator.text(*ENERGY),
                        translator.text(*TERRAIN_DOCTRINE))
    raise_if_errors(translator.problems)
    return labels
