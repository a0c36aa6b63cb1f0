"""The duplex calibration sheet in every language: translated instructions, unchanged page sizes, one file per
language, clear failures for a missing or overlong translation, and the validator's print check."""
from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
import pypdfium2 as pdfium
from pypdf import PdfReader

from conftest import LANGS, invoke
from pdf_ops import printed
from pnp.sheets import calibration as C
from pnp.sheets.calibration_layout import DUPLEX
from pnp.i18n.catalogs import catalog_path, load_catalogs
from pnp.typeset.fonts import register_fonts
from pnp.layouts.schemas import LAYOUTS, PAPERS, card_geometry
from pnp.pages.imposition import home_grid
from pnp.sheets.calibration_layout import calibration_layout
from pnp.project import REPO, Project
from validate_helpers import having, validate_json

PAPER_POINTS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
# Fragments the translations must print (not the English source): Polish and Turkish letters included.
EXPECTED = {
    "pl": ("Arkusz kalibracyjny do druku dwustronnego – strona przednia (A4)", "Odwróć arkusz",
           "Linijka poniżej musi mieć dokładnie 100 mm", "Obejrzyj arkusz pod światło"),
    "tr": ("Çift taraflı baskı için kalibrasyon sayfası – ön yüz (A4)", "Kâğıdı çevir",
           "Aşağıdaki cetvel tam olarak 100 mm olmalı", "Kâğıdı ışığa tut"),
}


def _words(page) -> str:
    return " ".join(page.extract_text().split())


@pytest.fixture(scope="module")
def sheets(runner, tmp_path_factory) -> dict[tuple[str, str], bytes]:
    """`pnp calibrate --lang pl,tr` on A4 (default output names) and Letter, run in an empty folder."""
    root = tmp_path_factory.mktemp("calibrate")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        cwd = root
        for paper in PAPERS:
            result = invoke(runner, "calibrate", "--lang", "pl,tr", "--paper", paper)
            assert result.exit_code == 0, result.output
        files = sorted(p.name for p in (Path(cwd) / "out").iterdir())
        assert files == sorted(f"calibration-{paper}-{lang}.pdf" for paper in PAPERS for lang in ("pl", "tr"))
        return {(lang, paper): (Path(cwd) / "out" / f"calibration-{paper}-{lang}.pdf").read_bytes()
                for lang in ("pl", "tr") for paper in PAPERS}


@pytest.mark.parametrize("lang", ["pl", "tr"])
def test_the_sheet_prints_every_instruction_translated(sheets, lang):
    catalog = load_catalogs(REPO / "locales", (lang,))[lang]
    front, back = (_words(page) for page in PdfReader(BytesIO(sheets[(lang, "a4")])).pages)
    for fragment in EXPECTED[lang]:
        assert fragment in front + back
    layout = calibration_layout(LAYOUTS)
    values = {"paper_name": "A4", "ruler_length": "100", "scale_range": "5", "printed_offset": "--back-offset 0,0",
              "cmd_build": "pnp build", "opt_back_offset": "--back-offset X,Y"}
    assert (layout.ruler.length, layout.scales.range) == (100, 5)
    for side, messages in ((front, (C.FRONT_TITLE, C.PRINT_STEPS["long"], C.RULER_STEP, C.TURN_STEP)),
                           (back, (C.BACK_TITLE, C.READ_STEP, C.BEYOND_STEP, C.OFFSET_STEP))):
        for message in messages:
            assert catalog.has(*message)
            assert catalog.pgettext(*message).format_map(values) in side
    assert "Turn the sheet over" not in front and "Hold the sheet" not in back
    assert [side.count(f"{n}. ") for side in (front, back) for n in range(1, 7)] == [1, 1, 1, 0, 0, 0,
                                                                                       0, 0, 0, 1, 1, 1]


@pytest.mark.parametrize("lang", ["pl", "tr"])
@pytest.mark.parametrize("paper", PAPERS)
def test_page_sizes_are_those_of_the_paper(sheets, lang, paper):
    reader = PdfReader(BytesIO(sheets[(lang, paper)]))
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, *PAPER_POINTS[paper]], abs=0.01)


def test_the_same_options_give_byte_identical_sheets(runner, tmp_path, sheets):
    path = tmp_path / "again.pdf"
    assert invoke(runner, "calibrate", "--lang", "tr", "--out", path).exit_code == 0
    assert path.read_bytes() == sheets[("tr", "a4")]


def test_the_english_source_and_the_printed_offset(runner, tmp_path):
    path = tmp_path / "en.pdf"
    result = invoke(runner, "calibrate", "--lang", "en", "--paper", "letter", "--duplex", "short",
                     "--back-offset", "1.5,-2", "--out", path)
    assert result.exit_code == 0 and str(path) in result.output
    front, back = (_words(page) for page in PdfReader(path).pages)
    assert "turning the sheet over on its short edge" in front and "(Letter)" in front
    assert "printed with --back-offset 1.5,-2." in back and "pnp build --back-offset X,Y" in back


