"""Strict catalogs: what Babel's lenient reader lets through is a located problem (file:line), never accepted."""
from __future__ import annotations

import os
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from conftest import invoke, project_args
from pnp.i18n.catalogs import catalog_path, load_catalogs
from pnp.core.problems import ProblemsFound

ARCHERS = 'msgstr "Römische Hilfsbogenschützen"\n'


def line_of(path: Path, text: str) -> int:
    return path.read_text(encoding="utf-8")[:path.read_text(encoding="utf-8").index(text)].count("\n") + 1


def plant(path: Path, old: str, new: str) -> int:
    """Replace `old` (once) in the file; the line where it was."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    line = line_of(path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return line


def problems(locales: Path, lang: str) -> list:
    with pytest.raises(ProblemsFound) as caught:
        load_catalogs(locales, (lang,))
    return list(caught.value.problems)


def only(found: list, code: str, path: Path, line: int) -> str:
    assert [(p.code, p.where.file, p.where.line) for p in found] == [(code, str(path), line)], found
    return found[0].message


def test_a_string_without_its_closing_quote(project_copy):
    path = catalog_path(project_copy / "locales", "de", "cards")
    line = plant(path, ARCHERS, ARCHERS.replace('en"', "en"))
    text = path.read_bytes()
    assert "Römische Hilfsbogenschütze" in {m.string for m in read_po(BytesIO(text), locale="de")}  # Babel: accepted
    assert "closing quote" in only(problems(project_copy / "locales", "de"), "po-syntax", path, line)


def test_a_file_cut_off_mid_string(project_copy):
    path = catalog_path(project_copy / "locales", "de", "cards")
    text = path.read_text(encoding="utf-8")
    cut = text.index(ARCHERS) + len('msgstr "Römische Hilfsbogen')
    path.write_text(text[:cut], encoding="utf-8")
    only(problems(project_copy / "locales", "de"), "po-syntax", path, text[:cut].count("\n") + 1)


def test_a_file_cut_off_after_a_msgid(project_copy):
    path = catalog_path(project_copy / "locales", "de", "cards")
    text = path.read_text(encoding="utf-8")
    cut = text.index(ARCHERS)
    path.write_text(text[:cut], encoding="utf-8")
    msgid_line = text[:cut].rstrip("\n").rsplit("\nmsgctxt", 1)[0].count("\n") + 2
    assert "cut off" in only(problems(project_copy / "locales", "de"), "po-syntax", path, msgid_line)


def test_a_duplicate_entry_names_both_lines(project_copy):
    path = catalog_path(project_copy / "locales", "de", "cards")
    text = path.read_text(encoding="utf-8")
    start = text.index('msgctxt "rome.roman-auxiliary-archers:name"')
    entry = text[start:text.index("\n\n", start) + 2]
    path.write_text(text + "\n" + entry.replace("Römische Hilfsbogenschützen", "Spätere Bogenschützen"),
                    encoding="utf-8")
    first, second = line_of(path, entry), text.count("\n") + 2
    assert f"the first is at line {first}" in only(problems(project_copy / "locales", "de"), "po-duplicate", path,
                                                   second)


@pytest.mark.parametrize("old, new, expected", [
    ('msgid ""\nmsgstr ""\n"Project-Id-Version', 'msgid "x"\nmsgstr ""\n"Project-Id-Version', "has no header"),
    ('"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n', "", "has no Plural-Forms"),
    ("nplurals=2; plural=(n != 1);", "nplurals=2; plural=(n > 1 ? 2 : 0);", "gives form 2 for n = 2"),
    ("nplurals=2; plural=(n != 1);", "nplurals=two; plural=(n != 1);", "cannot be used"),
    ("nplurals=2; plural=(n != 1);", "nplurals=2; plural=(n !!= 1);", "cannot be used"),
    ('"Language: es\\n"', '"Language: pt\\n"', "says Language: pt; expected es"),
    ("charset=utf-8", "charset=nanutf-8", "expected 'text/plain; charset=UTF-8'"),
], ids=["no header", "no Plural-Forms", "form out of range", "nplurals not a number", "bad expression",
        "another language's header", "unknown charset"])
def test_a_header_defect_is_one_problem_at_the_header(project_copy, old, new, expected):
    path = catalog_path(project_copy / "locales", "es", "rulebook")
    plant(path, old, new)
    found = problems(project_copy / "locales", "es")
    assert [(p.code, p.where.file) for p in found] == [("po-header", str(path))], found
    assert expected in found[0].message


def test_a_plural_index_beyond_the_headers_forms(project_copy):
    path = catalog_path(project_copy / "locales", "es", "rulebook")
    text = path.read_text(encoding="utf-8")
    second_form = text.index('msgstr[1] ""\n')
    entry_start = max(text.rfind("\nmsgid ", 0, second_form), text.rfind("\nmsgctxt ", 0, second_form))
    entry_start = min(entry_start, text.rfind("\nmsgctxt ", 0, text.rfind("\nmsgid ", 0, second_form)) % len(text))
    plant(path, 'msgstr[1] ""\n', 'msgstr[1] ""\nmsgstr[2] ""\n')
    found = problems(project_copy / "locales", "es")
    assert [(p.code, p.where.file) for p in found] == [("po-plural", str(path))], found
    assert "3 plural form(s) msgstr[…]; expected 2 (msgstr[0] to msgstr[1])" in found[0].message
    assert text[:second_form].count("\n") - 12 < found[0].where.line < text[:second_form].count("\n")


@pytest.mark.parametrize("make", ["folder", "symlink loop"])
def test_a_catalog_path_that_cannot_be_read(project_copy, make):
    path = catalog_path(project_copy / "locales", "pl", "sheets")
    path.unlink()
    if make == "folder":
        path.mkdir()
    else:
        os.symlink(path, path)
    assert "cannot read the 'sheets' catalog" in only(problems(project_copy / "locales", "pl"), "po-unreadable",
                                                      path, None)


def test_validate_reports_every_catalog_defect_in_one_run(runner, project_copy):
    locales = project_copy / "locales"
    plant(catalog_path(locales, "de", "cards"), ARCHERS, ARCHERS.replace('en"', "en"))
    plant(catalog_path(locales, "es", "rulebook"), '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n', "")
    catalog_path(locales, "pl", "sheets").unlink()
    catalog_path(locales, "pl", "sheets").mkdir()
    result = invoke(runner, "validate", *project_args(project_copy))
    assert result.exit_code == 1
    codes = [line.split(": error ")[1].split(":")[0] for line in result.output.splitlines() if ": error " in line]
    assert sorted(codes) == ["po-header", "po-syntax", "po-unreadable"], result.output


def test_a_plural_index_out_of_order_is_one_problem_at_its_line(project_copy):
    path = catalog_path(project_copy / "locales", "pl", "rulebook")
    line = plant(path, 'msgstr[2] ""', 'msgstr[7] ""')
    assert only(problems(project_copy / "locales", "pl"), "po-plural", path, line) == \
        "msgstr[7] out of order; expected msgstr[2]"


def test_a_byte_order_mark_is_no_error(project_copy):
    """Some Windows editors start a UTF-8 file with a BOM: the catalog reads as without it."""
    path = catalog_path(project_copy / "locales", "de", "cards")
    before = load_catalogs(project_copy / "locales", ("de",))["de"].messages
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert load_catalogs(project_copy / "locales", ("de",))["de"].messages == before


def test_cr_only_line_endings_are_one_problem_named_as_such(project_copy):
    path = catalog_path(project_copy / "locales", "de", "cards")
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r"))
    message = only(problems(project_copy / "locales", "de"), "po-line-ending", path, 1)
    assert "CR-only line endings" in message


def test_an_escape_babel_does_not_read_is_named_at_its_line(project_copy):
    path = catalog_path(project_copy / "locales", "de", "cards")
    line = plant(path, ARCHERS, ARCHERS.replace("Römische", "R\\qömische"))
    assert "the escape \\q" in only(problems(project_copy / "locales", "de"), "po-escape", path, line)


@pytest.mark.parametrize("defect", ["fuzzy header", "second header"])
def test_a_fuzzy_or_second_header_is_a_header_problem(project_copy, defect):
    path = catalog_path(project_copy / "locales", "pl", "sheets")
    text = path.read_text(encoding="utf-8")
    if defect == "fuzzy header":
        line = plant(path, 'msgid ""\nmsgstr ""\n"Project-Id-Version', '#, fuzzy\nmsgid ""\nmsgstr ""\n'
                     '"Project-Id-Version') + 1
        expected = "marked fuzzy"
    else:
        path.write_text(text + '\nmsgid ""\nmsgstr "Language: pl\\n"\n', encoding="utf-8")
        line, expected = text.count("\n") + 2, "a second header"
    assert expected in only(problems(project_copy / "locales", "pl"), "po-header", path, line)


@pytest.mark.parametrize("separator", ["\f", "\u2028", "\u0085", "\v", "\u2029", "\x1c"])
def test_the_pre_scan_counts_lines_as_babel_does(project_copy, separator):
    """Characters that str.splitlines() takes for line ends (inside translations here) end no line for Babel: a
    defect after them is named at the line Babel and an editor count (before: shifted by one for each)."""
    path = catalog_path(project_copy / "locales", "de", "cards")
    text = path.read_text(encoding="utf-8").replace("Einheit", f"Ein{separator}heit")
    assert text.count(separator) >= 2
    defect = text.rindex(ARCHERS)
    text = text[:defect] + ARCHERS.replace("Hilfs", "Hil\\qfs") + text[defect + len(ARCHERS):]
    path.write_text(text, encoding="utf-8")
    line = text[:defect].count("\n") + 1
    catalog = read_po(BytesIO(text.encode("utf-8")), locale="de")
    assert any(message.lineno == line - 1 for message in catalog)  # Babel's msgid line: the one before msgstr
    only(problems(project_copy / "locales", "de"), "po-escape", path, line)


@pytest.mark.parametrize("indent, field", [("\t", "Last-Translator"), (" ", "POT-Creation-Date"),
                                           ("\\t", "Language-Team")])
def test_a_header_line_that_starts_with_a_space_or_tab_is_a_header_problem(project_copy, indent, field):
    """Babel reads the header as e-mail headers, where such a line continues the field before it: after a date
    field, Babel failed with an AttributeError (found by test_properties.test_catalogs)."""
    path = catalog_path(project_copy / "locales", "de", "sheets")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f'"{field}:', f'"{indent}{field}:', 1), encoding="utf-8")
    message = only(problems(project_copy / "locales", "de"), "po-header", path, line_of(path, 'msgid ""'))
    assert f"header line '{field}:" in message and "starts with a space or tab" in message
