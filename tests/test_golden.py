"""Golden images: representative card faces and sheet parts rendered now, compared with tests/golden/*.png with a
tolerance for antialiasing (as WeasyPrint's pixel tests do). After an intended change, look at the images and
regenerate them: `.venv/bin/python tests/golden.py`."""
from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat

from golden import FACES, GOLDEN, SHEETS, render_face, render_sheet

MEAN_TOLERANCE = 0.5      # mean absolute difference per channel, of 255
PIXEL_TOLERANCE = 32      # a pixel differs when its grey value differs by more than this …
MAX_DIFFERING = 0.0003    # … and at most this share of the pixels may differ (about 30 of a card's 96 000)


def _compare(name: str, image: Image.Image) -> None:
    golden = Image.open(GOLDEN / f"{name}.png").convert("RGB")
    assert image.size == golden.size, (name, image.size, golden.size)
    difference = ImageChops.difference(image, golden)
    mean = sum(ImageStat.Stat(difference).mean) / 3
    differing = difference.convert("L").point(lambda v: 255 if v > PIXEL_TOLERANCE else 0).histogram()[255]
    share = differing / (image.width * image.height)
    assert mean <= MEAN_TOLERANCE and share <= MAX_DIFFERING, (
        f"{name}: mean difference {mean:.2f}, {share:.2%} of the pixels differ; if the change is intended, run "
        "`.venv/bin/python tests/golden.py` and review the images")


@pytest.mark.parametrize("name", FACES)
def test_card_face_matches_its_golden_image(name):
    _compare(name, render_face(*FACES[name]))


@pytest.mark.parametrize("name", SHEETS)
def test_sheet_part_matches_its_golden_image(name):
    _compare(name, render_sheet(*SHEETS[name]))
