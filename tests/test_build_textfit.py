"""Text fitting: the largest size that fits, never below the minimum, never a broken word; problems name the card."""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from io import BytesIO

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.typeset.fonts import fonts_for, register_fonts
from pnp.typeset.hyphenation import breaks_for
from pnp.cards.layout import card_layout
from pnp.core.geometry import Box, TextStyle
from pnp.layouts.schemas import LAYOUTS
from pnp.i18n.localize import localize_cards
from pnp.pages.pdfout import DocumentInfo, new_canvas
from pnp.project import Project, load_inputs
from product_helpers import card_fit_problems, card_glyph_problems
from pnp.cards.checks import compose_language
from pnp.cards.faces import compose_front, fit_name
from pnp.cards.labels import card_labels
from pnp.typeset.draw_text import draw_text
from pnp.typeset.textfit import fit_text, runs_width, set_runs, shrink_to_fit, units, wrap
from pnp.core.units import MM

FONTS = register_fonts(Project().fonts)
BODY = FONTS["body"]
STYLE = TextStyle("body", 10.0, 6.0, 1.2, 0)


def test_numbers_signs_and_one_letter_words_stay_with_the_next_word():
    assert units("gains 1 ATK and + 2 DEF") == ["gains", "1 ATK", "and", "+ 2 DEF"]
    assert units("zmień w Obronie i 2 OBR") == ["zmień", "w Obronie", "i 2 OBR"]
    assert units("level < 5 unit") == ["level", "< 5 unit"]


def test_lines_break_only_at_spaces_and_never_exceed_the_width():
    text = "Stelle 1 Infanterie- oder Fernkampfinfanterie-Einheit der Stufe < 5 aus deiner Hand auf."
    lines = wrap(text, BODY, 8, 120)
    assert " ".join(lines) == text
    assert all(stringWidth(line, BODY, 8) <= 120 for line in lines)
    assert wrap("Fernkampfinfanterie-Einheit", BODY, 8, 40) is None  # a word wider than the box: no hyphenation
    # a line that fits whole is set as the greedy lines would set it: its words one space apart
    assert wrap(" Stelle  1 Einheit \nauf. ", BODY, 8, 120) == ("Stelle 1 Einheit", "auf.")


def test_a_line_exactly_as_wide_as_the_box_fits_in_every_font_at_every_size(inputs):
    """Lines are measured as the sums of their words' widths (pnp.typeset.textfit._Ruler), which must be exactly
    ReportLab's width: a box exactly as wide as ReportLab measures the first k words takes exactly those k words,
    in every font of the kit, at sizes on and off the fitting step (a width 1 ulp off moves a word)."""
    effects = " ".join(lc.effect for lc in localize_cards(inputs.cards, inputs.catalogs["pl"]))
    words = [w for w in effects.split() if w.isalpha() and len(w) > 1][:400]
    checked = 0
    for font in dict.fromkeys(FONTS.values()):
        for start in range(0, 360, 9):
            for k, size in ((3, 8.0), (4, 7.25), (5, 9.1234), (2, 11.75)):
                first = " ".join(words[start:start + k])
                lines = wrap(f"{first} {words[start]}", font, size, stringWidth(first, font, size))
                assert lines == (first, words[start]), (font, size, first)
                checked += 1
    assert checked > 1000


def test_a_short_text_gets_the_default_size_and_a_long_one_the_largest_that_fits():
    short = fit_text("Draw 1 card.", BODY, STYLE, 100, 40, 0.25)
    assert short.fits and short.size == 10.0
    long = fit_text("Draw 1 card, then discard 1 card. " * 6, BODY, STYLE, 100, 60, 0.25)
    assert long.fits and 6.0 <= long.size < 10.0 and long.height <= 60
    bigger = fit_text(long.text, BODY, replace(STYLE, min_size=long.size + 0.25, size=long.size + 0.25), 100, 60, 0.25)
    assert not bigger.fits  # the next size up would not fit: it is the largest


def test_a_text_that_cannot_fit_is_marked_and_set_at_the_minimum():
    fitted = fit_text("Draw 1 card, then discard 1 card. " * 40, BODY, STYLE, 100, 60, 0.25)
    assert not fitted.fits and fitted.size == STYLE.min_size


