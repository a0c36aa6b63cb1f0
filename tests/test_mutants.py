"""Tests that kill the mutants mutation testing found alive: multiset comparisons of numbers and placeholders, and
a build that must not ignore a producer's problems."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import invoke, project_args
from pnp.context import BuildOptions
from pnp.kit.build import build
from pnp.i18n.catalogs import catalog_path
from pnp.core.problems import Location, Problem, ProblemsFound
from pnp.cards.faces import badge_boxes
from pnp.cards.layout import card_layout
from pnp.layouts.schemas import LAYOUTS
from pnp.project import Project, load_inputs
from product_helpers import as_products


def plant(root: Path, old: str, new: str) -> None:
    path = catalog_path(root / "locales", "de", "cards")
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def error_lines(runner, root: Path, code: str) -> list[str]:
    result = invoke(runner, "validate", "--lang", "de", *project_args(root))
    assert result.exit_code == 1, result.output
    return [line for line in result.output.splitlines() if f"error {code}" in line]


def test_a_number_repeated_in_a_translation_is_a_number_mismatch(runner, project_copy):
    plant(project_copy, "erhält diese Karte 1 DEF.", "erhält diese Karte 1 DEF, 1 Mal.")  # the same set {1}
    [line] = error_lines(runner, project_copy, "number-mismatch")
    assert "not in the English source: 1" in line


def test_a_placeholder_repeated_in_a_translation_is_an_extra_placeholder(runner, project_copy):
    plant(project_copy, 'msgstr "{amount} {stat} im Kampf"', 'msgstr "{amount} {stat} {stat} im Kampf"')
    [line] = error_lines(runner, project_copy, "placeholder-extra")
    assert "{stat} is not in the English source" in line


def test_a_placeholder_given_once_for_two_is_a_missing_placeholder(runner, project_copy):
    plant(project_copy, 'msgid "{amount} {stat} in combat"\nmsgstr "{amount} {stat} im Kampf"',
          'msgid "{amount} {stat} in combat"\nmsgstr "{amount} im Kampf"')
    assert error_lines(runner, project_copy, "placeholder-missing")


def test_a_producers_problems_fail_the_build_and_nothing_is_written(tmp_path):
    def failing_producer(ctx):
        raise ProblemsFound([Problem("text-does-not-fit", "planted", Location(lang=ctx.langs[0]))])

    def good_producer(ctx):
        return {Path(ctx.langs[0]) / "good.pdf": b"%PDF-1.4 good"}
    with pytest.raises(ProblemsFound) as caught:
        build(Project(), BuildOptions(langs=("de", "pl")), tmp_path / "out",
              products=as_products(good_producer, failing_producer))
    assert [(p.code, p.where.lang) for p in caught.value.problems if p.code == "text-does-not-fit"] == [
        ("text-does-not-fit", "de"), ("text-does-not-fit", "pl")]
    assert not (tmp_path / "out").exists()


@pytest.fixture(scope="module")
def rome_de(tmp_path_factory) -> tuple[bytes, dict]:
    from deck_helpers import shared_decks
    inputs = load_inputs(Project(), ("de",))
    pdf = shared_decks(tmp_path_factory, BuildOptions(langs=("de",), paper="a4"))[Path("de") / "cards" / "rome.pdf"]
    return pdf, {card.id: card for card in inputs.cards.cards}


def test_every_badge_prints_its_own_stat(rome_de):
    """Each unit's three badges read back one by one: ATK its atk, DEF its def, energy its energy (not the level)."""
    import pypdfium2 as pdfium
    from deck_helpers import front_cards, grid, on_page, text_in
    pdf, cards = rome_de
    document = pdfium.PdfDocument(pdf)
    g, boxes, checked = grid("a4"), badge_boxes(card_layout(LAYOUTS)), 0
    for page, slot, card_id, _ in front_cards(pdf, "a4"):
        card = cards[card_id]
        if card.kind != "unit":
            continue
        text = document[page].get_textpage()
        printed = [text_in(text, on_page(g, slot, box)).split()[-1] for box in boxes]
        assert printed == [str(card.atk), str(card.def_), str(card.energy)], card_id
        checked += card.atk != card.def_ and card.energy != card.level
    assert checked >= 5  # cards on which a swapped value would show
