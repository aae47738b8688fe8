"""Any fsspec filesystem as a store: ``sftp://``, ``webdav://``, ``gs://``,
``memory://`` and every other protocol fsspec knows (``az://`` and
``abfs://`` have their own module, ``fsspec_azure``, for conditional writes).

These stores have no atomic compare-and-swap that fsspec exposes, so they
say ``conditional = False``: the field protocol then serialises writers
with its lock object (owner, expiry, a settle pause and a read-back, see
``memsync.protocol``) and reads ``SHA256SUMS`` back after committing it.
Their version tokens are the sha256 of the content, so a conditional read
or write compares hashes (one read, no extra request kind).

``SHA256SUMS``, its sidecars and the lock are written to a hidden temp name
and renamed over the old one (SFTP ``posix-rename``, WebDAV ``MOVE`` with
``Overwrite: T``), so a reader never sees half of one; pages are written in
place and checked against the manifest by whoever reads them.

Each family's library is an optional extra (``memsync[sftp]``,
``memsync[webdav]``, ``memsync[gcs]``); a missing one is a one-line error
that names it. Filesystems are made on first use, so adding a remote or
reading its options never connects anywhere.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar
from urllib.parse import unquote, urlsplit

from memsync.errors import RemoteError, WorkspaceError
from memsync.limits import HEAD_DEADLINE, MIN_RATE
from memsync.names import OWN_NAMES

from .base import (
    CHUNK,
    FIELD_OPTIONS,
    NOT_MODIFIED,
    Entry,
    Listed,
    NotFound,
    NotModified,
    Opened,
    Option,
    PreconditionFailed,
    Store,
    TimedOut,
    TransferFailed,
    listing_seconds,
    within,
)


def require(url: str, extra: str, *modules: str) -> None:
    """A one-line error naming the extra when a family's library is missing."""
    for module in modules:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            scheme = url.split("://", 1)[0]
            raise WorkspaceError(f"{url}: {scheme}:// remotes need the {extra} extra: pip install 'memsync[{extra}]'")


#: The first read of a file: small, so its deadline is close (see ``_chunks``).
FIRST_READ = 16 * 1024


