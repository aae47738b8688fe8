"""Continuous sync: keep fields in step with their remotes while agents write to them.

A :class:`Watcher` runs in the foreground of one thread and syncs one field at
a time, each with its default (or the given) remote:

- local changes arrive as filesystem events (watchdog, one non-recursive watch
  per field folder); a field is synced once it has been quiet for
  ``debounce`` seconds, or ``MAX_DELAY`` seconds after its first unsynced
  change when it is written to without pause. Events caused by the sync's own
  writes cost nothing: a stat-cache scan finds the field equal to its sync
  base and no request is made;
- remotes are polled every ``interval`` seconds by an ordinary sync, whose
  no-op case is one conditional manifest read; a field with unsettled local
  changes is not polled (that sync would push them mid-write) but synced
  once they settle;
- a failed sync is retried after 2 s, 4 s, 8 s… up to ``BACKOFF_MAX``; local
  changes made meanwhile are kept for that retry, and the first success says
  it recovered;
- a version held in quarantine is reported once; until it is accepted or
  rejected, the field's poll is one conditional read against the held
  version's ETag, and only a newer version there brings a new sync;
- :meth:`Watcher.stop` (any thread, or a signal handler) ends the loop between
  syncs, at once when it is waiting.

Each sync and each state change is one :class:`Event`, handed to ``on_event``.
What the watcher does to a field (sync it, ask whether it changed, whether its
remote still offers the held version) are :class:`Steps`: the API's calls
(``Memsync.watch`` makes the watcher), so a watch is a loop over the API.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from .errors import MemsyncError, WorkspaceBusy, WorkspaceError, boundary
from .guard import TooManyDeletes
from .limits import WATCH_BACKOFF_FIRST as BACKOFF_FIRST
from .limits import WATCH_BACKOFF_MAX as BACKOFF_MAX
from .limits import WATCH_BUSY_REPORT as BUSY_REPORT
from .limits import WATCH_BUSY_RETRY as BUSY_RETRY
from .limits import WATCH_DEBOUNCE as DEFAULT_DEBOUNCE
from .limits import WATCH_INTERVAL as DEFAULT_INTERVAL
from .limits import WATCH_MAX_DELAY as MAX_DELAY
from .names import Role, role_of
from .workspace import now

# watchdog (and its observer thread's libraries) are imported by the watcher that
# runs: the API names this module's defaults for every command.
if TYPE_CHECKING:
    from watchdog.events import FileSystemEvent

# watchdog's inotify thread logs an error when it is stopped between two reads
# (a race in its shutdown, harmless); without a handler of its own Python would
# print it on stderr as the watcher ends. Real failures reach us as exceptions.
logging.getLogger("watchdog").addHandler(logging.NullHandler())

Kind = Literal["start", "sync", "held", "busy", "error", "stop"]
Level = Literal["error", "info", "debug"]


class Report(Protocol):
    """A sync's result as the watcher reads it (``memsync.api.RunResult``)."""

    field: str
    remote: str
    digest: str | None
    local_changes: list[dict[str, Any]]
    remote_changes: list[dict[str, Any]]
    conflicts: list[dict[str, Any]]
    trust: dict[str, Any] | None
    quarantined: str | None

    def to_json(self) -> dict[str, Any]: ...


class Steps(Protocol):
    """What the watcher does to one field with one remote; each raises only memsync's errors."""

    def sync(self, field: str, remote: str) -> tuple[Report, str | None]:
        """Sync the field; and the error its index rebuild met, if any (the sync itself landed)."""
        ...

    def changed(self, field: str, remote: str) -> bool:
        """Whether the field differs from its sync base (no request: a stat-cache scan)."""
        ...

    def held(self, field: str, remote: str) -> tuple[str, str] | None:
        """(digest, reason) of the version held in quarantine while the remote still
        offers it (one conditional read); None when none is held or the remote moved on."""
        ...


@dataclass
class Event:
    """One line of the watcher's log: what happened to which field."""

    kind: Kind
    message: str
    field: str | None = None
    remote: str | None = None
    level: Level = "info"
    time: str = dataclasses.field(default_factory=now)
    report: Report | None = None
    code: int | None = None  # the exit code the error would give a one-off command
    retry_in: float | None = None
    fields: list[str] | None = None  # for start: what is watched

    def to_json(self) -> dict[str, Any]:
        return {
            "time": self.time,
            "event": self.kind,
            "level": self.level,
            "message": self.message,
            "field": self.field,
            "remote": self.remote,
            "report": self.report.to_json() if self.report else None,
            "code": self.code,
            "retry_in": self.retry_in,
            "fields": self.fields,
        }