def test_long_names_go_onto_two_balanced_lines_and_never_break_inside_a_word():
    layout = card_layout(LAYOUTS)
    name = fit_name("Hannibal Barkas, Meister der Umfassung", layout, FONTS)
    assert name.fits and len(name.lines) == 2 and " ".join(name.lines) == "Hannibal Barkas, Meister der Umfassung"
    assert name.lines[0].endswith(",")
    short = fit_name("Testudo", layout, FONTS)
    assert short.lines == ("Testudo",) and short.size == layout.front.name.style.size
    compound = fit_name("Torsionsgeschütz-Mannschaft", layout, FONTS)  # one line would need 8.75 pt
    assert compound.lines == ("Torsionsgeschütz-", "Mannschaft") and compound.size >= layout.front.name.one_line_min
    archers = fit_name("Römische Hilfsbogenschützen", layout, FONTS)  # one line only at 9.25 pt: two are larger
    assert archers.lines == ("Römische", "Hilfsbogenschützen") and archers.size == 9.5


def test_every_name_of_the_141_cards_is_at_least_9_pt_in_every_language():
    """Names take two lines rather than shrink below `one_line_min` (9 pt) — a compound too long for one line breaks
    after its own hyphen."""
    all_inputs = load_inputs(Project(), ("de", "pl", "tr", "es", "pt"))
    layout = card_layout(LAYOUTS)
    for lang, catalog in all_inputs.catalogs.items():
        labels = card_labels(catalog)
        for lc in localize_cards(all_inputs.cards, catalog):
            name = compose_front(lc, labels, layout, FONTS).name
            assert name.fits and name.size >= layout.front.name.one_line_min, (lang, lc.card.id, name.size)


@pytest.fixture(scope="module")
def inputs():
    return load_inputs(Project(), ("pl", "tr"))


def test_a_text_too_long_for_its_card_is_a_problem_naming_card_language_and_field(inputs):
    catalog = inputs.catalogs["pl"]
    cards = localize_cards(inputs.cards, catalog)
    labels, layout = card_labels(catalog), card_layout(LAYOUTS)
    long = [replace(lc, effect=lc.effect + " bardzo długo" * 80) if lc.card.id == "rome.testudo" else lc
            for lc in cards]
    [problem] = card_fit_problems(long, labels, layout, FONTS)
    assert problem.code == "text-does-not-fit"
    assert (problem.where.card, problem.where.lang, problem.where.field) == ("rome.testudo", "pl", "effect")
    assert card_fit_problems(cards, labels, layout, FONTS) == []


def test_a_character_missing_from_its_font_is_a_problem(inputs):
    catalog = inputs.catalogs["tr"]
    cards = localize_cards(inputs.cards, catalog)
    labels, layout = card_labels(catalog), card_layout(LAYOUTS)
    odd = [replace(lc, name=lc.name + " ☭") if lc.card.id == "sparta.spartan-hoplites" else lc for lc in cards]
    [problem] = card_glyph_problems(odd, labels, layout, FONTS)
    assert problem.code == "glyph-missing" and "U+262D" in problem.message
    assert (problem.where.card, problem.where.lang, problem.where.field) == ("sparta.spartan-hoplites", "tr", "name")


def test_every_effect_of_the_141_cards_fits_in_all_five_languages_at_or_above_the_minimum():
    all_inputs = load_inputs(Project(), ("de", "pl", "tr", "es", "pt"))
    layout = card_layout(LAYOUTS)
    minimum = layout.front.effect.style.min_size
    for lang, catalog in all_inputs.catalogs.items():
        labels = card_labels(catalog)
        faces = [compose_front(lc, labels, layout, FONTS) for lc in localize_cards(all_inputs.cards, catalog)]
        assert len(faces) == 141
        for face in faces:
            assert face.effect.fits and face.effect.size >= minimum, (lang, face.card.id)
            area = face.effect_area
            assert face.effect.height <= area.height * MM + 1e-6
            assert face.effect.width() <= area.width * MM + 1e-6



