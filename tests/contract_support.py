"""The remotes the contract suite (tests/test_contract.py) runs on, and the
tools it tampers with them through.

A backend is one factory: it makes a fresh remote field and returns a
``Backend`` — the URL and options memsync opens it with, the environment a
memsync process needs to reach it, and ``raw``: the remote's files read and
changed behind memsync's back, as another tool (or an attacker) would. Adding
a transport to the suite is one factory and one entry in ``FACTORIES``.

Also here: ``Recording``, a store that records what the field protocol asks
of the store under it (and can lose the answers to chosen writes).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
import zipfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import fsspec_support
from raw_support import FolderRaw, Raw

from memsync.archive_remote import ArchiveRemote
from memsync.backends.base import NotModified, Opened, PreconditionFailed, Store
from memsync.manifest import Manifest, sha256_hex
from memsync.names import MANIFEST_NAME, Role, role_of
from memsync.protocol import FieldRemote
from memsync.registry import open_remote
from memsync.remote import Remote

FIELD = "notes"
ARCHIVE = "notes.memoryfield.zip"


# -- the raw remote ----------------------------------------------------------------------


class S3Raw(Raw):
    def __init__(self, client: Any, bucket: str, prefix: str) -> None:
        self.client, self.bucket, self.prefix = client, bucket, prefix

    def files(self) -> dict[str, bytes]:
        listed = self.client.list_objects_v2(Bucket=self.bucket, Prefix=self.prefix + "/", Delimiter="/")
        names = [o["Key"][len(self.prefix) + 1 :] for o in listed.get("Contents", ())]
        return {n: self.read(n) for n in sorted(names) if n[0] != "."}

    def read(self, name: str) -> bytes:
        data: bytes = self.client.get_object(Bucket=self.bucket, Key=f"{self.prefix}/{name}")["Body"].read()
        return data

    def write(self, files: Mapping[str, bytes | None]) -> None:
        for name, data in files.items():
            key = f"{self.prefix}/{name}"
            if data is None:
                self.client.delete_object(Bucket=self.bucket, Key=key)
            else:
                self.client.put_object(Bucket=self.bucket, Key=key, Body=data)


class GitRaw(Raw):
    """The field folder of a bare repository's ``main``; a write is one commit."""

    def __init__(self, repo: Path, folder: str) -> None:
        self.repo, self.folder = repo, folder

    def files(self) -> dict[str, bytes]:
        from tests.test_git import blobs, show

        prefix = self.folder + "/"
        return {
            path[len(prefix) :]: show(self.repo, f"main:{path}")
            for path in blobs(self.repo)
            if path.startswith(prefix) and "/" not in path[len(prefix) :] and path[len(prefix)] != "."
        }

    def write(self, files: Mapping[str, bytes | None]) -> None:
        from tests.test_git import commit_files

        commit_files(self.repo, {f"{self.folder}/{n}": d for n, d in files.items()}, "another tool was here")

    def head(self) -> str:
        from tests.test_git import git

        return git("--git-dir", self.repo, "rev-parse", "main").strip()


class ZipRaw(Raw):
    """A field packed as one archive object: writes repack it with plain zipfile."""

    def __init__(self, get: Callable[[], bytes | None], put: Callable[[bytes], None]) -> None:
        self.get, self.put = get, put

    def files(self) -> dict[str, bytes]:
        data = self.get()
        if data is None:
            return {}
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            return {n: zf.read(n) for n in zf.namelist() if n[0] != "."}

    def write(self, files: Mapping[str, bytes | None]) -> None:
        current: dict[str, bytes] = self.files()
        for name, data in files.items():
            if data is None:
                current.pop(name, None)
            else:
                current[name] = data
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
            for name in sorted(current):
                zf.writestr(name, current[name])
        self.put(buffer.getvalue())


def consistent(files: Mapping[str, bytes]) -> Manifest:
    """The field's SHA256SUMS lists exactly its content files, each with its true hash."""
    assert MANIFEST_NAME in files, sorted(files)
    listed = Manifest.parse(files[MANIFEST_NAME])
    actual = Manifest({n: sha256_hex(d) for n, d in files.items() if role_of(n) is Role.CONTENT})
    assert listed == actual, f"SHA256SUMS vs content: {sorted(set(listed.items()) ^ set(actual.items()))}"
    return listed


def content(files: Mapping[str, bytes]) -> dict[str, bytes]:
    return {n: d for n, d in files.items() if role_of(n) is Role.CONTENT}


# -- backends --------------------------------------------------------------------------------


@dataclass
class Backend:
    kind: str
    url: str
    options: dict[str, str]
    env: dict[str, str]  # what a memsync process needs to reach it (credentials, caches)
    raw: Raw
    #: The requests its server answered since the last call, where they can be counted.
    served: Callable[[], list[str]] | None = None
    #: host:port of the server, and the (url, options) that reach it through another
    #: address (a proxy); None where no server stands between memsync and the field.
    upstream: tuple[str, int] | None = None
    via: Callable[[str], tuple[str, dict[str, str]]] | None = None

    def open(self, **options: str) -> Remote:
        return open_remote(self.url, {**self.options, **options})

    @property
    def shape(self) -> str:
        """How the remote speaks the field protocol: ``store`` (memsync.protocol over a
        Store), ``archive`` (one packed object) or ``git`` (commits)."""
        with self.open() as remote:
            if isinstance(remote, FieldRemote):
                return "store"
            return "archive" if isinstance(remote, ArchiveRemote) else "git"


