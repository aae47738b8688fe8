"""Guards and names for everyday use (issue 13): the delete limit, mirror into
a folder that is no field, pages whose frontmatter does not read, ``add`` and
``clone`` that leave nothing half done, hints that name real options, a push
that completes an interrupted first push, ``sync`` of every field, ``--wait``.
"""

from __future__ import annotations

import ast
import errno
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import click
import pytest

from memsync.cli import main
from memsync.disk import atomic
from memsync.engine import Session
from memsync.errors import MemsyncError
from memsync.workspace import Workspace
from tests.conftest import CliRunner, assert_one_line_error, make_field, page, snapshot
from tests.test_sync_cli import js, make_replicas, ok, pages, sha256sum_check, tree

TEN = {f"p{i}.md": page(f"Page {i}", f"body {i}") for i in range(10)}


# -- the delete limit -------------------------------------------------------------------


def test_a_sync_that_would_delete_most_of_a_field_stops_and_says_how_to_go_ahead(
    cli: CliRunner, tmp_path: Path
) -> None:
    r = make_replicas(cli, tmp_path, TEN)
    for i in range(6):
        (r.fa / f"p{i}.md").unlink()
    remote_before, field_before = tree(r.remote), tree(r.fa)
    for command in ("sync", "push"):
        line = assert_one_line_error(cli(command, "f", cwd=r.a))
        assert "delete 6 of its 10 files" in line and "--max-delete 6" in line, line
        assert tree(r.remote) == remote_before and tree(r.fa) == field_before
    assert_one_line_error(cli("sync", "f", "--max-delete", "5", cwd=r.a))
    ok(cli("sync", "f", "--max-delete", "6", cwd=r.a))
    assert sorted(pages(r.remote)) == [f"p{i}.md" for i in range(6, 10)]

    # The other machine's pull would delete them there too: the same guard, its own side.
    field_before = tree(r.fb)
    for command in ("pull", "sync"):
        line = assert_one_line_error(cli(command, "f", cwd=r.b))
        assert "--max-delete" in line and str(r.fb.name) in line
        assert tree(r.fb) == field_before
    assert_one_line_error(cli("pull", "f", "--max-delete", "50%", cwd=r.b))
    ok(cli("pull", "f", "--max-delete", "60%", cwd=r.b))
    assert pages(r.fb) == pages(r.remote)
    assert "--max-delete" in assert_one_line_error(cli("sync", "f", "--max-delete", "lots", cwd=r.b))


def test_renames_are_no_deletions_and_a_few_pages_are_not_guarded(cli: CliRunner, tmp_path: Path) -> None:
    files = {**TEN, **{f"img{i}.png": bytes([i]) * 50 for i in range(4)}}
    r = make_replicas(cli, tmp_path, files)
    # Pages renamed (uuid kept, some edited too) and files renamed byte for byte.
    for i in range(8):
        text = (r.fa / f"p{i}.md").read_text()
        os.remove(r.fa / f"p{i}.md")
        (r.fa / f"renamed-{i}.md").write_text(text + ("edited\n" if i % 2 else ""))
    for i in range(4):
        os.rename(r.fa / f"img{i}.png", r.fa / f"picture-{i}.png")
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    assert pages(r.fb) == pages(r.fa) == pages(r.remote)

    small = make_replicas(cli, tmp_path / "small", {f"s{i}.md": page("S", str(i)) for i in range(5)})
    for i in range(5):
        (small.fa / f"s{i}.md").unlink()
    ok(cli("sync", "f", cwd=small.a))  # five files or fewer: "more than a few" they are not
    ok(cli("sync", "f", cwd=small.b))
    assert pages(small.fb) == {}


def test_an_explicit_limit_guards_small_fields_too(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, {f"s{i}.md": page("S", str(i)) for i in range(3)})
    (r.fa / "s0.md").unlink()
    assert "--max-delete 1" in assert_one_line_error(cli("push", "f", "--max-delete", "0", cwd=r.a))
    ok(cli("push", "f", "--max-delete", "1", cwd=r.a))


# -- mirror -----------------------------------------------------------------------------------


