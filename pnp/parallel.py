"""Independent tasks run in a pool of worker processes, each result handed back as soon as its task finishes.

The workers are forked after the tasks are made, so they inherit everything the tasks need (checked inputs,
registered fonts, compiled templates) instead of receiving it pickled; only the results travel back. One job
runs the tasks in this process, in order. Results carry no trace of the process that made them, so the output is
the same for any number of jobs.
"""
from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import signal
from typing import Callable, Iterator, Sequence, TypeVar

T = TypeVar("T")

_TASKS: Sequence[Callable[[], object]] = ()  # the tasks of the pool being started, inherited by its workers


def default_jobs() -> int:
    """The number of cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run_tasks(tasks: Sequence[Callable[[], T]], jobs: int) -> Iterator[tuple[int, T]]:
    """(index, result) of every task, in the order they finish; with one job (or one task) in this process."""
    global _TASKS
    workers = min(jobs, len(tasks))
    if workers <= 1:
        yield from ((index, task()) for index, task in enumerate(tasks))
        return
    _TASKS = tasks
    held = {signal.SIGINT, signal.SIGTERM}
    try:
        with contextlib.ExitStack() as stack:
            # Ctrl-C and SIGTERM wait while the workers are forked and arrive (raising here) once the pool is there
            # to be stopped: an exception raised by their handler inside fork's own callbacks would be lost, and
            # the run would go on
            signal.pthread_sigmask(signal.SIG_BLOCK, held)
            stack.callback(signal.pthread_sigmask, signal.SIG_UNBLOCK, held)
            fork = multiprocessing.get_context("fork")
            # what the workers inherit (inputs, fonts, modules) is moved out of the collector's reach before the
            # fork, so that their collections do not walk it (as Python's gc.freeze documentation advises)
            gc.freeze()
            stack.callback(gc.unfreeze)
            pool = stack.enter_context(fork.Pool(workers, initializer=_ignore_interrupts))
            signal.pthread_sigmask(signal.SIG_UNBLOCK, held)
            yield from pool.imap_unordered(_run, range(len(tasks)))
    finally:
        _TASKS = ()


def results_in_order(tasks: Sequence[Callable[[], T]], jobs: int) -> list[T]:
    """The result of every task, in the order of the tasks (as `run_tasks` computes them)."""
    found = dict(run_tasks(tasks, jobs))
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


def _ignore_interrupts() -> None:
    """A worker leaves interrupts to the parent: Ctrl-C (sent to the whole process group) is ignored, and SIGTERM,
    with which the parent stops its pool, ends the worker at once (not through the parent's handler it inherited)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})  # held by the parent while forking


def _run(index: int) -> tuple[int, object]:
    return index, _TASKS[index]()
