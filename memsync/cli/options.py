"""What every command module shares: the common options, -q/-v, and how a result is printed.

Here, not in ``app.py``, so that a command module imports its frame without
importing the group that loads it by name: the CLI's imports stay a tree, which
tests/test_layers.py checks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from .. import progress
from ..errors import redact

# json and pathlib are imported where they are used, as the workspace code is:
# --version and --help need none of them (and every command loads them anyway).


def complete_field(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """The workspace's field names, for shell completion (none outside a workspace)."""
    return [name for name in _fields() if name.startswith(incomplete)]


def complete_remote(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """The remote names of the FIELD already typed (every field's, when click has not read
    FIELD yet: it does not before an option's value), for shell completion."""
    field, fields = ctx.params.get("field"), _fields()
    remotes = fields.get(field, {}) if isinstance(field, str) else {r: "" for f in fields.values() for r in f}
    return sorted(name for name in remotes if name.startswith(incomplete))


def _fields() -> dict[str, dict[str, str]]:
    from ..api import Memsync
    from ..errors import MemsyncError

    try:
        return {name: info["remotes"] for name, info in Memsync.open().fields().fields.items()}
    except MemsyncError:  # no workspace here: nothing to offer
        return {}


class Seconds(click.FloatRange):
    """A duration: a number of seconds in the range, never NaN (which every range
    comparison lets through, and which no wait or deadline can use)."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        seconds = super().convert(value, param, ctx)
        if seconds != seconds:
            self.fail(f"{value!r} is not a number of seconds.", param, ctx)
        return seconds


# Shared by every context of one invocation (click's Context.meta).
_QUIET_KEY = "memsync.quiet"
_VERBOSE_KEY = "memsync.verbose"
SCREENFUL = 20  # per-file lines shown before the default output summarises
FIRST_FEW = 5  # per-file lines a summary still shows


def _set_flag(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value:
        ctx.meta[f"memsync.{param.name}"] = True
        if param.name == "quiet":
            progress.hush()


def _verbosity_options() -> list[click.Option]:
    """-q/-v for the group and every command, so both ``memsync -q sync`` and
    ``memsync sync --quiet`` (as a cron line is written) work."""
    common = {"is_flag": True, "expose_value": False, "is_eager": True, "callback": _set_flag}
    return [
        click.Option(["-q", "--quiet"], help="Print errors only.", **common),  # type: ignore[arg-type]
        click.Option(["-v", "--verbose"], help="Print every file, however many.", **common),  # type: ignore[arg-type]
    ]


def verbosity() -> int:
    """-1 under -q (which wins over -v), 1 under -v, else 0."""
    ctx = click.get_current_context(silent=True)
    meta = ctx.meta if ctx is not None else {}
    return -1 if meta.get(_QUIET_KEY) else 1 if meta.get(_VERBOSE_KEY) else 0


json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object for agents and CI.")
dry_run_option = click.option(
    "--dry-run", "-n", is_flag=True, help="Show what would change; change nothing (as rsync -n)."
)
remote_option = click.option(
    "--remote", "-r", "remote", default=None, shell_complete=complete_remote, help="Remote name (default: origin)."
)
expect_field_option = click.option(
    "--expect-field",
    "expect_field",
    default=None,
    metavar="NAME",
    help="The field name the source's signed release statements must give: any other is refused.",
)
no_index_option = click.option("--no-index", is_flag=True, help="Do not rebuild the field's vector index afterwards.")


def _emit(as_json: bool, data: dict[str, Any], text: Callable[[], list[str]], *, verbatim: bool = False) -> None:
    """A command's output. Remote URLs in it show no credentials; ``verbatim``
    output (a review) quotes pages, whose links are shown exactly as they are."""
    shown = (lambda line: line) if verbatim else redact
    if as_json:
        import json

        click.echo(shown(json.dumps(data, indent=2, sort_keys=True)))
    elif verbosity() >= 0:
        for line in text():
            click.echo(shown(line))


def details(lines: list[str], counts: str) -> list[str]:
    """Per-file lines: all of them under -v or when they fit a screen, else the
    first few and ``counts`` (a 5,000-page push is a summary, not 5,000 lines)."""
    if verbosity() > 0 or len(lines) <= SCREENFUL:
        return lines
    return [*lines[:FIRST_FEW], f"  … {len(lines) - FIRST_FEW} more ({counts}; -v lists every file)"]


def index_lines(data: dict[str, Any]) -> list[str]:
    """A rebuild's text, from its JSON object (or the error a sync's rebuild met)."""
    from pathlib import Path

    if "error" in data:
        return [f"warning: {data['error']}"]
    head = "would update index" if data.get("dry_run") else "index"
    return [f"  warning: {w}" for w in data["warnings"]] + [
        f"{head} {Path(data['index']).name} ({data['embedder']} embedder): {data['pages']} page(s), "
        f"{data['embedded']} embedded in {data['calls']} call(s), {data['reused']} reused, "
        f"{data['unchanged']} unchanged, {data['removed']} removed"
    ]
