"""Who wrote each line of a page: memsync's own record, never a page's word.

``.memsync/fields/FIELD/provenance.sqlite3`` (docs/FORMAT.md, "Provenance")
keeps, per page version (by the sha256 of its bytes, not by its name: a
rename, a conflict copy or a restore of the same bytes keeps its label), the
origin of each of its lines as run-lengths over the ``origins`` table, one
row per version of a source memsync applied: its (redacted) URL, the remote's
name then, the signer, the field digest, the release version, how it was
accepted and when. Your own lines have no origin (``OWN``, 0).

The attribution is made when memsync writes a page version, git-blame-like:
each line of the new version takes the attribution of the line it matches in
a parent version (``difflib.SequenceMatcher`` over lines), and a line matched
in no parent takes the origin of what wrote it (``attribute``). A version
memsync never wrote (an edit made outside memsync) is attributed when it is
read, from the last version recorded under its page name (``Record.lookup``).

Labels are what was recorded at the time: renaming a remote or changing a
policy later rewrites none. Nothing here reads a page's frontmatter.
"""

from __future__ import annotations

import contextlib
import functools
import json
import threading
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from hashlib import sha256
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeAlias, TypeVar

from .errors import WorkspaceError
from .limits import MAX_PROVENANCE_BYTES as MAX_BYTES
from .limits import MAX_PROVENANCE_LINES as MAX_LINES
from .limits import PROVENANCE_BUSY_TIMEOUT as BUSY_TIMEOUT
from .store import ObjectStore
from .workspace import Workspace

# sqlite3 and difflib are imported when a record is opened or a page attributed: a
# sync that receives nothing (or only your own lines, with nothing ever recorded) needs neither.
if TYPE_CHECKING:
    import sqlite3

FILENAME = "provenance.sqlite3"
LEGACY = "provenance.json"  # the whole-page record of earlier versions, migrated on first use
FORMAT = 1  # PRAGMA user_version of the file
OWN = 0  # the label of your own lines: no origin row (ids start at 1)
PENDING = -1  # the origin of the operation being recorded, before its row has an id

BATCH = 500  # sha256s or names per query

#: A line's origin: an origin id (OWN for yours), or, where memsync cannot tell
#: (a coarse attribution), the sorted tuple of the origins it may come from.
Label: TypeAlias = int | tuple[int, ...]

SCHEMA = """
CREATE TABLE IF NOT EXISTS origins (
  id INTEGER PRIMARY KEY,
  source TEXT NOT NULL,
  remote TEXT,
  signer TEXT,
  digest TEXT,
  release_version INTEGER,
  how TEXT NOT NULL,
  time TEXT NOT NULL,
  run TEXT
);
CREATE TABLE IF NOT EXISTS versions (
  sha256 BLOB PRIMARY KEY,
  lines INTEGER NOT NULL,
  own_lines INTEGER NOT NULL,
  runs TEXT NOT NULL,
  coarse INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS names (
  page TEXT PRIMARY KEY,
  sha256 BLOB NOT NULL
) WITHOUT ROWID;
"""


@dataclass(frozen=True)
class Origin:
    """One version of a source, as memsync applied it."""

    source: str  # the URL, without credentials
    remote: str | None  # the remote's name then (informational: labels never follow a rename)
    signer: str | None
    digest: str | None  # the field digest of the version
    release_version: int | None
    how: str  # signed, untrusted, review, pin (self: what a migrated record may say)
    time: str
    run: str | None = None  # the memsync run that applied it (as the history journal names it)

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "remote": self.remote,
            "signer": self.signer,
            "digest": self.digest,
            "release_version": self.release_version,
            "how": self.how,
            "time": self.time,
        }

    def label(self) -> str:
        """A short label for a blame column: how, signer, the digest's first 8 hex digits."""
        who = f" {self.signer}" if self.signer else ""
        digest = (self.digest or "").removeprefix("sha256:")[:8] or "?"
        return f"{self.how}{who} {digest}"


# -- lines and their labels -------------------------------------------------------------


def split_lines(data: bytes) -> list[bytes]:
    """A page's lines, as blame numbers them: split at ``\\n``, a final newline ends the last line."""
    if not data:
        return []
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    return lines


def count_lines(data: bytes) -> int:
    if not data:
        return 0
    return data.count(b"\n") + (0 if data.endswith(b"\n") else 1)


