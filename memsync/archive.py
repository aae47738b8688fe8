"""``NAME.memoryfield.zip``: reproducible packing and refusing unpacking.

Packing is byte-reproducible: entries sorted by name bytes, every timestamp
1980-01-01 00:00, mode 0644 regular file from a Unix host, deflate level 9,
no extra fields, and ``SHA256SUMS`` (plus ``SHA256SUMS.sig`` when it signs
that manifest) computed from the very bytes packed.

Unpacking never trusts the archive: every entry is checked (flat UTF-8 name,
no symlink or directory, no duplicates, no encryption, plain or deflate
compression, bounded size and ratio, no overlapping data) before a single
byte is extracted, and extracted bytes are checked against the manifest.
"""

from __future__ import annotations

import io
import itertools
import stat
import zipfile
import zlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from .errors import InputError, IntegrityError
from .field import content_names
from .manifest import Manifest, sha256_hex
from .names import MANIFEST_NAME, SIDECAR_NAMES, Role, name_problem, role_of
from .pin import Pin

ARCHIVE_SUFFIX = ".memoryfield.zip"
FIXED_DATE = (1980, 1, 1, 0, 0, 0)
FILE_MODE = (stat.S_IFREG | 0o644) << 16
COMPRESS_LEVEL = 9
MAX_ENTRIES = 100_000
MAX_ENTRY_BYTES = 64 * 1024 * 1024
MAX_TOTAL_BYTES = 2 * 1024 * 1024 * 1024
MAX_RATIO = 100  # deflate of real text stays far below this
RATIO_FLOOR = 1024 * 1024  # entries smaller than this cannot be bombs
_LOCAL_HEADER = 30


@dataclass(frozen=True)
class Packed:
    data: bytes
    manifest: Manifest

    @property
    def sha256(self) -> str:
        return sha256_hex(self.data)


def pack_files(files: dict[str, bytes], sidecars: Mapping[str, bytes] | None = None) -> Packed:
    """Pack content files (name → bytes) with their manifest, and the sidecars
    that vouch for exactly that manifest, into archive bytes."""
    manifest = Manifest({name: sha256_hex(data) for name, data in files.items()})
    entries = dict(files)
    entries[MANIFEST_NAME] = manifest.to_bytes()
    entries.update({n: d for n, d in (sidecars or {}).items() if n in SIDECAR_NAMES})
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(entries, key=lambda n: n.encode("utf-8")):
            info = zipfile.ZipInfo(name, date_time=FIXED_DATE)
            info.create_system = 3
            info.external_attr = FILE_MODE
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, entries[name], compresslevel=COMPRESS_LEVEL)
    return Packed(buffer.getvalue(), manifest)


def pack_field(root: Path) -> Packed:
    """Pack the field folder at ``root``; its hashes come from the bytes packed."""
    files = {name: (root / name).read_bytes() for name, _ in content_names(root)}
    sidecars = {}
    manifest_path = root / MANIFEST_NAME
    # Sidecars travel only with the exact manifest they vouch for.
    fresh = Manifest({n: sha256_hex(d) for n, d in files.items()}).to_bytes()
    if manifest_path.is_file() and manifest_path.read_bytes() == fresh:
        sidecars = {n: (root / n).read_bytes() for n in SIDECAR_NAMES if (root / n).is_file()}
    return pack_files(files, sidecars)


