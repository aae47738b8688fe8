"""``NAME.memoryfield.zip``: reproducible packing and refusing unpacking, both streaming.

Packing is byte-reproducible: entries sorted by name bytes, every timestamp
1980-01-01 00:00, mode 0644 regular file from a Unix host, deflate level 9,
no extra fields, and ``SHA256SUMS`` (plus ``SHA256SUMS.sig`` when it signs
that manifest) computed from the very bytes packed. memsync lays out the ZIP
records itself, exactly as :mod:`zipfile` writes them for such entries (a
test holds it to that), so that entries can be deflated on worker threads and
written in order while only a few of them are in memory at once.

Unpacking never trusts the archive: every entry is checked (flat UTF-8 name,
no symlink or directory, no duplicates, no encryption, plain or deflate
compression, bounded size and ratio, no overlapping data) before a single
byte is extracted. Entries are then streamed into a hidden temp folder, each
checked against the manifest as it is written, and the folder takes the
destination's name only when every one of them passed.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import io
import itertools
import os
import shutil
import stat
import tempfile
import threading
import zlib
from array import array
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import ExitStack, closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, TypeVar

from .errors import InputError, IntegrityError
from .field import content_names, hash_file
from .limits import (
    DIRECTORY_RECORD_BYTES,
    MAX_ENTRY_BYTES,
    MAX_FILES,
    MAX_RATIO,
    MAX_TOTAL_BYTES,
    RATIO_FLOOR,
    SIDECAR_LIMIT,
    SUMS_SLACK_BYTES,
)
from .manifest import Manifest, check_case, check_file_count, sha256_hex
from .names import (
    KEYS_NAME,
    MANIFEST_NAME,
    OWN_NAMES,
    RELEASE_NAME,
    RELEASE_SIGNATURE_NAME,
    SIDECAR_NAMES,
    SIGNATURE_NAME,
    Role,
    name_problem,
    role_of,
)
from .pin import Pin
from .zip.records import (
    CENTRAL,
    CHUNK,
    DEFLATED,
    ENCRYPTED,
    END,
    END64,
    END64_LOCATOR,
    FILECOUNT_LIMIT,
    LOCAL,
    MAX_VERSION_NEEDED,
    MAX_VMS_VERSION_NEEDED,
    PATCHED,
    SIG_CENTRAL,
    SIG_END,
    SIG_END64,
    SIG_END64_LOCATOR,
    SIG_LOCAL,
    STORED,
    SYMLINK_HOSTS,
    UTF8_NAME,
    VMS,
    VOLUME_LABEL,
    VOLUME_LABEL_HOSTS,
    ZIP64_LIMIT,
    Reader,
    Record,
    ZipError,
    entry_bytes,
    find_directory,
    records,
)

ARCHIVE_SUFFIX = ".memoryfield.zip"
FIXED_DATE = (1980, 1, 1, 0, 0, 0)
FILE_MODE = (stat.S_IFREG | 0o644) << 16
COMPRESS_LEVEL = 9
# A field's most files, and SHA256SUMS and its sidecars beside them.
MAX_ENTRIES = MAX_FILES + len(OWN_NAMES)
MAX_DIRECTORY_BYTES = MAX_ENTRIES * DIRECTORY_RECORD_BYTES
# Offsets past this need ZIP64 extra fields, which memsync does not write; the
# entry limits keep a field's archive below it but for incompressible edge cases.
MAX_ARCHIVE_BYTES = ZIP64_LIMIT

_WHOLE_ENTRY = 1024 * 1024  # files up to this size are deflated in memory; larger ones through a temp file
_BATCH_BYTES = 256 * 1024  # work handed to a thread at once: enough to drown the hand-off cost
_BATCH_ENTRIES = 64
_WORKERS = min(8, os.cpu_count() or 1)
_IN_FLIGHT = 2 * _WORKERS  # batches submitted ahead of the writer: bounds memory

# The records zipfile writes for an entry made like ours: version 2.0, no extra
# field, no comment, no data descriptor.
_VERSION = 20
_ZIP64_VERSION = 45
_UNIX = 3
_DOS_TIME = FIXED_DATE[3] << 11 | FIXED_DATE[4] << 5 | FIXED_DATE[5] // 2
_DOS_DATE = (FIXED_DATE[0] - 1980) << 9 | FIXED_DATE[1] << 5 | FIXED_DATE[2]

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class Written:
    """What a pack produced: the field's manifest and the archive's sha256 and size."""

    manifest: Manifest
    sha256: str
    size: int


@dataclass(frozen=True)
class Packed(Written):
    """A pack kept in memory (``pack_files``, ``pack_field``)."""

    data: bytes


# -- packing ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Source:
    name: str
    payload: bytes | Path
    size: int
    expected: str | None  # what a file's bytes must still hash to when they are packed


@dataclass
class _Deflated:
    crc: int
    size: int
    compressed_size: int
    body: bytes | BinaryIO  # a temp file for a large entry
    method: int = DEFLATED

    def chunks(self) -> Iterator[bytes]:
        if isinstance(self.body, bytes):
            yield self.body
            return
        with self.body:
            while chunk := self.body.read(CHUNK):
                yield chunk


def write_field(root: Path, out: BinaryIO | None) -> Written:
    """Stream the field at ``root`` as an archive into ``out`` (None: only compute the pins).

    The manifest comes from hashing every file first, and each file is hashed
    again as it is packed: one that changed in between is refused, so the
    archive's ``SHA256SUMS`` always lists the very bytes packed. On error
    ``out`` holds a partial archive: write into a temp file and rename.
    """
    hashes: dict[str, str] = {}
    sizes: dict[str, int] = {}
    for name, st in content_names(root):
        hashes[name] = hash_file(root / name)
        sizes[name] = st.st_size
    manifest = Manifest(hashes)
    listed = manifest.to_bytes()
    return _write(
        out, manifest, listed, sizes, lambda name: (root / name, hashes[name]), live_sidecars(root, listed), str(root)
    )


def live_sidecars(root: Path, listed: bytes) -> dict[str, bytes]:
    """The sidecars beside the field at ``root``, when its SHA256SUMS is ``listed``:
    a signature travels only with the exact manifest it signs, checked as
    ``ssh-keygen -Y check-novalidate -n memsync`` checks it (whose key it is
    is the reader's question), a release statement only with its own, and the
    key rotation file only when every statement in it is signed by its key."""
    from . import rotation
    from .ssh import sshsig

    manifest_path = root / MANIFEST_NAME
    if not (manifest_path.is_file() and manifest_path.read_bytes() == listed):
        return {}
    found = {n: (root / n).read_bytes() for n in SIDECAR_NAMES if (root / n).is_file()}
    kept: dict[str, bytes] = {}
    for signed, signature in ((listed, SIGNATURE_NAME), (found.get(RELEASE_NAME), RELEASE_SIGNATURE_NAME)):
        if signed is None or signature not in found:
            continue
        try:
            sshsig.check(signed, found[signature])
        except (InputError, IntegrityError):
            continue
        kept[signature] = found[signature]
        if signature == RELEASE_SIGNATURE_NAME:
            kept[RELEASE_NAME] = signed
    if KEYS_NAME in found:
        # It vouches for keys, not for this manifest: nothing ties it to SHA256SUMS but
        # where it lies, so it travels when it is sound on its own.
        try:
            rotation.verified(found[KEYS_NAME])
        except (InputError, IntegrityError):
            pass
        else:
            kept[KEYS_NAME] = found[KEYS_NAME]
    return kept


def pack_field(root: Path) -> Packed:
    """The archive of the field at ``root``, in memory (``write_field`` streams it)."""
    buffer = io.BytesIO()
    written = write_field(root, buffer)
    return Packed(written.manifest, written.sha256, written.size, buffer.getvalue())


def pack_files(files: Mapping[str, bytes], sidecars: Mapping[str, bytes] | None = None) -> Packed:
    """Pack content files (name → bytes) with their manifest, and the sidecars that
    vouch for exactly that manifest, into archive bytes."""
    manifest = Manifest({name: sha256_hex(data) for name, data in files.items()})
    sizes = {name: len(data) for name, data in files.items()}
    buffer = io.BytesIO()
    written = _write(
        buffer, manifest, manifest.to_bytes(), sizes, lambda name: (files[name], None), sidecars or {}, "archive"
    )
    return Packed(written.manifest, written.sha256, written.size, buffer.getvalue())


def _write(
    out: BinaryIO | None,
    manifest: Manifest,
    listed: bytes,
    sizes: Mapping[str, int],
    payload: Callable[[str], tuple[bytes | Path, str | None]],
    sidecars: Mapping[str, bytes],
    where: str,
) -> Written:
    """Write the archive of ``manifest``'s files: ``payload`` gives each one's bytes
    or path (and the hash a path's bytes must have), ``listed`` is SHA256SUMS."""
    own = {MANIFEST_NAME: listed} | {n: d for n, d in sidecars.items() if n in SIDECAR_NAMES}
    all_sizes = {**sizes, **{name: len(data) for name, data in own.items()}}
    _refuse_what_unpack_would(all_sizes, where)

    def sources() -> Iterator[_Source]:
        # Made as the writer gets to them: only the entries in flight exist at once.
        for name in sorted(all_sizes):  # str order is UTF-8 byte order
            if name in own:
                yield _Source(name, own[name], all_sizes[name], None)
            else:
                data, expected = payload(name)
                yield _Source(name, data, all_sizes[name], expected)

    writer = _ZipWriter(out)
    with closing(_in_order(_deflate_batch, _batches(sources(), lambda s: s.size))) as batches:  # type: ignore[type-var]
        for batch in batches:
            for name, deflated in batch:
                writer.add(name, deflated)
    sha256, size = writer.finish(where)
    return Written(manifest, sha256, size)


def _refuse_what_unpack_would(sizes: Mapping[str, int], where: str) -> None:
    """An archive that ``unpack`` would refuse is not worth writing."""
    if len(sizes) > MAX_ENTRIES:
        raise InputError(f"{where}: more than {MAX_ENTRIES} files: too many for one archive")
    check_file_count(sum(1 for name in sizes if name not in OWN_NAMES), where)
    for name, size in sizes.items():
        if size > MAX_ENTRY_BYTES:
            raise InputError(f"{where}: {name!r} is larger than {MAX_ENTRY_BYTES} bytes: too large to pack")
    if sum(sizes.values()) > MAX_TOTAL_BYTES:
        raise InputError(f"{where}: more than {MAX_TOTAL_BYTES} bytes: too large for one archive")


class _Stopped(Exception):
    """The writer stopped (an error, Ctrl-C): work still running gives up."""


def _deflate_batch(batch: list[_Source], stop: threading.Event) -> list[tuple[str, _Deflated]]:
    return [(source.name, _deflate(source, stop)) for source in batch]


def _deflate(source: _Source, stop: threading.Event) -> _Deflated:
    if stop.is_set():
        raise _Stopped
    if isinstance(source.payload, bytes):
        return _deflate_bytes(source.payload)
    with open(source.payload, "rb", buffering=0) as handle:
        if os.fstat(handle.fileno()).st_size > _WHOLE_ENTRY:
            return _deflate_stream(source, handle, stop)
        data = handle.readall()
    _check_unchanged(source, sha256_hex(data))
    return _deflate_bytes(data)


def _deflate_bytes(data: bytes, level: int = COMPRESS_LEVEL) -> _Deflated:
    compressor = zlib.compressobj(level, zlib.DEFLATED, -15)
    body = compressor.compress(data) + compressor.flush()
    if _bomb_like(len(data), len(body)):
        return _Deflated(zlib.crc32(data), len(data), len(data), data, STORED)
    return _Deflated(zlib.crc32(data), len(data), len(body), body)


def _deflate_stream(source: _Source, handle: BinaryIO, stop: threading.Event) -> _Deflated:
    """Deflate in chunks into a temp file (deflate's output does not depend on the chunking)."""
    spool = tempfile.TemporaryFile()  # noqa: SIM115 - handed on to the writer, which closes it
    try:
        compressor = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15)
        digest, crc, size = hashlib.sha256(), 0, 0
        while chunk := handle.read(CHUNK):
            if stop.is_set():  # deflating 64 MiB at level 9 takes seconds: Ctrl-C must not wait for it
                raise _Stopped
            digest.update(chunk)
            crc = zlib.crc32(chunk, crc)
            size += len(chunk)
            spool.write(compressor.compress(chunk))
        spool.write(compressor.flush())
        _check_unchanged(source, digest.hexdigest())
        compressed_size = spool.tell()
        if _bomb_like(size, compressed_size):
            spool.close()
            return _stored_stream(source, handle, crc, stop)
        spool.seek(0)
    except BaseException:
        spool.close()
        raise
    return _Deflated(crc, size, compressed_size, spool)


def _stored_stream(source: _Source, handle: BinaryIO, crc: int, stop: threading.Event) -> _Deflated:
    """The file as it is, through a temp file: deflated, it would shrink past what
    unpack believes honest data does (a table of repeated rows) and be refused as a bomb."""
    spool = tempfile.TemporaryFile()  # noqa: SIM115 - handed on to the writer, which closes it
    try:
        handle.seek(0)
        digest = hashlib.sha256()
        while chunk := handle.read(CHUNK):
            if stop.is_set():
                raise _Stopped
            digest.update(chunk)
            spool.write(chunk)
        _check_unchanged(source, digest.hexdigest())  # the same bytes the crc was taken of
        size = spool.tell()
        spool.seek(0)
    except BaseException:
        spool.close()
        raise
    return _Deflated(crc, size, size, spool, STORED)


def _bomb_like(size: int, compressed_size: int) -> bool:
    """Whether an entry expands more than unpack believes honest data does."""
    return size > RATIO_FLOOR and size > MAX_RATIO * max(compressed_size, 1)


def _check_unchanged(source: _Source, digest: str) -> None:
    if digest != source.expected:
        raise InputError(f"{source.name}: changed while it was being packed; pack again")


class _ZipWriter:
    """Writes local headers and data as entries come, then the central directory."""

    def __init__(self, out: BinaryIO | None) -> None:
        self._out = out
        self._digest = hashlib.sha256()
        self._offset = 0
        self._central = bytearray()  # one buffer: 50,000 small bytes objects would weigh twice as much
        self._count = 0

    def _emit(self, data: bytes | bytearray) -> None:
        self._digest.update(data)
        self._offset += len(data)
        if self._out is not None:
            self._out.write(data)

    def add(self, name: str, entry: _Deflated) -> None:
        try:
            encoded, flags = name.encode("ascii"), 0
        except UnicodeEncodeError:
            encoded, flags = name.encode("utf-8"), UTF8_NAME
        # flags, method, time, date, crc, sizes: the same in both records
        fields = (flags, entry.method, _DOS_TIME, _DOS_DATE, entry.crc, entry.compressed_size, entry.size)
        made_by = (_VERSION, _UNIX, _VERSION, 0)  # version made by, its system, version needed, reserved
        # name length, extra length, comment length, disk, internal and external attributes, offset
        tail = (len(encoded), 0, 0, 0, 0, FILE_MODE, self._offset)
        self._central += CENTRAL.pack(SIG_CENTRAL, *made_by, *fields, *tail) + encoded
        self._count += 1
        self._emit(LOCAL.pack(SIG_LOCAL, _VERSION, 0, *fields, len(encoded), 0) + encoded)
        for chunk in entry.chunks():
            self._emit(chunk)

    def finish(self, where: str) -> tuple[str, int]:
        """Write the central directory and end records; the archive's sha256 and size."""
        start = self._offset
        if start > MAX_ARCHIVE_BYTES:
            raise InputError(f"{where}: the archive would be larger than {MAX_ARCHIVE_BYTES} bytes")
        self._emit(self._central)
        count, size = self._count, self._offset - start
        if count > FILECOUNT_LIMIT:
            end64 = self._offset
            self._emit(END64.pack(SIG_END64, 44, _ZIP64_VERSION, _ZIP64_VERSION, 0, 0, count, count, size, start))
            self._emit(END64_LOCATOR.pack(SIG_END64_LOCATOR, 0, end64, 1))
            count = FILECOUNT_LIMIT
        self._emit(END.pack(SIG_END, 0, 0, count, count, size, start, 0))
        return self._digest.hexdigest(), self._offset


class Collector:
    """An archive of a version written as its files go by, in any order and from
    several threads (a push writing a field whole): deflated fast into a temp
    file, for a store to keep beside that version. Not ``pack``'s reproducible
    archive, but one ``open_archive`` reads and checks the same way. Past what
    unpack takes it stops collecting (``usable`` turns False)."""

    def __init__(self) -> None:
        self._spool: BinaryIO = tempfile.TemporaryFile()  # noqa: SIM115 - closed by close()
        self._writer = _ZipWriter(self._spool)
        self._lock = threading.Lock()
        self._total = 0
        self.files: dict[str, str] = {}  # name -> sha256 of what went in
        self.usable = True

    def add(self, name: str, data: bytes, sha: str) -> None:
        if not self.usable:
            return
        if len(data) > MAX_ENTRY_BYTES:
            with self._lock:
                self._drop()
            return
        entry = _deflate_bytes(data, 1)  # outside the lock: zlib lets other threads run
        with self._lock:
            if name in self.files:
                # Written again (a retry): the same bytes are in already; others would be a second entry.
                if self.files[name] != sha:
                    self._drop()
                return
            # Counted under the lock: threads that all looked before any added would overshoot.
            self._total += len(data)
            if (
                not self.usable
                or len(self.files) >= min(MAX_FILES, MAX_ENTRIES - 1)  # what unpack takes; SHA256SUMS is one more
                or self._total > MAX_TOTAL_BYTES
            ):
                self._drop()
                return
            try:
                self._writer.add(name, entry)
            except OSError:
                self._drop()  # a full temp folder costs the archive, never the push
                return
            self.files[name] = sha

    def finish(self, listed: bytes, where: str) -> tuple[BinaryIO, int] | None:
        """The archive with ``listed`` as its SHA256SUMS, rewound: (file, size);
        None when SHA256SUMS itself takes it past what unpack takes."""
        with self._lock:
            if self._total + len(listed) > MAX_TOTAL_BYTES:
                return None
            self._writer.add(MANIFEST_NAME, _deflate_bytes(listed, 1))
            _, size = self._writer.finish(where)
        self._spool.seek(0)
        return self._spool, size

    def _drop(self) -> None:
        """Stop collecting, and let what the temp file holds go at once (the push may
        have most of a large field still to send)."""
        self.usable = False
        self._spool.close()

    def close(self) -> None:
        with self._lock:
            self._drop()


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _batches(items: Iterable[T], size: Callable[[T], int]) -> Iterator[list[T]]:
    batch: list[T] = []
    total = 0
    for item in items:
        batch.append(item)
        total += size(item)
        if total >= _BATCH_BYTES or len(batch) >= _BATCH_ENTRIES:
            yield batch
            batch, total = [], 0
    if batch:
        yield batch


def _in_order(work: Callable[[T, threading.Event], R], items: Iterable[T]) -> Iterator[R]:
    """``work`` over ``items`` on worker threads, results in order, few in flight.

    zlib, hashlib and file I/O release the GIL, so the threads really run in
    parallel. When the consumer stops (an error, Ctrl-C), queued work is
    cancelled and running work is told to stop (the event ``work`` gets);
    this returns once the threads are done.
    """
    stop = threading.Event()
    pool = ThreadPoolExecutor(_WORKERS, thread_name_prefix="memsync-archive")
    pending: deque[Future[R]] = deque()
    try:
        for item in items:
            pending.append(pool.submit(work, item, stop))
            if len(pending) >= _IN_FLIGHT:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)


