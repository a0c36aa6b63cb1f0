"""The parallel build and checks: worker processes render the steps and run the print checks, the files are byte
for byte those of a serial build, the problems of every worker are collected (in the same order) before anything is
written, and progress follows the steps as they finish."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import child_processes, invoke
from pnp.core import parallel
from pnp.cli import main
from pnp.context import BuildOptions
from pnp.kit.build import build
from pnp.products import PRODUCTS
from pnp.core.parallel import run_tasks
from pnp.core.problems import WARNING, Location, Problem, ProblemsFound
from pnp.project import Project, read_inputs
from pnp.validate import CHECKERS, validate
from validate_helpers import plant
from product_helpers import as_products, product_named
from session_cache import built_kit


SHEETS = (product_named("score sheet"), product_named("tokens"))  # quick products that succeed
DECK = Path(__file__).parent / "fixtures" / "decks" / "legal-allied.toml"


def pdfs(root: Path) -> dict[Path, bytes]:
    return {path.relative_to(root): path.read_bytes() for path in sorted(root.rglob("*.pdf"))}


def test_jobs_1_and_the_default_pool_write_byte_identical_files(runner, tmp_path, tmp_path_factory):
    """The serial kit is the session's `pnp build --lang tr --booklet` with PNP_JOBS=1 (the tests' default: one
    process, as --jobs 1 gives), which other modules read too; the pool's is built here."""
    built_kit(tmp_path_factory, runner, tmp_path / "serial", ("tr",), "--booklet")
    result = invoke(runner, "build", "--lang", "tr", "--booklet", "--jobs", "2", "--out", tmp_path / "pool")
    assert result.exit_code == 0, result.output
    serial, pool = pdfs(tmp_path / "serial"), pdfs(tmp_path / "pool")
    assert len(serial) == 7 + 2 + 5  # 7 decks, score sheet, tokens, the three rule books and two booklets
    assert serial.keys() == pool.keys()
    assert all(serial[path] == pool[path] for path in serial)


def test_every_workers_problems_are_collected_and_nothing_is_written(tmp_path):
    def broken(ctx):
        raise ProblemsFound([Problem("test-broken", f"cannot make this in {lang}", Location(lang=lang))
                             for lang in ctx.langs])

    try:
        build(Project(), BuildOptions(langs=("de", "pl", "es"), jobs=2), tmp_path / "out",
              products=(SHEETS[0], *as_products(broken)))
    except ProblemsFound as exc:
        assert [(p.code, p.where.lang) for p in exc.problems] == [("test-broken", lang) for lang in ("de", "pl", "es")]
    else:
        raise AssertionError("the build succeeded")
    assert not (tmp_path / "out").exists()


def _crashing(ctx):
    raise RuntimeError(f"a producer given inputs the checks reject ({ctx.langs[0]})")


def test_steps_started_beside_the_content_checks_are_dropped_when_a_check_finds_an_error(tmp_path):
    """With two jobs the steps start while the content checks run: when a check finds an error (here after the
    steps have finished), what the steps made and the exception of a producer given the inputs the check rejects
    are dropped, and the build reports what a build that checks first reports, the print checks included; nothing
    is written."""
    def slow_error(inputs, langs):
        time.sleep(1.5)
        return [Problem("test-content", f"wrong in {lang}", Location(lang=lang)) for lang in langs]

    found = {}
    for jobs in (1, 2):
        with pytest.raises(ProblemsFound) as raised:
            build(Project(), BuildOptions(langs=("de", "pl", "tr"), jobs=jobs), tmp_path / str(jobs),
                  products=(SHEETS[0], *as_products(_crashing)), checkers=((slow_error, frozenset()), *CHECKERS))
        found[jobs] = raised.value.problems
        assert not (tmp_path / str(jobs)).exists()
    assert [(p.code, p.where.lang) for p in found[1]] == [("test-content", "de"), ("test-content", "pl"),
                                                         ("test-content", "tr")] + [("print-checks-skipped", lang)
                                                                                    for lang in ("de", "pl", "tr")]
    assert found[2] == found[1]


