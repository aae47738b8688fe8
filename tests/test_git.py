"""git and GitHub remotes with the real git binary, and CI publishing (issue 4).

Every remote here is a bare repository made with ``git init --bare`` and
seeded with files that are none of memsync's business (``README.md``,
``other/x.txt``); the field lives in a subfolder of it. Each "machine" is a
workspace with its own ``MEMSYNC_CACHE_DIR`` and a ``HOME`` of its own, so the
user's git config never leaks in. Network transports (``git daemon`` and
``git http-backend``) are started on 127.0.0.1 and stopped by fixtures.

To make a race certain rather than likely, a few tests put a thin ``git``
wrapper first on memsync's PATH: it runs a shell snippet once, just before
memsync's first ``git push``, then execs the real git.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import pytest

from memsync import engine
from memsync.names import Role, role_of
from memsync.workspace import Workspace
from tests.conftest import CliRunner, assert_one_line_error, make_field, page

GIT = shutil.which("git")
pytestmark = pytest.mark.skipif(GIT is None, reason="needs the git binary")

FIELD_DIR = "fields/notes"
SEED = {"README.md": b"# The repository\n\nNot a memoryfield.\n", "other/x.txt": b"someone else's file\n"}
AUTHOR = {
    "GIT_AUTHOR_NAME": "Someone Else",
    "GIT_AUTHOR_EMAIL": "else@example.com",
    "GIT_COMMITTER_NAME": "Someone Else",
    "GIT_COMMITTER_EMAIL": "else@example.com",
}

ALPHA_UUID = "5b0a1c44-1111-4a7e-9d3b-000000000001"
BETA_UUID = "5b0a1c44-2222-4a7e-9d3b-000000000002"
START = {
    "alpha.md": page("Alpha", "line one\nline two\nline three\nline four\nline five", ALPHA_UUID),
    "beta.md": page("Beta", "beta body", BETA_UUID),
    "photo.png": b"\x89PNG\r\n\x1a\n\x00not really an image",
}


# -- helpers: the bare repository ----------------------------------------------------


def git(
    *args: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None, input: bytes | None = None
) -> str:
    assert GIT is not None
    result = subprocess.run(
        [GIT, *map(str, args)],
        cwd=cwd,
        env={**os.environ, "GIT_CONFIG_NOSYSTEM": "1", **AUTHOR, **(env or {})},
        input=input,
        capture_output=True,
        timeout=60,
    )
    assert result.returncode == 0, f"git {args}: {result.stderr.decode()}"
    return result.stdout.decode()


def commit_files(repo: Path, files: dict[str, bytes | None], message: str, branch: str = "main") -> str:
    """One commit on ``branch`` of a bare repo, made with plumbing (None deletes a path)."""
    index = repo / f"tmp-index-{os.getpid()}"
    env = {"GIT_DIR": str(repo), "GIT_INDEX_FILE": str(index)}
    parent = subprocess.run(
        [GIT, "--git-dir", str(repo), "rev-parse", "--verify", "--quiet", f"refs/heads/{branch}"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    try:
        if parent:
            git("read-tree", parent, env=env)
        else:
            git("read-tree", "--empty", env=env)
        for path, data in files.items():
            if data is None:
                git("update-index", "--index-info", env=env, input=f"0 {'0' * 40}\t{path}\n".encode())
            else:
                blob = git("hash-object", "-w", "--stdin", env=env, input=data).strip()
                git("update-index", "--add", "--cacheinfo", f"100644,{blob},{path}", env=env)
        tree = git("write-tree", env=env).strip()
        commit = git("commit-tree", tree, *(["-p", parent] if parent else []), "-m", message, env=env).strip()
        git("update-ref", f"refs/heads/{branch}", commit, *([parent] if parent else []), env=env)
        return commit
    finally:
        index.unlink(missing_ok=True)


def bare_repo(path: Path, seed: dict[str, bytes] | None = SEED) -> Path:
    """``git init --bare`` on branch main, seeded with files outside any field."""
    path.parent.mkdir(parents=True, exist_ok=True)
    git("init", "--quiet", "--bare", path)
    git("--git-dir", path, "symbolic-ref", "HEAD", "refs/heads/main")
    if seed:
        commit_files(path, dict(seed), "seed: files that are not a memoryfield")
    return path


def blobs(repo: Path, ref: str = "main") -> dict[str, str]:
    """path → blob id of every file at ``ref``."""
    out = git("--git-dir", repo, "ls-tree", "-r", ref)
    return {line.split("\t", 1)[1]: line.split()[2] for line in out.splitlines()}


def show(repo: Path, spec: str) -> bytes:
    assert GIT is not None
    return subprocess.run(
        [GIT, "--git-dir", str(repo), "show", spec], capture_output=True, check=True, timeout=30
    ).stdout


def commits(repo: Path, ref: str = "main", path: str | None = None) -> list[tuple[str, str]]:
    """(sha, full message) newest first, optionally only those touching ``path``."""
    out = git("--git-dir", repo, "log", "--format=%H%x1f%B%x1e", ref, *(["--", path] if path else []))
    entries = []
    for record in out.split("\x1e"):
        if record.strip():
            sha, message = record.strip("\n").split("\x1f", 1)
            entries.append((sha, message.strip()))
    return entries


def changed_paths(repo: Path, sha: str) -> set[str]:
    return set(git("--git-dir", repo, "diff-tree", "--no-commit-id", "--name-only", "-r", sha).split())


def field_in_repo(repo: Path, folder: str = FIELD_DIR, ref: str = "main") -> dict[str, bytes]:
    """Content files of the field folder at ``ref`` (SHA256SUMS left out)."""
    prefix = folder + "/"
    return {
        path[len(prefix) :]: show(repo, f"{ref}:{path}")
        for path in blobs(repo, ref)
        if path.startswith(prefix) and role_of(path[len(prefix) :]) is Role.CONTENT
    }


def sums_match(repo: Path, folder: str = FIELD_DIR, ref: str = "main") -> dict[str, str]:
    """The repo's SHA256SUMS lists exactly the field's files with their true hashes."""
    listed = {}
    for line in show(repo, f"{ref}:{folder}/SHA256SUMS").decode().splitlines():
        digest, name = line.split("  ", 1)
        listed[name] = digest
    actual = {name: hashlib.sha256(data).hexdigest() for name, data in field_in_repo(repo, folder, ref).items()}
    assert listed == actual
    return listed


# -- helpers: machines ---------------------------------------------------------------


def ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, f"exit {result.returncode}\nstdout: {result.stdout}\nstderr: {result.stderr}"
    return result.stdout


def pages(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(root.iterdir()) if p.is_file() and role_of(p.name) is Role.CONTENT}


@dataclass
class Machine:
    """A workspace with a field ``notes`` and a git cache of its own."""

    root: Path
    env: dict[str, str]
    cli: CliRunner

    @property
    def field(self) -> Path:
        return self.root / "notes"

    def run(self, *args: str | Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        return self.cli(*args, cwd=self.root, env={**self.env, **(env or {})})

    def ok(self, *args: str | Path) -> str:
        return ok(self.run(*args))

    def json(self, *args: str | Path) -> dict:
        return json.loads(self.ok(*args, "--json"))

    def popen(self, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-m", "memsync", *args],
            cwd=self.root,
            env={**os.environ, "MEMSYNC_DEBUG": "", **self.env, **(env or {})},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )


def machine_env(home: Path) -> dict[str, str]:
    home.mkdir(parents=True, exist_ok=True)
    return {
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "GIT_CONFIG_NOSYSTEM": "1",
        "MEMSYNC_CACHE_DIR": str(home / "cache"),
    }


def new_machine(cli: CliRunner, root: Path) -> Machine:
    root.mkdir(parents=True)
    return Machine(root, machine_env(root.parent / f"{root.name}-home"), cli)


@contextmanager
def environ(env: dict[str, str]) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def setup_machine(m: Machine, url: str, files: dict[str, str | bytes] | None, options: tuple[str, ...]) -> Machine:
    """Workspace, field ``notes`` and remote ``origin`` through the library (fast);
    then a push of ``files``, or a first pull when there are none."""
    with environ(m.env):
        ws = Workspace.init(m.root)
        ws.add_field("notes", m.field)
        # your own repository (github:// without a token would default to untrusted)
        ws.add_remote("notes", "origin", url, dict(o.split("=", 1) for o in options), trust="self")
        if files is not None:
            make_field(m.field, files)
        engine.Session(ws, "notes", None).run("push" if files is not None else "pull")
    return m


def start_field(
    cli: CliRunner, root: Path, url: str, files: dict[str, str | bytes], *options: str, via_cli: bool = False
) -> Machine:
    """A workspace whose field ``notes`` is pushed to ``url``."""
    m = new_machine(cli, root)
    if not via_cli:
        return setup_machine(m, url, files, options)
    m.ok("init")
    m.ok("add", "notes")
    make_field(m.field, files)
    m.ok("remote", "add", "notes", "origin", url, "--trust", "self", *[x for o in options for x in ("-o", o)])
    m.ok("push", "notes")
    return m


def clone_machine(cli: CliRunner, root: Path, url: str, *options: str, via_cli: bool = False) -> Machine:
    """A second workspace following ``url`` (``memsync clone`` when via_cli)."""
    m = new_machine(cli, root)
    if not via_cli:
        return setup_machine(m, url, None, options)
    m.ok("clone", url, "notes", "--trust", "self")
    return m


def file_url(repo: Path, folder: str = FIELD_DIR) -> str:
    return f"git+file://{repo}/{folder}"


def push_hook(tmp_path: Path, script: str, name: str = "hook") -> dict[str, str]:
    """Env that makes memsync's first ``git push`` run ``script`` just before it."""
    wrap = tmp_path / f"wrap-{name}"
    wrap.mkdir()
    once = tmp_path / f"once-{name}"
    log = tmp_path / f"{name}.log"
    (wrap / "git").write_text(
        "#!/bin/sh\n"
        f'if [ "$1" = push ] && mkdir "{once}" 2>/dev/null; then\n'
        f"  ( {script} ) >>'{log}' 2>&1\n"
        "fi\n"
        f'exec "{GIT}" "$@"\n'
    )
    (wrap / "git").chmod(0o755)
    return {"PATH": f"{wrap}{os.pathsep}{os.environ['PATH']}"}


