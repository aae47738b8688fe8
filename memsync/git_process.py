"""git's processes, as the git remote (``memsync.git_remote``) runs them: a
local command (``run``), a command that talks to the remote under a deadline
(``talk``: git has none of its own for most transports), and the repository's
objects read over one ``git cat-file --batch`` pipe, each bounded in size
(``Objects``). What they mean for a field is the git remote's business.
"""

from __future__ import annotations

import contextlib
import fcntl
import itertools
import os
import selectors
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import BinaryIO

from .backends.base import TimedOut, TooLarge
from .errors import RemoteError
from .limits import GIT_COUNTING_TIMEOUTS as COUNTING
from .limits import GIT_KEPT_OUTPUT as KEPT_OUTPUT
from .limits import MIN_RATE

#: Timeouts a git command talking to a remote may take before the bytes it brings
#: must keep pace: a server counts and compresses a large repository, printing
#: its progress, before it sends the first byte of it.


def run(argv: list[str], env: Mapping[str, str], url: str, stdin: bytes | None = None) -> str:
    """A local git command, ``env`` added to the environment: its stdout; a failure is
    a one-line error naming ``url``."""
    try:
        done = subprocess.run(argv, input=stdin, capture_output=True, env={**os.environ, **env}, check=False)
    except OSError as exc:
        raise RemoteError(f"{url}: cannot run git: {exc.strerror}") from exc
    if done.returncode != 0:
        what = argv[3] if argv[1] == "--git-dir" else argv[1]
        raise RemoteError(f"{url}: git {what} failed: {last_line(done.stderr.decode('utf-8', 'replace'))}")
    return done.stdout.decode("utf-8", "surrogateescape")


def talk(
    args: tuple[str, ...], env: Mapping[str, str], timeout: float, url: str, objects: Path
) -> tuple[int, str, str]:
    """A git command that talks to the remote: (exit code, stdout, stderr).

    git has no timeout of its own for most transports, so it is killed (with
    any helper it started) once it has printed nothing for ``timeout``
    seconds; fetch and push run with ``--progress`` so a transfer that moves
    keeps talking. A remote that talks without end (progress, as ssh passes
    on what the far end prints) never goes silent, so the command also has the
    deadline every read has, but later: after the first ``COUNTING`` timeouts
    it must keep MIN_RATE, counted in the bytes the cache's objects hold (what
    a fetch brought in, and more than any push sends)."""
    try:
        proc = subprocess.Popen(
            ["git", *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, **env},
            start_new_session=True,
        )
    except OSError as exc:
        raise RemoteError(f"{url}: cannot run git: {exc.strerror}") from exc
    out, err = bytearray(), bytearray()
    start, allowed = time.monotonic(), COUNTING * timeout
    with proc, selectors.DefaultSelector() as selector:
        assert proc.stdout is not None and proc.stderr is not None
        selector.register(proc.stdout, selectors.EVENT_READ, out)
        selector.register(proc.stderr, selectors.EVENT_READ, err)
        while selector.get_map():
            ready = selector.select(timeout)
            late = time.monotonic() - start > allowed
            if late:  # counted again only then: a walk of the objects is not free
                allowed = COUNTING * timeout + bytes_under(objects) / MIN_RATE
                late = time.monotonic() - start > allowed
            if not ready or late:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                if late:
                    slow = f"too slow (still going after {time.monotonic() - start:.0f} s); gave up"
                    raise TimedOut(f"{url}: git {args[0]}: {slow}")
                silent = f"the remote sent nothing for {timeout:g} s; gave up"
                raise TimedOut(f"{url}: git {args[0]}: {silent}")
            for key, _ in ready:
                chunk = os.read(key.fd, 65536)
                if chunk:
                    key.data.extend(chunk)
                    # The last lines are all that is read of it: a remote that talks
                    # on stderr without end (as ssh passes it on) took 3 GB in 12 s.
                    del key.data[:-KEPT_OUTPUT]
                else:
                    selector.unregister(key.fileobj)
        code = proc.wait()
    return code, out.decode("utf-8", "surrogateescape"), err.decode("utf-8", "replace")