@dataclass
class Where:
    """What a factory gets: a fresh folder, a place to register cleanups, and
    the session's shared servers (started only when a factory asks)."""

    tmp: Path
    stack: ExitStack
    fixture: Callable[[str], Any]
    n: int = 0

    def fresh(self, name: str) -> Path:
        self.n += 1
        path = self.tmp / f"{name}-{self.n}"
        path.mkdir(parents=True)
        return path


def local_backend(where: Where) -> Backend:
    root = where.fresh("remote") / FIELD
    return Backend("local", str(root), {}, {}, FolderRaw(root))


def _s3(where: Where) -> tuple[Any, str, dict[str, str], Callable[[], list[str]]]:
    from s3_support import CREDENTIALS

    server = where.fixture("s3_server")
    bucket = server.new_bucket()

    def served() -> list[str]:
        return [f"{m} {p} {s}" for m, p, s in server.log.take() if p.startswith(f"/{bucket}/")]

    served()
    return server, bucket, dict(CREDENTIALS), served


def s3_backend(where: Where) -> Backend:
    server, bucket, env, served = _s3(where)
    prefix = f"team/{FIELD}"
    host, port = server.endpoint.removeprefix("http://").split(":")

    def via(hostport: str) -> tuple[str, dict[str, str]]:
        return f"s3://{bucket}/{prefix}", {"endpoint_url": f"http://{hostport}"}

    url, options = via(f"{host}:{port}")
    return Backend("s3", url, options, env, S3Raw(server.client(), bucket, prefix), served, (host, int(port)), via)


def git_backend(where: Where) -> Backend:
    from tests.test_git import bare_repo, machine_env

    repo = bare_repo(where.fresh("git") / "repo.git")
    env = machine_env(where.tmp / "git-home")
    return Backend("git", f"git+file://{repo}/fields/{FIELD}", {}, env, GitRaw(repo, f"fields/{FIELD}"))


