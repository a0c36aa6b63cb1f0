"""Cost per unit of work: every figure of issue #29's table as CPU time, with its ratio to the reference job.

Every job is a fresh process; its CPU time is user + system of the whole process tree (os.wait4, bench_build.timed),
which holds up on a busy machine better than wall time. Each round runs every job once, in the opposite order to the
round before, and the plain-ReportLab reference job (bench/reference_fronts.py) among them; the figures are medians
over the rounds, each also as a ratio to the reference's median CPU, with the load average of the minute before its
runs (median) and the target beside it. Figures that are a unit's cost come from fits:

- a build's fixed cost and one more language: `pnp build --jobs 1` of the first 1, 2, … N languages, a straight line
  through the medians (least squares); its one-language point is `pnp build --lang de`;
- one more distinct card face and one more placed copy: decks of D distinct German cards, C copies each (a child
  process of this script composes and draws them as `pnp build --deck` does, without the deck rules, which fix a
  deck at 40 cards), fit as fixed + D × face + D·C × copy;
- one rulebook page: a child that composes and renders the German rulebook, per page, after the warm-up that a
  build does once, before its pool forks (pnp.kit.warm: platypus and the rulebook's modules imported, the
  hyphenation patterns read), which it reports apart.
These two children report the CPU time of that work alone (time.process_time around it, in the one process that
does it): the start, imports and loading of a fresh process (about 0.4 s, varying by tens of milliseconds from run
to run) would otherwise bury a cost of a fraction of a millisecond.

Beside the pool's overhead stands what any two processes at once cost this machine, whoever runs them (they share
its caches and memory bus, and on a virtual machine perhaps one host core): a child builds the kit's two halves with
`--jobs 1` in two processes at once, another one after the other, each reporting its two builds' CPU.

    python bench/bench_units.py                      # 3 rounds, 1..5 languages
    python bench/bench_units.py --rounds 5 --tests   # also the README's test command, once, per test
    python bench/bench_units.py --instructions       # also the build fit, validate, the pool, the deck fit and a
                                                     # rulebook page by instructions

Nothing in the repository is written; PNP_JOBS is ignored (the default pool is one of the figures).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from bench_build import DECK_TARGET_KB, MEMORY_TARGET_MB, PNP, REPO, instructions, stale_bytecode, timed
from pnp.core.disk_cache import OFF
from pnp.core.parallel import automatic_jobs, default_jobs

LANGS = ("de", "pl", "tr", "es", "pt")
DECKS = ((10, 1), (40, 1), (10, 4), (40, 4))  # (distinct cards, copies of each): the deck fit's design
PY = sys.executable


@dataclass
class Job:
    """A command run once a round: `command(out)` for a fresh output folder; `counted(out)` reads what it made; an
    `inner` job's CPU is the one it prints (`work-cpu SECONDS`), its process tree's kept in `tree`, and the CPU of
    the warm-up it did before that work (`warm-cpu SECONDS`) in `warm`."""

    name: str
    command: Callable[[Path], list[str]]
    counted: Callable[[Path], float] | None = None
    chosen: Callable[[], int] | None = None  # for a default pool: the processes pnp chooses now (automatic_jobs)
    processes: list[int] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    tree: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    load: list[float] = field(default_factory=list)
    count: float = 0.0
    inner: bool = False

    def run(self) -> None:
        with tempfile.TemporaryDirectory(prefix="pnp-units-") as out:
            self.load.append(os.getloadavg()[0])
            if self.chosen:
                self.processes.append(self.chosen())
            with tempfile.TemporaryFile() as output:
                wall, cpu, *_ = timed(self.command(Path(out)), REPO, output=output)
                output.seek(0)
                printed = dict(re.findall(rb"^(work|warm)-cpu (\S+)$", output.read(), re.M))
            self.wall.append(wall)
            self.tree.append(cpu)
            self.cpu.append(float(printed[b"work"]) if self.inner else cpu)
            self.warm.append(float(printed.get(b"warm", 0)))
            if self.counted:
                self.count = self.counted(Path(out))

    @property
    def median(self) -> float:
        return statistics.median(self.cpu)


def pnp(*args: str) -> Callable[[Path], list[str]]:
    """A `pnp` command; the word OUT among `args` is the job's output folder."""
    return lambda out: [PY, *PNP, *(str(out) if arg == "OUT" else arg for arg in args)]