def _drawn(text: str, role: str, lang: str) -> tuple[Image.Image, str]:
    """`text` drawn with draw_text for `lang`: the pixels and the text read back."""
    buffer = BytesIO()
    canvas = new_canvas(buffer, (60 * MM, 12 * MM), DocumentInfo("test", "test", lang))
    fitted = fit_text(text, fonts_for(FONTS, lang)[role], TextStyle(role, 20, 20), 60 * MM, 12 * MM, 0.25)
    draw_text(canvas, fitted, Box(0, 0, 60, 12), "center")
    canvas.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    page = document[0]
    image = page.render(scale=4, grayscale=True).to_pil().convert("L")
    text_read = page.get_textpage().get_text_range()
    document.close()
    return image, text_read


def test_turkish_small_capitals_keep_the_dot_of_the_i_and_still_read_as_i():
    """Cinzel sets lowercase as small capitals and drops the dot of i, which Turkish needs to tell i from ı: Turkish
    text gets the Turkish Cinzel (its locl frozen, fonts/derive.py); the game's title ("brand") never does."""
    dotted, text = _drawn("bir", "title", "tr")
    plain, _ = _drawn("bir", "title", "de")
    assert text == "bir"
    difference = ImageChops.difference(dotted, plain).getbbox()
    assert difference is not None and difference[3] < plain.height / 2  # an extra mark, above the middle line
    dotless, text = _drawn("kılıç", "title", "tr")
    assert text == "kılıç" and ImageChops.difference(dotless, _drawn("kılıç", "title", "de")[0]).getbbox() is None
    brand_tr, _ = _drawn("Ancient Duel", "brand", "tr")
    brand_de, _ = _drawn("Ancient Duel", "brand", "de")
    assert ImageChops.difference(brand_tr, brand_de).getbbox() is None
    garamond_tr, _ = _drawn("bir", "body", "tr")
    garamond_de, _ = _drawn("bir", "body", "de")
    assert ImageChops.difference(garamond_tr, garamond_de).getbbox() is None  # its i has a dot: nothing added


def _breaks(fitted) -> list[tuple[str, str, str]]:
    """How each line of a fitted text ends: (kind, word before, word after) with kind "space", "newline",
    "explicit" (after a hyphen or slash of the text) or "hyphen" (a hyphen added); checks the lines spell the text."""
    text, position, result = fitted.text, 0, []
    for index, line in enumerate(fitted.lines):
        added = line.endswith("-") and index < len(fitted.lines) - 1 and not text.startswith(line, position)
        body = line[:-1] if added else line
        assert text.startswith(body, position), (text, fitted.lines)
        position += len(body)
        if index == len(fitted.lines) - 1:
            break
        before = text[:position].split()[-1] if text[:position].split() else ""
        if text[position] in " \n":
            kind = "space" if text[position] == " " else "newline"
            position += 1
        else:
            kind = "hyphen" if added else "explicit"
        result.append((kind, before, text[position:].split()[0]))
    assert position == len(text), (text, fitted.lines)
    return result


def test_effect_texts_are_hyphenated_but_never_inside_numbers_or_quoted_card_names():
    all_inputs = load_inputs(Project(), ("de", "pl", "tr", "es", "pt"))
    layout = card_layout(LAYOUTS)
    for lang, catalog in all_inputs.catalogs.items():
        labels = card_labels(catalog)
        kinds = []
        for lc in localize_cards(all_inputs.cards, catalog):
            for kind, before, after in _breaks(compose_front(lc, labels, layout, FONTS).effect):
                kinds.append(kind)
                if kind == "hyphen":
                    word = before + after
                    assert not any(ch.isdigit() for ch in word) and not any(q in word for q in "„“”\"«»’'"), \
                        (lang, lc.card.id, before, after)
        assert kinds.count("hyphen") >= 1, lang  # every language hyphenates (Turkish from its syllable rule), sparingly


