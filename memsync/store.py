"""Content-addressed storage outside the fields: base objects and staged versions.

*Objects* (``objects/HH/HEX``, or packed: ``ObjectStore``) hold the content of every file of every sync
base, so a later three-way merge has the common ancestor at hand, and every
version the history journal keeps (``memsync.history``).

*Staged versions* (``staging/HEX/``, HEX = the field digest without
``sha256:``) hold one received field version whole: its files and its
``SHA256SUMS`` (and ``.sig``), every file verified before the folder is
renamed into place. A staged folder is a plain memoryfield, so
``sha256sum -c SHA256SUMS`` works inside it; it is what the trust layer
keeps as quarantine. ``HEX.json`` beside it says where and when it came from.

A pull stages only what it had to fetch: the files of the version that this
machine holds nowhere else. Such a *partial* version lives in a hidden
``.incoming-*`` folder for the run alone and reads the rest from where it
is (the live field, the object store), verified by hash. Only a version
held for review is completed and sealed as ``staging/HEX/``.
"""

from __future__ import annotations

import itertools
import json
import os
import secrets
import shutil
import tempfile
import threading
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .disk import atomic
from .errors import IntegrityError
from .limits import PACK_BUFFER_BYTES as _BUFFER_BYTES
from .manifest import Manifest, sha256_hex
from .names import MANIFEST_NAME, SIDECAR_NAMES, SIGNATURE_NAME
from .workspace import Workspace, now

PACK_MIN = 64  # base objects from one run before they go into a pack rather than a file each
LOOSE_STATS = 256  # objects looked up one by one before the loose ones are listed instead
PACKS_BEFORE_MERGE = 16  # gc merges the packs into one beyond this many
_HEADER = 8  # a pack record: its length (big-endian), then the object's bytes
_PACK_WRITE = 1 << 20  # a pack being written reaches its file in writes of this size