def test_mirror_leaves_a_folder_that_is_no_field_alone_unless_forced(cli: CliRunner, tmp_path: Path) -> None:
    make_field(tmp_path / "src", TEN)
    dst = make_field(tmp_path / "dst", {"taxes.md": "my taxes\n", "photo.jpg": b"\xff\xd8jpeg"})
    before = snapshot(dst)
    line = assert_one_line_error(cli("mirror", "src", "dst", cwd=tmp_path))
    assert "not a field" in line and "--force" in line
    assert snapshot(dst) == before
    ok(cli("mirror", "src", "dst", "--force", cwd=tmp_path))
    assert pages(dst) == pages(tmp_path / "src")
    sha256sum_check(dst)
    # Now it is a field: mirroring again needs no --force, and the delete limit guards it.
    for i in range(7):
        (tmp_path / "src" / f"p{i}.md").unlink()
    line = assert_one_line_error(cli("mirror", "src", "dst", cwd=tmp_path))
    assert "--max-delete 7" in line
    ok(cli("mirror", "src", "dst", "--max-delete", "70%", cwd=tmp_path))
    assert pages(dst) == pages(tmp_path / "src")
    # An empty folder, or one that does not exist, is fine.
    (tmp_path / "empty").mkdir()
    ok(cli("mirror", "src", "empty", cwd=tmp_path))
    ok(cli("mirror", "src", "new", cwd=tmp_path))


# -- frontmatter that does not read ------------------------------------------------------------


def test_a_page_whose_frontmatter_does_not_read_travels_with_validates_warning(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, TEN)
    broken = b"---\ntitle: Odd\nstatus: [unclosed\n---\n\nwritten by another tool\n"
    (r.fa / "odd.md").write_bytes(broken)
    validated = cli("validate", r.fa, cwd=tmp_path)
    assert validated.returncode == 0
    [warning] = [line for line in validated.stdout.splitlines() if line.startswith("warning: odd.md: ")]
    for command, ws in (("push", r.a), ("pull", r.b)):
        result = cli(command, "f", cwd=ws)
        assert result.returncode == 0, result.stderr
        assert result.stderr.splitlines() == [f"memsync: {warning}"]
    assert (r.remote / "odd.md").read_bytes() == (r.fb / "odd.md").read_bytes() == broken
    out = js(cli("sync", "f", "--json", cwd=r.a))
    assert out["warnings"] == []  # nothing carried this time, nothing to say
    (r.fa / "odd.md").write_bytes(broken + b"more\n")
    out = js(cli("sync", "f", "--json", cwd=r.a))
    assert [w["file"] for w in out["warnings"]] == ["odd.md"]


def test_editor_backups_and_auto_saves_stay_behind_and_a_bad_name_says_how_to_go_on(
    cli: CliRunner, tmp_path: Path
) -> None:
    """Emacs leaves page.md~ and #page.md# beside the page being edited: each stopped
    every sync of the field (an unattended watcher for good) as a name not URL-safe."""
    r = make_replicas(cli, tmp_path, TEN)
    litter = {"p1.md~": b"old p1", "#p2.md#": b"unsaved p2", "notes~": b"x"}
    for name, data in litter.items():
        (r.fa / name).write_bytes(data)
    (r.fa / "p3.md").write_text(page("Page 3", "edited"))
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    assert pages(r.remote) == pages(r.fb) == {n: d for n, d in pages(r.fa).items() if n not in litter}
    assert {n: (r.fa / n).read_bytes() for n in litter} == litter
    assert not any((place / n).exists() for place in (r.remote, r.fb) for n in litter)
    assert "OK field" in ok(cli("verify", "f", cwd=r.a))

    (r.fa / "my page.md").write_text(page("Mine", "a space in the name"))
    err = assert_one_line_error(cli("sync", "f", cwd=r.a))
    assert "'my page.md'" in err and "rename it, or start its name with '.'" in err
    (r.fa / "my page.md").rename(r.fa / ".my page.md")
    ok(cli("sync", "f", cwd=r.a))


# -- add and clone ----------------------------------------------------------------------------------


