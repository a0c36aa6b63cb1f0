"""Where each message is printed: the English kit (cards, rulebook, score sheet, tokens, calibration sheet) made in
memory, each message looked up on its product's pages by the start of its text, and a crop of the page around the
place it was found (the full width of the page, a band above and below), as a small grey PNG for the messages page."""
from __future__ import annotations

import hashlib
import re
from io import BytesIO
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

import pypdfium2
from PIL import Image

from ..context import BuildContext, BuildOptions
from ..i18n.catalogs import SOURCE_LANG
from ..products import PRODUCTS
from ..core.problems import ProblemsFound, raise_if_errors
from ..core.units import MM
from ..core.disk_cache import DiskCache, source_digest
from ..export.images import renderer_versions
from ..validate.text_scan import BRACE, PERCENT
from .model import MessageRow

CROP_DPI = 100
BAND = 18 * MM  # of the page shown above and below the message's first words
NEEDLE_WORDS = 4  # the words of a message's start looked up on the pages
POINTS_PER_INCH = 72
SCALE = CROP_DPI / POINTS_PER_INCH
# the messages page's sections -> the English kit's files they are printed in
BOOKS = ("rulebook.pdf", "rules-reference.pdf", "quickref.pdf")  # Learn to Play, Rules Reference, quick reference
PRINTED_IN = {"Rulebook": BOOKS, "Calibration sheet": ("calibration.pdf",),
              "Score sheet and tokens": ("scoresheet.pdf", "tokens.pdf", *BOOKS), "Card terms": ("cards/",)}
PLACEHOLDERS = re.compile(f"{PERCENT.pattern}|{BRACE.pattern}")
WORD = re.compile(r"\w+")
PRINTED = DiskCache("proof-printed", "where the English kit prints each message: its crop (PNG) and caption",
                    "the English kit's files and bytes, each message's anchor, section and words sought, the versions "
                    "of Pillow, its JPEG and zlib libraries, pypdfium2 and PDFium, and pnp's placement code",
                    "pnp.proof.placement.PRINTED")


@dataclass(frozen=True)
class Printed:
    """A message's place in the English kit: the crop's PNG and what it shows."""

    png: bytes
    caption: str


def english_kit(ctx: BuildContext) -> dict[str, bytes]:
    """The English kit's PDFs by their path in the kit (e.g. "rulebook.pdf", "cards/rome.pdf"); empty when the kit
    cannot be made (its problems are the validator's)."""
    ctx = BuildContext(ctx.project, ctx.inputs, BuildOptions(langs=(SOURCE_LANG,)), ctx.fonts, ctx.art, (SOURCE_LANG,))
    files: dict[Path, bytes] = {}
    try:
        for product in PRODUCTS:  # the calibration sheet too: on A4, for the long edge
            composed = product.compose(ctx)
            raise_if_errors(composed.problems)
            files.update(product.render(composed))
    except ProblemsFound:
        return {}
    return {path.relative_to(SOURCE_LANG).as_posix(): data for path, data in sorted(files.items())}


def needles(msgid: str) -> list[str]:
    """What to look up for a message, the surest first: the first words of its first run of text of its own (two
    words or more, else its longest), placeholders and quotes left out; the same run shortened word by word, as a
    line may end after any of them."""
    runs = [run.strip(" “”„\"'():.,;") for run in PLACEHOLDERS.sub("\0", msgid.split("\n")[0]).split("\0")]
    run = next((run for run in runs if len(run.split()) > 1), max(runs, key=len))
    words = run.split()[:NEEDLE_WORDS]
    return [" ".join(words[:count]) for count in range(len(words), 0, -1) if len(" ".join(words[:count])) > 1]