# -- 1. push, clone, sync, log over git+file:// --------------------------------------


def test_push_clone_sync_and_log_over_git_file(cli: CliRunner, tmp_path: Path) -> None:
    repo = bare_repo(tmp_path / "srv" / "repo.git")
    outside = {p: b for p, b in blobs(repo).items() if not p.startswith(FIELD_DIR)}
    assert set(outside) == set(SEED)
    url = file_url(repo)

    a = start_field(cli, tmp_path / "a", url, START, via_cli=True)
    assert len(commits(repo)) == 2
    (sha, message), _ = commits(repo)
    assert message.splitlines()[0] == "memsync: notes: 3 added"
    assert set(message.splitlines()[2:]) == {"added: alpha.md", "added: beta.md", "added: photo.png"}
    assert changed_paths(repo, sha) == {f"{FIELD_DIR}/{n}" for n in (*START, "SHA256SUMS")}
    assert field_in_repo(repo) == pages(a.field)
    assert sums_match(repo)
    assert show(repo, f"main:{FIELD_DIR}/SHA256SUMS") == (a.field / "SHA256SUMS").read_bytes()

    b = clone_machine(cli, tmp_path / "b", url, via_cli=True)
    assert pages(b.field) == pages(a.field)
    assert (b.field / "SHA256SUMS").read_bytes() == (a.field / "SHA256SUMS").read_bytes()

    # One push with an add, a change, a delete and a rename (same uuid, new name).
    (a.field / "alpha.md").write_text(page("Alpha", "line one\nline two, edited\nline three", ALPHA_UUID))
    (a.field / "beta.md").rename(a.field / "beta-renamed.md")
    (a.field / "photo.png").unlink()
    (a.field / "gamma.md").write_text(page("Gamma", "new page"))
    out = a.json("push", "notes")
    assert out["conflicts"] == []
    history = commits(repo)
    assert len(history) == 3, "one commit per push"
    sha, message = history[0]
    lines = message.splitlines()
    assert lines[0] == "memsync: notes: 1 added, 1 changed, 1 removed, 1 renamed"
    assert set(lines[2:]) == {
        "added: gamma.md",
        "changed: alpha.md",
        "removed: photo.png",
        "renamed: beta.md -> beta-renamed.md",
    }
    assert all(p.startswith(FIELD_DIR + "/") for p in changed_paths(repo, sha))
    assert field_in_repo(repo) == pages(a.field)
    assert sums_match(repo)

    # A sync from b brings it all, writes nothing remotely.
    out = b.json("sync", "notes")
    assert out["remote_changes"] == []
    assert pages(b.field) == pages(a.field)
    assert len(commits(repo)) == 3

    # b edits and syncs: a third memsync commit; a no-op sync adds none.
    (b.field / "gamma.md").write_text(page("Gamma", "new page, edited on b"))
    b.ok("sync", "notes")
    assert "up to date" in b.ok("sync", "notes")
    assert a.run("push", "notes").returncode == 4  # a has not pulled b's edit yet
    assert len(commits(repo)) == 4
    assert commits(repo)[0][1].splitlines()[0] == "memsync: notes: 1 changed"
    a.ok("pull", "notes")
    assert pages(a.field) == pages(b.field) == field_in_repo(repo)

    # Nothing outside the field was ever touched, and every commit kept to the field.
    assert {p: s for p, s in blobs(repo).items() if not p.startswith(FIELD_DIR)} == outside
    for sha, _ in commits(repo)[:-1]:
        assert all(p.startswith(FIELD_DIR + "/") for p in changed_paths(repo, sha))

    # memsync log: the field's history, newest first, plain and --json.
    log = a.json("log", "notes")
    assert log["url"] == url
    field_commits = commits(repo, path=FIELD_DIR)
    assert [e["commit"] for e in log["log"]] == [sha for sha, _ in field_commits]
    assert [e["message"] for e in log["log"]] == [m for _, m in field_commits]
    assert all(e["author"] == "memsync" and e["date"] for e in log["log"])
    text = a.ok("log", "notes")
    for sha, message in field_commits:
        assert sha[:12] in text
        assert message.splitlines()[0] in text
    assert "seed" not in text  # the seed commit did not touch the field
    assert len(a.json("log", "notes", "-n", "1")["log"]) == 1


