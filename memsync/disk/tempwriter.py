"""Writing a batch of files, in a helper process when the batch is large.

A large apply (a first clone: every page of the field) or a large push to a
folder spends much of its time in the kernel creating files, while its own
Python work (reading each page, hashing it, checking its frontmatter) waits.
Threads cannot overlap the two under the GIL; a second process can. The
helper is handed each file over a pipe and the caller goes on with the next:

- ``write`` (an apply): a temp file at the name the caller chose, created as
  ``atomic.write_temp`` creates one (exclusive, never through a link, mode
  0644, not fsynced: the caller makes the batch durable at once and then
  renames each temp itself, comparing before it replaces);
- ``put`` (a push to a folder): the whole write a folder remote makes of a
  page, ``put_page`` below, the same function the remote calls itself.

The helper is this file run with the interpreter's isolated mode (``python
-I -S``): the standard library and ``memsync.disk.atomic`` only, so it starts in
a few milliseconds whatever the caller imported.

The pipe carries a frame per file: an operation byte (``WRITE``, ``PUT``,
``PUT_NEW``, ``PUT_MATCH``), two big-endian uint32 (the path's length, the
data's length), the path (bytes), the data; a ``PUT_MATCH``'s data starts
with the 32-byte sha256 the file must still hold to be replaced. When the
input ends the helper answers once on its stdout: ``K`` and, for each
``WRITE`` in order, the temp's stat as written (three big-endian int64:
size, mtime in ns, inode); or, for the first failure, after which it wrote
nothing more, one letter and one JSON object: ``E`` ``{"errno", "error", "path"}`` (an OSError), ``I`` ``{"error"}``
(memsync refused the path: a link where a page goes), ``C`` ``{"path"}`` (a
``PUT_NEW`` found another file there, a ``PUT_MATCH`` another version).
"""

from __future__ import annotations

# Light standard-library modules only: the helper imports them too.
import contextlib
import errno
import json
import os
import signal
import struct
import sys
import threading
from pathlib import Path
from typing import BinaryIO

# From this many files the helper's start (~20 ms, overlapped) costs less than the
# file creation it takes off this process.
PROCESS_MIN = 1024
WRITE, PUT, PUT_NEW, PUT_MATCH = 0, 1, 2, 3
_DIGEST = 32  # a PUT_MATCH's sha256, raw
_FRAME = struct.Struct(">BII")
_ROW = struct.Struct(">qqq")
_PIPE_BYTES = 1 << 20
Row = tuple[int, int, int]  # size, mtime in ns, inode: what a stat cache row is checked against (field.installed_row)


