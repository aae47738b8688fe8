"""When both sides changed, and the way back: conflicts, resolve, history, restore, undo, gc, config."""

from __future__ import annotations

import sys

import click

from ..api import SETTINGS, How, Memsync
from ..errors import WorkspaceError
from .options import _emit, complete_field, dry_run_option, json_option


def _short(sha: str | None) -> str:
    return sha[:12] if sha else "(none)"


@click.command()
@click.argument("field", required=False, shell_complete=complete_field)
@json_option
def conflicts(field: str | None, as_json: bool) -> None:
    """List the unresolved conflicts of FIELD (default: of every field)."""
    done = Memsync.open().conflicts(field)

    def text() -> list[str]:
        lines = []
        for c in done.conflicts:
            page = c["page"] if c["page_present"] else f"{c['page']} (gone)"
            lines.append(f"{c['field']}: {c['conflict_copy']} is {c['remote']}'s version of {page}")
        if not lines:
            return ["no unresolved conflicts"]
        return [*lines, "settle each with: memsync resolve FIELD PAGE --mine | --theirs | --both"]

    _emit(as_json, done.to_json(), text)


@click.command()
@click.argument("field", shell_complete=complete_field)
@click.argument("page")
@click.option("--mine", "how", flag_value="mine", help="Keep the page as it is; delete the copy.")
@click.option("--theirs", "how", flag_value="theirs", help="Make the copy's version the page (its identity kept).")
@click.option("--both", "how", flag_value="both", help="Keep both texts in the page, the copy's after a marker.")
@dry_run_option
@json_option
def resolve(field: str, page: str, how: How | None, dry_run: bool, as_json: bool) -> None:
    """Settle the conflict of PAGE in FIELD (PAGE: the page, or its conflict copy's name).

    The version replaced is kept in history; the next sync carries the result."""
    if how is None:
        raise WorkspaceError("resolve: say which version to keep: --mine, --theirs or --both")
    done = Memsync.open().resolve(field, page, how, dry_run=dry_run)

    def text() -> list[str]:
        if done.dry_run:
            return [f"{done.field}: would resolve {done.page} ({how}) and remove {done.copy}"]
        lines = [f"{done.field}: {done.page} resolved ({how}); {done.copy} removed"]
        if done.replaced:
            lines.append(f"  the version it replaced ({_short(done.replaced)}) is in history")
        return [*lines, f"  'memsync sync {done.field}' carries it to the remote"]

    _emit(as_json, done.to_json(), text)


@click.command("history")
@click.argument("field", required=False, shell_complete=complete_field)
@click.argument("page", required=False)
@click.option("--stats", is_flag=True, help="What history holds, per field, beside its retention and budget.")
@click.option(
    "-n",
    "--limit",
    default=50,
    show_default=True,
    type=click.IntRange(min=0),
    help="How many entries, newest first (0: all).",
)
@json_option
def history_cmd(field: str | None, page: str | None, stats: bool, limit: int, as_json: bool) -> None:
    """List the versions memsync replaced or deleted in FIELD (or PAGE), newest first."""
    if stats:
        if page is not None:
            raise click.UsageError("--stats takes a FIELD, not a PAGE")
        held = Memsync.open().history_stats(field)

        def summary() -> list[str]:
            lines = [
                f"{name}: {f['entries']} entries, {f['versions']} versions, {f['bytes']:,} byte(s) since {f['oldest']}"
                for name, f in held.fields.items()
            ]
            budget = f"{held.budget:,} byte(s)" if held.budget else "no bound"
            return [
                *lines,
                f"history holds {held.bytes:,} byte(s) (budget {budget}: memsync config history_max_bytes); "
                f"kept: every version for a day, one a day for a month, one a week for {held.days} days, "
                f"and the {held.versions} newest of each page",
            ]

        _emit(as_json, held.to_json(), summary)
        return
    if field is None:
        raise click.UsageError("name a FIELD (or ask for --stats)")
    done = Memsync.open().history(field, page, limit=limit)

    def text() -> list[str]:
        lines = []
        for e in done.entries:
            where = f" {e['remote']}" if e.get("remote") else ""
            gone = "" if e["old"] is None or e["old_kept"] else " (old version no longer kept)"
            old, new = _short(e["old"]), _short(e["new"])
            lines.append(f"{e['at']}  {e['op']}{where}  {e['page']}  {old} → {new}  run {e['run']}{gone}")
        return lines or [f"no history for {page or done.field} yet"]

    _emit(as_json, done.to_json(), text)