def test_a_fresh_cache_fetches_the_tip_alone_and_log_fetches_the_past(cli: CliRunner, tmp_path: Path) -> None:
    repo = bare_repo(tmp_path / "repo.git")
    url = file_url(repo)
    a = start_field(cli, tmp_path / "a", url, {"one.md": page("One", "v1")})
    for version in ("v2", "v3"):
        (a.field / "one.md").write_text(page("One", version))
        a.ok("push", "notes")
    b = clone_machine(cli, tmp_path / "b", url, via_cli=True)
    caches = list((Path(b.env["MEMSYNC_CACHE_DIR"]) / "git").glob("*/shallow"))
    assert caches, "a new cache is shallow: a sync needs the tip, not the repository's past"
    assert pages(b.field) == pages(a.field)
    field_commits = commits(repo, path=FIELD_DIR)
    assert [e["commit"] for e in b.json("log", "notes")["log"]] == [sha for sha, _ in field_commits]
    (b.field / "two.md").write_text(page("Two", "from b"))
    b.ok("push", "notes")
    a.ok("pull", "notes")
    assert pages(a.field) == pages(b.field)


def test_push_into_an_empty_repository_creates_the_branch(cli: CliRunner, tmp_path: Path) -> None:
    repo = bare_repo(tmp_path / "empty.git", seed=None)
    a = start_field(cli, tmp_path / "a", file_url(repo), START)
    assert set(blobs(repo)) == {f"{FIELD_DIR}/{n}" for n in (*START, "SHA256SUMS")}
    assert len(commits(repo)) == 1
    b = clone_machine(cli, tmp_path / "b", file_url(repo))
    assert pages(b.field) == pages(a.field)


def test_repo_without_dot_git_uses_double_slash(cli: CliRunner, tmp_path: Path) -> None:
    repo = bare_repo(tmp_path / "plainrepo")
    url = f"git+file://{repo}//{FIELD_DIR}"
    a = start_field(cli, tmp_path / "a", url, START)
    assert field_in_repo(repo) == pages(a.field)
    b = clone_machine(cli, tmp_path / "b", url)
    assert pages(b.field) == pages(a.field)


# -- 2. two clones pushing at once -----------------------------------------------------


def barrier(directory: Path, me: str, peers: int = 2) -> str:
    """Shell: announce ``me``, then wait (up to 10 s) until ``peers`` writers got here."""
    return (
        f"touch '{directory}/{me}'; i=0; "
        f"while [ $(ls '{directory}' | wc -l) -lt {peers} ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done"
    )


def two_clones(cli: CliRunner, tmp_path: Path) -> tuple[Path, Machine, Machine]:
    repo = bare_repo(tmp_path / "srv" / "repo.git")
    a = start_field(cli, tmp_path / "a", file_url(repo), START)
    b = clone_machine(cli, tmp_path / "b", file_url(repo))
    return repo, a, b


def concurrent_sync(tmp_path: Path, a: Machine, b: Machine) -> tuple[dict, dict]:
    """``memsync sync`` on both at once; both reach ``git push`` before either pushes."""
    meeting = tmp_path / "meeting"
    meeting.mkdir(exist_ok=True)
    procs = [
        m.popen("sync", "notes", "--json", env=push_hook(tmp_path, barrier(meeting, name), name))
        for name, m in (("a", a), ("b", b))
    ]
    outs = [p.communicate(timeout=120) for p in procs]
    for p, (_out, err) in zip(procs, outs, strict=True):
        assert p.returncode == 0, f"exit {p.returncode}: {err}"
    assert sorted(os.listdir(meeting)) == ["a", "b"], "both writers reached git push together"
    ra, rb = (json.loads(out) for out, _ in outs)
    return ra, rb


def converge(repo: Path, a: Machine, b: Machine) -> None:
    for m in (a, b):
        m.ok("sync", "notes")
    assert pages(a.field) == pages(b.field) == field_in_repo(repo)
    assert (a.field / "SHA256SUMS").read_bytes() == (b.field / "SHA256SUMS").read_bytes()
    assert show(repo, f"main:{FIELD_DIR}/SHA256SUMS") == (a.field / "SHA256SUMS").read_bytes()
    sums_match(repo)


