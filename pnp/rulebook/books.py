"""The rule books made from the templates: the Learn to Play rulebook, the Rules Reference, the quick reference."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Book:
    """One book: its root template, its file page for page and as a booklet ("" when it has none), whether it holds
    a keyword table every game term must have a row in (pnp.rulebook.glossary), whether its rules are numbered
    (the book that defines each term by a rule, pnp.rulebook.numbering), and whether it cites the Rules Reference's
    rules by number, and whether it states the facts of its paper (the cards on a sheet, the build's options): a book
    that does not is composed once for every paper (pnp.rulebook.compose)."""

    name: str
    template: str
    pages: str
    booklet: str = ""
    keywords: bool = False
    numbered: bool = False
    cites_reference: bool = False  # its references are rules of the Rules Reference
    states_paper: bool = False  # its templates read the paper's facts (pnp.rulebook.compose.PAPER_NAMES)


LEARN_TO_PLAY = Book("rulebook", "rulebook.j2", "rulebook.pdf", "rulebook-booklet.pdf", cites_reference=True,
                     states_paper=True)
REFERENCE = Book("reference", "reference.j2", "rules-reference.pdf", "rules-reference-booklet.pdf", keywords=True,
                 numbered=True)
QUICKREF = Book("quickref", "quickref-page.j2", "quickref.pdf", cites_reference=True)
BOOKS = (LEARN_TO_PLAY, REFERENCE, QUICKREF)
