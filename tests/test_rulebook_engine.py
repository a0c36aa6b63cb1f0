"""Every rule number of the rulebook comes from the engine data: change data/engine.toml and all five follow; the
worked examples are engine results; values the text cannot express are reported, never printed."""
from __future__ import annotations

import re
from dataclasses import replace
from types import MappingProxyType

import pytest

from pnp.layouts.schemas import LAYOUTS
from pnp.core.problems import ProblemsFound
from pnp.rulebook import kit_facts
from pnp.rulebook.compose import compose
from pnp.rulebook.examples import example_numbers
from pnp.rulebook.turkish import harmonize, suffix
from deck_helpers import pdfium_page_texts
from rulebook_helpers import (LANGS, flat_text, flattened, inputs, page_texts, pages_pdf, quickref_pdf,
                              reference_pdf, squash)

CHANGES = {"life": ("start", 20, 25), "hand": ("start", 5, 4), "energy": ("cap", 12, 10),
           "stats": ("ceiling", 12, 11)}
NEW = {"life_start": 25, "hand_start": 4, "energy_cap": 10, "stats_ceiling": 11}


@pytest.fixture(scope="module")
def changed_data(tmp_path_factory):
    """A copy of data/ whose engine.toml has other starting life, hand, energy cap and stat ceiling."""
    import shutil

    from pnp.project import REPO
    data = tmp_path_factory.mktemp("engine") / "data"
    shutil.copytree(REPO / "data", data)
    path = data / "engine.toml"
    text = path.read_text(encoding="utf-8")
    for section, (key, old, new) in CHANGES.items():
        text, count = re.subn(rf"(\[{section}\][^\[]*?^{key} = ){old}\b", rf"\g<1>{new}", text, flags=re.M | re.S)
        assert count == 1, (section, key)
    path.write_text(text, encoding="utf-8")
    return data


def changed_books_text(lang: str, data) -> str:
    """`books_text` of the books made from `data`, read by PDFium (a twentieth of pypdf's time: the tests look for
    texts alone; the text is pypdf's but for the order of the contents' leaders and the drawn cards), its line ends
    made pypdf's and the hyphen it reads ending a line ("\ufffe") a hyphen."""
    return "\x00".join(flattened("".join(pdfium_page_texts(pdf)).replace("\r\n", "\n").replace("\ufffe", "-"))
                       for pdf in (pages_pdf(lang, data=data), reference_pdf(lang, data=data)))


def expected(lang: str, msgid: str, plural: str | None = None, n: int | None = None, context: str | None = None,
             **values) -> str:
    """A message as the catalog alone renders it with `values` (Turkish suffixes made to agree)."""
    translations = inputs().catalogs[lang].translations
    if context:
        text = translations.pgettext(context, msgid)
    else:
        text = translations.ngettext(msgid, plural, n) if plural else translations.gettext(msgid)
    text = text % {**inputs().engine.numbers, **values}
    return harmonize(text) if lang == "tr" else text


MESSAGES = [
    ("Set your score to %(life_start)s.", None, None),
    ("Both players start with %(life_start)s point — that is the strength of your army.",
     "Both players start with %(life_start)s points — that is the strength of your army.", "life_start"),
    ("Shuffle your deck and draw %(hand_start)s card.", "Shuffle your deck and draw %(hand_start)s cards.",
     "hand_start"),
    ("A stat can never rise above %(stats_ceiling)s or fall below %(stats_floor)s.", None, None),
    ("Your energy refills at the start of each of your turns. You start with an energy maximum of "
     "%(energy_start_max)s; from turn %(energy_rise_from_turn)s it rises by +%(energy_rise_per_turn)s every turn, up "
     "to %(energy_cap)s.", None, None),
]


@pytest.mark.parametrize("lang", LANGS)
def test_changed_engine_values_appear_in_every_rulebook(lang, changed_data):
    text = changed_books_text(lang, changed_data)
    for msgid, plural, count in MESSAGES:
        shipped = inputs().engine.numbers
        new = expected(lang, msgid, plural, NEW[count] if count else None, **NEW)
        old = expected(lang, msgid, plural, shipped[count] if count else None)
        assert squash(new) in text, new
        assert squash(old) not in text, old
    [quick] = page_texts(quickref_pdf(lang, data=changed_data))
    assert "123456+" + expected(lang, "Maximum", context="table header") + "66789" + "10" in squash(quick)


def test_polish_plural_forms_follow_the_number(changed_data):
    text = changed_books_text("pl", changed_data)
    assert squash("Potasuj talię i dobierz 4 karty.") in text and squash("dobierz 4 kart.") not in text
    assert squash("Każdy gracz zaczyna z 25 punktami") in text


