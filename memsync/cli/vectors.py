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
from ..vectors.search import Source, search_fields, workspace_sources
from ..workspace import Workspace
from .app import _emit, _field_name, _folder, json_option, main

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
    origins, members = _workspace_facts(root)
    report = rebuild(
        root,
        embedders.for_field(root, embedder_name),
        batch=batch_size(batch),
        progress=terminal_bar,
        provenance=origins,
        skip=members,
    )
    _emit(as_json, report.to_json(), report.lines)


def _workspace_facts(root: Path) -> tuple[dict[str, dict[str, Any]], frozenset[str]]:
    """For the workspace field at ``root`` (nothing for a bare folder): where its pages
    came from, and its subfolders that are fields of their own (a tree root's members)."""
    try:
        ws = Workspace.find()
    except WorkspaceError:
        return {}, frozenset()
    name = ws.field_for_path(root)
    if name is None:
        return {}, frozenset()
    return provenance.load(ws, name), ws.member_dirs(name)


@main.command("search")
@click.argument("words", nargs=-1, required=True, metavar="[FIELD] QUERY")
@click.option("--field", "-f", "field_args", multiple=True, metavar="FIELD", help="Search this field (repeatable).")
@click.option("-k", "k", type=int, default=10, show_default=True, help="How many pages to list.")
@click.option("--min-score", type=float, default=None, metavar="S", help="Drop matches scoring below S (cosine).")
@click.option("--own", "own_only", is_flag=True, help="Only pages you wrote, none accepted from another source.")
@embedder_option
@json_option
def search_command(
    words: tuple[str, ...],
    field_args: tuple[str, ...],
    k: int,
    min_score: float | None,
    own_only: bool,
    embedder_name: str | None,
    as_json: bool,
) -> None:
    """Rank the pages of every field in the workspace (or the --fields given) by
    similarity to QUERY, each field through its own vector index.

    ``memsync search FIELD QUERY`` is short for ``--field FIELD``, and FIELD
    may then be any field folder, in a workspace or not."""
    if len(words) > 2:
        raise click.UsageError("QUERY is one argument: quote it ('memsync search \"carbon steel wok\"')")
    if k < 1:
        raise InputError(f"-k must be at least 1, not {k}")
    *named, query = words
    found = search_fields(
        _sources([*named, *field_args]), query, k, min_score=min_score, embedder=embedder_name, own_only=own_only
    )

    def text() -> list[str]:
        lines = [
            f"{r.hit.score:.3f}  {r.source.field} ({r.source.trust})  {r.hit.filename}"
            + (f"  {r.hit.title}" if r.hit.title else "")
            + (_origin(r.hit.provenance) if r.hit.provenance else "")
            for r in found.results
        ]
        lines += [f"  skipped {s['field']}: {s['reason']}" for s in found.skipped]
        models = sorted({f"{f['model_code']} ({f['embedder']} embedder)" for f in found.searched})
        return [*lines, f"{len(found.results)} page(s) from {len(found.searched)} field(s) by {', '.join(models)}"]

    _emit(as_json, found.to_json(), text)


def _origin(provenance: dict[str, Any]) -> str:
    """A page someone else wrote is marked as such wherever it is shown."""
    signer = f"signed by {provenance['signer']}" if provenance.get("signer") else "unsigned"
    return f"  [from {provenance.get('source')}, {signer}, accepted by {provenance.get('how')}]"


def _sources(args: list[str]) -> list[Source]:
    """What to search: the named fields (or field folders), else every field of the workspace."""
    try:
        ws: Workspace | None = Workspace.find()
    except WorkspaceError:
        if not args:
            raise
        ws = None
    if ws is not None and not args:
        return workspace_sources(ws)
    sources = []
    for arg in args:
        if ws is not None and (arg in ws.fields or ws.field_for_path(Path(arg))):
            sources += workspace_sources(ws, [_field_name(ws, arg)])
        else:  # a folder that is no field of this workspace: searched as it is, trusted as local
            sources.append(Source(Path(arg).name or arg, _folder(arg)))
    return sources
