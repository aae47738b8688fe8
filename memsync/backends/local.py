"""Local folders: ``/path`` and ``file:///path``.

Writers are serialised by ``flock`` on the folder itself, so nothing but
``SHA256SUMS`` and its signature is added to the field; every write is atomic
(temp file, fsync, rename) and ``SHA256SUMS`` is replaced last.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from memsync import atomic
from memsync.errors import PullFirst, RemoteError
from memsync.manifest import sha256_hex
from memsync.names import MANIFEST_NAME, SIGNATURE_NAME

from .base import NOT_MODIFIED, Backend, ManifestFile, NotModified, Writer

LOCK_TIMEOUT_SECONDS = 60.0
PUSH_MARKER = ".memsync-pushing"  # hidden: never content, never travels


def path_from_url(url: str) -> Path:
    if url.startswith("file://"):
        parsed = urlparse(url)
        if parsed.netloc not in ("", "localhost"):
            raise RemoteError(f"{url}: file URLs must name a local path")
        return Path(unquote(parsed.path))
    return Path(url).expanduser()


class LocalBackend(Backend):
    live = True

    def __init__(self, url: str, options: Mapping[str, str] | None = None) -> None:
        super().__init__(url, options)
        self.root = path_from_url(url).absolute()

    def _require_root(self) -> bool:
        if self.root.is_dir():
            return True
        if self.root.exists():
            raise RemoteError(f"{self.url}: not a folder")
        return False

    def exists(self) -> bool:
        return self._require_root()

    def lock_info(self) -> dict[str, Any] | None:
        """A push in progress (or one that died before its commit) leaves its marker."""
        try:
            pid = (self.root / PUSH_MARKER).read_text().strip()
        except (FileNotFoundError, NotADirectoryError):
            return None
        return {"holder": f"pid {pid}", "host": socket.gethostname(), "pid": pid}

    def fetch_manifest(self, if_none_match: str | None = None) -> ManifestFile | NotModified | None:
        if not self._require_root():
            return None
        try:
            data = (self.root / MANIFEST_NAME).read_bytes()
        except FileNotFoundError:
            return None
        etag = sha256_hex(data)
        if etag == if_none_match:
            return NOT_MODIFIED
        try:
            signature: bytes | None = (self.root / SIGNATURE_NAME).read_bytes()
        except FileNotFoundError:
            signature = None
        return ManifestFile(data, etag, signature)

    def list_names(self) -> list[str]:
        if not self._require_root():
            return []
        return sorted(e.name for e in os.scandir(self.root))

    def get(self, name: str) -> bytes:
        try:
            return (self.root / name).read_bytes()
        except FileNotFoundError:
            raise RemoteError(f"{self.url}: {name!r} is listed but missing") from None
        except OSError as exc:
            raise RemoteError(f"{self.url}: cannot read {name!r}: {exc.strerror}") from None

    @contextmanager
    def transaction(self, expected_etag: str | None) -> Iterator[Writer]:
        try:
            self.root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RemoteError(f"{self.url}: cannot create folder: {exc.strerror}") from None
        fd = os.open(self.root, os.O_RDONLY | os.O_DIRECTORY)
        try:
            if not atomic.lock_exclusive(fd, LOCK_TIMEOUT_SECONDS):
                raise RemoteError(f"{self.url}: another writer holds the lock")
            current = self.fetch_manifest()
            current_etag = current.etag if isinstance(current, ManifestFile) else None
            if current_etag != expected_etag:
                raise PullFirst(f"{self.url} changed since you last synced: pull first")
            atomic.clean_temp_files(self.root)
            writer = _LocalWriter(self.root)
            # The marker outlives a push that dies before its commit, so the next
            # push knows the folder may hold files its SHA256SUMS does not vouch for.
            writer.repair = (self.root / PUSH_MARKER).exists()
            atomic.write_bytes(self.root / PUSH_MARKER, f"{os.getpid()}\n".encode())
            yield writer
        finally:
            os.close(fd)  # closing the descriptor releases the flock


class _LocalWriter(Writer):
    def __init__(self, root: Path) -> None:
        self.root = root

    # Each file is fsynced before its rename; the folder once, at commit, before
    # SHA256SUMS is replaced, so the manifest never lands ahead of its pages.
    def put(self, name: str, data: bytes) -> None:
        atomic.write_bytes(self.root / name, data, sync_dir=False)

    def delete(self, name: str) -> None:
        atomic.remove(self.root / name, sync_dir=False)

    def commit(self, manifest: bytes, signature: bytes | None, message: str) -> str:
        atomic.fsync_dir(self.root)
        # The old signature must never sit beside a manifest it does not sign.
        atomic.remove(self.root / SIGNATURE_NAME)
        atomic.write_bytes(self.root / MANIFEST_NAME, manifest)
        if signature is not None:
            atomic.write_bytes(self.root / SIGNATURE_NAME, signature)
        atomic.remove(self.root / PUSH_MARKER)
        return sha256_hex(manifest)
