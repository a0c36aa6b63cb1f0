"""Numbers that are part of a name: locales/allowlist.toml [<lang>.numbers] lets exactly the listed extra numbers
through for exactly one message of one language (pl "Faza główna 1"); everything else is still caught."""
from __future__ import annotations

from pathlib import Path

from test_validate_glossary import edit
from validate_helpers import having, po_path, validate_json

MAIN_1 = "Main Phase — summon units, set cards face-down, activate Doctrines/Tactics."
MAIN_2 = "Second Main Phase — summon, set cards face-down or activate Doctrines/Tactics if you still can."


def errors(problems: list[dict]) -> list[dict]:
    """The errors (a language with errors also gets a warning that its print checks were skipped)."""
    return [p for p in problems if p["severity"] == "error"]


def rulebook_po(root: Path, lang: str) -> Path:
    return po_path(root, lang, "rulebook")


def exception_line(root: Path, msgid: str) -> int:
    lines = (root / "locales/allowlist.toml").read_text(encoding="utf-8").splitlines()
    [line] = [number for number, text in enumerate(lines, 1) if text.startswith(f'"{msgid}" = {{extra = ')]
    return line


def test_the_exception_accepts_the_listed_number_of_that_message_and_language(runner, project_copy):
    allowlist = project_copy / "locales/allowlist.toml"
    code, problems = validate_json(runner, project_copy, "--lang", "pl")
    assert code == 0 and not having(problems, "number-mismatch")  # shipped: "Faza główna 1 —", "Faza główna 2 —"
    edit(allowlist, allowlist.read_text(encoding="utf-8").splitlines()[exception_line(project_copy, MAIN_1) - 1], "")
    edit(rulebook_po(project_copy, "de"), '"Hauptphase —', '"Hauptphase 1 —')  # pl's exception is not de's
    code, problems = validate_json(runner, project_copy, "--lang", "pl,de")
    assert code == 1
    [pl] = having(problems, "number-mismatch", lang="pl", msgid=MAIN_1, file=str(rulebook_po(project_copy, "pl")))
    assert "not in the English source: 1" in pl["message"] and "Faza główna 1 —" in pl["message"]
    [de] = having(problems, "number-mismatch", lang="de", msgid=MAIN_1)
    assert "not in the English source: 1" in de["message"]
    assert {(p["code"], p["location"].get("msgid")) for p in errors(problems)} == {("number-mismatch", MAIN_1)}


def test_an_unlisted_extra_number_in_the_same_message_is_caught(runner, project_copy):
    line = exception_line(project_copy, MAIN_1)
    edit(rulebook_po(project_copy, "pl"), "aktywuj Doktryny i \"\n\"Taktyki.", "aktywuj 2 Doktryny i \"\n\"Taktyki.")
    code, problems = validate_json(runner, project_copy, "--lang", "pl")
    assert code == 1
    [found] = having(problems, "number-mismatch", lang="pl", msgid=MAIN_1)
    assert "found 1, 2 (not in the English source nor the exception: 2)" in found["message"]
    assert f"allowlist.toml:{line}" in found["message"]
    assert [p["code"] for p in errors(problems)] == ["number-mismatch"]


def test_a_stale_exception_is_reported_with_its_file_and_line(runner, project_copy):
    allowlist = project_copy / "locales/allowlist.toml"
    line_1, line_2 = exception_line(project_copy, MAIN_1), exception_line(project_copy, MAIN_2)
    edit(allowlist, f'"{MAIN_1}"', f'"{MAIN_1.replace("Main Phase", "Main phase")}"')  # the msgid it named is gone
    edit(rulebook_po(project_copy, "pl"), '"Faza główna 2 —', '"Druga faza główna —')  # the name lost its number
    code, problems = validate_json(runner, project_copy, "--lang", "pl")
    assert code == 1
    [gone] = having(problems, "number-exception-stale", lang="pl", file=str(allowlist), line=line_1)
    assert "names no message" in gone["message"] and "'Main phase — summon" in gone["message"]
    [unused] = having(problems, "number-exception-stale", lang="pl", file=str(allowlist), line=line_2, msgid=MAIN_2)
    assert "extra number(s) 2" in unused["message"] and "no longer prints them" in unused["message"]
    [mismatch] = having(problems, "number-mismatch", lang="pl", msgid=MAIN_1)  # without its exception
    assert "not in the English source: 1" in mismatch["message"]
    assert len(errors(problems)) == 3


def test_an_exception_must_name_exactly_one_message(runner, project_copy):
    po = rulebook_po(project_copy, "pl")
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "phase|Main Phase 1"\nmsgstr "Faza główna 1"\n',
                  encoding="utf-8")  # a context-less msgid spelled like the key of ("phase", "Main Phase 1")
    line = edit(project_copy / "locales/allowlist.toml", "[pl.numbers]\n",
                '[pl.numbers]\n"phase|Main Phase 1" = {extra = [1], reason = "a test"}\n') + 1
    code, problems = validate_json(runner, project_copy, "--lang", "pl")
    assert code == 1
    [found] = having(problems, "number-exception-stale", lang="pl", line=line)
    assert "names more than one message" in found["message"]
    assert [p["code"] for p in errors(problems)] == ["number-exception-stale"]  # and it applies to neither


def test_a_malformed_exception_is_located(runner, project_copy):
    allowlist = project_copy / "locales/allowlist.toml"
    line = exception_line(project_copy, MAIN_1)
    edit(allowlist, '{extra = [1], reason = "phase name', '{extra = ["1"], reason = "phase name')
    code, problems = validate_json(runner, project_copy, "--lang", "pl")
    assert code == 1
    [found] = having(problems, "lexicon-type", file=str(allowlist), line=line)
    assert "must be given {extra = [<whole numbers>]" in found["message"]
