"""A field on local disk: a flat folder of pages and other content files.

``scan`` builds the field's manifest without trusting anything in the folder:
subdirectories, symlinks, special files and unsafe names are refused, hidden
and derived files are skipped. A stat cache (size, mtime, inode → sha256)
lets a no-op sync of a large field skip re-reading unchanged files.

The root of a tree (see memsync.workspace) passes ``skip``: the subfolders
that are fields of their own. Any other subfolder is still refused.
"""

from __future__ import annotations

import hashlib
import os
import stat
import time
from collections.abc import Callable, Collection, Iterator, MutableMapping
from pathlib import Path
from typing import Any

from .atomic import TEMP_PREFIX
from .errors import InputError
from .manifest import Manifest
from .names import Role, is_plain_page, name_problem, role_of

StatCache = MutableMapping[str, list[Any]]  # name -> [size, mtime_ns, inode, sha256]
_NOTHING: dict[str, list[Any]] = {}
_RACY_SECONDS = 2  # a file this fresh may change again within its mtime tick
_READ_SIZE = 1024 * 1024


def hash_file(path: Path) -> str:
    # Plain os.read: hashlib.file_digest allocates a 256 KiB buffer per call,
    # which for 2-8 KB pages costs more than the hashing (2x over a field).
    fd = os.open(path, os.O_RDONLY)
    try:
        digest = hashlib.sha256()
        while chunk := os.read(fd, _READ_SIZE):
            digest.update(chunk)
        return digest.hexdigest()
    finally:
        os.close(fd)


def content_names(
    root: Path, skip: Collection[str] = (), litter: list[str] | None = None
) -> Iterator[tuple[str, os.stat_result]]:
    """Every content file of the field at ``root``, with its stat; refuses non-flat fields
    (but for the member folders named in ``skip``).

    One at a time: a stat result weighs about 700 bytes, so a list of them
    for a 100,000-file field would cost 70 MB. Temp files a crashed write left
    go into ``litter``, when given."""
    try:
        entries = os.scandir(root)
    except FileNotFoundError:
        raise InputError(f"{root}: no such field folder") from None
    except NotADirectoryError:
        raise InputError(f"{root}: not a folder") from None
    with entries:
        yield from _content(root, entries, skip, litter)


def _content(
    root: Path, entries: Iterator[os.DirEntry[str]], skip: Collection[str], litter: list[str] | None = None
) -> Iterator[tuple[str, os.stat_result]]:
    for entry in entries:
        name = entry.name
        plain = is_plain_page(name)  # nearly every name: content, and nothing wrong with it
        role = Role.CONTENT if plain else role_of(name)
        if role is Role.HIDDEN:
            if litter is not None and name.startswith(TEMP_PREFIX):
                litter.append(name)
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except FileNotFoundError:
            continue  # removed while we looked: a sqlite journal, an editor's temp file
        if stat.S_ISDIR(st.st_mode):
            if name in skip:
                continue
            raise InputError(f"{root}: subdirectory {name!r}: a field must be flat")
        if stat.S_ISLNK(st.st_mode):
            raise InputError(f"{root}: {name!r} is a symlink, which a field cannot hold")
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"{root}: {name!r} is not a regular file")
        if role is not Role.CONTENT:
            continue
        problem = None if plain else name_problem(name)
        if problem:
            raise InputError(f"{root}: {problem}")
        yield name, st


def scan(
    root: Path, cache: StatCache | None = None, skip: Collection[str] = (), litter: list[str] | None = None
) -> Manifest:
    """The manifest of the field at ``root`` as it is on disk now (``skip``: see
    content_names; temp files left by a crashed write go into ``litter``, when given)."""
    trusted_before = time.time_ns() - _RACY_SECONDS * 1_000_000_000
    entries: dict[str, str] = {}
    lookup: Callable[[str], list[Any] | None] = cache.get if cache is not None else _NOTHING.get
    for name, st in content_names(root, skip, litter):
        cached = lookup(name)
        # Field by field rather than a list per file: this loop runs once per page on every sync.
        if cached is not None and cached[0] == st.st_size and cached[1] == st.st_mtime_ns and cached[2] == st.st_ino:
            entries[name] = cached[3]
            continue
        digest = hash_file(root / name)
        entries[name] = digest
        if cache is not None:
            if st.st_mtime_ns < trusted_before:
                cache[name] = [st.st_size, st.st_mtime_ns, st.st_ino, digest]
            else:
                cache.pop(name, None)
    if cache is not None:
        for stale in [name for name in cache if name not in entries]:
            del cache[stale]
    return Manifest(entries)
