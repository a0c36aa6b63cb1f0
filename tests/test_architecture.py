"""The package layout (docs/architecture.md): the import graph of pnp has no cycles, and no layer imports a higher
one — in particular no lower layer imports a product, and products do not import each other except where listed."""
from __future__ import annotations

import ast
import functools
import re
import subprocess
import sys
from pathlib import Path

import pytest

PNP = Path(__file__).resolve().parent.parent / "pnp"

# Layers from the bottom up; a module may import modules of its own layer or a lower one (docs/architecture.md draws
# the same stack). Names are module names or package prefixes. The foundation is one layer per package, in the
# order of their real dependencies, so no package of it imports one above it: no package-level cycle.
LAYERS = (
    ("core", ("pnp.core",)),
    ("adapters", ("pnp.adapters",)),
    ("data", ("pnp.data",)),
    ("i18n", ("pnp.i18n",)),
    ("typeset", ("pnp.typeset",)),
    ("layouts", ("pnp.layouts",)),
    ("pages", ("pnp.pages",)),
    ("graphics", ("pnp.graphics",)),
    ("project", ("pnp.project",)),
    ("context", ("pnp.context",)),
    ("products", ("pnp.cards", "pnp.sheets", "pnp.rulebook")),
    ("outputs", ("pnp.export", "pnp.products")),
    ("validate", ("pnp.validate",)),
    ("kit", ("pnp.kit", "pnp.proof")),
    ("cli", ("pnp.cli", "pnp.__main__")),
)
PRODUCTS = dict(LAYERS)["products"]
# Product -> product imports that are part of the design: the rulebook lists the token set the sheets print.
PRODUCT_IMPORTS = {("pnp.rulebook", "pnp.sheets"),  # the token set the rulebook describes
                   ("pnp.rulebook", "pnp.cards")}  # card faces for the card anatomy, the cards' own labels


