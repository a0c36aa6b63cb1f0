"""The caches across runs (pnp.core.disk_cache; docs/caches.md): the same files with the caches off, cold, warm and
corrupted (the catalogs read and checked, the numbers Babel writes, the TOML files parsed, the hyphenation patterns
read, the fonts' faces parsed and subsets made, the cards' texts fitted, their forms' streams compressed, the
rulebook's paragraphs broken into lines, the generated art scenes and the icons' outlines drawn, the card images
of `pnp export images`, the proof site's images); a warm cache spares the reading; an entry is used only for the
bytes it was made from."""
from __future__ import annotations

import copy
from dataclasses import dataclass, replace
import hashlib
import os
import pickle
import shutil
from io import BytesIO
import subprocess
import sys
import tomllib
import zlib
from pathlib import Path

import babel.numbers
import pyphen
import pytest
from babel.messages.pofile import PoFileParser
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfgen import canvas

from pnp.cards.produce import card_pages, compose_cards
from pnp.context import BuildOptions
from pnp.core import disk_cache, tomlfile
from pnp.cards.deck import deck_pdf
from pnp.cards.layout import card_layout
from pnp.layouts.schemas import CARD_INK_SAVER
from pnp.core.geometry import TextStyle
from pnp.data.terms import FACTIONS
from pnp.export import images
from pnp.graphics import icons
from pnp.pages import forms
from pnp.adapters.pyphen_internals import pattern_lines
from pnp.i18n import catalogs, decimals
from pnp.kit.build import context, load, prepare_context
from pnp.proof import placement
from pnp.proof.model import MessageRow
from pnp.project import Project
from pnp.typeset import fonts, hyphenation, kept_fits
from pnp.typeset.textfit import FittedText, fit_text
from session_cache import cold_proof_site, files_in, run_pnp, shared, shared_layouts

ROOT = Path(__file__).resolve().parent.parent
LANGS = "de,pl,tr"
DECK = ROOT / "tests" / "fixtures" / "decks" / "legal-coalition.toml"  # three factions, no art files
IMAGES_DPI = 50  # the lowest resolution a layout may give (pnp.core.values.DPI_RANGE)


def calibration_sheets(out: Path, cache: Path | None) -> dict[str, bytes]:
    """The calibration sheets of LANGS (they print each language's catalog), made in one process, as `pnp calibrate
    --lang LANGS` writes them into out/ of the folder it is run in (here `out`)."""
    out.mkdir(parents=True)
    run_pnp(None, cache, "calibrate", "--lang", LANGS, cwd=out)
    return {path.name: path.read_bytes() for path in sorted((out / "out").iterdir())}


def deck(out: Path, cache: Path | None, *options: str) -> dict[str, bytes]:
    """A German deck of three factions' cards without art files: every front shows a generated art scene."""
    run_pnp(out, cache, "build", "--lang", "de", "--jobs", "1", "--deck", str(DECK), *options)
    return {path.name: path.read_bytes() for path in sorted(out.rglob("*.pdf"))}


def kit(out: Path, cache: Path | None) -> dict[str, bytes]:
    """The German kit: its cards, sheets and rule books."""
    run_pnp(out, cache, "build", "--lang", "de", "--jobs", "1")
    return {path.relative_to(out).as_posix(): path.read_bytes() for path in sorted(out.rglob("*.pdf"))}


def proof_site(out: Path, cache: Path | None) -> dict[str, bytes]:
    """Every file of the Polish proof site (English beside it), made with the caches of `cache`."""
    run_pnp(out, cache, "proof", "--lang", "pl", "--jobs", "1")
    return {path.relative_to(out).as_posix(): path.read_bytes() for path in sorted(out.rglob("*")) if path.is_file()}