def test_turkish_suffix_follows_a_changed_ceiling(changed_data):
    text = "\n".join(page_texts(pages_pdf("tr", data=changed_data)))
    assert "11’in üstüne çıkamaz" in text and "11’nin" not in text


@pytest.mark.parametrize("number, case, written", [
    (0, "dative", "a"), (12, "genitive", "nin"), (1, "genitive", "in"), (5, "ablative", "ten"), (6, "ablative", "dan"),
    (3, "accusative", "ü"), (2, "dative", "ye"), (9, "locative", "da"), (15, "locative", "te"), (10, "genitive", "un"),
    (40, "dative", "a"), (100, "ablative", "den"), (20, "ablative", "den"), (1000, "locative", "de"),
])
def test_turkish_case_suffixes(number, case, written):
    assert suffix(number, case) == written


def test_harmonize_rewrites_only_case_suffixes():
    assert harmonize("10’nin üstüne, 6’ten, 4’a") == "10’un üstüne, 6’dan, 4’e"
    assert harmonize("Ana aşama 1’deki gibi; 5’lik") == "Ana aşama 1’deki gibi; 5’lik"


def test_worked_examples_are_engine_results():
    numbers, problems = example_numbers(inputs().engine)
    assert not problems
    assert numbers == {"combat_atk": 5, "combat_def": 3, "clash_atk": 6, "clash_enemy_atk": 4, "clash_loss": 2,
                       "boss_atk": 6, "archer_atk": 2, "archer_damage": 4, "boss_wound": "−2", "boss_atk_after": 4,
                       "soldier_atk": 5, "soldier_damage": 1}
    assert squash("„Römische Hilfsbogenschützen“ greift an: 2 gegen 6 → deine Einheit wird zerstört, du erleidest 4 LP "
                  "Schaden, und „Hannibal Barkas, Meister des Manövers“ erhält −2 ATK (jetzt 4 ATK)") \
        in flat_text(pages_pdf("de"))


def with_numbers(**changes):
    engine = inputs().engine
    return replace(engine, numbers=MappingProxyType({**engine.numbers, **changes}))


def test_an_example_whose_story_breaks_is_reported():
    engine = with_numbers(stats_floor=5)  # the wounded boss keeps 5 ATK: the soldier's 5 only ties
    numbers, problems = example_numbers(engine)
    assert numbers["boss_atk_after"] == 5
    assert {p.code for p in problems} == {"rulebook-example"} and any("Kamikaze" in p.message for p in problems)
    with pytest.raises(ProblemsFound) as caught:
        compose(engine, inputs().cards, inputs().catalogs["de"], kit_facts(engine, "a4", LAYOUTS),
                inputs().lexicon.of("de").game_terms)
    assert {p.code for p in caught.value.problems} == {"rulebook-example"}


@pytest.mark.parametrize("name, value", [("first_turn_draws", 1), ("energy_set_cost", 1), ("life_start", 120),
                                         ("energy_cap", 30)])
def test_values_the_text_cannot_express_are_reported(name, value):
    engine = with_numbers(**{name: value})
    with pytest.raises(ProblemsFound) as caught:
        compose(engine, inputs().cards, inputs().catalogs["pl"], kit_facts(engine, "a4", LAYOUTS),
                inputs().lexicon.of("pl").game_terms)
    problems = caught.value.problems
    assert [p.code for p in problems] == ["rulebook-wording"] and name.split("_")[0] in problems[0].message


def test_a_missing_translation_is_reported_not_printed_in_english(tmp_path):
    import shutil

    from babel.messages.pofile import read_po, write_po

    from pnp.i18n.catalogs import load_catalogs
    from pnp.project import REPO
    locales = tmp_path / "locales"
    shutil.copytree(REPO / "locales", locales, ignore=shutil.ignore_patterns("*.mo"))
    po = locales / "es" / "LC_MESSAGES" / "rulebook.po"
    with po.open("rb") as fp:
        catalog = read_po(fp, locale="es")
    catalog["Then it is the other player's turn."].string = ""
    with po.open("wb") as fp:
        write_po(fp, catalog)
    es = load_catalogs(locales, ("es",))["es"]
    with pytest.raises(ProblemsFound) as caught:
        compose(inputs().engine, inputs().cards, es, kit_facts(inputs().engine, "a4", LAYOUTS),
                inputs().lexicon.of("es").game_terms)
    [problem] = caught.value.problems
    assert problem.code == "translation-missing" and problem.where.msgid == "Then it is the other player's turn."
