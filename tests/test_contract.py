"""The field protocol's contract, checked on every backend (issue 10, item 7).

Each test runs once per backend in ``contract_support.FACTORIES`` (a local
folder, S3 on moto, git over file:// and over git daemon, ``memsync serve``,
and a ``.memoryfield.zip`` on a folder and on S3), through the ``Remote``
interface the engine sees (``memsync.registry.open_remote``) and, where the
remote is the protocol over a ``Store``, the Store contract under it. A new
transport gets all of it by adding one factory there.

What a backend cannot do by design it skips, saying why; everything else runs.
"""

from __future__ import annotations

import contextlib
import os
import stat
import subprocess
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from memsync import rotation
from memsync.backends.base import NotFound, NotModified, PreconditionFailed, TimedOut, TooLarge
from memsync.engine import Session
from memsync.errors import MemsyncError, PullFirst, RemoteError
from memsync.field import scan
from memsync.limits import SIDECAR_LIMIT
from memsync.manifest import Manifest, sha256_hex
from memsync.names import KEYS_NAME, MANIFEST_NAME, SIGNATURE_NAME
from memsync.protocol import LOCK_NAME, FieldRemote
from memsync.remote import NOT_MODIFIED, ManifestFile, Remote
from memsync.ssh import sshsig
from memsync.workspace import Workspace
from tests.conftest import assert_one_line_error, page, run_cli
from tests.contract_support import (
    ARCHIVE,
    FACTORIES,
    FIELD,
    Backend,
    Where,
    consistent,
    content,
    memsync_process,
    recorded,
    run_dying_at_commit,
)
from tests.net_support import Throttle, ends

KEY = Ed25519PrivateKey.generate()

V1 = {
    "alpha.md": page("Alpha", "one\ntwo\nthree\nfour\nfive", "a1a1a1a1-0000-4000-8000-000000000001").encode(),
    "beta.md": page("Beta", "beta body", "b2b2b2b2-0000-4000-8000-000000000002").encode(),
    "photo.png": b"\x89PNG\r\n\x1a\n\x00not really an image",
}
V2 = {
    "alpha.md": page("Alpha", "ONE\ntwo\nthree\nfour\nfive", "a1a1a1a1-0000-4000-8000-000000000001").encode(),
    "gamma.md": page("Gamma", "gamma body", "c3c3c3c3-0000-4000-8000-000000000003").encode(),
    "photo.png": V1["photo.png"],
}
OTHER = {**V2, "from-another-tool.md": page("Elsewhere", "written by another tool").encode()}


@pytest.fixture(params=list(FACTORIES))
def backend(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Backend]:
    with ExitStack() as stack:
        made = FACTORIES[request.param](Where(tmp_path, stack, request.getfixturevalue))
        for key, value in made.env.items():
            monkeypatch.setenv(key, value)
        yield made


# -- helpers ------------------------------------------------------------------------------


def manifest_of(files: dict[str, bytes]) -> Manifest:
    return Manifest({n: sha256_hex(d) for n, d in files.items()})


def push_files(
    remote: Remote, files: dict[str, bytes], *, sign: bool = False, extra: dict[str, bytes] | None = None
) -> str:
    """Make the remote hold exactly ``files`` through the Remote interface: one transaction
    (with ``extra`` sidecars beside the signature)."""
    current = remote.fetch_manifest()
    there = Manifest.parse(current.data) if isinstance(current, ManifestFile) else Manifest()
    token = current.etag if isinstance(current, ManifestFile) else None
    known = frozenset(current.sidecars) if isinstance(current, ManifestFile) else None
    target = manifest_of(files)
    sidecars = {SIGNATURE_NAME: sshsig.sign(target.to_bytes(), KEY), **(extra or {})} if sign else {}
    with remote.transaction(token, known) as writer:
        assert writer.current is NOT_MODIFIED or (token is None and writer.current is None), writer.current
        for name, sha in target.items():
            if there.get(name) != sha:
                writer.put(name, files[name], there.get(name))
        writer.delete_many({n: there[n] for n in there if n not in target})
        return writer.commit(target.to_bytes(), sidecars, "contract test")


