"""Rank a field's pages against a query by cosine similarity over its index."""

from __future__ import annotations

import contextlib
import json
import math
import operator
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from . import store
from .embedders import Embedder


@dataclass(frozen=True)
class Hit:
    filename: str
    score: float
    title: str | None
    summary: str | None

    def to_json(self) -> dict[str, Any]:
        return {"filename": self.filename, "score": round(self.score, 6), "title": self.title, "summary": self.summary}


def search(root: Path, embedder: Embedder, query: str, k: int) -> list[Hit]:
    path = store.index_path(root, embedder.model_code)
    if not path.is_file():
        raise store.IndexFileError(f"{root}: no {embedder.model_code} index yet; run 'memsync index {root}'")
    size = embedder.dimension * 4
    scored = []
    try:
        conn = sqlite3.connect(f"file:{quote(str(path.absolute()))}?mode=ro", uri=True)
        with contextlib.closing(conn):
            conn.execute("PRAGMA trusted_schema=OFF")
            problem = store.schema_problem(conn)
            if problem:
                raise store.IndexFileError(f"{path}: {problem}; rebuild it with 'memsync index {root}'")
            # Embed the query only once the index is known to be usable.
            [target] = embedder.embed([embedder.query_input(query)])
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
    best = sorted(scored, key=lambda item: (-item[0], item[1]))[:k]
    return [Hit(name, score, *_title_summary(meta)) for score, name, meta in best]


def _title_summary(meta: Any) -> tuple[str | None, str | None]:
    try:
        data = json.loads(meta)
    except (TypeError, ValueError):
        return None, None
    if not isinstance(data, dict):
        return None, None
    return _text(data.get("title")), _text(data.get("summary"))


def _text(value: Any) -> str | None:
    return None if value is None else str(value)
