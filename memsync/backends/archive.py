"""A field as one ``NAME.memoryfield.zip``, wherever fsspec can carry its bytes.

The archive is a snapshot: its version token is the archive's own sha256,
reading it means checking it whole (``memsync.archive``), and writing it means
packing the new field version reproducibly and replacing the file in one go.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import fsspec
from fsspec.implementations.local import LocalFileSystem

from memsync import atomic
from memsync.archive import open_archive, pack_files
from memsync.errors import PullFirst, RemoteError
from memsync.manifest import sha256_hex

from .base import NOT_MODIFIED, Backend, ManifestFile, NotModified, Writer
from .local import path_from_url


class ArchiveBackend(Backend):
    def __init__(self, url: str, options: Mapping[str, str] | None = None) -> None:
        super().__init__(url, options)
        if "://" not in url or url.startswith("file://"):
            self.fs, self.path = LocalFileSystem(), str(path_from_url(url).absolute())
        else:
            self.fs, self.path = fsspec.core.url_to_fs(url, **self.options)
        self._data: bytes | None = None
        self._files: dict[str, bytes] | None = None
        self._manifest: bytes = b""
        self._signature: bytes | None = None

    def archive_bytes(self) -> bytes | None:
        """The whole archive, read once; None when it does not exist yet."""
        if self._data is None:
            try:
                with self.fs.open(self.path, "rb") as handle:
                    self._data = handle.read()
            except FileNotFoundError:
                return None
            except OSError as exc:
                raise RemoteError(f"{self.url}: cannot read archive: {exc}") from None
        return self._data

    def _load(self) -> dict[str, bytes]:
        if self._files is None:
            data = self.archive_bytes()
            if data is None:
                self._files = {}
            else:
                with open_archive(data, where=self.url) as archive:
                    self._files = dict(archive.files())
                    self._manifest = archive.manifest.to_bytes()
                    self._signature = archive.signature
        return self._files

    def _etag(self) -> str | None:
        data = self.archive_bytes()
        return None if data is None else sha256_hex(data)

    def exists(self) -> bool:
        return self.archive_bytes() is not None

    def fetch_manifest(self, if_none_match: str | None = None) -> ManifestFile | NotModified | None:
        etag = self._etag()
        if etag is None:
            return None
        if etag == if_none_match:
            return NOT_MODIFIED
        self._load()
        return ManifestFile(self._manifest, etag, self._signature)

    def list_names(self) -> list[str]:
        return sorted(self._load())

    def get(self, name: str) -> bytes:
        try:
            return self._load()[name]
        except KeyError:
            raise RemoteError(f"{self.url}: {name!r} is not in the archive") from None

    @contextmanager
    def transaction(self, expected_etag: str | None) -> Iterator[Writer]:
        if self._etag() != expected_etag:
            raise PullFirst(f"{self.url} changed since you last synced: pull first")
        yield _ArchiveWriter(self)

    def replace(self, data: bytes) -> None:
        if isinstance(self.fs, LocalFileSystem):
            path = Path(self.path)
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic.write_bytes(path, data)
        else:
            with self.fs.open(self.path, "wb") as handle:
                handle.write(data)
        self._data, self._files = data, None


class _ArchiveWriter(Writer):
    def __init__(self, backend: ArchiveBackend) -> None:
        self.backend = backend
        self.files = dict(backend._load())

    def put(self, name: str, data: bytes) -> None:
        self.files[name] = data

    def delete(self, name: str) -> None:
        self.files.pop(name, None)

    def commit(self, manifest: bytes, signature: bytes | None, message: str) -> str:
        packed = pack_files(self.files, signature)
        if packed.manifest.to_bytes() != manifest:
            raise RemoteError(f"{self.backend.url}: archive contents do not match the manifest to commit")
        self.backend.replace(packed.data)
        return packed.sha256
