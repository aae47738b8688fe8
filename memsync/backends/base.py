"""The small interface a transport implements: plain byte operations on the
named objects at one location (a folder, a bucket prefix, a URL path).

A store knows nothing of fields, manifests, signatures or locks: the field
protocol (``memsync.protocol``) is written once above it, as restic's
backends and python-tuf's fetcher are. A store supplies:

- ``_open(name, if_none_match)``: the object's bytes as chunks, its version
  token and size (or ``NOT_MODIFIED``); ``NotFound`` when absent;
- ``list()``: the names directly at the location;
- ``put(name, data, if_match=, if_absent=)``: a write, conditional when asked
  (``PreconditionFailed`` when the condition does not hold);
- ``delete(name, if_match=)``;

and says what it can promise: ``conditional`` (the conditions above are
atomic at the store) and ``content_token(sha)`` (its tokens are content
hashes). Reading is bounded here, once for every store: ``read`` stops at
``max_bytes + 1`` and at the deadline, whatever the transport does.
"""

from __future__ import annotations

import builtins
import contextlib
import functools
import itertools
import os
import socket
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any, BinaryIO, ClassVar, TypeVar

from memsync.errors import InputError, RemoteError, WorkspaceError
from memsync.limits import DEFAULT_TIMEOUT, LISTED_BYTES, MAX_LISTED, MIN_RATE, READ_ATTEMPTS, REQUEST_BYTES
from memsync.manifest import check_file_count
from memsync.names import Role, role_of

CHUNK = 256 * 1024
T = TypeVar("T")


class NotModified:
    """Answer to a conditional read whose token still matches."""

    def __repr__(self) -> str:
        return "NOT_MODIFIED"


NOT_MODIFIED = NotModified()


class NotFound(RemoteError):
    """The named object is not there."""


class Denied(RemoteError):
    """The store refused to answer (S3 answers so for a missing key to whoever may not list the bucket)."""


class PreconditionFailed(RemoteError):
    """A conditional write or delete whose condition did not hold."""


class TooLarge(RemoteError):
    """A remote object larger than memsync will read."""


class TimedOut(RemoteError):
    """A remote that stopped answering, or answers too slowly to finish."""


class TransferFailed(RemoteError):
    """A response cut off mid-body (a reset, a proxy hiccup): worth another try."""


@dataclass(frozen=True)
class Blob:
    data: bytes
    token: str
    content_type: str = ""


@dataclass(frozen=True)
class Entry:
    name: str
    size: int | None = None
    token: str | None = None


@dataclass
class Opened:
    """An object being read: its token, size when known, and its bytes as chunks.
    ``close`` releases the connection (also when reading stops early)."""

    token: str
    size: int | None
    chunks: Iterator[bytes]
    close: Callable[[], None] = lambda: None
    content_type: str = ""


@dataclass(frozen=True)
class Option:
    """A remote option a store accepts (``-o KEY=VALUE``)."""

    meaning: str
    secret: bool = False


#: Options every remote accepts.
COMMON_OPTIONS: Mapping[str, Option] = {
    "timeout": Option("seconds to connect and to wait for the next byte (default 30; also $MEMSYNC_TIMEOUT)"),
}

#: Options of every store, which the field protocol (``memsync.protocol``) reads.
FIELD_OPTIONS: Mapping[str, Option] = {
    "lock_ttl": Option("seconds a writer's lock lasts if its push dies (default 120)"),
    "lock_settle": Option(
        "seconds a writer waits before trusting a lock it wrote, where writes are not conditional (default 1)"
    ),
    "shared": Option(
        "true: other tools write pages here too, so every sync also lists the field (one request per 1,000 pages)"
    ),
}