class FsspecStore(Store):
    """A folder of an fsspec filesystem, written without store-side conditions."""

    conditional: ClassVar[bool] = False
    #: The pip extra that brings this family's library, and the modules it must provide.
    EXTRA: ClassVar[str] = ""
    MODULES: ClassVar[tuple[str, ...]] = ("fsspec",)
    #: Folders are real here (SFTP, WebDAV, memory): created before the first write.
    HAS_DIRS: ClassVar[bool] = True
    #: One write replaces an object whole, as object stores do; otherwise memsync's
    #: own files go through a temp name and a rename.
    ATOMIC_WRITES: ClassVar[bool] = False

    def __init__(self, url: str, options: Mapping[str, str] | None = None) -> None:
        super().__init__(url, options)
        if self.EXTRA:
            require(url, self.EXTRA, *self.MODULES)
        else:
            _require_protocol(url)
        self.root = self._root_path().rstrip("/")
        self._fs: Any = None
        self._fs_lock = threading.Lock()
        self._dirs_made = False

    # -- what a family supplies -----------------------------------------------------

    def _root_path(self) -> str:
        """The field's folder as the filesystem names it."""
        import fsspec

        cls = fsspec.get_filesystem_class(self.url.split("://", 1)[0])
        return str(cls._strip_protocol(self.url))

    def _make_fs(self) -> Any:
        import fsspec

        fs, _ = fsspec.core.url_to_fs(self.url)
        return fs

    def _replace(self, temp: str, path: str) -> None:
        """Rename ``temp`` over ``path`` in one step."""
        self.fs.mv(temp, path)

    def _explain(self, where: str, exc: BaseException) -> RemoteError | None:
        """A family's reading of its library's own exceptions (None: not one of them)."""
        return None

    # -- plumbing -------------------------------------------------------------------

    @property
    def fs(self) -> Any:
        with self._fs_lock:
            if self._fs is None:
                self._fs = self._call(self.url, self._make_fs)
            return self._fs

    def path(self, name: str) -> str:
        return f"{self.root}/{name}" if self.root else name

    def _call(self, where: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """One filesystem call; every failure becomes one line that names the remote."""
        try:
            return fn(*args, **kwargs)
        except RemoteError:
            raise
        except Exception as exc:
            raise self._translate(where, exc) from exc

    def _translate(self, where: str, exc: BaseException) -> RemoteError:
        known = self._explain(where, exc)
        if known is not None:
            return known
        if isinstance(exc, FileNotFoundError):
            return NotFound(f"{where}: not found")
        if isinstance(exc, FileExistsError):
            return PreconditionFailed(f"{where}: already exists")
        if isinstance(exc, PermissionError):
            return RemoteError(f"{where}: access denied")
        if isinstance(exc, ConnectionRefusedError | socket.gaierror):
            return RemoteError(f"{where}: cannot reach the server ({exc.strerror or type(exc).__name__})")
        if isinstance(exc, TimeoutError):
            return TimedOut(f"{where}: the server did not answer in time")
        if isinstance(exc, ConnectionError):
            return TransferFailed(f"{where}: connection lost ({type(exc).__name__})")
        if isinstance(exc, OSError) and exc.strerror:
            return RemoteError(f"{where}: {exc.strerror}")
        text = " ".join(str(exc).split())[:200]
        return RemoteError(f"{where}: {type(exc).__name__}" + (f": {text}" if text else ""))

    # -- the store ------------------------------------------------------------------

    def exists(self) -> bool:
        # A listing where the folder is one (WebDAV's PROPFIND has Depth 1): a listing's deadline.
        isdir = self._bounded(self.url, listing_seconds(self.timeout), self.fs.isdir, self.root)
        return bool(isdir) or bool(self.list())

    def _open(self, name: str, if_none_match: str | None, max_bytes: int) -> Opened | NotModified:
        where = self.where(name)
        handle = self._handle(name)
        digest = hashlib.sha256()
        if if_none_match is not None:
            # The token is the content's hash: compare it before handing anything over.
            try:
                data = b"".join(self._chunks(where, handle, digest, max_bytes))
            finally:
                _close(handle)
            token = digest.hexdigest()
            if token == if_none_match:
                return NOT_MODIFIED
            return Opened(token, len(data), iter([data]))
        opened = Opened("", None, iter(()), lambda: _close(handle))
        size = getattr(handle, "size", None)
        opened.size = size if isinstance(size, int) else None

        def chunks() -> Iterator[bytes]:
            yield from self._chunks(where, handle, digest, max_bytes)
            opened.token = digest.hexdigest()  # known once the whole body went through

        opened.chunks = chunks()
        return opened

    def _handle(self, name: str) -> Any:
        return self._bounded(self.where(name), self.timeout, self.fs.open, self.path(name), "rb", block_size=CHUNK)

    def _bounded(self, where: str, seconds: float, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``fn`` with a deadline (``within``), its failures in one line."""
        return self._call(where, within, where, seconds, fn, *args, **kwargs)

    def _written(self, where: str, size: int, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """A write of ``size`` bytes with a deadline: connecting, the bytes at MIN_RATE,
        then the answer's head within HEAD_DEADLINE timeouts, as HTTP remotes give it.
        A server that drips its answer never trips the library's own timeouts, which
        restart with every byte. A write given up on may still land: the field
        protocol reads back what it commits."""
        return self._bounded(where, (1 + HEAD_DEADLINE) * self.timeout + size / MIN_RATE, fn, *args, **kwargs)

    def _chunks(self, where: str, handle: Any, digest: Any, max_bytes: int) -> Iterator[bytes]:
        got, start, size = 0, time.monotonic(), FIRST_READ
        while got <= max_bytes:
            # The deadline Store.read keeps, applied to each read while it waits. A read
            # returns only when full, so the first is small: a drip ends near the deadline.
            left = start + self.timeout + (got + size) / MIN_RATE - time.monotonic()
            chunk = self._bounded(where, left, handle.read, size)
            size = CHUNK
            if not chunk:
                return
            got += len(chunk)
            digest.update(chunk)
            yield chunk
        # More than max_bytes: hand over one more byte so the caller's bound trips.
        yield b"\0"

    def list(self) -> list[Entry]:
        try:
            found = self._bounded(self.url, listing_seconds(self.timeout), self.fs.ls, self.root, detail=True)
        except NotFound:
            return []
        files = [i for i in found if i.get("type") == "file"]
        listed = Listed(self.url)  # the library answers whole: counted once, before anything else is done
        listed.add(
            (Entry(str(i["name"]).rstrip("/").rsplit("/", 1)[-1], i.get("size"), _listed_token(i)) for i in files),
            len(found) - len(files),
        )
        return listed.entries

    def _current(self, name: str) -> str | None:
        try:
            handle = self._bounded(
                self.where(name), self.timeout, self.fs.open, self.path(name), "rb", block_size=CHUNK
            )
        except NotFound:
            return None
        digest = hashlib.sha256()
        try:
            for _ in self._chunks(self.where(name), handle, digest, 1 << 40):
                pass
        finally:
            _close(handle)
        return digest.hexdigest()

    def _check(self, name: str, if_match: str | None, if_absent: bool) -> None:
        # Not atomic: the lock object (or the store's own lock) keeps other memsync
        # writers out; this catches other tools that changed the file meanwhile.
        if if_match is None and not if_absent:
            return
        current = self._current(name)
        if (if_absent and current is not None) or (if_match is not None and current != if_match):
            raise PreconditionFailed(f"{self.where(name)}: changed by another writer")

    def put(self, name: str, data: bytes, *, if_match: str | None = None, if_absent: bool = False) -> str:
        self._check(name, if_match, if_absent)
        where = self.where(name)
        if self.HAS_DIRS and not self._dirs_made:
            self._written(self.url, 0, self.fs.makedirs, self.root, exist_ok=True)
            self._dirs_made = True
        if not self.ATOMIC_WRITES and (name in OWN_NAMES or name.startswith(".")):
            temp = self.path(f".memsync-tmp-{uuid.uuid4().hex}")
            try:
                self._written(where, len(data), self.fs.pipe_file, temp, data)
                self._written(where, 0, self._replace, temp, self.path(name))
            except RemoteError:
                # A write given up on may have landed all the same: its temp goes too,
                # and the write's own error is the one worth telling.
                with contextlib.suppress(RemoteError):
                    self._written(where, 0, self.fs.rm_file, temp)
                raise
        else:
            self._written(where, len(data), self.fs.pipe_file, self.path(name), data)
        return hashlib.sha256(data).hexdigest()

    def delete(self, name: str, *, if_match: str | None = None) -> None:
        if if_match is not None:
            current = self._current(name)
            if current is None:
                raise NotFound(f"{self.where(name)}: not found")
            if current != if_match:
                raise PreconditionFailed(f"{self.where(name)}: changed by another writer")
        with contextlib.suppress(NotFound):
            self._written(self.where(name), 0, self.fs.rm_file, self.path(name))

    def content_token(self, sha256: str) -> str | None:
        return sha256


def _close(handle: Any) -> None:
    # A handle given up on mid-read (its read still running on an abandoned
    # thread) may refuse to close cleanly; it goes with its connection anyway.
    with contextlib.suppress(Exception):
        handle.close()


def _listed_token(info: Mapping[str, Any]) -> str | None:
    """What a listing says about an object's version, when it says anything."""
    for key in ("etag", "ETag", "md5Hash", "generation"):
        if info.get(key):
            return str(info[key])
    if info.get("mtime") is not None or info.get("size") is not None:
        return f"{info.get('size')}:{info.get('mtime')}"
    return None


def _require_protocol(url: str) -> None:
    """A protocol fsspec knows but whose library is missing: fsspec's own hint, in one line."""
    import fsspec

    scheme = url.split("://", 1)[0]
    try:
        fsspec.get_filesystem_class(scheme)
    except (ImportError, ValueError) as exc:
        hint = " ".join(str(exc).split()) or f"fsspec has no filesystem for {scheme!r} URLs"
        raise WorkspaceError(f"{url}: {hint}") from None


# -- families ---------------------------------------------------------------------------


class SftpStore(FsspecStore):
    """``sftp://[USER@]HOST[:PORT]/PATH`` through sshfs (asyncssh).

    Keys come from the SSH agent and ``~/.ssh`` (or ``-o key_file=``); the
    host key must be in ``~/.ssh/known_hosts`` (or ``-o known_hosts=FILE``)."""

    EXTRA = "sftp"
    MODULES = ("sshfs", "asyncssh")
    OPTIONS: ClassVar[Mapping[str, Option]] = {
        **FIELD_OPTIONS,
        "key_file": Option("a private key file to log in with (default: the SSH agent and ~/.ssh keys)"),
        "known_hosts": Option("a known_hosts file to check the server's key against (default ~/.ssh/known_hosts)"),
        "password": Option("a password to log in with (prefer keys)", secret=True),
    }

    def _root_path(self) -> str:
        parts = urlsplit(self.url)
        if not parts.hostname:
            raise WorkspaceError(f"{self.url}: expected sftp://[USER@]HOST[:PORT]/PATH")
        return unquote(parts.path) or "/"

    def _make_fs(self) -> Any:
        from sshfs import SSHFileSystem

        parts = urlsplit(self.url)
        kwargs: dict[str, Any] = {"connect_timeout": self.timeout, "skip_instance_cache": True}
        if parts.port:
            kwargs["port"] = parts.port
        if parts.username:
            kwargs["username"] = unquote(parts.username)
        if self.options.get("password"):
            kwargs["password"] = self.options["password"]
        for option, argument in (("key_file", "client_keys"), ("known_hosts", "known_hosts")):
            if self.options.get(option):
                path = os.path.expanduser(self.options[option])
                if not os.path.isfile(path):
                    raise WorkspaceError(f"{self.url}: option {option}: no file {path}")
                kwargs[argument] = [path] if argument == "client_keys" else path
        return SSHFileSystem(parts.hostname, **kwargs)

    def _explain(self, where: str, exc: BaseException) -> RemoteError | None:
        import asyncssh

        if isinstance(exc, asyncssh.PermissionDenied):
            return RemoteError(f"{where}: the SSH server refused these credentials")
        if isinstance(exc, asyncssh.HostKeyNotVerifiable):
            return RemoteError(f"{where}: the server's host key is not in known_hosts (-o known_hosts=FILE)")
        if isinstance(exc, asyncssh.DisconnectError):
            return TransferFailed(f"{where}: the SSH server disconnected ({exc.reason})")
        if isinstance(exc, asyncssh.SFTPNoSuchFile):
            return NotFound(f"{where}: not found")
        if isinstance(exc, asyncssh.SFTPPermissionDenied):
            return RemoteError(f"{where}: access denied")
        return None


#: What a WebDAV server's 401 means, and where memsync takes credentials from.
NO_CREDENTIALS = (
    "credentials missing or rejected (give them in the URL as USER:PASSWORD@, with -o username= -o password=, "
    "in netrc or as MEMSYNC_HTTP_USER/MEMSYNC_HTTP_PASSWORD)"
)


class WebdavStore(FsspecStore):
    """``webdav://HOST[:PORT]/PATH`` (HTTPS) and ``webdav+http://`` through webdav4.

    Credentials (HTTP Basic) are found and bound to the URL's origin as for HTTP
    remotes (``httpauth.credentials``): the URL's ``user:password@``, else
    ``-o username= -o password=``, ``MEMSYNC_HTTP_USER``/``MEMSYNC_HTTP_PASSWORD``
    or netrc; a lone ``user@`` takes the password kept for that user."""

    EXTRA = "webdav"
    MODULES = ("webdav4", "httpx")
    OPTIONS: ClassVar[Mapping[str, Option]] = {
        **FIELD_OPTIONS,
        "username": Option("the user to log in as (default: the URL's USER@, $MEMSYNC_HTTP_USER or netrc)"),
        "password": Option("the password (default: the URL's, $MEMSYNC_HTTP_PASSWORD or netrc)", secret=True),
    }

    def _base_url(self) -> str:
        parts = urlsplit(self.url)
        http = "http" if parts.scheme == "webdav+http" else "https"
        if not parts.hostname:
            raise WorkspaceError(f"{self.url}: expected webdav://HOST[:PORT]/PATH")
        return f"{http}://{parts.netloc.rpartition('@')[2]}/"

    def _root_path(self) -> str:
        self._base_url()  # checks the URL's shape when the remote is added
        return unquote(urlsplit(self.url).path).strip("/")

    def _make_fs(self) -> Any:
        from webdav4.fsspec import WebdavFileSystem

        from . import webdav_http
        from .httpauth import credentials

        base = self._base_url()
        given = (self.options["username"], self.options.get("password", "")) if self.options.get("username") else None
        client = webdav_http.client(base, credentials(self.url, given), self.timeout, self.url)
        return WebdavFileSystem(base, client=client, skip_instance_cache=True)

    def _replace(self, temp: str, path: str) -> None:
        self.fs.client.move(temp, path, overwrite=True)

    def _explain(self, where: str, exc: BaseException) -> RemoteError | None:
        import httpx
        from webdav4.client import HTTPError, ResourceNotFound

        if isinstance(exc, ResourceNotFound):
            return NotFound(f"{where}: not found")
        if isinstance(exc, HTTPError | httpx.HTTPStatusError):
            status = getattr(exc.response, "status_code", None)
            if status == 404:
                return NotFound(f"{where}: not found")
            if status == 412:
                return PreconditionFailed(f"{where}: precondition failed")
            if status == 401:
                return RemoteError(f"{where}: WebDAV server answered 401: {NO_CREDENTIALS}")
            if status == 403:
                return RemoteError(f"{where}: access denied")
            return RemoteError(f"{where}: WebDAV server answered {status}")
        if isinstance(exc, httpx.TimeoutException):
            return TimedOut(f"{where}: the WebDAV server did not answer in time")
        if isinstance(exc, httpx.ConnectError):
            return RemoteError(f"{where}: cannot reach the WebDAV server")
        if isinstance(exc, httpx.TransportError):
            return TransferFailed(f"{where}: transfer failed ({type(exc).__name__})")
        if isinstance(exc, _UNPARSED):
            # webdav4 reads a 207's XML on trust: a server's odd answer surfaces as
            # whatever its parsing tripped on, which says nothing to the user.
            return RemoteError(f"{where}: the WebDAV server's answer does not parse ({type(exc).__name__})")
        return None


# What webdav4 raises reading a multistatus that is not XML, lacks an href, or
# holds a length or status that is no number.
_UNPARSED = (SyntaxError, KeyError, ValueError, AssertionError, AttributeError, IndexError, TypeError)


class GcsStore(FsspecStore):
    """``gs://BUCKET/PREFIX`` through gcsfs; credentials from Google's default
    chain (``GOOGLE_APPLICATION_CREDENTIALS``, gcloud, the metadata server) or ``-o token=``."""

    EXTRA = "gcs"
    MODULES = ("gcsfs",)
    HAS_DIRS = False
    ATOMIC_WRITES = True
    OPTIONS: ClassVar[Mapping[str, Option]] = {
        **FIELD_OPTIONS,
        "project": Option("the Google Cloud project"),
        "token": Option("a service-account JSON file, 'google_default', or 'anon'"),
        "endpoint_url": Option("another GCS JSON API endpoint (an emulator)"),
    }

    def _root_path(self) -> str:
        parts = urlsplit(self.url)
        if not parts.netloc:
            raise WorkspaceError(f"{self.url}: expected gs://BUCKET/PREFIX")
        return f"{parts.netloc}{unquote(parts.path)}"

    def _make_fs(self) -> Any:
        from gcsfs import GCSFileSystem

        kwargs: dict[str, Any] = {"skip_instance_cache": True, "requests_timeout": self.timeout}
        for key in ("project", "token", "endpoint_url"):
            if self.options.get(key):
                kwargs[key] = self.options[key]
        return GCSFileSystem(**kwargs)
