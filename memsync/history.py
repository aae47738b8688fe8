"""History: every version a receive or a conflict set aside, and the way back.

Each field has a journal, ``.memsync/fields/FIELD/history.jsonl``: one JSON
object per line, appended whenever memsync itself replaces or deletes a file
of the live field (docs/FORMAT.md, "History"). The version it replaced is kept
in the workspace's object store first, durably, so a journal line never names
a version that is not there. What memsync changes in a live field:

- ``receive``: a pull or sync applying a remote's change (or a merge of it);
- ``resolve``: settling a conflict (``resolve``: the page it replaced, the copy
  it deleted);
- ``restore`` and ``undo``: bringing an older version back as a local edit.

A local edit the user or an agent makes is theirs and is not journaled; the
next sync carries it like any other edit.

Every change here is compare-before-replace (``atomic.replace_if``): a file
someone changed since memsync read it is left alone and reported, never
overwritten. ``gc`` applies the retention settings (``history_days``,
``history_versions``, staggered; ``history_max_bytes``, a budget) and deletes
the objects nothing refers to any more.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import secrets
import stat
import threading
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from . import merge, provenance
from .disk import atomic
from .errors import InputError, WorkspaceError
from .field import hash_file, scan
from .limits import MAX_COPY_BYTES
from .manifest import Manifest, sha256_hex
from .names import name_problem
from .store import ObjectStore, StagingStore
from .workspace import Workspace, mentioned, now

JOURNAL_NAME = "history.jsonl"
FORMAT = 1
OPS = ("receive", "resolve", "restore", "undo")
PENDING_LINES = 512  # lines of added pages written together


@dataclass(frozen=True)
class Entry:
    """One file of a live field changed by memsync: ``old`` (kept in the object
    store) became ``new`` (None: absent before, or deleted)."""

    at: str  # UTC, YYYY-MM-DDTHH:MM:SSZ
    op: str  # one of OPS
    run: str  # the memsync run that made the change (one sync, resolve, restore or undo)
    field: str
    page: str
    old: str | None
    new: str | None
    remote: str | None = None  # the remote a receive came from
    url: str | None = None
    undoes: str | None = None  # for undo: the run it reverted

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"v": FORMAT}
        for key in _KEYS:
            value = getattr(self, key)
            if value is not None or key in ("old", "new"):
                out[key] = value
        return out

    @classmethod
    def from_json(cls, raw: object) -> Entry | None:
        """An entry, or None for a line this version does not understand."""
        if not isinstance(raw, dict) or raw.get("v") != FORMAT:
            return None

        def text(key: str) -> str | None:
            value = raw.get(key)
            return value if isinstance(value, str) else None

        at, op, run, name, page = (text(k) for k in ("at", "op", "run", "field", "page"))
        old, new = raw.get("old"), raw.get("new")
        if at is None or op not in OPS or run is None or name is None or page is None:
            return None
        if not all(h is None or _is_sha(h) for h in (old, new)):
            return None
        return cls(at, op, run, name, page, old, new, text("remote"), text("url"), text("undoes"))


_KEYS = tuple(Entry.__dataclass_fields__)
_ENCODER = json.JSONEncoder(separators=(",", ":"), sort_keys=True)


def _line(entry: Entry) -> bytes:
    return _ENCODER.encode(entry.to_json()).encode() + b"\n"


# The JSON encoder's own string quoting (C, ASCII-only as _ENCODER writes it), for
# a Journal's lines, which it makes without building an Entry and a dict per page.
_quote: Callable[[str], str] = json.encoder.encode_basestring_ascii


def _quote_or_null(value: str | None) -> str:
    return "null" if value is None else _quote(value)


_SHA = re.compile(r"[0-9a-f]{64}")


def _is_sha(value: object) -> bool:
    return isinstance(value, str) and _SHA.fullmatch(value) is not None


def journal_path(ws: Workspace, field_name: str) -> Path:
    return ws.field_state_dir(field_name) / JOURNAL_NAME


def read_journal(path: Path, unread: list[str] | None = None) -> list[Entry]:
    """A journal's entries, oldest first. A line a crash tore, or one a later
    memsync wrote in a format this one does not know, is passed over (and
    added to ``unread``)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []
    entries = []
    for line in data.splitlines():
        try:
            entry = Entry.from_json(json.loads(line))
        except (ValueError, RecursionError):
            entry = None
        if entry is not None:
            entries.append(entry)
        elif unread is not None and line.strip():
            unread.append(line.decode(errors="replace"))
    return entries


