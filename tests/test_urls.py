"""Remote URLs as people paste them (issue 34): git's scp-like address is a git
SSH remote, read as git reads it; a misspelt URL is refused with the spelling to
use, and never becomes a local folder; a folder that could be misread is written
``./`` or absolute."""

from __future__ import annotations

import json
import os
import shlex
import stat
import subprocess
from pathlib import Path

import pytest

from memsync import urls
from memsync.errors import InputError
from tests.conftest import CliRunner, assert_one_line_error, page


# Every form in README's remotes table, kept as given.
@pytest.mark.parametrize(
    "url,scheme",
    [
        ("file:///srv/notes", "file"),
        ("s3://bucket/prefix", "s3"),
        ("az://container/prefix", "az"),
        ("abfs://container/prefix", "abfs"),
        ("git+https://host/repo.git@main/notes", "git+https"),
        ("git+ssh://git@host/repo.git/notes", "git+ssh"),
        ("git+file:///srv/repo.git/notes", "git+file"),
        ("git://host/repo.git/notes", "git"),
        ("github://acme/memories@main/notes", "github"),
        ("https://host/path/", "https"),
        ("http://127.0.0.1:8080/", "http"),
        ("sftp://me@host:2222/path", "sftp"),
        ("webdav://host/path", "webdav"),
        ("webdav+http://host/path", "webdav+http"),
        ("gs://bucket/prefix", "gs"),
        ("memory://notes", "memory"),
        ("s3://bucket/notes.memoryfield.zip", "s3"),
        ("git@github.com:acme/memories.git", "git+ssh"),
        ("git@github.com:acme/memories.git@main/notes", "git+ssh"),
        ("github.com:acme/memories.git", "git+ssh"),
        ("me@server:memories//notes", "git+ssh"),
        ("git@host:my memories.git", "git+ssh"),
        ("a@b@host:repo.git", "git+ssh"),
        ("git@[::1]:repo.git", "git+ssh"),
    ],
)
def test_every_remote_form_is_kept_as_given(url: str, scheme: str) -> None:
    assert urls.canonical(url) == url
    assert urls.scheme_of(url) == scheme


@pytest.mark.parametrize(
    "typed,meant",
    [
        ("s3:/bucket/notes", "s3://bucket/notes"),
        ("s3:bucket/x", "s3://bucket/x"),
        ("s3:bucket", "s3://bucket"),
        ("https//host/x", "https://host/x"),
        ("https:/host/x", "https://host/x"),
        ("sftp:host/path", "sftp://host/path"),
    ],
)
def test_a_misspelt_url_is_refused_with_the_spelling_to_use(typed: str, meant: str) -> None:
    with pytest.raises(InputError) as refused:
        urls.canonical(typed)
    assert f"write {meant} (a folder: ./{typed})" in str(refused.value)


@pytest.mark.parametrize(
    "typed,said",
    [
        ("file:/tmp/x", "write file:///tmp/x"),
        ("file:tmp/x", "write ./tmp/x"),
        ("C:\\notes", "a folder is written ./C:\\notes"),
        ("~no-such-user-here/x", "no such home folder"),
    ],
)
def test_other_misreadable_forms_say_what_to_write(typed: str, said: str) -> None:
    with pytest.raises(InputError) as refused:
        urls.canonical(typed)
    assert said in str(refused.value)