def test_steps_that_finish_before_the_content_checks_are_written(tmp_path):
    def slow_pass(inputs, langs):
        time.sleep(1.5)
        return []

    for jobs in (1, 2):
        build(Project(), BuildOptions(langs=("de", "pl"), jobs=jobs), tmp_path / str(jobs), products=SHEETS,
              checkers=((slow_pass, frozenset()), *CHECKERS))
    serial, pool = pdfs(tmp_path / "1"), pdfs(tmp_path / "2")
    assert len(serial) == 4 and serial == pool


def test_a_producers_exception_is_raised_when_the_checks_pass(tmp_path):
    """A producer that fails on inputs every check accepts is a bug: its exception is not dropped."""
    for jobs in (1, 2):
        with pytest.raises(RuntimeError, match="a producer given inputs"):
            build(Project(), BuildOptions(langs=("de",), jobs=jobs), tmp_path / str(jobs),
                  products=(SHEETS[0], *as_products(_crashing)))
        assert not (tmp_path / str(jobs)).exists()


def test_results_arrive_as_tasks_finish_and_carry_their_index():
    def task(seconds: float, value: str):
        return lambda: (time.sleep(seconds), value)[1]

    tasks = [task(1.0, "slow"), task(0.0, "a"), task(0.0, "b"), task(0.0, "c")]
    finished = list(run_tasks(tasks, jobs=2))
    assert sorted(finished) == [(0, "slow"), (1, "a"), (2, "b"), (3, "c")]
    assert finished[-1] == (0, "slow")  # the first task, the last to finish
    assert list(run_tasks(tasks[1:], jobs=1)) == [(0, "a"), (1, "b"), (2, "c")]


def test_validate_reports_the_same_problems_in_the_same_order_for_any_number_of_jobs(project_copy):
    """The print checks run one language at a time in workers; what they find, and its order, does not change
    (here the first language's check is the last to finish)."""
    def slow_first(ctx):
        time.sleep(0.5 if ctx.langs == ("de",) else 0)
        raise ProblemsFound([Problem("test-order", f"checked {lang}", Location(lang=lang)) for lang in ctx.langs])

    products = (*as_products(slow_first), *PRODUCTS)
    plant(project_copy, "de", "rome.testudo:effect", "Infantry units in Defense Position gain 2 DEF.",
          old="erhalten", new="erhalten" + " standhaft und unerschütterlich" * 30)
    plant(project_copy, "tr", "rome.praetorian-guard:name", "Praetorian Guard", old="muhafızları", new="muhafızları ☭")
    project = Project(data=project_copy / "data", locales=project_copy / "locales")
    langs = ("de", "pl", "tr")
    inputs, _ = read_inputs(project, langs)
    serial = validate(inputs, langs, project, jobs=1, products=products)
    pool = validate(inputs, langs, project, jobs=2, products=products)
    assert [p.where.lang for p in serial if p.code == "test-order"] == list(langs)
    assert {"text-does-not-fit", "glyph-missing"} <= {p.code for p in serial}
    assert serial == pool


