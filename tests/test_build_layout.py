"""Layouts as data: pnp/layouts/*.toml loaded into checked dataclasses, `extends`, and clear problems."""
from __future__ import annotations

import json
import shutil

import pytest

from pnp.cards.layout import card_layout
from pnp.core.loader import load_layout, read_layout
from pnp.layouts.schemas import LAYOUTS, GridSize, SheetLayout, sheet_layout
from pnp.core.problems import ProblemsFound
from pnp.data.terms import FACTIONS


def test_the_card_is_63_by_88_with_3_mm_bleed_and_safe_zone():
    card = card_layout(LAYOUTS).card
    assert (card.width, card.height, card.bleed, card.safe) == (63, 88, 3, 3)


def test_every_text_box_lies_in_the_safe_zone_and_every_faction_is_styled():
    layout = card_layout(LAYOUTS)
    safe = layout.card.safe_box
    assert all(safe.contains(box) for box in layout.text_boxes().values())
    assert set(layout.factions) == set(FACTIONS)


def test_letter_extends_a4_and_changes_the_paper_and_grid_only():
    a4, letter = sheet_layout("a4", LAYOUTS), sheet_layout("letter", LAYOUTS)
    assert (letter.paper.width, letter.paper.height) == (215.9, 279.4)
    assert (a4.paper.width, a4.paper.height) == (210, 297)
    assert (a4.grid, letter.grid) == (GridSize(3, 3, turned=False), GridSize(2, 4, turned=True))
    assert letter.margins == a4.margins
    assert read_layout("home-letter", LAYOUTS).get("extends") is None  # consumed while merging


@pytest.fixture
def layouts(tmp_path):
    directory = tmp_path / "layouts"
    shutil.copytree(LAYOUTS, directory)
    return directory


def test_a_layout_is_read_anew_when_a_file_it_extends_changes_and_is_remembered_while_none_does(layouts):
    """load_layout remembers a layout by the bytes of its files: home-letter reads home-a4 too (extends)."""
    a4, letter = layouts / "home-a4.toml", layouts / "home-letter.toml"
    shipped = a4.read_text()
    assert sheet_layout("letter", layouts).margins.mark_gap == sheet_layout("a4", layouts).margins.mark_gap
    before = sheet_layout("letter", layouts)
    assert sheet_layout("letter", layouts) is before  # the same files: not converted again (a conversion is new)
    a4.write_text(shipped.replace("mark_gap = 0.3 ", "mark_gap = 0.5 ", 1))
    assert sheet_layout("letter", layouts).margins.mark_gap == 0.5  # the file it extends changed, its size kept
    a4.write_text(shipped)
    assert sheet_layout("letter", layouts) == before
    letter.write_text(letter.read_text().replace('extends = "home-a4"', 'extends = "home-a3"'))
    with pytest.raises(ProblemsFound):  # what it extends changed: read anew, and home-a3 is no layout
        sheet_layout("letter", layouts)


def test_an_unknown_key_and_a_wrong_type_are_reported_with_file_and_key(layouts):
    path = layouts / "home-a4.toml"
    path.write_text(path.read_text().replace("columns = 3", "columns = \"three\"\ncolumn_gap = 1"))
    with pytest.raises(ProblemsFound) as caught:
        load_layout("home-a4", SheetLayout, layouts)
    problems = {p.code: p for p in caught.value.problems}
    assert problems["layout-value"].where.field == "grid.columns" and "whole number" in problems["layout-value"].message
    assert problems["layout-unknown-key"].where.field == "grid.column_gap"
    assert problems["layout-value"].where.file.endswith("home-a4.toml")


def test_a_missing_layout_and_an_extends_cycle_are_problems(layouts):
    (layouts / "home-a4.toml").write_text('extends = "home-letter"\n' + (layouts / "home-a4.toml").read_text())
    with pytest.raises(ProblemsFound) as caught:
        read_layout("home-letter", layouts)
    assert caught.value.problems[0].code == "layout-extends"
    with pytest.raises(ProblemsFound) as caught:
        read_layout("home-a3", layouts)
    assert caught.value.problems[0].code == "layout-missing"


def test_a_text_box_outside_the_safe_zone_is_refused(layouts):
    path = layouts / "card.toml"
    path.write_text(path.read_text().replace("box = { x = 3.4, y = 3.0, width = 56.2, height = 2.5 }",
                                             "box = { x = 3.4, y = 1.0, width = 56.2, height = 2.5 }"))
    with pytest.raises(ProblemsFound) as caught:
        card_layout(layouts)
    [problem] = caught.value.problems
    assert problem.code == "layout-safe-zone" and problem.where.field == "front.footer"


