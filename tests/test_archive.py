"""Archives: byte-reproducible packing, refusing unpack, verify, and pinned archive pulls.

The user-facing promises go through the real CLI (a subprocess); finer checks
of the limits call ``memsync.archive`` directly. Every hostile archive is
built by hand with :mod:`zipfile`, and patched at the byte level where
zipfile refuses to write what an attacker would.
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import os
import shutil
import stat
import struct
import subprocess
import sys
import threading
import time
import warnings
import zipfile
import zlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import BinaryIO

import pytest
from conftest import CliRunner, assert_one_line_error, make_field, page, run_cli
from net_support import measured

from memsync import archive as archive_mod
from memsync import check
from memsync.errors import MemsyncError

FIXED = (1980, 1, 1, 0, 0, 0)
MARKER = b"MEMSYNC-TEST-MARKER-5d1c0e"  # in every hostile archive's content: must never land on disk
GOOD = page("Good page", MARKER.decode(), uid="6f1f3c1e-0000-4000-8000-000000000001").encode()
LOCAL_SIG, CENTRAL_SIG, END_SIG = b"PK\x03\x04", b"PK\x01\x02", b"PK\x05\x06"


# -- helpers ---------------------------------------------------------------------


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sums(files: dict[str, bytes]) -> bytes:
    """A SHA256SUMS written independently of memsync (ASCII names: str order is byte order)."""
    return b"".join(f"{sha(files[n])}  {n}\n".encode() for n in sorted(files))


def tree(root: Path) -> dict[str, object]:
    """Everything under ``root``, recursively and hidden entries included."""
    out: dict[str, object] = {}
    if not root.exists():
        return out
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            rel = str(path.relative_to(root))
            if path.is_symlink():
                out[rel] = ("symlink", os.readlink(path))
            elif path.is_dir():
                out[rel] = "<dir>"
            else:
                out[rel] = path.read_bytes()
    return out


def files_with_marker(root: Path, *, besides: Path) -> list[str]:
    """Files under ``root`` (other than the archive ``besides``) holding hostile content."""
    found = []
    for rel, value in tree(root).items():
        if (root / rel) == besides:
            continue
        if isinstance(value, bytes) and MARKER in value:
            found.append(rel)
        if isinstance(value, tuple) or "evil" in rel:
            found.append(rel)
    return found


def info(
    name: str, *, mode: int = stat.S_IFREG | 0o644, compress: int = zipfile.ZIP_DEFLATED, system: int = 3
) -> zipfile.ZipInfo:
    zi = zipfile.ZipInfo(name, date_time=FIXED)
    zi.create_system = system
    zi.external_attr = mode << 16
    zi.compress_type = compress
    return zi


Entry = tuple[str | zipfile.ZipInfo, bytes]


def zip_of(*entries: Entry) -> bytes:
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns about duplicate names, and writes them
        with zipfile.ZipFile(buffer, "w") as zf:
            for name, data in entries:
                zf.writestr(info(name) if isinstance(name, str) else name, data)
    return buffer.getvalue()


def zeros_entry(name: str, size: int) -> bytes:
    """An archive with ``good.md`` and ``size`` zero bytes under ``name``, built in 1 MiB chunks."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr(info("good.md"), GOOD)
        zi = info(name)
        with zf.open(zi, "w") as handle:
            chunk = bytes(1 << 20)
            left = size
            while left:
                handle.write(chunk[: min(left, len(chunk))])
                left -= min(left, len(chunk))
    return buffer.getvalue()


def headers(data: bytes | bytearray, name: bytes) -> dict[str, list[int]]:
    """Offsets of the local and central headers that carry ``name``."""
    found: dict[str, list[int]] = {"local": [], "central": []}
    start = 0
    while (i := data.find(name, start)) != -1:
        if data[i - 30 : i - 26] == LOCAL_SIG and struct.unpack_from("<H", data, i - 4)[0] == len(name):
            found["local"].append(i - 30)
        elif data[i - 46 : i - 42] == CENTRAL_SIG and struct.unpack_from("<H", data, i - 18)[0] == len(name):
            found["central"].append(i - 46)
        start = i + 1
    assert found["local"] and found["central"], f"no headers for {name!r}"
    return found


def raw_rename(data: bytes, old: bytes, new: bytes, *, utf8_flag: bool = False) -> bytes:
    """Give an entry raw name bytes zipfile would not write (same length as the placeholder)."""
    assert len(old) == len(new)
    out = bytearray(data)
    where = headers(out, old)
    for pos in where["local"]:
        out[pos + 30 : pos + 30 + len(old)] = new
        if utf8_flag:
            struct.pack_into("<H", out, pos + 6, struct.unpack_from("<H", out, pos + 6)[0] | 0x800)
    for pos in where["central"]:
        out[pos + 46 : pos + 46 + len(old)] = new
        if utf8_flag:
            struct.pack_into("<H", out, pos + 8, struct.unpack_from("<H", out, pos + 8)[0] | 0x800)
    return bytes(out)


def set_flags(data: bytes, name: bytes, bits: int, *, local: bool = True) -> bytes:
    out = bytearray(data)
    where = headers(out, name)
    spots = [p + 8 for p in where["central"]] + ([p + 6 for p in where["local"]] if local else [])
    for spot in spots:
        struct.pack_into("<H", out, spot, struct.unpack_from("<H", out, spot)[0] | bits)
    return bytes(out)


def set_central(data: bytes, name: bytes, offset: int, fmt: str, value: int) -> bytes:
    out = bytearray(data)
    for pos in headers(out, name)["central"]:
        struct.pack_into(fmt, out, pos + offset, value)
    return bytes(out)


def set_sizes(data: bytes, name: bytes, *, compressed: int | None = None, size: int | None = None) -> bytes:
    """Lie about an entry's sizes in both its headers (a reader refuses headers that disagree)."""
    out = bytearray(data)
    where = headers(out, name)
    for value, local_at in ((compressed, 18), (size, 22)):
        if value is not None:
            for pos in [p + local_at for p in where["local"]] + [p + local_at + 2 for p in where["central"]]:
                struct.pack_into("<I", out, pos, value)
    return bytes(out)


# -- hostile archives --------------------------------------------------------------
# Each builder gets the test's tmp_path; good.md (with MARKER) comes first, so an
# extractor that wrote entries as it went would leave it behind.


def _with_good(name: str | zipfile.ZipInfo, data: bytes) -> bytes:
    return zip_of(("good.md", GOOD), (name, data))


def _non_utf8_name(_: Path) -> bytes:
    # cp437 era name: flag 0x800 unset, a byte >= 0x80 (zipfile decodes it as cp437)
    return raw_rename(_with_good("evil-X.md", MARKER), b"evil-X.md", b"evil-\xe9.md")


def _invalid_utf8_flagged(_: Path) -> bytes:
    # claims UTF-8 (flag 0x800) but the bytes are not UTF-8
    return raw_rename(_with_good("evil-X.md", MARKER), b"evil-X.md", b"evil-\xff.md", utf8_flag=True)


def _nul_in_name(_: Path) -> bytes:
    return raw_rename(_with_good("evilX.md", MARKER), b"evilX.md", b"evil\x00.md")


def _encrypted(_: Path) -> bytes:
    return set_flags(_with_good("secret.md", MARKER), b"secret.md", 0x1)


def _overlapping(_: Path) -> bytes:
    # two central entries whose data is the same local record: the overlap zip bomb shape
    data = zip_of(("aa.md", GOOD), ("bb.md", GOOD))
    first = headers(data, b"aa.md")["central"][0]
    offset = struct.unpack_from("<I", data, first + 42)[0]
    return set_central(data, b"bb.md", 42, "<I", offset)


def _missing_listed(_: Path) -> bytes:
    listed = sums({"good.md": GOOD, "gone.md": b"gone\n"})
    return zip_of(("good.md", GOOD), ("SHA256SUMS", listed))


def _hash_mismatch(_: Path) -> bytes:
    return zip_of(("good.md", GOOD), ("SHA256SUMS", sums({"good.md": GOOD + b"tampered"})))


