"""S3 remotes against moto's server mode on 127.0.0.1 (issue 3).

Everything a user does runs the real CLI in a subprocess with the standard AWS
environment (credentials + ``AWS_ENDPOINT_URL``); the bucket is inspected with
a plain boto3 client, as another tool would see it. Request counts come from
the requests moto's server answered (so they include those made by CLI
subprocesses). The heavy concurrency and crash tests are in
``test_s3_concurrency.py`` and reuse the helpers here.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import uuid
import zipfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import requests as http
from s3_support import FlakyProxy

from memsync import cli, protocol
from memsync.archive import open_archive
from memsync.manifest import Manifest
from memsync.names import Role, role_of
from memsync.workspace import STATE_DIR, Workspace
from tests.conftest import assert_one_line_error, make_field, page

# -- plumbing shared with test_s3_concurrency.py ---------------------------------------


def aws_env(server: Any, endpoint: str | None = None) -> dict[str, str]:
    """A whole process environment for memsync talking to ``server`` (or ``endpoint``)
    through the standard AWS chain, with nothing of the developer's own AWS setup."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
    env.update(server.env(endpoint))
    env.update(MEMSYNC_DEBUG="", AWS_EC2_METADATA_DISABLED="true")
    return env


def use_aws_env(monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> None:
    """Give this (pytest) process ``env``'s AWS settings, for in-process library calls."""
    for key in [k for k in os.environ if k.startswith("AWS_")]:
        monkeypatch.delenv(key)
    for key, value in env.items():
        if key.startswith("AWS_"):
            monkeypatch.setenv(key, value)


def memsync(
    *args: str | Path, cwd: Path, env: dict[str, str], timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``memsync ARGS`` in a fresh process with exactly ``env``."""
    return subprocess.run(
        [sys.executable, "-m", "memsync", *map(str, args)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, f"exit {result.returncode}\nstdout: {result.stdout}\nstderr: {result.stderr}"
    return result.stdout


def run_in_process(*argv: str) -> int:
    """The CLI's own code path in this process; returns its exit code."""
    try:
        cli.main.main(args=list(argv), prog_name="memsync", standalone_mode=False)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 1
    return 0


def new_workspace(
    root: Path, url: str | None = None, files: dict[str, str | bytes] | None = None, **options: str
) -> Path:
    """A workspace at ``root`` with field ``f`` (folder ``root/f``) and remote ``origin``."""
    ws = Workspace.init(root)
    ws.add_field("f", root / "f")
    make_field(root / "f", files or {})
    if url:
        ws.add_remote("f", "origin", url, dict(options))
    return root


def clone(url: str, root: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    root.mkdir(parents=True, exist_ok=True)
    return memsync("clone", url, "f", "--name", "f", cwd=root, env=env)


def content(folder: Path) -> dict[str, bytes]:
    """A field folder's content files (no SHA256SUMS, no hidden or derived files)."""
    if not folder.is_dir():
        return {}
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and role_of(p.name) is Role.CONTENT}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def manifest_of(files: dict[str, bytes]) -> bytes:
    """SHA256SUMS as coreutils ``sha256sum`` prints it for ``files``."""
    names = sorted(files, key=lambda n: n.encode())
    return "".join(f"{sha256(files[n])}  {n}\n" for n in names).encode()


def parse_sums(data: bytes) -> dict[str, str]:
    entries: dict[str, str] = {}
    for line in data.decode().splitlines():
        match = re.fullmatch(r"([0-9a-f]{64})  (.+)", line)
        assert match, f"malformed SHA256SUMS line {line!r}"
        entries[match[2]] = match[1]
    assert list(entries) == sorted(entries, key=lambda n: n.encode()), "SHA256SUMS must be sorted by name bytes"
    return entries


def bucket_objects(client: Any, bucket: str, prefix: str = "") -> dict[str, bytes]:
    """Every object under ``prefix/`` (by name relative to it), read in parallel."""
    start = f"{prefix}/" if prefix else ""
    keys = [obj["Key"] for part in client.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=start)
            for obj in part.get("Contents", ())]  # fmt: skip

    def read(key: str) -> bytes:
        return client.get_object(Bucket=bucket, Key=key)["Body"].read()

    with ThreadPoolExecutor(8) as pool:  # botocore's pool holds 10 connections
        bodies = list(pool.map(read, keys))
    return {key[len(start) :]: body for key, body in zip(keys, bodies, strict=True)}


def assert_remote_consistent(client: Any, bucket: str, prefix: str = "", *, lock_ok: bool = False) -> dict[str, bytes]:
    """The remote is a plain memoryfield: SHA256SUMS lists exactly its content
    objects, each with the sha256 of its bytes, and (unless ``lock_ok``) no
    writer's lock is left."""
    objects = bucket_objects(client, bucket, prefix)
    assert "SHA256SUMS" in objects, sorted(objects)
    files = {n: d for n, d in objects.items() if role_of(n) is Role.CONTENT}
    listed = parse_sums(objects["SHA256SUMS"])
    actual = {n: sha256(d) for n, d in files.items()}
    assert actual.keys() == listed.keys(), f"objects vs SHA256SUMS: {sorted(actual.keys() ^ listed.keys())}"
    bad = sorted(n for n in listed if listed[n] != actual[n])
    assert not bad, f"objects whose bytes do not match SHA256SUMS: {bad}"
    assert lock_ok or protocol.LOCK_NAME not in objects, "a finished push must release its lock"
    return files


def pages(n: int, prefix: str = "page", size: int = 1) -> dict[str, str | bytes]:
    filler = "".join(f"line {k} of the page body\n" for k in range(size))
    uid = lambda i: str(uuid.uuid5(uuid.NAMESPACE_URL, f"{prefix}{i}"))  # noqa: E731 - stable across calls
    return {f"{prefix}-{i:04}.md": page(f"{prefix} {i}", f"{filler}end {i}", uid(i)) for i in range(n)}


def no_trace_of_failed_clone(root: Path) -> None:
    assert not (root / STATE_DIR).exists(), "a failed first clone must not leave a workspace behind"
    assert not (root / "f").exists(), "a failed first clone must not leave a field behind"


# -- 1. layout and round trip -----------------------------------------------------------


def test_push_lays_out_a_plain_field_then_clone_and_sync_both_ways(s3_server, tmp_path):
    client, bucket = s3_server.client(), s3_server.new_bucket()
    url, prefix = f"s3://{bucket}/team/notes", "team/notes"
    env = aws_env(s3_server)
    files: dict[str, str | bytes] = {
        **pages(12),
        "index.md": "# Notes\n\n- [page 0](page-0000.md)\n",
        "diagram.png": bytes(range(256)) * 4,
    }
    junk = {".DS_Store": b"finder", "nomic-embed-text-v1.5.sqlite3": b"derived index", ".page-0001.md.swp": b"x"}
    a = new_workspace(tmp_path / "a", url, {**files, **junk})
    # Another field in the same bucket whose prefix starts with ours must not leak in.
    client.put_object(Bucket=bucket, Key="team/notes-old/stray.md", Body=b"not ours")

    ok(memsync("push", "f", cwd=a, env=env))

    keys = {o["Key"] for o in client.list_objects_v2(Bucket=bucket)["Contents"]}
    want = {f"{prefix}/{name}" for name in files} | {f"{prefix}/SHA256SUMS", "team/notes-old/stray.md"}
    assert keys == want, "pages at prefix/name, plus SHA256SUMS; no lock, no hidden or derived files"
    remote = assert_remote_consistent(client, bucket, prefix)
    expected = {n: d.encode() if isinstance(d, str) else d for n, d in files.items()}
    assert remote == expected
    sums = client.get_object(Bucket=bucket, Key=f"{prefix}/SHA256SUMS")["Body"].read()
    assert sums == manifest_of(expected) == (a / "f" / "SHA256SUMS").read_bytes()

    # A second machine clones it and verifies it.
    b = tmp_path / "b"
    ok(clone(url, b, env))
    assert content(b / "f") == expected
    assert "OK field" in ok(memsync("verify", "f", cwd=b, env=env))

    # B edits, adds and deletes; A pulls it all.
    (b / "f" / "page-0001.md").write_text(page("page 1", "rewritten on b"))
    (b / "f" / "from-b.md").write_text(page("From b", "new on b"))
    (b / "f" / "page-0002.md").unlink()
    ok(memsync("push", "f", cwd=b, env=env))
    assert assert_remote_consistent(client, bucket, prefix) == content(b / "f")
    ok(memsync("pull", "f", cwd=a, env=env))
    assert content(a / "f") == content(b / "f")
    hidden = {n: d for n, d in junk.items() if n.startswith(".")}
    assert {n: (a / "f" / n).read_bytes() for n in hidden} == hidden, "a pull leaves hidden files alone"
    assert not [n for n in hidden if (b / "f" / n).exists()], "hidden files never travel"
    index = b / "f" / "nomic-embed-text-v1.5.sqlite3"  # B may build its own; it never gets A's
    assert not index.exists() or index.read_bytes() != junk[index.name]

    # Both edit different pages; sync on each side converges.
    (a / "f" / "page-0003.md").write_text(page("page 3", "edited on a"))
    (b / "f" / "page-0004.md").write_text(page("page 4", "edited on b"))
    ok(memsync("sync", "f", cwd=a, env=env))
    ok(memsync("sync", "f", cwd=b, env=env))
    ok(memsync("sync", "f", cwd=a, env=env))
    assert content(a / "f") == content(b / "f")
    assert b"edited on a" in content(b / "f")["page-0003.md"]
    assert b"edited on b" in content(a / "f")["page-0004.md"]
    assert assert_remote_consistent(client, bucket, prefix) == content(a / "f")
    assert client.get_object(Bucket=bucket, Key="team/notes-old/stray.md")["Body"].read() == b"not ours"


def test_field_at_the_bucket_root_and_one_written_by_another_tool(s3_server, tmp_path):
    """``s3://bucket`` (no prefix) works, and a field uploaded by a plain S3
    tool (no SHA256SUMS) is read by listing and hashing it."""
    client, env = s3_server.client(), aws_env(s3_server)
    root_bucket = s3_server.new_bucket()
    files = {k: v.encode() if isinstance(v, str) else v for k, v in pages(3).items()}
    a = new_workspace(tmp_path / "a", f"s3://{root_bucket}", files)
    ok(memsync("push", "f", cwd=a, env=env))
    assert set(bucket_objects(client, root_bucket)) == {*files, "SHA256SUMS"}
    assert_remote_consistent(client, root_bucket)

    plain = s3_server.new_bucket()
    for name, data in files.items():
        client.put_object(Bucket=plain, Key=f"by-hand/{name}", Body=data)
    client.put_object(Bucket=plain, Key="by-hand/.hidden", Body=b"litter")
    b = tmp_path / "b"
    ok(clone(f"s3://{plain}/by-hand", b, env))
    assert content(b / "f") == files
    ok(memsync("verify", "f", cwd=b, env=env))


# -- 2. request economy -----------------------------------------------------------------


def test_request_counts_noop_pull_and_ten_page_push(s3_server, tmp_path, requests_seen):
    bucket = s3_server.new_bucket()
    url, env = f"s3://{bucket}/big", aws_env(s3_server)
    manifest_key, lock_key = f"/{bucket}/big/SHA256SUMS", f"/{bucket}/big/.memsync-lock"
    a = new_workspace(tmp_path / "a", url, pages(1000))
    ok(memsync("push", "f", cwd=a, env=env))
    first = requests_seen.take()
    assert sum(1 for m, p, _ in first if m == "PUT" and p.endswith(".md")) == 1000
    shutil.copytree(a, tmp_path / "b")  # a second machine at the same sync base
    b = tmp_path / "b"

    # A no-op pull, sync and status of 1,000 pages: one conditional GET answered 304.
    for command in ("pull", "sync", "status"):
        ok(memsync(command, "f", cwd=a, env=env))
        seen = requests_seen.take()
        assert len(seen) <= 2, (command, seen)
        assert seen == [("GET", manifest_key, 304)], (command, seen)

    # Push 10 changed pages: 10 page PUTs, plus a constant that does not grow with the field.
    costs = {}
    for changed in (10, 1):
        for i in range(changed):
            (a / "f" / f"page-{i:04}.md").write_text(page(f"page {i}", f"changed for the {changed}-page push"))
        ok(memsync("push", "f", cwd=a, env=env))
        seen = requests_seen.take()
        page_puts = [p for m, p, _ in seen if m == "PUT" and p.endswith(".md")]
        other = [(m, p, s) for m, p, s in seen if not (m == "PUT" and p.endswith(".md"))]
        assert len(page_puts) == changed, seen
        # Unsigned: the lock, the manifest read under it (unchanged: 304), the manifest, the unlock.
        assert sorted((m, p, s) for m, p, s in other) == sorted(
            [("PUT", lock_key, 200), ("GET", manifest_key, 304), ("PUT", manifest_key, 200), ("DELETE", lock_key, 204)]
        ), other
        assert [(m, s) for m, p, s in other if p == manifest_key and m == "PUT"] == [("PUT", 200)]
        assert not [r for r in other if r[0] == "GET" and r[1] != manifest_key], "a push reads no pages"
        costs[changed] = sorted((m, p.rsplit("/", 1)[-1], s) for m, p, s in other)
    assert costs[10] == costs[1], f"the constant must not depend on how many pages changed: {costs}"
    print(f"\nno-op pull/sync/status: 1 request (GET SHA256SUMS -> 304); 10-page push: 10 page PUTs + {costs[10]}")

    # The other machine pulls: it fetches exactly the 10 changed pages.
    ok(memsync("pull", "f", cwd=b, env=env))
    seen = requests_seen.take()
    page_gets = [p for m, p, _ in seen if m == "GET" and p.endswith(".md")]
    assert sorted(page_gets) == [f"/{bucket}/big/page-{i:04}.md" for i in range(10)], seen
    assert len(seen) - len(page_gets) <= 3, seen
    assert content(b / "f") == content(a / "f")


def wholes(client: Any, bucket: str, prefix: str) -> dict[str, bytes]:
    return {n: d for n, d in bucket_objects(client, bucket, prefix).items() if n.startswith(protocol.WHOLE_PREFIX)}


def test_a_first_push_leaves_an_archive_that_a_clone_of_that_version_fetches_whole(s3_server, tmp_path, requests_seen):
    """A first push also leaves one archive of the version (hidden, named by its
    digest); a clone of that version fetches it instead of every page. After a
    10-page push it is stale: never fetched, never used, and a clone fetches
    the pages; a damaged one is caught and the pages fetched one by one."""
    client, bucket = s3_server.client(), s3_server.new_bucket()
    url, env = f"s3://{bucket}/w", aws_env(s3_server)
    a = new_workspace(tmp_path / "a", url, pages(80))
    ok(memsync("push", "f", cwd=a, env=env))
    first = requests_seen.take()
    digest = Manifest.parse(bucket_objects(client, bucket, "w")["SHA256SUMS"]).digest
    kept = wholes(client, bucket, "w")
    assert list(kept) == [protocol.whole_name(digest)]
    assert [m for m, p, _ in first if p.endswith(protocol.whole_name(digest))] == ["PUT"], (
        "one more request, not a page more"
    )
    with open_archive(kept[protocol.whole_name(digest)]) as archive:
        assert archive.digest == digest and dict(archive.files()) == content(a / "f")
    assert_remote_consistent(client, bucket, "w")  # to every other tool still a plain field

    requests_seen.take()  # what the looks above asked
    ok(clone(url, tmp_path / "b", env))
    seen = requests_seen.take()
    assert [p for m, p, _ in seen if m == "GET" and p.endswith(".md")] == [], "no page fetched one by one"
    assert ("GET", f"/{bucket}/w/{protocol.whole_name(digest)}", 200) in seen
    assert content(tmp_path / "b" / "f") == content(a / "f")

    for i in range(10):
        (a / "f" / f"page-{i:04}.md").write_text(page(f"page {i}", "changed"))
    ok(memsync("push", "f", cwd=a, env=env))
    assert list(wholes(client, bucket, "w")) == [protocol.whole_name(digest)], "a 10-page push leaves none"
    requests_seen.take()
    ok(clone(url, tmp_path / "c", env))
    seen = requests_seen.take()
    assert len([p for m, p, _ in seen if m == "GET" and p.endswith(".md")]) == 80
    assert [s for m, p, s in seen if protocol.WHOLE_PREFIX in p] == [404], "the stale one is not even read"
    assert content(tmp_path / "c" / "f") == content(a / "f")

    # An archive named for the current version, its SHA256SUMS that version's, one page not: caught, not used.
    now = Manifest.parse(bucket_objects(client, bucket, "w")["SHA256SUMS"])
    lying = {n: (a / "f" / n).read_bytes() for n in now.entries}
    lying["page-0005.md"] = b"not what SHA256SUMS says\n"
    client.put_object(Bucket=bucket, Key=f"w/{protocol.whole_name(now.digest)}", Body=_zip(lying, now))
    result = clone(url, tmp_path / "d", env)
    ok(result)
    assert "does not match its SHA256SUMS hash" in result.stderr and len(result.stderr.splitlines()) == 1
    assert content(tmp_path / "d" / "f") == content(a / "f")

    # A push that died mid-way leaves its lock: the next push repairs, writing every page, so it
    # leaves the archive of its version and drops every other one.
    orphaned = lock_body("a", socket.gethostname(), dead_pid(), time.time() + 60)
    client.put_object(Bucket=bucket, Key=f"w/{protocol.LOCK_NAME}", Body=orphaned)
    (a / "f" / "page-0001.md").write_text(page("page 1", "after the crash"))
    ok(memsync("push", "f", cwd=a, env=env))
    after = Manifest.parse(bucket_objects(client, bucket, "w")["SHA256SUMS"])
    assert list(wholes(client, bucket, "w")) == [protocol.whole_name(after.digest)]
    assert_remote_consistent(client, bucket, "w")


def test_a_full_temp_folder_costs_the_archive_for_clones_never_the_push(s3_server, tmp_path):
    """The archive a first push leaves is spooled through a temp file: when that
    cannot grow (a full /tmp; here a file size limit that only the spool reaches,
    as a mirror keeps no object store), the push still lands, without it."""
    import base64
    import resource
    import signal

    client, bucket = s3_server.client(), s3_server.new_bucket()
    url, env = f"s3://{bucket}/w", aws_env(s3_server)
    noise = lambda i: base64.b64encode(hashlib.shake_256(str(i).encode()).digest(6000)).decode()  # noqa: E731
    source = make_field(tmp_path / "src", {f"page-{i:04}.md": page(f"page {i}", noise(i)) for i in range(80)})
    limit = 256 * 1024  # above every page and every file the run writes but the spool (~640 KB)

    def small_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG) instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    result = subprocess.run(
        [sys.executable, "-m", "memsync", "mirror", str(source), url],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=small_files,
    )
    ok(result)
    assert wholes(client, bucket, "w") == {}
    landed = bucket_objects(client, bucket, "w")
    assert {n: d for n, d in landed.items() if role_of(n) is Role.CONTENT} == content(source)
    assert_remote_consistent(client, bucket, "w")


