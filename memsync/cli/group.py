"""The click group every memsync group is (the top one and ``remote``, ``trust``):
-q/-v on each of its commands, and every failure one line and an exit code.

Here, not in ``app.py``, so that a command module can make a group of its own
without importing the group that loads it by name."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from typing import Any, NoReturn

import click

from ..errors import InternalError, MemsyncError, one_line, translate
from .options import _verbosity_options

# Shared by every context of one invocation (click's Context.meta).
_JSON_KEY = "memsync.json"
_ANSWERED_KEY = "memsync.json_error_sent"


class Group(click.Group):
    """Turns every failure into one line on stderr and a non-zero exit.

    Every command goes through memsync.api, whose boundary (errors.boundary) has
    already made each failure a MemsyncError with its exit code: here it is only
    printed. What is left to catch is the CLI's own: usage errors, Ctrl-C and
    SIGTERM, and a reader that went away (``| head``)."""

    group_class = type  # a group's subgroups are Groups too: their commands get -q/-v

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


def _json_error(message: str, code: int) -> None:
    ctx = click.get_current_context(silent=True)
    # A subgroup's failure passes through the outer group too: answer once.
    if ctx is not None and ctx.meta.get(_JSON_KEY) and not ctx.meta.get(_ANSWERED_KEY):
        ctx.meta[_ANSWERED_KEY] = True
        import json  # here: --version and --help need no json

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
