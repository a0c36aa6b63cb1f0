"""Layout values a layout cannot work with are located problems, not a hang or a traceback."""
from __future__ import annotations

import dataclasses
import shutil

import pytest

from pnp.cards.layout import CardLayout
from pnp.core.loader import load_layout
from pnp.layouts.schemas import LAYOUTS
from pnp.core.problems import ProblemsFound

FAULTS = [
    ("fit_step = 0.25", "fit_step = 0", "'card.fit_step' must be a number from 0.05 to 5, found 0"),
    ("max_dpi = 400", "max_dpi = 0", "'art.max_dpi' must be a whole number from 50 to 1200, found 0"),
    ("unit = { x = 3.4, y = 43.6, width = 56.2, height = 27.2 }", "unit = { x = 3.4, y = 43.6, width = 56.2, "
     "height = 0 }", "'front.art.unit': height 0 must be above 0"),
    ('value = { font = "bold"', 'value = { font = "Comic Sans"', "'front.stats.value.font' must be a font role "
     '(title, title-tr, brand, body, italic, bold, tabular, sans, sans-bold), found "Comic Sans"'),
    ("bleed = 3.0", "bleed = nan", "'card.bleed' must be a finite number, found nan"),
    ("bleed = 3.0", "bleed = -3.0", "'card': bleed -3 must not be below zero"),
    ("safe = 3.0", "safe = 31.5", "'card': safe 31.5 leaves no room inside a 63 × 88 mm card"),
    ("width = 63.0", "width = -63.0", "'card.width' must be above zero, found -63.0"),
]


@pytest.mark.parametrize("old, new, expected", FAULTS, ids=["fit_step 0", "max_dpi 0", "zero-height art window",
                                                            "unknown font", "nan", "negative bleed",
                                                            "safe zone without room", "negative width"])
def test_an_unusable_layout_value_is_a_located_problem(tmp_path, old, new, expected):
    shutil.copy(LAYOUTS / "card.toml", tmp_path / "card.toml")
    text = (tmp_path / "card.toml").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "card.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ProblemsFound) as caught:
        load_layout("card", CardLayout, tmp_path)
    assert [str(p.where.file) for p in caught.value.problems] == [str(tmp_path / "card.toml")]
    assert expected in caught.value.problems[0].message


RANGES = [  # (file, text, replacement, the message's words): each value outside its documented range, at its key
    ("card.toml", "fit_step = 0.25", "fit_step = 0.000001", "'card.fit_step' must be a number from 0.05 to 5, found 1e-06"),
    ("card.toml", "leading = 1.15, max_lines = 2", "leading = 1.15, max_lines = -1",
     "'front.effect.bonus.max_lines' must be a whole number from 0 to 1000, found -1"),
    ("card.toml", "width = 63.0", "width = 1e300", "'card.width' must be a number from -1000 to 1000"),
    ("export.toml", "dpi = [300, 600]", "dpi = []", "'images.dpi' must be a list of 1 to 64 items, found []"),
    ("export.toml", "dpi = [300, 600]", "dpi = [300, 600000000]", "'images.dpi[1]' must be a whole number from 50 to 1200"),
    ("export.toml", "dpi = [300, 600]", "dpi = [" + ", ".join(["300"] * 100000) + "]",
     "'images.dpi' must be a list of 1 to 64 items"),
    ("scoresheet.toml", "fit_step = 0.25", "fit_step = 1e-9", "'type.fit_step' must be a number from 0.05 to 5"),
    ("home-a4.toml", "columns = 3", "columns = 0", "'grid.columns' must be a whole number from 1 to 1000, found 0"),
    ("export.toml", "rows = 7", "rows = 0", "'tts.rows' must be a whole number from 1 to 1000, found 0"),
    ("scoresheet.toml", "cells_per_row = 13", "cells_per_row = 0", "'life.cells_per_row' must be a whole number from 1"),
    ("scoresheet.toml", "rows = 13 ", "rows = 0 ", "'energy.rows' must be a whole number from 1 to 1000, found 0"),
    ("tokens.toml", "size = 25.0", "size = 0", "'token.size' must be above zero, found 0"),
]


