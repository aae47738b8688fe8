"""A field on S3 as `aws s3` and `rclone` see it, on moto's server: what memsync
pushes downloads with either tool and passes `sha256sum -c`; what either tool
uploads (with a `SHA256SUMS` made by `sha256sum`) clones with memsync to the
same manifest bytes; and the `sha256sum` forms a manifest cannot have are
read as sha256sum reads them (the next push writes memsync's form), and a
name no field holds is refused in one line, leaving nothing behind."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from s3_support import CREDENTIALS

from tests.conftest import assert_one_line_error, page
from tests.test_s3 import aws_env, memsync

TOOLS = [
    pytest.param(tool, marks=pytest.mark.skipif(shutil.which(tool) is None, reason=f"{tool} not installed"))
    for tool in ("aws", "rclone")
]
FILES = {
    "a.md": page("A", "hello").encode(),
    "Z-caps.md": page("Z", "capitals sort first").encode(),
    "a_b.md": b"underscore\n",
    "a-b.md": b"dash\n",
    "empty.md": b"",
    "pic.png": bytes(range(256)) * 12,
    "big.bin": os.urandom(9 * 1024 * 1024),  # past both tools' multipart threshold (8 MiB)
}


def tool_sync(tool: str, server: Any, source: str | Path, destination: str | Path) -> None:
    """``aws s3 sync`` or ``rclone sync`` between a folder and an ``s3://`` URL."""
    env = aws_env(server)
    if tool == "aws":
        argv = ["aws", "s3", "sync", str(source), str(destination), "--endpoint-url", server.endpoint]
    else:
        env.pop("AWS_CA_BUNDLE", None)  # rclone refuses a plain-http endpoint while it is set
        env.update(
            RCLONE_CONFIG="/dev/null",
            RCLONE_CONFIG_MOTO_TYPE="s3",
            RCLONE_CONFIG_MOTO_PROVIDER="Other",
            RCLONE_CONFIG_MOTO_ENDPOINT=server.endpoint,
            RCLONE_CONFIG_MOTO_ACCESS_KEY_ID=CREDENTIALS["AWS_ACCESS_KEY_ID"],
            RCLONE_CONFIG_MOTO_SECRET_ACCESS_KEY=CREDENTIALS["AWS_SECRET_ACCESS_KEY"],
            RCLONE_CONFIG_MOTO_REGION=CREDENTIALS["AWS_DEFAULT_REGION"],
            RCLONE_CONFIG_MOTO_FORCE_PATH_STYLE="true",
        )
        argv = ["rclone", "sync", *(str(p).replace("s3://", "moto:") for p in (source, destination))]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def sha256sum_check(folder: Path) -> None:
    checked = subprocess.run(["sha256sum", "-c", "--strict", "SHA256SUMS"], cwd=folder, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def uploaded(tool: str, s3_server: Any, tmp_path: Path, sums: str) -> tuple[str, bytes]:
    """A field written by ``tool`` alone, its SHA256SUMS made by the shell command ``sums``."""
    folder = tmp_path / "made-by-hand"
    folder.mkdir()
    for name, data in FILES.items():
        (folder / name).write_bytes(data)
    subprocess.run(f"{sums} > .sums && mv .sums SHA256SUMS", shell=True, cwd=folder, check=True)
    (folder / ".DS_Store").write_bytes(b"litter")
    url = f"s3://{s3_server.new_bucket()}/team/notes"
    tool_sync(tool, s3_server, folder, url)
    return url, (folder / "SHA256SUMS").read_bytes()


@pytest.mark.parametrize("tool", TOOLS)
def test_a_field_memsync_pushed_downloads_with_the_tool_and_passes_sha256sum(
    tool: str, s3_server: Any, tmp_path: Path
) -> None:
    env = aws_env(s3_server)
    field = tmp_path / "notes"
    field.mkdir()
    for name, data in FILES.items():
        (field / name).write_bytes(data)
    (field / ".DS_Store").write_bytes(b"litter")
    url = f"s3://{s3_server.new_bucket()}/team/notes"
    for args in (("init",), ("add", "notes", "./notes"), ("remote", "add", "notes", "origin", url), ("push", "notes")):
        done = memsync(*args, cwd=tmp_path, env=env)
        assert done.returncode == 0, done.stderr
    down = tmp_path / "down"
    tool_sync(tool, s3_server, url, down)
    sha256sum_check(down)
    assert sorted(p.name for p in down.iterdir()) == sorted([*FILES, "SHA256SUMS"])
    assert (down / "SHA256SUMS").read_bytes() == (field / "SHA256SUMS").read_bytes()


@pytest.mark.parametrize("tool", TOOLS)
def test_a_field_the_tool_uploaded_clones_with_memsync_and_comes_back(
    tool: str, s3_server: Any, tmp_path: Path
) -> None:
    url, sums = uploaded(tool, s3_server, tmp_path, "LC_ALL=C sha256sum *")
    env = aws_env(s3_server)
    ws = tmp_path / "ws"
    ws.mkdir()
    assert memsync("init", cwd=ws, env=env).returncode == 0
    done = memsync("clone", url, "--json", cwd=ws, env=env)
    assert done.returncode == 0, done.stderr
    field = ws / "notes"
    assert (field / "SHA256SUMS").read_bytes() == sums  # sha256sum's own bytes are the manifest
    sha256sum_check(field)
    assert f"sha256:{hashlib.sha256(sums).hexdigest()}" in memsync("verify", "notes", cwd=ws, env=env).stdout
    assert not (field / ".DS_Store").exists()
    # An edit pushed by memsync reaches the tool's side checked.
    (field / "a.md").write_text(page("A", "edited by memsync"))
    pushed = memsync("push", "notes", cwd=ws, env=env)
    assert pushed.returncode == 0, pushed.stderr
    back = tmp_path / "back"
    tool_sync(tool, s3_server, url, back)
    sha256sum_check(back)
    assert (back / "a.md").read_bytes() == (field / "a.md").read_bytes()


@pytest.mark.parametrize(
    "sums",
    [
        "LC_ALL=C sha256sum -b *",
        "LC_ALL=C sha256sum --tag *",
        "LC_ALL=C sha256sum $(ls | sort -f)",  # a case-folding locale's order
        "LC_ALL=C sha256sum * | sed 's/$/\\r/'",
        "LC_ALL=C sha256sum * | sed 's/^[0-9a-f]*/\\U&/'",
    ],
    ids=["binary-mode", "bsd-tag", "case-folded-order", "crlf", "uppercase-hex"],
)
def test_a_manifest_in_another_form_sha256sum_reads_clones_and_the_next_push_writes_memsyncs(
    sums: str, s3_server: Any, tmp_path: Path
) -> None:
    url, theirs = uploaded("aws", s3_server, tmp_path, sums)
    sha256sum_check(tmp_path / "made-by-hand")  # the form really is one sha256sum reads
    canonical = b"".join(
        f"{hashlib.sha256(FILES[name]).hexdigest()}  {name}\n".encode() for name in sorted(FILES, key=str.encode)
    )
    assert theirs != canonical
    env = aws_env(s3_server)
    ws = tmp_path / "ws"
    ws.mkdir()
    assert memsync("init", cwd=ws, env=env).returncode == 0
    done = memsync("clone", url, cwd=ws, env=env)
    assert done.returncode == 0, done.stderr
    field = ws / "notes"
    assert (field / "SHA256SUMS").read_bytes() == canonical
    sha256sum_check(field)
    assert sorted(p.name for p in field.iterdir() if p.suffix != ".sqlite3") == sorted([*FILES, "SHA256SUMS"])
    # The next push writes memsync's form, which the tool's download checks.
    (field / "a.md").write_text(page("A", "edited by memsync"))
    pushed = memsync("push", "notes", cwd=ws, env=env)
    assert pushed.returncode == 0, pushed.stderr
    back = tmp_path / "back"
    tool_sync("aws", s3_server, url, back)
    assert (back / "SHA256SUMS").read_bytes() == (field / "SHA256SUMS").read_bytes()
    sha256sum_check(back)
    again = memsync("pull", "notes", cwd=ws, env=env)
    assert again.returncode == 0 and "up to date" in again.stdout, again.stdout + again.stderr


def test_a_name_no_field_holds_in_another_tools_manifest_is_one_line_on_clone(s3_server: Any, tmp_path: Path) -> None:
    url, _ = uploaded("aws", s3_server, tmp_path, "touch 'my page.md' && LC_ALL=C sha256sum -b *")
    ws = tmp_path / "ws"
    ws.mkdir()
    env = aws_env(s3_server)
    assert memsync("init", cwd=ws, env=env).returncode == 0
    line = assert_one_line_error(memsync("clone", url, cwd=ws, env=env))
    assert "SHA256SUMS" in line and "'my page.md'" in line
    assert not (ws / "notes").exists()
