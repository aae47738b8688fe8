"""The field protocol, written once over any store (docs/FORMAT.md, "Remote
layout and commit order").

A remote field is its content files plus ``SHA256SUMS`` (the version: its
token is the field's version token) and memsync's sidecars beside it. Readers
fetch ``SHA256SUMS`` conditionally, so a field that did not move costs one
request. A push:

1. takes the writer lock: the object ``.memsync-lock`` created only if absent
   (owner, host, pid, expiry), inside the store's own lock where it has one
   (a folder's ``flock``). A lock whose writer is dead or expired is broken,
   and means that writer died mid-push: this push then rewrites the field whole
   (unless a shared remote's listing under the lock found every page sound);
2. reads ``SHA256SUMS`` conditionally on the version the caller agreed on;
   the caller goes ahead only if it did not move ("pull first" otherwise);
3. writes changed files (conditional on their planned content where the
   store's tokens are content hashes) and deletes removed ones;
4. commits: sidecars first (signature, release statement, key rotations;
   stale ones dropped), then ``SHA256SUMS`` conditional on the version read in 2; a
   refused condition whose bytes had in fact landed (a retried request) is
   success, anything else is "pull first";
5. releases the lock (conditional on its own token).

Stores whose conditions are not atomic (``Store.conditional = False``: SFTP,
WebDAV, most fsspec filesystems) and stores found to ignore them (the probe
below) get the same steps with a lock that does not need compare-and-swap,
as in Fischer's mutual exclusion: a writer that finds no live lock writes its
own, waits ``lock_settle`` seconds, and holds the lock only if it then reads
back its own token — and only if its own read-to-write took under half that
pause, so a writer slower than that cannot have overwritten one who already
checked. Before committing, the holder checks the lock is still its own with
time to spare before it expires; after committing it reads ``SHA256SUMS``
back. The guarantee assumes writers' clocks agree to within the settle pause
on expiry times; it is documented per store in README ("Remotes").

Stores that claim conditional writes are probed once per remote (the answer
is kept in the workspace's memo for that remote): holding the lock it just
created, a writer creates it again if absent, and replaces it under a wrong
ETag; both must be refused. A store that accepts either gets one warning
line and the path above.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import socket
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO, Literal

from .archive import Archive, Collector, open_archive
from .archive_remote import ArchiveRemote
from .backends.base import Blob, Denied, Entry, NotFound, NotModified, PreconditionFailed, Store, TooLarge
from .errors import InputError, IntegrityError, MemsyncError, PullFirst, RemoteError, WorkspaceError
from .limits import (
    DEFAULT_LOCK_SETTLE,
    DEFAULT_LOCK_TTL,
    EXPIRY_MARGIN_SETTLES,
    LOCK_LIMIT,
    MANIFEST_LIMIT,
    MAX_TOTAL_BYTES,
    SIDECAR_LIMIT,
    ZIP_ENTRY_OVERHEAD,
)
from .limits import REMOTE_LOCK_WAIT_SECONDS as LOCK_WAIT_SECONDS
from .manifest import Manifest, check_file_count, read_sha256sum, sha256_hex
from .names import (
    FIELD_ARCHIVE_NAME,
    MANIFEST_NAME,
    SIDECAR_NAMES,
    SIGNATURE_NAME,
    Role,
    name_problem,
    role_of,
)
from .remote import (
    NOT_MODIFIED,
    WHOLE_MIN,
    LockBusy,
    ManifestFile,
    Remote,
    Writer,
    archive_limit,
    file_limit,
    writer_alive,
)
from .transfer import parallel

LOCK_NAME = ".memsync-lock"  # hidden: never content, never travels
WHOLE_PREFIX = ".memsync-whole-"  # hidden too: the archive of a version pushed whole
#: Joins a SHA256SUMS token and the digest of what a listing found instead.
LISTED = "|listed:"
_YES, _NO = ("true", "yes", "1", "on"), ("false", "no", "0", "off")

log = logging.getLogger("memsync")


class FieldRemote(Remote):
    """A field kept as plain objects in a store."""

    def __init__(self, store: Store, memo: MutableMapping[str, Any] | None = None) -> None:
        self.store = store
        self.url = store.url
        self.options = store.options
        self.live = store.live
        self.parallel = store.parallel
        self.lock_ttl = _seconds(store, "lock_ttl", DEFAULT_LOCK_TTL)
        self.lock_settle = _seconds(store, "lock_settle", DEFAULT_LOCK_SETTLE)
        shared = store.options.get("shared", "").lower()
        if shared and shared not in _YES + _NO:
            raise WorkspaceError(f"{store.url}: option shared={shared!r}: expected true or false")
        #: What earlier runs learnt about this remote (the workspace keeps it).
        self.memo: MutableMapping[str, Any] = memo if memo is not None else {}
        self._whole: ArchiveRemote | Literal[False] | None = None
        self._holding: str | None = None  # our lock's token while a transaction holds it
        self._first_look = False  # the last read was of a remote memsync had no version of

    @property
    def conditional(self) -> bool:
        """Whether this remote's conditional writes are atomic (claimed, and not found ignored)."""
        return self.store.conditional and self.memo.get("preconditions") != "ignored"

    # -- reading ------------------------------------------------------------------

    def fetch_manifest(
        self, if_none_match: str | None = None, *, sidecars: bool = True, first_look: bool = True
    ) -> ManifestFile | NotModified | None:
        """SHA256SUMS, conditionally. A first look (no token yet: a clone) also
        lists the field, as does every read of a shared remote."""
        self._first_look = first_look and if_none_match is None
        listing = self.store.complete_listing and (self.shared or self._first_look)
        try:
            # A remote others write too is read whole each time: its SHA256SUMS is
            # only half the story, so a 304 on it would say too little.
            answer = self.store.read(MANIFEST_NAME, MANIFEST_LIMIT, None if listing else _sums(if_none_match))
        except NotFound:
            return None
        if isinstance(answer, NotModified):
            return NOT_MODIFIED
        data, token = answer.data, answer.token
        if listing:
            data, token = self._as_listed(data, token)
        if token == if_none_match:
            return NOT_MODIFIED
        vouched = sidecars and data == answer.data  # a signature signs SHA256SUMS, not what we made of it
        return ManifestFile(data, token, self._sidecars() if vouched else {})

    # -- fields other tools write too ---------------------------------------------------

    @property
    def shared(self) -> bool:
        """Whether other tools write here too (``-o shared=true``, or found so
        earlier): then every read lists the field as well as reading SHA256SUMS."""
        declared = self.options.get("shared", "").lower()
        if declared in _YES or declared in _NO:
            return declared in _YES
        return bool(self.memo.get("shared"))

    def _as_listed(self, data: bytes, token: str) -> tuple[bytes, str]:
        """SHA256SUMS corrected by a listing (one request per 1,000 pages): pages
        another tool added, rewrote or removed behind memsync's back. Returns the
        manifest and its version token (the SHA256SUMS token, extended when the
        listing tells another story).

        A first look at a remote memsync does not know yet compares names only
        (pages SHA256SUMS does not list, or lists and are gone); finding any
        marks the remote shared. A shared remote also has each page's listed
        version compared with the one memsync last hashed, and a page it does not
        know is fetched and hashed."""
        where = f"{self.url}: SHA256SUMS"
        try:
            claimed, foreign = Manifest.parse(data, where=where), False
        except InputError as strict:
            # Another tool wrote it in a form sha256sum reads but memsync does not
            # write (binary mode, another order, CR LF…): read as sha256sum reads it,
            # it is a stale SHA256SUMS like any other, and the next push writes
            # memsync's form. What sha256sum would not read either, or a name no
            # field holds, is refused in one line naming it.
            try:
                claimed, foreign = read_sha256sum(data, where=where), True
            except InputError as lenient:
                raise lenient from strict
        listed = {e.name: e for e in self.store.list() if role_of(e.name) is Role.CONTENT}
        check_file_count(len(listed), self.url)
        effective = self._effective(claimed, listed, shared=self.shared)
        if not foreign and (effective == claimed or self._foreign_lock()):
            # A lock object means a memsync push is at work or died mid-way: what
            # differs is its doing, for it to commit or the next push to repair.
            return data, token
        if effective == claimed:
            # Only the form differs: the files are checked against what it says, and
            # later reads list the field too, as another tool writes here.
            self._found_shared()
        elif not self.shared and self._found_shared():
            effective = self._effective(claimed, listed, shared=True)
        return effective.to_bytes(), f"{token}{LISTED}{effective.digest.removeprefix('sha256:')[:32]}"

    def _found_shared(self) -> bool:
        """Another tool was found writing here: read by listing from now on, unless
        the user said it is not shared. Whether the remote now counts as shared."""
        if self.options.get("shared", "").lower() in _NO:
            return False
        self.memo["shared"] = "found"
        return True

    def _effective(self, claimed: Manifest, listed: Mapping[str, Entry], *, shared: bool) -> Manifest:
        known: dict[str, list[str]] = dict(self.memo.get("pages", {})) if shared else {}
        actual: dict[str, str] = {}
        unknown = []
        for name, entry in listed.items():
            seen = known.get(name)
            if seen and entry.token and seen[0] == entry.token:
                actual[name] = seen[1]
            elif name in claimed and not shared:
                actual[name] = claimed[name]
            else:
                unknown.append(name)
        for name in unknown:
            problem = name_problem(name)
            if problem:
                raise InputError(f"{self.url}: {problem}")
        for name, digest in zip(unknown, parallel(self._hash, unknown), strict=True):
            actual[name] = digest
            if listed[name].token:
                known[name] = [str(listed[name].token), digest]
        if shared:
            self.memo["pages"] = {n: v for n, v in known.items() if n in listed}
        return Manifest(actual)

    def _foreign_lock(self) -> bool:
        """Whether a lock object other than our own is there (live or dead)."""
        info = self.lock_info()
        return info is not None and info.get("etag") != self._holding

    def _hash(self, name: str) -> str:
        blob = self._read_optional(name, file_limit())
        if blob is None:
            raise RemoteError(f"{self.store.where(name)}: listed but gone (another tool is writing here): try again")
        return sha256_hex(blob.data)

    def manifest_stale(self, etag: str | None) -> bool:
        return etag is not None and LISTED in etag

    def fetch(self, name: str, sha: str) -> bytes:
        try:
            return super().fetch(name, sha)
        except IntegrityError:
            # On a first look (a clone), a page that is not what SHA256SUMS says while
            # no memsync writer is at work (a lock object, live or dead, would mean
            # one is) was changed by another tool: from now on the remote is read by
            # listing too, and the caller reads again. Once memsync has synced with a
            # remote, a mismatch stays what it was: damage, reported.
            if self._first_look and not self._foreign_lock():
                self._found_shared()
            raise

    def _sidecars(self) -> dict[str, bytes]:
        found = {}
        for name in SIDECAR_NAMES:
            blob = self._read_optional(name, SIDECAR_LIMIT)
            if blob is None and name == SIGNATURE_NAME:
                break  # unsigned: nothing else of ours rides along
            if blob is not None:
                found[name] = blob.data
        return found

    def _read_optional(self, name: str, limit: int) -> Blob | None:
        try:
            answer = self.store.read(name, limit)
        except NotFound:
            return None
        assert isinstance(answer, Blob)
        return answer

    def list_names(self) -> list[str]:
        names = sorted(entry.name for entry in self.store.list())
        if names:
            return names
        archive = self._archive()
        return archive.list_names() if archive else []

    def _archive(self) -> ArchiveRemote | None:
        """A field offered only as ``memoryfield.zip`` (the spec lets a server do that)."""
        if self._whole is None:
            candidate = ArchiveRemote(self.store, FIELD_ARCHIVE_NAME)
            self._whole = candidate if candidate.exists() else False
        return self._whole or None

    def get(self, name: str) -> bytes:
        if self._whole:
            return self._whole.get(name)
        blob = self._read_optional(name, file_limit())
        if blob is None:
            raise IntegrityError(f"{self.store.where(name)}: listed in SHA256SUMS but not there")
        return blob.data

    def exists(self) -> bool:
        return self.store.exists() or self._archive() is not None

    def fetch_whole(
        self, manifest: Manifest, names: list[str], each: Callable[[str, bytes], object], scratch: Path
    ) -> bool:
        """One ``memoryfield.zip`` instead of a request per file, where the store may
        offer it: fetched bounded into a temp file (never memory), checked
        (``memsync.archive``: no extra, escaping, duplicate or bomb entries), taken
        only when its SHA256SUMS is exactly ``manifest``, each file verified before
        ``each`` gets it. Otherwise the caller fetches the files one by one, as
        from a server that offers none."""
        if self.store.offers_archive:
            name = FIELD_ARCHIVE_NAME
        elif self.store.keeps_whole:
            name = whole_name(manifest.digest)  # named by its version: a stale one is never fetched
        else:
            return False
        where = self.store.where(name)
        with contextlib.ExitStack() as stack:
            try:
                archive = self._whole.load() if self._whole else self._fetch_archive(stack, manifest, scratch, name)
                if archive is None or archive.digest != manifest.digest:
                    log.info("memsync: %s is not this version of the field; fetching the files one by one", where)
                    return False
                archive.read_files(names, each)
            except MemsyncError as exc:
                # S3 answers 403 for a missing key to a reader who may not list the bucket:
                # the archive of a version not pushed whole is then absent, not a problem.
                if isinstance(exc, NotFound) or (isinstance(exc, Denied) and self.store.keeps_whole):
                    log.info("memsync: %s: none there; fetching the files one by one", where)
                else:
                    # Damaged, hostile, too large or too slow: the files one by one are
                    # checked against the same manifest, so the sync goes on without it.
                    log.warning("memsync: %s (archive not used; fetching the files one by one)", exc)  # exc names it
                return False
        return True

    def _fetch_archive(self, stack: contextlib.ExitStack, manifest: Manifest, spool_dir: Path, name: str) -> Archive:
        spool = stack.enter_context(tempfile.TemporaryFile(dir=spool_dir))  # noqa: SIM115
        self.store.read_to(name, spool, whole_limit(manifest))
        spool.seek(0)
        return stack.enter_context(open_archive(spool, where=self.store.where(name)))

    def fetch_derived(self, name: str, sink: BinaryIO, max_bytes: int) -> bool:
        try:
            self.store.read_to(name, sink, max_bytes)
        except NotFound:
            return False
        return True

    # -- the writer lock ----------------------------------------------------------

    def lock_info(self) -> dict[str, Any] | None:
        blob = self._read_optional(LOCK_NAME, LOCK_LIMIT)
        if blob is None:
            return None
        try:
            info = json.loads(blob.data)
        except ValueError:
            info = None
        info = info if isinstance(info, dict) else {}
        info["etag"] = blob.token
        return info

    def unlock(self, etag: str | None = None) -> bool:
        """Delete the lock (only while it is still the one with ``etag``, when given)."""
        if etag is None:
            info = self.lock_info()
            if info is None:
                return False
            etag = str(info["etag"])
        try:
            self.store.delete(LOCK_NAME, if_match=etag)
        except (PreconditionFailed, NotFound):
            return False
        return True

    def _lock_body(self, token: str) -> bytes:
        expires = time.time() + self.lock_ttl
        return json.dumps(
            {
                "holder": os.environ.get("USER", "?"),
                "host": socket.gethostname(),
                "pid": os.getpid(),
                "token": token,
                "expires": expires,
                "expires_at": datetime.fromtimestamp(expires, UTC).isoformat(),
            }
        ).encode()

    def _acquire_lock(self, wait: bool) -> tuple[str, bool]:
        """The lock's token, and whether a dead writer's lock had to be broken for it.
        Without ``wait``, a lock a live writer holds is ``LockBusy`` at once."""
        deadline = time.monotonic() + LOCK_WAIT_SECONDS
        token = uuid.uuid4().hex
        body = self._lock_body(token)
        broke = False
        if not self.conditional:
            self.lock_info()  # connects: the timed look-then-write below must not include that
        while True:
            if self.conditional:
                with contextlib.suppress(PreconditionFailed):
                    return self.store.put(LOCK_NAME, body, if_absent=True), broke
            asked = time.monotonic()
            info = self.lock_info()
            if self.conditional and info is not None and info.get("token") == token:
                return str(info["etag"]), broke  # ours: a create whose answer was lost
            # Under the store's own lock (flock) nobody else can be writing: a lock object is a leftover.
            if info is None or self.store.exclusive_lock or not writer_alive({"expires": 0, **info}):
                if self.conditional:
                    if info is None or self.unlock(str(info["etag"])):
                        broke = broke or info is not None
                    continue
                broke = broke or info is not None
                token = uuid.uuid4().hex  # each claim its own: a lock we gave back is never taken for ours
                claimed = self._claim(self._lock_body(token), token, asked)
                if claimed is not None:
                    return claimed, broke
                if time.monotonic() > deadline:
                    raise RemoteError(
                        f"{self.url}: could not take the writer lock: the store answers too slowly for "
                        f"lock_settle={self.lock_settle:g} (raise it with memsync remote set-option)"
                    )
                continue
            if not wait:
                raise LockBusy(f"{self.url}: another writer's push is in flight")
            if not wait:
                raise LockBusy(f"{self.url}: another writer's push is in flight")
            if time.monotonic() > deadline:
                raise RemoteError(
                    f"{self.url}: locked by {info.get('holder', '?')}@{info.get('host', '?')} "
                    f"until {info.get('expires_at', '?')} (memsync unlock breaks it)"
                )
            time.sleep(0.05 + 0.1 * (uuid.uuid4().int % 10) / 10)

    def _claim(self, body: bytes, token: str, asked: float) -> str | None:
        """Write our lock over an absent or dead one without compare-and-swap; its
        token once it is ours for sure, else None (someone else's, or we were too slow)."""
        with contextlib.suppress(PreconditionFailed):  # a retried write finding its own: the read-back decides
            self.store.put(LOCK_NAME, body)
        took = time.monotonic() - asked
        time.sleep(self.lock_settle)
        mine = self.lock_info()
        if mine is None or mine.get("token") != token:
            return None
        if took > self.lock_settle / 2:
            # Between our look and our write, another writer may have checked its
            # own lock and gone ahead: ours may have hidden it. Give ours back.
            self.unlock(str(mine["etag"]))
            return None
        return str(mine["etag"])

    def _holds(self, etag: str) -> bool:
        """Whether the lock is still ours, with time to commit before it expires."""
        info = self.lock_info()
        if info is None or info.get("etag") != etag:
            return False
        left = float(info.get("expires", 0)) - time.time()
        return left > EXPIRY_MARGIN_SETTLES * self.lock_settle

    def _probe(self, lock: str) -> bool:
        """Once per remote, holding the lock we just created: the store must refuse
        to create it again (``If-None-Match: *``) and to replace it under a wrong
        token (``If-Match``). Some S3-compatible stores accept both and ignore the
        condition; then our lock proves nothing. False when that is so."""
        if "preconditions" in self.memo:
            return True
        body = self._lock_body("probe")
        ignored = []
        for condition, kwargs in (("If-None-Match", {"if_absent": True}), ("If-Match", {"if_match": '"0-memsync"'})):
            try:
                self.store.put(LOCK_NAME, body, **kwargs)
                ignored.append(condition)
            except PreconditionFailed:
                pass
        self.memo["preconditions"] = "ignored" if ignored else "honoured"
        if ignored:
            log.warning(
                "memsync: %s ignores conditional writes (%s); using a lock object with an expiry "
                "and checking each commit instead",
                self.url,
                ", ".join(ignored),
            )
        return not ignored

    def _lock(self, wait: bool) -> tuple[str, bool]:
        lock, broke = self._acquire_lock(wait)
        if self.conditional and not self._probe(lock):
            with contextlib.suppress(RemoteError):
                self.store.delete(LOCK_NAME)  # ours, whatever it holds now
            again, broke_again = self._acquire_lock(wait)
            return again, broke or broke_again
        return lock, broke

    # -- writing ------------------------------------------------------------------

    @contextmanager
    def transaction(
        self, expected: str | None, sidecars: frozenset[str] | None = None, *, wait: bool = True
    ) -> Iterator[Writer]:
        with self.store.exclusive():
            lock, broke = self._lock(wait)
            self._holding = lock
            writer = _FieldWriter(self, expected, sidecars, lock)
            try:
                writer.current = self.fetch_manifest(if_none_match=expected, sidecars=False, first_look=False)
                # A shared remote whose tokens change with each page's content was just
                # listed under the lock: when that agrees with SHA256SUMS the dead push
                # left nothing to repair, and a rewrite of the whole field would
                # overwrite what other tools write meanwhile.
                writer.repair = broke and not (writer.current is NOT_MODIFIED and writer.listed_versions)
                if self.store.keeps_whole and (expected is None or writer.repair):
                    writer.whole = Collector()  # a first push or a repair writes every file
                yield writer
            finally:
                with contextlib.suppress(RemoteError):  # if this fails the lock expires, and is broken then
                    if writer.wrote and not writer.committed:
                        # Files changed but no manifest vouches for them: leave the lock, expired,
                        # so the next writer repairs the field and readers see damage, not a push.
                        self.store.put(LOCK_NAME, json.dumps({"expires": 0, "abandoned": True}).encode(), if_match=lock)
                    else:
                        self.unlock(lock)
                self._holding = None
                if writer.whole is not None:
                    writer.whole.close()

    def close(self) -> None:
        self.store.close()


