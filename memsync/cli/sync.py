"""Moving field versions: pull, push, sync, status, clone, mirror, publish."""

from __future__ import annotations

import ipaddress
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import click

from .. import archive as archive_mod
from .. import engine, history, release, signing
from ..check import Finding, frontmatter_warning
from ..errors import MemsyncError, WorkspaceError
from ..guard import DEFAULT_MAX_DELETE, DeleteLimit
from ..names import check_name, is_page
from ..pin import Pin
from ..plan import Change
from ..progress import terminal_bar
from ..registry import check, is_archive_url, open_remote, parse_options
from ..transfer import read_remote
from ..vectors.after_sync import reindex_after
from ..workspace import TRUST_POLICIES, Workspace, absolute_if_path
from .app import (
    _emit,
    _field_name,
    _folder,
    details,
    dry_run_option,
    json_option,
    main,
    no_index_option,
    remote_option,
    verbosity,
)

# -- sync ----------------------------------------------------------------------

EXIT_CONFLICT = 3
EXIT_QUARANTINED = 5


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
    type=click.FloatRange(min=0),
    default=0.0,
    metavar="SECONDS",
    help="Wait up to SECONDS for another memsync run in this workspace to end (default: fail at once).",
)


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


@dataclass
class _Outcome:
    """What a finished run prints and how the command exits."""

    data: dict[str, Any]
    lines: list[str]
    warnings: list[str] = field(default_factory=list)  # one line each on stderr (not under -q)
    notes: list[str] = field(default_factory=list)  # one line each on stderr
    code: int = 0

    def tell(self) -> None:
        for line in (self.warnings if verbosity() >= 0 else []) + self.notes:
            click.echo(f"memsync: {line}", err=True)


def _outcome(runs: list[engine.SyncReport], no_index: bool = False) -> _Outcome:
    """One field's run (a tree's: its root's object with ``members``): what it
    prints, and exit 5/3 when something is held in quarantine or kept as a
    conflict copy."""
    parts = []
    warnings: list[Finding] = []
    for report in runs:
        index = reindex_after(report, no_index)
        found = _frontmatter_warnings(report)
        warnings += found
        data = {**report.to_json(), "warnings": [w.to_json() for w in found]}
        if index:
            data["index"] = index.data
        parts.append((data, _report_lines(report) + (index.lines if index else [])))
    data = parts[0][0] if len(parts) == 1 else {**parts[0][0], "members": [d for d, _ in parts[1:]]}
    out = _Outcome(data, [line for _, lines in parts for line in lines], [str(w) for w in warnings])
    held = [r for r in runs if r.quarantined and not r.dry_run]
    for report in held:
        out.notes.append(
            f"held in quarantine ({report.verdict.reason if report.verdict else 'untrusted'}): "
            f"memsync review {report.field} {report.quarantined}, then memsync accept {report.field} "
            f"{report.quarantined} (or reject)"
        )
    conflicts = sum(len(r.conflicts) for r in runs if not r.dry_run)
    if held:
        out.code = EXIT_QUARANTINED
    elif conflicts:
        name = runs[0].field
        out.notes.append(
            f"{conflicts} conflict(s) kept as copies: see 'memsync conflicts {name}', "
            f"settle each with 'memsync resolve {name} PAGE --mine|--theirs|--both'"
        )
        out.code = EXIT_CONFLICT
    return out


def _frontmatter_warnings(report: engine.SyncReport) -> list[Finding]:
    """validate's warning for each page this run carried whose frontmatter does not read."""
    names = {c.name for c in (*report.local_changes, *report.remote_changes) if c.sha256 and is_page(c.name)}
    if not names or report.quarantined:
        return []
    root = Workspace.find().field_path(report.field)
    found = []
    for name in sorted(names):
        try:
            data = (root / name).read_bytes()
        except FileNotFoundError:
            continue
        warning = frontmatter_warning(name, data)
        if warning is not None:
            found.append(warning)
    return found


def _finish(reports: engine.SyncReport | list[engine.SyncReport], as_json: bool, no_index: bool = False) -> None:
    out = _outcome(reports if isinstance(reports, list) else [reports], no_index)
    _emit(as_json, out.data, lambda: out.lines)
    out.tell()
    if out.code:
        sys.exit(out.code)


def _workspace(wait: float = 0.0) -> Workspace:
    ws = Workspace.find()
    ws.lock_wait = wait
    return ws


