"""Workspace, field and remote commands."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import WorkspaceError
from ..workspace import TRUST_POLICIES, Workspace
from .app import _emit, _field_name, dry_run_option, json_option, main


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
    if tree:
        added = ws.add_tree(name, folder, dry_run=dry_run)
    else:
        ws.add_field(name, folder, dry_run=dry_run)
        added = [name]
    if not dry_run:
        folder.mkdir(parents=True, exist_ok=True)
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


@main.group()
def remote() -> None:
    """Manage a field's remotes."""


@remote.command("add")
@click.argument("field")
@click.argument("name")
@click.argument("url")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help="Backend option (repeatable).")
@click.option(
    "--trust",
    "trust_policy",
    type=click.Choice(TRUST_POLICIES),
    default="self",
    show_default=True,
    help="Apply what arrives (self), only what allowed signers signed (signed), or nothing unreviewed.",
)
@dry_run_option
@json_option
def remote_add(
    field: str, name: str, url: str, options: tuple[str, ...], trust_policy: str, dry_run: bool, as_json: bool
) -> None:
    """Give FIELD a remote NAME at URL."""
    ws = Workspace.find()
    parsed = {}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise WorkspaceError(f"--option {item!r}: expected KEY=VALUE")
        parsed[key] = value
    field = _field_name(ws, field)
    url = ws.add_remote(field, name, url, parsed, trust=trust_policy, dry_run=dry_run)
    prefix = "would add " if dry_run else ""
    _emit(
        as_json,
        {"field": field, "remote": name, "url": url, "dry_run": dry_run},
        lambda: [f"{field}: {prefix}remote {name} → {url}"],
    )


@remote.command("list")
@click.argument("field")
@json_option
def remote_list(field: str, as_json: bool) -> None:
    """List FIELD's remotes."""
    ws = Workspace.find()
    spec = ws.field(_field_name(ws, field))
    data = {r: {"url": rc.url, "options": rc.options} for r, rc in spec.remotes.items()}
    _emit(as_json, {"remotes": data}, lambda: [f"{r}\t{v['url']}" for r, v in data.items()] or ["no remotes"])


@remote.command("remove")
@click.argument("field")
@click.argument("name")
@dry_run_option
@json_option
def remote_remove(field: str, name: str, dry_run: bool, as_json: bool) -> None:
    """Forget FIELD's remote NAME (and the sync base kept for it)."""
    ws = Workspace.find()
    field = _field_name(ws, field)
    ws.remove_remote(field, name, dry_run=dry_run)
    verb = "would remove" if dry_run else "removed"
    _emit(as_json, {"field": field, "removed": name, "dry_run": dry_run}, lambda: [f"{field}: {verb} remote {name}"])