class ObjectStore:
    """Objects by sha256: loose (``objects/HH/HEX``), or packed back to back
    (``objects/packs/ID.pack`` with ``ID.idx``) when one run stores a field's
    worth of base objects at once: creating a file costs 100-250 µs of system
    time here, so a clone of 100,000 pages spent 18 s on them alone.

    Every read is checked against the hash: a damaged or cut short object is
    no object. Only base objects (``bulk``) are packed; a version history keeps
    is always a file of its own, written durably. Packed objects go when
    ``gc`` repacks."""

    def __init__(self, ws: Workspace) -> None:
        self.root = ws.state / "objects"
        self._root = str(self.root)  # objects are named as strings: a field's worth of Paths costs
        self._packs = f"{self._root}/packs"
        self._made: set[str] = set()  # the folders (first two hex digits) known to exist
        self._lock = threading.Lock()  # receive stores objects from several threads
        self._buffer: dict[str, bytes] = {}  # bulk objects not yet in a pack
        self._buffered = 0
        self._writing: _PackWriter | None = None
        self._packed: list[_Index] | None = None  # the sealed packs' indexes
        self._listed: set[str] | None = None  # the loose objects, once listing beats a stat each
        self._asked = 0

    def path(self, sha: str) -> str:
        return f"{self._root}/{sha[:2]}/{sha}"

    def has(self, sha: str) -> bool:
        return self._pending(sha) or self._has_loose(sha) or self._find(sha) is not None

    def _has_loose(self, sha: str) -> bool:
        """A stat per question for the first few; a clone or a first push asks
        about every file, so then the folders are listed once instead."""
        if self._listed is None:
            self._asked += 1
            if self._asked <= LOOSE_STATS:
                return os.path.isfile(self.path(sha))
            self._listed = self._list_loose()
        return sha in self._listed

    def _pending(self, sha: str) -> bool:
        return sha in self._buffer or (self._writing is not None and sha in self._writing.offsets)

    def names(self) -> set[str]:
        """Every object's name (its sha256): the packs' indexes, what is being
        packed, and one listing of the loose objects."""
        found = {sha for index in self._index() for sha, _ in index.items()}
        found.update(self._buffer)
        if self._writing is not None:
            found.update(self._writing.offsets)
        return found | self._list_loose()

    def _list_loose(self) -> set[str]:
        found: set[str] = set()
        try:
            folders = list(os.scandir(self.root))
        except FileNotFoundError:
            return found
        for folder in folders:
            if len(folder.name) == 2 and folder.is_dir(follow_symlinks=False):
                with os.scandir(folder.path) as entries:
                    found.update(e.name for e in entries if not e.name.startswith("."))
        return found

    def get(self, sha: str) -> bytes | None:
        data = self._buffer.get(sha)
        writing = self._writing
        if data is None and writing is not None and sha in writing.offsets:
            data = writing.read(writing.offsets[sha])
        if data is None:
            found = self.loose(sha)
            if found is not None:
                return found
            data = self._unpack(sha)
        return data if data is not None and sha256_hex(data) == sha else None  # a damaged object is no object

    def loose(self, sha: str) -> bytes | None:
        """Object ``sha`` as a file of its own (as history keeps its versions), verified."""
        try:
            data = atomic.read_bytes(self.path(sha))
        except FileNotFoundError:
            return None
        return data if sha256_hex(data) == sha else None

    def _unpack(self, sha: str, *, again: bool = True) -> bytes | None:
        found = self._find(sha)
        if found is None:
            return None
        pack, offset = found
        try:
            fd = os.open(f"{self._packs}/{pack}.pack", os.O_RDONLY | os.O_CLOEXEC)
        except FileNotFoundError:
            if not again:
                return None
            # A gc (of another process: ``memsync history`` reads without the lock)
            # rewrote the packs since their indexes were read: the object may be in its new one.
            self._packed = None
            return self._unpack(sha, again=False)
        try:
            return _record(fd, offset)
        finally:
            os.close(fd)

    def size(self, sha: str) -> int:
        """Bytes object ``sha`` takes (0 when there is none)."""
        try:
            return os.stat(self.path(sha)).st_size
        except FileNotFoundError:
            found = self._find(sha)
        if found is None:
            return 0
        pack, offset = found
        with open(f"{self._packs}/{pack}.pack", "rb") as handle:
            return _length(handle.fileno(), offset) or 0

    def put(self, data: bytes, *, durable: bool = False, sha: str | None = None, bulk: bool = False) -> str:
        """Store ``data`` (whose sha256 is ``sha`` when the caller just checked it).
        Base objects are a cache read back through a hash check and need no
        fsync; stored ``bulk`` they may go into a pack, which ``seal`` finishes
        before the base that lists them is saved. A version history keeps may
        be the only copy left, so it is stored ``durable``, in a file of its own."""
        sha = sha or sha256_hex(data)
        if bulk:
            if not self.has(sha):
                with self._lock:
                    self._add(sha, data)
        elif self.loose(sha) is None:
            # A file of its own even when a pack holds it: a pack is written without fsync.
            self._folder(sha)
            if durable:
                atomic.write_bytes(self.path(sha), data)  # may be the only copy left: synced whole
                self._listed_add(sha)
            else:
                self._loose(sha, data)
        return sha

    def _add(self, sha: str, data: bytes) -> None:
        if self._writing is not None:
            self._writing.append(sha, data)
            return
        self._buffer[sha] = data
        self._buffered += len(data)
        if len(self._buffer) >= PACK_MIN or self._buffered >= _BUFFER_BYTES:
            os.makedirs(self._packs, exist_ok=True)
            self._writing = _PackWriter(self._packs)
            for held, content in self._buffer.items():
                self._writing.append(held, content)
            self._buffer, self._buffered = {}, 0

    def seal(self) -> None:
        """Finish what ``bulk`` puts began: the pack's index is written (only then
        is the pack read), or the few objects held in memory go into files."""
        with self._lock:
            for sha, data in self._buffer.items():
                self._loose(sha, data)
            self._buffer, self._buffered = {}, 0
            writing, self._writing = self._writing, None
        if writing is not None:
            writing.finish()
            self._packed = None  # read again, with the new pack

    def _loose(self, sha: str, data: bytes) -> None:
        target = self.path(sha)
        self._folder(sha)
        tmp = atomic.write_temp(target, data, mode=None, durable=False)
        try:
            os.replace(tmp, target)
        except BaseException:
            atomic.unlink_quietly(tmp)
            raise
        self._listed_add(sha)

    def _listed_add(self, sha: str) -> None:
        if self._listed is not None:
            self._listed.add(sha)

    def _folder(self, sha: str) -> None:
        """Make sure the folder object ``sha`` goes in exists."""
        if sha[:2] not in self._made:
            os.makedirs(f"{self._root}/{sha[:2]}", exist_ok=True)
            self._made.add(sha[:2])

    def _index(self) -> list[_Index]:
        """Where each sealed pack's objects are."""
        if self._packed is None:
            self._packed = _sealed(self._packs)
        return self._packed

    def _find(self, sha: str) -> tuple[str, int] | None:
        """The sealed pack holding ``sha``, and where."""
        for index in self._index():
            offset = index.get(sha)
            if offset is not None:
                return index.pack, offset
        return None

    def take_from(self, staged: StagedVersion, name: str) -> None:
        """Store a staged file: a partial version's temp folder is dropped once
        applied, so its file is moved in; a sealed one is shared by hard link
        (both are ours and never written again); else copied."""
        sha = staged.manifest[name]
        target = self.path(sha)
        if self.has(sha):
            return
        self._folder(sha)
        try:
            if staged.elsewhere is not None:
                os.rename(staged.file(name), target)
            else:
                os.link(staged.file(name), target)
        except FileExistsError:
            pass
        except OSError:
            self.put(staged.read(name), sha=sha)
            return
        self._listed_add(sha)

    def discard(self, shas: Iterable[str]) -> None:
        """Delete the loose objects nothing refers to any more (packed ones wait for ``repack``)."""
        for sha in shas:
            atomic.unlink_quietly(self.path(sha))
            if self._listed is not None:
                self._listed.discard(sha)

    def all(self) -> Iterator[str]:
        """The hash of every object stored."""
        return iter(self.names())

    def repack(self, keep: Collection[str]) -> None:
        """Rewrite the packs holding an object not in ``keep`` (all of them, once
        there are more than ``PACKS_BEFORE_MERGE``) into one with the rest, and
        drop packs a crash left without an index (what one with a damaged index
        holds of ``keep`` goes into the new pack first). Objects history keeps may
        be among the rest, so the new pack is synced before the old ones go."""
        if not os.path.isdir(self._packs):
            return
        self.drop_unfinished()
        indexed = dict(_indexes(self._packs))
        # A pack whose index is damaged (written without fsync: a power cut can empty
        # it) may hold the only copy of a version history keeps: its records are read
        # one after another instead, each named by its hash, and it goes with the rest.
        unread = [n[: -len(".pack")] for n in os.listdir(self._packs) if n.endswith(".pack")]
        unread = [p for p in unread if p not in indexed]
        merge = len(indexed) > PACKS_BEFORE_MERGE
        stale = [p for p, index in indexed.items() if merge or not all(sha in keep for sha, _ in index.items())]
        writer: _PackWriter | None = None
        for pack in [*stale, *unread]:
            fd = os.open(f"{self._packs}/{pack}.pack", os.O_RDONLY | os.O_CLOEXEC)
            try:
                # One at a time: a pack can be a field's size.
                for listed, offset in indexed[pack].items() if pack in indexed else _walk(fd):
                    if listed is not None and (listed not in keep or (writer is not None and listed in writer.offsets)):
                        continue
                    data = _record(fd, offset)
                    if data is None:
                        continue
                    sha = sha256_hex(data)
                    if sha not in keep or listed not in (None, sha):
                        continue
                    if writer is None or sha not in writer.offsets:
                        writer = writer or _PackWriter(self._packs)
                        writer.append(sha, data)
            finally:
                os.close(fd)
        if writer is not None:
            writer.finish(durable=True)
        for pack in stale:
            # The index first: a pack without one is never read, and the next gc removes it.
            atomic.unlink_quietly(f"{self._packs}/{pack}.idx")
            atomic.unlink_quietly(f"{self._packs}/{pack}.pack")
        for pack in unread:
            atomic.unlink_quietly(f"{self._packs}/{pack}.pack")  # its unreadable index stays: never read
        self._packed = None

    def drop_unfinished(self) -> None:
        """Remove the packs a killed run left without an index, by their names
        alone (at the start of every run; the caller holds the workspace lock,
        so no pack is being written)."""
        # A gc may have rewritten the packs, or removed loose objects, since this store
        # (a Session's, kept) looked at them.
        self._packed, self._listed, self._asked = None, None, 0
        try:
            listed = set(os.listdir(self._packs))
        except FileNotFoundError:
            return
        for name in listed:
            pack, _, ext = name.partition(".")
            if (ext == "pack" and f"{pack}.idx" not in listed) or name.startswith(atomic.TEMP_PREFIX):
                atomic.unlink_quietly(f"{self._packs}/{name}")