# -- unpacking ---------------------------------------------------------------------


class Archive:
    """A checked archive: its manifest, the sidecars that came with it, and content files.

    Its entries are kept as columns (a name → row index, and arrays of offsets,
    sizes, CRCs, methods and flags), about 100 bytes an entry with its name: a
    100,000-entry archive unpacks within the memory of its manifest."""

    def __init__(self, reader: Reader, where: str) -> None:
        self._reader = reader
        self._where = where
        self.skipped: list[str] = []
        self._rows: dict[str, int] = {}
        self._names: list[str] = []  # by row: the manifest keeps these very objects as its names
        self._offsets, self._compressed, self._sizes = array("Q"), array("Q"), array("Q")
        self._crcs, self._methods, self._flags = array("L"), array("B"), array("H")
        self._directory_start, self._starts = self._check_entries()
        self.sidecars = {n: self._read(n) for n in SIDECAR_NAMES if n in self._rows}
        listed = self._read(MANIFEST_NAME) if MANIFEST_NAME in self._rows else None
        content = [n for n in self._rows if role_of(n) is Role.CONTENT]
        if listed is None:
            self.manifest = Manifest({n: self._stream(n, None) for n in content})
            listed = self.manifest.to_bytes()
            self.had_manifest = False
        else:
            self.manifest = Manifest.parse(listed, where=f"{where}:{MANIFEST_NAME}", held=self._held)
            self.had_manifest = True
            listed_names = self.manifest.entries
            extra = sorted(n for n in content if n not in listed_names)
            missing = sorted(n for n in listed_names if n not in self._rows)  # all listed names are content
            if extra or missing:
                what = f"{extra[0]!r} is not in" if extra else f"{missing[0]!r} is missing but listed in"
                raise IntegrityError(f"{where}: {what} its {MANIFEST_NAME}")
        # Kept rather than made again: for a large field, serialising the
        # manifest costs several times its size in memory for a moment.
        self.manifest_bytes = listed  # parse accepts only what to_bytes() would write
        self.digest = "sha256:" + sha256_hex(listed)

    def _held(self, name: str) -> str:
        row = self._rows.get(name)
        return name if row is None else self._names[row]

    def read(self, name: str) -> bytes:
        """Bytes of a listed content file, checked against the manifest."""
        parts: list[bytes] = []
        self._checked(name, parts.append)
        return b"".join(parts)

    def files(self) -> Iterator[tuple[str, bytes]]:
        for name in self.manifest:
            yield name, self.read(name)

    def verify(self) -> None:
        """Check every content file against the manifest, keeping none of them in memory."""
        for name in self.manifest.entries:  # listed order: no sorted copy of 100,000 names
            self._checked(name, None)

    def extract(self, folder: Path) -> None:
        """Write every content file into the empty ``folder``, checked as it streams,
        then the manifest and signature. On error, files already written stay:
        extract into a temp folder (as ``unpack`` does).

        One thread: per entry, the Python around an entry outweighs inflating a
        page, and on threads the GIL hand-offs cost more than they overlap
        (measured). Files are created relative to the folder's descriptor and
        written with os.write, since for a page building a path and a buffered
        writer cost more than the data."""
        self.extract_files(folder, self.manifest.entries)  # listed order: no sorted copy of 100,000 names
        (folder / MANIFEST_NAME).write_bytes(self.manifest_bytes)
        for name, data in self.sidecars.items():
            (folder / name).write_bytes(data)

    def extract_files(self, folder: Path, names: Iterable[str]) -> None:
        """Write the listed content files ``names`` into ``folder`` (where none of
        them exists yet), each checked against the manifest as it streams."""
        folder_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            for name in names:
                fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666, dir_fd=folder_fd)
                try:
                    self._checked(name, functools.partial(_write_all, fd))
                finally:
                    os.close(fd)
        finally:
            os.close(folder_fd)

    def read_files(self, names: Iterable[str], each: Callable[[str, bytes], object]) -> None:
        """``each(name, bytes)`` for the content files ``names``, each checked
        against the manifest before it is handed over."""
        for name in names:
            parts: list[bytes] = []
            self._checked(name, parts.append)
            each(name, b"".join(parts))

    def _checked(self, name: str, sink: Callable[[bytes], object] | None) -> None:
        if self._stream(name, sink) != self.manifest[name]:
            raise IntegrityError(f"{self._where}: {name!r} does not match its {MANIFEST_NAME} hash")

    def _read(self, name: str) -> bytes:
        parts: list[bytes] = []
        self._stream(name, parts.append)
        return b"".join(parts)

    def _stream(self, name: str, sink: Callable[[bytes], object] | None) -> str:
        """Feed an entry's bytes to ``sink`` piece by piece; their sha256."""
        digest = hashlib.sha256()
        for chunk in self._chunks(name):
            digest.update(chunk)
            if sink is not None:
                sink(chunk)
        return digest.hexdigest()

    def _chunks(self, name: str) -> Iterator[bytes]:
        # Only the archive's own read errors are "corrupt": a failing sink is
        # not, and never reaches this generator.
        row = self._rows[name]
        record = Record(
            name.encode(),
            self._flags[row],
            self._methods[row],
            self._crcs[row],
            self._compressed[row],
            self._sizes[row],
            self._offsets[row],
            0,
            0,
            0,
        )
        try:
            # Its data must end where the next entry begins: the directory's
            # sizes alone cannot tell, since a local header's extra field
            # moves the data on by up to 64 KiB.
            after = bisect.bisect_right(self._starts, record.offset)
            end = self._starts[after] if after < len(self._starts) else self._directory_start
            yield from entry_bytes(self._reader, record, end)
        except (ZipError, OSError) as exc:
            raise InputError(f"{self._where}: {name!r} is corrupt or unsupported ({exc})") from None

    def _check_entries(self) -> tuple[int, array[int]]:
        """Check every record and keep the rows of the entries to read; where the
        central directory starts, and where every entry does, in order."""
        where = self._where
        try:
            directory = find_directory(self._reader)
        except (ZipError, OSError) as exc:
            raise InputError(f"{where}: not a valid zip archive ({exc})") from None
        if directory.size > MAX_DIRECTORY_BYTES:
            raise InputError(
                f"{where}: a central directory of {directory.size} bytes, more than {MAX_ENTRIES} entries need"
            )
        if directory.count > MAX_ENTRIES:
            raise InputError(f"{where}: more than {MAX_ENTRIES} entries")
        starts, ends = array("Q"), array("Q")  # every entry's span, skipped ones too
        total = 0
        content = 0
        listed = 0  # the bytes SHA256SUMS takes to list the content entries
        try:
            for count, record in enumerate(records(self._reader, directory), 1):
                if count > MAX_ENTRIES:
                    raise InputError(f"{where}: more than {MAX_ENTRIES} entries")
                name = self._checked_record(record)
                starts.append(record.offset)
                ends.append(record.offset + LOCAL.size + len(record.name) + record.compressed_size)
                total += record.size
                if total > MAX_TOTAL_BYTES:
                    raise InputError(f"{where}: unpacks to more than {MAX_TOTAL_BYTES} bytes")
                role = role_of(name)
                if role is Role.HIDDEN or role is Role.DERIVED:
                    self.skipped.append(name)  # litter and caches never travel
                    continue
                if role is Role.OWN and name not in (MANIFEST_NAME, *SIDECAR_NAMES):
                    self.skipped.append(name)
                    continue
                problem = None if role is Role.OWN else name_problem(name)
                if problem:
                    raise InputError(f"{where}: {problem}")
                # Sidecars are read whole, before any content: past what a
                # remote's are read to they would only cost memory (three of
                # 64 MiB took unpack to 280 MiB).
                if name in SIDECAR_NAMES and record.size > SIDECAR_LIMIT:
                    raise InputError(f"{where}: its {name} is more than the {SIDECAR_LIMIT} bytes memsync reads")
                if role is Role.CONTENT:
                    content += 1
                    listed += 64 + 2 + len(record.name) + 1
                self._rows[name] = len(self._offsets)
                self._names.append(name)
                self._offsets.append(record.offset)
                self._compressed.append(record.compressed_size)
                self._sizes.append(record.size)
                self._crcs.append(record.crc)
                self._methods.append(record.method)
                self._flags.append(record.flags)
        except (ZipError, OSError) as exc:
            raise InputError(f"{where}: not a valid zip archive ({exc})") from None
        # The field's own limit, as clone and pull apply it: MAX_ENTRIES leaves room
        # for SHA256SUMS and its sidecars, not for content past MAX_FILES (an archive
        # without a SHA256SUMS, whose manifest parse would have counted, unpacked to
        # a field of 100,001 files that clone then refused).
        check_file_count(content, where)
        starts = _refuse_overlaps(starts, ends, where, directory.start)
        # SHA256SUMS checks the names it lists, but an archive may come without
        # one, and a content name may differ from SHA256SUMS itself only in case.
        check_case(self._rows.keys(), where)
        if MANIFEST_NAME in self._rows and self._sizes[self._rows[MANIFEST_NAME]] > listed + SUMS_SLACK_BYTES:
            raise IntegrityError(f"{where}: its {MANIFEST_NAME} is far longer than a list of its content entries")
        return directory.start, starts

    def _checked_record(self, record: Record) -> str:
        """The entry's name, once the record passed every check on its own."""
        where, raw = self._where, record.name
        shown = raw[:80].decode("utf-8", "replace")
        if b"\x00" in raw:
            raise InputError(f"{where}: entry name with a NUL byte")
        try:  # without the UTF-8 flag a name is cp437, which memsync takes only where it is ASCII
            name = raw.decode("utf-8" if record.flags & UTF8_NAME else "ascii")
        except UnicodeDecodeError:
            raise InputError(f"{where}: entry {shown!r} has a name that is not UTF-8") from None
        if name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
            raise InputError(f"{where}: entry {shown!r} has an absolute path")
        if "/" in name or "\\" in name:
            kind = "escapes the field" if ".." in name.replace("\\", "/").split("/") else "is in a subdirectory"
            raise InputError(f"{where}: entry {shown!r} {kind}: a field must be flat")
        if any(alias != raw for alias in record.unicode_names):
            raise InputError(
                f"{where}: entry {shown!r} has another name in its Unicode Path extra field, the one unzip uses"
            )
        if record.system in SYMLINK_HOSTS and stat.S_ISLNK(record.mode):
            raise InputError(f"{where}: entry {shown!r} is a symlink")
        if record.system in VOLUME_LABEL_HOSTS and record.dos & VOLUME_LABEL:
            raise InputError(f"{where}: entry {shown!r} is marked as a volume label, which unzip skips")
        if record.flags & ENCRYPTED:
            raise InputError(f"{where}: entry {shown!r} is encrypted")
        if record.method not in (STORED, DEFLATED) or record.flags & PATCHED:
            raise InputError(f"{where}: entry {shown!r} uses an unsupported compression")
        vms = record.needed_system == VMS
        if record.version_needed > (MAX_VMS_VERSION_NEEDED if vms else MAX_VERSION_NEEDED):
            version = f"{record.version_needed / 10}{' (VMS)' if vms else ''}"
            raise InputError(f"{where}: entry {shown!r} needs zip version {version}, newer than memsync reads")
        if name in self._rows:
            raise InputError(f"{where}: entry {shown!r} appears twice")
        if record.size > MAX_ENTRY_BYTES:
            raise InputError(f"{where}: entry {shown!r} is larger than {MAX_ENTRY_BYTES} bytes")
        if _bomb_like(record.size, record.compressed_size):
            raise InputError(f"{where}: entry {shown!r} expands more than {MAX_RATIO}x: a zip bomb")
        return name


