"""What every worker of a pool would otherwise load for itself, loaded once in the parent before it forks them: the
fonts (parsed and registered), the rulebook's modules and ReportLab's platypus (imported as the rendering imports it,
its web-address pattern left to first use), and the languages' hyphenation patterns. The workers inherit them; a
command run in one process loads them when it first needs them instead. Nothing here reads the layouts or the data,
whose problems the command reports, all of them, once it runs."""
from __future__ import annotations

from ..adapters.reportlab_patterns import platypus_imported
from ..project import Project
from ..typeset.fonts import register_fonts
from ..typeset.hyphenation import breaks_for


def warm_up(project: Project, langs: tuple[str, ...]) -> None:
    """Load what the steps and checks of `langs` all use, in this process."""
    register_fonts(project.fonts)
    platypus_imported()
    from ..rulebook import produce, render  # noqa: F401 (the modules that compose and lay out the rule books)
    for lang in langs:
        breaks_for(lang)
