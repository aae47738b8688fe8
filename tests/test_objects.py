"""The object store: base objects a run stores in bulk go into one pack
(``objects/packs/ID.pack`` + ``ID.idx``) instead of a file each, and a pack
must be as safe as the files were: every read checked against its hash, a
pack a crash left unfinished never read, ``gc`` dropping exactly what
nothing refers to, and a three-way merge working from a packed base.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from memsync import engine, history
from memsync.store import _PACK_WRITE, LOOSE_STATS, PACK_MIN, PACKS_BEFORE_MERGE, ObjectStore
from memsync.workspace import Workspace
from tests.conftest import make_field, page


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def blobs(count: int, tag: str = "") -> list[bytes]:
    return [f"object {tag}{i}\n".encode() * (i % 7 + 1) for i in range(count)]


def loose(ws: Workspace) -> list[str]:
    root = ws.state / "objects"
    return [n for d in os.listdir(root) if len(d) == 2 for n in os.listdir(root / d)] if root.is_dir() else []


def packs(ws: Workspace) -> list[str]:
    folder = ws.state / "objects" / "packs"
    return sorted(os.listdir(folder)) if folder.is_dir() else []


def test_bulk_objects_go_into_one_pack_readable_before_and_after_it_is_sealed(tmp_path: Path) -> None:
    ws = Workspace.init(tmp_path / "ws")
    store = ObjectStore(ws)
    data = blobs(PACK_MIN * 3)
    for d in data:
        store.put(d, bulk=True)
    assert all(store.get(sha(d)) == d and store.has(sha(d)) for d in data)  # still being written
    assert [n for n in packs(ws) if n.endswith(".idx")] == []
    store.seal()
    assert loose(ws) == [] and len(packs(ws)) == 2  # one pack, one index
    fresh = ObjectStore(ws)
    assert all(fresh.get(sha(d)) == d for d in data)
    assert fresh.names() == {sha(d) for d in data}
    assert fresh.size(sha(data[5])) == len(data[5])


def test_has_answers_from_one_listing_once_many_are_asked_and_the_listing_follows_the_store(tmp_path: Path) -> None:
    """A clone asks about every file: after LOOSE_STATS questions the loose
    objects are listed once; what this store writes or discards afterwards
    is in the answers, and a new run (another process may have written) lists again."""
    ws = Workspace.init(tmp_path / "ws")
    store = ObjectStore(ws)
    kept = blobs(3, "kept")
    for d in kept:
        store.put(d, durable=True)
    asked = blobs(LOOSE_STATS + 5, "absent")
    assert not any(store.has(sha(d)) for d in asked)
    assert store._listed is not None  # listing now, no stat per question
    assert all(store.has(sha(d)) for d in kept)
    later, durable, staged = b"written after the listing\n", b"durable after the listing\n", b"x\n"
    store.put(later)
    store.put(durable, durable=True)
    assert store.has(sha(later)) and store.has(sha(durable)) and not store.has(sha(staged))
    store.discard([sha(kept[0])])
    assert not store.has(sha(kept[0]))
    ObjectStore(ws).put(staged)  # another process, between two runs
    assert not store.has(sha(staged))
    store.drop_unfinished()  # what every run starts with
    assert store.has(sha(staged)) and not store.has(sha(kept[0]))


def test_a_few_bulk_objects_are_files_of_their_own(tmp_path: Path) -> None:
    ws = Workspace.init(tmp_path / "ws")
    store = ObjectStore(ws)
    data = blobs(PACK_MIN - 1)
    for d in data:
        store.put(d, bulk=True)
    store.seal()
    assert packs(ws) == [] and sorted(loose(ws)) == sorted(sha(d) for d in data)


def test_bulk_puts_from_many_threads_all_land(tmp_path: Path) -> None:
    # Records gather in memory and reach the pack a megabyte at a time: with
    # about 10 MB of them, every read races a write of the pack or the buffer.
    ws = Workspace.init(tmp_path / "ws")
    store = ObjectStore(ws)
    data = [f"object {i}\n".encode() * (i % 900 + 1) for i in range(2000)]
    assert sum(map(len, data)) > 8 * _PACK_WRITE

    def put(part: list[bytes]) -> None:
        for d in part:
            store.put(d, bulk=True)
            assert store.get(sha(d)) == d

    threads = [threading.Thread(target=put, args=(data[i::8],)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    [pack] = [n for n in packs(ws) if n.endswith(".pack")]
    written = os.path.getsize(ws.state / "objects" / "packs" / pack)
    assert 0 < written < sum(map(len, data)), "part in the file, part still in memory"
    assert all(store.get(sha(d)) == d for d in data)
    store.seal()
    fresh = ObjectStore(ws)
    assert all(fresh.get(sha(d)) == d for d in data)


_FULL_DISK = """
import os, resource, sys
from pathlib import Path
from memsync.store import ObjectStore
from memsync.workspace import Workspace

soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
store = ObjectStore(Workspace.init(Path(sys.argv[1])))
stored = []
resource.setrlimit(resource.RLIMIT_FSIZE, (5 << 19, hard))  # Python ignores SIGXFSZ: a write fails EFBIG
try:
    for i in range(200):
        data = os.urandom(30_000)
        stored.append((store.put(data, bulk=True), data))
except OSError as exc:
    print("failed", exc.errno, len(stored))
resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))  # the disk has room again
print("read", sum(store.get(s) == d for s, d in stored), "of", len(stored))
store.seal()
fresh = ObjectStore(Workspace.find(Path(sys.argv[1])))
print("sealed", sum(fresh.get(s) == d for s, d in stored), "of", len(stored))
print("listed", sum(fresh.get(s) is not None for s in fresh.names()), "of", len(fresh.names()))
"""


def test_a_pack_write_that_fails_part_way_loses_no_object(tmp_path: Path) -> None:
    # A full disk cuts a megabyte write short mid-buffer; the run goes on to seal what it stored
    # (the engine keeps what a failed run received). Every object a put returned
    # for must read back, before the seal and after it: none shifted, none lost.
    found = subprocess.run(
        [sys.executable, "-c", _FULL_DISK, str(tmp_path / "ws")], capture_output=True, text=True, timeout=60
    )
    assert found.returncode == 0, found.stderr
    failed, read, sealed, listed = found.stdout.splitlines()
    assert failed.startswith("failed 27 ") and int(failed.split()[2]) > 64, found.stdout
    count = failed.split()[2]
    assert read == f"read {count} of {count}" and sealed == f"sealed {count} of {count}", found.stdout
    assert listed.split()[1] == listed.split()[3], f"an object listed is one that reads back: {listed}"


def _sealed(tmp_path: Path, count: int = PACK_MIN * 2) -> tuple[Workspace, list[bytes], Path]:
    ws = Workspace.init(tmp_path / "ws")
    store = ObjectStore(ws)
    data = blobs(count)
    for d in data:
        store.put(d, bulk=True)
    store.seal()
    [pack] = [n for n in packs(ws) if n.endswith(".pack")]
    return ws, data, ws.state / "objects" / "packs" / pack


def test_a_damaged_or_cut_short_pack_reads_as_no_object_never_as_wrong_bytes(tmp_path: Path) -> None:
    ws, data, pack = _sealed(tmp_path)
    offsets = dict(line.split() for line in pack.with_suffix(".idx").read_text().splitlines())
    first, last = int(offsets[sha(data[0])], 16), max(int(o, 16) for o in offsets.values())
    raw = bytearray(pack.read_bytes())
    raw[first + 8 + 2] ^= 0xFF  # inside the first object's bytes
    pack.write_bytes(bytes(raw[: len(raw) - 3]))  # and the last one cut short
    store = ObjectStore(ws)
    assert store.get(sha(data[0])) is None
    [cut] = [d for d in data if int(offsets[sha(d)], 16) == last]
    assert store.get(sha(cut)) is None
    assert sum(store.get(sha(d)) == d for d in data) == len(data) - 2
    # A length that claims more than the pack holds is a short read, not a hang or a huge allocation.
    raw[first : first + 8] = (1 << 40).to_bytes(8, "big")
    pack.write_bytes(bytes(raw))
    assert ObjectStore(ws).get(sha(data[0])) is None


@pytest.mark.parametrize("index", [b"", b"not an index\n", b"ab 12\n", b"\xff\xfe\n"])
def test_a_pack_without_a_readable_index_is_never_read_and_gc_removes_it(tmp_path: Path, index: bytes) -> None:
    ws, data, pack = _sealed(tmp_path)
    idx = pack.with_suffix(".idx")
    if index:
        idx.write_bytes(index)
    else:
        idx.unlink()  # what a crash before the index leaves
    store = ObjectStore(ws)
    assert not any(store.has(sha(d)) for d in data)
    history.gc(ws)
    assert (pack.exists(), idx.exists()) == (False, bool(index))  # an unreadable index stays, harmless
    assert ObjectStore(ws).names() == set()


def test_gc_repacks_dropping_exactly_what_nothing_refers_to(tmp_path: Path) -> None:
    ws, data, pack = _sealed(tmp_path, PACK_MIN * 3)
    store = ObjectStore(ws)
    keep = {sha(d) for d in data[::3]}
    store.repack(keep)
    fresh = ObjectStore(ws)
    assert fresh.names() == keep
    assert all(fresh.get(sha(d)) == d for d in data[::3])
    assert not pack.exists()
    fresh.repack(set())
    assert packs(ws) == [] and ObjectStore(ws).names() == set()


def _age(root: Path) -> None:
    past = time.time() - 60
    for p in root.iterdir():
        os.utime(p, (past, past))


def _writer_and_reader(tmp_path: Path, files: dict[str, str]) -> tuple[Workspace, Workspace]:
    """A writer that pushed ``files`` to a folder remote, and a reader that pulled them."""
    remote = tmp_path / "remote"
    sides = []
    for side in ("w", "r"):
        ws = Workspace.init(tmp_path / side)
        ws.add_field("f", ws.root / "f")
        ws.add_remote("f", "origin", str(remote), {})
        if not sides:
            make_field(ws.root / "f", files)
        engine.Session(ws, "f", None).run("pull" if sides else "push")
        sides.append(ws)
    return sides[0], sides[1]


def test_a_clone_keeps_its_base_in_a_pack_and_merges_from_it(tmp_path: Path) -> None:
    body = "\n".join(f"line {n}" for n in range(12))
    files = {f"p{i:03d}.md": page(f"P{i}", f"{body}\nof page {i}\n") for i in range(PACK_MIN * 2)}
    writer, reader = _writer_and_reader(tmp_path, files)
    assert loose(writer) == [] and len(packs(writer)) == 2  # the push's base too
    assert loose(reader) == [] and len(packs(reader)) == 2

    # Both sides change the same page on different lines: merged from the packed base.
    mine, theirs = reader.root / "f" / "p007.md", writer.root / "f" / "p007.md"
    theirs.write_text(theirs.read_text().replace("line 1\n", "line 1 as the writer has it\n"))
    engine.Session(Workspace.find(writer.root), "f", None).run("sync")
    mine.write_text(mine.read_text().replace("line 10\n", "line 10 as the reader has it\n"))
    report = engine.Session(Workspace.find(reader.root), "f", None).run("sync")
    assert report.conflicts == []
    text = mine.read_text()
    assert "line 1 as the writer has it" in text and "line 10 as the reader has it" in text


def test_gc_merges_many_packs_into_one(tmp_path: Path) -> None:
    ws = Workspace.init(tmp_path / "ws")
    data = []
    for run in range(PACKS_BEFORE_MERGE + 1):  # one pack per run that stored a field's worth
        store = ObjectStore(ws)
        part = blobs(PACK_MIN, f"{run}-")
        for d in part:
            store.put(d, bulk=True)
        store.seal()
        data += part
    assert len(packs(ws)) == 2 * (PACKS_BEFORE_MERGE + 1)
    ObjectStore(ws).repack({sha(d) for d in data})
    assert len(packs(ws)) == 2
    fresh = ObjectStore(ws)
    assert fresh.names() == {sha(d) for d in data} and all(fresh.get(sha(d)) == d for d in data)


def test_a_pack_a_killed_run_left_unfinished_is_dropped_by_the_next_run(tmp_path: Path) -> None:
    ws, data, pack = _sealed(tmp_path)
    orphan = pack.with_name("0123456789abcdef.pack")
    orphan.write_bytes(pack.read_bytes())  # as a run killed before its index leaves one
    ws.add_field("f", ws.root / "f")
    ws.add_remote("f", "origin", str(tmp_path / "remote"), {})
    make_field(ws.root / "f", {"a.md": page("A", "a")})
    engine.Session(ws, "f", None).run("push")
    assert not orphan.exists() and pack.exists()
    assert all(ObjectStore(ws).get(sha(d)) == d for d in data)


def _pushed_field(tmp_path: Path) -> tuple[Workspace, Path, dict[str, str]]:
    ws = Workspace.init(tmp_path / "ws")
    ws.add_field("f", ws.root / "f")
    ws.add_remote("f", "origin", str(tmp_path / "remote"), {})
    files = {f"p{i:03d}.md": page(f"P{i}", f"text of page {i}\n") for i in range(PACK_MIN * 2)}
    make_field(ws.root / "f", files)
    return ws, ws.root / "f", files


def test_a_session_run_again_after_gc_repacked_stores_what_its_base_lists(tmp_path: Path) -> None:
    """A Session (and its object store) kept across runs, as the demo and library
    callers do: a gc between runs rewrites the packs, and the next run must not
    take an object for stored because a pack it read before listed it."""
    ws, root, files = _pushed_field(tmp_path)
    session = engine.Session(ws, "f", None)
    session.run("push")
    target = root / "p000.md"
    original = target.read_bytes()
    target.write_text(files["p000.md"] + "an edit\n")
    session.run("sync")  # the base moves on: the original is garbage in the pack
    history.gc(ws)
    assert ObjectStore(ws).get(sha(original)) is None  # gone with the repack
    target.write_bytes(original)  # and back again
    session.run("sync")
    base = ws.load_base("f", "origin")
    assert base is not None and base.manifest["p000.md"] == sha(original)
    assert ObjectStore(ws).get(sha(original)) == original  # the base's object is there for a merge


def test_a_reader_finds_an_object_a_concurrent_gc_moved_to_a_new_pack(tmp_path: Path) -> None:
    """``memsync history`` reads without the workspace lock: a gc that rewrote the
    pack after the reader listed the indexes must not make a kept version vanish."""
    ws, data, _pack = _sealed(tmp_path)
    reader = ObjectStore(ws)
    assert reader.get(sha(data[0])) == data[0]  # the indexes are read
    ObjectStore(ws).repack({sha(d) for d in data[1:]})  # another process's gc
    assert reader.has(sha(data[1]))
    assert reader.get(sha(data[1])) == data[1]


@pytest.mark.parametrize("offset", ["-000000000000008", "f" * 16, "not hex at all!!"])
def test_an_index_with_an_impossible_offset_is_unreadable_not_an_error(tmp_path: Path, offset: str) -> None:
    ws, data, pack = _sealed(tmp_path)
    idx = pack.with_suffix(".idx")
    lines = idx.read_text().splitlines()
    damaged, rest = lines[0].split(" ")[0], lines[1:]
    idx.write_text("\n".join([f"{damaged} {offset}", *rest]) + "\n")
    store = ObjectStore(ws)
    assert store.get(damaged) is None and store.get(sha(data[3])) in (None, data[3])
    history.gc(ws)  # neither a read nor gc fails on it


@pytest.mark.parametrize("damage", ["empty", "cut"])
def test_gc_keeps_the_versions_history_refers_to_in_a_pack_whose_index_is_damaged(tmp_path: Path, damage: str) -> None:
    """A version history keeps can live only in a pack: a pull after a packed
    clone keeps the page it replaces by finding it stored (history.Journal.keep).
    The index is written without fsync, so a power cut can leave it empty or
    cut short; gc must not then delete the pack with history's only copy."""
    files = {f"p{i:03d}.md": page(f"P{i}", f"text {i}\n") for i in range(PACK_MIN * 2)}
    writer, reader = _writer_and_reader(tmp_path, files)
    old = (reader.root / "f" / "p007.md").read_bytes()
    theirs = writer.root / "f" / "p007.md"
    theirs.write_text(theirs.read_text() + "changed\n")
    engine.Session(Workspace.find(writer.root), "f", None).run("sync")
    engine.Session(Workspace.find(reader.root), "f", None).run("sync")
    assert [e.old for e in history.entries(reader, "f") if e.old] == [sha(old)]
    [idx] = [n for n in packs(reader) if n.endswith(".idx")]
    path = reader.state / "objects" / "packs" / idx
    path.write_bytes(b"" if damage == "empty" else path.read_bytes()[:100])
    history.gc(reader)
    assert ObjectStore(reader).get(sha(old)) == old
    history.restore(reader, "f", "p007.md", sha(old)[:12])
    assert (reader.root / "f" / "p007.md").read_bytes() == old


