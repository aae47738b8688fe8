"""The layer rule of ARCHITECTURE.md, enforced from the imports.

Every import of every module counts: plain and relative, at the top or inside a
function, ``importlib.import_module`` of a literal name, and a string that names a
module as ``memsync.a.b`` or ``memsync.a.b:Name`` (the tables the registry and
the CLI import from by name). An import of
memsync that names no module of the package is an error too (a typo, or a
module moved without its importers), not something to pass over."""

from __future__ import annotations

import ast
import fnmatch
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
LAYERS = ["base", "libraries", "format", "state", "stores", "remote", "trust", "sync", "api", "cli"]
ROW = re.compile(r"^\| `(memsync/[^`]+)` \| (\w+) \|", re.MULTILINE)
#: What a library may import besides its own package: the base, and nothing else of memsync.
LIBRARY_PACKAGES = ("memsync/ssh/", "memsync/zip/", "memsync/scan/", "memsync/disk/")
DOTTED = re.compile(r"memsync(\.[a-z_][a-z0-9_]*)+(:[A-Za-z_][A-Za-z0-9_]*)?\Z")


def _table() -> list[tuple[str, str]]:
    rows = ROW.findall((ROOT / "ARCHITECTURE.md").read_text())
    assert rows, "ARCHITECTURE.md lists no modules"
    return rows


def _layer(path: str, table: list[tuple[str, str]]) -> str | None:
    exact = [layer for pattern, layer in table if pattern == path]
    if exact:
        return exact[0]
    globbed = [layer for pattern, layer in table if fnmatch.fnmatch(path, pattern)]
    return globbed[0] if globbed else None


def _module_path(module: str, root: Path = ROOT) -> str | None:
    """memsync.a.b → the file that defines it, relative to the repository; None when none does."""
    parts = module.split(".")
    as_package = root.joinpath(*parts) / "__init__.py"
    if as_package.is_file():
        return as_package.relative_to(root).as_posix()
    as_module = root.joinpath(*parts[:-1]) / f"{parts[-1]}.py"
    return as_module.relative_to(root).as_posix() if as_module.is_file() else None


def _resolve(package: tuple[str, ...], level: int, name: str | None) -> str:
    base = list(package[: len(package) - level + 1])
    return ".".join(base + ([name] if name else []))


def _imports(path: Path, root: Path = ROOT) -> set[str]:
    """Every memsync module ``path`` imports, by name as written (resolved from relative)."""
    package = path.relative_to(root).with_suffix("").parts[:-1]  # the package a relative import starts from
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.split(".")[0] == "memsync"}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                module = _resolve(package, node.level, node.module)
            elif node.module and node.module.split(".")[0] == "memsync":
                module = node.module
            else:
                continue
            # "from X import y": y is a module when X is a package holding one, else a name of X.
            where = _module_path(module, root)
            if where is None or not where.endswith("__init__.py"):
                found.add(module)  # names of a module (or a module that is not there: reported)
                continue
            defined = _defined(root / where)
            for alias in node.names:
                name = f"{module}.{alias.name}"
                # A module of the package, else a name its __init__ defines; anything else is
                # reported as a module that does not exist.
                found.add(name if _module_path(name, root) is not None or alias.name not in defined else module)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and DOTTED.match(node.value):
            # A table of modules imported by name later (the registry's transports, the CLI's
            # command modules): what it names is imported all the same. (Other strings that
            # look alike, "memsync.lock", are names of other things; "module:Name" never is.)
            module, colon, _ = node.value.partition(":")
            if colon or _module_path(module, root) is not None:
                found.add(module)
        elif isinstance(node, ast.Call) and _is_import_module(node.func) and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                name = first.value
                if name.startswith("."):
                    dots = len(name) - len(name.lstrip("."))
                    name = _resolve(package, dots, name.lstrip(".") or None)
                if name.split(".")[0] == "memsync":
                    found.add(name)
    return found


def _defined(init: Path) -> set[str]:
    """The names a package's __init__ binds at its top level."""
    names: set[str] = set()
    for node in ast.parse(init.read_text()).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return names


def _is_import_module(func: ast.expr) -> bool:
    return (isinstance(func, ast.Attribute) and func.attr == "import_module") or (
        isinstance(func, ast.Name) and func.id == "import_module"
    )


