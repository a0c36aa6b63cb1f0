"""Layout values a layout cannot work with are located problems, not a hang or a traceback."""
from __future__ import annotations

import shutil

import pytest

from pnp.layouts.schemas import LAYOUTS, CardLayout, load_layout
from pnp.problems import ProblemsFound

FAULTS = [
    ("fit_step = 0.25", "fit_step = 0", "'card.fit_step' must be above zero, found 0"),
    ("max_dpi = 400", "max_dpi = 0", "'art': min_dpi 300 and max_dpi 0 must be above 0, min_dpi not above max_dpi"),
    ("unit = { x = 3.4, y = 43.6, width = 56.2, height = 27.2 }", "unit = { x = 3.4, y = 43.6, width = 56.2, "
     "height = 0 }", "'front.art.unit': height 0 must be above 0"),
    ('value = { font = "bold"', 'value = { font = "Comic Sans"', "'front.stats.value.font' must be a font role "
     '(title, title-tr, brand, body, italic, bold, tabular, sans, sans-bold), found "Comic Sans"'),
    ("fit_step = 0.25", "fit_step = nan", "'card.fit_step' must be a finite number, found nan"),
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
