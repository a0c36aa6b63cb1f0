"""Benchmark: this checkout against another revision of pnp and against a plain-ReportLab reference job.

Every job runs as a fresh process, this checkout and the baseline side by side in each round (alternating which
goes first), so the machine's load falls on both alike; the figures are medians over the rounds. Peak memory is
the largest sum of the resident sets of the job's process and all its children (a parallel build's workers
included), sampled every few milliseconds in one more run of each job after the timed rounds (the sampler's own
CPU time would slow a job that uses every core).

    python bench/bench_build.py --rev 214cd48            # check that revision out (cached) and compare
    python bench/bench_build.py --baseline ../old-pnp     # a checkout with its own .venv
    python bench/bench_build.py --rev 214cd48 --rounds 4 --tests   # also the README's test command, once each
    python bench/bench_build.py --rev 214cd48 --instructions       # also the instructions of the one-process jobs

The baseline checkout of --rev is made with `git archive` into ~/.cache/pnp-bench/<commit> with its own venv and
its modules compiled, as this checkout's are by the README's set-up (once; needs the network for its dependencies).
Nothing in this repository is written.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CACHE = Path.home() / ".cache" / "pnp-bench"
PNP = ("-m", "pnp")  # the `pnp` command, as its script runs it (pnp.__main__)
MEMORY_TARGET_MB, DECK_TARGET_KB = 300, 130


@dataclass
class Side:
    """One version of pnp: its checkout and the Python of its venv."""

    name: str
    root: Path
    python: Path
    seconds: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)
    peak_mb: dict[str, float] = field(default_factory=dict)
    deck_kb: float = 0.0


def tree_memory_mb(pid: int) -> tuple[float, float]:
    """Memory of a process and all its descendants, in MB: the sum of their resident sets, which counts a page that
    forked workers still share with their parent in each of them, and the sum of their proportional sets (Linux's
    Pss: a shared page divided among the processes that map it), the memory they take together."""
    resident = proportional = 0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            with open(f"/proc/{current}/smaps_rollup") as fp:
                for line in fp:
                    if line.startswith("Rss:"):
                        resident += int(line.split()[1])
                    elif line.startswith("Pss:"):
                        proportional += int(line.split()[1])
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as fp:
                    pending += [int(child) for child in fp.read().split()]
        except (FileNotFoundError, ProcessLookupError, ValueError):
            continue
    return resident / 1000, proportional / 1000


def own_caches(root: Path) -> dict[str, str]:
    """The environment of a job of the checkout `root`: pnp's caches across runs in a folder of that checkout's own
    (~/.cache/pnp-bench/caches/<hash of the path>), so that two versions whose entries differ do not replace each
    other's in the user's cache folder run after run (both would then read cold)."""
    import hashlib
    folder = CACHE / "caches" / hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:12]
    return {**os.environ, "XDG_CACHE_HOME": str(folder)}


def timed(command: list[str], cwd: Path, sample: bool = False, output=subprocess.DEVNULL
          ) -> tuple[float, float, float, float]:
    """Wall seconds, CPU seconds (user + system, all processes) and, with `sample`, peak memory (MB, all processes
    together, resident and proportional: tree_memory_mb; 0 without) of one command, its standard output to `output`;
    exits when it fails. The memory is sampled every few milliseconds by a thread of this process, which takes CPU
    time from a job that uses every core: the timed rounds run without it."""
    peak = [0.0, 0.0]
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=output, stderr=errors, env=own_caches(cwd))
        done = threading.Event()

        def sampling():
            while not done.wait(0.005):
                peak[:] = map(max, peak, tree_memory_mb(process.pid))

        sampler = threading.Thread(target=sampling)
        if sample:
            sampler.start()
        _, status, usage = os.wait4(process.pid, 0)  # the usage of the process and the children it waited for
        seconds = time.perf_counter() - start
        done.set()
        if sample:
            sampler.join()
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            errors.seek(0)
            sys.exit(f"{' '.join(command)} failed in {cwd}:\n{errors.read().decode()}")
    return seconds, usage.ru_utime + usage.ru_stime, peak[0], peak[1]


def jobs(side: Side, out: Path) -> dict[str, list[str]]:
    py = str(side.python)
    return {
        "kit": [py, *PNP, "build", "--out", str(out / "kit")],
        "one language": [py, *PNP, "build", "--lang", "de", "--out", str(out / "de")],
        "validate": [py, *PNP, "validate"],
        "import pnp.cli": [py, "-c", "import pnp.cli"],
    }


INSTRUCTION_JOBS = ("one language", "validate", "import pnp.cli")  # one process each (the default chooses one)


def instructions(command: list[str], cwd: Path) -> int:
    """The instructions that `command`'s process and the workers it forks execute, counted by Valgrind's callgrind:
    two runs of the same checkout differ by a few in a hundred thousand, where CPU time moves by tens of per cent with
    the machine's load, so a change of 1 % shows. A forked worker is counted from its fork on (callgrind zeroes its
    count where Python's os.fork starts the child, PyOS_AfterFork_Child), not with the parent's count it inherits. A
    count, not a time: work that waits on memory (the cyclic garbage collector, large tables) costs more time than
    its instructions say, and so does work in a forked process (the kernel copies each page it first writes to)."""
    with tempfile.TemporaryDirectory(prefix="pnp-callgrind-") as counts:
        subprocess.run(["valgrind", "--tool=callgrind", "--zero-before=PyOS_AfterFork_Child",
                        f"--callgrind-out-file={counts}/%p", *command], cwd=cwd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env=own_caches(cwd), check=True)
        found = [int(n) for file in Path(counts).iterdir()
                 for n in re.findall(rb"^summary:\s+(\d+)$", file.read_bytes(), re.M)]
    if not found:
        sys.exit(f"valgrind counted no instructions for {' '.join(command)}")
    return sum(found)


def instruction_lines(sides: list[Side]) -> list[str]:
    """Each one-process job's instructions on both sides (one run each, after the timed rounds warmed the caches)
    and the one-language build's against the reference job's."""
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as out:
        counts = {side.name: {job: instructions(jobs(side, Path(out, side.name.replace(" ", "-")))[job], side.root)
                              for job in INSTRUCTION_JOBS} for side in sides}
    reference = instructions([str(sides[0].python), str(REPO / "bench" / "reference_fronts.py")], REPO)
    now, then = (counts[side.name] for side in sides)
    lines = [f"  {job:<15} {now[job] / 1e9:7.3f} G  {then[job] / 1e9:7.3f} G  {now[job] / then[job]:7.2%}"
             for job in INSTRUCTION_JOBS]
    return ["instructions (callgrind, one run each)", *lines,
            f"  reference job {reference / 1e9:.3f} G: one language {now['one language'] / reference:.2f}× it "
            f"(baseline {then['one language'] / reference:.2f}×)"]


def run_round(sides: list[Side], reference: list[float]) -> None:
    for name in jobs(sides[0], Path()):
        for side in sides:
            with tempfile.TemporaryDirectory(prefix="pnp-bench-") as out:
                seconds, cpu, *_ = timed(jobs(side, Path(out))[name], side.root)
                side.seconds.setdefault(name, []).append(seconds)
                side.cpu.setdefault(name, []).append(cpu)
                if name == "kit":
                    decks = list(Path(out, "kit").glob("*/cards/*.pdf"))
                    side.deck_kb = sum(p.stat().st_size for p in decks) / len(decks) / 1000
    seconds, *_ = timed([str(sides[0].python), str(REPO / "bench" / "reference_fronts.py")], REPO)
    reference.append(seconds)


def measure_memory(side: Side) -> None:
    """The peak memory of each job, in a run of its own with the sampler."""
    for name in jobs(side, Path()):
        with tempfile.TemporaryDirectory(prefix="pnp-bench-") as out:
            side.peak_mb[name] = timed(jobs(side, Path(out))[name], side.root, sample=True)[2]  # resident


def parallel_identical(side: Side) -> str:
    """Whether `pnp build --jobs 1` and the default parallel build write byte-identical files."""
    help_text = subprocess.run([str(side.python), *PNP, "build", "--help"], capture_output=True, text=True,
                               cwd=side.root).stdout
    if "--jobs" not in help_text:
        return "n/a (no --jobs)"
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as out:
        for folder, extra in (("serial", ["--jobs", "1"]), ("parallel", [])):
            subprocess.run([str(side.python), *PNP, "build", *extra, "--out", f"{out}/{folder}"],
                           cwd=side.root, check=True, capture_output=True)
        files = sorted(p.relative_to(f"{out}/serial") for p in Path(out, "serial").rglob("*.pdf"))
        same = all(Path(out, "serial", f).read_bytes() == Path(out, "parallel", f).read_bytes() for f in files)
        return f"{'yes' if same else 'NO'} ({len(files)} PDFs)"


def test_command(side: Side) -> tuple[float, str]:
    """Seconds of the README's test command and pytest's summary line."""
    start = time.perf_counter()
    result = subprocess.run([str(side.python), "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=side.root,
                            capture_output=True, text=True, env={**os.environ, "CI": "true"},
                            preexec_fn=_default_interrupts)
    seconds = time.perf_counter() - start
    summary = next((line for line in reversed(result.stdout.splitlines()) if re.search(r"\d+ passed", line)), "?")
    failed = [line for line in result.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
    return seconds, "; ".join([summary.strip("= "), *failed])


def _passed(summary: str) -> int:
    """The number of passed tests in pytest's summary line (0 when it has none)."""
    found = re.search(r"(\d+) passed", summary)
    return int(found.group(1)) if found else 0


