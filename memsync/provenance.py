"""Where accepted pages came from, so agents and people can tell a stranger's
page from their own.

``.memsync/fields/FIELD/provenance.json`` maps each page accepted from a
source other than ``self`` to ``{"sha256", "source", "signer", "digest",
"time", "how"}``. An entry describes the page only while the page still has
that sha256: once someone edits it here, it is theirs (``of`` says so).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from . import atomic
from .workspace import Workspace

FILENAME = "provenance.json"


def load(ws: Workspace, field: str) -> dict[str, dict[str, Any]]:
    try:
        data = json.loads((ws.field_state_dir(field) / FILENAME).read_bytes())
    except (FileNotFoundError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, dict)} if isinstance(data, dict) else {}


def record(ws: Workspace, field: str, pages: Mapping[str, dict[str, Any]]) -> None:
    """Add (or replace) the entries of pages just accepted."""
    entries = {**load(ws, field), **pages}
    path = ws.field_state_dir(field) / FILENAME
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic.write_bytes(path, (json.dumps(entries, indent=1, sort_keys=True) + "\n").encode())


def of(entries: Mapping[str, dict[str, Any]], page: str, sha256: str) -> dict[str, Any] | None:
    """Where the page with this content came from; None when it is the user's own."""
    entry = entries.get(page)
    return entry if entry is not None and entry.get("sha256") == sha256 else None