def test_concurrent_syncs_edit_different_pages(cli: CliRunner, tmp_path: Path) -> None:
    repo, a, b = two_clones(cli, tmp_path)
    outside = {p: s for p, s in blobs(repo).items() if not p.startswith(FIELD_DIR)}
    (a.field / "alpha.md").write_text(page("Alpha", "line one\nedited by a", ALPHA_UUID))
    (b.field / "beta.md").write_text(page("Beta", "beta body, edited by b", BETA_UUID))
    ra, rb = concurrent_sync(tmp_path, a, b)
    assert sorted([ra["attempts"], rb["attempts"]]) == [1, 2], "the loser pulled, merged and pushed again"
    converge(repo, a, b)
    assert b"edited by a" in (a.field / "alpha.md").read_bytes()
    assert b"edited by b" in (a.field / "beta.md").read_bytes()
    assert [m.splitlines()[0] for _, m in commits(repo)[:2]] == ["memsync: notes: 1 changed"] * 2
    assert {p: s for p, s in blobs(repo).items() if not p.startswith(FIELD_DIR)} == outside


def test_concurrent_syncs_edit_one_page_on_different_lines(cli: CliRunner, tmp_path: Path) -> None:
    repo, a, b = two_clones(cli, tmp_path)
    body = "line one\nline two\nline three\nline four\nline five"
    (a.field / "alpha.md").write_text(page("Alpha", body.replace("line one", "line one (a)"), ALPHA_UUID))
    (b.field / "alpha.md").write_text(page("Alpha", body.replace("line five", "line five (b)"), ALPHA_UUID))
    ra, rb = concurrent_sync(tmp_path, a, b)
    assert ra["conflicts"] == rb["conflicts"] == []
    converge(repo, a, b)
    merged = (a.field / "alpha.md").read_text()
    assert "line one (a)" in merged and "line five (b)" in merged
    assert [p.name for p in a.field.iterdir() if "conflict" in p.name] == []


def test_push_after_the_other_pushed_is_told_to_pull_first(cli: CliRunner, tmp_path: Path) -> None:
    repo, a, b = two_clones(cli, tmp_path)
    (a.field / "alpha.md").write_text(page("Alpha", "edited by a", ALPHA_UUID))
    a.ok("push", "notes")
    head = commits(repo)[0][0]
    (b.field / "beta.md").write_text(page("Beta", "edited by b", BETA_UUID))
    result = b.run("push", "notes")
    assert result.returncode == 4
    assert "pull first" in assert_one_line_error(result)
    assert commits(repo)[0][0] == head, "the refused push committed nothing"
    assert b"edited by b" in (b.field / "beta.md").read_bytes(), "the local edit is kept"
    b.ok("pull", "notes")
    b.ok("push", "notes")
    a.ok("pull", "notes")
    assert pages(a.field) == pages(b.field) == field_in_repo(repo)
    sums_match(repo)


def test_sequential_syncs_merge_through_git(cli: CliRunner, tmp_path: Path) -> None:
    """The same two edits as the race, one after the other: what the race must end in."""
    repo, a, b = two_clones(cli, tmp_path)
    body = "line one\nline two\nline three\nline four\nline five"
    (a.field / "alpha.md").write_text(page("Alpha", body.replace("line one", "line one (a)"), ALPHA_UUID))
    (b.field / "alpha.md").write_text(page("Alpha", body.replace("line five", "line five (b)"), ALPHA_UUID))
    (b.field / "beta.md").write_text(page("Beta", "edited by b", BETA_UUID))
    a.ok("sync", "notes")
    out = b.json("sync", "notes")
    assert out["conflicts"] == []
    converge(repo, a, b)
    merged = (a.field / "alpha.md").read_text()
    assert "line one (a)" in merged and "line five (b)" in merged


def test_commit_outside_the_field_between_pull_and_push_is_kept(cli: CliRunner, tmp_path: Path) -> None:
    repo, a, _ = two_clones(cli, tmp_path)
    (a.field / "alpha.md").write_text(page("Alpha", "edited by a", ALPHA_UUID))
    # Someone else commits README and other/ changes just before a's git push.
    hook = tmp_path / "outside.py"
    hook.write_text(
        f"import sys\nsys.path.insert(0, {str(Path(__file__).parent.parent)!r})\n"
        "from pathlib import Path\nfrom tests.test_git import commit_files\n"
        f"commit_files(Path({str(repo)!r}), "
        "{'README.md': b'changed by someone else\\n', 'other/y.txt': b'new\\n'}, 'outside the field')\n"
    )
    script = f"'{sys.executable}' '{hook}'"
    env = push_hook(tmp_path, script)
    out = json.loads(ok(a.run("push", "notes", "--json", env=env)))
    assert (tmp_path / "once-hook").is_dir(), "the outside commit happened"
    assert [(c["action"], c["file"]) for c in out["remote_changes"]] == [("update", "alpha.md")]
    history = commits(repo)
    assert [m.splitlines()[0] for _, m in history[:2]] == ["memsync: notes: 1 changed", "outside the field"]
    assert show(repo, "main:README.md") == b"changed by someone else\n"
    assert show(repo, "main:other/y.txt") == b"new\n"
    assert show(repo, "main:other/x.txt") == SEED["other/x.txt"]
    assert field_in_repo(repo) == pages(a.field)
    sums_match(repo)


def test_commit_outside_the_field_before_a_push_is_kept(cli: CliRunner, tmp_path: Path) -> None:
    """The same outside commit landing before memsync fetches: never a 'pull first'."""
    repo, a, _ = two_clones(cli, tmp_path)
    commit_files(repo, {"README.md": b"changed by someone else\n", "other/x.txt": None}, "outside the field")
    (a.field / "alpha.md").write_text(page("Alpha", "edited by a", ALPHA_UUID))
    a.ok("push", "notes")
    assert show(repo, "main:README.md") == b"changed by someone else\n"
    assert "other/x.txt" not in blobs(repo)
    assert commits(repo)[1][1] == "outside the field"
    assert field_in_repo(repo) == pages(a.field)


