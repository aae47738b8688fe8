"""The field protocol, written once over any store (docs/FORMAT.md, "Remote
layout and commit order").

A remote field is its content files plus ``SHA256SUMS`` (the version: its
token is the field's version token) and memsync's sidecars beside it. Readers
fetch ``SHA256SUMS`` conditionally, so a field that did not move costs one
request. A push:

1. takes the writer lock: the object ``.memsync-lock`` created only if absent
   (owner, host, pid, expiry), inside the store's own lock where it has one
   (a folder's ``flock``). A lock whose writer is dead or expired is broken,
   and means that writer died mid-push: this push then rewrites the field whole;
2. reads ``SHA256SUMS`` conditionally on the version the caller agreed on;
   the caller goes ahead only if it did not move ("pull first" otherwise);
3. writes changed files (conditional on their planned content where the
   store's tokens are content hashes) and deletes removed ones;
4. commits: sidecars first (signature, release statement; stale ones
   dropped), then ``SHA256SUMS`` conditional on the version read in 2; a
   refused condition whose bytes had in fact landed (a retried request) is
   success, anything else is "pull first";
5. releases the lock (conditional on its own token).

Stores whose conditions are not atomic (``Store.conditional = False``) get
the same steps, and a read-back after each conditional write instead of the
store's guarantee.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import time
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO, Literal

from .archive_remote import ArchiveRemote
from .backends.base import Blob, NotFound, NotModified, PreconditionFailed, Store, TooLarge
from .errors import MemsyncError, PullFirst, RemoteError
from .manifest import sha256_hex
from .names import FIELD_ARCHIVE_NAME, MANIFEST_NAME, SIDECAR_NAMES, SIGNATURE_NAME
from .remote import (
    LOCK_LIMIT,
    MANIFEST_LIMIT,
    NOT_MODIFIED,
    SIDECAR_LIMIT,
    LockBusy,
    ManifestFile,
    Remote,
    Writer,
    file_limit,
    writer_alive,
)

LOCK_NAME = ".memsync-lock"  # hidden: never content, never travels
DEFAULT_LOCK_TTL = 120.0
LOCK_WAIT_SECONDS = 60.0


class FieldRemote(Remote):
    """A field kept as plain objects in a store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.url = store.url
        self.options = store.options
        self.live = store.live
        self.lock_ttl = float(store.options.get("lock_ttl", DEFAULT_LOCK_TTL))
        self._whole: ArchiveRemote | Literal[False] | None = None

    # -- reading ------------------------------------------------------------------

    def fetch_manifest(
        self, if_none_match: str | None = None, *, sidecars: bool = True
    ) -> ManifestFile | NotModified | None:
        try:
            answer = self.store.read(MANIFEST_NAME, MANIFEST_LIMIT, if_none_match)
        except NotFound:
            return None
        if isinstance(answer, NotModified) or answer.token == if_none_match:
            return NOT_MODIFIED
        return ManifestFile(answer.data, answer.token, self._sidecars() if sidecars else {})

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
            raise RemoteError(f"{self.store.where(name)}: listed but missing")
        return blob.data

    def exists(self) -> bool:
        return self.store.exists() or self._archive() is not None

    def fetch_whole(self, digest: str, folder: Path, names: list[str]) -> bool:
        if not self.store.offers_archive:
            return False
        whole = self._whole or ArchiveRemote(self.store, FIELD_ARCHIVE_NAME)
        try:
            archive = whole.load()
        except MemsyncError:
            return False  # none there, refused or unreadable: the files one by one, then
        try:
            if archive is None or archive.digest != digest:
                return False  # another version (or none): its files are no use
            archive.extract_files(folder, names)
            return True
        finally:
            if whole is not self._whole:
                whole.release()

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

    def _acquire_lock(self, wait: bool) -> tuple[str, bool]:
        """The lock's token, and whether a dead writer's lock had to be broken for it.
        Without ``wait``, a lock a live writer holds is ``LockBusy`` at once."""
        deadline = time.monotonic() + (LOCK_WAIT_SECONDS if wait else 0)
        token = uuid.uuid4().hex
        expires = time.time() + self.lock_ttl
        body = json.dumps(
            {
                "holder": os.environ.get("USER", "?"),
                "host": socket.gethostname(),
                "pid": os.getpid(),
                "token": token,
                "expires": expires,
                "expires_at": datetime.fromtimestamp(expires, UTC).isoformat(),
            }
        ).encode()
        broke = False
        while True:
            with contextlib.suppress(PreconditionFailed):
                etag = self.store.put(LOCK_NAME, body, if_absent=True)
                if self.store.conditional:
                    return etag, broke
            info = self.lock_info()
            if info is not None and info.get("token") == token:
                return str(info["etag"]), broke  # ours: a create whose answer was lost, or a read-back
            # Under the store's own lock (flock) nobody else can be writing: a lock object is a leftover.
            if info is None or self.store.exclusive_lock or not writer_alive({"expires": 0, **info}):
                if info is None or self.unlock(str(info["etag"])):
                    broke = broke or info is not None
                continue
            if not wait:
                raise LockBusy(f"{self.url}: another writer's push is in flight")
            if time.monotonic() > deadline:
                raise RemoteError(
                    f"{self.url}: locked by {info.get('holder', '?')}@{info.get('host', '?')} "
                    f"until {info.get('expires_at', '?')} (memsync unlock breaks it)"
                )
            time.sleep(0.05 + 0.1 * (uuid.uuid4().int % 10) / 10)

    # -- writing ------------------------------------------------------------------

    @contextmanager
    def transaction(
        self, expected: str | None, sidecars: frozenset[str] | None = None, *, wait: bool = True
    ) -> Iterator[Writer]:
        with self.store.exclusive():
            lock, broke = self._acquire_lock(wait)
            writer = _FieldWriter(self, expected, sidecars)
            try:
                writer.repair = broke
                writer.current = self.fetch_manifest(if_none_match=expected, sidecars=False)
                yield writer
            finally:
                with contextlib.suppress(RemoteError):  # if this fails the lock expires, and is broken then
                    if writer.wrote and not writer.committed:
                        # Files changed but no manifest vouches for them: leave the lock, expired,
                        # so the next writer repairs the field and readers see damage, not a push.
                        self.store.put(LOCK_NAME, json.dumps({"expires": 0, "abandoned": True}).encode(), if_match=lock)
                    else:
                        self.unlock(lock)

    def close(self) -> None:
        self.store.close()


