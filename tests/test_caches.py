"""Every cache of pnp is registered in pnp.core.caches, listed in docs/caches.md, and emptied by clear_all."""
from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import pnp
from pnp.core import caches

ROOT = Path(__file__).resolve().parent.parent


def all_caches() -> dict[str, caches.Cache]:
    for module in pkgutil.walk_packages(pnp.__path__, "pnp."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    return caches.CACHES


def test_no_module_uses_a_bare_lru_cache():
    users = [str(path.relative_to(ROOT)) for path in (ROOT / "pnp").rglob("*.py")
             if path.name != "caches.py" and any(
                 isinstance(node, (ast.Name, ast.Attribute)) and "lru_cache" in ast.unparse(node)
                 or isinstance(node, ast.alias) and node.name in ("lru_cache", "cache")
                 for node in ast.walk(ast.parse(path.read_text())))]
    assert users == []


def test_the_docs_list_every_registered_cache():
    listed = re.findall(r"^\| `(pnp\.[\w.]+)` \|", (ROOT / "docs" / "caches.md").read_text(), re.M)
    assert sorted(listed) == sorted(all_caches())


def test_clear_all_empties_every_cache():
    from pnp.typeset.textfit import measure
    registered = all_caches()
    measure("Probe", "Helvetica", None, 10.0)
    assert measure.cache_info().currsize > 0
    caches.clear_all()
    assert measure.cache_info().currsize == 0
    assert all(callable(cache.clear) for cache in registered.values())


def test_memo_objects_tells_unhashable_arguments_apart_by_identity_and_hashable_ones_by_value():
    made = []

    @caches.memo_objects("probe", "probe", maxsize=2)
    def probe(mapping, number):
        made.append((mapping, number))
        return len(made)

    first, second = {"a": 1}, {"a": 1}  # equal, but not the same object
    assert [probe(first, 1), probe(first, 1), probe(second, 1), probe(first, 1.0)] == [1, 1, 2, 1]
    probe(first, 2)  # a third entry: the oldest (first, 1) is dropped
    assert probe(first, 1) == 4
    caches.CACHES.pop(f"{__name__}.{probe.__qualname__}")


def test_a_memo_objects_hit_with_the_same_objects_hashes_none_of_them():
    """A call with the very objects an entry holds finds it by their ids: a card database's hash (141 cards, field
    by field) is not taken again on every call of the memos that hold one. An equal but other object is hashed
    (once to tell a hashable argument from an unhashable one, once to find the entry), and ids are forgotten with
    the entry they name."""
    hashed = []

    class Argument:
        def __init__(self, value):
            self.value = value

        def __hash__(self):
            hashed.append(self)
            return hash(self.value)

        def __eq__(self, other):
            return self.value == other.value

    made = []

    @caches.memo_objects("probe", "probe", maxsize=2)
    def probe(argument):
        made.append(argument)
        return argument.value

    first, equal = Argument(1), Argument(1)
    probe(first)
    hashed.clear()
    assert probe(first) == 1 and hashed == []
    assert probe(equal) == 1 and hashed == [equal, equal] and made == [first]
    probe(Argument(2)), probe(Argument(3))  # the entry of `first` is dropped, and its ids with it
    hashed.clear()
    assert probe(first) == 1 and made[-1] is first and len(made) == 4
    assert sum(h is first for h in hashed) == 3  # a miss: told apart, looked up, stored
    caches.CACHES.pop(f"{__name__}.{probe.__qualname__}")
