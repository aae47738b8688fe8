"""Crash-safe local writes: a reader sees the old file or the new, never half.

Temp files are hidden (leading dot) so a field scan never mistakes one for
content, and they live in the target directory so the rename is atomic.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import functools
import hashlib
import itertools
import os
import secrets
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from ..errors import InputError

TEMP_PREFIX = ".memsync-tmp-"


def write_bytes(
    path: Path | str, data: bytes, *, mode: int = 0o644, durable: bool = True, sync_dir: bool = True
) -> None:
    """Replace ``path`` atomically. ``durable=False`` skips the fsyncs (for caches
    that verify what they read back); ``sync_dir=False`` leaves the directory
    fsync to a caller that writes many files and syncs the folder once."""
    _refuse_link(path)
    tmp = write_temp(path, data, mode=mode, durable=durable)
    try:
        os.replace(tmp, path)
    except BaseException:
        unlink_quietly(tmp)
        raise
    if durable and sync_dir:
        fsync_dir(os.path.dirname(path) or ".")


def write_temp(
    path: Path | str,
    data: bytes,
    *,
    mode: int | None = 0o644,
    durable: bool = True,
    on_written: Callable[[os.stat_result], object] | None = None,
) -> str:
    """``data`` in a new hidden temp file beside ``path`` (fsynced when
    ``durable``; ``mode=None`` leaves it private), ready to be renamed over it;
    every memsync write starts here. Plain descriptor calls, not a file object:
    a field's worth of small pages pays for every syscall and layer once per page.

    ``on_written`` gets the file's stat as written, taken from the open file
    (no later edit can slip into it, and no second path lookup): a stat cache
    can trust it without hashing the file again once it takes its name."""
    fd, tmp = _new_temp(os.path.dirname(path) or ".")
    _fill(fd, tmp, data, mode=mode, durable=durable, on_written=on_written)
    return tmp


def write_new(
    path: str,
    data: bytes,
    *,
    mode: int | None = 0o644,
    durable: bool = True,
    on_written: Callable[[os.stat_result], object] | None = None,
) -> None:
    """``write_temp`` at exactly ``path``, a name the caller chose: created
    exclusively (``FileExistsError`` when anything is there, a link included)."""
    _fill(os.open(path, _CREATE, 0o600), path, data, mode=mode, durable=durable, on_written=on_written)


def _fill(
    fd: int,
    path: str,
    data: bytes,
    *,
    mode: int | None,
    durable: bool,
    on_written: Callable[[os.stat_result], object] | None,
) -> None:
    """Write ``data`` into the new file ``fd`` (at ``path``) and close it; the
    file goes again when that fails."""
    try:
        with naming(path):
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
                if mode is not None:
                    os.fchmod(fd, mode)
                if durable:
                    os.fsync(fd)
                if on_written is not None:
                    on_written(os.fstat(fd))
            finally:
                os.close(fd)
    except BaseException:
        unlink_quietly(path)
        raise


@contextlib.contextmanager
def naming(path: Path | str) -> Iterator[None]:
    """An OSError from a write or fsync names no file; a full disk must still say which one."""
    try:
        yield
    except OSError as exc:
        exc.filename = exc.filename or str(path)
        raise


_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC  # new, never through a link


def _new_temp(directory: Path | str) -> tuple[int, str]:
    """A new hidden file in ``directory``, created exclusively (never through a link)."""
    while True:
        tmp = f"{directory}/{TEMP_PREFIX}{_temp_names.next()}"
        try:
            return os.open(tmp, _CREATE, 0o600), tmp
        except FileExistsError:
            _temp_names.reseed()


class _TempNames:
    """Temp names from a random per-process prefix and a counter: unique without
    a random draw per file; a clash (another process, a fork) reseeds."""

    def __init__(self) -> None:
        self.reseed()

    def reseed(self) -> None:
        self._prefix = secrets.token_hex(6)
        self._count = itertools.count()

    def next(self) -> str:
        return f"{self._prefix}{next(self._count):x}"


_temp_names = _TempNames()
os.register_at_fork(after_in_child=_temp_names.reseed)


def read_bytes(path: Path | str) -> bytes:
    """The whole file at ``path`` with one open, fstat and read (a Python file
    object adds six more syscalls, which a field's worth of pages feels)."""
    # O_NONBLOCK: a FIFO where a file was would otherwise hold the open until someone writes.
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK)
    try:
        return read_open(fd, os.fstat(fd).st_size)
    finally:
        os.close(fd)


def read_open(fd: int, size: int) -> bytes:
    """Open file ``fd``, whose fstat said ``size`` bytes, read to its end, but
    never more than ``size + 1`` bytes: a file that grew since reads as too
    long (every caller checks what it read against a hash or a limit)."""
    chunks, left = [], size + 1
    while left:
        want = min(left, 1 << 30)
        chunk = os.read(fd, want)
        chunks.append(chunk)
        left -= len(chunk)
        if len(chunk) < want:  # a short read of a regular file is its end
            break
    return b"".join(chunks)


@contextlib.contextmanager
def replacing(path: Path, *, mode: int = 0o644, durable: bool = True, sync_dir: bool = True) -> Iterator[BinaryIO]:
    """``write_bytes`` for content written a piece at a time: ``path`` is replaced
    when the block ends, and left as it was if the block raises."""
    _refuse_link(path)
    fd, tmp = _new_temp(path.parent)
    try:
        with naming(path), os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fchmod(handle.fileno(), mode)
            if durable:
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        unlink_quietly(tmp)
        raise
    if durable and sync_dir:
        fsync_dir(path.parent)


