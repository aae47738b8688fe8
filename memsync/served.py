"""A field folder as ``memsync serve`` serves it: what each request reads or writes.

The server keeps each field's ``SHA256SUMS`` equal to what the folder holds:
every write replaces the file, then rewrites the manifest, under one lock
per field (a thread lock plus ``flock`` on the folder, the lock local pushes
take), so a reader never sees a manifest that lies about a finished write.
File ETags are the quoted sha256 of the bytes; a client makes a page write
conditional with ``If-Match`` on the version it planned against, and a push
ends with ``PUT /SHA256SUMS`` carrying the manifest it expects: accepted when
it lists exactly what the field now holds, 412 when the field moved and it
does not, 409 when nothing moved but it still lists other files. A refusal is
an :class:`~memsync.errors.HttpError`. The server (``memsync.serve``) reaches
this through ``memsync.api`` (``serve_fields``).
"""

from __future__ import annotations

import contextlib
import errno
import logging
import mimetypes
import os
import stat
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import release, rotation
from .disk import atomic
from .engine import write_manifest
from .errors import HttpError, InputError, MemsyncError, WorkspaceError
from .field import StatCache, scan
from .limits import SERVE_LOCK_WAIT_SECONDS as LOCK_WAIT_SECONDS
from .manifest import Manifest, sha256_hex
from .names import (
    INDEX_PAGE,
    KEYS_NAME,
    MANIFEST_NAME,
    RELEASE_NAME,
    SIDECAR_NAMES,
    SIGNATURE_NAME,
    Role,
    is_page,
    name_problem,
    role_of,
)
from .protocol import LOCK_NAME
from .ssh import sshsig

# The indexer, search (sqlite3) and the packer are imported by what uses them.
if TYPE_CHECKING:
    from .vectors.embedders import Embedder
    from .vectors.search import FieldHit

log = logging.getLogger(__name__)  # the server's log: memsync.serve sets it up


@dataclass(frozen=True)
class Condition:
    """A write's preconditions, as the request's If-Match / If-None-Match headers give them."""

    if_match: str | None = None
    if_none_match: str | None = None


@dataclass(frozen=True)
class Found:
    """A file a request reads: its bytes, content type and ETag."""

    data: bytes
    content_type: str
    etag: str


@dataclass(frozen=True)
class Written:
    """A write's answer: its HTTP status, and the ETag of what it wrote."""

    status: int
    etag: str | None = None


def quote_etag(sha: str) -> str:
    return f'"{sha}"'


