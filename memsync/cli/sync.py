"""Moving field versions: pull, push, sync, status, clone, mirror, publish."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from .. import api
from ..api import DEFAULT_MAX_DELETE, TRUST_POLICIES, DeleteLimit, parse_options
from ..errors import WorkspaceError
from ..progress import terminal_bar
from .options import (
    Seconds,
    _emit,
    complete_field,
    details,
    dry_run_option,
    expect_field_option,
    index_lines,
    json_option,
    no_index_option,
    remote_option,
    verbosity,
)

# -- sync ----------------------------------------------------------------------


def _max_delete(ctx: click.Context, param: click.Parameter, value: str | None) -> DeleteLimit | None:
    return DEFAULT_MAX_DELETE if value is None else DeleteLimit.parse(value)


max_delete_option = click.option(
    "--max-delete",
    "max_delete",
    default=None,
    metavar="N|N%",
    callback=_max_delete,
    help="Refuse to delete more than N files (or N% of a side) in one run "
    "[default: 50% of a side holding more than 5 files]. Renames are not deletions.",
)
wait_option = click.option(
    "--wait",
    type=Seconds(min=0),
    default=0.0,
    metavar="SECONDS",
    help="Wait up to SECONDS for another memsync run in this workspace to end (default: fail at once).",
)


_MARKS = {"add": "+", "update": "~", "delete": "-"}


def _change_lines(prefix: str, items: list[dict[str, Any]]) -> list[str]:
    return [f"  {prefix} {_MARKS[c['action']]} {c['file']}" for c in items]


def _counts(label: str, items: list[dict[str, Any]]) -> str:
    return f"{label} " + " ".join(f"{mark}{sum(c['action'] == kind for c in items)}" for kind, mark in _MARKS.items())


def _report_lines(run: api.RunResult, verb: str | None = None) -> list[str]:
    lines = [f"{verb or run.mode} {run.field} ⇄ {run.remote} ({run.url})"]
    if run.trust is not None:
        applied = "would apply" if run.dry_run else "applied"
        lines.append(f"  {applied if run.trust['applied'] else 'QUARANTINED'}: {run.trust['reason']}")
    if run.quarantined:
        verb = "would hold" if run.dry_run else "holding"
        return [*lines, f"  {verb} {run.quarantined} for review; the live field is unchanged"]
    if run.previous_pin:
        lines.append(f"  pin moved from {run.previous_pin.get('digest')}")
    lines += [f"  renamed {r['from']} → {r['to']} (by {r['by']})" for r in run.renames]
    lines += details(
        _change_lines("local ", run.local_changes) + _change_lines("remote", run.remote_changes),
        f"{_counts('local', run.local_changes)}, {_counts('remote', run.remote_changes)}",
    )
    lines += [f"  note: {note}" for note in run.notes]
    lines += [f"  CONFLICT {c['page']}: kept yours; theirs is in {c['conflict_copy']}" for c in run.conflicts]
    if not run.local_changes and not run.remote_changes:
        lines.append("  up to date")
    else:
        n = len(run.local_changes) + len(run.remote_changes)
        lines.append(f"  {'would make' if run.dry_run else 'made'} {n} change(s); field digest {run.digest}")
    if run.ignored:
        lines.append(f"  ignored {run.ignored} file(s) of the folder (.memsyncignore, memsync config ignore)")
    if run.index is not None:
        lines += [f"  {line}" for line in index_lines(run.index)]
    return lines


def _text(result: api.RunResult, verb: str | None = None) -> list[str]:
    """The runs' reports; ``verb`` heads them when the command is not the run's mode (clone is a pull)."""
    return [line for run in result.runs() for line in _report_lines(run, verb)]


def _tell(result: api.RunResult) -> None:
    """Warnings (not under -q) and what to do next, one line each on stderr."""
    if verbosity() >= 0:
        for run in result.runs():
            for w in run.warnings or []:
                click.echo(f"memsync: {w['level']}: {w['file']}: {w['message']}", err=True)
    for run in result.held:
        reason = run.trust["reason"] if run.trust else "untrusted"
        click.echo(
            f"memsync: held in quarantine ({reason}): memsync review {run.field} {run.quarantined}, "
            f"then memsync accept {run.field} {run.quarantined} (or reject)",
            err=True,
        )
    if not result.held and result.conflict_count:
        click.echo(
            f"memsync: {result.conflict_count} conflict(s) kept as copies: see 'memsync conflicts {result.field}', "
            f"settle each with 'memsync resolve {result.field} PAGE --mine|--theirs|--both'",
            err=True,
        )


def finish(result: api.RunResult, as_json: bool, verb: str | None = None) -> None:
    """Print a run and exit 5/3 when something is held in quarantine or kept as a conflict copy."""
    _emit(as_json, result.to_json(), lambda: _text(result, verb))
    _tell(result)
    if result.exit_code:
        sys.exit(result.exit_code)


def _memsync(wait: float = 0.0) -> api.Memsync:
    return api.Memsync.open(progress=terminal_bar, wait=wait)


trust_option = click.option(
    "--trust",
    "trust_policy",
    type=click.Choice(TRUST_POLICIES),
    default=None,
    help="self: apply what arrives; signed: only what allowed signers signed; untrusted: hold for review. "
    "Default: untrusted for sources you cannot write to (http(s)://, github:// without GITHUB_TOKEN, "
    "folders you may not write), self otherwise.",
)


@click.command()
@click.argument("source")
@remote_option
@trust_option
@click.option(
    "--sha256",
    "expect",
    default=None,
    metavar="HEX",
    help="Refuse anything but this hash (an archive's sha256, or a field digest sha256:HEX).",
)
@click.option("--field", "field_name", default=None, help="Field to pull into when SOURCE is a URL.")
@click.option("--into", type=click.Path(path_type=Path), default=None, help="Folder for a new field.")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help="Option for a URL's backend.")
@expect_field_option
@max_delete_option
@wait_option
@no_index_option
@dry_run_option
@json_option
def pull(
    source: str,
    remote: str | None,
    expect: str | None,
    field_name: str | None,
    into: Path | None,
    options: tuple[str, ...],
    trust_policy: str | None,
    expect_field: str | None,
    max_delete: DeleteLimit | None,
    wait: float,
    no_index: bool,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Bring a remote's changes into a field (SOURCE: field name, or URL/archive to subscribe to).

    A new subscription is untrusted unless --trust says otherwise: what it
    brings waits in quarantine unless it matches --sha256 (or the pin)."""
    result = api.pull(
        source,
        remote,
        field=field_name,
        into=into,
        sha256=expect,
        options=parse_options(options),
        trust=trust_policy,
        expect_field=expect_field,
        max_delete=max_delete,
        index=not no_index,
        dry_run=dry_run,
        progress=terminal_bar,
        wait=wait,
    )
    finish(result, as_json)