def test_validate_drops_what_the_print_checks_found_in_a_language_with_a_content_error():
    """With two jobs the print checks start beside the content checks: in a language those find an error in, their
    problems and an exception they raised on its broken texts are dropped, as if they had not run (one job); in any
    other language their exception is raised."""
    def wrong_in_tr(inputs, langs):
        return [Problem("test-content", "wrong in tr", Location(lang="tr"))] if "tr" in langs else []

    def crashing_in(crash_lang):
        def check(ctx):
            if ctx.langs == (crash_lang,):
                raise RuntimeError(f"a print check given texts the content checks reject ({crash_lang})")
            raise ProblemsFound([Problem("test-print", f"checked {lang}", Location(lang=lang), WARNING)
                                 for lang in ctx.langs])
        return (*as_products(check), *PRODUCTS)

    checkers = ((wrong_in_tr, frozenset()), *CHECKERS)
    project, langs = Project(), ("de", "pl", "tr")
    inputs, _ = read_inputs(project, langs)
    serial = validate(inputs, langs, project, jobs=1, products=crashing_in("tr"), checkers=checkers)
    pool = validate(inputs, langs, project, jobs=2, products=crashing_in("tr"), checkers=checkers)
    assert [(p.code, p.where.lang) for p in serial if p.code.startswith(("test-", "print-checks"))] == [
        ("test-content", "tr"), ("print-checks-skipped", "tr"), ("test-print", "de"), ("test-print", "pl")]
    assert pool == serial
    for jobs in (1, 2):
        with pytest.raises(RuntimeError, match=r"content checks reject \(pl\)"):
            validate(inputs, langs, project, jobs=jobs, products=crashing_in("pl"), checkers=checkers)


@pytest.mark.parametrize("sig, whole_group", [(signal.SIGINT, True), (signal.SIGINT, False), (signal.SIGTERM, False)],
                         ids=["ctrl-c", "sigint", "sigterm"])