class ServedField:
    """One field folder and the lock that serialises its writes."""

    def __init__(self, name: str, root: Path) -> None:
        self.name = name
        self.root = root
        self._thread_lock = threading.Lock()
        self._statcache = StatCache()
        self._archive: tuple[str, bytes] | None = None  # (etag, archive bytes)
        self.embedder: Embedder | None = None  # None: no vector index, search answers 501
        self._index_lock = threading.Lock()

    @contextmanager
    def locked(self) -> Iterator[None]:
        if not self._thread_lock.acquire(timeout=LOCK_WAIT_SECONDS):
            raise HttpError(503, "the field is busy; try again", [("Retry-After", "1")])
        try:
            fd = os.open(self.root, os.O_RDONLY | os.O_DIRECTORY)
            try:
                _flock(fd)
                yield
            finally:
                os.close(fd)  # releases the flock
        finally:
            self._thread_lock.release()

    def sidecar(self, name: str) -> bytes | None:
        """A sidecar of the field's current manifest (dropped whenever the manifest changes)."""
        with self.locked():
            self.refresh_locked()
            return _read_or_none(self.root / name)

    def snapshot(self) -> tuple[bytes, bytes | None]:
        """The field's manifest as it holds now (rewriting SHA256SUMS if it is stale)
        and the signature when it signs exactly that manifest."""
        with self.locked():
            return self.refresh_locked()

    def refresh_locked(self) -> tuple[bytes, bytes | None]:
        """``snapshot`` for a caller that holds the lock."""
        try:
            manifest = scan(self.root, self._statcache)
        except InputError as exc:
            # Named within the field: a client learns nothing of the server's folders.
            raise HttpError(500, f"the served field is not valid: {str(exc).removeprefix(f'{self.root}: ')}") from None
        data = manifest.to_bytes()
        on_disk = _read_or_none(self.root / MANIFEST_NAME)
        signature = _read_or_none(self.root / SIGNATURE_NAME) if on_disk == data else None
        if on_disk != data:
            # A read-only folder is still served: its manifest then lives in memory.
            with contextlib.suppress(OSError):
                write_manifest(self.root, manifest, {})
        return data, signature

    def reindex(self) -> None:
        """Bring the vector index up to date (only changed pages are embedded).

        Runs after the write's lock is released, so readers and writers of
        the field do not wait for the embedder; a failure leaves the old index."""
        if self.embedder is None:
            return
        from .vectors.rebuild import rebuild

        with self._index_lock:
            try:
                rebuild(self.root, self.embedder)
            except (MemsyncError, OSError) as exc:
                log.warning("%s: vector index not rebuilt: %s", self.name, exc)

    def archive(self) -> tuple[str, bytes]:
        """The reproducible archive and its ETag (the field digest, plus the signature when signed)."""
        with self.locked():
            data, signature = self.refresh_locked()
            etag = "sha256:" + sha256_hex(data)
            if signature is not None:
                etag += "+sig-" + sha256_hex(signature)[:16]
            etag = quote_etag(etag)
            if self._archive is None or self._archive[0] != etag:
                from .archive import pack_field

                self._archive = (etag, pack_field(self.root).data)
            return self._archive

    def prepare(self, *, index: bool = True, embedder: str | None = None) -> None:
        """Make SHA256SUMS current before the first request, and (``index``) keep a vector
        index with ``embedder`` (default: MEMSYNC_EMBEDDER, the field's index, else auto)."""
        try:
            self.snapshot()
        except HttpError as exc:  # what a request would be told is the user's one line here
            raise InputError(exc.message) from None
        if index:
            from .vectors import embedders

            self.embedder = embedders.for_field(self.root, embedder)
            self.reindex()

    def index_page(self) -> Found | None:
        """The field's index.md, served as its front page."""
        index = _read_or_none(self.root / INDEX_PAGE)
        return None if index is None else Found(index, "text/markdown; charset=utf-8", quote_etag(sha256_hex(index)))

    def files(self) -> list[str]:
        """The field's content files, as its current SHA256SUMS lists them."""
        data, _ = self.snapshot()
        return list(Manifest.parse(data))

    def read(self, rest: str) -> Found:
        """The file ``rest`` names: SHA256SUMS, a sidecar of it, the writer lock, or a content file."""
        if rest == MANIFEST_NAME:
            data, _ = self.snapshot()
            return Found(data, "text/plain; charset=utf-8", quote_etag(sha256_hex(data)))
        if rest in SIDECAR_NAMES:
            sidecar = self.sidecar(rest)
            if sidecar is None:
                raise HttpError(404, f"the field has no {rest} for its current SHA256SUMS")
            return Found(sidecar, "text/plain", quote_etag(sha256_hex(sidecar)))
        if rest == LOCK_NAME:
            lock = _read_or_none(self.root / LOCK_NAME)
            if lock is None:
                raise HttpError(404, "no writer holds the lock")
            return Found(lock, "application/json", quote_etag(sha256_hex(lock)))
        if "/" in rest or name_problem(rest) or role_of(rest) is not Role.CONTENT:
            raise HttpError(404, "not a file of this field")
        page = _read_or_none(self.root / rest)
        if page is None:
            raise HttpError(404, f"{rest} is not in this field")
        return Found(page, _content_type(rest), quote_etag(sha256_hex(page)))

    def write(self, method: str, rest: str, body: Callable[[], bytes], cond: Condition) -> Written:
        """A PUT (of ``body()``, read only once the name is known to be writable) or DELETE of ``rest``."""
        if rest == MANIFEST_NAME:
            if method != "PUT":
                raise HttpError(405, "SHA256SUMS cannot be deleted; delete the files instead", [("Allow", "GET, PUT")])
            return _commit(self, body(), cond)
        if rest in (*SIDECAR_NAMES, LOCK_NAME) and method == "DELETE":
            return _drop(self, rest, cond)
        if rest in SIDECAR_NAMES:
            return _put_sidecar(self, rest, body(), cond)
        if rest == LOCK_NAME:
            return _put_lock(self, body(), cond)
        if "/" in rest or rest in ("", ".", ".."):
            raise HttpError(400, "a field is flat: name one file directly in it")
        problem = name_problem(rest)
        if problem:
            raise HttpError(400, problem)
        if role_of(rest) is not Role.CONTENT:
            raise HttpError(403, f"{rest!r} is not a content file (hidden, derived or memsync's own)")
        if method == "DELETE":
            return _delete(self, rest, cond)
        data = body()
        if is_page(rest):
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                raise HttpError(400, f"{rest} is not UTF-8 text; pages must be") from None
        return _put(self, rest, data, cond)

    def search(self, query: str, k: int) -> dict[str, Any]:
        """The spec's search answer: the ``k`` best pages for ``query`` from the field's vector index."""
        from .vectors.search import search as search_index

        embedder = self.embedder
        if embedder is None:
            raise HttpError(501, "search is off: this server keeps no vector index for the field")
        try:
            hits = search_index(self.root, embedder, query, k)
        except MemsyncError as exc:
            raise HttpError(503, f"search failed: {exc}") from None
        return {"query": query, "model_code": embedder.model_code, "results": [_hit(found) for found in hits]}


