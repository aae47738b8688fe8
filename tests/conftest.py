"""Shared helpers: run the real CLI in a subprocess, build fields on disk."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import click
import pytest

CliRunner = Callable[..., subprocess.CompletedProcess[str]]


def run_cli(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``memsync ARGS`` in a fresh process, as a user or CI would run it."""
    full_env = {**os.environ, "MEMSYNC_DEBUG": "", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "memsync", *map(str, args)],
        cwd=cwd,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def assert_one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    """The bad-input promise: non-zero exit, exactly one line on stderr, no traceback."""
    assert result.returncode != 0, result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert lines[0].startswith("memsync: "), lines[0]
    return lines[0]


def page(title: str, body: str, uid: str | None = None) -> str:
    return (
        f"---\ntitle: {title}\nuuid: {uid or uuid.uuid4()}\nsummary: {title}.\n"
        f"created: 2026-01-01T00:00:00Z\nupdated: 2026-01-01T00:00:00Z\n---\n\n# {title}\n\n{body}\n"
    )


def make_field(root: Path, files: dict[str, str | bytes]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    # Relative to the folder's descriptor, with os.write: a field of 100,000
    # pages builds in two thirds of the time Path.write_bytes takes.
    folder = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for name, content in files.items():
            fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666, dir_fd=folder)
            try:
                view = memoryview(content.encode() if isinstance(content, str) else content)
                while view:
                    view = view[os.write(fd, view) :]
            finally:
                os.close(fd)
    finally:
        os.close(folder)
    return root


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file directly in ``root`` (hidden ones too), for before/after checks."""
    return {p.name: p.read_bytes() for p in sorted(root.iterdir()) if p.is_file()} if root.exists() else {}


def tree_hashes(root: Path) -> dict[str, str]:
    """Every file under ``root`` (.memsync/ included) with its sha256, and every
    folder, for "a dry run writes nothing"."""
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "folder"
        for p in sorted(root.rglob("*"))
    }


@pytest.fixture
def cli(tmp_path: Path) -> CliRunner:
    def runner(*args: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None):
        return run_cli(*args, cwd=cwd or tmp_path, env=env)

    return runner


@pytest.fixture(scope="module")
def no_flush() -> Iterator[None]:
    """fsync and syncfs return at once, in this process, for a module whose
    promises do not involve a power cut (a killed process loses nothing the page
    cache holds): on a shared CI disk each flush waits for every other worker's
    writes (beside a worker writing large files, the convergence tests took 164 s; 44 s unflushed).
    A module takes it with ``pytestmark = pytest.mark.usefixtures("no_flush")``."""
    from memsync.disk import atomic

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", lambda fd: None)
        patch.setattr(atomic, "sync_filesystem", lambda *directories: None)
        yield


@pytest.fixture(scope="session")
def s3_server():
    """moto's S3 server mode on 127.0.0.1, for the whole test session."""
    from s3_support import MotoS3

    server = MotoS3().start()
    yield server
    server.stop()


@pytest.fixture
def requests_seen(s3_server):
    """moto's request log, emptied of what earlier tests sent."""
    s3_server.log.take()
    return s3_server.log


@pytest.fixture(scope="session")
def azurite(tmp_path_factory: pytest.TempPathFactory):
    """Azurite (Azure Blob Storage) on 127.0.0.1, for the whole test session."""
    from fsspec_support import Azurite

    server = Azurite(tmp_path_factory.mktemp("azurite"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def webdav_server(tmp_path_factory: pytest.TempPathFactory):
    """wsgidav (WebDAV) on 127.0.0.1, for the whole test session."""
    from fsspec_support import WebdavServer

    server = WebdavServer(tmp_path_factory.mktemp("webdav"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def sftp_server(tmp_path_factory: pytest.TempPathFactory):
    """An asyncssh SFTP server on 127.0.0.1, for the whole test session."""
    from fsspec_support import SftpServer

    server = SftpServer(tmp_path_factory.mktemp("sftp"))
    yield server
    server.stop()


def every_command() -> dict[str, click.Command]:
    """Every command as typed ("remote add"), the lazy groups made to load them all."""
    from memsync.cli import main

    commands: dict[str, click.Command] = {}

    def walk(group: click.Group, prefix: str) -> None:
        for name in group.list_commands(click.Context(group)):
            command = group.get_command(click.Context(group), name)
            assert command is not None
            if isinstance(command, click.Group):
                walk(command, f"{prefix}{name} ")
            else:
                commands[prefix + name] = command

    walk(main, "")
    return commands
