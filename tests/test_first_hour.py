"""The first hour's smaller stumbles (issue 34, item 5), each with the message a new
user reads: ``-n``, ``clone``'s own heading, ``status`` of every field, a hint for a
tree's root given to ``pack``, a missing bucket, an S3 endpoint that does not answer,
and git's own ``fatal:`` line."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

from test_s3 import aws_env, memsync, new_workspace

from tests.conftest import CliRunner, assert_one_line_error, make_field, page

TWO = {"a.md": page("A", "one"), "b.md": page("B", "two")}


def ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stdout}\n{result.stderr}"
    return result.stdout


def test_dry_run_has_the_short_flag_rsync_gives_it(cli: CliRunner, tmp_path: Path) -> None:
    ok(cli("init"))
    make_field(tmp_path / "notes", TWO)
    ok(cli("add", "notes"))
    ok(cli("remote", "add", "notes", "origin", tmp_path / "remote"))
    said = ok(cli("push", "notes", "-n"))
    assert "would make 2 change(s)" in said, said
    assert not (tmp_path / "remote").exists()


def test_clone_says_clone_and_status_without_a_field_shows_every_field(cli: CliRunner, tmp_path: Path) -> None:
    ok(cli("init"))
    for name in ("notes", "diary"):
        make_field(tmp_path / name, TWO)
        ok(cli("add", name))
        ok(cli("remote", "add", name, "origin", tmp_path / "remotes" / name))
        ok(cli("push", name))
    other = tmp_path / "other"
    other.mkdir()
    ok(cli("init", cwd=other))
    said = ok(cli("clone", tmp_path / "remotes" / "notes", cwd=other))
    assert said.startswith("clone notes ⇄ origin"), said
    (tmp_path / "notes" / "c.md").write_text(page("C", "three"))
    shown = ok(cli("status"))
    assert "sync diary ⇄ origin" in shown and "sync notes ⇄ origin" in shown and "+ c.md" in shown, shown
    line = assert_one_line_error(cli("status", "-r", "origin"))
    assert "--remote goes with a FIELD" in line


def test_pack_of_a_trees_root_names_the_folders_to_pack(cli: CliRunner, tmp_path: Path) -> None:
    make_field(tmp_path / "agent" / "memory", TWO)
    (tmp_path / "agent" / "AGENTS.md").write_text(page("Agents", "rules"))
    line = assert_one_line_error(cli("pack", tmp_path / "agent", "-o", tmp_path / "agent.memoryfield.zip"))
    assert "a field must be flat" in line and f"memsync pack {tmp_path / 'agent' / 'memory'}" in line, line


def test_a_missing_bucket_says_what_to_do(s3_server: Any, tmp_path: Path) -> None:
    root = new_workspace(tmp_path / "ws", "s3://no-such-bucket-here/notes", TWO)
    result = memsync("push", "f", cwd=root, env=aws_env(s3_server))
    line = assert_one_line_error(result)
    assert "bucket does not exist" in line and "aws s3 mb s3://no-such-bucket-here" in line, line


def test_an_unreachable_endpoint_is_named(s3_server: Any, tmp_path: Path) -> None:
    root = new_workspace(tmp_path / "ws", "s3://bucket/notes", TWO)
    env = {**aws_env(s3_server, "http://127.0.0.1:9"), "AWS_MAX_ATTEMPTS": "1", "MEMSYNC_TIMEOUT": "5"}
    line = assert_one_line_error(memsync("push", "f", cwd=root, env=env))
    assert "cannot reach the S3 endpoint http://127.0.0.1:9" in line, line


def test_a_git_failure_quotes_gits_fatal_line(cli: CliRunner, tmp_path: Path) -> None:
    ok(cli("init"))
    make_field(tmp_path / "notes", TWO)
    ok(cli("add", "notes"))
    ok(cli("remote", "add", "notes", "origin", f"git+file://{tmp_path}/missing.git"))
    line = assert_one_line_error(cli("push", "notes"))
    assert "does not appear to be a git repository" in line, line


def test_shell_completion_offers_field_and_remote_names(cli: CliRunner, tmp_path: Path) -> None:
    ok(cli("init"))
    for name in ("notes", "news", "diary"):
        make_field(tmp_path / name, TWO)
        ok(cli("add", name))
    ok(cli("remote", "add", "notes", "origin", tmp_path / "r1"))
    ok(cli("remote", "add", "notes", "backup", tmp_path / "r2"))

    def complete(words: str) -> list[str]:
        env = {"_MEMSYNC_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}
        said = cli(env=env)
        assert said.returncode == 0, said.stderr
        return [line.split(",", 1)[1] for line in said.stdout.splitlines()]

    assert complete("memsync push n") == ["news", "notes"]
    assert complete("memsync remote remove notes b") == ["backup"]
    assert complete("memsync sync notes -r o") == ["origin"]
    assert complete("memsync remove d") == ["diary"]
    outside = tmp_path.parent / f"{tmp_path.name}-no-workspace"
    outside.mkdir()
    env = {"_MEMSYNC_COMPLETE": "bash_complete", "COMP_WORDS": "memsync push n", "COMP_CWORD": "2"}
    assert cli(cwd=outside, env=env).stdout.strip() == ""