class Store(ABC):
    """Named objects at one location."""

    #: The options this kind of store accepts, beside ``COMMON_OPTIONS`` (a kind that
    #: declares its own includes ``FIELD_OPTIONS``: the field protocol reads them).
    OPTIONS: ClassVar[Mapping[str, Option]] = FIELD_OPTIONS
    #: ``if_match``/``if_absent`` are atomic at the store (compare-and-swap).
    conditional: ClassVar[bool] = True
    #: Files here may be edited in place (a folder someone works in), so a
    #: ``SHA256SUMS`` there can be stale; one-way copies hash instead.
    live: ClassVar[bool] = False
    #: Transfers in flight at once: a network store waits on round trips, a local
    #: folder on nothing a second thread could overlap (threads only fight for the GIL).
    parallel: ClassVar[int] = 8
    #: ``exclusive()`` is a real lock that dies with its holder (flock): a lock
    #: object found while holding it was left by a writer that died.
    exclusive_lock: ClassVar[bool] = False
    #: ``list()`` names every object there (an HTTP server's index may not).
    complete_listing: ClassVar[bool] = True
    #: The location may also offer the whole field as ``memoryfield.zip`` (the
    #: spec's HTTP servers): a clone can fetch that one object instead of every file.
    offers_archive: ClassVar[bool] = False
    #: A push that writes every file of a version also leaves one archive of it
    #: there (``.memsync-whole-<digest hex>.zip``): a clone of that version
    #: fetches one object instead of every file (stores that charge per request).
    keeps_whole: ClassVar[bool] = False

    def __init__(self, url: str, options: Mapping[str, str] | None = None) -> None:
        self.url = url
        self.options = dict(options or {})
        unknown = sorted(set(self.options) - set(self.OPTIONS) - set(COMMON_OPTIONS))
        if unknown:
            valid = ", ".join(sorted({*self.OPTIONS, *COMMON_OPTIONS}))
            raise WorkspaceError(f"{url}: unknown option {unknown[0]!r} (valid here: {valid})")
        self.timeout = timeout_option(url, self.options)

    # -- what a transport implements -------------------------------------------

    @abstractmethod
    def _open(self, name: str, if_none_match: str | None, max_bytes: int) -> Opened | NotModified:
        """Start reading ``name``; ``NotFound`` when it is not there. ``max_bytes``
        lets a store refuse early; the bound is enforced above it anyway."""

    @abstractmethod
    def list(self) -> builtins.list[Entry]:
        """The objects directly at this location (no recursion)."""

    @abstractmethod
    def put(self, name: str, data: bytes, *, if_match: str | None = None, if_absent: bool = False) -> str:
        """Write ``name``; returns its new token. ``PreconditionFailed`` when
        ``if_match`` is not its current token, or ``if_absent`` and it exists."""

    def put_file(
        self, name: str, source: BinaryIO, size: int, *, if_match: str | None = None, if_absent: bool = False
    ) -> str:
        """``put`` from a file of ``size`` bytes, read from its start; stores that
        can stream it override this, so a large archive never sits in memory."""
        source.seek(0)
        return self.put(name, source.read(size), if_match=if_match, if_absent=if_absent)

    @abstractmethod
    def delete(self, name: str, *, if_match: str | None = None) -> None:
        """Remove ``name`` (absent is fine unless ``if_match`` is given)."""

    def delete_many(self, names: builtins.list[str]) -> None:
        for name in names:
            self.delete(name)

    def exists(self) -> bool:
        """Whether the location itself is there (a folder, a bucket)."""
        return True

    def exclusive(self) -> AbstractContextManager[None]:
        """A lock the store itself offers writers (a folder's flock); none by default."""
        return nullcontext()

    def content_token(self, sha256: str) -> str | None:
        """The token this store gives an object whose content has this sha256,
        when its tokens are content hashes (then writes of pages can be
        conditional on the content the push planned against)."""
        return None

    def bulk(self, count: int) -> AbstractContextManager[None]:
        """Around ``count`` puts of pages: a store may write them behind the
        caller's back (a folder's helper process), all done when the block ends,
        where a refused one raises ``PreconditionFailed``. Nothing by default."""
        return nullcontext()

    def close(self) -> None:  # noqa: B027 - optional hook, most stores hold nothing
        pass

    # -- bounded reading, the same for every store -------------------------------

    def read(self, name: str, max_bytes: int, if_none_match: str | None = None) -> Blob | NotModified:
        """``name`` whole, refusing more than ``max_bytes`` and a transfer past its deadline."""
        for attempt in range(1, READ_ATTEMPTS + 1):
            parts: builtins.list[bytes] = []
            try:
                opened = self._drain(name, max_bytes, if_none_match, parts.append)
            except TransferFailed:
                if attempt == READ_ATTEMPTS:
                    raise
                time.sleep(0.1 * attempt)
                continue
            if isinstance(opened, NotModified):
                return opened
            return Blob(b"".join(parts), opened.token, opened.content_type)
        raise AssertionError("unreachable")

    def read_to(self, name: str, sink: BinaryIO, max_bytes: int, if_none_match: str | None = None) -> str | NotModified:
        """Stream ``name`` into ``sink`` under the same bounds; returns its token
        (or ``NOT_MODIFIED``, with nothing written, while it is still ``if_none_match``)."""
        for attempt in range(1, READ_ATTEMPTS + 1):
            sink.seek(0)
            sink.truncate()
            try:
                opened = self._drain(name, max_bytes, if_none_match, sink.write)
            except TransferFailed:
                if attempt == READ_ATTEMPTS:
                    raise
                time.sleep(0.1 * attempt)
                continue
            return opened if isinstance(opened, NotModified) else opened.token
        raise AssertionError("unreachable")

    @functools.cached_property
    def _pace(self) -> _Pace:
        return _Pace()

    def _drain(
        self, name: str, max_bytes: int, if_none_match: str | None, write: Callable[[bytes], object]
    ) -> Opened | NotModified:
        with self._pace.reading(self.timeout, self.url):
            opened = self._open(name, if_none_match, max_bytes)
            if isinstance(opened, NotModified):
                return opened
            try:
                if opened.size is not None and opened.size > max_bytes:
                    raise TooLarge(f"{self.where(name)}: {opened.size} bytes, more than the {max_bytes} memsync reads")
                start, got = time.monotonic(), 0
                for chunk in opened.chunks:
                    got += len(chunk)
                    if got > max_bytes:
                        raise TooLarge(f"{self.where(name)}: more than the {max_bytes} bytes memsync reads")
                    if time.monotonic() - start > self.timeout + got / MIN_RATE:
                        raise TimedOut(f"{self.where(name)}: transfer too slow ({got} bytes so far); gave up")
                    self._pace.add(len(chunk), self.timeout, self.url)
                    write(chunk)
                return opened
            finally:
                opened.close()

    def where(self, name: str) -> str:
        """How errors name an object of this store."""
        return f"{self.url.rstrip('/')}/{name}"