def test_add_that_fails_leaves_nothing_behind(cli: CliRunner, tmp_path: Path) -> None:
    ok(cli("init", cwd=tmp_path))
    make_field(tmp_path / "notes", {"page.md": page("Page", "a page, not a folder")})
    config = (tmp_path / ".memsync" / "config.json").read_bytes()
    line = assert_one_line_error(cli("add", "page", "./notes/page.md", cwd=tmp_path))
    assert (tmp_path / ".memsync" / "config.json").read_bytes() == config, "the failed add registered the field"
    assert "not a folder" in line
    assert_one_line_error(cli("add", "bad name", "./deep/er/folder", cwd=tmp_path))
    assert (tmp_path / ".memsync" / "config.json").read_bytes() == config
    assert not (tmp_path / "deep").exists()
    ok(cli("add", "notes", cwd=tmp_path))
    config = (tmp_path / ".memsync" / "config.json").read_bytes()
    assert "already the folder of field 'notes'" in assert_one_line_error(cli("add", "again", "notes", cwd=tmp_path))
    assert (tmp_path / ".memsync" / "config.json").read_bytes() == config


def test_clone_names_the_field_after_its_directory_and_refuses_what_it_cannot_do(
    cli: CliRunner, tmp_path: Path
) -> None:
    remote = make_field(tmp_path / "srv" / "shared-notes", TEN)
    ok(cli("manifest", remote, cwd=tmp_path))
    here = tmp_path / "here"
    here.mkdir()
    out = js(cli("clone", remote, "garden", "--json", cwd=here))
    assert out["field"] == "garden" and pages(here / "garden") == pages(remote)
    # The same source again: one line, nothing done (no second field, no exit 0).
    config = (here / ".memsync" / "config.json").read_bytes()
    line = assert_one_line_error(cli("clone", remote, "garden2", cwd=here))
    assert "already follows" in line and "memsync pull garden" in line
    assert not (here / "garden2").exists() and (here / ".memsync" / "config.json").read_bytes() == config
    # Into a folder that exists and is not empty: one line naming how to choose another.
    (here / "busy").mkdir()
    (here / "busy" / "mine.txt").write_text("mine\n")
    other = make_field(tmp_path / "srv" / "other", {"a.md": page("A", "a")})
    line = assert_one_line_error(cli("clone", other, "busy", cwd=here))
    assert "not an empty folder" in line and "DIRECTORY" in line and "--into" not in line
    assert sorted(p.name for p in (here / "busy").iterdir()) == ["mine.txt"]
    assert (here / ".memsync" / "config.json").read_bytes() == config
    # Without DIRECTORY the name comes from the URL, as before.
    out = js(cli("clone", other, "--json", cwd=here))
    assert out["field"] == "other"


def test_clone_of_a_url_without_a_path_takes_the_host_or_asks_for_a_name(cli: CliRunner, tmp_path: Path) -> None:
    from tests.http_support import MemsyncServer

    field = make_field(tmp_path / "served", TEN)
    server = MemsyncServer(field, log=tmp_path / "serve.log")
    try:
        url = server.url
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", url), url
        a = tmp_path / "a"
        a.mkdir()
        # A host that is no field name ("::1"): one line asking for one, before anything is fetched.
        line = assert_one_line_error(cli("clone", url.replace("127.0.0.1", "[::1]"), cwd=a))
        assert "--name NAME" in line
        assert not any(a.iterdir())
        ok(cli("clone", url, "--name", "served", "--trust", "self", cwd=a))
        assert pages(a / "served") == pages(field)
        b = tmp_path / "b"
        b.mkdir()
        out = js(cli("clone", url.replace("127.0.0.1", "localhost"), "--trust", "self", "--json", cwd=b))
        assert out["field"] == "localhost" and pages(b / "localhost") == pages(field)
        c = tmp_path / "c"
        c.mkdir()
        out = js(cli("clone", url, "mirror-of-served", "--trust", "self", "--json", cwd=c))
        assert out["field"] == "mirror-of-served"
        d = tmp_path / "d"
        d.mkdir()
        out = js(cli("clone", url, "--trust", "self", "--json", cwd=d))
        assert out["field"] == "127.0.0.1"  # as `git clone http://127.0.0.1:PORT/` names its folder
    finally:
        server.stop()


