"""`pnp proof` without a browser: the pages say what the kit computes (fitted sizes, catalog lines, engine values
behind placeholders, glossary), the site is deterministic, and unreadable inputs fail cleanly."""
from __future__ import annotations

import html
import re
import shutil
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image
from reportlab.pdfgen import canvas

from pnp.typeset.fonts import register_fonts
from pnp.cards.layout import card_layout
from pnp.layouts.schemas import LAYOUTS
from pnp.i18n.localize import localize_cards
from pnp.project import Project, load_inputs
from pnp.proof.model import MessageRow
from pnp.proof.placement import placements
from pnp.proof.site import proof_site
from pnp.cards.checks import compose_language
from pnp.cards.labels import card_labels
from session_cache import cold_proof_site, files_in
from tests.conftest import invoke, project_args

ARTICLE = re.compile(r'<article class="card-row[^"]*" id="([^"]+)".*?</article>', re.S)
CELL = re.compile(r'<section class="cell[^"]*" data-lang="(\w+)".*?</section>', re.S)
SIZE = re.compile(r'<dt>(\w+) <span class="size([^"]*)"[^>]*>([\d.]+) pt</span></dt>\s*<dd data-field="\w+">'
                  r'<span class="text">(.*?)</span>\s*<span class="source" lang="en">(.*?)</span>', re.S)


@pytest.fixture(scope="module")
def polish_site() -> dict[Path, bytes]:
    """The Polish site as `pnp proof --lang pl` writes it, made in one process with every cache of pnp cold (the
    session's, which is test_disk_cache's cold run too)."""
    return files_in(cold_proof_site("pl") / "site")


def card_texts(files: dict[Path, bytes]) -> dict[tuple[str, str, str], tuple[float, str, str, str]]:
    """(card id, language, field) -> (size, highlight classes, text, first source line) read back from the pages."""
    found = {}
    for path, content in files.items():
        if path.name.startswith("cards-"):
            for article in ARTICLE.finditer(content.decode()):
                for cell in CELL.finditer(article.group(0)):
                    for field, classes, size, text, source in SIZE.findall(cell.group(0)):
                        found[(article.group(1), cell.group(1), field)] = (
                            float(size), classes.strip(), html.unescape(text), html.unescape(re.sub("<[^>]+>", "",
                                                                                                   source)))
    return found


def test_sizes_texts_and_catalog_lines_are_those_of_the_build(polish_site):
    texts = card_texts(polish_site)
    inputs = load_inputs(Project(), ("en", "pl"))
    fonts, layout = register_fonts(Project().fonts), card_layout(LAYOUTS)
    catalog = inputs.catalogs["pl"]
    fronts, _ = compose_language(localize_cards(inputs.cards, catalog), card_labels(catalog), layout, fonts)
    assert len(fronts) == 141
    for face in fronts:
        for field in ("name", "type", "effect", "bonus"):
            fitted = face.texts().get(field)
            if fitted is None:
                assert (face.card.id, "pl", field) not in texts
                continue
            size, _, text, _ = texts[(face.card.id, "pl", field)]
            assert (size, text) == (fitted.size, fitted.text), (face.card.id, field)
        message = catalog.messages[(f"{face.card.id}:effect", face.card.effect)]
        source = texts[(face.card.id, "pl", "effect")][3]
        assert source == f"msgctxt {face.card.id}:effect · locales/pl/LC_MESSAGES/cards.po:{message.line}"
    # the smallest size of a field among the languages is highlighted when shrunk (pl 9.5 pt, en 9.75 pt here: the
    # sizes of the names of their Rome decks)
    assert texts[("rome.roman-auxiliary-archers", "pl", "name")][:2] == (9.5, "smallest")
    assert texts[("rome.roman-auxiliary-archers", "en", "name")][:2] == (9.75, "")


def test_a_mercenary_shows_its_trait_with_the_catalog_line_it_comes_from(polish_site):
    page = polish_site[Path("cards-carthage.html")].decode()
    article = {m.group(1): m.group(0) for m in ARTICLE.finditer(page)}
    line = next(m.line for (context, _), m in load_inputs(Project(), ("pl",)).catalogs["pl"].messages.items()
                if context == "trait")
    slingers, spearmen = article["carthage.balearic-slingers"], article["carthage.libyan-spearmen"]
    assert "· unit · mercenary" in slingers and "mercenary" not in spearmen.split("<dl", 1)[0]
    polish = next(cell.group(0) for cell in CELL.finditer(slingers) if cell.group(1) == "pl")
    assert "Piechota strzelecka · Najemnik" in polish  # one line: the faction's name is in the footer
    assert f"msgctxt <code>trait</code> · locales/pl/LC_MESSAGES/cards.po:{line}" in polish
    assert card_texts(polish_site)[("carthage.numidian-cavalry", "pl", "type")][2] == "Jazda · Najemnik"


