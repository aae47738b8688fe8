"""Whole agent workspaces: ``memsync add NAME DIR --tree`` on an OpenClaw-style
layout, synced as one by one command to a remote that mirrors the tree, on a
folder remote and on S3 (moto)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memsync.names import Role, role_of
from tests.conftest import assert_one_line_error, make_field, run_cli

# Pages as an agent writes them: plain Markdown, no frontmatter.
TOP = {
    "SOUL.md": "# Soul\n\nCurious, careful, kind.\n",
    "USER.md": "# User\n\nPrefers short answers.\n",
    "AGENTS.md": "# Agents\n\nRead MEMORY.md first.\n",
    "MEMORY.md": "# Memory\n\n- the user cooks with a carbon steel wok\n",
}
MEMORY = {f"2026-11-{day}.md": f"# 2026-11-{day}\n\nNotes of day {day}.\n" for day in (28, 29, 30)}
COMPOUND = {"lessons.md": "# Lessons\n\n1. Ask before deleting.\n"}


def openclaw(root: Path) -> Path:
    make_field(root, TOP)
    make_field(root / "memory", MEMORY)
    make_field(root / "compound", COMPOUND)
    return root


def content(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and role_of(p.name) is Role.CONTENT}


def sums(files: dict[str, bytes]) -> bytes:
    return b"".join(f"{hashlib.sha256(data).hexdigest()}  {name}\n".encode() for name, data in sorted(files.items()))


class Remote:
    """Where the tree goes, and a way to read what is there by subfolder."""

    def __init__(self, url: str, env: dict[str, str], read: Callable[[str], dict[str, bytes]]) -> None:
        self.url, self.env, self.read = url, env, read


@pytest.fixture(params=["folder", "s3"])
def remote(request: pytest.FixtureRequest, tmp_path: Path) -> Remote:
    if request.param == "folder":
        root = tmp_path / "remote"

        def read_folder(sub: str) -> dict[str, bytes]:
            folder = root / sub if sub else root
            return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}

        return Remote(str(root), {}, read_folder)
    server = request.getfixturevalue("s3_server")
    bucket = server.new_bucket()
    client = server.client()
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
    env.update(server.env(), AWS_EC2_METADATA_DISABLED="true")

    def read_s3(sub: str) -> dict[str, bytes]:
        prefix = f"agent/{sub}/" if sub else "agent/"
        listed = client.list_objects_v2(Bucket=bucket, Prefix=prefix, Delimiter="/").get("Contents", [])
        return {o["Key"][len(prefix) :]: client.get_object(Bucket=bucket, Key=o["Key"])["Body"].read() for o in listed}

    return Remote(f"s3://{bucket}/agent", env, read_s3)


def test_an_openclaw_workspace_syncs_as_one_tree(remote: Remote, tmp_path: Path) -> None:
    def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
        return run_cli(*args, cwd=cwd, env=remote.env)

    def ok(*args: str, cwd: Path) -> str:
        result = cli(*args, cwd=cwd)
        assert result.returncode == 0, f"exit {result.returncode}\n{result.stdout}\n{result.stderr}"
        return result.stdout

    a, b = tmp_path / "laptop", tmp_path / "server"
    for machine in (a, b):
        machine.mkdir()
        ok("init", cwd=machine)
    openclaw(a / "agent")

    added = json.loads(ok("add", "agent", "agent", "--tree", "--json", cwd=a))
    assert added["members"] == ["agent/compound", "agent/memory"]
    ok("remote", "add", "agent", "origin", remote.url, cwd=a)
    listed = json.loads(ok("fields", "--json", cwd=a))["fields"]
    assert {name: info["remotes"]["origin"] for name, info in listed.items()} == {
        "agent": remote.url,
        "agent/compound": f"{remote.url}/compound",
        "agent/memory": f"{remote.url}/memory",
    }

    # One command syncs the whole tree; the remote mirrors it, each folder a flat field.
    report = json.loads(ok("sync", "agent", "--json", cwd=a))
    assert [report["field"]] + [m["field"] for m in report["members"]] == ["agent", "agent/compound", "agent/memory"]
    expected = {"": TOP, "memory": MEMORY, "compound": COMPOUND}
    for sub, files in expected.items():
        there = remote.read(sub)
        encoded = {n: d.encode() for n, d in files.items()}
        assert {n: d for n, d in there.items() if n != "SHA256SUMS"} == encoded, sub
        assert there["SHA256SUMS"] == sums(encoded), f"{sub or 'top'} lists its own files only"

    # The other machine lays out the same folders and gets everything.
    for sub in ("memory", "compound"):
        (b / "agent" / sub).mkdir(parents=True)
    ok("add", "agent", "agent", "--tree", cwd=b)
    ok("remote", "add", "agent", "origin", remote.url, cwd=b)
    ok("sync", "agent", cwd=b)
    for sub in ("", "memory", "compound"):
        assert content(b / "agent" / sub) == content(a / "agent" / sub)

    # A day's note and a memory edit go back the other way.
    (b / "agent" / "memory" / "2026-12-01.md").write_text("# 2026-12-01\n\nNew day.\n")
    (b / "agent" / "MEMORY.md").write_text(TOP["MEMORY.md"] + "- and likes it seasoned well\n")
    ok("sync", "agent", cwd=b)
    status = json.loads(ok("status", "agent", "--json", cwd=a))
    incoming = [c["file"] for r in [status, *status["members"]] for c in r["local_changes"]]
    assert sorted(incoming) == ["2026-12-01.md", "MEMORY.md"]
    ok("sync", "agent", cwd=a)
    for sub in ("", "memory", "compound"):
        assert content(a / "agent" / sub) == content(b / "agent" / sub)

    # Each field has its own index; the root's skips its members' folders.
    index = json.loads(ok("index", "agent", "--json", cwd=a))
    assert index["pages"] == len(TOP)

    # A subfolder that is no member is still refused, until it is added as one.
    make_field(a / "agent" / "projects", {"wok.md": "# Wok project\n"})
    refused = assert_one_line_error(cli("sync", "agent", cwd=a))
    assert "subdirectory 'projects'" in refused
    assert f"memsync add agent/projects {a / 'agent' / 'projects'}" in refused, "it names the command that adds it"
    ok("add", "agent/projects", "agent/projects", cwd=a)
    ok("sync", "agent", cwd=a)
    assert remote.read("projects")["wok.md"] == b"# Wok project\n"


def test_the_workspace_folder_itself_is_no_field(tmp_path: Path) -> None:
    """A workspace made in the agent's own folder (~/agent, as the systemd unit runs it)
    took that folder as field 'agent': memsync.lock, written there by the first pinned
    pull, was then pushed to the remote as one of the field's files."""
    openclaw(tmp_path)
    assert run_cli("init", cwd=tmp_path).returncode == 0
    for args in (("add", "agent", "."), ("add", "agent", str(tmp_path), "--tree")):
        line = assert_one_line_error(run_cli(*args, cwd=tmp_path))
        assert "the workspace's own folder" in line, line
    assert json.loads(run_cli("fields", "--json", cwd=tmp_path).stdout)["fields"] == {}
    assert run_cli("add", "memory", "memory", cwd=tmp_path).returncode == 0  # a subfolder is a field as ever


