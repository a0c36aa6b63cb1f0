"""The Rules Reference: rules numbered from their ids, cross-references and the index's rule numbers and pages
generated (never typed), a card ruling for every card and stall of issue #23."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.i18n.lexicon import capitalized
from pnp.i18n.localize import localize_cards
from pnp.core.problems import Location
from pnp.rulebook import blocks as b
from pnp.rulebook.books import REFERENCE
from pnp.rulebook.numbering import PAGE_STAND_IN, has_pages, numbered, page, ref, with_pages
from test_rules_decisions import rule_numbers
from deck_helpers import pdfium_page_texts
from rulebook_helpers import (LANGS, flat_text, inputs, outline, page_texts, pages_pdf, reference_pdf, rulebook, squash,
                              text_lines)

MARKUP = """@chapter[newpage]{intro} Intro
@rule{golden} Cards win.
@chapter{combat} Combat
@section{combat.ties} Ties
@rule{combat.tie} Both are destroyed; see TIE and GOLDEN.
@question{faq.tie} Does a tie destroy?
@answer Yes (rule TIE); page PAGE.
"""
# cards the blind playtest stalled on (issue #23), each with its own ruling
STALLED_CARDS = ("carthage.balearic-slingers", "carthage.libyan-spearmen", "carthage.mercenary-contracts",
                 "carthage.silver-for-the-spear", "carthage.hired-blades", "carthage.punic-ambush",
                 "carthage.ruthless-bargain", "carthage.feigned-retreat", "carthage.iberian-mercenaries",
                 "rome.trajan-builder-of-provinces", "rome.roman-auxiliary-archers", "persia.commanding-satrap",
                 "persia.darius-great-king", "persia.veil-of-dust", "sparta.iron-resolve", "persia.rain-of-arrows",
                 "carthage.double-envelopment", "rome.fortified-camp")


def markup(tie: str = "combat.tie", golden: str = "golden", source: str = MARKUP) -> str:
    return source.replace("TIE", ref(tie)).replace("GOLDEN", ref(golden)).replace("PAGE", page("combat.tie"))


def test_rules_are_numbered_from_their_ids_and_references_print_the_numbers():
    text, numbers, problems = numbered(markup(), "reference.j2", "de")
    assert problems == []
    assert numbers == {"intro": "1", "golden": "1.1", "combat": "2", "combat.ties": "2.1", "combat.tie": "2.1.1",
                       "faq.tie": "2.1.2"}
    blocks = b.parse(text)
    assert b.Heading(1, "2 Combat", anchor="combat") in blocks
    assert b.Heading(1, "1 Intro", frozenset({"newpage"}), "intro") in blocks
    assert b.Paragraph("Both are destroyed; see 2.1.1 and 1.1.", "rule", "2.1.1", "combat.tie") in blocks
    assert b.Paragraph("Does a tie destroy?", "question", "2.1.2", "faq.tie") in blocks
    [answer] = [block for block in blocks if isinstance(block, b.Paragraph) and block.style == "answer"]
    assert with_pages((answer,), {"combat.tie": 7}) == (b.Paragraph("Yes (rule 2.1.1); page 7.", "answer"),)
    assert with_pages((answer,), None) == (b.Paragraph("Yes (rule 2.1.1); page 000.", "answer"),)
    moved = MARKUP.replace("@rule{golden} Cards win.\n", "").replace("@answer", "@rule{golden} Cards win.\n@answer")
    text, numbers, _ = numbered(markup(source=moved), "reference.j2", "de")
    assert numbers["golden"] == "2.1.3" and "see 2.1.1 and 2.1.3." in text  # the reference follows the rule


def test_an_unknown_rule_id_is_a_located_problem_and_a_repeated_one_an_error():
    _, _, problems = numbered(markup(tie="combat.ties.typo"), "reference.j2", "pl")
    assert [(p.code, p.where) for p in problems] == [("rule-reference", Location(file="reference.j2", lang="pl"))]
    assert "'combat.ties.typo'" in problems[0].message
    with pytest.raises(ValueError, match="'golden'"):
        numbered(markup() + "@rule{golden} Again.\n", "reference.j2", "pl")


def printed(lang: str, pdf: bytes, msgid: str, **rules: str) -> bool:
    """Whether the PDF prints the message's translation with each placeholder the number of its rule id."""
    translation = inputs().catalogs[lang].translations.gettext(msgid)
    numbers = rule_numbers()
    return squash(translation % {name: numbers[rule_id] for name, rule_id in rules.items()}) in flat_text(pdf)