@pytest.mark.parametrize("folder", ["./s3:bucket", "notes", "sub/notes", "~/notes", "../notes", "."])
def test_a_folder_is_made_absolute(folder: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    kept = urls.canonical(folder)
    assert kept.startswith("/") and urls.scheme_of(kept) == "file"
    assert Path(kept) == Path(folder).expanduser().absolute()


@pytest.mark.parametrize(
    "url,repo,ref,path",
    [
        ("git@github.com:acme/memories.git", "git@github.com:acme/memories.git", None, ""),
        ("git@github.com:acme/memories.git@main/team/notes", "git@github.com:acme/memories.git", "main", "team/notes"),
        ("me@server:memories//notes", "me@server:memories", None, "notes"),
        ("git+ssh://git@host/srv/repo.git@dev/notes", "ssh://git@host/srv/repo.git", "dev", "notes"),
        ("github://acme/memories@main/notes", "https://github.com/acme/memories.git", "main", "notes"),
    ],
)
def test_a_git_address_splits_into_repository_ref_and_path(url: str, repo: str, ref: str | None, path: str) -> None:
    assert urls.git_parts(url, {}) == (repo, ref, path)


@pytest.mark.parametrize(
    "url,name",
    [
        ("git@github.com:acme/memories.git", "memories"),
        ("git@github.com:acme/memories.git@main/team/notes", "notes"),
        ("s3://bucket/team/notes/", "notes"),
        ("http://127.0.0.1:8080/", "127.0.0.1"),
        ("https://host/demo.memoryfield.zip", "demo"),
    ],
)
def test_the_name_a_url_suggests(url: str, name: str) -> None:
    assert urls.suggested_name(url, ".memoryfield.zip") == name


def _ssh_shim(tmp_path: Path) -> tuple[dict[str, str], Path, Path]:
    """An ``ssh`` for git that logs what git asked for, then runs it locally with the
    repositories' folder as the remote home: git's own reading of an scp-like address,
    over git's real pack protocol, on loopback."""
    home, log = tmp_path / "sshhome", tmp_path / "ssh.log"
    home.mkdir()
    shim = tmp_path / "fake-ssh"
    shim.write_text(
        "#!/bin/sh\n"
        f'printf "%s\\n" "$@" >> {shlex.quote(str(log))}\n'
        'while [ $# -gt 1 ]; do case "$1" in -o|-p) shift 2;; -*) shift;; *) break;; esac; done\n'
        f'shift; cd {shlex.quote(str(home))} && exec sh -c "$1"\n'
    )
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    return {"GIT_SSH_COMMAND": str(shim), "GIT_SSH_VARIANT": "ssh"}, home, log


def test_an_scp_address_is_read_as_git_reads_it(tmp_path: Path) -> None:
    """Same input, both tools: the host and repository git hands to ssh are memsync's."""
    env, home, log = _ssh_shim(tmp_path)
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(home / "team" / "mem.git")], check=True)
    url = "git@example.org:team/mem.git@main/notes"
    repo, _ref, _path = urls.git_parts(url, {})
    subprocess.run(["git", "ls-remote", repo], env={**os.environ, **env}, check=True, capture_output=True)
    asked = log.read_text().split("\n")
    assert "git@example.org" in asked and "git-upload-pack 'team/mem.git'" in asked, asked


def test_a_field_pushed_and_cloned_through_an_scp_address(tmp_path: Path, cli: CliRunner) -> None:
    env, home, log = _ssh_shim(tmp_path)
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(home / "mem.git")], check=True)
    text = page("A", "first")
    cli("init")
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a.md").write_text(text)
    cli("add", "notes")
    added = cli("remote", "add", "notes", "origin", "git@localhost:mem.git/notes", env=env)
    assert added.returncode == 0, added.stderr
    kept = json.loads((tmp_path / ".memsync" / "config.json").read_text())
    assert kept["fields"]["notes"]["remotes"]["origin"]["url"] == "git@localhost:mem.git/notes"
    pushed = cli("push", "notes", env=env)
    assert pushed.returncode == 0, pushed.stderr
    listed = subprocess.run(
        ["git", "--git-dir", str(home / "mem.git"), "ls-tree", "-r", "--name-only", "main"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "notes/a.md" in listed.stdout.split()
    other = tmp_path / "other"
    other.mkdir()
    cli("init", cwd=other)
    cloned = cli("clone", "git@localhost:mem.git/notes", cwd=other, env=env)
    assert cloned.returncode == 0, cloned.stderr
    assert (other / "notes" / "a.md").read_text() == text
    assert "git-receive-pack 'mem.git'" in log.read_text().split("\n")


@pytest.mark.parametrize("typed", ["s3:/bucket/notes", "s3:bucket/x", "https//host/x"])
def test_a_misspelt_url_makes_no_folder_and_no_remote(typed: str, tmp_path: Path, cli: CliRunner) -> None:
    cli("init")
    (tmp_path / "notes").mkdir()
    cli("add", "notes")
    before = sorted(p.name for p in tmp_path.iterdir())
    line = assert_one_line_error(cli("remote", "add", "notes", "origin", typed))
    assert "://" in line and "./" in line, line
    line = assert_one_line_error(cli("clone", typed))
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    config = json.loads((tmp_path / ".memsync" / "config.json").read_text())
    assert config["fields"]["notes"]["remotes"] == {}
