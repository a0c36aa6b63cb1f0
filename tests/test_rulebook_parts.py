"""Parts of the rulebook: the line markup, table column widths, the catalog template kept in step with the
templates, every template message translated, every placeholder declared."""
from __future__ import annotations

import dataclasses
import os
import pickle
import signal
import subprocess
import sys
from io import BytesIO
from dataclasses import replace
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from jinja2 import Environment
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle

from pnp.i18n.catalogs import DOMAIN_INPUTS, DOMAINS
from pnp.i18n.placeholder_names import KNOWN_PLACEHOLDERS
from pnp.project import REPO, Project
from pnp.rulebook import blocks as b
from pnp.rulebook import anatomy_fronts, document_info, document_title, faction_styles, kit_facts
from pnp.rulebook.booklet import padded
from pnp.rulebook.compose import COMMANDS, PAPER_NAMES, compose, paper_free, template_context
from pnp.rulebook.kept_lines import kept_lines
from pnp.rulebook.render import BookPrint, render
from pnp.rulebook.template_cache import CompiledTemplates
from pnp.cards.layout import card_layout
from pnp.rulebook.glossary import language_terms
from pnp.rulebook.layout import page_for, rulebook_layout
from pnp.rulebook.styles import make_styles, measured_fonts, text_width
from pnp.rulebook.columns import side_by_side, table_columns
from pnp.typeset.fonts import fonts_for
from pnp.typeset.textfit import runs_width, set_runs
from pnp.core.units import MM
from pnp.typeset.fonts import register_fonts
from pnp.validate.text_scan import placeholders

from pnp.rulebook.books import BOOKS, LEARN_TO_PLAY, REFERENCE
from pnp.layouts.schemas import PAPERS
from pnp.rulebook.numbering import with_pages
from rulebook_helpers import inputs, reference_booklet_pdf, reference_pdf
from rulebook_helpers import column_widths, stacks


MARKUP = """
@title Ancient Duel
@subtitle A duel.
@tagline Rulebook
@factions Rome · Sparta
@contents Contents
@chapter[newpage] How to play
@section The goal
- Both players start with 20 points.
- Bring your opponent to 0.
# Draw.
# Refill energy.
> First-turn rule: no card.
> - a bullet in the box
~ A note.
@table units
|= Card | Level
| Testudo | 2
A paragraph.
"""


def test_markup_parses_into_blocks():
    blocks = b.parse(MARKUP)
    assert blocks == (
        b.TitlePage("Ancient Duel", "A duel.", "Rulebook", ("Rome", "Sparta")), b.Contents("Contents"),
        b.Heading(1, "How to play", frozenset({"newpage"})), b.Heading(2, "The goal"),
        b.ItemList(("Both players start with 20 points.", "Bring your opponent to 0."), numbered=False),
        b.ItemList(("Draw.", "Refill energy."), numbered=True),
        b.Box((b.Paragraph("First-turn rule: no card."), b.ItemList(("a bullet in the box",), numbered=False))),
        b.Paragraph("A note.", "note"), b.Table("units", ("Card", "Level"), (("Testudo", "2"),)),
        b.Paragraph("A paragraph."))


@pytest.mark.parametrize("bad", ["@chapter[sideways] Title", "@unknown x", "| row | without table",
                                 "@title only a title"])
def test_malformed_markup_is_an_error(bad):
    with pytest.raises(ValueError):
        b.parse(bad)


def test_column_widths_never_split_a_word():
    header = ("Card", "Level", "Effect")
    rows = (("Torsionsgeschütz-Mannschaft", "2", "Beim normalen Aufstellen: zerstöre sie."),
            ("Rom", "12", "Kurz."))
    measure = lambda text, header: len(text) * (6.0 if header else 5.0)  # noqa: E731 - a fixed-pitch stand-in
    widths = column_widths(header, rows, (20, 5, 60), 500.0, 2.0, measure)
    assert sum(widths) == pytest.approx(500.0)
    assert widths[0] >= len("Torsionsgeschütz-Mannschaft") * 5 + 4  # the longest word fits
    assert widths[1] >= len("Level") * 6 + 4                        # and the header's
    assert widths[2] > widths[0]                                     # the rest is shared by weight
    assert column_widths(header, rows, (1, 1, 1), 50.0, 2.0, measure) == pytest.approx([50 / 3] * 3)


