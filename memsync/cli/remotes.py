"""``memsync remote …``: a field's remotes, their URLs and options.

Options are checked against the backend's declared ones when they are set
(``registry.check``), so a typo is refused in one line instead of ignored at
the next sync. Renaming a remote or pointing it at another URL keeps its sync
base when the new URL provably holds the same field (see ``set-url``).
"""

from __future__ import annotations

from typing import Any

import click

from ..api import Memsync
from ..backends.base import COMMON_OPTIONS, FIELD_OPTIONS
from ..errors import MemsyncError, WorkspaceError
from ..registry import check, open_remote, options_of, parse_options, shown_options
from ..transfer import read_remote
from ..workspace import TRUST_POLICIES, RemoteConfig, Workspace, absolute_if_path
from .app import _emit, _field_name, dry_run_option, expect_field_option, json_option, main, verbosity

option_option = click.option(
    "--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help="Backend option (repeatable)."
)


@main.group()
def remote() -> None:
    """Manage a field's remotes."""


@remote.command("add")
@click.argument("field")
@click.argument("name")
@click.argument("url")
@option_option
@click.option(
    "--trust",
    "trust_policy",
    type=click.Choice(TRUST_POLICIES),
    default=None,
    help="Apply what arrives (self), only what allowed signers signed (signed), or nothing unreviewed "
    "(untrusted).  [default: self for a place you can write; untrusted for http(s)://, github:// "
    "without GITHUB_TOKEN and folders you may not write]",
)
@expect_field_option
@dry_run_option
@json_option
def remote_add(
    field: str,
    name: str,
    url: str,
    options: tuple[str, ...],
    trust_policy: str | None,
    expect_field: str | None,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Give FIELD a remote NAME at URL."""
    parsed = parse_options(options)
    done = Memsync.open().add_remote(
        field, name, url, parsed, trust=trust_policy, expect_field=expect_field, dry_run=dry_run
    )
    prefix = "would add " if dry_run else ""
    _emit(as_json, done.to_json(), lambda: [f"{done.field}: {prefix}remote {name} → {done.url}"])


@remote.command("list")
@click.argument("field")
@json_option
def remote_list(field: str, as_json: bool) -> None:
    """List FIELD's remotes; with -v their trust policy and options (secret values are never shown)."""
    verbose = verbosity() > 0
    ws = Workspace.find()
    spec = ws.field(_field_name(ws, field))
    data: dict[str, dict[str, Any]] = {
        r: {"url": rc.url, "options": shown_options(rc.url, rc.options), "trust": rc.trust}
        for r, rc in spec.remotes.items()
    }

    def text() -> list[str]:
        lines = []
        for r, info in data.items():
            lines.append(f"{r}\t{info['url']}")
            if verbose:
                lines.append(f"  trust={info['trust']}")
                lines.extend(f"  {k}={v}" for k, v in info["options"].items())
        return lines or ["no remotes"]

    _emit(as_json, {"remotes": data}, text)


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


@remote.command("rename")
@click.argument("field")
@click.argument("old")
@click.argument("new")
@dry_run_option
@json_option
def remote_rename(field: str, old: str, new: str, dry_run: bool, as_json: bool) -> None:
    """Rename FIELD's remote OLD to NEW, keeping its sync base."""
    ws = Workspace.find()
    field = _field_name(ws, field)
    ws.rename_remote(field, old, new, dry_run=dry_run)
    verb = "would rename" if dry_run else "renamed"
    _emit(
        as_json,
        {"field": field, "from": old, "to": new, "dry_run": dry_run},
        lambda: [f"{field}: {verb} remote {old} → {new}"],
    )


@remote.command("set-url")
@click.argument("field")
@click.argument("name")
@click.argument("url")
@click.option(
    "--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help="The new URL's options (default: keep)."
)
@click.option("--reset", is_flag=True, help="Drop the sync base: the next sync merges two-way (deletes nothing).")
@dry_run_option
@json_option
def remote_set_url(
    field: str, name: str, url: str, options: tuple[str, ...], reset: bool, dry_run: bool, as_json: bool
) -> None:
    """Point FIELD's remote NAME at URL.

    The sync base is kept only when URL holds the same field: the same
    SHA256SUMS as the base, the same version token (a git commit), or the
    same SHA256SUMS the old URL holds now (the field was copied whole).
    Otherwise the command refuses unless --reset drops the base."""
    ws = Workspace.find()
    field = _field_name(ws, field)
    _, config = ws.remote(field, name)
    url = absolute_if_path(url)  # the URL as it will be kept is the one probed (and an empty one refused)
    new_options = parse_options(options) if options else dict(config.options)
    check(url, new_options)
    keep, etag, why = _fitting_base(ws, field, name, config, url, new_options, reset)
    if not dry_run:
        url = ws.set_url(field, name, url, new_options, keep_base=keep, etag=etag)
    verb = "would point" if dry_run else "pointed"
    _emit(
        as_json,
        {"field": field, "remote": name, "url": url, "kept_base": keep, "reason": why, "dry_run": dry_run},
        lambda: [f"{field}: {verb} remote {name} at {url} ({why})"],
    )


def _fitting_base(
    ws: Workspace, field: str, name: str, config: RemoteConfig, url: str, options: dict[str, str], reset: bool
) -> tuple[bool, str | None, str]:
    """Whether the sync base can stay for the remote at ``url`` with ``options``
    (and the new token for it); refuses in one line when it cannot, unless ``reset``."""
    base = ws.load_base(field, name)
    if base is None:
        return False, None, "no sync base yet"
    if reset:
        return False, None, "base dropped (--reset)"
    keep, etag, why = _same_field(base.manifest.to_bytes(), base.etag, config, url, options)
    if not keep:
        raise WorkspaceError(
            f"{url}: {why}, so the sync base for {name} would not fit it; run again with --reset "
            "(the next sync then merges two-way and deletes nothing)"
        )
    return keep, etag, why


def _same_field(
    base: bytes, base_etag: str | None, old: RemoteConfig, url: str, options: dict[str, str]
) -> tuple[bool, str | None, str]:
    """Whether ``url`` holds the field the sync base describes; the new remote's
    token for the base manifest when it is that very version; and why."""
    try:
        with open_remote(url, options) as new:
            there = read_remote(new, None, None)
    except MemsyncError as exc:
        return False, None, f"cannot be read to check it ({exc})"
    if there.manifest.to_bytes() == base:
        return True, there.etag, "same SHA256SUMS as the sync base"
    if there.etag is not None and there.etag == base_etag:
        return True, None, "same version as the sync base"
    try:
        with open_remote(old.url, old.options) as previous:
            before = read_remote(previous, None, None)
    except MemsyncError:
        before = None
    if before is not None and before.manifest == there.manifest:
        return True, None, f"same SHA256SUMS as {old.url} holds now"
    if not there.manifest:
        return False, None, "holds no field"
    return False, None, f"holds another version of the field ({len(there.manifest)} files, {there.manifest.digest})"


reset_option = click.option(
    "--reset", is_flag=True, help="Drop the sync base: the next sync merges two-way (deletes nothing)."
)


@remote.command("set-option")
@click.argument("field")
@click.argument("name")
@click.argument("pairs", nargs=-1, required=True, metavar="KEY=VALUE...")
@reset_option
@dry_run_option
@json_option
def remote_set_option(field: str, name: str, pairs: tuple[str, ...], reset: bool, dry_run: bool, as_json: bool) -> None:
    """Set options of FIELD's remote NAME (checked against its backend).

    An option that can change where the remote is (an endpoint, an account)
    keeps the sync base only when the remote then holds the same field, as
    set-url does."""
    ws = Workspace.find()
    field = _field_name(ws, field)
    _, config = ws.remote(field, name)
    options = {**config.options, **parse_options(pairs)}
    _set_options(ws, field, name, config, options, reset, dry_run, as_json)


def _set_options(
    ws: Workspace,
    field: str,
    name: str,
    config: RemoteConfig,
    options: dict[str, str],
    reset: bool,
    dry_run: bool,
    as_json: bool,
) -> None:
    check(config.url, options)
    harmless = {*COMMON_OPTIONS, *FIELD_OPTIONS}
    moved = {k for k in {*options, *config.options} if options.get(k) != config.options.get(k)} - harmless
    keep, etag = True, None
    if moved or reset:
        keep, etag, _ = _fitting_base(ws, field, name, config, config.url, options, reset)
    if not dry_run:
        if moved or reset:
            ws.set_url(field, name, config.url, options, keep_base=keep, etag=etag)
        else:
            ws.set_options(field, name, options)
    _options_done(as_json, field, name, config.url, options, dry_run)


@remote.command("unset-option")
@click.argument("field")
@click.argument("name")
@click.argument("keys", nargs=-1, required=True, metavar="KEY...")
@reset_option
@dry_run_option
@json_option
def remote_unset_option(
    field: str, name: str, keys: tuple[str, ...], reset: bool, dry_run: bool, as_json: bool
) -> None:
    """Remove options of FIELD's remote NAME."""
    ws = Workspace.find()
    field = _field_name(ws, field)
    _, config = ws.remote(field, name)
    missing = [k for k in keys if k not in config.options]
    if missing:
        have = ", ".join(sorted(config.options)) or "none"
        raise WorkspaceError(f"remote {name} has no option {missing[0]!r} (it has: {have})")
    options = {k: v for k, v in config.options.items() if k not in keys}
    _set_options(ws, field, name, config, options, reset, dry_run, as_json)


def _options_done(as_json: bool, field: str, name: str, url: str, options: dict[str, str], dry_run: bool) -> None:
    shown = shown_options(url, options)
    data: dict[str, Any] = {"field": field, "remote": name, "options": shown, "dry_run": dry_run}
    prefix = "would set" if dry_run else "options"
    listed = " ".join(f"{k}={v}" for k, v in shown.items()) or "(none)"
    _emit(as_json, data, lambda: [f"{field}: {name} {prefix}: {listed}"])


@remote.command("options")
@click.argument("url")
@json_option
def remote_options(url: str, as_json: bool) -> None:
    """The options a remote at URL accepts, and what each means."""
    valid = options_of(url)
    data = {k: {"meaning": o.meaning, "secret": o.secret} for k, o in sorted(valid.items())}
    _emit(as_json, {"url": url, "options": data}, lambda: [f"{k}\t{o['meaning']}" for k, o in data.items()])
