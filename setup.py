"""Packaging beyond pyproject.toml: the top-level data folders become package data of the wheel without moving.

`data/`, `locales/` and `fonts/` stay where the repository keeps them; in the wheel they are `pnp/_bundled/<name>/`
(mapped subpackages), where `pnp.core.resources` finds them with importlib.resources.
"""
from setuptools import find_namespace_packages, setup

BUNDLED = {"data": ["*.toml", "cards/*.toml"],
           "locales": ["*.pot", "*.toml", "*/LC_MESSAGES/*.po"],
           "fonts": ["*.ttf", "*.txt"]}

setup(
    packages=(find_namespace_packages(include=["pnp", "pnp.*"], exclude=["*.__pycache__"])
              + [f"pnp._bundled.{name}" for name in BUNDLED]),
    package_dir={f"pnp._bundled.{name}": name for name in BUNDLED},
    package_data={"pnp": ["layouts/*.toml"], "pnp.rulebook": ["templates/*.j2"], "pnp.proof": ["templates/*"],
                  "pnp.icons": ["*.svg", "*.md"], "pnp.typeset.patterns": ["*.dic"],
                  **{f"pnp._bundled.{name}": globs for name, globs in BUNDLED.items()}},
    include_package_data=False,
)