def child(*args: object) -> Callable[[Path], list[str]]:
    """This script run as a child (`--child`) with `args` and the job's output folder."""
    return lambda out: [PY, __file__, "--child", *map(str, args), str(out)]


def pdf_pages(folder: Path) -> int:
    import pypdfium2
    return sum(len(pypdfium2.PdfDocument(path.read_bytes())) for path in folder.rglob("*.pdf"))


def mean_deck_kb(folder: Path) -> float:
    decks = list(folder.glob("*/cards/*.pdf"))
    return sum(p.stat().st_size for p in decks) / len(decks) / 1000


def jobs(langs: int) -> dict[str, Job]:
    found = [Job("reference", lambda out: [PY, str(REPO / "bench" / "reference_fronts.py")]),
             Job("import", lambda out: [PY, "-c", "import pnp.cli"])]
    found += [Job(f"build {n}", pnp("build", "--lang", ",".join(LANGS[:n]), "--jobs", "1", "--out", "OUT"),
                  ) for n in range(1, langs + 1)]
    found += [Job("build default", pnp("build", "--lang", ",".join(LANGS[:langs]), "--out", "OUT"), mean_deck_kb,
                  lambda: automatic_jobs(langs)[0]),
              Job("validate 1 job", pnp("validate", "--jobs", "1")),
              Job("two at once", child("pair", "together", *halves(langs)), inner=True),
              Job("two apart", child("pair", "apart", *halves(langs)), inner=True),
              Job("validate default", pnp("validate"), chosen=lambda: 1)]  # light work: one process unless --jobs
    de = pnp("build", "--lang", "de", "--jobs", "1", "--out", "OUT")
    found += [Job("build de, no caches", lambda out: ["env", f"{OFF}=1", *de(out)])]
    found += [Job(f"deck {d}x{c}", child("deck", d, c), inner=True) for d, c in DECKS]
    found += [Job("rulebook", child("rulebook"), pdf_pages, inner=True),
              Job("images", pnp("export", "images", "--lang", "de", "--jobs", "1", "--out", "OUT"),
                  lambda out: len(list(out.rglob("*.png")))),
              Job("proof", pnp("proof", "--jobs", "1", "--out", "OUT"))]
    return {job.name: job for job in found}


def halves(langs: int) -> tuple[str, str]:
    """The first `langs` languages dealt alternately into two `--lang` lists: the kit split as evenly as whole
    languages allow."""
    kit = LANGS[:langs]
    return ",".join(kit[::2]), ",".join(kit[1::2])


def least_squares(rows: list[tuple[float, ...]], values: list[float]) -> list[float]:
    """The coefficients x minimising |rows·x − values| (normal equations, Gaussian elimination)."""
    size = len(rows[0])
    matrix = [[sum(r[i] * r[j] for r in rows) for j in range(size)] + [sum(r[i] * v for r, v in zip(rows, values))]
              for i in range(size)]
    for i in range(size):
        pivot = max(range(i, size), key=lambda k: abs(matrix[k][i]))
        matrix[i], matrix[pivot] = matrix[pivot], matrix[i]
        for k in range(size):
            if k != i:
                factor = matrix[k][i] / matrix[i][i]
                matrix[k] = [a - factor * b for a, b in zip(matrix[k], matrix[i])]
    return [matrix[i][size] / matrix[i][i] for i in range(size)]


def build_fit(values: list[float]) -> tuple[float, float]:
    """A build's fixed cost and one more language: the straight line through the CPU times (or instruction counts)
    of the builds of the first 1, 2, … N languages."""
    fixed, per_language = least_squares([(1, n) for n in range(1, len(values) + 1)], values)
    return fixed, per_language


def at_issue(value: float, reference: float) -> float:
    """A CPU figure (or instruction count) at the issue's speed, given the reference job's in the same run."""
    return value * ISSUE_REFERENCE / reference


def deck_fit(medians: list[float]) -> tuple[float, float]:
    """One more distinct face and one more placed copy: the fit fixed + D × face + D·C × copy of the DECKS' CPU
    times (or instruction counts)."""
    _, face, copy = least_squares([(1, d, d * c) for d, c in DECKS], medians)
    return face, copy


def load_of(*found: Job) -> float:
    return statistics.median(x for job in found for x in job.load)


