"""Independent tasks run in a pool of worker processes, each result handed back as soon as its task finishes.

The workers are forked after the tasks are made, so they inherit everything the tasks need (checked inputs,
registered fonts, compiled templates) instead of receiving it pickled; only task numbers go out and results come
back, each worker on a pipe of its own. One job runs the tasks in this process, in order. Results carry no trace of
the process that made them, so the output is the same for any number of jobs.

The pool is this module's own rather than `multiprocessing.Pool`: that pool's helper threads and the locks its
workers share can leave `terminate()` waiting forever when Ctrl-C or SIGTERM arrives as a worker sends a large
result, and it waits forever for the result of a worker that was killed (by the out-of-memory killer, say). Here the
parent has no threads and shares no lock: it can stop its workers at any moment, and a lost worker is an error.
"""
from __future__ import annotations

import contextlib
import gc
import os
import signal
import time
from typing import TYPE_CHECKING, Any, Callable, ContextManager, Iterable, Iterator, Sequence, TypeVar

if TYPE_CHECKING:  # the pool's machinery is imported when a pool starts (`_start`), not by every command
    import multiprocessing
    from multiprocessing.connection import Connection

T = TypeVar("T")
# a command's progress display (click.progressbar): wraps the tasks' results as they finish, given their number
Progress = Callable[[Iterator[Any], int], ContextManager[Iterable[Any]]]

_TASKS: Sequence[Callable[[], object]] = ()  # the tasks of the pool being started, inherited by its workers
_PARENT = 0  # the process that starts the pool, inherited by its workers
_HELD = {signal.SIGINT, signal.SIGTERM}
GRACE_SECONDS = 5.0  # how long a worker that was told to leave, or sent SIGTERM, may take before it is killed
WATCH_SECONDS = 0.5  # where the kernel cannot signal a parent's death: how often a worker looks for its parent
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies
RUNNING = "/proc/loadavg"  # Linux: its fourth field is "running/all" of the machine's processes and threads


class WorkerLost(Exception):
    """A worker process ended before sending the result of its task."""


class WorkerTraceback(Exception):
    """Where in its worker a task's exception was raised (the `__cause__` of the exception raised here)."""


