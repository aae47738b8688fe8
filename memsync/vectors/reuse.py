"""Read another source's index defensively, to reuse its embeddings.

An index is derived data: from an untrusted source it is never read at all
(the receive step drops it). From a trusted source, its vectors may save
re-embedding pages whose bytes we already agree on (same sha256, same model
code). Even then the file is treated as hostile input: it is opened read-only
and immutable (no journal or WAL next to it is replayed), with
``trusted_schema=OFF``, SQLite's defensive mode where Python exposes it
(``Connection.setconfig``, Python 3.12+; on 3.11 the authorizer below is the
guard), size limits and an authorizer that allows nothing but reading the
``pages`` table. It must pass ``quick_check``, hold exactly the reference
schema (no triggers, views or other tables) and only well-formed rows; if
anything is off the whole file is ignored with an ``IndexIgnored`` warning.
"""

from __future__ import annotations

import contextlib
import math
import os
import sqlite3
import stat
import warnings
from collections.abc import Set
from pathlib import Path
from urllib.parse import quote

from ..limits import MAX_BLOB_BYTES, MAX_INDEX_BYTES
from . import index_file

_HEADER = b"SQLite format 3\x00"
_ALLOWED_PRAGMAS = {"quick_check", "table_info"}


class IndexIgnored(UserWarning):
    """An index file that was not used, and why."""


class _Refused(Exception):
    pass


def reuse_rows(
    path: Path,
    *,
    model_code: str | None = None,
    dimension: int | None = None,
    wanted: Set[bytes] | None = None,
) -> dict[bytes, bytes]:
    """Embeddings by page sha256 digest from the index at ``path``, or {} (with a warning) if it is not sound.

    ``model_code`` and ``dimension``, when given, must match the file's name and
    every vector's length; without ``dimension`` all vectors must agree on one.
    With ``wanted``, only those digests' rows are kept (every row is still checked).
    """
    try:
        if model_code is not None and path.name != f"{model_code}{index_file.SUFFIX}":
            raise _Refused(f"not an index of {model_code}")
        _check_file(path)
        conn = _open_readonly(path)
        with contextlib.closing(conn):
            return _read(conn, dimension, wanted)
    except (_Refused, sqlite3.Error, OSError, ValueError) as exc:
        warnings.warn(f"{path}: vector index ignored ({exc})", IndexIgnored, stacklevel=2)
        return {}


def _check_file(path: Path) -> None:
    st = os.lstat(path)
    if not stat.S_ISREG(st.st_mode):
        raise _Refused("not a regular file")
    if st.st_size > MAX_INDEX_BYTES:
        raise _Refused(f"larger than {MAX_INDEX_BYTES} bytes")
    with open(path, "rb") as handle:
        header = handle.read(100)
    if len(header) < 100 or not header.startswith(_HEADER):
        raise _Refused("not an SQLite database")
    if header[18] != 1 or header[19] != 1:
        # WAL mode would make SQLite look for (and trust) -wal/-shm files beside it.
        raise _Refused("not in rollback-journal mode")


def _open_readonly(path: Path) -> sqlite3.Connection:
    uri = f"file:{quote(str(path.absolute()))}?mode=ro&immutable=1"
    conn = sqlite3.connect(uri, uri=True, isolation_level=None)
    if hasattr(conn, "setconfig"):  # Python 3.12+
        conn.setconfig(sqlite3.SQLITE_DBCONFIG_DEFENSIVE, True)  # type: ignore[attr-defined,unused-ignore]
        conn.setconfig(sqlite3.SQLITE_DBCONFIG_TRUSTED_SCHEMA, False)  # type: ignore[attr-defined,unused-ignore]
    conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_BLOB_BYTES)
    conn.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
    for pragma in ("trusted_schema=OFF", "query_only=ON", "cell_size_check=ON", "mmap_size=0"):
        conn.execute(f"PRAGMA {pragma}")
    conn.set_authorizer(_authorize)
    return conn


def _authorize(action: int, arg1: str | None, arg2: str | None, db: str | None, source: str | None) -> int:
    if action == sqlite3.SQLITE_SELECT:
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_READ and arg1 in ("pages", "sqlite_master", "sqlite_schema"):
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_PRAGMA and arg1 in _ALLOWED_PRAGMAS:
        return sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


def _read(conn: sqlite3.Connection, dimension: int | None, wanted: Set[bytes] | None) -> dict[bytes, bytes]:
    if conn.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
        raise _Refused("the file is damaged (quick_check failed)")
    problem = index_file.schema_problem(conn)
    if problem:
        raise _Refused(problem)
    size = dimension * 4 if dimension is not None else None
    rows: dict[bytes, bytes] = {}
    for name, digest, blob in conn.execute("SELECT filename, sha256_hash, embedding FROM pages"):
        if not isinstance(name, str):
            raise _Refused("a row whose filename is not text")
        if not isinstance(digest, bytes) or len(digest) != index_file.DIGEST_BYTES:
            raise _Refused(f"{name}: sha256_hash is not a 32-byte digest")
        if not isinstance(blob, bytes) or not blob or len(blob) % 4:
            raise _Refused(f"{name}: embedding is not a float32 vector")
        size = size or len(blob)
        if len(blob) != size:
            raise _Refused(f"{name}: embedding has {len(blob) // 4} values, expected {size // 4}")
        # float32 values sum to a finite double unless one is NaN or infinite (one C loop, not one per value).
        if not math.isfinite(sum(index_file.unpack(blob))):
            raise _Refused(f"{name}: embedding holds NaN or infinity")
        if wanted is None or digest in wanted:
            rows[digest] = blob
    return rows
