"""The vector cache: reference schema, incremental one-transaction rebuilds,
defensive reading of other indexes, and search with the built-in embedder."""

from __future__ import annotations

import hashlib
import json
import math
import os
import sqlite3
import struct
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memsync.frontmatter import parse
from memsync.vectors.builtin import HashedWords
from memsync.vectors.rebuild import rebuild
from memsync.vectors.reuse import IndexIgnored, reuse_rows
from tests.conftest import CliRunner, assert_one_line_error, make_field, page, tree_hashes

BUILTIN_INDEX = "memsync-hashed-words-v1-512.sqlite3"
# PRAGMA table_info of the reference tool's table: (cid, name, type, notnull, default, pk).
REFERENCE_COLUMNS = [
    (0, "filename", "TEXT", 0, None, 1),
    (1, "frontmatter", "JSON", 1, None, 0),
    (2, "last_modified", "DATETIME", 1, None, 0),
    (3, "sha256_hash", "BLOB", 1, None, 0),
    (4, "embedding", "BLOB", 1, None, 0),
]
REFERENCE_SQL = (
    "CREATE TABLE pages (filename TEXT PRIMARY KEY, frontmatter JSON NOT NULL, "
    "last_modified DATETIME NOT NULL, sha256_hash BLOB NOT NULL, embedding BLOB NOT NULL)"
)


def ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, f"exit {result.returncode}\nstdout: {result.stdout}\nstderr: {result.stderr}"
    return result.stdout


class Counting(HashedWords):
    """The built-in embedder, counting the calls and inputs it gets."""

    def __init__(self, fail_on_call: int | None = None) -> None:
        self.calls: list[list[str]] = []
        self.fail_on_call = fail_on_call

    def embed(self, texts: list[str]) -> list[list[float]]:
        self.calls.append(texts)
        if len(self.calls) == self.fail_on_call:
            raise RuntimeError("embedder gave up")
        return super().embed(texts)

    @property
    def embedded(self) -> int:
        return sum(map(len, self.calls))


def topic_pages(n: int, start: int = 0) -> dict[str, str]:
    return {
        f"note-{i:03d}.md": page(f"Note {i}", f"Thoughts number {i} about subject{i} and item{i}.")
        for i in range(start, start + n)
    }


def rows(index: Path) -> dict[str, tuple]:
    with sqlite3.connect(index) as conn:
        return {r[0]: r[1:] for r in conn.execute("SELECT * FROM pages")}


# -- the index file ----------------------------------------------------------------


