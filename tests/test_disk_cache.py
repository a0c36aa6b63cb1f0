"""The caches across runs (pnp.core.disk_cache; docs/caches.md): the same files (calibration sheets, the proof site)
with the caches off, cold, warm and corrupted; a warm cache spares the reading; an entry is used only for the bytes
it was made from."""
from __future__ import annotations

import os
import shutil
from io import BytesIO
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import PoFileParser
from reportlab.pdfgen import canvas

from pnp.core import disk_cache
from pnp.i18n import catalogs
from pnp.proof import placement
from pnp.proof.model import MessageRow
from pnp.project import Project

ROOT = Path(__file__).resolve().parent.parent
LANGS = "de,pl,tr"


def run_pnp(cache: Path | None, *args: str) -> None:
    """A fresh `pnp` process with the cache folder under `cache`, or with the caches off (None)."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)} if cache else {**os.environ, disk_cache.OFF: "1"}
    subprocess.run([sys.executable, "-m", "pnp", *args], cwd=ROOT, env=env, check=True, capture_output=True)


def calibration_sheets(out: Path, cache: Path | None) -> dict[str, bytes]:
    """The calibration sheets of LANGS (they print each language's catalog), made with the caches of `cache`."""
    files = {}
    for lang in LANGS.split(","):
        target = out / f"{lang}.pdf"
        run_pnp(cache, "calibrate", "--lang", lang, "--out", str(target))
        files[lang] = target.read_bytes()
    return files


def proof_site(out: Path, cache: Path | None) -> dict[str, bytes]:
    """Every file of the Polish proof site (English beside it), made with the caches of `cache`."""
    run_pnp(cache, "proof", "--lang", "pl", "--jobs", "1", "--out", str(out))
    return {path.relative_to(out).as_posix(): path.read_bytes() for path in sorted(out.rglob("*")) if path.is_file()}


def entries(cache: Path, name: str = "catalogs") -> list[Path]:
    return sorted((cache / "pnp" / name).iterdir())


def test_the_files_are_the_same_with_a_cold_a_warm_and_a_corrupted_cache(tmp_path):
    cache = tmp_path / "cache"
    without = calibration_sheets(tmp_path / "off", None)
    assert not cache.exists()
    assert calibration_sheets(tmp_path / "cold", cache) == without
    made = {path: path.read_bytes() for path in entries(cache)}
    assert len(made) == 3 * len(catalogs.DOMAINS)  # one entry per catalog file
    assert calibration_sheets(tmp_path / "warm", cache) == without
    assert {path: path.read_bytes() for path in entries(cache)} == made  # read, not written again
    first, second, third, *rest = made
    data = made[first]
    first.write_bytes(data[:-40] + bytes([data[-40] ^ 0x20]) + data[-39:])    # one bit of a translation
    second.write_bytes(made[second][: len(made[second]) // 2])                # truncated
    third.write_bytes(made[rest[0]])                                          # another file's entry
    rest[1].write_bytes(b"")
    assert calibration_sheets(tmp_path / "corrupted", cache) == without
    assert {path: path.read_bytes() for path in entries(cache)} == made  # each made anew


def test_the_proof_site_is_the_same_with_a_cold_a_warm_and_a_corrupted_cache_of_its_images(tmp_path):
    cache = tmp_path / "cache"
    kept = lambda: {path: path.read_bytes() for name in ("proof-images", "proof-printed")  # noqa: E731
                    for path in entries(cache, name)}
    without = proof_site(tmp_path / "off", None)
    assert not cache.exists()
    assert proof_site(tmp_path / "cold", cache) == without
    made = kept()
    assert len(made) == 3  # card images of English and of Polish, where the English kit prints each message
    assert proof_site(tmp_path / "warm", cache) == without
    assert kept() == made  # read, not written again
    first, second, printed = made
    data = made[first]
    first.write_bytes(data[:-1000] + bytes([data[-1000] ^ 0x01]) + data[-999:])  # one bit of a card image
    second.write_bytes(data)                                                      # the other language's entry
    printed.write_bytes(made[printed][:len(made[printed]) // 2])                  # truncated
    assert proof_site(tmp_path / "corrupted", cache) == without
    assert kept() == made  # each made anew


def test_a_warm_cache_reads_no_catalog_and_gives_the_same_catalog(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    locales = Project().locales
    cold = catalogs.read_catalog(locales, "pl")
    parsed = []
    parse = PoFileParser.parse  # Babel's .po parser (read_po's), spied on
    monkeypatch.setattr(PoFileParser, "parse", lambda parser, *args: parsed.append(args) or parse(parser, *args))
    warm = catalogs.read_catalog(locales, "pl")
    assert parsed == []
    assert warm.messages == cold.messages and list(warm.messages) == list(cold.messages)
    for (context, msgid), message in cold.messages.items():
        if message.plural:
            assert [warm.translations.npgettext(context, msgid, message.plural, n) for n in (1, 2, 5)] == [
                cold.translations.npgettext(context, msgid, message.plural, n) for n in (1, 2, 5)]
        else:
            assert warm.translations.pgettext(context, msgid) == cold.translations.pgettext(context, msgid)


def test_an_entry_serves_only_the_bytes_it_was_made_from(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    locales = tmp_path / "locales"
    shutil.copytree(Project().locales, locales)
    before = catalogs.read_catalog(locales, "de")
    message = next(m for m in before.messages.values() if m.context == "faction" and m.msgid == "Dacia")
    po = catalogs.catalog_path(locales, "de", "cards")
    po.write_text(po.read_text().replace(f'msgstr "{message.strings[0]}"', 'msgstr "Geändert"', 1))
    after = catalogs.read_catalog(locales, "de")
    assert after.pgettext(message.context, message.msgid) == "Geändert"
    assert len(entries(tmp_path / "cache")) == len(catalogs.DOMAINS)  # the old entry of that file replaced


def _rulebook(blank_pages: int) -> bytes:
    """A PDF that prints "Roll the die twice" after `blank_pages` empty pages."""
    buffer = BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=(300, 200))
    for _ in range(blank_pages):
        pdf.showPage()
    pdf.drawString(20, 100, "Roll the die twice")
    pdf.save()
    return buffer.getvalue()


def test_where_a_message_is_printed_is_kept_only_for_the_pages_it_was_found_on(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    rows = [MessageRow("m-roll", "Rulebook", None, "Roll the die twice", None, (), ())]
    captions = [placement.kept_placements({"rulebook.pdf": _rulebook(blank)}, rows)["m-roll"].caption
                for blank in (0, 1, 0)]
    assert captions == ["rulebook.pdf, page 1", "rulebook.pdf, page 2", "rulebook.pdf, page 1"]
    assert len(entries(tmp_path, "proof-printed")) == 1  # the entry of the older pages replaced


@pytest.mark.parametrize("setting, expected", [("1", None), ("0", "pnp"), ("", "pnp")])
def test_pnp_no_cache_turns_the_caches_off(monkeypatch, tmp_path, setting, expected):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv(disk_cache.OFF, setting)
    root = disk_cache.cache_root()
    assert (root and root.relative_to(tmp_path).as_posix()) == expected
