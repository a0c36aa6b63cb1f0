"""What a build asks for (BuildOptions) and what every product is composed from (BuildContext): the checked inputs,
the options, the registered fonts, the art and the language of one step. Products depend on this module, never on
the build orchestration (pnp.kit.build) or the validator that compose them."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Mapping

from .data.art import ArtImage
from .data.deck_lists import DeckList
from .i18n.catalogs import LANGS
from .layouts.schemas import CARD
from .layouts.services import DEFAULT_SERVICE
from .project import Inputs, Project

MODES = ("home", "pro")
BACKS = ("faction", "common")


@dataclass(frozen=True)
class BuildOptions:
    """What `pnp build` is asked for: languages, paper, mode, duplex, backs and the other options."""
    langs: tuple[str, ...] = LANGS
    paper: str = "a4"
    mode: str = "home"
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    booklet: bool = False  # also the rulebook as a saddle-stitch booklet
    backs: str = "faction"  # BACKS: each card backed by its faction's back, or every card by the common back
    deck: Path | None = None  # a user's deck list: build only this deck
    pdfx: str | None = None  # a print condition of pnp/layouts/pdfx.toml: every PDF as PDF/X-1a for it
    cmyk_profile: Path | None = None  # with pdfx: the ICC profile that converts art images to CMYK
    card_variant: str = CARD  # the card layout the decks and the rulebook's card anatomy are drawn by (--ink-saver)
    service: str = DEFAULT_SERVICE  # pro mode: the print service whose trim and bleed the pages take
    services: Path | None = None  # a user's file of more print services, read over pnp/layouts/services.toml
    jobs: int = 1  # worker processes rendering the steps (1: all in this process)


@dataclass(frozen=True)
class BuildContext:
    """Everything a product is composed from: checked inputs, options, fonts (role -> name), art, its languages (one,
    `lang`, for a product's step), and the checked deck list of --deck."""

    project: Project
    inputs: Inputs
    options: BuildOptions
    fonts: Mapping[str, str]
    art: Mapping[str, ArtImage]
    langs: tuple[str, ...]
    deck: DeckList | None = None

    @property
    def lang(self) -> str:
        """The one language of a step: products compose a context narrowed to it (`in_language`)."""
        [lang] = self.langs
        return lang

    def in_language(self, lang: str) -> BuildContext:
        return replace(self, langs=(lang,))
