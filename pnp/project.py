"""Where a project's inputs live: engine data, card files, catalogs, art, fonts, layouts. Only the CLI and build
touch these; checkers and producers get the Project passed in and read layouts from its folder."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .data.card_database import CardDatabase, load_cards
from .i18n.catalogs import SOURCE_LANG, LanguageCatalog, read_catalogs
from .data.engine_data import ENGINE_NAMES, Engine, read_engine
from .i18n.lexicon import Lexicon, load_lexicon
from .layouts.schemas import LAYOUTS
from .problems import Problem, ProblemsFound, errors, raise_if_errors
from .resources import bundled_root

REPO = bundled_root()  # the repository in a checkout; the package's bundled data once installed


@dataclass(frozen=True)
class Project:
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
    """Everything loaded and checked: the first stage of every command."""

    engine: Engine
    cards: CardDatabase
    catalogs: dict[str, LanguageCatalog]
    lexicon: Lexicon = Lexicon()  # the translators' allowlist and glossary (read with the catalogs)


def loaded_langs(inputs: Inputs, langs: tuple[str, ...]) -> tuple[str, ...]:
    """The languages of `langs` whose catalogs could be read."""
    return tuple(lang for lang in langs if lang in inputs.catalogs)


def load_inputs(project: Project, langs: tuple[str, ...]) -> Inputs:
    """Load engine data, cards and catalogs; raises ProblemsFound with the problems of all three."""
    inputs, problems = read_inputs(project, langs)
    raise_if_errors(problems)
    return inputs


def read_inputs(project: Project, langs: tuple[str, ...]) -> tuple[Inputs | None, list[Problem]]:
    """Load what can be loaded, with the problems found on the way.

    The inputs come back whenever the later checks can run on them — the engine data and cards read and every
    engine number valid — even when the engine data's numbers disagree with each other or some languages' catalogs
    could not be read (the inputs then hold the others: check `loaded_langs`), so that one run reports everything.
    """
    engine, problems = read_engine(project.engine_file)
    cards = None
    try:
        cards = load_cards(project.cards_dir, engine)
    except ProblemsFound as exc:
        problems += exc.problems
    catalogs, catalog_problems = read_catalogs(project.locales, langs)
    problems += catalog_problems
    lexicon = Lexicon()
    if set(langs) - {SOURCE_LANG}:
        try:
            lexicon = load_lexicon(project.locales)
        except ProblemsFound as exc:
            problems += exc.problems
    loaded = cards is not None and set(engine.numbers) == ENGINE_NAMES
    later_checks_can_run = {"engine-inconsistent"} | {p.code for p in catalog_problems}
    if loaded and not any(p.code not in later_checks_can_run for p in errors(problems)):
        return Inputs(engine, cards, catalogs, lexicon), problems
    return None, problems
