"""fsspec remotes against real servers on 127.0.0.1 (issue 14): Azure Blob
Storage (Azurite), WebDAV (wsgidav) and SFTP (asyncssh), each driven through
its fsspec library (adlfs, webdav4, sshfs) and the one field protocol.

Users' steps run the real CLI in a subprocess; the remote is inspected raw
(azure-storage-blob's client, or the folder the server serves)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fsspec_support import FsspecRemote, azure_remote, sftp_remote, webdav_remote
from test_s3 import content, manifest_of, new_workspace, ok, pages, sha256

from memsync import engine
from memsync.manifest import Manifest
from memsync.names import MANIFEST_NAME, Role, role_of
from memsync.protocol import LOCK_NAME, FieldRemote
from memsync.registry import open_remote
from memsync.remote import NOT_MODIFIED as NOT_MODIFIED_
from memsync.workspace import Workspace
from tests.conftest import assert_one_line_error, page

KINDS = ("azure", "webdav", "sftp")


@pytest.fixture(params=KINDS)
def remote(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[FsspecRemote]:
    made = {
        "azure": lambda: azure_remote(request.getfixturevalue("azurite")),
        "webdav": lambda: webdav_remote(request.getfixturevalue("webdav_server")),
        "sftp": lambda: sftp_remote(request.getfixturevalue("sftp_server")),
    }[request.param]()
    for key, value in made.env.items():  # for in-process library calls
        monkeypatch.setenv(key, value)
    yield made


def env_for(made: FsspecRemote, home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AZURE_", "MEMSYNC_HTTP_"))}
    return {**env, **made.env, "MEMSYNC_DEBUG": "", "HOME": str(home), "MEMSYNC_TIMEOUT": "10"}


def memsync(*args: str | Path, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "memsync", *map(str, args)]
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def workspace(root: Path, made: FsspecRemote, files: dict[str, str | bytes] | None = None) -> Path:
    return new_workspace(root, made.url, files, **made.options)


def consistent_files(files: dict[str, bytes]) -> dict[str, bytes]:
    """A remote's objects are a plain memoryfield: SHA256SUMS lists exactly its
    content, and no writer's lock is left; returns the content."""
    assert MANIFEST_NAME in files, sorted(files)
    assert LOCK_NAME not in files, "a finished push releases its lock"
    listed = Manifest.parse(files[MANIFEST_NAME])
    actual = {n: d for n, d in files.items() if role_of(n) is Role.CONTENT}
    hashed = Manifest({n: sha256(d) for n, d in actual.items()})
    assert listed == hashed, f"SHA256SUMS vs content: {sorted(set(listed.items()) ^ set(hashed.items()))}"
    return actual


def consistent(made: FsspecRemote) -> dict[str, bytes]:
    actual = consistent_files(made.raw.files())
    with open_remote(made.url, made.options) as opened:
        assert isinstance(opened, FieldRemote)
        assert opened.lock_info() is None, "a finished push releases its lock"
    return actual


def bytes_of(files: dict[str, str | bytes]) -> dict[str, bytes]:
    return {n: d.encode() if isinstance(d, str) else d for n, d in files.items()}


def test_round_trip_clone_and_sync_both_ways(remote: FsspecRemote, tmp_path: Path) -> None:
    env = env_for(remote, tmp_path / "home")
    files = {**pages(6), "diagram.png": bytes(range(256)) * 8}
    a = workspace(tmp_path / "a", remote, {**files, ".DS_Store": b"litter", "x.sqlite3": b"derived"})
    ok(memsync("push", "f", cwd=a, env=env))
    assert consistent(remote) == bytes_of(files)
    assert remote.raw.files()[MANIFEST_NAME] == manifest_of(bytes_of(files))

    b = tmp_path / "b"
    b.mkdir()
    args = [f"-o{k}={v}" for k, v in remote.options.items()]
    ok(memsync("clone", remote.url, "f", "--name", "f", *args, cwd=b, env=env))
    assert content(b / "f") == bytes_of(files)
    ok(memsync("verify", "f", cwd=b, env=env))

    (b / "f" / "page-0001.md").write_text(page("page 1", "rewritten on b"))
    (b / "f" / "page-0002.md").unlink()
    (a / "f" / "page-0003.md").write_text(page("page 3", "edited on a"))
    ok(memsync("sync", "f", cwd=b, env=env))
    ok(memsync("sync", "f", cwd=a, env=env))
    ok(memsync("pull", "f", cwd=b, env=env))
    assert content(a / "f") == content(b / "f")
    assert b"rewritten on b" in content(a / "f")["page-0001.md"]
    assert b"edited on a" in content(b / "f")["page-0003.md"]
    assert "page-0002.md" not in content(a / "f")
    assert consistent(remote) == content(a / "f")


