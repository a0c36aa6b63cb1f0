"""`pnp build --deck FILE`: a user's deck list printed like the faction decks — only that deck, its cards in list
order as often as their counts, each card backed by its own faction's back; an illegal list writes nothing."""
from __future__ import annotations

from collections import Counter
from io import BytesIO
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from PIL import ImageStat

from deck_helpers import front_cards, grid, on_page, placed_forms, text_in
from pnp.context import BuildOptions
from pnp.kit.build import context, load, steps_of
from pnp.products import PRODUCTS
from conftest import invoke
from pnp.data.deck_lists import load_deck_list
from pnp.cards.layout import card_layout
from pnp.layouts.schemas import LAYOUTS
from pnp.i18n.localize import localize_cards
from pnp.project import Project, load_inputs
from pnp.core.units import MM

DECKS = Path(__file__).parent / "fixtures" / "decks"
COALITION = DECKS / "legal-coalition.toml"
ALLIED = DECKS / "legal-allied.toml"
LANGS = ("pl", "tr")


@pytest.fixture(scope="session")
def inputs():
    return load_inputs(Project(), LANGS)


@pytest.fixture(scope="session")
def localized(inputs) -> dict[str, dict[str, tuple[str, str]]]:
    """lang -> card id -> (card name, faction name) in that language."""
    return {lang: {lc.card.id: (lc.name, lc.faction_name) for lc in localize_cards(inputs.cards, inputs.catalogs[lang])}
            for lang in LANGS}


@pytest.fixture(scope="session")
def coalition_build(runner, tmp_path_factory):
    """`pnp build --deck legal-coalition.toml --lang pl,tr` (A4, home, long edge): (result, output folder)."""
    out = tmp_path_factory.mktemp("deck-build") / "out"
    return invoke(runner, "build", "--deck", COALITION, "--lang", ",".join(LANGS), "--out", out), out


def _pdf(coalition_build, lang: str) -> bytes:
    return (coalition_build[1] / lang / "decks" / "legal-coalition.pdf").read_bytes()


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_only_the_deck_is_built_once_per_language(coalition_build):
    result, out = coalition_build
    assert result.exit_code == 0, result.output
    assert sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file()) == [
        Path(lang) / "decks" / "legal-coalition.pdf" for lang in LANGS]
    assert result.output.startswith("Wrote 2 file(s)")


@pytest.mark.parametrize("lang", LANGS)
def test_cards_come_in_list_order_each_as_often_as_its_count(coalition_build, inputs, localized, lang):
    deck = load_deck_list(COALITION, inputs.cards, inputs.engine)
    printed = [(card_id, _flat(name)) for _, _, card_id, name in front_cards(_pdf(coalition_build, lang), "a4")]
    assert printed == [(card.id, _flat(localized[lang][card.id][0])) for card in deck.cards]
    assert Counter(card_id for card_id, _ in printed) == {e.card.id: e.count for e in deck.entries}
    assert len({localized[lang][card.id][1] for card in deck.cards}) == 3  # rome, sparta and macedon


@pytest.mark.parametrize("lang", LANGS)
def test_pypdf_reads_every_card_name_back_at_least_as_often_as_its_count(coalition_build, inputs, localized, lang):
    """The name box of each copy holds its name; a name may also be quoted in another card's effect."""
    deck = load_deck_list(COALITION, inputs.cards, inputs.engine)
    reader = PdfReader(BytesIO(_pdf(coalition_build, lang)))
    assert len(reader.pages) == 10  # 40 cards: 5 sheets of 9, each front page followed by its back page
    fronts = _flat(" ".join(page.extract_text() for page in reader.pages[::2]))
    for entry in deck.entries:
        assert fronts.count(_flat(localized[lang][entry.card.id][0])) >= entry.count, entry.card.id


@pytest.mark.parametrize("lang", LANGS)
def test_each_card_is_backed_by_its_own_factions_back(coalition_build, inputs, localized, lang):
    pdf, g = _pdf(coalition_build, lang), grid("a4")
    back_box = card_layout(LAYOUTS).back.faction.box
    document = pdfium.PdfDocument(pdf)
    reader = PdfReader(BytesIO(pdf))
    printed = front_cards(pdf, "a4")
    for index in range(0, len(document), 2):
        cards = [(slot, card_id) for page, slot, card_id, _ in printed if page == index]
        backs = {g.back_slot(slot, "long"): localized[lang][card_id][1] for slot, card_id in cards}
        assert {slot: text_in(document[index + 1], on_page(g, slot, back_box)) for slot in range(g.slots)
                if text_in(document[index + 1], on_page(g, slot, back_box))} == backs
        forms = {name for name in reader.pages[index + 1]["/Resources"]["/XObject"] if "back-" in name}
        assert forms == {f"/FormXob.back-{card_id.split('.')[0]}" for _, card_id in cards}
    mixed = [i for i in range(1, len(reader.pages), 2)
             if len([n for n in reader.pages[i]["/Resources"]["/XObject"] if "back-" in n]) > 1]
    assert mixed == []  # 26 Roman cards fill 9 + 9 + 8 slots; a faction never shares a cut line with another


def _steps(options: BuildOptions) -> list:
    """The steps of a build with `options` (its inputs loaded, not checked)."""
    project = Project()
    return steps_of(context(load(project, options), project, options), PRODUCTS)