def test_two_workspaces_sharing_one_git_cache_lose_nothing(cli: CliRunner, tmp_path: Path) -> None:
    """Two agents on one machine follow the same field: one cache dir, as by default."""
    repo = bare_repo(tmp_path / "srv" / "repo.git")
    a = start_field(cli, tmp_path / "a", file_url(repo), START)
    b = setup_machine(Machine(tmp_path / "b", a.env, cli), file_url(repo), None, ())
    (a.field / "from-a.md").write_text(page("From A", "written by a"))
    (b.field / "from-b.md").write_text(page("From B", "written by b"))
    # b's sync starts in the gap between a's commit and a's git push; it must wait
    # for a's use of the shared cache to end rather than push a's commit as its own.
    done = tmp_path / "b.done"
    b_sync = f"'{sys.executable}' -m memsync sync notes; echo $? > '{done}'"
    env = push_hook(tmp_path, f"cd '{b.root}' && ( {b_sync} ) >/dev/null 2>&1 &")
    out = json.loads(ok(a.run("sync", "notes", "--json", env=env)))
    assert [(c["action"], c["file"]) for c in out["remote_changes"]] == [("add", "from-a.md")]
    assert "from-a.md" in field_in_repo(repo), "a was told its page landed"
    deadline = time.monotonic() + 60
    while not done.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert done.read_text().strip() == "0"
    assert {"from-a.md", "from-b.md"} <= set(field_in_repo(repo))
    converge(repo, a, b)


def test_hand_edit_committed_to_the_field_is_not_overwritten(cli: CliRunner, tmp_path: Path) -> None:
    repo, a, _ = two_clones(cli, tmp_path)
    alpha = field_in_repo(repo)["alpha.md"]
    commit_files(repo, {f"{FIELD_DIR}/alpha.md": alpha + b"\nhand edit on GitHub\n"}, "fix a typo")
    (a.field / "alpha.md").write_text(page("Alpha", "line one (a)\nline two\nline three", ALPHA_UUID))
    a.run("sync", "notes")  # merges, or keeps the hand edit as a conflict copy; never drops it
    assert any(b"hand edit on GitHub" in data for data in field_in_repo(repo).values())
    assert any(b"line one (a)" in data for data in field_in_repo(repo).values())


# -- 3. over the network: git daemon and git http-backend ----------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen | None = None, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listening on {port}")


@dataclass
class Served:
    base: Path  # bare repositories go here
    port: int


@pytest.fixture
def git_daemon(tmp_path: Path) -> Iterator[Served]:
    base = tmp_path / "daemon"
    base.mkdir()
    port = free_port()
    proc = subprocess.Popen(
        [
            GIT,
            "daemon",
            "--reuseaddr",
            f"--base-path={base}",
            "--export-all",
            "--enable=receive-pack",
            "--listen=127.0.0.1",
            f"--port={port}",
            str(base),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "GIT_CONFIG_NOSYSTEM": "1"},
    )
    try:
        wait_for_port(port, proc)
        yield Served(base, port)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


