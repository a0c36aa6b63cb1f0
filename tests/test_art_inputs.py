"""Art files as a hostile user names them: any case of extension, entries that are not files, huge images, a
missing --art folder. Each is used or is a located problem; no raw library warning reaches the terminal."""
from __future__ import annotations

import os
import struct
import warnings
import zlib
from pathlib import Path

import pytest
from PIL import Image

from conftest import invoke
from pnp.data.art import load_art
from pnp.cards.layout import card_layout
from pnp.layouts.schemas import LAYOUTS

WINDOWS = [("rome.hastati-line", 57.0, 40.0), ("egypt.temple-guard", 57.0, 40.0), ("sparta.spartan-hoplites", 57.0,
                                                                                       40.0)]


def load(art: Path):
    return load_art(art, WINDOWS, card_layout(LAYOUTS).art)


def png_header(path: Path, width: int, height: int) -> None:
    """A PNG that claims `width` × `height` pixels (its pixel data is never read)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(b"\0" * 16)) + chunk(b"IEND", b""))


@pytest.mark.parametrize("name", ["rome.hastati-line.PNG", "rome.hastati-line.jpeg", "rome.hastati-line.JPG"])
def test_art_extensions_match_in_any_case(tmp_path, name):
    Image.new("RGB", (900, 640), (90, 60, 30)).save(tmp_path / name, format="PNG" if "png" in name.lower() else "JPEG")
    found, problems = load(tmp_path)
    assert list(found) == ["rome.hastati-line"] and found["rome.hastati-line"].path.endswith(name)
    assert problems == []


@pytest.mark.parametrize("make", ["folder", "dangling link", "link loop"])
def test_an_art_entry_that_is_not_a_file_is_a_located_problem(tmp_path, make):
    entry = tmp_path / "egypt.temple-guard.png"
    if make == "folder":
        entry.mkdir()
    elif make == "dangling link":
        os.symlink(tmp_path / "gone.png", entry)
    else:
        os.symlink(entry, entry)
    found, problems = load(tmp_path)
    assert found == {}
    assert [(p.code, p.where.file, p.severity) for p in problems] == [("art-unreadable", str(entry), "error")]


def test_a_second_file_for_one_card_is_reported(tmp_path):
    for name in ("rome.hastati-line.png", "rome.hastati-line.jpg"):
        Image.new("RGB", (900, 640)).save(tmp_path / name, format="PNG" if name.endswith("png") else "JPEG")
    found, problems = load(tmp_path)
    assert found["rome.hastati-line"].path.endswith(".png")
    assert [(p.code, Path(p.where.file).name) for p in problems] == [("art-duplicate", "rome.hastati-line.jpg")]


@pytest.mark.parametrize("side", [12500, 20000])
def test_a_huge_image_is_refused_unread_with_the_limit_and_no_library_warning(tmp_path, side):
    png_header(tmp_path / "sparta.spartan-hoplites.png", side, side)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        found, problems = load(tmp_path)
    assert found == {}
    assert [p.code for p in problems] == ["art-too-large"]
    assert "expected at most 50 megapixels" in problems[0].message


def test_a_missing_art_folder_is_a_usage_error(runner, tmp_path):
    result = invoke(runner, "build", "--lang", "de", "--art", tmp_path / "no-such-art", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "--art" in result.output and "is not an existing folder" in result.output
    assert not (tmp_path / "out").exists()


EPS = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 900 640\nnewpath 0 0 moveto 900 640 lineto stroke\nshowpage\n"
OTHER_FORMATS = {"PostScript/EPS": lambda path: path.write_bytes(EPS),
                 "TIFF": lambda path: Image.new("RGB", (900, 640)).save(path, format="TIFF"),
                 "GIF": lambda path: Image.new("RGB", (900, 640)).save(path, format="GIF"),
                 "WebP": lambda path: Image.new("RGB", (900, 640)).save(path, format="WEBP"),
                 "BMP": lambda path: Image.new("RGB", (900, 640)).save(path, format="BMP")}


@pytest.mark.parametrize("kind", OTHER_FORMATS, ids=list(OTHER_FORMATS))
def test_art_in_another_format_named_png_is_named_and_no_delegate_program_runs(tmp_path, monkeypatch, kind):
    """Only the PNG and JPEG decoders run on art: an EPS named .png never starts Ghostscript (a `gs` first on PATH
    records every call), and each other format is one located art-format problem naming it."""
    bin_dir, calls = tmp_path / "bin", tmp_path / "gs-called"
    bin_dir.mkdir()
    fake = bin_dir / "gs"
    fake.write_text(f"#!/bin/sh\necho called >> {calls}\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    art = tmp_path / "art"
    art.mkdir()
    OTHER_FORMATS[kind](art / "rome.hastati-line.png")
    found, problems = load(art)
    assert found == {} and not calls.exists()
    assert [(p.code, p.where.card) for p in problems] == [("art-format", "rome.hastati-line")]
    assert kind.split("/")[0] in problems[0].message and "expected a PNG or JPEG file" in problems[0].message


def test_a_fifo_named_as_art_is_refused_without_waiting(tmp_path):
    os.mkfifo(tmp_path / "rome.hastati-line.png")
    found, problems = load(tmp_path)
    assert found == {} and [p.code for p in problems] == ["art-unreadable"]


def test_validate_reports_the_art_problems_a_build_would(runner, tmp_path):
    art = tmp_path / "art"
    art.mkdir()
    (art / "rome.testudo.png").write_bytes(EPS)
    args = ["--lang", "de", "--art", art]
    validated = invoke(runner, "validate", *args)
    built = invoke(runner, "build", *args, "--out", tmp_path / "out")
    line = f"{art / 'rome.testudo.png'} card rome.testudo: error art-format: the art file holds PostScript/EPS"
    assert validated.exit_code == built.exit_code == 1
    assert line in validated.output and line in built.output


@pytest.mark.parametrize("size", [(1, 1), (1, 3000), (3000, 1)], ids=["1 px", "one column", "one row"])
def test_art_of_a_single_pixel_row_or_column_gives_a_picture_not_an_empty_image(tmp_path, size):
    """Cropped to the window's proportions, such an image once became 1 × 0 px: a PDF image viewers reject ("Bad
    image parameters"), written with exit 0."""
    Image.new("RGB", size, (200, 40, 40)).save(tmp_path / "rome.hastati-line.png")
    found, problems = load_art(tmp_path, [("rome.hastati-line", 56.2, 27.2)], card_layout(LAYOUTS).art)  # a unit's
    assert min(found["rome.hastati-line"].image.size) >= 1
    assert [p.code for p in problems] == ["art-low-resolution"]