def _ids(label: Label) -> tuple[int, ...]:
    return label if isinstance(label, tuple) else (label,)


def _union(labels: Iterable[Label]) -> Label:
    found = sorted({i for label in labels for i in _ids(label)})
    if not found:
        return OWN
    return found[0] if len(found) == 1 else tuple(found)


@dataclass
class Attribution:
    """The origin of each line of one page version, as runs ``(count, label)``."""

    runs: list[tuple[int, Label]]
    coarse: bool = False

    @classmethod
    def whole(cls, lines: int, label: Label, *, coarse: bool = False) -> Attribution:
        return cls([(lines, label)], coarse)

    @classmethod
    def of_labels(cls, labels: Sequence[Label], *, coarse: bool = False) -> Attribution:
        runs: list[tuple[int, Label]] = []
        for label in labels:
            if runs and runs[-1][1] == label:
                runs[-1] = (runs[-1][0] + 1, label)
            else:
                runs.append((1, label))
        return cls(runs, coarse)

    @property
    def lines(self) -> int:
        return sum(n for n, _ in self.runs)

    @property
    def own_lines(self) -> int:
        return sum(n for n, label in self.runs if label == OWN)

    def labels(self) -> list[Label]:
        return [label for n, label in self.runs for _ in range(n)]

    def foreign(self) -> set[int]:
        """The origins any line may come from (a run of no lines still names them:
        a migrated record whose text was gone)."""
        return {i for _, label in self.runs for i in _ids(label) if i != OWN}

    def line_counts(self) -> dict[int, int]:
        """Lines per foreign origin (a coarse line counts for each origin it may come from)."""
        counts: dict[int, int] = {}
        for n, label in self.runs:
            for i in _ids(label):
                if i != OWN:
                    counts[i] = counts.get(i, 0) + n
        return counts

    def replaced(self, pending: int) -> Attribution:
        """With the operation's placeholder origin given its id."""

        def swap(label: Label) -> Label:
            if isinstance(label, tuple):
                return _union(pending if i == PENDING else i for i in label)
            return pending if label == PENDING else label

        if len(self.runs) == 1 and self.runs[0][1] == PENDING:  # a page all of one origin: most of a clone
            return Attribution([(self.runs[0][0], pending)], self.coarse)
        return Attribution([(n, swap(label)) for n, label in self.runs], self.coarse)

    def to_text(self) -> str:
        if len(self.runs) == 1 and isinstance(self.runs[0][1], int):
            return f"[[{self.runs[0][0]},{self.runs[0][1]}]]"  # what json.dumps writes, 5x sooner
        runs = [[n, list(label) if isinstance(label, tuple) else label] for n, label in self.runs]
        return json.dumps(runs, separators=(",", ":"))

    @classmethod
    def from_row(cls, runs: str, coarse: int) -> Attribution:
        raw = json.loads(runs)
        return cls(
            [(int(n), tuple(label) if isinstance(label, list) else int(label)) for n, label in raw], bool(coarse)
        )


def attribute(data: bytes, parents: Sequence[tuple[bytes | None, Attribution]], origin: Label) -> Attribution:
    """The attribution of a new version ``data``: each line takes that of the line it
    matches in the first parent that has one (``parents``: each one's bytes, None when
    they are gone, and attribution); a line matched nowhere takes ``origin``."""
    count = count_lines(data)
    foreign = {i for _, att in parents for i in att.foreign()}
    if not parents or (origin == OWN and not foreign):
        return Attribution.whole(count, origin)  # nothing but the operation's lines, or only yours
    too_big = len(data) > MAX_BYTES or count > MAX_LINES
    if too_big or any(
        old is None or len(old) > MAX_BYTES or att.coarse or att.lines > MAX_LINES for old, att in parents
    ):
        # Which lines are unchanged cannot be told (or not at this cost): each may come
        # from the operation or from any origin of a parent. Never "yours" for a stranger's line.
        return Attribution.whole(count, _union([origin, *foreign]), coarse=True)
    new = split_lines(data)
    labels: list[Label | None] = [None] * len(new)
    for old, att in parents:
        assert old is not None
        before = split_lines(old)
        theirs = att.labels()
        if len(theirs) != len(before):  # a record that does not fit the text: trust neither line by line
            return Attribution.whole(count, _union([origin, *foreign]), coarse=True)
        for a, b, size in _matches(before, new):
            for k in range(size):
                if labels[b + k] is None:
                    labels[b + k] = theirs[a + k]
    return Attribution.of_labels([origin if label is None else label for label in labels])