def _unlisted_extra(_: Path) -> bytes:
    return zip_of(("good.md", GOOD), ("more.md", MARKER), ("SHA256SUMS", sums({"good.md": GOOD})))


def _malformed_sums(_: Path) -> bytes:
    return zip_of(("good.md", GOOD), ("SHA256SUMS", f"{sha(GOOD)} good.md\n".encode()))


def _unsorted_sums(_: Path) -> bytes:
    lines = f"{sha(GOOD)}  good.md\n{sha(MARKER)}  also.md\n".encode()  # right hashes, wrong order
    return zip_of(("also.md", MARKER), ("good.md", GOOD), ("SHA256SUMS", lines))


def _bad_crc(_: Path) -> bytes:
    # stored bytes changed after writing: only the zip CRC can tell (no SHA256SUMS here)
    data = bytearray(zip_of(("good.md", GOOD), (info("plain.md", compress=zipfile.ZIP_STORED), MARKER + b"!")))
    pos = data.find(MARKER + b"!")
    data[pos] ^= 0x01
    return bytes(data)


@functools.cache
def _ratio_bomb_bytes() -> bytes:
    return zeros_entry("bomb.md", 50 * 1024 * 1024)  # ~50 KB of deflate, ~1000:1


@functools.cache
def _oversize_bytes() -> bytes:
    return zeros_entry("big.md", archive_mod.MAX_ENTRY_BYTES + 1)


# Cases zipfile itself tripped over (NotImplementedError, ValueError) when memsync read with it.
def _newer_zip_version(_: Path) -> bytes:
    return set_central(zip_of(("good.md", GOOD), ("x.md", MARKER)), b"x.md", 6, "<H", 100)


def _strong_encryption(_: Path) -> bytes:
    return set_flags(_with_good("secret.md", MARKER), b"secret.md", 0x40)


def _patched_data(_: Path) -> bytes:
    return set_flags(_with_good("patch.md", MARKER), b"patch.md", 0x20)


def _central_dir_offset_lies(_: Path) -> bytes:
    data = bytearray(_with_good("x.md", MARKER))
    end = data.rfind(END_SIG)
    struct.pack_into("<I", data, end + 16, struct.unpack_from("<I", data, end + 16)[0] + 100)
    return bytes(data)


def _local_name_differs(_: Path) -> bytes:
    # the local header names another file than the directory does: which one is extracted?
    data = bytearray(_with_good("evil1.md", MARKER))
    local = headers(data, b"evil1.md")["local"][0]
    data[local + 30 : local + 38] = b"evil2.md"
    return bytes(data)


def _data_into_directory(_: Path) -> bytes:
    # a local extra length that moves the last entry's data onto the central directory
    data = bytearray(_with_good("x.md", MARKER))
    struct.pack_into("<H", data, headers(data, b"x.md")["local"][0] + 28, 200)
    return bytes(data)


def _prepended(_: Path) -> bytes:
    # bytes before the archive, its offsets left as they were: zipfile shifts every
    # offset to fit, reading entries from where no record says they are
    return b"#!/bin/sh\nexit 0\n" + _with_good("x.md", MARKER)


def _deflate_ends_early(_: Path) -> bytes:
    # the record declares more bytes than the deflate stream holds
    return set_sizes(_with_good("x.md", MARKER * 40), b"x.md", size=len(MARKER) * 40 + 1)


def _zip64_value_missing(_: Path) -> bytes:
    # a record marks its offset as in a ZIP64 extra field it does not have
    return set_central(_with_good("x.md", MARKER), b"x.md", 42, "<I", 0xFFFFFFFF)


def _spans_disks(_: Path) -> bytes:
    data = bytearray(_with_good("x.md", MARKER))
    struct.pack_into("<H", data, data.rfind(END_SIG) + 4, 1)
    return bytes(data)


def _directory_starts_mid_record(_: Path) -> bytes:
    # offset and size moved together: the directory still ends at the end record
    data = bytearray(_with_good("x.md", MARKER))
    end = data.rfind(END_SIG)
    size, offset = struct.unpack_from("<2I", data, end + 12)
    struct.pack_into("<2I", data, end + 12, size - 5, offset + 5)
    return bytes(data)


def _count_disagrees(_: Path) -> bytes:
    # one entry fewer in the end record than in the directory: zipfile reads
    # both, unzip calls the archive broken
    data = bytearray(_with_good("x.md", MARKER))
    struct.pack_into("<2H", data, data.rfind(END_SIG) + 8, 1, 1)
    return bytes(data)


def _local_field(offset: int, value: int) -> Callable[[Path], bytes]:
    # the local header says otherwise than the directory: unzip goes by the
    # local method, CRC and sizes, and a streaming reader by all of it
    def build(_: Path) -> bytes:
        data = bytearray(_with_good("x.md", MARKER * 40))
        struct.pack_into("<H" if offset < 14 else "<I", data, headers(data, b"x.md")["local"][0] + offset, value)
        return bytes(data)

    return build


def _data_into_next_entry(_: Path) -> bytes:
    # good.md's local extra field moves its data on past where x.md begins: by
    # the directory's sizes the entries lie one after another, yet good.md's
    # data is its own bytes and the start of x.md's local header
    def local(name: bytes, data: bytes, extra: bytes) -> bytes:
        fields = (20, 0, 0, 0, 33, zlib.crc32(data), len(data), len(data), len(name), len(extra))
        return struct.pack("<4s5H3L2H", LOCAL_SIG, *fields) + name + extra

    def central(name: bytes, data: bytes, offset: int) -> bytes:
        size = len(data)
        fields = (0, 0, 0, 33, zlib.crc32(data), size, size, len(name), 0, 0, 0, 0, 0o100644 << 16, offset)
        return struct.pack("<4s4B4H3L5H2L", CENTRAL_SIG, 20, 3, 20, 0, *fields) + name

    extra = struct.pack("<2H4s", 0x6666, 4, bytes(4))
    second = local(b"x.md", MARKER, b"") + MARKER
    first_data = GOOD + second[: len(extra)]
    first = local(b"good.md", first_data, extra) + GOOD  # 30 + name + len(first_data): x.md starts here
    directory = central(b"good.md", first_data, 0) + central(b"x.md", MARKER, len(first))
    body = first + second
    return body + directory + struct.pack("<4s4H2LH", END_SIG, 0, 0, 2, 2, len(directory), len(body), 0)


def _extra_overruns(header: str) -> Callable[[Path], bytes]:
    # an extra field block longer than the room it has: zipfile refuses it in
    # a central record, unzip in either (an empty entry: no CRC can tell)
    def build(_: Path) -> bytes:
        zi = info("e.md", compress=zipfile.ZIP_STORED)
        zi.extra = struct.pack("<2H4s", 0x6666, 4, b"abcd")
        data = bytearray(_with_good(zi, b""))
        block = headers(data, b"e.md")[header][0] + (30 if header == "local" else 46) + len(b"e.md")
        struct.pack_into("<H", data, block + 2, 5)
        return bytes(data)

    return build


def _zip64_end_disagrees(_: Path) -> bytes:
    # ZIP64 end records before the end record, which puts the directory at 0:
    # zipfile goes by the ZIP64 record, unzip by the plain one
    data = _with_good("x.md", MARKER)
    end = data.rfind(END_SIG)
    _, _, _, _, count, size, start, _ = struct.unpack_from("<4s4H2LH", data, end)
    end64 = struct.pack("<4sQ2H2L4Q", b"PK\x06\x06", 44, 45, 45, 0, 0, count, count, size, start)
    locator = struct.pack("<4sLQL", b"PK\x06\x07", 0, end, 1)
    return data[:end] + end64 + locator + struct.pack("<4s4H2LH", END_SIG, 0, 0, count, count, size, 0, 0)


# Entries Info-ZIP unzip (6.0, as Debian builds it) skips or extracts otherwise
# than their records' names and bytes say, which memsync read as zipfile does.
def _attributes(name: str, system: int, attributes: int) -> zipfile.ZipInfo:
    zi = info(name, system=system)
    zi.external_attr = attributes
    return zi


