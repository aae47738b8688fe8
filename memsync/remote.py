"""What the sync engine sees of a remote: one field at one URL.

``Remote`` is the field protocol's face. ``memsync.protocol.FieldRemote``
implements it once over any thin ``Store`` (folders, S3, HTTP, fsspec
stores); an archive (``memsync.archive_remote``) and a git repository
(``memsync.git_remote``) implement it directly, since a packed file and a
commit are their own natural transactions. Every file a remote hands over is
bounded in size and checked against the manifest before it is kept.
"""

from __future__ import annotations

import contextlib
import os
import socket
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from .backends.base import NOT_MODIFIED, NotModified
from .errors import IntegrityError, RemoteError
from .limits import FETCH_ATTEMPTS
from .manifest import Manifest, sha256_hex
from .names import SIGNATURE_NAME

__all__ = [
    "NOT_MODIFIED",
    "ManifestFile",
    "NotModified",
    "Remote",
    "Writer",
    "archive_limit",
    "file_limit",
    "writer_alive",
]

WHOLE_MIN = 64  # files to fetch before a whole-field archive is worth asking for (or leaving)


def file_limit() -> int:
    """The largest content file memsync takes from a remote ($MEMSYNC_MAX_FILE_BYTES, default 64 MiB)."""
    return _limit("MEMSYNC_MAX_FILE_BYTES", 64 * 1024 * 1024)


def archive_limit() -> int:
    """The largest ``.memoryfield.zip`` memsync takes from a remote ($MEMSYNC_MAX_ARCHIVE_BYTES, default 4 GiB)."""
    return _limit("MEMSYNC_MAX_ARCHIVE_BYTES", 4 * 1024 * 1024 * 1024)


def _limit(variable: str, default: int) -> int:
    value = os.environ.get(variable, "")
    return int(value) if value.isdigit() and int(value) > 0 else default


class LockBusy(RemoteError):
    """Another writer holds the remote's lock and is alive (``transaction(wait=False)``)."""


@dataclass(frozen=True)
class ManifestFile:
    """``SHA256SUMS`` as the remote holds it, its version token, and memsync's
    own files beside it (signature, release statement, key rotations) that were there."""

    data: bytes
    etag: str
    sidecars: Mapping[str, bytes] = field(default_factory=dict)

    @property
    def signature(self) -> bytes | None:
        return self.sidecars.get(SIGNATURE_NAME)


class Writer(ABC):
    """An open, exclusive write session on a remote (``Remote.transaction``).

    ``current`` is the remote's manifest as read inside the session:
    ``NOT_MODIFIED`` when it is still the version the caller named, else what
    is there now (None: nothing). ``repair`` is set when an earlier push died
    before its commit, so the caller rewrites every file, not only its changes.
    ``put`` may be called from several threads at once."""

    current: ManifestFile | NotModified | None = None
    repair = False

    @abstractmethod
    def put(self, name: str, data: bytes, was: str | None, sha: str | None = None) -> None:
        """Write a content file; ``was`` is the sha256 the push planned it had there
        (None: absent); ``sha``, when given, is ``data``'s, which the caller checked."""

    def bulk(self, count: int) -> AbstractContextManager[None]:
        """Around ``count`` calls of ``put``: they may finish only when the block
        ends, which raises what the one that failed would have."""
        return contextlib.nullcontext()

    def undo(self, restore: Callable[[str], bytes | None]) -> bool:
        """After a failed write of pages (nothing committed): put back each page
        that holds what this session sent, and each page it deleted where none is,
        taking the earlier bytes by sha256 from ``restore``. True when the remote
        is as it was, so the session ends as one that wrote nothing; False when
        that cannot be done (the session then ends as a push that died mid-way)."""
        return False

    @abstractmethod
    def delete_many(self, gone: Mapping[str, str | None]) -> None:
        """Delete content files: name → the sha256 the push planned each had (None: not known)."""

    @abstractmethod
    def commit(self, manifest: bytes, sidecars: Mapping[str, bytes], message: str) -> str:
        """Write the sidecars, drop stale ones, and replace ``SHA256SUMS`` last,
        conditional on the version read at the start; returns the new token."""