EXACT_BELOW = 400  # lines: above, lines that recur everywhere anchor no match (SequenceMatcher's autojunk)


def _matches(old: list[bytes], new: list[bytes]) -> Iterator[tuple[int, int, int]]:
    """Matching blocks (old start, new start, size) of two line lists, lines compared
    without their line ending and trailing blanks (an editor that saves CRLF as LF, or
    trims trailing spaces, leaves each line the same line): the common head and tail
    first, SequenceMatcher on what lies between. Past EXACT_BELOW lines its autojunk is
    on: a page of a few lines repeated thousands of times would otherwise take minutes
    (the matcher is cubic there), and a line it cannot anchor goes to the incoming
    version's source, never to the user."""
    old, new = [line.rstrip() for line in old], [line.rstrip() for line in new]
    head = 0
    limit = min(len(old), len(new))
    while head < limit and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < limit - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    if head:
        yield 0, 0, head
    middle_old, middle_new = old[head : len(old) - tail], new[head : len(new) - tail]
    if middle_old and middle_new:
        import difflib

        big = max(len(middle_old), len(middle_new)) > EXACT_BELOW
        matcher = difflib.SequenceMatcher(None, middle_old, middle_new, autojunk=big)
        for a, b, size in matcher.get_matching_blocks():
            if size:
                yield head + a, head + b, size
    if tail:
        yield len(old) - tail, len(new) - tail, tail


# -- the file ----------------------------------------------------------------------------


def path_of(ws: Workspace, field_name: str) -> Path:
    return ws.field_state_dir(field_name) / FILENAME


def kept(ws: Workspace, field_name: str) -> bool:
    """Whether anything was ever recorded for the field (else every line is its user's)."""
    state = ws.field_state_dir(field_name)
    return (state / FILENAME).is_file() or (state / LEGACY).is_file()


def _rows_where_in(conn: sqlite3.Connection, select: str, keys: Collection[Any]) -> Iterator[tuple[Any, ...]]:
    """The rows of ``select`` (which ends in ``WHERE column``) whose column is one of ``keys``,
    asked a batch at a time (SQLite bounds the parameters of one statement)."""
    listed = list(keys)
    for start in range(0, len(listed), BATCH):
        chunk = listed[start : start + BATCH]
        yield from conn.execute(f"{select} IN ({','.join('?' * len(chunk))})", chunk)


P = ParamSpec("P")
R = TypeVar("R")


def _db(method: Callable[Concatenate[Record, P], R]) -> Callable[Concatenate[Record, P], R]:
    """A damaged or locked record is a one-line error naming the file."""

    @functools.wraps(method)
    def wrapper(self: Record, /, *args: P.args, **kwargs: P.kwargs) -> R:
        import sqlite3

        try:
            return method(self, *args, **kwargs)
        except sqlite3.Error as exc:
            raise WorkspaceError(f"{self.path}: {exc}") from None

    return wrapper