def default_jobs() -> int:
    """The number of cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def automatic_jobs(pieces: int) -> tuple[int, str]:
    """How many processes to run `pieces` independent pieces of work in (a command's languages) when no number is
    asked for, and why. A worker repeats what its parent did not (cold caches) and waits for a core where others run,
    so a pool pays only for several pieces on cores that are free: one process for one piece, or when the machine's
    load leaves fewer than two of this process's cores idle; else one worker per idle core, at most one per piece.
    The load is the load average of the last minute, or what runs at this moment where that is less: the average
    follows the work of the last minute or so, and after commands run one after another (a script, a benchmark) it
    counts a core as busy that nothing uses any more."""
    if pieces <= 1:
        return 1, "one language"
    cores = default_jobs()
    try:
        load, machine = os.getloadavg()[0], os.cpu_count() or cores
    except OSError:  # the system has no load average
        return min(cores, pieces), f"{pieces} languages, {cores} cores, load unknown"
    now = running_elsewhere()
    idle = max(0, min(cores, int(machine - (load if now is None else min(load, now)) + 0.5)))
    why = f"{idle} of {cores} cores idle, load {load:.1f} on {machine}{'' if now is None else f', {now} running now'}"
    return (1, why) if idle < 2 else (min(idle, pieces), f"{pieces} languages, {why}")


def running_elsewhere(source: str = RUNNING, samples: int = 5, apart: float = 0.002) -> int | None:
    """The most processes (threads) running or waiting for a core on the machine, this one not counted, in
    `samples` looks `apart` seconds apart (one look could catch a busy machine at an idle instant), read from
    `source`; None where there is no such file."""
    seen = []
    for sample in range(samples):
        try:
            with open(source, encoding="ascii") as stats:
                seen.append(int(stats.read().split()[3].split("/")[0]) - 1)
        except (OSError, ValueError, IndexError):
            return None
        if sample < samples - 1:
            time.sleep(apart)
    return max(0, *seen)


def run_tasks(tasks: Sequence[Callable[[], T]], jobs: int) -> Iterator[tuple[int, T]]:
    """(index, result) of every task, in the order they finish; with one job (or one task) in this process. A task's
    exception is raised here; closing the iterator early (or an exception here) stops the workers at once."""
    global _TASKS, _PARENT
    count = min(jobs, len(tasks))
    if count <= 1:
        yield from ((index, task()) for index, task in enumerate(tasks))
        return
    _TASKS, _PARENT = tasks, os.getpid()
    workers: dict[Connection, multiprocessing.Process] = {}
    finished = False
    try:
        with _held_signals():
            # what the workers inherit (inputs, fonts, modules) is moved out of the collector's reach before the
            # fork, so that their collections do not walk it (as Python's gc.freeze documentation advises)
            gc.freeze()
            try:
                _start(count, workers)
            finally:
                gc.unfreeze()
        yield from _results(workers, len(tasks))
        finished = True
    finally:
        _TASKS = ()
        _stop(workers, finished)


def results_in_order(tasks: Sequence[Callable[[], T]], jobs: int, progress: Progress | None = None) -> list[T]:
    """The result of every task, in the order of the tasks (as `run_tasks` computes them); `progress` is shown
    each result as it comes."""
    with contextlib.closing(run_tasks(tasks, jobs)) as finishing:
        with progress(finishing, len(tasks)) if progress else contextlib.nullcontext(finishing) as finished:
            found = dict(finished)
    return [found[index] for index in range(len(tasks))]


def attempted(task: Callable[[], T]) -> T | Exception:
    """The task's result, or the exception it raised, returned: for a task started beside a check that may still
    find its inputs wrong, whose exception counts (`raised`) only once the check has passed."""
    try:
        return task()
    except Exception as exc:
        return exc


def raised(result: T | Exception) -> T:
    """The result of an `attempted` task; the exception it raised is raised here."""
    if isinstance(result, Exception):
        raise result
    return result


@contextlib.contextmanager
def _held_signals() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait while the workers are forked and arrive (raising) once the pool is there to be
    stopped: raised by their handler inside fork's own callbacks, the exception would be lost and the run go on. The
    workers start with them held too, until they have set their own handling."""
    signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)


def _start(count: int, workers: dict[Connection, multiprocessing.Process]) -> None:
    """Fork `count` workers into `workers`, each under the parent's end of its pipe (the modules the workers use
    imported here, before the fork)."""
    import ctypes  # noqa: F401  (_leave_with_parent)
    import multiprocessing
    import multiprocessing.connection  # noqa: F401  (_results)
    import threading  # noqa: F401  (_leave_with_parent)
    import traceback  # noqa: F401  (_serve)
    fork = multiprocessing.get_context("fork")
    pipes = [fork.Pipe() for _ in range(count)]
    try:
        for number, (parent_end, _) in enumerate(pipes):
            process = fork.Process(target=_serve, args=(number, pipes), daemon=True, name=f"pnp-worker-{number + 1}")
            process.start()
            workers[parent_end] = process
    finally:
        for parent_end, worker_end in pipes:
            worker_end.close()
            if parent_end not in workers:
                parent_end.close()


def _results(workers: dict[Connection, multiprocessing.Process], count: int) -> Iterator[tuple[int, object]]:
    """Hand out the task numbers one at a time to whichever worker is free, and yield the results as they come."""
    from multiprocessing.connection import wait
    pending = iter(range(count))
    busy: dict[Connection, int] = {}
    for connection in workers:
        _hand(connection, next(pending), busy)
    sentinels = {process.sentinel: connection for connection, process in workers.items()}
    while busy:
        for ready in wait([*busy, *(process.sentinel for connection, process in workers.items()
                                    if connection in busy)]):
            connection = sentinels.get(ready, ready)
            if connection not in busy:
                continue  # its result and its end were both ready, and the result has been taken
            try:
                index, ok, value, where = connection.recv()
            except EOFError:
                raise WorkerLost(_lost(workers[connection], busy[connection], count)) from None
            del busy[connection]
            if not ok:
                value.__cause__ = WorkerTraceback(where)
                raise value
            if (following := next(pending, None)) is not None:  # handed out first: the worker goes on meanwhile
                _hand(connection, following, busy)
            yield index, value


