"""Streaming pack and unpack: the same bytes as before, bounded memory, nothing left behind.

The reference packer below is the zipfile-based one memsync shipped before
packing streamed; the streaming writer must produce exactly its bytes, since
an archive's sha256 is a pin people have already published.
"""

from __future__ import annotations

import hashlib
import io
import json
import random
import signal
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from conftest import CliRunner, assert_one_line_error, make_field, page

from memsync import archive as archive_mod
from memsync import keyring
from memsync.errors import InputError, IntegrityError
from memsync.manifest import Manifest, sha256_hex
from memsync.names import SIGNATURE_NAME
from memsync.ssh import sshsig
from memsync.zip.records import CHUNK

FIXED = (1980, 1, 1, 0, 0, 0)
SIG = b"-----BEGIN SSH SIGNATURE-----\nnot checked when packing\n-----END SSH SIGNATURE-----\n"


def reference_pack(
    files: dict[str, bytes], signature: bytes | None = None, stored: frozenset[str] = frozenset()
) -> bytes:
    """memsync's packer before it streamed (memsync/archive.py at c38c285), verbatim but for
    names; the entries ``stored`` are stored rather than deflated."""
    manifest = Manifest({name: sha256_hex(data) for name, data in files.items()})
    entries = dict(files)
    entries["SHA256SUMS"] = manifest.to_bytes()
    if signature is not None:
        entries["SHA256SUMS.sig"] = signature
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(entries, key=lambda n: n.encode("utf-8")):
            info = zipfile.ZipInfo(name, date_time=FIXED)
            info.create_system = 3
            info.external_attr = (stat.S_IFREG | 0o644) << 16
            info.compress_type = zipfile.ZIP_STORED if name in stored else zipfile.ZIP_DEFLATED
            archive.writestr(info, entries[name], compresslevel=9)
    return buffer.getvalue()


