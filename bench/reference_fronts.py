"""The reference job: a plain ReportLab canvas draws the same 280 card fronts as the kit's seven decks (every card
as often as its copies, English text from data/cards, the bundled fonts embedded), nine per A4 page, each face a
form drawn once and reused for its copies. No backs, no art, no rulebook, no checks: the practical floor for the
decks alone. Written to memory; prints the number of fronts and the PDF's size.

    python bench/reference_fronts.py
"""
from __future__ import annotations

import io
import sys
import tomllib
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

REPO = Path(__file__).resolve().parent.parent
WIDTH, HEIGHT = 63 * mm, 88 * mm


def cards() -> list[dict]:
    found = []
    for path in sorted((REPO / "data" / "cards").glob("*.toml")):
        found += tomllib.loads(path.read_text(encoding="utf-8"))["cards"]
    return found


def draw_front(canvas: Canvas, card: dict) -> None:
    canvas.setLineWidth(1.2)
    canvas.roundRect(2 * mm, 2 * mm, WIDTH - 4 * mm, HEIGHT - 4 * mm, 3 * mm)
    canvas.setFont("ref-title", 9)
    canvas.drawCentredString(WIDTH / 2, HEIGHT - 9 * mm, card["name"])
    canvas.rect(5 * mm, 40 * mm, WIDTH - 10 * mm, 38 * mm)
    canvas.setFont("ref-title", 6.5)
    canvas.drawString(5 * mm, 36 * mm, card.get("type", card["kind"]))
    canvas.setFont("ref-body", 8)
    y = 31 * mm
    for line in simpleSplit(card["effect"], "ref-body", 8, WIDTH - 10 * mm):
        canvas.drawString(5 * mm, y, line)
        y -= 9.5
    if card["kind"] == "unit":
        canvas.setFont("ref-sans", 8)
        for x, label in ((8 * mm, f"ATK {card['atk']}"), (WIDTH - 8 * mm, f"DEF {card['def']}")):
            canvas.circle(x, 7 * mm, 4 * mm)
            canvas.drawCentredString(x, 6 * mm, label.split()[1])
    canvas.setFont("ref-sans", 5)
    canvas.drawString(5 * mm, 3 * mm, card["id"])


def main() -> None:
    for name, file in (("ref-title", "Cinzel.ttf"), ("ref-body", "EBGaramond12-Regular.ttf"),
                       ("ref-sans", "DejaVuSans.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(REPO / "fonts" / file)))
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4, invariant=1, pageCompression=1)
    fronts = [card for card in cards() for _ in range(card["copies"])]
    left, bottom = (A4[0] - 3 * WIDTH) / 2, (A4[1] - 3 * HEIGHT) / 2
    for index, card in enumerate(fronts):
        if not canvas.hasForm(card["id"]):
            canvas.beginForm(card["id"], 0, 0, WIDTH, HEIGHT)
            draw_front(canvas, card)
            canvas.endForm()
        row, column = divmod(index % 9, 3)
        canvas.saveState()
        canvas.translate(left + column * WIDTH, bottom + (2 - row) * HEIGHT)
        canvas.doForm(card["id"])
        canvas.restoreState()
        if index % 9 == 8:
            canvas.showPage()
    canvas.save()
    print(f"{len(fronts)} fronts, {len(buffer.getvalue()) // 1024} kB", file=sys.stderr)


if __name__ == "__main__":
    main()
