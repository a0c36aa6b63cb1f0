"""Typing slips the outside tools catch, caught by `pnp validate`: each with its stable code, language, file and line;
reviewed exceptions in locales/allowlist.toml [<lang>.typing], stale ones reported."""
from __future__ import annotations

import io
import re

import pytest
from babel.messages.pofile import read_po, write_po
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.i18n.catalogs import LANGS
from pnp.validate.slips import RULES, _edges, slips
from test_validate_glossary import edit
from validate_helpers import having, plant, po_path, validate_json

ARCHERS = ("rome.roman-auxiliary-archers:effect", "Once per turn: Target 1 face-up unit; it loses 2 ATK this turn.")
CHARIOT = ("persia.scythed-chariot:effect", "When this card attacks a unit in Defense Position, it deals piercing "
           "damage (the excess is still dealt as LP damage).")
RAVINE = ("dacia.hidden-ravine:effect", "When your opponent declares an attack while “Forest Paths” is face-up: "
          "Negate the attack.")
# (lang, message, old, new, code): one slip each, planted in one copy of the catalogs
PLANTED = [
    ("de", ARCHERS, "Einmal pro Zug: Wähle", "Einmal pro Zug:  Wähle", "double-space"),
    ("pl", ARCHERS, "traci ona 2 ATK", "traci ona ona 2 ATK", "repeated-word"),
    ("tr", ARCHERS, "SAL kaybeder.", "SAL kaybeder", "end-punctuation"),
    ("es", CHARIOT, "daño a los PV).", "daño a los PV.)", "end-punctuation"),
    ("pt", CHARIOT, "(o excedente", "o excedente", "brackets"),
    ("de", CHARIOT, "LP-Schaden an).", "LP-Schaden an).\n", "whitespace"),
    ("pl", CHARIOT, "(nadwyżka", "(\"nadwyżka\"", "quotes"),
    ("de", RAVINE, "„Waldpfade“", "“Waldpfade”", "quotes"),
]


def test_every_planted_slip_is_reported_with_code_language_file_and_line(runner, project_copy):
    lines = [plant(project_copy, lang, *message, old, new) for lang, message, old, new, _ in PLANTED]
    sheets = po_path(project_copy, "tr", "sheets")
    edit(sheets, "gerçek boyutta (%100) bas; asla", "gerçek boyutta (100%) bas; asla")
    code, problems = validate_json(runner, project_copy)
    assert code == 1
    for (lang, (context, _), _, new, slip), line in zip(PLANTED, lines):
        [found] = having(problems, slip, lang=lang, card=context.split(":")[0], field="effect", line=line,
                         file=str(po_path(project_copy, lang)))
        assert new.strip() in found["message"]
    [percent] = having(problems, "percent", lang="tr", file=str(sheets))
    assert "'100%'" in percent["message"] and "%100" in percent["message"]
    with sheets.open("rb") as fp:
        assert percent["location"]["line"] in {m.lineno for m in read_po(fp) if m.id}
    # the planted trailing line break is also a control character in a card text (issue 12's check)
    errors = [p for p in problems if p["severity"] == "error" and p["code"] != "text-control-character"]
    assert len(errors) == len(PLANTED) + 1, [(p["code"], p["location"]) for p in errors]


def test_reviewed_exceptions_pass_and_stale_ones_are_reported(runner, project_copy):
    allowlist = project_copy / "locales/allowlist.toml"
    gone = edit(allowlist, '[pt.typing]\n"table header|Level"', '[pt.typing]\n"table header|Lvl"') + 1
    text = allowlist.read_text(encoding="utf-8")  # an exception for a translation that passes ("Poziom")
    allowlist.write_text(text + '\n[pl.typing]\n"table header|Level" = {codes = ["end-punctuation"], reason = "Poz."}\n',
                         encoding="utf-8")
    passes = text.count("\n") + 3
    code, problems = validate_json(runner, project_copy, "--lang", "pl,pt,es")
    assert code == 1
    [stale_gone] = having(problems, "typing-exception-stale", lang="pt", file=str(allowlist), line=gone)
    assert "names no message" in stale_gone["message"]
    [stale_passes] = having(problems, "typing-exception-stale", lang="pl", file=str(allowlist), line=passes)
    assert "excuses end-punctuation, but the translation passes" in stale_passes["message"]
    [unexcused] = having(problems, "end-punctuation", lang="pt", msgid="Level")
    assert "'Nív.'" in unexcused["message"]
    assert not having(problems, "end-punctuation", lang="es")  # its exception still applies
    assert len([p for p in problems if p["severity"] == "error"]) == 3


