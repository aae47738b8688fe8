"""A bounded load test of ``memsync serve`` on loopback: N clients, a fixed number
of reads and conditional writes each. No errors, no torn reads, no lost or
corrupt writes; the requests per second are printed, never asserted."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from conftest import make_field, page
from http_support import MemsyncServer

from memsync.field import scan
from memsync.manifest import Manifest, sha256_hex
from memsync.names import MANIFEST_NAME

CLIENTS = 8
ROUNDS = 25  # each round is 6 requests
SHARED = [f"shared-{i}.md" for i in range(4)]
USER, PASSWORD = "load", "load-pass"


def _client(base: str, me: int) -> dict[str, object]:
    session = requests.Session()
    session.auth = (USER, PASSWORD)
    own = f"client-{me}.md"
    own_etag = '"' + sha256_hex(b"start\n") + '"'
    landed_shared: list[bytes] = []
    last_own = b"start\n"
    count = 0

    def call(method: str, name: str, ok: tuple[int, ...], **kwargs: object) -> requests.Response:
        nonlocal count
        count += 1
        answer = session.request(method, base + name, timeout=30, **kwargs)  # type: ignore[arg-type]
        assert answer.status_code in ok, (method, name, answer.status_code, answer.text)
        return answer

    for r in range(ROUNDS):
        sums = call("GET", MANIFEST_NAME, (200,))
        Manifest.parse(sums.content)  # never torn, always well-formed
        assert sums.headers["ETag"] == f'"{sha256_hex(sums.content)}"'
        for name in (own, SHARED[(me + r) % len(SHARED)]):
            got = call("GET", name, (200,))
            assert got.headers["ETag"] == f'"{sha256_hex(got.content)}"'  # body and ETag agree
        body = f"{page(own, f'round {r} of client {me}')}".encode()
        put = call("PUT", own, (204,), data=body, headers={"If-Match": own_etag})
        own_etag, last_own = put.headers["ETag"], body
        shared = SHARED[r % len(SHARED)]
        current = call("GET", shared, (200,))
        body = f"{page(shared, f'client {me} round {r}')}".encode()
        answer = call("PUT", shared, (204, 412), data=body, headers={"If-Match": current.headers["ETag"]})
        if answer.status_code == 204:
            landed_shared.append(body)
    return {"requests": count, "own": (own, last_own), "shared": landed_shared}


def test_concurrent_clients_no_errors_no_corruption(tmp_path: Path, capsys):
    files = {f"client-{i}.md": "start\n" for i in range(CLIENTS)}
    files.update({name: page(name, "initial") for name in SHARED})
    field = make_field(tmp_path / "load", files)
    auth = tmp_path / "auth"
    auth.write_text(f"{USER}:{PASSWORD}\n")
    server = MemsyncServer(field, log=tmp_path / "serve.log", args=("--auth-file", str(auth)))
    try:
        barrier = threading.Barrier(CLIENTS)

        def run(me: int) -> dict[str, object]:
            barrier.wait()
            return _client(server.url, me)

        started = time.perf_counter()
        with ThreadPoolExecutor(CLIENTS) as pool:
            results = list(pool.map(run, range(CLIENTS)))
        elapsed = time.perf_counter() - started
    finally:
        server.stop()

    total = sum(int(r["requests"]) for r in results)  # type: ignore[call-overload]
    assert total == CLIENTS * ROUNDS * 6
    for result in results:
        name, body = result["own"]  # type: ignore[misc]
        assert (field / name).read_bytes() == body  # every client's last write is there, whole
    landed = [b for r in results for b in r["shared"]]  # type: ignore[attr-defined]
    for name in SHARED:  # a 412 means another write to that page won, so each page has a winner
        assert (field / name).read_bytes() in landed
    assert (field / MANIFEST_NAME).read_bytes() == scan(field).to_bytes()
    with capsys.disabled():
        print(f"\nHTTP load: {CLIENTS} clients, {total} requests in {elapsed:.2f}s = {total / elapsed:.0f} req/s")