def test_index_has_exactly_the_reference_schema_and_rows(cli: CliRunner, tmp_path: Path) -> None:
    field = make_field(
        tmp_path / "f",
        {
            **topic_pages(3),
            "bare.md": "no frontmatter at all\n",
            "bad-yaml.md": "---\ntitle: [unclosed\n---\nbody\n",
            "latin1.md": b"caf\xe9 is not UTF-8\n",
            "picture.png": b"\x89PNG not a page",
            ".hidden.md": "editor litter",
        },
    )
    report = json.loads(ok(cli("index", field, "--embedder", "builtin", "--json")))
    assert report["embedder"] == "builtin" and report["model_code"] == "memsync-hashed-words-v1-512"
    assert report["embedded"] == 6 and report["calls"] == 1

    index = field / BUILTIN_INDEX
    with sqlite3.connect(index) as conn:
        assert conn.execute("PRAGMA table_info(pages)").fetchall() == REFERENCE_COLUMNS
        objects = conn.execute("SELECT type, name FROM sqlite_master").fetchall()
        assert sorted(objects) == [("index", "sqlite_autoindex_pages_1"), ("table", "pages")]
        query = (
            "SELECT filename, frontmatter, last_modified, sha256_hash, embedding,"
            " typeof(sha256_hash), typeof(embedding) FROM pages"
        )
        stored = {r[0]: r[1:] for r in conn.execute(query)}

    pages_on_disk = sorted(p.name for p in field.iterdir() if p.suffix == ".md" and not p.name.startswith("."))
    assert sorted(stored) == pages_on_disk
    for name, (meta, modified, digest, blob, digest_type, blob_type) in stored.items():
        data = (field / name).read_bytes()
        assert (digest_type, blob_type) == ("blob", "blob")
        assert digest == hashlib.sha256(data).digest()
        assert len(blob) == 512 * 4
        vector = struct.unpack("<512f", blob)
        assert math.isclose(math.sqrt(sum(v * v for v in vector)), 1.0, rel_tol=1e-5)
        mtime = datetime.fromtimestamp((field / name).stat().st_mtime, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        assert modified == mtime
        expected = parse(data.decode()) if name.startswith("note-") else {}
        assert json.loads(meta) == expected


def test_rebuild_embeds_only_new_and_changed_pages_in_batches(tmp_path: Path) -> None:
    field = make_field(tmp_path / "f", topic_pages(10))
    first = Counting()
    report = rebuild(field, first, batch=4)
    assert (report.embedded, report.calls, first.embedded, len(first.calls)) == (10, 3, 10, 3)

    # Change 3, add 2, remove 1, rename 1 (same bytes), touch 1 (same bytes, new mtime).
    for i in (0, 1, 2):
        (field / f"note-{i:03d}.md").write_text(page(f"Note {i}", f"rewritten {i}"))
    make_field(field, topic_pages(2, start=50))
    (field / "note-003.md").unlink()
    (field / "note-004.md").rename(field / "renamed.md")
    os.utime(field / "note-005.md", (1_000_000_000, 1_000_000_000))
    second = Counting()
    report = rebuild(field, second, batch=4)
    assert (second.embedded, len(second.calls)) == (5, 2)
    assert (report.embedded, report.reused, report.removed, report.unchanged) == (5, 2, 2, 4)
    assert set(rows(field / BUILTIN_INDEX)) == {p.name for p in field.glob("*.md")}
    assert rows(field / BUILTIN_INDEX)["note-005.md"][1] == "2001-09-09T01:46:40Z"

    third = Counting()
    assert rebuild(field, third).embedded == 0 and third.calls == []


COUNTS = ("pages", "embedded", "reused", "unchanged", "removed", "calls")


def test_a_dry_run_rebuild_counts_what_the_rebuild_does_and_calls_no_embedder(tmp_path: Path) -> None:
    field = make_field(tmp_path / "f", topic_pages(10))
    assert rebuild(field, Counting(), batch=4, dry_run=True).embedded == 10
    assert not (field / BUILTIN_INDEX).exists(), "a dry run makes no index"
    rebuild(field, Counting(), batch=4)
    for i in (0, 1, 2):
        (field / f"note-{i:03d}.md").write_text(page(f"Note {i}", f"rewritten {i}"))
    make_field(field, {**topic_pages(2, start=50), "twin-a.md": "same words\n", "twin-b.md": "same words\n"})
    (field / "note-003.md").unlink()
    (field / "note-004.md").rename(field / "renamed.md")
    os.utime(field / "note-005.md", (1_000_000_000, 1_000_000_000))
    before = tree_hashes(field)

    silent = Counting()
    dry = rebuild(field, silent, batch=4, dry_run=True)
    assert silent.calls == [] and tree_hashes(field) == before
    real = rebuild(field, Counting(), batch=4)
    assert dry.dry_run and not real.dry_run
    assert [getattr(dry, k) for k in COUNTS] == [getattr(real, k) for k in COUNTS] == [13, 6, 3, 4, 2, 2]


def test_index_dry_run_in_a_workspace_writes_nothing_and_says_so(cli: CliRunner, tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    env = {"MEMSYNC_EMBEDDER": "builtin", "OLLAMA_HOST": ""}
    ok(cli("init", cwd=ws, env=env))
    field = make_field(ws / "notes", topic_pages(4))
    ok(cli("add", "notes", cwd=ws, env=env))
    ok(cli("index", "notes", cwd=ws, env=env))
    (field / "note-000.md").write_text(page("Note 0", "rewritten"))
    (field / "note-001.md").rename(field / "moved.md")
    (field / "note-002.md").unlink()
    make_field(field, topic_pages(1, start=9))
    before = tree_hashes(ws)

    planned = json.loads(ok(cli("index", "notes", "--dry-run", "--json", cwd=ws, env=env)))
    text = ok(cli("index", "notes", "--dry-run", cwd=ws, env=env))
    assert tree_hashes(ws) == before, "no index row, journal, lock or sidecar written"
    assert planned["dry_run"] is True
    assert f"would update index {BUILTIN_INDEX} (builtin embedder): 4 page(s), 2 embedded in 1 call(s)" in text
    assert "1 reused, 1 unchanged, 2 removed" in text

    done = json.loads(ok(cli("index", "notes", "--json", cwd=ws, env=env)))
    assert done["dry_run"] is False and ok(cli("index", "notes", cwd=ws, env=env)).startswith(f"index {BUILTIN_INDEX}")
    assert [planned[k] for k in COUNTS] == [done[k] for k in COUNTS] == [4, 2, 1, 1, 2, 1]


def test_identical_pages_are_embedded_once(tmp_path: Path) -> None:
    field = make_field(tmp_path / "f", {"a.md": "same words\n", "b.md": "same words\n"})
    embedder = Counting()
    report = rebuild(field, embedder)
    assert (embedder.embedded, report.embedded, report.reused) == (1, 1, 1)
    assert len(rows(field / BUILTIN_INDEX)) == 2


def test_a_failed_rebuild_changes_nothing(tmp_path: Path) -> None:
    field = make_field(tmp_path / "f", topic_pages(6))
    rebuild(field, Counting(), batch=2)
    before = rows(field / BUILTIN_INDEX)
    for i in range(6):
        (field / f"note-{i:03d}.md").write_text(f"all new {i}\n")
    (field / "extra.md").write_text("one more\n")
    with pytest.raises(RuntimeError):
        rebuild(field, Counting(fail_on_call=2), batch=2)
    assert rows(field / BUILTIN_INDEX) == before, "one transaction: all or nothing"
    assert not list(field.glob("*.sqlite3-*")), "no journal left behind"


def test_a_damaged_local_index_is_rebuilt_not_trusted(tmp_path: Path) -> None:
    field = make_field(tmp_path / "f", topic_pages(2))
    (field / BUILTIN_INDEX).write_bytes(b"not a database at all" * 100)
    before = tree_hashes(field)
    report = rebuild(field, Counting(), dry_run=True)
    assert report.embedded == 2 and "would be rebuilt from scratch" in report.warnings[0]
    assert tree_hashes(field) == before, "a dry run leaves even a damaged index as it is"
    report = rebuild(field, Counting())
    assert report.embedded == 2 and "rebuilt from scratch" in report.warnings[0]
    with sqlite3.connect(field / BUILTIN_INDEX) as conn:
        conn.execute("CREATE TRIGGER t AFTER DELETE ON pages BEGIN SELECT 1; END")
    (field / "note-000.md").unlink()
    report = rebuild(field, Counting())
    assert "trigger t" in report.warnings[0] and report.embedded == 1


# -- indexes from elsewhere --------------------------------------------------------


def reference_index(path: Path, pages: dict[str, bytes], dimension: int = 512, sql: str = REFERENCE_SQL) -> Path:
    with sqlite3.connect(path) as conn:
        conn.execute(sql)
        for name, data in pages.items():
            blob = struct.pack(f"<{dimension}f", *HashedWords()._vector(data.decode())[:dimension])
            conn.execute(
                "INSERT INTO pages VALUES (?, '{}', '2026-01-01T00:00:00Z', ?, ?)",
                (name, hashlib.sha256(data).digest(), blob),
            )
    conn.close()
    return path


def test_reuse_rows_of_a_sound_trusted_index_saves_embedding(tmp_path: Path) -> None:
    pages = {name: text.encode() for name, text in topic_pages(5).items()}
    theirs = reference_index(tmp_path / BUILTIN_INDEX, pages)
    before = theirs.read_bytes()
    reusable = reuse_rows(theirs, model_code="memsync-hashed-words-v1-512", dimension=512)
    assert set(reusable) == {hashlib.sha256(d).digest() for d in pages.values()}
    assert theirs.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == [BUILTIN_INDEX]

    field = make_field(tmp_path / "f", pages)
    embedder = Counting()
    report = rebuild(field, embedder, trusted_rows=reusable)
    assert (embedder.embedded, report.reused) == (0, 5)


def _hostile(kind: str, path: Path) -> Path:
    good = {"a.md": b"alpha words", "b.md": b"beta words"}
    if kind == "garbage":
        path.write_bytes(os.urandom(4096))
    elif kind == "header-then-garbage":
        path.write_bytes(b"SQLite format 3\x00" + os.urandom(8192))
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "truncated":
        reference_index(path, {f"p{i}.md": b"x" * i for i in range(200)})
        path.write_bytes(path.read_bytes()[:6000])
    elif kind == "wrong-schema":
        reference_index(path, good, sql=REFERENCE_SQL.replace("embedding BLOB NOT NULL", "embedding TEXT"))
    elif kind == "extra-column":
        reference_index(path, {}, sql=REFERENCE_SQL.replace(")", ", extra TEXT)"))
    elif kind == "no-table":
        with sqlite3.connect(path) as conn:
            conn.execute("CREATE TABLE other (x)")
        conn.close()
    elif kind in ("trigger", "view", "extra-table"):
        reference_index(path, good)
        extra = {
            "trigger": "CREATE TRIGGER boom AFTER INSERT ON pages BEGIN DELETE FROM pages; END",
            "view": "CREATE VIEW v AS SELECT load_extension('/nonexistent') AS x",
            "extra-table": "CREATE TABLE notes (x)",
        }[kind]
        with sqlite3.connect(path) as conn:
            conn.execute(extra)
        conn.close()
    elif kind == "wrong-blob-size":
        reference_index(path, good, dimension=511)
    elif kind == "mixed-blob-sizes":
        reference_index(path, good)
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE pages SET embedding = x'00000000' WHERE filename = 'b.md'")
        conn.close()
    elif kind == "short-digest":
        reference_index(path, good)
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE pages SET sha256_hash = x'0011'")
        conn.close()
    elif kind == "text-digest":
        reference_index(path, good)
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE pages SET sha256_hash = hex(sha256_hash)")
        conn.close()
    elif kind == "nan":
        reference_index(path, good)
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE pages SET embedding = ?", (struct.pack("<512f", *[math.nan] * 512),))
        conn.close()
    elif kind == "wal":
        reference_index(path, good)
        with sqlite3.connect(path) as conn:
            conn.execute("PRAGMA journal_mode=WAL")
        conn.close()
    elif kind == "symlink":
        target = reference_index(path.with_name("real.sqlite3"), good)
        path.symlink_to(target)
    elif kind == "directory":
        path.mkdir()
    return path


HOSTILE = [
    "garbage",
    "header-then-garbage",
    "empty",
    "truncated",
    "wrong-schema",
    "extra-column",
    "no-table",
    "trigger",
    "view",
    "extra-table",
    "wrong-blob-size",
    "mixed-blob-sizes",
    "short-digest",
    "text-digest",
    "nan",
    "wal",
    "symlink",
    "directory",
]


@pytest.mark.parametrize("kind", HOSTILE)
def test_reuse_rows_ignores_a_malformed_or_hostile_index_with_a_warning(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "incoming"
    folder.mkdir()
    path = _hostile(kind, folder / BUILTIN_INDEX)
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and not p.is_symlink()}
    with pytest.warns(IndexIgnored, match="vector index ignored"):
        assert reuse_rows(path, model_code="memsync-hashed-words-v1-512", dimension=512) == {}
    after = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and not p.is_symlink()}
    assert after == before, "reading must never write, create journals or run triggers"


def test_reuse_rows_refuses_an_index_of_another_model(tmp_path: Path) -> None:
    path = reference_index(tmp_path / "nomic-embed-text-v1.5.sqlite3", {"a.md": b"alpha"})
    with pytest.warns(IndexIgnored, match="not an index of"):
        assert reuse_rows(path, model_code="memsync-hashed-words-v1-512") == {}


# -- search ----------------------------------------------------------------------


def test_search_with_the_builtin_embedder_finds_the_planted_page_first(cli: CliRunner, tmp_path: Path) -> None:
    planted = page("Carbon steel woks", "Season a carbon steel wok with oil and high heat before stir frying.")
    field = make_field(tmp_path / "f", {**topic_pages(40), "woks.md": planted})
    index = json.loads(ok(cli("index", field, "--json")))
    assert index["embedder"] == "builtin", "no Ollama here: auto falls back to the built-in embedder"
    result = json.loads(ok(cli("search", field, "how to season a carbon steel wok", "-k", "3", "--json")))
    assert [(f["embedder"], f["trust"]) for f in result["fields"]] == [("builtin", "local")]
    assert result["results"][0]["filename"] == "woks.md"
    assert result["results"][0]["title"] == "Carbon steel woks" and len(result["results"]) == 3
    text = ok(cli("search", field, "carbon steel wok"))
    assert text.splitlines()[0].endswith("woks.md  Carbon steel woks")


# -- errors ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("index", "missing"), "no such field folder"),
        (("index", "f", "--embedder", "nope"), "no embedder 'nope'"),
        (("index", "f", "--batch", "0"), "batch size must be at least 1"),
        (("index", "f", "--embedder", "ollama"), "Ollama is not reachable"),
        (("search", "f", "anything"), "index yet; run 'memsync index f'"),
        (("search", "f", "anything", "--embedder", "builtin"), "no memsync-hashed-words-v1-512 index yet"),
        (("search", "f", "anything", "-k", "0"), "-k must be at least 1"),
        (("index", "nested"), "a field must be flat"),
    ],
)
def test_index_and_search_errors_are_one_line(
    cli: CliRunner, tmp_path: Path, args: tuple[str, ...], expected: str
) -> None:
    make_field(tmp_path / "f", topic_pages(2))
    (tmp_path / "nested" / "sub").mkdir(parents=True)
    closed = {"OLLAMA_HOST": "127.0.0.1:9", "MEMSYNC_EMBEDDER": ""}
    assert expected in assert_one_line_error(cli(*args, env=closed))
    assert not list((tmp_path / "f").glob("*.sqlite3")), "a failed index leaves no index file behind"


