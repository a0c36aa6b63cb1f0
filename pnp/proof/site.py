"""`pnp proof`: the proof site for translators and reviewers, as files in memory (the CLI writes them).

Load the inputs (tolerating the translation errors the site is meant to show), run the validator, compose every
card in every language exactly as the build does and rasterize the fronts, gather texts, sizes, sources and problems
(pnp.proof.collect), render the pages (pnp.proof.html). Same input, byte-identical files.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Callable, Mapping

from ..context import BuildContext, BuildOptions
from ..data.art import ArtImage, load_art
from ..kit.build import art_windows
from ..i18n.catalogs import SOURCE_LANG, read_messages, source_catalog
from ..data.engine_data import ENGINE_NAMES, KEY_PATHS
from ..typeset.fonts import register_fonts
from ..cards.layout import card_layout
from ..sheets.calibration_layout import calibration_layout
from ..i18n.localize import localize_cards
from ..i18n.placeholder_names import COMPUTED_PLACEHOLDERS
from ..core.problems import ProblemsFound
from ..project import Inputs, Project, loaded_langs, read_inputs
from ..cards.checks import compose_language
from ..cards.faces import FrontFace
from ..cards.labels import card_labels
from ..typeset.kept_fits import kept_fits
from ..rulebook import kit_facts
from ..rulebook.compose import number_text, template_context
from ..core.parallel import Progress, results_in_order
from ..validate import validate
from . import collect
from .thumbnails import PRINT_DPI, card_images
from .placement import english_kit, kept_placements
from .model import ProofData
from .html import render_site

IMAGES = "img"


def placeholder_values(inputs: Inputs, layouts: Path) -> Callable[[str], tuple[str, str]]:
    """name -> (the value it is filled with, where that comes from): engine numbers, the rulebook's computed values
    (its template context), the calibration sheet's layout; per-text values (a bonus amount) get their description."""
    engine = inputs.engine
    rulebook, _ = template_context(engine, inputs.cards, source_catalog(), kit_facts(engine, "a4", layouts),
                                   inputs.lexicon.english_terms)
    calibration = calibration_layout(layouts)
    layout_values = {"ruler_length": calibration.ruler.length, "scale_range": calibration.scales.range}

    def fill(name: str) -> tuple[str, str]:
        if name in ENGINE_NAMES:
            *section, key = KEY_PATHS[name]
            return str(engine.numbers[name]), f"data/engine.toml [{'.'.join(section)}] {key}"
        if name in layout_values:
            return number_text(layout_values[name]), COMPUTED_PLACEHOLDERS[name]
        if name in COMPUTED_PLACEHOLDERS:
            value = rulebook.get(name)
            return ("" if value is None else str(value)), COMPUTED_PLACEHOLDERS[name]
        return "", "unknown placeholder"

    return fill


def language_images(inputs: Inputs, lang: str, project: Project, fonts: Mapping[str, str],
                    art: Mapping[str, ArtImage]) -> tuple[list[FrontFace] | None, dict[str, bytes]]:
    """One language's card fronts, composed exactly as the build does, and their images (card id -> PNG); None and
    no images when the language misses translations (the validator's completeness check has reported them)."""
    catalog = inputs.catalogs[lang]
    layout = card_layout(project.layouts)
    try:
        cards, labels = localize_cards(inputs.cards, catalog), card_labels(catalog)
    except ProblemsFound:
        return None, {}
    with kept_fits(f"cards-{lang}") as fit:  # the table of the build's decks (pnp.cards.produce.compose_cards)
        fronts, backs = compose_language(cards, labels, layout, fonts, fit)
    return fronts, card_images(fronts, {back.faction: back for back in backs}, layout, art, project.layouts)


def proof_site(project: Project, langs: tuple[str, ...], jobs: int = 1, compare: Path | None = None,
               progress: Progress | None = None) -> dict[Path, bytes]:
    """Site path -> bytes of every page and image; raises ProblemsFound when the engine data or the cards cannot be
    read (a language whose catalogs cannot be read is left out; its problems are on the problems page). The checks
    and the languages' card images are made in `jobs` worker processes; `progress` is shown the languages' images
    as they are made. With `compare` (an older catalogs folder), a page lists the messages whose translations
    changed since."""
    inputs, problems = read_inputs(project, (SOURCE_LANG, *langs))
    all_langs = loaded_langs(inputs, (SOURCE_LANG, *langs))  # a language whose catalogs are broken is left out
    problems += validate(inputs, all_langs[1:], project, jobs)
    if not inputs.complete:
        raise ProblemsFound(problems)
    layout = card_layout(project.layouts)
    art, art_problems = load_art(project.art, art_windows(inputs, layout), layout.art)
    problems += art_problems
    fonts = register_fonts(project.fonts)
    files: dict[Path, bytes] = {}
    faces, images = {}, {}
    tasks = [partial(language_images, inputs, lang, project, fonts, art) for lang in all_langs]
    for lang, (fronts, pngs) in zip(all_langs, results_in_order(tasks, jobs, progress)):
        faces[lang] = fronts
        for card_id, (small, large) in pngs.items():
            paths = f"{IMAGES}/{lang}/{card_id}.png", f"{IMAGES}/{lang}/{card_id}@{PRINT_DPI}dpi.jpg"
            images[(lang, card_id)] = paths
            files[Path(paths[0])], files[Path(paths[1])] = small, large
    shown = collect.Shown(project.locales.parent)
    cards = collect.card_rows(inputs.cards.cards, faces, inputs.catalogs, images, problems, layout, shown)
    messages = collect.message_rows(inputs.catalogs, problems, placeholder_values(inputs, project.layouts), shown)
    found = kept_placements(english_kit(BuildContext(project, inputs, BuildOptions(), fonts, art, ())), messages)
    for anchor, printed in found.items():
        files[Path(IMAGES, "printed", f"{anchor}.png")] = printed.png
    messages = tuple(replace(row, printed=(f"{IMAGES}/printed/{row.anchor}.png", found[row.anchor].caption))
                     if row.anchor in found else row for row in messages)
    changed = None if compare is None else collect.changes(
        {lang: read_messages(compare, lang) for lang in all_langs[1:]},
        {lang: inputs.catalogs[lang] for lang in all_langs[1:]}, cards, messages)
    data = ProofData(all_langs, collect.faction_names(), cards, messages,
                     collect.glossary(inputs.lexicon, all_langs, shown),
                     collect.shown_problems(problems, cards, messages), changed)
    files.update(render_site(data, shown))
    return dict(sorted(files.items()))
