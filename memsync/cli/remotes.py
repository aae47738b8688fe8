"""``memsync remote …``: a field's remotes, their URLs and options.

Options are checked against the backend's declared ones when they are set
(``Memsync.add_remote``, ``set_options``), so a typo is refused in one line instead of ignored at
the next sync. Renaming a remote or pointing it at another URL keeps its sync
base when the new URL provably holds the same field (see ``set-url``).
"""

from __future__ import annotations

import click

from .. import api
from ..api import TRUST_POLICIES, Memsync, RemoteOptionsSet, parse_options
from .group import Group
from .options import _emit, complete_field, complete_remote, dry_run_option, expect_field_option, json_option, verbosity

option_option = click.option(
    "--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help="Backend option (repeatable)."
)


@click.group(cls=Group)
def remote() -> None:
    """Manage a field's remotes."""


@remote.command("add")
@click.argument("field", shell_complete=complete_field)
@click.argument("name", shell_complete=complete_remote)
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
@click.argument("field", shell_complete=complete_field)
@json_option
def remote_list(field: str, as_json: bool) -> None:
    """List FIELD's remotes; with -v their trust policy and options (secret values are never shown)."""
    verbose = verbosity() > 0
    done = Memsync.open().remotes(field)

    def text() -> list[str]:
        lines = []
        for r, info in done.remotes.items():
            lines.append(f"{r}\t{info['url']}")
            if verbose:
                lines.append(f"  trust={info['trust']}")
                lines.extend(f"  {k}={v}" for k, v in info["options"].items())
        return lines or ["no remotes"]

    _emit(as_json, done.to_json(), text)


@remote.command("remove")
@click.argument("field", shell_complete=complete_field)
@click.argument("name", shell_complete=complete_remote)
@dry_run_option
@json_option
def remote_remove(field: str, name: str, dry_run: bool, as_json: bool) -> None:
    """Forget FIELD's remote NAME (and the sync base kept for it)."""
    done = Memsync.open().remove_remote(field, name, dry_run=dry_run)
    verb = "would remove" if dry_run else "removed"
    _emit(as_json, done.to_json(), lambda: [f"{done.field}: {verb} remote {name}"])


@remote.command("rename")
@click.argument("field", shell_complete=complete_field)
@click.argument("old")
@click.argument("new")
@dry_run_option
@json_option
def remote_rename(field: str, old: str, new: str, dry_run: bool, as_json: bool) -> None:
    """Rename FIELD's remote OLD to NEW, keeping its sync base."""
    done = Memsync.open().rename_remote(field, old, new, dry_run=dry_run)
    verb = "would rename" if dry_run else "renamed"
    _emit(as_json, done.to_json(), lambda: [f"{done.field}: {verb} remote {old} → {new}"])


@remote.command("set-url")
@click.argument("field", shell_complete=complete_field)
@click.argument("name", shell_complete=complete_remote)
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
    m = Memsync.open()
    done = m.set_url(field, name, url, parse_options(options) if options else None, reset=reset, dry_run=dry_run)
    verb = "would point" if dry_run else "pointed"
    _emit(as_json, done.to_json(), lambda: [f"{done.field}: {verb} remote {name} at {done.url} ({done.reason})"])


reset_option = click.option(
    "--reset", is_flag=True, help="Drop the sync base: the next sync merges two-way (deletes nothing)."
)


@remote.command("set-option")
@click.argument("field", shell_complete=complete_field)
@click.argument("name", shell_complete=complete_remote)
@click.argument("pairs", nargs=-1, required=True, metavar="KEY=VALUE...")
@reset_option
@dry_run_option
@json_option
def remote_set_option(field: str, name: str, pairs: tuple[str, ...], reset: bool, dry_run: bool, as_json: bool) -> None:
    """Set options of FIELD's remote NAME (checked against its backend).

    An option that can change where the remote is (an endpoint, an account)
    keeps the sync base only when the remote then holds the same field, as
    set-url does."""
    m = Memsync.open()
    _options_done(as_json, m.set_options(field, name, parse_options(pairs), reset=reset, dry_run=dry_run))


@remote.command("unset-option")
@click.argument("field", shell_complete=complete_field)
@click.argument("name", shell_complete=complete_remote)
@click.argument("keys", nargs=-1, required=True, metavar="KEY...")
@reset_option
@dry_run_option
@json_option
def remote_unset_option(
    field: str, name: str, keys: tuple[str, ...], reset: bool, dry_run: bool, as_json: bool
) -> None:
    """Remove options of FIELD's remote NAME."""
    _options_done(as_json, Memsync.open().unset_options(field, name, list(keys), reset=reset, dry_run=dry_run))


def _options_done(as_json: bool, done: RemoteOptionsSet) -> None:
    prefix = "would set" if done.dry_run else "options"
    listed = " ".join(f"{k}={v}" for k, v in done.options.items()) or "(none)"
    _emit(as_json, done.to_json(), lambda: [f"{done.field}: {done.remote} {prefix}: {listed}"])


@remote.command("options")
@click.argument("url")
@json_option
def remote_options(url: str, as_json: bool) -> None:
    """The options a remote at URL accepts, and what each means."""
    done = api.remote_options(url)
    _emit(as_json, done.to_json(), lambda: [f"{k}\t{o['meaning']}" for k, o in done.options.items()])
