"""Edits that keep a file's size and mtime (issue: the stat keys). memsync
trusts a page's cached sha256, and a folder remote's memoised one, while its
stat looks the same; an edit in place that puts the mtime back (touch -r,
os.utime, cp -p, rsync -t, tar x) must still be seen, as git sees it through
ctime, which no user can set. Real files, real tools, the CLI in a process."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from memsync import engine
from memsync.workspace import Workspace
from tests.conftest import CliRunner, make_field, page

FILES = {f"page-{i}.md": page(f"Page {i}", f"fact number {i}\nsecond line") for i in range(4)}


def ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, f"exit {result.returncode}\nstdout: {result.stdout}\nstderr: {result.stderr}"
    return result.stdout


def js(result: subprocess.CompletedProcess[str]) -> dict:
    return json.loads(ok(result))


def _synced(tmp_path: Path, **options: str) -> tuple[Path, Path]:
    """Workspace ``a`` (field ``f``) pushed to the folder ``remote``, its pages
    old enough for the stat cache, and a no-op sync done (every row cached)."""
    a, remote = tmp_path / "a", tmp_path / "remote"
    ws = Workspace.init(a)
    ws.add_field("f", a / "f")
    ws.add_remote("f", "origin", str(remote), dict(options))
    make_field(a / "f", FILES)
    time.sleep(2.1)  # mtime and ctime out of the 2 s in which the stat cache trusts no file
    engine.Session(ws, "f", None).run("sync")
    engine.Session(Workspace.find(a), "f", None).run("sync")
    assert len(Workspace.find(a).load_statcache("f")) == len(FILES)
    return a, remote


def _same_size(data: bytes) -> bytes:
    edited = data.replace(b"fact number", b"FACT NUMBER")
    assert len(edited) == len(data) and edited != data
    return edited


def _by_utime(path: Path, data: bytes) -> None:
    st = path.stat()
    with open(path, "r+b") as out:
        out.write(data)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))


def _by_touch_r(path: Path, data: bytes) -> None:
    reference = path.with_name(".reference")
    shutil.copy2(path, reference)
    with open(path, "r+b") as out:
        out.write(data)
    subprocess.run(["touch", "-r", str(reference), str(path)], check=True)
    reference.unlink()


def _by_cp_p(path: Path, data: bytes) -> None:
    # cp -p over an existing file writes into it (same inode) and copies the source's mtime.
    source = path.with_name(".source")
    source.write_bytes(data)
    st = path.stat()
    os.utime(source, ns=(st.st_atime_ns, st.st_mtime_ns))
    subprocess.run(["cp", "-p", str(source), str(path)], check=True)
    source.unlink()


EDITS: dict[str, Callable[[Path, bytes], None]] = {"utime": _by_utime, "touch -r": _by_touch_r, "cp -p": _by_cp_p}


@pytest.mark.parametrize("how", sorted(EDITS))
def test_an_edit_in_place_with_its_mtime_put_back_is_seen_and_pushed(cli: CliRunner, tmp_path: Path, how: str) -> None:
    a, remote = _synced(tmp_path)
    target = a / "f" / "page-1.md"
    before = target.stat()
    edited = _same_size(target.read_bytes())
    EDITS[how](target, edited)
    after = target.stat()
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (before.st_size, before.st_mtime_ns, before.st_ino)

    status = js(cli("status", "f", "--json", cwd=a))
    assert [c["file"] for c in status["remote_changes"]] == ["page-1.md"]
    ok(cli("sync", "f", cwd=a))
    assert (remote / "page-1.md").read_bytes() == edited
    assert js(cli("status", "f", "--json", cwd=a))["remote_changes"] == []


def test_an_edit_in_place_with_its_mtime_put_back_long_ago_is_still_seen(cli: CliRunner, tmp_path: Path) -> None:
    """Outside the 2 s window too: the edit's ctime is what differs, however old."""
    a, remote = _synced(tmp_path)
    target = a / "f" / "page-2.md"
    edited = _same_size(target.read_bytes())
    _by_utime(target, edited)
    time.sleep(2.1)
    ok(cli("sync", "f", cwd=a))
    assert (remote / "page-2.md").read_bytes() == edited


def test_a_page_replaced_by_rename_with_one_of_the_same_size_and_mtime_is_seen(cli: CliRunner, tmp_path: Path) -> None:
    """An editor's save (or rsync without --inplace): a new file renamed over the page."""
    a, remote = _synced(tmp_path)
    target = a / "f" / "page-3.md"
    st = target.stat()
    edited = _same_size(target.read_bytes())
    fresh = target.with_name(".page-3.md.swp")
    fresh.write_bytes(edited)
    os.utime(fresh, ns=(st.st_atime_ns, st.st_mtime_ns))
    os.rename(fresh, target)
    assert target.stat().st_ino != st.st_ino
    ok(cli("sync", "f", cwd=a))
    assert (remote / "page-3.md").read_bytes() == edited


@pytest.mark.parametrize("later", [0.0, 2.1])
def test_a_shared_folder_remotes_edit_in_place_with_its_mtime_put_back_is_pulled(
    cli: CliRunner, tmp_path: Path, later: float
) -> None:
    """A folder another tool writes too is read by listing, each page's listed
    version compared with the one memsync last hashed: an edit there that keeps
    size and mtime must still be a remote change, at once or seconds later."""
    a, remote = _synced(tmp_path, shared="true")
    target = remote / "page-0.md"
    edited = _same_size(target.read_bytes())
    _by_touch_r(target, edited)
    time.sleep(later)
    pulled = js(cli("pull", "f", "--json", cwd=a))
    assert [c["file"] for c in pulled["local_changes"]] == ["page-0.md"]
    assert (a / "f" / "page-0.md").read_bytes() == edited