Target = tuple[float, float | None]  # CPU seconds, ratio to the reference (None: none set)
# The reference job's CPU time where issue #29 set its targets: its pairs of targets say it (build de ≤ 1.15 s
# and ≤ 4.7×, validate ≤ 1.2 s and ≤ 4.9×: 0.245 s each). A CPU figure taken while the machine runs slower or
# faster moves with it; scaled by ISSUE_REFERENCE ÷ the reference's CPU in the same run, it reads at the issue's
# speed.
ISSUE_REFERENCE = 0.245


def figures(found: dict[str, Job], langs: int) -> list[tuple[str, float, Job | tuple[Job, ...], Target]]:
    """(unit, CPU seconds, the jobs it comes from, target) of every figure of the table."""
    builds = [found[f"build {n}"] for n in range(1, langs + 1)]
    fixed, per_language = build_fit([job.median for job in builds])
    decks = [found[f"deck {d}x{c}"] for d, c in DECKS]
    face, copy = deck_fit([job.median for job in decks])
    rulebook = found["rulebook"]
    return [
        ("import pnp.cli", found["import"].median, found["import"], (0.20, 0.8)),
        ("fixed cost of a build (intercept)", fixed, tuple(builds), (0.35, None)),
        ("one more language (slope)", per_language, tuple(builds), (0.80, None)),
        ("pnp build --lang de", builds[0].median, builds[0], (1.15, 4.7)),
        ("one more distinct card face", face, tuple(decks), (0.0012, None)),
        ("one more placed copy", copy, tuple(decks), (0.00015, None)),
        ("one rulebook page", rulebook.median / rulebook.count, rulebook, (0.015, None)),
        ("pnp validate, five languages", found["validate 1 job"].median, found["validate 1 job"], (1.2, 4.9)),
        ("pnp export images, per 300 dpi image", found["images"].median / found["images"].count, found["images"],
         (0.025, None)),
        ("pnp proof, per language", found["proof"].median / len(LANGS), found["proof"], (1.5, None)),
    ]


def seconds(value: float) -> str:
    return f"{value * 1000:8.2f} ms" if value < 0.1 else f"{value:8.2f} s "


def verdict(value: float, ratio: float, target: Target) -> str:
    limit, ratio_limit = target
    met = value <= limit and (ratio_limit is None or ratio <= ratio_limit)
    shown = f"{limit * 1000:g} ms" if limit < 0.1 else f"{limit:g} s"
    return f"≤ {shown}{f', ≤ {ratio_limit}×' if ratio_limit else ''}: {'met' if met else 'NOT met'}"


def pool_line(name: str, default: Job, serial: Job, light: bool = False) -> str:
    """The default pool against --jobs 1: CPU and wall, medians of their interleaved runs, and the CPU ratio's range
    over the rounds (each round's two runs are adjacent): on a shared machine one round's ratio can be anywhere
    between 0.8 and 1.5, so a verdict on 1.05 needs ten rounds or more, or the instruction count (--instructions).
    `light`: the command's default is one process whatever the load (pnp validate)."""
    cpu, wall = default.median / serial.median, statistics.median(default.wall) / statistics.median(serial.wall)
    rounds = [pooled / alone for pooled, alone in zip(default.cpu, serial.cpu)]
    pooled = sum(count > 1 for count in default.processes)
    if pooled:
        verdict = (f"{'met' if cpu <= 1.05 and wall <= 1.0 else 'NOT met'}; the default chose a pool in {pooled} of "
                   f"{len(default.processes)} runs")
    else:  # both ran the same single process: the ratio is the noise of the runs, no figure of the pool
        why = "it is light work, which runs in one process unless --jobs says otherwise" if light else \
            "the load left fewer than two cores idle"
        verdict = (f"not measured: the default chose one process in every run ({why}), so this is one process "
                   f"against one, and its ratio the noise of a ratio in this run")
    return (f"  pool overhead, {name:<9} CPU {cpu:6.3f}× (rounds {min(rounds):.2f}-{max(rounds):.2f})  wall {wall:6.3f}×  "
            f"(load {load_of(default, serial):4.1f})  target ≤ 1.05× CPU, ≤ 1.00× wall: {verdict}")


def machine_line(together: Job, apart: Job, langs: int) -> str:
    """What this machine adds to the CPU time of two processes that run at once (sharing its caches, memory bus and,
    on a virtual machine, perhaps one host core), whoever runs them: two independent `--jobs 1` builds of the kit's
    two halves (`halves`) at once, against the same two one after the other; beside the pool's line, which it
    bounds from below as far as the runs' noise lets it."""
    rounds = [both / alone for both, alone in zip(together.cpu, apart.cpu)]
    return (f"  two processes at once     CPU {together.median / apart.median:6.3f}× (rounds {min(rounds):.2f}-"
            f"{max(rounds):.2f})  (load {load_of(together, apart):4.1f})  two independent `build --jobs 1` of "
            f"{' and '.join(halves(langs))} at once ÷ one after the other: what any two processes pay here")


