"""The card products of a build (pnp.products): the faction decks and a user's deck list (`pnp build --deck FILE`),
each composed for one language (`compose_decks`, `compose_deck_list`: the faces, how they are printed, their fit and
glyph problems) and rendered from that (`render_decks`, `render_deck_list`)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Collection, Mapping

from ..context import BuildContext
from .layout import COMMON_BACK, CardLayout, card_layout
from ..layouts.services import print_service
from ..i18n.localize import LocalizedCard, localize_cards
from ..pages.pdfout import DocumentInfo, document_info
from ..core.problems import Problem
from ..data.terms import FACTIONS
from ..typeset.kept_fits import kept_fits
from .checks import compose_language, face_problems
from .deck import DeckPrint, deck_fronts, deck_pdf
from .faces import GAME_TITLE, BackFace, FrontFace, compose_back
from .labels import card_labels


@dataclass(frozen=True)
class ComposedCards:
    """Cards of one language composed for a build: the fronts (database order), the back each faction's cards are
    printed with and each faction's name (both by faction), how the decks are printed, and the problems of every
    face (a text that does not fit, a character its font lacks)."""

    lang: str
    cards: tuple[LocalizedCard, ...]
    fronts: tuple[FrontFace, ...]
    backs: Mapping[str, BackFace]
    names: Mapping[str, str]
    infos: Mapping[str, DocumentInfo]  # faction -> its deck's title, subject and language
    printing: DeckPrint
    problems: tuple[Problem, ...]

    def faction_fronts(self, faction: str) -> list[FrontFace]:
        return [face for face in self.fronts if face.card.faction == faction]


@dataclass(frozen=True)
class ComposedDeckList:
    """The deck list of --deck composed in one language: its cards' faces, the list's order and where it goes."""

    cards: ComposedCards
    order: tuple[str, ...]  # card ids in list order, each repeated by its count
    path: Path
    info: DocumentInfo

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self.cards.problems


def compose_cards(ctx: BuildContext, only: Collection[str] | None = None, table: str = "cards") -> ComposedCards:
    """The cards (or the card ids `only`) in the context's language: the fronts, a faction's names at one size, the
    backs of their factions (or, with --backs common, the common back for all) and the problems of all faces. Their
    texts are kept across runs in the table `table` of the language (pnp.typeset.kept_fits: a deck list's has its
    own, as a pool composes it beside the decks)."""
    lang = ctx.lang
    catalog = ctx.inputs.catalogs[lang]
    cards = tuple(lc for lc in localize_cards(ctx.inputs.cards, catalog) if only is None or lc.card.id in only)
    layout = _layout(ctx)
    with kept_fits(f"{table}-{lang}") as fit:
        fronts, backs = compose_language(cards, card_labels(catalog), layout, ctx.fonts, fit)
        by_faction = {back.faction: back for back in backs}
        if ctx.options.backs == "common":  # one neutral back for every faction
            common = compose_back(COMMON_BACK, None, lang, layout, ctx.fonts, fit)
            backs, by_faction = [common], {faction: common for faction in by_faction}
    problems = face_problems([*fronts, *backs], ctx.fonts)
    names = {lc.card.faction: lc.faction_name for lc in cards}
    infos = {faction: document_info(catalog, f"{GAME_TITLE} — {name}") for faction, name in names.items()}
    return ComposedCards(lang, cards, tuple(fronts), by_faction, names, infos, deck_print(ctx), tuple(problems))


def _layout(ctx: BuildContext) -> CardLayout:
    """The card layout of the build: card.toml, or the variant the options name (--ink-saver)."""
    return card_layout(ctx.project.layouts, ctx.options.card_variant)


def deck_print(ctx: BuildContext) -> DeckPrint:
    """How the build prints its decks: its card layout (variant), art, paper, mode, duplex, offset and service."""
    o = ctx.options
    return DeckPrint(_layout(ctx), ctx.art, ctx.project.layouts, o.paper, o.mode, o.duplex, o.back_offset,
                     print_service(ctx.project.layouts, o.service, o.services))


def render_decks(composed: ComposedCards) -> dict[Path, bytes]:
    """<lang>/cards/<faction>.pdf: each faction's deck, fronts and backs."""
    return {Path(composed.lang) / "cards" / f"{faction}.pdf": deck_pdf(
        deck_fronts(composed.faction_fronts(faction)), composed.backs, composed.infos[faction], composed.printing)
        for faction in FACTIONS}


def compose_deck_list(ctx: BuildContext) -> ComposedDeckList:
    """The checked deck list of --deck in the context's language: its cards composed like the decks'."""
    deck = ctx.deck
    cards = compose_cards(ctx, {card.id for card in deck.cards}, "deck-list")
    info = document_info(ctx.inputs.catalogs[ctx.lang], f"{GAME_TITLE} — {deck.name}")
    return ComposedDeckList(cards, tuple(card.id for card in deck.cards), ctx.options.deck, info)


def render_deck_list(composed: ComposedDeckList) -> dict[Path, bytes]:
    """<lang>/decks/<deck file name>.pdf: the deck list's cards in list order, each repeated by its count and backed
    by its own faction's back (allied and coalition decks mix backs)."""
    cards = composed.cards
    by_id = {face.card.id: face for face in cards.fronts}
    return {Path(cards.lang) / "decks" / f"{composed.path.stem}.pdf": deck_pdf(
        [by_id[card_id] for card_id in composed.order], cards.backs, composed.info, cards.printing)}


@dataclass(frozen=True)
class CardPages:
    """One faction's distinct cards in one language as pro-mode pages, drawn by the same code as the decks: card
    i's front is page 2i, its back page 2i + 1 (every page trim + bleed, TrimBox and BleedBox set)."""

    faction: str
    faction_name: str
    cards: tuple[LocalizedCard, ...]
    pdf: bytes


def card_pages(composed: ComposedCards) -> list[CardPages]:
    """Every faction's distinct cards (one page per card, not per copy, on the pages of the options' print service)
    in the composed language, for card images."""
    printing = replace(composed.printing, mode="pro", duplex="long", back_offset=(0.0, 0.0))
    return [CardPages(faction, composed.names[faction],
                      tuple(lc for lc in composed.cards if lc.card.faction == faction),
                      deck_pdf(composed.faction_fronts(faction), composed.backs, composed.infos[faction], printing))
            for faction in FACTIONS]
