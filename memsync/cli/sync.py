"""Moving field versions: pull, push, sync, status, clone, mirror, publish."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from .. import archive as archive_mod
from .. import engine
from ..errors import WorkspaceError
from ..plan import Change
from ..progress import terminal_bar
from ..registry import check, is_archive_url, open_remote, parse_options
from ..transfer import read_remote
from ..vectors.after_sync import reindex_after
from ..workspace import TRUST_POLICIES, Workspace, absolute_if_path
from .app import _emit, _field_name, _folder, dry_run_option, json_option, main, no_index_option, remote_option

# -- sync ----------------------------------------------------------------------

EXIT_CONFLICT = 3
EXIT_QUARANTINED = 5


def _change_lines(prefix: str, items: list[Change]) -> list[str]:
    marks = {"add": "+", "update": "~", "delete": "-"}
    return [f"  {prefix} {marks[c.kind]} {c.name}" for c in items]


def _report_lines(report: engine.SyncReport) -> list[str]:
    verb = "would" if report.dry_run else "did"
    lines = [f"{report.mode} {report.field} ⇄ {report.remote} ({report.url})"]
    if report.verdict is not None:
        state = "applied" if report.verdict.apply else "QUARANTINED"
        lines.append(f"  {state}: {report.verdict.reason}")
    if report.quarantined:
        verb = "would hold" if report.dry_run else "holding"
        return [*lines, f"  {verb} {report.quarantined} for review; the live field is unchanged"]
    if report.previous_pin:
        lines.append(f"  pin moved from {report.previous_pin.get('digest')}")
    if report.plan:
        lines += [f"  renamed {o} → {n} (by {s})" for o, n, s in report.plan.renames]
    lines += _change_lines("local ", report.local_changes)
    lines += _change_lines("remote", report.remote_changes)
    if report.plan:
        lines += [f"  note: {note}" for note in report.plan.notes]
        lines += [f"  CONFLICT {c.name}: kept yours; theirs is in {c.copy}" for c in report.plan.conflicts]
    if not report.local_changes and not report.remote_changes:
        lines.append("  up to date")
    else:
        n = len(report.local_changes) + len(report.remote_changes)
        lines.append(f"  {verb} {n} change(s); field digest {report.digest}")
    return lines


def _finish(report: engine.SyncReport, as_json: bool, no_index: bool = False) -> None:
    index = reindex_after(report, no_index)
    data = {**report.to_json(), "index": index.data} if index else report.to_json()
    _emit(as_json, data, lambda: _report_lines(report) + (index.lines if index else []))
    if report.quarantined and not report.dry_run:
        click.echo(
            f"memsync: held in quarantine ({report.verdict.reason if report.verdict else 'untrusted'}): "
            f"memsync review {report.field}",
            err=True,
        )
        sys.exit(EXIT_QUARANTINED)
    if report.conflicts and not report.dry_run:
        click.echo(
            f"memsync: {len(report.conflicts)} conflict(s): review the conflict copies, then sync again",
            err=True,
        )
        sys.exit(EXIT_CONFLICT)


def _run(field: str, remote_name: str | None, mode: engine.Mode, dry_run: bool, expect: str | None = None):
    ws = Workspace.find()
    session = engine.Session(ws, _field_name(ws, field), remote_name, progress=terminal_bar)
    return session.run(mode, dry_run=dry_run, expect=expect)


def _looks_like_url(arg: str) -> bool:
    return "://" in arg or "/" in arg or is_archive_url(arg)


def _name_from_url(url: str) -> str:
    last = url.rstrip("/").rsplit("/", 1)[-1]
    return last.removesuffix(archive_mod.ARCHIVE_SUFFIX) or "field"


def _subscribe(
    source: str,
    field_name: str | None,
    into: Path | None,
    expect: str | None,
    trust: str,
    options: dict[str, str] | None = None,
) -> engine.SyncReport:
    """Pull SOURCE into the workspace field that follows it, creating field and
    workspace when new; a failed first pull leaves neither behind."""
    source = absolute_if_path(source)
    options = options or {}
    check(source, options)
    try:
        ws = Workspace.find()
        created_ws = None
    except WorkspaceError:
        ws = created_ws = Workspace.init(Path.cwd())
    for name, spec in ws.fields.items():
        for remote_name, rc in spec.remotes.items():
            if field_name in (None, name) and rc.url == source:
                if options and options != rc.options:
                    raise WorkspaceError(
                        f"{name} already follows {source} with other options: memsync remote set-option"
                    )
                return engine.Session(ws, name, remote_name, progress=terminal_bar).run("pull", expect=expect)
    name = field_name or _name_from_url(source)
    folder = (into or Path(name)).absolute()
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise WorkspaceError(f"{folder} exists and is not an empty folder; choose another with --into")
    folder_existed = folder.exists()
    ws.add_field(name, folder)
    try:
        ws.add_remote(name, "origin", source, options, trust=trust)
        return engine.Session(ws, name, "origin", progress=terminal_bar).run("pull", expect=expect)
    except BaseException:
        ws.remove_field(name)
        if not folder_existed and folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
        if created_ws is not None:
            created_ws.destroy()
        raise


def _trust_option(default: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return click.option(
        "--trust",
        "trust_policy",
        type=click.Choice(TRUST_POLICIES),
        default=default,
        show_default=True,
        help="self: apply what arrives; signed: only what allowed signers signed; untrusted: hold for review.",
    )


@main.command()
@click.argument("source")
@remote_option
@_trust_option("untrusted")
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
    trust_policy: str,
    no_index: bool,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Bring a remote's changes into a field (SOURCE: field name, or URL/archive to subscribe to).

    A new subscription is untrusted unless --trust says otherwise: what it
    brings waits in quarantine unless it matches --sha256 (or the pin)."""
    try:
        ws = Workspace.find()
        known = source in ws.fields or ws.field_for_path(Path(source)) is not None
    except WorkspaceError:
        known = False
    if known or not _looks_like_url(source):
        if options:
            raise WorkspaceError("-o applies to a URL; change a remote's options with memsync remote set-option")
        report = _run(source, remote, "pull", dry_run, expect)
    else:
        if dry_run:
            raise WorkspaceError("--dry-run needs an existing field; clone or pull without it first")
        report = _subscribe(source, field_name, into, expect, trust_policy, parse_options(options))
    _finish(report, as_json, no_index)


