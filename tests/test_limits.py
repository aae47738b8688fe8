"""memsync/limits.py: the one home of memsync's bounds, importing nothing, each with its why."""

from __future__ import annotations

import ast
from pathlib import Path

LIMITS = Path(__file__).parent.parent / "memsync" / "limits.py"


def test_limits_imports_nothing() -> None:
    tree = ast.parse(LIMITS.read_text())
    imports = [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]
    assert [ast.unparse(node) for node in imports] == ["from __future__ import annotations"]


def test_every_limit_says_why() -> None:
    """Each bound has a ``#:`` line above it, or shares the one of its run of lines."""
    explained, silent = False, []
    for line in LIMITS.read_text().splitlines():
        if not line.strip():
            explained = False
        elif line.startswith("#:"):
            explained = True
        elif line[:1].isupper() and " = " in line and not line.startswith(("KiB", "MiB", "GiB")) and not explained:
            silent.append(line)
    assert silent == []
