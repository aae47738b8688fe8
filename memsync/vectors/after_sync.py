"""Rebuild a field's index after a sync changed its pages (promise 5: the cache is derived)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import provenance
from ..engine import SyncReport
from ..errors import MemsyncError
from ..progress import terminal_bar
from ..workspace import Workspace
from . import embedders
from .rebuild import batch_size, rebuild


@dataclass
class Reindexed:
    data: dict[str, Any]
    lines: list[str]


def reindex_after(report: SyncReport, skip: bool, ws: Workspace | None = None) -> Reindexed | None:
    """Rebuild the index of the field ``report`` synced, when the sync changed its pages.

    A failure is reported, not raised: the sync itself has landed, and the
    index is a cache that ``memsync index`` can rebuild later.
    """
    if skip or report.dry_run or report.quarantined or not report.local_changes:
        return None
    ws = ws or Workspace.find()
    root = ws.field_path(report.field)
    try:
        result = rebuild(
            root,
            embedders.for_field(root, None),
            batch=batch_size(None),
            progress=terminal_bar,
            provenance=provenance.load(ws, report.field),
            skip=ws.member_dirs(report.field),
        )
    except MemsyncError as exc:
        message = f"vector index not rebuilt: {exc} (run 'memsync index {report.field}')"
        return Reindexed({"error": message}, [f"  warning: {message}"])
    return Reindexed(result.to_json(), [f"  {line}" for line in result.lines()])
