"""Messages: one line per problem, long texts shortened, values as the data file writes them (no Python reprs),
line and column of a syntax error, and a deck list's problems capped per file, fast."""
from __future__ import annotations

import time

from conftest import invoke, project_args
from pnp.core.problems import MAX_LINE, Location, Problem


def test_a_long_or_multiline_message_is_one_shortened_line():
    text = str(Problem("text-does-not-fit", "found '" + "standhaft\nund " * 500 + "'", Location(card="rome.x")))
    assert "\n" not in text and len(text) <= MAX_LINE + 60
    assert text.startswith("card rome.x: error text-does-not-fit: found 'standhaft und") and "left out" in text


def test_a_deck_list_with_thousands_of_unknown_ids_lists_50_and_counts_the_rest(runner, tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text('faction = "rome"\n[cards]\n' + "".join(f'"rome.nope-{i}" = 1\n' for i in range(20000)),
                    encoding="utf-8")
    start = time.perf_counter()
    result = invoke(runner, "deck", "check", deck)
    assert time.perf_counter() - start < 15
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) == 52 and sum("deck-unknown-card" in line for line in lines) == 50
    assert "error deck-more-problems: 19950 more problems in this file are not listed" in result.output


def test_values_are_shown_as_the_file_writes_them(runner, tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text('faction = "rome"\nname = true\n[cards]\n"rome.hastati-line" = true\n', encoding="utf-8")
    result = invoke(runner, "deck", "check", deck)
    assert "name must be text, found true" in result.output
    assert "must be a whole number from 1, found true" in result.output
    assert "True" not in result.output and "None" not in result.output


def test_a_toml_syntax_error_names_line_and_column(runner, tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text('faction = "rome"\n[cards]\n"rome.hastati-line" = = 2\n', encoding="utf-8")
    result = invoke(runner, "deck", "check", deck)
    assert f"{deck}:3: error toml-syntax: not valid TOML: Invalid value at column 23" in result.output


def test_a_byte_that_is_not_utf8_is_located_by_line_and_column(runner, tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_bytes(b'faction = "rome"\nname = "ab\xffc"\n')
    result = invoke(runner, "deck", "check", deck)
    assert f"{deck}:2: error file-unreadable: byte 0xff at column 11 is not UTF-8" in result.output
    assert "position" not in result.output


def test_a_broken_faction_file_is_not_also_called_missing(runner, project_copy):
    rome = project_copy / "data" / "cards" / "rome.toml"
    rome.write_text(rome.read_text(encoding="utf-8").replace("level = 2\n", "level = = 2\n", 1), encoding="utf-8")
    result = invoke(runner, "validate", "--lang", "de", *project_args(project_copy))
    assert result.exit_code == 1
    assert "toml-syntax" in result.output and "cards-missing-faction" not in result.output
    assert "expected rome.toml" not in result.output


def test_long_quoted_texts_are_shortened_each_so_the_message_around_them_stays():
    name = "Sehr" * 2000
    text = str(Problem("card-reference", f"the effect names card rome.hastati-line; expected its de name {name!r}, "
                       f"found no quoted name in {'Wenn ' + name + ' im Spiel ist.'!r}", Location(card="rome.x")))
    assert len(text) <= MAX_LINE
    assert "; expected its de name 'SehrSehr" in text and ", found no quoted name in 'Wenn SehrSehr" in text
    assert text.endswith(" im Spiel ist.'") and text.count("characters left out") == 2


def test_a_long_location_never_shortens_the_severity_code_or_location():
    """Only the message is shortened: a 500-character path keeps the line's "error code:" after it."""
    where = Location(file="/" + "deep/" * 100 + "card.toml", line=7)
    text = str(Problem("layout-value", "x" * 2000, where))
    assert text.startswith(f"{where}: error layout-value: xxx") and "characters left out" in text
