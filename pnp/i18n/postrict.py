"""The strictness Babel's lenient `read_po` lacks: a pre-scan of a .po file's text, each defect a file:line problem.

Babel accepts a string without its closing quote (dropping its last character), a file cut off inside an entry,
two entries with the same msgctxt and msgid (keeping the later), a catalog without header or Plural-Forms, a
second or fuzzy header, an escape it does not know (\\q, printed as a backslash) and CR-only line endings (the
whole file one line). This scan finds those (and stray text, misplaced keywords, plural forms that do not match the
header) before Babel reads the file; Babel stays the data model. It reads lines as Babel does: split at LF only,
ASCII white space stripped (a form feed, U+2028 or U+0085 ends no line), so both name the same line numbers.
"""
from __future__ import annotations

import gettext
import re
from dataclasses import dataclass, field

from babel import Locale, UnknownLocaleError
from babel.messages.plurals import get_plural

from ..core.problems import Location, Problem
from .languages import language

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?) +(.*)$")  # Babel splits at a space
_ESCAPE = re.compile(r"\\(.)")
ESCAPES = '\\"abfnrtv'  # the escapes Babel's reader turns into characters (any other keeps its backslash)
SPACE = " \t\n\r\x0b\x0c"  # what Babel strips from a line (bytes.strip: ASCII white space only)
_PLURAL_FORMS = re.compile(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*$")
PLURAL_PROBE = range(1001)  # the plural expression must give a valid form index for every n here


@dataclass
class _Entry:
    """A catalog entry while its lines are read: where it starts, its strings so far and its flags."""
    line: int
    context: str | None = None
    msgid: str | None = None
    plural: str | None = None
    msgstr: list[str] = field(default_factory=list)
    indices: list[int] = field(default_factory=list)
    last: str | None = None  # the keyword that continuation strings extend
    fuzzy: bool = False


FOLDING = re.compile(r"^(?:[ \t]|\\t)+")  # a header line's leading spaces or tabs (raw or escaped)


def _header_fields(text: str) -> dict[str, str]:
    fields = {}
    for line in text.split("\\n"):
        key, colon, value = line.partition(":")
        if colon:
            fields[key.strip()] = value.strip()
    return fields


class _Scan:
    def __init__(self, path: str, lang: str):
        self.path, self.lang = path, lang
        self.problems: list[Problem] = []
        self.entries: list[_Entry] = []
        self.entry: _Entry | None = None
        self.fuzzy = False  # a "#, fuzzy" flag waiting for the entry it belongs to

    def problem(self, code: str, line: int, message: str) -> None:
        self.problems.append(Problem(code, message, Location(self.path, line, lang=self.lang)))

    def finish_entry(self) -> None:
        if self.entry is not None:
            if not self.entry.msgstr and not self.entry.indices:
                self.problem("po-syntax", self.entry.line, "entry without msgstr (is the file cut off?); "
                             "expected msgctxt, msgid, then msgstr")
            else:
                self.entries.append(self.entry)
        self.entry = None

    def keyword(self, number: int, keyword: str, index: str | None, value: str) -> None:
        entry = self.entry
        if keyword in ("msgctxt", "msgid") and entry is not None and (entry.msgstr or entry.indices):
            self.finish_entry()
            entry = None
        if keyword == "msgctxt":
            if entry is not None:
                self.problem("po-syntax", number, "msgctxt inside an entry; expected it before msgid")
                return
            self.entry = _Entry(number, context=value, last="msgctxt", fuzzy=self.flagged())
        elif keyword == "msgid":
            if entry is not None and entry.msgid is not None:
                self.problem("po-syntax", number, "msgid follows an entry without msgstr; expected msgstr first")
                self.entry = None
            entry = self.entry = self.entry or _Entry(number, fuzzy=self.flagged())
            entry.msgid, entry.last = value, "msgid"
        elif entry is None or entry.msgid is None:
            self.problem("po-syntax", number, f"{keyword} without a msgid before it")
        elif keyword == "msgid_plural":
            entry.plural, entry.last = value, "msgid_plural"
        elif index is None:
            if entry.plural is not None:
                self.problem("po-plural", number, "plain msgstr in a plural entry; expected msgstr[0], msgstr[1], …")
            entry.msgstr.append(value)
            entry.last = "msgstr"
        else:
            if entry.plural is None:
                self.problem("po-plural", number, f"msgstr[{index}] in an entry without msgid_plural; expected msgstr")
            elif int(index) != len(entry.indices):
                self.problem("po-plural", number, f"msgstr[{index}] out of order; expected msgstr[{len(entry.indices)}]")
            entry.indices.append(int(index))
            entry.last = "msgstr"

    def flagged(self) -> bool:
        """Whether a fuzzy flag came before the entry starting now (and the flag is used up)."""
        fuzzy, self.fuzzy = self.fuzzy, False
        return fuzzy

    def continuation(self, number: int, value: str) -> None:
        entry = self.entry
        if entry is None or entry.last is None:
            self.problem("po-syntax", number, "a string outside any entry; expected msgctxt, msgid or msgstr before it")
        elif entry.last == "msgctxt":
            entry.context = (entry.context or "") + value
        elif entry.last == "msgid":
            entry.msgid = (entry.msgid or "") + value
        elif entry.last == "msgid_plural":
            entry.plural = (entry.plural or "") + value
        elif entry.msgstr and not entry.indices:
            entry.msgstr[-1] += value
        else:
            entry.msgstr.append(value)

    def line(self, number: int, raw: str) -> None:
        line = raw.strip(SPACE)
        if line.startswith("#,") and "fuzzy" in (flag.strip(SPACE) for flag in line[2:].split(",")):
            self.fuzzy = True
        if not line or line.startswith("#"):
            return  # comments, flags, references and obsolete (#~) entries
        found = _KEYWORD.match(line)
        rest = (found.group(3) if found else line).rstrip(SPACE)
        string = _STRING.fullmatch(rest)
        if string is None:
            what = "a string without its closing quote" if rest.startswith('"') else f'unexpected text "{rest[:40]}"'
            self.problem("po-syntax", number, f"{what}; expected a quoted string \"…\" on each line")
        value = rest[1:-1] if string else ""
        for escape in _ESCAPE.finditer(value):
            if escape.group(1) not in ESCAPES:
                self.problem("po-escape", number, f"the escape \\{escape.group(1)} is not one a catalog knows (it "
                             "would print as a backslash); expected \\n, \\t, \\\", \\\\ (or \\a \\b \\f "
                             "\\r \\v)")
        if found:  # a keyword with a broken string still keeps the entry's structure, so one defect is one problem
            self.keyword(number, found.group(1).split("[")[0], found.group(2), value)
        elif string:
            self.continuation(number, value)


def _plural_problems(scan: _Scan, header: _Entry, fields: dict[str, str]) -> int | None:
    """The header's number of plural forms, or None (with a problem) when Plural-Forms is missing or wrong."""
    forms = fields.get("Plural-Forms")
    if forms is None:
        scan.problem("po-header", header.line, "the header has no Plural-Forms; expected e.g. "
                      "'Plural-Forms: nplurals=2; plural=(n != 1);'")
        return None
    found = _PLURAL_FORMS.match(forms)
    try:
        if not found or int(found.group(1)) < 1:
            raise ValueError("not 'nplurals=N; plural=EXPRESSION;'")
        count, choose = int(found.group(1)), gettext.c2py(found.group(2))
        wrong = next((n for n in PLURAL_PROBE if not 0 <= choose(n) < count), None)
    except (ValueError, SyntaxError, ZeroDivisionError, RecursionError) as exc:
        scan.problem("po-header", header.line, f"Plural-Forms {forms!r} cannot be used ({exc}); expected "
                     "'nplurals=N; plural=EXPRESSION;' in C syntax")
        return None
    if wrong is not None:
        scan.problem("po-header", header.line, f"Plural-Forms gives form {choose(wrong)} for n = {wrong}; "
                     f"expected a form from 0 to {count - 1} (nplurals={count})")
        return None
    disagreement = _cldr_disagreement(choose, scan.lang)
    if disagreement:
        scan.problem("po-plural-cldr", header.line, f"Plural-Forms {forms!r} {disagreement}")
    return count


def _cldr_disagreement(choose, lang: str) -> str | None:
    """How the header's plural rule splits the counts 0-1000 differently from Babel's CLDR data for the language
    (the same counts in one form exactly when CLDR puts them in one category), or None when they agree."""
    try:
        rule = Locale.parse(lang).plural_form
    except (UnknownLocaleError, ValueError):
        return None
    form_of, category_of = {}, {}
    for n in PLURAL_PROBE:
        form, category = choose(n), rule(n)
        first = form_of.setdefault(category, (form, n))
        other = category_of.setdefault(form, (category, n))
        if first[0] != form:
            return (f"gives {n} form {form} and {first[1]} form {first[0]}, but Babel's CLDR data for '{lang}' puts "
                    f"both in the category '{category}'; expected e.g. {_babel_plural_forms(lang)}")
        if other[0] != category:
            return (f"gives {n} and {other[1]} the same form {form}, but Babel's CLDR data for '{lang}' puts {n} in "
                    f"the category '{category}' and {other[1]} in '{other[0]}'; expected e.g. "
                    f"{_babel_plural_forms(lang)}")
    return None


def _babel_plural_forms(lang: str) -> str:
    """Babel's Plural-Forms for the language (CLDR's rule in C syntax)."""
    plural = get_plural(lang)
    return f"'nplurals={plural.num_plurals}; plural={plural.plural_expr};'"


def po_problems(text: str, path: str, lang: str) -> list[Problem]:
    """Every defect of the .po text at `path` (language `lang`) that Babel would accept or misplace."""
    scan = _Scan(path, lang)
    lone_cr = re.search("\r(?!\n)", text)
    if lone_cr is not None:  # Babel would read the file (or the rest of the line) as one line
        scan.problem("po-line-ending", text.count("\n", 0, lone_cr.start()) + 1, "a carriage return (CR) without a "
                     "line feed: CR-only line endings (old Mac); expected LF (or CRLF) line endings")
        return scan.problems
    for number, raw in enumerate(text.split("\n"), 1):
        scan.line(number, raw)
    scan.finish_entry()
    if not scan.entries or scan.entries[0].msgid != "" or scan.entries[0].context is not None:
        scan.problem("po-header", scan.entries[0].line if scan.entries else 1, "the catalog has no header; "
                     "expected a first entry msgid \"\" with Language and Plural-Forms")
        return scan.problems
    header = scan.entries[0]
    if header.fuzzy:
        scan.problem("po-header", header.line, "the header is marked fuzzy (#, fuzzy), so its Language and "
                     "Plural-Forms would be ignored; expected the header without the fuzzy flag")
    fields = _header_fields("".join(header.msgstr))
    folded = [FOLDING.sub("", line) for line in "".join(header.msgstr).split("\\n") if FOLDING.match(line)]
    if folded:  # Babel reads the header as e-mail headers: such a line continues the field before it
        scan.problem("po-header", header.line, f"the header line {folded[0]!r} starts with a space or tab, so it "
                     "would be read as part of the field before it; expected every header line as 'Name: value' "
                     "from its first character")
    if fields.get("Language") != lang:
        scan.problem("po-header", header.line, f"the header says Language: {fields.get('Language', '(none)')}; "
                     f"expected {lang} (the catalog's folder)")
    charset = re.search(r"charset\s*=\s*([^\s;]*)", fields.get("Content-Type", "charset=utf-8"))
    if charset is None or charset.group(1).lower() not in ("utf-8", "utf8"):
        scan.problem("po-header", header.line, f"the header's Content-Type is '{fields.get('Content-Type')}'; "
                     "expected 'text/plain; charset=UTF-8' (pnp reads catalogs as UTF-8)")
    count = _plural_problems(scan, header, fields)
    norm = language(lang).norm
    comment = " ".join(line.lstrip("# ") for line in text.splitlines()[:header.line] if line.startswith("#"))
    if norm and f"Regional norm: {norm}." not in comment:
        scan.problem("po-header", 1, f"the header comment does not name the catalog's regional norm; expected a "
                     f"line '# Regional norm: {norm}.' (locales/languages.toml)")
    seen: dict[tuple[str | None, str], int] = {}
    for entry in scan.entries[1:]:
        key = (entry.context, entry.msgid or "")
        if key == (None, ""):
            scan.problem("po-header", entry.line, f'a second header (msgid ""); the header is at line {header.line}, '
                         "expected one header, first in the file")
        elif key in seen:
            context = f'msgctxt "{entry.context}" ' if entry.context is not None else ""
            scan.problem("po-duplicate", entry.line, f'a second entry for {context}msgid "{key[1][:60]}"; the first '
                         f"is at line {seen[key]}")
        seen.setdefault(key, entry.line)
        if count is not None and entry.plural is not None and len(entry.indices) != count:  # order: above
            scan.problem("po-plural", entry.line, f"{len(entry.indices)} plural form(s) msgstr[…]; expected "
                         f"{count} (msgstr[0] to msgstr[{count - 1}]), as the header's Plural-Forms says")
    return scan.problems
