"""Workspace commands (init, add, fields, remote add/list/remove), their errors,
where the state lives, and the stat cache that keeps a no-op sync from
re-reading a large field.

User-facing behaviour goes through the real CLI in a subprocess; the stat
cache and a few config details are checked through the library.
"""

from __future__ import annotations

import json
import os
import pathlib
import time
from pathlib import Path

import pytest

import memsync.field
import memsync.manifest
from memsync import engine
from memsync.errors import WorkspaceError
from memsync.workspace import STATE_DIR, Workspace, check_name
from tests.conftest import CliRunner, assert_one_line_error, make_field, page


def ok(result) -> str:
    assert result.returncode == 0, f"exit {result.returncode}\nstdout: {result.stdout}\nstderr: {result.stderr}"
    return result.stdout


def js(result) -> dict:
    return json.loads(ok(result))


def config(ws: Path) -> dict:
    return json.loads((ws / STATE_DIR / "config.json").read_bytes())


def tree(root: Path) -> dict[str, bytes | None]:
    """Every file (bytes) and folder (None) under ``root``, hidden ones too."""
    if not root.exists():
        return {}
    return {str(p.relative_to(root)): (None if p.is_dir() else p.read_bytes()) for p in sorted(root.rglob("*"))}


@pytest.fixture
def ws(cli: CliRunner, tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    root.mkdir()
    ok(cli("init", cwd=root))
    return root


# -- init / add / fields ----------------------------------------------------------


def test_init_creates_state_outside_fields_and_is_idempotent(cli: CliRunner, tmp_path: Path) -> None:
    root = tmp_path / "ws"
    out = js(cli("init", str(root), "--json"))
    assert out == {"workspace": str(root), "dry_run": False}
    assert config(root) == {"version": 1, "fields": {}}
    ok(cli("add", "notes", cwd=root))
    # A second init must not wipe the fields already configured.
    ok(cli("init", cwd=root))
    assert "notes" in config(root)["fields"]
    assert js(cli("fields", "--json", cwd=root))["fields"]["notes"]["path"] == str(root / "notes")


def test_add_defaults_to_a_folder_named_after_the_field(cli: CliRunner, ws: Path, tmp_path: Path) -> None:
    out = js(cli("add", "notes", "--json", cwd=ws))
    assert out == {"field": "notes", "path": str(ws / "notes"), "members": [], "dry_run": False}
    assert (ws / "notes").is_dir()
    elsewhere = tmp_path / "outside" / "diary"
    out = js(cli("add", "diary", str(elsewhere), "--json", cwd=ws))
    assert out == {"field": "diary", "path": str(elsewhere), "members": [], "dry_run": False}
    assert elsewhere.is_dir()
    fields = js(cli("fields", "--json", cwd=ws))["fields"]
    assert fields == {
        "diary": {"path": str(elsewhere), "remotes": {}},
        "notes": {"path": str(ws / "notes"), "remotes": {}},
    }
    # The field folders stay flat: nothing of memsync's state is put in them.
    assert list((ws / "notes").iterdir()) == []
    assert list(elsewhere.iterdir()) == []


def test_fields_text_output(cli: CliRunner, ws: Path) -> None:
    assert "no fields yet" in ok(cli("fields", cwd=ws))
    ok(cli("add", "notes", cwd=ws))
    ok(cli("remote", "add", "notes", "origin", "/srv/notes", cwd=ws))
    out = ok(cli("fields", cwd=ws))
    assert f"notes\t{ws / 'notes'}" in out
    assert "origin\t/srv/notes" in out


def test_commands_run_from_a_subdirectory_find_the_workspace(cli: CliRunner, ws: Path) -> None:
    ok(cli("add", "notes", cwd=ws))
    sub = ws / "deep" / "er"
    sub.mkdir(parents=True)
    assert "notes" in js(cli("fields", "--json", cwd=sub))["fields"]
    assert Workspace.find(sub).root == ws


# -- remotes ------------------------------------------------------------------------


def test_remote_add_list_remove_json(cli: CliRunner, ws: Path, tmp_path: Path) -> None:
    ok(cli("add", "notes", cwd=ws))
    remote = tmp_path / "remote"
    out = js(cli("remote", "add", "notes", "origin", str(remote), "--json", cwd=ws))
    assert out == {"field": "notes", "remote": "origin", "url": str(remote), "dry_run": False}
    out = js(
        cli("remote", "add", "notes", "backup", "s3://bucket/notes", "-o", "region=eu-west-1", "--option",
            "endpoint_url=http://127.0.0.1:9000/x?a=b", "--json", cwd=ws)
    )  # fmt: skip
    assert out["remote"] == "backup"
    listed = js(cli("remote", "list", "notes", "--json", cwd=ws))["remotes"]
    assert listed == {
        "origin": {"url": str(remote), "options": {}, "trust": "self"},
        # Only the first '=' splits: a value may hold '=' itself.
        "backup": {
            "url": "s3://bucket/notes",
            "options": {"region": "eu-west-1", "endpoint_url": "http://127.0.0.1:9000/x?a=b"},
            "trust": "self",
        },
    }
    assert js(cli("fields", "--json", cwd=ws))["fields"]["notes"]["remotes"] == {
        "origin": str(remote),
        "backup": "s3://bucket/notes",
    }
    text = ok(cli("remote", "list", "notes", cwd=ws))
    assert f"origin\t{remote}" in text

    # A sync base exists for origin after a push; removing the remote forgets it too.
    (ws / "notes" / "a.md").write_text(page("A", "alpha"))
    ok(cli("push", "notes", cwd=ws))
    base_dir = ws / STATE_DIR / "fields" / "notes" / "base"
    assert sorted(p.name for p in base_dir.iterdir()) == ["origin.SHA256SUMS", "origin.json"]
    out = js(cli("remote", "remove", "notes", "origin", "--json", cwd=ws))
    assert out == {"field": "notes", "removed": "origin", "dry_run": False}
    assert list(base_dir.iterdir()) == []
    assert set(js(cli("remote", "list", "notes", "--json", cwd=ws))["remotes"]) == {"backup"}
    # The remote's data is not touched by forgetting it.
    assert (remote / "a.md").is_file()


def test_remote_commands_accept_the_field_folder_path(cli: CliRunner, ws: Path, tmp_path: Path) -> None:
    ok(cli("add", "notes", cwd=ws))
    ok(cli("remote", "add", "notes", "origin", str(tmp_path / "r"), cwd=ws))
    listed = js(cli("remote", "list", "notes", "--json", cwd=ws / "notes"))
    assert set(listed["remotes"]) == {"origin"}
    listed = js(cli("remote", "list", "./notes", "--json", cwd=ws))
    assert set(listed["remotes"]) == {"origin"}


def test_remote_list_without_remotes(cli: CliRunner, ws: Path) -> None:
    ok(cli("add", "notes", cwd=ws))
    assert js(cli("remote", "list", "notes", "--json", cwd=ws)) == {"remotes": {}}
    assert "no remotes" in ok(cli("remote", "list", "notes", cwd=ws))


# -- errors: one line, non-zero, nothing changed --------------------------------------


OUTSIDE = [
    ("fields",),
    ("add", "notes"),
    ("remote", "add", "notes", "origin", "/tmp/x"),
    ("remote", "list", "notes"),
    ("push", "notes"),
    ("status", "notes"),
]


def test_not_in_a_workspace(cli: CliRunner, tmp_path: Path) -> None:
    lonely = tmp_path / "lonely"
    lonely.mkdir()
    for args in OUTSIDE:
        line = assert_one_line_error(cli(*args, cwd=lonely))
        assert "workspace" in line, args
    assert list(lonely.iterdir()) == []


def test_unknown_field_unknown_remote_no_remote(cli: CliRunner, ws: Path, tmp_path: Path) -> None:
    ok(cli("add", "notes", cwd=ws))
    ok(cli("add", "bare", cwd=ws))
    ok(cli("remote", "add", "notes", "origin", str(tmp_path / "r"), cwd=ws))
    before = tree(ws)
    cases = [
        (("remote", "add", "nope", "origin", "/tmp/x"), "'nope'"),
        (("remote", "list", "nope"), "'nope'"),
        (("sync", "nope"), "'nope'"),
        (("pull", "nope"), "'nope'"),
        (("remote", "remove", "notes", "ghost"), "'ghost'"),
        (("push", "notes", "--remote", "ghost"), "'ghost'"),
        (("pull", "notes", "-r", "ghost"), "'ghost'"),
        (("sync", "bare"), "no remotes"),
    ]
    for args, expected in cases:
        line = assert_one_line_error(cli(*args, cwd=ws))
        assert expected in line, (args, line)
    assert tree(ws) == before
    assert not (tmp_path / "r").exists()


def test_duplicate_field_and_remote(cli: CliRunner, ws: Path, tmp_path: Path) -> None:
    ok(cli("add", "notes", cwd=ws))
    ok(cli("remote", "add", "notes", "origin", "/srv/a", cwd=ws))
    before = tree(ws)
    line = assert_one_line_error(cli("add", "notes", str(tmp_path / "other"), cwd=ws))
    assert "already exists" in line
    assert not (tmp_path / "other").exists()
    line = assert_one_line_error(cli("remote", "add", "notes", "origin", "/srv/b", cwd=ws))
    assert "already has a remote" in line
    assert tree(ws) == before
    assert config(ws)["fields"]["notes"]["remotes"]["origin"]["url"] == "/srv/a"


BAD_NAMES = ["bad name", "../x", "a/b", ".hidden", "-dash", "a..b", "x" * 65, "naïve", "", "a\\b", "a\nb"]


def test_bad_field_and_remote_names_cli(cli: CliRunner, ws: Path) -> None:
    ok(cli("add", "notes", cwd=ws))
    before = tree(ws)
    for name in ["../x", "-dash", "a b"]:
        line = assert_one_line_error(cli("add", "--", name, cwd=ws))
        assert "names" in line, name
        line = assert_one_line_error(cli("remote", "add", "--", "notes", name, "/srv/x", cwd=ws))
        assert "names" in line, name
    assert tree(ws) == before  # in particular no folder created for a bad name


@pytest.mark.parametrize("name", BAD_NAMES)
def test_bad_names_library(tmp_path: Path, name: str) -> None:
    ws = Workspace.init(tmp_path)
    with pytest.raises(WorkspaceError, match="names"):
        ws.add_field(name, tmp_path / "f")
    ws.add_field("f", tmp_path / "f")
    with pytest.raises(WorkspaceError, match="names"):
        ws.add_remote("f", name, "/srv/x", {})
    assert Workspace(tmp_path).fields["f"].remotes == {}
    assert set(Workspace(tmp_path).fields) == {"f"}


@pytest.mark.parametrize("name", ["a", "A1", "notes.v2", "my_field-3", "x" * 64])
def test_good_names(name: str) -> None:
    assert check_name("field", name) == name


def test_option_without_key_equals_value(cli: CliRunner, ws: Path) -> None:
    ok(cli("add", "notes", cwd=ws))
    before = tree(ws)
    for option in ["region", "=value", ""]:
        line = assert_one_line_error(
            cli("remote", "add", "notes", "origin", "/srv/x", "-o", "a=1", "-o", option, cwd=ws)
        )
        assert "KEY=VALUE" in line, option
    assert tree(ws) == before


def test_malformed_config_is_one_line(cli: CliRunner, ws: Path) -> None:
    (ws / STATE_DIR / "config.json").write_text("{not json")
    line = assert_one_line_error(cli("fields", cwd=ws))
    assert "malformed config" in line
    (ws / STATE_DIR / "config.json").write_text('{"version": 99, "fields": {}}')
    line = assert_one_line_error(cli("fields", cwd=ws))
    assert "version" in line


def test_library_find_outside_a_workspace(tmp_path: Path) -> None:
    with pytest.raises(WorkspaceError):
        Workspace.find(tmp_path)


# -- relative remote paths ------------------------------------------------------------


def test_relative_remote_path_means_the_same_folder_from_a_subdirectory(cli: CliRunner, ws: Path) -> None:
    field = make_field(ws / "notes", {"a.md": page("A", "alpha"), "b.md": page("B", "beta")})
    ok(cli("add", "notes", cwd=ws))
    ok(cli("remote", "add", "notes", "origin", "../shared", cwd=ws))
    ok(cli("push", "notes", cwd=ws))
    assert (ws.parent / "shared" / "a.md").is_file()
    sub = ws / "sub"
    sub.mkdir()
    result = cli("sync", "notes", cwd=sub)
    # Whatever it answers, it must not lose the pages nor invent a second remote.
    assert sorted(p.name for p in field.glob("*.md")) == ["a.md", "b.md"]
    assert not (ws / "shared").exists()
    assert result.returncode == 0


# -- stat cache -------------------------------------------------------------------------


def _out_of_the_racy_window() -> None:
    """Files written just now: the stat cache trusts none changed in the last 2 s,
    by mtime (which could be set back) or ctime (which only waiting moves)."""
    time.sleep(2.1)


def _library_workspace(tmp_path: Path, pages: int) -> tuple[Workspace, Path, Path]:
    ws = Workspace.init(tmp_path / "ws")
    root = ws.root / "big"
    ws.add_field("big", root)
    remote = tmp_path / "remote"
    ws.add_remote("big", "origin", str(remote), {})
    make_field(root, {f"page-{i:04d}.md": page(f"Page {i}", f"fact number {i}\n" + "x" * 200) for i in range(pages)})
    return ws, root, remote


def test_statcache_noop_sync_does_not_reread_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ws, root, _remote = _library_workspace(tmp_path, 500)
    _out_of_the_racy_window()  # eligible for the cache
    first = engine.Session(ws, "big", None).run("sync")
    assert len(first.remote_changes) == 500

    hashed: list[str] = []
    read: list[Path] = []
    real_hash = memsync.field.hash_file
    real_read = pathlib.Path.read_bytes

    def counting_hash(path: Path) -> str:
        hashed.append(Path(path).name)
        return real_hash(path)

    def counting_read(self: Path) -> bytes:
        if self.parent == root:
            read.append(self)
        return real_read(self)

    monkeypatch.setattr(memsync.field, "hash_file", counting_hash)
    monkeypatch.setattr(pathlib.Path, "read_bytes", counting_read)

    second = engine.Session(Workspace.find(ws.root), "big", None).run("sync")
    assert second.local_changes == [] and second.remote_changes == []
    assert hashed == []
    assert [p for p in read if p.suffix == ".md"] == []

    # The counter does see work when there is some: one page changed (same size,
    # other mtime) is hashed once, and only that one.
    target = root / "page-0007.md"
    data = target.read_bytes()
    target.write_bytes(data.replace(b"fact number 7", b"fact number X"))
    past = time.time() - 30
    os.utime(target, (past, past))
    third = engine.Session(Workspace.find(ws.root), "big", None).run("sync")
    assert [c.name for c in third.remote_changes] == ["page-0007.md"]
    assert hashed == ["page-0007.md"]


def test_statcache_never_trusts_a_fresh_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file modified within the racy window is re-hashed on the next scan, so an
    edit in the same mtime tick that keeps the size is not missed."""
    ws, root, _remote = _library_workspace(tmp_path, 5)
    engine.Session(ws, "big", None).run("sync")  # files are fresh: not cached
    target = root / "page-0001.md"
    stat = target.stat()
    data = target.read_bytes()
    target.write_bytes(data.replace(b"fact number 1", b"fact number Z"))
    os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # same size, same mtime
    report = engine.Session(Workspace.find(ws.root), "big", None).run("sync")
    assert [c.name for c in report.remote_changes] == ["page-0001.md"]


def _hash_counter(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    hashed: list[str] = []
    real_hash = memsync.field.hash_file

    def counting_hash(path: Path) -> str:
        hashed.append(Path(path).name)
        return real_hash(path)

    monkeypatch.setattr(memsync.field, "hash_file", counting_hash)
    return hashed


def _synced_library(tmp_path: Path, pages: int = 60) -> tuple[Workspace, Path, Path]:
    ws, root, _remote = _library_workspace(tmp_path, pages)
    _out_of_the_racy_window()
    engine.Session(ws, "big", None).run("sync")
    return ws, root, ws.field_state_dir("big") / "statcache.json"


def _sync(ws: Workspace) -> engine.SyncReport:
    return engine.Session(Workspace.find(ws.root), "big", None).run("sync")


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"{",
        b"[1, 2]",
        b'{"version": 3, "names": ["page-0001.md"], "stats": [1, 2, 3], "shas": "", "digest": null}',
        b'{"version": 3, "names": ["page-0001.md", "page-0001.md"], "stats": [], "shas": "", "digest": null}',
        b'{"version": 3, "names": [7], "stats": [1, 2, 3, 4], "shas": "' + b"0" * 64 + b'", "digest": null}',
        b'{"page-0001.md": [1, 2, "x", "y"]}',
    ],
)
def test_a_damaged_statcache_costs_a_rehash_never_a_wrong_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: bytes
) -> None:
    ws, root, path = _synced_library(tmp_path)
    target = root / "page-0001.md"
    st = target.stat()
    target.write_bytes(target.read_bytes().replace(b"fact number 1", b"fact number Q"))  # same size
    os.utime(target, ns=(st.st_atime_ns, st.st_mtime_ns))
    path.write_bytes(damage)
    hashed = _hash_counter(monkeypatch)
    report = _sync(ws)
    assert [c.name for c in report.remote_changes] == ["page-0001.md"]
    assert len(hashed) == 60
    hashed.clear()
    # And the cache is whole again, but for the page edited just now (its ctime is in the racy window).
    assert _sync(ws).remote_changes == [] and hashed == ["page-0001.md"]


@pytest.mark.parametrize("where", ["shas", "digest"])
def test_a_flipped_byte_in_a_saved_statcache_costs_a_rehash_never_a_wrong_hash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    ws, _root, path = _synced_library(tmp_path)
    _sync(ws)
    raw = bytearray(path.read_bytes())
    at = raw.index(f'"{where}":"'.encode()) + len(where) + 20  # inside a sha256 / the digest's hex
    raw[at] = ord("0") if raw[at] != ord("0") else ord("1")
    path.write_bytes(bytes(raw))
    hashed = _hash_counter(monkeypatch)
    report = _sync(ws)
    assert report.local_changes == [] and report.remote_changes == []
    assert len(hashed) == 60 and report.digest == ws.load_base("big", "origin").manifest.digest


@pytest.mark.parametrize("removed", [False, True])
def test_statcache_rows_changed_after_a_load_are_saved_as_a_whole_fold_would(removed: bool) -> None:
    """Rows rewritten in place (a pull of a few pages) or folded whole must give
    the same cache, and its digest must be the rows' own."""
    import hashlib

    from memsync.field import StatCache
    from memsync.manifest import Manifest

    def row(i: int, tag: str = "") -> tuple[int, int, int, int, str]:
        return (i, i * 10, i * 20, i * 100, hashlib.sha256(f"{tag}{i}".encode()).hexdigest())

    fresh = StatCache()
    fresh.update({f"p{i:03d}.md": row(i) for i in range(100)})
    loaded = StatCache.from_bytes(b"".join(fresh.chunks()))
    expect = loaded.rows()
    for name, new in {"p007.md": row(7, "x"), "p050.md": row(50, "y"), "new.md": row(1000)}.items():
        loaded[name] = new
        expect[name] = new
    if removed:
        loaded.pop("p020.md")
        del expect["p020.md"]
    # What a sync says the field holds is taken only where the rows list exactly
    # that; rows that are not the field claim no digest at all, never another's.
    rows_digest = Manifest({n: r[-1] for n, r in expect.items()}).digest
    for told_right in (False, True):
        told = {n: r[-1] for n, r in expect.items()}
        if not told_right:
            told["p001.md"] = row(1, "not what the rows say")[-1]
        cache = StatCache.from_bytes(b"".join(loaded.chunks()))
        cache["p007.md"] = row(7, "z")  # changed after the load, and back: a row to save
        cache["p007.md"] = row(7, "x")
        cache.settle(Manifest(told))
        again = StatCache.from_bytes(b"".join(cache.chunks()))
        assert again.rows() == expect
        assert again.digest == (rows_digest if told_right else None)
    unsettled = StatCache.from_bytes(b"".join(loaded.chunks()))
    unsettled["p007.md"] = row(7, "z")
    unsettled["p007.md"] = row(7, "x")
    assert StatCache.from_bytes(b"".join(unsettled.chunks())).digest == rows_digest


def test_pages_swapped_by_rename_are_seen_though_size_and_mtime_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two pages of one size and one mtime swapped by renames: only the inode
    tells them apart, and the cached digest of the whole field must not hide it."""
    ws, root, _path = _synced_library(tmp_path)
    a, b = root / "page-0003.md", root / "page-0004.md"
    assert a.stat().st_size == b.stat().st_size
    past = time.time() - 60
    for p in (a, b):
        os.utime(p, (past, past))
    _out_of_the_racy_window()
    _sync(ws)
    os.rename(a, root / "swap.tmp")
    os.rename(b, a)
    os.rename(root / "swap.tmp", b)
    hashed = _hash_counter(monkeypatch)
    report = _sync(ws)
    assert sorted(hashed) == ["page-0003.md", "page-0004.md"]
    assert sorted(c.name for c in report.remote_changes) == ["page-0003.md", "page-0004.md"]


def test_a_noop_sync_neither_parses_the_base_nor_hashes_a_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ws, root, path = _synced_library(tmp_path)
    _sync(ws)  # the cache now lists the files in the order the scan meets them
    parsed: list[str] = []
    real_parse = memsync.manifest.Manifest.parse.__func__  # type: ignore[attr-defined]

    def counting_parse(
        cls: type, data: bytes, *, where: str = "SHA256SUMS", **kwargs: object
    ) -> memsync.manifest.Manifest:
        parsed.append(where)
        return real_parse(cls, data, where=where, **kwargs)

    monkeypatch.setattr(memsync.manifest.Manifest, "parse", classmethod(counting_parse))
    hashed = _hash_counter(monkeypatch)
    saved = path.stat()
    report = _sync(ws)
    assert report.local_changes == [] and report.remote_changes == []
    assert hashed == [] and "sync base" not in parsed
    assert path.stat().st_mtime_ns == saved.st_mtime_ns and path.stat().st_ino == saved.st_ino  # nothing to save
    # With one page changed the base is read as before, and that page alone hashed.
    target = root / "page-0009.md"
    target.write_bytes(target.read_bytes() + b"more\n")
    os.utime(target, (time.time() - 30, time.time() - 30))
    report = _sync(ws)
    assert [c.name for c in report.remote_changes] == ["page-0009.md"]
    assert hashed == ["page-0009.md"] and "sync base" in parsed


def test_statcache_rows_follow_the_order_the_scan_meets_the_files(tmp_path: Path) -> None:
    ws, root, path = _synced_library(tmp_path)
    listed = [n for n in os.listdir(root) if n.endswith(".md")]
    _sync(ws)
    assert json.loads(path.read_bytes())["names"] == listed


@pytest.mark.parametrize("window", [7, 64, 100, 1 << 20])
@pytest.mark.parametrize("asked", [5, 200])
def test_mentioned_finds_digests_across_read_windows(tmp_path: Path, window: int, asked: int) -> None:
    import hashlib
    import json

    from memsync import workspace

    shas = [hashlib.sha256(str(i).encode()).hexdigest() for i in range(400)]
    journal = tmp_path / "history.jsonl"
    lines = [json.dumps({"old": shas[i], "new": shas[i + 1], "page": f"p{i}.md"}) for i in range(0, 300, 2)]
    journal.write_text("\n".join(lines) + "\n")
    among = shas[::2][:asked] + shas[300:][:asked]  # half listed in the journal, half not
    expect = {s for s in among if s in shas[:300]}
    # Read a few bytes at a time, so digests keep falling across the window edges.
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.setattr(workspace._windows, "__defaults__", (window,))
    try:
        assert workspace.mentioned([journal, tmp_path / "missing"], among) == expect
    finally:
        monkeypatch.undo()


@pytest.mark.parametrize("incoming", [False, True])
def test_temp_files_a_crashed_write_left_in_the_field_go_with_the_next_sync(tmp_path: Path, incoming: bool) -> None:
    from memsync.disk.atomic import TEMP_PREFIX

    ws, root, _path = _synced_library(tmp_path, 5)
    left = root / f"{TEMP_PREFIX}crashed"
    left.write_bytes(b"half a page")
    if incoming:  # a change arrives too, so the sync writes pages
        other = Workspace.init(tmp_path / "other")
        other.add_field("big", other.root / "big")
        other.add_remote("big", "origin", str(tmp_path / "remote"), {})
        engine.Session(other, "big", None).run("pull")
        (other.root / "big" / "page-0002.md").write_text(page("Page 2", "changed elsewhere"))
        engine.Session(Workspace.find(other.root), "big", None).run("sync")
    report = _sync(ws)
    assert not left.exists()
    assert [c.name for c in report.local_changes] == (["page-0002.md"] if incoming else [])
