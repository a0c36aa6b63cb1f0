"""Drawings a PDF stores once: a form XObject defined on first use, every further use a reference to it; and
drawings a process makes once: the operators of a drawing that is the same in every PDF, added again."""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable, Hashable

from reportlab.pdfgen.canvas import Canvas

from ..adapters.reportlab_canvas import Taken, draw_again, drawn_marks, drawn_since
from ..core.caches import register

Definition = tuple[str, tuple[float, float, float, float], Callable[[Canvas], None]]
_RECORDING: list[list[Definition]] = []  # the define_once calls of each drawing being recorded


def define_once(canvas: Canvas, name: str, bbox: tuple[float, float, float, float],
                draw: Callable[[Canvas], None]) -> None:
    """Define the form `name` (what `draw(canvas)` draws inside `bbox`, in the form's own coordinates) unless the
    PDF has it already; `canvas.doForm(name)` then draws it in the current graphics state (a form that sets no
    colour takes the current one). May be called while another form is being defined."""
    for definitions in _RECORDING:
        definitions.append((name, bbox, draw))
    if not canvas.hasForm(name):
        canvas.beginForm(name, *bbox)
        draw(canvas)
        canvas.endForm()


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


def draw_recorded(canvas: Canvas, key: Hashable, draw: Callable[[Canvas], None]) -> None:
    """What `draw(canvas)` draws, which must depend only on `key` and not on the canvas's state (it sets every
    colour and width it uses): drawn the first time, the same operators added again after (the forms it uses
    defined as it defined them). The caller saves and restores the graphics state around it."""
    drawn = _DRAWN.get(key)
    if drawn is None:
        definitions: list[Definition] = []
        _RECORDING.append(definitions)
        marks = drawn_marks(canvas)
        try:
            draw(canvas)
        finally:
            _RECORDING.remove(definitions)
        _DRAWN[key] = Drawn(tuple(definitions), drawn_since(canvas, marks))
        if len(_DRAWN) > DRAWN_MAX:
            _DRAWN.popitem(last=False)
        return
    for name, bbox, define in drawn.definitions:
        define_once(canvas, name, bbox, define)
    draw_again(canvas, drawn.taken)
