"""Byte-for-byte comparison of the proof site and the card images made by two git revisions (a speed change must
change no output; an encoder change may change bytes, never pixels).

Each revision is checked out as compare_kit.py does and runs, with the caches across runs off (PNP_NO_CACHE=1, so
both make every file): `pnp proof` of all languages and `pnp export images --lang de`. Every file of the two
outputs is compared byte for byte; an image (PNG, JPEG) whose bytes differ is decoded and compared pixel by pixel.
One line per file that differs, is missing or is extra, and a summary with the bytes added or saved; exits 1 when
a page differs, an image's pixels differ or a file is missing or extra.

    python bench/compare_site.py --old main --new HEAD
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from PIL import Image

from compare_kit import built, run

OUTPUTS = {"proof": ["proof", "--jobs", "1"], "images": ["export", "images", "--lang", "de", "--jobs", "1"]}
IMAGES = (".png", ".jpg")


def build_site(source: Path, out: Path) -> None:
    """Every output of OUTPUTS, made by the code in `source`, into `out/<output>`."""
    for name, args in OUTPUTS.items():
        run(source, [*args, "--out", str(out / name)])


def same_pixels(old: Path, new: Path) -> bool:
    with Image.open(old) as before, Image.open(new) as after:
        return before.size == after.size and before.convert("RGBA").tobytes() == after.convert("RGBA").tobytes()


def compare(old: Path, new: Path) -> tuple[list[str], int]:
    """One line per file that differs between the two output folders or exists in only one of them (an image with
    the same pixels marked so), and the bytes the new files add (negative: save)."""
    old_files = {p.relative_to(old) for p in old.rglob("*") if p.is_file()}
    new_files = {p.relative_to(new) for p in new.rglob("*") if p.is_file()}
    lines = [f"only in old: {p}" for p in sorted(old_files - new_files)]
    lines += [f"only in new: {p}" for p in sorted(new_files - old_files)]
    added = 0
    for path in sorted(old_files & new_files):
        before, after = (old / path).read_bytes(), (new / path).read_bytes()
        if before != after:
            added += len(after) - len(before)
            pixels = path.suffix in IMAGES and same_pixels(old / path, new / path)
            lines.append(f"{'same pixels, other bytes' if pixels else 'differs'}: {path}")
    return lines, added


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", default="main", help="git revision of the reference output (default main)")
    parser.add_argument("--new", default="WORKTREE", help="git revision to compare (default: the work tree)")
    options = parser.parse_args()
    os.environ["PNP_NO_CACHE"] = "1"
    with built(options.old, options.new, build_site) as (old, new):
        lines, added = compare(old, new)
        count = sum(1 for path in old.rglob("*") if path.is_file())
    failed = [line for line in lines if not line.startswith("same pixels")]
    summary = (f"{count} files of {options.old} compared with {options.new}: {count - len(lines)} identical, "
               f"{len(lines) - len(failed)} images with the same pixels, {len(failed)} differ; {added:+d} bytes")
    print("\n".join([*lines, summary]))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