def _hand(connection: Connection, index: int, busy: dict[Connection, int]) -> None:
    """Give task `index` to the worker at `connection`; a worker that has died is found when its result is awaited."""
    with contextlib.suppress(BrokenPipeError):
        connection.send(index)
    busy[connection] = index


def _lost(process: multiprocessing.Process, index: int, count: int) -> str:
    """What became of a worker that sent no result."""
    process.join(GRACE_SECONDS)
    code = process.exitcode
    if code is not None and code < 0:
        how = "was killed by " + next((known.name for known in signal.Signals if known == -code), f"signal {-code}")
    else:
        how = f"ended (exit code {code})"
    return f"a worker process {how} before it finished its task ({index + 1} of {count})"


def _stop(workers: dict[Connection, multiprocessing.Process], finished: bool) -> None:
    """Workers that finished are told to leave; after an exception, or when the results were not all taken, they
    are stopped at once (SIGTERM). One still there after GRACE_SECONDS is killed: none is left running."""
    for connection, process in workers.items():
        if finished:
            with contextlib.suppress(OSError):
                connection.send(None)
        else:
            process.terminate()
    for connection, process in workers.items():
        process.join(GRACE_SECONDS)
        if process.is_alive():
            process.kill()
            process.join()
        connection.close()


def _leave_with_parent(parent: int) -> None:
    """End this worker as soon as the process `parent` dies, even in the middle of a task: the kernel sends SIGTERM
    (prctl PR_SET_PDEATHSIG, Linux); elsewhere a thread looks for the parent every WATCH_SECONDS. prctl is looked up
    among the symbols the process has loaded (its C library's among them), not with ctypes.util.find_library, which
    runs ldconfig (or gcc, or ld) in a process of its own."""
    import ctypes
    import threading
    prctl = getattr(ctypes.CDLL(None, use_errno=True), "prctl", None)
    if prctl is None or prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) != 0:
        threading.Thread(target=_watch, args=(parent,), daemon=True, name="pnp-parent-watch").start()
    if os.getppid() != parent:  # it died before the kernel was told
        os._exit(1)


def _watch(parent: int) -> None:
    import threading
    while os.getppid() == parent:
        threading.Event().wait(WATCH_SECONDS)
    os._exit(1)


def _serve(number: int, pipes: list[tuple[Connection, Connection]]) -> None:
    """A worker: runs the tasks whose numbers arrive on its pipe and sends back each result (or exception), until
    told to leave or the parent is gone. Interrupts are the parent's: Ctrl-C (sent to the whole process group) is
    ignored, and SIGTERM, with which the parent stops its workers, ends the worker at once."""
    import traceback
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _leave_with_parent(_PARENT)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    own = pipes[number][1]
    for parent_end, worker_end in pipes:  # only the parent holds the other ends: a parent that dies is seen here
        parent_end.close()
        if worker_end is not own:
            worker_end.close()
    while True:
        try:
            index = own.recv()
        except EOFError:
            return
        if index is None:
            return
        try:
            reply = (index, True, _TASKS[index](), "")
        except Exception as exc:
            reply = (index, False, exc, "".join(traceback.format_exception(exc)))
        try:
            own.send(reply)
        except BrokenPipeError:
            return
        except Exception as exc:  # a result or an exception that cannot be pickled
            what = f"its {'result' if reply[1] else 'exception'} ({type(reply[2]).__name__})"
            own.send((index, False, RuntimeError(f"task {index + 1}: {what} cannot be sent back: {exc}"),
                      reply[3] or "".join(traceback.format_exception(exc))))