@pytest.mark.parametrize("lang", LANGS)
def test_the_printed_cross_references_are_the_rules_numbers(lang):
    pdf = reference_pdf(lang)
    assert printed(lang, pdf, "While this unit is face-up, your opponent's effects cannot target or destroy your "
                   "face-up Terrain Doctrine (rule %(rule)s).", rule="play.protect")
    assert printed(lang, pdf, "Yes: it is one of your units (rule %(rule)s). Its “Once per turn” ability follows "
                   "rule %(other)s.", rule="play.self", other="play.abilities.once")
    for rule_id in ("golden.card_wins", "combat.words", "faq.heroic"):
        assert squash(rule_numbers()[rule_id]) in flat_text(pdf)


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_gives_each_terms_defining_rule_and_the_page_it_is_on(lang):
    pdf = reference_pdf(lang)
    numbers, texts = rule_numbers(), page_texts(pdf)
    index_page = [page for _, level, page in outline(pdf) if level == 0][-1]
    rows = [line for index in range(index_page - 1, len(texts)) for line in text_lines(pdf, index)]
    checked = 0
    for term, forms in inputs().lexicon.of(lang).game_terms.items():
        headword, number = squash(capitalized(forms.headword, lang)), numbers[forms.rule]
        [row] = [squash(row) for row in rows if re.fullmatch(rf"{re.escape(headword)}{re.escape(number)}\d+",
                                                              squash(row))]
        printed = int(row[len(headword) + len(number):])
        if number.count(".") == 2:  # a rule (a section's heading is set in runs of two fonts)
            assert [line for line in text_lines(pdf, printed - 1) if squash(line).startswith(number)], \
                (lang, term, number, printed)  # the rule's number begins a line on the page the index gives
            checked += 1
    assert checked >= 30


@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_every_index_page_is_known_in_every_format(paper):
    """A rule split across two pages keeps its page (the index never prints the stand-in of the first pass); the
    text read by pdfium, which finds a number as pypdf does in a twentieth of the time."""
    for lang in LANGS:
        pdfs = rulebook(lang, paper)
        for name in (REFERENCE.pages, REFERENCE.booklet):
            assert PAGE_STAND_IN not in squash("".join(pdfium_page_texts(pdfs[name]))), (lang, paper, name)


@pytest.mark.parametrize("lang", LANGS)
def test_every_stalled_card_has_its_ruling(lang):
    pdf = reference_pdf(lang)
    chapters = [page for _, level, page in outline(pdf) if level == 0]
    faq = squash("".join(page_texts(pdf)[chapters[-4] - 1:chapters[-2] - 1]))  # up to the card list
    names = {c.card.id: c.name for c in localize_cards(inputs().cards, inputs().catalogs[lang])}
    assert not [card for card in STALLED_CARDS if squash(names[card]) not in faq]
    questions = [rule_id for rule_id in rule_numbers() if rule_id.startswith("faq.") and rule_id.count(".") == 1
                 and rule_numbers()[rule_id].count(".") == 2]
    assert len(questions) >= 25


@pytest.mark.parametrize("lang", LANGS)
def test_the_learn_to_play_cites_the_reference_by_number(lang):
    assert printed(lang, pages_pdf(lang), "In your first games each player plays one faction deck as printed. How to "
                   "build your own deck, and allied and coalition decks of two or three factions: Rules Reference, "
                   "section %(rule)s.", rule="table.decks")


CELLS = st.lists(st.sampled_from(["a", " ", "7", page("combat.tie"), page("unknown")]), max_size=3).map("".join)
ROWS = st.lists(st.lists(CELLS, min_size=1, max_size=3).map(tuple), min_size=1, max_size=4).map(tuple)


@settings(max_examples=200, deadline=None)
@given(ROWS, CELLS)
def test_a_tables_page_tokens_are_filled_in_and_a_table_without_one_stays_the_same_object(rows, caption):
    table = b.Table("index", rows[0], rows[1:], caption)
    fill = lambda text: text.replace(page("combat.tie"), "7").replace(page("unknown"), PAGE_STAND_IN)  # noqa: E731
    [filled] = with_pages((table,), {"combat.tie": 7})
    assert filled == b.Table("index", tuple(map(fill, rows[0])), tuple(tuple(map(fill, row)) for row in rows[1:]),
                             fill(caption))
    assert (filled is table) == (not has_pages((table,)))