class Journal:
    """One memsync run's changes to one field: each version it replaces goes to
    the object store, then the file is replaced (compare before replace), then
    the change is appended to the field's journal."""

    def __init__(
        self, ws: Workspace, field_name: str, op: str, *, remote: str | None = None, url: str | None = None
    ) -> None:
        assert op in OPS
        self.ws = ws
        self.field = field_name
        self.op = op
        self.remote = remote
        self.url = url
        self.path = journal_path(ws, field_name)
        self.objects = ObjectStore(ws)
        self._lock = threading.Lock()
        self._fd: int | None = None
        self._pending: list[bytes] = []
        self._created = False
        self.begin()

    def begin(self) -> None:
        """Start a new run: its changes get their own id (``undo`` reverts a run whole)."""
        self.flush()
        self.run = secrets.token_hex(6)
        # (at, page, old, new, undoes) of each change, not an Entry: a clone records 100,000.
        self._recorded: list[tuple[str, str, str | None, str | None, str | None]] = []
        # A line is the keys in sorted order, as _line writes them: the ones fixed
        # for the run are quoted once, around the page and the two versions.
        self._head = f'","field":{_quote(self.field)},'
        self._middle = f',"op":{_quote(self.op)},'
        self._tail = (
            f'"remote":{_quote(self.remote)},' if self.remote is not None else ""
        ) + f'"run":{_quote(self.run)},'
        self._end = (f'"url":{_quote(self.url)},' if self.url is not None else "") + f'"v":{FORMAT}}}\n'

    @property
    def recorded(self) -> list[Entry]:
        """The changes this run has journalled so far."""
        return [
            Entry(at, self.op, self.run, self.field, page, old, new, self.remote, self.url, undoes)
            for at, page, old, new, undoes in self._recorded
        ]

    def mentions(self, among: Collection[str]) -> set[str]:
        """Which of the versions ``among`` this run's changes name (replaced or written)."""
        if not among:
            return set()
        named = {sha for _, _, old, new, _ in self._recorded for sha in (old, new) if sha is not None}
        return named.intersection(among)

    def keep(self, path: Path, sha: str, *, durable: bool = True) -> bool:
        """Make sure the object store holds version ``sha`` of the file at
        ``path`` (synced unless ``durable=False``: the caller then syncs the
        filesystem before replacing it); False when the file no longer holds it."""
        if self.objects.loose(sha) is not None:
            return True
        data = self.objects.get(sha)  # a base object in a pack: the version gets a file of its own
        if data is None:
            try:
                data = atomic.read_bytes(path)
            except FileNotFoundError:
                return False
            if sha256_hex(data) != sha:
                return False  # changed since it was hashed: replace_if would refuse it too
        self.objects.put(data, sha=sha, durable=durable)
        return True

    def replace(
        self,
        path: Path,
        data: bytes | None,
        expected: str | None,
        new: str | None,
        *,
        undoes: str | None = None,
    ) -> bool:
        """``atomic.replace_if`` that keeps the version it replaces and journals
        the change; False, with nothing changed, when the file moved."""
        if expected is not None and not self.keep(path, expected):
            return False
        if data is not None:
            tmp = atomic.write_temp(path, data)
            return self.install(tmp, path, expected, new, undoes=undoes)
        if not atomic.replace_if(path, None, expected, sync_dir=False):
            return False
        self.record(path.name, expected, new, undoes=undoes)
        return True

    def install(
        self,
        tmp: str,
        path: Path,
        expected: str | None,
        new: str | None,
        *,
        undoes: str | None = None,
    ) -> bool:
        """The second half of ``replace`` for a batch: ``tmp`` (written and made
        durable, with ``keep`` done for ``expected``) takes ``path``'s place
        while it still holds ``expected``, and the change is journalled."""
        if not atomic.install_if(tmp, path, expected, sync_dir=False):
            return False
        self.record(path.name, expected, new, undoes=undoes)
        return True

    def record(self, page: str, old: str | None, new: str | None, *, undoes: str | None = None) -> None:
        at = now()
        line = "".join(
            (
                '{"at":"',
                at,
                self._head,
                '"new":',
                _quote_or_null(new),
                ',"old":',
                _quote_or_null(old),
                self._middle,
                '"page":',
                _quote(page),
                ",",
                self._tail,
                f'"undoes":{_quote(undoes)},' if undoes is not None else "",
                self._end,
            )
        )
        with self._lock:
            self._pending.append(line.encode())
            # A line that names a replaced version goes out at once, so it survives
            # the process dying right after the replace it records; a page that
            # replaced nothing loses no version if its line is lost, so those wait
            # for a batch.
            if old is not None or len(self._pending) >= PENDING_LINES:
                self._write_pending()
            self._recorded.append((at, page, old, new, undoes))

    def _write_pending(self) -> None:
        if not self._pending:
            return
        if self._fd is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            size = os.fstat(self._fd).st_size
            self._created = size == 0
            if size and _torn(self.path, size):
                self._pending.insert(0, b"\n")  # end the line a crash cut short, so the next one reads
        os.write(self._fd, b"".join(self._pending))
        self._pending.clear()

    def flush(self) -> None:
        """Make the lines appended so far durable (one fsync per batch of changes)."""
        with self._lock:
            self._write_pending()
            if self._fd is None:
                return
            try:
                os.fsync(self._fd)
            finally:
                os.close(self._fd)
                self._fd = None
            if self._created:
                atomic.fsync_dir(self.path.parent)


