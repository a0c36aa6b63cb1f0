"""Byte-for-byte comparison of the whole kit built from two git revisions (a refactor must change no output).

Each revision is checked out with `git worktree add --detach` into a temporary folder and built there by its own
code, data and layouts (`pnp build` for A4 and Letter, home with booklet and pro, then `pnp calibrate` for A4 and
Letter, all languages). Every PDF of the two builds is compared byte for byte; the script prints one line per
differing, missing or extra file and a summary, and exits 1 when anything differs.

    python bench/compare_kit.py                      # 214cd48 (before the restructure) against the work tree
    python bench/compare_kit.py --old main --new HEAD
"""
from __future__ import annotations

import argparse
import contextlib
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Iterator

REPO = Path(__file__).resolve().parent.parent
BUILDS = {  # folder -> arguments of one command
    "home-a4": ["build", "--paper", "a4", "--mode", "home", "--booklet"],
    "home-letter": ["build", "--paper", "letter", "--mode", "home", "--booklet"],
    "pro-a4": ["build", "--paper", "a4", "--mode", "pro"],
    "pro-letter": ["build", "--paper", "letter", "--mode", "pro"],
    "calibrate-a4": ["calibrate", "--paper", "a4"],
    "calibrate-letter": ["calibrate", "--paper", "letter"],
}
CALIBRATION_LANGS = ("de", "pl", "tr", "es", "pt", "en")


def build_kit(source: Path, out: Path) -> None:
    """Every build of BUILDS, run by the code in `source`, into `out/<build>`."""
    for name, args in BUILDS.items():
        target = out / name
        target.mkdir(parents=True)
        if args[0] == "calibrate":
            for lang in CALIBRATION_LANGS:
                run(source, [*args, "--lang", lang, "--out", str(target / f"calibration-{lang}.pdf")])
            continue
        run(source, [*args, "--out", str(target)])


def run(source: Path, args: list[str]) -> None:
    """One `pnp` command with the package, data and layouts of `source` (its folder first on the module path)."""
    command = [sys.executable, "-c", "import sys; sys.path.insert(0, '.'); from pnp.cli import main; main()", *args]
    result = subprocess.run(command, cwd=source, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{source}: pnp {' '.join(args)} failed ({result.returncode}):\n{result.stderr}")


def checkout(revision: str, into: Path) -> Path:
    """A detached worktree of `revision` in `into`; the work tree itself for revision 'WORKTREE'."""
    if revision == "WORKTREE":
        return REPO
    subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(into), revision],
                   check=True, capture_output=True)
    return into


def compare(old: Path, new: Path) -> list[str]:
    """One line per PDF that differs between the two build folders, or exists in only one of them."""
    old_files = {p.relative_to(old) for p in old.rglob("*.pdf")}
    new_files = {p.relative_to(new) for p in new.rglob("*.pdf")}
    lines = [f"only in old: {p}" for p in sorted(old_files - new_files)]
    lines += [f"only in new: {p}" for p in sorted(new_files - old_files)]
    lines += [f"differs: {p}" for p in sorted(old_files & new_files)
              if (old / p).read_bytes() != (new / p).read_bytes()]
    return lines


@contextlib.contextmanager
def built(old: str, new: str, build: Callable[[Path, Path], None]) -> Iterator[tuple[Path, Path]]:
    """The output folders of `build(source, out)` run by the code of revision `old` and of revision `new`; the
    worktrees checked out for it and the outputs are removed afterwards."""
    temp = Path(tempfile.mkdtemp(prefix="pnp-compare-"))
    sources = []
    try:
        for label, revision in (("old", old), ("new", new)):
            source = checkout(revision, temp / f"src-{label}")
            sources.append(source)
            start = time.perf_counter()
            build(source, temp / f"out-{label}")
            print(f"built {label} ({revision}) in {time.perf_counter() - start:.0f} s")
        yield temp / "out-old", temp / "out-new"
    finally:
        for source in sources:
            if source != REPO:
                subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(source)],
                               capture_output=True)
        shutil.rmtree(temp, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", default="214cd48", help="git revision of the reference build (default 214cd48)")
    parser.add_argument("--new", default="WORKTREE", help="git revision to compare (default: the work tree)")
    options = parser.parse_args()
    with built(options.old, options.new, build_kit) as (old, new):
        differences = compare(old, new)
        count = len(list(old.rglob("*.pdf")))
    for line in differences:
        print(line)
    print(f"{count} PDFs of {options.old} compared with {options.new}: "
          f"{'identical' if not differences else f'{len(differences)} differ'}")
    sys.exit(1 if differences else 0)

if __name__ == "__main__":
    main()