def workspace(root: Path, backend: Backend, files: dict[str, bytes] | None = None) -> Path:
    """A workspace with field ``notes`` following the backend: it pushes ``files``, or pulls."""
    ws = Workspace.init(root)
    ws.add_field(FIELD, root / FIELD)
    ws.add_remote(FIELD, "origin", backend.url, dict(backend.options), trust="self")
    if files is not None:
        (root / FIELD).mkdir()
        for name, data in files.items():
            (root / FIELD / name).write_bytes(data)
    Session(ws, FIELD, "origin").run("push" if files is not None else "pull")
    return root


def live(ws: Path) -> dict[str, bytes]:
    root = ws / FIELD
    return {n: (root / n).read_bytes() for n in scan(root)} if root.exists() else {}


def cli(backend: Backend, ws: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return run_cli(*args, cwd=ws, env={**backend.env, **env})


def ok(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 0, f"exit {result.returncode}: {result.stderr}"


# -- the Store contract, under remotes that are the protocol over a store ----------------


def test_store_contract(backend: Backend) -> None:
    with backend.open() as remote:
        if not isinstance(remote, FieldRemote):
            pytest.skip(f"{backend.kind} is no Store: it speaks the field protocol itself (commits, one archive)")
        store = remote.store
        # Writers work inside the store's own lock (which also makes a folder's folder).
        with store.exclusive():
            with pytest.raises(NotFound):
                store.read("x.md", 100)
            t1 = store.put("x.md", b"one", if_absent=True)
            blob = store.read("x.md", 3)
            assert not isinstance(blob, NotModified)
            assert (blob.data, blob.token) == (b"one", t1)
            assert store.read("x.md", 3, if_none_match=t1) is NOT_MODIFIED
            with pytest.raises(TooLarge):
                store.read("x.md", 2)  # the limit is bytes, refused at limit + 1
            with pytest.raises(PreconditionFailed):
                store.put("x.md", b"two", if_absent=True)
            other = store.put("y.md", b"other")
            if store.conditional:
                with pytest.raises(PreconditionFailed):
                    store.put("x.md", b"two", if_match=other)
            t2 = store.put("x.md", b"two", if_match=t1)
            assert t2 != t1
            again = store.read("x.md", 3)
            assert not isinstance(again, NotModified) and (again.data, again.token) == (b"two", t2)
            assert store.content_token(sha256_hex(b"two")) in (None, t2)
            if store.conditional:
                with pytest.raises(PreconditionFailed):
                    store.delete("x.md", if_match=t1)
            assert {"x.md", "y.md"} <= {e.name for e in store.list()}
            listed = {e.name: e.token for e in store.list()}
            if store.conditional and store.content_token(sha256_hex(b"")) is None:
                # Where tokens do not name content, a shared remote's page writes are
                # conditional on the token its listing gave.
                assert listed["y.md"] is not None
                store.put("y.md", b"other, again", if_match=listed["y.md"])
                with pytest.raises(PreconditionFailed):
                    store.delete("y.md", if_match=listed["y.md"])
            store.delete("x.md", if_match=t2)
            with pytest.raises(NotFound):
                store.read("x.md", 3)
            if store.content_token(sha256_hex(b"two")) is not None:
                # A push's conditional delete of a page already gone (its own retried
                # request that had landed) is done, not another writer's change.
                with pytest.raises(NotFound):
                    store.delete("x.md", if_match=t2)
            store.delete("x.md")  # already gone: fine without a condition
            store.delete_many(["y.md"])
            assert not {"x.md", "y.md"} & {e.name for e in store.list()}


# -- the Remote contract -------------------------------------------------------------------


def test_round_trip_with_and_without_a_signature(backend: Backend) -> None:
    with backend.open() as remote:
        first = remote.fetch_manifest()
        assert first is None or not Manifest.parse(first.data), "a new remote holds no field"
        t1 = push_files(remote, V1, sign=True)
    with backend.open() as remote:
        got = remote.fetch_manifest()
        assert isinstance(got, ManifestFile) and got.etag == t1
        assert got.data == manifest_of(V1).to_bytes()
        assert got.signature is not None
        sshsig.check(got.data, got.signature)
        assert {n: remote.fetch(n, sha) for n, sha in manifest_of(V1).items()} == V1
        assert set(V1) <= set(remote.list_names())
    files = backend.raw.files()
    assert content(files) == V1 and consistent(files) == manifest_of(V1)

    with backend.open() as remote:
        t2 = push_files(remote, V2)  # unsigned now: the old signature must not stay beside it
    files = backend.raw.files()
    assert content(files) == V2 and consistent(files) == manifest_of(V2)
    assert SIGNATURE_NAME not in files
    with backend.open() as remote:
        got = remote.fetch_manifest()
        assert isinstance(got, ManifestFile) and got.etag == t2 and not got.sidecars


def test_the_key_rotation_file_travels_with_the_version_it_came_with(backend: Backend) -> None:
    keys = rotation.rotate(None, KEY, rotation.public_key(Ed25519PrivateKey.generate())).to_bytes()
    with backend.open() as remote:
        push_files(remote, V1, sign=True, extra={KEYS_NAME: keys})
    assert backend.raw.files()[KEYS_NAME] == keys
    with backend.open() as remote:
        got = remote.fetch_manifest()
        assert isinstance(got, ManifestFile) and got.sidecars.get(KEYS_NAME) == keys
    with backend.open() as remote:
        push_files(remote, V2, sign=True)  # a version that comes without it: the old one is stale
    files = backend.raw.files()
    assert KEYS_NAME not in files and SIGNATURE_NAME in files
    with backend.open() as remote:
        got = remote.fetch_manifest()
        assert isinstance(got, ManifestFile) and KEYS_NAME not in got.sidecars


def test_unchanged_remote_answers_not_modified_in_one_request(backend: Backend) -> None:
    with backend.open() as remote:
        t1 = push_files(remote, V1)
    with backend.open() as remote:
        recording = recorded(remote)
        if backend.served:
            backend.served()
        assert remote.fetch_manifest(if_none_match=t1) is NOT_MODIFIED
        if recording is not None:
            assert recording.ops == [("open", ARCHIVE if backend.shape == "archive" else MANIFEST_NAME)]
            assert recording.read_bytes == {}, "an unchanged version was handed over again"
        if backend.served:
            seen = backend.served()
            assert len(seen) == 1 and " 304" in seen[0], seen
    backend.raw.publish(OTHER)
    with backend.open() as remote:
        got = remote.fetch_manifest(if_none_match=t1)
        assert isinstance(got, ManifestFile) and got.etag != t1
        assert Manifest.parse(got.data) == manifest_of(OTHER)


def test_a_transaction_against_an_old_version_sees_the_new_one(backend: Backend) -> None:
    with backend.open() as remote:
        t1 = push_files(remote, V1)
        assert isinstance(remote.fetch_manifest(), ManifestFile)
        backend.raw.publish(OTHER)  # another writer, after this remote read t1
        with remote.transaction(t1) as writer:
            assert isinstance(writer.current, ManifestFile), writer.current
            assert Manifest.parse(writer.current.data) == manifest_of(OTHER)


def test_a_commit_after_another_writer_moved_the_field_is_pull_first(backend: Backend) -> None:
    with backend.open() as remote:
        t1 = push_files(remote, V1)
        late = {**V1, "late.md": page("Late", "written while another tool published").encode()}
        with pytest.raises(PullFirst), remote.transaction(t1, frozenset()) as writer:
            assert writer.current is NOT_MODIFIED
            backend.raw.publish(OTHER)  # lands between our read and our commit
            writer.put("late.md", late["late.md"], None)
            writer.commit(manifest_of(late).to_bytes(), {}, "late")
    files = backend.raw.files()
    assert content(files).items() >= OTHER.items(), "the other writer's version was damaged"


def test_push_to_a_moved_remote_is_pull_first_and_sync_lands_both(backend: Backend, tmp_path: Path) -> None:
    ws = workspace(tmp_path / "a", backend, V1)
    backend.raw.publish(OTHER)
    mine = page("Mine", "written here").encode()
    (ws / FIELD / "mine.md").write_bytes(mine)
    before = backend.raw.files()
    result = cli(backend, ws, "push", FIELD)
    assert result.returncode == 4
    assert "pull first" in assert_one_line_error(result)
    assert backend.raw.files() == before
    ok(cli(backend, ws, "sync", FIELD, "--no-index"))
    files = backend.raw.files()
    assert content(files) == {**OTHER, "mine.md": mine} == live(ws)
    consistent(files)


def test_commit_writes_content_then_sidecars_then_sha256sums(backend: Backend) -> None:
    with backend.open() as remote:
        push_files(remote, V1)
    shape = backend.shape
    if shape == "git":
        from tests.test_git import git

        raw = backend.raw
        before = raw.head()  # type: ignore[attr-defined]
        with backend.open() as remote:
            push_files(remote, V2, sign=True)
        after = raw.head()  # type: ignore[attr-defined]
        # A commit is git's own transaction: content, signature and SHA256SUMS land at once.
        assert git("--git-dir", raw.repo, "rev-list", "--count", f"{before}..{after}").strip() == "1"  # type: ignore[attr-defined]
        assert SIGNATURE_NAME in raw.files()
        return
    size = len(backend.raw.get() or b"") if shape == "archive" else 0  # type: ignore[attr-defined]
    with backend.open() as remote:
        recording = recorded(remote)
        assert recording is not None
        push_files(remote, V2, sign=True)
        writes = recording.writes()
        if shape == "archive":
            # One object, replaced by one conditional write: there is no order inside it.
            assert writes == [("put", ARCHIVE)]
            # Read once; the transaction only asked (conditionally) whether it was still that one.
            assert recording.read_bytes == {ARCHIVE: size}, recording.read_bytes
            return
        names = [n for _, n in writes]
        assert names[-1] == MANIFEST_NAME, writes
        assert names.count(MANIFEST_NAME) == 1
        assert sorted(names[:-2]) == ["alpha.md", "beta.md", "gamma.md"], writes
        assert names[-2] == SIGNATURE_NAME, writes
        assert ("delete", "beta.md") in writes

        recording.ops.clear()
        push_files(remote, V1)  # unsigned: the stale signature goes before the new manifest
        writes = recording.writes()
        assert writes[-1] == ("put", MANIFEST_NAME), writes
        assert ("delete", SIGNATURE_NAME) in writes[:-1], writes
    assert SIGNATURE_NAME not in backend.raw.files()


def _git_push_that_loses_its_answer(tmp_path: Path) -> dict[str, str]:
    """PATH with a git whose first push lands, then reports a rejection (an answer lost on the way back)."""
    from tests.test_git import GIT

    wrap = tmp_path / "lossy-git"
    wrap.mkdir()
    once = tmp_path / "lossy-once"
    (wrap / "git").write_text(
        "#!/bin/sh\n"
        f'if [ "$1" = push ] && mkdir "{once}" 2>/dev/null; then\n'
        f'  "{GIT}" "$@" || exit $?\n'
        '  echo " ! [rejected]        main -> main (fetch first)" >&2\n'
        "  exit 1\n"
        "fi\n"
        f'exec "{GIT}" "$@"\n'
    )
    (wrap / "git").chmod(0o755)
    return {"PATH": f"{wrap}{os.pathsep}{os.environ['PATH']}"}


def test_a_write_that_landed_but_lost_its_answer_counts_as_done(
    backend: Backend, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with backend.open() as remote:
        push_files(remote, V1)
    with backend.open() as remote:
        if backend.shape == "git":
            for key, value in _git_push_that_loses_its_answer(tmp_path).items():
                monkeypatch.setenv(key, value)
        recording = recorded(remote, lose_answer={LOCK_NAME, "alpha.md", MANIFEST_NAME, ARCHIVE})
        token = push_files(remote, V2, sign=True)
        if recording is not None:
            lost = {LOCK_NAME, "alpha.md", MANIFEST_NAME} if backend.shape == "store" else {ARCHIVE}
            assert not (recording.lose_answer & lost), "every lost answer was exercised"
    files = backend.raw.files()
    assert content(files) == V2 and consistent(files) == manifest_of(V2)
    with backend.open() as remote:
        got = remote.fetch_manifest()
        assert isinstance(got, ManifestFile) and got.etag == token


def test_a_push_that_dies_before_its_commit_is_refused_then_repaired(backend: Backend, tmp_path: Path) -> None:
    writer = workspace(tmp_path / "writer", backend, V1)
    reader = workspace(tmp_path / "reader", backend)
    for name in V1:
        (writer / FIELD / name).unlink()
    for name, data in V2.items():
        (writer / FIELD / name).write_bytes(data)

    died = run_dying_at_commit("push", FIELD, cwd=writer, env=backend.env)
    assert died.returncode == 9, died.stderr
    files = backend.raw.files()
    claimed = Manifest.parse(files[MANIFEST_NAME])
    torn = any(n not in files or sha256_hex(files[n]) != sha for n, sha in claimed.items())
    if backend.shape != "store":
        assert not torn and content(files) == V1, "a commit or an archive lands whole or not at all"

    result = cli(backend, reader, "pull", FIELD, "--no-index")
    if result.returncode == 0:
        # Its field is a version the remote vouches for (the one it had, when nothing new verified).
        assert manifest_of(live(reader)) == claimed, "a reader took bytes SHA256SUMS does not vouch for"
    else:
        assert_one_line_error(result)
        assert live(reader) == V1, "a refused pull changed the field"
    if torn:
        fresh = Workspace.init(tmp_path / "fresh")
        fresh.add_field(FIELD, fresh.root / FIELD)
        fresh.add_remote(FIELD, "origin", backend.url, dict(backend.options), trust="self")
        assert_one_line_error(cli(backend, fresh.root, "pull", FIELD, "--no-index"))
        assert not live(fresh.root), "a torn remote reached a live field"

    ok(cli(backend, writer, "push", FIELD))
    files = backend.raw.files()
    assert content(files) == V2 and consistent(files) == manifest_of(V2)
    ok(cli(backend, reader, "pull", FIELD, "--no-index"))
    assert live(reader) == V2


LIMIT = 4096


def test_a_file_over_the_byte_limit_is_refused_at_limit_plus_one(
    backend: Backend, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMSYNC_MAX_FILE_BYTES", str(LIMIT))
    edge, big = b"e" * LIMIT, b"b" * (LIMIT + 1)
    backend.raw.publish({**V1, "edge.bin": edge})
    with backend.open() as remote:
        assert isinstance(remote.fetch_manifest(), ManifestFile)
        assert remote.fetch("edge.bin", sha256_hex(edge)) == edge  # exactly the limit: taken
    backend.raw.publish({**V1, "edge.bin": edge, "big.bin": big})
    with backend.open() as remote:
        recording = recorded(remote)
        with pytest.raises(TooLarge) as refused:
            remote.fetch_manifest()  # a remote that hashes its files for a manifest (git) refuses here
            remote.get("big.bin")
        assert "\n" not in str(refused.value) and str(LIMIT) in str(refused.value)
        if recording is not None and backend.shape == "store":
            assert recording.read_bytes.get("big.bin", 0) <= LIMIT + 1

    ws = Workspace.init(tmp_path / "ws")
    ws.add_field(FIELD, ws.root / FIELD)
    ws.add_remote(FIELD, "origin", backend.url, dict(backend.options), trust="self")
    line = assert_one_line_error(cli(backend, ws.root, "pull", FIELD, MEMSYNC_MAX_FILE_BYTES=str(LIMIT)))
    assert "big.bin" in line and str(LIMIT) in line
    assert not live(ws.root)


def test_a_sidecar_over_its_limit_is_refused(backend: Backend) -> None:
    with backend.open() as remote:
        push_files(remote, V1, sign=True)
    backend.raw.write({SIGNATURE_NAME: b"-" * (SIDECAR_LIMIT + 1)})
    # A store refuses to read it; an archive is refused whole, as unpack refuses it.
    with backend.open() as remote, pytest.raises(MemsyncError) as refused:
        remote.fetch_manifest()
    assert f"more than the {SIDECAR_LIMIT}" in str(refused.value)
    assert "\n" not in str(refused.value)


# -- timeouts -----------------------------------------------------------------------------

TIMEOUT = 3.0
DRIP = 2.0


def _through(backend: Backend, proxy: Throttle) -> Remote:
    assert backend.via is not None
    url, options = backend.via(proxy.hostport)
    from memsync.registry import open_remote

    return open_remote(url, {**options, "timeout": str(TIMEOUT)})


def test_a_server_that_stalls_ends_at_the_deadline(backend: Backend, tmp_path: Path) -> None:
    if backend.upstream is None:
        _stalling_local_object(backend, tmp_path)
        return
    with backend.open() as remote:
        push_files(remote, V1)
    pattern = None if backend.kind == "git-daemon" else (ARCHIVE if backend.shape == "archive" else MANIFEST_NAME)
    with Throttle(backend.upstream, "stall", pattern) as proxy, _through(backend, proxy) as remote:
        error, took = ends(remote.fetch_manifest, 60)
    assert proxy.hit.is_set()
    assert isinstance(error, TimedOut | RemoteError), repr(error)
    assert "\n" not in str(error)
    # Each attempt waits ``timeout`` for an answer; a transport tries at most four
    # times (S3: four with backoff; HTTP: three; git: once, killed when silent).
    assert took < 4 * (TIMEOUT + 2.5), f"{took:.1f} s"


def _stalling_local_object(backend: Backend, tmp_path: Path) -> None:
    """A folder has no server to stall, but a FIFO where a file should be blocks its reader forever."""
    if backend.kind not in ("local", "archive-local"):
        pytest.skip(f"{backend.kind}: no local file of its own stands between to stall (git reads file:// itself)")
    remote = backend.open()
    if backend.kind == "archive-local":
        fifo = Path(backend.url)
        fifo.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(fifo)
        call: Callable[[], object] = remote.fetch_manifest
    else:
        backend.raw.publish(V1)
        fifo = backend.raw.root / "beta.md"  # type: ignore[attr-defined]
        fifo.unlink()
        os.mkfifo(fifo)
        call = lambda: remote.get("beta.md")  # noqa: E731
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    try:
        error, _ = ends(call, 10)
    finally:
        with contextlib.suppress(OSError):  # a reader still blocked in open() gets its EOF
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    assert isinstance(error, RemoteError), repr(error)
    assert "not a regular file" in str(error)


def test_a_body_that_drips_ends_at_the_deadline(backend: Backend) -> None:
    if backend.upstream is None:
        pytest.skip(f"{backend.kind}: a folder or file:// repository is read from disk: nothing can drip")
    with backend.open() as remote:
        push_files(remote, V1)
    if backend.kind == "git-daemon":
        pattern, mode = None, "drip-head"  # git's own protocol: every byte drips
    else:
        pattern, mode = (ARCHIVE if backend.shape == "archive" else "alpha.md"), "drip"
    with Throttle(backend.upstream, mode, pattern, interval=DRIP) as proxy, _through(backend, proxy) as remote:

        def read() -> None:
            got = remote.fetch_manifest()
            assert isinstance(got, ManifestFile)
            remote.get("alpha.md")

        error, took = ends(read, 60)
    assert proxy.hit.is_set()
    assert isinstance(error, TimedOut | RemoteError), repr(error)
    assert "\n" not in str(error)
    # The deadline: ``timeout`` plus the time the bytes so far would take at MIN_RATE.
    assert took < TIMEOUT + 3 * DRIP, f"{took:.1f} s"


def test_an_answer_whose_head_drips_ends_at_the_deadline(backend: Backend) -> None:
    """botocore hands over an answer once its head is in, and its timeouts restart
    with every byte: an S3 GET whose head dripped held the read for ever."""
    if backend.upstream is None or backend.shape != "store" or backend.kind == "git-daemon":
        pytest.skip(f"{backend.kind}: no HTTP server between to drip one answer's head")
    with backend.open() as remote:
        push_files(remote, V1)
    with Throttle(backend.upstream, "drip-head", "alpha", interval=DRIP) as proxy, _through(backend, proxy) as remote:
        error, took = ends(lambda: remote.get("alpha.md"), 90)
    assert proxy.hit.is_set()
    assert isinstance(error, TimedOut | RemoteError), repr(error)
    assert "\n" not in str(error)
    assert took < 3 * 2 * TIMEOUT + 3 * DRIP, f"{took:.1f} s"  # HTTP tries thrice, each to its head's deadline


def test_a_listing_that_drips_ends_at_a_deadline(backend: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    """A listing's answer is parsed whole by the library (botocore, webdav4), whose
    timeouts restart with every byte: one that dripped held the listing for ever."""
    if backend.upstream is None or backend.shape != "store" or backend.kind == "git-daemon":
        pytest.skip(f"{backend.kind}: no server between to drip a listing (or no listing: one object, git)")
    from memsync.backends import base

    with backend.open() as remote:
        push_files(remote, V1)
    # A whole listing may take the time its most entries would take at MIN_RATE: fewer here.
    monkeypatch.setattr(base, "MAX_LISTED", 10, raising=False)
    with Throttle(backend.upstream, "drip-head", None, interval=0.5) as proxy, _through(backend, proxy) as remote:
        assert isinstance(remote, FieldRemote)
        error, took = ends(remote.store.list, 90)
    assert isinstance(error, TimedOut | RemoteError), repr(error)
    assert "\n" not in str(error)
    # S3 lists a page of up to 1,000 keys a request: their bytes at MIN_RATE, 16 s.
    assert took < TIMEOUT + 16 + 3 * DRIP, f"{took:.1f} s"


def test_a_pull_of_many_files_each_dripped_under_its_deadline_ends_at_one_deadline(
    backend: Backend, tmp_path: Path
) -> None:
    """Each read has its own deadline, which a server dripping every file just under
    it never trips: a pull of 63 such files took 8 rounds of eight (34 s here; 1,000
    pages at the default timeout, an hour). The reads of a store together must keep
    the pace too: ``timeout`` once, then MIN_RATE with REQUEST_BYTES a request."""
    if backend.upstream is None or backend.shape != "store" or backend.kind == "git-daemon":
        pytest.skip(f"{backend.kind}: no HTTP server to drip each file (or one object, or one git fetch)")
    timeout, files = 5.0, {f"p{i:02d}.md": f"page {i:02d}\n".encode() for i in range(63)}  # under WHOLE_MIN
    with backend.open() as remote:
        push_files(remote, files)
    ws = Workspace.init(tmp_path / "ws")
    ws.add_field(FIELD, tmp_path / "ws" / FIELD)
    with Throttle(backend.upstream, "drip", r"/p\d+\.md", interval=0.6) as proxy:  # 8 bytes: 4.2 s a file
        assert backend.via is not None
        url, options = backend.via(proxy.hostport)
        ws.add_remote(FIELD, "origin", url, {**options, "timeout": str(timeout)}, trust="self")
        error, took = ends(lambda: Session(ws, FIELD, "origin").run("pull"), 90)
    assert proxy.hits >= 8
    assert isinstance(error, TimedOut), repr(error)
    assert "\n" not in str(error)
    # Rounds of eight: 4.2 s each against 2 s of allowance, after the first 5 s (8 rounds: 34 s).
    assert took < 26, f"{took:.1f} s"
    assert live(tmp_path / "ws") == {}  # nothing applied


# -- concurrent writers -------------------------------------------------------------------

WRITERS = 3
LINES = (b"one", b"three", b"five")


def _edited(i: int) -> bytes:
    return b"\n" + LINES[i] + f" (writer {i})\n".encode()


def test_concurrent_writers_lose_nothing(backend: Backend, tmp_path: Path) -> None:
    workspace(tmp_path / "seed", backend, V1)
    writers = [workspace(tmp_path / f"w{i}", backend) for i in range(WRITERS)]
    mine = {}
    for i, ws in enumerate(writers):
        mine[f"from-{i}.md"] = page(f"From {i}", f"written by writer {i}").encode()
        (ws / FIELD / f"from-{i}.md").write_bytes(mine[f"from-{i}.md"])
        # Each writer edits its own line of one shared page (lines apart, so they merge).
        alpha = ws / FIELD / "alpha.md"
        alpha.write_bytes(alpha.read_bytes().replace(b"\n" + LINES[i] + b"\n", _edited(i)))
    pending = set(range(WRITERS))
    for _ in range(6):
        procs = {i: memsync_process("sync", FIELD, "--no-index", cwd=writers[i], env=backend.env) for i in pending}
        for i, proc in procs.items():
            _, err = proc.communicate(timeout=180)
            if proc.returncode == 0:
                pending.discard(i)
            else:
                assert proc.returncode == 4, err  # "pull first" / "keeps changing, try again"
                assert len(err.strip().splitlines()) == 1, err
        if not pending:
            break
    assert not pending, f"writers {sorted(pending)} never got their push in"
    files = backend.raw.files()
    consistent(files)
    landed = content(files)
    assert landed.items() >= mine.items()
    for i in range(WRITERS):
        assert _edited(i) in landed["alpha.md"], f"writer {i}'s edit was lost"
    for ws in writers:
        ok(cli(backend, ws, "pull", FIELD, "--no-index"))
        assert live(ws) == landed