def _needs_version(version: int, system: int = 0) -> Callable[[Path], bytes]:
    # the version needed to extract, and its host byte (VMS, 2, has limits of its own)
    return lambda _: set_central(_with_good("x.md", MARKER), b"x.md", 6, "<H", version | system << 8)


def _unicode_path(header: str, alias: bytes) -> Callable[[Path], bytes]:
    # Info-ZIP's Unicode Path extra field: a version, the CRC of the header's name,
    # and the name unzip (and zipfile from Python 3.12) extract the entry under
    def build(_: Path) -> bytes:
        zi = info(header)
        zi.extra = struct.pack("<2HBL", 0x7075, 5 + len(alias), 1, zlib.crc32(header.encode())) + alias
        return _with_good(zi, MARKER)

    return build


UNZIP_DIFFERS: dict[str, Callable[[Path], bytes]] = {
    "volume-label-fat": lambda _: _with_good(_attributes("label.md", 0, 0x08), MARKER),
    "volume-label-ntfs": lambda _: _with_good(_attributes("label.md", 11, 0x20 | 0x08), MARKER),
    "symlink-made-on-beos": lambda root: _with_good(
        info("link.md", mode=stat.S_IFLNK | 0o777, system=16), str(root / "evil").encode()
    ),
    "symlink-made-on-vms": lambda root: _with_good(
        info("link.md", mode=stat.S_IFLNK | 0o777, system=2), str(root / "evil").encode()
    ),
    "needs-zip-4.7": _needs_version(47),
    "needs-zip-6.3": _needs_version(63),
    "needs-vms-zip-4.3": _needs_version(43, system=2),
    "unicode-path-renames": _unicode_path("x.md", b"evil.md"),
    "unicode-path-names-a-hidden-entry": _unicode_path(".x", b"evil.md"),
}


