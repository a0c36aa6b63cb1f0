"""Deck lists: `pnp deck check FILE` and load_deck_list against the deck-building rules of the engine data."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from conftest import project_args
from pnp.cli import main
from pnp.data.deck_lists import ALLIED, COALITION, SINGLE, bundled_deck, deck_problems, load_deck_list
from pnp.core.problems import ProblemsFound
from pnp.project import Project, load_inputs
from pnp.data.terms import FACTIONS

DECKS = Path(__file__).parent / "fixtures" / "decks"


@pytest.fixture(scope="session")
def inputs():
    return load_inputs(Project(), ())


def check(runner, path: Path, *args: str):
    result = runner.invoke(main, ["deck", "check", str(path), "--format", "json", *args])
    assert "Traceback" not in result.output
    return result.exit_code, json.loads(result.stdout)


def line(path: Path, fragment: str) -> int:
    return next(i for i, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if fragment in text)


@pytest.mark.parametrize("name,mode,counts", [
    ("legal-single.toml", SINGLE, {"rome": 40}),
    ("legal-allied.toml", ALLIED, {"rome": 30, "carthage": 10}),
    ("legal-coalition.toml", COALITION, {"rome": 26, "sparta": 8, "macedon": 6}),
])
def test_legal_deck_lists(runner, inputs, name, mode, counts):
    deck = load_deck_list(DECKS / name, inputs.cards, inputs.engine)
    assert (deck.mode, dict(deck.count_by_faction()), deck.size, len(deck.cards)) == (mode, counts, 40, 40)
    assert tuple(counts) == deck.factions
    assert all(card.id.startswith(card.faction + ".") for card in deck.cards)
    with pytest.raises(dataclasses.FrozenInstanceError):
        deck.name = "changed"
    result = runner.invoke(main, ["deck", "check", str(DECKS / name)])
    assert result.exit_code == 0, result.output
    assert f"legal {mode} deck" in result.stdout and "40 cards" in result.stdout


def test_deck_list_keeps_its_order_and_counts(inputs):
    deck = load_deck_list(DECKS / "legal-allied.toml", inputs.cards, inputs.engine)
    assert deck.entries[0].card.id == "rome.hastati-line" and deck.entries[0].count == 2
    assert deck.cards[:3] == (deck.entries[0].card,) * 2 + (deck.entries[1].card,)
    assert deck.entries[-1].card.id == "carthage.numidian-cavalry" and deck.entries[-1].count == 3
    assert deck.entries[-1].where.line == line(DECKS / "legal-allied.toml", "carthage.numidian-cavalry")


# file -> [(code, card id or None, line fragment or None)]
ILLEGAL = {
    "illegal-size.toml": [("deck-size", None, "[cards]")],
    "illegal-copies.toml": [("deck-copies", "rome.praetorian-guard", "rome.praetorian-guard")],
    "illegal-no-commander.toml": [("deck-commanders", None, "[cards]")],
    "illegal-commander-copies.toml": [("deck-commander-copies", "rome.trajan-imperial-vanguard",
                                       "rome.trajan-imperial-vanguard")],
    "illegal-ally-commander.toml": [("deck-commanders", None, "[cards]"),
                                    ("deck-commander-faction", "carthage.hannibal-barca-master-of-manoeuvre",
                                     "hannibal-barca-master-of-manoeuvre")],
    "illegal-terrain.toml": [("deck-terrain", None, "[cards]")],
    "illegal-terrain-main.toml": [("deck-terrain-main", None, "[cards]")],
    "illegal-allied-share.toml": [("deck-share", None, "[cards]"), ("deck-share", None, "[cards]")],
    "illegal-coalition-share.toml": [("deck-share", None, "[cards]"), ("deck-share", None, "[cards]")],
    "illegal-foreign-card.toml": [("deck-faction", "sparta.spartan-hoplites", "sparta.spartan-hoplites")],
    "illegal-list.toml": [("deck-unknown-key", None, "colour"),
                          ("deck-unknown-card", "rome.hastati-lines", "rome.hastati-lines"),
                          ("deck-count", "rome.legionary-cohort", "rome.legionary-cohort"),
                          ("deck-count", "rome.praetorian-guard", "rome.praetorian-guard")],
    "illegal-syntax.toml": [("toml-syntax", None, '"rome.hastati-line" =')],
    "illegal-factions.toml": [("deck-mode", None, "allied =")],
    "illegal-coalition-size.toml": [("deck-coalition", None, "coalition =")],
    "illegal-allied-self.toml": [("deck-allied", None, "allied =")],
}


def test_every_illegal_fixture_is_listed():
    assert sorted(p.name for p in DECKS.glob("illegal-*.toml")) == sorted(ILLEGAL)


@pytest.mark.parametrize("name", ILLEGAL)
def test_illegal_deck_lists_name_rule_file_line_and_card(runner, name):
    path = DECKS / name
    code, problems = check(runner, path)
    assert code == 1
    found = [(p["code"], p["location"].get("card"), p["location"]["line"]) for p in problems]
    expected = [(c, card, line(path, fragment)) for c, card, fragment in ILLEGAL[name]]
    assert found == expected
    assert all(p["location"]["file"] == str(path) and p["severity"] == "error" for p in problems)


def test_messages_say_what_was_expected_and_found(runner):
    _, problems = check(runner, DECKS / "illegal-allied-share.toml")
    assert [p["message"] for p in problems] == [
        "the allied deck needs 30 cards of rome, found 31 (expected 30 + 10 from rome, carthage)",
        "the allied deck needs 10 cards of carthage, found 9 (expected 30 + 10 from rome, carthage)"]
    _, problems = check(runner, DECKS / "illegal-list.toml")
    assert "did you mean 'rome.hastati-line'?" in problems[1]["message"]


def test_load_deck_list_raises_with_every_problem(inputs):
    with pytest.raises(ProblemsFound) as caught:
        load_deck_list(DECKS / "illegal-list.toml", inputs.cards, inputs.engine)
    assert len(caught.value.problems) == 4


def test_missing_deck_file(runner, tmp_path):
    code, problems = check(runner, tmp_path / "nope.toml")
    assert code == 1 and problems[0]["code"] == "file-missing"


def test_every_bundled_deck_is_legal(inputs):
    for faction in FACTIONS:
        deck = bundled_deck(inputs.cards, faction)
        assert deck.size == inputs.engine.deck_size
        assert deck_problems(deck, inputs.engine) == []


def test_rules_come_from_the_engine_data(runner, project_copy):
    """Raise the deck size to 41 (allied 31 + 10, coalition 27 + 8 + 6): the 40-card decks become illegal."""
    engine = project_copy / "data/engine.toml"
    text = engine.read_text(encoding="utf-8")
    for old, new in (("size = 40", "size = 41"), ("main = 30", "main = 31"), ("primary = 26", "primary = 27")):
        text = text.replace(old, new)
    engine.write_text(text, encoding="utf-8")
    code, problems = check(runner, DECKS / "legal-allied.toml", *project_args(project_copy))
    assert code == 1
    assert [p["code"] for p in problems] == ["deck-size", "deck-share"]
    assert "expected exactly 41" in problems[0]["message"]
    result = runner.invoke(main, ["validate", "--format", "json", *project_args(project_copy)])
    bundled = [p for p in json.loads(result.stdout) if p["code"] == "deck-size"]
    assert len(bundled) == len(FACTIONS) and result.exit_code == 1
    assert {Path(p["location"]["file"]).name for p in bundled} == {f"{f}.toml" for f in FACTIONS}


def test_a_bundled_deck_broken_by_its_card_data(runner, project_copy):
    rome = project_copy / "data/cards/rome.toml"
    text = rome.read_text(encoding="utf-8")
    start = text.index('id = "rome.hastati-line"')
    rome.write_text(text[:start] + text[start:].replace("copies = 2", "copies = 3", 1), encoding="utf-8")
    result = runner.invoke(main, ["validate", "--format", "json", *project_args(project_copy)])
    assert result.exit_code == 1
    [found] = [p for p in json.loads(result.stdout) if p["code"].startswith("deck-")]
    assert found["code"] == "deck-size" and found["location"]["file"] == str(rome)
    assert found["message"] == "the deck has 41 cards; expected exactly 40"


def test_a_card_written_once_quoted_and_once_dotted_is_reported_not_merged(runner, tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text('faction = "rome"\n[cards]\n"rome.testudo" = 2\nrome.testudo = 1\n', encoding="utf-8")
    result = runner.invoke(main, ["deck", "check", str(deck)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "deck-duplicate-card" in line]
    assert len(lines) == 1 and lines[0].startswith(f"{deck}:4 card rome.testudo: error deck-duplicate-card")
    assert 'written dotted rome.testudo, and quoted "rome.testudo" before' in lines[0]
