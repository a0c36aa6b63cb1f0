"""Compose the rulebook of one language: render the Jinja2 templates with its catalog, parse the blocks.

The templates' {% trans %} messages are gettext messages of the "rulebook" domain; every number in them is a
placeholder bound to an engine value or a computed value (pnp.placeholders). Messages are formatted by our own
gettext callables (Jinja2 "newstyle" gettext), which record untranslated messages as problems and, in Turkish,
make case suffixes after numerals agree with the numbers (pnp.rulebook.turkish).
"""
from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from ..cards.labels import card_labels
from ..i18n.catalogs import LanguageCatalog
from ..data.card_database import CardDatabase
from ..data.engine_data import Engine
from ..i18n.languages import language
from ..i18n.lexicon import TermForms
from ..i18n.localize import LocalizedCard, localize_cards, stat_labels
from ..i18n.placeholder_names import COMMANDS
from ..i18n.translator import PERCENT, Translator
from ..core.caches import memo_objects
from ..core.problems import Problem, raise_if_errors
from ..sheets.tokens import TokenCount, token_rows
from ..data.terms import FACTIONS
from ..core.resources import package_folder
from . import turkish
from .anatomy_cards import DOCTRINE as ANATOMY_DOCTRINE
from .blocks import Block, escape, parse
from .books import LEARN_TO_PLAY, REFERENCE, Book
from .examples import example_numbers
from .numbering import numbered, page, ref
from .glossary import glossary_entries, glossary_problems, term_rule_problems
from .rulings import ruling_numbers
from .sample import ROLES, sample_numbers
from .template_cache import CompiledTemplates, cache_folder
from .wording import wording_problems

TEMPLATES = package_folder("pnp.rulebook", "templates")
TEMPLATES_PATH = "pnp/rulebook/templates"  # as problems name a template
DOMAIN = "rulebook"  # the gettext domain of the templates' messages


@dataclass(frozen=True)
class FactionCards:
    """One faction's cards for the card reference: units in database order, then doctrines and tactics by name."""

    name: str
    units: tuple[LocalizedCard, ...]
    others: tuple[LocalizedCard, ...]


@dataclass(frozen=True)
class KitFacts:
    """Numbers about the printed kit the rulebook states (computed from layouts and the score-sheet tokens)."""

    card_width: float
    card_height: float
    card_bleed: float
    cards_per_sheet: int | None  # None in the facts of no paper (`paper_free`)
    tokens: tuple[TokenCount, ...]  # the token set of one game (pnp.sheets.tokens)
    build_options: str | None = ""  # the options the kit was built with, as the appendix quotes them


PAPER_NAMES = ("kit_options", "cards_per_sheet", "deck_sheets")  # the context's facts that differ between papers


def paper_free(kit: KitFacts) -> KitFacts:
    """The kit's facts without those of its paper: a template context made from them has none of PAPER_NAMES, so
    that a book whose templates read one fails to render (StrictUndefined) instead of printing another paper's."""
    return replace(kit, cards_per_sheet=None, build_options=None)


class _Messages:
    """Newstyle gettext callables for the templates over the rulebook's translator; Turkish suffixes harmonized."""

    def __init__(self, catalog: LanguageCatalog):
        self.translator = Translator(catalog, DOMAIN, style=PERCENT)
        self.finish: Callable[[str], str] = turkish.harmonize if language(catalog.lang).suffixes == "turkish" else (lambda text: text)

    def gettext(self, msgid: str, **variables) -> str:
        return self.finish(self.translator.fill(self.translator.text(None, msgid), msgid, variables))

    def ngettext(self, singular: str, plural: str, n: int, **variables) -> str:
        return self.npgettext(None, singular, plural, n, **variables)

    def pgettext(self, context: str, msgid: str, **variables) -> str:
        return self.finish(self.translator.fill(self.translator.text(context, msgid), msgid, variables))

    def npgettext(self, context: str | None, singular: str, plural: str, n: int, **variables) -> str:
        source = singular if n == 1 else plural
        return self.finish(self.translator.fill(self.translator.plural(context, singular, plural, n), source,
                                                variables))