class Remote(ABC):
    """One field at one URL."""

    url: str
    options: dict[str, str]
    #: Files there may be edited in place, so its manifest can be stale.
    live = False
    #: Transfers in flight at once (1: one after the other, in the calling thread).
    parallel = 8

    @abstractmethod
    def fetch_manifest(self, if_none_match: str | None = None) -> ManifestFile | NotModified | None:
        """The remote's manifest; NOT_MODIFIED if its token equals ``if_none_match``;
        None when it has no ``SHA256SUMS`` (written by another tool, or empty)."""

    @abstractmethod
    def list_names(self) -> list[str]:
        """Every file name at the remote (used when it has no manifest)."""

    @abstractmethod
    def get(self, name: str) -> bytes:
        """One file's bytes, bounded by ``file_limit()``; the caller verifies them."""

    @abstractmethod
    def transaction(
        self, expected: str | None, sidecars: frozenset[str] | None = None, *, wait: bool = True
    ) -> AbstractContextManager[Writer]:
        """An exclusive write session. ``expected`` is the token the caller last
        agreed on (its ``Writer.current`` is NOT_MODIFIED while that holds);
        ``sidecars`` are the own files the caller knows are there with it
        (None: unknown, so a commit drops any it does not write). Without
        ``wait``, a live writer's lock is ``LockBusy`` at once."""

    def fetch(self, name: str, sha: str) -> bytes:
        """``name``'s bytes, verified against ``sha``; refetched a few times
        (a push may be landing), then reported."""
        for _ in range(FETCH_ATTEMPTS):
            data = self.get(name)
            if sha256_hex(data) == sha:
                return data
        raise IntegrityError(
            f"{self.url}: {name!r} does not match its SHA256SUMS hash after {FETCH_ATTEMPTS} tries "
            "(a push may be in progress, or the remote is damaged); nothing was applied"
        )

    def manifest_stale(self, etag: str | None) -> bool:
        """Whether the version named ``etag`` is more than the remote's SHA256SUMS
        describes (another tool changed pages there), so a push rewrites it even
        with nothing else to send."""
        return False

    def fetch_whole(
        self, manifest: Manifest, names: list[str], each: Callable[[str, bytes], object], scratch: Path
    ) -> bool:
        """``each(name, data)`` for the files ``names`` of the field version
        ``manifest``, from one archive of the whole field, when the remote offers
        one of exactly that version; each file is checked against ``manifest``
        before it is handed over (``scratch``: a folder for the archive while it
        is read). False otherwise, or when the archive fails part way: the
        caller then fetches every file of ``names`` one by one."""
        return False

    def fetch_derived(self, name: str, sink: BinaryIO, max_bytes: int) -> bool:
        """Stream a derived file (a vector index) there into ``sink``, bounded;
        False when there is none (or this kind of remote keeps none). Nothing
        vouches for such a file: callers take it only from a trusted remote,
        and read it as hostile input."""
        return False

    def archive_sha256(self) -> str | None:
        """The sha256 of the archive this remote is, when it is one (pins name it)."""
        return None

    def log(self, limit: int = 50) -> list[dict[str, str]]:
        """The field's history (commit, author, date, message), newest first."""
        raise RemoteError(f"{self.url}: this kind of remote keeps no history (git remotes do)")

    def lock_info(self) -> dict[str, Any] | None:
        """Who holds the writer lock, where locks outlive their holder."""
        return None

    def unlock(self) -> bool:
        """Break a writer's lock left by a crashed push; False if there was none."""
        return False

    def exists(self) -> bool:
        """Whether anything is at the URL (a pull from nowhere is an error)."""
        return True

    def close(self) -> None:  # noqa: B027 - optional hook
        pass

    def __enter__(self) -> Remote:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def writer_alive(info: Mapping[str, Any] | None) -> bool:
    """Whether the writer a lock names may still be at work: not expired, and
    not a process on this host that no longer exists."""
    if info is None:
        return False
    if float(info.get("expires", float("inf"))) < time.time():
        return False
    if info.get("host") == socket.gethostname():
        try:
            os.kill(int(info.get("pid", -1)), 0)
        except (ProcessLookupError, ValueError, TypeError, OverflowError):
            return False
        except PermissionError:
            pass  # someone else's process: alive
    return True
