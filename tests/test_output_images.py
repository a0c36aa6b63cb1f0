"""`pnp export images`: one PNG per distinct card and one back per faction, sized from the card geometry, sRGB,
the same pixels as the pro-mode deck pages, and a manifest that agrees with the database."""
from __future__ import annotations

import csv
import json
from collections import Counter
from io import BytesIO
from pathlib import Path

import pikepdf
import pytest
from reportlab.pdfgen import canvas
from PIL import Image, ImageChops, ImageCms

from conftest import invoke
from deck_helpers import render_decks
from pnp.context import BuildOptions
from product_helpers import page_image
from pnp.data.terms import FACTIONS
from session_cache import shared_layouts

LANG = "pl"
LOW_DPI = 100  # a ninth of the pixels of the shipped 300 dpi; sizes the same arithmetic (mm × dpi, rounded to pixels)
SERVICE_DPI = 200  # the print services' sizes in inches are whole pixels, and a bleed of 3.0 mm is not 3.048 mm


@pytest.fixture(scope="module")
def images(tmp_path_factory, runner) -> Path:
    out = tmp_path_factory.mktemp("images")
    result = invoke(runner, "export", "images", "--lang", LANG, "--out", out)
    assert result.exit_code == 0, result.output
    return out / LANG / "images"


@pytest.fixture(scope="module")
def layouts() -> Path:
    """A folder for `--layouts`: the bundled layouts, whose export.toml also offers LOW_DPI and SERVICE_DPI."""
    return shared_layouts("export.toml", "dpi = [300, 600]", f"dpi = [300, 600, {LOW_DPI}, {SERVICE_DPI}]")


@pytest.fixture(scope="module")
def low_dpi(layouts) -> tuple[str, ...]:
    """`--dpi 100 --layouts FOLDER` (`layouts`)."""
    return "--dpi", str(LOW_DPI), "--layouts", str(layouts)


@pytest.fixture(scope="module")
def low_images(tmp_path_factory, runner, low_dpi) -> Path:
    """The images of `images` at LOW_DPI."""
    out = tmp_path_factory.mktemp("low-images")
    result = invoke(runner, "export", "images", "--lang", LANG, *low_dpi, "--out", out)
    assert result.exit_code == 0, result.output
    return out / LANG / "images"


@pytest.fixture(scope="module")
def pro_decks() -> dict[Path, bytes]:
    return render_decks(BuildOptions(langs=(LANG,), mode="pro"))


def _manifest(folder: Path) -> list[dict]:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def test_one_image_per_distinct_card_and_one_back_per_faction(images, exported):
    fronts = sorted(p.stem for p in images.glob("*.png") if not p.name.startswith("back-"))
    assert fronts == sorted(card["id"] for card in exported[LANG])
    assert sorted(p.name for p in images.glob("back-*.png")) == sorted(f"back-{f}.png" for f in FACTIONS)


def test_images_are_69_by_94_mm_at_300_dpi_in_srgb(images):
    for path in images.glob("*.png"):
        with Image.open(path) as image:
            assert image.size == (815, 1110) and image.mode == "RGB", path.name
            assert round(image.info["dpi"][0]) == 300, path.name
            assert _profile_name(image) == "sRGB built-in", path.name


def _profile_name(image: Image.Image) -> str:
    """The description of the ICC profile embedded in `image`."""
    profile = ImageCms.ImageCmsProfile(BytesIO(image.info["icc_profile"]))
    return ImageCms.getProfileDescription(profile).strip()


def test_the_manifest_lists_every_file_with_name_and_copies(images, exported):
    rows = _manifest(images)
    with (images / "manifest.csv").open(encoding="utf-8", newline="") as fp:
        assert list(csv.DictReader(fp)) == [{k: str(v) for k, v in row.items()} for row in rows]
    by_id = {card["id"]: card for card in exported[LANG]}
    fronts = [row for row in rows if row["side"] == "front"]
    assert {row["id"]: (row["name"], row["copies"]) for row in fronts} == \
        {i: (c["name"], c["copies"]) for i, c in by_id.items()}
    assert sorted(row["file"] for row in rows) == sorted(p.name for p in images.glob("*.png"))
    backs = Counter({row["faction"]: row["copies"] for row in rows if row["side"] == "back"})
    assert backs == Counter(card["faction"] for card in exported[LANG] for _ in range(card["copies"]))


