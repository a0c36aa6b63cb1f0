"""The worker pool itself: it can be stopped at any moment without waiting forever, a worker that dies is an error
(not a result awaited for ever), a task's exception reaches the parent, and no worker outlives its parent."""
from __future__ import annotations

import faulthandler
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import click
import pytest

from conftest import child_processes
from pnp.cli import Commands
from pnp.context import BuildOptions
from pnp.core import parallel
from pnp.kit.build import build
from pnp.project import Project
from pnp.core.parallel import WorkerLost, WorkerTraceback, results_in_order
from product_helpers import as_products, product_named


@pytest.fixture(autouse=True)
def watchdog():
    """A pool that waits for ever is what these tests look for: after 60 s the test process prints where it waits
    and ends (xdist reports the test as failed) instead of holding the test run until the CI's time limit."""
    faulthandler.dump_traceback_later(60, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


STOPPED_EARLY = """
import contextlib, random, sys, time
from functools import partial
from pnp.core.parallel import run_tasks

def large(index):
    time.sleep(random.random() * 0.01)
    return bytes(2_000_000)

for trial in range(40):
    random.seed(trial)
    wanted = random.randrange(12)
    with contextlib.closing(run_tasks([partial(large, index) for index in range(12)], jobs=2)) as results:
        for taken, _ in enumerate(results):
            if taken == wanted:
                break
print("stopped", trial + 1, "times")
"""


def test_a_pool_stopped_while_its_workers_send_large_results_stops_at_once():
    """Closing the results early (as Ctrl-C, SIGTERM or a failed check does) while the workers send results larger
    than a pipe holds: `multiprocessing.Pool.terminate()` waited forever on the lock of a worker blocked in such a
    send within the first 40 stops (CI saw it as a build that ignored SIGTERM). In a process of its own, so that a
    hang is a timeout, not a stuck test run."""
    run = subprocess.run([sys.executable, "-c", STOPPED_EARLY], capture_output=True, text=True, timeout=90)
    assert run.stdout.split() == ["stopped", "40", "times"], run.stderr


@pytest.fixture
def own_children():
    """The child processes of this test process that the test left: those that were not there when it began (a
    session's fixture of another module, such as the proof site's browser driver, may have started one before)."""
    before = set(child_processes(os.getpid()))
    return lambda: sorted(set(child_processes(os.getpid())) - before)


def _die(signal_number: int):
    return lambda: os.kill(os.getpid(), signal_number)


def test_a_worker_that_is_killed_is_an_error_not_a_result_awaited_for_ever(own_children):
    tasks = [lambda: "fine", _die(signal.SIGKILL), lambda: time.sleep(0.2) or "fine"]
    with pytest.raises(WorkerLost, match=r"^a worker process was killed by SIGKILL before it finished its task "
                                         r"\(2 of 3\)$"):
        results_in_order(tasks, jobs=2)
    with pytest.raises(WorkerLost, match=r"ended \(exit code 3\) before it finished its task \(1 of 2\)"):
        results_in_order([lambda: os._exit(3), lambda: "fine"], jobs=2)
    assert not own_children()


def test_a_tasks_exception_is_raised_in_the_parent_with_where_it_was_raised():
    def broken():
        raise ValueError("no such faction: Atlantis")

    with pytest.raises(ValueError, match="Atlantis") as raised:
        results_in_order([lambda: 1, broken, lambda: 3], jobs=2)
    assert isinstance(raised.value.__cause__, WorkerTraceback)
    assert "in broken" in str(raised.value.__cause__)
    with pytest.raises(RuntimeError, match=r"^task 2: its result \(function\) cannot be sent back: "):
        results_in_order([lambda: 1, lambda: (lambda: "a closure does not pickle")], jobs=2)

    def unsendable():
        raise ValueError(lambda: "an exception holding a closure")

    with pytest.raises(RuntimeError, match=r"^task 1: its exception \(ValueError\) cannot be sent back: ") as raised:
        results_in_order([unsendable, lambda: 2], jobs=2)
    assert "in unsendable" in str(raised.value.__cause__)  # where the exception that could not be sent was raised
    assert results_in_order([lambda: 1, lambda: 2, lambda: 3], jobs=2) == [1, 2, 3]  # the pool is usable again


def test_a_worker_that_ignores_sigterm_is_killed_when_the_pool_stops(monkeypatch, own_children):
    def stubborn():
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        time.sleep(60)

    monkeypatch.setattr(parallel, "GRACE_SECONDS", 0.5)
    started = time.monotonic()
    with pytest.raises(ValueError, match="checked first"):
        results_in_order([stubborn, lambda: time.sleep(0.3) or int("checked first")], jobs=2)
    assert time.monotonic() - started < 10
    assert not own_children()


ORPHANED = """
import os, time
from pnp.core.parallel import run_tasks
for index, pid in run_tasks([lambda: time.sleep(0.3) or os.getpid()] * 20, jobs=2):
    print(pid, flush=True)
"""


def test_workers_end_when_their_parent_is_killed():
    """A parent killed outright (SIGKILL, out of memory) cannot stop its workers: they see it gone on their pipe
    and leave after the task in hand."""
    parent = subprocess.Popen([sys.executable, "-c", ORPHANED], stdout=subprocess.PIPE, text=True)
    parent.stdout.readline()  # a first result: both workers run
    workers = child_processes(parent.pid)
    assert len(workers) == 2
    kill_and_wait_for_workers(parent, workers, 10)


def kill_and_wait_for_workers(parent: subprocess.Popen, workers: list[int], seconds: float) -> None:
    """SIGKILL the parent, then wait until its workers are gone (or zombies); fail after `seconds`."""
    parent.kill()
    parent.wait()
    deadline = time.monotonic() + seconds
    while any(Path(f"/proc/{pid}").exists() and _state(pid) != "Z" for pid in workers):
        assert time.monotonic() < deadline, f"workers {workers} outlived their parent by {seconds} s"
        time.sleep(0.05)


LONG_TASKS = """
import os, resource, sys, threading, time
from pnp.core import parallel
if sys.argv[1] == "watchdog":
    parallel.PR_SET_PDEATHSIG = -1  # prctl refuses it: the fallback watches the parent
def long_task():
    started = resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt  # 0 unless the worker ran a process
    # one write: the two workers' lines never interleave
    os.write(1, f"{os.getpid()} {threading.active_count()} {started}\\n".encode())
    while True:  # a task that takes for ever (a fitting loop with a tiny step, once)
        time.sleep(0.01)
for result in parallel.run_tasks([long_task] * 4, jobs=2):
    pass
"""


@pytest.mark.parametrize("how", ["kernel", "watchdog"])
def test_workers_leave_in_the_middle_of_a_long_task_when_their_parent_is_killed(how):
    """PR_SET_PDEATHSIG (or, where prctl fails, a thread watching the parent): a worker leaves within 2 s of its
    parent's SIGKILL, though its task would never end (before: it ran for as long as the task did). Where prctl
    works the worker has no watching thread, and it found prctl without running a process (ctypes.util.find_library
    ran ldconfig in every worker)."""
    parent = subprocess.Popen([sys.executable, "-c", LONG_TASKS, how], stdout=subprocess.PIPE, text=True)
    try:
        seen = [parent.stdout.readline().split(), parent.stdout.readline().split()]  # both workers are in their task
    except BaseException:
        parent.kill()  # its workers then leave with it: nothing of the test is left running
        raise
    workers = [int(pid) for pid, _, _ in seen]
    kill_and_wait_for_workers(parent, workers, 2)
    assert [(int(threads), int(ran)) for _, threads, ran in seen] == [(1 if how == "kernel" else 2, 0)] * 2


def test_a_build_whose_worker_is_killed_raises_worker_lost_and_writes_nothing(tmp_path):
    def killed(ctx):
        os.kill(os.getpid(), signal.SIGKILL)

    with pytest.raises(WorkerLost, match=r"^a worker process was killed by SIGKILL before it finished"):
        build(Project(), BuildOptions(langs=("de", "pl"), jobs=2), tmp_path / "out",
              products=(product_named("score sheet"), *as_products(killed)))
    assert not (tmp_path / "out").exists()


def test_a_lost_worker_is_reported_by_the_cli_in_one_line_with_the_way_out(runner):
    """What any command (`pnp build` above) says when its pool loses a worker: the error, that nothing was written
    and --jobs 1; exit 1, no traceback."""
    @click.group(cls=Commands)
    def pnp():
        pass

    @pnp.command()
    def build():
        raise WorkerLost("a worker process was killed by SIGKILL before it finished its task (1 of 2)")

    result = runner.invoke(pnp, ["build"])
    assert result.exit_code == 1
    assert result.output.strip().startswith("error: a worker process was killed by SIGKILL before it finished")
    assert "the kit is unchanged" in result.output and "--jobs 1" in result.output
    assert "Traceback" not in result.output


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return "Z"