class _PackWriter:
    """One pack being written: records appended under the store's lock, read
    back by offset by any thread before the index is written. Records gather
    in memory and reach the file a megabyte at a time: a clone of 100,000 pages
    made as many small writes extending one file, 9% of its time."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.name = secrets.token_hex(8)
        self.path = f"{folder}/{self.name}.pack"
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        self.end = 0  # where the next record goes
        self.written = 0  # the file's length: records from here on are still in ``pending``
        self.pending = bytearray()
        self.guard = threading.Lock()  # a reader sees ``pending`` and ``written`` agree
        self.offsets: dict[str, int] = {}

    def append(self, sha: str, data: bytes) -> None:
        with self.guard:
            self.offsets[sha] = self.end
            self.pending += len(data).to_bytes(_HEADER, "big")
            self.pending += data
            self.end += _HEADER + len(data)
            if len(self.pending) >= _PACK_WRITE:
                self._write()

    def _write(self) -> None:
        # ``written`` moves only once all of it is in the file: a write a full disk
        # cuts short (a record half in the file) is done again whole from the same
        # place, and meanwhile every record it held is read from memory.
        at = self.written
        with atomic.naming(self.path), memoryview(self.pending) as view:
            while view:
                done = os.pwrite(self.fd, view, at)
                view, at = view[done:], at + done
        self.written = self.end
        self.pending = bytearray()

    def read(self, offset: int) -> bytes | None:
        with self.guard:
            if offset >= self.written:  # a whole record, still in memory
                at = offset - self.written
                size = int.from_bytes(self.pending[at : at + _HEADER], "big")
                return bytes(self.pending[at + _HEADER : at + _HEADER + size])
            written = self.written
        return _record(self.fd, offset, written)  # its own length: no fstat per read

    def finish(self, *, durable: bool = False) -> None:
        try:
            with self.guard:
                self._write()
            if durable:
                with atomic.naming(self.path):
                    os.fsync(self.fd)
        finally:
            os.close(self.fd)
        lines = iter(sorted(self.offsets.items()))
        with atomic.replacing(Path(f"{self.folder}/{self.name}.idx"), mode=0o600, durable=durable) as out:
            # A slice at a time: 100,000 lines at once would cost 25 MB at the end of a clone.
            while piece := [f"{sha} {offset:016x}\n" for sha, offset in itertools.islice(lines, 8192)]:
                out.write("".join(piece).encode())


def _record(fd: int, offset: int, end: int | None = None) -> bytes | None:
    """The object whose record starts at ``offset``; None when the pack is cut short."""
    size = _length(fd, offset, end)
    if size is None:
        return None
    data = os.pread(fd, size, offset + _HEADER)
    return data if len(data) == size else None


def _length(fd: int, offset: int, end: int | None = None) -> int | None:
    """The length the record at ``offset`` claims; None when the pack (``end``
    bytes long, when the caller knows) cannot hold it."""
    if end is None:
        end = os.fstat(fd).st_size
    if not 0 <= offset <= end - _HEADER:
        return None  # a damaged index: pread fails on such an offset rather than reading nothing
    size = int.from_bytes(os.pread(fd, _HEADER, offset), "big")
    if size > end - offset - _HEADER:
        return None  # a damaged length: never an allocation the pack cannot fill
    return size


def _walk(fd: int) -> Iterator[tuple[None, int]]:
    """Where each whole record of a pack starts, front to back (for a pack whose index is lost)."""
    offset = 0
    while (size := _length(fd, offset)) is not None:
        yield None, offset
        offset += _HEADER + size


_LINE = 82  # an index line: 64 hex digits, a space, the offset in 16 hex digits, a newline


class _Index:
    """One sealed pack's index as read: fixed-width lines sorted by hash,
    searched where they lie (a dict of 100,000 objects would cost 20 MB and
    0.15 s to make, for a pull that asks about 10)."""

    def __init__(self, pack: str, data: bytes) -> None:
        self.pack, self.data = pack, data

    @classmethod
    def read(cls, pack: str, data: bytes) -> _Index | None:
        """None for an index that is not one (a sealed pack holds at least one
        object: an empty index is one a power cut emptied)."""
        count, rest = divmod(len(data), _LINE)
        if not count or rest or data[64::_LINE] != b" " * count or data[_LINE - 1 :: _LINE] != b"\n" * count:
            return None
        return cls(pack, data)

    def get(self, sha: str) -> int | None:
        key, data = sha.encode("ascii", "replace"), self.data
        low, high = 0, len(data) // _LINE
        while low < high:
            middle = (low + high) // 2
            at = middle * _LINE
            probe = data[at : at + 64]
            if probe < key:
                low = middle + 1
            elif probe > key:
                high = middle
            else:
                return self._offset(at)
        return None

    def items(self) -> Iterator[tuple[str, int]]:
        """Each object's hash and offset (lines that do not read are left out)."""
        for at in range(0, len(self.data), _LINE):
            offset = self._offset(at)
            if offset is not None:
                yield self.data[at : at + 64].decode("ascii", "replace"), offset

    def _offset(self, at: int) -> int | None:
        try:
            return int(self.data[at + 65 : at + 81], 16)
        except ValueError:
            return None  # a damaged line: no object