def _refuse_link(path: Path | str) -> None:
    """Replacing a symlink or a special file would silently undo what its owner
    made; memsync refuses instead (a rename never writes through a link)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise InputError(f"{path}: a symlink where a file was expected; memsync writes through no link")
    if not stat.S_ISREG(st.st_mode):
        raise InputError(f"{path}: not a regular file; memsync does not replace it")


def remove(path: Path, *, sync_dir: bool = True) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        return
    if sync_dir:
        fsync_dir(path.parent)


def fsync_dir(directory: Path | str) -> None:
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def sync_filesystem(*directories: Path) -> None:
    """Make everything written on the filesystems holding ``directories`` durable
    at once (``syncfs``, once per filesystem; ``sync`` where there is none): many
    files written without an fsync each cost one flush here instead of one per file."""
    syncfs = _libc("syncfs")
    if syncfs is None:
        os.sync()
        return
    done: set[int] = set()
    for directory in directories:
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
        try:
            device = os.fstat(fd).st_dev
            if device not in done and syncfs(fd) != 0:
                os.sync()
            done.add(device)
        finally:
            os.close(fd)


def clean_temp_files(directory: Path) -> None:
    """Remove temp files a crashed writer left behind."""
    for entry in os.scandir(directory):
        if entry.name.startswith(TEMP_PREFIX) and entry.is_file(follow_symlinks=False):
            unlink_quietly(entry.path)


def unlink_quietly(path: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


def lock_exclusive(fd: int, timeout: float) -> bool:
    """``flock`` the descriptor, waiting at most ``timeout`` seconds; False if
    someone else still holds it. Closing the descriptor releases the lock."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)


def _current_sha(path: Path) -> str | None:
    """The sha256 of the regular file at ``path`` (None: absent); a link or a
    special file there is refused, never followed."""
    try:
        # O_NONBLOCK: a FIFO there would otherwise hold the open until someone writes to it.
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise InputError(f"{path}: a symlink where a file was expected; memsync writes through no link") from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"{path}: not a regular file; memsync does not replace it")
        return sha256_of_fd(fd, min(st.st_size + 1, 1 << 20))
    finally:
        os.close(fd)


def sha256_of_fd(fd: int, chunk: int) -> str:
    """The sha256 of what is left to read of ``fd``, read ``chunk`` bytes at a time.

    Plain os.read: hashlib.file_digest allocates a 256 KiB buffer per call,
    which for 2-8 KB pages costs more than the hashing (2x over a field)."""
    digest = hashlib.sha256()
    while data := os.read(fd, chunk):
        digest.update(data)
    return digest.hexdigest()


def replace_if(
    path: Path,
    data: bytes | None,
    expected: str | None,
    *,
    sync_dir: bool = True,
) -> bool:
    """Replace (or with ``data=None`` remove) ``path`` only while it still holds
    the content whose sha256 is ``expected`` (None: only while absent).

    False, with nothing changed, when someone changed the file since it was
    read: compare before replace, so an edit made during a sync is never
    overwritten. Without a lock the window left is the few microseconds
    between the check and the rename."""
    if data is None:
        if _current_sha(path) != expected:
            return False
        remove(path, sync_dir=sync_dir)
        return True
    return install_if(write_temp(path, data), path, expected, sync_dir=sync_dir)


def install_if(
    tmp: str,
    path: Path,
    expected: str | None,
    *,
    sync_dir: bool = True,
) -> bool:
    """``replace_if`` for content already in ``tmp`` (a ``write_temp`` beside
    ``path``, made durable by the caller): renamed over ``path`` only while it
    still holds ``expected``; ``tmp`` is gone afterwards either way."""
    try:
        if expected is None:
            # Only while absent: the rename itself refuses a file that is there,
            # whose kind is then looked at (never its bytes, which may be many) to
            # refuse a link or special file in its own words.
            if not _rename_noreplace(tmp, path):
                unlink_quietly(tmp)
                _refuse_link(path)
                return False
        elif _current_sha(path) != expected:
            unlink_quietly(tmp)
            return False
        else:
            os.replace(tmp, path)
    except BaseException:
        unlink_quietly(tmp)
        raise
    if sync_dir:
        fsync_dir(path.parent)
    return True


_RENAME_NOREPLACE = 1
_AT_FDCWD = -100


@functools.cache
def _libc(name: str) -> Callable[..., int] | None:
    """The C library's function ``name`` (errno kept for ``ctypes.get_errno``), or
    None where there is none. ctypes is imported only by the commands that write."""
    import ctypes

    try:
        return getattr(ctypes.CDLL(None, use_errno=True), name)  # type: ignore[no-any-return]
    except (OSError, AttributeError):
        return None


def _rename_noreplace(src: str, dst: Path) -> bool:
    """Rename ``src`` to ``dst`` unless ``dst`` exists (False then): Linux's
    ``renameat2(RENAME_NOREPLACE)`` in one call, else a hard link and an unlink."""
    renameat2 = _libc("renameat2")
    if renameat2 is not None:
        if renameat2(_AT_FDCWD, os.fsencode(src), _AT_FDCWD, os.fsencode(dst), _RENAME_NOREPLACE) == 0:
            return True
        import ctypes

        code = ctypes.get_errno()
        if code == errno.EEXIST:
            return False
        # A filesystem or a sandbox (seccomp answers EPERM) without renameat2 takes the
        # link path, which reports any real failure itself.
        if code not in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.EPERM):
            raise OSError(code, os.strerror(code), str(dst))
    try:
        os.link(src, dst)
    except FileExistsError:
        return False
    unlink_quietly(src)
    return True