@pytest.mark.parametrize("file, old, new, expected", RANGES, ids=["tiny fit_step", "max_lines -1", "huge width",
                                                                  "empty dpi list", "huge dpi", "endless dpi list",
                                                                  "sheet fit_step", "no grid columns", "no deck rows",
                                                                  "no life cells a row", "no energy rows",
                                                                  "no token size"])
def test_a_layout_number_outside_its_range_is_one_located_problem(tmp_path, file, old, new, expected):
    """The ranges of pnp/core/values.py, checked at load (a tiny fit_step ran the fitting for minutes, an empty
    dpi list raised IndexError, a huge one MemoryError)."""
    from pnp.export.settings import ExportLayout
    from pnp.layouts.schemas import SheetLayout
    from pnp.sheets.layout import ScoreSheetLayout, TokensLayout
    shutil.copy(LAYOUTS / file, tmp_path / file)
    text = (tmp_path / file).read_text(encoding="utf-8")
    assert old in text
    (tmp_path / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    cls = {"card.toml": CardLayout, "export.toml": ExportLayout, "scoresheet.toml": ScoreSheetLayout,
           "home-a4.toml": SheetLayout, "tokens.toml": TokensLayout}[file]
    with pytest.raises(ProblemsFound) as caught:
        load_layout(file.removesuffix(".toml"), cls, tmp_path)
    assert [p.code for p in caught.value.problems] == ["layout-value"]
    assert expected in caught.value.problems[0].message and caught.value.problems[0].where.file.endswith(file)


def test_fitting_tries_a_bounded_number_of_sizes():
    from pnp.core.geometry import TextStyle
    from pnp.typeset.textfit import MAX_SIZES, sizes
    tried = list(sizes(TextStyle("body", 1000.0, 0.1), 0.05))
    assert len(tried) <= MAX_SIZES + 1 and tried[0] == 1000.0 and tried[-1] == 0.1


def test_every_typed_value_has_a_converter_that_refuses_a_wrong_type():
    """The loader's table (pnp.core.loader.CONVERTERS) holds a converter for every typed value of pnp.core.values
    and every scalar a layout uses; each turns a value of the wrong type into one located problem."""
    import typing

    from pnp.core import values
    from pnp.core.loader import CONVERTERS, read_table

    typed = {v for v in vars(values).values() if isinstance(v, typing.NewType)}
    assert typed | {float, int, bool, str} == set(CONVERTERS)
    for tp in CONVERTERS:
        holder = dataclasses.make_dataclass("Holder", [("value", tp)], frozen=True)
        found, problems = read_table(holder, {"value": {"not": "a scalar"}}, "probe.toml")
        assert found is None and [(p.code, p.where.file, p.where.field) for p in problems] == [
            ("layout-value", "probe.toml", "value")], tp


def test_a_token_size_the_paper_cannot_hold_is_located_in_the_tokens_file_read(runner, tmp_path):
    """The problem names the --layouts folder's tokens.toml (it named pnp/layouts/tokens.toml, whatever was read)."""
    from conftest import invoke
    layouts = tmp_path / "layouts"
    shutil.copytree(LAYOUTS, layouts, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    text = (layouts / "tokens.toml").read_text(encoding="utf-8")
    (layouts / "tokens.toml").write_text(text.replace("size = 25.0", "size = 500.0", 1), encoding="utf-8")
    result = invoke(runner, "validate", "--lang", "de", "--layouts", layouts)
    assert result.exit_code == 1
    assert f"{layouts / 'tokens.toml'} field 'token.size': error layout-paper-too-small" in result.output
    assert "pnp/layouts/tokens.toml" not in result.output
