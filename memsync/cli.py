"""The ``memsync`` command line: parse, call the library, print.

Every command takes ``--json`` (one JSON object on stdout); commands that
change something take ``--dry-run``. Errors are one line on stderr and a
non-zero exit: 1 error, 2 usage, 3 conflicts kept as copies, 4 pull first.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from . import archive as archive_mod
from . import check, engine
from .errors import MemsyncError, WorkspaceError
from .field import scan
from .plan import Change
from .progress import terminal_bar
from .registry import is_archive_url, open_backend
from .transfer import read_remote
from .vectors.after_sync import reindex_after
from .workspace import TRUST_POLICIES, Workspace, absolute_if_path

EXIT_CONFLICT = 3
EXIT_QUARANTINED = 5


class _Cli(click.Group):
    """Turns every failure into one line on stderr and a non-zero exit."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except MemsyncError as exc:
            _fail(str(exc), exc.code)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except KeyboardInterrupt:
            _fail("interrupted", 130)
        except BrokenPipeError:
            # The reader (| head) went away: nothing more to say, to anyone.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(1)
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            _fail(f"{where}{exc.strerror or exc}", 1)
        except Exception as exc:  # a bug: still one line, the traceback on request
            if os.environ.get("MEMSYNC_DEBUG"):
                raise
            _fail(f"internal error: {type(exc).__name__}: {exc} (set MEMSYNC_DEBUG=1 for a traceback)", 1)


def _fail(message: str, code: int) -> None:
    click.echo(f"memsync: {message}", err=True)
    sys.exit(code)


json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object for agents and CI.")
dry_run_option = click.option("--dry-run", is_flag=True, help="Show what would change; change nothing.")
remote_option = click.option("--remote", "-r", "remote", default=None, help="Remote name (default: origin).")
no_index_option = click.option("--no-index", is_flag=True, help="Do not rebuild the field's vector index afterwards.")


def _emit(as_json: bool, data: dict[str, Any], text: Callable[[], list[str]]) -> None:
    if as_json:
        click.echo(json.dumps(data, indent=2, sort_keys=True))
    else:
        for line in text():
            click.echo(line)


@click.group(cls=_Cli, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="memsync")
def main() -> None:
    """Sync and transport memoryfields between local folders and remotes."""


