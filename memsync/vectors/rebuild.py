"""Keep a field's index in step with its pages, embedding only what changed.

A page is embedded when no row, in this index or in a trusted one handed in,
holds a vector for its sha256; rows of pages that are gone are deleted. Every
write (deletes, reused rows, new embeddings) happens in one transaction, so a
crash or an embedder failure leaves the index as it was. A dry run reads the
index without writing to it and counts what the rebuild would do, calling no
embedder.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..field import content_names
from ..frontmatter import parse
from ..limits import INDEX_BUSY_TIMEOUT as BUSY_TIMEOUT
from ..names import is_page
from ..progress import ProgressFactory, silent
from . import index_file
from .embedders import Embedder

#: Embeddings by page digest from a trusted index, or a function that gives
#: them for the digests it is asked about.
TrustedRows = Mapping[bytes, bytes] | Callable[[set[bytes]], Mapping[bytes, bytes]]
#: What memsync's record says of pages (name, sha256 hex, bytes) whose rows are written:
#: name → the page's provenance (``memsync.provenance.summary``), None for your own.
Describe = Callable[[list[tuple[str, str, bytes]]], Mapping[str, Mapping[str, Any] | None]]

#: PRAGMA user_version of an index whose rows memsync wrote with provenance from its
#: record only: rows of an older index that carry ``memsync_`` keys are written again.
ROWS_FORMAT = 1

DEFAULT_BATCH = 32
BATCH_ENV_VAR = "MEMSYNC_EMBED_BATCH"


@dataclass
class IndexReport:
    index: str
    embedder: str
    model_code: str
    dimension: int
    batch: int
    pages: int = 0
    embedded: int = 0  # pages sent to the embedder
    reused: int = 0  # rows written with a vector found by sha256 (renamed, touched, or from a trusted index)
    unchanged: int = 0
    removed: int = 0
    calls: int = 0  # embedder calls (one per batch)
    embed_seconds: float = 0.0
    seconds: float = 0.0
    warnings: list[str] = field(default_factory=list)
    dry_run: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "embedder": self.embedder,
            "model_code": self.model_code,
            "dimension": self.dimension,
            "batch": self.batch,
            "pages": self.pages,
            "embedded": self.embedded,
            "reused": self.reused,
            "unchanged": self.unchanged,
            "removed": self.removed,
            "calls": self.calls,
            "embed_seconds": round(self.embed_seconds, 3),
            "seconds": round(self.seconds, 3),
            "warnings": self.warnings,
            "dry_run": self.dry_run,
        }


def batch_size(option: int | None) -> int:
    """Inputs per embedder call: ``--batch``, else ``MEMSYNC_EMBED_BATCH``, else 32."""
    raw = option if option is not None else os.environ.get(BATCH_ENV_VAR, DEFAULT_BATCH)
    try:
        size = int(raw)
    except ValueError:
        raise InputError(f"{BATCH_ENV_VAR}={raw!r}: not a whole number") from None
    if size < 1:
        raise InputError(f"batch size must be at least 1, not {size}")
    return size


@dataclass
class _Page:
    name: str
    sha256: bytes
    last_modified: str
    data: bytes
    origin: Mapping[str, Any] | None = None  # where an accepted page came from


def rebuild(
    root: Path,
    embedder: Embedder,
    *,
    batch: int = DEFAULT_BATCH,
    progress: ProgressFactory = silent,
    trusted_rows: TrustedRows | None = None,
    provenance: Describe | None = None,
    skip: Collection[str] = (),
    dry_run: bool = False,
) -> IndexReport:
    """Bring ``root``'s ``<model-code>.sqlite3`` up to date with its pages.

    ``trusted_rows`` maps page sha256 digests to embeddings taken from a trusted
    source's index (see ``reuse.reuse_rows``); they are used instead of embedding.
    It may be a function, asked once with the digests that would otherwise be
    embedded (only when there are some), so a source's index is read only when
    it saves work.
    Keys of a page's frontmatter that start with ``memsync_`` never reach its row:
    memsync reserves them. ``provenance`` (``memsync.provenance.describe_pages``)
    marks pages with lines from another source: their row's frontmatter JSON
    carries what memsync's record says under ``memsync_provenance``.
    ``skip``: a tree root's member folders (``field.content_names``).
    ``dry_run``: count what would be embedded, reused, removed and left
    unchanged (``calls``: the embedder calls it would take), writing nothing.
    """
    batch = batch_size(batch)
    started = time.perf_counter()
    path = index_file.index_path(root, embedder.model_code)
    report = IndexReport(str(path), embedder.name, embedder.model_code, embedder.dimension, batch, dry_run=dry_run)
    pages = _read_pages(root, skip)
    report.pages = len(pages)
    if dry_run:
        _preview(path, pages, embedder, report, trusted_rows or {})
        report.seconds = time.perf_counter() - started
        return report
    conn, created = _open(path, report.warnings)
    try:
        with contextlib.closing(conn):
            _update(conn, created, pages, embedder, report, progress, trusted_rows or {}, provenance)
    except BaseException as exc:
        if created:
            _remove(path)  # leave no empty index behind to look like a choice of embedder
        if isinstance(exc, sqlite3.Error):
            raise index_file.IndexFileError(f"{path}: {exc}") from None
        raise
    report.seconds = time.perf_counter() - started
    return report


def _read_pages(root: Path, skip: Collection[str]) -> list[_Page]:
    pages = []
    for name, st in sorted(content_names(root, skip)):
        if not is_page(name):
            continue
        data = (root / name).read_bytes()
        # The reference tool's format: whole seconds, UTC, a literal Z.
        mtime = datetime.fromtimestamp(st.st_mtime, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        pages.append(_Page(name, hashlib.sha256(data).digest(), mtime, data))
    return pages


def _open(path: Path, warnings: list[str]) -> tuple[sqlite3.Connection, bool]:
    """The local index and whether it is new: made fresh when missing or not one we can safely write to."""
    if path.exists():
        conn = _connect(path)
        try:
            problem = index_file.schema_problem(conn)
        except sqlite3.DatabaseError as exc:
            problem = str(exc)
        if problem is None:
            return conn, False
        conn.close()
        warnings.append(f"{path.name}: {problem}; rebuilt from scratch")
        _remove(path)
    return _connect(path), True


def _remove(path: Path) -> None:
    for suffix in ("", *index_file.SIDE_FILES):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
    # Never run SQL functions a schema names (in views, triggers, defaults) as if we wrote it.
    conn.execute("PRAGMA trusted_schema=OFF")
    return conn


def _preview(
    path: Path, pages: list[_Page], embedder: Embedder, report: IndexReport, trusted_rows: TrustedRows
) -> None:
    """What ``_update`` would do, from the index opened read-only (a missing or
    unusable one: every page is embedded, as into a new index)."""
    existing: list[Any] = []
    if path.exists():
        try:
            with contextlib.closing(index_file.open_read_only(path)) as conn:
                try:
                    problem = index_file.schema_problem(conn)
                except sqlite3.DatabaseError as exc:
                    problem = str(exc)
                if problem is None:
                    existing = conn.execute(_ROWS).fetchall()
                else:
                    report.warnings.append(f"{path.name}: {problem}; would be rebuilt from scratch")
        except sqlite3.Error as exc:  # as the real rebuild reports it: one line, not a traceback
            raise index_file.IndexFileError(f"{path}: {exc}") from None
    removed, _, todo = _plan(existing, pages, embedder, report, trusted_rows)
    report.removed = len(removed)
    report.embedded = len(todo)
    report.reused += sum(len(group) - 1 for group in todo.values())  # identical pages share one embedding
    report.calls = -(-len(todo) // report.batch)


_ROWS = "SELECT filename, last_modified, sha256_hash, embedding FROM pages"


def _update(
    conn: sqlite3.Connection,
    created: bool,
    pages: list[_Page],
    embedder: Embedder,
    report: IndexReport,
    progress: ProgressFactory,
    trusted_rows: TrustedRows,
    provenance: Describe | None = None,
) -> None:
    stale: set[str] = set()
    if not created and conn.execute("PRAGMA user_version").fetchone()[0] < ROWS_FORMAT:
        # Written before memsync kept provenance itself: a row's memsync_ keys may be a page's own.
        stale = {n for (n,) in conn.execute("SELECT filename FROM pages WHERE instr(frontmatter, '\"memsync_') > 0")}
    existing = () if created else conn.execute(_ROWS)
    removed, rows, todo = _plan(existing, pages, embedder, report, trusted_rows, stale, provenance)
    conn.execute("BEGIN IMMEDIATE")
    try:
        if created:
            conn.execute(index_file.SCHEMA)
        conn.execute(f"PRAGMA user_version = {ROWS_FORMAT}")
        conn.executemany("DELETE FROM pages WHERE filename IS ?", [(name,) for name in removed])
        report.removed = len(removed)
        _upsert(conn, rows)
        _embed_all(conn, embedder, list(todo.values()), report, progress)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _plan(
    existing: Iterable[Any],
    pages: list[_Page],
    embedder: Embedder,
    report: IndexReport,
    trusted_rows: TrustedRows,
    stale: Collection[str] = (),
    provenance: Describe | None = None,
) -> tuple[list[Any], list[tuple[str, str, str, bytes, bytes]], dict[bytes, list[_Page]]]:
    """From the index's rows: the names to delete, the rows to write with a
    vector already at hand, and the pages to embed, grouped by content (counting
    the unchanged and reused pages in ``report``). ``stale``: rows written again
    even when their page is unchanged. ``provenance`` is asked once, about the
    pages whose rows are written."""
    size = embedder.dimension * 4
    current: dict[str, tuple[str, bytes]] = {}
    known: dict[bytes, bytes] = {}
    names: list[Any] = []
    for name, modified, digest, blob in existing:
        names.append(name)
        if not (isinstance(digest, bytes) and len(digest) == index_file.DIGEST_BYTES and _usable(blob, size)):
            continue  # a row we could not have written: its page is embedded again
        known[digest] = blob
        if isinstance(name, str):
            current[name] = (modified, digest)

    live = {p.name for p in pages}
    removed = [name for name in names if name not in live]
    changed = [p for p in pages if p.name in stale or current.get(p.name) != (p.last_modified, p.sha256)]
    report.unchanged += len(pages) - len(changed)
    if provenance is not None and changed:
        described = provenance([(p.name, p.sha256.hex(), p.data) for p in changed])
        for page in changed:
            page.origin = described.get(page.name)
    rows: list[tuple[str, str, str, bytes, bytes]] = []
    todo: dict[bytes, list[_Page]] = {}
    for page in changed:
        blob = known.get(page.sha256)
        if blob is not None:
            rows.append(_row(page, blob))
            report.reused += 1
        else:
            todo.setdefault(page.sha256, []).append(page)
    # Asked only when something is left to embed (a pull that only deleted asks nothing).
    offered = (trusted_rows(set(todo)) if todo else {}) if callable(trusted_rows) else trusted_rows
    for digest in [d for d in todo if _usable(offered.get(d), size)]:
        group = todo.pop(digest)
        rows += [_row(page, offered[digest]) for page in group]
        report.reused += len(group)
    return removed, rows, todo


def _embed_all(
    conn: sqlite3.Connection,
    embedder: Embedder,
    groups: list[list[_Page]],
    report: IndexReport,
    progress: ProgressFactory,
) -> None:
    with progress(len(groups), f"embedding ({embedder.name})") as bar:
        for start in range(0, len(groups), report.batch):
            chunk = groups[start : start + report.batch]
            inputs = [embedder.document_input(group[0].data) for group in chunk]
            before = time.perf_counter()
            vectors = embedder.embed(inputs)
            report.embed_seconds += time.perf_counter() - before
            report.calls += 1
            report.embedded += len(chunk)
            rows = []
            for group, vector in zip(chunk, vectors, strict=True):
                if len(vector) != embedder.dimension:
                    raise index_file.IndexFileError(
                        f"embedder {embedder.name} returned {len(vector)} values, expected {embedder.dimension}"
                    )
                blob = index_file.pack(vector)
                # Pages with identical bytes share one embedding.
                rows += [_row(page, blob) for page in group]
                report.reused += len(group) - 1
            _upsert(conn, rows)
            bar.update(len(chunk))


def _usable(blob: bytes | None, size: int) -> bytes | None:
    return blob if isinstance(blob, bytes) and len(blob) == size else None


def _row(page: _Page, blob: bytes) -> tuple[str, str, str, bytes, bytes]:
    return (page.name, _frontmatter_json(page.data, page.origin), page.last_modified, page.sha256, blob)


PROVENANCE_KEY = "memsync_provenance"
RESERVED_PREFIX = "memsync_"  # frontmatter keys memsync reserves: a page's own never reach its row


def _frontmatter_json(data: bytes, origin: Mapping[str, Any] | None = None) -> str:
    try:
        meta = parse(data.decode("utf-8"))
    except (UnicodeDecodeError, InputError):
        meta = {}  # readers must not rely on frontmatter; an unreadable block is just absent
    meta = {k: v for k, v in meta.items() if not k.startswith(RESERVED_PREFIX)}
    if origin is not None:
        # Ordinary JSON to the reference tool; to an agent, "a stranger wrote (some of) this".
        meta[PROVENANCE_KEY] = dict(origin)
    return json.dumps(meta, ensure_ascii=False, default=str, sort_keys=True)


def _upsert(conn: sqlite3.Connection, rows: list[tuple[str, str, str, bytes, bytes]]) -> None:
    conn.executemany("INSERT OR REPLACE INTO pages VALUES (?, ?, ?, ?, ?)", rows)