def _torn(path: Path, size: int) -> bool:
    with open(path, "rb") as handle:
        handle.seek(size - 1)
        return handle.read(1) != b"\n"


def referenced(ws: Workspace, among: Collection[str]) -> set[str]:
    """Which of the versions ``among`` any field's history refers to. The engine
    asks on every sync that drops a base object, and a journal holds a line per
    file a receive touched: searched as bytes, not read line by line."""
    root = ws.state / "fields"
    return mentioned(root.glob(f"*/{JOURNAL_NAME}") if root.is_dir() else (), among)


# -- reading history -------------------------------------------------------------


def entries(ws: Workspace, field_name: str, page: str | None = None) -> list[Entry]:
    ws.field(field_name)
    found = read_journal(journal_path(ws, field_name))
    return [e for e in found if page is None or e.page == page]


def kept(ws: Workspace, sha: str | None) -> bool:
    return sha is not None and ObjectStore(ws).has(sha)


# -- conflicts ---------------------------------------------------------------------


def _live(ws: Workspace, field_name: str) -> tuple[Path, Manifest]:
    root = ws.live_folder(field_name)
    if not root.is_dir():
        return root, Manifest()
    return root, scan(root, ws.load_statcache(field_name), ws.member_dirs(field_name))


def conflicts(ws: Workspace, field_name: str, live: Collection[str] | None = None) -> list[merge.ConflictCopy]:
    """The field's unresolved conflict copies, as its live folder holds them:
    found by name, among ``live`` (the content files a scan just found, as
    ``status`` has them) or else in a listing of the folder."""
    root = ws.field_path(field_name)
    if live is None:
        try:
            live = set(os.listdir(root))
        except (FileNotFoundError, NotADirectoryError):
            return []

    def read(name: str) -> bytes:
        # Only a regular file is a copy's content; a link or a folder by that name reads as none.
        try:
            fd = os.open(root / name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            return b""
        with os.fdopen(fd, "rb") as handle:
            return handle.read(MAX_COPY_BYTES) if stat.S_ISREG(os.fstat(fd).st_mode) else b""

    return merge.find_conflicts(live, read)


@dataclass
class Resolved:
    field: str
    page: str
    copy: str
    how: str
    page_sha: str | None  # what the page holds now
    replaced: str | None  # the page's version this replaced, kept in history (None: unchanged)
    dry_run: bool = False  # nothing was written: what it would do

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def resolve(ws: Workspace, field_name: str, name: str, how: merge.How, *, dry_run: bool = False) -> Resolved:
    """Settle the conflict of page (or copy) ``name``: the page becomes what
    ``merge.resolve`` says, the copy is deleted, and both versions they
    replace are kept in history. The next sync carries the result. A dry
    run works it all out and writes nothing."""
    with ws.locked():
        root, manifest = _live(ws, field_name)
        found = merge.find_conflicts(manifest, lambda n: (root / n).read_bytes())
        mine = [c for c in found if name in (c.copy, c.page)]
        if not mine:
            raise WorkspaceError(f"{field_name}: no unresolved conflict for {name!r} (see 'memsync conflicts')")
        if len(mine) > 1:
            raise WorkspaceError(
                f"{field_name}: {name} has {len(mine)} conflict copies ({', '.join(c.copy for c in mine)}): "
                "resolve them one at a time by the copy's name"
            )
        conflict = mine[0]
        page_path, copy_path = root / conflict.page, root / conflict.copy
        copy_sha = manifest[conflict.copy]
        copy = copy_path.read_bytes()
        if sha256_hex(copy) != copy_sha:
            raise WorkspaceError(f"{field_name}: {conflict.copy} changed while resolving; run it again")
        page_sha = manifest.get(conflict.page) if conflict.page_present else None
        # A page deleted since the conflict: the copy stands for itself (its own identity).
        page = page_path.read_bytes() if page_sha is not None else copy
        result = merge.resolve(page, copy, how)
        journal = Journal(ws, field_name, "resolve")
        # Mine, when the page is gone, is "no page", as the field has it.
        target = None if page_sha is None and how == "mine" else sha256_hex(result.page)
        done = Resolved(field_name, conflict.page, conflict.copy, how, target, page_sha if target != page_sha else None)
        if dry_run:
            return dataclasses.replace(done, dry_run=True)
        moved = False
        if target != page_sha:
            # Who wrote each line: the page's lines and the copy's keep theirs, the rest are yours.
            parents = [(conflict.page, page_sha, page)] if page_sha is not None else []
            parents.append((conflict.copy, copy_sha, copy))
            provenance.record_written(ws, field_name, conflict.page, result.page, parents)
            moved = not journal.replace(page_path, result.page, page_sha, target)
        if not moved and result.delete_copy:
            moved = not journal.replace(copy_path, None, copy_sha, None)
        journal.flush()
        atomic.fsync_dir(root)
        if moved:
            raise WorkspaceError(f"{field_name}: {conflict.page} or its copy changed while resolving; run it again")
        return done


# -- restore and undo ------------------------------------------------------------------


def parse_when(text: str) -> datetime:
    """An ISO date or time (``2026-03-01``, ``2026-03-01T09:30``, ``…Z``); without
    a zone it is local time, as a person typing it means it."""
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise InputError(f"--at {text!r}: expected a version's hash or an ISO time such as 2026-03-01T09:30") from None
    if when.tzinfo is None:
        when = when.astimezone()  # local time
    return when.astimezone(UTC)


def _at(entry: Entry) -> datetime:
    return datetime.fromisoformat(entry.at.replace("Z", "+00:00"))


def pick_version(found: list[Entry], page: str, at: str | None) -> str | None:
    """The version ``restore`` brings back: the one the last change replaced;
    with ``at`` a hash (prefix of 6 or more hex digits) that version; with
    ``at`` a time the version the page held then (None: it did not exist)."""
    if not found:
        raise WorkspaceError(f"no history for {page} (see 'memsync history')")
    if at is None:
        replaced = [e.old for e in found if e.old is not None]
        if not replaced:
            raise WorkspaceError(f"{page}: history holds no version that was replaced")
        return replaced[-1]
    text = at.strip().lower()
    shas = {h for e in found for h in (e.old, e.new) if h is not None and h.startswith(text)}
    # Eight digits read as a date too (20260301): a hash prefix of digits only
    # is a version when history holds one, else the date.
    if re.fullmatch(r"[0-9a-f]{6,64}", text) and (shas or not re.fullmatch(r"\d{8}", text)):
        if len(shas) != 1:
            what = "no version" if not shas else f"{len(shas)} versions"
            raise WorkspaceError(f"{page}: {what} in history starting with {text} (see 'memsync history')")
        return shas.pop()
    when = parse_when(at)
    before = [e for e in found if _at(e) <= when]
    return before[-1].new if before else found[0].old


@dataclass
class Restored:
    field: str
    page: str
    version: str | None  # None: the page did not exist then, so it was deleted
    replaced: str | None  # what the page held before, kept in history
    changed: bool
    dry_run: bool = False  # nothing was written: what it would do

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def restore(ws: Workspace, field_name: str, page: str, at: str | None = None, *, dry_run: bool = False) -> Restored:
    """Bring a version of ``page`` from history back into the live field as a
    local edit; the version it replaces is kept in history too. A dry run
    finds the version (and that it is still kept) and writes nothing."""
    problem = name_problem(page)
    if problem:
        raise InputError(problem)
    with ws.locked():
        version = pick_version(entries(ws, field_name, page), page, at)
        data = None
        if version is not None:
            objects = ObjectStore(ws)
            data = objects.get(version)
            if data is None:
                raise WorkspaceError(f"{page}: version {version[:12]} {_lost(objects, version)}")
        root = ws.live_folder(field_name)
        path = root / page
        current = hash_file(path) if path.is_file() else None
        if current == version:
            return Restored(field_name, page, version, None, False, dry_run)
        if dry_run:
            return Restored(field_name, page, version, current, True, True)
        journal = Journal(ws, field_name, "restore")
        if not journal.replace(path, data, current, version):
            raise WorkspaceError(f"{path}: changed while restoring; nothing was written, run it again")
        journal.flush()
        atomic.fsync_dir(root)
        if version is not None:
            provenance.restored(ws, field_name, page, version)  # its bytes keep their recorded labels
        return Restored(field_name, page, version, current, True)


def _lost(objects: ObjectStore, sha: str) -> str:
    """Why a version history names cannot be read back: gone, or there and damaged."""
    if objects.has(sha):
        return "is damaged in .memsync/objects (its bytes no longer match its sha256); it cannot be brought back"
    return "is no longer kept (removed by gc)"


@dataclass
class Undone:
    field: str
    run: str  # the receive that was reverted
    at: str
    reverted: list[Entry] = dataclasses.field(default_factory=list)  # the undo's own entries
    skipped: list[tuple[str, str]] = dataclasses.field(default_factory=list)  # (page, why)
    dry_run: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "field": self.field,
            "run": self.run,
            "at": self.at,
            "reverted": [e.to_json() for e in self.reverted],
            "skipped": [{"page": p, "reason": why} for p, why in self.skipped],
            "dry_run": self.dry_run,
        }