def test_placeholders_show_the_engine_value_they_are_filled_with(project_copy, tmp_path, monkeypatch):
    """Made with a copy of the caches the Polish site's cold run left (the card images are not what is tested)."""
    shutil.copytree(cold_proof_site("pl") / "cache", tmp_path / "cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    engine = project_copy / "data" / "engine.toml"
    text = engine.read_text(encoding="utf-8")
    assert len(re.findall(r"(?m)^start = 20\b", text)) == 1
    engine.write_text(re.sub(r"(?m)^start = 20\b", "start = 27", text), encoding="utf-8")
    project = Project(data=project_copy / "data", locales=project_copy / "locales")
    page = proof_site(project, ("pl",))[Path("messages.html")].decode()
    row = re.search(r'<tr [^>]*>(?:(?!</tr>).)*Each player: <mark class="ph">%\(life_start\)s</mark>.*?</tr>',
                    page, re.S).group(0)
    assert ('<li><mark class="ph">%(life_start)s</mark> = <strong class="value">27</strong> '
            '<span class="source">data/engine.toml [life] start</span></li>') in row
    assert '<mark class="ph">%(life_start)s</mark> PŻ' in row  # highlighted in the Polish text too


def test_glossary_lists_terms_stat_abbreviations_and_forbidden_words(polish_site):
    page = html.unescape(polish_site[Path("glossary.html")].decode())
    assert re.search(r'<tr class="stat"><td>stat</td><td lang="en">DEF</td><td lang="pl">OBR</td>'
                     r'<td class="source">locales/glossary.toml:\d+</td></tr>', page)
    assert re.search(r'<tr class="forbidden"><td>forbidden</td><td lang="en">DEF</td><td>[^<]+</td>', page)
    assert re.search(r'<tr class="unit-type"><td>unit type</td><td lang="en">Officer</td><td lang="pl">Oficer</td>',
                     page)


def test_same_input_gives_byte_identical_site_for_any_number_of_jobs(polish_site, tmp_path, monkeypatch):
    """The fixture's site was made in one process; made again in two, with a cache folder of its own (so the workers
    draw and encode the images instead of reading the fixture's, and every cache is cold in both), it is the same."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    again = proof_site(Project(), ("pl",), jobs=2)
    assert list(again) == list(polish_site)
    assert all(again[path] == polish_site[path] for path in again)
    cards = [path for path in again if path.suffix in (".png", ".jpg") and path.parent.name != "printed"]
    assert len(cards) == 141 * 2 * 2  # each card in English and Polish, as a thumbnail and at print resolution
    assert sum(path.suffix == ".jpg" for path in cards) == 141 * 2  # print resolution: JPEG
    assert sum(1 for path in again if path.parent.name == "printed") > 400  # where each message is printed
    # offline: no page, style or script refers to anything outside the site
    for path, content in again.items():
        if path.suffix in (".html", ".css", ".js"):
            assert not re.search(rb"(?:https?:)?//[\w.-]+\.\w", content), path


def test_unreadable_inputs_fail_with_located_problems_and_write_nothing(runner, project_copy, tmp_path):
    engine = project_copy / "data" / "engine.toml"
    engine.write_text(engine.read_text(encoding="utf-8").replace("[life]", "[life", 1), encoding="utf-8")
    result = invoke(runner, "proof", "--lang", "pl", "--out", tmp_path / "site", *project_args(project_copy))
    assert result.exit_code == 1
    assert "engine.toml" in result.output and "toml-syntax" in result.output
    assert not (tmp_path / "site").exists()


def test_a_message_set_over_two_lines_is_found_where_it_is_largest():
    buffer = BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=(300, 200))
    pdf.setFont("Helvetica", 8)
    pdf.drawString(20, 180, "Contents: Roll the die twice")  # the same words, smaller, on a page before
    pdf.showPage()
    pdf.setFont("Helvetica", 14)
    pdf.drawString(20, 100, "When you attack: Roll the")
    pdf.drawString(20, 80, "die twice and keep the higher.")
    pdf.save()
    rows = [MessageRow(anchor, "Score sheet and tokens", None, msgid, None, (), ())
            for anchor, msgid in (("m-split", "Roll the die twice"), ("m-absent", "Draw two cards"))]
    found = placements({"scoresheet.pdf": buffer.getvalue()}, rows)
    assert list(found) == ["m-split"] and found["m-split"].caption == "scoresheet.pdf, page 2"
    with Image.open(BytesIO(found["m-split"].png)) as crop:  # 18 mm above and below both 14 pt lines, 20 pt apart
        assert crop.mode == "L" and crop.size[0] == round(300 * 100 / 72)
        assert crop.height > (2 * 18 / 25.4 * 72 + 20) * 100 / 72
