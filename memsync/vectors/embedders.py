"""Embedders: a small interface, found through the ``memsync.embedders`` entry points.

An embedder turns texts into vectors of a fixed dimension. Its ``model_code``
names the index file (``<model-code>.sqlite3``), so two embedders that give
different vectors must never share one. Which embedder a field uses comes from
``--embedder``, else ``MEMSYNC_EMBEDDER``, else the index the field already
has (so a field keeps the embedder it was first indexed with), else ``auto``:
Ollama when it answers with the model, the built-in one otherwise.
"""

from __future__ import annotations

import os
from importlib.metadata import entry_points
from pathlib import Path
from typing import Protocol

from ..errors import MemsyncError
from .index_file import index_path, is_index

GROUP = "memsync.embedders"
ENV_VAR = "MEMSYNC_EMBEDDER"
AUTO = "auto"
PAGE_PREFIX_BYTES = 8192  # the reference tool embeds at most this much of a page


class Embedder(Protocol):
    name: str
    model_code: str
    dimension: int

    def document_input(self, page: bytes) -> str:
        """The text to embed for a page's bytes."""
        ...

    def query_input(self, query: str) -> str:
        """The text to embed for a search query."""
        ...

    def embed(self, texts: list[str]) -> list[list[float]]:
        """One vector of ``dimension`` floats per text, in order."""
        ...

    def available(self) -> bool:
        """Whether ``embed`` can work right now (a quick check, for ``auto``)."""
        ...


class EmbedderError(MemsyncError):
    """An embedder that is unknown, unreachable or answered nonsense."""


def page_prefix(page: bytes) -> str:
    return page[:PAGE_PREFIX_BYTES].decode("utf-8", errors="ignore")


def installed() -> list[str]:
    return sorted(ep.name for ep in entry_points(group=GROUP))


def load(name: str) -> Embedder:
    found = entry_points(group=GROUP, name=name)
    if not found:
        known = ", ".join([AUTO, *installed()])
        raise EmbedderError(f"no embedder {name!r} (installed: {known})")
    embedder: Embedder = next(iter(found)).load()()
    return embedder


def requested(option: str | None) -> str:
    return option or os.environ.get(ENV_VAR) or AUTO


def auto() -> Embedder:
    """Ollama if it answers with its model, else the built-in embedder."""
    ollama = load("ollama")
    return ollama if ollama.available() else load("builtin")


def for_field(root: Path, option: str | None) -> Embedder:
    """The embedder for the field at ``root``: the one asked for, else the one whose index
    the field has (the one ``auto`` picks if it has several), else ``auto``'s pick."""
    if requested(option) != AUTO:
        return load(requested(option))
    present = [e for e in map(load, installed()) if is_index(index_path(root, e.model_code))]
    if len(present) == 1:
        return present[0]
    preferred = auto()
    if not present or any(e.model_code == preferred.model_code for e in present):
        return preferred
    return present[0]
