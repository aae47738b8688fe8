"""The index file: ``<model-code>.sqlite3`` in the field, with the reference schema.

The table is exactly the one the reference tool (``memoryfield-tool``) writes
and reads, so either tool can use the other's index: one row per page,
``sha256_hash`` the raw 32-byte digest of the page's bytes, ``embedding`` the
vector as little-endian float32, ``last_modified`` the page's mtime (UTC,
``YYYY-MM-DDTHH:MM:SSZ``), ``frontmatter`` the page's frontmatter as JSON.
"""

from __future__ import annotations

import contextlib
import sqlite3
import sys
from array import array
from pathlib import Path
from urllib.parse import quote

from ..errors import MemsyncError

SUFFIX = ".sqlite3"
SIDE_FILES = ("-journal", "-wal", "-shm")
DIGEST_BYTES = 32
SCHEMA = (
    "CREATE TABLE pages (filename TEXT PRIMARY KEY, frontmatter JSON NOT NULL, "
    "last_modified DATETIME NOT NULL, sha256_hash BLOB NOT NULL, embedding BLOB NOT NULL)"
)
# PRAGMA table_info rows of SCHEMA: (cid, name, type, notnull, default, pk).
COLUMNS = [
    (0, "filename", "TEXT", 0, None, 1),
    (1, "frontmatter", "JSON", 1, None, 0),
    (2, "last_modified", "DATETIME", 1, None, 0),
    (3, "sha256_hash", "BLOB", 1, None, 0),
    (4, "embedding", "BLOB", 1, None, 0),
]


class IndexFileError(MemsyncError):
    """An index file that cannot be read or written."""


def index_path(root: Path, model_code: str) -> Path:
    return root / f"{model_code}{SUFFIX}"


def open_read_only(path: Path) -> sqlite3.Connection:
    """The index at ``path`` opened to read (never created nor written), running
    nothing its schema names."""
    conn = sqlite3.connect(f"file:{quote(str(path.absolute()))}?mode=ro", uri=True)
    try:
        conn.execute("PRAGMA trusted_schema=OFF")
    except BaseException:
        conn.close()
        raise
    return conn


def is_index(path: Path) -> bool:
    """Whether ``path`` is a readable index with the reference schema (junk does not count)."""
    if not path.is_file() or path.is_symlink():
        return False
    try:
        with contextlib.closing(open_read_only(path)) as conn:
            return schema_problem(conn) is None
    except sqlite3.Error:
        return False


def schema_problem(conn: sqlite3.Connection) -> str | None:
    """Why ``conn`` does not hold exactly the reference table (and nothing that runs code), or None."""
    objects = conn.execute("SELECT type, name FROM sqlite_master").fetchall()
    extra = sorted(f"{kind} {name}" for kind, name in objects if (kind, name) not in _EXPECTED_OBJECTS)
    if extra:
        return "unexpected schema objects: " + ", ".join(extra)
    if ("table", "pages") not in objects:
        return "no pages table"
    if conn.execute("PRAGMA table_info(pages)").fetchall() != COLUMNS:
        return "the pages table has other columns than the reference schema"
    return None


# The TEXT PRIMARY KEY gets an automatic unique index; anything else (triggers,
# views, other tables) is not ours and could run code or hide data.
_EXPECTED_OBJECTS = {("table", "pages"), ("index", "sqlite_autoindex_pages_1")}


def pack(vector: list[float]) -> bytes:
    floats = array("f", vector)
    if sys.byteorder == "big":
        floats.byteswap()
    return floats.tobytes()


def unpack(blob: bytes) -> array[float]:
    floats = array("f")
    floats.frombytes(blob)
    if sys.byteorder == "big":
        floats.byteswap()
    return floats
