"""Where the bundled inputs (data/, locales/, fonts/) are, found with importlib.resources.

An installed wheel carries them as package data in `pnp/_bundled/` (see setup.py); a source checkout (an editable
install) keeps them at the top of the repository, beside the `pnp` package.
"""
from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def package_folder(package: str, name: str) -> Path:
    """A folder of package data inside a package, e.g. ("pnp", "layouts")."""
    return Path(str(files(package) / name))


def bundled_root() -> Path:
    """The folder holding the bundled data/, locales/ and fonts/."""
    package = files("pnp")
    installed = package / "_bundled"
    # files() of a package installed from a wheel or checked out is a real folder, so the inputs are plain paths
    return Path(str(installed)) if installed.is_dir() else Path(str(package)).parent
