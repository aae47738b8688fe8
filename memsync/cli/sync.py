"""Moving field versions: pull, push, sync, status, clone, mirror, publish."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import archive as archive_mod
from .. import engine, release, signing
from ..errors import WorkspaceError
from ..pin import Pin
from ..plan import Change
from ..progress import terminal_bar
from ..registry import check, is_archive_url, open_remote, parse_options
from ..transfer import read_remote
from ..vectors.after_sync import reindex_after
from ..workspace import TRUST_POLICIES, Workspace, absolute_if_path
from .app import _emit, _field_name, _folder, details, dry_run_option, json_option, main, no_index_option, remote_option

# -- sync ----------------------------------------------------------------------

EXIT_CONFLICT = 3
EXIT_QUARANTINED = 5


_MARKS = {"add": "+", "update": "~", "delete": "-"}


def _change_lines(prefix: str, items: list[Change]) -> list[str]:
    return [f"  {prefix} {_MARKS[c.kind]} {c.name}" for c in items]


def _counts(label: str, items: list[Change]) -> str:
    return f"{label} " + " ".join(f"{mark}{sum(c.kind == kind for c in items)}" for kind, mark in _MARKS.items())


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
    lines += details(
        _change_lines("local ", report.local_changes) + _change_lines("remote", report.remote_changes),
        f"{_counts('local', report.local_changes)}, {_counts('remote', report.remote_changes)}",
    )
    if report.plan:
        lines += [f"  note: {note}" for note in report.plan.notes]
        lines += [f"  CONFLICT {c.name}: kept yours; theirs is in {c.copy}" for c in report.plan.conflicts]
    if not report.local_changes and not report.remote_changes:
        lines.append("  up to date")
    else:
        n = len(report.local_changes) + len(report.remote_changes)
        lines.append(f"  {verb} {n} change(s); field digest {report.digest}")
    return lines


def _finish(reports: engine.SyncReport | list[engine.SyncReport], as_json: bool, no_index: bool = False) -> None:
    """Print a run (a tree's: its root's object with ``members``) and exit 5/3 when
    something is held in quarantine or kept as a conflict copy."""
    runs = reports if isinstance(reports, list) else [reports]
    parts = []
    for report in runs:
        index = reindex_after(report, no_index)
        data = {**report.to_json(), "index": index.data} if index else report.to_json()
        parts.append((data, _report_lines(report) + (index.lines if index else [])))
    data = parts[0][0] if len(parts) == 1 else {**parts[0][0], "members": [d for d, _ in parts[1:]]}
    _emit(as_json, data, lambda: [line for _, lines in parts for line in lines])
    held = [r for r in runs if r.quarantined and not r.dry_run]
    for report in held:
        click.echo(
            f"memsync: held in quarantine ({report.verdict.reason if report.verdict else 'untrusted'}): "
            f"memsync review {report.field} {report.quarantined}, then memsync accept {report.field} "
            f"{report.quarantined} (or reject)",
            err=True,
        )
    if held:
        sys.exit(EXIT_QUARANTINED)
    conflicts = sum(len(r.conflicts) for r in runs if not r.dry_run)
    if conflicts:
        click.echo(f"memsync: {conflicts} conflict(s): review the conflict copies, then sync again", err=True)
        sys.exit(EXIT_CONFLICT)


def _run(
    field: str, remote_name: str | None, mode: engine.Mode, dry_run: bool, expect: str | None = None
) -> list[engine.SyncReport]:
    """One field's run; a tree root's (memsync add --tree) runs its members too, one after another."""
    ws = Workspace.find()
    name = _field_name(ws, field)
    tree = [name, *ws.members(name)]
    if expect is not None and len(tree) > 1:
        raise WorkspaceError(f"--sha256 pins one field; {name!r} is a tree: pull each of its fields on its own")
    return [
        engine.Session(ws, f, remote_name, progress=terminal_bar).run(mode, dry_run=dry_run, expect=expect)
        for f in tree
    ]


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
    trust: str | None,
    options: dict[str, str] | None = None,
) -> engine.SyncReport:
    """Pull SOURCE into the workspace field that follows it, creating field and
    workspace when new; a failed first pull leaves neither behind."""
    if expect is not None:
        Pin.parse(expect)  # a malformed pin is refused before anything is created
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


trust_option = click.option(
    "--trust",
    "trust_policy",
    type=click.Choice(TRUST_POLICIES),
    default=None,
    help="self: apply what arrives; signed: only what allowed signers signed; untrusted: hold for review. "
    "Default: untrusted for sources you cannot write to (http(s)://, github:// without GITHUB_TOKEN, "
    "folders you may not write), self otherwise.",
)


@main.command()
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
        reports = _run(source, remote, "pull", dry_run, expect)
    else:
        if dry_run:
            raise WorkspaceError("--dry-run needs an existing field; clone or pull without it first")
        reports = [_subscribe(source, field_name, into, expect, trust_policy, parse_options(options))]
    _finish(reports, as_json, no_index)


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
    reports = _run(field, remote, "sync", True)
    data = reports[0].to_json()
    if len(reports) > 1:
        data["members"] = [r.to_json() for r in reports[1:]]
    _emit(as_json, data, lambda: [line for r in reports for line in _report_lines(r)])


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
@dry_run_option
@json_option
def publish(
    field: str, destinations: tuple[str, ...], sign_with: str | None, expires: str | None, dry_run: bool, as_json: bool
) -> None:
    """Publish FIELD to each destination, signed when a key is set; print what consumers pin."""
    root = _folder(field)
    try:
        ws: Workspace | None = Workspace.find()
    except WorkspaceError:
        ws = None
    key = signing.signing_key(ws, sign_with)
    name = ws.field_for_path(root) if ws else None
    if expires is not None:
        release.parse_duration(expires)
    results = [
        engine.publish(
            root,
            absolute_if_path(url),
            dry_run=dry_run,
            progress=terminal_bar,
            key=key,
            field_name=name or root.name,
            expires=expires,
        )
        for url in destinations
    ]
    packed = archive_mod.write_field(root, None)  # only the pins are printed
    # A signed archive holds its sidecars: consumers pin the bytes that were published.
    published = [r.archive_sha256 for r in results if r.archive_sha256]
    data = {
        "archive_sha256": published[0] if published else packed.sha256,
        "digest": packed.manifest.digest,
        "files": len(packed.manifest),
        "signed": key is not None,
        "destinations": [r.to_json() for r in results],
        "dry_run": dry_run,
    }
    verb = "would publish" if dry_run else "published"

    def text() -> list[str]:
        lines = [f"{verb} {r.destination} ({len(r.changes)} change(s))" for r in results]
        lines += [f"archive sha256 {data['archive_sha256']}", f"field digest   {packed.manifest.digest}"]
        lines.append(f"consumers pin: memsync pull URL --sha256 {packed.manifest.digest}")
        if key is not None:
            lines.append(
                "check it with: ssh-keygen -Y verify -f allowed_signers -I SIGNER -n memsync "
                "-s SHA256SUMS.sig < SHA256SUMS"
            )
        return lines

    _emit(as_json, data, text)


@main.command()
@click.argument("url")
@click.argument("directory", type=click.Path(path_type=Path), required=False)
@click.option("--name", "field_name", default=None, help="Field name (default: from the URL).")
@click.option("--sha256", "expect", default=None, metavar="HEX", help="Pin: archive sha256 or field digest.")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help="Option for a URL's backend.")
@trust_option
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
        lambda: [
            *details([f"  + {n}" for n in remote_manifest], f"{len(remote_manifest)} file(s)"),
            f"would clone {len(remote_manifest)} file(s), field digest {remote_manifest.digest}",
        ],
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
        lines = details(_change_lines("", report.changes), _counts("changes", report.changes))
        return [*lines, f"{verb} {len(report.changes)} change(s); {destination} = {report.digest}"]

    _emit(as_json, report.to_json(), text)


# -- field tools ---------------------------------------------------------------
