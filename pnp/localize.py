"""Cards in one language: every printed string looked up in that language's catalog, nothing missing."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .catalogs import SOURCE_LANG, LanguageCatalog
from .fonts import TURKIC_LANGS
from .cards import Card, CardDatabase, Modifier
from .problems import Location, Problem, raise_if_errors
from .terms import BONUS_PHRASES, FACTION_NAMES, KINDS, STATS, UNIT_TYPES, signed


@dataclass(frozen=True)
class LocalizedCard:
    card: Card
    lang: str
    name: str
    type: str
    faction_name: str
    bonus: str | None
    effect: str
    collector: str = ""  # the collector line: faction abbreviation, number in the faction, count ("ROM 07/24")

    def as_export(self) -> dict:
        """The JSON object of `pnp export cards`."""
        c = self.card
        return {"id": c.id, "faction": c.faction, "kind": c.kind, "name": self.name, "type": self.type,
                "level": c.level, "atk": c.atk, "def": c.def_, "energy": c.energy, "copies": c.copies,
                "commander": c.commander, "terrain": c.terrain, "bonus": self.bonus, "effect": self.effect}


def locale_upper(text: str, lang: str) -> str:
    """Upper case by the language's rules: Turkish (and Azerbaijani) i → İ and ı → I."""
    if lang in TURKIC_LANGS:
        text = text.replace("i", "\u0130").replace("\u0131", "I")
    return text.upper()


def abbreviation(faction_name: str, lang: str) -> str:
    """The faction's three-letter abbreviation in the language (Rom → ROM, Rzym → RZY, Mısır → MIS)."""
    return locale_upper("".join(ch for ch in faction_name if ch.isalpha())[:3], lang)


def card_context(card_id: str, field: str) -> str:
    """The msgctxt of a card's name or effect, e.g. "rome.testudo:name"."""
    return f"{card_id}:{field}"


class _Lookup:
    """Translate (context, msgid) pairs, recording each missing translation as a problem."""

    def __init__(self, catalog: LanguageCatalog):
        self.catalog = catalog
        self.problems: list[Problem] = []

    def __call__(self, context: str, msgid: str, card: Card | None = None, field: str | None = None) -> str:
        if self.catalog.lang != SOURCE_LANG and not self.catalog.has(context, msgid):
            self.problems.append(Problem(
                "translation-missing", f"no translation for {msgid!r} (msgctxt {context!r}); add it to the catalog "
                "and run the translator workflow in the README",
                Location(file=self.catalog.path, card=card.id if card else None, lang=self.catalog.lang,
                         field=field, msgid=None if card else msgid)))
            return msgid
        return self.catalog.pgettext(context, msgid)

    def term(self, pair: tuple[str, str], card: Card | None = None, field: str | None = None) -> str:
        return self(*pair, card=card, field=field)


def stat_labels(catalog: LanguageCatalog) -> dict[str, str]:
    """The language's stat abbreviations, e.g. pl {"atk": "ATK", "def": "OBR", "lp": "PŻ"}."""
    lookup = _Lookup(catalog)
    labels = {key: lookup.term(pair) for key, pair in STATS.items()}
    raise_if_errors(lookup.problems)
    return labels


def bonus_phrase(modifiers: tuple[Modifier, ...], lookup: _Lookup, card: Card | None = None) -> str | None:
    """Render structured modifiers: own always-on bonuses joined with " / ", other kinds with "; "."""
    if not modifiers:
        return None
    phrases: list[str] = []
    previous: Modifier | None = None
    for modifier in modifiers:
        template = lookup.term(BONUS_PHRASES[(modifier.target, modifier.timing)], card, "bonus")
        stat = lookup.term(STATS[modifier.stat], card, "bonus")
        phrase = template.format(amount=signed(modifier.amount), stat=stat)
        if previous is None:
            phrases.append(phrase)
        elif (previous.target, previous.timing) == (modifier.target, modifier.timing) == ("own", "always"):
            phrases.append(" / " + phrase)
        else:
            phrases.append("; " + phrase)
        previous = modifier
    return "".join(phrases)


def localize_cards(db: CardDatabase, catalog: LanguageCatalog) -> tuple[LocalizedCard, ...]:
    """All cards in the catalog's language; raises ProblemsFound listing every missing translation."""
    lookup = _Lookup(catalog)
    result = []
    totals = Counter(card.faction for card in db.cards)
    numbers: Counter[str] = Counter()
    for card in db.cards:
        numbers[card.faction] += 1
        faction_name = lookup.term(FACTION_NAMES[card.faction], card, "faction")
        type_term = UNIT_TYPES[card.unit_type] if card.unit_type else KINDS[card.kind]
        result.append(LocalizedCard(
            card=card, lang=catalog.lang,
            name=lookup(card_context(card.id, "name"), card.name, card, "name"),
            type=lookup.term(type_term, card, "type"),
            faction_name=faction_name,
            bonus=bonus_phrase(card.bonus, lookup, card),
            effect=lookup(card_context(card.id, "effect"), card.effect, card, "effect"),
            collector=f"{abbreviation(faction_name, catalog.lang)} {numbers[card.faction]:02d}/{totals[card.faction]:02d}",
        ))
    raise_if_errors(_unique(lookup.problems))
    return tuple(result)


def _unique(problems: list[Problem]) -> list[Problem]:
    """A missing shared term (e.g. a unit type) is reported once, at its first card."""
    seen, unique = set(), []
    for problem in problems:
        key = (problem.message, problem.where.field) if problem.where.field in ("type", "faction", "bonus") else problem
        if key not in seen:
            seen.add(key)
            unique.append(problem)
    return unique