class _FieldWriter(Writer):
    def __init__(self, remote: FieldRemote, expected: str | None, sidecars: frozenset[str] | None) -> None:
        self.remote = remote
        self.store = remote.store
        self.expected = expected
        self.known_sidecars = sidecars
        self.wrote = False
        self.committed = False

    def put(self, name: str, data: bytes, was: str | None) -> None:
        self.wrote = True
        # A repair rewrites whatever is there; otherwise each write is conditional on
        # what the push planned against, where the store's tokens allow it.
        planned = self.store.content_token(was) if was is not None and not self.repair else None
        new_file = was is None and not self.repair and self.store.content_token(sha256_hex(data)) is not None
        try:
            self.store.put(name, data, if_match=planned, if_absent=new_file)
        except PreconditionFailed:
            # Another tool changed the file behind memsync's back, unless this is
            # our own retried write that had landed.
            if self._holds(name, data):
                return
            raise PullFirst(f"{self.store.where(name)}: changed by another writer: pull first") from None

    def _holds(self, name: str, data: bytes) -> bool:
        try:
            current = self.remote._read_optional(name, len(data))
        except TooLarge:
            return False
        return current is not None and current.data == data

    def delete_many(self, names: list[str]) -> None:
        if names:
            self.wrote = True
            self.store.delete_many(names)

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
            expected: str | None = current.etag
        else:
            expected = self.expected if current is NOT_MODIFIED else None
        try:
            token = self.store.put(MANIFEST_NAME, manifest, if_match=expected, if_absent=expected is None)
        except PreconditionFailed:
            landed = self.remote._read_optional(MANIFEST_NAME, MANIFEST_LIMIT)
            if landed is None or landed.data != manifest:
                raise PullFirst(f"{self.remote.url}: another writer committed first: pull first") from None
            token = landed.token  # a retry of our own commit that had landed
        if not self.store.conditional:
            landed = self.remote._read_optional(MANIFEST_NAME, MANIFEST_LIMIT)
            if landed is None or landed.data != manifest:
                raise PullFirst(f"{self.remote.url}: another writer committed at the same time: pull first")
            token = landed.token
        self.committed = True
        return token