@dataclass
class _Field:
    name: str
    remote: str
    root: Path
    next_poll: float = 0.0
    dirty_since: float | None = None  # first local change not yet synced
    last_change: float = 0.0
    failures: int = 0
    retry_at: float = 0.0
    observed: bool = False
    busy_since: float | None = None  # another memsync command has held the workspace since
    busy_said: bool = False
    reported_held: set[str] = dataclasses.field(default_factory=set)


def _changes(watcher: Watcher, state: _Field) -> Any:
    """A watchdog handler that marks ``state`` dirty when one of its content files changes."""
    from watchdog.events import EVENT_TYPE_CLOSED_NO_WRITE, EVENT_TYPE_OPENED, FileSystemEventHandler

    class Changes(FileSystemEventHandler):
        def on_any_event(self, event: FileSystemEvent) -> None:
            # Reads (memsync's own hashing and pushing) are not changes.
            if event.is_directory or event.event_type in (EVENT_TYPE_OPENED, EVENT_TYPE_CLOSED_NO_WRITE):
                return
            for raw in (event.src_path, event.dest_path):
                path = Path(os.fsdecode(raw)) if raw else None
                if path is not None and path.parent == state.root and role_of(path.name) is Role.CONTENT:
                    watcher.touched(state)
                    return

    return Changes()


