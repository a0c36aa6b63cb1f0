"""`pnp validate` is the gate: every problem a producer raises while rendering, `pnp validate` reports first on the
same input, and `pnp build` fails with it before rendering (no traceback, nothing written).

CASES holds one planted input per problem code; the codes are found by reading the products' source (every
`Problem("code", ...)` in pnp/cards, pnp/sheets, pnp/rulebook and the translator), so a new code without a planted
case fails `test_every_code_a_product_raises_has_a_planted_case`."""
from __future__ import annotations

import ast
import json
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from conftest import invoke, project_args
from pnp.layouts.schemas import LAYOUTS
from pnp.i18n.catalogs import LANGS, catalog_path
from pnp.i18n.localize import card_context
from pnp.sheets import calibration_layout
from pnp.layouts.schemas import card_geometry
from pnp.pages.imposition import home_grid
from pnp.sheets.calibration import TURN_STEP, CalibrationPrint, calibration_pdf
from pnp.core.problems import ProblemsFound
from pnp.project import Project, read_inputs
from pnp.context import BuildContext, BuildOptions
from pnp.sheets.scoresheet import NOTES, PLAYER, WOUND_RULE
from pnp.typeset.fonts import register_fonts
from product_helpers import product_named, produced


def _context(inputs, fonts, project) -> BuildContext:
    """What `pnp build --lang de --booklet` gives its producers (the planted cases run the build's own path)."""
    return BuildContext(project, inputs, BuildOptions(langs=("de",), booklet=True), fonts, {}, ("de",))


def _rulebook(inputs, fonts, project):
    return produced(product_named("rulebook"), _context(inputs, fonts, project))


def _scoresheet(inputs, fonts, project):
    return produced(product_named("score sheet"), _context(inputs, fonts, project))


def _cards(inputs, fonts, project):
    return produced(product_named("card decks"), _context(inputs, fonts, project))


def _calibration(inputs, fonts, project):
    layout = calibration_layout.calibration_layout(project.layouts)
    grid = home_grid("a4", project.layouts, card_geometry(project.layouts))
    return calibration_pdf(inputs.catalogs["de"], fonts, CalibrationPrint(grid, layout, "a4", "long"))


def _translate(domain: str, pair: tuple[str, str], change):
    """The German translation of message `pair` (context, msgid) of `domain` replaced by change(translation)."""
    def plant(root: Path) -> None:
        path = catalog_path(root / "locales", "de", domain)
        with path.open("rb") as fp:
            catalog = read_po(fp, locale="de")
        message = catalog.get(pair[1], context=pair[0])
        message.string = change(message.string)
        with path.open("wb") as fp:
            write_po(fp, catalog)
    return plant


