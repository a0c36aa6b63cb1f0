"""`pnp build --pdfx`: every part of the kit as PDF/X-1a, read back with pikepdf and rendered by Ghostscript; and
the post-pass's refusals on PDFs that cannot conform."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from io import BytesIO
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageCms
from reportlab import rl_config
from reportlab.lib.colors import CMYKColor
from reportlab.lib.utils import ImageReader

from conftest import invoke, project_args
from pnp.export.cmyk_art import read_cmyk_profile
from pnp.export.pdfx import pdfx_layout, to_pdfx
from pnp.typeset.fonts import register_fonts
from pnp.pages.pdfout import DocumentInfo, new_canvas
from pnp.core.problems import ProblemsFound
from pnp.project import Project

PARTS = {"cards/rome.pdf", "cards/sparta.pdf", "scoresheet.pdf", "tokens.pdf", "rulebook.pdf", "rulebook-booklet.pdf"}


@pytest.fixture(scope="module")
def pdfx_kit(tmp_path_factory, runner) -> dict[str, Path]:
    """Every part in German and Turkish, pro mode, FOGRA39; and Polish home sheets for SWOP: {name: path}."""
    out = tmp_path_factory.mktemp("pdfx")
    assert invoke(runner, "build", "--lang", "de,tr", "--mode", "pro", "--booklet", "--pdfx", "--out",
                  out / "fogra39").exit_code == 0
    assert invoke(runner, "build", "--lang", "pl", "--pdfx", "swop", "--out", out / "swop").exit_code == 0
    return {str(p.relative_to(out)): p for p in sorted(out.rglob("*.pdf"))}


def _contents(document: pikepdf.Pdf, operators: str = ""):
    """(page number, operands, operator) of every content stream: pages and every form they draw; of the operators
    named in `operators` alone, if any (separated by spaces: pikepdf hands no others to Python)."""
    seen = set()

    def walk(owner, number):
        yield from ((number, operands, str(op)) for operands, op in pikepdf.parse_content_stream(owner, operators))
        for xobject in owner.get("/Resources", {}).get("/XObject", {}).values():
            if xobject.objgen not in seen and xobject.get("/Subtype") == "/Form":
                seen.add(xobject.objgen)
                yield from walk(xobject, number)

    for number, page in enumerate(document.pages, start=1):
        yield from walk(page.obj, number)


def test_every_part_is_built(pdfx_kit):
    for lang in ("de", "tr"):
        assert {name.removeprefix(f"fogra39/{lang}/") for name in pdfx_kit if name.startswith(f"fogra39/{lang}/")} \
            >= PARTS
    assert len([n for n in pdfx_kit if n.startswith("swop/pl/cards/")]) == 7


def test_document_keys_and_output_intent_name_the_registered_condition(pdfx_kit):
    layout = pdfx_layout()
    for name, path in pdfx_kit.items():
        condition = layout.conditions[name.split("/")[0]]
        with pikepdf.open(path) as document:
            assert document.pdf_version == "1.3", name
            info = document.docinfo
            assert str(info["/GTS_PDFXVersion"]) == "PDF/X-1:2001", name
            assert str(info["/GTS_PDFXConformance"]) == "PDF/X-1a:2001", name
            assert info["/Trapped"] == pikepdf.Name("/False"), name
            assert all(key in info for key in ("/Title", "/CreationDate", "/ModDate")), name
            assert len(document.trailer["/ID"]) == 2
            (intent,) = document.Root.OutputIntents
            assert intent.S == "/GTS_PDFX" and intent.Type == "/OutputIntent"
            assert str(intent.OutputConditionIdentifier) == condition.identifier
            assert str(intent.RegistryName) == "http://www.color.org"
            assert "/DestOutputProfile" not in intent  # a registered condition needs none


def test_the_conditions_are_fogra39_and_swop():
    assert {c.identifier for c in pdfx_layout().conditions.values()} == {"FOGRA39", "CGATS TR 001"}


def test_every_page_has_nested_trim_and_bleed_boxes(pdfx_kit):
    for name, path in pdfx_kit.items():
        with pikepdf.open(path) as document:
            for page in document.pages:
                media, bleed, trim = ([float(v) for v in page.obj[k]] for k in ("/MediaBox", "/BleedBox", "/TrimBox"))
                assert media[0] <= bleed[0] <= trim[0] and media[1] <= bleed[1] <= trim[1], name
                assert trim[2] <= bleed[2] <= media[2] and trim[3] <= bleed[3] <= media[3], name
            if "/cards/" in name and name.startswith("fogra39"):  # pro mode: 3 mm bleed around the card
                assert round(trim[0] - bleed[0], 2) == round(3 * 72 / 25.4, 2)


def test_no_annotations_no_actions_but_the_bookmarks_stay(pdfx_kit):
    for name, path in pdfx_kit.items():
        with pikepdf.open(path) as document:
            assert all("/Annots" not in page.obj for page in document.pages), name
            assert "/OpenAction" not in document.Root and "/AcroForm" not in document.Root
            if name.endswith("/rulebook.pdf"):
                item = document.Root.Outlines.First
                assert "/Dest" in item and "/A" not in item


NOT_CMYK = ("rg", "RG", "sc", "scn", "SC", "SCN", "cs", "CS")  # RGB colours and colour spaces


def test_only_cmyk_colours_within_the_ink_limit(pdfx_kit):
    for name, path in pdfx_kit.items():
        limit = pdfx_layout().conditions[name.split("/")[0]].ink_limit
        with pikepdf.open(path) as document:
            operators = [(op, operands) for _, operands, op in _contents(document, " ".join((*NOT_CMYK, "k", "K")))]
        assert not [op for op, _ in operators if op in NOT_CMYK], name
        inks = [sum(float(v) for v in values) * 100 for op, values in operators if op in ("k", "K")]
        assert inks and max(inks) <= limit, name


def test_every_font_is_embedded_and_there_are_no_rgb_images(pdfx_kit):
    for name, path in pdfx_kit.items():
        with pikepdf.open(path) as document:
            for page in document.pages:
                for font in page.obj.Resources.get("/Font", {}).values():
                    described = font.DescendantFonts[0] if font.Subtype == "/Type0" else font
                    assert "/FontFile2" in described.FontDescriptor, (name, font.get("/BaseFont"))
            for obj in document.objects:
                if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image":
                    assert obj.ColorSpace in ("/DeviceCMYK", "/DeviceGray"), name


def ghostscript_messages(*paths: Path) -> list[str]:
    """What Ghostscript says while rendering every page of the files (one process for all), minus its banner and
    page counts. Not run with -q: quiet mode hides the warnings too (and Ghostscript exits 0 on a repaired file).
    Rendered on the nullpage device: every page's content, fonts and images interpreted as for a printer, no pixels
    kept (0.6 of the time of the 20 dpi CMYK raster it had; the same messages for a cut file, damaged font programs,
    image and content streams)."""
    run = subprocess.run(["gs", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-dPDFSTOPONERROR", "-sDEVICE=nullpage",
                          "-o", os.devnull, *map(str, paths)], capture_output=True, text=True, timeout=300)
    lines = (run.stdout + run.stderr).splitlines()
    return [line for line in lines[4:] if line.strip() and not GS_PROGRESS.fullmatch(line)] + \
        ([f"exit code {run.returncode}"] if run.returncode else [])


GS_PROGRESS = re.compile(r"Processing pages \d+ through \d+\.|Page \d+")
needs_gs = pytest.mark.skipif(not shutil.which("gs") and not os.environ.get("CI"),
                              reason="Ghostscript not installed (.ci/run installs it)")


@needs_gs
def test_ghostscript_renders_every_page_without_a_warning(pdfx_kit):
    assert ghostscript_messages(*pdfx_kit.values()) == [], {name: ghostscript_messages(path)
                                                             for name, path in pdfx_kit.items()}


@needs_gs
def test_ghostscript_would_report_a_damaged_file(pdfx_kit, tmp_path):
    damaged = tmp_path / "damaged.pdf"
    damaged.write_bytes(Path(pdfx_kit["fogra39/de/rulebook.pdf"]).read_bytes()[:-2000])
    assert ghostscript_messages(damaged)
    assert ghostscript_messages(pdfx_kit["fogra39/de/tokens.pdf"], damaged, pdfx_kit["swop/pl/tokens.pdf"])


def test_the_same_input_gives_the_same_bytes(pdfx_kit):
    rulebook = Path(pdfx_kit["fogra39/de/rulebook.pdf"]).read_bytes()
    assert to_pdfx(rulebook, "rulebook.pdf", "fogra39") == to_pdfx(rulebook, "rulebook.pdf", "fogra39")


# --- PDFs that cannot conform ------------------------------------------------------------------------------------

def _pdf(draw) -> bytes:
    """A one-page PDF made like the kit's (bundled fonts, invariant), with `draw` on its page."""
    register_fonts(Project().fonts)
    buffer = BytesIO()
    canvas = new_canvas(buffer, (200, 200), DocumentInfo("sample", "sample", "en"))
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _codes(pdf: bytes) -> list[str]:
    with pytest.raises(ProblemsFound) as caught:
        to_pdfx(pdf, "sample.pdf", "fogra39")
    problems = caught.value.problems
    assert all(p.where.file == "sample.pdf" and p.where.field == "page 1" for p in problems)
    return [p.code for p in problems]