class _GitHttpBackend(BaseHTTPRequestHandler):
    """``git http-backend`` as a CGI behind http.server (smart HTTP, push enabled)."""

    root = ""

    def do_GET(self) -> None:
        self._cgi()

    def do_POST(self) -> None:
        self._cgi()

    def _ask_for_credentials(self) -> None:
        self.send_response(401)
        self.send_header("WWW-Authenticate", 'Basic realm="git"')
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _cgi(self) -> None:
        path, _, query = self.path.partition("?")
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        env = {
            **os.environ,
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_PROJECT_ROOT": self.root,
            "GIT_HTTP_EXPORT_ALL": "1",
            "REQUEST_METHOD": self.command,
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "CONTENT_TYPE": self.headers.get("Content-Type", ""),
            "CONTENT_LENGTH": str(len(body)),
            "HTTP_CONTENT_ENCODING": self.headers.get("Content-Encoding", ""),
            "GIT_PROTOCOL": self.headers.get("Git-Protocol", ""),
            "REMOTE_ADDR": "127.0.0.1",
            "REMOTE_USER": "tester",
        }
        out = subprocess.run([GIT, "http-backend"], input=body, env=env, capture_output=True, timeout=60).stdout
        sep = b"\r\n\r\n" if b"\r\n\r\n" in out else b"\n\n"
        head, _, payload = out.partition(sep)
        status, headers = 200, []
        for line in head.decode("latin-1").splitlines():
            key, _, value = line.partition(":")
            if key.lower() == "status":
                status = int(value.split()[0])
            elif key:
                headers.append((key, value.strip()))
        self.send_response(status)
        for key, value in headers:
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def git_http(tmp_path: Path) -> Iterator[Served]:
    base = tmp_path / "http"
    base.mkdir()
    handler = type("Handler", (_GitHttpBackend,), {"root": str(base)})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        wait_for_port(server.server_address[1])
        yield Served(base, server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def network_round_trip(cli: CliRunner, tmp_path: Path, repo: Path, url: str, *options: str) -> None:
    """push from a, clone (or pull) into b, edit both, sync both: the field lands whole."""
    outside = blobs(repo)
    a = start_field(cli, tmp_path / "a", url, START, *options)
    b = clone_machine(cli, tmp_path / "b", url, *options)
    assert pages(b.field) == pages(a.field) == field_in_repo(repo)
    (a.field / "alpha.md").write_text(page("Alpha", "edited by a", ALPHA_UUID))
    (b.field / "beta.md").write_text(page("Beta", "edited by b", BETA_UUID))
    a.ok("sync", "notes")
    result = b.run("push", "notes")
    assert result.returncode == 4, result.stderr
    b.ok("sync", "notes")
    a.ok("sync", "notes")
    assert pages(a.field) == pages(b.field) == field_in_repo(repo)
    assert b"edited by a" in (b.field / "alpha.md").read_bytes()
    sums_match(repo)
    assert {p: s for p, s in blobs(repo).items() if not p.startswith(FIELD_DIR)} == outside
    assert len(commits(repo, path=FIELD_DIR)) == 3
    assert [e["commit"] for e in a.json("log", "notes")["log"]] == [s for s, _ in commits(repo, path=FIELD_DIR)]


def test_git_daemon_serves_plain_git(git_daemon: Served, tmp_path: Path) -> None:
    """The fixture itself: git can clone from and push to the daemon."""
    bare_repo(git_daemon.base / "repo.git")
    work = tmp_path / "plain"
    git("clone", "--quiet", f"git://127.0.0.1:{git_daemon.port}/repo.git", work)
    assert (work / "README.md").read_bytes() == SEED["README.md"]


def test_git_daemon_transport_with_git_plus_git_url(cli: CliRunner, git_daemon: Served, tmp_path: Path) -> None:
    repo = bare_repo(git_daemon.base / "repo.git")
    network_round_trip(cli, tmp_path, repo, f"git+git://127.0.0.1:{git_daemon.port}/repo.git/{FIELD_DIR}")


def test_bare_git_scheme_url(cli: CliRunner, git_daemon: Served, tmp_path: Path) -> None:
    repo = bare_repo(git_daemon.base / "repo.git")
    a = start_field(cli, tmp_path / "a", file_url(repo), START)
    m = new_machine(cli, tmp_path / "m")
    ok(m.run("clone", f"git://127.0.0.1:{git_daemon.port}/repo.git/{FIELD_DIR}", "notes"))
    assert pages(m.field) == pages(a.field)


def test_git_daemon_transport_through_github_base(cli: CliRunner, git_daemon: Served, tmp_path: Path) -> None:
    """Until git+git:// works, github:// with github_base=git://… reaches the daemon over TCP."""
    repo = bare_repo(git_daemon.base / "owner" / "repo.git")
    network_round_trip(
        cli, tmp_path, repo, f"github://owner/repo/{FIELD_DIR}", f"github_base=git://127.0.0.1:{git_daemon.port}"
    )


def test_git_http_backend_transport(cli: CliRunner, git_http: Served, tmp_path: Path) -> None:
    repo = bare_repo(git_http.base / "repo.git")
    git("--git-dir", repo, "config", "http.receivepack", "true")
    network_round_trip(cli, tmp_path, repo, f"git+http://127.0.0.1:{git_http.port}/repo.git/{FIELD_DIR}")


# -- 4. github:// ------------------------------------------------------------------------


def test_github_url_with_base_and_ref(cli: CliRunner, tmp_path: Path) -> None:
    fakegh = tmp_path / "fakegh"
    repo = bare_repo(fakegh / "acme" / "memories.git")
    # A branch 'demo' that main does not have, with a field of its own.
    git("--git-dir", repo, "branch", "demo", "main")
    main_before = blobs(repo, "main")
    url = "github://acme/memories@demo/fields/notes"
    base = f"github_base=file://{fakegh}"

    a = start_field(cli, tmp_path / "a", url, START, base, via_cli=True)  # -o through 'remote add'
    assert blobs(repo, "main") == main_before, "only the branch named by @ref moves"
    assert field_in_repo(repo, ref="demo") == pages(a.field)
    sums_match(repo, ref="demo")
    assert commits(repo, "demo")[0][1].startswith("memsync: notes: 3 added")

    b = clone_machine(cli, tmp_path / "b", url, base)
    assert pages(b.field) == pages(a.field)
    (b.field / "beta.md").write_text(page("Beta", "edited by b", BETA_UUID))
    b.ok("push", "notes")
    a.ok("pull", "notes")
    assert pages(a.field) == pages(b.field) == field_in_repo(repo, ref="demo")
    assert blobs(repo, "main") == main_before
    assert len(b.json("log", "notes")["log"]) == 2

    # A field at the repository's default branch and root works too (no @ref, no path).
    root_repo = bare_repo(fakegh / "acme" / "rootfield.git", seed=None)
    c = start_field(cli, tmp_path / "c", "github://acme/rootfield", {"only.md": page("Only", "x")}, base)
    assert set(blobs(root_repo)) == {"only.md", "SHA256SUMS"}
    assert show(root_repo, "main:only.md") == (c.field / "only.md").read_bytes()


def test_github_token_never_printed(cli: CliRunner, tmp_path: Path) -> None:
    secret = "ghp_memsync_test_secret_token_123456"
    m = new_machine(cli, tmp_path / "m")
    # The token goes to https remotes only; nothing listens on port 9, so the fetch fails at once.
    result = m.run("clone", f"git+https://127.0.0.1:9/acme/missing.git/{FIELD_DIR}", env={"GITHUB_TOKEN": secret})
    assert_one_line_error(result)
    assert secret not in result.stderr + result.stdout


# -- 5. publish ----------------------------------------------------------------------------


def checkout(root: Path, files: dict[str, str | bytes], mode: int, mtime: float) -> Path:
    """One copy of the field's content, as some CI checkout might leave it."""
    make_field(root, files)
    (root / ".DS_Store").write_bytes(b"litter that must not travel")
    for p in root.iterdir():
        p.chmod(mode)
        os.utime(p, (mtime, mtime))
    return root


def test_publish_is_reproducible_and_pins_work(cli: CliRunner, tmp_path: Path) -> None:
    env = machine_env(tmp_path / "ci-home")
    repo = bare_repo(tmp_path / "srv" / "site.git")
    outside = blobs(repo)
    git_dest = f"git+file://{repo}/published/demo"
    demo = {
        "index.md": "# Demo\n\n- [Alpha](alpha.md)\n- [Beta](beta.md)\n",
        "alpha.md": START["alpha.md"],
        "beta.md": START["beta.md"],
        "logo.png": b"\x89PNG\r\n\x1a\nlogo",
    }
    one = checkout(tmp_path / "ci1" / "demo", demo, 0o644, 1_000_000_000)
    two = checkout(tmp_path / "ci2" / "checkout-of-demo", demo, 0o600, 1_700_000_000)

    def publish(field: Path, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
        return cli(
            "publish",
            field,
            "--to",
            out / "demo.memoryfield.zip",
            "--to",
            git_dest,
            "--to",
            out / "plain",
            *extra,
            cwd=field.parent,
            env=env,
        )

    first = json.loads(ok(publish(one, tmp_path / "out1", "--json")))
    assert first["dry_run"] is False and first["files"] == 4
    assert len(first["destinations"]) == 3
    zip1 = (tmp_path / "out1" / "demo.memoryfield.zip").read_bytes()
    assert first["archive_sha256"] == hashlib.sha256(zip1).hexdigest()
    digest = first["digest"]
    assert digest == "sha256:" + hashlib.sha256((tmp_path / "out1" / "plain" / "SHA256SUMS").read_bytes()).hexdigest()
    assert pages(tmp_path / "out1" / "plain") == {k: v.encode() if isinstance(v, str) else v for k, v in demo.items()}
    assert not (tmp_path / "out1" / "plain" / ".DS_Store").exists()
    # The git destination: one commit, only under published/demo.
    assert field_in_repo(repo, "published/demo") == pages(tmp_path / "out1" / "plain")
    sums_match(repo, "published/demo")
    assert len(commits(repo)) == 2
    assert all(p.startswith("published/demo/") for p in changed_paths(repo, commits(repo)[0][0]))
    assert {p: s for p, s in blobs(repo).items() if not p.startswith("published/")} == outside

    text = ok(publish(two, tmp_path / "out2"))
    assert f"archive sha256 {first['archive_sha256']}" in text
    assert digest in text
    zip2 = (tmp_path / "out2" / "demo.memoryfield.zip").read_bytes()
    assert zip2 == zip1, "the same content from another checkout packs to the same bytes"
    assert len(commits(repo)) == 2, "publishing the same field again commits nothing"
    assert pages(tmp_path / "out2" / "plain") == pages(tmp_path / "out1" / "plain")

    # A consumer pins the printed hash.
    consumer = tmp_path / "consumer"
    consumer.mkdir()
    cenv = machine_env(tmp_path / "consumer-home")
    archive = tmp_path / "out1" / "demo.memoryfield.zip"
    wrong = hashlib.sha256(b"something else").hexdigest()
    refused = cli("pull", archive, "--sha256", wrong, cwd=consumer, env=cenv)
    assert wrong in assert_one_line_error(refused)
    assert list(consumer.iterdir()) == [], "a refused pull leaves no field and no workspace"
    out = json.loads(ok(cli("pull", archive, "--sha256", first["archive_sha256"], "--json", cwd=consumer, env=cenv)))
    assert out["digest"] == digest
    assert pages(consumer / "demo") == pages(tmp_path / "out1" / "plain")
    # The git copy, pinned by the field digest.
    gitcopy = tmp_path / "gitconsumer"
    gitcopy.mkdir()
    ok(cli("clone", git_dest, "--sha256", digest, cwd=gitcopy, env=cenv))
    assert pages(gitcopy / "demo") == pages(consumer / "demo")
    bad = cli("clone", git_dest, "fresh", "--sha256", "sha256:" + wrong, cwd=gitcopy, env=cenv)
    assert_one_line_error(bad)
    assert not (gitcopy / "fresh").exists()


# -- 6. errors -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "git+file://{tmp}/nowhere/repo.git/fields/notes",  # no such repository
        "git+file://{tmp}/srv/repo.git/no/field/here",  # a repository, but no field at that path
        "git+file://{tmp}/srv/repo.git@nobranch/fields/notes",  # no such branch
        "git+file://{tmp}/srv/norepo",  # neither .git nor //
        "git+file://{tmp}/srv/repo.git/fields/../notes",  # path escaping the folder
        "git+nope://{tmp}/srv/repo.git/fields/notes",  # scheme nobody serves
        "github://onlyowner",  # no repository
    ],
)
def test_bad_or_missing_repository_is_one_line_error(cli: CliRunner, tmp_path: Path, url: str) -> None:
    repo = bare_repo(tmp_path / "srv" / "repo.git")
    before = blobs(repo)
    ws = tmp_path / "ws"
    ws.mkdir()
    env = machine_env(tmp_path / "home")
    result = cli("clone", url.format(tmp=tmp_path), "notes", cwd=ws, env=env)
    assert_one_line_error(result)
    assert list(ws.iterdir()) == [], "no field and no workspace left behind"
    assert blobs(repo) == before