@main.command()
@click.argument("field")
@remote_option
@dry_run_option
@json_option
def push(field: str, remote: str | None, dry_run: bool, as_json: bool) -> None:
    """Send FIELD's changes to a remote (refused if the remote moved: pull first)."""
    _finish(_run(field, remote, "push", dry_run), as_json)


@main.command()
@click.argument("field")
@remote_option
@no_index_option
@dry_run_option
@json_option
def sync(field: str, remote: str | None, no_index: bool, dry_run: bool, as_json: bool) -> None:
    """Pull, merge and push FIELD in one go."""
    _finish(_run(field, remote, "sync", dry_run), as_json, no_index)


@main.command()
@click.argument("field")
@remote_option
@json_option
def status(field: str, remote: str | None, as_json: bool) -> None:
    """What a sync of FIELD would do now (changes nothing)."""
    report = _run(field, remote, "sync", True)
    _emit(as_json, report.to_json(), lambda: _report_lines(report))


@main.command()
@click.argument("field")
@remote_option
@json_option
def unlock(field: str, remote: str | None, as_json: bool) -> None:
    """Break the writer lock a crashed push left on FIELD's remote."""
    ws = Workspace.find()
    name, config = ws.remote(_field_name(ws, field), remote)
    with open_remote(config.url, config.options) as opened:
        broken = opened.unlock()
    _emit(
        as_json,
        {"remote": name, "url": config.url, "unlocked": broken},
        lambda: [f"{config.url}: " + ("lock removed" if broken else "no lock to remove")],
    )


