"""Entry points the tests drive the products through that the build itself does not need (moved out of pnp/: no
production code calls them). Each is a thin composition of production functions."""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Callable, Mapping, Sequence

from PIL import Image

from pnp.cards.checks import compose_language, face_problems
from pnp.cards.labels import CardLabels
from pnp.cards.layout import CardLayout
from pnp.core.problems import Problem, ProblemsFound, raise_if_errors
from pnp.data.engine_data import Engine, read_engine
from pnp.export.images import page_images
from pnp.i18n.catalogs import LanguageCatalog
from pnp.i18n.localize import LocalizedCard
from pnp.context import BuildContext
from pnp.products import NOTHING, PRODUCTS, Product
from pnp.project import Inputs, Project
from pnp.sheets.pdf import compose_for_paper, render_scoresheet
from pnp.sheets.token_sheet import TokenPrint, compose_token_sheets, tokens_pdf as token_sheets_pdf
from pnp.validate import composed_problems


def load_engine(path: Path) -> Engine:
    """Read, check and freeze the engine data; raises ProblemsFound listing every problem."""
    engine, problems = read_engine(path)
    raise_if_errors(problems)
    return engine


def page_image(pdf: bytes, index: int, dpi: int, bleed: bool = True) -> Image.Image:
    """Page `index` of `pdf` as an RGB image at `dpi` (its BleedBox, or its TrimBox without `bleed`)."""
    return page_images(pdf, (index,), dpi, bleed)[0]


def scoresheet_pdf(engine: Engine, catalog: LanguageCatalog, fonts: Mapping[str, str], paper: str,
                   layouts: Path) -> bytes:
    """The score sheet as PDF bytes; raises ProblemsFound when a text does not fit or a glyph is missing."""
    page = compose_for_paper(engine, catalog, fonts, paper, layouts)
    raise_if_errors(page.problems)
    return render_scoresheet(page, catalog, fonts, layouts)


def card_fit_problems(cards: Sequence[LocalizedCard], labels: CardLabels, layout: CardLayout,
                      fonts: Mapping[str, str]) -> list[Problem]:
    """Texts of the cards (one language) that do not fit, naming card id, language and field."""
    fronts, backs = compose_language(cards, labels, layout, fonts)
    return [p for p in face_problems([*fronts, *backs], fonts) if p.code == "text-does-not-fit"]


def card_glyph_problems(cards: Sequence[LocalizedCard], labels: CardLabels, layout: CardLayout,
                        fonts: Mapping[str, str]) -> list[Problem]:
    """Characters of the cards (one language) that their fonts do not cover."""
    fronts, backs = compose_language(cards, labels, layout, fonts)
    return [p for p in face_problems([*fronts, *backs], fonts) if p.code == "glyph-missing"]


def tokens_pdf(engine: Engine, catalog: LanguageCatalog, fonts: Mapping[str, str], printing: TokenPrint) -> bytes:
    """The token sheets as PDF bytes; raises ProblemsFound when a text does not fit, a glyph is missing or the
    offset is too large for the margins."""
    sheets = compose_token_sheets(engine, catalog, fonts, printing)
    raise_if_errors(sheets.problems)
    return token_sheets_pdf(sheets)


def product_named(name: str) -> Product:
    """The product of PRODUCTS called `name`."""
    return next(product for product in PRODUCTS if product.name == name)


def product_problems(product: Product, inputs: Inputs, langs: tuple[str, ...], project: Project) -> list[Problem]:
    """What `pnp validate` finds composing `product` in each of `langs`."""
    return [p for lang in langs for p in composed_problems(product, inputs, lang, project)]


def produced(product: Product, ctx: BuildContext) -> dict[Path, bytes]:
    """The files of `product` in the context's language as the build makes them; raises ProblemsFound on errors."""
    composed = product.compose(ctx)
    raise_if_errors(composed.problems)
    return product.render(composed)


@dataclass(frozen=True)
class Made:
    """A test product's composition: the files its producer made, or the problems it raised."""

    files: Mapping[Path, bytes]
    problems: tuple[Problem, ...]


def _made(producer: Callable[[BuildContext], dict[Path, bytes]], ctx: BuildContext) -> Made:
    try:
        return Made(producer(ctx), ())
    except ProblemsFound as exc:
        return Made({}, exc.problems)


def as_products(*producers: Callable[[BuildContext], dict[Path, bytes]]) -> tuple[Product, ...]:
    """Producers, functions (context) -> files that raise ProblemsFound, as the products of a build
    (pnp.products.PRODUCTS): composing runs the producer, rendering hands its files on."""
    return tuple(Product(producer.__name__.replace("_", " "), NOTHING, partial(_made, producer),
                         lambda made: dict(made.files)) for producer in producers)