def undo(ws: Workspace, field_name: str, *, dry_run: bool = False) -> Undone:
    """Revert the last receive not yet undone, file by file, as local edits:
    each file only while it still holds what that receive wrote. ``dry_run``:
    the entries it would journal (``reverted``) and the files it would leave,
    with nothing written."""
    with ws.locked():
        found = entries(ws, field_name)
        undone = {e.undoes for e in found if e.op == "undo"}
        receives = [e for e in found if e.op == "receive" and e.run not in undone]
        if not receives:
            raise WorkspaceError(f"{field_name}: no receive left to undo (see 'memsync history {field_name}')")
        last = receives[-1].run
        batch = [e for e in receives if e.run == last]
        # A file a run changed twice (a retried attempt) goes back to its first version.
        first: dict[str, str | None] = {}
        final: dict[str, str | None] = {}
        for e in batch:
            first.setdefault(e.page, e.old)
            final[e.page] = e.new
        root = ws.live_folder(field_name)
        if not dry_run:
            root.mkdir(parents=True, exist_ok=True)
        report = Undone(field_name, last, batch[0].at, dry_run=dry_run)
        journal = Journal(ws, field_name, "undo")  # writes nothing until a change is recorded
        objects = ObjectStore(ws)
        # Writes before deletes, as the engine applies: an undone rename never loses its only copy.
        for page in sorted(first, key=lambda p: first[p] is None):
            path = root / page
            current = hash_file(path) if path.is_file() else None
            old = first[page]
            if current == old:
                continue  # already as before that receive (a resolve removed its conflict copy)
            if current != final[page]:
                report.skipped.append((page, "changed since that receive"))
                continue
            data = objects.get(old) if old is not None else None
            if old is not None and data is None:
                report.skipped.append((page, f"its old version {_lost(objects, old)}"))
                continue
            if dry_run:
                report.reverted.append(Entry(now(), "undo", journal.run, field_name, page, current, old, undoes=last))
            elif not journal.replace(path, data, current, old, undoes=last):
                report.skipped.append((page, "changed while undoing"))
            elif old is not None:
                provenance.restored(ws, field_name, page, old)  # its bytes keep their recorded labels
        if dry_run:
            return report
        journal.flush()
        atomic.fsync_dir(root)
        report.reverted = list(journal.recorded)
        return report