def test_no_line_of_an_effect_text_ends_short_of_60_percent_of_the_box_unless_a_paragraph_ends():
    """"Wird diese Karte in / Verteidigungsposition…" once left first lines at 44 %: a number keeps its word only
    while that leaves the line above at least SHORT_LINE (60 %) full."""
    all_inputs = load_inputs(Project(), ("de", "pl", "tr", "es", "pt"))
    layout = card_layout(LAYOUTS)
    for lang, catalog in all_inputs.catalogs.items():
        labels = card_labels(catalog)
        for lc in localize_cards(all_inputs.cards, catalog):
            face = compose_front(lc, labels, layout, FONTS)
            effect, width = face.effect, face.effect_area.width * MM
            ends = _breaks(effect)
            for line, (kind, _, _) in zip(effect.lines, ends):
                if kind != "newline":
                    assert stringWidth(line, effect.font, effect.size) >= 0.6 * width, (lang, lc.card.id, line)


def test_turkish_capitals_hyphenate_like_their_small_letters():
    breaks = breaks_for("tr")
    assert breaks("İstihkâmcı") == breaks("istihkâmcı") == ((5, True),)  # istih-kâmcı: 3 letters kept at each end
    assert breaks("Nil’in") == () and breaks("12’nin") == ()
    assert breaks_for("en") is None


def test_runs_set_figures_in_the_figure_font_and_lacking_characters_in_the_fallback():
    sans = FONTS["sans"]
    pieces = set_runs("80 g/m² ♚", BODY, 10.0, sans, 0.8, sans)
    assert pieces == [("80", sans, 8.0), (" g/m", BODY, 10.0), ("²", sans, 8.0), (" ", BODY, 10.0),
                      ("♚", sans, 10.0)]
    assert runs_width(pieces) == pytest.approx(sum(stringWidth(p, f, s) for p, f, s in pieces))
    assert set_runs("80 ♚", BODY, 10.0) == [("80 ♚", BODY, 10.0)]  # no figure font, no fallback: one run
    # neighbouring characters of one kind make one run: a digit group and a superscript figure, two lacking glyphs
    assert set_runs("m³2² ♚♚", BODY, 10.0, sans, 0.8, sans) == [("m", BODY, 10.0), ("³2²", sans, 8.0),
                                                                (" ", BODY, 10.0), ("♚♚", sans, 10.0)]


def test_shrink_to_fit_takes_the_largest_fitting_size_and_reports_the_minimum_otherwise():
    tried = []
    result = shrink_to_fit(STYLE, 0.5, lambda size: tried.append(size) or size, lambda size: size <= 8.2)
    assert result == (8.0, True) and tried == [10.0, 9.5, 9.0, 8.5, 8.0]
    assert shrink_to_fit(STYLE, 1.5, lambda size: size, lambda size: False) == (6.0, False)


def test_dictionaries_read_on_demand_hyphenate_every_catalog_word_like_pyphen():
    """pnp reads a dictionary's patterns when a word first needs them (0.36 s less for German); every word of every
    catalog gets exactly the places pyphen's own reading of the whole file gives."""
    import pyphen

    words = {word for path in Path("locales").rglob("*.po")
             for word in re.findall(r"\w+", path.read_text(encoding="utf-8").lower())}
    assert len(words) > 3000
    for lang in ("de", "pl", "tr", "es", "pt"):
        lazy = breaks_for(lang).dictionary.hd
        eager = pyphen.HyphDict(next(path for path, table in pyphen.hdcache.items() if table is lazy))
        assert len(lazy.patterns) < len(eager.patterns)  # read on demand
        different = [word for word in sorted(words)
                     if [(int(p), getattr(p, "data", None)) for p in lazy.positions(word)]
                     != [(int(p), getattr(p, "data", None)) for p in eager.positions(word)]]
        assert not different, (lang, different[:5])


def test_grouped_patterns_are_the_patterns_read_and_made_as_words_look_into_them():
    """A pattern file's patterns as the hyphenation cache keeps them (pnp.typeset.hyphenation.grouped: groups by their
    first letters, plain strings that load quickly) are the patterns read: every letter sequence a word looks up is
    found with its pattern exactly when it is one; looking up a word makes only the groups it looks into."""
    import marshal
    import pyphen
    from pnp.adapters.pyphen_internals import pattern_lines
    from pnp.typeset.hyphenation import PatternLines, grouped

    lines = pattern_lines(Path(pyphen.LANGUAGES[pyphen.language_fallback("de_DE")]).read_bytes())
    patterns = PatternLines(*marshal.loads(marshal.dumps(grouped(lines))))  # as the cache stores and reads them
    assert patterns.longest == max(map(len, lines)) and not patterns.made
    for word in (".verteidigungsposition.", ".kavallerieeinheit.", ".schaden."):
        looked_up = {word[i:j] for i in range(len(word)) for j in range(i + 1, len(word) + 1)}
        found = {letters: patterns[letters] for letters in looked_up if letters in patterns}
        assert found == {letters: lines[letters] for letters in looked_up & lines.keys()} != {}
    assert 0 < len(patterns.made) < len(patterns.groups) / 20
    assert dict(patterns) == lines and len(patterns) == len(lines)


