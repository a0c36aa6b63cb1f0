"""Every memo of pnp, named and listed in one place (CACHES, and docs/caches.md, which tests/test_caches.py keeps
equal to it): what it holds, what it is keyed by, and when it is cleared. `memo` wraps functools.lru_cache and
registers the function; `clear_all` empties every cache (a program that changes its inputs between runs in one
process, or a test that wants a fresh start). A cache is kept only where it saves more than 10 ms in a
one-language build or is needed for identity (docs/caches.md lists the measurements)."""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable, TypeVar

F = TypeVar("F", bound=Callable)
PER_PROCESS = "never: the inputs of a process do not change (clear_all)"


@dataclass(frozen=True)
class Cache:
    """One registered in-process cache: what it holds, its key, when it is emptied, and how."""
    name: str       # module.function
    holds: str      # what is remembered
    keyed_by: str   # what tells two entries apart
    cleared: str    # when it is emptied
    clear: Callable[[], None]


CACHES: dict[str, Cache] = {}


def register(name: str, holds: str, keyed_by: str, clear: Callable[[], None], cleared: str = PER_PROCESS) -> None:
    """List a cache that is not a `memo` (one kept by hand)."""
    CACHES[name] = Cache(name, holds, keyed_by, cleared, clear)


def memo(holds: str, keyed_by: str, maxsize: int | None = None, cleared: str = PER_PROCESS) -> Callable[[F], F]:
    """functools.lru_cache(maxsize) of the decorated function, listed in CACHES as module.function."""
    def decorate(function: F) -> F:
        cached = functools.lru_cache(maxsize=maxsize)(function)
        register(f"{function.__module__}.{function.__qualname__}", holds, keyed_by, cached.cache_clear,
                 cleared if maxsize is None else f"{cleared}; the least recently used beyond {maxsize} entries")
        return cached
    return decorate


def memo_objects(holds: str, keyed_by: str, maxsize: int, cleared: str = PER_PROCESS) -> Callable[[F], F]:
    """A memo of a function of objects that cannot be hashed (frozen dataclasses holding mappings: a catalog, the
    engine data): an argument is told apart by its value when it can be hashed, else by its identity, and the
    arguments are held with the entry (so that an id stays its object's); the oldest beyond `maxsize` dropped.
    A call with the very objects an entry holds finds it by their ids, without hashing their values (a card
    database's hash walks every card)."""
    def decorate(function: F) -> F:
        entries: dict[tuple, tuple[tuple, object]] = {}
        by_ids: dict[tuple[int, ...], tuple[tuple, object]] = {}  # the ids of an entry's arguments -> the entry

        @functools.wraps(function)
        def remembered(*args):
            entry = by_ids.get(tuple(map(id, args)))
            if entry is None:
                key = tuple(_key(arg) for arg in args)
                entry = entries.get(key)  # one look-up: a key's values can be slow to hash
                if entry is None:
                    entry = entries.setdefault(key, (args, function(*args)))  # unless a call within made it
                    by_ids[tuple(map(id, entry[0]))] = entry
                    while len(entries) > maxsize:
                        del by_ids[tuple(map(id, entries.pop(next(iter(entries)))[0]))]
            return entry[1]

        def clear() -> None:
            entries.clear()
            by_ids.clear()

        register(f"{function.__module__}.{function.__qualname__}", holds, keyed_by, clear,
                 f"{cleared}; the oldest beyond {maxsize} entries")
        return remembered  # type: ignore[return-value]
    return decorate


def _key(value: object) -> object:
    try:
        hash(value)
    except TypeError:
        return "id", id(value)
    return value


def clear_all() -> None:
    """Empty every cache of CACHES."""
    for cache in CACHES.values():
        cache.clear()