@click.command()
@click.argument("field", shell_complete=complete_field)
@click.argument("page")
@click.option(
    "--at",
    default=None,
    metavar="WHEN|HASH",
    help="The version to bring back: a hash (6+ hex digits) from 'memsync history', or a time "
    "(2026-03-01T09:30; local time unless it ends in Z) for the version the page held then. "
    "Default: the version the last change replaced.",
)
@dry_run_option
@json_option
def restore(field: str, page: str, at: str | None, dry_run: bool, as_json: bool) -> None:
    """Bring a version of PAGE back from FIELD's history as a local edit (the next sync carries it)."""
    done = Memsync.open().restore(field, page, at, dry_run=dry_run)

    def text() -> list[str]:
        if not done.changed:
            return [f"{done.field}: {done.page} already holds {_short(done.version)}"]
        what = f"restored {_short(done.version)}" if done.version else "deleted (it did not exist then)"
        if done.dry_run:
            return [f"{done.field}: {done.page} would be {what}"]
        lines = [f"{done.field}: {done.page} {what}"]
        if done.replaced:
            lines.append(f"  the version it replaced ({_short(done.replaced)}) is in history")
        return lines

    _emit(as_json, done.to_json(), text)


@click.command()
@click.argument("field", shell_complete=complete_field)
@dry_run_option
@json_option
def undo(field: str, dry_run: bool, as_json: bool) -> None:
    """Revert the last receive into FIELD (a pull or sync) as local edits; run again to go further back.

    A file changed since that receive is left as it is and named."""
    done = Memsync.open().undo(field, dry_run=dry_run)

    def text() -> list[str]:
        verb, keep = ("would undo", "would keep") if dry_run else ("undid", "kept")
        lines = [f"{done.field}: {verb} the receive of {done.at} (run {done.run})"]
        lines += [f"  {e['page']}: {_short(e['old'])} → {_short(e['new'])}" for e in done.reverted]
        lines += [f"  {keep} {s['page']}: {s['reason']}" for s in done.skipped]
        return lines

    _emit(as_json, done.to_json(), text)
    if done.skipped:
        were = "would be" if dry_run else "were"
        click.echo(
            f"memsync: {len(done.skipped)} file(s) {were} left as they are; "
            f"bring a version back with 'memsync restore {done.field} PAGE --at HASH'",
            err=True,
        )
    if done.exit_code:
        sys.exit(done.exit_code)


@click.command()
@click.option("--keep-days", type=click.IntRange(min=0), default=None, help="Override the history_days setting.")
@click.option(
    "--keep-versions", type=click.IntRange(min=0), default=None, help="Override the history_versions setting."
)
@click.option(
    "--max-bytes", type=click.IntRange(min=0), default=None, help="Override the history_max_bytes setting (0: none)."
)
@dry_run_option
@json_option
def gc(keep_days: int | None, keep_versions: int | None, max_bytes: int | None, dry_run: bool, as_json: bool) -> None:
    """Drop history past retention and its byte budget, and stored versions nothing refers to any more."""
    done = Memsync.open().gc(keep_days=keep_days, keep_versions=keep_versions, max_bytes=max_bytes, dry_run=dry_run)
    verb = "would remove" if dry_run else "removed"
    _emit(
        as_json,
        done.to_json(),
        lambda: [
            f"{verb} {done.entries_dropped} history entries and {done.objects_removed} stored version(s) "
            f"({done.bytes_freed} bytes)"
        ],
    )


@click.command()
@click.argument("key", required=False, type=click.Choice(sorted(SETTINGS)))
@click.argument("value", required=False)
@dry_run_option
@json_option
def config(key: str | None, value: str | None, dry_run: bool, as_json: bool) -> None:
    """Show the workspace's settings, or set KEY to VALUE (see docs/FORMAT.md, "History")."""
    done = Memsync.open().config(key, value, dry_run=dry_run)
    verb = "would set " if dry_run and value is not None else ""
    _emit(as_json, done.to_json(), lambda: [f"{verb}{k} = {v}" for k, v in done.settings.items()])
