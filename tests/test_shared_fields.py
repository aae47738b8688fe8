"""Fields other tools write too (issue 14): the real memoryfield-tool (PyPI)
writes pages in place on an S3 field (moto) and in a folder, and never touches
SHA256SUMS. memsync reads such a remote by listing it as well: added,
rewritten and removed pages are remote changes, verified by their content
hash; a stale SHA256SUMS never makes the field unclonable; the next push
writes a SHA256SUMS that describes them; a remote only memsync writes keeps
its one-request no-op.

memoryfield-tool needs Python >= 3.12; .ci/run installs it into its own venv
under ~/.cache/memsync-tests/memoryfield-tool (or set $MEMSYNC_MEMORYFIELD_TOOL).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_fsspec_remotes import consistent_files
from test_s3 import aws_env, bucket_objects, content, memsync, new_workspace, ok, pages, use_aws_env

from memsync import engine
from memsync.backends.s3 import S3Store
from memsync.errors import PullFirst
from memsync.names import MANIFEST_NAME
from memsync.protocol import LOCK_NAME
from memsync.workspace import Workspace
from tests.conftest import page

TOOL_HOME = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "memsync-tests" / "memoryfield-tool"


def tool_binary() -> str | None:
    for candidate in (
        os.environ.get("MEMSYNC_MEMORYFIELD_TOOL"),
        str(TOOL_HOME / "bin" / "memoryfield-tool"),
        shutil.which("memoryfield-tool"),
    ):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


class MemoryfieldTool:
    """memoryfield-tool with its own config and cache, its embedder unreachable
    (its background reindex then gives up at once)."""

    def __init__(self, home: Path, env: dict[str, str]) -> None:
        binary = tool_binary()
        if binary is None:
            pytest.skip(f"memoryfield-tool is not installed (Python >= 3.12: pip install it into {TOOL_HOME})")
        self.binary = binary
        home.mkdir(parents=True, exist_ok=True)
        self.env = {
            **env,
            "MEMORYFIELD_TOOL_CONFIG": str(home / "config.toml"),
            "XDG_CACHE_HOME": str(home / "cache"),
            "OLLAMA_HOST": "127.0.0.1:9",
        }

    def __call__(self, *args: str, stdin: str | None = None) -> str:
        done = subprocess.run(
            [self.binary, *args], input=stdin, env=self.env, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, f"memoryfield-tool {args}: {done.stderr}"
        return done.stdout

    def edit(self, field: str) -> None:
        """What the issue saw: a page added, one rewritten, one removed."""
        self("write", "page-6.md", "--field", field, stdin="# Six\n\nAdded by memoryfield-tool.\n")
        self("write", "page-0002.md", "--field", field, "--force", stdin="# page 2\n\nRewritten by memoryfield-tool.\n")
        self("delete", "page-0003.md", "--field", field)


def lists(seen: list[tuple[str, str, int]]) -> list[tuple[str, str, int]]:
    return [r for r in seen if r[0] == "GET" and "list-type=2" in r[1]]


def test_memoryfield_tool_writes_an_s3_field_memsync_pushed(s3_server: Any, tmp_path: Path, requests_seen: Any) -> None:
    client, bucket = s3_server.client(), s3_server.new_bucket()
    url, env = f"s3://{bucket}/team/notes", aws_env(s3_server)
    a = new_workspace(tmp_path / "a", url, pages(5))
    ok(memsync("push", "f", cwd=a, env=env))
    b = tmp_path / "b"
    b.mkdir()
    ok(memsync("clone", url, "f", "--name", "f", cwd=b, env=env))
    sums_before = client.get_object(Bucket=bucket, Key="team/notes/SHA256SUMS")["Body"].read()

    # A remote only memsync writes: a no-op pull is one conditional request, no listing.
    requests_seen.take()
    ok(memsync("pull", "f", cwd=a, env=env))
    seen = requests_seen.take()
    assert len(seen) == 1 and seen[0][2] == 304, seen

    tool = MemoryfieldTool(tmp_path / "tool", env)
    tool("connect", "notes", url, "--endpoint-url", s3_server.endpoint, "--region", "us-east-1")
    tool.edit("notes")
    objects = bucket_objects(client, bucket, "team/notes")
    assert objects[MANIFEST_NAME] == sums_before, "memoryfield-tool never touches SHA256SUMS"
    assert "page-6.md" in objects and "page-0003.md" not in objects

    # A fresh clone works, and holds what is there now.
    c = tmp_path / "c"
    c.mkdir()
    ok(memsync("clone", url, "f", "--name", "f", cwd=c, env=env))
    there = {n: d for n, d in objects.items() if n.endswith(".md")}
    assert content(c / "f") == there
    ok(memsync("verify", "f", cwd=c, env=env))
    assert Workspace(c).remote_memo("f", "origin").get("shared"), "the clone found other writers and keeps listing"

    # A workspace that declares the remote shared sees all three changes at its next pull,
    # with one listing request (the field has fewer than 1,000 pages).
    ok(memsync("remote", "set-option", "f", "origin", "shared=true", cwd=b, env=env))
    requests_seen.take()
    pulled = ok(memsync("pull", "f", cwd=b, env=env))
    assert "page-6.md" in pulled and "page-0002.md" in pulled and "page-0003.md" in pulled, pulled
    assert len(lists(requests_seen.take())) == 1
    assert content(b / "f") == there

    # More edits by the tool: the clone (which found out by itself) sees them too.
    tool("write", "page-7.md", "--field", "notes", stdin="# Seven\n")
    tool("write", "page-0004.md", "--field", "notes", "--force", stdin="# page 4\n\nRewritten again.\n")
    ok(memsync("pull", "f", cwd=c, env=env))
    now = {n: d for n, d in bucket_objects(client, bucket, "team/notes").items() if n.endswith(".md")}
    assert content(c / "f") == now

    # Its next push writes a SHA256SUMS that describes the field as it is, even with nothing else to send.
    ok(memsync("push", "f", cwd=c, env=env))
    assert consistent_files(bucket_objects(client, bucket, "team/notes")) == now
    # And a local edit merges with theirs as any remote change would.
    (a / "f" / "page-0001.md").write_text(page("page 1", "edited by memsync on a"))
    ok(memsync("sync", "f", cwd=a, env=env))
    final = consistent_files(bucket_objects(client, bucket, "team/notes"))
    assert content(a / "f") == final and b"edited by memsync on a" in final["page-0001.md"]
    assert b"Rewritten again." in final["page-0004.md"]


def test_memoryfield_tool_writes_a_folder_field(tmp_path: Path) -> None:
    folder = tmp_path / "shared-folder"
    a = new_workspace(tmp_path / "a", str(folder), pages(5))
    env = {**os.environ, "MEMSYNC_DEBUG": ""}
    ok(memsync("push", "f", cwd=a, env=env))
    tool = MemoryfieldTool(tmp_path / "tool", env)
    tool("connect", "notes", str(folder))
    tool.edit("notes")
    there = {p.name: p.read_bytes() for p in folder.iterdir() if p.suffix == ".md"}

    c = tmp_path / "c"
    c.mkdir()
    ok(memsync("clone", str(folder), "f", "--name", "f", cwd=c, env=env))
    assert content(c / "f") == there
    ok(memsync("remote", "set-option", "f", "origin", "shared=true", cwd=a, env=env))
    ok(memsync("pull", "f", cwd=a, env=env))
    assert content(a / "f") == there
    (a / "f" / "page-0001.md").write_text(page("page 1", "edited by memsync"))
    ok(memsync("push", "f", cwd=a, env=env))
    files = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    assert consistent_files(files) == content(a / "f")
    assert not (folder / "nomic-embed-text-v1.5.sqlite3").exists() or "nomic-embed-text-v1.5.sqlite3" not in content(
        c / "f"
    ), "the tool's vector index never travels as content"


def test_a_hand_edit_on_a_remote_declared_not_shared_says_how_out(tmp_path: Path) -> None:
    # A push refused by a page edited in place on a folder declared shared=false:
    # the pull it would send the user to trusts SHA256SUMS (that is what the
    # declaration asks for) and never sees the edit, so "pull first" would loop.
    # The refusal says what to do, and doing it brings the edit in.
    folder = tmp_path / "folder"
    a = new_workspace(tmp_path / "a", str(folder), pages(4), shared="false")
    env = {**os.environ, "MEMSYNC_DEBUG": ""}
    ok(memsync("push", "f", cwd=a, env=env))
    (folder / "page-0001.md").write_text(page("page 1", "edited in place by another tool"))
    (a / "f" / "page-0001.md").write_text(page("page 1", "edited by memsync"))
    for _ in range(2):
        ok(memsync("pull", "f", cwd=a, env=env))
        refused = memsync("push", "f", cwd=a, env=env)
        assert refused.returncode == 4
        assert refused.stderr.strip().endswith(
            f"{folder}/page-0001.md: changed by another writer, but {folder} is declared shared=false: "
            "set its option shared=true (memsync remote set-option), then pull"
        ), refused.stderr
        assert b"another tool" in (folder / "page-0001.md").read_bytes()
    ok(memsync("remote", "set-option", "f", "origin", "shared=true", cwd=a, env=env))
    assert memsync("pull", "f", cwd=a, env=env).returncode in (0, 3)  # a conflict copy keeps both
    ok(memsync("push", "f", cwd=a, env=env))
    there = consistent_files({p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()})
    assert there == content(a / "f")
    assert b"edited in place by another tool" in b"".join(there.values())
    assert b"edited by memsync" in b"".join(there.values())


def _shared_s3_replica(
    s3_server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, files: dict[str, str]
) -> tuple[Any, str, Path]:
    """A workspace synced with a shared S3 remote (``team`` in a new bucket) that
    holds ``files``: the S3 client, the bucket, the workspace."""
    client, bucket = s3_server.client(), s3_server.new_bucket()
    use_aws_env(monkeypatch, aws_env(s3_server))
    a = new_workspace(tmp_path / "a", f"s3://{bucket}/team", files, shared="true")
    engine.Session(Workspace.find(a), "f", None).run("sync")
    return client, bucket, a


def _push_meeting(a: Path, monkeypatch: pytest.MonkeyPatch, page_name: str, tool: Callable[[], object]) -> None:
    """A push of workspace ``a`` during which another tool does ``tool`` just
    before the push first sends ``page_name``."""
    real_put = S3Store.put
    met: list[str] = []

    def put(self: S3Store, name: str, data: bytes, **kwargs: Any) -> str:
        if name == page_name and not met:
            met.append(name)
            tool()
        return real_put(self, name, data, **kwargs)

    monkeypatch.setattr(S3Store, "put", put)
    try:
        engine.Session(Workspace.find(a), "f", None).run("push")
    finally:
        monkeypatch.setattr(S3Store, "put", real_put)


def test_an_edit_on_a_shared_s3_remote_during_a_push_is_not_overwritten(
    s3_server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # S3's ETags are MD5s, not content hashes memsync can name: on a shared remote
    # each page's write and delete is conditional on the ETag listed under the push's
    # lock. Another tool rewrites p050 as the push is about to (and p010, which the
    # push had written already), adds p100 as the push adds it, and rewrites p055,
    # which the push deletes: the push puts back what it wrote, and the pull the user
    # is sent to brings every one of the tool's changes in.
    files = {f"p{i:03d}.md": page(f"P{i}", f"body {i}") for i in range(60)}
    client, bucket, a = _shared_s3_replica(s3_server, tmp_path, monkeypatch, files)
    for name, text in files.items():
        (a / "f" / name).write_text(text.replace("body", "edited body"))
    (a / "f" / "p055.md").unlink()
    (a / "f" / "p100.md").write_text(page("P100", "memsync's p100"))
    tool = {
        "p010.md": page("P10", "the tool's p010"),
        "p050.md": page("P50", "the tool's p050"),
        "p055.md": page("P55", "the tool's p055"),
        "p100.md": page("P100", "the tool's p100"),
    }

    def tool_writes() -> None:
        for other, text in tool.items():
            client.put_object(Bucket=bucket, Key=f"team/{other}", Body=text.encode())

    with pytest.raises(PullFirst, match=r"team/p050\.md: changed by another writer: pull first$"):
        _push_meeting(a, monkeypatch, "p050.md", tool_writes)
    there = bucket_objects(client, bucket, "team")
    assert {n: there[n].decode() for n in tool} == tool, "nothing the tool wrote is overwritten"
    assert there["p009.md"].decode() == files["p009.md"], "what the push wrote is put back"
    assert LOCK_NAME not in there, "the lock is released: the next push is no repair"
    engine.Session(Workspace.find(a), "f", None).run("sync")
    there = bucket_objects(client, bucket, "team")
    texts = b"".join(there.values()).decode()
    for name in ("p010", "p050", "p055"):
        assert f"the tool's {name}" in texts, name
    assert "the tool's p100" in texts and "memsync's p100" in texts, "both p100s kept, one as a conflict copy"
    assert "edited body 9" in there["p009.md"].decode()
    assert consistent_files(there) == {n: d for n, d in there.items() if n.endswith(".md")}


def test_a_page_another_tool_deletes_as_a_shared_s3_push_rewrites_it_is_pull_first(
    s3_server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # S3 answers a PUT If-Match on a key that is gone with 404, not 412: another tool
    # deleting a page the push is rewriting is a refused condition like any other,
    # not a failed push that leaves pages no SHA256SUMS describes behind a dead lock
    # (which readers meet as damage, and the next push repairs by rewriting the field).
    files = {f"p{i:02d}.md": page(f"P{i}", f"body {i}") for i in range(6)}
    client, bucket, a = _shared_s3_replica(s3_server, tmp_path, monkeypatch, files)
    for name, text in files.items():
        (a / "f" / name).write_text(text.replace("body", "edited body"))
    with pytest.raises(PullFirst, match=r"team/p03\.md: changed by another writer: pull first$"):
        _push_meeting(a, monkeypatch, "p03.md", lambda: client.delete_object(Bucket=bucket, Key="team/p03.md"))
    there = bucket_objects(client, bucket, "team")
    assert LOCK_NAME not in there, "the lock is released: no push left half-done"
    assert {n: d.decode() for n, d in there.items() if n.endswith(".md")} == {
        n: t for n, t in files.items() if n != "p03.md"
    }, "what the push wrote is put back; the tool's delete stays"
    engine.Session(Workspace.find(a), "f", None).run("sync")
    there = bucket_objects(client, bucket, "team")
    assert consistent_files(there) == content(a / "f")
    assert all(b"edited body" in there[n] for n in files), "the edit of a page deleted there is kept"


def test_a_push_after_a_crash_on_a_shared_s3_remote_leaves_another_tools_edit(
    s3_server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A push died before its commit (its lock is left expired) without changing a
    # page. The next push breaks the lock; on a shared remote its listing under the
    # lock checks every page against SHA256SUMS, so nothing needs repairing, and its
    # writes stay conditional: another tool's edit made while it runs is not
    # overwritten by a rewrite of the whole field.
    files = {f"p{i:02d}.md": page(f"P{i}", f"body {i}") for i in range(20)}
    client, bucket, a = _shared_s3_replica(s3_server, tmp_path, monkeypatch, files)
    client.put_object(Bucket=bucket, Key=f"team/{LOCK_NAME}", Body=b'{"expires": 0, "abandoned": true}')
    (a / "f" / "p00.md").write_text(page("P0", "edited by memsync"))
    tool = page("P15", "the tool's p15").encode()
    with contextlib.suppress(PullFirst):
        # p00 is the first page the push writes, whole field or not.
        _push_meeting(a, monkeypatch, "p00.md", lambda: client.put_object(Bucket=bucket, Key="team/p15.md", Body=tool))
    assert bucket_objects(client, bucket, "team")["p15.md"] == tool, "the tool's edit is not overwritten"
    engine.Session(Workspace.find(a), "f", None).run("sync")
    there = bucket_objects(client, bucket, "team")
    assert consistent_files(there) == content(a / "f")
    assert there["p15.md"] == tool and b"edited by memsync" in there["p00.md"]
