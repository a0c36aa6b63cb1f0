"""The build's producers of card decks (see pnp.kit.build: one call per language): the faction decks, and a user's
deck list (`pnp build --deck FILE`)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Collection

from ..context import BuildContext
from .layout import COMMON_BACK, CardLayout, card_layout
from ..layouts.services import print_service
from ..i18n.localize import LocalizedCard, localize_cards
from ..pages.pdfout import document_info
from ..core.problems import ProblemsFound, errors
from ..data.terms import FACTIONS
from .checks import compose_language, fit_problems, glyph_problems
from .deck import DeckPrint, deck_fronts, deck_pdf
from .faces import GAME_TITLE, BackFace, FrontFace, compose_back
from .labels import card_labels


def _compose(ctx: BuildContext, lang: str, only: Collection[str] | None = None
             ) -> tuple[list[FrontFace], dict[str, BackFace], dict[str, str]]:
    """The fronts of every card (or of the card ids `only`) in one language, the backs of their factions and the
    factions' names (both by faction); fails on a text that does not fit or a character its font lacks."""
    catalog = ctx.inputs.catalogs[lang]
    cards = [lc for lc in localize_cards(ctx.inputs.cards, catalog) if only is None or lc.card.id in only]
    layout = _layout(ctx)
    fronts, backs = compose_language(cards, card_labels(catalog), layout, ctx.fonts)
    by_faction = {back.faction: back for back in backs}
    if ctx.options.backs == "common":  # one neutral back for every faction
        common = compose_back(COMMON_BACK, None, lang, layout, ctx.fonts)
        backs, by_faction = [common], {faction: common for faction in by_faction}
    problems = fit_problems([*fronts, *backs]) + glyph_problems([*fronts, *backs], ctx.fonts)
    if errors(problems):
        raise ProblemsFound(problems)
    return fronts, by_faction, {lc.card.faction: lc.faction_name for lc in cards}


def _layout(ctx: BuildContext) -> CardLayout:
    """The card layout of the build: card.toml, or the variant the options name (--ink-saver)."""
    return card_layout(ctx.project.layouts, ctx.options.card_variant)


def deck_print(ctx: BuildContext) -> DeckPrint:
    """How the build prints its decks: its card layout (variant), art, paper, mode, duplex, offset and service."""
    o = ctx.options
    return DeckPrint(_layout(ctx), ctx.art, ctx.project.layouts, o.paper, o.mode, o.duplex, o.back_offset,
                     print_service(ctx.project.layouts, o.service, o.services))


def card_decks(ctx: BuildContext) -> dict[Path, bytes]:
    """<lang>/cards/<faction>.pdf: each faction's deck, fronts and backs."""
    files: dict[Path, bytes] = {}
    for lang in ctx.langs:
        fronts, backs, names = _compose(ctx, lang)
        for faction in FACTIONS:
            faces = deck_fronts([face for face in fronts if face.card.faction == faction])
            info = document_info(ctx.inputs.catalogs[lang], f"{GAME_TITLE} — {names[faction]}")
            files[Path(lang) / "cards" / f"{faction}.pdf"] = deck_pdf(faces, backs, info, deck_print(ctx))
    return files


def deck_list(ctx: BuildContext) -> dict[Path, bytes]:
    """<lang>/decks/<deck file name>.pdf: the checked deck list of --deck, its cards in list order, each repeated
    by its count and backed by its own faction's back (allied and coalition decks mix backs)."""
    files: dict[Path, bytes] = {}
    o, deck = ctx.options, ctx.deck
    for lang in ctx.langs:
        fronts, backs, _ = _compose(ctx, lang, {card.id for card in deck.cards})
        by_id = {face.card.id: face for face in fronts}
        info = document_info(ctx.inputs.catalogs[lang], f"{GAME_TITLE} — {deck.name}")
        files[Path(lang) / "decks" / f"{o.deck.stem}.pdf"] = deck_pdf(
            [by_id[card.id] for card in deck.cards], backs, info, deck_print(ctx))
    return files


@dataclass(frozen=True)
class CardPages:
    """One faction's distinct cards in one language as pro-mode pages, drawn by the same code as the decks: card
    i's front is page 2i, its back page 2i + 1 (every page trim + bleed, TrimBox and BleedBox set)."""

    faction: str
    faction_name: str
    cards: tuple[LocalizedCard, ...]
    pdf: bytes


def card_pages(ctx: BuildContext, lang: str) -> list[CardPages]:
    """Every faction's distinct cards (one page per card, not per copy, on the pages of the options' print service)
    in one language, for card images."""
    fronts, backs, names = _compose(ctx, lang)
    localized = localize_cards(ctx.inputs.cards, ctx.inputs.catalogs[lang])
    pages = []
    for faction in FACTIONS:
        faces = [face for face in fronts if face.card.faction == faction]
        info = document_info(ctx.inputs.catalogs[lang], f"{GAME_TITLE} — {names[faction]}")
        pdf = deck_pdf(faces, backs, info, replace(deck_print(ctx), mode="pro", duplex="long", back_offset=(0.0, 0.0)))
        pages.append(CardPages(faction, names[faction], tuple(lc for lc in localized if lc.card.faction == faction),
                               pdf))
    return pages
