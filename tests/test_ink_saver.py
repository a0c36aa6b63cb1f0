"""`pnp build --ink-saver`: the cards drawn by card-ink-saver.toml (which extends card.toml and changes only which
colour prints where) take at most 40 % of the ink on the backs and less on the fronts, measured as the print would
lay it down (Ghostscript's ink_cov: C + M + Y + K per page at 72 dpi, one Ghostscript process for the PDFs of a
test); pages, boxes and texts stay as they were."""
from __future__ import annotations

import shutil
import subprocess
from io import BytesIO
from pathlib import Path
from statistics import mean

import pypdf
import pypdfium2 as pdfium
import pytest

from conftest import invoke
from deck_helpers import pdfium_page_texts, shared_decks
from pnp.context import BuildOptions
from pnp.data.terms import FACTIONS
from pnp.layouts.schemas import CARD_INK_SAVER, LAYOUTS
from session_cache import built_kit

LANG = "de"
needs_gs = pytest.mark.skipif(not shutil.which("gs"), reason="Ghostscript not installed (.ci/run installs it)")


@pytest.fixture(scope="module")
def decks(tmp_path_factory) -> dict[str, dict[Path, bytes]]:
    """The decks as the build renders them (deck_helpers.shared_decks: made once per session)."""
    return {variant: shared_decks(tmp_path_factory, BuildOptions(langs=(LANG,), **options))
            for variant, options in (("full", {}), ("ink-saver", {"card_variant": CARD_INK_SAVER}))}


def coverages(pdfs: list[bytes], folder: Path) -> list[list[float]]:
    """Each PDF's pages' total ink coverage in % (C + M + Y + K of the page's area) as Ghostscript separates it: one
    process renders the PDFs one after the other, and its lines, a page each, are handed back to each PDF by its
    page count."""
    paths = [folder / f"coverage-{number}.pdf" for number in range(len(pdfs))]
    for path, pdf in zip(paths, pdfs):
        path.write_bytes(pdf)
    run = subprocess.run(["gs", "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-sDEVICE=ink_cov", "-r72", "-o", "-",
                          *map(str, paths)], capture_output=True, text=True, timeout=300, check=True)
    pages = [sum(float(value) for value in line.split()[:4]) for line in run.stdout.splitlines() if "CMYK" in line]
    counts = [len(pdfium.PdfDocument(pdf)) for pdf in pdfs]
    assert len(pages) == sum(counts), (len(pages), counts)
    starts = [sum(counts[:number]) for number in range(len(pdfs) + 1)]
    return [pages[start:end] for start, end in zip(starts, starts[1:])]


@needs_gs
def test_backs_take_at_most_40_percent_of_the_ink_and_fronts_less(decks, tmp_path):
    names = [Path(LANG) / "cards" / f"{faction}.pdf" for faction in FACTIONS]
    measured = iter(coverages([decks[variant][name] for name in names for variant in ("full", "ink-saver")],
                              tmp_path))
    for faction in FACTIONS:
        full, light = next(measured), next(measured)
        assert len(full) == len(light) == 10, faction
        assert mean(light[1::2]) <= 0.4 * mean(full[1::2]), (faction, full, light)
        assert mean(light[0::2]) <= 0.7 * mean(full[0::2]), (faction, full, light)


def test_pages_boxes_and_texts_are_unchanged(decks):
    for faction in FACTIONS:
        name = Path(LANG) / "cards" / f"{faction}.pdf"
        full, light = (pypdf.PdfReader(BytesIO(decks[variant][name])) for variant in ("full", "ink-saver"))
        assert len(full.pages) == len(light.pages)
        for before, after in zip(full.pages, light.pages):
            assert (before.mediabox, before.trimbox, before.bleedbox) == (after.mediabox, after.trimbox,
                                                                          after.bleedbox)
        texts = pdfium_page_texts(decks["full"][name])
        assert all(texts) and texts == pdfium_page_texts(decks["ink-saver"][name]), faction


@needs_gs
def test_the_rulebook_has_no_full_page_tint_and_a_lighter_card_anatomy(runner, tmp_path_factory, tmp_path):
    """`pnp build --lang de --booklet` with and without --ink-saver (session_cache.built_kit: the kit without it is
    the one test_print_grade reads)."""
    variants = {"full": (), "ink-saver": ("--ink-saver",)}
    for variant, flags in variants.items():
        built_kit(tmp_path_factory, runner, tmp_path / variant, (LANG,), *flags, "--booklet")
        for part in ("tokens.pdf", "scoresheet.pdf"):
            assert (tmp_path / variant / LANG / part).read_bytes() == (tmp_path / "full" / LANG / part).read_bytes()
    pages = dict(zip(variants, coverages([(tmp_path / variant / LANG / "rulebook.pdf").read_bytes()
                                          for variant in variants], tmp_path)))
    assert max(pages["ink-saver"]) <= 25  # the anatomy's cards are the darkest page; no page is tinted all over
    assert sum(pages["ink-saver"]) < sum(pages["full"])


@pytest.mark.parametrize("line, found", [('panels = { colour = "paper" }', 'panels = { colour = "papyrus" }'),
                                         ("tint = 0.08", "tint = 1.5")])
def test_a_broken_ink_saver_layout_is_located(runner, tmp_path, line, found):
    layouts = tmp_path / "layouts"
    shutil.copytree(LAYOUTS, layouts, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    variant = layouts / "card-ink-saver.toml"
    variant.write_text(variant.read_text(encoding="utf-8").replace(line, found), encoding="utf-8")
    result = invoke(runner, "build", "--lang", LANG, "--ink-saver", "--layouts", layouts, "--out", tmp_path / "out")
    assert result.exit_code == 1 and not (tmp_path / "out").exists()
    assert f"{variant} field 'paint." in result.output and "layout-value" in result.output


def test_validate_reports_a_broken_variant_and_an_inherited_defect_once(runner, tmp_path):
    layouts = tmp_path / "layouts"
    shutil.copytree(LAYOUTS, layouts, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    variant, card = layouts / "card-ink-saver.toml", layouts / "card.toml"
    variant.write_text(variant.read_text(encoding="utf-8").replace("tint = 0.08", "tint = 1.5"), encoding="utf-8")
    assert card.read_text(encoding="utf-8").count("safe = 3.0") == 1
    card.write_text(card.read_text(encoding="utf-8").replace("safe = 3.0", "safe = 40.0"), encoding="utf-8")
    result = invoke(runner, "validate", "--lang", LANG, "--layouts", layouts)
    errors = [line for line in result.output.splitlines() if " error " in line]
    assert result.exit_code == 1
    assert [line for line in errors if line.startswith(f"{variant} ")] == [
        line for line in errors if "field 'paint.back'" in line] != []  # the variant's own defect, at the variant
    safe = [line for line in errors if "field 'card.safe'" in line or "safe 40" in line]
    assert len(safe) == 1 and safe[0].startswith(f"{card} "), safe  # card.toml's defect once, at card.toml