def test_a_table_too_wide_for_its_words_sets_its_last_column_on_rows_of_its_own():
    measure = lambda text, header: len(text) * 5.0  # noqa: E731 - a fixed-pitch stand-in
    block = b.Table("units", ("Card", "Level", "Effect"),
                    (("Torsionsgeschütz-Mannschaft", "2", "Beim normalen Aufstellen: zerstöre sie."),))
    # longest words: 27 + 5 + 10 characters, 2 points of padding each side and a point of slack per column
    assert not stacks(block, 500.0, 2.0, measure)           # all three fit side by side
    assert stacks(block, 200.0, 2.0, measure)               # "Aufstellen:" no longer fits beside them
    assert not stacks(block, 100.0, 2.0, measure)           # not even card and level fit: no use
    header, rows = side_by_side(block, True)
    assert header == ("Card", "Level") and rows == [("Torsionsgeschütz-Mannschaft", "2")]


def test_table_columns_are_measured_in_the_cell_and_the_header_fonts():
    """The columns `table_columns` sets (their minimum widths remembered per table and fonts) are those `stacks`
    and `column_widths` compute with each word measured as the table prints it, a body word in the cell style and
    a header word in the header style; for every table of the German books, on the pages and the booklet's."""
    loaded, project, lang = inputs(), Project(), "de"
    layout = rulebook_layout(project.layouts)
    fonts = fonts_for(register_fonts(project.fonts), lang)
    tables = [block for book in BOOKS
              for block in with_pages(compose(loaded.engine, loaded.cards, loaded.catalogs[lang],
                                              kit_facts(loaded.engine, "a4", project.layouts),
                                              language_terms(loaded.lexicon, lang), book), None)
              if isinstance(block, b.Table)]
    stacked_seen = set()
    for booklet in (False, True):
        page = page_for("a4", booklet, project.layouts)
        styles = make_styles(page.format, fonts, layout.palette, layout.figures, layout.marks,
                             card_layout(project.layouts).card.small_text)
        pad = page.format.space.cell_padding

        def measure(text: str, header: bool) -> float:
            style = styles.cell_head if header else styles.cell
            return runs_width(set_runs(text, *measured_fonts(style, styles)))

        for table in tables:
            weights = layout.columns[table.columns]
            stacked = stacks(table, page.text_width, pad * MM, measure)
            expected = column_widths(*side_by_side(table, stacked), weights, page.text_width, pad * MM, measure)
            assert table_columns(table, styles, weights, page.text_width, pad) == (stacked, expected), table.columns
            stacked_seen.add(stacked)
    assert len(tables) > 5 and stacked_seen == {False, True}


def test_catalog_template_is_up_to_date():
    """locales/rulebook.pot holds exactly the messages of the templates (rerun the README's extraction when not)."""
    method_map, options_map = parse_mapping_cfg((REPO / "babel.cfg").open(encoding="utf-8"))
    extracted = set()
    for source in DOMAIN_INPUTS["rulebook"]:
        for _, _, message, _, context in extract_from_dir(REPO / source, method_map, options_map):
            extracted.add((context, message if isinstance(message, str) else tuple(message)))
    with (REPO / "locales" / "rulebook.pot").open("rb") as fp:
        template = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in read_po(fp) if m.id}
    assert "rulebook" in DOMAINS
    assert extracted == template


def test_every_placeholder_is_declared_and_no_message_needs_escaping():
    with (REPO / "locales" / "rulebook.pot").open("rb") as fp:
        messages = [m for m in read_po(fp) if m.id]
    for message in messages:
        for text in ([message.id] if isinstance(message.id, str) else message.id):
            names = {token[2:token.index(")")] for token in placeholders(text, percent=True)}
            assert names <= KNOWN_PLACEHOLDERS, (text, names - KNOWN_PLACEHOLDERS)
            # old- and new-style Jinja2 gettext agree on a message without "%" or with placeholders
            assert "%" not in text.replace("%%", "") or names, text
    assert set(COMMANDS) <= KNOWN_PLACEHOLDERS