def _refuse_overlaps(starts: array[int], ends: array[int], where: str, central_dir: int) -> array[int]:
    """Entries' data must lie one after another before the central directory;
    ``starts`` in order.

    Overlapping entries let a small archive unpack to many copies of one blob,
    and a compressed size larger than the bytes really there would fake the
    ratio the bomb check relies on.
    """
    order: Iterable[int] = range(len(starts))
    in_order = all(a <= b for a, b in itertools.pairwise(starts))  # archives are written in order: sorting is rare
    if not in_order:
        order = sorted(order, key=starts.__getitem__)
    last_end = 0
    for row in order:
        if starts[row] < last_end:
            raise InputError(f"{where}: entries overlap: a zip bomb")
        last_end = ends[row]
    if last_end > central_dir:
        raise InputError(f"{where}: an entry claims more compressed bytes than the archive holds")
    return starts if in_order else array("Q", (starts[row] for row in order))


@contextmanager
def open_archive(source: Path | BinaryIO | bytes, where: str | None = None) -> Iterator[Archive]:
    """Open and check an archive; raises InputError before anything is extracted.

    A file object must be seekable; only the end records, the central
    directory and the entries asked for are read from it, a piece at a time,
    and entries may be read from several threads at once.
    """
    label = where or (str(source) if isinstance(source, Path) else "archive")
    with ExitStack() as stack:
        if isinstance(source, Path):
            fileobj: BinaryIO = stack.enter_context(_open_file(source, label))
        else:
            fileobj = io.BytesIO(source) if isinstance(source, bytes) else source
        try:
            reader = Reader(fileobj)
        except OSError as exc:
            raise InputError(f"{label}: cannot read the archive ({exc})") from None
        yield Archive(reader, label)


