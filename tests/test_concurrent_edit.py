"""The everyday concurrent edit, on every kind of remote (issue 13): machine a
changes the first paragraph of a page, machine b the last, and both bump
``updated:`` as every memoryfield writer does. Both syncs exit 0, the page
holds both edits and the later ``updated``, and nothing waits to be resolved.

The remotes are real: a shared folder, moto's S3 server on 127.0.0.1, and a
bare git repository driven by the git binary. Each machine is a workspace run
through the CLI in its own process.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import make_field
from tests.test_merge_sync import OTHER, SOIL, edit
from tests.test_sync_cli import pages


@dataclass
class Remote:
    url: str
    env: dict[str, str]
    contents: Callable[[], dict[str, bytes]]  # the field as the remote holds it now


def local_remote(tmp_path: Path) -> Remote:
    folder = tmp_path / "shared" / "notes"
    return Remote(str(folder), {}, lambda: pages(folder))


def s3_remote(tmp_path: Path, server: object) -> Remote:
    from tests.test_s3 import aws_env, bucket_objects

    bucket = server.new_bucket()  # type: ignore[attr-defined]
    client = server.client()  # type: ignore[attr-defined]

    def contents() -> dict[str, bytes]:
        return {n: d for n, d in bucket_objects(client, bucket, "notes").items() if n != "SHA256SUMS"}

    return Remote(f"s3://{bucket}/notes", aws_env(server), contents)


def git_remote(tmp_path: Path) -> Remote:
    if shutil.which("git") is None:
        pytest.skip("needs the git binary")
    from tests.test_git import bare_repo, field_in_repo, file_url, machine_env

    repo = bare_repo(tmp_path / "srv" / "repo.git")
    env = machine_env(tmp_path / "git-home")

    return Remote(file_url(repo), env, lambda: field_in_repo(repo))


@pytest.fixture(params=["local", "s3", "git"])
def remote(request: pytest.FixtureRequest, tmp_path: Path) -> Remote:
    if request.param == "local":
        return local_remote(tmp_path)
    if request.param == "s3":
        return s3_remote(tmp_path, request.getfixturevalue("s3_server"))
    return git_remote(tmp_path)


def run(remote: Remote, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMSYNC_DEBUG": "", **remote.env}
    return subprocess.run(
        [sys.executable, "-m", "memsync", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, f"exit {result.returncode}\nstdout: {result.stdout}\nstderr: {result.stderr}"
    return result.stdout


def test_edits_to_different_paragraphs_that_both_bump_updated_merge_with_exit_0(remote: Remote, tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    for machine in (a, b):
        machine.mkdir()
    ok(run(remote, a, "init"))
    ok(run(remote, a, "add", "notes"))
    make_field(a / "notes", {"soil-ph.md": SOIL, "compost.md": OTHER})
    ok(run(remote, a, "remote", "add", "notes", "origin", remote.url))
    ok(run(remote, a, "push", "notes"))
    ok(run(remote, b, "clone", remote.url, "notes"))
    assert pages(b / "notes") == pages(a / "notes")

    edit(
        a / "notes" / "soil-ph.md",
        ("Most vegetables like", "Most garden vegetables like"),
        ("updated: 2026-01-02T00:00:00Z", "updated: 2026-03-01T09:30:00Z"),
    )
    edit(
        b / "notes" / "soil-ph.md",
        ("sulfur lowers it.", "sulfur lowers it faster."),
        ("updated: 2026-01-02T00:00:00Z", "updated: 2026-02-14T18:00:00Z"),
    )
    ok(run(remote, a, "sync", "notes"))
    out = ok(run(remote, b, "sync", "notes"))
    assert "CONFLICT" not in out and "note: soil-ph.md: merged changes from both sides" in out
    ok(run(remote, a, "sync", "notes"))

    want = (
        SOIL.replace("Most vegetables like", "Most garden vegetables like")
        .replace("sulfur lowers it.", "sulfur lowers it faster.")
        .replace("updated: 2026-01-02T00:00:00Z", "updated: 2026-03-01T09:30:00Z")
    )
    assert (a / "notes" / "soil-ph.md").read_text() == want
    assert pages(a / "notes") == pages(b / "notes") == remote.contents()
    assert sorted(pages(a / "notes")) == ["compost.md", "soil-ph.md"]
    for machine in (a, b):
        ok(run(remote, machine, "status", "notes"))  # exit 0: nothing left to resolve