def test_an_allied_deck_in_pro_mode_backs_every_card_with_its_faction(inputs, localized):
    """Rendered in memory as the build would: one card per page, each front followed by its faction's back."""
    steps = _steps(BuildOptions(langs=("pl",), mode="pro", deck=ALLIED))
    assert [(step.label, step.written) for step in steps] == [
        ("pl: deck list", True), ("pl: card decks checks", False), ("pl: score sheet checks", False),
        ("pl: tokens checks", False), ("pl: calibration sheet checks", False), ("pl: rulebook checks", False)]
    (path, pdf), = steps[0].outcome()[0].items()
    assert path == Path("pl") / "decks" / "legal-allied.pdf"
    deck = load_deck_list(ALLIED, inputs.cards, inputs.engine)
    document = pdfium.PdfDocument(pdf)
    texts = [_flat(document[i].get_textpage().get_text_range()) for i in range(len(document))]
    assert len(texts) == 80
    for i, card in enumerate(deck.cards):
        assert [name for _, _, name in placed_forms(pdf, 2 * i)] == [f"front-{card.id}"]
        back = f"Ancient Duel {localized['pl'][card.id][1]}"
        assert texts[2 * i + 1].replace(" ", "") == 2 * back.replace(" ", ""), (i, card.id)  # upright, then turned
    assert {text.replace(" ", "") for text in texts[1::2]} == {"AncientDuelRzym" * 2, "AncientDuelKartagina" * 2}


def _interleaved(path: Path) -> Path:
    """A copy of the allied deck list with its Roman and Carthaginian entries alternating."""
    lines = ALLIED.read_text(encoding="utf-8").splitlines()
    entries = {faction: [line for line in lines if line.startswith(f'"{faction}.')] for faction in ("rome", "carthage")}
    mixed = [line for pair in zip(entries["rome"], entries["carthage"] + [""] * 20) for line in pair if line]
    path.write_text("\n".join([line for line in lines if not line.startswith('"')] + mixed) + "\n", encoding="utf-8")
    return path


def _mean_colour(image, dpi: float, x0: float, y0: float, x1: float, y1: float) -> tuple[float, ...]:
    """The mean RGB of a line of pixels between two page points (PDF points, y up)."""
    height, s = image.height, dpi / 72
    box = (int(x0 * s), int(height - y1 * s), max(int(x1 * s), int(x0 * s) + 1), max(int(height - y0 * s),
                                                                                   int(height - y1 * s) + 1))
    return tuple(ImageStat.Stat(image.crop(box)).mean)


def _edge_probes(x: float, y: float, w: float, h: float, d: float) -> list[tuple[tuple[float, ...], ...]]:
    """For each trim edge of the cell (x, y, w, h): the middle half of the edge moved `d` outward and `d` inward."""
    def left(at: float) -> tuple[float, ...]:
        return at, y + h / 4, at, y + 3 * h / 4

    def bottom(at: float) -> tuple[float, ...]:
        return x + w / 4, at, x + 3 * w / 4, at
    return [(left(x - d), left(x + d)), (left(x + w + d), left(x + w - d)),
            (bottom(y - d), bottom(y + d)), (bottom(y + h + d), bottom(y + h - d))]


@pytest.mark.parametrize("paper, deck", [("a4", "interleaved"), ("letter", "interleaved"), ("a4", "allied")])
def test_a_cut_1_mm_off_shows_each_cards_own_colour_on_mixed_faction_sheets(tmp_path, paper, deck):
    """Every front and back of an allied deck whose list alternates Roman and Carthaginian cards: along the middle
    half of each trim edge, the colour 1 mm outside the edge (what a cut 1 mm off leaves on the card) is the
    colour 1 mm inside it (its own border) — never the other faction's red or purple (a difference of about 70)."""
    path = _interleaved(tmp_path / "interleaved.toml") if deck == "interleaved" else ALLIED
    (_, pdf), = _steps(BuildOptions(langs=("de",), paper=paper, deck=path))[0].outcome()[0].items()
    g, dpi, d = grid(paper), 100, 1 * MM
    document = pdfium.PdfDocument(pdf)
    edges, factions_side_by_side = 0, 0
    for index in range(len(document)):
        image = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
        placed = placed_forms(pdf, index)
        factions_side_by_side += len({name.split(".")[0].removeprefix("front-").removeprefix("back-")
                                      for _, _, name in placed}) > 1
        for x, y, name in placed:
            for outside, inside in _edge_probes(x, y, g.cell_width, g.cell_height, d):
                seen, own = _mean_colour(image, dpi, *outside), _mean_colour(image, dpi, *inside)
                assert max(abs(a - b) for a, b in zip(seen, own)) < 8, (paper, index, name, seen, own)
                edges += 1
    assert edges == 4 * 2 * 40 and factions_side_by_side >= 2  # both factions share sheets, never a cut line


@pytest.mark.parametrize("name, expected", [
    ("illegal-coalition-share.toml", "illegal-coalition-share.toml:5: error deck-share"),
    ("illegal-foreign-card.toml", "illegal-foreign-card.toml:"),
    ("illegal-syntax.toml", "illegal-syntax.toml:"),
])
def test_an_illegal_deck_list_fails_like_deck_check_and_writes_nothing(runner, tmp_path, name, expected):
    out = tmp_path / "out"
    result = invoke(runner, "build", "--deck", DECKS / name, "--lang", "de", "--out", out)
    assert result.exit_code == 1
    assert expected in result.output
    check = invoke(runner, "deck", "check", DECKS / name)
    assert check.exit_code == 1 and result.output == check.output
    assert not out.exists()


def test_booklet_and_deck_together_is_an_option_error(runner, tmp_path):
    result = invoke(runner, "build", "--deck", ALLIED, "--booklet", "--lang", "de", "--out", tmp_path / "out")
    assert result.exit_code == 2 and "error build-option" in result.output and "--booklet" in result.output
    assert not (tmp_path / "out").exists()