@pytest.mark.parametrize("lang", ["de", "pl", "tr", "es", "pt"])
def test_catalog_files_are_complete(lang):
    path: Path = REPO / "locales" / lang / "LC_MESSAGES" / "rulebook.po"
    with path.open("rb") as fp:
        catalog = read_po(fp, locale=lang)
    header = dict(catalog.mime_headers)
    expected = {"pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
                "pt": "nplurals=2; plural=(n > 1);"}.get(lang, "nplurals=2; plural=(n != 1);")
    assert header["Plural-Forms"] == expected
    assert not catalog.fuzzy
    for message in catalog:
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            assert all(s.strip() for s in strings) and "fuzzy" not in message.flags, message.id


COMPOSED_IN_ORDER = """
import pickle, sys
from jinja2 import Environment
from pnp.project import Project, load_inputs
from pnp.rulebook import kit_facts
from pnp.rulebook.compose import compose

compiled, compile_template = [], Environment.compile
Environment.compile = lambda env, source, name=None, *args, **kwargs: (
    compiled.append(name), compile_template(env, source, name, *args, **kwargs))[1]
langs = tuple(sys.argv[1:])
loaded = load_inputs(Project(), tuple(sorted(set(langs))))
kit = kit_facts(loaded.engine, "a4", Project().layouts)
composed = []
for lang in langs:
    composed.append((lang, compose(loaded.engine, loaded.cards, loaded.catalogs[lang], kit,
                                   loaded.lexicon.of(lang).game_terms), tuple(compiled)))
    compiled.clear()
sys.stdout.buffer.write(pickle.dumps(composed))
"""


def composed_in_a_process(*langs: str) -> list[tuple[str, tuple, tuple[str, ...]]]:
    """(language, the Learn to Play blocks, the templates compiled for them) of each of `langs` composed in turn by
    a new process without the cache folder (PNP_NO_CACHE): nothing compiled before its first language."""
    run = subprocess.run([sys.executable, "-c", COMPOSED_IN_ORDER, *langs], capture_output=True, check=True,
                         env={**os.environ, "PNP_NO_CACHE": "1"})
    return pickle.loads(run.stdout)


def test_templates_compiled_once_and_no_language_leaks_into_another():
    """The templates are compiled for the first language only; every other language reuses the code but renders
    with its own catalog: its blocks are exactly those of a process that compiled them for that language (Polish,
    the first, compiled them for its own)."""
    (first, *others) = composed_in_a_process("pl", "de", "tr", "pl")
    fresh = {"pl": first[1]} | {lang: blocks for lang in ("de", "tr") for _, blocks, _ in composed_in_a_process(lang)}
    assert {"rulebook.j2", "macros.j2"} <= set(first[2])
    assert [compiled for _, _, compiled in others] == [(), (), ()]  # nothing compiled again for the other languages
    assert all(blocks == fresh[lang] for lang, blocks, _ in (first, *others))
    assert len({fresh[lang] for lang in ("pl", "de", "tr")}) == 3