# Each memsync URL beside the URL git clones for it (None: the same), the field at the repository's root.
GIT_NAMED = [
    ("{d}/notes.git", None),
    ("{d}/notes.git/", None),
    ("{d}/plain", None),
    ("{d}/plain//", None),
    ("{d}/plain/.git", None),
    ("{d}/plain/.git/", None),
    ("file://{d}/notes.git", None),
    ("file://{d}/plain/.git", None),
    ("git+file://{d}/notes.git", "file://{d}/notes.git"),
    ("git+file://{d}/notes.git@main", "file://{d}/notes.git"),
    ("git+file://{d}/plain//", "file://{d}/plain"),
    ("https://user:pw@127.0.0.1:1/srv/notes.git/", None),
    ("https://127.0.0.1:1/srv/notes/.git", None),
    ("https://127.0.0.1:1/", None),
    ("https://localhost:1", None),
    ("git+https://127.0.0.1:1/srv/notes.git", "https://127.0.0.1:1/srv/notes.git"),
    ("git+ssh://git@localhost:1/srv/notes.git/", "ssh://git@localhost:1/srv/notes.git/"),
    ("git://127.0.0.1:1/srv/notes.git", None),
    ("s3://bucket/team/notes.git", "ssh://bucket/team/notes.git"),
    ("git@localhost:srv/notes.git", None),
    ("git@localhost:srv/notes.git/", None),
    ("me@localhost:srv/plain//", "me@localhost:srv/plain"),
    ("localhost.localdomain:team/notes.git", None),
]


@pytest.mark.parametrize(("url", "git_url"), GIT_NAMED)
def test_clone_names_the_field_as_git_clone_names_its_folder(url: str, git_url: str | None, tmp_path: Path) -> None:
    from memsync.api import _name_from_url

    repos = tmp_path / "repos"
    subprocess.run(["git", "init", "-q", "--bare", repos / "notes.git"], check=True)
    subprocess.run(["git", "init", "-q", repos / "plain"], check=True)
    url, git_url = url.format(d=repos), (git_url or url).format(d=repos)
    env = {**os.environ, "GIT_SSH_COMMAND": "false", "GIT_TERMINAL_PROMPT": "0"}
    cloned = subprocess.run(
        ["git", "clone", "--progress", git_url], cwd=tmp_path, capture_output=True, text=True, env=env
    )
    named = re.search(r"Cloning into '([^']*)'", cloned.stderr)
    assert named, cloned.stderr
    assert _name_from_url(url, "give one with --name NAME") == named[1]


def test_remove_forgets_a_field_and_keeps_its_folder(cli: CliRunner, tmp_path: Path) -> None:
    """A stranger's field cloned, rejected, then removed: its name and URL are free
    again, its pages stay on disk, and nothing of it is left in quarantine."""
    from tests.http_support import MemsyncServer

    field = make_field(tmp_path / "served", TEN)
    server = MemsyncServer(field, log=tmp_path / "serve.log")
    ws = tmp_path / "ws"
    ws.mkdir()
    try:
        ok(cli("init", cwd=ws))
        held = cli("clone", server.url, cwd=ws)
        assert held.returncode == 5, held.stderr  # untrusted: held for review
        ok(cli("reject", "127.0.0.1", cwd=ws))
        again = cli("clone", server.url, cwd=ws)
        assert "already follows" in assert_one_line_error(again)
        before = snapshot(ws / "127.0.0.1")
        preview = js(cli("remove", "127.0.0.1", "--dry-run", "--json", cwd=ws))
        assert preview["dry_run"] and preview["remotes"] == {"origin": server.url}, preview
        assert "127.0.0.1" in js(cli("fields", "--json", cwd=ws))["fields"]
        said = ok(cli("remove", "127.0.0.1", cwd=ws))
        assert "forgot field 127.0.0.1" in said and "stays as it is" in said, said
        assert js(cli("fields", "--json", cwd=ws))["fields"] == {}
        assert snapshot(ws / "127.0.0.1") == before  # the folder is the user's
        shutil.rmtree(ws / "127.0.0.1")
        again = cli("clone", server.url, cwd=ws)
        assert again.returncode == 5, again.stderr  # a new subscription, held for review again
        assert js(cli("remove", "127.0.0.1", "-n", "--json", cwd=ws))["quarantined"] == 1
        ok(cli("review", "127.0.0.1", cwd=ws))
        ok(cli("accept", "127.0.0.1", cwd=ws))
        assert "127.0.0.1" in (ws / "memsync.lock").read_text()
        dropped = js(cli("remove", "127.0.0.1", "--json", cwd=ws))
        assert dropped["quarantined"] == 0, dropped
        assert "127.0.0.1" not in (ws / "memsync.lock").read_text()  # a field added again starts from no pin
        assert js(cli("quarantine", "--json", cwd=ws))["quarantine"] == []
    finally:
        server.stop()


