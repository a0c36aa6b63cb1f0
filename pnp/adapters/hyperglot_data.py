"""hyperglot 0.8 internals pnp relies on (tests/test_adapters.py checks them against the installed hyperglot): the
name of its language cache, `hyperglot.language.LANGUAGE_CACHE_FILE`, a pickle that hyperglot reads from and writes
to the current folder (`.hyperglot-cache`, 0.9 MB). Unpickling a file found wherever the user runs pnp would run any
code that file holds, and writing one leaves a file in the user's folder, so while pnp asks hyperglot the name is the
null device: hyperglot finds no cache to read and what it writes goes nowhere. pnp keeps what it asked across runs in
its own cache (pnp.i18n.new_language.ORTHOGRAPHIES), as plain strings."""
from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator

import hyperglot.language


@contextmanager
def without_cache_file() -> Iterator[None]:
    """hyperglot reading and writing no language cache file for the time of the block."""
    before = hyperglot.language.LANGUAGE_CACHE_FILE
    hyperglot.language.LANGUAGE_CACHE_FILE = os.devnull
    try:
        yield
    finally:
        hyperglot.language.LANGUAGE_CACHE_FILE = before