def _box(canvas, colour):
    canvas.setFillColor(colour)
    canvas.rect(10, 10, 50, 50, stroke=0, fill=1)


def test_a_chromatic_rgb_colour_is_refused():
    assert _codes(_pdf(lambda c: (c.setFillColorRGB(0.8, 0.1, 0.1), c.rect(10, 10, 50, 50, fill=1)))) == \
        ["pdfx-rgb-colour"]


def test_a_neutral_rgb_colour_becomes_the_same_grey_on_black():
    pdf = to_pdfx(_pdf(lambda c: (c.setFillColorRGB(0.25, 0.25, 0.25), c.rect(10, 10, 50, 50, fill=1))),
                  "sample.pdf", "fogra39")
    with pikepdf.open(BytesIO(pdf)) as document:
        colours = [(op, [float(v) for v in operands]) for _, operands, op in _contents(document)
                   if op in ("rg", "k")]  # colour operands are numbers
    assert ("k", [0, 0, 0, 0.75]) in colours and not [op for op, _ in colours if op == "rg"]


def test_ink_over_the_conditions_limit_is_refused():
    assert _codes(_pdf(lambda c: _box(c, CMYKColor(1, 1, 1, 1)))) == ["pdfx-ink-limit"]
    to_pdfx(_pdf(lambda c: _box(c, CMYKColor(0.6, 0.4, 0.4, 1))), "sample.pdf", "swop")  # 240 %: within