def test_noop_pull_reads_only_sha256sums(remote: FsspecRemote, tmp_path: Path) -> None:
    """Azure answers one conditional GET with 304; the others, which have no
    version tokens fsspec exposes, read SHA256SUMS once and compare hashes."""
    a = workspace(tmp_path / "a", remote, pages(30))
    engine.Session(Workspace(a), "f", None).run("push")
    if remote.served is not None:
        remote.served()
    report = engine.Session(Workspace(a), "f", None).run("pull")
    assert not report.local_changes and not report.remote_changes
    if remote.served is not None:
        seen = remote.served()
        assert len(seen) == 1 and seen[0].startswith("GET ") and seen[0].endswith("/SHA256SUMS 304"), seen
        print(f"\n{remote.kind}: a no-op pull made {len(seen)} request: {seen}")


def test_a_shared_remote_takes_its_own_conditional_writes_and_deletes(remote: FsspecRemote, tmp_path: Path) -> None:
    # On a shared remote each page's write and delete is conditional on the version
    # listed under the push's lock (where tokens name no content, as Azure's ETags):
    # memsync's own pushes must meet those conditions, never a false "pull first".
    a = new_workspace(tmp_path / "a", remote.url, pages(4), **remote.options, shared="true")
    engine.Session(Workspace(a), "f", None).run("push")
    (a / "f" / "page-0001.md").write_text(page("page 1", "edited"))
    (a / "f" / "page-0002.md").unlink()
    (a / "f" / "new.md").write_text(page("New", "new"))
    engine.Session(Workspace(a), "f", None).run("push")
    (a / "f" / "page-0001.md").write_text(page("page 1", "edited again"))
    (a / "f" / "new.md").unlink()
    engine.Session(Workspace(a), "f", None).run("push")
    assert consistent(remote) == content(a / "f")
    assert b"edited again" in content(a / "f")["page-0001.md"]


def test_push_behind_the_remote_is_pull_first_and_sync_lands_both(remote: FsspecRemote, tmp_path: Path) -> None:
    env = env_for(remote, tmp_path / "home")
    a = workspace(tmp_path / "a", remote, pages(3))
    ok(memsync("push", "f", cwd=a, env=env))
    b = workspace(tmp_path / "b", remote)
    ok(memsync("pull", "f", cwd=b, env=env))
    (b / "f" / "from-b.md").write_text(page("From b", "b's page"))
    ok(memsync("push", "f", cwd=b, env=env))
    (a / "f" / "from-a.md").write_text(page("From a", "a's page"))
    behind = memsync("push", "f", cwd=a, env=env)
    assert behind.returncode == 4 and "pull first" in assert_one_line_error(behind)
    ok(memsync("sync", "f", cwd=a, env=env))
    assert {"from-a.md", "from-b.md"} <= set(consistent(remote))