# -- writes -------------------------------------------------------------------


def _put(served: ServedField, name: str, data: bytes, cond: Condition) -> Written:
    with served.locked():
        path = served.root / name
        old = _read_or_none(path)
        _preconditions(cond, None if old is None else quote_etag(sha256_hex(old)))
        atomic.write_bytes(path, data)
        served.refresh_locked()
    if is_page(name):
        served.reindex()
    return Written(201 if old is None else 204, quote_etag(sha256_hex(data)))


def _delete(served: ServedField, name: str, cond: Condition) -> Written:
    with served.locked():
        path = served.root / name
        old = _read_or_none(path)
        _preconditions(cond, None if old is None else quote_etag(sha256_hex(old)))
        if old is None:
            raise HttpError(404, f"{name} is not in this field")
        atomic.remove(path)
        served.refresh_locked()
    if is_page(name):
        served.reindex()
    return Written(204)


def _commit(served: ServedField, data: bytes, cond: Condition) -> Written:
    try:
        wanted = Manifest.parse(data, where="SHA256SUMS")
    except InputError as exc:
        raise HttpError(400, str(exc)) from None
    with served.locked():
        current, _ = served.refresh_locked()
        etag = quote_etag(sha256_hex(current))
        if wanted.to_bytes() == current:
            return Written(200, etag)  # the field holds exactly this: nothing to overwrite
        _preconditions(cond, etag)
    raise HttpError(409, "SHA256SUMS must list exactly the files the field holds: PUT and DELETE those first")


def _put_sidecar(served: ServedField, name: str, data: bytes, cond: Condition) -> Written:
    """A signature or release statement, kept only while it vouches for the field as it is; the
    key rotation file, which vouches for keys and not for a manifest, only when it is sound on its
    own (it too is dropped when the manifest changes)."""
    with served.locked():
        current, _ = served.refresh_locked()
        _preconditions(cond, _etag_of(served.root / name))
        signed = current if name == SIGNATURE_NAME else _read_or_none(served.root / RELEASE_NAME)
        if name == KEYS_NAME:
            try:
                chain = rotation.parse(data)
            except MemsyncError as exc:
                raise HttpError(400, str(exc)) from None
            problems = chain.problems()
            if problems:
                raise HttpError(409, f"{name}: {problems[0]}")
        elif name == RELEASE_NAME:
            try:
                statement = release.Release.parse(data)
            except MemsyncError as exc:
                raise HttpError(400, str(exc)) from None
            if statement.digest != "sha256:" + sha256_hex(current):
                raise HttpError(409, f"{name} names another version than the field's current SHA256SUMS")
        else:
            try:
                sshsig.check(signed or b"", data)
            except MemsyncError:
                raise HttpError(409, f"{name} does not sign the field's current {MANIFEST_NAME}") from None
        atomic.write_bytes(served.root / name, data)
    return Written(204, quote_etag(sha256_hex(data)))