COMPILED = CompiledTemplates(cache_folder())


def environment(messages: _Messages) -> Environment:
    """An environment of one language (its gettext callables) over the shared compiled templates."""
    env = Environment(loader=FileSystemLoader(str(TEMPLATES)), extensions=["jinja2.ext.i18n"],
                      lstrip_blocks=True, undefined=StrictUndefined, autoescape=False, finalize=escape,
                      bytecode_cache=COMPILED)
    env.newstyle_gettext = True
    env.globals.update(gettext=messages.gettext, ngettext=messages.ngettext, pgettext=messages.pgettext,
                       npgettext=messages.npgettext, _=messages.gettext, ref=ref, page=page)
    return env


def sort_key(text: str) -> tuple[str, str]:
    """Alphabetical order that ignores accents and case (Ä with A, Ş with S), then the exact text."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    return plain.casefold().replace("ı", "i"), text


def faction_cards(cards: tuple[LocalizedCard, ...]) -> tuple[FactionCards, ...]:
    result = []
    for faction in FACTIONS:
        own = [c for c in cards if c.card.faction == faction]
        units = tuple(c for c in own if c.card.kind == "unit")
        others = tuple(sorted((c for c in own if c.card.kind != "unit"),
                              key=lambda c: (c.card.kind != "doctrine", sort_key(c.name))))
        result.append(FactionCards(own[0].faction_name, units, others))
    return tuple(result)


def number_text(value: float) -> str:
    """A measurement as printed: 63.0 -> "63", 63.5 -> "63.5"."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def template_context(engine: Engine, db: CardDatabase, catalog: LanguageCatalog, kit: KitFacts,
                     terms: Mapping[str, TermForms]) -> tuple[dict[str, Any], list[Problem]]:
    """Everything the templates may use: engine numbers, example results, kit facts, cards, labels, the glossary's
    terms (`terms`: English headword -> the language's forms, pnp.lexicon)."""
    language_context, problems = _language_context(engine, db, catalog, terms)
    context = dict(language_context)
    context.update(card_width=number_text(kit.card_width), card_height=number_text(kit.card_height),
                   card_bleed=number_text(kit.card_bleed))
    if kit.cards_per_sheet is not None:  # the facts of a paper (PAPER_NAMES)
        context.update(kit_options=kit.build_options, cards_per_sheet=kit.cards_per_sheet,
                       deck_sheets=math.ceil(engine.deck_size / kit.cards_per_sheet))
    return context, list(problems)


@memo_objects("a language's template context without the kit's facts, and its problems", "the engine, cards, "
              "catalog and terms (the unhashable ones by identity, held with the entry)", maxsize=16)
def _language_context(engine: Engine, db: CardDatabase, catalog: LanguageCatalog,
                      terms: Mapping[str, TermForms]) -> tuple[dict[str, Any], tuple[Problem, ...]]:
    """`template_context` but the kit's facts, made once for every book and paper of a language (never changed:
    each context is a copy)."""
    examples, problems = example_numbers(engine)
    sample, sample_problems = sample_numbers(engine, db)
    rulings, ruling_problems = ruling_numbers(db)
    problems += sample_problems + ruling_problems + wording_problems(engine)
    cards = localize_cards(db, catalog)
    names = {c.card.id: c.name for c in cards}
    context: dict[str, Any] = dict(engine.numbers)
    context.update(examples)
    context.update(sample)
    context.update(rulings)
    context.update({role: names.get(card_id, card_id) for role, card_id in ROLES.items()})
    context.update(names=names, collector=next(c.collector for c in cards if c.card.id == ANATOMY_DOCTRINE),
                   terrain_cards=sorted((c.name for c in cards if c.card.terrain), key=sort_key),
                   mercenaries=sorted((c.name for c in cards if "mercenary" in getattr(c.card, "traits", ())),
                                      key=sort_key))
    context.update(COMMANDS)
    context.update({f"faction_{key}": _faction_name(cards, key) for key in FACTIONS})
    context.update(faction_count=len(FACTIONS), card_count=len(db.cards),
                   terrain_doctrine=card_labels(catalog).terrain_doctrine,
                   glossary=sorted(glossary_entries(terms, catalog.lang), key=lambda entry: sort_key(entry.headword)))
    context.update(
        phases=engine.phases,
        energy_schedule=engine.energy_schedule(),
        energy_die=energy_die(engine.energy_cap),
        stat=stat_labels(catalog),
        factions=faction_cards(cards),
    )
    return context, tuple(problems)