def test_an_image_is_the_pro_deck_page_of_its_card(images, exported, pro_decks):
    deck = pro_decks[Path(LANG) / "cards" / "sparta.pdf"]
    cards = [card for card in exported[LANG] if card["faction"] == "sparta"]
    position = sum(card["copies"] for card in cards[:3])  # the 4th card's first copy
    printed = page_image(deck, 2 * position, 300)
    with Image.open(images / f"{cards[3]['id']}.png") as exported_image:
        assert ImageChops.difference(printed, exported_image.convert("RGB")).getbbox() is None
        other = page_image(deck, 0, 300)
        assert ImageChops.difference(other, exported_image.convert("RGB")).getbbox() is not None
    with Image.open(images / "back-sparta.png") as back:
        assert ImageChops.difference(page_image(deck, 1, 300), back.convert("RGB")).getbbox() is None


def test_without_bleed_the_image_is_the_trim_63_by_88_mm(low_images, low_dpi, runner, tmp_path):
    """At LOW_DPI, against the images with bleed at LOW_DPI: 63 × 88 mm are 248 × 346 px (744 × 1039 at 300 dpi)."""
    result = invoke(runner, "export", "images", "--lang", LANG, "--no-bleed", *low_dpi, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    folder = tmp_path / LANG / "images"
    assert len(list(folder.glob("*.png"))) == len(_manifest(folder)) == 141 + len(FACTIONS)
    with Image.open(folder / "back-rome.png") as trimmed, Image.open(low_images / "back-rome.png") as full:
        assert trimmed.size == (248, 346)
        inner = full.convert("RGB").crop((12, 12, 12 + 248, 12 + 346))  # 3 mm = 11.8 px
        assert ImageChops.difference(inner, trimmed.convert("RGB")).getbbox() is None


def test_600_dpi_gives_the_sizes_of_the_card_geometry(pro_decks):
    pdf = pro_decks[Path(LANG) / "cards" / "rome.pdf"]  # one page: a whole export at 600 dpi takes long
    assert page_image(pdf, 0, 600).size == (1630, 2220)
    assert page_image(pdf, 0, 600, bleed=False).size == (1488, 2079)


def test_an_unknown_resolution_is_a_usage_error(runner, tmp_path):
    result = invoke(runner, "export", "images", "--dpi", "150", "--out", tmp_path)
    assert result.exit_code == 2 and "150" in result.output and not any(tmp_path.iterdir())


def test_the_export_is_deterministic_for_any_number_of_jobs(low_images, low_dpi, runner, tmp_path, monkeypatch):
    """Again, with English beside it in two worker processes: the same files as the fixture's, made in one (both at
    LOW_DPI). With a cache folder of its own: the workers encode the images instead of reading the fixture's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    result = invoke(runner, "export", "images", "--lang", f"en,{LANG}", "--jobs", "2", *low_dpi,
                    "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    again = tmp_path / "out" / LANG / "images"
    assert all((again / p.name).read_bytes() == p.read_bytes() for p in low_images.iterdir())
    assert (tmp_path / "cache" / "pnp" / "card-images").is_dir()  # made here, in the workers


@pytest.mark.parametrize("service, size", [("mpc", (548, 748)), ("dtc", (550, 750))])
def test_a_print_service_gets_images_of_its_size(runner, tmp_path, layouts, service, size):
    """MakePlayingCards 2.5 × 3.5 in + 0.12 in, DriveThruCards + 0.125 in, bleed covered; at SERVICE_DPI, where
    both sizes are whole pixels (822 × 1122 and 825 × 1125 at the shipped 300 dpi) and a bleed of 3.0 instead of
    3.048 mm gives 547 × 747, not MakePlayingCards' size (at LOW_DPI a pixel is 0.25 mm: both are 274 × 374)."""
    result = invoke(runner, "export", "images", "--lang", "en", "--service", service, "--dpi", SERVICE_DPI,
                    "--layouts", layouts, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    for path in (tmp_path / "en" / "images").glob("*.png"):
        with Image.open(path) as image:
            assert image.size == size and _profile_name(image) == "sRGB built-in", path.name
            corners = [image.getpixel((x, y)) for x in (0, size[0] - 1) for y in (0, size[1] - 1)]
            assert (255, 255, 255) not in corners, path.name  # the card's colour reaches the page's edge


def test_a_pro_build_for_drivethrucards_has_its_trim_and_bleed(runner, tmp_path):
    """A 2.75 × 3.75 in page, the 2.5 × 3.5 in TrimBox 0.125 in inside it, on every page."""
    result = invoke(runner, "build", "--lang", "de", "--mode", "pro", "--service", "dtc", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    with pikepdf.open(tmp_path / "de" / "cards" / "rome.pdf") as pdf:
        for page in pdf.pages:
            assert [round(float(v) / 72, 4) for v in page.MediaBox] == [0, 0, 2.75, 3.75]
            assert [round(float(v) / 72, 4) for v in page.BleedBox] == [0, 0, 2.75, 3.75]
            assert [round(float(v) / 72, 4) for v in page.TrimBox] == [0.125, 0.125, 2.625, 3.625]


def test_a_services_file_of_ones_own_extends_the_bundled_ones(runner, tmp_path, low_dpi):
    services = tmp_path / "services.toml"
    services.write_text('[square-cut]\nextends = "generic"\nname = "my local shop"\nbleed = 2.0\n', "utf-8")
    result = invoke(runner, "export", "images", "--lang", "en", "--services", services, "--service", "square-cut",
                    *low_dpi, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    with Image.open(tmp_path / "out" / "en" / "images" / "back-rome.png") as image:
        assert image.size == (264, 362)  # (63 + 4) × (88 + 4) mm at LOW_DPI (791 × 1087 px at 300 dpi)


def test_a_broken_services_file_is_located(runner, tmp_path):
    services = tmp_path / "services.toml"
    services.write_text('[mine]\nextends = "mcp"\n', "utf-8")
    result = invoke(runner, "export", "images", "--lang", "en", "--services", services, "--out", tmp_path / "out")
    assert result.exit_code == 1 and not (tmp_path / "out").exists()
    assert f"{services} field 'mine.extends': error layout-extends" in result.output
    assert 'extends "mcp", which is no print service' in result.output


@pytest.mark.parametrize("args", [("export", "images", "--service", "mcp"),
                                  ("build", "--service", "dtc"),
                                  ("build", "--mode", "pro", "--service", "nope")])
def test_an_unknown_or_misplaced_service_is_a_usage_error(runner, tmp_path, args):
    result = invoke(runner, *args, "--lang", "en", "--out", tmp_path)
    assert result.exit_code == 2 and "--service" in result.output and not any(tmp_path.iterdir())


def test_a_page_image_has_the_colours_of_the_pdf_channel_by_channel():
    buffer = BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=(72, 24))
    for index, colour in enumerate([(1, 0, 0), (0, 1, 0), (0, 0, 1)]):
        pdf.setFillColorRGB(*colour)
        pdf.rect(24 * index, 0, 24, 24, stroke=0, fill=1)
    pdf.save()
    image = page_image(buffer.getvalue(), 0, 72)
    assert image.mode == "RGB" and image.size == (72, 24)
    assert [image.getpixel((12 + 24 * index, 12)) for index in range(3)] == [(255, 0, 0), (0, 255, 0), (0, 0, 255)]
