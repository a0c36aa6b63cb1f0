"""Cards in one language: every printed string looked up in that language's catalog, nothing missing."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..data.card_database import Card, CardDatabase, Modifier
from ..core.caches import memo_objects
from ..core.problems import raise_if_errors
from ..data.terms import BONUS_PHRASES, FACTION_ABBREVIATIONS, FACTION_NAMES, KINDS, STATS, TRAITS, UNIT_TYPES, signed
from .catalogs import LanguageCatalog
from .translator import Translator

TRAIT_SEPARATOR = " \u00b7 "  # between the type and each trait on the type line: "Infantry · Mercenary"


@dataclass(frozen=True)
class LocalizedCard:
    """A card with its texts in one language, as its faces print them."""
    card: Card
    lang: str
    name: str
    type: str
    faction_name: str
    bonus: str | None
    effect: str
    collector: str = ""  # the collector line: faction abbreviation, number in the faction, count ("ROM 07/24")
    traits: tuple[str, ...] = ()  # the names of the card's traits, in the order of its data

    @property
    def type_line(self) -> str:
        """The type and the traits, as the card's type line prints them ("Infanterie · Söldner")."""
        return TRAIT_SEPARATOR.join((self.type, *self.traits))

    def as_export(self) -> dict:
        """The JSON object of `pnp export cards`."""
        c = self.card
        return {"id": c.id, "faction": c.faction, "kind": c.kind, "name": self.name, "type": self.type,
                "traits": list(c.traits), "trait_names": list(self.traits),
                "level": c.level, "atk": c.atk, "def": c.def_, "energy": c.energy, "copies": c.copies,
                "commander": c.commander, "terrain": c.terrain, "bonus": self.bonus, "effect": self.effect}


def card_context(card_id: str, field: str) -> str:
    """The msgctxt of a card's name or effect, e.g. "rome.testudo:name"."""
    return f"{card_id}:{field}"


CARDS_DOMAIN = "cards"  # the gettext domain of card strings, terms and card labels


def stat_labels(catalog: LanguageCatalog) -> dict[str, str]:
    """The language's stat abbreviations, e.g. pl {"atk": "ATK", "def": "OBR", "lp": "PŻ"}."""
    translator = Translator(catalog, CARDS_DOMAIN)
    labels = {key: translator.text(*pair) for key, pair in STATS.items()}
    raise_if_errors(translator.problems)
    return labels


def bonus_phrase(modifiers: tuple[Modifier, ...], translator: Translator, card: Card) -> str | None:
    """Render structured modifiers: own always-on bonuses joined with " / ", other kinds with "; "."""
    if not modifiers:
        return None
    phrases: list[str] = []
    previous: Modifier | None = None
    for modifier in modifiers:
        context, msgid = BONUS_PHRASES[(modifier.target, modifier.timing)]
        template = translator.text(context, msgid, card=card.id, field="bonus")
        stat = translator.text(*STATS[modifier.stat], card=card.id, field="bonus")
        phrase = translator.fill(template, msgid, {"amount": signed(modifier.amount), "stat": stat})
        if previous is None:
            phrases.append(phrase)
        elif (previous.target, previous.timing) == (modifier.target, modifier.timing) == ("own", "always"):
            phrases.append(" / " + phrase)
        else:
            phrases.append("; " + phrase)
        previous = modifier
    return "".join(phrases)


@memo_objects("all cards in a catalog's language", "the card database and the catalog (by identity, held with "
              "the entry)", maxsize=16)
def localize_cards(db: CardDatabase, catalog: LanguageCatalog) -> tuple[LocalizedCard, ...]:
    """All cards in the catalog's language; raises ProblemsFound listing every missing translation."""
    translator = Translator(catalog, CARDS_DOMAIN)
    result = []
    totals = Counter(card.faction for card in db.cards)
    numbers: Counter[str] = Counter()
    for card in db.cards:
        numbers[card.faction] += 1
        faction_name = translator.text(*FACTION_NAMES[card.faction], card=card.id, field="faction")
        type_term = UNIT_TYPES[card.unit_type] if card.unit_type else KINDS[card.kind]
        result.append(LocalizedCard(
            card=card, lang=catalog.lang,
            name=translator.text(card_context(card.id, "name"), card.name, card=card.id, field="name"),
            type=translator.text(*type_term, card=card.id, field="type"),
            faction_name=faction_name,
            traits=tuple(translator.text(*TRAITS[trait], card=card.id, field="type") for trait in card.traits),
            bonus=bonus_phrase(card.bonus, translator, card),
            effect=translator.text(card_context(card.id, "effect"), card.effect, card=card.id, field="effect"),
            collector=f"{translator.text(*FACTION_ABBREVIATIONS[card.faction], card=card.id, field='collector')} "
                      f"{numbers[card.faction]:02d}/"
                      f"{totals[card.faction]:02d}",
        ))
    raise_if_errors(translator.problems)
    return tuple(result)

