"""The rulebook's checks run by `pnp validate`: each game term has its glossary entry in every language."""
from __future__ import annotations

from ..catalogs import SOURCE_LANG
from ..problems import Problem
from ..project import Inputs
from .compose import glossary_chapter


def glossary_chapter_problems(inputs: Inputs, langs: tuple[str, ...]) -> list[Problem]:
    """Every term of locales/game-terms.toml occurs, as that language's cards write it, in the language's glossary
    chapter with a definition (and the definitions are translated)."""
    problems: list[Problem] = []
    for lang in langs:
        lexicon = inputs.lexicon
        terms = lexicon.english_terms if lang == SOURCE_LANG else lexicon.of(lang).game_terms
        problems += glossary_chapter(inputs.catalogs[lang], terms)[1]
    return problems