def test_figure(reference: Job) -> str:
    """CPU per passed test of the README's test command, run once, between three runs of the reference job before it
    and three after (the machine's speed moves within minutes, and the rounds ran before): its ratio is to the median
    of those six."""
    runs = 3

    def reference_runs() -> list[float]:
        return [timed(reference.command(Path(".")), REPO)[1] for _ in range(runs)]

    before = reference_runs()
    with tempfile.TemporaryFile() as output:
        load = os.getloadavg()[0]
        wall, cpu, *_ = timed([PY, "-m", "pytest", "-q", "-p", "no:cacheprovider"], REPO, output=output)
        output.seek(0)
        summary = output.read().decode(errors="replace")
    after = reference_runs()
    passed = int(re.findall(r"(\d+) passed", summary)[-1])
    per_test, around = cpu / passed, statistics.median(before + after)
    return (f"  {'the README test command, per test':<38} {seconds(per_test)}  {per_test / around:6.3f}×  {load:5.1f}  "
            f"target ≤ 0.30 s: {'met' if per_test <= 0.30 else 'NOT met'}  ({passed} passed, {cpu:.0f} s CPU, "
            f"{wall:.0f} s wall; the reference {', '.join(f'{x:.2f}' for x in before)} s before it, "
            f"{', '.join(f'{x:.2f}' for x in after)} s after)")


def report(found: dict[str, Job], langs: int, rounds: int) -> None:
    reference = found["reference"].median
    print(f"medians of {rounds} rounds; CPU = user + system of all processes; ratio = ÷ the reference job's CPU "
          f"({reference:.2f} s, load {load_of(found['reference']):.1f}); at {ISSUE_REFERENCE} s = the CPU × "
          f"{ISSUE_REFERENCE} ÷ {reference:.2f}, the figure at the speed the issue's targets were set at (the "
          f"reference's {ISSUE_REFERENCE} s); the verdict is the CPU's")
    print(f"  {'unit':<38} {'CPU':>11}  {'ratio':>7}  {f'at {ISSUE_REFERENCE} s':>11}  {'load':>5}  target")
    for unit, value, source, target in figures(found, langs):
        used, ratio = source if isinstance(source, tuple) else (source,), value / reference
        print(f"  {unit:<38} {seconds(value)}  {ratio:6.3f}×  {seconds(at_issue(value, reference))}  "
              f"{load_of(*used):5.1f}  {verdict(value, ratio, target)}")
    decks = [found[f"deck {d}x{c}"] for d, c in DECKS]
    face, copy = deck_fit([statistics.median(job.tree) for job in decks])
    print(f"  (the deck fit over whole processes, their start and loading included: face {face * 1000:.2f} ms, copy "
          f"{copy * 1000:.3f} ms)")
    rulebook = found["rulebook"]
    page = (rulebook.median + statistics.median(rulebook.warm)) / rulebook.count
    print(f"  (a rulebook page with the warm-up shared among its {rulebook.count:.0f} pages: {page * 1000:.2f} ms, "
          f"at {ISSUE_REFERENCE} s {at_issue(page, reference) * 1000:.2f} ms)")
    cold = found["build de, no caches"]
    print(f"  {'pnp build --lang de without the caches across runs':<38} {seconds(cold.median)}  "
          f"{cold.median / reference:6.3f}×  {seconds(at_issue(cold.median, reference))}  "
          f"{load_of(cold):5.1f}  (PNP_NO_CACHE=1: what a first run pays)")
    print(machine_line(found["two at once"], found["two apart"], langs))
    print(pool_line("kit", found["build default"], found[f"build {langs}"]))
    print(pool_line("validate", found["validate default"], found["validate 1 job"], light=True))