@pytest.mark.parametrize("source, text, lang, codes", [
    ("Draw 1 card.", "Ziehe 1 Karte.", "de", set()),
    ("Draw 1 card.", "Ziehe  1 Karte.", "de", {"double-space"}),
    ("Draw  1 card.", "Ziehe  1 Karte.", "de", set()),  # the English has it too
    ("Draw 1 card.", "Ziehe 1 1 Karte.", "de", set()),  # numbers are the numbers check's
    ("Draw 1 card.", "Ziehe Ziehe 1 Karte.", "de", {"repeated-word"}),
    ("Draw 1 card.", "Ziehe 1 Karte", "de", {"end-punctuation"}),
    ("Draw 1 card", "Ziehe 1 Karte.", "de", {"end-punctuation"}),
    ("Draw 1 card:", "Ziehe 1 Karte.", "de", {"end-punctuation"}),
    ("Draw (1 card.)", "Ziehe (1 Karte).", "de", set()),
    ("It deals damage (the excess is dealt).", "Inflige daño (el exceso se inflige).", "es", set()),
    ("It deals damage (the excess is dealt.)", "Inflige daño (el exceso se inflige.)", "es", {"end-punctuation"}),
    ("Draw 1 card. (Then discard 1.)", "Roba 1 carta. (Después descarta 1.)", "es", set()),  # a whole sentence
    ("Draw (1 card).", "Ziehe (1 Karte.", "de", {"brackets"}),
    ("Draw 1 card).", "Ziehe 1 Karte).", "de", {"brackets"}),
    ("Draw 1 card.", "Ziehe 1 Karte.\n", "de", {"whitespace"}),
    ("Draw 1 card.", " Ziehe 1 Karte.", "de", {"whitespace"}),
    ("Draw\n1 card.", "Ziehe 1 Karte.", "de", {"whitespace"}),
    ("Name “A”.", "Name „A“.", "de", set()),
    ("Name “A”.", "Name „A”.", "de", {"quotes"}),
    ("Name “A”.", "Nazwa „A”.", "pl", set()),
    ("Name “A”.", "Nazwa „A“.", "pl", {"quotes"}),
    ("Name “A”.", "İsim “A”.", "tr", set()),
    ("Name “A”.", "Nombre \"A\".", "es", {"quotes"}),
    ("Name “A”.", "Nome “A”.", "pt", set()),
    ("Testudo's bonus.", "Testudo'nun bonusu.", "tr", {"quotes"}),
    ("At 100% size.", "Gerçek boyutta (%100).", "tr", set()),
    ("At 100% size.", "Gerçek boyutta 100 %.", "tr", {"percent"}),
    ("At 100% size.", "In Originalgröße (100 %).", "de", set()),
])
def test_each_rule(source, text, lang, codes):
    assert set(slips(source, text, lang)) == codes


def test_plural_forms_report_a_slip_once(runner, project_copy):
    message = ("At the table every faction is open from the start, so you can build any deck with any faction. "
               "(Online, factions are unlocked one by one as you play more games, and the coalition deck becomes "
               "available once %(deck_coalition_factions)s faction is unlocked.)")
    rulebook = po_path(project_copy, "tr", "rulebook")
    with rulebook.open("rb") as fp:
        catalog = read_po(fp, locale="tr")
    entry = catalog.get(message)
    assert len(entry.string) == 2
    entry.string = tuple(form.replace("Masada ", "Masada  ") for form in entry.string)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=76)
    rulebook.write_bytes(buffer.getvalue())
    line = read_po(io.BytesIO(buffer.getvalue()), locale="tr").get(message).lineno  # of the file as written
    code, problems = validate_json(runner, project_copy, "--lang", "tr")
    assert code == 1
    [found] = having(problems, "double-space", lang="tr", line=line, file=str(rulebook))
    assert "'Masada  her'" in found["message"]


# texts made of what the rules look at: letters, spaces, final punctuation, brackets, quotes, percent signs, numbers,
# placeholders, line breaks and tabs
TYPED = st.lists(st.sampled_from(["a", "ab", "Ab", " ", "  ", ".", "…", "(", ")", "[", "]", "'", "’", "\"", "„", "“",
                                  "”", "«", "»", "%", "1", "{n}", "%(n)s", "\n", "\t"]), max_size=10).map("".join)


@settings(max_examples=400, deadline=None)
@given(TYPED, TYPED, st.sampled_from(LANGS))
def test_a_rule_is_left_out_only_where_it_finds_nothing(source, text, lang):
    """slips() runs a rule only on a text that holds what it looks for (NEEDS): the same slips as all rules run."""
    assert slips(source, text, lang) == {code: message for code, rule in RULES.items()
                                         if (message := rule(source, text, lang))}


@given(st.text(st.sampled_from(" \t\n\u00a0\u3000a."), max_size=8))
def test_the_whitespace_at_the_edges_of_a_text(text):
    assert _edges(text) == (re.match(r"\s*", text).group(), re.search(r"\s*\Z", text).group())
