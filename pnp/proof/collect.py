"""Gather what the proof site shows from what the kit already computed: the composed card faces (texts and fitted
sizes), the catalogs (context, file and line of every message), the validator's problems, the engine values behind
placeholders and the glossary. Pure: no file is read or written here."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Mapping, Sequence

from ..data.card_database import Card
from ..i18n.catalogs import SOURCE_LANG, LanguageCatalog, Message
from ..cards.layout import CardLayout
from ..core.geometry import TextStyle
from ..i18n.lexicon import Lexicon
from ..i18n.localize import card_context
from ..core.problems import Problem
from ..cards.faces import FrontFace
from ..cards.labels import TERRAIN_DOCTRINE
from ..data.terms import BONUS_PHRASES, FACTION_NAMES, KINDS, STATS, TRAITS, UNIT_TYPES
from ..validate.messages import card_field
from ..validate.text_scan import brace_style, percent_style, placeholder_name, placeholders
from .model import (CardCell, CardRow, CardText, Change, GlossaryEntry, MessageCell, MessageRow, Placeholder, ShownProblem,
                    Source)

CARD_FIELDS = ("name", "type", "effect", "bonus")  # the texts a reviewer reads on a card, in printed order
TERMS_FILE = "pnp/data/terms.py"
# (domain, msgctxt) -> section of the messages page; None matches any context of the domain
SECTIONS = (("rulebook", None, "Rulebook"), ("sheets", "calibration sheet", "Calibration sheet"),
            ("sheets", None, "Score sheet and tokens"), ("cards", None, "Card terms"))


@dataclass(frozen=True)
class Shown:
    """How paths are printed on the site: relative to the project's folder, so the site does not depend on where
    the project lives."""

    root: Path

    def __call__(self, path: str | None) -> str:
        if not path:
            return ""
        try:
            return Path(path).resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return path


def field_styles(layout: CardLayout) -> dict[str, TextStyle]:
    """The text style of each card field shown: its default and smallest allowed size."""
    front = layout.front
    return {"name": front.name.style, "type": front.type_bar.type, "effect": front.effect.style,
            "bonus": front.effect.bonus}


def _sources(card: Card, field: str, catalog: LanguageCatalog, shown: Shown) -> tuple[Source, ...]:
    """The catalog messages a field of a card is made of (English: the card data or the terms module)."""
    if field in ("name", "effect"):
        pairs = [(card_context(card.id, field), getattr(card, field))]
    elif field == "type":
        pairs = [TERRAIN_DOCTRINE if card.terrain else UNIT_TYPES[card.unit_type] if card.unit_type
                 else KINDS[card.kind], *(TRAITS[trait] for trait in card.traits)]
    else:
        pairs = list(dict.fromkeys(p for m in card.bonus for p in (BONUS_PHRASES[(m.target, m.timing)],
                                                                   STATS[m.stat])))
    sources = []
    for context, msgid in pairs:
        if catalog.lang == SOURCE_LANG:
            in_data = field in ("name", "effect")
            sources.append(Source(context, msgid, shown(card.source) if in_data else TERMS_FILE,
                                  card.line if in_data else None))
        else:
            message = catalog.messages.get((context, msgid))
            sources.append(Source(context, msgid, shown(message.path) if message else "",
                                  message.line if message else None))
    return tuple(sources)


def _texts(face: FrontFace, catalog: LanguageCatalog, styles: Mapping[str, TextStyle],
           shown: Shown) -> tuple[CardText, ...]:
    fitted = face.texts()
    return tuple(CardText(field, fitted[field].text, fitted[field].size, styles[field].size, styles[field].min_size,
                          _sources(face.card, field, catalog, shown))
                 for field in CARD_FIELDS if field in fitted)


def _mark_smallest(cells: list[CardCell]) -> list[CardCell]:
    """Flag, per field, the languages whose text was shrunk the most (only when shrunk below the default)."""
    smallest: dict[str, float] = {}
    for cell in cells:
        for text in cell.texts:
            smallest[text.field] = min(smallest.get(text.field, text.size), text.size)
    return [replace(cell, texts=tuple(replace(t, smallest=t.size == smallest[t.field] and t.size < t.default_size)
                                      for t in cell.texts)) for cell in cells]


def card_problem_key(problem: Problem) -> tuple[str, str] | None:
    """(card id, language) a problem belongs to; problems of the card data (no language) go to the source."""
    if not problem.where.card:
        return None
    return problem.where.card, problem.where.lang or SOURCE_LANG


def card_rows(cards: Sequence[Card], faces: Mapping[str, Sequence[FrontFace] | None],
              catalogs: Mapping[str, LanguageCatalog], images: Mapping[tuple[str, str], tuple[str, str]],
              problems: Sequence[Problem], layout: CardLayout, shown: Shown) -> tuple[CardRow, ...]:
    """Every card in every language of `faces` (None: the language could not be composed, see its problems);
    `images`: (language, card id) -> the site's thumbnail and print-resolution image of it."""
    styles = field_styles(layout)
    by_card: dict[tuple[str, str], list[Problem]] = {}
    for problem in problems:
        if key := card_problem_key(problem):
            by_card.setdefault(key, []).append(problem)
    composed = {lang: {face.card.id: face for face in lang_faces} for lang, lang_faces in faces.items() if lang_faces}
    rows = []
    for card in cards:
        cells = []
        for lang in faces:
            face = composed.get(lang, {}).get(card.id)
            image, print_image = images.get((lang, card.id), (None, None))
            cells.append(CardCell(lang, image, _texts(face, catalogs[lang], styles, shown) if face else (),
                                  tuple(by_card.get((card.id, lang), ())), print_image))
        rows.append(CardRow(card, tuple(_mark_smallest(cells))))
    return tuple(rows)


