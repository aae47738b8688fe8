"""``memsync watch``: keep fields synced in the foreground, one log line per sync."""

from __future__ import annotations

import json
import os
import signal
from types import FrameType

import click

from ..api import DEFAULT_DEBOUNCE, DEFAULT_INTERVAL, Event, Memsync
from ..errors import redact
from ..progress import terminal_bar
from .options import Seconds, json_option, no_index_option, remote_option, verbosity

_SHOWN = {-1: {"error"}, 0: {"error", "info"}, 1: {"error", "info", "debug"}}


@click.command()
@click.argument("fields", nargs=-1, metavar="[FIELD]...")
@remote_option
@click.option(
    "--interval",
    type=Seconds(min=0, min_open=True),
    default=DEFAULT_INTERVAL,
    show_default=True,
    metavar="SECONDS",
    help="How often each remote is polled (one conditional request when nothing changed).",
)
@click.option(
    "--debounce",
    type=Seconds(min=0),
    default=DEFAULT_DEBOUNCE,
    show_default=True,
    metavar="SECONDS",
    help="Quiet time after a local change before it is synced.",
)
@no_index_option
@json_option
def watch(
    fields: tuple[str, ...],
    remote: str | None,
    interval: float,
    debounce: float,
    no_index: bool,
    as_json: bool,
) -> None:
    """Keep FIELDs (default: every field with a remote) synced until stopped.

    Local changes are synced once the field has been quiet for --debounce
    seconds; remotes are polled every --interval. One line per sync that
    changed something (-v: every poll; -q: errors, conflicts and quarantine
    only; --json: one JSON object per line). SIGTERM or Ctrl-C stops it after
    the sync in progress; a second Ctrl-C interrupts that sync."""
    shown = _SHOWN[verbosity()]

    def log(event: Event) -> None:
        if event.level not in shown:
            return
        line = json.dumps(event.to_json(), sort_keys=True) if as_json else f"{event.time} {event.message}"
        click.echo(redact(line))  # a log: its reports name the remote by URL, as _emit's output does

    m = Memsync.open(progress=terminal_bar)
    watcher = m.watch(list(fields), remote=remote, interval=interval, debounce=debounce, index=not no_index,
                      on_event=log)  # fmt: skip

    # The first SIGTERM or Ctrl-C lets the sync in progress land (a service manager's stop
    # timeout bounds it): the process-wide grace, which ends a command a second after a
    # signal, is held back until a second Ctrl-C.
    wakeup = signal.set_wakeup_fd(-1)

    def stop(signum: int, frame: FrameType | None) -> None:
        if watcher.stopping and signum == signal.SIGINT:
            if wakeup >= 0:
                signal.set_wakeup_fd(wakeup)
                os.write(wakeup, bytes([signum]))
            raise KeyboardInterrupt  # a second Ctrl-C: do not wait for the sync in progress
        watcher.stop()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    watcher.run()