def test_push_to_missing_repository_is_one_line_error(cli: CliRunner, tmp_path: Path) -> None:
    m = new_machine(cli, tmp_path / "m")
    m.ok("init")
    m.ok("add", "notes")
    make_field(m.field, START)
    before = pages(m.field)
    m.ok("remote", "add", "notes", "origin", f"git+file://{tmp_path}/nowhere.git/{FIELD_DIR}")
    assert "nowhere.git" in assert_one_line_error(m.run("push", "notes"))
    assert pages(m.field) == before
    assert not (m.field / "SHA256SUMS").exists()
    assert "nowhere.git" in assert_one_line_error(m.run("log", "notes"))


# -- credentials stay with their server ------------------------------------------------------


SECRET = "s3cr3t-Pa55"


def _git_logged(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """Env whose ``git`` logs each command line (what other users see in /proc/PID/cmdline)
    and the config git's environment gives it, then runs the real git."""
    wrap, log = tmp_path / "wrap-log", tmp_path / "git-argv.log"
    wrap.mkdir()
    (wrap / "git").write_text(
        f'#!/bin/sh\necho "$* | ${{GIT_CONFIG_KEY_0:-}}=${{GIT_CONFIG_VALUE_0:-}}" >>\'{log}\'\nexec "{GIT}" "$@"\n'
    )
    (wrap / "git").chmod(0o755)
    return {"PATH": f"{wrap}{os.pathsep}{os.environ['PATH']}"}, log


class _BasicOnly(_GitHttpBackend):
    """``git http-backend`` for bob with SECRET only."""

    def _cgi(self) -> None:
        expected = "Basic " + base64.b64encode(f"bob:{SECRET}".encode()).decode()
        if self.headers.get("Authorization") != expected:
            self._ask_for_credentials()
            return
        super()._cgi()


def test_a_password_in_a_git_url_reaches_its_server_but_no_cache_file_nor_command_line(
    cli: CliRunner, tmp_path: Path
) -> None:
    base = tmp_path / "http"
    repo = bare_repo(base / "repo.git")
    git("--git-dir", repo, "config", "http.receivepack", "true")
    server = ThreadingHTTPServer(("127.0.0.1", 0), type("H", (_BasicOnly,), {"root": str(base)}))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    logged, log = _git_logged(tmp_path)
    url = f"git+http://bob:{SECRET}@127.0.0.1:{server.server_address[1]}/repo.git/{FIELD_DIR}"
    try:
        a = new_machine(cli, tmp_path / "a")
        a.env.update(logged)
        setup_machine(a, url, START, ())
        b = new_machine(cli, tmp_path / "b")
        b.env.update(logged)
        b.ok("clone", url, "notes", "--trust", "self")
        (b.field / "beta.md").write_text(page("Beta", "edited by b", BETA_UUID))
        b.ok("sync", "notes")
    finally:
        server.shutdown()
        server.server_close()
    assert b"edited by b" in field_in_repo(repo)["beta.md"]
    assert SECRET not in log.read_text().replace(base64.b64encode(f"bob:{SECRET}".encode()).decode(), "")
    for cache in (tmp_path / "a-home" / "cache", tmp_path / "b-home" / "cache"):
        for path in cache.rglob("*"):
            assert not path.is_file() or SECRET.encode() not in path.read_bytes(), path


class _UserAsToken(_GitHttpBackend):
    """``git http-backend`` that takes SECRET as the user name, whatever the password,
    as GitHub takes a token (``https://TOKEN@github.com/…``); it notes the X-Kept header
    of each request."""

    kept: ClassVar[list[str | None]] = []

    def _cgi(self) -> None:
        self.kept.append(self.headers.get("X-Kept"))
        given = self.headers.get("Authorization", "").removeprefix("Basic ")
        if base64.b64decode(given).decode().partition(":")[0] != SECRET:
            self._ask_for_credentials()
            return
        super()._cgi()


@pytest.mark.parametrize("helper", [False, True], ids=["token-as-user", "user-with-credential-helper"])
def test_a_user_name_in_a_git_url_reaches_its_server_but_no_cache_file_nor_command_line(
    cli: CliRunner, tmp_path: Path, helper: bool
) -> None:
    """``https://TOKEN@host/…`` is a token (git sends it as the user with no password):
    the cache's config and git's command lines, which other users may read, keep
    the URL without it, while git still does with it what it does with the URL's
    user name, asking a credential helper for its password when the server refuses
    it without one."""
    base = tmp_path / "http"
    repo = bare_repo(base / "repo.git")
    git("--git-dir", repo, "config", "http.receivepack", "true")
    handler = type("H", (_BasicOnly if helper else _UserAsToken,), {"root": str(base), "kept": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    logged, log = _git_logged(tmp_path)
    user = "bob" if helper else SECRET
    host = f"127.0.0.1:{server.server_address[1]}"
    url = f"git+http://{user}@{host}/repo.git/{FIELD_DIR}"
    try:
        a = new_machine(cli, tmp_path / "a")
        b = new_machine(cli, tmp_path / "b")
        for m in (a, b):
            m.env.update(logged)
            # git settings the caller gives through the environment stay beside memsync's
            m.env.update({"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "http.extraHeader"})
            m.env["GIT_CONFIG_VALUE_0"] = "X-Kept: yes"
            if helper:
                store = Path(m.env["HOME"]) / "git-credentials"
                store.write_text(f"http://bob:{SECRET}@{host}\n")
                (Path(m.env["HOME"]) / ".gitconfig").write_text(f"[credential]\n\thelper = store --file={store}\n")
        setup_machine(a, url, START, ())
        b.ok("clone", url, "notes", "--trust", "self")
        (b.field / "beta.md").write_text(page("Beta", "edited by b", BETA_UUID))
        b.ok("sync", "notes")
        shown = b.ok("remote", "list", "notes", "--json") + b.ok("status", "notes", "--json")
    finally:
        server.shutdown()
        server.server_close()
    assert b"edited by b" in field_in_repo(repo)["beta.md"]
    assert helper or set(handler.kept) == {"yes"}
    argv = [line.partition(" | ")[0] for line in log.read_text().splitlines()]
    assert argv and not [line for line in argv if f"{user}@" in line]
    assert f"{user}@" not in shown
    for cache in (tmp_path / "a-home" / "cache", tmp_path / "b-home" / "cache"):
        for path in cache.rglob("*"):
            assert not path.is_file() or f"{user}@".encode() not in path.read_bytes(), path


def test_a_mirror_commits_naming_its_source_without_credentials(cli: CliRunner, tmp_path: Path) -> None:
    """The commit a mirror makes names where the field came from, and a repository's
    log is read by everyone it is pushed to: not with the source's password."""
    base = tmp_path / "http"
    source = bare_repo(base / "repo.git")
    start_field(cli, tmp_path / "a", file_url(source), START)
    server = ThreadingHTTPServer(("127.0.0.1", 0), type("H", (_BasicOnly,), {"root": str(base)}))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"git+http://bob:{SECRET}@127.0.0.1:{server.server_address[1]}/repo.git/{FIELD_DIR}"
    m = new_machine(cli, tmp_path / "m")
    try:
        dest = bare_repo(tmp_path / "dest.git")
        m.ok("mirror", url, file_url(dest))
    finally:
        server.shutdown()
        server.server_close()
    ((_, message), *_) = commits(dest)
    assert f"bob:****@127.0.0.1:{server.server_address[1]}" in message and SECRET not in message


@pytest.mark.parametrize("userinfo", [f"bob:{SECRET}", SECRET], ids=["password", "token-as-user"])
def test_a_git_cache_made_with_credentials_in_its_config_loses_them(
    cli: CliRunner, tmp_path: Path, userinfo: str
) -> None:
    m = new_machine(cli, tmp_path / "m")
    url = f"git+https://{userinfo}@127.0.0.1:9/repo.git/{FIELD_DIR}"
    assert SECRET not in assert_one_line_error(m.run("pull", url, "--field", "notes", "--no-index"))
    (config,) = (tmp_path / "m-home" / "cache").rglob("config")
    git("--git-dir", config.parent, "remote", "set-url", "origin", f"https://{userinfo}@127.0.0.1:9/repo.git")
    assert_one_line_error(m.run("pull", url, "--field", "notes", "--no-index"))  # as an older memsync left it
    assert SECRET not in config.read_text()


def test_github_token_goes_to_the_github_server_alone(cli: CliRunner, tmp_path: Path) -> None:
    m = new_machine(cli, tmp_path / "m")
    logged, log = _git_logged(tmp_path)
    env = {**logged, "GITHUB_TOKEN": SECRET}
    header = base64.b64encode(f"x-access-token:{SECRET}".encode()).decode()
    # Nothing listens on port 9: each command fails at once, after git was started.
    assert_one_line_error(m.run("pull", "git+https://127.0.0.1:9/acme/r.git/f", "--field", "a", env=env))
    assert "127.0.0.1:9" in log.read_text() and header not in log.read_text()
    github = ("-o", "github_base=https://127.0.0.1:9")
    assert_one_line_error(m.run("pull", "github://acme/r/f", "--field", "b", *github, env=env))
    assert header in log.read_text(), "the token still goes to the GitHub server"
