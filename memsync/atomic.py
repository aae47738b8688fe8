"""Crash-safe local writes: a reader sees the old file or the new, never half.

Temp files are hidden (leading dot) so a field scan never mistakes one for
content, and they live in the target directory so the rename is atomic.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

TEMP_PREFIX = ".memsync-tmp-"


def write_bytes(path: Path, data: bytes, *, mode: int = 0o644, durable: bool = True, sync_dir: bool = True) -> None:
    """Replace ``path`` atomically. ``durable=False`` skips the fsyncs (for caches
    that verify what they read back); ``sync_dir=False`` leaves the directory
    fsync to a caller that writes many files and syncs the folder once."""
    with replacing(path, mode=mode, durable=durable, sync_dir=sync_dir) as handle:
        handle.write(data)


@contextlib.contextmanager
def replacing(path: Path, *, mode: int = 0o644, durable: bool = True, sync_dir: bool = True) -> Iterator[BinaryIO]:
    """``write_bytes`` for content written a piece at a time: ``path`` is replaced
    when the block ends, and left as it was if the block raises."""
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fchmod(handle.fileno(), mode)
            if durable:
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        _unlink_quietly(tmp)
        raise
    if durable and sync_dir:
        fsync_dir(path.parent)


def remove(path: Path, *, sync_dir: bool = True) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        return
    if sync_dir:
        fsync_dir(path.parent)


def fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def clean_temp_files(directory: Path) -> None:
    """Remove temp files a crashed writer left behind."""
    for entry in os.scandir(directory):
        if entry.name.startswith(TEMP_PREFIX) and entry.is_file(follow_symlinks=False):
            _unlink_quietly(entry.path)


def _unlink_quietly(path: str) -> None:
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
