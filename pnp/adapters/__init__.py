"""Adapters: the only modules that touch a library's internals (names it does not document), one module per
library, each use a small function with the version it was written for; tests/test_adapters.py fails on a library
version that breaks one. The versions are pinned in pyproject.toml."""