def _default_interrupts() -> None:
    """Ctrl-C as usual in the tests' process: a benchmark started in the background (`&` in a script) has SIGINT
    ignored, which its children inherit, and the tests of interrupted builds would fail."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def baseline_checkout(rev: str) -> Path:
    """A checkout of `rev` with its own venv, made once into the cache."""
    commit = subprocess.run(["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=REPO, capture_output=True,
                            text=True, check=True).stdout.strip()
    root = CACHE / commit[:12]
    if not (root / ".venv" / "bin" / "python").exists():
        shutil.rmtree(root, ignore_errors=True)
        root.mkdir(parents=True)
        archive = subprocess.run(["git", "archive", commit], cwd=REPO, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(root)], input=archive, check=True)
        subprocess.run([sys.executable, "-m", "venv", str(root / ".venv")], check=True)
        subprocess.run([str(root / ".venv" / "bin" / "python"), "-m", "pip", "install", "--quiet", "-e",
                        f"{root}[test]"], check=True)
    if stale_bytecode(root):  # as a user's first run would (Python writes them unless told not to)
        subprocess.run([str(root / ".venv" / "bin" / "python"), "-m", "compileall", "-q", str(root / "pnp")],
                       check=True)
    return root


def stale_bytecode(root: Path) -> int:
    """How many of the checkout's pnp modules have no compiled file that Python would use (missing, or written for
    an older source: the timestamp and size in its header differ from the source's)."""
    stale = 0
    for source in (root / "pnp").rglob("*.py"):
        compiled = Path(importlib.util.cache_from_source(str(source)))
        try:
            header = compiled.read_bytes()[:16]
        except OSError:
            stale += 1
            continue
        status = source.stat()
        stale += header[8:16] != struct.pack("<II", int(status.st_mtime) & 0xFFFFFFFF, status.st_size & 0xFFFFFFFF)
    return stale


