"""The catalogs' second opinions that .ci/run gets before the tests (GNU msgfmt, translate-toolkit pofilter):
clean on the shipped catalogs, a planted slip caught, a reviewed exception of the allowlist shared with pnp."""
from __future__ import annotations

import importlib.util
import shutil

import pytest

from pnp.project import REPO
from test_validate_glossary import edit
from validate_helpers import plant, po_path

pytestmark = pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed "
                                "(.ci/run installs it)")
spec = importlib.util.spec_from_file_location("second_opinions", REPO / ".ci" / "second_opinions.py")
second_opinions = importlib.util.module_from_spec(spec)
spec.loader.exec_module(second_opinions)

ARCHERS = ("rome.roman-auxiliary-archers:effect", "Once per turn: Target 1 face-up unit; it loses 2 ATK this turn.")
DOUBLE_UNA = "Only units that are face-up in Attack Position can attack — each once per turn."


def test_the_shipped_catalogs_are_clean():
    assert second_opinions.findings(REPO / "locales") == []


def test_planted_slips_are_found_and_reviewed_exceptions_shared(project_copy):
    locales = project_copy / "locales"
    plant(project_copy, "pl", *ARCHERS, old="Raz na turę: wskaż", new="Raz na turę:  wskaż")
    edit(po_path(project_copy, "de", "rulebook"), 'msgstr[1] ""\n"Jeder Spieler: %(life_start)s',
         'msgstr[1] ""\n"Jeder Spieler: %(life_begin)s')
    found = second_opinions.findings(locales)
    assert any("pl/LC_MESSAGES/cards.po [pl] pofilter doublespacing" in f and "roman-auxiliary-archers" in f
               for f in found)
    assert any("de/LC_MESSAGES/rulebook.po" in f and "life_begin" in f for f in found)  # msgfmt --check-format
    assert not any("doublewords" in f for f in found)  # es "cada una una vez": excused in allowlist.toml
    allowlist = locales / "allowlist.toml"
    line = next(text for text in allowlist.read_text(encoding="utf-8").splitlines() if text.startswith(f'"{DOUBLE_UNA}"'))
    edit(allowlist, line + "\n", "")
    assert any("es/LC_MESSAGES/rulebook.po [es] pofilter doublewords" in f for f in second_opinions.findings(locales))