def message_anchor(context: str | None, msgid: str) -> str:
    """A stable HTML id for a message (messages can be long and contain any character)."""
    return "m-" + hashlib.sha1(f"{context}\x04{msgid}".encode()).hexdigest()[:12]


def section_of(domain: str, context: str | None) -> str | None:
    for section_domain, section_context, title in SECTIONS:
        if domain == section_domain and section_context in (None, context):
            return title
    return None


def message_problem_key(problem: Problem) -> tuple[str, ...] | None:
    """(language, file, line) of a message problem, or (language, msgid) when it has no line."""
    where = problem.where
    if where.card or not where.lang:
        return None
    if where.file and where.line:
        return where.lang, where.file, str(where.line)
    return (where.lang, where.msgid) if where.msgid else None


def message_rows(catalogs: Mapping[str, LanguageCatalog], problems: Sequence[Problem],
                 fill: Callable[[str], tuple[str, str]], shown: Shown) -> tuple[MessageRow, ...]:
    """Every message that is not a card's name or effect, in every language, grouped by section."""
    langs = [lang for lang in catalogs if lang != SOURCE_LANG]
    attached: dict[tuple[str, ...], list[Problem]] = {}
    for problem in problems:
        if key := message_problem_key(problem):
            attached.setdefault(key, []).append(problem)
    found: dict[tuple[str | None, str], tuple[str, str | None, int]] = {}  # key -> (section, plural, first line)
    for lang in langs:
        for (context, msgid), message in catalogs[lang].messages.items():
            section = section_of(Path(message.path).stem, context)
            if section and not card_field(context) and (context, msgid) not in found:
                found[(context, msgid)] = (section, message.plural, message.line or 0)
    order = [title for _, _, title in SECTIONS]
    rows = []
    for (context, msgid), (section, plural, _) in sorted(found.items(),
                                                         key=lambda item: (order.index(item[1][0]), item[1][2])):
        cells = [MessageCell(SOURCE_LANG, (msgid, plural) if plural else (msgid,), None, ())]
        for lang in langs:
            message = catalogs[lang].messages.get((context, msgid))
            source = Source(context, msgid, shown(message.path), message.line) if message else None
            keys = [(lang, msgid)] + ([(lang, message.path, str(message.line))] if message else [])
            cell_problems = tuple(p for key in keys for p in attached.get(key, ()))
            cells.append(MessageCell(lang, message.strings if message else (), source, cell_problems))
        rows.append(MessageRow(message_anchor(context, msgid), section, context, msgid, plural,
                               _placeholders(msgid, plural, fill), tuple(cells)))
    return tuple(rows)