def instruction_lines(found: dict[str, Job], langs: int) -> list[str]:
    """The figures whose CPU time moves most with the machine, by instruction count (bench_build.instructions, one
    run each): `pnp build --lang de` and `pnp validate --jobs 1` against the reference job, the build's fixed cost
    and one more language (the builds of the first 1..N languages, `--jobs 1`, fit as the CPU's), the kit's pool
    (`--jobs 2`, whatever the load) against `--jobs 1`, a worker counted from its fork, the deck fit's face and
    copy (the DECKS' children whole: their start is the same in each, so the fit's fixed term takes it) and a
    rulebook page (the rulebook child less the `loaded` one, which loads and warms up as it does, per page), these
    and the fit's also in seconds at the speed the reference job ran at in this run's rounds (its CPU time per
    instruction) and at the issue's (ISSUE_REFERENCE for its instructions), on which a count, unlike a CPU time, is
    judged."""
    kit = ",".join(LANGS[:langs])
    commands = [found["reference"].command, found["validate 1 job"].command,
                pnp("build", "--lang", kit, "--jobs", "2", "--out", "OUT"), found["rulebook"].command,
                child("loaded"), *(found[f"deck {d}x{c}"].command for d, c in DECKS),
                *(found[f"build {n}"].command for n in range(1, langs + 1))]
    counts = []
    with tempfile.TemporaryDirectory(prefix="pnp-units-") as out:
        for number, command in enumerate(commands):
            folder = Path(out, str(number))
            folder.mkdir()  # the deck children write into it
            counts.append(instructions(command(folder), REPO))
    reference_count, validate_count, pool, rulebook, loaded, *rest = counts
    decks, builds = rest[:len(DECKS)], rest[len(DECKS):]
    face, copy = deck_fit(decks)
    fixed, per_language = build_fit(builds)
    de_count, serial = builds[0], builds[-1]
    seconds_each = found["reference"].median / reference_count

    def ratio_line(what: str, count: int, target: float) -> str:
        ratio = count / reference_count
        return (f"  {what:<28} {count / 1e9:7.3f} G = {ratio:5.2f}× the reference job's {reference_count / 1e9:.3f} G"
                f"  target ≤ {target}×: {'met' if ratio <= target else 'NOT met'}")

    def unit_line(what: str, count: float, target: float) -> str:
        judged = at_issue(count, reference_count)
        shown = f"{count / 1e9:7.3f} G" if count >= 1e8 else f"{count / 1e6:7.2f} M"
        return (f"  {what:<28} {shown} = {seconds(count * seconds_each).strip()} at the reference job's speed in this "
                f"run, {seconds(judged).strip()} at {ISSUE_REFERENCE} s  target {verdict(judged, 0.0, (target, None))}")

    return [f"instructions (callgrind, one run each; the targets are the CPU time's: a unit's time at this "
            f"run's speed, the reference's CPU time per instruction, and at the speed the issue set them at, "
            f"{ISSUE_REFERENCE} s for the reference's instructions, which the verdict reads)",
            ratio_line("pnp build --lang de", de_count, 4.7),
            ratio_line("pnp validate, five languages", validate_count, 4.9),
            unit_line("fixed cost of a build", fixed, 0.35),
            unit_line("one more language", per_language, 0.80),
            unit_line("one more distinct card face", face, 0.0012),
            unit_line("one more placed copy", copy, 0.00015),
            unit_line("one rulebook page", (rulebook - loaded) / found["rulebook"].count, 0.015),
            f"  pool, {kit}: --jobs 2 {pool / 1e9:.3f} G ÷ --jobs 1 {serial / 1e9:.3f} G = {pool / serial:.3f}×  "
            f"target ≤ 1.05×: {'met' if pool / serial <= 1.05 else 'NOT met'}"]


def memory(langs: int) -> str:
    """Peak memory of all processes of the build the default pool makes at most (one worker per core, at most one
    per language: on a busy machine the default may choose one process, whose peak is not the one to judge), in a
    run of its own with the sampler."""
    workers = min(default_jobs(), langs)
    with tempfile.TemporaryDirectory(prefix="pnp-units-") as out:
        resident, proportional = timed(pnp("build", "--lang", ",".join(LANGS[:langs]), "--jobs", str(workers),
                                           "--out", "OUT")(Path(out)), REPO, sample=True)[2:]
    return (f"peak memory, all processes of a build with {workers} workers: {resident:.0f} MB resident (a page forked "
            f"workers share counted in each), {proportional:.0f} MB proportional  target ≤ {MEMORY_TARGET_MB} MB: "
            f"{'met' if resident <= MEMORY_TARGET_MB else 'NOT met'}")


