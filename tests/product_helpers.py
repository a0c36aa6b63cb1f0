"""Entry points the tests drive the products through that the build itself does not need (moved out of pnp/: no
production code calls them). Each is a thin composition of production functions."""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Mapping, Sequence

from PIL import Image

from pnp.cards.checks import compose_language, fit_problems, glyph_problems
from pnp.cards.labels import CardLabels
from pnp.cards.layout import CardLayout
from pnp.core.problems import Problem, raise_if_errors
from pnp.data.engine_data import Engine, read_engine
from pnp.export.images import page_images
from pnp.i18n.catalogs import LanguageCatalog
from pnp.i18n.localize import LocalizedCard
from pnp.products import NOTHING, Product
from pnp.sheets.pdf import compose_for_paper, render_scoresheet


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
    return fit_problems([*fronts, *backs])


def card_glyph_problems(cards: Sequence[LocalizedCard], labels: CardLabels, layout: CardLayout,
                        fonts: Mapping[str, str]) -> list[Problem]:
    """Characters of the cards (one language) that their fonts do not cover."""
    fronts, backs = compose_language(cards, labels, layout, fonts)
    return glyph_problems([*fronts, *backs], fonts)


def as_products(*producers: Callable) -> tuple[Product, ...]:
    """Producers as the products of a build (pnp.products.PRODUCTS), without print checks of their own."""
    return tuple(Product(producer.__name__.replace("_", " "), NOTHING, None, producer) for producer in producers)