def test_tree_names_and_folders_are_checked(tmp_path: Path) -> None:
    def cli(*args: str) -> Any:
        return run_cli(*args, cwd=tmp_path)

    assert cli("init").returncode == 0
    openclaw(tmp_path / "agent")
    (tmp_path / "agent" / "bad name").mkdir()
    assert "'bad name'" in assert_one_line_error(cli("add", "agent", "agent", "--tree"))
    assert "agent" not in json.loads(cli("fields", "--json").stdout)["fields"], "nothing added"
    (tmp_path / "agent" / "bad name").rmdir()
    assert cli("add", "agent", "agent", "--tree").returncode == 0
    assert "no field 'other'" in assert_one_line_error(cli("add", "other/memory", "agent/memory"))
    assert "a tree member's folder is" in assert_one_line_error(cli("add", "agent/elsewhere", "elsewhere"))
    assert "archive holds one flat field" in assert_one_line_error(
        cli("remote", "add", "agent", "origin", str(tmp_path / "agent.memoryfield.zip"))
    )
    # The members' state is kept apart from the root's.
    assert cli("remote", "add", "agent", "origin", str(tmp_path / "remote")).returncode == 0
    assert cli("sync", "agent").returncode == 0
    state = tmp_path / ".memsync" / "fields"
    assert sorted(p.name for p in state.iterdir()) == ["agent", "agent%2Fcompound", "agent%2Fmemory"]
    # Removing the root's remote removes the members' mirror of it.
    assert cli("remote", "remove", "agent", "origin").returncode == 0
    assert all(not info["remotes"] for info in json.loads(cli("fields", "--json").stdout)["fields"].values())


def test_adding_a_nested_folder_as_one_field_names_the_tree_option(tmp_path: Path) -> None:
    """A field is flat: ``add`` says so at once, naming the command that takes the
    folder as a tree, instead of a push failing later without that hint."""
    assert run_cli("init", cwd=tmp_path).returncode == 0
    openclaw(tmp_path / "agent")
    (tmp_path / "agent" / ".obsidian").mkdir()  # hidden folders never travel: no reason to refuse
    line = assert_one_line_error(run_cli("add", "agent", "agent", cwd=tmp_path))
    assert "subfolder 'compound'" in line
    hint = line.partition("; ")[2].removesuffix(" makes each subfolder a field of its own")
    assert "agent" not in json.loads(run_cli("fields", "--json", cwd=tmp_path).stdout)["fields"]
    argv = hint.split()
    assert argv[0] == "memsync"
    assert run_cli(*argv[1:], cwd=tmp_path).returncode == 0
    fields = json.loads(run_cli("fields", "--json", cwd=tmp_path).stdout)["fields"]
    assert sorted(fields) == ["agent", "agent/compound", "agent/memory"]
    # A flat folder with only hidden subfolders is one field.
    make_field(tmp_path / "flat", MEMORY)
    (tmp_path / "flat" / ".git").mkdir()
    assert run_cli("add", "flat", "flat", cwd=tmp_path).returncode == 0
