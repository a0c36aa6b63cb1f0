"""Where the glyphs of a composed sheet text really put ink: the union of their outlines' bounding boxes (fontTools),
in mm, for clearance checks that the advance box and cap height would only estimate."""
from __future__ import annotations

from functools import lru_cache

from fontTools.ttLib import TTFont

from pnp.project import Project
from pnp.graphics.drawing import Text, runs, text_width
from pnp.core.values import FONT_FILES
from pnp.typeset.fonts import FONT_NAMES
from pnp.core.units import MM, PT

ROLE_OF = {name: role for role, name in FONT_NAMES.items()}


@lru_cache(maxsize=None)
def _font(name: str):
    font = TTFont(str(Project().fonts / FONT_FILES[ROLE_OF[name]]))
    return font.getBestCmap(), font["glyf"], font["hmtx"], font["head"].unitsPerEm


def ink_box(item: Text, fonts, figures) -> tuple[float, float, float, float] | None:
    """(x0, y0, x1, y1) mm of the ink of a text item set with `fonts` (role -> registered name), or None for blank."""
    width = text_width(item.text, item.font, item.size, fonts, figures)
    x = item.x * MM - {"left": 0, "center": width / 2, "right": width}[item.align]
    box = None
    for part, role, size in runs(item.text, item.font, item.size, figures):
        cmap, glyf, hmtx, upm = _font(fonts[role])
        scale = size / upm
        for char in part:
            name = cmap[ord(char)]
            glyph = glyf[name]
            if glyph.numberOfContours:
                glyph.recalcBounds(glyf)
                here = (x + glyph.xMin * scale, item.y * MM + glyph.yMin * scale, x + glyph.xMax * scale,
                        item.y * MM + glyph.yMax * scale)
                box = here if box is None else (min(box[0], here[0]), min(box[1], here[1]),
                                                max(box[2], here[2]), max(box[3], here[3]))
            x += hmtx[name][0] * scale
    return None if box is None else tuple(v * PT for v in box)
