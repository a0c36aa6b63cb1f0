"""Every PDF of the kit names itself in its own language (title, subject, /Lang), and its document /ID is derived
from the bytes of the whole document: A4, Letter and pro builds of one deck differ, the same input gives the same."""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import invoke
from session_cache import built_kit
from pnp.i18n.catalogs import load_catalogs
from pnp.pages.pdfout import SUBJECT
from pnp.project import REPO
from pnp.sheets.scoresheet import TITLE as SCORE_SHEET
from pnp.sheets.token_faces import TITLE as TOKENS
from pnp.data.terms import FACTION_NAMES

KIT_LANGS = ("de", "pl", "tr")
ENGLISH = ("tokens", "Tokens", "Score Sheet", "print-and-play", "rulebook", "calibration")


@pytest.fixture(scope="module")
def kits(runner, tmp_path_factory) -> dict[str, Path]:
    """The kit in de, pl, tr on A4 (with the booklet and calibration sheets), and de on Letter (with the booklet:
    the build test_text_ink reads), pro and A4 again."""
    root = tmp_path_factory.mktemp("metadata")
    built_kit(tmp_path_factory, runner, root / "a4", KIT_LANGS, "--booklet")
    built_kit(tmp_path_factory, runner, root / "letter", ("de",), "--booklet", "--paper", "letter")
    runs = {"pro": ("--lang", "de", "--mode", "pro"), "again": ("--lang", "de")}
    for name, args in runs.items():
        result = invoke(runner, "build", *args, "--out", root / name)
        assert result.exit_code == 0, result.output
    result = invoke(runner, "calibrate", "--lang", ",".join(KIT_LANGS), "--out", root / "a4")
    assert result.exit_code == 2  # several languages, one --out: a usage error
    for lang in KIT_LANGS:
        result = invoke(runner, "calibrate", "--lang", lang, "--out", root / "a4" / lang / "calibration.pdf")
        assert result.exit_code == 0, result.output
    return {name: root / name for name in ("a4", "letter", *runs)}


def trailer_id(data: bytes) -> bytes:
    [found] = re.findall(rb"/ID\s*\[<([0-9a-f]{32})><\1>\]", data)
    return found


@pytest.mark.parametrize("lang", KIT_LANGS)
def test_title_subject_and_language_in_the_pdfs_own_language(kits, lang):
    catalog = load_catalogs(REPO / "locales", (lang,))[lang]
    expected = {f"cards/{faction}.pdf": f"Ancient Duel — {catalog.pgettext(*name)}"
                for faction, name in FACTION_NAMES.items()}
    expected["tokens.pdf"] = f"Ancient Duel — {catalog.pgettext(*TOKENS)}"
    expected["scoresheet.pdf"] = f"Ancient Duel — {catalog.pgettext(*SCORE_SHEET)}"
    expected["rulebook.pdf"] = expected["rulebook-booklet.pdf"] = \
        f"Ancient Duel — {catalog.translations.gettext('Print-and-play rulebook')}"
    expected["rules-reference.pdf"] = expected["rules-reference-booklet.pdf"] = \
        f"Ancient Duel — {catalog.translations.gettext('Rules Reference')}"
    expected["quickref.pdf"] = f"Ancient Duel — {catalog.translations.gettext('Quick reference')}"
    folder = kits["a4"] / lang
    files = sorted(str(p.relative_to(folder)) for p in folder.rglob("*.pdf"))
    assert files == sorted([*expected, "calibration.pdf"])
    subject = catalog.pgettext(*SUBJECT)
    assert subject != SUBJECT[1]
    for name in files:
        reader = PdfReader(folder / name)
        title = reader.metadata.title
        assert title == expected.get(name, title), name
        assert not any(word in title for word in ENGLISH), (name, title)
        assert reader.metadata.subject == subject, name
        assert reader.trailer["/Root"]["/Lang"] == lang, name


def test_the_document_id_is_the_digest_of_the_whole_document(kits):
    pdfs = sorted(kits["a4"].rglob("*.pdf"))
    ids = {}
    for path in pdfs:
        data = path.read_bytes()
        digits = trailer_id(data)
        blank = data.replace(b"<" + digits + b">", b"<" + b"0" * 32 + b">")
        assert hashlib.md5(blank, usedforsecurity=False).hexdigest().encode() == digits, path
        ids[digits] = path
    assert len(ids) == len(pdfs)  # no two documents of the kit share an /ID
    for path in pdfs:  # and the digits changed in place: the cross-reference table still holds
        assert len(PdfReader(path).pages) > 0


def test_paper_and_mode_give_different_ids_and_the_same_input_the_same_bytes(kits):
    deck = Path("de/cards/rome.pdf")
    builds = {name: (kits[name] / deck).read_bytes() for name in ("a4", "letter", "pro", "again")}
    assert builds["a4"] == builds["again"]
    assert len({trailer_id(builds[name]) for name in ("a4", "letter", "pro")}) == 3
    for part in ("tokens.pdf", "scoresheet.pdf", "rulebook.pdf"):
        assert trailer_id((kits["a4"] / "de" / part).read_bytes()) != \
            trailer_id((kits["letter"] / "de" / part).read_bytes()), part