def precompiled(root: Path) -> str:
    """Whether the checkout's pnp modules all have up-to-date compiled files."""
    stale = stale_bytecode(root)
    return f"no, {stale} modules not" if stale else "yes"


def ratio_line(name: str, now: float, then: float, cpu: tuple[float, float] | None = None) -> str:
    """One job's medians side by side (no verdict: the targets are costs per unit, bench_units.py judges them)."""
    ratio = now / then
    cpu_text = f"  {cpu[0]:7.2f} s  {cpu[1]:7.2f} s  {cpu[0] / cpu[1]:6.0%}" if cpu else ""
    return f"  {name:<15} {now:7.2f} s  {then:7.2f} s  {ratio:6.0%}{cpu_text}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--rev", help="git revision to compare with (checked out and set up once, cached)")
    where.add_argument("--baseline", type=Path, help="a checkout of pnp with its own .venv to compare with")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--tests", action="store_true", help="also time the README's test command, once each")
    parser.add_argument("--instructions", action="store_true",
                        help="also count the instructions of the one-process jobs (Valgrind; a few minutes)")
    options = parser.parse_args()
    if options.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions counts with Valgrind, which is not installed (Debian: apt install valgrind)")
    base_root = baseline_checkout(options.rev) if options.rev else options.baseline.resolve()
    sides = [Side("this checkout", REPO, Path(sys.executable)),
             Side("baseline", base_root, base_root / ".venv" / "bin" / "python")]
    print(f"{os.cpu_count()} CPUs, load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    reference: list[float] = []
    run_round(sides, [])  # untimed: each side's cache folder (own_caches) warmed as a user's would be
    for side in sides:
        side.seconds.clear()
        side.cpu.clear()
    for number in range(options.rounds):
        run_round(sides if number % 2 == 0 else sides[::-1], reference)
    for side in sides:
        measure_memory(side)
    now, then = sides
    median = {side.name: {job: statistics.median(s) for job, s in side.seconds.items()} for side in sides}
    cpu = {side.name: {job: statistics.median(s) for job, s in side.cpu.items()} for side in sides}
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; medians of {options.rounds} "
          f"interleaved rounds; baseline {base_root}")
    print("pnp's modules compiled ahead (where PYTHONDONTWRITEBYTECODE is set, a checkout without them compiles "
          "every module in every run; the README's set-up runs compileall, a --rev baseline is compiled once): "
          f"{', '.join(f'{s.name} {precompiled(s.root)}' for s in sides)}")
    print(f"  {'wall':<15} {'this':>9}  {'baseline':>9}  {'ratio':>6}  {'CPU this':>9}  {'baseline':>9}  {'ratio':>6}")
    for job, seconds in median[now.name].items():
        print(ratio_line(job, seconds, median[then.name][job], (cpu[now.name][job], cpu[then.name][job])))
    if options.tests:
        (t_now, s_now), (t_then, s_then) = test_command(now), test_command(then)
        print(ratio_line("tests", t_now, t_then) + f"  ({s_now} | baseline {s_then})")
        counts = [_passed(summary) for summary in (s_now, s_then)]
        if all(counts):  # the suites differ in size: the wall time per passed test compares them too
            print(f"  tests, per passed test: {t_now / counts[0]:.3f} s against {t_then / counts[1]:.3f} s, "
                  f"{t_now / counts[0] / (t_then / counts[1]):.0%}")
    ref = statistics.median(reference)
    print(f"plain-ReportLab reference, 280 fronts: {ref:.2f} s; the kit takes {median[now.name]['kit'] / ref:.1f}× "
          f"it (baseline {median[then.name]['kit'] / ref:.1f}×), one language {median[now.name]['one language'] / ref:.1f}×")
    peak = max(now.peak_mb.values())
    print(f"peak memory, all processes together: {peak:.0f} MB (baseline {max(then.peak_mb.values()):.0f} MB)"
          f"  target ≤ {MEMORY_TARGET_MB} MB: {'met' if peak <= MEMORY_TARGET_MB else 'NOT met'}")
    print(f"mean deck PDF: {now.deck_kb:.0f} kB (baseline {then.deck_kb:.0f} kB)"
          f"  target ≤ {DECK_TARGET_KB} kB: {'met' if now.deck_kb <= DECK_TARGET_KB else 'NOT met'}")
    print(f"--jobs 1 and the default byte-identical: {parallel_identical(now)}")
    if options.instructions:
        print("\n".join(instruction_lines(sides)))


if __name__ == "__main__":
    main()
