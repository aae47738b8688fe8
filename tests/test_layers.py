"""The layer rule of ARCHITECTURE.md, enforced from the imports."""

from __future__ import annotations

import ast
import fnmatch
import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
LAYERS = ["format", "state", "remote", "trust", "sync", "api", "cli"]
ROW = re.compile(r"^\| `(memsync/[^`]+)` \| (\w+) \|", re.MULTILINE)


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


def _module_path(module: str) -> str:
    """memsync.a.b → the file that defines it, relative to the repository."""
    parts = module.split(".")
    as_package = ROOT.joinpath(*parts) / "__init__.py"
    if as_package.is_file():
        return as_package.relative_to(ROOT).as_posix()
    return (Path(*parts[:-1]) / f"{parts[-1]}.py").as_posix()


def _imports(path: Path) -> set[str]:
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]  # the package a relative import starts from
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("memsync")}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[: len(package) - node.level + 1])
                module = ".".join(base + ([node.module] if node.module else []))
            elif node.module and node.module.startswith("memsync"):
                module = node.module
            else:
                continue
            if node.module:
                found.add(module)
            # "from . import x" may name a module
            for alias in node.names:
                candidate = f"{module}.{alias.name}"
                if (ROOT / _module_path(candidate)).is_file():
                    found.add(candidate)
    return found


def test_every_module_is_in_the_table() -> None:
    table = _table()
    missing = [
        p.relative_to(ROOT).as_posix()
        for p in sorted((ROOT / "memsync").rglob("*.py"))
        if _layer(p.relative_to(ROOT).as_posix(), table) is None
    ]
    assert not missing, f"add these to ARCHITECTURE.md: {missing}"
    assert all(layer in LAYERS for _, layer in table)


def test_imports_only_go_up_the_layers() -> None:
    table = _table()
    wrong = []
    for path in sorted((ROOT / "memsync").rglob("*.py")):
        own = _layer(path.relative_to(ROOT).as_posix(), table)
        assert own is not None
        for module in _imports(path):
            target = _layer(_module_path(module), table)
            if target is None:
                continue  # a name imported from a package's __init__
            if LAYERS.index(target) > LAYERS.index(own):
                wrong.append(f"{path.relative_to(ROOT)} ({own}) imports {module} ({target})")
    assert not wrong, "\n".join(wrong)


def test_the_rule_catches_a_wrong_import(tmp_path: Path) -> None:
    """The check itself can fail: a format module importing the engine is caught."""
    table = _table()
    assert _layer("memsync/names.py", table) == "format" and _layer("memsync/engine.py", table) == "sync"
    assert LAYERS.index("sync") > LAYERS.index("format")
