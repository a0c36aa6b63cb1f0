"""`pnp build` and `pnp calibrate` from the command line: outputs, summary, progress, and clear failures that
leave no partial PDF behind."""
from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from io import BytesIO
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from conftest import invoke, project_args
from deck_helpers import char_boxes
from pnp.data.terms import FACTIONS
from pnp.core.units import MM
from validate_helpers import plant

TESTUDO = ("rome.testudo:effect", "Infantry units in Defense Position gain 2 DEF.")
DECK = Path(__file__).parent / "fixtures" / "decks" / "legal-allied.toml"


def test_build_writes_every_deck_and_prints_only_a_summary_off_a_terminal(runner, tmp_path):
    out = tmp_path / "out"
    result = invoke(runner, "build", "--lang", "de", "--out", out)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (out / "de" / "cards").iterdir()) == [f"{f}.pdf" for f in sorted(FACTIONS)]
    assert result.output.strip().splitlines() == [result.output.strip()]
    assert result.output.startswith("Wrote ") and "Building" not in result.output


def on_a_terminal(*args) -> tuple[int, str, str]:
    """`pnp ARGS` in a new process whose stderr is a terminal (a pseudo-terminal): exit code, stdout, stderr."""
    controller, terminal = os.openpty()
    with subprocess.Popen([sys.executable, "-m", "pnp", *map(str, args)], stdout=subprocess.PIPE,
                          stderr=terminal) as process:
        os.close(terminal)
        shown = b""
        with contextlib.suppress(OSError):  # EIO: the process has closed the terminal
            while chunk := os.read(controller, 4096):
                shown += chunk
        stdout = process.stdout.read()
    os.close(controller)
    return process.returncode, stdout.decode(), shown.decode(errors="replace")


def test_a_terminal_gets_a_progress_bar(tmp_path):
    """A build of one deck list: it shows its steps (the deck, every product's checks) as the kit's build does."""
    code, stdout, terminal = on_a_terminal("build", "--lang", "pl", "--mode", "pro", "--deck", DECK, "--out", tmp_path)
    assert code == 0 and "Building" in terminal and stdout.startswith("Wrote ")


def test_the_same_input_builds_byte_identical_files(runner, tmp_path):
    for name in ("a", "b"):
        assert invoke(runner, "build", "--lang", "pt", "--paper", "letter", "--out", tmp_path / name).exit_code == 0
    first = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.pdf"))
    assert first and first == sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*.pdf"))
    assert all((tmp_path / "a" / p).read_bytes() == (tmp_path / "b" / p).read_bytes() for p in first)


def test_a_text_that_does_not_fit_fails_the_build_and_writes_nothing(runner, project_copy):
    plant(project_copy, "de", *TESTUDO, old="erhalten", new="erhalten" + " standhaft und unerschütterlich" * 30)
    out = project_copy / "out"
    old = out / "de" / "cards" / "rome.pdf"
    old.parent.mkdir(parents=True)
    old.write_bytes(b"the previous build")
    result = invoke(runner, "build", "--lang", "de", "--out", out, *project_args(project_copy))
    assert result.exit_code == 1
    assert "text-does-not-fit" in result.output and "card rome.testudo [de] field 'effect'" in result.output
    assert old.read_bytes() == b"the previous build"
    assert [p for p in out.rglob("*") if p.is_file()] == [old]


