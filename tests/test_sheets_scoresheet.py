"""The score sheet: page size, the engine's numbers read back from the PDF, changed engine data carried through,
every label fitting in every language, and clear problems when something cannot fit."""
from __future__ import annotations

import re
import shutil
from io import BytesIO

import pytest
from babel.messages.pofile import read_po, write_po
from pypdf import PdfReader

from conftest import LANGS
from pnp.i18n.catalogs import load_catalogs
from product_helpers import load_engine
from pnp.typeset.fonts import register_fonts
from pnp.layouts.schemas import LAYOUTS, PAPERS
from pnp.i18n.localize import stat_labels
from pnp.core.problems import ProblemsFound
from pnp.project import REPO, Project, load_inputs
from product_helpers import product_named, product_problems
from pnp.sheets import scoresheet as S
from pnp.sheets.layout import scoresheet_layout
from pnp.graphics.drawing import Rect, Shape
from pnp.sheets.pdf import compose_for_paper
from product_helpers import scoresheet_pdf
from pnp.i18n.translator import Translator

PAPER_POINTS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
CHANGED = {"life": {"start": 25}, "energy": {"start_max": 5, "rise_from_turn": 4, "rise_per_turn": 2, "cap": 11},
           "stats": {"floor": 0, "ceiling": 10}}


@pytest.fixture(scope="session")
def fonts():
    return register_fonts(Project().fonts)


@pytest.fixture(scope="session")
def inputs():
    return load_inputs(Project(), LANGS + ("en",))


@pytest.fixture(scope="session")
def sheets(inputs, fonts) -> dict[tuple[str, str], PdfReader]:
    """Every language's score sheet on every paper, rendered once."""
    return {(lang, paper): PdfReader(BytesIO(scoresheet_pdf(inputs.engine, inputs.catalogs[lang], fonts, paper, LAYOUTS)))
            for lang in LANGS for paper in PAPERS}


def changed_engine_project(tmp_path) -> Project:
    """A copy of data/ whose engine.toml has other life, energy and stat numbers (CHANGED)."""
    shutil.copytree(REPO / "data", tmp_path / "data")
    path = tmp_path / "data" / "engine.toml"
    text = path.read_text(encoding="utf-8")
    for section, values in CHANGED.items():
        for key, value in values.items():
            text, count = re.subn(rf"(?ms)(^\[{section}\].*?^{key} = )\d+", rf"\g<1>{value}", text, count=1)
            assert count == 1, (section, key)
    path.write_text(text, encoding="utf-8")
    return Project(data=tmp_path / "data")


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def contains_run(haystack: list[int], run: list[int]) -> bool:
    return any(haystack[i:i + len(run)] == run for i in range(len(haystack) - len(run) + 1))


def squeeze(text: str) -> str:
    """Text without whitespace: line breaks and font changes in the extracted text do not matter."""
    return "".join(text.split())


def expected_life_track(engine) -> list[int]:
    return list(range(engine.life_start + scoresheet_layout(LAYOUTS).life.healing_cells, engine.life_lose_at - 1, -1))


def expected_energy_rows(engine) -> list[int]:
    """Turn number then that turn's maximum, row by row, from Engine.max_energy."""
    return [n for turn in range(1, scoresheet_layout(LAYOUTS).energy.rows + 1) for n in (turn, engine.max_energy(turn))]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_one_page_of_the_chosen_paper(sheets, lang, paper):
    reader = sheets[(lang, paper)]
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(PAPER_POINTS[paper], abs=0.5)


@pytest.mark.parametrize("lang", LANGS)
def test_life_track_and_energy_schedule_are_the_engines(sheets, inputs, lang):
    engine = inputs.engine
    found = numbers(sheets[(lang, "a4")].pages[0].extract_text())
    assert expected_life_track(engine)[0] == 25 and expected_life_track(engine)[-1] == 0
    assert contains_run(found, expected_life_track(engine))
    rows = expected_energy_rows(engine)
    assert rows[:16] == [1, 6, 2, 6, 3, 7, 4, 8, 5, 9, 6, 10, 7, 11, 8, 12]  # the seed rule: 6, +1 from turn 3, cap 12
    assert contains_run(found, rows)


@pytest.mark.parametrize("lang", LANGS)
def test_headings_and_rule_reminders_in_the_language(sheets, inputs, lang):
    text = squeeze(sheets[(lang, "letter")].pages[0].extract_text())
    catalog = inputs.catalogs[lang]
    sheet_text = Translator(catalog, "sheets", inputs.engine.numbers)
    lp = stat_labels(catalog)["lp"]
    for pair in (S.TITLE, S.ENERGY, S.BONUSES, S.NOTES, S.ENERGY_RULE, S.WOUND_RULE, S.BONUS_HELP):
        assert squeeze(sheet_text(pair)) in text, pair
    assert squeeze(sheet_text(S.LIFE, stat=lp)) in text
    assert sheet_text.problems == []


def test_turkish_and_polish_letters_and_abbreviations(sheets):
    tr = sheets[("tr", "a4")].pages[0].extract_text()
    assert "Başlayan oyuncu" in tr and "Skor kâğıdı" in tr and "SAL" in tr and "SAV" in tr
    assert not re.search(r"\b(ATK|DEF|LP)\b", tr)
    pl = sheets[("pl", "a4")].pages[0].extract_text()
    assert "Gracz rozpoczynający" in pl and "OBR" in pl and "PŻ" in pl
    assert not re.search(r"\b(DEF|LP)\b", pl)


