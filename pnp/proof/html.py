"""The proof site's pages: Jinja2 templates (pnp/proof/templates) rendered from ProofData, plus the stylesheet and
the small filter script. Plain HTML that reads without JavaScript, no server, no CDN: it works from file://."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from babel import Locale
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from ..core.problems import Problem
from ..validate.text_scan import BRACE, PERCENT
from .collect import SECTIONS, Shown
from .thumbnails import PRINT_DPI
from .model import CardRow, CardText, ProofData

TEMPLATES = Path(__file__).resolve().parent / "templates"
STATIC = ("proof.js",)
TIGHTEST = 8  # texts per language in the overview's list of the most shrunk
SECTION_TITLES = tuple(dict.fromkeys(title for _, _, title in SECTIONS))
# character -> (the sign shown for it, its name); " " stands for a space beyond the first of a run
INVISIBLE_SIGNS = {" ": ("·", "extra space"), "\u00a0": ("⍽", "no-break space"),
                   "\u202f": ("⍽", "narrow no-break space"), "\u00ad": ("¬", "soft hyphen"),
                   "\u200b": ("|", "zero-width space")}
INVISIBLE = re.compile("  +|[\u00a0\u202f\u00ad\u200b]")
PLACEHOLDER = re.compile(f"{PERCENT.pattern}|{BRACE.pattern}")


def language_name(lang: str) -> str:
    """"German (Deutsch)": the English name for everyone, the language's own name for its translator."""
    locale = Locale.parse(lang)
    english, own = locale.get_display_name("en"), locale.get_display_name(lang)
    return english if english == own else f"{english} ({own})"


def show_invisible(text: str) -> Markup:
    """The text, escaped, with the characters a browser does not show (a space beyond the first of a run, no-break
    and narrow no-break spaces, soft hyphens, zero-width spaces) each shown by a visible sign, named in its title."""
    parts, last = [], 0
    for match in INVISIBLE.finditer(text):
        found = match.group(0)
        parts.append(escape(text[last:match.start()]))
        if found.startswith("  "):
            parts += [" ", Markup("").join(_sign(" ") for _ in found[1:])]
        else:
            parts.append(_sign(found))
        last = match.end()
    parts.append(escape(text[last:]))
    return Markup("").join(parts)


def _sign(char: str) -> Markup:
    sign, name = INVISIBLE_SIGNS[char]
    return Markup('<span class="inv" title="%s">%s</span>') % (name, sign)


def mark_placeholders(text: str) -> Markup:
    """The text, escaped, its invisible characters shown, with every placeholder wrapped in <mark class="ph">."""
    parts, last = [], 0
    for match in PLACEHOLDER.finditer(text):
        parts += [show_invisible(text[last:match.start()]), Markup('<mark class="ph">%s</mark>') % match.group(0)]
        last = match.end()
    parts.append(show_invisible(text[last:]))
    return Markup("").join(parts)


def render_site(data: ProofData, shown: Shown) -> dict[Path, bytes]:
    """Page file name -> UTF-8 bytes of every page, the stylesheet and the script."""
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True, undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["ph"] = mark_placeholders
    env.filters["visible"] = show_invisible
    env.globals["print_dpi"] = PRINT_DPI
    env.filters["size"] = lambda size: f"{size:g}"
    env.globals.update(
        lang_name=language_name, langs=data.langs, factions=data.factions, compared=data.changes is not None,
        lang_options=[(lang, language_name(lang)) for lang in data.langs],
        sections=[(title.lower().replace(" ", "-"), title) for title in SECTION_TITLES],
        code_options=lambda codes: [("problems", "any problem"), *((code, code) for code in codes)],
        where=lambda problem: _where(problem, shown))
    counts = Counter((shown_problem.problem.code, shown_problem.problem.where.lang or "")
                     for shown_problem in data.problems)
    codes = sorted({code for code, _ in counts})
    pages = {
        "index.html": env.get_template("index.html.j2").render(data=data, codes=codes, tightest=tightest(data)),
        "messages.html": env.get_template("messages.html.j2").render(data=data, codes=codes),
        "glossary.html": env.get_template("glossary.html.j2").render(data=data),
        "problems.html": env.get_template("problems.html.j2").render(data=data, codes=codes, counts=counts),
        "proof.css": env.get_template("proof.css.j2").render(),
    }
    if data.changes is not None:
        pages["changes.html"] = env.get_template("changes.html.j2").render(data=data)
    for faction, name in data.factions:
        rows = [row for row in data.cards if row.card.faction == faction]
        pages[f"cards-{faction}.html"] = env.get_template("cards.html.j2").render(
            faction=faction, faction_name=name, rows=rows, codes=sorted({c for row in rows for c in row.codes}))
    files = {Path(name): text.encode("utf-8") for name, text in pages.items()}
    files.update({Path(name): (TEMPLATES / name).read_bytes() for name in STATIC})
    return files


def tightest(data: ProofData, count: int = TIGHTEST) -> list[tuple[str, list[tuple[CardRow, CardText, str]]]]:
    """Per language, the card texts shrunk the most below their default size (the first to check for room), with
    the card's name in that language."""
    result = []
    for index, lang in enumerate(data.langs):
        texts = [(row, text, row.cells[index].texts[0].text) for row in data.cards for text in row.cells[index].texts]
        shrunk = sorted((item for item in texts if item[1].size < item[1].default_size),
                        key=lambda item: (item[1].size / item[1].default_size, item[0].card.id, item[1].field))
        result.append((lang, shrunk[:count]))
    return result


def _where(problem: Problem, shown: Shown) -> str:
    """The problem's location as the validator prints it, with the file relative to the project."""
    where = problem.where
    return str(type(where)(shown(where.file) or None, where.line, where.card, where.lang, where.field, where.msgid))