def hyphenation_rates() -> dict[str, tuple[int, int, list[tuple[str, ...]]]]:
    """Per language: effect and bonus lines of every card as the build fits them, how many end in a hyphen, and the
    texts' lines."""
    all_inputs = load_inputs(Project(), ("de", "pl", "tr", "es", "pt"))
    layout = card_layout(LAYOUTS)
    rates = {}
    for lang, catalog in all_inputs.catalogs.items():
        fronts, _ = compose_language(localize_cards(all_inputs.cards, catalog), card_labels(catalog), layout, FONTS)
        texts = [text.lines for face in fronts for text in (face.effect, face.bonus) if text]
        rates[lang] = (sum(map(len, texts)), sum(line.endswith("-") for lines in texts for line in lines), texts)
    return rates


def test_hyphenation_a_typesetter_would_accept():
    """At most two hyphenated line ends in a row, never a last line that is only a word's tail of five letters or
    fewer, three letters at least on each side of a break, and at most 12 % of the German lines ending in a hyphen
    (the rates per language are in docs/typesetting.md)."""
    rates = hyphenation_rates()
    for lang, (count, hyphenated, texts) in rates.items():
        for lines in texts:
            ends = "".join("1" if line.endswith("-") else "0" for line in lines)
            assert "111" not in ends, (lang, lines)
            if len(lines) > 1 and lines[-2].endswith("-") and " " not in lines[-1]:
                assert sum(ch.isalpha() for ch in lines[-1]) > 5, (lang, lines)
            for head, tail in zip(lines, lines[1:]):
                if head.endswith("-") and head[-2:-1].isalpha():
                    broken = head.split()[-1][:-1].split("-")[-1]
                    assert len(broken) >= 3 and sum(ch.isalpha() for ch in tail.split()[0]) >= 3, (lang, head, tail)
    count, hyphenated, _ = rates["de"]
    assert hyphenated / count <= 0.12, hyphenated / count


def test_a_third_hyphen_in_a_row_and_a_short_tail_are_set_otherwise(monkeypatch):
    """Texts and widths where breaking without the rules gives three hyphens in a row or a last line of a word's
    four-letter tail; with the rules, neither."""
    from pnp.typeset import textfit
    from pnp.typeset.hyphenation import breaks_for
    body, german = FONTS["body"], breaks_for("de")
    ends = lambda lines: "".join("1" if line.endswith("-") else "0" for line in lines or ())  # noqa: E731
    tail = lambda lines: bool(lines) and len(lines) > 1 and lines[-2].endswith("-") and " " not in lines[-1] \
        and sum(ch.isalpha() for ch in lines[-1]) <= 5  # noqa: E731
    many = ("Die Verteidigungspositionen aller Belagerungseinheiten und Fernkampfinfanterieeinheiten verhindern "
            "Streitwagenangriffe und Kriegselefantenangriffe")
    short = "Wähle eine Einheit und lass sie sofort einen Kampf durchführen."
    with monkeypatch.context() as unruled:
        unruled.setattr(textfit, "HYPHENS_IN_A_ROW", 99)
        unruled.setattr(textfit, "SHORT_TAIL", 0)
        three = [width for width in range(100, 200) if "111" in ends(wrap(many, body, 9.6, width, breaks=german))]
        tails = [width for width in range(100, 200) if tail(wrap(short, body, 9.6, width, breaks=german))]
    assert three and tails
    assert not any("111" in ends(wrap(many, body, 9.6, width, breaks=german)) for width in three)
    assert not any(tail(wrap(short, body, 9.6, width, breaks=german)) for width in tails)