@click.command()
@click.argument("field", shell_complete=complete_field)
@remote_option
@max_delete_option
@wait_option
@dry_run_option
@json_option
def push(
    field: str, remote: str | None, max_delete: DeleteLimit | None, wait: float, dry_run: bool, as_json: bool
) -> None:
    """Send FIELD's changes to a remote (refused if the remote moved: pull first)."""
    finish(_memsync(wait).push(field, remote, max_delete=max_delete, dry_run=dry_run), as_json)


@click.command()
@click.argument("field", required=False, shell_complete=complete_field)
@remote_option
@max_delete_option
@wait_option
@no_index_option
@dry_run_option
@json_option
def sync(
    field: str | None,
    remote: str | None,
    max_delete: DeleteLimit | None,
    wait: float,
    no_index: bool,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Pull, merge and push FIELD in one go (no FIELD: every field with its default remote)."""
    if field is not None:
        finish(_memsync(wait).sync(field, remote, max_delete=max_delete, index=not no_index, dry_run=dry_run), as_json)
        return
    if remote is not None:  # a usage error, told before looking for a workspace
        raise WorkspaceError("--remote goes with a FIELD; without one each field syncs with its default remote")
    every = _memsync(wait).sync_all(max_delete=max_delete, index=not no_index, dry_run=dry_run)
    _emit(as_json, every.to_json(), lambda: [line for r in every.fields for line in _text(r)])
    for result in every.fields:
        _tell(result)
    for failed in every.errors:
        click.echo(f"memsync: {failed['field']}: {failed['error']}", err=True)
    if every.exit_code:
        sys.exit(every.exit_code)


@click.command()
@click.argument("field", required=False, shell_complete=complete_field)
@remote_option
@wait_option
@json_option
def status(field: str | None, remote: str | None, wait: float, as_json: bool) -> None:
    """What a sync of FIELD would do now (changes nothing; no FIELD: every field with its default
    remote); exits 3 while conflicts are unresolved."""
    if field is None:
        if remote is not None:
            raise WorkspaceError("--remote goes with a FIELD; without one each field shows its default remote")
        every = _memsync(wait).status_all()
        results = every.fields
        _emit(as_json, every.to_json(), lambda: [line for r in results for line in _status_lines(r)])
        for failed in every.errors:
            click.echo(f"memsync: {failed['field']}: {failed['error']}", err=True)
    else:
        results = [_memsync(wait).status(field, remote)]
        _emit(as_json, results[0].to_json(), lambda: _status_lines(results[0]))
    found = [c for r in results for c in r.unresolved_conflicts or []]
    if found:
        where = "" if field is None else f" {results[0].field}"
        click.echo(f"memsync: {len(found)} unresolved conflict(s): see 'memsync conflicts{where}'", err=True)
        sys.exit(api.EXIT_CONFLICT)
    if field is None and every.errors:
        sys.exit(every.exit_code)


def _status_lines(result: api.RunResult) -> list[str]:
    found = result.unresolved_conflicts or []
    return _text(result) + [
        f"  unresolved conflict in {c['field']}: {c['conflict_copy']} (a copy of {c['page']})" for c in found
    ]


@click.command()
@click.argument("field", shell_complete=complete_field)
@remote_option
@dry_run_option
@json_option
def unlock(field: str, remote: str | None, dry_run: bool, as_json: bool) -> None:
    """Break the writer lock a crashed push left on FIELD's remote."""
    done = api.Memsync.open().unlock(field, remote, dry_run=dry_run)
    verb = "would be removed" if dry_run else "removed"
    _emit(
        as_json, done.to_json(), lambda: [f"{done.url}: " + (f"lock {verb}" if done.unlocked else "no lock to remove")]
    )


@click.command()
@click.argument("field", shell_complete=complete_field)
@remote_option
@click.option("-n", "--limit", default=20, show_default=True, type=click.IntRange(min=1), help="How many entries.")
@json_option
def log(field: str, remote: str | None, limit: int, as_json: bool) -> None:
    """Show FIELD's history as its (git) remote records it."""
    done = api.Memsync.open().log(field, remote, limit=limit)

    def text() -> list[str]:
        out = []
        for entry in done.log:
            out.append(f"{entry['commit'][:12]} {entry['date']} {entry['author']}")
            out.extend(f"    {line}" for line in entry["message"].splitlines())
        return out or ["no history yet"]

    _emit(as_json, done.to_json(), text)


@click.command()
@click.argument("field", shell_complete=complete_field)
@click.option(
    "--to",
    "destinations",
    multiple=True,
    required=True,
    metavar="URL",
    help="Where to publish: a field URL, or one ending in .memoryfield.zip (repeatable).",
)
@click.option(
    "--sign-with",
    "sign_with",
    default=None,
    metavar="KEY",
    help="Sign with this OpenSSH Ed25519 key (default: $MEMSYNC_SIGNING_KEY, a path or the key itself, "
    "else the workspace's key).",
)
@click.option(
    "--expires",
    default=None,
    metavar="DURATION",
    help="How long the signed release stays valid, e.g. 30d, 12h, 1w (default 30d).",
)
@click.option(
    "--rotate-to",
    "rotate_to",
    default=None,
    metavar="NEWKEY",
    help="Rotate the signing key to this new private key: memsync-keys.json announces it (signed by the "
    "current key), subscribers follow it, and it signs this publish and the workspace's pushes after it.",
)
@click.option(
    "--revoke",
    "revoke",
    multiple=True,
    metavar="OLDKEY",
    help="End this private key: memsync-keys.json announces its revocation, signed by itself (repeatable).",
)
@dry_run_option
@json_option
def publish(
    field: str,
    destinations: tuple[str, ...],
    sign_with: str | None,
    expires: str | None,
    rotate_to: str | None,
    revoke: tuple[str, ...],
    dry_run: bool,
    as_json: bool,
) -> None:
    """Publish FIELD to each destination, signed when a key is set; print what consumers pin."""
    done = api.publish(
        field,
        list(destinations),
        here=True,
        sign_with=sign_with,
        expires=expires,
        rotate_to=rotate_to,
        revoke=list(revoke),
        dry_run=dry_run,
        progress=terminal_bar,
    )
    verb = "would publish" if dry_run else "published"

    def text() -> list[str]:
        lines = [f"{verb} {d['destination']} ({len(d['changes'])} change(s))" for d in done.destinations]
        lines += [f"archive sha256 {done.archive_sha256}", f"field digest   {done.digest}"]
        lines.append(f"consumers pin: memsync pull URL --sha256 {done.digest}")
        if done.signed:
            lines.append(
                "check it with: ssh-keygen -Y verify -f allowed_signers -I SIGNER -n memsync "
                "-s SHA256SUMS.sig < SHA256SUMS"
            )
        if rotate_to and not dry_run:
            lines.append(f"signing key rotated to {rotate_to}: announced in memsync-keys.json, signed by the old key")
        lines += [f"revoked {path}: announced in memsync-keys.json" for path in revoke if not dry_run]
        if (rotate_to or revoke) and not any(d["changes"] for d in done.destinations):
            # A pull that finds SHA256SUMS unchanged reads no sidecar: the chain travels with a change.
            lines.append("no page changed: subscribers learn of the key change with the next version they pull")
        return lines

    _emit(as_json, done.to_json(), text)


@click.command()
@click.argument("url")
@click.argument("directory", type=click.Path(path_type=Path), required=False)
@click.option("--name", "field_name", default=None, help="Field name (default: DIRECTORY's name, else from the URL).")
@click.option("--sha256", "expect", default=None, metavar="HEX", help="Pin: archive sha256 or field digest.")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help="Option for a URL's backend.")
@trust_option
@expect_field_option
@no_index_option
@dry_run_option
@json_option
def clone(
    url: str,
    directory: Path | None,
    field_name: str | None,
    expect: str | None,
    options: tuple[str, ...],
    trust_policy: str | None,
    expect_field: str | None,
    no_index: bool,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Make a new field from URL in DIRECTORY, with URL as its origin (your own field: trusted as self by default).

    The field is named after DIRECTORY, else after the URL as git names a clone's folder
    (`notes.git/` and `notes/.git` give `notes`)."""
    parsed = parse_options(options)
    if not dry_run:
        done = api.clone(
            url,
            directory,
            name=field_name,
            sha256=expect,
            options=parsed,
            trust=trust_policy,
            expect_field=expect_field,
            index=not no_index,
            progress=terminal_bar,
        )
        finish(done, as_json, "clone")
        return
    preview = api.preview_clone(url, parsed)
    _emit(
        as_json,
        preview.to_json(),
        lambda: [
            *details([f"  + {n}" for n in preview.files], f"{len(preview.files)} file(s)"),
            f"would clone {len(preview.files)} file(s), field digest {preview.digest}",
        ],
    )


@click.command()
@click.argument("source")
@click.argument("destination")
@max_delete_option
@click.option("--force", is_flag=True, help="Mirror into a DESTINATION that holds files but is no field.")
@dry_run_option
@json_option
def mirror(
    source: str, destination: str, max_delete: DeleteLimit | None, force: bool, dry_run: bool, as_json: bool
) -> None:
    """Make DESTINATION hold exactly SOURCE's field (one way; DESTINATION's changes are replaced).

    A DESTINATION with files but no SHA256SUMS is not a field and is refused without --force."""
    done = api.mirror(source, destination, dry_run=dry_run, progress=terminal_bar, max_delete=max_delete, force=force)

    def text() -> list[str]:
        verb = "would make" if dry_run else "made"
        lines = details(_change_lines("", done.changes), _counts("changes", done.changes))
        return [*lines, f"{verb} {len(done.changes)} change(s); {destination} = {done.digest}"]

    _emit(as_json, done.to_json(), text)


# -- field tools ---------------------------------------------------------------