def _faction_name(cards: tuple[LocalizedCard, ...], faction: str) -> str:
    return next(c.faction_name for c in cards if c.card.faction == faction)


DICE = (6, 8, 10, 12, 20)


def energy_die(cap: int) -> int:
    """Faces of the smallest common die that can show every energy value up to the cap (0 when none can)."""
    return next((faces for faces in DICE if faces >= cap), 0)


def compose(engine: Engine, db: CardDatabase, catalog: LanguageCatalog, kit: KitFacts,
            terms: Mapping[str, TermForms], book: Book = LEARN_TO_PLAY) -> tuple[Block, ...]:
    """The blocks of one book (default: the Learn to Play rulebook) in the catalog's language, its rules numbered
    and cross-references resolved (pnp.rulebook.numbering); raises ProblemsFound (missing translations, examples,
    a reference to an unknown rule, a game term without its keyword entry or its defining rule)."""
    return compose_numbered(engine, db, catalog, kit, terms, book)[0]


def compose_numbered(engine: Engine, db: CardDatabase, catalog: LanguageCatalog, kit: KitFacts,
                     terms: Mapping[str, TermForms], book: Book) -> tuple[tuple[Block, ...], dict[str, str]]:
    """`compose`'s blocks and the number of each rule id of the book (the same in every language). A book that does
    not state the facts of its paper (the Rules Reference, which the other books cite, and the quick reference) is
    composed once for the same inputs on every paper (`_paper_free`)."""
    if book.states_paper:
        return _composed(engine, db, catalog, kit, terms, book)
    return _paper_free(engine, db, catalog, paper_free(kit), terms, book)


@memo_objects("a book that does not state its paper's facts composed (blocks and rule numbers)", "the engine, "
              "cards, catalog, kit facts without the paper's, terms and book (the unhashable ones by identity, held "
              "with the entry)", maxsize=32)
def _paper_free(engine: Engine, db: CardDatabase, catalog: LanguageCatalog, kit: KitFacts,
                terms: Mapping[str, TermForms], book: Book) -> tuple[tuple[Block, ...], dict[str, str]]:
    """A book composed from the kit's `paper_free` facts, once for every paper (`pnp validate` composes each
    language's books on 2 papers, the build cites the Rules Reference in two other books)."""
    return _composed(engine, db, catalog, kit, terms, book)


def _composed(engine: Engine, db: CardDatabase, catalog: LanguageCatalog, kit: KitFacts,
              terms: Mapping[str, TermForms], book: Book) -> tuple[tuple[Block, ...], dict[str, str]]:
    context, problems = template_context(engine, db, catalog, kit, terms)
    messages = _Messages(catalog)
    rows, row_problems = token_rows(kit.tokens, catalog, engine)
    context["token_rows"] = tuple(replace(row, use=messages.finish(row.use)) for row in rows)
    problems += row_problems
    template = f"{TEMPLATES_PATH}/{book.template}"
    cited = compose_numbered(engine, db, catalog, kit, terms, REFERENCE)[1] if book.cites_reference else {}
    markup, numbers, number_problems = numbered(environment(messages).get_template(book.template).render(context),
                                                template, catalog.lang, cited)
    blocks = parse(markup)
    problems += number_problems + messages.translator.problems
    if book.keywords:
        problems += glossary_problems(blocks, terms, catalog.lang)
    if book.numbered:
        problems += term_rule_problems(terms, numbers)
    raise_if_errors(problems)
    return blocks, numbers

