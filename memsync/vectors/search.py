"""Rank pages against a query by cosine similarity over each field's own index.

``search`` ranks one field. ``search_fields`` ranks several together (every
field of a workspace by default, subscribed sibling fields included), each
searched with its own index and embedder, each hit labelled with its field
and how far that field is trusted. Quarantined versions are never searched:
they live in the staging store, outside every live field and index.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import operator
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import WorkspaceError
from ..workspace import Workspace
from . import embedders, store
from .embedders import Embedder
from .rebuild import PROVENANCE_KEY


@dataclass(frozen=True)
class Hit:
    filename: str
    score: float
    title: str | None
    summary: str | None
    provenance: dict[str, Any] | None = None  # where an accepted page came from (memsync.provenance)

    def to_json(self) -> dict[str, Any]:
        return {"filename": self.filename, "score": round(self.score, 6), "title": self.title, "summary": self.summary}


def search(root: Path, embedder: Embedder, query: str, k: int) -> list[Hit]:
    return _rank(root, embedder, lambda: _embed_query(embedder, query), k)


def _embed_query(embedder: Embedder, query: str) -> list[float]:
    [target] = embedder.embed([embedder.query_input(query)])
    return target


def _rank(root: Path, embedder: Embedder, target_vector: Callable[[], list[float]], k: int) -> list[Hit]:
    path = store.index_path(root, embedder.model_code)
    if not path.is_file():
        raise store.IndexFileError(f"{root}: no {embedder.model_code} index yet; run 'memsync index {root}'")
    size = embedder.dimension * 4
    scored = []
    try:
        with contextlib.closing(store.open_read_only(path)) as conn:
            problem = store.schema_problem(conn)
            if problem:
                raise store.IndexFileError(f"{path}: {problem}; rebuild it with 'memsync index {root}'")
            # Embed the query only once the index is known to be usable.
            target = target_vector()
            target_norm = math.sqrt(sum(v * v for v in target))
            for name, meta, blob in conn.execute("SELECT filename, frontmatter, embedding FROM pages"):
                if not isinstance(blob, bytes) or len(blob) != size:
                    continue  # not a vector of this model; the next rebuild replaces it
                vector = store.unpack(blob)
                norm = math.sqrt(sum(map(operator.mul, vector, vector)))
                dot = sum(map(operator.mul, vector, target))
                scored.append((dot / (norm * target_norm) if norm and target_norm else 0.0, str(name), meta))
    except sqlite3.Error as exc:
        raise store.IndexFileError(f"{path}: {exc}") from None
    # The index is as the last rebuild left it: a page deleted since is no hit.
    ranked = sorted(scored, key=lambda item: (-item[0], item[1]))
    best = itertools.islice(((s, n, m) for s, n, m in ranked if (root / n).is_file()), k)
    return [Hit(name, score, *_described(meta)) for score, name, meta in best]


@dataclass(frozen=True)
class Source:
    """One field to search, and how far what it holds is trusted."""

    field: str
    root: Path
    trust: str = "local"  # the remote's trust policy (self, signed, untrusted); local: no remote
    source: str | None = None  # the remote's URL


@dataclass(frozen=True)
class FieldHit:
    source: Source
    hit: Hit

    def to_json(self) -> dict[str, Any]:
        src, origin = self.source, self.hit.provenance or {}
        labels = {"field": src.field, "trust": src.trust, "source": src.source, "signer": origin.get("signer")}
        # Who wrote the page: null for the user's own, else where it was accepted from.
        return {**self.hit.to_json(), **labels, "provenance": self.hit.provenance}


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


def workspace_sources(ws: Workspace, names: Iterable[str] = ()) -> list[Source]:
    """The fields named (default: every field of the workspace), labelled with their
    default remote's trust policy."""
    sources = []
    for name in list(names) or sorted(ws.fields):
        policy, url = "local", None
        if ws.field(name).remotes:
            _, config = ws.remote(name, None)
            policy, url = config.trust, config.url
        sources.append(Source(name, ws.field_path(name), policy, url))
    return sources


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
    for src in sources:
        chosen = embedders.for_field(src.root, embedder)

        def target(chosen: Embedder = chosen) -> list[float]:
            if chosen.model_code not in queries:
                queries[chosen.model_code] = _embed_query(chosen, query)
            return queries[chosen.model_code]

        try:
            ranked = _rank(src.root, chosen, target, k)
        except store.IndexFileError as exc:
            found.skipped.append({"field": src.field, "reason": str(exc)})
            continue
        found.searched.append(
            {"field": src.field, "trust": src.trust, "embedder": chosen.name, "model_code": chosen.model_code}
        )
        hits += [
            FieldHit(src, hit)
            for hit in ranked
            if (min_score is None or hit.score >= min_score) and not (own_only and hit.provenance)
        ]
    if not found.searched:
        if found.skipped:
            raise store.IndexFileError(found.skipped[0]["reason"])
        raise WorkspaceError("no fields to search (memsync add NAME)")
    found.results = sorted(hits, key=lambda h: (-h.hit.score, h.source.field, h.hit.filename))[:k]
    return found


def _described(meta: Any) -> tuple[str | None, str | None, dict[str, Any] | None]:
    """Title, summary and provenance from a row's frontmatter JSON."""
    try:
        data = json.loads(meta)
    except (TypeError, ValueError):
        return None, None, None
    if not isinstance(data, dict):
        return None, None, None
    origin = data.get(PROVENANCE_KEY)
    return _text(data.get("title")), _text(data.get("summary")), origin if isinstance(origin, dict) else None


def _text(value: Any) -> str | None:
    return None if value is None else str(value)