def run_child(what: str, args: list[str]) -> None:
    """The jobs that time part of a build: `deck D C OUT` composes and draws a deck of the first D German cards, C
    copies each; `rulebook OUT` composes and renders the German rulebook, `loaded OUT` only loads and warms up as
    it would (what --instructions subtracts from the rulebook's count). Each prints the CPU time of that work
    (`work-cpu SECONDS`), after the loading and checking that precede it, and the two rulebook children that of the
    warm-up a build does once before its pool forks (`warm-cpu SECONDS`: pnp.kit.warm), which is not a page's."""
    if what == "pair":
        return run_pair(*args)
    from dataclasses import replace

    from pnp.context import BuildOptions
    from pnp.data.deck_lists import SINGLE, DeckEntry, DeckList
    from pnp.kit.build import context, load
    from pnp.kit.warm import warm_up
    from pnp.core.problems import Location
    from pnp.project import Project
    *numbers, out = args
    project, options = Project(), BuildOptions(langs=("de",), jobs=1)
    ctx = context(load(project, options), project, options)
    if what == "deck":
        from pnp.products import DECK_LIST
        distinct, copies = map(int, numbers)
        cards = ctx.inputs.cards.cards[:distinct]
        deck = DeckList("bench", SINGLE, tuple(dict.fromkeys(c.faction for c in cards)),
                        tuple(DeckEntry(card, copies, Location()) for card in cards), Location())
        start = time.process_time()
        files = DECK_LIST.render(DECK_LIST.compose(replace(ctx, deck=deck, options=replace(options,
                                                                                       deck=Path("bench.toml")))))
    else:
        from pnp.rulebook.produce import compose, render
        warming = time.process_time()
        warm_up(project, options.langs)
        start = time.process_time()
        print(f"warm-cpu {start - warming}")
        files = render(compose(ctx)) if what == "rulebook" else {}
    print(f"work-cpu {time.process_time() - start}")
    for path, data in files.items():
        Path(out, path.name).write_bytes(data)


def run_pair(how: str, first: str, second: str, out: str) -> None:
    """`pnp build --jobs 1` of the languages `first` and of `second`, in two processes started together (`together`)
    or one after the other (`apart`); prints their CPU time (`work-cpu SECONDS`), this process's own left out."""
    import subprocess

    def start(langs: str) -> subprocess.Popen:
        return subprocess.Popen([PY, *PNP, "build", "--lang", langs, "--jobs", "1", "--out", str(Path(out, langs))],
                                stdout=subprocess.DEVNULL)

    def cpu(process: subprocess.Popen) -> float:
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            sys.exit(f"pnp build --lang {process.args[4]} failed")
        return usage.ru_utime + usage.ru_stime

    if how == "together":
        processes = [start(first), start(second)]
        used = sum(map(cpu, processes))
    else:
        used = cpu(start(first)) + cpu(start(second))
    print(f"work-cpu {used}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--langs", type=int, default=len(LANGS), choices=range(2, len(LANGS) + 1),
                        help="the build fit's languages: the first 1..N of de, pl, tr, es, pt")
    parser.add_argument("--tests", action="store_true", help="also the README's test command, once (minutes)")
    parser.add_argument("--instructions", action="store_true",
                        help="also count the instructions of the build fit, validate, the kit's pool, the deck fit "
                             "and a rulebook page (Valgrind; about twenty-five minutes)")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        return run_child(options.child[0], options.child[1:])
    if options.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions counts with Valgrind, which is not installed (Debian: apt install valgrind)")
    os.environ.pop("PNP_JOBS", None)
    print(f"{os.cpu_count()} CPUs, load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if stale := stale_bytecode(REPO):
        print(f"WARNING: {stale} of pnp's modules have no up-to-date compiled file, so every process compiles them "
              f"(PYTHONDONTWRITEBYTECODE is {os.environ.get('PYTHONDONTWRITEBYTECODE', 'unset')}): run "
              f"`{PY} -m compileall -q pnp` as the README's set-up does, or the figures include compiling")
    found = jobs(options.langs)
    for number in range(options.rounds):
        for job in list(found.values())[::1 if number % 2 == 0 else -1]:
            job.run()
    report(found, options.langs, options.rounds)
    print(memory(options.langs))
    kb = found["build default"].count
    print(f"mean deck PDF: {kb:.0f} kB  target ≤ {DECK_TARGET_KB} kB: {'met' if kb <= DECK_TARGET_KB else 'NOT met'}")
    if options.tests:
        print(test_figure(found["reference"]))
    if options.instructions:
        print("\n".join(instruction_lines(found, options.langs)))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
