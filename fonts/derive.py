"""Derive the kit's text fonts from the bundled originals by freezing OpenType features into the character map.

ReportLab does no OpenType shaping, so a feature only prints when it is frozen into the font:

- EB Garamond PnP (Regular, Italic, Bold): `lnum`, lining figures by default (the originals default to old-style
  figures, whose 1 reads as an I and 0 as an o), so every number in every product is in the text face.
- EB Garamond PnP Tabular: the Regular with `lnum` and then `tnum`, lining figures of one width, for figures that
  stand in columns (tables, the score sheet). The Bold's default figures are tabular lining figures already.
- Cinzel PnP TR: the Turkish `locl` (script latn, language TRK): the small capital i keeps its dot (İ), the
  dotless ı prints as I. Used for Turkish text only; the game's title keeps the original Cinzel.

The SIL OFL 1.1 lets modified versions be distributed under a new name (no Reserved Font Name is declared for
either family); the licences stay beside the fonts. Run from the repository root to rebuild the derived files:

    python fonts/derive.py
"""
from __future__ import annotations

from pathlib import Path

from fontTools.ttLib import TTFont
from fontTools.ttLib.tables.otBase import USE_HARFBUZZ_REPACKER
from fontTools.varLib.instancer import instantiateVariableFont

FONTS = Path(__file__).resolve().parent

LINING = ("lnum", None, None)
# derived file -> (source file, new family name, style name, the (feature, script, language)s to freeze, in order)
DERIVED = {
    "EBGaramondPnP-Regular.ttf": ("EBGaramond12-Regular.ttf", "EB Garamond PnP", "Regular", (LINING,)),
    "EBGaramondPnP-Italic.ttf": ("EBGaramond12-Italic.ttf", "EB Garamond PnP", "Italic", (LINING,)),
    "EBGaramondPnP-Bold.ttf": ("src/EBGaramond-Bold.ttf", "EB Garamond PnP", "Bold", (LINING,)),
    "EBGaramondPnPTabular-Regular.ttf": ("EBGaramond12-Regular.ttf", "EB Garamond PnP Tabular", "Regular",
                                         (LINING, ("tnum", None, None))),
    "CinzelPnP-TR.ttf": ("Cinzel.ttf", "Cinzel PnP TR", "Regular", (("locl", "latn", "TRK "),)),
}


def _lookup_indices(font: TTFont, feature: str, script: str | None, language: str | None) -> list[int]:
    """The GSUB lookups of `feature`, for one script's language system when given, else of every record."""
    gsub = font["GSUB"].table
    records = gsub.FeatureList.FeatureRecord
    if script is None:
        wanted = [i for i, record in enumerate(records) if record.FeatureTag == feature]
    else:
        script_table = next(s.Script for s in gsub.ScriptList.ScriptRecord if s.ScriptTag == script)
        langsys = next(r.LangSys for r in script_table.LangSysRecord if r.LangSysTag == language)
        wanted = [i for i in langsys.FeatureIndex if records[i].FeatureTag == feature]
    return sorted({index for i in wanted for index in records[i].Feature.LookupListIndex})


def _substitutions(font: TTFont, lookups: list[int]) -> dict[str, str]:
    """glyph -> glyph of the single substitutions (GSUB type 1, also inside extension lookups)."""
    mapping: dict[str, str] = {}
    for index in lookups:
        lookup = font["GSUB"].table.LookupList.Lookup[index]
        for subtable in lookup.SubTable:
            subtable = getattr(subtable, "ExtSubTable", subtable)
            mapping.update(getattr(subtable, "mapping", {}) or {})
    if not mapping:
        raise SystemExit(f"no single substitutions in lookups {lookups}")
    return mapping


def _rename(font: TTFont, family: str, style: str) -> None:
    """Give the derived font its own family name (OFL: a modified version must not use the original's name)."""
    name = font["name"]
    full = family if style == "Regular" else f"{family} {style}"
    postscript = f"{family}-{style}".replace(" ", "")
    for record_id in (16, 17, 21, 22):
        name.removeNames(nameID=record_id)
    for record_id, value in ((1, family), (2, style), (3, f"{postscript};pnp-derived"), (4, full), (6, postscript)):
        name.setName(value, record_id, 3, 1, 0x409)
        name.setName(value, record_id, 1, 0, 0)


def derive(target: str, directory: Path = FONTS) -> Path:
    """Write the derived font `target` into `directory` (the fonts folder itself by default)."""
    source, family, style, features = DERIVED[target]
    font = TTFont(FONTS / source, recalcTimestamp=False)
    if "fvar" in font:  # Cinzel is a variable font: keep its default (regular) instance only
        font = instantiateVariableFont(font, {axis.axisTag: axis.defaultValue for axis in font["fvar"].axes})
    for feature, script, language in features:
        mapping = _substitutions(font, _lookup_indices(font, feature, script, language))
        for table in font["cmap"].tables:
            if table.isUnicode():
                table.cmap = {code: mapping.get(glyph, glyph) for code, glyph in table.cmap.items()}
    _rename(font, family, style)
    font["head"].modified = font["head"].created  # no time stamp: the same sources give the same bytes
    # fontTools packs the layout tables with HarfBuzz's repacker when uharfbuzz is installed (hyperglot brings it):
    # other bytes; the pure-Python packer made the fonts shipped, whatever else is installed
    font.cfg[USE_HARFBUZZ_REPACKER] = False
    path = directory / target
    font.save(path)
    return path


if __name__ == "__main__":
    for name in DERIVED:
        print(derive(name).relative_to(FONTS.parent))
