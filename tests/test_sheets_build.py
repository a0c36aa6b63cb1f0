"""`pnp build` writes the score sheet and the tokens of each language, and a changed engine value reaches both."""
from __future__ import annotations

import re
import shutil

from pypdf import PdfReader

from pnp.cli import main
from pnp.project import REPO


def test_build_carries_a_changed_engine_into_score_sheet_and_tokens(runner, tmp_path):
    shutil.copytree(REPO / "data", tmp_path / "data")
    engine = tmp_path / "data" / "engine.toml"
    text = re.sub(r"(?m)^start = 20\b", "start = 25", engine.read_text(encoding="utf-8"))
    engine.write_text(re.sub(r"(?m)^cap = 12\b", "cap = 10", text), encoding="utf-8")
    out = tmp_path / "out"
    result = runner.invoke(main, ["build", "--data", str(tmp_path / "data"), "--lang", "tr", "--paper", "letter",
                                  "--duplex", "short", "--out", str(out)])
    assert result.exit_code == 0, result.output
    sheet = PdfReader(out / "tr" / "scoresheet.pdf")
    assert float(sheet.pages[0].mediabox.height) == 792.0
    found = [int(n) for n in re.findall(r"\d+", sheet.pages[0].extract_text())]
    assert any(found[i:i + 31] == list(range(30, -1, -1)) for i in range(len(found)))      # 25 + 5 healing … 0
    schedule = [n for turn in range(1, 14) for n in (turn, min(10, 6 + max(0, turn - 2)))]
    assert any(found[i:i + len(schedule)] == schedule for i in range(len(found)))         # capped at 10
    tokens = PdfReader(out / "tr" / "tokens.pdf")
    fronts = " ".join(page.extract_text() for page in tokens.pages[0::2])
    assert fronts.count("Enerji") == 2 * 10 and "Skor kâğıdı" in sheet.pages[0].extract_text()