def test_search_of_a_damaged_index_is_one_line(cli: CliRunner, tmp_path: Path) -> None:
    field = make_field(tmp_path / "f", topic_pages(2))
    (field / BUILTIN_INDEX).write_bytes(b"garbage" * 1000)
    assert BUILTIN_INDEX in assert_one_line_error(cli("search", field, "anything"))


def test_junk_named_like_an_index_does_not_choose_the_embedder(cli: CliRunner, tmp_path: Path) -> None:
    field = make_field(tmp_path / "f", {**topic_pages(2), "nomic-embed-text-v1.5.sqlite3": b"derived junk"})
    report = json.loads(ok(cli("index", field, "--json", env={"OLLAMA_HOST": "127.0.0.1:9", "MEMSYNC_EMBEDDER": ""})))
    assert report["embedder"] == "builtin"
    assert (field / "nomic-embed-text-v1.5.sqlite3").read_bytes() == b"derived junk"


# -- a trusted remote's index, after a clone or pull --------------------------------------


def _index_of(result: subprocess.CompletedProcess[str]) -> dict:
    return json.loads(ok(result))["index"]


def test_clone_from_a_trusted_remote_reuses_its_index_and_a_pull_embeds_only_what_changed(
    cli: CliRunner, tmp_path: Path
) -> None:
    pages = {f"note-{i:03d}.md": page(f"Note {i}", f"words about topic {i} and more") for i in range(40)}
    remote = make_field(tmp_path / "remote", pages)
    # Another machine pushed there and indexed it; the clone trusts its own folder (self).
    writer = tmp_path / "writer"
    writer.mkdir()
    ok(cli("clone", remote, "f", "--json", cwd=writer))
    rebuild(remote, HashedWords())

    reader = tmp_path / "reader"
    reader.mkdir()
    index = _index_of(cli("clone", remote, "f", "--json", cwd=reader))
    assert (index["embedded"], index["reused"], index["pages"]) == (0, 40, 40)
    vectors = {name: (row[2], row[3]) for name, row in rows(remote / BUILTIN_INDEX).items()}
    assert {name: (row[2], row[3]) for name, row in rows(reader / "f" / BUILTIN_INDEX).items()} == vectors

    # k changed pages embed exactly k: a whole index is not fetched to save three embeddings.
    for i in (1, 2, 3):
        (writer / "f" / f"note-{i:03d}.md").write_text(page(f"Note {i}", f"changed words {i}"))
    ok(cli("push", "f", cwd=writer))
    index = _index_of(cli("pull", "f", "--json", cwd=reader))
    assert (index["embedded"], index["unchanged"]) == (3, 37)


def test_an_untrusted_remotes_index_is_never_read(cli: CliRunner, tmp_path: Path) -> None:
    pages = {f"note-{i:03d}.md": page(f"Note {i}", f"words about topic {i}") for i in range(12)}
    remote = make_field(tmp_path / "remote", pages)
    ok(cli("manifest", remote, cwd=tmp_path))
    rebuild(remote, HashedWords())
    digest = json.loads(ok(cli("verify", remote, "--json", cwd=tmp_path)))["digest"]
    reader = tmp_path / "reader"
    reader.mkdir()
    # Pinned, so applied; but an untrusted source's derived files stay where they are.
    result = cli("clone", remote, "f", "--trust", "untrusted", "--sha256", digest, "--json", cwd=reader)
    index = _index_of(result)
    assert (index["embedded"], index["reused"]) == (12, 0)
