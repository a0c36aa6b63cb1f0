"""Properties of the printed kit a reviewer checks by eye: faction abbreviations that read as the faction."""
from __future__ import annotations

import pytest

from conftest import LANGS
from pnp.i18n.localize import localize_cards
from pnp.project import Project, load_inputs


@pytest.fixture(scope="module")
def inputs():
    return load_inputs(Project(), LANGS + ("en",))


@pytest.mark.parametrize("lang", LANGS + ("en",))
def test_each_faction_has_its_own_abbreviation_and_none_reads_as_spain(inputs, lang):
    abbreviations = {}
    for card in localize_cards(inputs.cards, inputs.catalogs[lang]):
        abbreviations.setdefault(card.card.faction, set()).add(card.collector.split()[0])
    assert all(len(found) == 1 for found in abbreviations.values())
    assert len({found.pop() for found in abbreviations.values()} - {"ESP"}) == len(abbreviations)
