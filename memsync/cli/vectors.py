"""Commands for the vector cache: ``memsync index`` and ``memsync search``."""

from __future__ import annotations

from typing import Any

import click

from ..api import index, search
from ..progress import terminal_bar
from .options import _emit, complete_field, dry_run_option, index_lines, json_option

embedder_option = click.option(
    "--embedder",
    "embedder_name",
    default=None,
    metavar="NAME",
    help="builtin, ollama (or another installed one) or auto; default: $MEMSYNC_EMBEDDER, "
    "else the field's existing index, else auto (Ollama when it answers, else builtin).",
)


@click.command("index")
@click.argument("field", shell_complete=complete_field)
@embedder_option
@click.option("--batch", type=int, default=None, metavar="N", help="Pages per embedder call (default 32).")
@dry_run_option
@json_option
def index_command(field: str, embedder_name: str | None, batch: int | None, dry_run: bool, as_json: bool) -> None:
    """Bring FIELD's vector index up to date, embedding only new and changed pages."""
    done = index(field, embedder=embedder_name, batch=batch, progress=terminal_bar, dry_run=dry_run, here=True)
    _emit(as_json, done.to_json(), lambda: index_lines(done.to_json()))


@click.command("search")
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
    """Rank the pages of every field in the workspace (or of each --field given) by
    similarity to QUERY, each field through its own vector index.

    ``memsync search FIELD QUERY`` is short for ``--field FIELD``, and FIELD
    may then be any field folder, in a workspace or not."""
    if len(words) > 2:
        raise click.UsageError("QUERY is one argument: quote it ('memsync search \"carbon steel wok\"')")
    *named, query = words
    found = search(
        [*named, *field_args], query, k=k, min_score=min_score, embedder=embedder_name, own=own_only, here=True
    )

    def text() -> list[str]:
        lines = [
            f"{r['score']:.3f}  {r['field']} ({r['trust']})  {r['filename']}"
            + (f"  {r['title']}" if r["title"] else "")
            + (_origin(r["provenance"]) if r["provenance"] else "")
            for r in found.results
        ]
        lines += [f"  skipped {s['field']}: {s['reason']}" for s in found.skipped]
        models = sorted({f"{f['model_code']} ({f['embedder']} embedder)" for f in found.fields})
        return [*lines, f"{len(found.results)} page(s) from {len(found.fields)} field(s) by {', '.join(models)}"]

    _emit(as_json, found.to_json(), text)


def _origin(provenance: dict[str, Any]) -> str:
    """A page someone else wrote (in part) is marked as such wherever it is shown,
    with every source of its lines."""
    sources = provenance.get("sources") or [provenance]
    own = provenance.get("own_lines") or 0
    parts = []
    for source in sources:
        signer = f"signed by {source['signer']}" if source.get("signer") else "unsigned"
        part = f"from {source.get('source')}, {signer}, accepted by {source.get('how')}"
        if len(sources) > 1 or own:
            part += f": {_lines(source.get('lines'))}"
        parts.append(part)
    if own:
        parts.append(f"yours: {_lines(own)}")
    return f"  [{'; '.join(parts)}]"


def _lines(n: object) -> str:
    return f"{n} line" + ("" if n == 1 else "s")
