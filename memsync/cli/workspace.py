"""Workspace and field commands (remotes: ``memsync.cli.remotes``)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import click

from ..errors import WorkspaceError
from ..workspace import Workspace
from .app import _emit, dry_run_option, json_option, main


@main.command()
@click.argument("directory", type=click.Path(path_type=Path), default=".")
@dry_run_option
@json_option
def init(directory: Path, dry_run: bool, as_json: bool) -> None:
    """Create a workspace in DIRECTORY (default: here)."""
    root = Workspace.init(directory).root if not dry_run else directory.absolute()
    text = f"would create a workspace at {root}" if dry_run else f"workspace ready at {root}"
    _emit(as_json, {"workspace": str(root), "dry_run": dry_run}, lambda: [text])


@main.command()
@click.argument("name")
@click.argument("path", type=click.Path(path_type=Path), required=False)
@click.option("--tree", is_flag=True, help="PATH's files are field NAME and each subfolder SUB is field NAME/SUB.")
@dry_run_option
@json_option
def add(name: str, path: Path | None, tree: bool, dry_run: bool, as_json: bool) -> None:
    """Add field NAME kept in folder PATH (default: ./NAME; created if missing)."""
    ws = Workspace.find()
    folder = (path or Path(name)).absolute()
    taken = ws.field_for_path(folder)
    # Check the names and the folder before anything is made, and leave nothing behind if a step fails.
    if tree:
        added = ws.add_tree(name, folder, dry_run=True)
    else:
        ws.add_field(name, folder, dry_run=True)
        added = [name]
    if folder.exists() and not folder.is_dir():
        raise WorkspaceError(f"{folder}: a file, not a folder; a field is a folder of pages")
    if taken is not None:
        raise WorkspaceError(f"{folder} is already the folder of field {taken!r}")
    if not dry_run:
        missing = [p for p in (folder, *folder.parents) if not p.exists()]
        try:
            folder.mkdir(parents=True, exist_ok=True)
            ws.save()
        except BaseException:
            for made in missing:
                with contextlib.suppress(OSError):
                    made.rmdir()
            raise
    prefix = "would add " if dry_run else ""
    _emit(
        as_json,
        {"field": name, "path": str(folder), "members": added[1:], "dry_run": dry_run},
        lambda: [f"{prefix}field {f} → {ws.field_path(f)}" for f in added],
    )


@main.command()
@json_option
def fields(as_json: bool) -> None:
    """List the workspace's fields and their remotes."""
    ws = Workspace.find()
    data = {
        name: {"path": str(ws.field_path(name)), "remotes": {r: rc.url for r, rc in spec.remotes.items()}}
        for name, spec in sorted(ws.fields.items())
    }

    def text() -> list[str]:
        lines = []
        for name, info in data.items():
            lines.append(f"{name}\t{info['path']}")
            lines.extend(f"  {r}\t{url}" for r, url in info["remotes"].items())
        return lines or ["no fields yet (memsync add NAME)"]

    _emit(as_json, {"fields": data}, text)