HOSTILE: dict[str, Callable[[Path], bytes]] = {
    "zip-slip": lambda _: _with_good("../evil.md", MARKER),
    "zip-slip-deep": lambda _: _with_good("a/../../evil.md", MARKER),
    "zip-slip-backslash": lambda _: _with_good("..\\evil.md", MARKER),
    "absolute-path": lambda root: _with_good(str(root / "abs-evil.md"), MARKER),
    "absolute-etc": lambda _: _with_good("/etc/evil.md", MARKER),
    "drive-letter": lambda _: _with_good("C:\\evil.md", MARKER),
    "backslash-subdir": lambda _: _with_good("sub\\a.md", MARKER),
    "symlink": lambda root: _with_good(info("link.md", mode=stat.S_IFLNK | 0o777), str(root / "evil").encode()),
    "directory-entry": lambda _: _with_good(info("sub/", mode=stat.S_IFDIR | 0o755, compress=zipfile.ZIP_STORED), b""),
    "subdirectory-file": lambda _: _with_good("sub/a.md", MARKER),
    "duplicate-names": lambda _: zip_of(("good.md", GOOD), ("dup.md", MARKER), ("dup.md", MARKER + b"2")),
    "duplicate-page": lambda _: zip_of(("good.md", GOOD), ("good.md", MARKER + b" again")),
    "non-utf8-name": _non_utf8_name,
    "invalid-utf8-flagged-name": _invalid_utf8_flagged,
    "nul-in-name": _nul_in_name,
    "unsafe-page-name": lambda _: _with_good("My Page.md", MARKER),
    "encrypted-flag": _encrypted,
    "unsupported-compression": lambda _: _with_good(info("bz.md", compress=zipfile.ZIP_BZIP2), MARKER),
    "zip-bomb-ratio": lambda _: _ratio_bomb_bytes(),
    "entry-over-size-limit": lambda _: _oversize_bytes(),
    "overlapping-entries": _overlapping,
    "bad-crc": _bad_crc,
    "garbage": lambda _: b"this is not a zip file\n" * 20,
    "empty-file": lambda _: b"",
    "truncated": lambda _: _with_good("x.md", MARKER)[:-30],
    "truncated-half": lambda _: (lambda d: d[: len(d) // 2])(_with_good("x.md", MARKER)),
    "sums-lists-missing-file": _missing_listed,
    "sums-hash-mismatch": _hash_mismatch,
    "sums-misses-a-file": _unlisted_extra,
    "sums-malformed-line": _malformed_sums,
    "sums-unsorted": _unsorted_sums,
    "sums-lists-itself": lambda _: zip_of(
        ("good.md", GOOD), ("SHA256SUMS", f"{'0' * 64}  SHA256SUMS\n{sha(GOOD)}  good.md\n".encode())
    ),
    # zipfile raised NotImplementedError/ValueError for these
    "newer-zip-version": _newer_zip_version,
    "strong-encryption-flag": _strong_encryption,
    "patched-data-flag": _patched_data,
    "central-dir-offset-lies": _central_dir_offset_lies,
    "local-name-differs": _local_name_differs,
    "data-into-directory": _data_into_directory,
    "prepended-data": _prepended,
    "deflate-ends-early": _deflate_ends_early,
    "zip64-value-missing": _zip64_value_missing,
    "spans-disks": _spans_disks,
    "directory-starts-mid-record": _directory_starts_mid_record,
    # read whole before any content: 64 MiB each took unpack to 280 MiB
    "count-disagrees": _count_disagrees,
    "entry-on-another-disk": lambda _: set_central(_with_good("x.md", MARKER), b"x.md", 34, "<H", 0xFFFF),
    "zip64-end-disagrees": _zip64_end_disagrees,
    "names-differ-in-case": lambda _: zip_of(("good.md", GOOD), ("Evil.md", MARKER), ("evil.md", MARKER)),
    "name-differs-from-sums-in-case": lambda _: zip_of(
        ("good.md", GOOD),
        ("sha256sums", MARKER),
        ("SHA256SUMS", sums({"good.md": GOOD, "sha256sums": MARKER})),
    ),
    "central-extra-overruns": _extra_overruns("central"),
    "local-extra-overruns": _extra_overruns("local"),
    "data-into-next-entry": _data_into_next_entry,
    "local-method-differs": _local_field(8, zipfile.ZIP_STORED),
    "local-flags-differ": _local_field(6, 0x800),
    "local-size-differs": _local_field(22, len(MARKER) * 41),
    "oversize-signature": lambda _: _with_good("SHA256SUMS.sig", b"x" * (64 * 1024 + 1)),
    "oversize-release": lambda _: _with_good("memsync-release.json", b"{}" + b" " * (64 * 1024)),
    "oversize-keys": lambda _: _with_good("memsync-keys.json", b"{}" + b" " * (64 * 1024)),
    "oversize-sums": lambda _: _with_good("SHA256SUMS", sums({"good.md": GOOD}) + b"\n" * 70_000),
    **UNZIP_DIFFERS,
}
# Why each is refused (a word of memsync's message), so a refusal for the wrong reason shows.
REASONS = {
    "zip-slip": "escapes the field",
    "zip-slip-deep": "escapes the field",
    "zip-slip-backslash": "escapes the field",
    "absolute-path": "absolute path",
    "absolute-etc": "absolute path",
    "drive-letter": "absolute path",
    "backslash-subdir": "subdirectory",
    "symlink": "symlink",
    "directory-entry": "subdirectory",
    "subdirectory-file": "subdirectory",
    "duplicate-names": "twice",
    "duplicate-page": "twice",
    "non-utf8-name": "not UTF-8",
    "invalid-utf8-flagged-name": "not UTF-8",
    "nul-in-name": "NUL",
    "unsafe-page-name": "URL-safe",
    "encrypted-flag": "encrypted",
    "unsupported-compression": "compression",
    "zip-bomb-ratio": "zip bomb",
    "entry-over-size-limit": "larger than",
    "overlapping-entries": "overlap",
    "bad-crc": "corrupt",
    "garbage": "not a valid zip",
    "empty-file": "not a valid zip",
    "truncated": "not a valid zip",
    "truncated-half": "not a valid zip",
    "sums-lists-missing-file": "'gone.md' is missing",
    "sums-hash-mismatch": "does not match",
    "sums-misses-a-file": "'more.md' is not in",
    "sums-malformed-line": "not a '<sha256>  <name>' line",
    "sums-unsorted": "not sorted",
    "sums-lists-itself": "not a content file",
    "newer-zip-version": "newer than memsync reads",
    "strong-encryption-flag": "encrypted",
    "patched-data-flag": "unsupported compression",
    "central-dir-offset-lies": "not where the end record says",
    "local-name-differs": "names another file",
    "data-into-directory": "runs into the next entry or the central directory",
    "prepended-data": "not where the end record says",
    "deflate-ends-early": "fewer bytes",
    "zip64-value-missing": "ZIP64",
    "spans-disks": "several disks",
    "directory-starts-mid-record": "damaged",
    "count-disagrees": "counts 1 entries",
    "entry-on-another-disk": "several disks",
    "zip64-end-disagrees": "disagree",
    "names-differ-in-case": "differ only in case",
    "name-differs-from-sums-in-case": "differ only in case",
    "central-extra-overruns": "longer than the room",
    "local-extra-overruns": "longer than the room",
    "data-into-next-entry": "runs into the next entry",
    "local-method-differs": "local header disagrees",
    "local-flags-differ": "local header disagrees",
    "local-size-differs": "local header disagrees",
    "oversize-signature": "more than the 65536 bytes memsync reads",
    "oversize-release": "more than the 65536 bytes memsync reads",
    "oversize-keys": "more than the 65536 bytes memsync reads",
    "oversize-sums": "far longer than a list",
    "volume-label-fat": "'label.md' is marked as a volume label, which unzip skips",
    "volume-label-ntfs": "'label.md' is marked as a volume label, which unzip skips",
    "symlink-made-on-beos": "'link.md' is a symlink",
    "symlink-made-on-vms": "'link.md' is a symlink",
    "needs-zip-4.7": "'x.md' needs zip version 4.7, newer than memsync reads",
    "needs-zip-6.3": "'x.md' needs zip version 6.3, newer than memsync reads",
    "needs-vms-zip-4.3": "'x.md' needs zip version 4.3 (VMS), newer than memsync reads",
    "unicode-path-renames": "'x.md' has another name in its Unicode Path extra field, the one unzip uses",
    "unicode-path-names-a-hidden-entry": "'.x' has another name in its Unicode Path extra field, the one unzip uses",
}


def _write_bad(tmp_path: Path, case: str) -> Path:
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    path = src / "bad.memoryfield.zip"
    path.write_bytes(HOSTILE[case](tmp_path))
    return path


def _nothing_escaped(tmp_path: Path, archive: Path) -> None:
    assert files_with_marker(tmp_path, besides=archive) == []
    assert not (tmp_path / "abs-evil.md").exists()
    assert not Path("/etc/evil.md").exists()


def _workspace_unchanged(before: dict[str, object], after: dict[str, object]) -> None:
    """The workspace as it was; only the lock file and an empty staging folder may appear."""
    extra = {k: v for k, v in after.items() if k not in before}
    extra.pop(".memsync/lock", None)
    if extra.get(".memsync/staging") == "<dir>":
        del extra[".memsync/staging"]
    assert extra == {}
    assert {k: v for k, v in after.items() if k in before} == before


# -- 1. reproducible archive bytes -------------------------------------------------

CONTENT = {
    "index.md": b"# Notes\n\n- [soil](soil-ph.md)\n- [B](B.md)\n",
    "soil-ph.md": page("Soil pH", "Around 6.3.", uid="11111111-1111-4111-8111-111111111111").encode(),
    "B.md": page("Capital B", "Upper case sorts first.", uid="22222222-2222-4222-8222-222222222222").encode(),
    "a_b.md": b"underscore\n",
    "a-b.md": b"dash\n",
    "photo.png": bytes(range(256)) * 8,
}
EXPECTED_ENTRIES = ["B.md", "SHA256SUMS", "a-b.md", "a_b.md", "index.md", "photo.png", "soil-ph.md"]


def _field_copy(root: Path, names: list[str], mode: int, mtime: float) -> Path:
    make_field(root, {n: CONTENT[n] for n in names})
    for name in names:
        os.chmod(root / name, mode)
        os.utime(root / name, (mtime, mtime))
    return root


def test_pack_is_byte_reproducible_across_folders_times_and_junk(cli: CliRunner, tmp_path: Path) -> None:
    one = _field_copy(tmp_path / "one" / "notes", list(CONTENT), 0o600, 1_000_000_000)
    # the other copy: written in another order, other modes and times, plus junk and derived files
    two = _field_copy(tmp_path / "two" / "elsewhere", list(reversed(CONTENT)), 0o755, 1_900_000_000)
    (two / ".DS_Store").write_bytes(b"\x00\x00\x00\x01Bud1" + MARKER)
    (two / ".memsync-tmp-abc").write_bytes(MARKER)
    (two / "x.sqlite3").write_bytes(b"SQLite format 3\x00" + MARKER)
    (two / "x.sqlite3-wal").write_bytes(MARKER)
    (two / "SHA256SUMS").write_bytes(f"{'0' * 64}  index.md\n".encode())  # stale
    (two / "SHA256SUMS.sig").write_bytes(b"-----BEGIN SSH SIGNATURE-----\nstale\n")
    os.utime(two, (1_500_000_000, 1_500_000_000))

    results = []
    for field, out in ((one, "one.memoryfield.zip"), (two, "two.memoryfield.zip")):
        run = cli("pack", field, "-o", out, "--json")
        assert run.returncode == 0, run.stderr
        results.append((json.loads(run.stdout), (tmp_path / out).read_bytes()))
    (meta1, data1), (meta2, data2) = results

    assert data1 == data2
    assert meta1["sha256"] == meta2["sha256"] == sha(data1)
    assert meta1["digest"] == meta2["digest"]

    # the printed (text) sha256 is the same one
    text = cli("pack", two, "-o", "three.memoryfield.zip")
    assert text.returncode == 0, text.stderr
    assert text.stdout.splitlines()[0] == f"{sha(data1)}  three.memoryfield.zip"
    assert (tmp_path / "three.memoryfield.zip").read_bytes() == data1

    with zipfile.ZipFile(io.BytesIO(data1)) as zf:
        infos = zf.infolist()
        assert [i.filename for i in infos] == EXPECTED_ENTRIES  # sorted by name bytes, junk left out
        for i in infos:
            assert i.date_time == FIXED
            assert i.external_attr == (stat.S_IFREG | 0o644) << 16
            assert i.create_system == 3
            assert i.compress_type == zipfile.ZIP_DEFLATED
            assert i.extra == b""
        listed = zf.read("SHA256SUMS")
        assert zf.testzip() is None
        for name in CONTENT:
            assert zf.read(name) == CONTENT[name]
    assert listed == sums(CONTENT)  # computed fresh, the stale one ignored
    assert meta1["digest"] == "sha256:" + sha(listed)
    assert MARKER not in data1


def test_pack_refuses_a_name_without_the_archive_suffix(cli: CliRunner, tmp_path: Path) -> None:
    make_field(tmp_path / "f", {"a.md": "a\n"})
    run = cli("pack", "f", "-o", "f.zip")
    assert "memoryfield.zip" in assert_one_line_error(run)
    assert not (tmp_path / "f.zip").exists()


def test_pack_refuses_a_field_that_is_not_flat(cli: CliRunner, tmp_path: Path) -> None:
    field = make_field(tmp_path / "f", {"a.md": "a\n"})
    (field / "sub").mkdir()
    run = cli("pack", "f", "-o", "f.memoryfield.zip")
    assert "sub" in assert_one_line_error(run)
    assert not (tmp_path / "f.memoryfield.zip").exists()


def test_pack_refuses_a_field_with_nothing_in_it(cli: CliRunner, tmp_path: Path) -> None:
    # It packed an archive of an empty SHA256SUMS, which verify then refused, as sha256sum -c --strict does.
    make_field(tmp_path / "f", {".draft.md": "litter\n", "p.md~": "backup\n"})
    for dry_run in ((), ("--dry-run",)):
        assert "nothing to pack" in assert_one_line_error(cli("pack", "f", "-o", "f.memoryfield.zip", *dry_run))
    assert not (tmp_path / "f.memoryfield.zip").exists()


def test_pack_then_unpack_round_trips_and_sha256sum_passes(cli: CliRunner, tmp_path: Path) -> None:
    import subprocess

    make_field(tmp_path / "f", CONTENT)
    assert cli("pack", "f", "-o", "f.memoryfield.zip").returncode == 0
    run = cli("unpack", "f.memoryfield.zip", "out", "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["files"] == len(CONTENT)
    out = tmp_path / "out"
    assert {p.name: p.read_bytes() for p in out.iterdir()} == {**CONTENT, "SHA256SUMS": sums(CONTENT)}
    assert report["digest"] == "sha256:" + sha(sums(CONTENT))
    checked = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=out, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count(": OK") == len(CONTENT)


def test_unpack_skips_litter_and_derived_entries(cli: CliRunner, tmp_path: Path) -> None:
    data = zip_of(
        (".DS_Store", MARKER),
        ("good.md", GOOD),
        ("notes.sqlite3", MARKER),
        ("notes.sqlite3-wal", MARKER),
        ("SHA256SUMS-old.txt", MARKER),  # content like any other: only SHA256SUMS itself is memsync's
        ("SHA256SUMS", sums({"good.md": GOOD, "SHA256SUMS-old.txt": MARKER})),
    )
    (tmp_path / "in.memoryfield.zip").write_bytes(data)
    run = cli("unpack", "in.memoryfield.zip", "out", "--json")
    assert run.returncode == 0, run.stderr
    assert sorted(json.loads(run.stdout)["skipped"]) == sorted([".DS_Store", "notes.sqlite3", "notes.sqlite3-wal"])
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["SHA256SUMS", "SHA256SUMS-old.txt", "good.md"]


def test_unpack_with_sha256_pin(cli: CliRunner, tmp_path: Path) -> None:
    make_field(tmp_path / "f", CONTENT)
    assert cli("pack", "f", "-o", "f.memoryfield.zip").returncode == 0
    right = sha((tmp_path / "f.memoryfield.zip").read_bytes())
    wrong = sha(b"something else")
    before = tree(tmp_path)
    assert right in assert_one_line_error(cli("unpack", "f.memoryfield.zip", "out", "--sha256", wrong))
    assert tree(tmp_path) == before
    run = cli("unpack", "f.memoryfield.zip", "out", "--sha256", right)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "out" / "index.md").read_bytes() == CONTENT["index.md"]


def test_unpack_refuses_an_archive_written_over_after_it_was_hashed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The pin was checked on the bytes hashed; the entries are read afterwards.
    pinned = archive_mod.pack_files({"a.md": b"pinned\n"})
    other = archive_mod.pack_files({"a.md": b"other!\n"})
    assert len(pinned.data) == len(other.data)
    path = tmp_path / "f.memoryfield.zip"
    path.write_bytes(pinned.data)
    real = archive_mod.open_archive

    def written_over(source: BinaryIO, where: str) -> object:
        time.sleep(0.02)  # past the file system's timestamp tick
        with open(path, "r+b") as handle:  # in place: the unpacking handle sees it
            handle.write(other.data)
        return real(source, where=where)

    monkeypatch.setattr(archive_mod, "open_archive", written_over)
    with pytest.raises(MemsyncError, match="changed while it was being unpacked"):
        archive_mod.unpack(path, tmp_path / "out", expect=pinned.sha256)  # the archive's own sha256
    assert not (tmp_path / "out").exists()


def test_unpack_refuses_a_non_empty_destination(cli: CliRunner, tmp_path: Path) -> None:
    make_field(tmp_path / "f", CONTENT)
    assert cli("pack", "f", "-o", "f.memoryfield.zip").returncode == 0
    make_field(tmp_path / "out", {"mine.md": "keep me\n"})
    before = tree(tmp_path)
    assert_one_line_error(cli("unpack", "f.memoryfield.zip", "out"))
    assert tree(tmp_path) == before
    # an empty folder is fine
    (tmp_path / "empty").mkdir()
    assert cli("unpack", "f.memoryfield.zip", "empty").returncode == 0
    assert (tmp_path / "empty" / "SHA256SUMS").read_bytes() == sums(CONTENT)


# -- 4. hostile archives: refused with one line, nothing written --------------------


def test_the_control_archive_is_accepted(cli: CliRunner, tmp_path: Path) -> None:
    """The harness can see a write: the same shape without the bad entry unpacks."""
    src = tmp_path / "src"
    src.mkdir()
    good = src / "bad.memoryfield.zip"
    good.write_bytes(zip_of(("good.md", GOOD), ("SHA256SUMS", sums({"good.md": GOOD}))))
    run = cli("unpack", good, tmp_path / "work" / "out")
    assert run.returncode == 0, run.stderr
    assert files_with_marker(tmp_path, besides=good) == ["work/out/good.md"]


@pytest.fixture(scope="module")
def fresh_workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A workspace exactly as ``memsync init`` makes it; tests copy it."""
    ws = tmp_path_factory.mktemp("template") / "ws"
    ws.mkdir()
    assert run_cli("init", cwd=ws).returncode == 0
    assert (ws / ".memsync" / "config.json").is_file()
    return ws


def start_cli(*args: str | Path, cwd: Path) -> subprocess.Popen[str]:
    """Like conftest.run_cli, but started in the background (two runs of one test overlap)."""
    env = {**os.environ, "MEMSYNC_DEBUG": ""}
    return subprocess.Popen(
        [sys.executable, "-m", "memsync", *map(str, args)],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(proc: subprocess.Popen[str]) -> subprocess.CompletedProcess[str]:
    out, err = proc.communicate(timeout=120)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


@pytest.mark.parametrize("case", list(HOSTILE))
def test_hostile_archive_refused_by_unpack_and_pull(tmp_path: Path, case: str, fresh_workspace: Path) -> None:
    bad = _write_bad(tmp_path, case)
    src_before = tree(bad.parent)
    # unpack: into a new folder beside an unrelated file
    work = tmp_path / "work"
    work.mkdir()
    (work / "keep.txt").write_bytes(b"unrelated\n")
    work_before = tree(work)
    # pull: into a fresh workspace
    ws = tmp_path / "ws"
    shutil.copytree(fresh_workspace, ws)
    ws_before = tree(ws)

    unpacking = start_cli("unpack", bad, "out", cwd=work)
    pulling = start_cli("pull", bad, cwd=ws)
    unpacked, pulled = finish(unpacking), finish(pulling)

    reason = REASONS[case]
    assert reason in assert_one_line_error(unpacked)
    assert not (work / "out").exists()
    assert tree(work) == work_before  # no temp folder left behind either

    assert reason in assert_one_line_error(pulled)
    assert not (ws / "bad").exists()
    _workspace_unchanged(ws_before, tree(ws))  # no field registered, nothing staged

    assert tree(bad.parent) == src_before
    _nothing_escaped(tmp_path, bad)


@pytest.mark.parametrize("case", list(HOSTILE))
def test_library_refuses_hostile_archive_before_extracting(tmp_path: Path, case: str) -> None:
    data = HOSTILE[case](tmp_path)
    with pytest.raises(MemsyncError) as caught, archive_mod.open_archive(data, where="bad") as archive:
        list(archive.files())
    assert REASONS[case] in str(caught.value)
    assert "\n" not in str(caught.value)
    bad = tmp_path / "bad.memoryfield.zip"
    bad.write_bytes(data)
    with pytest.raises(MemsyncError):
        check.verify(bad)


# -- limits, directly ----------------------------------------------------------------


def test_ratio_limit_applies_only_above_the_floor() -> None:
    at_floor = zeros_entry("zeros.md", archive_mod.RATIO_FLOOR)
    with archive_mod.open_archive(at_floor) as archive:
        assert dict(archive.files())["zeros.md"] == bytes(archive_mod.RATIO_FLOOR)
    above = zeros_entry("zeros.md", archive_mod.RATIO_FLOOR + 1)
    with pytest.raises(MemsyncError, match="zip bomb"), archive_mod.open_archive(above):
        pass


def test_size_limit_without_the_ratio(monkeypatch: pytest.MonkeyPatch) -> None:
    noise = os.urandom(64 * 1024)  # incompressible: only the size limit can refuse it
    data = zip_of(("good.md", GOOD), ("noise.png", noise))
    with archive_mod.open_archive(data) as archive:
        assert len(list(archive.files())) == 2
    monkeypatch.setattr(archive_mod, "MAX_ENTRY_BYTES", len(noise) - 1)
    with pytest.raises(MemsyncError, match="larger than"), archive_mod.open_archive(data):
        pass


def test_total_size_and_entry_count_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    data = zip_of(*[(f"p{i}.md", b"x" * 1000) for i in range(5)])
    monkeypatch.setattr(archive_mod, "MAX_TOTAL_BYTES", 4500)
    with pytest.raises(MemsyncError, match="more than 4500 bytes"), archive_mod.open_archive(data):
        pass
    monkeypatch.setattr(archive_mod, "MAX_TOTAL_BYTES", 5000)
    monkeypatch.setattr(archive_mod, "MAX_ENTRIES", 4)
    with pytest.raises(MemsyncError, match="more than 4 entries"), archive_mod.open_archive(data):
        pass


def _crowded_zip(path: Path, records: int, counted: int) -> None:
    """One stored entry, and a ZIP64 central directory of ``records`` records naming it
    under as many names, which the end records count as ``counted``."""
    crc, name = zlib.crc32(b"x"), b"a.md"
    local = struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, 0, 0, 0, 33, crc, 1, 1, len(name), 0) + name + b"x"
    directory = b"".join(
        struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 20, 20, 0, 0, 0, 33, crc, 1, 1, len(n), 0, 0, 0, 0, 0o644 << 16, 0)
        + n
        for n in (b"p%d.md" % i for i in range(records))
    )
    end = len(local) + len(directory)
    path.write_bytes(
        local
        + directory
        + struct.pack("<4sQ2H2L4Q", b"PK\x06\x06", 44, 45, 45, 0, 0, counted, counted, len(directory), len(local))
        + struct.pack("<4sLQL", b"PK\x06\x07", 0, end, 1)
        + struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0)
    )


@pytest.mark.parametrize(
    ("records", "counted", "refusal"),
    [
        (300_000, 300_000, f"more than {archive_mod.MAX_ENTRIES} entries"),  # by the end record's count
        (300_000, 1, f"more than {archive_mod.MAX_ENTRIES} entries"),  # a count that lies: as they are read
        (1_200_000, 1_200_000, "a central directory of"),
    ],
)
def test_a_central_directory_of_too_many_records_is_refused_as_it_is_read(
    tmp_path: Path, records: int, counted: int, refusal: str
) -> None:
    # zipfile made an object of every record first (1 GB for 2 million of them), and
    # only then was the count checked.
    _crowded_zip(tmp_path / "f.memoryfield.zip", records, counted)
    got = measured("verify", "f.memoryfield.zip", cwd=tmp_path)
    assert refusal in assert_one_line_error(got)  # type: ignore[arg-type]
    assert got.peak_rss < 100 * 1024 * 1024, f"peak RSS {got.peak_rss >> 20} MiB"


def test_an_entry_that_inflates_past_its_declared_size_is_refused() -> None:
    big = b"A" * 200_000
    data = zip_of(("good.md", GOOD), ("liar.md", big))
    data = set_sizes(data, b"liar.md", size=1000)
    with pytest.raises(MemsyncError, match="more bytes than"), archive_mod.open_archive(data) as archive:
        list(archive.files())


def test_ratio_check_cannot_be_dodged_by_a_lying_compressed_size() -> None:
    size = 8 * archive_mod.RATIO_FLOOR
    data = zeros_entry("zz.md", size)  # zz.md is the last entry
    data = set_sizes(data, b"zz.md", compressed=size // 50)  # claims 50:1, far below MAX_RATIO
    assert len(data) < size // 100
    with pytest.raises(MemsyncError), archive_mod.open_archive(data) as archive:
        list(archive.files())


# -- 3. verify on archives ----------------------------------------------------------


def _packed(cli: CliRunner, tmp_path: Path) -> tuple[Path, str, str]:
    make_field(tmp_path / "f", CONTENT)
    run = cli("pack", "f", "-o", "f.memoryfield.zip", "--json")
    assert run.returncode == 0, run.stderr
    meta = json.loads(run.stdout)
    return tmp_path / "f.memoryfield.zip", meta["sha256"], meta["digest"]


def test_verify_archive_ok_and_pins(cli: CliRunner, tmp_path: Path) -> None:
    path, archive_sha, digest = _packed(cli, tmp_path)
    run = cli("verify", path, "--json")
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["ok"] is True
    assert result["kind"] == "archive"
    assert result["archive_sha256"] == archive_sha == sha(path.read_bytes())
    assert result["digest"] == digest == "sha256:" + sha(sums(CONTENT))
    assert result["files"] == len(CONTENT)

    assert cli("verify", path, "--sha256", archive_sha).returncode == 0
    assert cli("verify", path, "--sha256", digest).returncode == 0
    for wrong in (sha(b"nope"), "sha256:" + sha(b"nope"), digest.removeprefix("sha256:")):
        line = assert_one_line_error(cli("verify", path, "--sha256", wrong))
        assert "not the pinned" in line


def test_verify_archive_fails_when_a_byte_changes(cli: CliRunner, tmp_path: Path) -> None:
    path, _, _ = _packed(cli, tmp_path)
    # index.md changed (with a valid zip CRC) behind the back of the original SHA256SUMS
    changed = {**CONTENT, "index.md": CONTENT["index.md"] + b"x"}
    path.write_bytes(zip_of(*changed.items(), ("SHA256SUMS", sums(CONTENT))))
    line = assert_one_line_error(cli("verify", path))
    assert "index.md" in line


# -- 5. archive pull pinning --------------------------------------------------------


def test_archive_pull_pinning(tmp_path: Path) -> None:
    src = make_field(tmp_path / "src" / "notes", CONTENT)
    archive = tmp_path / "src" / "notes.memoryfield.zip"
    packed = run_cli("pack", src, "-o", archive, "--json", cwd=tmp_path)
    assert packed.returncode == 0, packed.stderr
    right = json.loads(packed.stdout)["sha256"]
    ws = tmp_path / "ws"
    ws.mkdir()
    assert run_cli("init", cwd=ws).returncode == 0
    before = tree(ws)

    for wrong in (sha(b"wrong"), right[:-1] + ("0" if right[-1] != "0" else "1")):
        line = assert_one_line_error(run_cli("pull", archive, "--sha256", wrong, cwd=ws))
        assert "sha256" in line
        assert not (ws / "notes").exists()
        _workspace_unchanged(before, tree(ws))

    first = run_cli("pull", archive, "--sha256", right, "--json", cwd=ws)
    assert first.returncode == 0, first.stderr
    assert {c["file"] for c in json.loads(first.stdout)["local_changes"]} == set(CONTENT)
    field = ws / "notes"
    # The vector index rebuilt after the pull is local derived data beside the pages.
    travelled = {p.name: p.read_bytes() for p in field.iterdir() if not p.name.endswith(".sqlite3")}
    assert travelled == {**CONTENT, "SHA256SUMS": sums(CONTENT)}
    verified = run_cli("verify", field, "--json", cwd=ws)
    assert verified.returncode == 0, verified.stderr
    assert json.loads(verified.stdout)["digest"] == "sha256:" + sha(sums(CONTENT))

    after_first = tree(field)
    again = run_cli("pull", archive, "--sha256", right, "--json", cwd=ws)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["local_changes"] == []
    assert tree(field) == after_first


def test_archive_pull_pinned_by_field_digest(tmp_path: Path) -> None:
    src = make_field(tmp_path / "src" / "notes", CONTENT)
    archive = tmp_path / "src" / "notes.memoryfield.zip"
    assert run_cli("pack", src, "-o", archive, cwd=tmp_path).returncode == 0
    ws = tmp_path / "ws"
    ws.mkdir()
    assert run_cli("init", cwd=ws).returncode == 0
    assert_one_line_error(run_cli("pull", archive, "--sha256", "sha256:" + sha(b"other"), cwd=ws))
    assert not (ws / "notes").exists()
    run = run_cli("pull", archive, "--sha256", "sha256:" + sha(sums(CONTENT)), cwd=ws)
    assert run.returncode == 0, run.stderr
    assert (ws / "notes" / "SHA256SUMS").read_bytes() == sums(CONTENT)


# -- the archive a push collects as it writes a version whole (S3) ------------------------------


def _noise(seed: str, n: int) -> bytes:
    """``n`` bytes deflate cannot shrink, the same on every run."""
    return hashlib.shake_256(seed.encode()).digest(n)


def _collect(files: dict[str, bytes], *, together: bool = False) -> bytes | None:
    """What a push leaves for ``files`` sent through a Collector, as
    protocol._put_whole decides it (None: no archive); ``together``: every
    file handed over at the same moment, from its own put thread."""

    from memsync.manifest import Manifest

    listed = Manifest({n: sha(d) for n, d in files.items()})
    collector = archive_mod.Collector()
    try:
        if together:
            start = threading.Barrier(len(files))

            def put(item: tuple[str, bytes]) -> None:
                start.wait()
                collector.add(item[0], item[1], sha(item[1]))

            with ThreadPoolExecutor(len(files)) as pool:
                list(pool.map(put, files.items()))
        else:
            for name, data in files.items():
                collector.add(name, data, sha(data))
        if not collector.usable or collector.files != listed.entries:
            return None
        made = collector.finish(listed.to_bytes(), "collected")
        if made is None:
            return None
        spool, size = made
        return spool.read(size)
    finally:
        collector.close()


def _opens(data: bytes, files: dict[str, bytes]) -> None:
    with archive_mod.open_archive(data, where="collected") as got:
        assert dict(got.files()) == files


def test_a_collected_archive_is_one_unpack_takes() -> None:
    files = {f"p{i}.md": page(f"page {i}", f"body {i}\n" * (i + 1)).encode() for i in range(70)}
    files["data.bin"] = _noise("data", 3 * 1024 * 1024)  # large, and incompressible: the ratio check passes
    made = _collect(files, together=False)
    assert made is not None
    _opens(made, files)


def test_a_collector_leaves_no_archive_unpack_would_refuse_for_its_sums(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bytes unpack takes count SHA256SUMS too: content within the bound
    but not with SHA256SUMS is no archive (one would be refused by every clone)."""
    files = {f"p{i}.bin": _noise(f"p{i}", 2000) for i in range(4)}
    monkeypatch.setattr(archive_mod, "MAX_TOTAL_BYTES", sum(map(len, files.values())) + 10)
    made = _collect(files)
    if made is not None:
        _opens(made, files)


def test_a_collected_archive_stores_a_page_that_would_read_as_a_bomb_deflated() -> None:
    """A large page that deflates more than unpack believes honest data does
    (a table of repeated rows) is stored, not deflated: deflated, every clone
    would refuse the archive as a zip bomb, with a warning each time."""
    files = {f"p{i}.md": page(f"page {i}", f"body {i}").encode() for i in range(70)}
    files["table.md"] = page("table", "| a | b |\n" * 300_000).encode()  # 3 MiB, deflates ~1000x
    made = _collect(files)
    assert made is not None
    _opens(made, files)


def test_a_collector_fed_by_many_threads_at_once_holds_no_more_entries_than_unpack_takes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(archive_mod, "MAX_ENTRIES", 5)  # four files and SHA256SUMS
    files = {f"p{i}.bin": _noise(f"p{i}", 1024 * 1024) for i in range(8)}
    made = _collect(files, together=True)
    if made is not None:
        _opens(made, files)


def test_pack_takes_only_signatures_ssh_keygen_checks_over_what_they_sign(cli: CliRunner, tmp_path: Path) -> None:
    """A signature beside a matching SHA256SUMS goes into the archive only when `ssh-keygen -Y
    check-novalidate -n memsync` passes on it (over SHA256SUMS; a release statement's over the
    statement): garbage, or a signature over other bytes, stays out."""
    from memsync import keyring, signing
    from memsync.manifest import Manifest
    from memsync.names import RELEASE_NAME, RELEASE_SIGNATURE_NAME, SIGNATURE_NAME
    from memsync.ssh import sshsig

    keyring.generate(tmp_path / "key")
    key = sshsig.load_private_key(tmp_path / "key")
    field = make_field(tmp_path / "f", {"a.md": page("A", "a"), "b.md": page("B", "b")})
    assert cli("manifest", field).returncode == 0
    listed = (field / "SHA256SUMS").read_bytes()
    good = signing.Voucher("f", key)(Manifest.parse(listed), {})
    garbage = b"-----BEGIN SSH SIGNATURE-----\ngarbage\n-----END SSH SIGNATURE-----\n"
    cases = {
        "signed": (good, set(good)),
        "garbage": ({SIGNATURE_NAME: garbage}, set()),
        "over-other-bytes": ({SIGNATURE_NAME: sshsig.sign(listed + b"\n", key)}, set()),
        "other-namespace": ({SIGNATURE_NAME: sshsig.sign(listed, key, "git")}, set()),
        "release-sig-over-other-bytes": (
            {**good, RELEASE_SIGNATURE_NAME: sshsig.sign(good[RELEASE_NAME] + b" ", key)},
            {SIGNATURE_NAME},
        ),
    }
    for case, (sidecars, kept) in cases.items():
        for name in (SIGNATURE_NAME, RELEASE_NAME, RELEASE_SIGNATURE_NAME):
            (field / name).unlink(missing_ok=True)
        for name, data in sidecars.items():
            (field / name).write_bytes(data)
        out = tmp_path / f"{case}.memoryfield.zip"
        run = cli("pack", field, "-o", out)
        assert run.returncode == 0, run.stderr
        with zipfile.ZipFile(out) as zf:
            entries = {i.filename: zf.read(i) for i in zf.infolist()}
        assert set(entries) - {"a.md", "b.md", "SHA256SUMS"} == kept, case
        for signature, signed in ((SIGNATURE_NAME, "SHA256SUMS"), (RELEASE_SIGNATURE_NAME, RELEASE_NAME)):
            if signature in entries:
                (tmp_path / "sig").write_bytes(entries[signature])
                checked = subprocess.run(
                    ["ssh-keygen", "-Y", "check-novalidate", "-n", "memsync", "-s", tmp_path / "sig"],
                    input=entries[signed],
                    capture_output=True,
                )
                assert checked.returncode == 0, (case, checked.stderr)


# -- the reader: what zipfile and unzip read from other tools' archives, memsync reads -------

READER_FILES = {
    "a.md": GOOD,
    "b.md": b"short\n",
    "c.png": hashlib.shake_256(b"c.png").digest(300_000),  # incompressible: deflate stores it as it is
    "d.md": b"x" * 200_000,  # deflates 1000:1, below the floor of the ratio check
    "e.md": b"",
}


class _Pipe(io.RawIOBase):
    """A write-only stream that cannot seek: zipfile writes data descriptors to it."""

    def __init__(self) -> None:
        self.data = bytearray()

    def writable(self) -> bool:
        return True

    def write(self, b: bytes | bytearray | memoryview) -> int:  # type: ignore[override]
        self.data += b
        return len(b)


def _by_zipfile(tmp_path: Path, how: str) -> bytes:
    buffer: io.BytesIO | _Pipe = _Pipe() if how == "pipe" else io.BytesIO()
    method = zipfile.ZIP_STORED if how == "stored" else zipfile.ZIP_DEFLATED
    with zipfile.ZipFile(buffer, "w", method) as zf:  # type: ignore[arg-type]
        for name, data in READER_FILES.items():
            if how == "zip64":
                with zf.open(name, "w", force_zip64=True) as handle:
                    handle.write(data)
            else:
                zf.writestr(name, data)
        if how == "comment":
            zf.comment = b"a comment after the end record"
    return bytes(buffer.data) if isinstance(buffer, _Pipe) else buffer.getvalue()


def _by_info_zip(tmp_path: Path, how: str) -> bytes:
    folder = tmp_path / "files"
    folder.mkdir()
    for name, data in READER_FILES.items():
        (folder / name).write_bytes(data)
    names = sorted(READER_FILES)
    options = {"zip -0": ["-0"], "zip -fz": ["-9", "-fz"]}.get(how, ["-9"])
    if how == "zip to a pipe":  # data descriptors: the sizes come after the data
        made = subprocess.run(["zip", "-q", *options, "-", *names], cwd=folder, capture_output=True, check=True)
        return made.stdout
    subprocess.run(["zip", "-q", *options, "out.zip", *names], cwd=folder, check=True)
    if how == "zip -A":  # a self-extractor: bytes before the archive, and its offsets moved past them
        (folder / "out.zip").write_bytes(b"#!/bin/sh\nexit 0\n" + (folder / "out.zip").read_bytes())
        subprocess.run(["zip", "-q", "-A", "out.zip"], cwd=folder, check=True)
    return (folder / "out.zip").read_bytes()


def _zip64_directory(tmp_path: Path) -> bytes:
    """One stored entry whose central record gives its sizes and offset only in a
    ZIP64 extra field (0xFFFFFFFF in the record), as writers do past 4 GiB."""
    name, data = b"z.md", READER_FILES["b.md"]
    crc, marked = zlib.crc32(data), 0xFFFFFFFF
    local = struct.pack("<4s5H3L2H", LOCAL_SIG, 45, 0, 0, 0, 33, crc, len(data), len(data), len(name), 0) + name
    extra = struct.pack("<2H3Q", 0x0001, 24, len(data), len(data), 0)
    central = (
        struct.pack(
            "<4s6H3L5H2L", CENTRAL_SIG, 0x031E, 45, 0, 0, 0, 33, crc, marked, marked, len(name), len(extra), 0, 0, 0,
            0o100644 << 16, marked,
        )
        + name
        + extra
    )  # fmt: skip
    start = len(local) + len(data)
    end = struct.pack("<4s4H2LH", END_SIG, 0, 0, 1, 1, len(central), start, 0)
    return local + data + central + end


PRODUCERS: dict[str, Callable[[Path], bytes]] = {
    **{
        f"zipfile {how}": functools.partial(_by_zipfile, how=how)
        for how in ("deflate", "stored", "pipe", "zip64", "comment")
    },
    **{
        how: functools.partial(_by_info_zip, how=how)
        for how in ("zip -9", "zip -0", "zip -fz", "zip to a pipe", "zip -A")
    },
    "ZIP64 central record": _zip64_directory,
}


@pytest.mark.parametrize("producer", list(PRODUCERS))
def test_the_reader_reads_what_zipfile_and_unzip_read(tmp_path: Path, producer: str) -> None:
    """memsync reads zips itself (zipfile's objects cost 530 bytes an entry): an
    archive another tool made must give memsync the bytes zipfile and unzip give."""
    data = PRODUCERS[producer](tmp_path)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        theirs = {i.filename: zf.read(i) for i in zf.infolist()}
    (tmp_path / "t.zip").write_bytes(data)
    tested = subprocess.run(["unzip", "-tq", "t.zip"], cwd=tmp_path, capture_output=True, text=True)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    with archive_mod.open_archive(data, where="t.zip") as archive:
        ours = dict(archive.files())
    assert ours == theirs
    assert ours == ({"z.md": READER_FILES["b.md"]} if producer == "ZIP64 central record" else READER_FILES)


def _unzip_extracts(data: bytes, folder: Path) -> dict[str, object]:
    """What the real Info-ZIP ``unzip`` writes from an archive (its exit code aside:
    it is 81 when it skips an entry it cannot read)."""
    folder.mkdir()
    (folder / "t.zip").write_bytes(data)
    subprocess.run(["unzip", "-qq", "-d", "out", "t.zip"], cwd=folder, capture_output=True, check=False)
    return tree(folder / "out")


@pytest.mark.parametrize("case", list(UNZIP_DIFFERS))
def test_what_unzip_skips_or_extracts_otherwise_is_refused(tmp_path: Path, case: str) -> None:
    """memsync must not read an archive into other files than unzip would: each of
    these, read by its records' names and bytes (zipfile's reading, which memsync's
    was), gives other files than the real unzip extracts, so memsync refuses it."""
    data = UNZIP_DIFFERS[case](tmp_path)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        by_records = {i.orig_filename: zf.read(i) for i in zf.infolist()}  # the header's name, in any Python
        assert by_records["good.md"] == GOOD and len(by_records) == 2
    (tmp_path / "t.zip").write_bytes(data)
    listed = subprocess.run(["unzip", "-l", "t.zip"], cwd=tmp_path, capture_output=True, text=True)
    tested = subprocess.run(["unzip", "-t", "t.zip"], cwd=tmp_path, capture_output=True, text=True)
    extracted = _unzip_extracts(data, tmp_path / "unzip")
    assert extracted != by_records, (listed.stdout, tested.stdout)
    assert extracted.get("good.md") == GOOD  # the rest of the archive unzip reads as memsync would
    if case.startswith("needs-"):  # unzip -t says so itself: it skips what it cannot read
        assert tested.returncode == 81 and "skipping: x.md" in tested.stdout and "need " in tested.stdout
    if case.startswith("unicode-path"):  # unzip -l lists the entry under the other name
        assert "evil.md" in listed.stdout
    with pytest.raises(MemsyncError) as caught, archive_mod.open_archive(data, where="t.zip"):
        pass
    assert REASONS[case] in str(caught.value)

    # The same entry without what unzip treats otherwise: unzip extracts what its records say.
    plain = _with_good(info("x.md"), MARKER)
    with zipfile.ZipFile(io.BytesIO(plain)) as zf:
        assert _unzip_extracts(plain, tmp_path / "plain") == {i.filename: zf.read(i) for i in zf.infolist()}


@pytest.mark.parametrize(("compressed", "offset"), [((1 << 64) - 1, 0), (6, (1 << 64) - 1)])
def test_zip64_values_past_the_archive_are_refused(tmp_path: Path, compressed: int, offset: int) -> None:
    # they made an OverflowError in the reader's arrays: "internal error" from the CLI
    data = bytearray(_zip64_directory(tmp_path))
    extra_at = data.rfind(struct.pack("<2H", 0x0001, 24)) + 4
    struct.pack_into("<2Q", data, extra_at + 8, compressed, offset)
    with pytest.raises(MemsyncError, match="past the end of the archive"), archive_mod.open_archive(bytes(data)):
        pass


def test_entries_read_from_several_threads_at_once_are_each_whole(tmp_path: Path) -> None:
    files = {f"p{i:03d}.md": hashlib.shake_256(b"%d" % i).digest(50_000 + i) for i in range(64)}
    data = archive_mod.pack_files(files).data
    with archive_mod.open_archive(data, where="a") as archive:
        start = threading.Barrier(4)

        def read_all(names: list[str]) -> dict[str, bytes]:
            got: dict[str, bytes] = {}
            start.wait()
            archive.read_files(names, got.__setitem__)
            return got

        with ThreadPoolExecutor(4) as pool:
            parts = list(pool.map(read_all, [sorted(files)[i::4] for i in range(4)]))
    assert {k: v for part in parts for k, v in part.items()} == files