def _open_file(path: Path, label: str) -> BinaryIO:
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise InputError(f"{label}: no such archive") from None
    except OSError as exc:
        raise InputError(f"{label}: cannot read the archive ({exc.strerror or exc})") from None


def unpack(source: Path, dest: Path, *, expect: str | None = None, dry_run: bool = False) -> dict[str, object]:
    """Unpack an archive into a new folder: all of it, verified, or nothing at all."""
    # Hashed and unpacked through one handle, so the pin covers what is unpacked
    # even when another file takes the path; one written over in place shows in
    # its stat, which must be the same once everything was read.
    with _open_file(source, str(source)) as handle:
        before = _stat_key(handle)
        actual = hashlib.file_digest(handle, "sha256").hexdigest()  # type: ignore[arg-type]
        pin = Pin.parse(expect) if expect is not None else None
        if pin is not None and not pin.field_digest:
            pin.check(str(source), "", actual)
        if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
            raise InputError(f"{dest}: exists and is not an empty folder")
        handle.seek(0)
        with open_archive(handle, where=str(source)) as archive:
            if pin is not None and pin.field_digest:
                pin.check(str(source), archive.digest, None)
            result = {
                "archive": str(source),
                "sha256": actual,
                "digest": archive.digest,
                "files": len(archive.manifest),
                "skipped": archive.skipped,
                "directory": str(dest),
                "dry_run": dry_run,
            }
            if dry_run:
                archive.verify()
                _check_unchanged_archive(handle, before, source)
                return result
            dest.parent.mkdir(parents=True, exist_ok=True)
            tmp = Path(tempfile.mkdtemp(prefix=".memsync-unpack-", dir=dest.parent))
            try:
                archive.extract(tmp)
                _check_unchanged_archive(handle, before, source)
                if dest.exists():
                    dest.rmdir()
                tmp.rename(dest)
            except BaseException:
                shutil.rmtree(tmp, ignore_errors=True)
                raise
    return result


def _stat_key(handle: BinaryIO) -> tuple[int, int, int]:
    st = os.fstat(handle.fileno())
    return st.st_size, st.st_mtime_ns, st.st_ctime_ns


def _check_unchanged_archive(handle: BinaryIO, before: tuple[int, int, int], source: Path) -> None:
    if _stat_key(handle) != before:
        raise InputError(f"{source}: changed while it was being unpacked; unpack it again")