class Watcher:
    """Keeps ``fields`` (name, remote, folder) synced through ``steps`` until :meth:`stop`."""

    def __init__(
        self,
        steps: Steps,
        fields: Iterable[tuple[str, str, Path]],
        *,
        interval: float = DEFAULT_INTERVAL,
        debounce: float = DEFAULT_DEBOUNCE,
        on_event: Callable[[Event], None] = lambda event: None,
    ) -> None:
        from watchdog.observers import Observer

        if interval <= 0 or debounce < 0:
            raise WorkspaceError("the poll interval must be above 0 and the debounce at least 0 seconds")
        self.steps = steps
        self.interval, self.debounce = interval, debounce
        self.on_event = on_event
        self.fields = [_Field(name, remote, root) for name, remote, root in fields]
        if not self.fields:
            raise WorkspaceError("no fields to watch (add a remote to a field first: memsync remote add)")
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._observer = Observer()

    @property
    def stopping(self) -> bool:
        return self._stopping.is_set()

    def stop(self) -> None:
        """End the loop after the sync in progress (at once when waiting). Safe from any thread."""
        self._stopping.set()
        self._wake.set()

    def touched(self, state: _Field) -> None:
        with self._lock:
            t = time.monotonic()
            if state.dirty_since is None:
                state.dirty_since = t
            state.last_change = t
        self._wake.set()

    def run(self) -> None:
        """Sync until :meth:`stop`. Only memsync's errors leave it: each step is an API
        call, and watchdog's own failures (an inotify limit, say) meet the same boundary."""
        observer = self._observer
        with boundary():
            for watched in self.fields:
                self._observe(watched)
            observer.start()
        try:
            self.on_event(
                Event(
                    "start",
                    f"watching {len(self.fields)} field(s); polling every {self.interval:g}s",
                    fields=[s.name for s in self.fields],
                )
            )
            while not self._stopping.is_set():
                due, reason, wait = self._next()
                if due is None:
                    self._wake.wait(wait)
                    self._wake.clear()
                    continue
                self._sync(due, reason)
        finally:
            with boundary():
                observer.stop()
                observer.join()
            self.on_event(Event("stop", "stopped"))

    def _observe(self, state: _Field) -> None:
        """Watch the field's folder for local changes once it is there. A missing one is
        not made here: a folder gone after a sync was moved or unmounted (the sync says
        so and changes nothing), and one never synced is made by its first pull."""
        if state.observed or not state.root.is_dir():
            return
        try:
            with boundary():  # watchdog's failures (an inotify limit) end the watch in one line
                self._observer.schedule(_changes(self, state), str(state.root), recursive=False)
        except MemsyncError as exc:
            if isinstance(exc.__cause__, FileNotFoundError | NotADirectoryError):
                return  # gone again since: the next sync says so
            raise
        state.observed = True

    # -- scheduling ---------------------------------------------------------------

    def _next(self) -> tuple[_Field | None, str, float]:
        """The field to sync now and why ("local" or "poll"), or how long to wait."""
        t = time.monotonic()
        wait = self.interval
        with self._lock:
            for state in self.fields:
                if t < state.retry_at:
                    wait = min(wait, state.retry_at - t)
                    continue
                if state.dirty_since is not None:
                    ready = min(state.last_change + self.debounce, state.dirty_since + MAX_DELAY)
                    if t >= ready:
                        return state, "local", 0.0
                    # A poll is a whole sync: now it would push the field mid-write
                    # (an editor's temp file, a half-saved page); the local sync due
                    # at ready polls too.
                    wait = min(wait, ready - t)
                    continue
                if t >= state.next_poll:
                    return state, "poll", 0.0
                wait = min(wait, state.next_poll - t)
        return None, "", max(wait, 0.01)

    # -- one sync -------------------------------------------------------------------

    def _sync(self, state: _Field, reason: str) -> None:
        with self._lock:
            dirty_since, state.dirty_since = state.dirty_since, None
        try:
            # Each step reads the config afresh: a trust policy or remote changed meanwhile applies now.
            if reason == "local" and not self.steps.changed(state.name, state.remote):
                return
            held = self.steps.held(state.name, state.remote)
            if held is not None:
                self._held(state, *held)
                state.next_poll = time.monotonic() + self.interval
                return
            report, index_error = self.steps.sync(state.name, state.remote)
        except WorkspaceBusy:
            # The agent's own `memsync sync`, say: nothing failed, so no error and no backoff.
            self._retry(state, BUSY_RETRY, dirty_since)
            self._busy(state)
            return
        except MemsyncError as exc:
            state.busy_since, state.busy_said = None, False
            self._failed(state, exc, dirty_since)
            return
        self._observe(state)  # a field's first pull made its folder: its changes count from now
        if index_error is not None:
            self.on_event(Event("error", f"{report.field}: {index_error}", report.field, report.remote, "error"))
        state.busy_since, state.busy_said = None, False
        state.next_poll = time.monotonic() + self.interval
        recovered, state.failures = state.failures, 0
        self._report(state, report, recovered)

    def _failed(self, state: _Field, exc: MemsyncError, dirty_since: float | None) -> None:
        state.failures += 1
        delay = min(BACKOFF_FIRST * 2 ** (state.failures - 1), BACKOFF_MAX)
        self._retry(state, delay, dirty_since)
        what = str(exc)
        if isinstance(exc, TooManyDeletes):  # "run it again" would be watch, which takes no --max-delete
            what += f" (here: memsync sync {state.name} --remote {state.remote} --max-delete {exc.deletes})"
        self.on_event(
            Event(
                "error",
                f"{state.name} ⇄ {state.remote}: {what}; retrying in {delay:g}s",
                state.name,
                state.remote,
                "error",
                code=exc.code,
                retry_in=delay,
            )
        )

    def _busy(self, state: _Field) -> None:
        """Say once when waiting for another command outlasts a poll: a watcher that
        syncs nothing must not look like one with nothing to sync."""
        t = time.monotonic()
        if state.busy_since is None:
            state.busy_since = t
        elif t - state.busy_since >= max(BUSY_REPORT, self.interval) and not state.busy_said:
            state.busy_said = True
            self.on_event(
                Event(
                    "busy",
                    f"{state.name} ⇄ {state.remote}: another memsync command has held the workspace for "
                    f"{t - state.busy_since:.0f}s; syncs wait for it",
                    state.name,
                    state.remote,
                )
            )

    def _retry(self, state: _Field, delay: float, dirty_since: float | None) -> None:
        state.retry_at = time.monotonic() + delay
        state.next_poll = max(state.next_poll, state.retry_at)
        if dirty_since is not None:
            with self._lock:  # the local change still has to go out
                state.dirty_since = min(dirty_since, state.dirty_since or dirty_since)
                state.last_change = max(state.last_change, dirty_since)

    def _held(self, state: _Field, digest: str, reason: str) -> None:
        if digest in state.reported_held:
            return
        state.reported_held.add(digest)
        self.on_event(
            Event(
                "held",
                f"{state.name} ⇄ {state.remote}: {digest[:19]}… held in quarantine ({reason}); "
                f"review it: memsync review {state.name}",
                state.name,
                state.remote,
                "error",
                code=5,
            )
        )

    def _report(self, state: _Field, report: Report, recovered: int) -> None:
        if report.quarantined:
            reason = str(report.trust["reason"]) if report.trust else "untrusted"
            self._held(state, report.quarantined, reason)
            return
        parts = []
        if report.local_changes:
            parts.append(f"pulled {len(report.local_changes)}")
        if report.remote_changes:
            parts.append(f"pushed {len(report.remote_changes)}")
        if report.conflicts:
            copies = ", ".join(c["conflict_copy"] for c in report.conflicts)
            parts.append(f"{len(report.conflicts)} conflict(s) kept as copies: {copies}")
        text = ", ".join(parts) or "up to date"
        if recovered:
            text += f" (recovered after {recovered} failed attempt(s))"
        digest = f"; {report.digest[:19]}…" if report.digest and parts else ""
        level: Level = "error" if report.conflicts else "info" if parts or recovered else "debug"
        self.on_event(
            Event(
                "sync",
                f"{state.name} ⇄ {state.remote}: {text}{digest}",
                state.name,
                state.remote,
                level,
                report=report,
                code=3 if report.conflicts else None,
            )
        )