def test_an_edit_in_place_with_its_mtime_put_back_right_after_a_pull_is_seen(cli: CliRunner, tmp_path: Path) -> None:
    """A pull caches what it wrote without hashing it again: the row must be the
    file's stat after the rename (which moved its ctime), or the same edit made
    just after the pull would match the temp's row."""
    a, remote = _synced(tmp_path)
    b = tmp_path / "b"
    b.mkdir()
    ok(cli("clone", str(remote), "f", "--name", "f", cwd=b))
    (a / "f" / "page-1.md").write_bytes((a / "f" / "page-1.md").read_bytes() + b"more\n")
    ok(cli("sync", "f", cwd=a))
    pulled = js(cli("pull", "f", "--json", cwd=b))
    assert [c["file"] for c in pulled["local_changes"]] == ["page-1.md"]
    # What the pull wrote is cached all the same: a no-op after it hashes nothing.
    assert len(Workspace.find(b).load_statcache("f")) == len(FILES)
    target = b / "f" / "page-1.md"
    edited = _same_size(target.read_bytes())
    _by_utime(target, edited)
    ok(cli("sync", "f", cwd=b))
    assert (remote / "page-1.md").read_bytes() == edited


@pytest.mark.parametrize("version", [1, 2])
def test_a_statcache_of_an_earlier_format_is_dropped_not_trusted(cli: CliRunner, tmp_path: Path, version: int) -> None:
    """Rows saved before ctime was part of them would pass an edit that kept size
    and mtime: they cost one hash of each file, never a missed edit."""
    a, remote = _synced(tmp_path)
    path = Workspace.find(a).field_state_dir("f") / "statcache.json"
    # The rows as those formats held them: size, mtime_ns, inode, sha256.
    rows = {
        p.name: [(st := p.stat()).st_size, st.st_mtime_ns, st.st_ino, hashlib.sha256(p.read_bytes()).hexdigest()]
        for p in sorted((a / "f").glob("*.md"))
    }
    if version == 1:
        earlier = json.dumps(rows).encode()  # {name: [size, mtime_ns, inode, sha256]}
    else:
        columns = {
            "version": 2,
            "digest": None,
            "names": list(rows),
            "stats": [v for r in rows.values() for v in r[:3]],
            "shas": "".join(str(r[3]) for r in rows.values()),
        }
        head = json.dumps(columns, separators=(",", ":"))[:-1].encode()
        earlier = head + b',"sum":"' + hashlib.sha256(head).hexdigest().encode() + b'"}'
    target = a / "f" / "page-2.md"
    edited = _same_size(target.read_bytes())
    _by_utime(target, edited)
    path.write_bytes(earlier)
    ok(cli("sync", "f", cwd=a))
    assert (remote / "page-2.md").read_bytes() == edited
    assert json.loads(path.read_bytes())["version"] == 3


# Run inside a private mount of ramfs (see the test below): pages pulled, each
# edited in place at once with a plain write of the same size, then a dry-run sync.
_EDIT_RIGHT_AFTER_A_PULL = """
import json, sys
from pathlib import Path
from memsync import engine
from memsync.workspace import Workspace
from tests.conftest import make_field, page

root = Path(sys.argv[1])
def replica(name, files):
    ws = Workspace.init(root / name)
    ws.add_field("f", root / name / "f")
    ws.add_remote("f", "origin", str(root / "remote"), {})
    make_field(root / name / "f", files)
    engine.Session(ws, "f", None).run("sync")
    return ws.root
a = replica("a", {f"page-{i}.md": page(f"Page {i}", f"fact number {i}") for i in range(6)})
b = replica("b", {})
unseen = []
for i in range(6):
    name = f"page-{i}.md"
    (a / "f" / name).write_bytes((a / "f" / name).read_bytes() + b"more")
    engine.Session(Workspace.find(a), "f", None).run("sync")
    engine.Session(Workspace.find(b), "f", None).run("pull")
    with open(b / "f" / name, "r+b") as out:
        out.write(b"+")  # the first byte, '-', becomes '+': same size, a plain write
    report = engine.Session(Workspace.find(b), "f", None).run("sync", dry_run=True)
    if name not in [c.name for c in report.remote_changes]:
        unseen.append(name)
print(json.dumps(unseen))
"""


def test_an_edit_right_after_a_pull_on_a_filesystem_with_coarse_timestamps_is_seen(tmp_path: Path) -> None:
    """ramfs stamps files with the kernel's coarse clock (a tick of 1-10 ms), as
    ext4 did before Linux 6.13 (and ext4 with 128-byte inodes does in whole
    seconds): a page the pull writes and renames within one tick has mtime ==
    ctime, and an edit in that tick keeps every number of its stat. The pull's
    row for it must not vouch for it (the edit was never pushed, and came back
    as a conflict once the other side changed the page)."""
    where = tmp_path / "ramfs"
    where.mkdir()
    mount = ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", 'mount -t ramfs ramfs "$0" && exec "$@"']
    if shutil.which("unshare") is None or subprocess.run([*mount, str(where), "true"], capture_output=True).returncode:
        pytest.skip("no ramfs mount in a user namespace here (unshare -rm)")
    repo = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(repo)}
    run = subprocess.run(
        [*mount, str(where), sys.executable, "-c", _EDIT_RIGHT_AFTER_A_PULL, str(where)],
        capture_output=True,
        text=True,
        env=env,
        cwd=repo,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == []
