"""Real servers for the fsspec remotes, started and stopped by the tests on
127.0.0.1: Azure Blob Storage (Azurite, the npm package), WebDAV (wsgidav
under waitress) and SFTP (an asyncssh server).

Each server is a session fixture in conftest.py (``azurite``,
``webdav_server``, ``sftp_server``); each ``*_backend`` factory makes a fresh remote field on one
and returns the contract suite's ``Backend`` (tests/contract_support.py), so
adding these transports there is ``FACTORIES.update(fsspec_support.FACTORIES)``.
``remote_for`` gives the same as plain (url, options, env, raw) for tests that
do not need the contract's types.

Azurite is found at ``$MEMSYNC_AZURITE`` or under
``~/.cache/memsync-tests/azurite`` (``.ci/run`` installs it there with npm);
without it the Azure tests are skipped with that instruction.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from raw_support import FolderRaw, Raw

AZURITE_ACCOUNT = "devstoreaccount1"
# Azurite's well-known development key (documented by Microsoft; not a secret).
AZURITE_KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="
AZURITE_HOME = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "memsync-tests" / "azurite"
WEBDAV_USER, WEBDAV_PASSWORD = "writer", "dav-s3cret"
SFTP_USER = "tester"
FIELD = "notes"


# -- the raw remote: the field's files as another tool sees them ------------------------------


class BlobFiles(Raw):
    """A prefix of an Azurite container, through azure-storage-blob's own client."""

    def __init__(self, container: Any, prefix: str) -> None:
        self.container, self.prefix = container, prefix

    def files(self) -> dict[str, bytes]:
        found = {}
        for blob in self.container.walk_blobs(name_starts_with=self.prefix + "/", delimiter="/"):
            name = blob.name[len(self.prefix) + 1 :]
            if name and not name.endswith("/") and name[0] != ".":
                found[name] = self.container.download_blob(blob.name).readall()
        return dict(sorted(found.items()))

    def write(self, files: Mapping[str, bytes | None]) -> None:
        for name, data in files.items():
            key = f"{self.prefix}/{name}"
            if data is None:
                with contextlib.suppress(Exception):
                    self.container.delete_blob(key)
            else:
                self.container.upload_blob(key, data, overwrite=True)


# -- Azurite ----------------------------------------------------------------------------------


def azurite_binary() -> str | None:
    for candidate in (
        os.environ.get("MEMSYNC_AZURITE"),
        str(AZURITE_HOME / "node_modules" / ".bin" / "azurite-blob"),
        shutil.which("azurite-blob"),
    ):
        if candidate and Path(candidate).is_file() and shutil.which("node"):
            return candidate
    return None


