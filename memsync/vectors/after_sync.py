"""Rebuild a field's index after a sync changed its pages (promise 5: the cache is derived).

Vectors are reused, not embedded again, where a trusted index already has
them: a remote trusted as ``self``, or whose version an allowed signer signed,
may hold ``<model-code>.sqlite3`` beside its pages. It is fetched (bounded,
into a temp file) only when it saves real work, when at least an eighth of
the field's pages would otherwise be embedded (a clone, say): a pull of k
pages embeds those k rather than fetch a whole index. It is read as hostile
input (``reuse.reuse_rows``: schema, dimension and every row checked) and
only rows for the pages' own sha256 digests are taken. An untrusted source's
index is never fetched at all.
"""

from __future__ import annotations

import tempfile
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import provenance
from ..engine import SyncReport
from ..errors import MemsyncError
from ..names import is_page
from ..progress import ProgressFactory, terminal_bar
from ..registry import open_remote
from ..workspace import Workspace

# The indexer (and sqlite3) is imported once a sync has changed pages: a push,
# a status or a sync that brought nothing needs none of it.
if TYPE_CHECKING:
    from .embedders import Embedder

REUSE_SHARE = 8  # fetch a trusted index when at least 1/REUSE_SHARE of the pages would be embedded


@dataclass
class Reindexed:
    data: dict[str, Any]  # the rebuild's JSON object, or {"error": ...}


def reindex_after(
    report: SyncReport, skip: bool, ws: Workspace | None = None, progress: ProgressFactory = terminal_bar
) -> Reindexed | None:
    """Rebuild the index of the field ``report`` synced, when the sync changed its pages.

    A failure is reported, not raised: the sync itself has landed, and the
    index is a cache that ``memsync index`` can rebuild later.
    """
    if skip or report.dry_run or report.quarantined or not report.local_changes:
        return None
    from . import embedders
    from .rebuild import batch_size, rebuild

    ws = ws or Workspace.find()
    root = ws.field_path(report.field)
    notes: list[str] = []
    try:
        embedder = embedders.for_field(root, None)
        result = rebuild(
            root,
            embedder,
            batch=batch_size(None),
            progress=progress,
            trusted_rows=_trusted_index(ws, report, embedder, notes),
            provenance=provenance.describe_pages(ws, report.field),
            skip=ws.member_dirs(report.field),
        )
    except MemsyncError as exc:
        message = f"vector index not rebuilt: {exc} (run 'memsync index {report.field}')"
        return Reindexed({"error": message})
    result.warnings += notes
    return Reindexed(result.to_json())


def _trusted_index(
    ws: Workspace, report: SyncReport, embedder: Embedder, notes: list[str]
) -> Callable[[set[bytes]], Mapping[bytes, bytes]] | None:
    """What rebuild asks for the pages it would embed: rows of the remote's own
    index, when the remote is trusted and that saves enough work."""
    from ..limits import MAX_INDEX_BYTES
    from .index_file import index_path
    from .reuse import IndexIgnored, reuse_rows

    _, config = ws.remote(report.field, report.remote)
    signed = report.verdict is not None and report.verdict.apply and report.verdict.signer is not None
    if config.trust != "self" and not signed:
        return None
    pages = sum(1 for name in (report.plan.target if report.plan else ()) if is_page(name))
    name = index_path(Path(), embedder.model_code).name

    def offered(missing: set[bytes]) -> Mapping[bytes, bytes]:
        if len(missing) * REUSE_SHARE < pages:
            return {}
        try:
            with (
                tempfile.TemporaryDirectory(prefix="memsync-index-") as tmp,
                open_remote(config.url, config.options) as remote,
            ):
                path = Path(tmp) / name
                with open(path, "wb") as sink:
                    if not remote.fetch_derived(name, sink, MAX_INDEX_BYTES):
                        return {}
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always", IndexIgnored)
                    rows = reuse_rows(
                        path, model_code=embedder.model_code, dimension=embedder.dimension, wanted=missing
                    )
                notes.extend(f"{report.url}: {w.message}".replace(f"{path}: ", f"{name}: ") for w in caught)
                return rows
        except MemsyncError as exc:
            notes.append(f"{report.url}: its {name} was not reused ({exc})")
            return {}

    return offered
