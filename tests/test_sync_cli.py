"""push, pull, sync, clone, status, mirror and archive remotes, end to end.

Two "machines" are two workspaces under one tmp dir sharing a remote folder
(or archive). Everything user-facing runs the real CLI in a subprocess; the
request-economy checks count backend calls through the library.
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

import memsync.field
import memsync.protocol
from memsync import engine, frontmatter, merge
from memsync.names import Role, conflict_name, name_problem, role_of
from memsync.protocol import FieldRemote
from memsync.workspace import STATE_DIR, Workspace
from tests.conftest import CliRunner, assert_one_line_error, make_field, page

REPORT_KEYS = {"local_changes", "remote_changes", "conflicts", "renames", "notes", "digest"}


def ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, f"exit {result.returncode}\nstdout: {result.stdout}\nstderr: {result.stderr}"
    return result.stdout


def js(result: subprocess.CompletedProcess[str]) -> dict:
    return json.loads(ok(result))


def tree(root: Path) -> dict[str, object]:
    """Every file (bytes, mtime) and folder under ``root``, hidden ones too."""
    if not root.exists():
        return {}
    out: dict[str, object] = {}
    for p in sorted(root.rglob("*")):
        rel = str(p.relative_to(root))
        if p.is_symlink():
            out[rel] = ("link", os.readlink(p))
        elif p.is_dir():
            out[rel] = "dir"
        else:
            out[rel] = (p.read_bytes(), p.stat().st_mtime_ns)
    return out


def pages(root: Path) -> dict[str, bytes]:
    """Content files of a field folder (SHA256SUMS and hidden files left out)."""
    return {p.name: p.read_bytes() for p in sorted(root.iterdir()) if p.is_file() and role_of(p.name) is Role.CONTENT}


def sha256sum_check(folder: Path) -> None:
    """The real coreutils check, as anyone receiving the field would run it."""
    result = subprocess.run(
        ["sha256sum", "--check", "--strict", "SHA256SUMS"], cwd=folder, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    listed = {line.split("  ", 1)[1] for line in (folder / "SHA256SUMS").read_text().splitlines()}
    assert listed == set(pages(folder)), "SHA256SUMS must list exactly the content files"


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass
class Replicas:
    """Two workspaces (machines) a and b, each with field ``f``, sharing ``remote``."""

    a: Path
    b: Path
    remote: Path

    @property
    def fa(self) -> Path:
        return self.a / "f"

    @property
    def fb(self) -> Path:
        return self.b / "f"


def make_replicas(cli: CliRunner, tmp_path: Path, files: dict[str, str | bytes]) -> Replicas:
    """Set up through the library (fast); what the tests exercise runs through the CLI.
    The CLI path of the same setup is covered by the push/clone test."""
    a, b, remote = tmp_path / "a", tmp_path / "b", tmp_path / "shared" / "f"
    for root, mode in ((a, "push"), (b, "pull")):
        ws = Workspace.init(root)
        ws.add_field("f", root / "f")
        ws.add_remote("f", "origin", str(remote), {})
        if mode == "push":
            make_field(root / "f", files)
        engine.Session(ws, "f", None).run(mode)
    assert pages(b / "f") == pages(a / "f") == pages(remote)
    return Replicas(a, b, remote)


THREE = {
    "alpha.md": page("Alpha", "first line\nsecond line\nthird line"),
    "beta.md": page("Beta", "beta body"),
    "gamma.md": page("Gamma", "gamma body"),
}


# -- push / clone / JSON ------------------------------------------------------------


def test_push_creates_remote_with_manifest_and_clone_receives_it(cli: CliRunner, tmp_path: Path) -> None:
    ws = tmp_path / "a"
    ws.mkdir()
    ok(cli("init", cwd=ws))
    ok(cli("add", "f", cwd=ws))
    make_field(ws / "f", {**THREE, "photo.png": b"\x89PNG\r\n\x1a\n\x00binary", ".DS_Store": b"junk"})
    remote = tmp_path / "shared" / "deeper" / "f"
    ok(cli("remote", "add", "f", "origin", str(remote), cwd=ws))

    out = js(cli("push", "f", "--json", cwd=ws))
    assert set(out) >= REPORT_KEYS
    assert out["mode"] == "push" and out["conflicts"] == [] and out["local_changes"] == []
    assert sorted((c["action"], c["file"]) for c in out["remote_changes"]) == [
        ("add", "alpha.md"),
        ("add", "beta.md"),
        ("add", "gamma.md"),
        ("add", "photo.png"),
    ]
    assert remote.is_dir()
    assert pages(remote) == pages(ws / "f")
    assert not (remote / ".DS_Store").exists()  # hidden litter never travels
    sha256sum_check(remote)
    digest = "sha256:" + file_sha256(remote / "SHA256SUMS")
    assert out["digest"] == digest
    # The live field gets its manifest too (and nothing else of memsync's).
    assert (ws / "f" / "SHA256SUMS").read_bytes() == (remote / "SHA256SUMS").read_bytes()
    assert sorted(p.name for p in (ws / "f").iterdir()) == [
        ".DS_Store",
        "SHA256SUMS",
        "alpha.md",
        "beta.md",
        "gamma.md",
        "photo.png",
    ]

    other = tmp_path / "b"
    other.mkdir()
    out = js(cli("clone", "file://" + str(remote), "--json", cwd=other))
    assert set(out) >= REPORT_KEYS
    assert out["field"] == "f" and out["digest"] == digest
    assert sorted(c["file"] for c in out["local_changes"]) == ["alpha.md", "beta.md", "gamma.md", "photo.png"]
    assert pages(other / "f") == pages(remote)
    sha256sum_check(other / "f")
    fields = js(cli("fields", "--json", cwd=other))["fields"]
    assert fields["f"]["remotes"] == {"origin": "file://" + str(remote)}


def test_an_edit_with_its_mtime_put_back_is_merged_when_a_pull_would_replace_it(cli: CliRunner, tmp_path: Path) -> None:
    """An edit in place of the same size with its mtime put back (os.utime, as
    rsync -t or a restore does) is a local edit (its ctime moved): merged with
    the remote's edit of the same page, never overwritten by it."""
    r = make_replicas(cli, tmp_path, THREE)
    alpha = r.fa / "alpha.md"
    past = time.time() - 60
    os.utime(alpha, (past, past))  # old enough for the stat cache
    ok(cli("sync", "f", cwd=r.a))
    st = alpha.stat()
    before = alpha.read_bytes()
    with open(alpha, "r+b") as out:
        out.write(before.replace(b"first line", b"FIRST LINE"))
    os.utime(alpha, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert alpha.stat().st_size == st.st_size and alpha.stat().st_ino == st.st_ino
    (r.fb / "alpha.md").write_bytes(before.replace(b"third line", b"third line, edited on b"))
    ok(cli("sync", "f", cwd=r.b))

    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    for folder in (r.remote, r.fa, r.fb):
        assert b"FIRST LINE" in (folder / "alpha.md").read_bytes()
        assert b"third line, edited on b" in (folder / "alpha.md").read_bytes()
        sha256sum_check(folder)


def test_json_reports_and_noop_sync_is_up_to_date(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    (r.fa / "beta.md").write_text(page("Beta", "beta body, edited on a"))
    out = js(cli("sync", "f", "--json", cwd=r.a))
    assert set(out) >= REPORT_KEYS
    assert out["mode"] == "sync" and out["local_changes"] == []
    assert [(c["action"], c["file"]) for c in out["remote_changes"]] == [("update", "beta.md")]
    assert out["remote_changes"][0]["sha256"] == file_sha256(r.fa / "beta.md")

    out = js(cli("pull", "f", "--json", cwd=r.b))
    assert set(out) >= REPORT_KEYS
    assert out["mode"] == "pull" and out["remote_changes"] == []
    assert [(c["action"], c["file"]) for c in out["local_changes"]] == [("update", "beta.md")]
    assert pages(r.fb) == pages(r.fa)

    (r.fb / "gamma.md").unlink()
    out = js(cli("push", "f", "--json", cwd=r.b))
    assert set(out) >= REPORT_KEYS
    assert [(c["action"], c["file"], c["sha256"]) for c in out["remote_changes"]] == [("delete", "gamma.md", None)]
    assert not (r.remote / "gamma.md").exists()
    sha256sum_check(r.remote)

    for ws in (r.a, r.b):
        ok(cli("sync", "f", cwd=ws))
    for ws in (r.a, r.b):
        before = tree(r.remote)
        out = js(cli("sync", "f", "--json", cwd=ws))
        assert out["local_changes"] == [] and out["remote_changes"] == []
        assert out["conflicts"] == [] and out["renames"] == [] and out["notes"] == []
        assert out["digest"] == "sha256:" + file_sha256(r.remote / "SHA256SUMS")
        assert "up to date" in ok(cli("sync", "f", cwd=ws))
        assert tree(r.remote) == before  # a no-op sync writes nothing remotely
    assert pages(r.fa) == pages(r.fb) == pages(r.remote)


def test_a_failed_index_rebuild_is_one_warning_line_under_the_report(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    (r.fa / "delta.md").write_text(page("Delta", "delta body"))
    ok(cli("push", "f", cwd=r.a))
    out = ok(cli("pull", "f", cwd=r.b, env={"MEMSYNC_EMBEDDER": "nosuch"})).splitlines()
    # Indented as the report's other lines, not once more (as an index rebuild's own warnings are).
    assert out[-1].startswith("  warning: vector index not rebuilt: no embedder 'nosuch'"), out
    assert (r.fb / "delta.md").is_file()


def test_sync_remote_without_a_field_is_told_outside_a_workspace_too(cli: CliRunner, tmp_path: Path) -> None:
    line = assert_one_line_error(cli("sync", "--remote", "origin", cwd=tmp_path))
    assert "--remote goes with a FIELD" in line


# -- pull first ----------------------------------------------------------------------


def test_push_refuses_when_remote_moved_then_sync_lands_both(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    a_beta = page("Beta", "beta body, changed on a")
    (r.fa / "beta.md").write_text(a_beta)
    ok(cli("push", "f", cwd=r.a))

    b_gamma = page("Gamma", "gamma body, changed on b")
    (r.fb / "gamma.md").write_text(b_gamma)
    (r.fb / "delta.md").write_text(page("Delta", "new on b"))
    remote_before = tree(r.remote)
    field_before = tree(r.fb)
    result = cli("push", "f", cwd=r.b)
    assert result.returncode == 4
    line = assert_one_line_error(result)
    assert "pull" in line
    assert tree(r.remote) == remote_before
    assert tree(r.fb) == field_before

    out = js(cli("sync", "f", "--json", cwd=r.b))
    assert [c["file"] for c in out["local_changes"]] == ["beta.md"]
    assert sorted(c["file"] for c in out["remote_changes"]) == ["delta.md", "gamma.md"]
    assert (r.remote / "beta.md").read_text() == a_beta
    assert (r.remote / "gamma.md").read_text() == b_gamma
    assert (r.fb / "beta.md").read_text() == a_beta
    sha256sum_check(r.remote)
    ok(cli("sync", "f", cwd=r.a))
    assert pages(r.fa) == pages(r.fb) == pages(r.remote)


# -- conflicts, delete vs modify, renames -------------------------------------------------


def test_conflict_keeps_both_versions_and_converges(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    theirs = (r.fb / "alpha.md").read_text().replace("second line", "second line as b wrote it")
    (r.fb / "alpha.md").write_text(theirs)
    ok(cli("sync", "f", cwd=r.b))

    ours = (r.fa / "alpha.md").read_text().replace("second line", "second line as a wrote it")
    (r.fa / "alpha.md").write_text(ours)
    result = cli("sync", "f", "--json", cwd=r.a)
    assert result.returncode == 3, result.stderr
    assert "conflict" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    out = json.loads(result.stdout)
    assert len(out["conflicts"]) == 1
    conflict = out["conflicts"][0]
    copy = conflict["conflict_copy"]
    assert conflict["page"] == "alpha.md"
    assert copy != "alpha.md" and copy.startswith("alpha") and copy.endswith(".md")
    assert name_problem(copy) is None
    # Ours stays under the name; theirs is beside it, with its own uuid and
    # keys naming the page and both versions; nothing lost.
    assert (r.fa / "alpha.md").read_text() == ours
    kept = (r.fa / copy).read_bytes()
    assert (r.remote / copy).read_bytes() == kept
    meta = frontmatter.parse(kept.decode())
    assert meta["uuid"] != frontmatter.parse(theirs)["uuid"]
    assert meta["conflict_of"] == "alpha.md"
    assert meta["conflict_ours"] == hashlib.sha256(ours.encode()).hexdigest()
    assert meta["conflict_theirs"] == hashlib.sha256(theirs.encode()).hexdigest()
    assert merge.resolve(ours.encode(), kept, "theirs").page == theirs.encode()
    findings = js(cli("validate", "f", "--json", cwd=r.a))["findings"]
    assert [f for f in findings if f["level"] == "error"] == []
    sha256sum_check(r.remote)
    sha256sum_check(r.fa)

    # The other replica converges without a new conflict.
    out = js(cli("sync", "f", "--json", cwd=r.b))
    assert out["conflicts"] == []
    assert pages(r.fa) == pages(r.fb) == pages(r.remote)
    assert "up to date" in ok(cli("sync", "f", cwd=r.a))


def test_conflict_copy_of_a_long_page_name_stays_valid(cli: CliRunner, tmp_path: Path) -> None:
    long_name = "p" * 190 + ".md"
    assert name_problem(long_name) is None
    r = make_replicas(cli, tmp_path, {long_name: "base\n"})
    (r.fb / long_name).write_text("from b\n")
    ok(cli("sync", "f", cwd=r.b))
    (r.fa / long_name).write_text("from a\n")
    result = cli("sync", "f", cwd=r.a)
    assert result.returncode in (0, 3), result.stderr
    # Every replica can still sync afterwards.
    ok(cli("sync", "f", cwd=r.b))
    ok(cli("sync", "f", cwd=r.a))
    assert pages(r.fa) == pages(r.fb)


def test_conflict_name_is_slug_safe() -> None:
    copy = conflict_name("soil-ph.md", "My Laptop.local", "ab" * 32)
    assert name_problem(copy) is None and copy.endswith(".md") and copy.startswith("soil-ph")
    other = conflict_name("photo.png", "origin", "cd" * 32)
    assert name_problem(other) is None and other.endswith(".png")


def test_delete_vs_modify_keeps_the_modification(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    b_beta = page("Beta", "beta body, kept by b")
    (r.fb / "beta.md").write_text(b_beta)  # b modifies what a will delete
    (r.fb / "gamma.md").unlink()  # b deletes what a will modify
    ok(cli("sync", "f", cwd=r.b))

    a_gamma = page("Gamma", "gamma body, kept by a")
    (r.fa / "gamma.md").write_text(a_gamma)
    (r.fa / "beta.md").unlink()
    result = cli("sync", "f", cwd=r.a)
    out = ok(result)
    notes = [line for line in out.splitlines() if "note:" in line]
    assert any("beta.md" in n for n in notes), out
    assert any("gamma.md" in n for n in notes), out
    assert (r.fa / "beta.md").read_text() == b_beta
    assert (r.fa / "gamma.md").read_text() == a_gamma
    assert (r.remote / "gamma.md").read_text() == a_gamma
    ok(cli("sync", "f", cwd=r.b))
    assert pages(r.fa) == pages(r.fb) == pages(r.remote)
    assert (r.fb / "gamma.md").read_text() == a_gamma


def test_rename_by_uuid_is_carried_to_the_other_replica(cli: CliRunner, tmp_path: Path) -> None:
    uid = "6f1c1e4a-2b1e-4f59-9d55-3f4c1b2a9e01"
    body = "line one\nline two\nline three\nline four\nline five"
    r = make_replicas(cli, tmp_path, {**THREE, "old-name.md": page("Old", body, uid)})
    # b edits the page's last line meanwhile.
    b_text = (r.fb / "old-name.md").read_text().replace("line five", "line five, edited on b")
    (r.fb / "old-name.md").write_text(b_text)
    # a renames it (same uuid) and edits its first line.
    a_text = (r.fa / "old-name.md").read_text().replace("line one", "line one, edited on a")
    (r.fa / "old-name.md").unlink()
    (r.fa / "new-name.md").write_text(a_text)
    ok(cli("sync", "f", cwd=r.a))
    assert not (r.remote / "old-name.md").exists()

    out = js(cli("sync", "f", "--json", cwd=r.b))
    assert out["renames"] == [{"from": "old-name.md", "to": "new-name.md", "by": "origin"}]
    assert out["conflicts"] == []
    assert not (r.fb / "old-name.md").exists()
    merged = (r.fb / "new-name.md").read_text()
    assert "line one, edited on a" in merged and "line five, edited on b" in merged
    ok(cli("sync", "f", cwd=r.a))
    assert pages(r.fa) == pages(r.fb) == pages(r.remote)
    assert sorted(pages(r.fa)) == ["alpha.md", "beta.md", "gamma.md", "new-name.md"]


# -- dry run and status change nothing -------------------------------------------------


def _without_statcache(snap: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in snap.items() if not k.endswith("statcache.json")}


def _pending_both_ways(cli: CliRunner, tmp_path: Path) -> Replicas:
    r = make_replicas(cli, tmp_path, THREE)
    (r.fb / "beta.md").write_text(page("Beta", "beta from b"))
    ok(cli("push", "f", cwd=r.b))
    (r.fa / "gamma.md").write_text(page("Gamma", "gamma from a"))
    (r.fa / "epsilon.md").write_text(page("Epsilon", "new on a"))
    return r


@pytest.mark.parametrize(
    ("args", "expect"),
    [
        (("pull", "f", "--dry-run"), ["~ beta.md"]),
        (("sync", "f", "--dry-run"), ["~ beta.md", "~ gamma.md", "+ epsilon.md"]),
        (("status", "f"), ["~ beta.md", "~ gamma.md", "+ epsilon.md"]),
    ],
)
def test_dry_run_pull_sync_and_status_change_nothing(
    cli: CliRunner, tmp_path: Path, args: tuple[str, ...], expect: list[str]
) -> None:
    r = _pending_both_ways(cli, tmp_path)
    before_ws, before_remote = tree(r.a), tree(r.remote)
    out = ok(cli(*args, cwd=r.a))
    for item in expect:
        assert item in out, out
    assert "up to date" not in out
    assert _without_statcache(tree(r.a)) == _without_statcache(before_ws)
    assert tree(r.remote) == before_remote
    data = js(cli(*args, "--json", cwd=r.a))
    assert data["dry_run"] is True and data["local_changes"] + data["remote_changes"]
    assert _without_statcache(tree(r.a)) == _without_statcache(before_ws)
    assert tree(r.remote) == before_remote


def test_dry_run_push_changes_nothing(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    (r.fa / "gamma.md").write_text(page("Gamma", "gamma from a"))
    (r.fa / "beta.md").unlink()
    before_ws, before_remote = tree(r.a), tree(r.remote)
    out = ok(cli("push", "f", "--dry-run", cwd=r.a))
    assert "~ gamma.md" in out and "- beta.md" in out and "would" in out
    data = js(cli("push", "f", "--dry-run", "--json", cwd=r.a))
    assert data["dry_run"] is True
    assert sorted((c["action"], c["file"]) for c in data["remote_changes"]) == [
        ("delete", "beta.md"),
        ("update", "gamma.md"),
    ]
    assert _without_statcache(tree(r.a)) == _without_statcache(before_ws)
    assert tree(r.remote) == before_remote


@pytest.mark.parametrize("args", [("status", "f"), ("sync", "f", "--dry-run")])
def test_dry_run_leaves_the_state_dir_untouched(cli: CliRunner, tmp_path: Path, args: tuple[str, ...]) -> None:
    r = _pending_both_ways(cli, tmp_path)
    past = 1_700_000_000
    for p in r.fa.iterdir():
        os.utime(p, (past, past))  # now old enough for the stat cache to want them
    before = tree(r.a)
    ok(cli(*args, cwd=r.a))
    assert tree(r.a) == before


def test_dry_run_mirror_pack_manifest_change_nothing(cli: CliRunner, tmp_path: Path) -> None:
    src = make_field(tmp_path / "src", THREE)
    dst = make_field(tmp_path / "dst", {"alpha.md": "old\n", "extra.md": "extra\n"})
    before_src, before_dst = tree(src), tree(dst)

    out = ok(cli("mirror", "src", "dst", "--dry-run", cwd=tmp_path))
    assert "~ alpha.md" in out and "+ beta.md" in out and "- extra.md" in out and "would" in out
    data = js(cli("mirror", "src", "dst", "--dry-run", "--json", cwd=tmp_path))
    assert data["dry_run"] is True and len(data["changes"]) == 4
    ok(cli("mirror", "src", "new-dst", "--dry-run", cwd=tmp_path))
    ok(cli("mirror", "src", "new.memoryfield.zip", "--dry-run", cwd=tmp_path))

    data = js(cli("pack", "src", "-o", "out.memoryfield.zip", "--dry-run", "--json", cwd=tmp_path))
    assert data["dry_run"] is True and data["files"] == 3 and len(data["sha256"]) == 64
    data = js(cli("manifest", "src", "--dry-run", "--json", cwd=tmp_path))
    assert data["dry_run"] is True and data["files"] == 3

    assert tree(src) == before_src
    assert tree(dst) == before_dst
    for absent in ("new-dst", "new.memoryfield.zip", "out.memoryfield.zip"):
        assert not (tmp_path / absent).exists()

    # Without --dry-run the same commands do write (so the checks above can fail).
    ok(cli("manifest", "src", cwd=tmp_path))
    assert (src / "SHA256SUMS").is_file()
    sha256sum_check(src)


# -- remotes written by other tools, damaged or missing ------------------------------------


def test_hand_written_remote_is_listed_and_hashed_then_gains_a_manifest(cli: CliRunner, tmp_path: Path) -> None:
    remote = make_field(tmp_path / "by-hand", {**THREE, ".swp": "editor junk", "index.sqlite3": "derived"})
    ws = tmp_path / "ws"
    ws.mkdir()
    out = js(cli("clone", str(remote), "--json", cwd=ws))
    assert sorted(c["file"] for c in out["local_changes"]) == ["alpha.md", "beta.md", "gamma.md"]
    field = ws / "by-hand"
    assert pages(field) == {k: v.encode() for k, v in THREE.items()}
    assert not (field / ".swp").exists() and not (field / "index.sqlite3").exists()
    assert not (remote / "SHA256SUMS").exists()  # a pull never writes to the remote

    # More hand edits at the remote still arrive by listing.
    (remote / "beta.md").write_text(page("Beta", "edited by hand at the remote"))
    ok(cli("pull", "by-hand", cwd=ws))
    assert (field / "beta.md").read_bytes() == (remote / "beta.md").read_bytes()

    pushed = page("Gamma", "pushed")
    (field / "gamma.md").write_text(pushed)
    ok(cli("push", "by-hand", cwd=ws))
    assert (remote / "SHA256SUMS").is_file()
    sha256sum_check(remote)
    assert (remote / "gamma.md").read_text() == pushed
    assert (remote / "index.sqlite3").read_text() == "derived"  # not ours to delete
    assert "up to date" in ok(cli("sync", "by-hand", cwd=ws))


def test_stale_remote_manifest_is_an_integrity_error(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    (r.fa / "beta.md").write_text(page("Beta", "new beta from a"))
    (r.fa / "gamma.md").write_text(page("Gamma", "new gamma from a"))
    ok(cli("push", "f", cwd=r.a))
    (r.remote / "beta.md").write_text(page("Beta", "tampered after SHA256SUMS was written"))

    (r.fb / "alpha.md").write_text(page("Alpha", "local edit on b"))
    before_field = tree(r.fb)
    for command in ("pull", "sync"):
        line = assert_one_line_error(cli(command, "f", cwd=r.b))
        assert "beta.md" in line and "SHA256SUMS" in line
        assert tree(r.fb) == before_field
    # Nothing half-received is left to be mistaken for verified content.
    staging = r.b / STATE_DIR / "staging"
    assert not staging.exists() or [p for p in staging.iterdir() if p.is_dir()] == []


def test_pull_from_missing_remote_of_existing_field(cli: CliRunner, tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    ok(cli("init", cwd=ws))
    ok(cli("add", "f", cwd=ws))
    make_field(ws / "f", THREE)
    ok(cli("remote", "add", "f", "origin", str(tmp_path / "nowhere"), cwd=ws))
    before = tree(ws / "f")
    line = assert_one_line_error(cli("pull", "f", cwd=ws))
    assert "nowhere" in line
    assert tree(ws / "f") == before
    assert sorted(p.name for p in (ws / "f").iterdir()) == sorted(THREE)
    assert not (tmp_path / "nowhere").exists()


def _outside_state(root: Path) -> dict[str, object]:
    return {k: v for k, v in tree(root).items() if not k.startswith(STATE_DIR)}


def test_pull_or_clone_from_missing_path_creates_nothing(cli: CliRunner, tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    ok(cli("init", cwd=ws))
    config = (ws / STATE_DIR / "config.json").read_bytes()
    before = _outside_state(ws)
    for args in (("pull", str(tmp_path / "missing" / "notes")), ("clone", "file://" + str(tmp_path / "notes"))):
        line = assert_one_line_error(cli(*args, cwd=ws))
        assert "no field there" in line
        assert not (ws / "notes").exists()
        assert _outside_state(ws) == before
        assert (ws / STATE_DIR / "config.json").read_bytes() == config
    # Outside any workspace, a failed clone does not leave a workspace behind either.
    bare = tmp_path / "bare"
    bare.mkdir()
    assert_one_line_error(cli("clone", str(tmp_path / "missing" / "notes"), cwd=bare))
    assert list(bare.iterdir()) == []
    assert not (tmp_path / "missing").exists()


def test_sync_with_vanished_remote_loses_nothing(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    for p in r.remote.iterdir():
        p.unlink()
    r.remote.rmdir()
    result = cli("sync", "f", cwd=r.a)
    assert sorted(pages(r.fa)) == sorted(THREE)
    assert result.returncode != 0
    assert not r.remote.exists()


def test_field_with_subdirectory_or_symlink_is_refused(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    (r.fa / "beta.md").write_text(page("Beta", "would be pushed"))
    (r.fa / "sub").mkdir()
    (r.fa / "sub" / "x.md").write_text("nested")
    before = tree(r.remote)
    for command in ("sync", "push", "status"):
        line = assert_one_line_error(cli(command, "f", cwd=r.a))
        assert "subdirectory" in line and "'sub'" in line
    assert tree(r.remote) == before

    (r.fa / "sub" / "x.md").unlink()
    (r.fa / "sub").rmdir()
    (tmp_path / "secret.txt").write_text("outside the field")
    os.symlink(tmp_path / "secret.txt", r.fa / "link.md")
    for command in ("sync", "push"):
        line = assert_one_line_error(cli(command, "f", cwd=r.a))
        assert "symlink" in line and "link.md" in line
    assert tree(r.remote) == before

    # A brand-new remote is not even created.
    ok(cli("remote", "add", "f", "fresh", str(tmp_path / "fresh"), cwd=r.a))
    assert_one_line_error(cli("push", "f", "-r", "fresh", cwd=r.a))
    assert not (tmp_path / "fresh").exists()


def test_a_field_folder_swapped_for_a_symlink_is_neither_pushed_nor_written(cli: CliRunner, tmp_path: Path) -> None:
    """The folder replaced by a link to another folder after `add`: syncing through it
    pushed that folder's files and deleted the field's pages at the remote, and a pull
    would have written into it."""
    r = make_replicas(cli, tmp_path, THREE)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "private.md").write_text(page("Private", "not this field's"))
    r.fa.rename(tmp_path / "f-moved")
    r.fa.symlink_to(elsewhere)
    (r.fb / "delta.md").write_text(page("Delta", "from b"))  # something for a pull to write
    ok(cli("sync", "f", cwd=r.b))
    before = tree(r.remote)
    for command in ("sync", "push", "pull"):
        line = assert_one_line_error(cli(command, "f", cwd=r.a))
        assert line == f"memsync: {r.fa}: the field's folder is a symlink, which memsync does not follow"
    assert {p.name for p in elsewhere.iterdir()} == {"private.md"}
    assert tree(r.remote) == before


def test_a_pull_onto_a_full_disk_says_where_in_one_line_and_changes_nothing(cli: CliRunner, tmp_path: Path) -> None:
    """The line was "memsync: File too large": no file, no folder, for a log read later."""
    r = make_replicas(cli, tmp_path, THREE)
    (r.fa / "big.txt").write_bytes(os.urandom(300_000))
    ok(cli("push", "f", cwd=r.a))
    before = tree(r.fb)
    result = small_files_run("pull", "f", cwd=r.b)
    line = assert_one_line_error(result)
    assert line.startswith(f"memsync: {r.b}/") and line.endswith(": File too large"), line
    assert tree(r.fb) == before
    ok(cli("pull", "f", cwd=r.b))
    assert pages(r.fb) == pages(r.fa)


def small_files_run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``memsync ARGS`` where no file may grow past 200 kB, as on a disk that is full."""

    def small_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG)
        resource.setrlimit(resource.RLIMIT_FSIZE, (200_000, 200_000))

    return subprocess.run(
        [sys.executable, "-m", "memsync", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=small_files,
    )


def test_a_full_disk_under_the_object_store_or_an_archive_names_the_file(cli: CliRunner, tmp_path: Path) -> None:
    """Small pages, each written whole, but the object store's pack (a pull of many
    pages) and an archive being packed grow past the limit: "memsync: File too large"."""
    r = make_replicas(cli, tmp_path, THREE)
    make_field(r.fa, {f"p{i:04}.md": page(f"P{i}", os.urandom(500).hex()) for i in range(600)})
    ok(cli("push", "f", cwd=r.a))
    line = assert_one_line_error(small_files_run("pull", "f", "--no-index", cwd=r.b))
    packs = r.b / STATE_DIR / "objects" / "packs"
    assert line.startswith(f"memsync: {packs}/") and line.endswith(".pack: File too large"), line
    ok(cli("pull", "f", "--no-index", cwd=r.b))
    assert pages(r.fb) == pages(r.fa)
    archive = tmp_path / "f.memoryfield.zip"
    line = assert_one_line_error(small_files_run("pack", "f", "-o", str(archive), cwd=r.a))
    assert line == f"memsync: {archive}: File too large"
    assert not archive.exists()


def test_a_field_folder_swapped_for_a_symlink_is_not_restored_undone_resolved_or_indexed_into(
    cli: CliRunner, tmp_path: Path
) -> None:
    """Only sync, pull and push refused it: restore, undo, resolve and index wrote
    through the link into the other folder."""
    r = make_replicas(cli, tmp_path, THREE)
    (r.fb / "alpha.md").write_text(page("Alpha", "first line\nchanged on b\nthird line"))
    (r.fb / "beta.md").write_text(page("Beta", "beta changed on b"))
    ok(cli("sync", "f", cwd=r.b))
    (r.fa / "alpha.md").write_text(page("Alpha", "first line\nchanged on a\nthird line"))
    assert cli("sync", "f", cwd=r.a).returncode == 3  # a receive in history, and a conflict copy
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(r.fa, elsewhere)
    r.fa.rename(tmp_path / "f-moved")
    r.fa.symlink_to(elsewhere)
    before = tree(elsewhere)
    for command in (("restore", "f", "beta.md"), ("undo", "f"), ("resolve", "f", "alpha.md", "--mine"), ("index", "f")):
        line = assert_one_line_error(cli(*command, cwd=r.a))
        assert line == f"memsync: {r.fa}: the field's folder is a symlink, which memsync does not follow", command
    assert tree(elsewhere) == before


def test_add_refuses_a_folder_that_is_a_symlink(cli: CliRunner, tmp_path: Path) -> None:
    """Every sync of it would be refused: said at once, naming the folder to add."""
    ok(cli("init"))
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    config = (tmp_path / ".memsync" / "config.json").read_bytes()
    line = assert_one_line_error(cli("add", "g", "link"))
    assert line == (
        f"memsync: {tmp_path / 'link'}: a symlink, which memsync does not follow; "
        f"add the folder it points to: memsync add g {tmp_path / 'real'}"
    )
    assert (tmp_path / ".memsync" / "config.json").read_bytes() == config


# -- mirror -------------------------------------------------------------------------------


def test_mirror_folder_to_folder(cli: CliRunner, tmp_path: Path) -> None:
    src = make_field(tmp_path / "src", {**THREE, "img.png": b"\x00\x01binary"})
    dst = make_field(
        tmp_path / "dst",
        {"alpha.md": "stale\n", "extra.md": "remove me\n", "old.png": b"x", "SHA256SUMS.sig": b"stale sig"},
    )
    # A folder with files but no SHA256SUMS is not a field: replacing it takes --force.
    before = tree(dst)
    line = assert_one_line_error(cli("mirror", "src", "dst", cwd=tmp_path))
    assert "not a field" in line and "--force" in line
    assert tree(dst) == before
    out = js(cli("mirror", "src", "dst", "--force", "--json", cwd=tmp_path))
    assert sorted((c["action"], c["file"]) for c in out["changes"]) == [
        ("add", "beta.md"),
        ("add", "gamma.md"),
        ("add", "img.png"),
        ("delete", "extra.md"),
        ("delete", "old.png"),
        ("update", "alpha.md"),
    ]
    assert pages(dst) == pages(src)
    sha256sum_check(dst)
    assert not (dst / "SHA256SUMS.sig").exists()  # no signature beside a manifest it does not sign
    assert out["digest"] == "sha256:" + file_sha256(dst / "SHA256SUMS")
    # Again: nothing to do, nothing written.
    before = tree(dst)
    out = js(cli("mirror", "src", "dst", "--json", cwd=tmp_path))
    assert out["changes"] == []
    assert tree(dst) == before
    # A source change and a deletion follow.
    (src / "beta.md").unlink()
    (src / "alpha.md").write_text(page("Alpha", "changed at the source"))
    ok(cli("mirror", "src", str(dst), cwd=tmp_path))
    assert pages(dst) == pages(src)
    sha256sum_check(dst)


def test_mirror_to_archive_matches_pack_and_back(cli: CliRunner, tmp_path: Path) -> None:
    src = make_field(tmp_path / "src", {**THREE, "img.png": b"\x00\x01binary"})
    packed = js(cli("pack", "src", "-o", "packed.memoryfield.zip", "--json", cwd=tmp_path))
    out = js(cli("mirror", "src", "mirrored.memoryfield.zip", "--json", cwd=tmp_path))
    archive = tmp_path / "mirrored.memoryfield.zip"
    assert file_sha256(archive) == packed["sha256"] == file_sha256(tmp_path / "packed.memoryfield.zip")
    assert out["digest"] == packed["digest"]
    verified = js(cli("verify", str(archive), "--sha256", packed["sha256"], "--json", cwd=tmp_path))
    assert verified["ok"] is True and verified["files"] == 4

    # And after the field got a manifest of its own (as every synced field has).
    ok(cli("manifest", "src", cwd=tmp_path))
    ok(cli("mirror", "src", "again.memoryfield.zip", cwd=tmp_path))
    assert file_sha256(tmp_path / "again.memoryfield.zip") == packed["sha256"]

    dst = make_field(tmp_path / "unpacked", {"junk.md": "junk\n"})
    ok(cli("mirror", "mirrored.memoryfield.zip", "unpacked", "--force", cwd=tmp_path))
    assert pages(dst) == pages(src)
    sha256sum_check(dst)
    assert (dst / "SHA256SUMS").read_bytes() == (src / "SHA256SUMS").read_bytes()

    line = assert_one_line_error(cli("mirror", "missing.memoryfield.zip", "unpacked", cwd=tmp_path))
    assert "no field there" in line


def test_mirror_repairs_a_destination_edited_by_hand(cli: CliRunner, tmp_path: Path) -> None:
    src = make_field(tmp_path / "src", THREE)
    dst = tmp_path / "dst"
    ok(cli("mirror", "src", "dst", cwd=tmp_path))
    (dst / "beta.md").write_text("tampered\n")
    (dst / "stray.md").write_text("stray\n")
    ok(cli("mirror", "src", "dst", cwd=tmp_path))
    assert pages(dst) == pages(src)
    sha256sum_check(dst)


def test_mirror_of_an_edited_field_carries_what_it_holds(cli: CliRunner, tmp_path: Path) -> None:
    src = make_field(tmp_path / "src", THREE)
    ok(cli("manifest", "src", cwd=tmp_path))  # as after any sync
    (src / "delta.md").write_text(page("Delta", "added since"))
    packed = js(cli("pack", "src", "-o", "p.memoryfield.zip", "--json", cwd=tmp_path))
    assert packed["files"] == 4
    ok(cli("mirror", "src", "m.memoryfield.zip", cwd=tmp_path))
    assert file_sha256(tmp_path / "m.memoryfield.zip") == packed["sha256"]


# -- archive remotes ------------------------------------------------------------------------


def test_archive_pull_with_pins_and_reproducible_push(cli: CliRunner, tmp_path: Path) -> None:
    src = make_field(tmp_path / "src", THREE)
    packed = js(cli("pack", "src", "-o", "demo.memoryfield.zip", "--json", cwd=tmp_path))
    archive = tmp_path / "demo.memoryfield.zip"

    ws = tmp_path / "ws"
    ws.mkdir()
    ok(cli("init", cwd=ws))
    line = assert_one_line_error(cli("pull", str(archive), "--sha256", "0" * 64, cwd=ws))
    assert "sha256" in line and packed["sha256"] in line
    assert list(ws.rglob("*.md")) == []  # nothing unpacked anywhere
    line = assert_one_line_error(cli("pull", str(archive), "--sha256", "sha256:" + "0" * 64, cwd=ws))
    assert "digest" in line
    assert list(ws.rglob("*.md")) == []

    out = js(cli("pull", str(archive), "--sha256", packed["sha256"].upper(), "--json", cwd=ws))
    assert out["field"] == "demo" and out["digest"] == packed["digest"]
    field = ws / "demo"
    assert pages(field) == pages(src)
    assert js(cli("fields", "--json", cwd=ws))["fields"]["demo"]["remotes"] == {"origin": str(archive)}
    # A field-digest pin works too, and an unchanged archive is up to date.
    out = js(cli("pull", "demo", "--sha256", packed["digest"], "--json", cwd=ws))
    assert out["local_changes"] == []

    # Push rewrites the archive: exactly what `pack` makes of the field.
    (field / "beta.md").write_text(page("Beta", "changed, then pushed to the archive"))
    (field / "gamma.md").unlink()
    out = js(cli("push", "demo", "--json", cwd=ws))
    assert sorted((c["action"], c["file"]) for c in out["remote_changes"]) == [
        ("delete", "gamma.md"),
        ("update", "beta.md"),
    ]
    repacked = js(cli("pack", "demo", "-o", str(tmp_path / "check.memoryfield.zip"), "--json", cwd=ws))
    assert file_sha256(archive) == repacked["sha256"] != packed["sha256"]
    assert archive.read_bytes() == (tmp_path / "check.memoryfield.zip").read_bytes()
    verified = js(cli("verify", str(archive), "--json", cwd=ws))
    assert verified["digest"] == out["digest"]

    # A second machine subscribing to the archive gets the pushed version.
    other = tmp_path / "other"
    other.mkdir()
    ok(cli("pull", str(archive), "--sha256", repacked["sha256"], cwd=other))
    assert pages(other / "demo") == pages(field)
    assert "up to date" in ok(cli("sync", "demo", cwd=ws))


# -- request economy (library) ------------------------------------------------------------


class Calls:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.counts: dict[str, int] = {}
        for name in ("fetch_manifest", "get", "list_names", "transaction"):
            self._wrap(monkeypatch, FieldRemote, name)
        self._wrap(monkeypatch, memsync.protocol._FieldWriter, "put")

    def _wrap(self, monkeypatch: pytest.MonkeyPatch, cls: type, name: str) -> None:
        real = getattr(cls, name)
        self.counts[name] = 0

        def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
            self.counts[name] += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(cls, name, wrapper)

    def reset(self) -> None:
        for key in self.counts:
            self.counts[key] = 0


def _lib_replica(root: Path, remote: Path, files: dict[str, str] | None) -> Workspace:
    ws = Workspace.init(root)
    ws.add_field("f", root / "f")
    ws.add_remote("f", "origin", str(remote), {})
    if files:
        make_field(root / "f", files)
    engine.Session(ws, "f", None).run("sync")
    return ws


def _run(ws: Workspace, mode: engine.Mode) -> engine.SyncReport:
    return engine.Session(Workspace.find(ws.root), "f", None).run(mode)


def test_request_economy_local_backend(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    remote = tmp_path / "remote"
    files = {f"p{i:02d}.md": page(f"P{i}", f"body {i}") for i in range(50)}
    a = _lib_replica(tmp_path / "a", remote, files)
    b = _lib_replica(tmp_path / "b", remote, None)
    assert pages(b.root / "f") == pages(a.root / "f")

    calls = Calls(monkeypatch)
    report = _run(a, "sync")
    assert report.local_changes == [] and report.remote_changes == []
    assert calls.counts == {"fetch_manifest": 1, "get": 0, "list_names": 0, "transaction": 0, "put": 0}

    # The remote changes 3 of 50 pages: the pull fetches exactly those.
    for i in (3, 17, 42):
        (b.root / "f" / f"p{i:02d}.md").write_text(page(f"P{i}", f"body {i}, changed on b"))
    _run(b, "push")
    calls.reset()
    report = _run(a, "pull")
    assert sorted(c.name for c in report.local_changes) == ["p03.md", "p17.md", "p42.md"]
    assert calls.counts["get"] == 3
    assert calls.counts["fetch_manifest"] == 1
    assert calls.counts["list_names"] == 0 and calls.counts["transaction"] == 0

    # A push of 10 changed pages writes exactly those 10, in one transaction.
    for i in range(10, 20):
        (a.root / "f" / f"p{i:02d}.md").write_text(page(f"P{i}", f"body {i}, changed on a"))
    calls.reset()
    report = _run(a, "push")
    assert len(report.remote_changes) == 10
    assert calls.counts["put"] == 10
    assert calls.counts["transaction"] == 1
    assert calls.counts["get"] == 0 and calls.counts["list_names"] == 0
    sha256sum_check(remote)

    # And the next no-op sync is one manifest request again.
    calls.reset()
    _run(a, "sync")
    assert calls.counts == {"fetch_manifest": 1, "get": 0, "list_names": 0, "transaction": 0, "put": 0}


def test_pull_of_k_pages_stages_k_and_hashes_nothing_it_wrote(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    remote = tmp_path / "remote"
    files = {f"p{i:02d}.md": page(f"P{i}", f"body {i}") for i in range(50)}
    a = _lib_replica(tmp_path / "a", remote, files)
    hashed: list[str] = []
    real_hash = memsync.field.hash_file
    monkeypatch.setattr(
        memsync.field, "hash_file", lambda path: hashed.append(os.path.basename(path)) or real_hash(path)
    )
    b = _lib_replica(tmp_path / "b", remote, None)
    assert hashed == []  # the clone scanned an empty folder
    # The first no-op after the clone hashes none of the pages the clone just wrote.
    _run(b, "sync")
    assert hashed == []

    for i in (3, 17, 42):
        (a.root / "f" / f"p{i:02d}.md").write_text(page(f"P{i}", f"body {i}, changed on a"))
    _run(a, "push")
    staged: list[list[str]] = []
    real_receive = engine.receive

    def spy(remote, view, staging, have, elsewhere, progress, keep, held):  # type: ignore[no-untyped-def]
        # What a pull fetches goes to the staging folder or, through keep, to the object store.
        kept: list[str] = []

        def keeping(data: bytes, sha: str) -> None:
            kept.append(sha)
            keep(data, sha)

        version = real_receive(remote, view, staging, have, elsewhere, progress, keeping, held)
        by_sha = {sha: name for name, sha in view.manifest.items()}
        staged.append(sorted([p.name for p in version.path.iterdir()] + [by_sha[sha] for sha in kept]))
        return version

    monkeypatch.setattr(engine, "receive", spy)
    hashed.clear()
    report = _run(b, "pull")
    # Only the 3 changed pages were fetched and staged; the other 47 were neither copied nor hashed.
    assert sorted(c.name for c in report.local_changes) == ["p03.md", "p17.md", "p42.md"]
    assert staged == [["p03.md", "p17.md", "p42.md"]]
    assert hashed == []
    _run(b, "sync")
    assert hashed == []
    assert pages(b.root / "f") == pages(a.root / "f") == pages(remote)
    assert not any((b.state / "staging").iterdir())  # nothing staged is left once applied


def test_held_version_is_staged_whole_and_checks_with_sha256sum(tmp_path: Path) -> None:
    remote = tmp_path / "remote"
    files = {f"p{i:02d}.md": page(f"P{i}", f"body {i}") for i in range(20)}
    a = _lib_replica(tmp_path / "a", remote, files)
    b = _lib_replica(tmp_path / "b", remote, None)
    b.set_trust("f", "origin", "untrusted")
    before = pages(b.root / "f")
    (a.root / "f" / "p05.md").write_text(page("P5", "changed on a"))
    (a.root / "f" / "new.md").write_text(page("New", "new on a"))
    _run(a, "push")

    report = _run(b, "pull")
    assert report.quarantined is not None
    assert pages(b.root / "f") == before
    held = b.state / "staging" / report.quarantined.removeprefix("sha256:")
    # Review reads it whole, and anyone can check it: every file is there, not only the 2 fetched.
    assert pages(held) == pages(remote)
    sha256sum_check(held)
    applied = engine.Session(Workspace.find(b.root), "f", None).accept(report.quarantined)
    assert applied.quarantined is None
    assert pages(b.root / "f") == pages(remote)


# -- concurrency ----------------------------------------------------------------------------


def _popen(ws: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "memsync", *args],
        cwd=ws,
        env={**os.environ, "MEMSYNC_DEBUG": ""},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.parametrize("command", ["push", "sync"])
def test_concurrent_writers_lose_no_update(cli: CliRunner, tmp_path: Path, command: str) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    expected: dict[str, str] = {}
    for round_ in range(2):
        texts = {
            r.a: (f"from-a-{round_}.md", page(f"A{round_}", "written on a\n" + "a" * 3000)),
            r.b: (f"from-b-{round_}.md", page(f"B{round_}", "written on b\n" + "b" * 3000)),
        }
        for ws, (name, text) in texts.items():
            (ws / "f" / name).write_text(text)
            expected[name] = text
        procs = {ws: _popen(ws, command, "f") for ws in (r.a, r.b)}
        results = {ws: (p.wait(timeout=120), *p.communicate()) for ws, p in procs.items()}
        codes = sorted(code for code, _, _ in results.values())
        if command == "push":
            assert codes in ([0, 0], [0, 4]), results
        else:
            assert codes == [0, 0], results
        for ws, (code, _out, err) in results.items():
            if code == 4:
                lines = err.strip().splitlines()
                assert len(lines) == 1 and "pull" in lines[0], err
                ok(cli("sync", "f", cwd=ws))
            sha256sum_check(r.remote)
        for ws in (r.a, r.b):
            ok(cli("sync", "f", cwd=ws))
        sha256sum_check(r.remote)
        for name, text in expected.items():
            assert (r.remote / name).read_text() == text
        assert pages(r.fa) == pages(r.fb) == pages(r.remote)