class _FieldWriter(Writer):
    def __init__(self, remote: FieldRemote, expected: str | None, sidecars: frozenset[str] | None, lock: str) -> None:
        self.remote = remote
        self.store = remote.store
        self.lock = lock
        self.expected = expected
        self.known_sidecars = sidecars
        self.wrote = False
        self.committed = False
        #: What each page was written as (its token, its sha256), for reading a shared remote later.
        self.written: dict[str, list[str]] = {}
        #: Each page a write or delete was sent for: the sha256 it had (None: absent)
        #: and the one sent (None: deleted).
        self.sent: dict[str, tuple[str | None, str | None]] = {}
        self.guard = threading.Lock()
        self.whole: Collector | None = None

    def put(self, name: str, data: bytes, was: str | None, sha: str | None = None) -> None:
        self.wrote = True
        # A repair rewrites whatever is there; otherwise each write is conditional on
        # what the push planned against, where the store's tokens allow it.
        planned = self._token(name, was) if not self.repair else None
        sha = sha or sha256_hex(data)
        if self.whole is not None:
            self.whole.add(name, data, sha)
        new_file = was is None and not self.repair and self._conditions
        with self.guard:
            self.sent[name] = (was, sha)
        try:
            token = self.store.put(name, data, if_match=planned, if_absent=new_file)
        except (PreconditionFailed, NotFound):
            # Another tool changed the file behind memsync's back (or deleted it: S3
            # answers If-Match on a missing key with 404), unless this is our own
            # retried write that had landed.
            landed = self._landed(name, data)
            if landed is None:
                raise self._changed_by_another(f"{self.store.where(name)}: changed by another writer") from None
            token = landed
        with self.guard:
            self.written[name] = [token, sha]

    @contextlib.contextmanager
    def bulk(self, count: int) -> Iterator[None]:
        try:
            with self.store.bulk(count):
                yield
        except PreconditionFailed as exc:
            # The store has already looked: what is there is not what this push wrote.
            raise self._changed_by_another(str(exc)) from None

    def _changed_by_another(self, what: str) -> PullFirst:
        # Another tool writes here: the pull the user is sent to must list the remote
        # to see its change, as SHA256SUMS does not tell it. Declared not shared, no
        # pull ever lists it, and "pull first" would send the user round for ever.
        if not self.remote._found_shared():
            return PullFirst(
                f"{what}, but {self.remote.url} is declared shared=false: set its option shared=true "
                "(memsync remote set-option), then pull"
            )
        return PullFirst(f"{what}: pull first")

    def _landed(self, name: str, data: bytes) -> str | None:
        """The token of ``name`` while it holds ``data`` (a write of ours that had landed); else None."""
        try:
            current = self.remote._read_optional(name, len(data))
        except TooLarge:
            return None
        return current.token if current is not None and current.data == data else None

    def _token(self, name: str, sha: str | None) -> str | None:
        """The token ``name`` has while it holds the version ``sha``, when known: the
        store's content token, or on a shared remote (S3: tokens are MD5 ETags) the
        one listed under this push's lock with that version hashed."""
        if sha is None:
            return None
        token = self.store.content_token(sha)
        if token is None and self.remote.shared:
            seen = self.remote.memo.get("pages", {}).get(name)
            if seen and seen[1] == sha:
                token = str(seen[0])
        return token

    @property
    def _conditions(self) -> bool:
        """Whether page writes and deletes here are conditional on the version planned
        against: the store's tokens name content, or the remote is shared and listed."""
        return self._content_tokens or (self.remote.shared and self.remote.conditional)

    @property
    def listed_versions(self) -> bool:
        """Whether the listing under the lock named each page's version by a token that
        changes with its content (S3's and Azure's ETags on a shared remote; not a
        folder's size and mtime), and page writes are conditional on that token."""
        shared = self.remote.shared and self.remote.conditional and self.store.complete_listing
        return shared and not self._content_tokens

    def undo(self, restore: Callable[[str], bytes | None]) -> bool:
        if self.repair or self.committed or not self._conditions:
            return False  # without conditions it could not put back only what is ours
        # Every earlier version at hand before anything is put back (looked at, not
        # held: a large push's would not fit in memory): half an undo would leave a
        # field no manifest describes.
        if any(restore(was) is None if was is not None else sha is None for was, sha in self.sent.values()):
            return False
        for name, (was, sha) in sorted(self.sent.items()):
            # Only a page holding exactly what this push sent is put back (a page it
            # deleted, only where none is), and only on that condition: anything else
            # there is the old page or another tool's.
            old = restore(was) if was is not None else None
            # What this push left there: a write of it that never landed has no token
            # on a store whose tokens are not content, and nothing to put back.
            ours = self.store.content_token(sha) if sha is not None else None
            if ours is None and sha is not None and name in self.written:
                ours = self.written[name][0]
            if sha is not None and ours is None:
                continue
            try:
                if old is None:
                    self.store.delete(name, if_match=ours)
                elif sha is None:
                    self.store.put(name, old, if_absent=True)
                else:
                    self.store.put(name, old, if_match=ours)
            except (PreconditionFailed, NotFound):
                continue
        self.wrote = False
        return True

    @property
    def _content_tokens(self) -> bool:
        """Whether this store's tokens name content, so a page's write can be conditional on it."""
        return self.store.content_token(sha256_hex(b"")) is not None

    def delete_many(self, gone: Mapping[str, str | None]) -> None:
        if not gone:
            return
        self.wrote = True
        if self.repair or not self._conditions:
            self.store.delete_many(list(gone))
            return
        # Each page is removed only while it holds what the push planned against: one
        # another tool rewrote meanwhile is its, to pull, not to drop.
        for name, was in sorted(gone.items()):
            with self.guard:
                self.sent[name] = (was, None)
            try:
                self.store.delete(name, if_match=self._token(name, was))
            except NotFound:
                continue  # gone already, as this push wants it
            except PreconditionFailed:
                raise self._changed_by_another(f"{self.store.where(name)}: changed by another writer") from None

    def commit(self, manifest: bytes, sidecars: Mapping[str, bytes], message: str) -> str:
        current = self.current
        if isinstance(current, ManifestFile):
            there: set[str] | None = set(current.sidecars)
        else:
            there = None if self.known_sidecars is None else set(self.known_sidecars)
        # Sidecars first: a reader that sees the new manifest finds what vouches
        # for it; one that still sees the old one fails to verify and retries.
        for name in SIDECAR_NAMES:
            if name in sidecars:
                self.wrote = True
                self.store.put(name, sidecars[name])
        stale = [n for n in SIDECAR_NAMES if n not in sidecars and (there is None or n in there)]
        if stale:
            self.store.delete_many(stale)
        if isinstance(current, ManifestFile):
            expected: str | None = _sums(current.etag)
        else:
            expected = _sums(self.expected) if current is NOT_MODIFIED else None
        if self.whole is not None:
            self._put_whole(manifest)
        if not self.remote.conditional and not self.remote._holds(self.lock):
            raise PullFirst(f"{self.remote.url}: this push lost its lock (it expired or was broken): pull first")
        try:
            token = self.store.put(MANIFEST_NAME, manifest, if_match=expected, if_absent=expected is None)
        except PreconditionFailed:
            landed = self.remote._read_optional(MANIFEST_NAME, MANIFEST_LIMIT)
            if landed is None or landed.data != manifest:
                raise PullFirst(f"{self.remote.url}: another writer committed first: pull first") from None
            token = landed.token  # a retry of our own commit that had landed
        if not self.remote.conditional:
            landed = self.remote._read_optional(MANIFEST_NAME, MANIFEST_LIMIT)
            if landed is None or landed.data != manifest:
                raise PullFirst(f"{self.remote.url}: another writer committed at the same time: pull first")
            token = landed.token
        self.committed = True
        if self.remote.shared:
            self.remote.memo["pages"] = {**self.remote.memo.get("pages", {}), **self.written}
        return token

    def _put_whole(self, listed: bytes) -> None:
        """Leave the archive of the version this push wrote whole beside it, before
        its SHA256SUMS (a reader checks it against that anyway); a repair also
        drops the archives of earlier versions. Only a speed-up for clones: a
        failure to write it is a warning, and the push goes on without it."""
        whole, self.whole = self.whole, None
        assert whole is not None
        try:
            target = Manifest.parse(listed, where=f"{self.remote.url}: {MANIFEST_NAME}")
            if len(target) < WHOLE_MIN or not whole.usable or whole.files != target.entries:
                return  # too few to be worth it, or not every file went by (or past what one archive holds)
            name = whole_name(target.digest)
            made = whole.finish(listed, self.store.where(name))
            if made is None:
                return  # SHA256SUMS itself would take it past what one archive holds
            self.store.put_file(name, *made)
            if self.repair:
                stale = [e.name for e in self.store.list() if e.name.startswith(WHOLE_PREFIX) and e.name != name]
                self.store.delete_many(stale)
        except (RemoteError, InputError, OSError) as exc:  # OSError: the temp folder is full
            log.warning("memsync: %s (the archive for clones was not written; the push goes on)", exc)
        finally:
            whole.close()