def test_every_label_fits_and_every_glyph_exists_in_every_language(inputs):
    for name in ("score sheet", "tokens"):
        assert product_problems(product_named(name), inputs, LANGS + ("en",), Project()) == []


def test_a_changed_engine_value_reaches_every_language(tmp_path, fonts):
    project = changed_engine_project(tmp_path)
    inputs = load_inputs(project, LANGS)
    engine = inputs.engine
    assert engine.life_start == 25 and engine.energy_cap == 11
    for lang in LANGS:
        text = PdfReader(BytesIO(scoresheet_pdf(engine, inputs.catalogs[lang], fonts, "a4", LAYOUTS))).pages[0].extract_text()
        found = numbers(text)
        assert contains_run(found, expected_life_track(engine)), lang
        assert contains_run(found, expected_energy_rows(engine)), lang
        assert expected_energy_rows(engine)[:8] == [1, 5, 2, 5, 3, 5, 4, 7]
        sheet_text = Translator(inputs.catalogs[lang], "sheets", engine.numbers)
        for pair in (S.ENERGY_RULE, S.BONUS_HELP):
            assert squeeze(sheet_text(pair)) in squeeze(text), (lang, pair)


def test_deterministic(inputs, fonts):
    first = scoresheet_pdf(inputs.engine, inputs.catalogs["pl"], fonts, "letter", LAYOUTS)
    assert first == scoresheet_pdf(inputs.engine, inputs.catalogs["pl"], fonts, "letter", LAYOUTS)


def test_writing_boxes_are_big_enough_for_a_pencil():
    layout = scoresheet_layout(LAYOUTS)
    assert min(layout.life.cell, layout.energy.box, layout.player.tick, layout.bonus.row,
               layout.bonus.stat, layout.bonus.modifier) >= 5.0


def mutate_catalog(tmp_path, lang: str, changes: dict[tuple[str, str], str]):
    """A copy of locales/ with some sheet translations replaced; returns the loaded catalogs."""
    shutil.copytree(REPO / "locales", tmp_path / "locales", ignore=shutil.ignore_patterns("*.mo"))
    path = tmp_path / "locales" / lang / "LC_MESSAGES" / "sheets.po"
    with path.open("rb") as fp:
        catalog = read_po(fp, locale=lang)
    for (context, msgid), text in changes.items():
        catalog.get(msgid, context).string = text
    with path.open("wb") as fp:
        write_po(fp, catalog)
    return load_catalogs(tmp_path / "locales", (lang,))


def test_a_label_too_long_for_its_box_is_a_problem_naming_language_and_message(tmp_path, inputs, fonts):
    catalogs = mutate_catalog(tmp_path, "de", {S.MAXIMUM: "Höchstmögliche Energie dieses Zuges"})
    page = compose_for_paper(inputs.engine, catalogs["de"], fonts, "a4", LAYOUTS)
    overflow = [p for p in page.problems if p.code == "sheet-label-overflow"]
    assert overflow and overflow[0].where.lang == "de" and overflow[0].where.msgid == "Max."
    assert "Höchstmögliche" in overflow[0].message
    with pytest.raises(ProblemsFound):
        scoresheet_pdf(inputs.engine, catalogs["de"], fonts, "a4", LAYOUTS)


def test_a_character_without_a_glyph_is_a_problem(tmp_path, inputs, fonts):
    catalogs = mutate_catalog(tmp_path, "tr", {S.NOTES: "Notlar ✍"})
    problems = [p for p in compose_for_paper(inputs.engine, catalogs["tr"], fonts, "a4", LAYOUTS).problems
                if p.code == "sheet-glyph-missing"]
    assert problems and "✍" in problems[0].message and problems[0].where.lang == "tr"
    assert problems[0].where.msgid == S.NOTES[1]  # the message to fix


def test_an_energy_cap_beyond_the_tick_boxes_is_one_clear_problem(tmp_path, inputs, fonts):
    project = changed_engine_project(tmp_path)
    path = project.engine_file
    path.write_text(re.sub(r"(?m)^cap = \d+", "cap = 20", path.read_text(encoding="utf-8")), encoding="utf-8")
    engine = load_engine(path)
    problems = compose_for_paper(engine, inputs.catalogs["de"], fonts, "letter", LAYOUTS).problems
    assert [p.code for p in problems] == ["sheet-no-room"]
    assert "energy cap 20" in problems[0].message and problems[0].where.field == "energy.cap"


@pytest.mark.parametrize("paper", PAPERS)
def test_nothing_is_drawn_within_8_mm_of_the_paper_edge(inputs, fonts, paper):
    """Home printers clip 4–5 mm from the edge: the border, its diamonds and everything inside keep 8 mm."""
    page = compose_for_paper(inputs.engine, inputs.catalogs["de"], fonts, paper, LAYOUTS)
    xs, ys = [], []
    for item in page.items:
        if isinstance(item, Rect):
            xs += [item.x, item.x + item.w]
            ys += [item.y, item.y + item.h]
        elif isinstance(item, Shape):
            xs += [x for x, _ in item.points]
            ys += [y for _, y in item.points]
    assert min(min(xs), page.width - max(xs), min(ys), page.height - max(ys)) >= 8.0