def _placeholders(msgid: str, plural: str | None, fill: Callable[[str], tuple[str, str]]) -> tuple[Placeholder, ...]:
    text = msgid + "\n" + (plural or "")
    tokens = placeholders(text, brace_style(text), percent_style(text))
    result = []
    for token in sorted(tokens):
        name = placeholder_name(token)
        value, origin = fill(name) if name else ("", "")
        result.append(Placeholder(token, name or "", value, origin))
    return tuple(result)


def glossary(lexicon: Lexicon, langs: Sequence[str], shown: Shown) -> tuple[tuple[str, tuple[GlossaryEntry, ...]], ...]:
    """Per translated language: its stat abbreviations and other terms, stat words written out, forbidden words."""
    result = []
    for lang in langs:
        if lang == SOURCE_LANG:
            continue
        entries = lexicon.of(lang)
        at = lambda where: f"{shown(where.file)}:{where.line}" if where.line else shown(where.file)  # noqa: E731
        rows = [GlossaryEntry(context, english, entry.value, at(entry.where))
                for (context, english), entry in sorted(entries.terms.items(), key=lambda i: (i[0][0] != "stat",
                                                                                             i[0]))]
        rows += [GlossaryEntry("written out", stat, ", ".join(words), "")
                 for stat, words in sorted(entries.written_out.items())]
        rows += [GlossaryEntry("forbidden", word, entry.value, at(entry.where))
                 for word, entry in sorted(entries.forbidden.items())]
        result.append((lang, tuple(rows)))
    return tuple(result)


def shown_problems(problems: Sequence[Problem], cards: Sequence[CardRow],
                   messages: Sequence[MessageRow]) -> tuple[ShownProblem, ...]:
    """Every problem with the page and anchor it is attached to (None when no card or message shows it)."""
    links: dict[int, tuple[str | None, str]] = {}
    for row in cards:
        for cell in row.cells:
            for problem in cell.problems:
                links[id(problem)] = (row.card.faction, f"cards-{row.card.faction}.html#{row.card.id}")
    for message in messages:
        for cell in message.cells:
            for problem in cell.problems:
                links[id(problem)] = (None, f"messages.html#{message.anchor}")
    return tuple(ShownProblem(p, *links.get(id(p), (None, None))) for p in problems)


def changes(old: Mapping[str, Mapping[tuple[str | None, str], Message]], new: Mapping[str, LanguageCatalog],
            cards: Sequence[CardRow], messages: Sequence[MessageRow]) -> tuple[Change, ...]:
    """Every message whose translated text differs between the `old` messages and the `new` catalogs of a language,
    with the cards that print it and where the site shows it; in the order of the current catalogs' files."""
    printed_on: dict[tuple[str, str | None, str], list[tuple[str, str]]] = {}
    for row in cards:
        for cell in row.cells:
            for source in {source for text in cell.texts for source in text.sources}:
                printed_on.setdefault((cell.lang, source.context, source.msgid), []).append((row.card.id,
                                                                                             row.card.faction))
    rows = {(row.context, row.msgid): f"messages.html#{row.anchor}" for row in messages}
    found = []
    for lang, catalog in new.items():
        if lang not in old:
            continue
        before, after = old[lang], catalog.messages
        keys = sorted(set(before) | set(after), key=lambda key: _file_order(after.get(key) or before[key]))
        for key in keys:
            was, now = _strings(before.get(key)), _strings(after.get(key))
            if was != now:
                touched = tuple(sorted(set(printed_on.get((lang, *key), ()))))
                link = rows.get(key) or (f"cards-{touched[0][1]}.html#{touched[0][0]}" if touched else None)
                found.append(Change(lang, key[0], key[1], was, now, touched, link))
    return tuple(found)


def _strings(message) -> tuple[str, ...]:
    """What a catalog entry prints: its translations, none when it is missing, empty or fuzzy."""
    return message.strings if message and not message.fuzzy and all(s.strip() for s in message.strings) else ()


def _file_order(message) -> tuple[str, int]:
    return Path(message.path).name, message.line or 0


def faction_names() -> tuple[tuple[str, str], ...]:
    return tuple((key, name) for key, (_, name) in FACTION_NAMES.items())