def git_daemon_backend(where: Where) -> Backend:
    from tests.test_git import GIT, bare_repo, free_port, machine_env, wait_for_port

    base = where.fresh("daemon")
    repo = bare_repo(base / "repo.git")
    port = free_port()
    daemon = subprocess.Popen(
        [
            GIT or "git",
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
    where.stack.callback(_stop, daemon)
    wait_for_port(port, daemon)
    env = machine_env(where.tmp / "git-home")

    def via(hostport: str) -> tuple[str, dict[str, str]]:
        return f"git+git://{hostport}/repo.git/fields/{FIELD}", {}

    url, options = via(f"127.0.0.1:{port}")
    return Backend("git-daemon", url, options, env, GitRaw(repo, f"fields/{FIELD}"), None, ("127.0.0.1", port), via)


def http_backend(where: Where) -> Backend:
    from http_support import MemsyncServer

    home = where.fresh("http")
    root = home / FIELD
    root.mkdir()
    auth = home / "auth"
    auth.write_text("writer:s3cret-pa55\n")
    server = MemsyncServer(root, log=home / "serve.log", args=("--auth-file", str(auth), "--no-index"))
    where.stack.callback(server.stop)
    seen = [0]

    def served() -> list[str]:
        lines = server.requests_logged()
        new, seen[0] = lines[seen[0] :], len(lines)
        return [line.split('"', 1)[1].replace('"', "") for line in new]

    served()
    port = int(server.url.rsplit(":", 1)[1].split("/")[0])

    def via(hostport: str) -> tuple[str, dict[str, str]]:
        return f"http://{hostport}/", {}

    env = {"MEMSYNC_HTTP_USER": "writer", "MEMSYNC_HTTP_PASSWORD": "s3cret-pa55"}
    return Backend("http", server.url, {}, env, FolderRaw(root), served, ("127.0.0.1", port), via)


def archive_local_backend(where: Where) -> Backend:
    path = where.fresh("archive") / ARCHIVE

    def get() -> bytes | None:
        return path.read_bytes() if path.exists() else None

    return Backend("archive-local", str(path), {}, {}, ZipRaw(get, path.write_bytes))


def archive_s3_backend(where: Where) -> Backend:
    server, bucket, env, served = _s3(where)
    client, key = server.client(), f"published/{ARCHIVE}"
    host, port = server.endpoint.removeprefix("http://").split(":")

    def get() -> bytes | None:
        try:
            data: bytes = client.get_object(Bucket=bucket, Key=key)["Body"].read()
        except client.exceptions.NoSuchKey:
            return None
        return data

    def put(data: bytes) -> None:
        client.put_object(Bucket=bucket, Key=key, Body=data)

    def via(hostport: str) -> tuple[str, dict[str, str]]:
        return f"s3://{bucket}/{key}", {"endpoint_url": f"http://{hostport}"}

    url, options = via(f"{host}:{port}")
    return Backend("archive-s3", url, options, env, ZipRaw(get, put), served, (host, int(port)), via)


#: Every backend the contract suite runs on: add a transport here.
FACTORIES: dict[str, Callable[[Where], Backend]] = {
    "local": local_backend,
    "s3": s3_backend,
    "git": git_backend,
    "git-daemon": git_daemon_backend,
    "http": http_backend,
    "archive-local": archive_local_backend,
    "archive-s3": archive_s3_backend,
    **fsspec_support.FACTORIES,  # Azure Blob (Azurite), WebDAV (wsgidav), SFTP (asyncssh)
}


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


# -- a store that records (and loses answers, or dies) ----------------------------------


@dataclass
class Recording(Store):
    """The store under a remote, with every operation the protocol asks of it
    recorded as ``(op, name)``; ``lose_answer`` names writes whose answer is
    lost once (the bytes land, the caller is told PreconditionFailed, as a
    retried request finds its own write there)."""

    inner: Store
    ops: list[tuple[str, str]] = field(default_factory=list)
    read_bytes: dict[str, int] = field(default_factory=dict)
    lose_answer: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.url, self.options, self.timeout = self.inner.url, self.inner.options, self.inner.timeout
        self.conditional = self.inner.conditional  # type: ignore[misc]
        self.live = self.inner.live  # type: ignore[misc]
        self.exclusive_lock = self.inner.exclusive_lock  # type: ignore[misc]
        self._guard = threading.Lock()

    def _note(self, op: str, name: str) -> None:
        with self._guard:
            self.ops.append((op, name))

    def writes(self, *, lock: bool = False) -> list[tuple[str, str]]:
        """Puts and deletes in order (the writer lock's left out unless asked)."""
        return [
            (op, n) for op, n in self.ops if op not in ("open", "list") and (lock or not n.startswith(".memsync-lock"))
        ]

    def _open(self, name: str, if_none_match: str | None, max_bytes: int) -> Opened | NotModified:
        self._note("open", name)
        opened = self.inner._open(name, if_none_match, max_bytes)
        if isinstance(opened, NotModified):
            return opened
        inner_chunks = opened.chunks

        def counted() -> Iterator[bytes]:
            for chunk in inner_chunks:
                with self._guard:
                    self.read_bytes[name] = self.read_bytes.get(name, 0) + len(chunk)
                yield chunk

        opened.chunks = counted()
        return opened

    def list(self) -> list[Any]:
        self._note("list", "")
        return self.inner.list()

    def put(self, name: str, data: bytes, *, if_match: str | None = None, if_absent: bool = False) -> str:
        self._note("put", name)
        token = self.inner.put(name, data, if_match=if_match, if_absent=if_absent)
        with self._guard:
            lost = name in self.lose_answer
            self.lose_answer.discard(name)
        if lost:
            raise PreconditionFailed(f"{self.where(name)}: (the answer to a write that landed, lost)")
        return token

    def delete(self, name: str, *, if_match: str | None = None) -> None:
        self._note("delete", name)
        self.inner.delete(name, if_match=if_match)

    def delete_many(self, names: list[str]) -> None:
        for name in names:
            self._note("delete", name)
        self.inner.delete_many(names)

    def exists(self) -> bool:
        return self.inner.exists()

    def exclusive(self) -> AbstractContextManager[None]:
        return self.inner.exclusive()

    def content_token(self, sha256: str) -> str | None:
        return self.inner.content_token(sha256)

    def where(self, name: str) -> str:
        return self.inner.where(name)

    def close(self) -> None:
        self.inner.close()


def recorded(remote: Remote, **how: Any) -> Recording | None:
    """Put a ``Recording`` under ``remote`` when it runs over a store; None for git."""
    if isinstance(remote, FieldRemote | ArchiveRemote):
        recording = Recording(remote.store, **how)
        remote.store = recording
        return recording
    return None


# -- processes -----------------------------------------------------------------------------


def memsync_process(*args: str | Path, cwd: Path, env: Mapping[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "memsync", *map(str, args)],
        cwd=cwd,
        env={**os.environ, "MEMSYNC_DEBUG": "", **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


#: Run ``memsync ARGS`` in a process that dies (os._exit, no cleanup) the moment a
#: push commits: after its content writes, before its sidecars and SHA256SUMS.
DIE_AT_COMMIT = """
import os, sys
from memsync import archive_remote, git_remote, protocol, remote
def die(*args, **kwargs):
    os._exit(9)
for writer in remote.Writer.__subclasses__():
    writer.commit = die
from memsync.cli import main
main(sys.argv[1:])
"""


def run_dying_at_commit(*args: str, cwd: Path, env: Mapping[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", DIE_AT_COMMIT, *args],
        cwd=cwd,
        env={**os.environ, "MEMSYNC_DEBUG": "", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