def test_rulebook_is_laid_out_and_drawn_once():
    """The contents' page numbers cost no second pass: every page is begun exactly once, in the page-for-page PDFs
    and in the booklets (whose sheet sides hold two pages each, padded to a multiple of 4). The Rules Reference's
    index, which prints the page of each rule, is made when the layout reaches it, from the pages of the rules
    above it: no second pass either."""
    loaded, layouts = inputs(), Project().layouts
    fonts, catalog = register_fonts(Project().fonts), loaded.catalogs["pl"]
    facts = kit_facts(loaded.engine, "a4", layouts)
    printing = BookPrint(page_for("a4", False, layouts), rulebook_layout(layouts), fonts, faction_styles(layouts),
                         card_layout(layouts).card.small_text, document_info(catalog, "rulebook"),
                         anatomy_fronts(loaded.cards, catalog, fonts, layouts))
    for book in BOOKS:
        blocks = compose(loaded.engine, loaded.cards, catalog, facts, loaded.lexicon.of("pl").game_terms, book)
        for booklet in (False, True) if book.booklet else (False,):
            passes: list[int] = []
            pdf = render(blocks, replace(printing, page=page_for("a4", booklet, layouts), booklet=booklet),
                         passes=passes)
            sides = len(PdfReader(BytesIO(pdf)).pages)
            assert [padded(begun) // 2 if booklet else begun for begun in passes] == [sides], (book.name, booklet)


def reference_pdfs(one_pass: bool, move_cited_rule: bool = False) -> list[bytes]:
    """The Polish Rules Reference, page for page and as a booklet, with its index made in the single pass or
    (`one_pass` False) after a first layout; `move_cited_rule`: a rule the index cites moved below the index."""
    loaded, layouts = inputs(), Project().layouts
    fonts, catalog = register_fonts(Project().fonts), loaded.catalogs["pl"]
    blocks = compose(loaded.engine, loaded.cards, catalog, kit_facts(loaded.engine, "a4", layouts),
                     loaded.lexicon.of("pl").game_terms, REFERENCE)
    if move_cited_rule:
        cited: set[str] = set()

        class Cited(dict):  # the pages with_pages asks for: the rules the index cites
            def get(self, rule, default=None):
                cited.add(rule)
                return default

        with_pages(blocks, Cited({"": 0}))  # not empty: with_pages takes an empty mapping for none
        rule = next(block for block in blocks if getattr(block, "anchor", "") in cited)
        blocks = tuple(block for block in blocks if block is not rule) + (rule,)
    with kept_lines("pl", "a4") as kept:  # the lines the build keeps across runs: each layout pass breaks fewer
        printing = BookPrint(page_for("a4", False, layouts), rulebook_layout(layouts), fonts, faction_styles(layouts),
                             card_layout(layouts).card.small_text, document_info(catalog, document_title(blocks)),
                             anatomy_fronts(loaded.cards, catalog, fonts, layouts), kept=kept)
        return [render(blocks, replace(printing, page=page_for("a4", booklet, layouts), booklet=booklet),
                       index_in_one_pass=one_pass) for booklet in (False, True)]


def test_the_index_made_in_the_single_pass_prints_what_two_passes_print():
    """The same bytes as laying the Rules Reference out twice (first to learn the pages), page for page and as a
    booklet (the single pass's are the session's Polish books, rendered as the build renders them); and when a rule
    the index cites comes below it (its page unknown when the layout reaches the index), the reference is laid out
    twice, so that the index still prints that rule's page."""
    once = [reference_pdf("pl"), reference_booklet_pdf("pl")]
    moved = reference_pdfs(one_pass=True, move_cited_rule=True)
    assert once == reference_pdfs(one_pass=False)
    assert moved == reference_pdfs(one_pass=False, move_cited_rule=True)
    assert moved[0] != once[0]


def test_compiled_templates_are_kept_in_the_cache_folder_for_the_next_run(tmp_path, monkeypatch):
    """The next process (a new cache over the same folder) renders without compiling; an edited template is compiled
    anew; a cache folder that cannot be made costs only the compiling."""
    from jinja2 import DictLoader
    compiled: list[str] = []
    compile_template = Environment.compile
    monkeypatch.setattr(Environment, "compile", lambda env, source, name=None, *args, **kwargs: (
        compiled.append(name), compile_template(env, source, name, *args, **kwargs))[1])

    def render(source: str, folder: Path) -> str:
        env = Environment(loader=DictLoader({"t.j2": source}), bytecode_cache=CompiledTemplates(folder))
        return env.get_template("t.j2").render(name="Hannibal")

    folder = tmp_path / "cache"
    assert render("Hail, {{ name }}!", folder) == "Hail, Hannibal!" and compiled == ["t.j2"]
    assert len(list(folder.iterdir())) == 1
    assert render("Hail, {{ name }}!", folder) == "Hail, Hannibal!" and compiled == ["t.j2"]  # not compiled again
    assert render("Farewell, {{ name }}.", folder) == "Farewell, Hannibal." and compiled == ["t.j2", "t.j2"]
    (tmp_path / "file").write_text("not a folder")
    assert render("Hail, {{ name }}!", tmp_path / "file" / "cache") == "Hail, Hannibal!"


def test_the_template_cache_keeps_its_newest_entries_only(tmp_path):
    """Jinja names a compiled template by the template's path: every install adds entries (47 MB had gathered on one
    machine); writing one deletes all but the newest KEEP."""
    from jinja2 import DictLoader
    from pnp.rulebook.template_cache import KEEP
    folder = tmp_path / "cache"
    folder.mkdir()
    for number in range(KEEP + 10):
        (folder / f"__jinja2_{number:040x}.cache").write_bytes(b"old")
        os.utime(folder / f"__jinja2_{number:040x}.cache", ns=(number * 10**9, number * 10**9))
    env = Environment(loader=DictLoader({"t.j2": "Hail, {{ name }}!"}), bytecode_cache=CompiledTemplates(folder))
    assert env.get_template("t.j2").render(name="Hannibal") == "Hail, Hannibal!"
    kept = sorted(path.name for path in folder.iterdir())
    assert len(kept) == KEEP and f"__jinja2_{0:040x}.cache" not in kept and f"__jinja2_{KEEP + 9:040x}.cache" in kept
    assert len([name for name in kept if (folder / name).read_bytes() != b"old"]) == 1  # the one just written


def test_a_cache_folder_holding_anything_but_files_is_not_read(tmp_path):
    """A FIFO named like a compiled template made every rulebook command wait for ever; now the templates are
    compiled in the process and nothing in the folder is read or written."""
    from jinja2 import DictLoader
    folder = tmp_path / "cache"
    env = Environment(loader=DictLoader({"t.j2": "Hail, {{ name }}!"}), bytecode_cache=CompiledTemplates(folder))
    env.get_template("t.j2")
    [entry] = list(folder.iterdir())
    entry.unlink()
    os.mkfifo(entry)
    env = Environment(loader=DictLoader({"t.j2": "Hail, {{ name }}!"}), bytecode_cache=CompiledTemplates(folder))
    def waited(number, frame):  # not an OSError, which the cache takes for an unreadable file
        raise RuntimeError("the template cache waited on a FIFO")
    previous = signal.signal(signal.SIGALRM, waited)
    signal.alarm(10)
    try:
        assert env.get_template("t.j2").render(name="Hannibal") == "Hail, Hannibal!"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert list(folder.iterdir()) == [entry]


def test_the_template_cache_lives_in_the_users_cache_folder_or_nowhere(monkeypatch, tmp_path):
    from pnp.rulebook.template_cache import cache_folder
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_folder() == tmp_path / "pnp" / "templates"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.delenv("HOME", raising=False)

    def homeless(cls):
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", classmethod(homeless))  # no HOME (the folder's memo key) and no user entry
    assert cache_folder() is None  # the templates are then compiled in each process, nothing fails


def test_a_rulebook_paragraph_breaks_its_lines_once_per_width(monkeypatch):
    """A table wraps each cell to measure its row and again to draw it: the second time costs nothing, with the
    same size; another width, or a split, breaks the lines anew."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph
    from pnp.rulebook.flowables import Text
    broken: list[list[float]] = []
    break_lines = Paragraph.breakLines
    monkeypatch.setattr(Paragraph, "breakLines", lambda self, widths: broken.append(widths) or break_lines(self, widths))
    style = ParagraphStyle("cell", fontName="Helvetica", fontSize=10, leading=12)
    text = Text("Hannibal crosses the Alps with thirty-seven elephants and many more soldiers", style)
    assert text.wrap(100, 72000) == text.wrap(100, 36) == (100, 48) and len(broken) == 1
    assert text.wrap(300, 72000) == (300, 24) and len(broken) == 2
    assert text.wrap(100, 72000) == (100, 48) and len(broken) == 3
    first, second = text.split(100, 24)  # two lines on this page, two on the next
    assert first.wrap(100, 24)[1] + second.wrap(100, 24)[1] == 48
    before = len(broken)
    assert text.wrap(100, 72000) == (100, 48) and len(broken) == before + 1  # a split forgets the lines


def test_a_table_with_a_spanning_row_draws_its_cells_with_the_lines_it_measured(monkeypatch):
    """A table that spans a row draws each cell at its width summed anew from the column positions (a few 1e-14 pt
    off the width it measured the cell at): a cell set flush left keeps its lines (pnp.rulebook.flowables.SAME_WIDTH),
    a centred one (placed by the room its line leaves) of one word is given the room it leaves at the new width
    (set_one_word_at), one of more words is broken anew; all are drawn as a paragraph broken anew would be."""
    from reportlab.lib.enums import TA_CENTER
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph, Table
    from pnp.rulebook.flowables import Text
    left = ParagraphStyle("cell", fontName="Helvetica", fontSize=9, leading=11)
    centred = ParagraphStyle("cell_center", parent=left, alignment=TA_CENTER)
    widths = [16.1012, 15.63, 32.5628, 64.504]  # column widths of a German card table (not sums of binary fractions)

    def drawn(cell) -> tuple[bytes, int]:
        broken: list[object] = []
        break_lines = Paragraph.breakLines
        monkeypatch.setattr(Paragraph, "breakLines", lambda self, w: broken.append(w) or break_lines(self, w))
        rows = [[cell(f"{word} {number}", left) for word in ("ATK", "DEF", "Energie")] + [cell(centre, centred)]
                for number, centre in enumerate(("0", "1", "1 or 2"))]
        rows.append([cell("an effect across the row, long enough to break", left), "", "", ""])
        table = Table(rows, colWidths=widths, style=[("SPAN", (0, 3), (-1, 3))])
        buffer = BytesIO()
        canvas = Canvas(buffer, invariant=1)
        table.wrapOn(canvas, sum(widths), 500)
        table.drawOn(canvas, 20, 20)
        canvas.save()
        monkeypatch.undo()
        return buffer.getvalue(), len(broken)

    kept, broken_by_text = drawn(Text)
    anew, broken_by_paragraph = drawn(Paragraph)
    assert broken_by_paragraph == 2 * 13  # each of the 13 cells broken to measure it, and again to draw it
    assert broken_by_text == 13 + 1  # the centred cell of three words again
    assert kept == anew


def test_a_centred_word_wrapped_a_few_1e_14_pt_off_and_back_has_the_room_of_each_width(monkeypatch):
    """A centred word given the room it leaves at a width a few 1e-14 pt off, then asked for at the first width
    again, has the lines a paragraph broken at that width has, without being broken again."""
    from reportlab.lib.enums import TA_CENTER
    from reportlab.platypus import Paragraph
    from pnp.adapters.reportlab_platypus import wrapped_lines
    from pnp.rulebook.flowables import Text
    style = ParagraphStyle("cell_center", fontName="Helvetica", fontSize=9, leading=11, alignment=TA_CENTER)
    text = Text("2", style)
    for width in (16.1012, 16.10119999999999):
        text.wrap(width, 100)
    break_lines = Paragraph.breakLines
    monkeypatch.setattr(Paragraph, "breakLines", lambda self, w: pytest.fail("broken again"))
    text.wrap(16.1012, 100)
    monkeypatch.setattr(Paragraph, "breakLines", break_lines)
    fresh = Paragraph("2", style)
    fresh.wrap(16.1012, 100)
    assert vars(wrapped_lines(text)) == vars(wrapped_lines(fresh))


def test_a_rulebook_text_is_parsed_once_per_style_and_set_as_a_paragraph_of_its_own():
    """Text.of remembers a text's parsed markup by text and style (make_styles gives the same style objects for
    the same arguments, others for another language): each paragraph made of it gets its own copy of the
    fragments, and sets the same lines as a paragraph parsed from the markup afresh."""
    from reportlab.platypus import Paragraph
    from pnp.adapters.reportlab_platypus import line_texts, wrapped_lines
    from pnp.rulebook.flowables import Text
    from pnp.rulebook.styles import markup
    from pnp.typeset.hyphenation import paragraph_hyphenator
    project = Project()
    layout, small_text = rulebook_layout(project.layouts), card_layout(project.layouts).card.small_text
    page = page_for("a4", False, project.layouts)

    def styles_of(lang: str):
        return make_styles(page.format, fonts_for(register_fonts(project.fonts), lang), layout.palette,
                           layout.figures, layout.marks, small_text, 1.0, paragraph_hyphenator(lang))

    german = styles_of("de")
    assert styles_of("de") is german and styles_of("pl") is not german
    assert {german: 1}.get(german) == 1 and german != dataclasses.replace(german)  # keyed by identity, hashed at once
    text = "Die Kavallerieeinheit greift an: 2 Schaden gegen jede Torsionsgeschütz-Mannschaft"
    made = [Text.of(text, german.cell, german), Text.of(text, german.cell, german), Text.of(text, german.body, german)]
    fresh = [Paragraph(markup(text, style, german), style) for style in (german.cell, german.cell, german.body)]
    assert not {id(frag) for frag in made[0].frags} & {id(frag) for frag in made[1].frags}
    for paragraph, expected in zip(made, fresh):
        assert paragraph.style is expected.style and paragraph.text == expected.text
        assert [vars(frag) for frag in paragraph.frags] == [vars(frag) for frag in expected.frags]
        for width in (60, 140, 400):
            assert paragraph.wrap(width, 1000) == expected.wrap(width, 1000)
            assert line_texts(wrapped_lines(paragraph)) == line_texts(wrapped_lines(expected))
    made[0].frags[0].text = "changed"
    assert Text.of(text, german.cell, german).frags[0].text == fresh[0].frags[0].text


def test_books_that_state_no_paper_are_composed_once_for_both_papers():
    """A book that does not state its paper's facts is composed once for A4 and Letter (the same blocks); its
    template context lacks the paper's facts, so a template that read them would fail rather than print another
    paper's; the Learn to Play, which quotes them, is composed for each paper with its own. The context's part that
    is the language's alone is made once for every book and paper, each context a copy of it."""
    loaded, layouts = inputs(), Project().layouts
    terms = language_terms(loaded.lexicon, "de")

    def composed(paper: str, book) -> tuple:
        return compose(loaded.engine, loaded.cards, loaded.catalogs["de"], kit_facts(loaded.engine, paper, layouts),
                       terms, book)

    for book in BOOKS:
        assert (composed("a4", book) is composed("letter", book)) is not book.states_paper, book.name
    a4, letter = (kit_facts(loaded.engine, paper, layouts) for paper in PAPERS)
    assert a4.cards_per_sheet != letter.cards_per_sheet and a4.build_options != letter.build_options
    quoted = {paper: repr(composed(paper, LEARN_TO_PLAY)) for paper in PAPERS}
    assert "--paper a4" in quoted["a4"] and "--paper letter" in quoted["letter"]
    context, _ = template_context(loaded.engine, loaded.cards, loaded.catalogs["de"], paper_free(a4), terms)
    assert not set(PAPER_NAMES) & set(context)
    full, _ = template_context(loaded.engine, loaded.cards, loaded.catalogs["de"], a4, terms)
    assert set(PAPER_NAMES) <= set(full) and full["cards_per_sheet"] == a4.cards_per_sheet
    # the language's part made once (the same cards' names), each context a dict of its own
    assert full["names"] is context["names"] and full is not context
    assert full.keys() - context.keys() == set(PAPER_NAMES)


def test_a_text_is_measured_as_its_runs_are_set():
    """`text_width` (which measures a text of one run whole) gives exactly the width of the runs `set_runs` cuts
    it into, in every style of the rulebook: plain words, figures (in a title face set in the figure font), glyphs
    the text face lacks (♚, set in the fallback font), and mixtures."""
    project = Project()
    layout = rulebook_layout(project.layouts)
    styles = make_styles(page_for("a4", False, project.layouts).format, fonts_for(register_fonts(project.fonts), "pl"),
                         layout.palette, layout.figures, layout.marks, card_layout(project.layouts).card.small_text)
    texts = ("Kohorta", "12", "ATK", "+2", "3×", "♚", "♚Król", "Żółw-12", "m²", "100 %", "Łucznik ♚ 4")
    figure_styles = 0
    for style in vars(styles).values():
        if isinstance(style, ParagraphStyle):
            fonts = measured_fonts(style, styles)
            figure_styles += fonts[2] is not None
            for text in texts:
                assert text_width(text, *fonts) == runs_width(set_runs(text, *fonts)), (style.name, text)
    assert figure_styles  # the figures of a title face were measured in the figure font