def test_a_signal_while_workers_render_stops_them_all_without_a_traceback(tmp_path, sig, whole_group):
    """Ctrl-C reaches the whole process group, the workers leave it to the build, which stops them: exit 130, no
    traceback, nothing written, no process of the run left."""
    out = tmp_path / "out"
    process = subprocess.Popen([sys.executable, "-m", "pnp", "build", "--lang", "de,pl", "--jobs", "2", "--out", out],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 60
    while not child_processes(process.pid) and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert process.poll() is None, "the build ended before its workers could be seen"
    time.sleep(0.2)
    if whole_group:
        os.killpg(process.pid, sig)
    else:
        process.send_signal(sig)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    assert b"Traceback" not in stderr and stderr.decode().strip().endswith("interrupted; the kit is unchanged")
    assert not out.exists()
    time.sleep(0.5)
    with pytest.raises(ProcessLookupError):
        os.killpg(process.pid, 0)  # no worker outlived the run


def test_a_build_composes_each_product_once_per_language_and_renders_what_it_writes(tmp_path):
    """Every product of the registry is composed once per language, and rendered from that composition when the
    build writes it: the problems a build reports come from the very faces, pages and blocks it prints (the
    calibration sheet is composed, not written)."""
    calls: list[tuple[str, ...]] = []

    def counted(product):
        def compose(ctx):
            calls.append(("compose", product.name, ctx.lang))
            return product.compose(ctx)

        def render(composed):
            calls.append(("render", product.name))
            return product.render(composed)
        return replace(product, compose=compose, render=render)

    build(Project(), BuildOptions(langs=("de", "pl"), booklet=True, jobs=1), tmp_path / "out",
          products=tuple(map(counted, PRODUCTS)))
    assert sorted(calls) == sorted([("compose", p.name, lang) for p in PRODUCTS for lang in ("de", "pl")]
                                   + [("render", p.name) for p in PRODUCTS if p.built for _ in ("de", "pl")])
    assert len(list((tmp_path / "out").rglob("*.pdf"))) == 2 * (7 + 2 + 5)


def test_pnp_jobs_sets_the_default_number_of_workers(runner):
    """PNP_JOBS is --jobs' default (the tests set it to 1: they run on every core already); --jobs wins over it."""
    said = []
    for env, args in (({"PNP_JOBS": "3"}, []), ({"PNP_JOBS": "3"}, ["--jobs", "2"])):
        result = runner.invoke(main, ["validate", "--verbose", "--lang", "de,pl", *args], env=env)
        assert result.exit_code == 0, result.output
        said.append(result.stderr.splitlines()[0])
    assert said == ["3 worker processes (PNP_JOBS)", "2 worker processes (--jobs)"]
    result = runner.invoke(main, ["validate", "--lang", "de"], env={"PNP_JOBS": "0"})
    assert result.exit_code == 2 and "PNP_JOBS" in result.output


FORK_INTERRUPTED = """
import os, signal, time
from pnp.core.parallel import run_tasks
armed = [True]

def interrupt_once():
    if armed[0]:
        armed[0] = False
        os.kill(os.getpid(), signal.SIGINT)

os.register_at_fork(after_in_parent=interrupt_once)
try:
    list(run_tasks([lambda: time.sleep(0.5)] * 4, jobs=2))
    print("finished")
except KeyboardInterrupt:
    print("interrupted")
"""


def test_ctrl_c_while_the_workers_are_forked_stops_the_run():
    """Ctrl-C arriving while the pool forks its workers (here: sent by the process to itself right after its first
    fork) raises KeyboardInterrupt once the pool exists, and the pool is stopped; raised inside fork's own callbacks,
    it was printed as "Exception ignored" and the run went on. In a process of its own: Python handles signals in
    the main thread, which a test may not run in."""
    run = subprocess.run([sys.executable, "-c", FORK_INTERRUPTED], capture_output=True, text=True, timeout=60)
    assert run.stdout.split() == ["interrupted"], run.stderr
    assert "Exception ignored" not in run.stderr, run.stderr


@pytest.mark.parametrize("pieces, cores, machine, load, now, expected", [
    (1, 2, 2, 0.0, 0, 1),  # one language: never a pool
    (5, 2, 2, 0.2, 0, 2),  # idle cores: one worker each
    (5, 2, 2, 1.6, 2, 1),  # busy: fewer than two idle cores
    (5, 2, 2, 7.0, 7, 1),
    (5, 2, 2, 7.0, None, 1),  # no count of what runs now: the load average alone
    (5, 2, 2, 1.6, 0, 2),  # the average still counts a command that has ended: nothing runs now
    (5, 2, 2, 0.2, 3, 2),  # the average is the less: something has just started
    (3, 4, 8, 0.5, 0, 3),  # at most one worker per language
    (5, 4, 8, 5.0, 6, 3),  # the idle cores of the machine, at most this process's
])
def test_the_default_pool_is_one_process_for_one_language_or_busy_cores(monkeypatch, pieces, cores, machine, load,
                                                                         now, expected):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(cores)))
    monkeypatch.setattr(os, "cpu_count", lambda: machine)
    monkeypatch.setattr(os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setattr(parallel, "running_elsewhere", lambda: now)
    assert parallel.automatic_jobs(pieces)[0] == expected


def test_what_runs_now_is_read_from_the_machine(tmp_path):
    """A process spinning on a core is counted while it runs (other tests may run beside it: at least one); without
    /proc/loadavg there is no count."""
    spinner = subprocess.Popen([sys.executable, "-c", "print(flush=True)\nwhile True: pass"], stdout=subprocess.PIPE)
    try:
        spinner.stdout.readline()  # it has started, and spins from here on
        assert parallel.running_elsewhere() >= 1
    finally:
        spinner.kill()
        spinner.wait()
    assert parallel.running_elsewhere(str(tmp_path / "absent")) is None


def test_verbose_output_says_how_many_processes_were_chosen_and_why(runner, monkeypatch, tmp_path):
    """Without --jobs and PNP_JOBS the command chooses (here on two idle or busy cores; `pnp validate`, whose checks
    are light, one process); --jobs and PNP_JOBS force their number whatever the load; --verbose names the choice on
    stderr. The build is of one deck list: the choice is made, for the languages, before the build starts."""
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    said = []
    build = ["build", "--deck", str(DECK), "--out", str(tmp_path / "out")]
    runs = ((0.0, {}, ["validate", "--lang", "de"]), (0.0, {}, [*build, "--lang", "de,pl"]),
            (0.0, {}, ["validate", "--lang", "de,pl"]), (1.8, {}, ["validate", "--lang", "de,pl"]),
            (1.8, {}, ["validate", "--lang", "de,pl", "--jobs", "2"]),
            (1.8, {"PNP_JOBS": "2"}, ["validate", "--lang", "de,pl"]))
    for load, env, args in runs:
        monkeypatch.setattr(os, "getloadavg", lambda: (load, load, load))
        monkeypatch.setattr(parallel, "running_elsewhere", lambda: round(load))
        result = runner.invoke(main, [*args, "--verbose"], env={"PNP_JOBS": None, **env})
        assert result.exit_code == 0, result.output
        said.append(result.stderr.splitlines()[0])
    assert said == ["one process (one language)",
                    "2 worker processes (2 languages, 2 of 2 cores idle, load 0.0 on 2, 0 running now)",
                    "one process (light work: a pool would cost more than it saves; --jobs N starts one)",
                    "one process (0 of 2 cores idle, load 1.8 on 2, 2 running now)", "2 worker processes (--jobs)",
                    "2 worker processes (PNP_JOBS)"]


def test_a_pool_is_warmed_up_once_in_the_parent_before_its_workers_are_forked():
    """The fonts, the rulebook's modules with ReportLab's platypus, and the languages' hyphenation patterns are loaded
    before the pool starts (so its workers inherit them), and not at all by a command run in one process (which forks
    nothing and loads the rulebook's modules when it composes the rulebook)."""
    seen = {jobs: subprocess.run([sys.executable, "-c", FORKS_OBSERVED, jobs], capture_output=True, text=True,
                                 check=True).stdout.splitlines()[-2:] for jobs in ("2", "1")}
    assert seen["2"] == ["rulebook modules loaded by warm_up",
                         "2 forks, the first with 2 pattern sets True True True 1 fonts"]
    assert seen["1"] == ["rulebook modules loaded by compose_rulebook", "0 forks"]
    loaded = subprocess.run([sys.executable, "-c", WARM_UP], capture_output=True, text=True, check=True).stdout
    assert loaded.split() == ["2", "True", "True", "True", "1"]


FORKS_OBSERVED = """
import os, sys
from pnp.cli import main
from pnp.typeset import fonts, hyphenation
RENDERING = ("pnp.rulebook.produce", "pnp.rulebook.render", "reportlab.platypus.paragraph")
forks, loader = [], []

class FirstImport:  # which function first imports the rulebook's modules
    def find_spec(self, name, path=None, target=None):
        if name == "pnp.rulebook.produce" and not loader:
            frame = sys._getframe(1)
            while frame.f_code.co_name not in ("warm_up", "compose_rulebook"):
                frame = frame.f_back
            loader.append(frame.f_code.co_name)

sys.meta_path.insert(0, FirstImport())
os.register_at_fork(before=lambda: forks.append((hyphenation.breaks_for.cache_info().currsize,
                                                 *(module in sys.modules for module in RENDERING),
                                                 fonts.register_fonts.cache_info().currsize)))
try:
    main(["validate", "--lang", "de,pl", "--jobs", sys.argv[1]])
finally:
    print("rulebook modules loaded by", *loader)
    first = ", the first with {} pattern sets {} {} {} {} fonts".format(*forks[0]) if forks else ""
    print(len(forks), "forks" + first)
"""


WARM_UP = """
import sys
from pnp.kit.warm import warm_up
from pnp.project import Project
from pnp.typeset import fonts, hyphenation
RENDERING = ("pnp.rulebook.produce", "pnp.rulebook.render", "reportlab.platypus.paragraph")
warm_up(Project(), ("de", "pl"))
print(hyphenation.breaks_for.cache_info().currsize, *(module in sys.modules for module in RENDERING),
      fonts.register_fonts.cache_info().currsize)
"""
