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

from ..errors import MemsyncError, WorkspaceError
from ..workspace import Workspace


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


def _field_name(ws: Workspace, arg: str) -> str:
    if arg in ws.fields:
        return arg
    by_path = ws.field_for_path(Path(arg))
    if by_path is not None:
        return by_path
    raise WorkspaceError(f"no field {arg!r} in this workspace (see 'memsync fields')")


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