@main.command()
@click.argument("field")
@remote_option
@click.option("-n", "--limit", default=20, show_default=True, help="How many entries.")
@json_option
def log(field: str, remote: str | None, limit: int, as_json: bool) -> None:
    """Show FIELD's history as its (git) remote records it."""
    ws = Workspace.find()
    _, config = ws.remote(_field_name(ws, field), remote)
    with open_remote(config.url, config.options) as opened:
        entries = opened.log(limit)

    def text() -> list[str]:
        out = []
        for entry in entries:
            out.append(f"{entry['commit'][:12]} {entry['date']} {entry['author']}")
            out.extend(f"    {line}" for line in entry["message"].splitlines())
        return out or ["no history yet"]

    _emit(as_json, {"url": config.url, "log": entries}, text)


@main.command()
@click.argument("field")
@click.option(
    "--to",
    "destinations",
    multiple=True,
    required=True,
    metavar="URL",
    help="Where to publish: a field URL, or one ending in .memoryfield.zip (repeatable).",
)
@dry_run_option
@json_option
def publish(field: str, destinations: tuple[str, ...], dry_run: bool, as_json: bool) -> None:
    """Pack FIELD reproducibly and publish it to each destination; print the pins."""
    root = _folder(field)
    packed = archive_mod.pack_field(root)
    results = [
        engine.publish(root, absolute_if_path(url), dry_run=dry_run, progress=terminal_bar) for url in destinations
    ]
    data = {
        "archive_sha256": packed.sha256,
        "digest": packed.manifest.digest,
        "files": len(packed.manifest),
        "destinations": [r.to_json() for r in results],
        "dry_run": dry_run,
    }
    verb = "would publish" if dry_run else "published"

    def text() -> list[str]:
        lines = [f"{verb} {r.destination} ({len(r.changes)} change(s))" for r in results]
        return [*lines, f"archive sha256 {packed.sha256}", f"field digest   {packed.manifest.digest}"]

    _emit(as_json, data, text)


@main.command()
@click.argument("url")
@click.argument("directory", type=click.Path(path_type=Path), required=False)
@click.option("--name", "field_name", default=None, help="Field name (default: from the URL).")
@click.option("--sha256", "expect", default=None, metavar="HEX", help="Pin: archive sha256 or field digest.")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help="Option for a URL's backend.")
@_trust_option("self")
@no_index_option
@dry_run_option
@json_option
def clone(
    url: str,
    directory: Path | None,
    field_name: str | None,
    expect: str | None,
    options: tuple[str, ...],
    trust_policy: str,
    no_index: bool,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Make a new field from URL, with URL as its origin (your own field: trusted as self by default)."""
    parsed = parse_options(options)
    if not dry_run:
        _finish(_subscribe(url, field_name, directory, expect, trust_policy, parsed), as_json, no_index)
        return
    check(absolute_if_path(url), parsed)
    with open_remote(absolute_if_path(url), parsed) as remote:
        remote_manifest = read_remote(remote, None, None).manifest
    data = {"url": url, "dry_run": True, "files": list(remote_manifest), "digest": remote_manifest.digest}
    _emit(
        as_json,
        data,
        lambda: (
            [f"  + {n}" for n in remote_manifest]
            + [f"would clone {len(remote_manifest)} file(s), field digest {remote_manifest.digest}"]
        ),
    )


@main.command()
@click.argument("source")
@click.argument("destination")
@dry_run_option
@json_option
def mirror(source: str, destination: str, dry_run: bool, as_json: bool) -> None:
    """Make DESTINATION hold exactly SOURCE's field (one way; DESTINATION's changes are replaced)."""
    report = engine.mirror(source, destination, dry_run=dry_run, progress=terminal_bar)

    def text() -> list[str]:
        verb = "would make" if dry_run else "made"
        lines = _change_lines("", report.changes)
        return [*lines, f"{verb} {len(report.changes)} change(s); {destination} = {report.digest}"]

    _emit(as_json, report.to_json(), text)


# -- field tools ---------------------------------------------------------------