class _Pace:
    """The deadline of a store's reads together (a pull of many files): the time
    reads were in flight may be at most ``timeout`` plus what the bytes read, and
    REQUEST_BYTES a request, take at MIN_RATE. Each read has its own deadline, but
    a server that drips every file just under it held a pull of 1,000 pages for
    an hour (100,000 for days); time with no read in flight (a push, a merge)
    does not count."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._reading = 0
        self._since = 0.0  # when reads were last none, then some
        self._busy = 0.0  # seconds with reads in flight before that
        self._bytes = 0
        self._requests = 0

    @contextmanager
    def reading(self, timeout: float, url: str) -> Iterator[None]:
        with self._lock:
            if not self._reading:
                self._since = time.monotonic()
            self._reading += 1
            self._requests += 1
        try:
            self.add(0, timeout, url)  # a late pull starts no more requests
            yield
        finally:
            with self._lock:
                self._reading -= 1
                if not self._reading:
                    self._busy += time.monotonic() - self._since

    def add(self, count: int, timeout: float, url: str) -> None:
        with self._lock:
            self._bytes += count
            busy = self._busy + time.monotonic() - self._since
            got, requests = self._bytes, self._requests
        if busy > timeout + (got + requests * REQUEST_BYTES) / MIN_RATE:
            raise TimedOut(f"{url}: reads too slow ({got} bytes in {requests} requests, {busy:.0f} s); gave up")


class Listed:
    """A listing counted as its pages arrive (``add`` each page), so that one of
    millions of objects is refused at the first page past what a field holds,
    not once every page is in memory."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.entries: builtins.list[Entry] = []
        self._content = self._others = 0

    def add(self, entries: Iterable[Entry], others: int = 0) -> None:
        """A page's files, and how many other things it named (subfolders)."""
        for entry in entries:
            self.entries.append(entry)
            self._content += role_of(entry.name) is Role.CONTENT
        self._others += others
        check_file_count(self._content, self.where, "files listed")
        if len(self.entries) + self._others > MAX_LISTED:
            raise InputError(f"{self.where}: more than {MAX_LISTED} objects listed: too many for a field")


