"""A field as one ``NAME.memoryfield.zip`` object in any store.

The archive is a snapshot: reading it means fetching it whole (bounded, into
a temp file, hashed on the way) and checking it (``memsync.archive``);
writing it means packing the new version reproducibly and replacing the
object with one conditional write, which is the whole transaction. Its
version token is the store's token for the object (read conditionally, so an
unchanged archive is not fetched again); pins name the archive's own sha256
(``archive_sha256``).
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import IO

from .archive import Archive, open_archive, write_field
from .backends.base import NotFound, NotModified, PreconditionFailed, Store, TooLarge
from .errors import PullFirst, RemoteError
from .limits import ARCHIVE_SPOOL_BYTES as _SPOOL
from .names import MANIFEST_NAME
from .remote import NOT_MODIFIED, ManifestFile, Remote, Writer, archive_limit, file_limit


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
        self._stack = ExitStack()  # the spool and open archive of the version read
        self._archive: Archive | None = None
        self._token: str | None = None
        self._sha256: str | None = None
        self._loaded = False

    def load(self) -> Archive | None:
        """The archive, fetched and checked once per run; None when there is none."""
        return self._load()

    def release(self) -> None:
        """Drop the fetched archive (and its temp file); the store stays open."""
        self._stack.close()
        self._archive, self._loaded = None, False

    def _read(self, if_none_match: str | None = None) -> bool:
        """Fetch and check the archive, unless the store says it is still
        ``if_none_match``: then nothing is read and the answer is False."""
        stack = ExitStack()
        try:
            spool = stack.enter_context(tempfile.SpooledTemporaryFile(_SPOOL))  # noqa: SIM115
            sink = _Hashing(spool)
            try:
                token = self.store.read_to(self.name, sink, archive_limit(), if_none_match)  # type: ignore[arg-type]
            except NotFound:
                archive, token, sha256 = None, None, None
            else:
                if isinstance(token, NotModified):
                    stack.close()
                    return False
                sha256 = sink.digest.hexdigest()
                spool.seek(0)
                archive = stack.enter_context(open_archive(spool, where=self.url))  # type: ignore[arg-type]
        except BaseException:
            stack.close()
            raise
        self._stack.close()
        self._stack = stack
        self._archive, self._token, self._sha256, self._loaded = archive, token, sha256, True
        return True

    def _load(self) -> Archive | None:
        """The archive, fetched and checked once per run; None when there is none."""
        if not self._loaded:
            self._read()
        return self._archive

    def archive_sha256(self) -> str | None:
        if self._load() is None:
            raise RemoteError(f"{self.url}: no such archive")
        return self._sha256

    def exists(self) -> bool:
        return self._load() is not None

    def fetch_manifest(self, if_none_match: str | None = None) -> ManifestFile | NotModified | None:
        # Asked of the store every time (conditionally: an unchanged archive is not sent again);
        # what was read stays for get() and list_names().
        if not self._read(if_none_match):
            if self._token != if_none_match:
                self._loaded = False  # what we hold is another version: read it again when asked
            return NOT_MODIFIED
        return self._manifest_file(if_none_match)

    def _manifest_file(self, if_none_match: str | None) -> ManifestFile | NotModified | None:
        archive = self._archive
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
        data = archive.read(name)
        limit = file_limit()
        if len(data) > limit:
            raise TooLarge(f"{self.url}: {name!r} is {len(data)} bytes, more than the {limit} memsync reads")
        return data

    @contextmanager
    def transaction(
        self, expected: str | None, sidecars: frozenset[str] | None = None, *, wait: bool = True
    ) -> Iterator[Writer]:
        with self.store.exclusive():
            # The writer packs the version that is there now: the one we hold if the
            # store says it did not move (one conditional read), else the one read instead.
            self._read(self._token if self._loaded else None)
            writer = _ArchiveWriter(self)
            try:
                writer.current = self._manifest_file(expected)
                yield writer
            finally:
                writer.close()

    def close(self) -> None:
        self.release()
        self.store.close()


class _ArchiveWriter(Writer):
    """Changed files go into a temp folder as they come; the commit adds the
    unchanged ones from the old archive (streamed, checked) and packs the
    folder with ``write_field`` into a temp file, which the store streams up."""

    def __init__(self, remote: ArchiveRemote) -> None:
        self.remote = remote
        self.folder = Path(tempfile.mkdtemp(prefix="memsync-archive-"))
        self.deleted: set[str] = set()

    def put(self, name: str, data: bytes, was: str | None, sha: str | None = None) -> None:
        (self.folder / name).write_bytes(data)

    def delete_many(self, gone: Mapping[str, str | None]) -> None:
        self.deleted.update(gone)
        for name in gone:
            (self.folder / name).unlink(missing_ok=True)

    def commit(self, manifest: bytes, sidecars: Mapping[str, bytes], message: str) -> str:
        r = self.remote
        archive = r._archive  # the version there now, read when the transaction began
        if archive is not None:
            kept = [n for n in archive.manifest.entries if n not in self.deleted and not (self.folder / n).exists()]
            archive.extract_files(self.folder, kept)
        # The manifest to commit beside the files: write_field packs the sidecars only if it lists them exactly.
        (self.folder / MANIFEST_NAME).write_bytes(manifest)
        for name, data in sidecars.items():
            (self.folder / name).write_bytes(data)
        with tempfile.TemporaryFile() as packed:
            written = write_field(self.folder, packed)
            if written.manifest.to_bytes() != manifest:
                raise RemoteError(f"{r.url}: archive contents do not match the manifest to commit")
            try:
                token = r.store.put_file(r.name, packed, written.size, if_match=r._token, if_absent=r._token is None)
            except PreconditionFailed:
                landed = self._landed(written.sha256)
                if landed is None:
                    r._loaded = False  # someone else's archive is there now
                    raise PullFirst(f"{r.url}: another writer replaced the archive first: pull first") from None
                token = landed
        r.release()  # the old archive and its spool
        r._token, r._sha256 = token, written.sha256
        return token

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def _landed(self, sha256: str) -> str | None:
        """The token of the archive there if it is ours (a retried write that had landed)."""
        with tempfile.SpooledTemporaryFile(_SPOOL) as spool:
            sink = _Hashing(spool)
            try:
                token = self.remote.store.read_to(self.remote.name, sink, archive_limit())  # type: ignore[arg-type]
            except NotFound:
                return None
            assert isinstance(token, str)
            return token if sink.digest.hexdigest() == sha256 else None