@pytest.mark.parametrize("args, message", [
    (["--lang", "fr"], "unknown language 'fr'"),
    (["--lang", "de,pl", "--out", "sheet.pdf"], "--out names one file"),
])
def test_bad_options_are_usage_errors_and_write_nothing(runner, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = invoke(runner, "calibrate", *args)
    assert result.exit_code == 2 and message in result.output
    assert list(tmp_path.iterdir()) == []


def _plant(locales: Path, lang: str, pair: tuple[str, str], text: str) -> None:
    """Set one translation of the "sheets" domain in a copy of the catalogs."""
    path = catalog_path(locales, lang, "sheets")
    with path.open("rb") as fp:
        catalog = read_po(fp, locale=lang)
    catalog.get(pair[1], context=pair[0]).string = text
    with path.open("wb") as fp:
        write_po(fp, catalog)


def test_a_missing_translation_fails_with_exit_1_and_writes_nothing(runner, project_copy):
    _plant(project_copy / "locales", "de", C.TURN_STEP, "")
    out = project_copy / "sheet.pdf"
    result = invoke(runner, "calibrate", "--lang", "de", "--out", out, "--locales", project_copy / "locales")
    assert result.exit_code == 1 and not out.exists()
    assert "translation-missing" in result.output and "Turn the sheet over" in result.output
    assert "sheets.po" in result.output and "1 error(s)" in result.output


def test_a_long_translation_shrinks_the_text_to_fit(project_copy):
    locales = project_copy / "locales"
    shipped = load_catalogs(REPO / "locales", ("pl",))["pl"]
    _plant(locales, "pl", C.READ_STEP, " ".join([shipped.pgettext(*C.READ_STEP)] * 4))
    fonts, layout = register_fonts(Project().fonts), calibration_layout(LAYOUTS)
    grid = home_grid("letter", LAYOUTS, card_geometry(LAYOUTS))
    printing = C.CalibrationPrint(grid, layout, "letter", "long", (0, 0))
    before = C.compose(shipped, fonts, printing)
    after = C.compose(load_catalogs(locales, ("pl",))["pl"], fonts, printing)
    assert before.problems == after.problems == ()
    assert {line.size for line in before.back} == {layout.text.size}
    [size] = {line.size for line in after.back}
    assert layout.text.min_size <= size < layout.text.size


def test_overflow_and_missing_glyphs_fail_the_command_and_the_validator(runner, project_copy):
    locales = project_copy / "locales"
    _plant(locales, "pl", C.READ_STEP, " ".join(["Obejrzyj arkusz pod światło."] * 80))
    _plant(locales, "tr", C.TURN_STEP, "Kâğıdı çevir 漢 ve arka yüzdeki ölçekleri oku.")
    out = project_copy / "out"
    result = invoke(runner, "calibrate", "--lang", "pl,tr", "--paper", "letter", "--locales", locales)
    assert result.exit_code == 1 and not out.exists()
    assert "calibration-text-overflow" in result.output and "back of the Letter sheet" in result.output
    assert "calibration-glyph-missing" in result.output and "'漢'" in result.output
    code, problems = validate_json(runner, project_copy)
    assert code == 1
    assert having(problems, "calibration-text-overflow", lang="pl")
    assert having(problems, "calibration-glyph-missing", lang="tr")
    assert {p["location"].get("lang") for p in problems if p["severity"] == "error"} == {"pl", "tr"}


def test_every_language_fits_on_both_papers_for_both_flips():
    catalogs = load_catalogs(REPO / "locales", LANGS + ("en",))
    fonts, layout = register_fonts(Project().fonts), calibration_layout(LAYOUTS)
    for lang, catalog in catalogs.items():
        for paper in PAPERS:
            grid = home_grid(paper, LAYOUTS, card_geometry(LAYOUTS))
            for duplex in DUPLEX:
                composed = C.compose(catalog, fonts, C.CalibrationPrint(grid, layout, paper, duplex, (-10.25, -10.25)))
                assert composed.problems == (), (lang, paper, duplex)
                assert {line.size for line in composed.front + composed.back} == {layout.text.size}


@pytest.mark.parametrize("paper", PAPERS)
def test_the_scale_numbers_are_at_least_6_pt_and_never_touch(sheets, paper):
    """Once 4.5 pt and 1 mm apart ("−4−20"): the X scales number every 2 mm, alternating above and below, the Y
    scales every 1 mm, alternating left and right; no two numbers' boxes come within 0.5 pt of each other."""
    pdf = sheets[("tr", paper)]
    runs, _ = printed(pdf)
    assert min(run.size for run in runs if run.page == 1) >= 6.0
    page = pdfium.PdfDocument(pdf)[1]
    text = page.get_textpage()
    labels: list[list[float]] = []
    previous = None
    for index in range(text.count_chars()):
        char, box = text.get_text_range(index, 1), list(text.get_charbox(index))
        if char in "0123456789\u2212":
            if previous == index - 1 and labels:
                labels[-1] = [min(labels[-1][0], box[0]), min(labels[-1][1], box[1]), max(labels[-1][2], box[2]),
                              max(labels[-1][3], box[3])]
            else:
                labels.append(box)
            previous = index
    assert len(labels) >= 2 * 5 + 2 * 11
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            apart = a[2] + 0.5 <= b[0] or b[2] + 0.5 <= a[0] or a[3] + 0.5 <= b[1] or b[3] + 0.5 <= a[1]
            assert apart, (a, b)


def test_the_title_is_set_with_an_em_dash_like_every_other_file(sheets):
    for pdf in sheets.values():
        reader = PdfReader(BytesIO(pdf))
        assert reader.metadata.title.startswith("Ancient Duel — ")
        assert "Ancient Duel — " in _words(reader.pages[0]) and "·" not in _words(reader.pages[0])


def test_every_duplex_mode_of_the_command_has_its_printing_step():
    assert tuple(C.PRINT_STEPS) == DUPLEX