def whole_name(digest: str) -> str:
    """Where a store that ``keeps_whole`` keeps the archive of version ``digest``."""
    return f"{WHOLE_PREFIX}{digest.removeprefix('sha256:')}.zip"


def whole_limit(manifest: Manifest) -> int:
    """The most bytes an honest archive of ``manifest``'s version can take: each
    file within ``file_limit()``, all of them within what memsync unpacks (deflate
    grows incompressible data by well under 1%), their headers, the manifest and
    sidecars; never more than ``archive_limit()``."""
    content = min(len(manifest) * file_limit(), MAX_TOTAL_BYTES)
    overhead = (len(manifest) + 1 + len(SIDECAR_NAMES)) * ZIP_ENTRY_OVERHEAD + len(SIDECAR_NAMES) * SIDECAR_LIMIT
    return min(archive_limit(), content + content // 100 + len(manifest.to_bytes()) + overhead)


def _seconds(store: Store, key: str, default: float) -> float:
    value = store.options.get(key)
    if value is None:
        return default
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not number >= 0:
        raise WorkspaceError(f"{store.url}: option {key}={value!r}: expected a number of seconds")
    return number


def _sums(token: str | None) -> str | None:
    """The store's own token of SHA256SUMS inside a version token."""
    return token.split(LISTED, 1)[0] if token else token