def _zip(files: dict[str, bytes], manifest: Manifest) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            zf.writestr(name, data)
        zf.writestr("SHA256SUMS", manifest.to_bytes())
    return buffer.getvalue()


class RecordingProxy(FlakyProxy):
    """A pass-through proxy that keeps every request as sent (head and body)."""

    def __init__(self, upstream: tuple[str, int]) -> None:
        super().__init__(upstream, reset_share=0, delay_share=0)
        self.streams: list[bytes] = []

    def _pipe(self, client: socket.socket, fate: str) -> None:
        sent = bytearray()

        def forward(src: socket.socket, dst: socket.socket, keep: bytearray | None) -> None:
            try:
                while data := src.recv(65536):
                    if keep is not None:
                        keep.extend(data)
                    dst.sendall(data)
                dst.shutdown(socket.SHUT_WR)
            except OSError:
                pass

        try:
            with client, socket.create_connection(self.upstream, timeout=30) as upstream:
                up = threading.Thread(target=forward, args=(client, upstream, sent), daemon=True)
                up.start()
                forward(upstream, client, None)
                up.join(timeout=30)
        except OSError:
            pass
        self.streams.append(bytes(sent))

    def requests(self) -> list[tuple[str, str, dict[str, str], bytes]]:
        """(method, path, headers with lower-case names, body) of every request."""
        found = []
        for stream in self.streams:
            rest = stream
            while rest:
                head, _, rest = rest.partition(b"\r\n\r\n")
                line, *fields = head.decode("latin-1").split("\r\n")
                headers = {k.strip().lower(): v.strip() for k, _, v in (f.partition(":") for f in fields)}
                size = int(headers.get("content-length", 0))
                body, rest = rest[:size], rest[size:]
                method, path, _ = line.split(" ", 2)
                found.append((method, path, headers, body))
        return found


