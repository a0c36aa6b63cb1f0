"""`pnp lang add CODE`: start a new language as data (catalogs of every domain and a draft registry entry)."""
from __future__ import annotations

import sys

import click

from ..i18n.languages import read_languages
from ..kit.write import write_all
from ..core.problems import ProblemsFound
from ..project import Project
from .options import EXIT_PROBLEMS, PathArg, check_input_folder, report


@click.group("lang")
def lang_group():
    """The languages of the kit (locales/languages.toml)."""


@lang_group.command("add")
@click.argument("code")
@click.option("--norm", default=None, help="The regional norm the translation follows, named in every catalog's "
              "header [default: standard <language>].")
@click.option("--locales", type=PathArg(file_okay=False), default=Project().locales, callback=check_input_folder,
              help="Folder of the gettext catalogs.")
def lang_add(code, norm, locales):
    """Add the language CODE (e.g. fr, it) as a draft: its catalogs of every domain from the templates, with
    Plural-Forms from CLDR, and its entry in languages.toml (hyphenation from pyphen where it has the language),
    once the fonts are found to cover its letters. Build it with `pnp build --lang CODE --draft`."""
    from ..i18n.new_language import new_language_files, parsed_locale  # Babel's extraction and pyphen: this command
    languages, problems = read_languages(locales)
    locale = parsed_locale(code)
    norm = norm or (f"standard {locale.get_display_name('en')}" if locale else "")
    from ..typeset.fonts import missing_glyphs, register_fonts  # ReportLab: loaded by the commands that use it
    fonts = register_fonts(Project().fonts)
    files, found = ({}, problems) if problems else new_language_files(locales, code, norm, languages, fonts,
                                                                       missing_glyphs)
    try:
        if found:
            raise ProblemsFound(found)
        write_all({path.absolute(): data for path, data in files.items()}, locales.absolute())
    except ProblemsFound as exc:
        report(exc.problems)
        sys.exit(EXIT_PROBLEMS)
    click.echo(f"Added {code} ({norm}) as a draft: {len(files) - 1} catalogs in {locales / code}; check its quotes, "
               f"casing and suffixes in {locales / 'languages.toml'}, translate, then `pnp validate --lang {code}` and "
               f"`pnp build --lang {code} --draft`.")