_SEALED: dict[str, tuple[list[tuple[str, int, int]], list[_Index]]] = {}
_SEALED_LOCK = threading.Lock()


def _sealed(folder: str) -> list[_Index]:
    """The sealed packs' indexes, read once per process while their files stay
    as they are: the 8 threads of an apply and the stores of the engine and of
    history each asking first read a 100,000-object index 10 times (475 MB)."""
    with _SEALED_LOCK:
        try:
            files = [(n, (st := os.stat(f"{folder}/{n}")).st_size, st.st_mtime_ns) for n in _index_names(folder)]
        except FileNotFoundError:
            return []  # gone while listed: gc repacks under the workspace lock; read again next time
        cached = _SEALED.get(folder)
        if cached is not None and cached[0] == files:
            return cached[1]
        loaded = [index for _, index in _indexes(folder)]
        _SEALED[folder] = (files, loaded)
        return loaded


def _index_names(folder: str) -> list[str]:
    return sorted(n for n in os.listdir(folder) if n.endswith(".idx") and not n.startswith("."))


def _indexes(folder: str) -> Iterator[tuple[str, _Index]]:
    """Each sealed pack whose index reads, with it."""
    try:
        names = _index_names(folder)
    except FileNotFoundError:
        return
    for name in names:
        pack = name[: -len(".idx")]
        try:
            index = _Index.read(pack, atomic.read_bytes(f"{folder}/{name}"))
        except FileNotFoundError:
            continue
        if index is not None:
            yield pack, index