def repetitive(size: int, seed: int) -> bytes:
    """Bytes that deflate about 18:1 and fast: a random 8 KiB block repeated, a byte changed every 97."""
    rng = random.Random(seed)
    block = rng.randbytes(8192)
    data = bytearray(block * (size // 8192 + 1))[:size]
    for i in range(0, size, 97):
        data[i] = rng.randrange(256)
    return bytes(data)


def sample_files() -> dict[str, bytes]:
    rng = random.Random(7)
    words = [rng.choice("abcdefghij") * rng.randint(1, 9) for _ in range(400)]
    files = {
        f"page-{i:03d}.md": page(f"Page {i}", " ".join(rng.choices(words, k=rng.randint(50, 1500)))).encode()
        for i in range(40)
    }
    files.update(
        {
            "index.md": b"# Sample\n",
            "B.md": b"capital letters sort before SHA256SUMS\n",
            "0-first.md": b"digits sort first\n",
            "Z.md": b"and after it\n",
            "a_b.md": b"underscore\n",
            "empty.md": b"",
            "noise.png": random.Random(3).randbytes(300_000),  # stored blocks: deflate cannot shrink it
            # over _WHOLE_ENTRY: deflated in chunks through a temp file
            "atlas.bin": repetitive(archive_mod._WHOLE_ENTRY * 3 + 12_345, seed=5),
        }
    )
    return files


# -- the same bytes as the zipfile packer ---------------------------------------------


@pytest.mark.parametrize("signed", [False, True])
def test_pack_field_gives_the_reference_bytes(tmp_path: Path, signed: bool) -> None:
    files = sample_files()
    assert len(files["atlas.bin"]) > archive_mod._WHOLE_ENTRY
    field = make_field(tmp_path / "f", files)
    signature = None
    if signed:  # a real signature: pack takes only one that signs the manifest beside it
        listed = Manifest({n: sha256_hex(d) for n, d in files.items()}).to_bytes()
        keyring.generate(tmp_path / "key")
        signature = sshsig.sign(listed, sshsig.load_private_key(tmp_path / "key"))
        (field / "SHA256SUMS").write_bytes(listed)
        (field / "SHA256SUMS.sig").write_bytes(signature)
    expected = reference_pack(files, signature)

    packed = archive_mod.pack_field(field)
    assert packed.data == expected
    assert (packed.sha256, packed.size) == (hashlib.sha256(expected).hexdigest(), len(expected))

    out = tmp_path / "streamed.zip"
    with open(out, "wb") as handle:
        written = archive_mod.write_field(field, handle)
    assert out.read_bytes() == expected
    assert written.sha256 == packed.sha256 and written.manifest == packed.manifest
    assert archive_mod.write_field(field, None) == written  # pins without writing
    assert archive_mod.pack_files(files, {SIGNATURE_NAME: signature} if signature else None).data == expected


def test_a_file_deflate_shrinks_past_the_bomb_ratio_is_stored_and_the_archive_unpacks(
    cli: CliRunner, tmp_path: Path
) -> None:
    """A table of repeated rows deflates ~1000:1, which unpack takes for a zip bomb:
    packed deflated, memsync's own archive was refused by memsync. Such a file is
    stored instead (deterministically: the same bytes from a folder, streamed,
    and from memory), and the archive unpacks."""
    files = {"index.md": b"# Tables\n", "table.md": page("Table", "| a | b |\n" * 300_000).encode()}
    assert len(files["table.md"]) > archive_mod._WHOLE_ENTRY  # from a folder: through the streamed path
    field = make_field(tmp_path / "f", files)
    expected = reference_pack(files, stored=frozenset({"table.md"}))
    assert archive_mod.pack_field(field).data == expected
    assert archive_mod.pack_files(files).data == expected
    run = cli("pack", "f", "-o", "f.memoryfield.zip")
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "f.memoryfield.zip").read_bytes() == expected
    for command in (["verify", "f.memoryfield.zip"], ["unpack", "f.memoryfield.zip", "out"]):
        done = cli(*command)
        assert done.returncode == 0, done.stderr
    assert {p.name: p.read_bytes() for p in (tmp_path / "out").iterdir() if p.name != "SHA256SUMS"} == files


def test_cli_pack_gives_the_reference_bytes(cli: CliRunner, tmp_path: Path) -> None:
    files = sample_files()
    make_field(tmp_path / "f", files)
    run = cli("pack", "f", "-o", "f.memoryfield.zip", "--json")
    assert run.returncode == 0, run.stderr
    data = (tmp_path / "f.memoryfield.zip").read_bytes()
    assert data == reference_pack(files)
    report = json.loads(run.stdout)
    assert (report["sha256"], report["bytes"]) == (hashlib.sha256(data).hexdigest(), len(data))
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temp file left


def test_more_than_65535_entries_get_the_reference_zip64_end_records() -> None:
    files = {f"p{i:05d}.md": b"x" * (i % 5) for i in range(zipfile.ZIP_FILECOUNT_LIMIT + 10)}
    data = archive_mod.pack_files(files, {SIGNATURE_NAME: SIG}).data
    assert data == reference_pack(files, SIG)
    assert b"PK\x06\x06" in data[-200:]  # the ZIP64 end record is really there
    with archive_mod.open_archive(data) as archive:
        assert len(archive.manifest) == len(files) and archive.sidecars == {SIGNATURE_NAME: SIG}


def test_empty_field_gives_the_reference_bytes() -> None:
    assert archive_mod.pack_files({}).data == reference_pack({})


def test_a_non_ascii_name_gets_the_reference_utf8_flag() -> None:
    # Field names are ASCII slugs, but pack_files takes any mapping.
    files = {"caf\u00e9.md": b"accent\n", "plain.md": b"plain\n"}
    assert archive_mod.pack_files(files).data == reference_pack(files)


# -- what pack refuses ------------------------------------------------------------------


def test_pack_refuses_what_unpack_would_refuse(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    field = make_field(tmp_path / "f", {"a.md": b"a\n", "big.bin": repetitive(50_000, 1)})
    monkeypatch.setattr(archive_mod, "MAX_ENTRY_BYTES", 40_000)
    with pytest.raises(InputError, match=r"'big\.bin' is larger than 40000 bytes"):
        archive_mod.write_field(field, None)
    monkeypatch.setattr(archive_mod, "MAX_ENTRY_BYTES", 1 << 20)
    monkeypatch.setattr(archive_mod, "MAX_TOTAL_BYTES", 50_000)
    with pytest.raises(InputError, match="more than 50000 bytes"):
        archive_mod.write_field(field, None)
    monkeypatch.setattr(archive_mod, "MAX_TOTAL_BYTES", 1 << 20)
    monkeypatch.setattr(archive_mod, "MAX_ENTRIES", 2)  # two files and SHA256SUMS
    with pytest.raises(InputError, match="more than 2 files"):
        archive_mod.write_field(field, None)
    monkeypatch.setattr(archive_mod, "MAX_ENTRIES", 3)
    monkeypatch.setattr(archive_mod, "MAX_ARCHIVE_BYTES", 1000)  # what would need ZIP64 offsets
    with pytest.raises(InputError, match="larger than 1000 bytes"):
        archive_mod.write_field(field, None)


def test_cli_pack_of_an_oversized_file_leaves_nothing(cli: CliRunner, tmp_path: Path) -> None:
    field = make_field(tmp_path / "f", {"a.md": b"a\n"})
    with open(field / "huge.bin", "wb") as handle:
        handle.truncate(archive_mod.MAX_ENTRY_BYTES + 1)  # sparse: costs no disk
    line = assert_one_line_error(cli("pack", "f", "-o", "f.memoryfield.zip"))
    assert "huge.bin" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f"]  # no archive, no temp file


@pytest.mark.parametrize("size", [100, archive_mod._WHOLE_ENTRY + 1])
def test_a_file_that_changed_since_it_was_hashed_is_refused(tmp_path: Path, size: int) -> None:
    path = tmp_path / "a.bin"
    path.write_bytes(repetitive(size, 2))
    hashed = Manifest({"a.bin": sha256_hex(b"what it held when it was hashed")})
    with pytest.raises(InputError, match="changed while it was being packed"):
        archive_mod._write(
            io.BytesIO(), hashed, hashed.to_bytes(), {"a.bin": size}, lambda n: (path, hashed[n]), {}, "f"
        )


def test_ctrl_c_stops_a_pack_within_two_seconds_and_leaves_nothing(tmp_path: Path) -> None:
    field = make_field(tmp_path / "f", {"a.md": b"a\n"})
    for i in range(2):  # deflate level 9 takes seconds over each of these
        (field / f"noise-{i}.bin").write_bytes(random.Random(i).randbytes(60_000_000))
    proc = subprocess.Popen(
        [sys.executable, "-m", "memsync", "pack", "f", "-o", "f.memoryfield.zip"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while not any(p.name.startswith(".memsync-tmp-") for p in tmp_path.iterdir()):  # the archive's temp file
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.01)
    time.sleep(1.0)  # past hashing, into deflating
    assert proc.poll() is None, "the pack finished before it could be interrupted"
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert time.monotonic() - sent < 2
    assert proc.returncode == 130 and err.strip() == "memsync: interrupted"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f"]  # no archive, no temp file


# -- unpack: nothing left behind ----------------------------------------------------------


def _corrupt_inside(data: bytes, name: str, at: float) -> bytes:
    """Flip bytes inside ``name``'s compressed data, at fraction ``at`` of it (headers intact)."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        info = zf.getinfo(name)
    start = info.header_offset + 30 + len(name)
    spot = start + int(info.compress_size * at)
    out = bytearray(data)
    out[spot : spot + 16] = bytes(b ^ 0x5A for b in out[spot : spot + 16])
    return bytes(out)


def _files_under(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


@pytest.mark.parametrize(
    ("case", "reason"),
    [
        ("late-entry-corrupt", "corrupt"),  # CRC or deflate error after earlier files were written
        ("large-entry-corrupt-midway", "corrupt"),  # a chunk or more of it already on disk
        ("last-entry-hash-mismatch", "does not match"),
        ("truncated-data-section", "corrupt"),
    ],
)
def test_unpack_of_a_stream_broken_midway_leaves_nothing(
    cli: CliRunner, tmp_path: Path, case: str, reason: str
) -> None:
    files = sample_files()
    good = archive_mod.pack_files(files).data
    last = max(files, key=lambda n: n.encode())
    if case == "late-entry-corrupt":
        bad = _corrupt_inside(good, last, 0.5)
    elif case == "large-entry-corrupt-midway":
        bad = _corrupt_inside(good, "atlas.bin", 0.8)
    elif case == "last-entry-hash-mismatch":
        listed = Manifest({n: sha256_hex(d) for n, d in files.items()} | {last: sha256_hex(b"other")})
        bad = _with_manifest(files, listed)
    else:  # zeros from the middle of the data to the central directory, as an interrupted download
        with zipfile.ZipFile(io.BytesIO(good)) as zf:
            central = zf.start_dir
        middle = len(good) // 2
        bad = good[:middle] + bytes(central - middle) + good[central:]
    work = tmp_path / "work"
    work.mkdir()
    (work / "in.memoryfield.zip").write_bytes(bad)
    before = _files_under(work)

    assert reason in assert_one_line_error(cli("unpack", "in.memoryfield.zip", "out", cwd=work))
    assert _files_under(work) == before  # no destination, no temp folder
    with pytest.raises((InputError, IntegrityError), match=reason):
        archive_mod.unpack(work / "in.memoryfield.zip", work / "out")
    assert _files_under(work) == before
    # the control: the intact archive unpacks
    (work / "in.memoryfield.zip").write_bytes(good)
    archive_mod.unpack(work / "in.memoryfield.zip", work / "out")
    assert {p.name: p.read_bytes() for p in (work / "out").iterdir()} == files | {
        "SHA256SUMS": Manifest({n: sha256_hex(d) for n, d in files.items()}).to_bytes()
    }


def _with_manifest(files: dict[str, bytes], listed: Manifest) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(files):
            zf.writestr(name, files[name])
        zf.writestr("SHA256SUMS", listed.to_bytes())
    return buffer.getvalue()


# -- open_archive reads a file object a piece at a time -------------------------------------


class PieceReader(io.RawIOBase):
    """A real file that fails any read returning more than ``limit`` bytes."""

    def __init__(self, path: Path, limit: int) -> None:
        self._file = open(path, "rb")  # noqa: SIM115 - closed in close()
        self.limit = limit
        self.largest = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def seek(self, offset: int, whence: int = 0) -> int:
        return self._file.seek(offset, whence)

    def tell(self) -> int:
        return self._file.tell()

    def read(self, n: int = -1) -> bytes:
        data = self._file.read(n)
        assert len(data) <= self.limit, f"read {len(data)} bytes of an archive meant to be read a piece at a time"
        self.largest = max(self.largest, len(data))
        return data

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        self._file.close()
        super().close()


def test_open_archive_reads_a_file_object_a_piece_at_a_time(tmp_path: Path) -> None:
    files = sample_files() | {"photo.jpg": random.Random(4).randbytes(5 * CHUNK)}
    path = tmp_path / "a.memoryfield.zip"
    path.write_bytes(archive_mod.pack_files(files).data)
    limit = 2 * CHUNK
    assert path.stat().st_size > 2 * limit
    with PieceReader(path, limit) as reader:
        with archive_mod.open_archive(reader, where="remote") as archive:
            archive.verify()
            assert dict(archive.files()) == files
            (tmp_path / "out").mkdir()
            archive.extract(tmp_path / "out")
        assert 0 < reader.largest <= limit
    assert (tmp_path / "out" / "atlas.bin").read_bytes() == files["atlas.bin"]


# -- memory: bounded whatever the field's size ---------------------------------------------

# Started from a bare interpreter: a child's ru_maxrss includes the high-water
# RSS of the process it was (v)forked from, and pytest is far larger than that.
_LAUNCHER = (
    "import os, sys\n"
    "pid = os.fork()\n"
    "if pid == 0:\n"
    "    os.execv(sys.argv[1], sys.argv[1:])\n"
    "_, status, usage = os.wait4(pid, 0)\n"
    "print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)\n"
)
PEAK_LIMIT_MIB = 100


def peak_rss_mib(*args: str | Path, cwd: Path) -> float:
    """Run ``memsync ARGS``; its peak RSS in MiB (it must succeed)."""
    argv = [sys.executable, "-S", "-c", _LAUNCHER, sys.executable, "-m", "memsync", *map(str, args)]
    run = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=300)
    code, kib = map(int, run.stdout.splitlines()[-1].split())  # after what memsync printed
    assert code == 0, run.stderr
    return kib / 1024


def test_pack_unpack_and_verify_stay_under_100_mib(tmp_path: Path) -> None:
    # 160 MB of content: the old packer held it all, and the archive, in memory.
    files = {f"blob-{i}.bin": repetitive(40_000_000, seed=i) for i in range(4)}
    files |= {f"page-{i:04d}.md": page(f"Page {i}", "words " * (i % 700)).encode() for i in range(3000)}
    make_field(tmp_path / "f", files)
    del files
    peaks = {
        "pack": peak_rss_mib("pack", "f", "-o", "f.memoryfield.zip", cwd=tmp_path),
        "verify": peak_rss_mib("verify", "f.memoryfield.zip", cwd=tmp_path),
        "unpack": peak_rss_mib("unpack", "f.memoryfield.zip", "out", cwd=tmp_path),
        "manifest": peak_rss_mib("manifest", "f", cwd=tmp_path),
    }
    assert all(peak < PEAK_LIMIT_MIB for peak in peaks.values()), peaks
    assert (tmp_path / "out" / "SHA256SUMS").read_bytes() == (tmp_path / "f" / "SHA256SUMS").read_bytes()
    for name in ("blob-3.bin", "page-2999.md"):
        assert (tmp_path / "out" / name).read_bytes() == (tmp_path / "f" / name).read_bytes()


def test_a_signed_field_of_exactly_max_files_packs_and_unpacks(tmp_path: Path) -> None:
    """A field may hold MAX_FILES files; its archive holds SHA256SUMS and its signature
    too. The archive's entry limit was MAX_FILES itself, so such a field, allowed
    everywhere else, could not be packed, nor an archive of it unpacked or pulled."""
    from memsync.manifest import MAX_FILES

    files = {f"p{i:06d}.md": f"page {i}\n".encode() for i in range(MAX_FILES)}
    field = make_field(tmp_path / "f", files)
    listed = Manifest({n: sha256_hex(d) for n, d in files.items()}).to_bytes()
    keyring.generate(tmp_path / "key")
    (field / "SHA256SUMS").write_bytes(listed)
    (field / SIGNATURE_NAME).write_bytes(sshsig.sign(listed, sshsig.load_private_key(tmp_path / "key")))
    packed = tmp_path / "f.memoryfield.zip"
    with open(packed, "wb") as handle:
        archive_mod.write_field(field, handle)
    with zipfile.ZipFile(packed) as zf:
        assert len(zf.infolist()) == MAX_FILES + 2
    # zipfile's objects for 100,002 entries alone took 56 MiB: the reader keeps columns
    peak = peak_rss_mib("unpack", packed, "out", cwd=tmp_path)
    assert peak < PEAK_LIMIT_MIB, f"unpack of {MAX_FILES} files peaked at {peak:.0f} MiB"
    assert len(list((tmp_path / "out").iterdir())) == MAX_FILES + 2
    assert (tmp_path / "out" / SIGNATURE_NAME).read_bytes() == (field / SIGNATURE_NAME).read_bytes()


def test_an_archive_of_one_file_more_than_max_files_is_refused_before_anything_is_written(
    cli: CliRunner, tmp_path: Path
) -> None:
    """clone and pull refuse a field of more than MAX_FILES files; the archive's
    entry limit leaves room for SHA256SUMS and its sidecars only. An archive of
    MAX_FILES + 1 files without a SHA256SUMS (so no manifest parse counted them)
    was unpacked and verified, into a field memsync then refused to clone."""
    from memsync.manifest import MAX_FILES

    files = {f"p{i:06d}.md": b"" for i in range(MAX_FILES + 1)}  # empty: the central directory is the cost
    too_many = f"{MAX_FILES + 1} files, more than the {MAX_FILES} files a field may hold"
    with pytest.raises(InputError, match=too_many):  # nor does pack write one
        archive_mod.pack_files(files)
    path = tmp_path / "big.memoryfield.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as zf:
        for name in files:
            zf.writestr(zipfile.ZipInfo(name, date_time=FIXED), b"")
    before = sorted(p.name for p in tmp_path.iterdir())
    assert assert_one_line_error(cli("unpack", path, "out")).endswith(f"{path.name}: {too_many}")
    assert assert_one_line_error(cli("verify", path)).endswith(f"{path.name}: {too_many}")
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no out, no .memsync-unpack-* temp
    ws = tmp_path / "ws"
    ws.mkdir()
    assert cli("init", cwd=ws).returncode == 0
    pinned = hashlib.sha256(path.read_bytes()).hexdigest()
    assert assert_one_line_error(cli("pull", path, "--sha256", pinned, cwd=ws)).endswith(too_many)
    assert not (ws / "big").exists()