@pytest.mark.parametrize("name, old, new, code, key, words", [
    ("card", "parchment = [0.0, 0.03, 0.13, 0.01]", "parchment = [0.0, 1.5, 0.13, 0.01]", "layout-colour",
     "palette.parchment", "0..1"),
    ("scoresheet", "ink = [", "ink = [1.2, ", None, None, None),  # a list of five numbers: the wrong shape
    ("card", "fit_step = 0.25", "fit_step = 0", "layout-value", "card.fit_step", "a number from 0.05 to 5"),
    ("card", "size = 9.6, min_size = 7.5", "size = 9.6, min_size = 10.0", "layout-value", "front.effect.style",
     "min_size 10 must not be above size 9.6"),
    ("card", 'style = { font = "body", size = 9.6', 'style = { font = "bodoni", size = 9.6', "layout-value",
     "front.effect.style.font", "a font role"),
])
def test_typed_values_are_checked_with_their_range_at_their_key(layouts, name, old, new, code, key, words):
    """Colours 0..1, a fit step above zero (0 used to hang the fitting), a minimum size not above the size, a known
    font role: one located problem each, from the loader (pnp/core/values.py)."""
    from pnp.cards.layout import CardLayout
    from pnp.sheets.layout import ScoreSheetLayout
    path = layouts / f"{name}.toml"
    assert old in path.read_text()
    path.write_text(path.read_text().replace(old, new, 1))
    with pytest.raises(ProblemsFound) as caught:
        load_layout(name, {"card": CardLayout, "scoresheet": ScoreSheetLayout}[name], layouts)
    if code is None:
        assert [p.code for p in caught.value.problems] == ["layout-value"]
        return
    [problem] = [p for p in caught.value.problems if p.code == code]
    assert problem.where.field == key and problem.where.file.endswith(f"{name}.toml") and words in problem.message


def test_a_colour_above_the_total_ink_limit_is_refused_when_a_layout_loads(layouts):
    """Dark faction colours once reached 275 %; every colour of the card, token, score sheet and rulebook layouts
    is checked against the card layout's max_ink (260 %) when it loads."""
    from pnp.rulebook.layout import rulebook_layout
    from pnp.sheets.layout import tokens_layout

    card = layouts / "card.toml"
    shipped = card.read_text()
    card.write_text(shipped.replace("dark = [0.12, 0.01, 0.78, 0.66]", "dark = [0.85, 0.35, 0.95, 0.6]"))
    with pytest.raises(ProblemsFound) as caught:
        card_layout(layouts)
    [problem] = caught.value.problems
    assert (problem.code, problem.where.field) == ("layout-ink", "factions.dacia.dark") and "275 %" in problem.message
    card.write_text(shipped)  # the other layouts read max_ink from the same folder's card.toml
    tokens = layouts / "tokens.toml"
    tokens.write_text(tokens.read_text().replace("wound = [0.20, 0.90, 0.80, 0.60]", "wound = [0.30, 1.0, 0.9, 0.6]"))
    with pytest.raises(ProblemsFound) as caught:
        tokens_layout(layouts)
    assert [(p.code, p.where.field) for p in caught.value.problems] == [("layout-ink", "palette.wound")]
    rulebook = layouts / "rulebook.toml"
    rulebook.write_text(rulebook.read_text().replace("ink = [0.10, 0.30, 0.45, 0.85]", "ink = [0.7, 0.6, 0.6, 1.0]"))
    with pytest.raises(ProblemsFound) as caught:
        rulebook_layout(layouts)
    assert [(p.code, p.where.field) for p in caught.value.problems] == [("layout-ink", "palette.ink")]


def test_a_panel_nearer_the_trim_than_the_safe_zone_is_refused(layouts):
    """The panels frame the face (there is no frame line): each stays at least 3 mm inside the trim."""
    path = layouts / "card.toml"
    path.write_text(path.read_text().replace("unit = { x = 3.4, y = 43.6, width = 56.2, height = 27.2 }",
                                             "unit = { x = 1.9, y = 43.6, width = 59.2, height = 27.2 }"))
    with pytest.raises(ProblemsFound) as caught:
        card_layout(layouts)
    assert [(p.code, p.where.field) for p in caught.value.problems] == [("layout-safe-zone", "front.art.unit")]


@pytest.mark.parametrize("target", ["../../../etc/passwd", "/etc/hostname", "sub/card", 3])
def test_extends_names_only_a_layout_of_the_same_folder(layouts, target):
    path = layouts / "home-a4.toml"
    path.write_text(f"extends = {json.dumps(target)}\n" + path.read_text())
    with pytest.raises(ProblemsFound) as raised:
        read_layout("home-a4", layouts)
    assert [(p.code, p.where.file) for p in raised.value.problems] == [("layout-extends", str(path))]
