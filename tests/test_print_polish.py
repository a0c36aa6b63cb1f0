"""Properties of the printed kit a reviewer checks by eye: faction abbreviations that read as the faction, the type
sizes on the cards."""
from __future__ import annotations

import pytest

from conftest import LANGS
from pnp.cards.checks import compose_language
from pnp.cards.faces import fit_name
from pnp.cards.labels import card_labels
from pnp.i18n.localize import localize_cards
from pnp.cards.layout import card_layout
from pnp.layouts.schemas import LAYOUTS
from pnp.project import Project, load_inputs
from pnp.typeset.fonts import fonts_for, register_fonts


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


@pytest.fixture(scope="module")
def fronts(inputs):
    """Every language's composed fronts, as the build composes them (a faction's names at one size)."""
    fonts = register_fonts(Project().fonts)
    layout = card_layout(LAYOUTS)
    return {lang: compose_language(localize_cards(inputs.cards, catalog), card_labels(catalog), layout, fonts)[0]
            for lang, catalog in inputs.catalogs.items()}


def test_type_and_faction_name_are_at_least_7_pt(fronts):
    sizes = [(face.type.size, face.faction.size) for faces in fronts.values() for face in faces]
    assert min(min(pair) for pair in sizes) >= 7.0


def test_the_names_of_a_deck_share_one_size_unless_a_name_must_shrink(fronts):
    """One size per faction deck (so per sheet); a name set smaller only where it fits at no larger size, and
    then at the largest size it fits."""
    layout, fonts = card_layout(LAYOUTS), register_fonts(Project().fonts)
    for lang, faces in fronts.items():
        for faction in {face.card.faction for face in faces}:
            deck = [face for face in faces if face.card.faction == faction]
            common = max(face.name.size for face in deck)
            for face in deck:
                if face.name.size != common:
                    best = fit_name(face.name.text, layout, fonts_for(fonts, lang))
                    assert face.name.size == best.size < layout.front.name.deck_min, (lang, face.card.id)
    counts = [len({face.name.size for face in faces if face.card.faction == faction})
              for faces in fronts.values() for faction in {face.card.faction for face in faces}]
    assert max(counts) == 1  # the shipped names need no exception


def test_the_name_banner_is_as_far_from_the_top_trim_as_from_the_sides():
    layout = card_layout(LAYOUTS)
    box = layout.front.name.box
    assert box.x == pytest.approx(layout.card.width - box.right) == pytest.approx(layout.card.height - box.top)
