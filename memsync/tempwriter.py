"""Writing a batch of temp files, in a helper process when the batch is large.

A large apply (a first clone: every page of the field) spends much of its time
in the kernel creating files, while its own Python work (reading each page
back, checking its frontmatter) waits. Threads cannot overlap the two under
the GIL; a second process can. ``batch_writer`` hands each page to a helper
process over a pipe and goes on with the next one; the helper creates the
temp file exactly as ``atomic.write_temp`` would (exclusive, never through a
link, mode 0644, not fsynced: the caller makes the batch durable at once).

The helper is this file run as a script with the interpreter's isolated mode
(``python -I``): the standard library only, no memsync import, no user site,
so it starts in a few milliseconds and whatever imports the caller made.

The pipe carries, for each file, a frame: two big-endian uint32 (the path's
length, the data's length), the path (bytes), the data. When the input ends
the helper answers once on its stdout: ``K`` and, for each file in order, its
stat as written (three big-endian int64: size, mtime in ns, inode); or ``E``
and one JSON object ``{"errno", "error", "path"}`` for the first failure,
after which it wrote nothing more.
"""

from __future__ import annotations

# The standard library's lightest modules only: the helper imports them too.
import contextlib
import json
import os
import signal
import struct
import sys
from typing import TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:
    import subprocess
    from pathlib import Path

# From this many files the helper's start (~15 ms, overlapped) costs less than the
# file creation it takes off this process.
PROCESS_MIN = 1024
TEMP_PREFIX = ".memsync-tmp-"  # atomic.TEMP_PREFIX: the helper imports nothing of memsync
_FRAME = struct.Struct(">II")
_ROW = struct.Struct(">qqq")
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
_PIPE_BYTES = 1 << 20
Row = tuple[int, int, int]  # size, mtime in ns, inode: a stat cache row without its hash


class BatchWriter:
    """Temp files beside their targets, written in order. ``write`` returns the
    temp's path at once; ``finish`` waits until every file is written and gives
    each temp's stat as written (raising the first failure as ``OSError``);
    ``close`` ends the helper, in any state (also after an interrupt), without
    removing anything: the caller removes the temps it still holds."""

    def write(self, path: Path, data: bytes) -> str:
        raise NotImplementedError

    def finish(self) -> dict[str, Row]:
        raise NotImplementedError

    def close(self) -> None:
        pass


def batch_writer(directory: Path, count: int, *, durable: bool) -> BatchWriter:
    """The writer for ``count`` files in ``directory``: this process for a small
    or durable batch (an fsync each), else a helper process where one starts."""
    if not durable and count >= PROCESS_MIN:
        try:
            return _HelperWriter(directory)
        except OSError:
            pass  # no interpreter to start (an embedded Python): write here
    return _InlineWriter(durable)


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


class _HelperWriter(BatchWriter):
    def __init__(self, directory: Path) -> None:
        import secrets
        import subprocess

        self.prefix = f"{directory}/{TEMP_PREFIX}{secrets.token_hex(6)}w"
        self.temps: list[str] = []
        self.rows: dict[str, Row] | None = None
        self.proc: subprocess.Popen[bytes] = subprocess.Popen(
            [sys.executable, "-I", "-S", os.path.abspath(__file__)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            close_fds=True,
        )
        assert self.proc.stdin is not None
        self.fd = self.proc.stdin.fileno()
        _widen(self.fd)

    def write(self, path: Path, data: bytes) -> str:
        tmp = f"{self.prefix}{len(self.temps):x}"
        self.temps.append(tmp)
        name = os.fsencode(tmp)
        view = memoryview(_FRAME.pack(len(name), len(data)) + name + data)
        try:
            while view:
                view = view[os.write(self.fd, view) :]
        except BrokenPipeError:
            self.finish()  # the helper has ended: this raises what ended it
            raise
        return tmp

    def finish(self) -> dict[str, Row]:
        if self.rows is not None:
            return self.rows
        proc = self.proc
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        with contextlib.suppress(BrokenPipeError):
            proc.stdin.close()
        answer = proc.stdout.read()
        complaint = proc.stderr.read().decode(errors="replace").strip()
        proc.wait()
        if answer[:1] == b"K" and len(answer) == 1 + _ROW.size * len(self.temps):
            self.rows = dict(zip(self.temps, _ROW.iter_unpack(answer[1:]), strict=True))
            return self.rows
        if answer[:1] == b"E":
            failure = json.loads(answer[1:])
            raise OSError(failure["errno"], failure["error"], failure["path"])
        last = complaint.splitlines()[-1] if complaint else f"exit status {proc.returncode}"
        raise OSError(f"the helper process writing temp files failed: {last}")

    def close(self) -> None:
        proc = self.proc
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        if proc.returncode is not None:
            return
        import subprocess

        try:
            # At most a pipe's worth of frames is left: it ends within milliseconds.
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _widen(fd: int) -> None:
    """A 1 MiB pipe instead of 64 KiB: the helper wakes once per ~200 pages, not per 12."""
    import fcntl

    setpipe = getattr(fcntl, "F_SETPIPE_SZ", None)
    if setpipe is not None:
        # Above the system's limit for this user the default pipe works too.
        with contextlib.suppress(OSError):
            fcntl.fcntl(fd, setpipe, _PIPE_BYTES)


def _serve(source: BinaryIO, answer: BinaryIO) -> int:
    """The helper: every frame on ``source`` becomes a temp file; one answer at the end."""
    written: list[bytes] = []
    while head := source.read(_FRAME.size):
        if len(head) < _FRAME.size:
            return 1  # cut short: the caller ended mid-frame, and reads no answer
        name_size, data_size = _FRAME.unpack(head)
        name = source.read(name_size)
        data = source.read(data_size)
        if len(name) < name_size or len(data) < data_size:
            return 1
        try:
            fd = os.open(name, _FLAGS, 0o600)
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
                os.fchmod(fd, 0o644)
                st = os.fstat(fd)
            finally:
                os.close(fd)
        except OSError as exc:
            failure = {"errno": exc.errno, "error": exc.strerror, "path": os.fsdecode(name)}
            answer.write(b"E" + json.dumps(failure).encode())
            return 1
        written.append(_ROW.pack(st.st_size, st.st_mtime_ns, st.st_ino))
    answer.write(b"K" + b"".join(written))
    return 0


if __name__ == "__main__":
    # Ctrl-C reaches the whole process group: the caller handles it and closes the
    # pipe, and this process then ends at the end of its input.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with open(0, "rb", buffering=_PIPE_BYTES) as source, open(1, "wb") as answer:
        sys.exit(_serve(source, answer))
