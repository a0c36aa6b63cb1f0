"""`pnp catalogs update` and `pnp catalogs check`: the templates and catalogs as extraction and update make them."""
from __future__ import annotations

import sys

import click

from ..i18n.catalogs import LANGS
from ..kit.write import write_all
from ..core.problems import ProblemsFound
from ..project import REPO
from .options import EXIT_PROBLEMS, report


@click.group("catalogs")
def catalogs_group():
    """Gettext templates and catalogs (run in a checkout of the repository)."""


def _expected():
    from ..i18n.catalog_sync import in_step  # Babel's extraction: only these two commands need it
    if not (REPO / "babel.cfg").is_file():
        raise click.UsageError(f"no babel.cfg in {REPO}; run pnp from a checkout of the repository")
    return in_step(REPO, REPO / "locales", LANGS)


@catalogs_group.command("update")
def catalogs_update():
    """Extract every domain's template from the code and update every language's catalog from it (pybabel extract
    and update --ignore-obsolete); files that would change only in their dates are left as they are."""
    expected = _expected()
    changed = {path: data for path, data in expected.items() if not path.exists() or path.read_bytes() != data}
    try:
        write_all(changed, REPO / "locales")
    except ProblemsFound as exc:
        report(exc.problems)
        sys.exit(EXIT_PROBLEMS)
    click.echo(f"{len(changed)} of {len(expected)} catalog files updated")


@catalogs_group.command("check")
def catalogs_check():
    """Exit 1 when a template or catalog is not what `pnp catalogs update` would write (the first differing entry
    of each)."""
    from ..i18n.catalog_sync import stale
    problems = stale(_expected())
    if problems:
        report(problems, sys.stdout)
        sys.exit(EXIT_PROBLEMS)
    click.echo("catalogs in step with the code")