def test_remove_of_a_tree_forgets_its_members_and_a_member_alone_is_refused(cli: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "agent" / "memory").mkdir(parents=True)
    ok(cli("init"))
    ok(cli("add", "agent", "agent", "--tree"))
    ok(cli("remote", "add", "agent", "origin", tmp_path / "remote"))
    ok(cli("push", "agent"))
    line = assert_one_line_error(cli("remove", "agent/memory"))
    assert "memsync remove agent" in line, line
    gone = js(cli("remove", "agent", "--json"))
    assert gone["members"] == ["agent/memory"] and not gone["dry_run"]
    assert js(cli("fields", "--json"))["fields"] == {}
    assert not (tmp_path / ".memsync" / "fields" / "agent").exists()
    assert not (tmp_path / ".memsync" / "fields" / "agent%2Fmemory").exists()
    assert (tmp_path / "agent" / "memory").is_dir()
    assert "no field 'nope'" in assert_one_line_error(cli("remove", "nope"))


def test_clone_of_a_dot_git_folder_field_is_named_without_the_suffix(cli: CliRunner, tmp_path: Path) -> None:
    remote = make_field(tmp_path / "srv" / "notes.git", TEN)
    ok(cli("manifest", remote, cwd=tmp_path))
    here = tmp_path / "here"
    here.mkdir()
    out = js(cli("clone", f"{remote}/", "--json", cwd=here))
    assert out["field"] == "notes" and pages(here / "notes") == pages(remote)


# -- hints ------------------------------------------------------------------------------------------


def _all_options() -> set[str]:
    found: set[str] = set()

    def walk(command: click.Command, ctx: click.Context) -> None:
        for param in command.params:
            if isinstance(param, click.Option):
                found.update(o for o in (*param.opts, *param.secondary_opts) if o.startswith("--"))
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):  # the top group loads its command modules here
                sub = command.get_command(ctx, name)
                assert sub is not None
                walk(sub, click.Context(sub, parent=ctx))

    walk(main, click.Context(main))
    return found


def test_every_option_a_message_names_exists() -> None:
    """Each ``--option`` in a message or hint anywhere in memsync (docstrings and
    the scanner's quoted attack text aside) is an option of some command."""
    package = Path(__file__).resolve().parent.parent / "memsync"
    token = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*[a-z0-9]")
    options = _all_options()
    named: dict[str, str] = {}
    for path in sorted(package.rglob("*.py")):
        if "scan" in path.relative_to(package).parts:
            continue
        tree = ast.parse(path.read_text())
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        sentences = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            # a sentence, not a command's own argument (git's --git-dir)
            and " " in node.value.strip()
        ]
        for node in sentences:
            for option in token.findall(node.value):
                named.setdefault(option, f"{path.relative_to(package)}:{node.lineno}")
    assert {"--max-delete", "--force", "--wait", "--name", "--into", "--mine"} <= named.keys()  # the scan sees them
    missing = {o: where for o, where in named.items() if o not in options}
    assert not missing, f"messages name options no command has: {missing}"


# -- push after an interrupted first push ---------------------------------------------------------


# -- page sizes ----------------------------------------------------------------------


def test_a_page_over_the_spec_size_is_a_warning_and_many_are_one_line(cli: CliRunner, tmp_path: Path) -> None:
    ok(cli("init"))
    make_field(tmp_path / "notes", {"small.md": page("Small", "short"), "long.md": page("Long", "word " * 2000)})
    ok(cli("add", "notes"))
    ok(cli("remote", "add", "notes", "origin", tmp_path / "remote"))
    pushed = cli("push", "notes")
    assert pushed.returncode == 0, pushed.stderr
    [line] = [ln for ln in pushed.stderr.splitlines() if "8,192" in ln]
    assert line.startswith("memsync: warning: long.md: 10,") and "stay under 8,192" in line, line
    for i in range(5):
        (tmp_path / "notes" / f"big{i}.md").write_text(page(f"Big {i}", "word " * 2000))
    synced = cli("sync", "notes")
    lines = [ln for ln in synced.stderr.splitlines() if "8,192" in ln]
    assert len(lines) == 1 and "5 pages are over" in lines[0] and "memsync validate notes" in lines[0], lines
    quiet = cli("sync", "notes")
    assert "8,192" not in quiet.stderr  # said once, when the page was carried