class Record:
    """One field's record, open. ``create``: make the file when it is missing
    (else a missing record is an empty one)."""

    def __init__(
        self, ws: Workspace, field_name: str, *, create: bool = False, objects: ObjectStore | None = None
    ) -> None:
        self.ws = ws
        self.field = field_name
        self.path = path_of(ws, field_name)
        self._objects = objects  # where older versions' text is read (made when first needed)
        self._origins: dict[int, Origin] = {}
        self.conn: sqlite3.Connection | None = None
        legacy = self.path.parent / LEGACY
        if not (create or self.path.is_file() or legacy.is_file()):
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._open(legacy)
        except BaseException:
            self.close()
            raise

    @_db
    def _open(self, legacy: Path) -> None:
        import sqlite3

        # Several threads of one receive read it (check_same_thread off); SQLite serialises them.
        self.conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=False)
        self.conn.execute("PRAGMA trusted_schema=OFF")
        if self.conn.execute("PRAGMA user_version").fetchone()[0] != FORMAT:
            self._create()
        if legacy.is_file():
            self._migrate(legacy)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def __enter__(self) -> Record:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def objects(self) -> ObjectStore:
        if self._objects is None:
            self._objects = ObjectStore(self.ws)
        return self._objects

    def _create(self) -> None:
        assert self.conn is not None
        with self._transaction():
            version = self.conn.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, FORMAT):
                raise WorkspaceError(f"{self.path}: written by another version of memsync (format {version})")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    self.conn.execute(statement)
            self.conn.execute(f"PRAGMA user_version = {FORMAT}")

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        assert self.conn is not None
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    # -- reading -----------------------------------------------------------------------

    @_db
    def versions(self, shas: Collection[str]) -> dict[str, Attribution]:
        """The recorded attributions of the versions ``shas`` (hex) that have one."""
        if self.conn is None or not shas:
            return {}
        select = "SELECT sha256, runs, coarse FROM versions WHERE sha256"
        rows = _rows_where_in(self.conn, select, [bytes.fromhex(s) for s in shas])
        return {raw.hex(): Attribution.from_row(runs, coarse) for raw, runs, coarse in rows}

    @_db
    def last(self, names: Collection[str]) -> dict[str, str]:
        """The last version recorded under each of ``names`` (that has one)."""
        if self.conn is None or not names:
            return {}
        rows = _rows_where_in(self.conn, "SELECT page, sha256 FROM names WHERE page", names)
        return {page: raw.hex() for page, raw in rows}

    @_db
    def origins(self, ids: Collection[int]) -> dict[int, Origin]:
        wanted = [i for i in ids if i != OWN and i not in self._origins]
        if self.conn is not None and wanted:
            select = "SELECT id, source, remote, signer, digest, release_version, how, time, run FROM origins WHERE id"
            for row in _rows_where_in(self.conn, select, wanted):
                self._origins[row[0]] = Origin(*row[1:])
        return {i: self._origins[i] for i in ids if i in self._origins}

    def lookup(self, name: str, sha: str, data: bytes | None = None) -> Attribution:
        """The attribution of page ``name`` holding version ``sha`` (its bytes ``data``,
        read from the object store when not given): the recorded one, else one made from
        the last version recorded under that name (lines it has keep their attribution,
        the others are yours; when its text is gone, every line may be any of its origins),
        else every line yours."""
        recorded = self.versions([sha]).get(sha)
        if recorded is not None:
            return recorded
        if data is None:
            data = self.objects.get(sha) or b""
        made = self.derived(name, sha, data)
        return made if made is not None else Attribution.whole(count_lines(data), OWN)

    def derived(
        self,
        name: str,
        sha: str,
        data: bytes,
        known: Mapping[str, Attribution] | None = None,
        last: Mapping[str, str] | None = None,
    ) -> Attribution | None:
        """An unrecorded version's attribution from the last version recorded under its
        name; None when that has no foreign line (the version is all yours)."""
        previous = (last if last is not None else self.last([name])).get(name)
        if previous is None or previous == sha:
            return None
        before = (known or {}).get(previous) or self.versions([previous]).get(previous)
        if before is None or not before.foreign():
            return None
        return attribute(data, [(self.objects.get(previous), before)], OWN)

    # -- writing -----------------------------------------------------------------------

    @_db
    def write(
        self,
        origin: Origin | None,
        versions: Iterable[tuple[str, Attribution]],
        names: Iterable[tuple[str, str]] = (),
    ) -> int:
        """Record ``versions`` (a version recorded already keeps its first attribution)
        and the last version of each page name, in one transaction; the operation's
        origin (``PENDING`` in the attributions) gets its row. The rows written."""
        assert self.conn is not None
        written = 0
        with self._transaction():
            pending = self._origin_id(origin) if origin is not None else OWN
            rows = []
            for sha, att in versions:
                att = att.replaced(pending)
                rows.append((bytes.fromhex(sha), att.lines, att.own_lines, att.to_text(), int(att.coarse)))
            before = self.conn.total_changes
            self.conn.executemany("INSERT OR IGNORE INTO versions VALUES (?, ?, ?, ?, ?)", rows)
            written = self.conn.total_changes - before
            self.conn.executemany(
                "INSERT OR REPLACE INTO names VALUES (?, ?)", [(n, bytes.fromhex(s)) for n, s in names]
            )
        return written

    def _origin_id(self, origin: Origin) -> int:
        """The origin's row: the one this run made already (an attempt that started over), or a new one."""
        assert self.conn is not None
        if origin.run is not None:
            same = (origin.run, origin.source, origin.digest, origin.how, origin.signer, origin.remote)
            row = self.conn.execute(
                "SELECT id FROM origins WHERE run = ? AND source = ? AND digest IS ? AND how = ? AND signer IS ? "
                "AND remote IS ? AND release_version IS ?",
                (*same, origin.release_version),
            ).fetchone()
            if row is not None:
                return int(row[0])
        values = (origin.source, origin.remote, origin.signer, origin.digest, origin.release_version)
        cursor = self.conn.execute(
            "INSERT INTO origins (source, remote, signer, digest, release_version, how, time, run) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (*values, origin.how, origin.time, origin.run),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def _migrate(self, legacy: Path) -> None:
        """provenance.json (page → {sha256, source, signer, digest, time, how}) becomes
        whole-page attributions to each entry's origin; then it is removed."""
        assert self.conn is not None
        try:
            data = json.loads(legacy.read_bytes())
        except FileNotFoundError:
            return
        except ValueError:
            data = {}
        entries = data if isinstance(data, dict) else {}
        root = self.ws.field_path(self.field) if self.field in self.ws.fields else None
        with self._transaction():
            ids: dict[tuple[Any, ...], int] = {}
            for page, entry in sorted(entries.items()):
                sha = entry.get("sha256") if isinstance(entry, dict) else None
                if not (isinstance(page, str) and isinstance(sha, str) and len(sha) == 64):
                    continue
                assert isinstance(entry, dict)
                key = tuple(_text(entry.get(k)) for k in ("source", "signer", "digest", "time", "how"))
                if key not in ids:
                    source, signer, digest, when, how = key
                    cursor = self.conn.execute(
                        "INSERT INTO origins (source, remote, signer, digest, release_version, how, time, run) "
                        "VALUES (?, NULL, ?, ?, NULL, ?, ?, NULL)",
                        (source or "?", signer, digest, how or "?", when or "?"),
                    )
                    assert cursor.lastrowid is not None
                    ids[key] = cursor.lastrowid
                text = _version_bytes(root, page, sha) if root is not None else None
                if text is None:
                    text = self.objects.get(sha)
                lines = count_lines(text) if text is not None else 0  # text gone: the origin is still named
                att = Attribution.whole(lines, ids[key], coarse=text is None)
                self.conn.execute(
                    "INSERT OR IGNORE INTO versions VALUES (?, ?, ?, ?, ?)",
                    (bytes.fromhex(sha), att.lines, att.own_lines, att.to_text(), int(att.coarse)),
                )
                self.conn.execute("INSERT OR REPLACE INTO names VALUES (?, ?)", (page, bytes.fromhex(sha)))
        with contextlib.suppress(FileNotFoundError):
            legacy.unlink()


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _version_bytes(root: Path, name: str, sha: str) -> bytes | None:
    try:
        data = (root / name).read_bytes()
    except OSError:
        return None
    return data if sha256(data).hexdigest() == sha else None


# -- recording what a receive writes ----------------------------------------------------------


#: (name, sha256) → that version's bytes while this machine holds them (live file or object store).
Reader = Callable[[str, str], "bytes | None"]


@dataclass
class Recorder:
    """The attributions of the pages one receive writes, made as each page's bytes
    are at hand (from several threads) and written in one transaction (``commit``)
    before the first page takes its name."""

    record: Record
    origin: Origin | None  # None: the operation's lines are yours
    parents: Mapping[str, list[tuple[str, str]]]  # page → (name, sha256) of its parent versions
    known: dict[str, Attribution]  # recorded attributions of the new and parent versions
    last: Mapping[str, str]  # last recorded version of the parents' names
    read: Reader
    pending: list[tuple[str, Attribution]] = field(default_factory=list)
    names: list[tuple[str, str]] = field(default_factory=list)
    rows: int = 0  # version rows written by commit
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, name: str, sha: str, data: bytes) -> None:
        """Page ``name`` is about to hold ``data`` (version ``sha``)."""
        if sha in self.known:
            with self._lock:
                self.names.append((name, sha))  # bytes recorded already keep their label
            return
        op: Label = OWN if self.origin is None else PENDING
        parents = self.parents.get(name, [])
        if op == OWN and not any(self._may_be_foreign(p, s) for p, s in parents):
            return  # your lines over yours: nothing to record
        made: list[tuple[bytes | None, Attribution]] = []
        persist: list[tuple[str, Attribution]] = []
        for parent, parent_sha in parents:
            old = self.read(parent, parent_sha)
            att = self.known.get(parent_sha)
            if att is None:
                text = old if old is not None else b""
                att = self.record.derived(parent, parent_sha, text, self.known, self.last)
                att = att if att is not None else Attribution.whole(count_lines(text), OWN)
                if old is not None:
                    # Kept with its replaced version, so an undo or a restore finds its labels.
                    persist.append((parent_sha, att))
            made.append((old, att))
        att = attribute(data, made, op)
        with self._lock:
            self.pending += [*persist, (sha, att)]
            self.names.append((name, sha))

    def _may_be_foreign(self, name: str, sha: str) -> bool:
        known = self.known.get(sha)
        if known is not None:
            return bool(known.foreign())
        previous = self.last.get(name)
        before = self.known.get(previous) if previous is not None and previous != sha else None
        return before is not None and bool(before.foreign())

    def commit(self) -> None:
        """Write what was noted (nothing when nothing was)."""
        with self._lock:
            pending, names = self.pending, self.names
            self.pending, self.names = [], []
        if pending or names:
            self.rows += self.record.write(self.origin if pending else None, pending, names)

    def close(self) -> None:
        self.record.close()


