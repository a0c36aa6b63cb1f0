"""The word lists in locales/: the glossary's terms, forbidden words and the allowlist, and their own mistakes."""
from __future__ import annotations

from pathlib import Path

from validate_helpers import having, line_of, plant, po_path, validate_json


def edit(path: Path, old: str, new: str) -> int:
    """Replace text in a word list; returns the line it is on."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


def test_catalog_term_must_match_the_glossary(runner, project_copy):
    glossary = project_copy / "locales/glossary.toml"
    line = edit(glossary, 'Cavalry = "Jazda"', 'Cavalry = "Kawaleria"')
    code, problems = validate_json(runner, project_copy, "--lang", "pl")
    assert code == 1
    [found] = having(problems, "glossary-term", lang="pl", msgid="Cavalry",
                     file=str(po_path(project_copy, "pl")), line=line_of(project_copy, "pl", "unit type", "Cavalry"))
    assert f"glossary.toml:{line}" in found["message"] and "'Kawaleria'" in found["message"]
    assert "found 'Jazda'" in found["message"]


def test_glossary_must_cover_every_term_and_only_terms(runner, project_copy):
    glossary = project_copy / "locales/glossary.toml"
    edit(glossary, 'Scout = "Zwiadowca"\n', "")
    line = edit(glossary, '[tr.terms.stat]\n', '[tr.terms.stat]\nHP = "CP"\n') + 1
    code, problems = validate_json(runner, project_copy, "--lang", "pl,tr")
    assert code == 1
    assert having(problems, "glossary-missing", lang="pl", msgid="Scout", file=str(glossary))
    [unknown] = having(problems, "glossary-unknown", file=str(glossary), line=line)
    assert "'HP' is not a term" in unknown["message"]


def test_malformed_word_lists_are_located(runner, project_copy):
    glossary, allowlist = project_copy / "locales/glossary.toml", project_copy / "locales/allowlist.toml"
    line = edit(glossary, 'LP = ["can puanı"]', 'LP = "can puanı"')
    edit(allowlist, "[pt]", "[fr]\nTestudo = \"Latin\"\n\n[pt]")
    code, problems = validate_json(runner, project_copy)
    assert code == 1
    [found] = having(problems, "lexicon-type", file=str(glossary), line=line)
    assert "must be given a list of words" in found["message"]
    assert having(problems, "lexicon-unknown-language", file=str(allowlist))


def test_a_word_the_language_owns_needs_its_allowlist_entry(runner, project_copy):
    allowlist = project_copy / "locales/allowlist.toml"
    edit(allowlist, 'Hand = "German word (die Hand)"\n', "")
    code, problems = validate_json(runner, project_copy, "--lang", "de")
    assert code == 1
    found = having(problems, "english-word", lang="de")
    assert found and all("'Hand'" in p["message"] for p in found)


def test_a_name_left_as_it_is_passes_only_when_allowlisted(runner, project_copy):
    plant(project_copy, "es", "rome.principes-line:name", "Principes Line", new="Principes Line")
    code, problems = validate_json(runner, project_copy, "--lang", "es")
    assert having(problems, "untranslated", lang="es", card="rome.principes-line", field="name")
    edit(project_copy / "locales/allowlist.toml", "[es]\n", '[es]\n"Principes Line" = "a test: kept in English"\n')
    code, problems = validate_json(runner, project_copy, "--lang", "es")
    assert not having(problems, "untranslated")
