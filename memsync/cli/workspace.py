"""Workspace and field commands (remotes: ``memsync.cli.remotes``)."""

from __future__ import annotations

from pathlib import Path

import click

from .. import api
from ..api import Memsync
from .options import _emit, complete_field, dry_run_option, json_option


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


@click.command()
@click.argument("field", shell_complete=complete_field)
@dry_run_option
@json_option
def remove(field: str, dry_run: bool, as_json: bool) -> None:
    """Forget FIELD: its remotes, sync bases, trust record, quarantine and history.

    The folder and its pages stay where they are; 'memsync add' takes them up again.
    """
    done = Memsync.open().remove(field, dry_run=dry_run)

    def text() -> list[str]:
        verb = "would forget" if dry_run else "forgot"
        tree = f" and its {len(done.members)} member field(s) ({', '.join(done.members)})" if done.members else ""
        remotes = ", ".join(f"{r} ({u})" for r, u in done.remotes.items()) or "none"
        folder = "stays as it is" if Path(done.path).is_dir() else "is already gone"
        return [
            f"{verb} field {done.field}{tree}; its folder {done.path} {folder}",
            f"  remotes: {remotes}",
            f"  quarantined versions dropped: {done.quarantined}; history entries dropped: {done.history_entries}"
            + (" (their stored versions go at the next 'memsync gc')" if done.history_entries and not dry_run else ""),
        ]

    _emit(as_json, done.to_json(), text)