def receiving(
    ws: Workspace,
    field_name: str,
    origin: Origin | None,
    writes: Collection[tuple[str, str]],
    parents: Mapping[str, list[tuple[str, str]]],
    read: Reader,
    objects: ObjectStore | None = None,
) -> Recorder | None:
    """A recorder for a receive writing the pages ``writes`` ((name, sha256)), each
    of which may have ``parents``; ``origin`` is the received version's (None: yours).
    None when there is nothing to record: your own lines over versions with none
    but yours (a pull from your own remote costs no write, and no file opened when
    nothing was ever recorded)."""
    if origin is None and not kept(ws, field_name):
        return None
    record = Record(ws, field_name, create=origin is not None, objects=objects)
    try:
        parent_shas = {s for listed in parents.values() for _, s in listed}
        known = record.versions({s for _, s in writes} | parent_shas)
        last = record.last({n for listed in parents.values() for n, s in listed if s not in known})
        known.update(record.versions(set(last.values()) - known.keys()))
        recorder = Recorder(record, origin, parents, known, last, read)
        mine = origin is None and not any(s in known for _, s in writes)
        if mine and not any(recorder._may_be_foreign(n, s) for listed in parents.values() for n, s in listed):
            record.close()
            return None
        return recorder
    except BaseException:
        record.close()
        raise