class DenyingProxy(FlakyProxy):
    """Answers 403 AccessDenied, as S3 answers a missing key to a reader who may
    not list the bucket, for the archives a push leaves; passes the rest on
    (moto closes each connection after one answer)."""

    def __init__(self, upstream: tuple[str, int]) -> None:
        super().__init__(upstream, reset_share=0, delay_share=0)
        self.denied = 0

    def _pipe(self, client: socket.socket, fate: str) -> None:
        head = b""
        with client:
            while b"\r\n\r\n" not in head and (data := client.recv(65536)):
                head += data
            if protocol.WHOLE_PREFIX.encode() in head.split(b"\r\n", 1)[0]:
                self.denied += 1
                body = b"<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>"
                client.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Type: application/xml\r\n")
                client.sendall(b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(body), body))
                return
            with socket.create_connection(self.upstream, timeout=30) as upstream:
                upstream.sendall(head)
                up = threading.Thread(target=self._forward, args=(client, upstream), daemon=True)
                up.start()
                self._forward(upstream, client)
                up.join(timeout=30)

    @staticmethod
    def _forward(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
            dst.shutdown(socket.SHUT_WR)
        except OSError:
            pass


def test_a_reader_denied_the_archive_fetches_the_pages_without_a_warning(s3_server, tmp_path):
    """Where S3 answers 403 for a key that is not there, the archive of a version
    not pushed whole reads as absent: the pages one by one, and not a warning on
    every large pull."""
    bucket = s3_server.new_bucket()
    url = f"s3://{bucket}/denied"
    a = new_workspace(tmp_path / "a", url, pages(80))
    ok(memsync("push", "f", cwd=a, env=aws_env(s3_server)))
    proxy = DenyingProxy(s3_server.server.get_host_and_port()).start()
    try:
        result = clone(url, tmp_path / "b", aws_env(s3_server, proxy.endpoint))
    finally:
        proxy.stop()
    ok(result)
    assert proxy.denied == 1 and result.stderr == "", result.stderr
    assert content(tmp_path / "b" / "f") == content(a / "f")


def test_pages_travel_without_crc32_and_each_put_signs_its_payload_hash(s3_server, tmp_path):
    # memsync checks every page it reads against SHA256SUMS, and a PUT whose
    # payload sha256 is signed is verified by S3 itself: botocore's default CRC32
    # of every body each way would be the same check paid twice.
    # A page is sent with its headers, not after a round trip waiting for
    # "100 Continue" (botocore's default for every PutObject); a body of 1 MiB or
    # more still waits, so a refused one is not sent.
    bucket = s3_server.new_bucket()
    proxy = RecordingProxy(s3_server.server.get_host_and_port()).start()
    try:
        env = aws_env(s3_server, proxy.endpoint)
        files = {**pages(4), **pages(1, "large", size=50_000)}
        assert len(files["large-0000.md"]) > 1 << 20
        a = new_workspace(tmp_path / "a", f"s3://{bucket}/f", files)
        ok(memsync("push", "f", cwd=a, env=env))
        ok(clone(f"s3://{bucket}/f", tmp_path / "b", env))
    finally:
        proxy.stop()
    assert content(tmp_path / "b" / "f") == content(a / "f")
    seen = proxy.requests()
    puts = [(h, body) for m, p, h, body in seen if m == "PUT" and p.endswith(".md")]
    gets = [h for m, p, h, _ in seen if m == "GET" and p.endswith(".md")]
    assert len(puts) == len(gets) == len(files), [(m, p) for m, p, _, _ in seen]
    for headers, body in puts:
        assert headers["x-amz-content-sha256"] == sha256(body), "each page PUT signs its payload's sha256"
        waits = headers.get("expect") == "100-continue"
        assert waits == (len(body) >= 1 << 20), (len(body), headers.get("expect"))
    for headers in [h for h, _ in puts] + gets:
        extra = sorted(k for k in headers if k.startswith(("x-amz-checksum", "x-amz-sdk-checksum", "content-md5")))
        assert not extra, f"a page request carries checksum headers: {extra}"


def test_an_archive_on_s3_is_pushed_and_pulled_whole(s3_server, tmp_path):
    client, bucket = s3_server.client(), s3_server.new_bucket()
    url, env = f"s3://{bucket}/pub/notes.memoryfield.zip", aws_env(s3_server)
    a = new_workspace(tmp_path / "a", url, pages(30))
    ok(memsync("push", "f", cwd=a, env=env))
    b = tmp_path / "b"
    ok(clone(url, b, env))
    assert content(b / "f") == content(a / "f")
    # A second push keeps the unchanged pages (taken from the old archive) and drops the deleted one.
    (a / "f" / "page-0003.md").write_text(page("page 3", "changed on a"))
    (a / "f" / "page-0004.md").unlink()
    ok(memsync("push", "f", cwd=a, env=env))
    ok(memsync("pull", "f", cwd=b, env=env))
    assert content(b / "f") == content(a / "f")
    data = client.get_object(Bucket=bucket, Key="pub/notes.memoryfield.zip")["Body"].read()
    with open_archive(data) as archive:
        archive.verify()
        assert archive.manifest_bytes == (a / "f" / "SHA256SUMS").read_bytes()


# -- 3. pull first ----------------------------------------------------------------------


def lines_page(title: str, n: int = 12) -> str:
    return page(title, "".join(f"paragraph {k}\n\n" for k in range(n)))


def test_push_behind_the_remote_is_told_to_pull_first_and_sync_merges(s3_server, tmp_path):
    client, bucket = s3_server.client(), s3_server.new_bucket()
    url, env = f"s3://{bucket}/shared", aws_env(s3_server)
    a = new_workspace(tmp_path / "a", url, {"notes.md": lines_page("Notes"), "other.md": page("Other", "x")})
    ok(memsync("push", "f", cwd=a, env=env))
    b = tmp_path / "b"
    ok(clone(url, b, env))

    notes = (a / "f" / "notes.md").read_text()
    (a / "f" / "notes.md").write_text(notes.replace("paragraph 1\n", "paragraph 1, edited by a\n"))
    ok(memsync("push", "f", cwd=a, env=env))
    remote_before = bucket_objects(client, bucket, "shared")
    etag_before = client.head_object(Bucket=bucket, Key="shared/SHA256SUMS")["ETag"]

    (b / "f" / "notes.md").write_text(notes.replace("paragraph 10\n", "paragraph 10, edited by b\n"))
    (b / "f" / "new-on-b.md").write_text(page("New on b", "b's page"))
    local_before = content(b / "f")
    result = memsync("push", "f", cwd=b, env=env)
    line = assert_one_line_error(result)
    assert result.returncode == 4, result.stderr
    assert "pull first" in line
    assert bucket_objects(client, bucket, "shared") == remote_before, "a refused push changes nothing"
    assert client.head_object(Bucket=bucket, Key="shared/SHA256SUMS")["ETag"] == etag_before
    assert content(b / "f") == local_before, "a refused push changes nothing locally either"

    ok(memsync("sync", "f", cwd=b, env=env))
    merged = (b / "f" / "notes.md").read_text()
    assert "edited by a" in merged and "edited by b" in merged
    assert assert_remote_consistent(client, bucket, "shared") == content(b / "f")
    ok(memsync("pull", "f", cwd=a, env=env))
    assert content(a / "f") == content(b / "f")


def start_until_seen(
    command: str, cwd: Path, env: dict[str, str], requests_seen: Any, wanted: set[tuple[str, str, int]]
) -> subprocess.Popen[str]:
    """Start ``memsync COMMAND f`` in the background and return once moto has answered one of
    the ``wanted`` requests (or the process has ended, or 30 s have passed)."""
    requests_seen.take()
    proc = subprocess.Popen(
        [sys.executable, "-m", "memsync", command, "f"], cwd=cwd, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 30
    while proc.poll() is None and time.monotonic() < deadline and not wanted & set(requests_seen.seen):
        time.sleep(0.02)
    return proc


def test_sync_waits_out_a_push_in_flight(s3_server, tmp_path, requests_seen):
    """B syncs while A's push is half done (A holds the lock and has overwritten a
    page B needs, its new SHA256SUMS not written yet), and A commits a moment later.
    Concurrent writers either land or are told to pull first: never a hard error."""
    client, bucket = s3_server.client(), s3_server.new_bucket()
    url, env = f"s3://{bucket}/inflight", aws_env(s3_server)
    a = new_workspace(tmp_path / "a", url, {"x.md": page("X", "v0"), "y.md": page("Y", "v0")})
    ok(memsync("push", "f", cwd=a, env=env))
    b = tmp_path / "b"
    ok(clone(url, b, env))
    (a / "f" / "x.md").write_text(page("X", "v1"))
    ok(memsync("push", "f", cwd=a, env=env))  # B is one version behind: it will fetch x.md
    (b / "f" / "y.md").write_text(page("Y", "edited on b"))

    # A's next push, stopped half way: lock taken, x.md overwritten, SHA256SUMS still v1.
    old_etag = client.head_object(Bucket=bucket, Key="inflight/SHA256SUMS")["ETag"]
    client.put_object(
        Bucket=bucket,
        Key="inflight/.memsync-lock",
        Body=lock_body("a", socket.gethostname(), os.getpid(), time.time() + 60),
        IfNoneMatch="*",
    )
    v2 = page("X", "v2").encode()
    client.put_object(Bucket=bucket, Key="inflight/x.md", Body=v2)
    # A commits once B has read the overwritten page, or has found A's lock in its
    # way (B's sync pushes first under the lock when only B changed), or has given up.
    blocked = {("GET", f"/{bucket}/inflight/x.md", 200), ("PUT", f"/{bucket}/inflight/.memsync-lock", 412)}
    sync_b = start_until_seen("sync", b, env, requests_seen, blocked)
    time.sleep(0.5)
    files = {**content(a / "f"), "x.md": v2}
    client.put_object(Bucket=bucket, Key="inflight/SHA256SUMS", Body=manifest_of(files), IfMatch=old_etag)
    client.delete_object(Bucket=bucket, Key="inflight/.memsync-lock")
    _, err = sync_b.communicate(timeout=120)

    assert sync_b.returncode in (0, 3, 4), f"exit {sync_b.returncode}: {err}"
    if sync_b.returncode == 0:
        assert content(b / "f")["x.md"] == v2
        assert b"edited on b" in assert_remote_consistent(client, bucket, "inflight")["y.md"]


def one_version_behind(s3_server: Any, tmp_path: Path, prefix: str) -> tuple[Any, str, dict[str, str], Path, bytes]:
    """A field at s3://BUCKET/prefix with x.md at v1, and B's clone of it still at v0 (its
    next pull fetches x.md): the S3 client, bucket, environment, B's workspace and v1."""
    client, bucket = s3_server.client(), s3_server.new_bucket()
    url, env = f"s3://{bucket}/{prefix}", aws_env(s3_server)
    a = new_workspace(tmp_path / "a", url, {"x.md": page("X", "v0")})
    ok(memsync("push", "f", cwd=a, env=env))
    b = tmp_path / "b"
    ok(clone(url, b, env))
    v1 = page("X", "v1").encode()
    (a / "f" / "x.md").write_bytes(v1)
    ok(memsync("push", "f", cwd=a, env=env))
    return client, bucket, env, b, v1


def test_a_pull_outlasts_a_push_that_failed_and_put_its_pages_back(s3_server, tmp_path, requests_seen):
    """A's push wrote x.md, its commit failed, and it put x.md back and let go of its
    lock: B, pulling meanwhile, read A's bytes, then found neither a lock nor a new
    SHA256SUMS. That is no damage yet: B looks again and gets the version as it is."""
    client, bucket, env, b, v1 = one_version_behind(s3_server, tmp_path, "putback")
    client.put_object(Bucket=bucket, Key="putback/x.md", Body=page("X", "v2, never committed").encode())
    pull_b = start_until_seen("pull", b, env, requests_seen, {("GET", f"/{bucket}/putback/x.md", 200)})
    client.put_object(Bucket=bucket, Key="putback/x.md", Body=v1)  # A's rollback
    _, err = pull_b.communicate(timeout=120)

    assert pull_b.returncode == 0, err
    assert (b / "f" / "x.md").read_bytes() == v1


def test_a_page_that_stays_damaged_is_reported_after_every_attempt(s3_server, tmp_path):
    client, bucket, env, b, _ = one_version_behind(s3_server, tmp_path, "damaged")
    client.put_object(Bucket=bucket, Key="damaged/x.md", Body=b"rot")

    done = memsync("pull", "f", cwd=b, env=env)
    assert "does not match its SHA256SUMS hash" in assert_one_line_error(done)
    assert "v0" in (b / "f" / "x.md").read_text(), "nothing was applied"


def test_the_next_push_after_a_crash_repairs_pages_it_does_not_change(s3_server, tmp_path):
    """A's push died after writing x.md and a new z.md, before SHA256SUMS (exactly
    what a SIGKILL there leaves: objects changed, manifest old, A's lock orphaned).
    The next push, by teammate B who only edited y.md, must leave a sound remote."""
    client, bucket = s3_server.client(), s3_server.new_bucket()
    url, env = f"s3://{bucket}/crashed", aws_env(s3_server)
    files = {"x.md": page("X", "v1"), "y.md": page("Y", "v1")}
    a = new_workspace(tmp_path / "a", url, files)
    ok(memsync("push", "f", cwd=a, env=env))
    b = tmp_path / "b"
    ok(clone(url, b, env))

    orphaned = lock_body("a", socket.gethostname(), dead_pid(), time.time() + 60)
    client.put_object(Bucket=bucket, Key="crashed/.memsync-lock", Body=orphaned)
    client.put_object(Bucket=bucket, Key="crashed/x.md", Body=page("X", "v2, never committed").encode())
    client.put_object(Bucket=bucket, Key="crashed/z.md", Body=page("Z", "added, never committed").encode())
    fresh = tmp_path / "fresh"
    assert_one_line_error(clone(url, fresh, env))  # readers detect the damage

    (b / "f" / "y.md").write_text(page("Y", "v2 from b"))
    ok(memsync("push", "f", cwd=b, env=env))
    assert_remote_consistent(client, bucket, "crashed")
    ok(clone(url, fresh, env))
    assert content(fresh / "f") == content(b / "f")


def test_a_push_with_nothing_to_send_leaves_a_field_that_verifies(s3_server, tmp_path):
    """B pushes an edit; A made the very same edit and pushes too: nothing to send,
    and A's field, in sync with the remote, must verify against its SHA256SUMS."""
    bucket, env = s3_server.new_bucket(), aws_env(s3_server)
    url = f"s3://{bucket}/same"
    a = new_workspace(tmp_path / "a", url, {"x.md": page("X", "v1", "x"), "y.md": page("Y", "v1", "y")})
    ok(memsync("push", "f", cwd=a, env=env))
    b = tmp_path / "b"
    ok(clone(url, b, env))
    for ws in (b, a):
        (ws / "f" / "x.md").write_text(page("X", "the same edit on both", "x"))
        ok(memsync("push", "f", cwd=ws, env=env))
    assert content(a / "f") == content(b / "f")
    ok(memsync("verify", "f", cwd=b, env=env))
    ok(memsync("verify", "f", cwd=a, env=env))


# -- 7. errors a user can act on ----------------------------------------------------------


@pytest.fixture
def moto_auth(s3_server) -> Iterator[dict[str, str]]:
    """Turn on moto's signature checking for this test: returns a real IAM user's
    key pair allowed s3:*; every other key or secret is refused."""
    import boto3

    iam = boto3.client(
        "iam",
        endpoint_url=s3_server.endpoint,
        region_name="us-east-1",
        aws_access_key_id="memsync-test",
        aws_secret_access_key="memsync-test-secret",
    )
    user = f"u-{uuid.uuid4().hex[:8]}"
    iam.create_user(UserName=user)
    policy = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}
    iam.put_user_policy(UserName=user, PolicyName="s3", PolicyDocument=json.dumps(policy))
    key = iam.create_access_key(UserName=user)["AccessKey"]
    answer = http.post(f"{s3_server.endpoint}/moto-api/reset-auth", data=b"0", timeout=10)
    previous = answer.json()["PREVIOUS_INITIAL_NO_AUTH_ACTION_COUNT"]
    try:
        yield {"AWS_ACCESS_KEY_ID": key["AccessKeyId"], "AWS_SECRET_ACCESS_KEY": key["SecretAccessKey"]}
    finally:
        http.post(f"{s3_server.endpoint}/moto-api/reset-auth", data=previous.encode(), timeout=10)


def test_bad_credentials_are_one_clear_line(s3_server, tmp_path, moto_auth):
    import boto3

    good = {**aws_env(s3_server), **moto_auth}
    client = boto3.client(
        "s3",
        endpoint_url=s3_server.endpoint,
        region_name="us-east-1",
        aws_access_key_id=moto_auth["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=moto_auth["AWS_SECRET_ACCESS_KEY"],
    )
    bucket = f"b-{uuid.uuid4().hex[:12]}"
    client.create_bucket(Bucket=bucket)
    url = f"s3://{bucket}/f"
    a = new_workspace(tmp_path / "a", url, pages(3))
    ok(memsync("push", "f", cwd=a, env=good))  # the control: these credentials work

    wrong_secret = {**good, "AWS_SECRET_ACCESS_KEY": "not-the-secret"}
    unknown_key = {**good, "AWS_ACCESS_KEY_ID": "AKIAUNKNOWNUNKNOWN00"}
    for env, code in ((wrong_secret, "SignatureDoesNotMatch"), (unknown_key, "InvalidAccessKeyId")):
        (a / "f" / "page-0000.md").write_text(page("page 0", f"edit refused ({code})"))
        line = assert_one_line_error(memsync("push", "f", cwd=a, env=env))
        assert "credentials rejected" in line and code in line, line
        assert env["AWS_SECRET_ACCESS_KEY"] not in line
        b = tmp_path / f"b-{code}"
        line = assert_one_line_error(clone(url, b, env))
        assert "credentials rejected" in line and code in line, line
        no_trace_of_failed_clone(b)
    assert_remote_consistent(client, bucket, "f")


def test_missing_credentials_are_one_clear_line(s3_server, tmp_path):
    bucket = s3_server.new_bucket()
    empty_config, empty_credentials = tmp_path / "config", tmp_path / "credentials"
    empty_config.write_text("")
    empty_credentials.write_text("")
    env = aws_env(s3_server)
    for key in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE"):
        env.pop(key, None)
    env.update(AWS_CONFIG_FILE=str(empty_config), AWS_SHARED_CREDENTIALS_FILE=str(empty_credentials))
    a = new_workspace(tmp_path / "a", f"s3://{bucket}/f", pages(2))
    started = time.monotonic()
    line = assert_one_line_error(memsync("push", "f", cwd=a, env=env))
    assert "no AWS credentials" in line, line
    line = assert_one_line_error(clone(f"s3://{bucket}/f", tmp_path / "b", env))
    assert "no AWS credentials" in line, line
    no_trace_of_failed_clone(tmp_path / "b")
    print(f"\nmissing credentials: two commands failed in {time.monotonic() - started:.1f}s")
    assert s3_server.client().list_objects_v2(Bucket=bucket).get("KeyCount") == 0


def test_missing_bucket_is_one_clear_line(s3_server, tmp_path):
    env = aws_env(s3_server)
    url = f"s3://no-such-bucket-{uuid.uuid4().hex[:10]}/f"
    line = assert_one_line_error(clone(url, tmp_path / "b", env))
    assert "bucket does not exist" in line, line
    no_trace_of_failed_clone(tmp_path / "b")
    a = new_workspace(tmp_path / "a", url, pages(2))
    for command in ("push", "pull", "sync"):
        line = assert_one_line_error(memsync(command, "f", cwd=a, env=env))
        assert "bucket does not exist" in line, (command, line)
    assert content(a / "f") == {k: v.encode() for k, v in pages(2).items()}


# -- 8. locks ---------------------------------------------------------------------------


def lock_body(holder: str, host: str, pid: int, expires: float) -> bytes:
    return json.dumps(
        {"holder": holder, "host": host, "pid": pid, "token": uuid.uuid4().hex, "expires": expires,
         "expires_at": time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(expires))}
    ).encode()  # fmt: skip


def dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_unlock_breaks_a_stale_lock_and_a_live_lock_makes_push_wait_then_fail(s3_server, tmp_path, monkeypatch, capsys):
    client, bucket = s3_server.client(), s3_server.new_bucket()
    url, env = f"s3://{bucket}/locked", aws_env(s3_server)
    lock_key = "locked/.memsync-lock"
    a = new_workspace(tmp_path / "a", url, pages(3))
    ok(memsync("push", "f", cwd=a, env=env))

    # A stale lock left by a crashed writer on another machine: memsync unlock removes it.
    client.put_object(Bucket=bucket, Key=lock_key, Body=lock_body("ghost", "elsewhere.example", 1, time.time() - 60))
    would = json.loads(ok(memsync("unlock", "f", "--dry-run", "--json", cwd=a, env=env)))
    assert (would["unlocked"], would["dry_run"]) == (True, True)
    assert "Contents" in client.list_objects_v2(Bucket=bucket, Prefix=lock_key), "a dry run removes nothing"
    out = ok(memsync("unlock", "f", cwd=a, env=env))
    assert "lock removed" in out
    assert "Contents" not in client.list_objects_v2(Bucket=bucket, Prefix=lock_key)

    # A live lock (alive pid on this host, fresh expiry): push waits, then fails with one line.
    live = lock_body("colleague", socket.gethostname(), os.getpid(), time.time() + 600)
    client.put_object(Bucket=bucket, Key=lock_key, Body=live)
    remote_before = bucket_objects(client, bucket, "locked")
    (a / "f" / "page-0000.md").write_text(page("page 0", "waiting for the lock"))
    use_aws_env(monkeypatch, env)
    monkeypatch.setattr(protocol, "LOCK_WAIT_SECONDS", 0.5)
    monkeypatch.chdir(a)
    capsys.readouterr()
    started = time.monotonic()
    code = run_in_process("push", "f")
    waited = time.monotonic() - started
    err = capsys.readouterr().err
    assert code == 1, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("memsync: "), err
    assert "locked by colleague@" in lines[0] and "memsync unlock" in lines[0], lines[0]
    assert 0.5 <= waited < 30, waited
    assert bucket_objects(client, bucket, "locked") == remote_before, "nothing written, the live lock kept"

    # The same lock on another host, expired: broken, the push goes through.
    client.put_object(Bucket=bucket, Key=lock_key, Body=lock_body("colleague", "elsewhere", 1, time.time() - 1))
    ok(memsync("push", "f", cwd=a, env=env))
    assert b"waiting for the lock" in assert_remote_consistent(client, bucket, "locked")["page-0000.md"]

    # A fresh lock whose holder process is gone from this host: broken at once.
    client.put_object(
        Bucket=bucket, Key=lock_key, Body=lock_body("crashed", socket.gethostname(), dead_pid(), time.time() + 600)
    )
    (a / "f" / "page-0001.md").write_text(page("page 1", "after a crash"))
    monkeypatch.setattr(protocol, "LOCK_WAIT_SECONDS", 0.5)
    assert run_in_process("push", "f") == 0, capsys.readouterr().err
    assert b"after a crash" in assert_remote_consistent(client, bucket, "locked")["page-0001.md"]


def test_unlock_without_a_lock_says_there_was_none(s3_server, tmp_path):
    bucket, env = s3_server.new_bucket(), aws_env(s3_server)
    a = new_workspace(tmp_path / "a", f"s3://{bucket}/nolock", pages(1))
    ok(memsync("push", "f", cwd=a, env=env))
    answer = json.loads(ok(memsync("unlock", "f", "--json", cwd=a, env=env)))
    assert answer["unlocked"] is False, answer
    assert "no lock to remove" in ok(memsync("unlock", "f", "--dry-run", cwd=a, env=env))


# -- 6. a flaky endpoint ------------------------------------------------------------------


def flaky_round_trip(server: Any, tmp: Path, seed: int, reset_share: float, delay_share: float) -> str:
    """Push and pull a 200-page field through a flaky proxy; each command either
    gets through (botocore retries) or fails with one line and nothing half done,
    and then the same command without the proxy completes."""
    client, bucket = server.client(), server.new_bucket()
    url = f"s3://{bucket}/flaky"
    host, port = server.endpoint.removeprefix("http://").split(":")
    proxy = FlakyProxy((host, int(port)), reset_share=reset_share, delay_share=delay_share, seed=seed).start()
    flaky, direct = aws_env(server, proxy.endpoint), aws_env(server)
    outcomes: list[str] = []

    def through(what: str, result: subprocess.CompletedProcess[str]) -> bool:
        if result.returncode == 0:
            outcomes.append(f"{what} ok")
            return True
        line = assert_one_line_error(result)
        outcomes.append(f"{what} failed ({line})")
        return False

    try:
        v1 = {k: v.encode() for k, v in pages(200, size=20).items()}
        a = new_workspace(tmp / "a", url, v1)
        if not through("push", memsync("push", "f", cwd=a, env=flaky)):
            assert content(a / "f") == v1
            ok(memsync("push", "f", cwd=a, env=direct))
        assert assert_remote_consistent(client, bucket, "flaky") == v1

        b = tmp / "b"
        if not through("clone", clone(url, b, flaky)):
            no_trace_of_failed_clone(b)
            ok(clone(url, b, direct))
        assert content(b / "f") == v1

        # A second version: edits, additions and deletions.
        for i in range(0, 200, 4):
            (a / "f" / f"page-{i:04}.md").write_text(page(f"page {i}", f"version 2 of page {i}"))
        for i in range(5):
            (a / "f" / f"added-{i}.md").write_text(page(f"added {i}", "new"))
            (a / "f" / f"page-{199 - i:04}.md").unlink()
        v2 = content(a / "f")
        if not through("push", memsync("push", "f", cwd=a, env=flaky)):
            assert content(a / "f") == v2
            ok(memsync("push", "f", cwd=a, env=direct))
        assert assert_remote_consistent(client, bucket, "flaky") == v2

        if not through("pull", memsync("pull", "f", cwd=b, env=flaky)):
            assert content(b / "f") == v1, "a failed pull applies nothing"
            ok(memsync("verify", "f", cwd=b, env=direct))
            ok(memsync("pull", "f", cwd=b, env=direct))
        assert content(b / "f") == v2
        ok(memsync("verify", "f", cwd=b, env=direct))
        # The sync state is sound on both sides: nothing left to do.
        for ws in (a, b):
            assert "up to date" in ok(memsync("sync", "f", cwd=ws, env=direct))
    finally:
        proxy.stop()
    assert proxy.connections > 0
    return (
        f"seed {seed} (reset {reset_share}, delay {delay_share}): {proxy.connections} connections, "
        f"{proxy.resets} reset, {proxy.delays} delayed; " + ", ".join(outcomes)
    )


def test_flaky_endpoint_retries_through_or_fails_cleanly(s3_server, tmp_path):
    seeds = [(1, 0.1, 0.1), (2, 0.1, 0.1), (3, 0.1, 0.1)]
    # The seeds run side by side: most of their time is botocore's retry back-off.
    with ThreadPoolExecutor(len(seeds)) as pool:
        futures = [pool.submit(flaky_round_trip, s3_server, tmp_path / f"seed{s[0]}", *s) for s in seeds]
        reports = [f.result() for f in futures]
    print("\n" + "\n".join(reports))


# -- 7 (cont.). an unreachable endpoint, last: it ran in the background meanwhile --------


class Unreachable:
    """``push`` and ``clone`` against a port where nothing listens (held bound so
    no server started meanwhile can take it). Started with the module's first
    test: they spend their time asleep in botocore's retry back-off, so the
    suite need not wait for them on their own."""

    def __init__(self, server: Any, root: Path) -> None:
        self.port = socket.socket()
        self.port.bind(("127.0.0.1", 0))  # bound, never listening: connections are refused
        self.env = aws_env(server, f"http://127.0.0.1:{self.port.getsockname()[1]}")
        self.a = new_workspace(root / "a", "s3://some-bucket/f", pages(2))
        self.before = content(self.a / "f")
        self.b = root / "b"
        self.b.mkdir()
        self.results: dict[str, tuple[subprocess.CompletedProcess[str] | None, float]] = {}
        runs = {"push": (("push", "f"), self.a), "clone": (("clone", "s3://some-bucket/f", "f"), self.b)}
        self.threads = [threading.Thread(target=self._run, args=(k, *v), daemon=True) for k, v in runs.items()]
        for thread in self.threads:
            thread.start()

    def _run(self, name: str, args: tuple[str, ...], cwd: Path) -> None:
        started = time.monotonic()
        try:
            result: subprocess.CompletedProcess[str] | None = memsync(*args, cwd=cwd, env=self.env, timeout=150)
        except subprocess.TimeoutExpired:
            result = None  # minutes: a hang
        self.results[name] = (result, time.monotonic() - started)

    def wait(self) -> dict[str, tuple[subprocess.CompletedProcess[str] | None, float]]:
        for thread in self.threads:
            thread.join()
        return self.results


@pytest.fixture(scope="module", autouse=True)
def unreachable(s3_server, tmp_path_factory) -> Iterator[Unreachable]:
    runs = Unreachable(s3_server, tmp_path_factory.mktemp("unreachable"))
    yield runs
    runs.wait()
    runs.port.close()


def test_unreachable_endpoint_is_one_clear_line_and_does_not_hang(unreachable):
    results = unreachable.wait()
    for command, (result, _) in results.items():
        assert result is not None, f"{command} against a closed port still hung after 150s"
        line = assert_one_line_error(result)
        assert "cannot reach the S3 endpoint" in line, (command, line)
    no_trace_of_failed_clone(unreachable.b)
    assert content(unreachable.a / "f") == unreachable.before
    print("\nunreachable endpoint: " + ", ".join(f"{k} failed after {t:.1f}s" for k, (_, t) in results.items()))


def test_a_listing_past_the_file_limit_is_refused_at_its_first_page(
    s3_server, requests_seen, monkeypatch: pytest.MonkeyPatch
) -> None:
    """S3 lists 1,000 keys a request: a prefix of millions was listed whole, held in
    memory, and only then counted. It is counted as its pages arrive."""
    from memsync import manifest
    from memsync.errors import InputError
    from memsync.registry import open_remote
    from memsync.transfer import read_remote

    client, bucket = s3_server.client(), s3_server.new_bucket()
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda i: client.put_object(Bucket=bucket, Key=f"w/p{i:04d}.md", Body=b"x\n"), range(2500)))
    use_aws_env(monkeypatch, aws_env(s3_server))
    monkeypatch.setattr(manifest, "MAX_FILES", 500)  # the same, in pages of a field of 100,000
    requests_seen.take()
    with open_remote(f"s3://{bucket}/w") as remote, pytest.raises(InputError, match="more than the 500 files"):
        read_remote(remote, None, None)  # no SHA256SUMS there: the field is what is listed
    listings = [p for m, p, _ in requests_seen.take() if m == "GET" and "list-type=2" in p]
    assert len(listings) == 1, listings


def test_a_listing_of_subfolders_without_end_is_refused_as_it_arrives(
    s3_server, requests_seen, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Subfolders are no field's, but each is a listing entry all the same: pages of
    nothing else were all read (and the field taken for empty)."""
    from memsync.backends import base
    from memsync.errors import InputError
    from memsync.registry import open_remote

    client, bucket = s3_server.client(), s3_server.new_bucket()
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda i: client.put_object(Bucket=bucket, Key=f"w/d{i:04d}/x.md", Body=b"x\n"), range(2500)))
    use_aws_env(monkeypatch, aws_env(s3_server))
    monkeypatch.setattr(base, "MAX_LISTED", 1500)
    requests_seen.take()
    with open_remote(f"s3://{bucket}/w") as remote, pytest.raises(InputError, match="more than 1500 objects listed"):
        remote.list_names()
    listings = [p for m, p, _ in requests_seen.take() if m == "GET" and "list-type=2" in p]
    assert len(listings) == 2, listings