#: Verified bytes of the file with this (name, sha256) that a partial version did not stage.
Elsewhere = Callable[[str, str], bytes]


@dataclass(frozen=True)
class StagedVersion:
    """One received field version, verified, outside the live field, with the
    sidecars (signature, release statement, key rotations) it arrived with. Complete when
    ``elsewhere`` is None; otherwise only the files named in ``present`` are in
    ``path`` and the others come from it."""

    path: Path
    manifest: Manifest
    sidecars: Mapping[str, bytes]
    elsewhere: Elsewhere | None = field(default=None, compare=False)
    present: frozenset[str] = frozenset()

    @property
    def signature(self) -> bytes | None:
        return self.sidecars.get(SIGNATURE_NAME)

    @property
    def digest(self) -> str:
        return self.manifest.digest

    def file(self, name: str) -> Path:
        return self.path / name

    def holds(self, name: str) -> bool:
        """Whether the file is in the staged folder itself (a partial version lacks some)."""
        return self.elsewhere is None or name in self.present

    def read(self, name: str) -> bytes:
        sha = self.manifest[name]
        if self.holds(name):
            try:
                data = atomic.read_bytes(self.path / name)
            except FileNotFoundError:
                if self.elsewhere is None:
                    raise
                # Moved out since (ObjectStore.take_from): it is where elsewhere looks.
            else:
                if sha256_hex(data) != sha:
                    raise IntegrityError(f"staged {self.digest[:19]}…: {name!r} was altered after it was verified")
                return data
        assert self.elsewhere is not None
        return self.elsewhere(name, sha)


