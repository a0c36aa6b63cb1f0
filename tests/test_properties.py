"""Property-based tests (hypothesis): any generated input to a parser or option ends in success or in located
problems (a usage error for options), never in another exception."""
from __future__ import annotations

import math
import tempfile
from pathlib import Path

import click
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.data.card_database import load_cards
from pnp.i18n.catalogs import LANGS, catalog_path, read_catalog
from pnp.cli.options import LanguageList
from pnp.cli.make import Offset
from pnp.data.deck_lists import load_deck_list
from pnp.data.engine_data import read_engine
from pnp.layouts.schemas import CardLayout, load_layout
from pnp.i18n.postrict import po_problems
from pnp.problems import ProblemsFound
from pnp.project import REPO, Project, load_inputs

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ENGINE = (REPO / "data" / "engine.toml").read_text(encoding="utf-8")
ROME = (REPO / "data" / "cards" / "rome.toml").read_text(encoding="utf-8")
SHEETS_PO = catalog_path(REPO / "locales", "de", "sheets").read_text(encoding="utf-8")
CARD_LAYOUT = (REPO / "pnp" / "layouts" / "card.toml").read_text(encoding="utf-8")
# characters that matter to the formats: quotes, escapes, brackets, separators, digits, line breaks, letters
NASTY = st.sampled_from(['"', "\\", "\n", "[", "]", "=", "#", ",", "{", "}", "%", "0", "7", "-", ".", " ", "ä", "'",
                         "\t", "nan", "inf", "msgid ", "msgstr[9] "])


@st.composite
def mutated(draw, text: str) -> str:
    """`text` with a few edits: characters that matter inserted, spans deleted, the file cut short."""
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "delete", "cut"]))
        if action == "insert":
            text = text[:at] + draw(NASTY) + text[at:]
        elif action == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 40)):]
        else:
            text = text[:at]
    return text


def located(problems) -> bool:
    return all(p.where.file or p.where.card or p.where.field for p in problems)


def succeeds_or_locates(load, *args) -> None:
    """`load(*args)` returns, or raises ProblemsFound with located problems (any other exception fails)."""
    try:
        load(*args)
    except ProblemsFound as exc:
        assert exc.problems and located(exc.problems)


@pytest.fixture(scope="module")
def inputs():
    return load_inputs(Project(), ())


@SETTINGS
@given(mutated(ENGINE))
def test_engine_data(text):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "engine.toml"
        path.write_text(text, encoding="utf-8")
        engine, problems = read_engine(path)
        assert located(problems)


@SETTINGS
@given(mutated(ROME))
def test_card_files(inputs, text):
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "rome.toml").write_text(text, encoding="utf-8")
        succeeds_or_locates(load_cards, Path(folder), inputs.engine)


@SETTINGS
@given(mutated(SHEETS_PO))
def test_catalogs(text):
    with tempfile.TemporaryDirectory() as folder:
        for domain in ("cards", "rulebook", "sheets"):
            source = catalog_path(REPO / "locales", "de", domain)
            target = catalog_path(Path(folder), "de", domain)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text if domain == "sheets" else source.read_text(encoding="utf-8"), encoding="utf-8")
        try:
            read_catalog(Path(folder), "de")
        except ProblemsFound as exc:
            assert exc.problems and all(p.where.file and p.where.lang == "de" for p in exc.problems)


@SETTINGS
@given(st.text(max_size=300))
def test_any_text_as_a_catalog(text):
    assert located(po_problems(text, "x.po", "de"))


CARD_IDS = st.sampled_from(["rome.hastati-line", "rome.testudo", "carthage.numidian-cavalry", "rome.nope", "x",
                            "sparta.spartan-hoplites", ""])
VALUES = st.one_of(st.integers(-3, 45), st.text(max_size=5), st.booleans(), st.floats(allow_nan=True),
                   st.lists(st.integers(0, 3), max_size=2))


def toml_value(value) -> str:
    import json
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if math.isinf(value) and value > 0 else
                                                 "-inf" if math.isinf(value) else repr(value))
    return json.dumps(value, ensure_ascii=False)


@SETTINGS
@given(st.sampled_from(["rome", "sparta", "atlantis", ""]), st.sampled_from([None, "carthage", "rome", 3]),
       st.dictionaries(CARD_IDS, VALUES, max_size=6))
def test_deck_lists(inputs, faction, allied, cards):
    text = f"faction = {toml_value(faction)}\n" + (f"allied = {toml_value(allied)}\n" if allied else "")
    text += "[cards]\n" + "".join(f"{toml_value(card)} = {toml_value(count)}\n" for card, count in cards.items())
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deck.toml"
        path.write_text(text, encoding="utf-8")
        succeeds_or_locates(load_deck_list, path, inputs.cards, inputs.engine)


@SETTINGS
@given(mutated(CARD_LAYOUT))
def test_layout_files(text):
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "card.toml").write_text(text, encoding="utf-8")
        succeeds_or_locates(load_layout, "card", CardLayout, Path(folder))


@SETTINGS
@given(st.one_of(st.text(max_size=20), st.builds(lambda x, y: f"{x},{y}", st.floats(), st.floats())))
def test_back_offset(text):
    try:
        x, y = Offset().convert(text, None, None)
    except click.BadParameter:
        return
    assert math.isfinite(x) and math.isfinite(y)


@SETTINGS
@given(st.lists(st.sampled_from(LANGS + ("all", "en", "xx", "", " ", "DE")), max_size=6).map(",".join))
def test_lang(text):
    try:
        langs = LanguageList(LANGS).convert(text, None, None)
    except click.BadParameter as exc:
        assert "Traceback" not in str(exc)
        return
    assert langs and len(set(langs)) == len(langs) and set(langs) <= set(LANGS)
