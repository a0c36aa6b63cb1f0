"""Property-based tests (hypothesis): any generated input to a parser or option ends in success or in located
problems (a usage error for options), never in another exception."""
from __future__ import annotations

import math
import re
import tempfile
from pathlib import Path

import click
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pnp.data.card_database import load_cards
from pnp.i18n.catalogs import LANGS, catalog_path, read_catalog
from pnp.cli.options import LanguageList
from pnp.cli.make import Offset
from pnp.data.deck_lists import load_deck_list
from pnp.data.engine_data import read_engine
from pnp.cards.layout import CardLayout
from pnp.core.loader import load_layout
from pnp.i18n.postrict import po_problems
from pnp.core.problems import ProblemsFound
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
@given(st.lists(st.integers(0, 5), max_size=12), st.integers(0, 6))
def test_a_card_found_by_id_is_the_first_of_that_id(inputs, picks, asked):
    """CardDatabase.by_id: the first card of an id (a file may repeat one: the loader reports it), None for none."""
    from dataclasses import replace
    from pnp.data.card_database import CardDatabase
    pool = inputs.cards.cards[:3]
    cards = tuple(replace(pool[pick % 3], name=f"copy {n}") if pick > 2 else pool[pick] for n, pick in enumerate(picks))
    wanted = pool[asked].id if asked < 3 else "no-such-card"
    assert CardDatabase(cards).by_id(wanted) is next((card for card in cards if card.id == wanted), None)


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


# --- third round (issue 24): nesting, layout ranges, deck keys written two ways, .po lines as Babel counts them ---

def nested(depth: int, kind: str) -> str:
    return ("[" * depth + "1" + "]" * depth) if kind == "list" else ("{a = " * depth + "1" + "}" * depth)


@SETTINGS
@given(st.integers(0, 3000), st.sampled_from(["list", "table"]))
def test_any_nesting_is_read_or_one_located_problem(depth, kind):
    from pnp.core.tomlfile import MAX_DEPTH, read_toml
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deck.toml"
        path.write_text(f"x = {nested(depth, kind)}\n", encoding="utf-8")
        data, problems = read_toml(path)
    if depth + 1 <= MAX_DEPTH:
        assert data is not None and problems == []
    else:
        assert data is None and [(p.code, p.where.file) for p in problems] == [("toml-nesting", str(path))]


NUMBER_KEYS = ["fit_step", "width", "height", "bleed", "safe", "small_text", "max_ink", "min_dpi", "max_dpi",
               "max_megapixels", "max_lines", "size", "min_size", "leading"]
NUMBERS = st.one_of(st.integers(-10**12, 10**12), st.floats(allow_nan=True, allow_infinity=True),
                    st.sampled_from([0, -1, 1e-9, 0.049, 0.05, 5, 5.01, 49, 50, 1200, 1201, 1000, 1000.5, 10**300]))


def numbers_in(value):
    """Every number of a loaded layout (dataclasses, mappings, tuples), with its field's type."""
    import dataclasses
    import typing
    if dataclasses.is_dataclass(value):
        hints = typing.get_type_hints(type(value))
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if isinstance(item, (int, float)) and not isinstance(item, bool):
                yield hints[f.name], item
            else:
                yield from numbers_in(item)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from numbers_in(item)
    elif hasattr(value, "values"):
        for item in value.values():
            yield from numbers_in(item)


@SETTINGS
@given(st.sampled_from(NUMBER_KEYS), NUMBERS)
def test_every_layout_number_loads_within_its_documented_range_or_is_located(key, number):
    """Any number at any numeric key of card.toml: a layout whose every number is in its range
    (pnp/core/values.py), or located layout problems; never a hang, an overflow or a traceback."""
    import re
    from pnp.core.values import DPI_RANGE, MAX_NUMBER, STEP_RANGE, Dpi, Step
    written = toml_value(number) if isinstance(number, float) else str(number)
    text, count = re.subn(rf"(?m)\b{key} = [-0-9.e]+", f"{key} = {written}", CARD_LAYOUT, count=1)
    assume(count == 1)
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "card.toml").write_text(text, encoding="utf-8")
        try:
            layout = load_layout("card", CardLayout, Path(folder))
        except ProblemsFound as exc:
            assert exc.problems and located(exc.problems)
            return
    for kind, value in numbers_in(layout):
        low, high = {Step: STEP_RANGE, Dpi: DPI_RANGE}.get(kind, (-MAX_NUMBER, MAX_NUMBER))
        assert math.isfinite(value) and low <= value <= high, (kind, value)


@SETTINGS
@given(st.lists(st.sampled_from(["rome.testudo", "rome.hastati-line", "sparta.spartan-hoplites"]), min_size=1,
                max_size=4), st.lists(st.booleans(), min_size=4, max_size=4))
def test_a_card_listed_twice_in_any_writing_is_reported(inputs, ids, quoted):
    lines = [f'"{card}" = 1' if quote else f"{card} = 1" for card, quote in zip(ids, quoted)]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deck.toml"
        path.write_text('faction = "rome"\n[cards]\n' + "\n".join(lines) + "\n", encoding="utf-8")
        try:
            from pnp.data.deck_lists import read_deck_list
            deck, problems = read_deck_list(path, inputs.cards, inputs.engine)
        except ProblemsFound as exc:  # the TOML itself: the same key written the same way twice
            problems = list(exc.problems)
    twice = len(ids[:len(lines)]) - len(set(ids[:len(lines)]))
    duplicates = [p for p in problems if p.code == "deck-duplicate-card"]
    if not [p for p in problems if p.code == "toml-syntax"]:
        assert len(duplicates) == twice and all(p.where.line for p in duplicates)


SEPARATORS = st.sampled_from(["\f", "\v", "\u2028", "\u2029", "\u0085", "\x1c", "\x1d", "\x1e"])


@SETTINGS
@given(st.lists(st.tuples(st.integers(0, 10**6), SEPARATORS), min_size=1, max_size=8))
def test_the_po_pre_scan_and_babel_agree_on_lines(places):
    """Line separators other than LF inside a catalog's translations: the pre-scan finds nothing and every entry it
    would name is at the line Babel gives its message (msgid lines, counted the same way)."""
    from babel.messages.pofile import read_po
    from io import BytesIO
    text = SHEETS_PO
    header_end = text.index("\n\n")
    strings = [m.end() + 1 for m in re.finditer(r'(?m)^(?:msgstr |msgid )?"(?=[^"\n]{3})', text)
               if m.start() > header_end]
    for at, separator in sorted(places, key=lambda place: -(place[0] % len(strings))):  # later places first
        where = strings[at % len(strings)]
        text = text[:where] + separator + text[where:]
    assert po_problems(text, "x.po", "de") == []
    babel_lines = sorted(m.lineno for m in read_po(BytesIO(text.encode("utf-8")), locale="de") if m.id)
    msgid_lines = [number for number, line in enumerate(text.split("\n"), 1) if line.startswith("msgid ")]
    assert babel_lines == msgid_lines[1:]  # the header's aside


@SETTINGS
@given(mutated(SHEETS_PO))
def test_cr_only_catalog_is_one_problem(text):
    assume("\n" in text)
    problems = po_problems(text.replace("\n", "\r"), "x.po", "de")
    assert [p.code for p in problems] == ["po-line-ending"]