def test_a_page_over_the_hard_limit_stops_the_push_before_anything_is_written(cli: CliRunner, tmp_path: Path) -> None:
    ok(cli("init"))
    make_field(tmp_path / "notes", {"a.md": page("A", "short"), "b.md": page("B", "x" * 5000)})
    ok(cli("add", "notes"))
    ok(cli("remote", "add", "notes", "origin", tmp_path / "remote"))
    ok(cli("config", "max_page_bytes", "4096"))
    assert "b.md: 5," in assert_one_line_error(cli("push", "notes", "-n"))  # as the push itself would say
    line = assert_one_line_error(cli("push", "notes"))
    assert line.startswith("memsync: b.md: 5,") and "nothing was pushed" in line, line
    assert "memsync config max_page_bytes BYTES" in line
    assert not (tmp_path / "remote").exists() or not any((tmp_path / "remote").iterdir())
    ok(cli("config", "max_page_bytes", "0"))  # no limit
    ok(cli("push", "notes"))
    assert pages(tmp_path / "remote") == pages(tmp_path / "notes")


def test_a_big_push_counts_bytes_from_the_first_file(tmp_path: Path) -> None:
    from contextlib import contextmanager

    from memsync.api import Memsync

    bars: list[tuple[int, str, list[int]]] = []

    @contextmanager
    def recorder(total: int, desc: str, unit: str = "file") -> Any:
        done: list[int] = []
        bars.append((total, unit, done))

        class Bar:
            def update(self, n: int = 1) -> None:
                done.append(n)

        yield Bar()

    big = {"one.md": page("One", "y" * (3 * 1024 * 1024)), "two.md": page("Two", "z" * (2 * 1024 * 1024))}
    root = make_field(tmp_path / "notes", big)
    m = Memsync.init(tmp_path, progress=recorder)
    m.add("notes", root)
    m.add_remote("notes", "origin", str(tmp_path / "remote"))
    m.push("notes")
    [(total, _, done)] = [b for b in bars if b[1] == "B"]
    size = sum(p.stat().st_size for p in root.glob("*.md"))
    assert total == size and sum(done) == size and len(done) == 2