class StagingStore:
    def __init__(self, ws: Workspace) -> None:
        self.root = ws.state / "staging"

    def folder(self, digest: str) -> Path:
        return self.root / digest.removeprefix("sha256:")

    def get(self, digest: str) -> StagedVersion | None:
        folder = self.folder(digest)
        try:
            manifest = Manifest.parse((folder / MANIFEST_NAME).read_bytes(), where=str(folder))
        except FileNotFoundError:
            return None
        if manifest.digest != digest:
            return None
        sidecars = {n: (folder / n).read_bytes() for n in SIDECAR_NAMES if (folder / n).is_file()}
        return StagedVersion(folder, manifest, sidecars)

    def begin(self) -> Path:
        self.root.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=".incoming-", dir=self.root))

    def finish(
        self,
        tmp: Path,
        manifest: Manifest,
        sidecars: Mapping[str, bytes],
        source: str,
        dropped: list[str] | None = None,
    ) -> StagedVersion:
        """Seal a fully written and verified temp folder as the staged version."""
        (tmp / MANIFEST_NAME).write_bytes(manifest.to_bytes())
        for name in SIDECAR_NAMES:
            if name in sidecars:
                (tmp / name).write_bytes(sidecars[name])
        folder = self.folder(manifest.digest)
        meta_path = folder.with_suffix(".json")
        meta = {
            **self.meta(manifest.digest),
            "digest": manifest.digest,
            "received_at": now(),
            "source": source,
            "dropped": sorted(dropped or []),
        }
        if folder.exists():
            shutil.rmtree(tmp)  # an identical version is already staged
        else:
            os.rename(tmp, folder)
        atomic.write_bytes(meta_path, _json_bytes(meta))
        staged = self.get(manifest.digest)
        assert staged is not None
        return staged

    def seal(self, staged: StagedVersion, source: str, dropped: list[str] | None = None) -> StagedVersion:
        """The staged version complete and sealed as ``staging/HEX/`` (for review):
        a partial one is filled in from where its other files are, verified."""
        if staged.elsewhere is None:
            return staged
        for name in staged.manifest.entries:
            if not staged.holds(name):
                (staged.path / name).write_bytes(staged.read(name))
        return self.finish(staged.path, staged.manifest, staged.sidecars, source, dropped)

    def release(self, staged: StagedVersion, field: str) -> None:
        """Drop a staged version once it was applied to ``field`` (partial ones live
        in a temp folder), or only ``field``'s hold while another field holds it for review."""
        if staged.elsewhere is not None:
            shutil.rmtree(staged.path, ignore_errors=True)
            return
        self.discard(staged.digest, field)

    def meta(self, digest: str) -> dict[str, Any]:
        try:
            data = json.loads(self.folder(digest).with_suffix(".json").read_bytes())
        except (FileNotFoundError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _holds(self, digest: str) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """A staged version's metadata and, by field, each field's hold of it: several
        fields may hold one version, each from its own remote, for its own review."""
        meta = self.meta(digest)
        holds = meta.pop("held", None)
        if not isinstance(holds, dict):
            holds = {}
        if meta.get("quarantined"):  # one hold at the top, as memsync wrote it before
            old = {k: meta.pop(k) for k in _HOLD_KEYS if k in meta}
            holds.setdefault(str(old.get("field")), old)
        return meta, {f: h for f, h in holds.items() if isinstance(h, dict)}

    def held(self, digest: str, field: str) -> dict[str, Any] | None:
        """What ``field``'s hold of the version says (its source, reason, ETag…), or None."""
        meta, holds = self._holds(digest)
        return {**meta, **holds[field]} if field in holds else None

    def quarantine(self, digest: str, **info: Any) -> None:
        """Keep a received version for review by ``info["field"]`` instead of applying it."""
        meta, holds = self._holds(digest)
        holds[info["field"]] = {**info, "quarantined": True, "quarantined_at": now()}
        atomic.write_bytes(self.folder(digest).with_suffix(".json"), _json_bytes({**meta, "held": holds}))

    def quarantined(self, field: str | None = None) -> list[dict[str, Any]]:
        """Every hold of a version for review (of one field), oldest first."""
        if not self.root.is_dir():
            return []
        found = []
        for meta_path in self.root.glob("*.json"):
            digest = "sha256:" + meta_path.stem
            meta, holds = self._holds(digest)
            if self.get(digest):
                found += [{**meta, **h} for f, h in holds.items() if field in (None, f)]
        return sorted(found, key=lambda m: m.get("quarantined_at", ""))

    def discard(self, digest: str, field: str | None = None) -> None:
        """Drop the version, or only ``field``'s hold of it while another field holds it."""
        folder = self.folder(digest)
        if field is not None:
            meta, holds = self._holds(digest)
            holds.pop(field, None)
            if holds:
                atomic.write_bytes(folder.with_suffix(".json"), _json_bytes({**meta, "held": holds}))
                return
        shutil.rmtree(folder, ignore_errors=True)
        folder.with_suffix(".json").unlink(missing_ok=True)

    def clean_incoming(self) -> None:
        """Drop half-received versions a crashed pull left behind."""
        if self.root.is_dir():
            for tmp in self.root.glob(".incoming-*"):
                shutil.rmtree(tmp, ignore_errors=True)


#: What a hold says beside the version's own metadata (memsync.gate.Gate.hold).
_HOLD_KEYS = (
    "quarantined",
    "quarantined_at",
    "field",
    "remote",
    "source",
    "etag",
    "reason",
    "signer",
    "archive_sha256",
)


def _json_bytes(data: Any) -> bytes:
    return (json.dumps(data, indent=2, sort_keys=True) + "\n").encode()