def test_threads_and_stores_asking_at_once_read_the_pack_index_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from memsync import store as store_module

    ws, data, _pack = _sealed(tmp_path)
    reads: list[str] = []
    real = store_module._indexes

    def counting(folder: str):  # type: ignore[no-untyped-def]
        reads.append(folder)
        time.sleep(0.05)  # long enough for the other threads to ask meanwhile
        return real(folder)

    monkeypatch.setattr(store_module, "_indexes", counting)
    stores = [ObjectStore(ws) for _ in range(3)]
    threads = [threading.Thread(target=lambda s=s: s.get(sha(data[1]))) for s in stores for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(reads) == 1
    # A new pack is seen: its index is read then.
    more = ObjectStore(ws)
    extra = blobs(PACK_MIN, "more-")
    for d in extra:
        more.put(d, bulk=True)
    more.seal()
    assert ObjectStore(ws).get(sha(extra[0])) == extra[0]


def test_a_version_history_keeps_is_a_file_of_its_own_even_when_a_pack_holds_it(tmp_path: Path) -> None:
    """A pack is written without fsync: the version a pull replaces is copied
    out of it into a synced file before the page is replaced."""
    files = {f"p{i:03d}.md": page(f"P{i}", f"page {i}\n") for i in range(PACK_MIN * 2)}
    writer, reader = _writer_and_reader(tmp_path, files)
    old = (reader.root / "f" / "p003.md").read_bytes()
    assert loose(reader) == []  # the clone's base is all packed

    (writer.root / "f" / "p003.md").write_text(page("P3", "page 3, changed\n"))
    engine.Session(Workspace.find(writer.root), "f", None).run("push")
    engine.Session(Workspace.find(reader.root), "f", None).run("pull")
    new = (reader.root / "f" / "p003.md").read_bytes()
    assert sorted(loose(reader)) == sorted([sha(old), sha(new)])  # history's copy, and the new base's one object
    for name in packs(reader):  # even with every pack gone, history has it
        (reader.state / "objects" / "packs" / name).unlink()
    assert ObjectStore(reader).get(sha(old)) == old
    assert history.entries(reader, "f", "p003.md")[-1].old == sha(old)


def test_a_failing_seal_does_not_hide_what_went_wrong_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from memsync.errors import RemoteError

    ws = Workspace.init(tmp_path / "ws")
    ws.add_field("f", ws.root / "f")
    ws.add_remote("f", "origin", str(tmp_path / "nowhere"), {})

    def full(self: ObjectStore) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(ObjectStore, "seal", full)
    with pytest.raises(RemoteError, match="no field there"):
        engine.Session(ws, "f", None).run("pull")