# -- workspace -----------------------------------------------------------------


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
@dry_run_option
@json_option
def add(name: str, path: Path | None, dry_run: bool, as_json: bool) -> None:
    """Add field NAME kept in folder PATH (default: ./NAME; created if missing)."""
    ws = Workspace.find()
    folder = (path or Path(name)).absolute()
    spec = ws.add_field(name, folder, dry_run=dry_run)
    if not dry_run:
        folder.mkdir(parents=True, exist_ok=True)
    prefix = "would add " if dry_run else ""
    _emit(
        as_json,
        {"field": name, "path": str(folder), "dry_run": dry_run},
        lambda: [f"{prefix}field {name} → {spec.path}"],
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


def _field_name(ws: Workspace, arg: str) -> str:
    if arg in ws.fields:
        return arg
    by_path = ws.field_for_path(Path(arg))
    if by_path is not None:
        return by_path
    raise WorkspaceError(f"no field {arg!r} in this workspace (see 'memsync fields')")


# -- sync ----------------------------------------------------------------------


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
    source: str, field_name: str | None, into: Path | None, expect: str | None, trust: str
) -> engine.SyncReport:
    """Pull SOURCE into the workspace field that follows it, creating field and
    workspace when new; a failed first pull leaves neither behind."""
    source = absolute_if_path(source)
    try:
        ws = Workspace.find()
        created_ws = None
    except WorkspaceError:
        ws = created_ws = Workspace.init(Path.cwd())
    for name, spec in ws.fields.items():
        if field_name in (None, name) and any(rc.url == source for rc in spec.remotes.values()):
            return engine.Session(ws, name, None, progress=terminal_bar).run("pull", expect=expect)
    name = field_name or _name_from_url(source)
    folder = (into or Path(name)).absolute()
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise WorkspaceError(f"{folder} exists and is not an empty folder; choose another with --into")
    folder_existed = folder.exists()
    ws.add_field(name, folder)
    try:
        ws.add_remote(name, "origin", source, {}, trust=trust)
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
@no_index_option
@dry_run_option
@json_option
def pull(
    source: str,
    remote: str | None,
    expect: str | None,
    field_name: str | None,
    into: Path | None,
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
        report = _run(source, remote, "pull", dry_run, expect)
    else:
        if dry_run:
            raise WorkspaceError("--dry-run needs an existing field; clone or pull without it first")
        report = _subscribe(source, field_name, into, expect, trust_policy)
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
    with open_backend(config.url, config.options) as backend:
        broken = backend.unlock()
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
    with open_backend(config.url, config.options) as backend:
        entries = backend.log(limit)

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
    packed = archive_mod.write_field(root, None)  # only the pins are printed
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
@_trust_option("self")
@no_index_option
@dry_run_option
@json_option
def clone(
    url: str,
    directory: Path | None,
    field_name: str | None,
    expect: str | None,
    trust_policy: str,
    no_index: bool,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Make a new field from URL, with URL as its origin (your own field: trusted as self by default)."""
    if not dry_run:
        _finish(_subscribe(url, field_name, directory, expect, trust_policy), as_json, no_index)
        return
    with open_backend(absolute_if_path(url)) as backend:
        remote_manifest = read_remote(backend, None, None).manifest
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


def _folder(arg: str) -> Path:
    """A field argument: a folder path, or a field name in the current workspace."""
    path = Path(arg)
    if path.exists():
        return path
    try:
        ws = Workspace.find()
    except WorkspaceError:
        return path
    return ws.field_path(arg) if arg in ws.fields else path


@main.command()
@click.argument("field")
@click.option("-o", "--output", type=click.Path(path_type=Path), required=True, help="NAME.memoryfield.zip")
@dry_run_option
@json_option
def pack(field: str, output: Path, dry_run: bool, as_json: bool) -> None:
    """Pack FIELD into a byte-reproducible archive."""
    from . import atomic

    if not output.name.endswith(archive_mod.ARCHIVE_SUFFIX):
        raise WorkspaceError(f"{output}: archive names end in {archive_mod.ARCHIVE_SUFFIX}")
    root = _folder(field)
    if dry_run:
        packed = archive_mod.write_field(root, None)
    else:
        with atomic.replacing(output.absolute()) as handle:
            packed = archive_mod.write_field(root, handle)
    data = {
        "archive": str(output),
        "sha256": packed.sha256,
        "digest": packed.manifest.digest,
        "files": len(packed.manifest),
        "bytes": packed.size,
        "dry_run": dry_run,
    }
    _emit(as_json, data, lambda: [f"{packed.sha256}  {output}", f"field digest {packed.manifest.digest}"])


@main.command()
@click.argument("archive", type=click.Path(path_type=Path))
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--sha256", "expect", default=None, metavar="HEX", help="Refuse unless the archive has this sha256.")
@dry_run_option
@json_option
def unpack(archive: Path, directory: Path, expect: str | None, dry_run: bool, as_json: bool) -> None:
    """Unpack ARCHIVE into a new field folder DIRECTORY, refusing anything unsafe."""
    report = archive_mod.unpack(archive, directory, expect=expect, dry_run=dry_run)
    _emit(as_json, report, lambda: [f"unpacked {report['files']} file(s) into {directory}; digest {report['digest']}"])


@main.command()
@click.argument("target")
@click.option("--sha256", "expect", default=None, metavar="HEX", help="Also require this archive sha256 or digest.")
@json_option
def verify(target: str, expect: str | None, as_json: bool) -> None:
    """Check a field folder or archive against its SHA256SUMS (and a pinned hash)."""
    result = check.verify(_folder(target), expect)
    _emit(
        as_json,
        result.to_json(),
        lambda: (
            [f"OK {result.kind}: {result.files} file(s), {result.digest}"]
            + ([f"archive sha256 {result.archive_sha256}"] if result.archive_sha256 else [])
        ),
    )


@main.command()
@click.argument("field")
@json_option
def validate(field: str, as_json: bool) -> None:
    """Report what in FIELD breaks (errors) or strains (warnings) the memoryfield spec."""
    findings = check.validate(_folder(field))
    errors = [f for f in findings if f.level == "error"]
    _emit(
        as_json,
        {"ok": not errors, "findings": [f.to_json() for f in findings]},
        lambda: [str(f) for f in findings] + [f"{len(errors)} error(s), {len(findings) - len(errors)} warning(s)"],
    )
    if errors:
        sys.exit(1)


@main.command()
@click.argument("field")
@dry_run_option
@json_option
def manifest(field: str, dry_run: bool, as_json: bool) -> None:
    """Write FIELD's SHA256SUMS from what it holds now."""
    root = _folder(field)
    current = scan(root)
    if not dry_run:
        engine.write_manifest(root, current, None)
    _emit(
        as_json,
        {"digest": current.digest, "files": len(current), "dry_run": dry_run},
        lambda: [f"{len(current)} file(s), {current.digest}"],
    )


@main.command()
@click.option("--keep", type=click.Path(path_type=Path), default=None, help="Run in DIR and keep it.")
@json_option
def demo(keep: Path | None, as_json: bool) -> None:
    """Two machines, one shared folder, edits on both: the main job end to end."""
    from .demo import run_demo

    story = run_demo(keep)
    _emit(as_json, story.to_json(), story.lines)


# Commands kept in their own modules register themselves on import.
from . import cli_trust, cli_vectors  # noqa: E402, F401
from .serve import serve  # noqa: E402

main.add_command(serve)
