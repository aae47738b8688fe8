"""Commands for the vector cache: ``memsync index`` and ``memsync search``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from .. import provenance
from ..errors import InputError, WorkspaceError
from ..progress import terminal_bar
from ..vectors import embedders
from ..vectors.rebuild import batch_size, rebuild
from ..vectors.search import search as search_index
from ..workspace import Workspace
from .app import _emit, _folder, json_option, main

embedder_option = click.option(
    "--embedder",
    "embedder_name",
    default=None,
    metavar="NAME",
    help="builtin, ollama (or another installed one) or auto; default: $MEMSYNC_EMBEDDER, "
    "else the field's existing index, else auto (Ollama when it answers, else builtin).",
)


@main.command("index")
@click.argument("field")
@embedder_option
@click.option("--batch", type=int, default=None, metavar="N", help="Pages per embedder call (default 32).")
@json_option
def index_command(field: str, embedder_name: str | None, batch: int | None, as_json: bool) -> None:
    """Bring FIELD's vector index up to date, embedding only new and changed pages."""
    root = _folder(field)
    origins = _provenance_of(root)
    report = rebuild(
        root,
        embedders.for_field(root, embedder_name),
        batch=batch_size(batch),
        progress=terminal_bar,
        provenance=origins,
    )
    _emit(as_json, report.to_json(), report.lines)


def _provenance_of(root: Path) -> dict[str, dict[str, Any]]:
    """Where the pages of the field at ``root`` came from, when it is a workspace's field."""
    try:
        ws = Workspace.find()
    except WorkspaceError:
        return {}
    name = ws.field_for_path(root)
    return provenance.load(ws, name) if name else {}


@main.command("search")
@click.argument("field")
@click.argument("query")
@click.option("-k", "k", type=int, default=10, show_default=True, help="How many pages to list.")
@embedder_option
@json_option
def search_command(field: str, query: str, k: int, embedder_name: str | None, as_json: bool) -> None:
    """Rank FIELD's pages by similarity to QUERY, using its vector index."""
    if k < 1:
        raise InputError(f"-k must be at least 1, not {k}")
    root = _folder(field)
    embedder = embedders.for_field(root, embedder_name)
    hits = search_index(root, embedder, query, k)
    data = {
        "query": query,
        "embedder": embedder.name,
        "model_code": embedder.model_code,
        "results": [hit.to_json() for hit in hits],
    }

    def text() -> list[str]:
        lines = [f"{hit.score:.3f}  {hit.filename}" + (f"  {hit.title}" if hit.title else "") for hit in hits]
        return [*lines, f"{len(hits)} page(s) by {embedder.model_code} ({embedder.name} embedder)"]

    _emit(as_json, data, text)