# -- retention and gc --------------------------------------------------------------------


#: Staggered retention, as Syncthing's staggered versioning: every version for a day, then
#: one a day for a month, then one a week until ``history_days``.
EVERY_VERSION = timedelta(days=1)
DAILY_UNTIL = timedelta(days=30)


def retained(found: list[Entry], days: int, versions: int, at: datetime | None = None) -> list[Entry]:
    """The entries retention keeps: the ``versions`` newest of each page, every entry
    younger than a day, and the newest of each page in each day up to a month old and in
    each week up to ``days`` old."""
    now_ = at or datetime.now(UTC)
    horizon = now_ - timedelta(days=days)
    every = min(EVERY_VERSION, timedelta(days=days))  # history_days 0 keeps nothing by age
    newest: dict[str, int] = {}
    slots: set[tuple[str, str, int]] = set()
    keep = []
    for entry in reversed(found):
        rank = newest.get(entry.page, 0)
        newest[entry.page] = rank + 1
        when = _at(entry)
        age = now_ - when
        if rank < versions or age < every:
            keep.append(entry)
            continue
        if when < horizon:
            continue
        slot = (entry.page, "day", age.days) if age < DAILY_UNTIL else (entry.page, "week", age.days // 7)
        if slot not in slots:  # the newest in its day or week: entries come newest first
            slots.add(slot)
            keep.append(entry)
    keep.reverse()
    return keep


def over_budget(
    found: dict[Path, list[Entry]],
    size: Callable[[str], int],
    budget: int,
    elsewhere: Collection[str] = (),
    at: datetime | None = None,
) -> set[int]:
    """The entries (``id``) to let go, oldest first, until what history alone holds fits
    ``budget`` bytes: never an entry younger than a day, nor the newest of its page. A
    version a sync base also holds (``elsewhere``: a page as it is now) is no history's."""
    now_ = at or datetime.now(UTC)
    entries = [e for journal in found.values() for e in journal]
    held: dict[str, int] = {}
    for e in entries:
        for sha in (e.old, e.new):
            if sha is not None and sha not in elsewhere:
                held[sha] = held.get(sha, 0) + 1
    total = sum(size(sha) for sha in held)
    if total <= budget:
        return set()
    newest = {}
    for e in entries:
        newest[(e.field, e.page)] = id(e)
    drop: set[int] = set()
    for e in sorted(entries, key=_at):
        if total <= budget:
            break
        if now_ - _at(e) < EVERY_VERSION or newest[(e.field, e.page)] == id(e):
            continue
        drop.add(id(e))
        for sha in (e.old, e.new):
            if sha in held:
                held[sha] -= 1
                if held[sha] == 0:
                    total -= size(sha)
    return drop


def with_their_receives(found: list[Entry], keep: list[Entry]) -> list[Entry]:
    """The entries of ``found`` a journal keeps as lines: those retention keeps
    (``keep``), and every other entry of a receive retention keeps in part.
    ``undo`` reverts a receive whole, so it must know every file that receive
    changed: without the line of a file whose versions retention let go, it
    reverted the others and said nothing of that one. Such a line keeps no
    version (gc removes them as before): undo names the file instead."""
    kept = {id(e) for e in keep}
    runs = {e.run for e in keep if e.op == "receive"}
    return [e for e in found if id(e) in kept or (e.op == "receive" and e.run in runs)]


@dataclass
class Collected:
    entries_dropped: int = 0
    objects_removed: int = 0
    bytes_freed: int = 0
    dry_run: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def gc(
    ws: Workspace,
    *,
    days: int | None = None,
    versions: int | None = None,
    budget: int | None = None,
    dry_run: bool = False,
) -> Collected:
    """Drop history entries retention no longer keeps (and the journals of
    fields no longer in the workspace), then, while what history alone holds is
    over ``budget`` bytes (``history_max_bytes``; 0: none), the oldest entries but
    those younger than a day and the newest of each page; then every object that
    no sync base, kept history entry or staged version refers to. A receive's
    lines stay whole while retention keeps any of them (``with_their_receives``)."""
    days = ws.count_setting("history_days") if days is None else days
    versions = ws.count_setting("history_versions") if versions is None else versions
    budget = ws.count_setting("history_max_bytes") if budget is None else budget
    report = Collected(dry_run=dry_run)
    with ws.locked():
        objects = ObjectStore(ws)
        refs: set[str] = set()
        root = ws.state / "fields"
        journals: dict[Path, tuple[list[Entry], list[Entry], list[str]]] = {}
        for path in sorted(root.glob(f"*/{JOURNAL_NAME}")) if root.is_dir() else []:
            unread: list[str] = []
            found = read_journal(path, unread)
            # Lines this memsync cannot read (a newer format, damage) may name versions it
            # cannot judge: their journal stays whole, and every version it names is kept.
            journals[path] = (found, found if unread else retained(found, days, versions), unread)
        bases = {sha for base in ws.bases() for sha in base.values()}
        if budget:
            fitting = {p: keep for p, (_, keep, unread) in journals.items() if not unread}
            drop = over_budget(fitting, objects.size, budget, bases)
            journals = {p: (f, [e for e in k if id(e) not in drop], u) for p, (f, k, u) in journals.items()}
        for path, (found, keep, unread) in journals.items():
            lines = with_their_receives(found, keep)
            refs.update(sha for line in unread for sha in _SHA.findall(line))
            report.entries_dropped += len(found) - len(lines)
            if len(lines) != len(found) and not dry_run:
                _rewrite(path, lines)
            refs.update(h for e in keep for h in (e.old, e.new) if h is not None)  # only what retention keeps
        refs.update(bases)
        refs.update(_staged(ws))
        for sha in list(objects.all()):
            if sha not in refs:
                report.objects_removed += 1
                report.bytes_freed += objects.size(sha)
                if not dry_run:
                    objects.discard([sha])
        if not dry_run:
            objects.repack(refs)
            for folder in _dirs(objects.root):
                atomic.clean_temp_files(folder)
    return report


#: What history held at the last count, plus what receives journaled since (bytes): the
#: check after a receive reads this one number, not every journal and sync base.
_HELD_FILE = "history-bytes"


def keep_within_budget(ws: Workspace, added: int) -> Collected | None:
    """``gc`` when what history holds has passed ``history_max_bytes`` after a receive
    that kept ``added`` more bytes of replaced versions; None when it fits."""
    budget = ws.count_setting("history_max_bytes")
    if not budget or not added:
        return None
    path = ws.state / _HELD_FILE
    try:
        held = int(path.read_text()) + added
    except (FileNotFoundError, ValueError):
        held = budget + 1  # never counted: count now
    done = None
    if held > budget:
        held = stats(ws)["bytes"]  # the count is an upper bound: only an exact one decides
        if held > budget:
            done = gc(ws)
            held = stats(ws)["bytes"]
    atomic.write_bytes(path, str(held).encode())
    return done


def stats(ws: Workspace, field_name: str | None = None) -> dict[str, Any]:
    """What history alone holds (of one field, or all): per field, its entries, the
    versions they keep that are still stored and no sync base holds (a page as it is now
    is no history's), and their bytes, a version two entries keep counted once."""
    objects = ObjectStore(ws)
    bases = {sha for base in ws.bases() for sha in base.values()}
    fields: dict[str, dict[str, Any]] = {}
    everything: set[str] = set()
    names = [field_name] if field_name is not None else sorted(ws.fields)
    for name in names:
        found = read_journal(journal_path(ws, name))
        if not found:
            continue
        kept = {sha for e in found for sha in (e.old, e.new) if sha is not None and sha not in bases}
        kept = {sha for sha in kept if objects.has(sha)}
        everything |= kept
        fields[name] = {
            "entries": len(found),
            "versions": len(kept),
            "bytes": sum(objects.size(sha) for sha in kept),
            "oldest": min(e.at for e in found),
        }
    return {
        "fields": fields,
        "bytes": sum(objects.size(sha) for sha in everything),
        "budget": ws.count_setting("history_max_bytes"),
        "days": ws.count_setting("history_days"),
        "versions": ws.count_setting("history_versions"),
    }


def _rewrite(path: Path, keep: Iterable[Entry]) -> None:
    atomic.write_bytes(path, b"".join(_line(e) for e in keep))


def _staged(ws: Workspace) -> Iterator[str]:
    staging = StagingStore(ws)
    if staging.root.is_dir():
        for meta in staging.root.glob("*.json"):
            staged = staging.get("sha256:" + meta.stem)
            if staged is not None:
                yield from staged.manifest.values()


def _dirs(root: Path) -> list[Path]:
    return [p for p in root.iterdir() if p.is_dir()] if root.is_dir() else []
