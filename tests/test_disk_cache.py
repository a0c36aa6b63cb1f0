"""The caches across runs (pnp.core.disk_cache; docs/caches.md): the same files with the caches off, cold, warm and
corrupted (the catalogs read and checked, the generated art scenes and the icons' outlines drawn); a warm cache spares the reading; an entry
is used only for the bytes it was made from."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import PoFileParser

from pnp.core import disk_cache
from pnp.i18n import catalogs
from pnp.project import Project

ROOT = Path(__file__).resolve().parent.parent
LANGS = "de,pl,tr"


def run_pnp(out: Path, cache: Path | None, *args: str) -> None:
    """`pnp *args` in a fresh process with the cache folder under `cache`, or with the caches off (None)."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)} if cache else {**os.environ, disk_cache.OFF: "1"}
    subprocess.run([sys.executable, "-m", "pnp", *args, "--out", str(out)], cwd=ROOT, env=env, check=True,
                   capture_output=True)


def calibration_sheets(out: Path, cache: Path | None) -> dict[str, bytes]:
    """The calibration sheets of LANGS (they print each language's catalog)."""
    for lang in LANGS.split(","):
        run_pnp(out / f"{lang}.pdf", cache, "calibrate", "--lang", lang)
    return {path.name: path.read_bytes() for path in sorted(out.iterdir())}


def deck(out: Path, cache: Path | None, *options: str) -> dict[str, bytes]:
    """A German deck of three factions' cards without art files: every front shows a generated art scene."""
    run_pnp(out, cache, "build", "--lang", "de", "--jobs", "1", "--deck",
            str(ROOT / "tests" / "fixtures" / "decks" / "legal-coalition.toml"), *options)
    return {path.name: path.read_bytes() for path in sorted(out.rglob("*.pdf"))}


def entries(cache: Path, folder: str = "catalogs") -> list[Path]:
    return sorted((cache / "pnp" / folder).iterdir())


@pytest.mark.parametrize("made_by, folder, count", [
    (calibration_sheets, "catalogs", 3 * len(catalogs.DOMAINS)),  # one entry per catalog file
    (deck, "art-scenes", 20),                                      # one per distinct card of the deck
    (deck, "icons", 11),                                           # one per icon its cards show
])
def test_the_files_are_the_same_with_a_cold_a_warm_and_a_corrupted_cache(tmp_path, made_by, folder, count):
    cache = tmp_path / "cache"
    without = made_by(tmp_path / "off", None)
    assert without and not cache.exists()
    assert made_by(tmp_path / "cold", cache) == without
    made = {path: path.read_bytes() for path in entries(cache, folder)}
    assert len(made) == count
    stamps = {path: (path.stat().st_ino, path.stat().st_mtime_ns) for path in made}
    assert made_by(tmp_path / "warm", cache) == without
    assert {path: (path.stat().st_ino, path.stat().st_mtime_ns) for path in made} == stamps  # read, not written
    first, second, third, *rest = made
    data = made[first]
    first.write_bytes(data[:-40] + bytes([data[-40] ^ 0x20]) + data[-39:])    # one bit of the content
    second.write_bytes(made[second][: len(made[second]) // 2])                # truncated
    third.write_bytes(made[rest[0]])                                          # another entry's file
    rest[1].write_bytes(b"")
    assert made_by(tmp_path / "corrupted", cache) == without
    assert {path: path.read_bytes() for path in entries(cache, folder)} == made  # each made anew


def test_a_copy_of_the_data_folder_finds_the_same_art_scenes(tmp_path):
    """An art scene's entry is keyed by what the picture depends on, not by the file its card was read from: a
    copy of the data (as every test that changes the data makes) adds no entry."""
    cache = tmp_path / "cache"
    first = deck(tmp_path / "first", cache)
    stamps = {path: path.stat().st_mtime_ns for path in entries(cache, "art-scenes")}
    shutil.copytree(ROOT / "data", tmp_path / "data")
    assert deck(tmp_path / "copy", cache, "--data", str(tmp_path / "data")) == first
    assert {path: path.stat().st_mtime_ns for path in entries(cache, "art-scenes")} == stamps


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


@pytest.mark.parametrize("setting, expected", [("1", None), ("0", "pnp"), ("", "pnp")])
def test_pnp_no_cache_turns_the_caches_off(monkeypatch, tmp_path, setting, expected):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv(disk_cache.OFF, setting)
    root = disk_cache.cache_root()
    assert (root and root.relative_to(tmp_path).as_posix()) == expected