class Azurite:
    """Azurite's Blob service in memory on 127.0.0.1 (no telemetry: it must reach nothing)."""

    def __init__(self, home: Path) -> None:
        binary = azurite_binary()
        if binary is None:
            pytest.skip(f"Azurite is not installed (npm install --prefix {AZURITE_HOME} azurite@3)")
        self.log = home / "azurite-debug.log"
        self.process = subprocess.Popen(
            [
                *(binary, "--blobHost", "127.0.0.1", "--blobPort", "0", "--inMemoryPersistence"),
                *("--disableTelemetry", "--skipApiVersionCheck", "--loose", "--silent", "--debug", str(self.log)),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        deadline = time.monotonic() + 60
        assert self.process.stdout is not None
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            found = re.search(r"listens on http://127\.0\.0\.1:(\d+)", line)
            if found:
                self.port = int(found[1])
                break
            if not line and self.process.poll() is not None:
                raise RuntimeError("Azurite exited at start")
        else:
            self.stop()
            raise RuntimeError("Azurite did not start in 60 s")
        # Keep reading its output so it never blocks on a full pipe.
        threading.Thread(target=self.process.stdout.read, daemon=True).start()
        self.endpoint = f"http://127.0.0.1:{self.port}/{AZURITE_ACCOUNT}"

    def connection_string(self, endpoint: str | None = None) -> str:
        return (
            f"DefaultEndpointsProtocol=http;AccountName={AZURITE_ACCOUNT};AccountKey={AZURITE_KEY};"
            f"BlobEndpoint={endpoint or self.endpoint};"
        )

    def env(self, endpoint: str | None = None) -> dict[str, str]:
        """What a memsync process needs to reach it: adlfs reads the connection string from here."""
        return {"AZURE_STORAGE_CONNECTION_STRING": self.connection_string(endpoint)}

    def service(self) -> Any:
        from azure.storage.blob import BlobServiceClient

        return BlobServiceClient.from_connection_string(self.connection_string())

    def new_container(self) -> str:
        name = f"c{uuid.uuid4().hex[:12]}"
        self.service().create_container(name)
        return name

    def requests(self) -> list[str]:
        """Every request Azurite answered so far, as 'METHOD URL STATUS'."""
        try:
            text = self.log.read_text(errors="replace")
        except FileNotFoundError:
            return []
        asked = re.findall(
            r"^\S+ (\S+) info: BlobStorageContextMiddleware: RequestMethod=(\w+) RequestURL=(\S+)", text, re.M
        )
        answered = dict(re.findall(r"^\S+ (\S+) info: EndMiddleware: End response\. \S+ StatusCode=(\d+)", text, re.M))
        return [f"{method} {url} {answered[rid]}" for rid, method, url in asked if rid in answered]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# -- WebDAV -----------------------------------------------------------------------------------


class WebdavServer:
    """wsgidav serving a folder under waitress, HTTP Basic auth, in this process."""

    def __init__(self, root: Path, user: str = WEBDAV_USER, password: str = WEBDAV_PASSWORD) -> None:
        import waitress
        from wsgidav.wsgidav_app import WsgiDAVApp

        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        app = WsgiDAVApp(
            {
                "provider_mapping": {"/": str(root)},
                "simple_dc": {"user_mapping": {"*": {user: {"password": password}}}},
                "http_authenticator": {"accept_basic": True, "accept_digest": False, "default_to_digest": False},
                "verbose": 1,
                "logging": {"enable_loggers": []},
                "property_manager": True,
                "lock_storage": True,
            }
        )
        self.server = waitress.create_server(app, host="127.0.0.1", port=0, threads=16)
        self.port = int(self.server.effective_port)  # type: ignore[union-attr]
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()

    def env(self) -> dict[str, str]:
        return {"MEMSYNC_HTTP_USER": WEBDAV_USER, "MEMSYNC_HTTP_PASSWORD": WEBDAV_PASSWORD}

    def stop(self) -> None:
        self.server.close()
        self.thread.join(timeout=5)


# -- SFTP -------------------------------------------------------------------------------------


class SftpServer:
    """An asyncssh SFTP server chrooted to a folder, on its own event loop thread.
    It accepts one user, by key; the client's key and a known_hosts file that
    trusts the server are written beside it."""

    def __init__(self, home: Path) -> None:
        import asyncssh

        self.home = home
        self.root = home / "root"
        self.root.mkdir(parents=True, exist_ok=True)
        host_key = asyncssh.generate_private_key("ssh-ed25519")
        client_key = asyncssh.generate_private_key("ssh-ed25519")
        self.key_file = home / "id_ed25519"
        client_key.write_private_key(str(self.key_file))
        self.key_file.chmod(0o600)
        authorized = asyncssh.import_authorized_keys(client_key.export_public_key().decode())
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        root = str(self.root).encode()

        def sftp(chan: Any) -> Any:
            return asyncssh.SFTPServer(chan, chroot=root)

        async def start() -> Any:
            return await asyncssh.listen(
                "127.0.0.1",
                0,
                server_host_keys=[host_key],
                authorized_client_keys=authorized,
                sftp_factory=sftp,
                allow_scp=False,
            )

        self.server = asyncio.run_coroutine_threadsafe(start(), self.loop).result(30)
        self.port = self.server.sockets[0].getsockname()[1]
        self.known_hosts = home / "known_hosts"
        self.known_hosts.write_text(f"[127.0.0.1]:{self.port} {host_key.export_public_key().decode().strip()}\n")

    def url(self, path: str) -> str:
        return f"sftp://{SFTP_USER}@127.0.0.1:{self.port}/{path}"

    def options(self) -> dict[str, str]:
        return {"key_file": str(self.key_file), "known_hosts": str(self.known_hosts)}

    def stop(self) -> None:
        async def close() -> None:
            self.server.close()
            await self.server.wait_closed()
            # Sessions clients left open end with the server, not at interpreter exit.
            here = asyncio.current_task()
            others = [t for t in asyncio.all_tasks() if t is not here]
            for task in others:
                task.cancel()
            await asyncio.gather(*others, return_exceptions=True)

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)


# -- remotes on them --------------------------------------------------------------------------


@dataclass
class FsspecRemote:
    """A fresh remote field: how memsync reaches it, and its files seen raw."""

    kind: str
    url: str
    options: dict[str, str]
    env: dict[str, str]
    raw: Any
    served: Callable[[], list[str]] | None = None
    upstream: tuple[str, int] | None = None
    via: Callable[[str], tuple[str, dict[str, str]]] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def azure_remote(server: Azurite) -> FsspecRemote:
    container = server.new_container()
    prefix = f"team/{FIELD}"
    seen = [len(server.requests())]

    def served() -> list[str]:
        time.sleep(0.2)  # Azurite writes its debug log just after answering
        lines = server.requests()
        new, seen[0] = lines[seen[0] :], len(lines)
        return [line for line in new if f"/{container}/" in line or line.split()[1].endswith(f"/{container}")]

    def via(hostport: str) -> tuple[str, dict[str, str]]:
        endpoint = f"http://{hostport}/{AZURITE_ACCOUNT}"
        return f"az://{container}/{prefix}", {"connection_string": server.connection_string(endpoint)}

    raw = BlobFiles(server.service().get_container_client(container), prefix)
    return FsspecRemote(
        "azure", f"az://{container}/{prefix}", {}, server.env(), raw, served, ("127.0.0.1", server.port), via
    )


def webdav_remote(server: WebdavServer) -> FsspecRemote:
    folder = f"f{uuid.uuid4().hex[:10]}/{FIELD}"

    def via(hostport: str) -> tuple[str, dict[str, str]]:
        return f"webdav+http://{hostport}/{folder}", {}

    url, options = via(f"127.0.0.1:{server.port}")
    return FsspecRemote(
        "webdav", url, options, server.env(), FolderRaw(server.root / folder), None, ("127.0.0.1", server.port), via
    )


def sftp_remote(server: SftpServer) -> FsspecRemote:
    folder = f"f{uuid.uuid4().hex[:10]}/{FIELD}"

    def via(hostport: str) -> tuple[str, dict[str, str]]:
        return f"sftp://{SFTP_USER}@{hostport}/{folder}", server.options()

    url, options = via(f"127.0.0.1:{server.port}")
    return FsspecRemote(
        "sftp", url, options, {}, FolderRaw(server.root / folder), None, ("127.0.0.1", server.port), via
    )


def _as_backend(made: FsspecRemote) -> Any:
    from contract_support import Backend  # the contract suite's own type

    # SSH is encrypted: a proxy that stalls the request naming a file cannot find it.
    upstream, via = (None, None) if made.kind == "sftp" else (made.upstream, made.via)
    return Backend(made.kind, made.url, made.options, made.env, made.raw, made.served, upstream, via)


def azure_backend(where: Any) -> Any:
    return _as_backend(azure_remote(where.fixture("azurite")))


def webdav_backend(where: Any) -> Any:
    return _as_backend(webdav_remote(where.fixture("webdav_server")))


def sftp_backend(where: Any) -> Any:
    return _as_backend(sftp_remote(where.fixture("sftp_server")))


#: For tests/contract_support.py: ``FACTORIES.update(fsspec_support.FACTORIES)``.
FACTORIES: dict[str, Callable[[Any], Any]] = {
    "azure": azure_backend,
    "webdav": webdav_backend,
    "sftp": sftp_backend,
}