def settle_edits(
    ws: Workspace,
    field_name: str,
    edited: Collection[tuple[str, str]],
    read: Reader,
    objects: ObjectStore | None = None,
) -> int:
    """Record the attribution of versions edited outside memsync (``edited``: (name,
    sha256)) whose name had foreign lines, while the text they derive from is still
    kept: once history lets it go, they could only be labelled coarsely. Rows written."""
    if not edited or not kept(ws, field_name):
        return 0
    with Record(ws, field_name, objects=objects) as record:
        known = record.versions({s for _, s in edited})
        rest = [(n, s) for n, s in edited if s not in known]
        last = record.last({n for n, _ in rest})
        before = record.versions(set(last.values()))
        todo = []
        for name, sha in rest:
            previous = before.get(last.get(name, ""))
            if previous is None or not previous.foreign():
                continue
            data = read(name, sha)
            if data is None:
                continue
            made = record.derived(name, sha, data, before, last)
            if made is not None:
                todo.append((name, sha, made))
        if not todo:
            return 0
        return record.write(None, [(s, a) for _, s, a in todo], [(n, s) for n, s, _ in todo])


def record_written(
    ws: Workspace, field_name: str, name: str, data: bytes, parents: Sequence[tuple[str, str, bytes]]
) -> None:
    """A version memsync writes itself from versions the field holds (``resolve``:
    the page and its conflict copy, (name, sha256, bytes) each): its lines keep theirs,
    the rest are yours. Nothing is written when no parent has a foreign line."""
    if not kept(ws, field_name):
        return
    with Record(ws, field_name) as record:
        sha = sha256(data).hexdigest()
        known = record.versions({sha, *(s for _, s, _ in parents)})
        if sha in known:
            record.write(None, [], [(name, sha)])
            return
        made = [(old, known.get(s) or record.lookup(n, s, old)) for n, s, old in parents]
        if not any(att.foreign() for _, att in made):
            return
        # The parents' labels are kept too, so that undoing this finds them.
        keep = [(s, att) for (_, s, _), (_, att) in zip(parents, made, strict=True) if s not in known]
        record.write(None, [*keep, (sha, attribute(data, made, OWN))], [(name, sha)])


