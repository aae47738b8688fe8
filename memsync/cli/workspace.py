"""Workspace and field commands (remotes: ``memsync.cli.remotes``)."""

from __future__ import annotations

from pathlib import Path

import click

from .. import api
from ..api import Memsync
from .options import _emit, dry_run_option, json_option


@click.command()
@click.argument("directory", type=click.Path(path_type=Path), default=".")
@dry_run_option
@json_option
def init(directory: Path, dry_run: bool, as_json: bool) -> None:
    """Create a workspace in DIRECTORY (default: here)."""
    done = api.init(directory, dry_run=dry_run)
    text = f"would create a workspace at {done.workspace}" if dry_run else f"workspace ready at {done.workspace}"
    _emit(as_json, done.to_json(), lambda: [text])


@click.command()
@click.argument("name")
@click.argument("path", type=click.Path(path_type=Path), required=False)
@click.option("--tree", is_flag=True, help="PATH's files are field NAME and each subfolder SUB is field NAME/SUB.")
@dry_run_option
@json_option
def add(name: str, path: Path | None, tree: bool, dry_run: bool, as_json: bool) -> None:
    """Add field NAME kept in folder PATH (default: ./NAME; created if missing)."""
    m = Memsync.open()
    done = m.add(name, path, tree=tree, dry_run=dry_run)
    prefix = "would add " if dry_run else ""
    folders = [Path(done.path), *(Path(done.path) / f.split("/", 1)[1] for f in done.members)]
    _emit(
        as_json,
        done.to_json(),
        lambda: [f"{prefix}field {f} → {p}" for f, p in zip([name, *done.members], folders, strict=True)],
    )


@click.command()
@json_option
def fields(as_json: bool) -> None:
    """List the workspace's fields and their remotes."""
    done = Memsync.open().fields()

    def text() -> list[str]:
        lines = []
        for name, info in done.fields.items():
            lines.append(f"{name}\t{info['path']}")
            lines.extend(f"  {r}\t{url}" for r, url in info["remotes"].items())
        return lines or ["no fields yet (memsync add NAME)"]

    _emit(as_json, done.to_json(), text)
