"""Rule-number messages of any domain (%(name)s from Jinja2 {% trans %}, {name} from N_()), plurals, and the
tokenizers the checks rest on."""
from __future__ import annotations

import string
from collections import Counter

import pytest
from babel.messages.pofile import read_po, write_po
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pnp.i18n.catalogs import LANGS
from pnp.core.problems import ProblemsFound
from pnp.project import Project, load_inputs
from pnp.validate import validate
from pnp.validate.text_scan import (BRACE, PERCENT, POSITIONAL_PERCENT, numbers, placeholder_free, placeholders,
                                    quoted, words)

from validate_helpers import po_path, read, write

RULE = "Start with %(life_start)s points and draw %(hand_start)s cards."
RULES = {
    "de": "Beginne mit %(life_start)s Punkten und ziehe %(hand_start)s Karten.",
    "pl": "Zacznij z %(life_start)s punktami i dobierz %(hand_start)s kart.",
    "tr": "%(life_start)s puanla başla ve %(hand_start)s kart çek.",
    "es": "Empieza con %(life_start)s puntos y roba %(hand_start)s cartas.",
    "pt": "Comece com %(life_start)s pontos e compre %(hand_start)s cartas.",
}
DRAW = ("Draw one card.", "Draw %(hand_draw_per_turn)s cards.")
DRAWS = {
    "de": ("Ziehe eine Karte.", "Ziehe %(hand_draw_per_turn)s Karten."),
    "pl": ("Dobierz jedną kartę.", "Dobierz %(hand_draw_per_turn)s karty.", "Dobierz %(hand_draw_per_turn)s kart."),
    "tr": ("Bir kart çek.", "%(hand_draw_per_turn)s kart çek."),
    "es": ("Roba una carta.", "Roba %(hand_draw_per_turn)s cartas."),
    "pt": ("Compre %(hand_draw_per_turn)s carta.", "Compre %(hand_draw_per_turn)s cartas."),  # form 0: 0 and 1
}


def add_rule_messages(root, changes: dict[str, dict] | None = None) -> None:
    """Add a python-format message and a plural one to every language's catalog, with per-language changes."""
    for lang in LANGS:
        catalog = read(root, lang)
        change = (changes or {}).get(lang, {})
        catalog.add(change.get("rule_id", RULE), change.get("rule", RULES[lang]), context="rules",
                    flags=("python-format",))
        catalog.add(DRAW, change.get("draw", DRAWS[lang]), context="rules", flags=("python-format",))
        write(root, lang, catalog)


def problems_of(root, langs=LANGS):
    """The errors validate() finds (warnings aside: print checks skipped for languages with errors)."""
    project = Project(data=root / "data", locales=root / "locales")
    return [p for p in validate(load_inputs(project, langs), langs, project) if p.severity == "error"]


def codes(problems) -> set[tuple[str, str | None]]:
    return {(p.code, p.where.lang) for p in problems}


def test_correct_rule_messages_validate_clean(project_copy):
    add_rule_messages(project_copy)
    assert problems_of(project_copy) == []


def test_percent_placeholders_missing_unknown_wrong_style_and_lone_percent(project_copy):
    add_rule_messages(project_copy, {
        "de": {"rule": "Beginne mit %(life_start)s Punkten und ziehe Karten."},
        "pl": {"rule": "Zacznij z %(life)s punktami i dobierz %(hand_start)s kart."},
        "tr": {"rule": "%(life_start)s puanla başla ve %(hand_start)s kart çek (%100)."},
        "es": {"rule": "Empieza con {life_start} puntos y roba %(hand_start)s cartas."},
    })
    found = problems_of(project_copy)
    assert codes(found) == {("placeholder-missing", "de"), ("placeholder-missing", "pl"),
                            ("placeholder-unknown", "pl"), ("placeholder-syntax", "tr"),
                            ("number-mismatch", "tr"), ("placeholder-missing", "es"), ("placeholder-extra", "es")}
    [unknown] = [p for p in found if p.code == "placeholder-unknown"]
    assert unknown.where.msgid == RULE and unknown.where.file.endswith("pl/LC_MESSAGES/cards.po")
    assert "%(life)s" in unknown.message


def test_unknown_placeholder_in_the_english_source_is_reported_once(project_copy):
    bad = "Start with %(lives)s points and draw %(hand_start)s cards."
    add_rule_messages(project_copy, {lang: {"rule_id": bad, "rule": RULES[lang].replace("life_start", "lives")}
                                     for lang in LANGS})
    found = [p for p in problems_of(project_copy) if p.code == "placeholder-unknown"]
    assert len(found) == 1 and found[0].where.lang is None and found[0].where.msgid == bad