def _run(
    field: str,
    remote_name: str | None,
    mode: engine.Mode,
    dry_run: bool,
    expect: str | None = None,
    *,
    max_delete: DeleteLimit | None = DEFAULT_MAX_DELETE,
    wait: float = 0.0,
) -> list[engine.SyncReport]:
    """One field's run; a tree root's (memsync add --tree) runs its members too, one after another."""
    ws = _workspace(wait)
    name = _field_name(ws, field)
    tree = [name, *ws.members(name)]
    if expect is not None and len(tree) > 1:
        raise WorkspaceError(f"--sha256 pins one field; {name!r} is a tree: pull each of its fields on its own")
    return [
        engine.Session(ws, f, remote_name, progress=terminal_bar, max_delete=max_delete).run(
            mode, dry_run=dry_run, expect=expect
        )
        for f in tree
    ]


def _looks_like_url(arg: str) -> bool:
    return "://" in arg or "/" in arg or is_archive_url(arg)


def _name_from_url(url: str, hint: str) -> str:
    """The field name a URL suggests: its last path component (without the
    archive suffix), else its host name; ``hint`` says how the command is
    given one when neither will do."""
    parsed = urlsplit(url) if "://" in url else None
    last = (parsed.path if parsed else url).rstrip("/").rsplit("/", 1)[-1]
    name = last.removesuffix(archive_mod.ARCHIVE_SUFFIX)
    if not name and parsed is not None and parsed.hostname:
        try:
            ipaddress.ip_address(parsed.hostname)
        except ValueError:
            name = parsed.hostname
    return _usable(name, url, hint)


def _usable(name: str, source: str, hint: str) -> str:
    """``name`` when it can name a field; else one line saying how to give one."""
    try:
        return check_name("field", name)
    except WorkspaceError:
        what = f"{name!r} is no field name" if name else "no field name in it"
        raise WorkspaceError(f"{source}: {what}; {hint}") from None


@dataclass(frozen=True)
class _Target:
    """Where a new subscription goes, as the command that makes it was told."""

    name: str | None  # the field name given
    folder: Path | None  # the folder given
    name_hint: str  # how this command is given a name
    folder_hint: str  # how this command gives another folder
    again_is_pull: bool  # a source already followed: pull it again (pull) or refuse (clone)