def kept_placements(kit: Mapping[str, bytes], rows: Sequence[MessageRow]) -> dict[str, Printed]:
    """`placements`, kept across runs (PRINTED) for the kit and messages they were found for."""
    key = hashlib.sha256()
    for name, pdf in sorted(kit.items()):
        key.update(f"{name}\0{len(pdf)}\0".encode() + pdf)
    for row in rows:
        key.update("\0".join([row.anchor, row.section, *needles(row.msgid), "\n"]).encode())
    key.update(source_digest(__name__) + renderer_versions())
    kept = PRINTED.value(SOURCE_LANG, key.digest(), lambda: {anchor: (place.png, place.caption)
                                                              for anchor, place in placements(kit, rows).items()})
    return {anchor: Printed(png, caption) for anchor, (png, caption) in kept.items()}


def placements(kit: Mapping[str, bytes], rows: Sequence[MessageRow]) -> dict[str, Printed]:
    """Message anchor -> where it is printed, for the messages found in the files of their section: where its
    words are set largest (a heading rather than its line in the contents or the running header)."""
    best: dict[str, tuple[float, str, int, list]] = {}  # anchor -> (size, file, page index, character boxes)
    documents = {name: pypdfium2.PdfDocument(pdf) for name, pdf in kit.items()}
    try:
        for name, document in documents.items():
            wanted = [(row.anchor, texts) for row in rows if (texts := needles(row.msgid))
                      and any(name.startswith(prefix) for prefix in PRINTED_IN.get(row.section, ()))]
            for index, page in enumerate(document if wanted else ()):
                textpage = page.get_textpage()
                text = textpage.get_text_range()  # read once: what cannot be on the page is not sought
                for anchor, texts in wanted:
                    for hit in _hits(textpage, [needle for needle in texts if _may_hold(text, needle)]):
                        size = pypdfium2.raw.FPDFText_GetFontSize(textpage.raw, hit[0])
                        if anchor not in best or size > best[anchor][0] + 0.01:
                            boxes = [textpage.get_charbox(i) for i in range(hit[0], hit[0] + hit[1])]
                            best[anchor] = (size, name, index, boxes)
        rendered: dict[tuple[str, int], Image.Image] = {}  # grey: the place is what it shows, and a grey PNG is
        for _, name, index, _ in best.values():  # made 8 times faster than a palette one
            if (name, index) not in rendered:
                rendered[(name, index)] = documents[name][index].render(scale=SCALE).to_pil().convert("L")
        crops: dict[tuple[str, int, int, int], bytes] = {}  # messages on the same lines share their crop
        found = {}
        for anchor, (_, name, index, boxes) in sorted(best.items()):
            band = _band(rendered[(name, index)].height, boxes)
            if (name, index, *band) not in crops:
                crops[(name, index, *band)] = _crop(rendered[(name, index)], band)
            found[anchor] = Printed(crops[(name, index, *band)], f"{name}, page {index + 1}")
        return found
    finally:
        for document in documents.values():
            document.close()


def _hits(textpage, texts: Sequence[str]) -> list[tuple[int, int]]:
    """Every place of the page where the first of `texts` found on it is (character index, count)."""
    for text in texts:
        searcher = textpage.search(text, match_case=True, match_whole_word=True)
        hits = list(iter(searcher.get_next, None))
        if hits:
            return hits
    return []


def _may_hold(text: str, needle: str) -> bool:
    """Whether the page's `text` may hold `needle`: it holds each run of letters and digits of it (PDFium's search
    matches those as they are, case and all, and only the spaces between words loosely)."""
    return all(run in text for run in WORD.findall(needle))


def _band(height: int, boxes: Sequence[tuple[float, float, float, float]]) -> tuple[int, int]:
    """The rows of a page's image of `height` pixels from a band above the found words to a band below them."""
    page_height = height / SCALE
    top, bottom = max(box[3] for box in boxes), min(box[1] for box in boxes)
    return max(0, round((page_height - top - BAND) * SCALE)), min(height, round((page_height - bottom + BAND) * SCALE))


def _crop(image: Image.Image, band: tuple[int, int]) -> bytes:
    """The page's full width between the rows of `band`, as a PNG."""
    buffer = BytesIO()
    image.crop((0, band[0], image.width, band[1])).save(buffer, "PNG")
    return buffer.getvalue()
