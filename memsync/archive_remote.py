"""A field as one ``NAME.memoryfield.zip`` object in any store.

The archive is a snapshot: reading it means fetching it whole (bounded, into
a temp file, hashed on the way) and checking it (``memsync.archive``);
writing it means packing the new version reproducibly and replacing the
object with one conditional write, which is the whole transaction. Its
version token is the store's token for the object; pins name the archive's
own sha256 (``archive_sha256``).
"""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from typing import IO

from .archive import Archive, open_archive, pack_files
from .backends.base import NotFound, NotModified, PreconditionFailed, Store
from .errors import PullFirst, RemoteError
from .remote import NOT_MODIFIED, ManifestFile, Remote, Writer

ARCHIVE_LIMIT = 4 * 1024 * 1024 * 1024
_SPOOL = 32 * 1024 * 1024  # archives up to this stay in memory


class _Hashing:
    """A file that hashes what is written to it."""

    def __init__(self, sink: IO[bytes]) -> None:
        self.sink = sink
        self.digest = hashlib.sha256()

    def write(self, data: bytes) -> int:
        self.digest.update(data)
        return self.sink.write(data)

    def seek(self, offset: int) -> int:
        self.digest = hashlib.sha256()
        return self.sink.seek(offset)

    def truncate(self) -> int:
        return self.sink.truncate()


class ArchiveRemote(Remote):
    def __init__(self, store: Store, name: str) -> None:
        self.store = store
        self.name = name
        self.url = store.where(name)
        self.options = store.options
        self._stack = ExitStack()
        self._archive: Archive | None = None
        self._token: str | None = None
        self._sha256: str | None = None
        self._loaded = False

    def _load(self) -> Archive | None:
        """The archive, fetched and checked once per run; None when there is none."""
        if not self._loaded:
            spool = self._stack.enter_context(tempfile.SpooledTemporaryFile(_SPOOL))  # noqa: SIM115
            sink = _Hashing(spool)
            try:
                self._token = self.store.read_to(self.name, sink, ARCHIVE_LIMIT)  # type: ignore[arg-type]
            except NotFound:
                self._loaded = True
                return None
            self._sha256 = sink.digest.hexdigest()
            spool.seek(0)
            self._archive = self._stack.enter_context(open_archive(spool, where=self.url))  # type: ignore[arg-type]
            self._loaded = True
        return self._archive

    def archive_sha256(self) -> str | None:
        if self._load() is None:
            raise RemoteError(f"{self.url}: no such archive")
        return self._sha256

    def exists(self) -> bool:
        return self._load() is not None

    def fetch_manifest(self, if_none_match: str | None = None) -> ManifestFile | NotModified | None:
        archive = self._load()
        if archive is None:
            return None
        assert self._token is not None
        if self._token == if_none_match:
            return NOT_MODIFIED
        sidecars = dict(archive.sidecars)
        return ManifestFile(archive.manifest.to_bytes(), self._token, sidecars)

    def list_names(self) -> list[str]:
        archive = self._load()
        return sorted(archive.manifest) if archive else []

    def get(self, name: str) -> bytes:
        archive = self._load()
        if archive is None or name not in archive.manifest:
            raise RemoteError(f"{self.url}: {name!r} is not in the archive")
        return archive.read(name)

    @contextmanager
    def transaction(
        self, expected: str | None, sidecars: frozenset[str] | None = None, *, wait: bool = True
    ) -> Iterator[Writer]:
        with self.store.exclusive():
            writer = _ArchiveWriter(self)
            writer.current = self.fetch_manifest(if_none_match=expected)
            yield writer

    def close(self) -> None:
        self._stack.close()
        self.store.close()


class _ArchiveWriter(Writer):
    def __init__(self, remote: ArchiveRemote) -> None:
        self.remote = remote
        archive = remote._load()
        self.files = dict(archive.files()) if archive else {}

    def put(self, name: str, data: bytes, was: str | None) -> None:
        self.files[name] = data

    def delete_many(self, names: list[str]) -> None:
        for name in names:
            self.files.pop(name, None)

    def commit(self, manifest: bytes, sidecars: Mapping[str, bytes], message: str) -> str:
        r = self.remote
        packed = pack_files(self.files, sidecars)
        if packed.manifest.to_bytes() != manifest:
            raise RemoteError(f"{r.url}: archive contents do not match the manifest to commit")
        try:
            token = r.store.put(r.name, packed.data, if_match=r._token, if_absent=r._token is None)
        except PreconditionFailed:
            landed = self._landed(packed.sha256)
            if landed is None:
                raise PullFirst(f"{r.url}: another writer replaced the archive first: pull first") from None
            token = landed
        r._token, r._sha256, r._archive, r._loaded = token, packed.sha256, None, False
        return token

    def _landed(self, sha256: str) -> str | None:
        """The token of the archive there if it is ours (a retried write that had landed)."""
        with tempfile.SpooledTemporaryFile(_SPOOL) as spool:
            sink = _Hashing(spool)
            try:
                token = self.remote.store.read_to(self.remote.name, sink, ARCHIVE_LIMIT)  # type: ignore[arg-type]
            except NotFound:
                return None
            return token if sink.digest.hexdigest() == sha256 else None