def test_a_push_after_an_interrupted_first_push_completes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ws = Workspace.init(tmp_path / "a")
    root = make_field(tmp_path / "a" / "f", TEN)
    ws.add_field("f", root)
    remote = tmp_path / "remote"
    ws.add_remote("f", "origin", str(remote), {})

    real, calls = atomic.write_temp, 0

    def write_temp(path: Path | str, data: bytes, **options: Any) -> str:
        nonlocal calls
        if Path(path).parent == remote and (calls := calls + 1) > 4:
            raise OSError(errno.ENOSPC, "No space left on device (injected)")
        return real(path, data, **options)

    monkeypatch.setattr(atomic, "write_temp", write_temp)
    with pytest.raises(MemsyncError, match="injected"):
        Session(ws, "f", "origin").run("push")
    monkeypatch.setattr(atomic, "write_temp", real)
    assert 0 < len([n for n in os.listdir(remote) if n.endswith(".md")]) < len(TEN)
    assert not (remote / "SHA256SUMS").exists()

    result = subprocess.run(
        [sys.executable, "-m", "memsync", "push", "f"], cwd=ws.root, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert pages(remote) == pages(root)
    sha256sum_check(remote)


def test_a_remote_with_files_of_its_own_still_says_pull_first(cli: CliRunner, tmp_path: Path) -> None:
    """Only files that are all ours, byte for byte, count as our own cut-short push."""
    ok(cli("init", cwd=tmp_path))
    ok(cli("add", "f", cwd=tmp_path))
    make_field(tmp_path / "f", {"a.md": page("A", "mine")})
    make_field(tmp_path / "remote", {"a.md": page("A", "someone else's")})
    ok(cli("remote", "add", "f", "origin", "remote", cwd=tmp_path))
    result = cli("push", "f", cwd=tmp_path)
    assert result.returncode == 4 and "pull first" in assert_one_line_error(result)


def test_local_edits_to_a_field_whose_remote_folder_is_gone_leave_no_empty_folder_there(
    cli: CliRunner, tmp_path: Path
) -> None:
    # The share is not mounted (or was moved): a sync or push of the edits the agent made
    # meanwhile says so, and does not make the folders again, empty, where the field was.
    ok(cli("init", cwd=tmp_path))
    ok(cli("add", "notes", cwd=tmp_path))
    make_field(tmp_path / "notes", {"a.md": page("A", "first")})
    ok(cli("remote", "add", "notes", "origin", "mnt/share/notes", cwd=tmp_path))
    ok(cli("push", "notes", cwd=tmp_path))
    (tmp_path / "mnt" / "share").rename(tmp_path / "moved")
    (tmp_path / "notes" / "a.md").write_text(page("A", "second"))
    for command in ("sync", "push"):
        result = cli(command, "notes", cwd=tmp_path)
        assert result.returncode == 1, command
        assert "the field there is gone" in assert_one_line_error(result), command
        assert list((tmp_path / "mnt").iterdir()) == [], command


# -- sync of every field, --wait ------------------------------------------------------------------------


def test_sync_without_a_field_syncs_every_field_with_its_default_remote(cli: CliRunner, tmp_path: Path) -> None:
    ok(cli("init", cwd=tmp_path))
    for name in ("notes", "diary", "scratch"):
        ok(cli("add", name, cwd=tmp_path))
        make_field(tmp_path / name, {f"{name}.md": page(name, "first")})
    for name in ("notes", "diary"):
        ok(cli("remote", "add", name, "origin", f"remotes/{name}", cwd=tmp_path))
    ok(cli("remote", "add", "notes", "backup", "remotes/notes-backup", cwd=tmp_path))
    out = js(cli("sync", "--json", cwd=tmp_path))
    assert sorted((f["field"], f["remote"]) for f in out["fields"]) == [("diary", "origin"), ("notes", "origin")]
    assert out["errors"] == []
    assert pages(tmp_path / "remotes" / "notes") == pages(tmp_path / "notes")
    assert pages(tmp_path / "remotes" / "diary") == pages(tmp_path / "diary")
    assert not (tmp_path / "remotes" / "notes-backup").exists() and not (tmp_path / "remotes" / "scratch").exists()
    assert "up to date" in ok(cli("sync", cwd=tmp_path))
    # One field failing does not stop the others; the exit says which failed, in one line.
    (tmp_path / "diary" / "diary.md").write_text(page("diary", "second"))
    shutil.rmtree(tmp_path / "remotes" / "notes")
    result = cli("sync", cwd=tmp_path)
    assert result.returncode == 1
    assert assert_one_line_error(result).startswith("memsync: notes: ")
    assert "the field there is gone" in result.stderr
    assert pages(tmp_path / "remotes" / "diary") == pages(tmp_path / "diary")
    assert "--remote goes with a FIELD" in assert_one_line_error(cli("sync", "-r", "origin", cwd=tmp_path))


def test_wait_waits_for_the_workspace_lock(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, TEN)
    (r.fa / "p0.md").write_text(page("Page 0", "changed"))
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        with Workspace(r.a).locked():
            holding.set()
            release.wait(30)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        holding.wait(10)
        line = assert_one_line_error(cli("sync", "f", cwd=r.a))
        assert "another memsync command is running" in line and "--wait" in line
        waiting = subprocess.Popen(
            [sys.executable, "-m", "memsync", "sync", "f", "--wait", "30"],
            cwd=r.a,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        time.sleep(1.0)
        assert waiting.poll() is None, waiting.communicate()  # still waiting for the lock
        release.set()
        stdout, stderr = waiting.communicate(timeout=60)
        assert waiting.returncode == 0, stderr
        assert "remote ~ p0.md" in stdout
    finally:
        release.set()
        holder.join()
    short = threading.Thread(target=hold)
    release.clear()
    holding.clear()
    short.start()
    try:
        holding.wait(10)
        started = time.monotonic()
        line = assert_one_line_error(cli("status", "f", "--wait", "0.5", cwd=r.a))
        assert "waited 0.5 s" in line and time.monotonic() - started >= 0.5
    finally:
        release.set()
        short.join()