def test_each_plural_form_is_checked_against_its_english_form(project_copy):
    add_rule_messages(project_copy, {
        "de": {"draw": ("Ziehe 1 Karte.", "Ziehe %(hand_draw_per_turn)s Karten.")},  # a number not in "Draw one card"
        "tr": {"draw": ("%(hand_draw_per_turn)s kart çek.", "%(hand_draw_per_turn)s kart çek.")},  # not in form 0
        "pl": {"draw": ("Dobierz jedną kartę.", "Dobierz %(hand_draw_per_turn)s karty.", "Dobierz kart.")},
    })
    found = problems_of(project_copy)
    assert codes(found) == {("number-mismatch", "de"), ("placeholder-extra", "tr"), ("placeholder-missing", "pl")}
    assert all(p.where.msgid == DRAW[0] for p in found)


def test_a_plural_form_too_few_is_a_located_catalog_problem(project_copy):
    add_rule_messages(project_copy)
    pt = po_path(project_copy, "pt")  # Babel would read the missing form as an empty one
    text = pt.read_text(encoding="utf-8")
    pt.write_text(text.replace('msgstr[1] "Compre %(hand_draw_per_turn)s cartas."\n', ""), encoding="utf-8")
    with pytest.raises(ProblemsFound) as caught:
        problems_of(project_copy)
    [problem] = caught.value.problems
    assert (problem.code, problem.where.file, problem.where.lang) == ("po-plural", str(pt), "pt")
    assert "1 plural form(s) msgstr[…]; expected 2" in problem.message
    assert text.splitlines()[problem.where.line - 1].startswith(("msgctxt", "msgid"))


def test_a_message_missing_from_one_language_of_another_domain(project_copy):
    add_rule_messages(project_copy)
    catalog = read(project_copy, "pt")
    catalog.delete(RULE, context="rules")
    write(project_copy, "pt", catalog)
    found = problems_of(project_copy)
    assert [(p.code, p.where.lang, p.where.msgid) for p in found] == [("translation-missing", "pt", RULE)]


@pytest.mark.parametrize("text,expected", [
    ("Zyskaj 12", [12]),
    ("Gain 2", [2]),
    ("poziom 5–6 i od 3. tury", [5, 6, 3]),
    ("przeciwnik −1 OBR, +2 ATK", [1, 2]),
    ("%(energy_cap)s i {life_start} 20", [20]),
    ("ATK < 5, 1-4", [5, 1, 4]),
])
def test_numbers_are_whole_digit_runs(text, expected):
    assert numbers(text) == Counter(expected)


def test_placeholders_words_and_quotes():
    assert placeholders("{amount} {stat} %(life_start)s %(n)d 50% de") == Counter(
        {"{amount}": 1, "{stat}": 1, "%(life_start)s": 1, "%(n)d": 1})
    assert placeholders("{0} %s", brace=True, percent=True) == Counter({"{0}": 1, "%s": 1})
    assert words("Testudo'nun 0’a {stat} opponent's") == ["Testudo'nun", "opponent's"]
    assert quoted("„Hastati-Linie“, „Linia hastatów”, “Orman patikaları”, «Senderos», »Waldpfade«") == [
        "Hastati-Linie", "Linia hastatów", "Orman patikaları", "Senderos", "Waldpfade"]


def test_a_message_missing_from_one_language_is_located_in_its_domains_file(project_copy):
    """A message of the sheets' catalog that one language lacks: reported at that language's sheets.po."""
    path = po_path(project_copy, "pt", "sheets")
    with path.open("rb") as fp:
        catalog = read_po(fp, locale="pt")
    message = next(m for m in catalog if m.id and not m.pluralizable)
    catalog.delete(message.id, context=message.context)
    with path.open("wb") as fp:
        write_po(fp, catalog)
    found = problems_of(project_copy)
    assert [(p.code, p.where.lang, p.where.msgid, p.where.file) for p in found] == [
        ("translation-missing", "pt", message.id, str(path))]


# texts made of what placeholders are written with: braces, percent signs, names, conversions, digits, brackets
PIECES = ["{", "}", "{{", "%", "%%", "(", ")", "n", "s", "d", "x", "0", ".", ":", " ", "a"]
FORMATTED = st.lists(st.sampled_from(PIECES), max_size=10).map("".join)
# the same without braces and percent signs: texts placeholder_free should accept (of FORMATTED's, 3 in 4 are not)
BARE = st.lists(st.sampled_from([piece for piece in PIECES if piece.strip("{}%")]), max_size=10).map("".join)


@settings(max_examples=400, deadline=None)
@given(st.one_of(FORMATTED, BARE))
def test_a_placeholder_free_text_holds_nothing_to_find_or_fill(text):
    """placeholders, format_syntax_error and without_placeholders answer a placeholder_free text (most texts) without
    searching it: the searches and str.format's parser would find nothing in it either. Half the texts are drawn
    without braces and percent signs, so that fewer are drawn to find 400 that placeholder_free accepts."""
    assume(placeholder_free(text))
    assert not (BRACE.search(text) or PERCENT.search(text) or POSITIONAL_PERCENT.search(text))
    assert all(name is None for _, name, _, _ in string.Formatter().parse(text))