class Refused(Exception):
    """A ``put`` found another file at a new page's name, or another version
    than the one it was to replace."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.path = path


def put_page(
    path: Path | str, data: bytes, *, if_absent: bool, durable: bool, sync_dir: bool, if_match: str | None = None
) -> bool:
    """A folder remote's write of one file: atomic replace, or with
    ``if_absent`` only while nothing is there (False then, nothing changed;
    absence is checked by the rename itself, which refuses to replace), or
    with ``if_match`` only while the file's sha256 is that (compared just
    before the rename)."""
    from . import atomic

    if not if_absent and if_match is None:
        atomic.write_bytes(path, data, durable=durable, sync_dir=sync_dir)
        return True
    return atomic.install_if(atomic.write_temp(path, data, durable=durable), Path(path), if_match, sync_dir=sync_dir)


class BatchWriter:
    """Files written in order, from one thread or several. ``write`` returns a
    temp's path at once; ``finish`` waits until every file is written, gives
    each temp's stat as written and raises the first failure (``OSError``,
    ``InputError`` or ``Refused``); ``close`` ends the helper in any state
    (also after an interrupt) and removes only a temp whose name ``write``
    never returned: the caller removes the temps it still holds."""

    def write(self, path: Path, data: bytes) -> str:
        raise NotImplementedError

    def finish(self) -> dict[str, Row]:
        raise NotImplementedError

    def close(self) -> None:
        pass


def batch_writer(directory: Path, count: int, *, durable: bool) -> BatchWriter:
    """The writer of ``count`` temps in ``directory``: this process for a small
    or durable batch (an fsync each), else a helper process where one starts."""
    if not durable and count >= PROCESS_MIN:
        found = helper(directory)
        if found is not None:
            return found
    return _InlineWriter(durable)


def helper(directory: Path) -> HelperWriter | None:
    """A helper process writing into ``directory``; None where none starts
    (an embedded Python without an interpreter to run): write here then."""
    # An embedded Python may not know its interpreter (None or ""), and a frozen
    # application's executable is the application, not an interpreter.
    if not sys.executable or getattr(sys, "frozen", False):
        return None
    try:
        return HelperWriter(directory)
    except OSError:
        return None


class _InlineWriter(BatchWriter):
    def __init__(self, durable: bool) -> None:
        self.durable = durable
        self.rows: dict[str, Row] = {}

    def write(self, path: Path, data: bytes) -> str:
        from . import atomic

        taken: list[os.stat_result] = []
        tmp = atomic.write_temp(path, data, durable=self.durable, on_written=taken.append)
        st = taken[0]
        self.rows[tmp] = (st.st_size, st.st_mtime_ns, st.st_ino)
        return tmp

    def finish(self) -> dict[str, Row]:
        return self.rows


class HelperWriter(BatchWriter):
    def __init__(self, directory: Path) -> None:
        import secrets
        import subprocess

        from .atomic import TEMP_PREFIX

        self.prefix = f"{directory}/{TEMP_PREFIX}{secrets.token_hex(6)}w"
        self.temps: list[str] = []
        self.rows: dict[str, Row] | None = None
        self.answer: tuple[bytes, str] | None = None  # the helper's, and its stderr, once it has ended
        self.unclaimed: str | None = None  # a temp the helper may have whole but the caller never got
        self.guard = threading.Lock()  # one frame at a time on the pipe
        self.proc = subprocess.Popen(
            [sys.executable, "-I", "-S", os.path.abspath(__file__), str(os.getpid())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            close_fds=True,
        )
        assert self.proc.stdin is not None
        self.fd = self.proc.stdin.fileno()
        _widen(self.fd)

    def write(self, path: Path, data: bytes) -> str:
        with self.guard:
            tmp = f"{self.prefix}{len(self.temps):x}"
            self.temps.append(tmp)
            try:
                self._send(WRITE, tmp, data)
            except BaseException:
                # Ctrl-C lands as os.write returns as well as during it: the frame may
                # have gone whole, and its temp is then made with no one to remove it.
                self.unclaimed = tmp
                raise
        return tmp

    def put(self, path: Path | str, data: bytes, *, if_absent: bool, if_match: str | None = None) -> None:
        """``put_page(path, data, durable=False)`` in the helper; a refusal
        (another file there, not holding ``data``) is raised by ``finish``."""
        with self.guard:
            if if_match is not None:
                # Compared again as the helper replaces it, maybe much later than the
                # caller's check: an edit made meanwhile is refused, not overwritten.
                self._send(PUT_MATCH, str(path), bytes.fromhex(if_match) + data)
            else:
                self._send(PUT_NEW if if_absent else PUT, str(path), data)

    def _send(self, op: int, path: str, data: bytes) -> None:
        assert self.proc.stdin is not None
        if self.proc.stdin.closed:
            # Another thread met the helper's end and took its answer: the pipe is closed,
            # and its descriptor's number may be another file's by now.
            self.finish()
            raise BrokenPipeError(errno.EPIPE, "the helper process has ended")
        name = os.fsencode(path)
        view = memoryview(_FRAME.pack(op, len(name), len(data)) + name + data)
        try:
            while view:
                view = view[os.write(self.fd, view) :]
        except BrokenPipeError:
            self.finish()  # the helper has ended: this raises what ended it
            raise

    def finish(self) -> dict[str, Row]:
        if self.rows is not None:
            return self.rows
        proc = self.proc
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        if self.answer is None:  # asked again (another thread's put), the same answer
            with contextlib.suppress(BrokenPipeError):
                proc.stdin.close()
            self.answer = proc.stdout.read(), proc.stderr.read().decode(errors="replace").strip()
            proc.wait()
        answer, complaint = self.answer
        kind, said = answer[:1], answer[1:]
        if kind == b"K" and len(said) == _ROW.size * len(self.temps):
            self.rows = dict(zip(self.temps, _ROW.iter_unpack(said), strict=True))
            return self.rows
        if kind in (b"E", b"I", b"C"):
            failure = json.loads(said)
            if kind == b"E":
                raise OSError(failure["errno"], failure["error"], failure["path"])
            if kind == b"C":
                raise Refused(failure["path"])
            from ..errors import InputError

            raise InputError(failure["error"])
        last = complaint.splitlines()[-1] if complaint else f"exit status {proc.returncode}"
        raise OSError(f"the helper process writing files failed: {last}")

    def close(self) -> None:
        proc = self.proc
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        if proc.returncode is None:
            # Unfinished: an interrupt or a failure here, and nothing it would still
            # write is wanted. Draining a pipe's worth of frames onto a slow disk
            # could outlast the CLI's grace after Ctrl-C, leaving it writing on.
            proc.kill()
            proc.wait()
        if self.unclaimed is not None:
            from . import atomic

            atomic.unlink_quietly(self.unclaimed)


def _widen(fd: int) -> None:
    """A 1 MiB pipe instead of 64 KiB: the helper wakes once per ~200 pages, not per 12."""
    import fcntl

    setpipe = getattr(fcntl, "F_SETPIPE_SZ", None)
    if setpipe is not None:
        # Above the system's limit for this user the default pipe works too.
        with contextlib.suppress(OSError):
            fcntl.fcntl(fd, setpipe, _PIPE_BYTES)


def _serve(source: BinaryIO, answer: BinaryIO, caller: int) -> int:
    """The helper: every frame on ``source`` becomes a file; one answer at the end.
    Nothing more once process ``caller`` has died (this one is then another's child)."""
    from ..errors import InputError

    written: list[bytes] = []
    while head := source.read(_FRAME.size):
        if len(head) < _FRAME.size:
            return 1  # cut short: the caller ended mid-frame, and reads no answer
        op, name_size, data_size = _FRAME.unpack(head)
        name = source.read(name_size)
        data = source.read(data_size)
        if len(name) < name_size or len(data) < data_size:
            return 1
        if os.getppid() != caller:
            # Killed outright, the caller has released the folder's lock: the frames left in
            # the pipe would land in a remote another push may hold by now.
            return 1
        path = os.fsdecode(name)
        try:
            if op == WRITE:
                written.append(_create(path, data))
                continue
            expected = None
            if op == PUT_MATCH:
                expected, data = data[:_DIGEST].hex(), data[_DIGEST:]
            # Another file where a new one goes, or another version where one is replaced,
            # is a conflict, unless it holds these very bytes.
            if not put_page(
                path, data, if_absent=op == PUT_NEW, durable=False, sync_dir=False, if_match=expected
            ) and not _holds(path, data):
                answer.write(b"C" + json.dumps({"path": path}).encode())
                return 1
        except OSError as exc:
            failure = {"errno": exc.errno, "error": exc.strerror, "path": path}
            answer.write(b"E" + json.dumps(failure).encode())
            return 1
        except InputError as exc:
            answer.write(b"I" + json.dumps({"error": str(exc)}).encode())
            return 1
    answer.write(b"K" + b"".join(written))
    return 0


def _holds(path: str, data: bytes) -> bool:
    """Whether the file at ``path`` holds ``data``, read no further than its
    length and a byte (another tool's file may be any size) nor through a link."""
    from .atomic import read_open

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return False  # removed by another tool: a conflict, as in this process
    try:
        return read_open(fd, len(data)) == data
    finally:
        os.close(fd)


def _create(path: str, data: bytes) -> bytes:
    from .atomic import write_new

    taken: list[os.stat_result] = []
    write_new(path, data, durable=False, on_written=taken.append)
    st = taken[0]
    return _ROW.pack(st.st_size, st.st_mtime_ns, st.st_ino)


if __name__ == "__main__":
    # Isolated mode puts neither this folder nor site-packages on the path: the
    # package's parent goes after the standard library (nothing there may stand in
    # for one of its modules), and the helper runs as the package's module
    # (memsync.disk.atomic and memsync.errors need the standard library only).
    sys.path.append(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    from memsync.disk import tempwriter

    # Ctrl-C reaches the whole process group: the caller handles it and closes the
    # pipe, and this process then ends at the end of its input.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with open(0, "rb", buffering=_PIPE_BYTES) as source, open(1, "wb") as answer:
        sys.exit(tempwriter._serve(source, answer, int(sys.argv[1])))
