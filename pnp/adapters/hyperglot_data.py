"""hyperglot 0.8 internals pnp relies on (tests/test_adapters.py checks them against the installed hyperglot).

- The name of its language cache, `hyperglot.language.LANGUAGE_CACHE_FILE`: a pickle that hyperglot reads from and
  writes to the current folder (`.hyperglot-cache`, 0.9 MB). Unpickling a file found wherever the user runs pnp
  would run any code that file holds, and writing one leaves a file in the user's folder. While pnp asks hyperglot,
  the name is the current folder itself: hyperglot finds no file of that name to read, and its write fails. It
  catches that error and logs a warning per language, which the block keeps off the user's screen (its errors, such
  as a malformed language file, are still shown). Each write would pickle the whole cache again, once for each of
  its 806 languages: 4 of a cold `Languages()`'s 6 s of CPU, even when written to the null device.
- How it reads its YAML files: `yaml.load(file, Loader=yaml.Loader)`, the pure-Python parser. While pnp asks it,
  `yaml.Loader` is PyYAML's libyaml parser (when PyYAML has libyaml), with the same constructor and resolver: the
  same data for all 806 languages, parsed in a quarter of the time.

pnp keeps what it asked across runs in its own cache (pnp.i18n.new_language.ORTHOGRAPHIES), as plain strings."""
from __future__ import annotations

import logging
import os
from contextlib import contextmanager
from typing import Iterator

import hyperglot.language
import yaml

CACHE_LOGGER = "hyperglot.language"  # where hyperglot logs a language cache it cannot write


@contextmanager
def without_cache_file() -> Iterator[None]:
    """hyperglot reading and writing no language cache file, and parsing YAML with libyaml, for the time of the
    block."""
    name, loader = hyperglot.language.LANGUAGE_CACHE_FILE, yaml.Loader
    logger = logging.getLogger(CACHE_LOGGER)
    level = logger.level
    hyperglot.language.LANGUAGE_CACHE_FILE = os.curdir
    yaml.Loader = getattr(yaml, "CLoader", loader)
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        hyperglot.language.LANGUAGE_CACHE_FILE, yaml.Loader = name, loader
        logger.setLevel(level)