def test_a_push_that_dies_before_its_commit_is_refused_by_readers_then_repaired(
    remote: FsspecRemote, tmp_path: Path
) -> None:
    env = env_for(remote, tmp_path / "home")
    files = pages(4)
    a = workspace(tmp_path / "a", remote, files)
    ok(memsync("push", "f", cwd=a, env=env))
    reader = workspace(tmp_path / "reader", remote)
    ok(memsync("pull", "f", cwd=reader, env=env))

    # A push that dies after writing a page and before its commit (the CLI's own
    # protocol code, interrupted the way a crash would leave it).
    with open_remote(remote.url, remote.options) as opened, pytest.raises(KeyboardInterrupt):
        base = Workspace(a).load_base("f", "origin")
        assert base is not None
        with opened.transaction(base.etag, base.sidecars) as writer:
            writer.put("page-0001.md", b"half of a push\n", base.manifest["page-0001.md"])
            raise KeyboardInterrupt
    assert remote.raw.files()["page-0001.md"] == b"half of a push\n"
    with open_remote(remote.url, remote.options) as opened:
        assert isinstance(opened, FieldRemote)
        info = opened.lock_info()
        assert info is not None and info.get("abandoned"), "the dead push leaves its lock, expired"

    # A reader that needs that page refuses it; one that does not stays up to date.
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    args = [f"-o{k}={v}" for k, v in remote.options.items()]
    line = assert_one_line_error(memsync("clone", remote.url, "f", *args, cwd=fresh, env=env))
    assert "does not match its SHA256SUMS" in line, line
    assert not (fresh / "f").exists()
    ok(memsync("pull", "f", cwd=reader, env=env))
    assert content(reader / "f") == bytes_of(files)

    (a / "f" / "page-0002.md").write_text(page("page 2", "a later edit"))

    ok(memsync("push", "f", cwd=a, env=env))  # breaks the dead lock and rewrites the field whole
    assert consistent(remote) == content(a / "f")
    ok(memsync("pull", "f", cwd=reader, env=env))
    assert content(reader / "f") == content(a / "f")


def test_errors_are_one_line(remote: FsspecRemote, tmp_path: Path) -> None:
    env = env_for(remote, tmp_path / "home")
    a = workspace(tmp_path / "a", remote, pages(1))
    ok(memsync("push", "f", cwd=a, env=env))
    wrong: dict[str, Any]
    if remote.kind == "azure":
        bad_key = env["AZURE_STORAGE_CONNECTION_STRING"].replace("AccountKey=Eby8", "AccountKey=AAAA")
        wrong = {"env": {**env, "AZURE_STORAGE_CONNECTION_STRING": bad_key}, "says": "credentials"}
    elif remote.kind == "webdav":
        wrong = {"env": {**env, "MEMSYNC_HTTP_PASSWORD": "nope"}, "says": "credentials"}
    else:
        wrong = {"options": {**remote.options, "key_file": str(tmp_path / "missing-key")}, "says": "key_file"}
    c = tmp_path / "c"
    c.mkdir()
    args = [f"-o{k}={v}" for k, v in wrong.get("options", remote.options).items()]
    failed = memsync("clone", remote.url, "f", *args, cwd=c, env=wrong.get("env", env))
    line = assert_one_line_error(failed)
    assert wrong["says"] in line.lower(), line
    assert not (c / ".memsync").exists(), "a failed clone leaves nothing behind"

    # Nothing listening there: one line, quickly.
    assert remote.via is not None
    url, options = remote.via("127.0.0.1:1")
    args = [f"-o{k}={v}" for k, v in options.items()]
    failed = memsync("clone", url, "g", *args, cwd=c, env=env)
    assert_one_line_error(failed)


def test_sftp_host_key_must_be_known(sftp_server: Any, tmp_path: Path) -> None:
    made = sftp_remote(sftp_server)
    env = env_for(made, tmp_path / "home")
    unknown = tmp_path / "empty_known_hosts"
    unknown.write_text("")
    args = [f"-okey_file={made.options['key_file']}", f"-oknown_hosts={unknown}"]
    failed = memsync("clone", made.url, "f", *args, cwd=tmp_path, env=env)
    assert "known_hosts" in assert_one_line_error(failed)


