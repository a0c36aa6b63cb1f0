"""Golden images of representative card faces and sheet parts, rendered with pypdfium2 at modest resolution.

The goldens live in tests/golden/*.png. After an intended visual change, look at the new images and regenerate
them with one command, from the repository root:

    .venv/bin/python tests/golden.py
"""
from __future__ import annotations

import sys
from io import BytesIO
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.cards.card_back import draw_back  # noqa: E402
from pnp.cards.card_front import draw_front  # noqa: E402
from pnp.cards.faces import compose_back, compose_front  # noqa: E402
from pnp.cards.labels import card_labels  # noqa: E402
from pnp.i18n.localize import localize_cards  # noqa: E402
from pnp.cards.layout import card_layout
from pnp.layouts.schemas import sheet_layout  # noqa: E402
from pnp.pages.pdfout import DocumentInfo, new_canvas  # noqa: E402
from pnp.project import Project, load_inputs  # noqa: E402
from pnp.sheets.layout import tokens_layout  # noqa: E402
from product_helpers import scoresheet_pdf  # noqa: E402
from pnp.sheets.token_sheet import TokenPrint  # noqa: E402
from product_helpers import tokens_pdf  # noqa: E402
from pnp.typeset.fonts import register_fonts  # noqa: E402
from pnp.core.units import MM  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "golden"
CARD_DPI = 100
SHEET_DPI = 72
# name -> (language, card id or faction, side): the longest German effect, a Polish commander, a Turkish doctrine
# with İ, a terrain doctrine, a tactic, a back.
FACES = {
    "de-longest-effect": ("de", "macedon.alexander-king-of-macedon", "front"),
    "pl-commander": ("pl", "carthage.hannibal-barca-master-of-envelopment", "front"),
    "tr-doctrine": ("tr", "carthage.silver-for-the-spear", "front"),
    "tr-terrain-doctrine": ("tr", "macedon.engineers-bridges", "front"),
    "de-tactic": ("de", "carthage.punic-ambush", "front"),
    "tr-back": ("tr", "sparta", "back"),
}
# name -> (language, which sheet, crop (left, top, right, bottom) as fractions of the page)
SHEETS = {
    "tr-tokens": ("tr", "tokens", (0.0, 0.0, 0.55, 0.4)),
    "pl-scoresheet-top": ("pl", "scoresheet", (0.0, 0.0, 1.0, 0.3)),
}


def _raster(pdf: bytes, dpi: float, crop: tuple[float, float, float, float] | None = None) -> Image.Image:
    document = pdfium.PdfDocument(pdf)
    try:
        image = document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()
    if crop:
        w, h = image.size
        image = image.crop((round(crop[0] * w), round(crop[1] * h), round(crop[2] * w), round(crop[3] * h)))
    return image


def render_face(lang: str, key: str, side: str) -> Image.Image:
    """One card face with its bleed, drawn alone on a page."""
    project = Project()
    layout = card_layout(project.layouts)
    inputs, fonts = load_inputs(project, (lang,)), register_fonts(project.fonts)
    catalog = inputs.catalogs[lang]
    card, b = layout.card, layout.card.bleed
    buffer = BytesIO()
    canvas = new_canvas(buffer, ((card.width + 2 * b) * MM, (card.height + 2 * b) * MM),
                        DocumentInfo("golden", "golden", lang))
    if side == "back":
        name = next(lc.faction_name for lc in localize_cards(inputs.cards, catalog) if lc.card.faction == key)
        draw_back(canvas, compose_back(key, name, lang, layout, fonts), layout, b * MM, b * MM)
    else:
        lc = next(lc for lc in localize_cards(inputs.cards, catalog) if lc.card.id == key)
        draw_front(canvas, compose_front(lc, card_labels(catalog), layout, fonts), layout, None, b * MM, b * MM)
    canvas.showPage()
    canvas.save()
    return _raster(buffer.getvalue(), CARD_DPI)


def render_sheet(lang: str, sheet: str, crop: tuple[float, float, float, float]) -> Image.Image:
    project = Project()
    inputs, fonts = load_inputs(project, (lang,)), register_fonts(project.fonts)
    catalog = inputs.catalogs[lang]
    if sheet == "tokens":
        pdf = tokens_pdf(inputs.engine, catalog, fonts, TokenPrint(sheet_layout("a4", project.layouts),
                         tokens_layout(project.layouts), card_layout(project.layouts).card.small_text, "long"))
    else:
        pdf = scoresheet_pdf(inputs.engine, catalog, fonts, "a4", project.layouts)
    return _raster(pdf, SHEET_DPI, crop)


def render_all() -> dict[str, Image.Image]:
    images = {name: render_face(*spec) for name, spec in FACES.items()}
    images.update({name: render_sheet(*spec) for name, spec in SHEETS.items()})
    return images


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for name, image in render_all().items():
        image.save(GOLDEN / f"{name}.png", optimize=True)
        print(f"tests/golden/{name}.png")