def test_transparency_is_refused():
    def draw(canvas):
        canvas.setFillAlpha(0.5)
        _box(canvas, CMYKColor(0, 0, 0, 1))
    assert "pdfx-transparency" in _codes(_pdf(draw))


def test_an_rgb_image_is_refused():
    image = ImageReader(Image.new("RGB", (8, 8), (200, 30, 30)))
    assert _codes(_pdf(lambda c: c.drawImage(image, 0, 0, 20, 20))) == ["pdfx-rgb-image"]


def test_an_inline_rgb_image_and_a_device_rgb_colour_space_are_refused(monkeypatch):
    # ReportLab writes an inline image only ASCII85-encoded (with pnp's Flate-only streams it fails); pnp draws none
    monkeypatch.setattr(rl_config, "useA85", 1)
    image = Image.new("RGB", (4, 4), (200, 30, 30))
    assert _codes(_pdf(lambda c: c.drawInlineImage(image, 0, 0, 20, 20))) == ["pdfx-rgb-image"]
    pdf = _pdf(lambda c: c.rect(10, 10, 50, 50, fill=1))
    with pikepdf.open(BytesIO(pdf)) as document:
        page = document.pages[0]
        page.contents_add(document.make_stream(b"/DeviceRGB cs 1 0 0 sc 0 0 5 5 re f"))
        buffer = BytesIO()
        document.save(buffer)
    assert _codes(buffer.getvalue()) == ["pdfx-rgb-colour"]


def test_a_cmyk_image_over_the_ink_limit_is_refused():
    image = Image.new("CMYK", (8, 8), (255, 255, 255, 255))
    assert _codes(_pdf(lambda c: c.drawImage(ImageReader(image), 0, 0, 20, 20))) == ["pdfx-ink-limit"]
    within = Image.new("CMYK", (8, 8), (150, 100, 100, 255))  # 237 %
    to_pdfx(_pdf(lambda c: c.drawImage(ImageReader(within), 0, 0, 20, 20)), "sample.pdf", "swop")


def test_a_font_that_is_not_embedded_is_refused():
    assert _codes(_pdf(lambda c: (c.setFont("Helvetica", 12), c.drawString(10, 10, "x")))) == \
        ["pdfx-font-not-embedded"]


def test_links_are_removed():
    pdf = _pdf(lambda c: c.linkURL("https://example.invalid", (10, 10, 50, 50)))
    with pikepdf.open(BytesIO(pdf)) as document:
        assert "/Annots" in document.pages[0].obj
    with pikepdf.open(BytesIO(to_pdfx(pdf, "sample.pdf", "fogra39"))) as document:
        assert "/Annots" not in document.pages[0].obj