def _subscribe(
    source: str,
    target: _Target,
    expect: str | None,
    trust: str | None,
    max_delete: DeleteLimit | None = DEFAULT_MAX_DELETE,
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
    except WorkspaceError:
        ws = Workspace.init(Path.cwd())
        try:
            return _follow(ws, source, target, expect, trust, max_delete, options)
        except BaseException:
            ws.destroy()
            raise
    return _follow(ws, source, target, expect, trust, max_delete, options)


def _follow(
    ws: Workspace,
    source: str,
    target: _Target,
    expect: str | None,
    trust: str | None,
    max_delete: DeleteLimit | None,
    options: dict[str, str],
) -> engine.SyncReport:
    for name, spec in ws.fields.items():
        for remote_name, rc in spec.remotes.items():
            if target.name in (None, name) and rc.url == source:
                if not target.again_is_pull:
                    raise WorkspaceError(f"field {name!r} already follows {source}: 'memsync pull {name}' updates it")
                if options and options != rc.options:
                    raise WorkspaceError(
                        f"{name} already follows {source} with other options: memsync remote set-option"
                    )
                session = engine.Session(ws, name, remote_name, progress=terminal_bar, max_delete=max_delete)
                return session.run("pull", expect=expect)
    if target.name is not None:
        name = target.name
    elif target.folder is not None:
        name = _usable(target.folder.absolute().name, str(target.folder), target.name_hint)
    else:
        name = _name_from_url(source, target.name_hint)
    folder = (target.folder or Path(name)).absolute()
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise WorkspaceError(f"{folder} exists and is not an empty folder; {target.folder_hint}")
    taken = ws.field_for_path(folder)
    if taken is not None:
        raise WorkspaceError(f"{folder} is already the folder of field {taken!r}; {target.folder_hint}")
    folder_existed = folder.exists()
    ws.add_field(name, folder)
    try:
        ws.add_remote(name, "origin", source, options, trust=trust)
        session = engine.Session(ws, name, "origin", progress=terminal_bar, max_delete=max_delete)
        return session.run("pull", expect=expect)
    except BaseException:
        ws.remove_field(name)
        if not folder_existed and folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
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
    max_delete: DeleteLimit | None,
    wait: float,
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
        reports = _run(source, remote, "pull", dry_run, expect, max_delete=max_delete, wait=wait)
    else:
        if dry_run:
            raise WorkspaceError("--dry-run needs an existing field; clone or pull without it first")
        target = _Target(field_name, into, "give one with --field NAME", "choose another with --into", True)
        reports = [_subscribe(source, target, expect, trust_policy, max_delete, parse_options(options))]
    _finish(reports, as_json, no_index)


@main.command()
@click.argument("field")
@remote_option
@max_delete_option
@wait_option
@dry_run_option
@json_option
def push(
    field: str, remote: str | None, max_delete: DeleteLimit | None, wait: float, dry_run: bool, as_json: bool
) -> None:
    """Send FIELD's changes to a remote (refused if the remote moved: pull first)."""
    _finish(_run(field, remote, "push", dry_run, max_delete=max_delete, wait=wait), as_json)


@main.command()
@click.argument("field", required=False)
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
        _finish(_run(field, remote, "sync", dry_run, max_delete=max_delete, wait=wait), as_json, no_index)
        return
    if remote is not None:
        raise WorkspaceError("--remote goes with a FIELD; without one each field syncs with its default remote")
    ws = _workspace(wait)
    # A tree's members sync with their root (memsync add --tree).
    roots = sorted(name for name, spec in ws.fields.items() if "/" not in name and spec.remotes)
    if not roots:
        raise WorkspaceError("no field has a remote to sync with (memsync remote add FIELD NAME URL)")
    outcomes: list[_Outcome] = []
    failed: list[tuple[str, MemsyncError]] = []
    for name in roots:
        try:
            outcomes.append(_outcome(_run(name, None, "sync", dry_run, max_delete=max_delete, wait=wait), no_index))
        except MemsyncError as exc:
            failed.append((name, exc))
    data = {
        "fields": [o.data for o in outcomes],
        "errors": [{"field": n, "error": str(e), "code": e.code} for n, e in failed],
    }
    _emit(as_json, data, lambda: [line for o in outcomes for line in o.lines])
    for o in outcomes:
        o.tell()
    for name, error in failed:
        click.echo(f"memsync: {name}: {error}", err=True)
    codes = [e.code for _, e in failed] or sorted({o.code for o in outcomes if o.code}, reverse=True)
    if codes:
        sys.exit(codes[0])


@main.command()
@click.argument("field")
@remote_option
@wait_option
@json_option
def status(field: str, remote: str | None, wait: float, as_json: bool) -> None:
    """What a sync of FIELD would do now (changes nothing); exits 3 while conflicts are unresolved."""
    reports = _run(field, remote, "sync", True, wait=wait)
    ws = Workspace.find()
    found = [(r.field, c) for r in reports for c in history.conflicts(ws, r.field)]
    data = reports[0].to_json()
    if len(reports) > 1:
        data["members"] = [r.to_json() for r in reports[1:]]
    data["unresolved_conflicts"] = [{"field": f, **c.to_json()} for f, c in found]
    _emit(
        as_json,
        data,
        lambda: (
            [line for r in reports for line in _report_lines(r)]
            + [f"  unresolved conflict in {f}: {c.copy} (a copy of {c.page})" for f, c in found]
        ),
    )
    if found:
        name = reports[0].field
        click.echo(f"memsync: {len(found)} unresolved conflict(s): see 'memsync conflicts {name}'", err=True)
        sys.exit(EXIT_CONFLICT)


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
@click.option("--name", "field_name", default=None, help="Field name (default: DIRECTORY's name, else from the URL).")
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
    """Make a new field from URL in DIRECTORY, with URL as its origin (your own field: trusted as self by default).

    The field is named after DIRECTORY, as git names a clone, else after the URL."""
    parsed = parse_options(options)
    if not dry_run:
        target = _Target(field_name, directory, "give one with --name NAME", "clone into another DIRECTORY", False)
        _finish(_subscribe(url, target, expect, trust_policy, options=parsed), as_json, no_index)
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
@max_delete_option
@click.option("--force", is_flag=True, help="Mirror into a DESTINATION that holds files but is no field.")
@dry_run_option
@json_option
def mirror(
    source: str, destination: str, max_delete: DeleteLimit | None, force: bool, dry_run: bool, as_json: bool
) -> None:
    """Make DESTINATION hold exactly SOURCE's field (one way; DESTINATION's changes are replaced).

    A DESTINATION with files but no SHA256SUMS is not a field and is refused without --force."""
    report = engine.mirror(
        source, destination, dry_run=dry_run, progress=terminal_bar, max_delete=max_delete, force=force
    )

    def text() -> list[str]:
        verb = "would make" if dry_run else "made"
        lines = details(_change_lines("", report.changes), _counts("changes", report.changes))
        return [*lines, f"{verb} {len(report.changes)} change(s); {destination} = {report.digest}"]

    _emit(as_json, report.to_json(), text)


# -- field tools ---------------------------------------------------------------