def restored(ws: Workspace, field_name: str, name: str, sha: str) -> None:
    """``name`` holds recorded bytes again (restore, undo): later edits derive from them."""
    if not kept(ws, field_name):
        return
    with Record(ws, field_name) as record:
        if sha in record.versions([sha]):
            record.write(None, [], [(name, sha)])


# -- what search, the index and blame show ------------------------------------------------------


def summary(record: Record, att: Attribution) -> dict[str, Any] | None:
    """A page's provenance as search and the index show it; None when every line is yours.
    The top-level keys are the newest foreign origin's; ``sources`` lists every origin
    with its line count, newest first."""
    counts = att.line_counts()
    if not counts:
        return None
    origins = record.origins(counts)
    ordered = sorted(counts, reverse=True)  # ids grow with time: newest first
    unknown = Origin("?", None, None, None, None, "?", "?")  # a row gone missing: still not yours
    sources = [{**origins.get(i, unknown).to_json(), "lines": counts[i]} for i in ordered]
    head = origins.get(ordered[0], unknown).to_json()
    return {
        **head,
        "sources": sources,
        "lines": att.lines,
        "own_lines": att.own_lines,
        "coarse": att.coarse,
    }


def common_signer(provenance: Mapping[str, Any] | None) -> str | None:
    """The signer of a page's foreign lines when one signer signed every one of them;
    else None (a page that also holds unsigned or otherwise signed foreign lines
    has no one signer to name)."""
    if not provenance:
        return None
    signers = {s.get("signer") for s in provenance.get("sources", ())}
    if len(signers) == 1:
        only = signers.pop()
        return only if isinstance(only, str) else None
    return None


def describe_pages(ws: Workspace, field_name: str) -> Callable[[list[tuple[str, str, bytes]]], dict[str, Any]]:
    """For the index: each page's summary (or None), asked for the pages (name, sha256,
    bytes) whose rows are written."""

    def describe(pages: list[tuple[str, str, bytes]]) -> dict[str, Any]:
        if not pages or not kept(ws, field_name):
            return {}
        with Record(ws, field_name) as record:
            known = record.versions({s for _, s, _ in pages})
            rest = [(n, s, d) for n, s, d in pages if s not in known]
            last = record.last({n for n, _, _ in rest})
            known.update(record.versions(set(last.values()) - known.keys()))
            out = {}
            for name, sha, data in pages:
                att = known.get(sha)
                if att is None:
                    att = record.derived(name, sha, data, known, last)
                out[name] = summary(record, att) if att is not None else None
            return out

    return describe


def blame(ws: Workspace, field_name: str, name: str, data: bytes) -> dict[str, Any]:
    """Page ``name`` of a field, holding ``data``, line by line: which origin brought
    each line (None: yours). A line memsync cannot tell apart (a coarse attribution)
    names the newest foreign origin it may come from, never you."""
    sha = sha256(data).hexdigest()
    lines = split_lines(data)
    att = Attribution.whole(len(lines), OWN)
    described: dict[str, Any] | None = None
    origins: dict[int, Origin] = {}
    if kept(ws, field_name):
        with Record(ws, field_name) as record:
            att = record.lookup(name, sha, data)
            origins = record.origins(att.foreign())
            described = summary(record, att)
    labels = att.labels()
    if len(labels) != len(lines):  # a record that does not fit the text: every line may be any of them
        labels = [_union(label for _, label in att.runs)] * len(lines)
    out = []
    for number, (text, label) in enumerate(zip(lines, labels, strict=True), start=1):
        foreign = [i for i in _ids(label) if i != OWN]
        origin = origins.get(max(foreign)) if foreign else None
        unknown = Origin("?", None, None, None, None, "?", "?")
        shown = (origin or unknown).to_json() if foreign else None
        out.append({"line": number, "text": text.decode("utf-8", "replace").removesuffix("\r"), "origin": shown})
    return {
        "field": field_name,
        "page": name,
        "sha256": sha,
        "lines": out,
        "own_lines": sum(1 for line in out if line["origin"] is None),
        "sources": described["sources"] if described else [],
        "coarse": att.coarse,
    }
