"""Local folders: ``/path`` and ``file:///path``.

Writers are serialised by ``flock`` on the folder itself (``exclusive``), so
conditional writes are plain compare-then-write under that lock. Every write
is atomic (temp file, rename) and never follows a symlink; tokens are the
sha256 of the content. Pages and sidecars are not fsynced one by one: the
filesystem is flushed once (``syncfs``) before the commit's ``SHA256SUMS``,
which is written durably, so the manifest never lists a file that a crash
could lose.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from memsync.disk import atomic, tempwriter
from memsync.errors import RemoteError
from memsync.field import folder_rules, settled_before
from memsync.limits import FOLDER_LOCK_SECONDS as LOCK_TIMEOUT_SECONDS
from memsync.manifest import sha256_hex
from memsync.names import MANIFEST_NAME, Role, role_of
from memsync.urls import local_path

from .base import CHUNK, NOT_MODIFIED, Entry, NotFound, NotModified, Opened, PreconditionFailed, Store


def _entry(found: os.DirEntry[str], recent: int) -> Entry:
    """A listed file; its version is its stat, ctime and inode included: another
    tool's edit in place may keep size and mtime (cp -p, rsync -t, touch -r),
    never the ctime. A file changed since ``recent`` has none yet: a change
    within the same timestamp tick would keep every number."""
    try:
        st = found.stat(follow_symlinks=False)
    except FileNotFoundError:
        return Entry(found.name)
    if max(st.st_mtime_ns, st.st_ctime_ns) >= recent:
        return Entry(found.name, st.st_size)
    return Entry(found.name, st.st_size, f"{st.st_mtime_ns}-{st.st_ctime_ns}-{st.st_ino}-{st.st_size}")


class LocalStore(Store):
    live = True
    exclusive_lock = True
    parallel = 1

    def __init__(self, url: str, options: Mapping[str, str] | None = None) -> None:
        super().__init__(url, options)
        folder = local_path(url)
        if folder is None:
            raise RemoteError(f"{url}: not a folder")
        self.root = folder.absolute()
        self._prefix = os.path.join(self.root, "")  # where(): no Path made per page
        self._helper: tempwriter.HelperWriter | None = None  # inside ``bulk``

    def where(self, name: str) -> str:
        return self._prefix + name

    def _path(self, name: str) -> Path:
        return self.root / name

    def exists(self) -> bool:
        if self.root.is_dir():
            return True
        if self.root.exists():
            raise RemoteError(f"{self.url}: not a folder")
        return False

    def _open(self, name: str, if_none_match: str | None, max_bytes: int) -> Opened | NotModified:
        try:
            # O_NONBLOCK: opening a FIFO planted where a file should be would wait for a writer forever.
            fd = os.open(self._path(name), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except (FileNotFoundError, NotADirectoryError):
            raise NotFound(f"{self.where(name)}: not found") from None
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise RemoteError(f"{self.where(name)}: a symlink, which memsync does not follow") from None
            raise RemoteError(f"{self.where(name)}: cannot read: {exc.strerror}") from exc
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise RemoteError(f"{self.where(name)}: not a regular file")
            if st.st_size > max_bytes:
                return Opened("", st.st_size, iter(()))
            # A folder has no version tokens of its own: the content's hash is one. (Read what
            # the size says and a byte more: reading max_bytes would allocate the whole limit.)
            data = atomic.read_open(fd, st.st_size)
        finally:
            os.close(fd)
        token = sha256_hex(data)
        if token == if_none_match:
            return NOT_MODIFIED
        return Opened(token, len(data), iter([data[i : i + CHUNK] for i in range(0, len(data), CHUNK)] or [b""]))

    def list(self) -> list[Entry]:
        try:
            # Subfolders are not the field's (a tree's members live there), as S3's
            # listing with a "/" delimiter leaves them out too. A file's stat is the
            # version a listing shows (see _entry), as other tools edit files in place.
            recent = settled_before()
            # What the folder's ignore rules leave out is not the field's: a mirror or publish
            # of a live field carries no more than its sync would.
            ignore = folder_rules(self.root)
            return [
                _entry(e, recent)
                for e in os.scandir(self.root)
                if not e.is_dir(follow_symlinks=False) and (ignore is None or not ignore(e.name))
            ]
        except FileNotFoundError:
            return []
        except NotADirectoryError:
            raise RemoteError(f"{self.url}: not a folder") from None

    def _current(self, name: str) -> str | None:
        try:
            return sha256_hex(atomic.read_bytes(self._path(name)))
        except FileNotFoundError:
            return None

    def _check(self, name: str, if_match: str | None, if_absent: bool) -> None:
        if if_match is None and not if_absent:
            return
        current = self._current(name)
        if (if_absent and current is not None) or (if_match is not None and current != if_match):
            raise PreconditionFailed(f"{self.where(name)}: changed by another writer")

    def put(self, name: str, data: bytes, *, if_match: str | None = None, if_absent: bool = False) -> str:
        # Pages and sidecars are made durable by the flush before SHA256SUMS; a push that
        # dies first leaves its lock, so readers see a push in progress and the next push
        # repairs the field.
        durable = role_of(name) not in (Role.CONTENT, Role.OWN) or name == MANIFEST_NAME
        sync_dir = name == MANIFEST_NAME
        if self._helper is not None and not durable:
            # The helper compares if_match itself as it replaces the file (not checked here
            # first: that read would be the same one paid twice). A refusal is raised when
            # the batch ends; a failure seen now is an earlier page's, or the helper's end,
            # which names itself.
            try:
                self._helper.put(self.where(name), data, if_absent=if_absent, if_match=if_match)
            except OSError as exc:
                raise self._helper_failed(exc) from exc
            return sha256_hex(data)
        self._check(name, if_match, False)
        if name == MANIFEST_NAME:
            # Every file written so far must be on disk before the manifest that lists them:
            # one flush of the filesystem instead of an fsync per file.
            atomic.sync_filesystem(self.root)
        try:
            if not tempwriter.put_page(self._path(name), data, if_absent=if_absent, durable=durable, sync_dir=sync_dir):
                raise PreconditionFailed(f"{self.where(name)}: changed by another writer")
        except OSError as exc:
            raise RemoteError(f"{self.where(name)}: cannot write: {exc.strerror}") from exc
        return sha256_hex(data)

    @contextmanager
    def bulk(self, count: int) -> Iterator[None]:
        # A large batch of pages is written by a helper process while this one reads,
        # hashes and checks the next page (tempwriter); it has written them all by the end.
        helper = tempwriter.helper(self.root) if count >= tempwriter.PROCESS_MIN and self._helper is None else None
        if helper is None:
            yield
            return
        self._helper = helper
        try:
            yield
            try:
                helper.finish()
            except OSError as exc:
                raise self._helper_failed(exc) from exc
        except tempwriter.Refused as exc:
            raise PreconditionFailed(f"{exc.path}: changed by another writer") from None
        finally:
            self._helper = None
            helper.close()

    def _helper_failed(self, exc: OSError) -> RemoteError:
        # Only the helper's own failures are the remote's: an OSError this process meets
        # in the batch (reading a page, storing it locally) goes on as it would without one.
        return RemoteError(f"{exc.filename or self.url}: cannot write: {exc.strerror or exc}")

    def put_file(
        self, name: str, source: BinaryIO, size: int, *, if_match: str | None = None, if_absent: bool = False
    ) -> str:
        self._check(name, if_match, if_absent)
        source.seek(0)
        digest = hashlib.sha256()
        try:
            with atomic.replacing(self._path(name)) as out:
                left = size
                while left and (chunk := source.read(min(CHUNK, left))):
                    digest.update(chunk)
                    out.write(chunk)
                    left -= len(chunk)
        except OSError as exc:
            raise RemoteError(f"{self.where(name)}: cannot write: {exc.strerror}") from exc
        return digest.hexdigest()

    def delete(self, name: str, *, if_match: str | None = None) -> None:
        if if_match is not None:
            if self._current(name) is None:
                raise NotFound(f"{self.where(name)}: not found")
            self._check(name, if_match, False)
        try:
            atomic.remove(self._path(name), sync_dir=False)
        except OSError as exc:
            raise RemoteError(f"{self.where(name)}: cannot delete: {exc.strerror}") from exc

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        while True:
            made = [p for p in (self.root, *self.root.parents) if not p.exists()]
            try:
                self.root.mkdir(parents=True, exist_ok=True)
                fd = os.open(self.root, os.O_RDONLY | os.O_DIRECTORY)
            except OSError as exc:
                raise RemoteError(f"{self.url}: cannot create folder: {exc.strerror}") from exc
            try:
                if not atomic.lock_exclusive(fd, LOCK_TIMEOUT_SECONDS):
                    raise RemoteError(f"{self.url}: another writer holds the lock")
            except BaseException:
                os.close(fd)
                raise
            if _same_folder(fd, self.root):
                break
            os.close(fd)  # the writer that made it removed it while we waited: lock the one there now
        try:
            atomic.clean_temp_files(self.root)
            yield
        finally:
            # Folders made for a push that wrote nothing (the field it expected was gone:
            # moved, or its drive not mounted) are removed, so no empty field is left there.
            for folder in made:
                try:
                    folder.rmdir()
                except OSError:
                    break  # written to: a first push
            os.close(fd)  # closing the descriptor releases the flock

    def content_token(self, sha256: str) -> str | None:
        return sha256


def _same_folder(fd: int, path: Path) -> bool:
    """Whether the folder open as ``fd`` is still the one at ``path``."""
    try:
        there = path.stat()
    except OSError:
        return False
    held = os.fstat(fd)
    return (held.st_dev, held.st_ino) == (there.st_dev, there.st_ino)
