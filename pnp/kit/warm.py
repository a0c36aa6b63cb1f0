"""What every worker of a pool would otherwise load for itself, loaded once in the parent before it forks them: the
fonts (parsed and registered), the rulebook's modules (ReportLab's platypus) and the languages' hyphenation
patterns. The workers inherit them; a command run in one process loads them when it first needs them instead."""
from __future__ import annotations

from ..project import Project
from ..typeset.fonts import register_fonts
from ..typeset.hyphenation import breaks_for


def warm_up(project: Project, langs: tuple[str, ...]) -> None:
    """Load what the steps and checks of `langs` all use, in this process."""
    register_fonts(project.fonts)
    from ..rulebook import produce  # noqa: F401 (its modules, ReportLab's platypus among them)
    for lang in langs:
        breaks_for(lang)