class Objects:
    """One ``git cat-file --batch`` process on the cache: objects read over a pipe,
    not with a git process each. Every answer's size is checked before its body
    is read; past the limit the process is killed (it would send the whole
    body) and the next read starts another."""

    def __init__(self, cache: Path, url: str) -> None:
        self._argv = ["git", "--git-dir", str(cache), "cat-file", "--batch"]
        self._url = url
        self._proc: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()  # one question at a time on the pipe

    def _start(self) -> subprocess.Popen[bytes]:
        if self._proc is None:
            try:
                self._proc = subprocess.Popen(
                    self._argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
                )
            except OSError as exc:
                raise RemoteError(f"{self._url}: cannot run git: {exc.strerror}") from exc
            with contextlib.suppress(OSError, AttributeError):  # Linux: fewer wake-ups per page read
                fcntl.fcntl(self._proc.stdout.fileno(), fcntl.F_SETPIPE_SZ, 1024 * 1024)  # type: ignore[union-attr]
        return self._proc

    def close(self) -> None:
        with self._lock:
            self._stop()

    def _stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            proc.wait()
            for pipe in (proc.stdin, proc.stdout):
                if pipe is not None:
                    with contextlib.suppress(OSError):
                        pipe.close()

    def _ask(self, name: str) -> subprocess.Popen[bytes]:
        """Send one object name to the batch process (the caller holds the lock)."""
        proc = self._start()
        assert proc.stdin is not None
        try:
            proc.stdin.write(name.encode() + b"\n")
            proc.stdin.flush()
        except OSError:
            self._stop()
            raise RemoteError(f"{self._url}: git cat-file stopped") from None
        return proc

    def read(self, name: str, limit: int, what: str) -> tuple[str, str, bytes] | None:
        """(object id, type, bytes) of the object git names ``name``; None when there is none."""
        if "\n" in name:
            return None
        with self._lock:
            proc = self._ask(name)
            header = self._header(proc, limit, what)
            if header is None:
                return None
            oid, kind, size = header
            return oid, kind, self._body(proc, size, None)

    def read_to(self, oid: str, sink: BinaryIO, limit: int, what: str) -> bool:
        """Copy a blob into ``sink`` in chunks; False when there is none."""
        with self._lock:
            proc = self._ask(oid)
            header = self._header(proc, limit, what)
            if header is None or header[1] != "blob":
                return False
            self._body(proc, header[2], sink)
            return True

    def read_many(self, oids: list[str], limit: int, names: list[str], each: Callable[[int, bytes], None]) -> None:
        """``each(i, bytes)`` for the blobs ``oids`` in order, asked for all at once (a
        thread writes the questions while the answers are read): no round trip per
        object. A callback, not a generator, so that the pipe is never left half
        read by a caller that stopped early."""
        if not oids:
            return
        with self._lock:
            proc = self._start()
            assert proc.stdin is not None
            stdin = proc.stdin

            def ask() -> None:
                try:
                    stdin.writelines(oid.encode() + b"\n" for oid in oids)
                    stdin.flush()
                except (OSError, ValueError):
                    pass  # stopped for an answer past the limit: that error is raised below

            asker = threading.Thread(target=ask, daemon=True)
            asker.start()
            done = 0
            try:
                for i, name in enumerate(names):
                    header = self._header(proc, limit, name)
                    if header is None or header[1] != "blob":
                        raise RemoteError(f"{self._url}: {name!r} is missing from the cache; run again to refetch it")
                    data = self._body(proc, header[2], None)
                    done += 1
                    each(i, data)
            finally:
                if done < len(oids):
                    self._stop()  # answers still on the way: this process is out of step
                asker.join()

    def _header(self, proc: subprocess.Popen[bytes], limit: int, what: str) -> tuple[str, str, int] | None:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line.endswith(b"\n"):
            self._stop()
            raise RemoteError(f"{self._url}: git cat-file stopped")
        parts = line.decode("utf-8", "replace").split()
        if len(parts) != 3 or not parts[2].isdigit():
            return None  # "NAME missing" (or ambiguous): no body follows
        size = int(parts[2])
        if size > limit:
            self._stop()
            raise TooLarge(f"{self._url}: {what!r} is {size} bytes, more than the {limit} memsync reads")
        return parts[0], parts[1], size

    def _body(self, proc: subprocess.Popen[bytes], size: int, sink: BinaryIO | None) -> bytes:
        assert proc.stdout is not None
        parts: list[bytes] = []
        left = size
        while left:
            chunk = proc.stdout.read(min(left, 1024 * 1024))
            if not chunk:
                self._stop()
                raise RemoteError(f"{self._url}: git cat-file stopped mid-object")
            if sink is None:
                parts.append(chunk)
            else:
                sink.write(chunk)
            left -= len(chunk)
        if proc.stdout.read(1) != b"\n":
            self._stop()
            raise RemoteError(f"{self._url}: git cat-file answered out of step")
        return b"".join(parts)


def bytes_under(folder: Path) -> int:
    """The size of the files under ``folder`` (files that go while it is walked count as none)."""
    total = 0
    for parent, _, names in os.walk(folder):
        for name in names:
            with contextlib.suppress(OSError):
                total += os.stat(os.path.join(parent, name), follow_symlinks=False).st_size
    return total


def last_line(stderr: str) -> str:
    """The line that says what went wrong, without its "fatal: " or "error: ": git's first
    ``fatal:`` or ``error:`` line (what follows is consequence and hints), else the last line."""
    lines = [line.strip() for line in (stderr or "").splitlines() if line.strip()]
    first = next((i for i, line in enumerate(lines) if line.startswith(_SAYS_WHAT)), None)
    if first is None:
        text = lines[-1] if lines else "unknown error"
    else:
        # A message of several lines (a server's own words after "remote error:") goes on
        # until git's next line of its own.
        rest = itertools.takewhile(lambda line: not line.startswith(_GITS_OWN), lines[first + 1 :])
        text = " ".join([lines[first], *rest])
    return text.removeprefix("stderr: ").strip("'").removeprefix("fatal: ").removeprefix("error: ")


_SAYS_WHAT = ("fatal: ", "error: ")
_GITS_OWN = ("fatal: ", "error: ", "hint: ", "warning: ", "remote: ", "To ", "!", "Please ", "and the repository")