@pytest.fixture
def with_art(project_copy) -> tuple[Path, list[str]]:
    """A project copy with one art image, and the arguments naming it."""
    art = project_copy / "art"
    art.mkdir()
    Image.new("RGB", (700, 340), (200, 40, 30)).save(art / "rome.testudo.png")
    return art, ["--art", str(art), *project_args(project_copy)]


def test_art_without_a_cmyk_profile_refuses_pdfx_naming_the_art_file_and_writes_nothing(runner, with_art, tmp_path):
    art, args = with_art
    result = invoke(runner, "build", "--lang", "de", "--pdfx", "--out", tmp_path / "out", *args)
    assert result.exit_code == 1
    (line,) = [line for line in result.output.splitlines() if "pdfx-rgb-art" in line]
    assert line.startswith(f"{art / 'rome.testudo.png'} card rome.testudo")
    assert not (tmp_path / "out").exists()


def test_an_rgb_profile_is_no_cmyk_profile(runner, with_art, tmp_path):
    profile = tmp_path / "srgb.icc"
    profile.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    result = invoke(runner, "build", "--lang", "de", "--pdfx", "--cmyk-profile", profile, "--out", tmp_path / "out",
                    *with_art[1])
    assert result.exit_code == 1 and f"{profile}: error cmyk-profile" in result.output
    assert not (tmp_path / "out").exists()


def test_a_cmyk_profile_without_pdfx_is_refused(runner, tmp_path):
    result = invoke(runner, "build", "--lang", "de", "--cmyk-profile", GS_CMYK, "--out", tmp_path)
    assert result.exit_code == 2 and "--pdfx" in result.output and "Traceback" not in result.output


def test_a_file_that_is_no_icc_profile_is_refused_without_art(runner, project_copy, tmp_path):
    profile = tmp_path / "notes.icc"
    profile.write_text("not a profile")
    result = invoke(runner, "build", "--lang", "de", "--pdfx", "--cmyk-profile", profile, "--out", tmp_path / "out",
                    *project_args(project_copy))
    assert result.exit_code == 1 and f"{profile}: error cmyk-profile: cannot read the ICC profile" in result.output
    assert not (tmp_path / "out").exists()


def test_a_fifo_as_cmyk_profile_is_refused_at_once(runner, project_copy, tmp_path):
    os.mkfifo(tmp_path / "profile.icc")
    result = invoke(runner, "build", "--lang", "de", "--pdfx", "--cmyk-profile", tmp_path / "profile.icc",
                    "--out", tmp_path / "out", *project_args(project_copy))
    assert result.exit_code == 1 and "error cmyk-profile" in result.output and "a FIFO" in result.output


@pytest.mark.skipif(not Path("/usr/share/color/icc/ghostscript/default_cmyk.icc").is_file(),
                    reason="needs Ghostscript's CMYK profile")
def test_a_profile_for_another_print_condition_is_reported(tmp_path):
    _, problems = read_cmyk_profile(GS_CMYK, "fogra39")  # "Artifex CMYK SWOP Profile"
    assert [(p.code, p.severity) for p in problems] == [("cmyk-profile-condition", "error")]
    assert "is for swop, but --pdfx names fogra39" in problems[0].message
    assert read_cmyk_profile(GS_CMYK, "swop")[1] == []


GS_CMYK = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")  # Ghostscript's (AGPL) SWOP-like profile


@pytest.mark.skipif(not GS_CMYK.is_file(), reason="needs Ghostscript's CMYK profile (.ci/run installs Ghostscript)")
def test_with_a_cmyk_profile_the_art_is_printed_as_a_cmyk_image(runner, with_art, tmp_path):
    result = invoke(runner, "build", "--lang", "de", "--mode", "pro", "--pdfx", "swop", "--cmyk-profile", GS_CMYK,
                    "--out", tmp_path, *with_art[1])
    assert result.exit_code == 0, result.output
    with pikepdf.open(tmp_path / "de" / "cards" / "rome.pdf") as document:
        images = [pikepdf.PdfImage(o) for o in document.objects
                  if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]
        assert len(images) == 1 and images[0].colorspace == "/DeviceCMYK"
        cyan, magenta, yellow, black = images[0].as_pil_image().getpixel((10, 10))
        assert magenta > 200 and yellow > 200 and cyan < 80  # the red of the art, in CMYK
    assert ghostscript_messages(tmp_path / "de" / "cards" / "rome.pdf") == []