class Archive:
    """A checked archive: its manifest, the sidecars that came with it, and content files."""

    def __init__(self, zf: zipfile.ZipFile, where: str) -> None:
        self._zf = zf
        self._where = where
        self.skipped: list[str] = []
        self._infos: dict[str, zipfile.ZipInfo] = {}
        self._check_entries()
        self.sidecars = {n: self._read(n) for n in SIDECAR_NAMES if n in self._infos}
        listed = self._read(MANIFEST_NAME) if MANIFEST_NAME in self._infos else None
        content = [n for n in self._infos if role_of(n) is Role.CONTENT]
        if listed is None:
            self.manifest = Manifest({n: sha256_hex(self._read(n)) for n in content})
            self.had_manifest = False
        else:
            self.manifest = Manifest.parse(listed, where=f"{where}:{MANIFEST_NAME}")
            self.had_manifest = True
            extra = sorted(set(content) - set(self.manifest))
            missing = sorted(set(self.manifest) - set(content))
            if extra or missing:
                what = f"{extra[0]!r} is not in" if extra else f"{missing[0]!r} is missing but listed in"
                raise IntegrityError(f"{where}: {what} its {MANIFEST_NAME}")

    def read(self, name: str) -> bytes:
        """Bytes of a listed content file, checked against the manifest."""
        data = self._read(name)
        if sha256_hex(data) != self.manifest[name]:
            raise IntegrityError(f"{self._where}: {name!r} does not match its {MANIFEST_NAME} hash")
        return data

    def files(self) -> Iterator[tuple[str, bytes]]:
        for name in self.manifest:
            yield name, self.read(name)

    def _read(self, name: str) -> bytes:
        info = self._infos[name]
        try:
            with self._zf.open(info) as handle:
                data = handle.read(MAX_ENTRY_BYTES + 1)
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError) as exc:
            raise InputError(f"{self._where}: {name!r} is corrupt or unsupported ({exc})") from None
        if len(data) != info.file_size:
            raise InputError(f"{self._where}: {name!r} is not the size its header says")
        return data

    def _check_entries(self) -> None:
        where = self._where
        infos = self._zf.infolist()
        if len(infos) > MAX_ENTRIES:
            raise InputError(f"{where}: more than {MAX_ENTRIES} entries")
        total = 0
        for info in infos:
            name = info.orig_filename
            shown = name.encode("utf-8", "replace")[:80].decode("utf-8", "replace")
            if "\x00" in name:
                raise InputError(f"{where}: entry name with a NUL byte")
            if not info.flag_bits & 0x800 and not name.isascii():
                raise InputError(f"{where}: entry {shown!r} has a name that is not UTF-8")
            if name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
                raise InputError(f"{where}: entry {shown!r} has an absolute path")
            if "/" in name or "\\" in name:
                kind = "escapes the field" if ".." in name.replace("\\", "/").split("/") else "is in a subdirectory"
                raise InputError(f"{where}: entry {shown!r} {kind}: a field must be flat")
            if info.create_system == 3 and stat.S_ISLNK(info.external_attr >> 16):
                raise InputError(f"{where}: entry {shown!r} is a symlink")
            if info.flag_bits & 0x1:
                raise InputError(f"{where}: entry {shown!r} is encrypted")
            if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
                raise InputError(f"{where}: entry {shown!r} uses an unsupported compression")
            if name in self._infos:
                raise InputError(f"{where}: entry {shown!r} appears twice")
            if info.file_size > MAX_ENTRY_BYTES:
                raise InputError(f"{where}: entry {shown!r} is larger than {MAX_ENTRY_BYTES} bytes")
            if info.file_size > RATIO_FLOOR and info.file_size > MAX_RATIO * max(info.compress_size, 1):
                raise InputError(f"{where}: entry {shown!r} expands more than {MAX_RATIO}x: a zip bomb")
            total += info.file_size
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
            self._infos[name] = info
        _refuse_overlaps(infos, where, self._zf.start_dir)


def _refuse_overlaps(infos: list[zipfile.ZipInfo], where: str, central_dir: int) -> None:
    """Entries' data must lie one after another before the central directory.

    Overlapping entries let a small archive unpack to many copies of one blob,
    and a compressed size larger than the bytes really there would fake the
    ratio the bomb check relies on.
    """
    spans = sorted(
        (
            i.header_offset,
            i.header_offset + _LOCAL_HEADER + len(i.orig_filename.encode("utf-8", "replace")) + i.compress_size,
        )
        for i in infos
    )
    for (_, end), (start, _) in itertools.pairwise(spans):
        if start < end:
            raise InputError(f"{where}: entries overlap: a zip bomb")
    if spans and spans[-1][1] > central_dir:
        raise InputError(f"{where}: an entry claims more compressed bytes than the archive holds")


def _data_offset(info: zipfile.ZipInfo) -> int:
    return _LOCAL_HEADER + len(info.orig_filename.encode("utf-8", "replace"))


@contextmanager
def open_archive(source: Path | BinaryIO | bytes, where: str | None = None) -> Iterator[Archive]:
    """Open and check an archive; raises InputError before anything is extracted."""
    label = where or (str(source) if isinstance(source, Path) else "archive")
    fileobj: BinaryIO | Path = io.BytesIO(source) if isinstance(source, bytes) else source
    try:
        zf = zipfile.ZipFile(fileobj)
    except FileNotFoundError:
        raise InputError(f"{label}: no such archive") from None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError, OSError, NotImplementedError) as exc:
        raise InputError(f"{label}: not a valid zip archive ({exc})") from None
    except UnicodeDecodeError:
        raise InputError(f"{label}: an entry name is not valid UTF-8") from None
    with zf:
        yield Archive(zf, label)


def unpack(source: Path, dest: Path, *, expect: str | None = None, dry_run: bool = False) -> dict[str, object]:
    """Unpack an archive into a new folder: all of it, verified, or nothing at all."""
    import shutil
    import tempfile

    try:
        data = source.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{source}: no such archive") from None
    actual = sha256_hex(data)
    pin = Pin.parse(expect) if expect is not None else None
    if pin is not None and not pin.field_digest:
        pin.check(str(source), "", actual)
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise InputError(f"{dest}: exists and is not an empty folder")
    with open_archive(data, where=str(source)) as archive:
        if pin is not None and pin.field_digest:
            pin.check(str(source), archive.manifest.digest, None)
        files = list(archive.files())  # every entry checked before anything is written
        result = {
            "archive": str(source),
            "sha256": actual,
            "digest": archive.manifest.digest,
            "files": len(files),
            "skipped": archive.skipped,
            "directory": str(dest),
            "dry_run": dry_run,
        }
        if dry_run:
            return result
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".memsync-unpack-", dir=dest.parent))
        try:
            for name, content in files:
                (tmp / name).write_bytes(content)
            (tmp / MANIFEST_NAME).write_bytes(archive.manifest.to_bytes())
            for name, data in archive.sidecars.items():
                (tmp / name).write_bytes(data)
            if dest.exists():
                dest.rmdir()
            tmp.rename(dest)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
    return result