def modules() -> dict[str, Path]:
    """Every module of pnp by dotted name (a package by its own name)."""
    found = {}
    for path in PNP.rglob("*.py"):
        parts = list(path.relative_to(PNP.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if parts == ["pnp"]:
            continue  # the package's own __init__: its docstring only
        found[".".join(parts)] = path
    return found


@functools.cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of the file `path`, parsed once per test process (the tests only read it)."""
    return ast.parse(path.read_text(), str(path))


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The pnp modules `name` imports (anywhere in the file, TYPE_CHECKING blocks and functions included)."""
    return imports_of(name, path, parsed(path), known)


def imports_of(name: str, path: Path, tree: ast.AST, known: dict[str, Path]) -> set[str]:
    """The pnp modules the import statements in `tree` (of module `name` at `path`) import."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    result = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        result.update(t for t in targets if t in known)
    return result


@functools.cache
def graph() -> dict[str, set[str]]:
    """Each module's imports of other pnp modules (made once per test process: the tests only read it)."""
    known = modules()
    return {name: imports(name, path, known) - {name} for name, path in known.items()}


def layer(module: str) -> int:
    for rank, (_, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return rank
    raise AssertionError(f"{module} belongs to no layer of tests/test_architecture.py (and docs/architecture.md)")


def product(module: str) -> str | None:
    return next((p for p in PRODUCTS if module == p or module.startswith(p + ".")), None)


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_every_module_has_a_layer():
    for name in modules():
        layer(name)


def test_no_import_cycles():
    assert cycles(graph()) == []


def test_no_module_imports_a_higher_layer():
    upward = [f"{a} ({LAYERS[layer(a)][0]}) imports {b} ({LAYERS[layer(b)][0]})"
              for a, targets in graph().items() for b in targets if layer(b) > layer(a)]
    assert upward == []


def function_imports(path: Path) -> list[ast.stmt]:
    """The import statements inside the functions of a module (lazy imports)."""
    return [node for fn in ast.walk(parsed(path))
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
            for node in ast.walk(fn) if isinstance(node, (ast.Import, ast.ImportFrom))]


def test_lazy_imports_only_go_down():
    """An import inside a function (it delays loading, e.g. the rulebook's platypus until a rulebook is made) goes
    to a lower layer or within its own package, never sideways to another package of its layer or up: a lazy
    import must not hide an edge the layers forbid."""
    known = modules()
    sideways = []
    for name, path in known.items():
        for node in function_imports(path):
            probe = ast.Module(body=[node], type_ignores=[])
            for target in imports_of(name, path, probe, known):
                own = name.split(".")[:2] == target.split(".")[:2]
                if not own and layer(target) >= layer(name):
                    sideways.append(f"{name} imports {target} inside a function (line {node.lineno})")
    assert sideways == []


def test_the_docs_draw_the_layers_the_test_enforces():
    """docs/architecture.md's diagram names the layers' packages from the top down in the order of LAYERS."""
    text = (PNP.parent / "docs" / "architecture.md").read_text()
    diagram = text.split("```")[1]
    heads = [re.match(r" ?((?:[a-z_0-9]+(?:/|\.py) +)*)", line).group(1) for line in diagram.splitlines()]
    drawn = [name for head in heads for name in re.findall(r"([a-z_0-9]+)(?:/|\.py)", head)]
    expected = [prefix.removeprefix("pnp.").removeprefix("pnp") for _, prefixes in reversed(LAYERS)
                for prefix in prefixes if prefix != "pnp.__main__"]
    assert drawn == expected


def test_products_import_each_other_only_where_designed():
    crossing = [f"{a} imports {b}" for a, targets in graph().items() for b in targets
                if product(a) and product(b) and product(a) != product(b)
                and (product(a), product(b)) not in PRODUCT_IMPORTS]
    assert crossing == []


@pytest.mark.parametrize("edges, expected", [
    ({"a": {"b"}, "b": {"a"}, "c": set()}, [["a", "b"]]),
    ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
])
def test_cycle_finder(edges, expected):
    assert cycles(edges) == expected


def test_relative_imports_resolve(tmp_path):
    """`from . import x`, `from ..y import z` and TYPE_CHECKING imports are edges of the graph."""
    known = modules()
    assert "pnp.rulebook.turkish" in imports("pnp.rulebook.compose", known["pnp.rulebook.compose"], known)
    assert "pnp.data.combat" in imports("pnp.rulebook.examples", known["pnp.rulebook.examples"], known)
    source = tmp_path / "probe.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..kit.build import build\n")
    assert imports("pnp.cards.probe", source, known) == {"pnp.kit.build"}


def test_the_command_line_starts_without_the_rulebook():
    """The rulebook package (ReportLab's platypus, Jinja) is imported by the process that makes or checks a
    rulebook — a build's or validate's worker — not at start-up: it was a third of every command's start-up."""
    code = ("import sys, pnp.cli; print(sorted({m.split('.')[0] + '.' + m.split('.')[1] for m in sys.modules if "
            "m.startswith(('pnp.rulebook', 'reportlab.platypus', 'jinja2.'))}))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"


def test_a_command_loads_only_its_own_module_of_the_command_line():
    """The commands are imported when they run or are listed (pnp.cli.COMMANDS, click's lazy loading): `pnp build`
    loads neither the proof site's command nor the catalogs', the languages', the checks' or the exports'; the
    help lists every command (loading them to show their help)."""
    code = ("import sys; from pnp.cli import main\ntry: main(sys.argv[1:], prog_name='pnp')\nexcept SystemExit: pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('pnp.cli.')), file=sys.stderr)")
    loaded = lambda *args: subprocess.run([sys.executable, "-c", code, *args], capture_output=True,  # noqa: E731
                                          text=True, check=True).stderr.strip()
    assert loaded("build", "--help") == "['pnp.cli.make', 'pnp.cli.options']"
    listed = subprocess.run([sys.executable, "-m", "pnp", "--help"], capture_output=True, text=True, check=True)
    assert [line.split()[0] for line in listed.stdout.split("Commands:")[1].splitlines() if line.strip()] == [
        "build", "calibrate", "catalogs", "deck", "export", "gallery", "lang", "proof", "validate"]


def test_the_command_line_starts_without_babels_dates():
    """The catalogs' translators are Python's gettext, not babel.support's, whose import loads Babel's dates and the
    time zones (8 ms of every command's start-up) that pnp does not use."""
    code = "import sys, pnp.cli; print(sorted(m for m in sys.modules if m.startswith(('babel.dates', 'zoneinfo'))))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"


def test_the_rulebook_checks_lay_out_without_platypus():
    """`pnp validate`'s rulebook checks compose the rulebook and measure its tables without ReportLab's platypus
    (its paragraph module alone takes 50 ms to import, in each worker); drawing the pages imports it."""
    code = ("import sys, pnp.cli, pnp.rulebook.checks; print('reportlab.platypus' in sys.modules); "
            "import pnp.rulebook.render; print('reportlab.platypus' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["False", "True"]


def _references(tree: ast.Module) -> dict[str, set[str]]:
    """Name -> the top-level definitions of `tree` whose bodies mention it ("" for module-level code, decorators,
    default values and base classes included)."""
    found: dict[str, set[str]] = {}
    for top in tree.body:
        if isinstance(top, (ast.FunctionDef, ast.ClassDef)):
            parts = [(top.name, node) for node in top.body]
            parts += [("", node) for node in top.decorator_list]
            parts += [("", node) for node in (top.bases if isinstance(top, ast.ClassDef) else [top.args])]
        else:
            parts = [("", top)]
        for owner, part in parts:
            for node in ast.walk(part):
                name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
                if name:
                    found.setdefault(name, set()).add(owner)
    return found


def test_no_function_of_pnp_serves_only_the_tests():
    """Every top-level function and class of pnp/ is reached by production: from module-level code, a decorator
    (a CLI command), an entry point, a template, or a definition that is itself reached. What only tests call
    belongs in tests/ (tests/product_helpers.py, tests/rulebook_helpers.py)."""
    defined: set[tuple[str, str]] = set()
    commands: set[tuple[str, str]] = set()
    mentions: dict[str, set[tuple[str, str]]] = {}  # name -> (module, definition) that mention it
    for module, path in modules().items():
        tree = parsed(path)
        tops = [top for top in tree.body if isinstance(top, (ast.FunctionDef, ast.ClassDef))]
        defined |= {(module, top.name) for top in tops}
        commands |= {(module, top.name) for top in tops  # registered by click
                     if any(re.search(r"\b(command|group)\b", ast.unparse(d)) for d in top.decorator_list)}
        for name, owners in _references(tree).items():
            mentions.setdefault(name, set()).update((module, owner) for owner in owners)
    outside = " ".join(path.read_text() for path in PNP.rglob("*") if path.suffix in (".j2", ".toml"))
    outside += (PNP.parent / "pyproject.toml").read_text()  # entry points
    reached = {(module, "") for module in modules()} | commands
    words = set(re.findall(r"\w+", outside))  # a name is mentioned where it is a whole word (\bNAME\b)
    reached |= {(module, name) for module, name in defined if name in words}
    changed = True
    while changed:
        before = len(reached)
        reached |= {(module, name) for module, name in defined - reached
                    if any(where in reached and where != (module, name) for where in mentions.get(name, ()))}
        changed = len(reached) > before
    assert sorted(f"{module}.{name}" for module, name in defined - reached) == sorted(LIBRARY_ONLY)


# Functions pnp offers to a program that imports it, which no command calls
LIBRARY_ONLY = {"pnp.core.caches.clear_all"}  # empties every cache: for a program that runs pnp on changed inputs


ALLOWED_STAND_INS = {("test_parallel_pool.py", "GRACE_SECONDS"),  # a timing constant: the grace period shortened
                     # what the machine runs now, set by the tests of the default pool as they set os.getloadavg
                     ("test_build_parallel.py", "running_elsewhere")}


def pnp_stand_ins(source: str) -> list[tuple[int, str]]:
    """(line, name) of each `monkeypatch.setattr` in a test module that replaces a name of pnp: on a module or object
    imported from pnp, or given as a "pnp.…" path."""
    nodes = list(ast.walk(ast.parse(source)))  # walked once, read four times
    from_pnp = {alias.asname or alias.name for node in nodes if isinstance(node, ast.ImportFrom)
                and (node.module or "").split(".")[0] == "pnp" for alias in node.names}
    from_pnp |= {alias.asname for node in nodes if isinstance(node, ast.Import) for alias in node.names
                 if alias.name.split(".")[0] == "pnp" and alias.asname}
    from_pnp |= {node.targets[0].id for node in nodes if isinstance(node, ast.Assign)
                 and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Call) and node.value.args
                 and isinstance(node.value.args[0], ast.Constant) and str(node.value.args[0].value).startswith("pnp.")
                 and ast.unparse(node.value.func) == "importlib.import_module"}
    found = []
    for node in nodes:
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "setattr"
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "monkeypatch" and node.args):
            continue
        target = node.args[0]
        if isinstance(target, ast.Constant) and str(target.value).startswith("pnp."):
            found.append((node.lineno, str(target.value)))
        elif isinstance(target, ast.Name) and target.id in from_pnp and len(node.args) > 1:
            found.append((node.lineno, f"{target.id}.{getattr(node.args[1], 'value', '?')}"))
    return found


def test_tests_replace_no_name_of_pnp():
    """Tests drive production paths: where a test needs another check, product or timing, production has a seam
    (`products=`, `checkers=`, an option) instead of a monkeypatched name (issue #25)."""
    replaced = [f"{path.name}:{line}: {name}" for path in sorted(Path(__file__).parent.glob("test_*.py"))
                for line, name in pnp_stand_ins(path.read_text(encoding="utf-8"))
                if (path.name, name.rsplit(".", 1)[-1]) not in ALLOWED_STAND_INS]
    assert replaced == []


def test_the_stand_in_finder_sees_each_way_of_naming_pnp():
    source = ("from pnp.kit import build as build_module\nimport pnp.validate as v\nfrom pathlib import Path\n"
              "c = importlib.import_module('pnp.rulebook.compose')\n"
              "def test(monkeypatch):\n    monkeypatch.setattr(build_module, 'PRODUCTS', ())\n"
              "    monkeypatch.setattr(v, 'CHECKERS', ())\n    monkeypatch.setattr('pnp.x.f', None)\n"
              "    monkeypatch.setattr(Path, 'home', None)\n"
              "    monkeypatch.setattr(c, 'COMPILED', None)\n")
    assert pnp_stand_ins(source) == [(6, "build_module.PRODUCTS"), (7, "v.CHECKERS"), (8, "pnp.x.f"),
                                     (10, "c.COMPILED")]
