"""The git remote works like git: a fixed number of git processes whatever the
field's size, no fetch when the remote did not move, one process answering
every read, and nothing in the repository dropped by a push.

Each test puts a thin ``git`` wrapper first on memsync's PATH that logs every
git command memsync starts (git's own helpers, started by git itself, are not
counted: they are what plain git runs too), then execs the real git.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from memsync.backends.base import TooLarge
from memsync.errors import IntegrityError
from memsync.git_remote import GitRemote
from memsync.manifest import Manifest
from memsync.remote import ManifestFile
from tests.conftest import CliRunner, page
from tests.test_git import (
    FIELD_DIR,
    GIT,
    Machine,
    bare_repo,
    blobs,
    clone_machine,
    commit_files,
    environ,
    field_in_repo,
    file_url,
    git,
    pages,
    show,
    start_field,
    sums_match,
)

pytestmark = pytest.mark.skipif(GIT is None, reason="needs the git binary")


def logging_git(tmp_path: Path, name: str) -> tuple[dict[str, str], Path]:
    """Env that logs each git command memsync runs (one line each), and the log."""
    wrap = tmp_path / f"wrap-{name}"
    wrap.mkdir()
    log = tmp_path / f"{name}.log"
    (wrap / "git").write_text(f'#!/bin/sh\necho "$*" >>\'{log}\'\nexec "{GIT}" "$@"\n')
    (wrap / "git").chmod(0o755)
    return {"PATH": f"{wrap}{os.pathsep}{os.environ['PATH']}"}, log


def commands(log: Path) -> list[str]:
    """The git subcommand of each logged line, past ``--git-dir DIR`` and ``-c KEY=VALUE``."""
    found = []
    for line in log.read_text().splitlines():
        words = line.split()
        while words and words[0] in ("--git-dir", "-c"):
            words = words[2:]
        found.append(words[0])
    return found


def many_pages(count: int) -> dict[str, str | bytes]:
    return {f"page-{i:04d}.md": page(f"Page {i}", f"body {i}") for i in range(count)}


@pytest.mark.parametrize("count", [5, 150])
def test_a_fresh_clone_runs_the_same_few_git_commands_whatever_the_field_size(
    cli: CliRunner, tmp_path: Path, count: int
) -> None:
    repo = bare_repo(tmp_path / "srv" / "repo.git")
    a = start_field(cli, tmp_path / "a", file_url(repo), many_pages(count))
    env, log = logging_git(tmp_path, "clone")
    b = clone_machine(cli, tmp_path / "b", file_url(repo))
    b.env.update(env)
    b.ok("pull", "notes")  # up to date: one ls-remote, no fetch
    assert commands(log) == ["ls-remote", "cat-file"]
    log.unlink()
    c = Machine(tmp_path / "c", {**b.env, "MEMSYNC_CACHE_DIR": str(tmp_path / "c-cache")}, cli)
    c.root.mkdir()
    c.ok("clone", file_url(repo), "notes", "--trust", "self")
    assert pages(c.field) == pages(a.field)
    # A new cache, the default branch, a shallow fetch, one process reading every page;
    # then the sync itself finds the remote where the check that it exists left it.
    assert commands(log) == ["init", "remote", "ls-remote", "fetch", "cat-file", "ls-remote", "cat-file"]


def test_a_push_to_a_remote_that_did_not_move_fetches_nothing(cli: CliRunner, tmp_path: Path) -> None:
    repo = bare_repo(tmp_path / "srv" / "repo.git")
    a = start_field(cli, tmp_path / "a", file_url(repo), many_pages(40))
    b = clone_machine(cli, tmp_path / "b", file_url(repo))
    env, log = logging_git(tmp_path, "push")
    a.env.update(env)
    Path(a.env["HOME"], ".gitconfig").write_text("[user]\n\tname = Ada Writer\n\temail = ada@example.com\n")
    for i in range(3):
        (a.field / f"page-{i:04d}.md").write_text(page(f"Page {i}", "edited on a"))
    (a.field / "page-0039.md").unlink()
    a.ok("push", "notes")
    assert commands(log) == ["ls-remote", "cat-file", "var", "fast-import", "push"]
    assert git("--git-dir", repo, "log", "-1", "--format=%an <%ae>|%cn <%ce>", "main").strip() == (
        "Ada Writer <ada@example.com>|Ada Writer <ada@example.com>"
    ), "the user's git identity signs the commit"
    assert field_in_repo(repo) == pages(a.field)
    sums_match(repo)
    assert set(blobs(repo)) >= {"README.md", "other/x.txt"}, "files outside the field stay"
    b.ok("pull", "notes")
    assert pages(b.field) == pages(a.field)
    # The push moved the cache's view of the remote: the next one needs no fetch either.
    log.unlink()
    (a.field / "page-0005.md").write_text(page("Page 5", "edited again"))
    a.ok("push", "notes")
    assert "fetch" not in commands(log)
    assert field_in_repo(repo) == pages(a.field)


def test_a_push_after_another_writer_fetches_and_is_told_to_pull_first(cli: CliRunner, tmp_path: Path) -> None:
    repo = bare_repo(tmp_path / "srv" / "repo.git")
    a = start_field(cli, tmp_path / "a", file_url(repo), many_pages(5))
    b = clone_machine(cli, tmp_path / "b", file_url(repo))
    (b.field / "page-0001.md").write_text(page("Page 1", "from b"))
    b.ok("push", "notes")
    # b has no git identity of its own: memsync's
    assert git("--git-dir", repo, "log", "-1", "--format=%an <%ae>", "main").strip() == "memsync <memsync@localhost>"
    (a.field / "page-0002.md").write_text(page("Page 2", "from a"))
    result = a.run("push", "notes")
    assert result.returncode != 0 and "pull first" in result.stderr
    a.ok("sync", "notes")
    assert field_in_repo(repo) == pages(a.field)
    assert b"from b" in (a.field / "page-0001.md").read_bytes()


def test_a_push_keeps_hidden_folders_in_the_field_folder(cli: CliRunner, tmp_path: Path) -> None:
    repo = bare_repo(tmp_path / "srv" / "repo.git")
    a = start_field(cli, tmp_path / "a", file_url(repo), many_pages(3))
    workflow = b"on: push\n"
    commit_files(repo, {f"{FIELD_DIR}/.github/workflow.yml": workflow}, "CI for the field")
    (a.field / "page-0000.md").write_text(page("Page 0", "edited"))
    a.ok("sync", "notes")
    assert field_in_repo(repo) == pages(a.field)
    assert blobs(repo).get(f"{FIELD_DIR}/.github/workflow.yml") == git("hash-object", "--stdin", input=workflow).strip()


def test_a_renamed_default_branch_is_asked_for_again(cli: CliRunner, tmp_path: Path) -> None:
    repo = bare_repo(tmp_path / "srv" / "repo.git")
    a = start_field(cli, tmp_path / "a", file_url(repo), many_pages(3))
    git("--git-dir", repo, "branch", "-m", "main", "trunk")
    (a.field / "page-0001.md").write_text(page("Page 1", "after the rename"))
    a.ok("push", "notes")
    assert git("--git-dir", repo, "for-each-ref", "--format=%(refname)", "refs/heads").split() == ["refs/heads/trunk"]
    assert field_in_repo(repo, ref="trunk") == pages(a.field)


def test_a_file_over_the_limit_is_refused_unread_and_the_next_read_still_works(
    cli: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = bare_repo(tmp_path / "srv" / "repo.git")
    small, big = page("Small", "s"), page("Big", "b" * 5000)
    a = start_field(cli, tmp_path / "a", file_url(repo), {"small.md": small, "big.md": big})
    monkeypatch.setenv("MEMSYNC_MAX_FILE_BYTES", "1000")
    with environ(a.env), GitRemote(file_url(repo)) as remote:
        with pytest.raises(TooLarge, match=r"'big\.md' is"):
            remote.fetch_manifest()  # hashing every page meets the big one
        with pytest.raises(TooLarge, match=r"'big\.md' is"):
            remote.get("big.md")
        assert remote.get("small.md") == small.encode()
        with pytest.raises(TooLarge):
            remote.get("big.md")
        monkeypatch.delenv("MEMSYNC_MAX_FILE_BYTES")
        assert remote.get("big.md") == big.encode()
        answer = remote.fetch_manifest()
        assert isinstance(answer, ManifestFile) and b"  big.md\n" in answer.data


def memo_file(m: Machine) -> Path:
    (found,) = (Path(m.env["MEMSYNC_CACHE_DIR"]) / "git").glob("*/memsync-sha256")
    return found


def test_a_moved_remote_costs_the_files_that_changed_not_the_field(cli: CliRunner, tmp_path: Path) -> None:
    repo = bare_repo(tmp_path / "srv" / "repo.git")
    a = start_field(cli, tmp_path / "a", file_url(repo), many_pages(30))
    b = clone_machine(cli, tmp_path / "b", file_url(repo))
    for i in (3, 7):
        (a.field / f"page-{i:04d}.md").write_text(page(f"Page {i}", "edited on a"))
    a.ok("push", "notes")
    with environ(b.env), GitRemote(file_url(repo)) as remote:
        answer = remote.fetch_manifest()
        assert isinstance(answer, ManifestFile) and answer.data == show(repo, f"main:{FIELD_DIR}/SHA256SUMS")
        changed = {blobs(repo)[f"{FIELD_DIR}/page-{i:04d}.md"] for i in (3, 7)}
        assert set(remote._kept) == changed, "only the two changed pages were read to check SHA256SUMS"
    b.ok("pull", "notes")
    assert pages(b.field) == pages(a.field)
    listed = dict(line.split(" ") for line in memo_file(b).read_text().splitlines())
    at_head = {blob: path for path, blob in blobs(repo).items() if path.startswith(f"{FIELD_DIR}/page-")}
    assert set(listed) == set(at_head), "the memo holds the field's blobs now, no more"
    for blob, sha in listed.items():
        assert hashlib.sha256(show(repo, blob)).hexdigest() == sha


def test_a_memo_that_lies_is_caught_by_the_check_on_every_fetched_file(cli: CliRunner, tmp_path: Path) -> None:
    repo = bare_repo(tmp_path / "srv" / "repo.git")
    one, two = page("One", "as pushed"), page("Two", "2")
    start_field(cli, tmp_path / "a", file_url(repo), {"one.md": one, "two.md": two})
    b = clone_machine(cli, tmp_path / "b", file_url(repo))
    # By hand, behind SHA256SUMS's back; and b's memo claims the new bytes are the old ones.
    commit_files(repo, {f"{FIELD_DIR}/one.md": b"swapped\n"}, "hand edit")
    swapped = blobs(repo)[f"{FIELD_DIR}/one.md"]
    sha = hashlib.sha256(one.encode()).hexdigest()
    with memo_file(b).open("a") as memo:
        memo.write(f"{swapped} {sha}\n")
    with environ(b.env), GitRemote(file_url(repo)) as remote:
        answer = remote.fetch_manifest()
        assert isinstance(answer, ManifestFile) and f"{sha}  one.md".encode() in answer.data
        handed: dict[str, bytes] = {}
        with pytest.raises(IntegrityError, match="does not match its SHA256SUMS hash"):
            remote.fetch_whole(Manifest.parse(answer.data), ["two.md", "one.md"], handed.__setitem__, tmp_path)
        assert handed == {"two.md": two.encode()}  # the swapped bytes never handed over
        with pytest.raises(IntegrityError, match="does not match its SHA256SUMS hash"):
            remote.fetch("one.md", sha)
        # The stream stopped mid-way leaves the reader in step for the next question.
        assert remote.get("two.md") == two.encode()