def test_an_unwritable_output_folder_is_one_clear_error(runner, tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder")
    result = invoke(runner, "build", "--lang", "de", "--out", blocker / "out")
    assert result.exit_code == 1
    assert "output-unwritable" in result.output and "is not a folder" in result.output
    assert result.output.count("error output-unwritable") == 1


def test_corrupt_art_is_an_error_naming_the_file_and_nothing_is_written(runner, tmp_path):
    art = tmp_path / "art"
    art.mkdir()
    (art / "egypt.temple-guard.jpg").write_bytes(b"\xff\xd8 truncated")
    result = invoke(runner, "build", "--lang", "tr", "--art", art, "--out", tmp_path / "out")
    assert result.exit_code == 1
    assert "art-corrupt" in result.output and "egypt.temple-guard.jpg" in result.output
    assert not (tmp_path / "out").exists()


def test_coarse_art_is_printed_with_a_warning(runner, tmp_path):
    art = tmp_path / "art"
    art.mkdir()
    Image.new("RGB", (320, 160), (90, 60, 30)).save(art / "sparta.spartan-hoplites.png")
    result = invoke(runner, "build", "--lang", "es", "--art", art, "--out", tmp_path / "out")
    assert result.exit_code == 0 and "warning art-low-resolution" in result.output
    reader = PdfReader(tmp_path / "out" / "es" / "cards" / "sparta.pdf")
    images = [x for page in reader.pages for form in page["/Resources"].get("/XObject", {}).values()
              for x in form.get_object().get("/Resources", {}).get("/XObject", {}).values()]
    assert any(x.get_object()["/Subtype"] == "/Image" for x in images)


@pytest.mark.parametrize("args, code, message", [
    (["--back-offset", "1"], 2, "is not two numbers X,Y"),
    (["--back-offset", "30,0"], 2, "back-offset-too-large"),
    (["--mode", "pro", "--back-offset", "1,0"], 2, "pro mode prints one card per page"),
    (["--lang", "fr"], 2, "unknown language 'fr'"),
])
def test_bad_options_are_clear_errors(runner, tmp_path, args, code, message):
    result = invoke(runner, "build", *args, "--out", tmp_path / "out")
    assert result.exit_code == code and message in result.output
    assert not (tmp_path / "out").exists()


def _calibration(runner, tmp_path, paper, offset) -> bytes:
    path = tmp_path / f"calibration-{offset}.pdf"
    result = invoke(runner, "calibrate", "--lang", "en", "--paper", paper, "--back-offset", offset, "--out", path)
    assert result.exit_code == 0, result.output
    return path.read_bytes()


def test_calibration_sheet_has_a_front_and_a_back_with_scales_shifted_by_the_offset(runner, tmp_path):
    plain, shifted = _calibration(runner, tmp_path, "letter", "0,0"), _calibration(runner, tmp_path, "letter", "1,-0.5")
    reader = PdfReader(BytesIO(shifted))
    assert len(reader.pages) == 2
    assert [float(v) for v in reader.pages[0].mediabox] == pytest.approx([0, 0, 612, 792])
    back = " ".join(reader.pages[1].extract_text().split())
    assert "--back-offset 1,-0.5" in back and "X" in back and "−5" in back and "5" in back
    front_plain, front_shifted = (char_boxes(pdfium.PdfDocument(pdf)[0]) for pdf in (plain, shifted))
    assert front_plain == front_shifted
    numbers = [(c, b) for c, b in char_boxes(pdfium.PdfDocument(plain)[1]) if c in "0123456789−"]
    moved = [(c, b) for c, b in char_boxes(pdfium.PdfDocument(shifted)[1]) if c in "0123456789−"]
    # after the instructions: two X scales numbered every 2 mm (−4 … 4: 7 characters) and two Y scales numbered
    # every 1 mm (−5 … 5: 16 characters)
    scales = 2 * 7 + 2 * 16
    assert [c for c, _ in numbers[-scales:]] == [c for c, _ in moved[-scales:]]
    for (_, a), (_, b) in zip(numbers[-scales:], moved[-scales:]):
        assert b == pytest.approx((a[0] + MM, a[1] - 0.5 * MM, a[2] + MM, a[3] - 0.5 * MM), abs=0.01)


def test_the_zero_of_each_scale_lies_on_the_fronts_centre_line(runner, tmp_path):
    pdf = _calibration(runner, tmp_path, "a4", "0,0")
    page = pdfium.PdfDocument(pdf)[1]
    width, height = page.get_size()
    zeros = [b for c, b in char_boxes(page) if c == "0"][-4:]  # one 0 per scale
    x_scales = [b for b in zeros if abs((b[0] + b[2]) / 2 - width / 2) < 1]
    y_scales = [b for b in zeros if abs((b[1] + b[3]) / 2 - height / 2) < 3]
    assert len(x_scales) == 2 and len(y_scales) == 2
