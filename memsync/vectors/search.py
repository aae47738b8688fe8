"""Rank pages against a query by cosine similarity over each field's own index.

``search`` ranks one field. ``search_fields`` ranks several together (every
field of a workspace by default, subscribed sibling fields included), each
searched with its own index and embedder, each hit labelled with its field
and how far that field is trusted, and with who wrote its lines as memsync's
own record says (``memsync.provenance``; never what a row or a page claims),
looked up only for the hits returned. Quarantined versions are never searched:
they live in the staging store, outside every live field and index.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import json
import math
import operator
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .. import provenance as record
from ..errors import WorkspaceError
from ..manifest import sha256_hex
from ..workspace import Workspace
from . import embedders, index_file
from .embedders import Embedder


@dataclass(frozen=True)
class Hit:
    filename: str
    score: float
    title: str | None
    summary: str | None
    provenance: dict[str, Any] | None = None  # who wrote the page's lines (memsync.provenance.summary)
    sha256: str | None = None  # the page's as the index holds it

    def to_json(self) -> dict[str, Any]:
        return {"filename": self.filename, "score": round(self.score, 6), "title": self.title, "summary": self.summary}


def search(root: Path, embedder: Embedder, query: str, k: int) -> list[FieldHit]:
    """The ``k`` best pages of the field folder ``root``, each labelled (when the folder is a
    workspace's field) with who wrote its lines, from memsync's record."""
    src = owned(Source(root.name or str(root), root))
    described = _Provenance(src)
    try:
        ranked = _rank(root, embedder, lambda: _embed_query(embedder, query))
        return [FieldHit(src, described.of(hit)) for hit in itertools.islice(ranked, k)]
    finally:
        described.close()


def _embed_query(embedder: Embedder, query: str) -> list[float]:
    [target] = embedder.embed([embedder.query_input(query)])
    return target


def _rank(root: Path, embedder: Embedder, target_vector: Callable[[], list[float]]) -> Iterator[Hit]:
    """The index's pages, best first (those still in the field). The index is read
    and the query embedded before the first hit is asked for."""
    path = index_file.index_path(root, embedder.model_code)
    if not path.is_file():
        raise index_file.IndexFileError(f"{root}: no {embedder.model_code} index yet; run 'memsync index {root}'")
    size = embedder.dimension * 4
    scored = []
    try:
        with contextlib.closing(index_file.open_read_only(path)) as conn:
            problem = index_file.schema_problem(conn)
            if problem:
                raise index_file.IndexFileError(f"{path}: {problem}; rebuild it with 'memsync index {root}'")
            # Embed the query only once the index is known to be usable.
            target = target_vector()
            target_norm = math.sqrt(sum(v * v for v in target))
            rows = conn.execute("SELECT filename, frontmatter, embedding, sha256_hash FROM pages")
            for name, meta, blob, digest in rows:
                if not isinstance(blob, bytes) or len(blob) != size:
                    continue  # not a vector of this model; the next rebuild replaces it
                vector = index_file.unpack(blob)
                norm = math.sqrt(sum(map(operator.mul, vector, vector)))
                dot = sum(map(operator.mul, vector, target))
                score = dot / (norm * target_norm) if norm and target_norm else 0.0
                scored.append((score, str(name), meta, digest))
    except sqlite3.Error as exc:
        raise index_file.IndexFileError(f"{path}: {exc}") from None
    # The index is as the last rebuild left it: a page deleted since is no hit.
    ranked = sorted(scored, key=lambda item: (-item[0], item[1]))
    return _hits(root, ranked)


def _hits(root: Path, ranked: list[tuple[float, str, Any, Any]]) -> Iterator[Hit]:
    for score, name, meta, digest in ranked:
        if (root / name).is_file():
            sha = digest.hex() if isinstance(digest, bytes) else None
            yield Hit(name, score, *_described(meta), sha256=sha)


@dataclass(frozen=True)
class Source:
    """One field to search, and how far what it holds is trusted."""

    field: str
    root: Path
    trust: str = "local"  # the remote's trust policy (self, signed, untrusted); local: no remote
    source: str | None = None  # the remote's URL
    #: The workspace whose record says who wrote the field's lines (None: a folder
    #: outside any workspace, of which memsync knows nothing).
    workspace: Workspace | None = dataclasses.field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class FieldHit:
    source: Source
    hit: Hit

    def to_json(self) -> dict[str, Any]:
        src, origin = self.source, self.hit.provenance
        # Signed by one signer only when every line from another source was: a page
        # that also holds unsigned (or otherwise signed) foreign lines names no signer.
        signer = record.common_signer(origin)
        # How far the page is trusted is its own lines' matter: a page holding a stranger's lines
        # is "signed" when an allowed signer signed every one of them, else "untrusted" (reviewed,
        # pinned or held), whatever the field's remotes are called or trusted as now; a page of
        # the user's own lines takes the field's label (its least trusted remote's policy).
        trust = src.trust if origin is None else "signed" if _all_signed(origin) else "untrusted"
        labels = {"field": src.field, "trust": trust, "source": src.source, "signer": signer}
        # Who wrote the page: null when every line is the user's, else every source of its lines.
        return {**self.hit.to_json(), **labels, "provenance": origin}


def _all_signed(origin: dict[str, Any]) -> bool:
    return all(source.get("how") == "signed" for source in origin.get("sources") or [origin])


class _Provenance:
    """Who wrote a field's hits, from memsync's record (opened at the first hit asked about)."""

    def __init__(self, src: Source) -> None:
        self.src = src
        self.record: record.Record | None = None

    def of(self, hit: Hit) -> Hit:
        ws = self.src.workspace
        if ws is None or not record.kept(ws, self.src.field):
            return replace(hit, provenance=None)
        if self.record is None:
            self.record = record.Record(ws, self.src.field)
        # The page as it is now, which an agent opening it reads (the row may predate an edit).
        try:
            data: bytes | None = (self.src.root / hit.filename).read_bytes()
        except OSError:
            data = None
        sha = sha256_hex(data) if data is not None else hit.sha256
        if sha is None:
            return replace(hit, provenance=None)
        att = self.record.lookup(hit.filename, sha, data)
        return replace(hit, provenance=record.summary(self.record, att))

    def close(self) -> None:
        if self.record is not None:
            self.record.close()


@dataclass
class Searched:
    query: str
    results: list[FieldHit] = field(default_factory=list)
    searched: list[dict[str, Any]] = field(default_factory=list)  # field, trust, embedder, model_code
    skipped: list[dict[str, str]] = field(default_factory=list)  # field, reason

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "results": [r.to_json() for r in self.results],
            "fields": self.searched,
            "skipped": self.skipped,
        }


def owned(src: Source) -> Source:
    """``src``; or, when it names a bare folder that is a workspace's field, that field,
    labelled from what its workspace knows (who wrote each line, its remotes)."""
    if src.workspace is not None:
        return src
    owner = Workspace.owning(Path(src.root))
    return workspace_sources(owner[0], [owner[1]])[0] if owner else replace(src, root=Path(src.root))


def workspace_sources(ws: Workspace, names: Iterable[str] = ()) -> list[Source]:
    """The fields named (default: every field of the workspace), each labelled with the
    least trusted policy among its remotes (and that remote's URL): what the field may
    hold, whatever its remotes are called."""
    sources = []
    for name in list(names) or sorted(ws.fields):
        policy, url = "local", None
        remotes = ws.field(name).remotes.values()
        if remotes:
            weakest = min(remotes, key=lambda rc: (_TRUST_RANK.get(rc.trust, 0), rc.url))
            policy, url = weakest.trust, weakest.url
        sources.append(Source(name, ws.field_path(name), policy, url, ws))
    return sources


_TRUST_RANK = {"untrusted": 0, "signed": 1, "self": 2}


def search_fields(
    sources: Iterable[Source],
    query: str,
    k: int,
    *,
    min_score: float | None = None,
    embedder: str | None = None,
    own_only: bool = False,
) -> Searched:
    """The ``k`` best pages across ``sources`` (at least ``min_score``), ranked together.

    A field without a usable index is skipped and said so; when none can be
    searched, the first reason is raised."""
    found = Searched(query)
    queries: dict[str, list[float]] = {}  # one query embedding per model
    hits: list[FieldHit] = []
    described: list[_Provenance] = []
    try:
        for given in sources:
            src = owned(given)
            chosen = embedders.for_field(src.root, embedder)

            def target(chosen: Embedder = chosen) -> list[float]:
                if chosen.model_code not in queries:
                    queries[chosen.model_code] = _embed_query(chosen, query)
                return queries[chosen.model_code]

            try:
                ranked = _rank(src.root, chosen, target)
            except index_file.IndexFileError as exc:
                found.skipped.append({"field": src.field, "reason": str(exc)})
                continue
            found.searched.append(
                {"field": src.field, "trust": src.trust, "embedder": chosen.name, "model_code": chosen.model_code}
            )
            origins = _Provenance(src)
            described.append(origins)
            kept = (hit for hit in ranked if min_score is None or hit.score >= min_score)
            if own_only:
                # Looked up hit by hit until k pages with no line from another source are found.
                kept = (hit for hit in map(origins.of, kept) if hit.provenance is None)
            hits += [FieldHit(src, hit) for hit in itertools.islice(kept, k)]
        if not found.searched:
            if found.skipped:
                raise index_file.IndexFileError(found.skipped[0]["reason"])
            raise WorkspaceError("no fields to search (memsync add NAME)")
        best = sorted(hits, key=lambda h: (-h.hit.score, h.source.field, h.hit.filename))[:k]
        # Who wrote each page: asked for the hits returned only.
        found.results = [h if own_only else FieldHit(h.source, _origins_of(described, h)) for h in best]
    finally:
        for origins in described:
            origins.close()
    return found


def _origins_of(described: list[_Provenance], hit: FieldHit) -> Hit:
    for origins in described:
        if origins.src is hit.source:
            return origins.of(hit.hit)
    return hit.hit


def _described(meta: Any) -> tuple[str | None, str | None]:
    """Title and summary from a row's frontmatter JSON (never its provenance: a row
    another tool wrote, or a page's own frontmatter, may claim anything)."""
    try:
        data = json.loads(meta)
    except (TypeError, ValueError):
        return None, None
    if not isinstance(data, dict):
        return None, None
    return _text(data.get("title")), _text(data.get("summary"))


def _text(value: Any) -> str | None:
    return None if value is None else str(value)
