"""The ``memsync`` command line: parse, call the library, print.

Every command takes ``--json`` (one JSON object on stdout, documented in
docs/JSON.md), ``-q`` (errors only) and ``-v`` (every file); commands that
change something take ``--dry-run``. Errors are one line on stderr and a
non-zero exit: 1 error, 2 usage, 3 conflicts kept as copies, 4 pull first,
130 interrupted (Ctrl-C), 143 terminated (SIGTERM); under ``--json`` the error
is also ``{"error": ..., "code": ...}`` on stdout.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, NoReturn

import click

from .. import __version__, progress
from ..errors import InternalError, MemsyncError, one_line, redact, translate

# json and pathlib are imported where they are used, as the workspace code is:
# --version and --help need none of them (and every command loads them anyway).

#: Where each command is defined, so a command imports only its own module:
#: ``memsync --version`` imports no command at all, and ``memsync push``
#: none of the server, the scanner or the vector code. A command missing here
#: is still found (every module is imported to look for it), only slower;
#: tests/test_cli_lazy.py keeps this table true.
COMMANDS = {
    **dict.fromkeys(("init", "add", "fields"), "memsync.cli.workspace"),
    "remote": "memsync.cli.remotes",
    **dict.fromkeys(
        ("pull", "push", "sync", "status", "unlock", "log", "publish", "clone", "mirror"), "memsync.cli.sync"
    ),
    **dict.fromkeys(("pack", "unpack", "verify", "validate", "manifest", "demo"), "memsync.cli.files"),
    **dict.fromkeys(
        ("keygen", "sign-with", "trust", "quarantine", "review", "accept", "reject", "blame"), "memsync.cli.trust"
    ),
    **dict.fromkeys(("index", "search"), "memsync.cli.vectors"),
    **dict.fromkeys(("conflicts", "resolve", "history", "restore", "undo", "gc", "config"), "memsync.cli.history"),
    "watch": "memsync.cli.watch",
    "serve": "memsync.serve",
}


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
_JSON_KEY = "memsync.json"
_QUIET_KEY = "memsync.quiet"
_VERBOSE_KEY = "memsync.verbose"
_ANSWERED_KEY = "memsync.json_error_sent"
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


class _Cli(click.Group):
    """Turns every failure into one line on stderr and a non-zero exit; loads
    a command's module only when that command runs (or help lists it).

    Every command goes through memsync.api, whose boundary (errors.boundary) has
    already made each failure a MemsyncError with its exit code: here it is only
    printed. What is left to catch is the CLI's own: usage errors, Ctrl-C and
    SIGTERM, and a reader that went away (``| head``)."""

    lazy = False  # the top group loads command modules; subgroups hold their commands already

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if self.lazy and cmd_name not in self.commands:
            home = COMMANDS.get(cmd_name)
            for module in [home] if home else dict.fromkeys(COMMANDS.values()):
                _load(self, module)
        return self.commands.get(cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        if self.lazy:
            for module in dict.fromkeys(COMMANDS.values()):
                _load(self, module)
        return sorted(self.commands)

    group_class = type  # subgroups (remote, trust) are _Cli too: their commands get -q/-v

    def main(self, *args: Any, **kwargs: Any) -> Any:
        # As the program itself (not called from Python code that owns the process):
        # Ctrl-C and SIGTERM end it promptly, whatever its threads are doing.
        if kwargs.get("standalone_mode", True) and threading.current_thread() is threading.main_thread():
            _watch_signals()
        return super().main(*args, **kwargs)

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        if not isinstance(cmd, click.Group):
            cmd.params.extend(_verbosity_options())
        super().add_command(cmd, name)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # Known before any parsing, so even a usage error can be answered in JSON.
        options = args[: args.index("--")] if "--" in args else args
        if "--json" in options:
            ctx.meta[_JSON_KEY] = True
        try:
            return super().parse_args(ctx, args)
        except click.exceptions.NoArgsIsHelpError:
            raise  # a bare ``memsync`` (or ``memsync remote``) asks for the help screen
        except click.UsageError as exc:  # the top group's own options; a command's are checked in invoke
            with ctx:
                _usage_fail(exc, ctx)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            try:
                return super().invoke(ctx)
            except (MemsyncError, click.ClickException, click.exceptions.Exit, click.exceptions.Abort, BrokenPipeError):
                raise
            except Exception as exc:
                # Not the library's (the API's boundary let only memsync's errors out): the CLI's
                # own, its output to a full disk or a bug. The library's one rule words it.
                raise translate(exc) from exc
        except InternalError as exc:  # a bug the library's boundary wrapped: the traceback on request
            if os.environ.get("MEMSYNC_DEBUG"):
                raise
            _fail(f"{exc} (set MEMSYNC_DEBUG=1 for a traceback)", exc.code)
        except MemsyncError as exc:
            _fail(str(exc), exc.code)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as exc:
            _usage_fail(exc, ctx)
        except click.ClickException as exc:
            _fail(exc.format_message(), exc.exit_code)
        except (click.exceptions.Exit, click.exceptions.Abort):
            raise
        except KeyboardInterrupt:
            if _signals:
                with contextlib.suppress(Exception):
                    _json_error("interrupted" if _signals[0] == signal.SIGINT else "terminated", 128 + _signals[0])
                    sys.stdout.flush()
                _end(_signals[0])
            _fail("interrupted", 130)
        except BrokenPipeError:
            # The reader (| head) went away: nothing more to say, to anyone.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(1)


def _load(group: click.Group, module: str) -> None:
    """Import a command module: its commands register themselves on ``main``
    (the server's command is a plain one, added here)."""
    loaded = importlib.import_module(module)
    serve = getattr(loaded, "serve", None)
    if module == "memsync.serve" and isinstance(serve, click.Command):
        group.add_command(serve)


def _json_error(message: str, code: int) -> None:
    ctx = click.get_current_context(silent=True)
    # A subgroup's failure passes through the outer group too: answer once.
    if ctx is not None and ctx.meta.get(_JSON_KEY) and not ctx.meta.get(_ANSWERED_KEY):
        ctx.meta[_ANSWERED_KEY] = True
        import json

        click.echo(json.dumps({"error": message, "code": code}, sort_keys=True))


def _usage_fail(exc: click.UsageError, ctx: click.Context) -> NoReturn:
    """Click's usage errors are four lines (usage, hint, blank, error): here one,
    naming the help that shows the usage. Some of click's parser errors carry no
    context; the command being parsed is then the group's ``invoked_subcommand``."""
    if exc.ctx is not None:
        where = exc.ctx.command_path
    else:
        where = " ".join(filter(None, (ctx.command_path, ctx.invoked_subcommand)))
    _fail(f"{exc.format_message().rstrip('.')} (see '{where} --help')", exc.exit_code)


def _fail(message: str, code: int) -> NoReturn:
    """One line on stderr always (logs and people read it), and under --json
    the same error as an object on stdout (programs read that)."""
    message = one_line(message)
    _json_error(message, code)
    click.echo(f"memsync: {message}", err=True)
    sys.exit(code)


_signals: list[int] = []
_ending = threading.Lock()


def _watch_signals() -> None:
    """SIGINT and SIGTERM raise KeyboardInterrupt in the main thread; and since the
    main thread may be stuck (joining a worker, or in C code that does not return),
    a watcher learns of the signal from the C-level handler at once and ends the
    process ``SIGNAL_GRACE`` seconds later if it has not ended by then."""
    read_fd, write_fd = os.pipe()
    os.set_blocking(write_fd, False)
    signal.set_wakeup_fd(write_fd)
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, _interrupt)
    threading.Thread(target=_watch, args=(read_fd,), name="memsync-signals", daemon=True).start()


def _interrupt(signum: int, frame: object) -> None:
    _signals.append(signum)
    raise KeyboardInterrupt


def _watch(read_fd: int) -> None:
    signum = os.read(read_fd, 1)[0]
    from ..limits import SIGNAL_GRACE  # here: --version loads nothing it does not use

    time.sleep(SIGNAL_GRACE)
    _end(signum)


def _end(signum: int) -> NoReturn:
    """One line, then the process ends at once: no pool join, no waiting on threads
    (nor on stdout's lock, which a stuck main thread may hold)."""
    with _ending:
        word = "interrupted" if signum == signal.SIGINT else "terminated"
        with contextlib.suppress(OSError):
            os.write(sys.stderr.fileno(), f"memsync: {word}\n".encode())
        os._exit(128 + signum)


json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object for agents and CI.")
dry_run_option = click.option("--dry-run", is_flag=True, help="Show what would change; change nothing.")
remote_option = click.option("--remote", "-r", "remote", default=None, help="Remote name (default: origin).")
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


@click.group(cls=_Cli, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="memsync")
def main() -> None:
    """Sync and transport memoryfields between local folders and remotes."""


main.params.extend(_verbosity_options())
main.lazy = True
