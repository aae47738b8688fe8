"""The one small interface every transport implements.

A remote holds one field: content files plus ``SHA256SUMS`` (and maybe
``SHA256SUMS.sig``). The sync engine needs only five things from it:

- ``fetch_manifest``: the manifest bytes and a version token (an ETag), with
  a conditional form so an unchanged remote costs one cheap request;
- ``list_names``: file names, for remotes that carry no ``SHA256SUMS``;
- ``get``: one file's bytes (the engine verifies them, never the backend);
- ``transaction``: an exclusive write session that refuses to start when
  the remote moved past the version the caller planned against, writes
  files, and commits by replacing ``SHA256SUMS`` last.
"""

from __future__ import annotations

import os
import socket
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ManifestFile:
    """``SHA256SUMS`` as the remote holds it, with its version token."""

    data: bytes
    etag: str
    signature: bytes | None = None


class NotModified:
    """Answer to a conditional fetch whose ETag still matches."""


NOT_MODIFIED = NotModified()


class Writer(ABC):
    """An open write session on a remote (see ``Backend.transaction``).

    ``put`` may be called from several threads at once. ``repair`` is set when
    the remote shows that an earlier push died before its commit, so the
    caller rewrites every file instead of only its changes."""

    repair = False

    @abstractmethod
    def put(self, name: str, data: bytes) -> None: ...

    @abstractmethod
    def delete(self, name: str) -> None: ...

    def delete_many(self, names: list[str]) -> None:
        """Delete several files; backends with a batch call override this."""
        for name in names:
            self.delete(name)

    @abstractmethod
    def commit(self, manifest: bytes, signature: bytes | None, message: str) -> str:
        """Replace ``SHA256SUMS`` (and its signature) last; returns the new ETag."""


class Backend(ABC):
    """One field at one URL."""

    #: Files here may be edited in place (a folder someone works in), so its
    #: SHA256SUMS can be stale; one-way copies read it by hashing instead.
    live = False

    def __init__(self, url: str, options: Mapping[str, str] | None = None) -> None:
        self.url = url
        self.options = dict(options or {})

    @abstractmethod
    def fetch_manifest(self, if_none_match: str | None = None) -> ManifestFile | NotModified | None:
        """The remote's manifest; NOT_MODIFIED if its ETag equals ``if_none_match``;
        None when the remote has no ``SHA256SUMS`` (written by another tool, or empty)."""

    @abstractmethod
    def list_names(self) -> list[str]:
        """Every file name at the remote (used only when it has no manifest)."""

    @abstractmethod
    def get(self, name: str) -> bytes: ...

    @abstractmethod
    def transaction(self, expected_etag: str | None) -> AbstractContextManager[Writer]:
        """Exclusive write session. Raises ``PullFirst`` when the remote's current
        manifest ETag is not ``expected_etag`` (None: expect no manifest)."""

    def log(self, limit: int = 50) -> list[dict[str, str]]:
        """The field's history (commit, author, date, message), newest first."""
        from memsync.errors import RemoteError

        raise RemoteError(f"{self.url}: this kind of remote keeps no history (git remotes do)")

    def lock_info(self) -> dict[str, Any] | None:
        """Who holds the writer lock, for backends whose locks outlive their holder."""
        return None

    def unlock(self) -> bool:
        """Break a writer's lock left by a crashed push; False if there was none.
        Backends whose locks die with their holder have nothing to break."""
        return False

    def exists(self) -> bool:
        """Whether anything is at the URL (a pull from nowhere is an error)."""
        return True

    def close(self) -> None:  # noqa: B027 - optional hook, most backends hold nothing
        pass

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def writer_alive(info: Mapping[str, Any] | None) -> bool:
    """Whether the writer a lock or marker names may still be at work: not
    expired, and not a process on this host that no longer exists."""
    if info is None:
        return False
    if float(info.get("expires", float("inf"))) < time.time():
        return False
    if info.get("host") == socket.gethostname():
        try:
            os.kill(int(info.get("pid", -1)), 0)
        except (ProcessLookupError, ValueError, TypeError):
            return False
        except PermissionError:
            pass  # someone else's process: alive
    return True
