"""Drawings a PDF stores once: a form XObject defined on first use, every further use a reference to it; the streams
of a PDF's pages and forms compressed by its canvas (`FlateCanvas`: where the caller keeps a `kept_streams` table,
once across runs); and drawings a process makes once: the operators of a drawing that is the same in every PDF,
added again (and, where the caller gives a `StoredDrawings`, kept across runs in the user's cache folder)."""
from __future__ import annotations

import hashlib
import zlib
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Hashable, Iterator, Mapping

from reportlab.pdfgen.canvas import Canvas

from ..adapters.reportlab_canvas import Taken, compress_pages, draw_again, drawn_marks, drawn_since, end_form
from ..core.caches import register
from ..core.disk_cache import DiskCache, SlotTable

Definition = tuple[str, tuple[float, float, float, float], Callable[[Canvas], None]]
_RECORDING: list[list[Definition]] = []  # the define_once calls of each drawing being recorded


Compress = Callable[[bytes], bytes]  # zlib.compress, or what gives its bytes (KeptStreams.compress)


class FlateCanvas(Canvas):
    """A canvas whose streams, its pages' and its forms', are Flate-compressed by `compress`: zlib.compress, or a
    `kept_streams` table's, which gives its bytes."""

    def __init__(self, *args, compress: Compress = zlib.compress, **kwargs):
        super().__init__(*args, **kwargs)
        self.compress = compress

    def endForm(self, **extra_attributes):
        if extra_attributes:  # a form of its own resources or annotations: ReportLab's
            return super().endForm(**extra_attributes)
        end_form(self, self.compress)

    def save(self):
        compress_pages(self, self.compress)
        super().save()


def define_once(canvas: Canvas, name: str, bbox: tuple[float, float, float, float],
                draw: Callable[[Canvas], None]) -> None:
    """Define the form `name` (what `draw(canvas)` draws inside `bbox`, in the form's own coordinates) unless the PDF
    has it already; `canvas.doForm(name)` then draws it in the current graphics state (a form that sets no colour
    takes the current one). May be called while another form is being defined."""
    for definitions in _RECORDING:
        definitions.append((name, bbox, draw))
    if not canvas.hasForm(name):
        canvas.beginForm(name, *bbox)
        draw(canvas)
        if isinstance(canvas, FlateCanvas):
            canvas.endForm()  # end_form with the canvas's compression
        else:
            end_form(canvas)


@dataclass(frozen=True)
class FormCell:
    """A cell of an imposition (pnp.pages.imposition.DrawCell) that is the form `name`: what `draw(canvas)` draws
    inside `bbox`, the cell's trim's bottom-left corner at the origin, defined once per PDF (define_once) and placed
    by reference, every copy of a card or back one form; impose_home writes a placement in one step."""

    name: str
    bbox: tuple[float, float, float, float]
    draw: Callable[[Canvas], None]

    def define(self, canvas: Canvas) -> None:
        define_once(canvas, self.name, self.bbox, self.draw)

    def __call__(self, canvas: Canvas, x: float, y: float) -> None:
        self.define(canvas)
        canvas.saveState()
        canvas.translate(x, y)
        canvas.doForm(self.name)
        canvas.restoreState()


STREAMS = DiskCache("pdf-streams", "each PDF's page and form streams Flate-compressed (zlib.compress, ReportLab's "
                    "filter), a table per slot (a PDF)", "each stream's bytes (hashed) and zlib's version",
                    "pnp.pages.forms.STREAMS", keep=512,  # a kit's PDFs: 12 × 5 languages × modes and papers
                    replaces=("form-streams",))  # the decks' forms alone, until pages were kept too


class KeptStreams(SlotTable):
    """The streams compressed in one slot: `compress` gives the bytes the slot's entry kept for a stream (by a
    hash of its bytes), else zlib.compress's (`added`); `save` stores the streams compressed through it (`used`) as
    the slot's entry when some were new, those of the older entry not compressed again dropped."""

    def __init__(self, slot: str):
        super().__init__(STREAMS, slot, f"zlib.compress {zlib.ZLIB_RUNTIME_VERSION} {slot}".encode())

    def compress(self, stream: bytes) -> bytes:
        digest = hashlib.sha256(stream).digest()
        compressed = self.kept.get(digest)
        if compressed is None:
            compressed = zlib.compress(stream)
            self.added = True
        self.used[digest] = compressed
        return compressed


@contextmanager
def kept_streams(slot: str) -> Iterator[Compress]:
    """In the block, the `compress` of the slot's table (a page's or form's stream: its Flate bytes; a FlateCanvas's
    `compress`); after it, the table saved, and the drawings kept across runs (`StoredDrawings`) that the PDF added.
    A card form's 11 kB of operators take zlib 0.25 ms, a rulebook page's 0.15 ms; the slot's table is read once."""
    table = KeptStreams(slot)
    yield table.compress
    table.save()
    for stored in _STORED:
        stored.save()


@dataclass(frozen=True)
class Drawn:
    """A drawing's operators, form uses and PDF version (`taken`), and the forms it defines when a PDF lacks them,
    in order."""

    definitions: tuple[Definition, ...]
    taken: Taken


