"""ZIP records (APPNOTE.TXT 4.3) as memsync writes and reads them.

The reader does not use :mod:`zipfile`: zipfile makes a ``ZipInfo`` object of
every central directory record (about 530 bytes each with its names), so a
100,000-page archive took over 50 MiB before a byte was extracted. Here the
directory is read a piece at a time and handed over one record at a time;
the caller keeps what it needs in columns. Nothing is trusted: every length
is checked against the bytes really there, a deflate stream is inflated a
bounded piece at a time and never past the size its record declares, and
the CRC is checked at its end.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO, NamedTuple

STORED = 0
DEFLATED = 8
UTF8_NAME = 0x800  # general purpose flag bit 11: the name is UTF-8
DATA_DESCRIPTOR = 0x8  # the local header leaves the CRC and sizes to a record after the data
ENCRYPTED = 0x1 | 0x40  # traditional and strong encryption
PATCHED = 0x20  # compressed patched data
# Info-ZIP unzip 6.0 skips an entry that needs a newer version than it reads
# (4.6 with bzip2, as Debian and most builds have it; 4.2 when the version
# says VMS), where zipfile reads up to 6.3: memsync refuses what unzip skips.
MAX_VERSION_NEEDED = 46
MAX_VMS_VERSION_NEEDED = 42
# Hosts ("version made by") of which unzip reads the external attributes' low
# byte as MS-DOS attributes and skips an entry with the volume label bit, and
# those of which it extracts an entry whose Unix mode says symlink as a link.
VMS = 2
VOLUME_LABEL = 0x08
VOLUME_LABEL_HOSTS = frozenset({0, 5, 6, 11})  # MS-DOS/FAT, Atari, OS/2 HPFS, NTFS
SYMLINK_HOSTS = frozenset({VMS, 3, 5, 16, 30})  # VMS, Unix, Atari, BeOS, AtheOS
UNICODE_PATH = 0x7075  # Info-ZIP's Unicode Path extra field: unzip (and zipfile from 3.12) take its name
ZIP64_LIMIT = (1 << 31) - 1  # offsets and sizes past this are written as ZIP64 by zipfile: memsync writes none
FILECOUNT_LIMIT = 0xFFFF  # more entries than this need the ZIP64 end records
CHUNK = 1024 * 1024  # the most read, or inflated, at once

SIG_LOCAL = b"PK\x03\x04"
SIG_CENTRAL = b"PK\x01\x02"
SIG_END64 = b"PK\x06\x06"
SIG_END64_LOCATOR = b"PK\x06\x07"
SIG_END = b"PK\x05\x06"
LOCAL = struct.Struct("<4s2B4HL2L2H")
CENTRAL = struct.Struct("<4s4B4HL2L5H2L")
END = struct.Struct("<4s4H2LH")
END64 = struct.Struct("<4sQ2H2L4Q")
END64_LOCATOR = struct.Struct("<4sLQL")
_ZIP64_EXTRA = 0x0001
_MAX32 = 0xFFFFFFFF
_MAX16 = 0xFFFF


class ZipError(Exception):
    """The bytes are not a zip this reader takes; the message says why."""


class Reader:
    """Byte ranges of a seekable binary file, safe to read from several threads."""

    def __init__(self, fileobj: BinaryIO) -> None:
        self._file = fileobj
        self._lock = threading.Lock()
        self.size = fileobj.seek(0, 2)

    def read_at(self, offset: int, size: int) -> bytes:
        """Up to ``size`` bytes from ``offset``: fewer only at the end of the file."""
        parts: list[bytes] = []
        with self._lock:
            self._file.seek(offset)
            while size > 0:
                part = self._file.read(min(size, CHUNK))
                if not part:
                    break
                parts.append(part)
                size -= len(part)
        return b"".join(parts)

    def exactly(self, offset: int, size: int, what: str) -> bytes:
        data = self.read_at(offset, size)
        if len(data) != size:
            raise ZipError(f"the archive ends inside {what}")
        return data


@dataclass(frozen=True)
class Directory:
    """Where the central directory lies, and how many records its end record counts."""

    start: int
    size: int
    count: int


class Record(NamedTuple):
    """One central directory record: what a reader needs of it."""

    name: bytes
    flags: int
    method: int
    crc: int
    compressed_size: int
    size: int
    offset: int  # of the entry's local header
    system: int  # the host that made it: 3 is Unix, whose file type is in ``mode``
    mode: int  # the high 16 bits of the external attributes
    version_needed: int
    needed_system: int = 0  # the host byte of the version needed (VMS reads it otherwise)
    dos: int = 0  # the low byte of the external attributes: MS-DOS attributes
    unicode_names: tuple[bytes, ...] = ()  # the names of its central Unicode Path extra fields


def find_directory(reader: Reader) -> Directory:
    """Read the end records (and ZIP64's, when there); the central directory
    must end exactly where they begin, on one disk."""
    tail_size = min(reader.size, END.size + _MAX16)  # the end record and a comment of at most 65,535 bytes
    tail_start = reader.size - tail_size
    tail = reader.read_at(tail_start, tail_size)
    at = tail.rfind(SIG_END)
    if at < 0 or at + END.size > len(tail):
        raise ZipError("no end of central directory record: not a zip file, or cut short")
    values = END.unpack_from(tail, at)[1:7]  # disk, first disk, entries on it, entries, size, start
    end = tail_start + at
    locator_at = end - END64_LOCATOR.size
    if locator_at >= 0 and reader.read_at(locator_at, 4) == SIG_END64_LOCATOR:
        _, end64_disk, end64_at, disks = END64_LOCATOR.unpack(reader.read_at(locator_at, END64_LOCATOR.size))
        if end64_disk != 0 or disks != 1:
            raise ZipError("it spans several disks")
        if end64_at != locator_at - END64.size:
            raise ZipError("the ZIP64 end record is not where its locator says")
        record = reader.exactly(end64_at, END64.size, "the ZIP64 end record")
        sig, record_size, _, _, *wide = END64.unpack(record)
        if sig != SIG_END64 or record_size != END64.size - 12:  # 12: the signature and this size
            raise ZipError("the ZIP64 end record is damaged")
        # zipfile goes by the ZIP64 values, unzip by those of the plain record
        # that do not mark theirs as in it: they must be the same.
        for plain, value, mark in zip(values, wide, (_MAX16,) * 4 + (_MAX32,) * 2, strict=True):
            if plain not in (value, mark):
                raise ZipError("the end record and the ZIP64 end record disagree")
        values = tuple(wide)
        end = end64_at
    disk, first_disk, on_disk, count, size, start = values
    if disk != 0 or first_disk != 0 or on_disk != count:
        raise ZipError("it spans several disks")
    # zipfile takes a directory that ends elsewhere as data prepended to the
    # archive and shifts every offset by the difference: an archive is read
    # only as its end record describes it.
    if start + size != end:
        raise ZipError("the central directory is not where the end record says")
    return Directory(start, size, count)


class _Pieces:
    """The central directory's bytes, read ``CHUNK`` at a time."""

    def __init__(self, reader: Reader, directory: Directory) -> None:
        self._reader = reader
        self._next = directory.start
        self._end = directory.start + directory.size
        self.buffer = b""
        self.at = 0

    def left(self) -> int:
        return self._end - self._next + len(self.buffer) - self.at

    def need(self, size: int) -> None:
        """Make ``size`` bytes available in ``buffer`` from ``at``."""
        if self.at + size <= len(self.buffer):
            return
        if size > self.left():
            raise ZipError("the central directory ends inside a record")
        want = min(max(size, CHUNK), self._end - self._next)
        more = self._reader.exactly(self._next, want, "the central directory")
        self._next += len(more)
        self.buffer = self.buffer[self.at :] + more
        self.at = 0


def records(reader: Reader, directory: Directory) -> Iterator[Record]:
    """The central directory's records in order, read a piece at a time; as
    many as the end record counts (zipfile never looks at the count, unzip
    calls an archive whose count disagrees broken)."""
    pieces = _Pieces(reader, directory)
    found = 0
    while pieces.left():
        pieces.need(CENTRAL.size)
        (
            sig,
            _,
            system,
            needed,
            needed_system,
            flags,
            method,
            _,
            _,
            crc,
            compressed,
            size,
            name_len,
            extra_len,
            comment_len,
            disk,
            _,
            attrs,
            offset,
        ) = CENTRAL.unpack_from(pieces.buffer, pieces.at)
        if sig != SIG_CENTRAL:
            raise ZipError("a central directory record is damaged")
        if disk != 0:  # 0xFFFF would put it in a ZIP64 extra field: no archive of one disk needs that
            raise ZipError("it spans several disks")
        pieces.at += CENTRAL.size
        pieces.need(name_len + extra_len + comment_len)
        name_end = pieces.at + name_len
        name = pieces.buffer[pieces.at : name_end]
        raw_extra = pieces.buffer[name_end : name_end + extra_len] if extra_len else b""
        extra = _extra_blocks(raw_extra) if extra_len else {}
        unicode_names = _unicode_names(raw_extra) if UNICODE_PATH in extra else ()
        if _MAX32 in (compressed, size, offset):
            size, compressed, offset = _zip64_values(extra, size, compressed, offset)
            # ZIP64 values run to 2**64: past the archive's end they are no
            # offsets, and would overflow the caller's arrays.
            if offset + compressed > reader.size:
                raise ZipError("a ZIP64 extra field puts an entry past the end of the archive")
        pieces.at += name_len + extra_len + comment_len
        found += 1
        yield Record(
            name, flags, method, crc, compressed, size, offset, system, attrs >> 16, needed, needed_system,
            attrs & 0xFF, unicode_names,
        )  # fmt: skip
    if found != directory.count:
        raise ZipError(f"the end record counts {directory.count} entries, the central directory holds {found}")


def _extra_blocks(extra: bytes) -> dict[int, bytes]:
    """An extra field's blocks by kind (the first of each), none running past
    its end: zipfile refuses a central one that does, unzip a local one too."""
    blocks: dict[int, bytes] = {}
    at = 0
    while at + 4 <= len(extra):
        kind, length = struct.unpack_from("<2H", extra, at)
        if at + 4 + length > len(extra):
            raise ZipError("an extra field is longer than the room it has")
        blocks.setdefault(kind, extra[at + 4 : at + 4 + length])
        at += 4 + length
    return blocks


def _unicode_names(extra: bytes) -> tuple[bytes, ...]:
    """The name of every Unicode Path block of a (checked) extra field: a
    version byte and the CRC of the header's name, then the name in UTF-8."""
    names = []
    at = 0
    while at + 4 <= len(extra):
        kind, length = struct.unpack_from("<2H", extra, at)
        if kind == UNICODE_PATH:
            names.append(extra[at + 4 + 5 : at + 4 + length] if length >= 5 else b"")
        at += 4 + length
    return tuple(names)


def _zip64_values(blocks: dict[int, bytes], size: int, compressed: int, offset: int) -> tuple[int, int, int]:
    """The sizes and offset a header marks as 0xFFFFFFFF, from its ZIP64 extra field."""
    field = blocks.get(_ZIP64_EXTRA)
    if field is None:
        raise ZipError("a record marks a value as in a ZIP64 extra field it lacks")
    values, taken = [size, compressed, offset], 0
    for i, value in enumerate(values):  # in this order, only those marked
        if value == _MAX32:
            if len(field) < taken + 8:
                raise ZipError("a ZIP64 extra field lacks a value its record marks as there")
            (values[i],) = struct.unpack_from("<Q", field, taken)
            taken += 8
    return values[0], values[1], values[2]


def entry_bytes(reader: Reader, record: Record, end: int) -> Iterator[bytes]:
    """An entry's bytes a piece at a time: never more than its record declares,
    and an error unless they are exactly that many with the record's CRC,
    and lie before ``end`` (where the next entry or the central directory begins).

    The local header must say what the record says: readers that go by the
    local header (unzip for the method, CRC and sizes; any streaming reader for
    everything) would otherwise read another entry from the same bytes."""
    header = reader.exactly(record.offset, LOCAL.size + len(record.name), "a local header")
    sig, _, _, flags, method, _, _, crc, compressed, size, name_len, extra_len = LOCAL.unpack_from(header)
    if sig != SIG_LOCAL:
        raise ZipError("its local header is damaged")
    if name_len != len(record.name) or header[LOCAL.size :] != record.name:
        raise ZipError("its local header names another file")
    start = record.offset + LOCAL.size + name_len + extra_len
    if start + record.compressed_size > end:
        raise ZipError("its data runs into the next entry or the central directory")
    extra = _extra_blocks(reader.exactly(start - extra_len, extra_len, "a local header")) if extra_len else {}
    if not flags & DATA_DESCRIPTOR and _MAX32 in (compressed, size):
        size, compressed, _ = _zip64_values(extra, size, compressed, 0)
    if (flags, method) != (record.flags, record.method) or (
        not flags & DATA_DESCRIPTOR and (crc, compressed, size) != (record.crc, record.compressed_size, record.size)
    ):
        raise ZipError("its local header disagrees with its central record")
    raw = _raw(reader, start, record.compressed_size)
    pieces = raw if record.method == STORED else _inflate(raw)
    crc, total = 0, 0
    for piece in pieces:
        total += len(piece)
        if total > record.size:
            raise ZipError("it holds more bytes than its record says")
        crc = zlib.crc32(piece, crc)
        yield piece
    if total != record.size:
        raise ZipError("it holds fewer bytes than its record says")
    if crc != record.crc:
        raise ZipError("bad CRC-32")


def _raw(reader: Reader, start: int, size: int) -> Iterator[bytes]:
    end = start + size
    while start < end:
        piece = reader.exactly(start, min(CHUNK, end - start), "an entry's data")
        start += len(piece)
        yield piece


def _inflate(raw: Iterator[bytes]) -> Iterator[bytes]:
    inflater = zlib.decompressobj(-zlib.MAX_WBITS)
    try:
        for piece in raw:
            while piece and not inflater.eof:
                out = inflater.decompress(piece, CHUNK)
                piece = inflater.unconsumed_tail
                if out:
                    yield out
        while not inflater.eof:  # what zlib held back when the output was full
            out = inflater.decompress(b"", CHUNK)
            if not out:
                raise ZipError("its deflate stream ends early")
            yield out
    except zlib.error as exc:
        raise ZipError(f"its deflate stream is damaged ({exc})") from None