def _layout(name: str, old: str, new: str):
    """Layout file `name` of the planted project's layouts folder with `old` replaced by `new`."""
    def plant(root: Path) -> None:
        folder = root / "layouts"
        text = (folder / f"{name}.toml").read_text(encoding="utf-8")
        assert old in text
        (folder / f"{name}.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    return plant


CARD = ("carthage.balearic-slingers", "name")
WIDE = "中"  # a character none of the bundled fonts has


def _edit(name: str, old: str, new: str):
    """The planted project's file `name` with `old` replaced by `new`."""
    def change(root: Path) -> None:
        path = root / name
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return change


def _engine(old: str, new: str):
    return _edit("data/engine.toml", old, new)


def _undefined_game_term(root: Path) -> None:
    """A game term the cards of every language use, which the rulebook's glossary chapter does not define."""
    path = root / "locales/game-terms.toml"
    text = path.read_text(encoding="utf-8")
    forms = {"en": "unit", "de": "Einheit", "pl": "jednostk", "tr": "birim", "es": "unidad", "pt": "unidade"}
    for lang, form in forms.items():  # written by every card effect whose English says "unit"
        assert f"\n[{lang}]\n" in text
        text = text.replace(f"\n[{lang}]\n", f'\n[{lang}]\nunit = ["{form}"]\n', 1)
    path.write_text(text.replace("\n[rules]\n", '\n[rules]\nunit = "positions.attack"\n', 1), encoding="utf-8")


def _drop_everywhere(pair: tuple[str, str]):
    """A message the code uses but no catalog has (the completeness check compares catalogs with each other)."""
    def change(root: Path) -> None:
        for lang in LANGS:
            path = catalog_path(root / "locales", lang, "sheets")
            with path.open("rb") as fp:
                catalog = read_po(fp, locale=lang)
            catalog.delete(pair[1], context=pair[0])
            with path.open("wb") as fp:
                write_po(fp, catalog)
    return change


CASES = {
    # the seed's wording "the first player does not draw" cannot follow the value
    "rulebook-wording": (_engine("draws = 0 ", "draws = 1 "), _rulebook),
    # the worked examples' stories no longer hold
    "rulebook-example": (_engine("floor = 1 ", "floor = 5 "), _rulebook),
    # the quick reference's energy schedule gets 99 columns (ReportLab used to crash on it)
    "rulebook-table-overflow": (_engine("rise_from_turn = 3 ", "rise_from_turn = 99 "), _rulebook),
    # the score sheet has no room for the energy cap's tick boxes
    "sheet-no-room": (_engine("cap = 12 ", "cap = 40 "), _scoresheet),
    # a message of the code in no catalog
    "translation-missing": (_drop_everywhere(NOTES), _scoresheet),
    # a translation with a placeholder the code does not fill in: the validator names it first (placeholder-unknown)
    "placeholder-fill": (_translate("sheets", PLAYER, lambda text: text + " {unknown_name}"), _scoresheet,
                         "placeholder-unknown"),
    # a card name too long for its box, and one with a character its font lacks
    "text-does-not-fit": (_translate("cards", (card_context(*CARD), "Balearic Slingers"),
                                     lambda text: " ".join([text] * 6)), _cards),
    "glyph-missing": (_translate("cards", (card_context(*CARD), "Balearic Slingers"), lambda text: text + WIDE),
                      _cards),
    # score sheet: a label wider than its box, a rule longer than its lines, a character the font lacks
    "sheet-label-overflow": (_translate("sheets", PLAYER, lambda text: " · ".join([text] * 12)), _scoresheet),
    "sheet-text-overflow": (_translate("sheets", WOUND_RULE, lambda text: " ".join([text] * 6)), _scoresheet),
    "sheet-glyph-missing": (_translate("sheets", PLAYER, lambda text: text + WIDE), _scoresheet),
    # calibration sheet: instructions that run into the marks, a character the font lacks
    "calibration-text-overflow": (_translate("sheets", TURN_STEP, lambda text: " ".join([text] * 40)),
                                  _calibration),
    "calibration-glyph-missing": (_translate("sheets", TURN_STEP, lambda text: WIDE + text), _calibration),
    # a token kind the registry does not know
    "layout-token": (_layout("tokens", 'kind = "used"', 'kind = "spark"'), _rulebook),
    # a game term without its entry in the rulebook's glossary
    "glossary-chapter": (_undefined_game_term, _rulebook),
    # a game term whose defining rule id no rule of the Rules Reference has
    "rule-reference": (_edit("locales/game-terms.toml", 'Mercenary = "cards.traits"', 'Mercenary = "cards.trait"'),
                       _rulebook),
    # rulebook margins home printers cannot print
    "layout-value": (_layout("rulebook", "top = 22.0,", "top = 2.0,"), _rulebook),
    # a card colour with more total ink (360 %) than the layout's max_ink allows
    "layout-ink": (_layout("card", "gold_dark = [0.0, 0.32, 0.85, 0.38]", "gold_dark = [0.9, 0.9, 0.9, 0.9]"), _cards),
    # the card layout's own checks (pnp.cards.layout): an emblem that is not drawn, a faction without a style, a
    # text box reaching into the 3 mm a cut may miss
    "layout-emblem": (_layout("card", 'emblem = "tanit"', 'emblem = "anchor"'), _cards),
    "layout-faction": (_layout("card", "[factions.carthage]", "[factions.carthago]"), _cards),
    "layout-safe-zone": (_layout("card", "box = { x = 3.4, y = 3.0, width = 56.2", "box = { x = 1.0, y = 3.0, "
                                 "width = 56.2"), _cards),
}


def _codes_products_raise() -> set[str]:
    """Every code of a `Problem("code", ...)` in the product packages and the translator."""
    root = Path(__file__).resolve().parent.parent / "pnp"
    files = [*(root / "cards").rglob("*.py"), *(root / "sheets").rglob("*.py"), *(root / "rulebook").rglob("*.py"),
             root / "i18n" / "translator.py"]
    return {node.args[0].value for path in files for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Problem" and node.args
            and isinstance(node.args[0], ast.Constant)}


def test_every_code_a_product_raises_has_a_planted_case():
    codes = _codes_products_raise()
    assert {"sheet-no-room", "rulebook-wording", "calibration-glyph-missing", "translation-missing"} <= codes
    assert sorted(codes - set(CASES)) == []


@pytest.mark.parametrize("code", CASES)
def test_validate_reports_what_the_producer_raises(code, runner, project_copy, tmp_path):
    change, producer, *reported_as = CASES[code]  # the validator's own code for the same defect, if it has one
    reported = reported_as[0] if reported_as else code
    shutil.copytree(LAYOUTS, project_copy / "layouts", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    change(project_copy)
    project = Project(data=project_copy / "data", locales=project_copy / "locales", layouts=project_copy / "layouts")
    inputs, _ = read_inputs(project, ("de",))  # engine values may disagree with each other (floor > printed)
    with pytest.raises(ProblemsFound) as raised:
        producer(inputs, register_fonts(project.fonts), project)
    assert code in {p.code for p in raised.value.problems}

    args = [*project_args(project_copy), "--layouts", project.layouts]
    result = invoke(runner, "validate", "--lang", "de", "--format", "json", *args)
    assert result.exit_code == 1
    assert reported in {p["code"] for p in json.loads(result.stdout)}

    out = tmp_path / "kit"
    built = invoke(runner, "build", "--lang", "de", "--out", out, *args)
    assert built.exit_code == 1 and not out.exists()
    # the build fails with the lines validate prints (a long message is shortened, never its location and code)
    printed = invoke(runner, "validate", "--lang", "de", *args).output.splitlines()
    errors = [line for line in printed if f" error {reported}: " in line]
    assert errors and set(errors) <= set(built.output.splitlines())
