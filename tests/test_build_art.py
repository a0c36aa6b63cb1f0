"""Card art: art/<card-id>.png|.jpg cover-fitted into the window, coarse images warned about, corrupt ones refused,
a generated placeholder for every other card — never an empty window."""
from __future__ import annotations

from pathlib import Path, PurePath

import pytest
from PIL import Image, ImageStat

from deck_helpers import front_cards, grid, pixels, render_decks
from pnp.data.art import cover_fit, load_art
from pnp.context import BuildOptions
from pnp.cards.layout import card_layout
from pnp.layouts.schemas import LAYOUTS
from pnp.project import Project
from pnp.core.units import MM

WINDOW = card_layout(LAYOUTS).front.art.unit
SETTINGS = card_layout(LAYOUTS).art


def test_cover_fit_crops_to_the_window_and_scales_down_to_the_maximum_dpi():
    image, dpi = cover_fit(Image.new("RGB", (1000, 700)), WINDOW.width, WINDOW.height, 400)
    assert dpi == 400
    assert image.size == (round(WINDOW.width / 25.4 * 400), round(WINDOW.height / 25.4 * 400))
    small, small_dpi = cover_fit(Image.new("RGB", (300, 600)), WINDOW.width, WINDOW.height, 400)
    assert small.width == 300 and small.height == round(300 * WINDOW.height / WINDOW.width)
    assert small_dpi == pytest.approx(300 / (WINDOW.width / 25.4))


def _art(tmp_path: Path, name: str, size=(900, 440), colour=(200, 30, 30)) -> Path:
    directory = tmp_path / "art"
    directory.mkdir(exist_ok=True)
    Image.new("RGB", size, colour).save(directory / name)
    return directory


def test_coarse_art_is_a_warning_and_corrupt_art_an_error_naming_the_file(tmp_path):
    directory = _art(tmp_path, "rome.testudo.jpg", size=(200, 100))
    (directory / "rome.hastati-line.png").write_bytes(b"not a png at all")
    _art(tmp_path, "rome.no-such-card.png")
    windows = [("rome.testudo", WINDOW.width, WINDOW.height), ("rome.hastati-line", WINDOW.width, WINDOW.height)]
    found, problems = load_art(directory, windows, SETTINGS)
    by_code = {p.code: p for p in problems}
    assert set(found) == {"rome.testudo"}
    coarse = by_code["art-low-resolution"]
    assert coarse.severity == "warning" and coarse.where.card == "rome.testudo" and "90 dpi" in coarse.message
    corrupt = by_code["art-corrupt"]
    assert corrupt.severity == "error" and corrupt.where.file.endswith("rome.hastati-line.png")
    assert by_code["art-unknown-card"].severity == "warning"


def _window_pixels(pdf: bytes, page: int, slot: int, dpi: int = 60) -> Image.Image:
    g = grid("a4")
    image = pixels(pdf, page, dpi)
    x, y = g.cell_origin(slot)
    s = dpi / 72
    left, right = (x + (WINDOW.x + 1) * MM) * s, (x + (WINDOW.right - 1) * MM) * s
    top, bottom = image.height - (y + (WINDOW.top - 1) * MM) * s, image.height - (y + (WINDOW.y + 1) * MM) * s
    return image.crop((round(left), round(top), round(right), round(bottom)))


@pytest.fixture(scope="module")
def rome_with_art(tmp_path_factory):
    art = _art(tmp_path_factory.mktemp("project"), "rome.hastati-line.png", colour=(20, 20, 20))
    decks = render_decks(BuildOptions(langs=("de",)), Project(art=art))
    return decks[PurePath("de/cards/rome.pdf")]


def test_art_fills_the_window_of_its_card_and_placeholders_fill_the_others(rome_with_art):
    placed = {card_id: (page, slot) for page, slot, card_id, _ in front_cards(rome_with_art, "a4")}
    art_window = _window_pixels(rome_with_art, *placed["rome.hastati-line"])
    assert art_window.getextrema()[1] < 60  # the dark test image, edge to edge
    for card_id in ("rome.legionary-cohort", "rome.testudo", "rome.pilum-volley"):
        window = _window_pixels(rome_with_art, *placed[card_id])
        low, high = window.getextrema()
        assert high - low > 80 and ImageStat.Stat(window).stddev[0] > 10, card_id  # a picture, not an empty box