def wrong_imports(root: Path, table: list[tuple[str, str]]) -> list[str]:
    """Each import under ``root``/memsync that goes down the layers, leaves a library for
    another room, or names no module."""
    wrong = []
    for path in sorted((root / "memsync").rglob("*.py")):
        where = path.relative_to(root).as_posix()
        own = _layer(where, table)
        if own is None:
            wrong.append(f"{where} is in no layer")
            continue
        for module in sorted(_imports(path, root)):
            target_path = _module_path(module, root)
            if target_path is None:
                wrong.append(f"{where} imports {module}, which is no module of memsync")
                continue
            target = _layer(target_path, table)
            if target is None:
                wrong.append(f"{where} imports {module}, which is in no layer")
            elif LAYERS.index(target) > LAYERS.index(own):
                wrong.append(f"{where} ({own}) imports {module} ({target})")
            elif own == "libraries" and target == "libraries" and _room(where) != _room(target_path):
                wrong.append(f"{where} (library {_room(where)}) imports {module} (library {_room(target_path)})")
    return wrong


def import_cycles(root: Path) -> list[str]:
    """Each cycle of the import graph of ``root``/memsync (module → the memsync modules
    it imports, every import as the layer rule counts it), one per strongly connected
    component of more than one module, written as a path round it. Only imports a
    module writes count: that importing ``memsync.cli.sync`` runs ``memsync/cli/__init__.py``
    first is Python's doing, and would make a cycle of every package that re-exports."""
    graph: dict[str, set[str]] = {}
    for path in sorted((root / "memsync").rglob("*.py")):
        where = path.relative_to(root).as_posix()
        targets = {_module_path(module, root) for module in _imports(path, root)}
        # A package's __init__ naming what it defines is no cycle; a missing module is wrong_imports' to report.
        graph[where] = {target for target in targets if target is not None and target != where}
    return [" → ".join(_a_cycle(graph, members)) for members in _components(graph) if len(members) > 1]