def _put_lock(served: ServedField, data: bytes, cond: Condition) -> Written:
    """memsync's writer lock: a small object created only if absent, replaced or
    dropped only by If-Match, which the server only stores."""
    if len(data) > 4096:
        raise HttpError(413, "a lock is a few hundred bytes")
    with served.locked():
        _preconditions(cond, _etag_of(served.root / LOCK_NAME))
        atomic.write_bytes(served.root / LOCK_NAME, data)
    return Written(201, quote_etag(sha256_hex(data)))


def _drop(served: ServedField, name: str, cond: Condition) -> Written:
    with served.locked():
        current = _etag_of(served.root / name)
        _preconditions(cond, current)
        if current is None and cond.if_match is not None:
            raise HttpError(404, f"no {name} here")
        atomic.remove(served.root / name)
    return Written(204)


def _etag_of(path: Path) -> str | None:
    data = _read_or_none(path)
    return None if data is None else quote_etag(sha256_hex(data))


def _preconditions(cond: Condition, current: str | None) -> None:
    """RFC 9110 If-Match / If-None-Match for a write (strong comparison)."""
    if cond.if_match is not None:
        tags = _tags(cond.if_match)
        if current is None or not ("*" in tags or current in tags):
            raise HttpError(412, "the file changed since the version you sent in If-Match: pull first")
    if cond.if_none_match is not None:
        tags = _tags(cond.if_none_match)
        if current is not None and ("*" in tags or current in tags):
            raise HttpError(412, "the file exists (If-None-Match): pull first")


def _tags(header: str) -> list[str]:
    return [t.strip() for t in header.split(",") if t.strip() and not t.strip().startswith("W/")]


def _hit(found: FieldHit) -> dict[str, Any]:
    """A result as the spec gives it, with who wrote the page's lines when memsync knows."""
    data = found.to_json()
    return {**found.hit.to_json(), "signer": data["signer"], "provenance": data["provenance"]}


def _content_type(name: str) -> str:
    if is_page(name):
        return "text/markdown; charset=utf-8"
    return mimetypes.guess_type(name)[0] or "application/octet-stream"


def _read_or_none(path: Path) -> bytes | None:
    """The regular file at ``path``; None when there is none. A link or a FIFO put
    into the served folder is no file of the field: never what it points at (a
    file outside the field), and never an open that waits for a writer."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK)
    except (FileNotFoundError, IsADirectoryError):
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return None
        raise
    try:
        st = os.fstat(fd)
        return atomic.read_open(fd, st.st_size) if stat.S_ISREG(st.st_mode) else None
    finally:
        os.close(fd)


def _flock(fd: int) -> None:
    if not atomic.lock_exclusive(fd, LOCK_WAIT_SECONDS):
        busy = "another writer holds the field's lock; try again"
        raise HttpError(503, busy, [("Retry-After", "1")])


def served_fields(folders: Iterable[Path]) -> dict[str, ServedField]:
    folders = list(folders)
    fields: dict[str, ServedField] = {}
    for folder in folders:
        root = folder.absolute()
        if not root.is_dir():
            raise WorkspaceError(f"{folder}: not a field folder")
        name = root.name
        if name in fields:
            raise WorkspaceError(f"two fields named {name!r}: serve folders with different names")
        # Several fields are mounted at /NAME/, so their names must be plain URL segments.
        if len(folders) > 1 and name_problem(name):
            raise WorkspaceError(f"{folder}: the folder name {name!r} cannot be a URL path segment")
        fields[name] = ServedField(name, root)
    return fields