def listing_seconds(timeout: float, entries: int | None = None) -> float:
    """How long one listing request naming up to ``entries`` objects (a whole
    listing: MAX_LISTED) may take: the deadline every read has, for the bytes so
    many entries may take."""
    return timeout + (MAX_LISTED if entries is None else entries) * LISTED_BYTES / MIN_RATE


class Watchdog:
    """One thread that keeps the deadlines a library's own timeouts cannot: those
    restart with every byte, so a server that drips would hold a call for ever.
    At a watched call's deadline its ``late`` action runs: cut its connection
    (``hang_up``: an HTTP answer's head, whose wait then ends in an error) or
    wake the caller that gave up on it (``within``)."""

    def __init__(self) -> None:
        self._due: dict[int, tuple[float, Callable[[], object]]] = {}
        self._cut: set[int] = set()
        self._wake = threading.Condition()
        self._count = itertools.count()
        self._thread: threading.Thread | None = None
        # A forked child has no such thread, and may have the lock of one it lost: it starts afresh.
        os.register_at_fork(after_in_child=self._forked)

    def watch(self, seconds: float, late: Callable[[], object]) -> int:
        """Run ``late`` in ``seconds`` unless ``release``d before; a key for ``release``."""
        key = next(self._count)
        with self._wake:
            self._due[key] = (time.monotonic() + seconds, late)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="memsync-deadlines", daemon=True)
                self._thread.start()
            self._wake.notify()
        return key

    def release(self, key: int) -> bool:
        """Stop watching; True when the deadline had passed and ``late`` ran."""
        with self._wake:
            self._due.pop(key, None)
            if key in self._cut:
                self._cut.discard(key)
                return True
            return False

    def _run(self) -> None:
        with self._wake:
            while True:
                now = time.monotonic()
                for key, (due, late) in list(self._due.items()):
                    if due <= now:
                        del self._due[key]
                        self._cut.add(key)
                        with contextlib.suppress(Exception):  # one action's error ends no other deadline
                            late()
                self._wake.wait(min((due for due, _ in self._due.values()), default=now + 60) - now)

    def _forked(self) -> None:
        # The calls watched were the parent's threads': none is waiting here.
        self._due, self._cut = {}, set()
        self._wake = threading.Condition()
        self._thread = None


#: The one watchdog of the process.
WATCHDOG = Watchdog()


def hang_up(sock: socket.socket) -> Callable[[], None]:
    """A ``late`` action for the watchdog: cut ``sock``'s connection, so that a read waiting on it ends."""

    def cut() -> None:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)

    return cut


def within(where: str, seconds: float, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn`` with a deadline. Libraries' own timeouts restart with every byte (and a
    listing's answer is parsed whole), so a server that drips would hold the call
    for ever: it runs on a daemon thread, abandoned (with its connection) when the
    watchdog says it is late."""
    box: dict[str, Any] = {}
    done = threading.Event()

    def run() -> None:
        try:
            box["value"] = fn(*args, **kwargs)
        except BaseException as exc:  # handed to the caller below
            box["error"] = exc
        finally:
            done.set()

    threading.Thread(target=run, daemon=True).start()
    key = WATCHDOG.watch(max(seconds, 0.001), done.set)
    done.wait()
    if WATCHDOG.release(key) and not box:
        raise TimedOut(f"{where}: the server is too slow (nothing complete in {seconds:.0f} s); gave up")
    if "error" in box:
        raise box["error"]
    value: T = box["value"]
    return value


def timeout_option(url: str, options: Mapping[str, str]) -> float:
    """The ``timeout`` a remote's options (or $MEMSYNC_TIMEOUT) give, in seconds."""
    value = options.get("timeout") or os.environ.get("MEMSYNC_TIMEOUT")
    if value is None:
        return DEFAULT_TIMEOUT
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not number > 0:
        raise WorkspaceError(f"{url}: option timeout={value!r}: expected a positive number of seconds")
    return number