def _components(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's strongly connected components, with a stack of its own rather than
    recursion, so a long chain of imports cannot reach Python's recursion limit."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)

    for start in sorted(graph):
        if start in index:
            continue
        visit(start)
        work = [(start, iter(sorted(graph[start])))]
        while work:
            node, edges = work[-1]
            for target in edges:
                if target not in index:
                    visit(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    components.append(component)
    return components


def _a_cycle(graph: dict[str, set[str]], members: set[str]) -> list[str]:
    """A shortest path from the first of ``members`` back to itself, inside them (one
    exists: they are strongly connected), so a failure names imports to remove, not a heap."""
    start = min(members)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & members):
                if target == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if target not in came_from:
                    came_from[target] = node
                    following.append(target)
        frontier = following
    raise AssertionError(f"{sorted(members)} are not strongly connected")


def _room(path: str) -> str:
    return next((p for p in LIBRARY_PACKAGES if path.startswith(p)), path)


def test_every_module_is_in_the_table() -> None:
    table = _table()
    missing = [
        p.relative_to(ROOT).as_posix()
        for p in sorted((ROOT / "memsync").rglob("*.py"))
        if _layer(p.relative_to(ROOT).as_posix(), table) is None
    ]
    assert not missing, f"add these to ARCHITECTURE.md: {missing}"
    assert all(layer in LAYERS for _, layer in table)


def test_imports_only_go_up_the_layers_and_libraries_keep_to_themselves() -> None:
    wrong = wrong_imports(ROOT, _table())
    assert not wrong, "\n".join(wrong)


def test_every_library_module_imports_only_the_base_and_its_own_room() -> None:
    table = _table()
    for path in sorted((ROOT / "memsync").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if _layer(where, table) != "libraries":
            continue
        assert where.startswith(LIBRARY_PACKAGES), f"{where}: a library lives in one of {LIBRARY_PACKAGES}"
        for module in _imports(path):
            target = _module_path(module)
            assert target is not None
            assert target.startswith(_room(where)) or _layer(target, table) == "base", (where, module)


PLANTED = {
    "plain": "from memsync import engine\n",
    "relative": "from . import engine\n",
    "relative-module": "from .engine import Session\n",
    "in-a-function": "def f():\n    from .api import Memsync\n    return Memsync\n",
    "importlib": "import importlib\n\nengine = importlib.import_module('memsync.engine')\n",
    "importlib-relative": "import importlib\n\nengine = importlib.import_module('.engine', __package__)\n",
    "a-table-of-names": "LOADERS = {'sync': 'memsync.engine:Session'}\n",
    "a-library-reaching-into-format": None,  # memsync/ssh/extra.py importing memsync.manifest
    "no-such-module": "from . import enginee\n",
}


@pytest.mark.parametrize("case", sorted(PLANTED))
def test_the_checker_catches_a_planted_wrong_import(tmp_path: Path, case: str) -> None:
    """The checker itself can fail: a copy of the package with one wrong import planted."""
    import shutil

    shutil.copytree(ROOT / "memsync", tmp_path / "memsync", ignore=shutil.ignore_patterns("__pycache__"))
    table = _table()
    assert not wrong_imports(tmp_path, table), "the copy is clean before the plant"
    if case == "a-library-reaching-into-format":
        planted = tmp_path / "memsync" / "ssh" / "sshsig.py"
        planted.write_text(planted.read_text() + "\nfrom ..manifest import Manifest\n")
        expected = "memsync/ssh/sshsig.py (libraries) imports memsync.manifest (format)"
    else:
        planted = tmp_path / "memsync" / "names.py"  # a base module
        planted.write_text(planted.read_text() + "\n" + PLANTED[case])
        expected = "memsync/names.py"
    wrong = wrong_imports(tmp_path, table)
    assert len(wrong) == 1 and wrong[0].startswith(expected), wrong


def test_a_library_importing_another_room_is_caught(tmp_path: Path) -> None:
    import shutil

    shutil.copytree(ROOT / "memsync", tmp_path / "memsync", ignore=shutil.ignore_patterns("__pycache__"))
    planted = tmp_path / "memsync" / "ssh" / "sshsig.py"
    planted.write_text(planted.read_text() + "\nfrom ..disk import atomic\n")
    assert wrong_imports(tmp_path, _table()) == [
        "memsync/ssh/sshsig.py (library memsync/ssh/) imports memsync.disk.atomic (library memsync/disk/)"
    ]


def test_modules_imported_by_name_are_seen() -> None:
    """The registry's transports and the CLI's command modules are imported through
    importlib from tables of names: the checker sees them as the imports they are."""
    assert {"memsync.backends.local", "memsync.backends.s3"} <= _imports(ROOT / "memsync" / "registry.py")
    assert "memsync.cli.sync" in _imports(ROOT / "memsync" / "cli" / "app.py")


def test_a_store_importing_the_remote_layer_is_caught(tmp_path: Path) -> None:
    """The stores sit below the field protocol: a store that reaches up to it (as the
    git remote did from backends/) is the arrow running back up."""
    import shutil

    shutil.copytree(ROOT / "memsync", tmp_path / "memsync", ignore=shutil.ignore_patterns("__pycache__"))
    planted = tmp_path / "memsync" / "backends" / "local.py"
    planted.write_text(planted.read_text() + "\nfrom memsync.remote import Remote\n")
    assert wrong_imports(tmp_path, _table()) == ["memsync/backends/local.py (stores) imports memsync.remote (remote)"]


def test_the_import_graph_has_no_cycle() -> None:
    """Imports form a tree of layers, down to the base: a cycle (the CLI's top group
    loading command modules that import it back, as it once was) means neither module
    can be read, tested or loaded without the other."""
    cycles = import_cycles(ROOT)
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


CYCLE_PLANTS = {
    "plain": "from . import ping\n",
    "in-a-function": "def f():\n    from .ping import PING\n    return PING\n",
    "by-name": "import importlib\n\nping = importlib.import_module('memsync.ping')\n",
}


@pytest.mark.parametrize("case", sorted(CYCLE_PLANTS))
def test_the_cycle_check_catches_two_modules_importing_each_other(tmp_path: Path, case: str) -> None:
    """The check itself can fail: a copy of the package with two new modules, each importing the other."""
    import shutil

    shutil.copytree(ROOT / "memsync", tmp_path / "memsync", ignore=shutil.ignore_patterns("__pycache__"))
    assert import_cycles(tmp_path) == [], "the copy has no cycle before the plant"
    (tmp_path / "memsync" / "ping.py").write_text("from .pong import PONG\n\nPING = 1\n")
    (tmp_path / "memsync" / "pong.py").write_text(CYCLE_PLANTS[case] + "\nPONG = 2\n")
    assert import_cycles(tmp_path) == ["memsync/ping.py → memsync/pong.py → memsync/ping.py"]