def exported_images(out: Path, cache: Path | None) -> dict[str, bytes]:
    """The German card images of `pnp export images` (with bleed) and their manifest, at IMAGES_DPI, through a
    layouts folder (--layouts) whose export layout offers it: a faction's entry is made, read and made anew alike at
    any resolution (its key holds the resolution), and 50 dpi is a 36th of the pixels of the shipped 300 dpi (which
    test_output_images exports)."""
    layouts = shared_layouts("export.toml", "dpi = [300, 600]", f"dpi = [{IMAGES_DPI}]")
    run_pnp(out, cache, "export", "images", "--lang", "de", "--jobs", "1", "--layouts", str(layouts),
            "--dpi", str(IMAGES_DPI))
    return {path.relative_to(out).as_posix(): path.read_bytes() for path in sorted(out.rglob("*")) if path.is_file()}


def entries(cache: Path, folder: str = "catalogs") -> list[Path]:
    return sorted((cache / "pnp" / folder).iterdir())


def damage(made: dict[Path, bytes]) -> None:
    """Each entry damaged, in turn: one bit of its content flipped, cut short, another entry's file, emptied (an
    only entry: its bit flipped)."""
    paths = list(made)
    for index, path in enumerate(paths):
        data = made[path]
        path.write_bytes((data[:-40] + bytes([data[-40] ^ 0x20]) + data[-39:],
                          data[: len(data) // 2],
                          made[paths[index - 1]],
                          b"")[index % 4 if len(paths) > 1 else 0])


def stamps(cache: Path) -> dict[str, dict[str, tuple[int, int]]]:
    """Each entry's inode and modification time, by its folder and name (a file written anew has others)."""
    return {folder.name: {path.name: (path.stat().st_ino, path.stat().st_mtime_ns) for path in sorted(folder.iterdir())}
            for folder in sorted((cache / "pnp").iterdir())}


@dataclass(frozen=True)
class CacheRuns:
    """A product's files with the caches off, cold and warm (each run in fresh processes, the cold and warm ones with
    the cache folder `folder`/cache, which they fill and read), whether the run with the caches off left that folder,
    and its entries' stamps after the cold and after the warm run."""

    folder: Path
    without: dict[str, bytes]
    cache_after_off: bool
    cold: dict[str, bytes]
    cold_stamps: dict[str, dict[str, tuple[int, int]]]
    warm: dict[str, bytes]
    warm_stamps: dict[str, dict[str, tuple[int, int]]]


def cache_runs(factory: pytest.TempPathFactory, made_by) -> CacheRuns:
    """`made_by`'s runs with the caches off, cold and warm, made once per test session for every folder it fills."""
    def make(folder: Path) -> None:
        cache = folder / "cache"
        without = made_by(folder / "off", None)
        cache_after_off = cache.exists()
        cold = made_by(folder / "cold", cache)
        cold_stamps = stamps(cache)
        runs = CacheRuns(folder, without, cache_after_off, cold, cold_stamps, made_by(folder / "warm", cache),
                         stamps(cache))
        (folder / "runs.pickle").write_bytes(pickle.dumps(runs))

    folder = shared(factory, ("caches off, cold and warm", made_by.__name__), make)
    return pickle.loads((folder / "runs.pickle").read_bytes())


def cache_after(factory: pytest.TempPathFactory, made_by, cache: Path) -> CacheRuns:
    """`cache_runs(made_by)`, its cache folder as its cold and warm runs left it copied to `cache` (the times of
    its files kept)."""
    runs = cache_runs(factory, made_by)
    shutil.copytree(runs.folder / "cache", cache)
    return runs


@pytest.mark.parametrize("made_by, folder, count", [
    (calibration_sheets, "catalogs", 3 * len(catalogs.DOMAINS)),  # one entry per catalog file
    (calibration_sheets, "decimals", 3),                           # one per language: its ruler length, scale range
    (calibration_sheets, "toml", 5),                               # the languages, card, paper, PDF/X, sheet files
    (deck, "hyphenation", 1),                                      # the German patterns
    (deck, "art-scenes", 1),                                       # one table: the 20 distinct cards of the deck
    (deck, "icons", 11),                                           # one per icon its cards show
    (deck, "fonts", 8),                                            # one per font file (Cinzel has two roles)
    (deck, "font-subsets", 4),                                     # one per distinct subset its PDF embeds
    (deck, "fitted-texts", 3),                                     # the decks', the deck list's, the anatomy's
    (exported_images, "card-images", len(FACTIONS)),               # one per faction: its fronts and its back
    (kit, "rulebook-lines", 1),                                    # the German books' paragraphs
    (kit, "drawn-runs", 1),                                        # one table: the faces', tokens' and sheet's runs
    (deck, "pdf-streams", 1),                                      # one per PDF: the deck list's
    (kit, "pdf-streams", 12),                                      # 7 decks, 3 books, tokens and score sheet
])
def test_the_files_are_the_same_with_a_cold_a_warm_and_a_corrupted_cache(tmp_path, tmp_path_factory, made_by, folder,
                                                                          count):
    """The runs with the caches off, cold and warm are a product's (`cache_runs`: the same for each of its folders);
    a folder's entries are damaged in a copy of the cache they left, and the corrupted run is the row's own."""
    cache = tmp_path / "cache"
    runs = cache_after(tmp_path_factory, made_by, cache)
    assert runs.without and not runs.cache_after_off
    assert runs.cold == runs.without
    assert len(runs.cold_stamps[folder]) == count
    assert runs.warm == runs.without
    assert runs.warm_stamps[folder] == runs.cold_stamps[folder]  # read, not written
    made = {path: path.read_bytes() for path in entries(cache, folder)}
    damage(made)
    assert made_by(tmp_path / "corrupted", cache) == runs.without
    assert {path: path.read_bytes() for path in entries(cache, folder)} == made  # each made anew


def test_a_copy_of_the_data_folder_finds_the_same_art_scenes(tmp_path, tmp_path_factory):
    """An art scene's entry is keyed by what the picture depends on, not by the file its card was read from: a
    copy of the data (as every test that changes the data makes) adds no entry to the cache of a deck of the
    shipped data (the deck's cold run of `cache_runs`)."""
    cache = tmp_path / "cache"
    first = cache_after(tmp_path_factory, deck, cache).cold
    stamps = {path: path.stat().st_mtime_ns for path in entries(cache, "art-scenes")}
    shutil.copytree(ROOT / "data", tmp_path / "data")
    assert deck(tmp_path / "copy", cache, "--data", str(tmp_path / "data")) == first
    assert {path: path.stat().st_mtime_ns for path in entries(cache, "art-scenes")} == stamps


def test_the_proof_site_is_the_same_with_a_cold_a_warm_and_a_corrupted_cache_of_its_images(tmp_path):
    """The cold run is the session's (session_cache.cold_proof_site: every cache of pnp cold, in a fresh process;
    test_proof_data reads its site); the warm and the corrupted run are the test's, in a copy of the cache folder
    the cold run left."""
    cache = tmp_path / "cache"
    kept = lambda: {path: path.read_bytes() for name in ("proof-images", "proof-printed")  # noqa: E731
                    for path in entries(cache, name)}
    made_cold = cold_proof_site("pl")
    shutil.copytree(made_cold / "cache", cache)
    cold = {path.as_posix(): data for path, data in files_in(made_cold / "site").items()}  # everything made and stored
    made = kept()
    assert len(made) == 3  # card images of English and of Polish, where the English kit prints each message
    assert proof_site(tmp_path / "warm", cache) == cold
    assert kept() == made  # read, not written again
    first, second, printed = made
    data = made[first]
    first.write_bytes(data[:-1000] + bytes([data[-1000] ^ 0x01]) + data[-999:])  # one bit of a card image
    second.write_bytes(data)                                                      # the other language's entry
    printed.write_bytes(made[printed][:len(made[printed]) // 2])                  # truncated
    assert proof_site(tmp_path / "corrupted", cache) == cold
    assert kept() == made  # each made anew


def test_a_changed_card_makes_the_images_of_its_faction_only_anew(tmp_path, monkeypatch, project_copy):
    """A faction's images are read from its entry while its pages stay the same; when a card changes, its faction's
    are made anew (the older entry never served), the same images as without the cache, and its entry replaced
    (at IMAGES_DPI, as `exported_images`)."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    project = Project(data=project_copy / "data", locales=project_copy / "locales")

    def english_images() -> dict[Path, bytes]:
        ctx, _ = prepare_context(project, BuildOptions(langs=("en",), mode="pro"))
        return images.card_images(card_pages(compose_cards(ctx.in_language("en"))), "en", IMAGES_DPI, True)

    def stamps() -> set[tuple[str, int, int]]:
        return {(path.name, path.stat().st_ino, path.stat().st_mtime_ns) for path in entries(cache, "card-images")}

    before = english_images()
    made = stamps()
    cards = project.cards_dir / "sparta.toml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("gains 1 ATK in combat", "gains 1 ATK in this combat"),
                     encoding="utf-8")
    after = english_images()
    assert [path.name for path in before if before[path] != after[path]] == ["sparta.skiritai-scouts.png"]
    kept = stamps()
    assert len(made) == len(kept) == len(FACTIONS)
    assert len(made & kept) == len(FACTIONS) - 1  # the other factions' entries read, not written again
    monkeypatch.setenv(disk_cache.OFF, "1")
    assert english_images() == after


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


def cold_then_warm(code: str, cache: Path) -> list[str]:
    """What `code` prints in two fresh processes, one after the other, with the cache folder `cache`."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    return [subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                           check=True).stdout.strip() for _ in range(2)]


def test_a_warm_read_of_the_catalogs_loads_neither_babels_reader_nor_the_strict_checks(tmp_path):
    """Babel's .po reader and .mo writer and pnp's strict checks (11 ms of imports) are loaded by a process that
    reads a catalog its cache lacks, not by one that finds them all."""
    code = ("import sys; from pnp.project import Project; from pnp.i18n.catalogs import read_catalogs; "
            "read_catalogs(Project().locales, ('de', 'pl')); "
            "print(sorted(m for m in sys.modules if m.startswith(('babel.messages', 'pnp.i18n.postrict'))))")
    runs = cold_then_warm(code, tmp_path)
    assert "pnp.i18n.postrict" in runs[0] and runs[1] == "[]"


def test_a_warm_draw_of_the_icons_loads_no_fonttools(tmp_path):
    """fontTools (and lxml, which its SVG reading loads) is imported by a process that draws an icon its cache
    lacks, not by one that reads every outline from it: about 10 ms of a warm build's imports."""
    code = ("import io, sys; from reportlab.pdfgen.canvas import Canvas; from pnp.graphics import icons; "
            "canvas = Canvas(io.BytesIO()); "
            "[icons.draw_icon(canvas, name, 50, 50, 20) for table in (icons.STAT_ICONS, icons.TYPE_ICONS, "
            "icons.KIND_ICONS) for name in table.values()]; "
            "print(sorted({m.split('.')[0] for m in sys.modules if m.startswith(('fontTools', 'lxml'))}))")
    runs = cold_then_warm(code, tmp_path)
    assert "'fontTools'" in runs[0] and runs[1] == "[]"


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


def test_a_languages_numbers_are_written_by_babel_once(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    written, write = [], babel.numbers.format_decimal
    monkeypatch.setattr(babel.numbers, "format_decimal",
                        lambda value, locale: written.append(value) or write(value, locale=locale))
    assert [decimals.written((100, 2.5), "de") for _ in range(2)] == [("100", "2,5")] * 2
    assert written == [100, 2.5]  # the second time read from the entry


def test_a_toml_file_is_parsed_once_for_its_bytes_and_one_holding_a_date_every_time(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    plain, dated = tmp_path / "plain.toml", tmp_path / "dated.toml"
    plain.write_text('a = [1, 2.5, "x", true]\n[b]\nc = {d = -0.0}\n', encoding="utf-8")
    dated.write_text("when = 1979-05-27\n", encoding="utf-8")
    cold = [tomlfile.read_toml(plain), tomlfile.read_toml(dated)]
    parsed, parse = [], tomllib.loads
    monkeypatch.setattr(tomllib, "loads", lambda text: parsed.append(text) or parse(text))
    assert [tomlfile.read_toml(plain), tomlfile.read_toml(dated)] == cold
    assert parsed == ["when = 1979-05-27\n"]  # the plain file read from its entry; marshal cannot write a date
    plain.write_text("a = 2\n", encoding="utf-8")
    assert tomlfile.read_toml(plain) == ({"a": 2}, [])
    assert len(entries(tmp_path / "cache", "toml")) == 1  # the old entry of that file replaced


def test_a_copy_of_the_locales_folder_finds_the_same_entries_and_its_own_locations(tmp_path, monkeypatch):
    """A catalog's entry is keyed by its bytes, not its path (every test that changes a catalog reads a copy: keyed
    by path, the folder grew by an entry per catalog per test, to gigabytes); the messages read from it are located
    in the copy."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    catalogs.read_catalog(Project().locales, "tr")
    stamps = {path: path.stat().st_mtime_ns for path in entries(tmp_path / "cache")}
    copy = tmp_path / "locales"
    shutil.copytree(Project().locales, copy)
    read = catalogs.read_catalog(copy, "tr")
    assert {path: path.stat().st_mtime_ns for path in entries(tmp_path / "cache")} == stamps  # read, not written
    assert {Path(m.path).parent.parent.parent for m in read.messages.values()} == {copy}


def test_a_folder_keeps_its_newest_entries(tmp_path, monkeypatch):
    """A subset's or an icon's slot is its content, so the subsets of every text ever printed would pile up: the
    first entry a process stores also deletes all but the newest `keep`."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    cache = copy.copy(icons.PATHS)  # a cache of its own, as a new process has it
    cache.keep, cache.pruned = 5, False
    folder = tmp_path / "pnp" / cache.name
    folder.mkdir(parents=True)
    for number in range(8):
        (folder / f"old{number}-entry").write_bytes(b"old")
        os.utime(folder / f"old{number}-entry", ns=(number * 10**9, number * 10**9))
    cache.put("new", b"key", "value")
    cache.put("newer", b"key", "value")
    assert sorted(path.name for path in folder.iterdir() if path.name.startswith("old")) == \
        ["old4-entry", "old5-entry", "old6-entry", "old7-entry"]
    assert cache.get("new", b"key") == cache.get("newer", b"key") == "value"  # pruned once, before the second


def test_the_folder_a_cache_replaces_is_deleted_when_it_first_stores_an_entry(tmp_path, monkeypatch):
    """The PDF streams' folder of an earlier version (form-streams/) goes when the cache that replaced it first
    stores an entry in a process, not when it only reads; a symbolic link of that name is left, and what it leads
    to."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    cache = copy.copy(forms.STREAMS)  # a cache of its own, as a new process has it
    cache.pruned = False
    old = tmp_path / "pnp" / "form-streams"
    old.mkdir(parents=True)
    (old / "slot-entry").write_bytes(b"old")
    assert cache.get("probe", b"key") is None and old.is_dir()
    cache.put("probe", b"key", "value")
    assert not old.exists() and cache.get("probe", b"key") == "value"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "kept").write_bytes(b"mine")
    old.symlink_to(elsewhere)
    fresh = copy.copy(forms.STREAMS)
    fresh.pruned = False
    fresh.put("probe", b"key", "value")
    assert old.is_symlink() and (elsewhere / "kept").read_bytes() == b"mine"


def test_a_pattern_file_is_read_once_and_its_entry_serves_only_its_bytes(tmp_path, monkeypatch):
    """The patterns of a file come from its entry while its bytes stay the same (an entry planted for them is what
    a warm read gives), are read anew from other bytes, and the older entry is replaced."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path = tmp_path / "hyph_probe.dic"
    path.write_bytes(Path(pyphen.LANGUAGES["pt_BR"]).read_bytes())

    def patterns() -> dict[str, str]:
        return dict(hyphenation._patterns(path, path.read_bytes(), hashlib.sha256(path.read_bytes()).digest()))

    cold = patterns()
    assert cold == pattern_lines(path.read_bytes()) and len(entries(tmp_path / "cache", "hyphenation")) == 1
    planted = {"probe": "pro1be"}
    hyphenation.PATTERNS_READ.put(path.name, hyphenation.READING_CODE + hashlib.sha256(path.read_bytes()).digest(),
                                  hyphenation.grouped(planted))
    assert patterns() == planted
    path.write_bytes(path.read_bytes() + "ção3ção\n".encode())
    assert patterns() == {**cold, "çãoção": "ção3ção"}
    assert len(entries(tmp_path / "cache", "hyphenation")) == 1


def test_a_font_is_parsed_once_and_its_entry_serves_only_its_bytes(tmp_path, monkeypatch):
    """A warm entry gives the face without parsing the file (ReportLab's extractInfo, spied on); a font file with
    other bytes is parsed anew and its older entry replaced."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path = tmp_path / "Probe.ttf"
    path.write_bytes((Project().fonts / "Cinzel.ttf").read_bytes())
    parsed = []
    extract = ttfonts.TTFontFile.extractInfo
    monkeypatch.setattr(ttfonts.TTFontFile, "extractInfo", lambda face, *args: parsed.append(face) or
                        extract(face, *args))
    cold = fonts._embedded_font("Probe-cold", path)
    warm = fonts._embedded_font("Probe-warm", path)
    assert len(parsed) == 1 and warm.face.charWidths == cold.face.charWidths
    assert len(entries(tmp_path / "cache", "fonts")) == 1
    path.write_bytes((Project().fonts / "CinzelPnP-TR.ttf").read_bytes())
    assert fonts._embedded_font("Probe-other", path).face.charToGlyph != cold.face.charToGlyph
    assert len(parsed) == 2 and len(entries(tmp_path / "cache", "fonts")) == 1


def test_a_kept_fit_serves_only_the_font_and_pattern_bytes_it_was_made_for(tmp_path, monkeypatch):
    """A text's entry (here one planted, as a warm read gives it) is used while the bytes of its font file and of its
    language's pattern file are those it was made for, whatever name the font is registered under; with one byte of
    either changed the text is fitted anew."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    garamond = (Project().fonts / "EBGaramondPnP-Regular.ttf").read_bytes()
    turkish = (hyphenation.PATTERNS / "hyph_tr_TR.dic").read_bytes()

    def fit_anew(name: str, font: bytes = garamond, patterns: bytes = turkish) -> tuple[FittedText, bool]:
        """The text fitted as a new process fits it, with the font file's bytes registered as `name` and the break
        finder of the pattern file's bytes, through the table read anew (written when the text was fitted anew);
        and whether it was fitted anew."""
        folder = tmp_path / hashlib.sha256(font + patterns).hexdigest()
        folder.mkdir(exist_ok=True)
        (folder / f"{name}.ttf").write_bytes(font)
        (folder / "hyph_tr_TR.dic").write_bytes(patterns)
        pdfmetrics.registerFont(fonts._embedded_font(name, folder / f"{name}.ttf"))
        table = kept_fits.KeptFits("probe")
        text = table.fit("Kavallerie saldırısı düşmanı yıpratır", name, TextStyle("body", 10.0, 6.0, 1.2, 3), 60.0,
                         80.0, 0.25, breaks=hyphenation.break_finder("tr", folder / "hyph_tr_TR.dic"))
        anew = table.added
        table.save()
        return text, anew

    made, anew = fit_anew("Probe-Kept")
    planted = {key: (7.5, ("planted",), True) for key in kept_fits.KeptFits("probe").kept}
    assert anew and len(planted) == 1
    kept_fits.FITS.put("probe", kept_fits.KeptFits("probe").key, planted)
    assert fit_anew("Probe-Kept")[0].lines == fit_anew("Probe-Renamed")[0].lines == ("planted",)
    at = garamond.rindex(b"EBGaramondPnP-Regular")  # the PostScript name ReportLab reads: a face of its own
    changed, anew = fit_anew("Probe-Changed", garamond[:at] + bytes([garamond[at] ^ 0x20]) + garamond[at + 1:])
    assert anew and (changed.size, changed.lines) == (made.size, made.lines)

    kept_fits.FITS.put("probe", kept_fits.KeptFits("probe").key, planted)
    at = turkish.index(b"Turkish")  # in a comment
    assert fit_anew("Probe-Kept", patterns=turkish[:at] + bytes([turkish[at] ^ 0x20]) + turkish[at + 1:]) == (made, True)


def test_the_rule_books_on_each_paper_keep_lines_of_their_own(tmp_path, tmp_path_factory):
    """The books on Letter break at other widths than on A4: a build on one paper leaves the other's lines as they
    were (the A4 build: the kit's cold run of `cache_runs`)."""
    cache = tmp_path / "cache"
    cache_after(tmp_path_factory, kit, cache)
    a4 = {path: path.read_bytes() for path in entries(cache, "rulebook-lines")}
    run_pnp(tmp_path / "letter", cache, "build", "--lang", "de", "--jobs", "1", "--paper", "letter")
    both = {path: path.read_bytes() for path in entries(cache, "rulebook-lines")}
    assert len(a4) == 1 and len(both) == 2 and all(both[path] == data for path, data in a4.items())


def test_kept_lines_serve_only_the_font_bytes_and_widths_they_were_made_for(tmp_path, monkeypatch):
    """A paragraph's entry (here one planted, as a warm read gives it) is used while the bytes of its font file and
    the widths of its lines are those it was made for, whatever name the font is registered under; with one byte of
    the font changed, or at another width, the paragraph is broken anew."""
    from reportlab.lib.styles import ParagraphStyle
    from pnp.adapters.reportlab_platypus import line_texts, wrapped_lines
    from pnp.rulebook import kept_lines
    from pnp.rulebook.flowables import Text
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    garamond = (Project().fonts / "EBGaramondPnP-Regular.ttf").read_bytes()

    def break_anew(name: str, font: bytes = garamond, width: float = 90.0) -> tuple[list[str], bool]:
        """The paragraph's lines as a new process breaks it, in the font file's bytes registered as `name`, through
        the table read anew (written when it was broken anew); and whether it was broken anew."""
        path = tmp_path / hashlib.sha256(font).hexdigest() / f"{name}.ttf"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(font)
        pdfmetrics.registerFont(fonts._embedded_font(name, path))
        table = kept_lines.KeptLines("probe", "de")
        paragraph = Text("Die Kavallerie greift die Verteidigungsstellung an", ParagraphStyle(
            "probe", fontName=name, fontSize=10, leading=12, hyphenationLang=table.hyphenator))
        paragraph.kept = table
        paragraph.wrap(width, 1000)
        anew = table.added
        table.save()
        return line_texts(wrapped_lines(paragraph)), anew

    made, anew = break_anew("Probe-Lines")
    key = kept_lines.KeptLines("probe", "de").key
    planted = {found: (((0.0, ("planted",), ""),), *lines[1:])  # one line, the rest as kept
               for found, lines in kept_lines.LINES.get("probe", key).items()}
    assert anew and len(made) > 1 and len(planted) == 1
    kept_lines.LINES.put("probe", key, planted)
    assert break_anew("Probe-Lines")[0] == break_anew("Probe-Lines-Renamed")[0] == ["planted"]
    at = garamond.rindex(b"EBGaramondPnP-Regular")  # the PostScript name ReportLab reads: a face of its own
    assert break_anew("Probe-Lines-Changed", garamond[:at] + bytes([garamond[at] ^ 0x20]) + garamond[at + 1:]) == (
        made, True)
    kept_lines.LINES.put("probe", key, planted)
    assert break_anew("Probe-Lines", width=90.5) == (made, True)


def test_a_kept_stream_serves_only_the_bytes_it_was_compressed_from(tmp_path, monkeypatch):
    """A stream compressed through a slot's table is zlib's; a new table of the slot gives it back without
    compressing it, and compresses a stream with one byte changed anew; the table written holds the run's streams."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    stream = b"q\n1 0 0 1 0 0 cm\n.15 1 .6 .14 k\nn -8.5 -8.5 195.6 266.5 re f*\nQ" * 40
    changed = stream[:100] + b"7" + stream[101:]
    with forms.kept_streams("probe") as compress:
        assert compress(stream) == zlib.compress(stream)
    compressed, deflate = [], zlib.compress
    monkeypatch.setattr(forms.zlib, "compress", lambda data: compressed.append(data) or deflate(data))
    with forms.kept_streams("probe") as compress:
        assert compress(stream) == deflate(stream) and compressed == []
        assert compress(changed) == deflate(changed) and compressed == [changed]
    assert len(entries(tmp_path / "cache", "pdf-streams")) == 1 and len(forms.KeptStreams("probe").kept) == 2


def test_decks_of_other_cards_or_copies_keep_streams_of_their_own(tmp_path, monkeypatch):
    """A deck's streams depend on the order its PDF draws the cards' texts in (font subsets) and on the card
    layout: two decks of one title, the same cards once and twice each, and the first in the ink saver's layout,
    keep a table each, which a second rendering reads and does not write again (one table for the title would be
    rewritten by each, and read in vain)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    project, options = Project(), BuildOptions(langs=("de",))
    cards = compose_cards(context(load(project, options), project, options))
    fronts = cards.faction_fronts("rome")[:10]
    ink_saver = replace(cards.printing, layout=card_layout(project.layouts, CARD_INK_SAVER))

    def render() -> list[bytes]:
        return [deck_pdf(fronts * copies, cards.backs, cards.infos["rome"], printing)
                for copies, printing in ((1, cards.printing), (2, cards.printing), (1, ink_saver))]

    made = render()
    stamps = {path: (path.stat().st_ino, path.stat().st_mtime_ns) for path in entries(tmp_path / "cache",
                                                                                      "pdf-streams")}
    assert render() == made and len(stamps) == 3 and made[0] != made[2]
    assert {path: (path.stat().st_ino, path.stat().st_mtime_ns) for path in stamps} == stamps


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


def test_a_table_of_drawings_keeps_what_other_processes_drew(tmp_path, monkeypatch):
    """A pool's workers draw different runs (one the decks', another the tokens'), each from the table as it was
    when it started: a table stored keeps the entries it was read with, so that no worker drops another's for good
    (the last to store wins, and the next run adds what it lacks); past `merged` entries, only those used."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    cache = copy.copy(icons.PATHS)  # a cache of its own, as a new process has it
    cache.name, cache.pruned = "drawn-probe", False

    def stored(merged: int, **drawn) -> dict:
        table = disk_cache.SlotTable(cache, "drawings", b"code", merged=merged)
        for entry, value in drawn.items():
            table.used[entry] = table.kept.get(entry, value)
            table.added |= entry not in table.kept
        table.save()
        return disk_cache.SlotTable(cache, "drawings", b"code").kept

    assert stored(4, ground=1) == {"ground": 1}
    decks, tokens = (disk_cache.SlotTable(cache, "drawings", b"code", merged=4) for _ in range(2))
    decks.used["frame"], decks.added = 2, True
    tokens.used["disc"], tokens.added = 3, True
    decks.save()
    tokens.save()
    assert disk_cache.SlotTable(cache, "drawings", b"code").kept == {"ground": 1, "disc": 3}
    assert stored(4, frame=2) == {"ground": 1, "disc": 3, "frame": 2}
    assert stored(4, frame=2) == {"ground": 1, "disc": 3, "frame": 2}  # nothing drawn: not stored again
    assert stored(4, ring=4) == {"ground": 1, "disc": 3, "frame": 2, "ring": 4}
    assert stored(4, star=5) == {"star": 5}  # five entries: only the one used


def test_the_cache_folder_follows_the_environment(tmp_path, monkeypatch):
    """The folder is worked out once per environment (a build looks it up hundreds of times), not once per process:
    a changed XDG_CACHE_HOME or HOME gives its own."""
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert disk_cache.cache_root() == tmp_path / "home" / ".cache" / "pnp"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert disk_cache.cache_root() == tmp_path / "xdg" / "pnp"
    monkeypatch.setenv("HOME", str(tmp_path / "other"))
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert disk_cache.cache_root() == tmp_path / "other" / ".cache" / "pnp"


@pytest.mark.parametrize("setting, expected", [("1", None), ("0", "pnp"), ("", "pnp")])
def test_pnp_no_cache_turns_the_caches_off(monkeypatch, tmp_path, setting, expected):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv(disk_cache.OFF, setting)
    root = disk_cache.cache_root()
    assert (root and root.relative_to(tmp_path).as_posix()) == expected