def test_azure_missing_container_and_memory_remote_in_process(azurite: Any, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("AZURE_STORAGE_CONNECTION_STRING", azurite.connection_string())
    a = new_workspace(tmp_path / "a", "az://no-such-container/f", pages(1))
    with pytest.raises(Exception, match="container 'no-such-container' does not exist"):
        engine.Session(Workspace(a), "f", None).run("push")
    # memory:// (fsspec's in-process filesystem) goes through the same protocol, lock and all.
    m = new_workspace(tmp_path / "m", "memory://memsync-test/f", pages(2))
    engine.Session(Workspace(m), "f", None).run("push")
    n = new_workspace(tmp_path / "n", "memory://memsync-test/f")
    engine.Session(Workspace(n), "f", None).run("pull")
    assert content(n / "f") == content(m / "f")


def test_missing_extra_is_one_line_naming_it(tmp_path: Path) -> None:
    """gcsfs is not in the test extra, so gs:// shows what a user without it sees."""
    pytest.importorskip("fsspec")
    try:
        import gcsfs  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("gcsfs is installed here")
    ws = tmp_path / "ws"
    ok(memsync("init", ws, cwd=tmp_path, env=env_for(FsspecRemote("", "", {}, {}, None), tmp_path)))
    ok(memsync("add", "f", cwd=ws, env=dict(os.environ)))
    failed = memsync("remote", "add", "f", "origin", "gs://bucket/f", cwd=ws, env=dict(os.environ))
    assert assert_one_line_error(failed) == (
        "memsync: gs://bucket/f: gs:// remotes need the gcs extra: pip install 'memsync[gcs]'"
    )
    config = json.loads((ws / ".memsync" / "config.json").read_text())
    assert config["fields"]["f"]["remotes"] == {}


def test_lock_name_is_hidden() -> None:
    assert LOCK_NAME.startswith(".") and role_of(LOCK_NAME) is not Role.CONTENT


def test_the_lock_without_conditional_writes_keeps_writers_apart(tmp_path: Path) -> None:
    """memory:// has no compare-and-swap: six threads each add one to a counter
    page ten times through the field protocol; a lost update would show as a
    smaller count. (The same lock serves SFTP, WebDAV and S3 stores that
    ignore conditions.)"""
    import io
    import threading
    import time

    from memsync.backends.fsspec_store import FsspecStore
    from memsync.manifest import Manifest as M

    class Slow(FsspecStore):
        """memory:// whose writes take a few milliseconds, as a network's would."""

        def put(self, name: str, data: bytes, **kwargs: Any) -> str:
            time.sleep(0.003)
            return super().put(name, data, **kwargs)

        def _handle(self, name: str) -> Any:
            # fsspec's memory filesystem hands every reader the same file object
            # (one position): threads reading at once need their own copy.
            return io.BytesIO(self._call(self.where(name), self.fs.cat_file, self.path(name)))

    def open_remote(url: str, options: dict[str, str]) -> FieldRemote:
        return FieldRemote(Slow(url, options))

    url = f"memory://locktest-{os.getpid()}/f"
    options = {"lock_settle": "0.03"}
    with open_remote(url, options) as opened, opened.transaction(None) as writer:
        writer.put("count.md", b"0\n", None)
        writer.commit(M({"count.md": sha256(b"0\n")}).to_bytes(), {}, "start")
    errors: list[BaseException] = []

    def add(times: int) -> None:
        try:
            with open_remote(url, options) as remote:
                assert isinstance(remote, FieldRemote) and not remote.conditional
                done = 0
                while done < times:
                    current = remote.fetch_manifest()
                    assert current is not None and not isinstance(current, type(NOT_MODIFIED_))
                    count = int(remote.get("count.md"))  # read outside the lock, as a pull does
                    with remote.transaction(current.etag) as writer:
                        if writer.current is not NOT_MODIFIED_:
                            continue  # another writer got in first: "pull first", then try again
                        data = f"{count + 1}\n".encode()
                        writer.put("count.md", data, sha256(f"{count}\n".encode()))
                        writer.commit(M({"count.md": sha256(data)}).to_bytes(), {}, "add one")
                        done += 1
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=add, args=(10,)) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]
    with open_remote(url, options) as opened:
        assert opened.get("count.md") == b"60\n"
