"""Where a project's inputs live: engine data, card files, catalogs, art, fonts, layouts. Only the CLI and build
touch these; checkers and products get the Project passed in and read layouts from its folder."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .data.card_database import CardDatabase, load_cards
from .i18n.catalogs import LanguageCatalog, read_catalogs
from .data.engine_data import ENGINE_NAMES, Engine, read_engine
from .i18n.languages import LANGUAGES_FILE, read_languages, use
from .i18n.lexicon import Lexicon, load_lexicon
from .layouts.schemas import LAYOUTS
from .core.problems import Problem, ProblemsFound, raise_if_errors
from .core.resources import bundled_root

REPO = bundled_root()  # the repository in a checkout; the package's bundled data once installed


@dataclass(frozen=True)
class Project:
    """Where a project's inputs are: its data, catalogs, art, fonts and layouts folders."""
    data: Path = REPO / "data"
    locales: Path = REPO / "locales"
    art: Path = REPO / "art"
    fonts: Path = REPO / "fonts"
    layouts: Path = LAYOUTS  # the layout files (*.toml) every product reads its geometry from

    @property
    def engine_file(self) -> Path:
        return self.data / "engine.toml"

    @property
    def cards_dir(self) -> Path:
        return self.data / "cards"


@dataclass(frozen=True)
class Inputs:
    """Everything loaded: the first stage of every command.

    The engine data, the cards and the word lists are None when they could not be read (their problems say why):
    the validator then runs every check that does without them, and a build stops before composing anything
    (`complete`). Cards read beside broken engine data have their texts checked, their numbers not.
    """

    engine: Engine | None
    cards: CardDatabase | None
    catalogs: dict[str, LanguageCatalog]
    lexicon: Lexicon | None  # the translators' word lists: allowlist, glossary, game terms (read with the catalogs)

    @property
    def complete(self) -> bool:
        """Engine data, cards and word lists all read: what producers need."""
        return None not in (self.engine, self.cards, self.lexicon)


def loaded_langs(inputs: Inputs, langs: tuple[str, ...]) -> tuple[str, ...]:
    """The languages of `langs` whose catalogs could be read."""
    return tuple(lang for lang in langs if lang in inputs.catalogs)


def load_inputs(project: Project, langs: tuple[str, ...]) -> Inputs:
    """Load engine data, cards and catalogs; raises ProblemsFound with the problems of all three."""
    inputs, problems = read_inputs(project, langs)
    raise_if_errors(problems)
    return inputs


def read_inputs(project: Project, langs: tuple[str, ...]) -> tuple[Inputs, list[Problem]]:
    """Load what can be loaded, with the problems found on the way, so that one run reports everything.

    The engine data comes back when every number is valid, even if the numbers disagree with each other; the cards
    when every card file is valid; the catalogs of the languages whose catalogs could be read (`loaded_langs`); the
    word lists when they could be read. What could not be read is None.
    """
    engine, problems = read_engine(project.engine_file)
    if os.path.lexists(project.locales / LANGUAGES_FILE):  # a catalogs folder of its own languages (`lang add`)
        languages, language_problems = read_languages(project.locales)
        problems += language_problems
        if languages:  # a file that cannot be read at all is its one problem, the bundled languages stay in use
            use(languages)
    cards = None
    try:
        cards = load_cards(project.cards_dir, engine)
    except ProblemsFound as exc:
        problems += exc.problems
    catalogs, catalog_problems = read_catalogs(project.locales, langs)
    problems += catalog_problems
    lexicon = None
    try:  # every language needs it, English too: its rulebook's glossary lists the English game terms
        lexicon = load_lexicon(project.locales)
    except ProblemsFound as exc:
        problems += exc.problems
    numbers_valid = set(engine.numbers) == ENGINE_NAMES
    return Inputs(engine if numbers_valid else None, cards, catalogs, lexicon), problems
