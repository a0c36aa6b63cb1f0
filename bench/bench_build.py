"""Benchmark: time `pnp build` of the whole kit (all decks in all languages) and report seconds and peak memory.

Each run is a fresh `pnp build` process into a temporary folder (nothing in the repository is touched); the
figure is the best of --repeat runs, the peak memory the largest resident set size of a run (Linux/macOS).

    python bench/bench_build.py                 # home A4 and pro, 3 runs each
    python bench/bench_build.py --repeat 1 --mode pro
"""
from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run(args: list[str]) -> tuple[float, float, int]:
    """Seconds, peak resident memory (MiB) and number of PDF files of one `pnp build` with `args`."""
    out = Path(tempfile.mkdtemp(prefix="pnp-bench-"))
    try:
        command = [sys.executable, "-c", "from pnp.cli import main; main()", "build", *args, "--out", str(out)]
        with tempfile.TemporaryFile() as errors:
            start = time.perf_counter()
            process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
            _, status, usage = os.wait4(process.pid, 0)  # this process's own resource usage
            seconds = time.perf_counter() - start
            process.returncode = os.waitstatus_to_exitcode(status)
            if process.returncode != 0:
                errors.seek(0)
                sys.exit(f"pnp build {' '.join(args)} failed:\n{errors.read().decode()}")
        scale = 1 if platform.system() == "Darwin" else 1024  # ru_maxrss: bytes on macOS, KiB on Linux
        return seconds, usage.ru_maxrss * scale / 2 ** 20, len(list(out.rglob("*.pdf")))
    finally:
        shutil.rmtree(out, ignore_errors=True)


def producers(mode: str, paper: str) -> dict[str, float]:
    """Seconds per producer (all languages) of one in-process build, without writing."""
    from pnp.context import BuildOptions
    from pnp.kit.build import prepare
    from pnp.project import Project

    steps, _ = prepare(Project(), BuildOptions(mode=mode, paper=paper))
    seconds: dict[str, float] = {}
    for step in steps:
        start = time.perf_counter()
        step.run()
        name = step.producer.__name__
        seconds[name] = seconds.get(name, 0.0) + time.perf_counter() - start
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--mode", choices=("home", "pro"), action="append")
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4")
    options = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs")
    for mode in options.mode or ("home", "pro"):
        runs = [run(["--lang", "all", "--mode", mode, "--paper", options.paper]) for _ in range(options.repeat)]
        best = min(seconds for seconds, _, _ in runs)
        peak = max(memory for _, memory, _ in runs)
        print(f"pnp build --lang all --mode {mode} --paper {options.paper}: {runs[0][2]} PDFs, "
              f"best of {len(runs)}: {best:.1f} s, peak memory {peak:.0f} MiB")
        parts = producers(mode, options.paper)
        print("  rendering by producer: " + ", ".join(f"{name} {sec:.1f} s" for name, sec in parts.items()))


if __name__ == "__main__":
    main()