DRAWN_MAX = 1024
_DRAWN: OrderedDict[Hashable, Drawn] = OrderedDict()
register(f"{__name__}.draw_recorded", "a drawing's PDF operators, form uses and form definitions",
         "the caller's key: everything the drawing depends on", _DRAWN.clear,
         f"never; the oldest beyond {DRAWN_MAX} entries")


_STORED: list[StoredDrawings] = []  # every kind of drawing kept across runs, saved by kept_streams


class StoredDrawings:
    """Recorded drawings of one kind kept across runs (pnp.core.disk_cache) in one table, read once per process (and
    again for another cache folder): an entry holds a drawing's operators, form uses and PDF version, and the names
    and boxes of the forms it defines, which `forms` makes again (name prefix -> the form's Definition from the rest
    of its name), by `content(key)` (a text of every value of the caller's key the drawing depends on); the table
    is keyed by `code` (a hash of the code that draws them). `save` stores the table when drawings were added, with
    those it held (up to MERGED in all: then only those this process used); every PDF saves them when it is made
    (kept_streams)."""

    SLOT = "drawings"
    MERGED = 4096  # drawings a table keeps though this process did not use them (a pool's workers draw different ones)

    def __init__(self, cache: DiskCache, code: bytes, forms: Mapping[str, Callable[[str], Definition]],
                 content: Callable[[Hashable], str] = repr):
        self.cache, self.code, self.forms, self.content = cache, code, forms, content
        self._read: tuple[Path | None, SlotTable] | None = None
        _STORED.append(self)

    def table(self) -> SlotTable:
        folder = self.cache.folder()
        if self._read is None or self._read[0] != folder:
            self._read = folder, SlotTable(self.cache, self.SLOT, self.code, merged=self.MERGED)
        return self._read[1]

    def get(self, key: Hashable) -> Drawn | None:
        content = self.content(key)
        table = self.table()
        stored = table.kept.get(content)
        try:
            names, (code, used, version) = stored
            definitions = tuple(self._definition(name, tuple(bbox)) for name, bbox in names)
            taken = (tuple(code), tuple(used), tuple(version))
        except (TypeError, ValueError):  # no entry, or one this code cannot use
            return None
        table.used[content] = stored
        return Drawn(definitions, taken)

    def put(self, key: Hashable, drawn: Drawn) -> None:
        table = self.table()
        table.used[self.content(key)] = (tuple((name, bbox) for name, bbox, _ in drawn.definitions), drawn.taken)
        table.added = True

    def save(self) -> None:
        if self._read is not None:
            self._read[1].save()

    def _definition(self, name: str, bbox: tuple) -> Definition:
        prefix = next((prefix for prefix in self.forms if name.startswith(prefix)), None)
        definition = self.forms[prefix](name[len(prefix):]) if prefix is not None else None
        if definition is None or definition[:2] != (name, bbox):
            raise ValueError(name)
        return definition


def draw_recorded(canvas: Canvas, key: Hashable, draw: Callable[[Canvas], None],
                  stored: StoredDrawings | None = None) -> None:
    """What `draw(canvas)` draws, which must depend only on `key` and not on the canvas's state (it sets every
    colour and width it uses): drawn the first time, the same operators added again after (the forms it uses
    defined as it defined them); with `stored`, also taken from and kept in the cache across runs. The caller
    saves and restores the graphics state around it."""
    drawn = _DRAWN.get(key)
    if drawn is None and stored is not None:
        drawn = stored.get(key)
        if drawn is not None:
            _remember(key, drawn)
    if drawn is None:
        definitions: list[Definition] = []
        _RECORDING.append(definitions)
        marks = drawn_marks(canvas)
        try:
            draw(canvas)
        finally:
            _RECORDING.remove(definitions)
        drawn = Drawn(tuple(definitions), drawn_since(canvas, marks))
        if not replayable(drawn.taken):
            return  # drawn; drawn afresh next time
        _remember(key, drawn)
        if stored is not None:
            stored.put(key, drawn)
        return
    for name, bbox, define in drawn.definitions:
        define_once(canvas, name, bbox, define)
    draw_again(canvas, drawn.taken)


# operators that name a resource of the PDF they are drawn in: a graphics state (an opacity or overprint: /gRLs0 gs),
# a font of its subsets, the text encoded for them
_OWN_RESOURCES = frozenset({"gs", "Tf", "Tj", "TJ", "'", '"'})


def replayable(taken: Taken) -> bool:
    """Whether recorded operators would mean the same in another PDF: they name no graphics state, font or text, and
    draw no XObject but the forms they use (which draw_recorded defines again where a PDF lacks them)."""
    code, forms, _ = taken
    tokens = " ".join(code).split()
    if not _OWN_RESOURCES.isdisjoint(tokens):
        return False
    own = {f"/FormXob.{name}" for name in forms}
    at = -1
    for _ in range(tokens.count("Do")):  # the tokens themselves looked at in C, not one by one in Python
        at = tokens.index("Do", at + 1)
        if at == 0 or tokens[at - 1] not in own:
            return False
    return True


def _remember(key: Hashable, drawn: Drawn) -> None:
    _DRAWN[key] = drawn
    if len(_DRAWN) > DRAWN_MAX:
        _DRAWN.popitem(last=False)
