"""Eight concurrent writers on stores other than plain S3 (issue 14):

- Azure Blob Storage (Azurite): conditional writes, the same guarantee as S3;
- S3 behind a proxy that strips ``If-Match``/``If-None-Match``, as some
  S3-compatible stores silently do: memsync's probe finds out, says so in one
  line, and falls back to the lock with a settle pause and read-back.

Each runs test_s3_concurrency's writer script (the CLI's own code; 10 pushes
per writer on Azure, 4 behind the proxy) and checks that every update that
landed is in the field."""

from __future__ import annotations

import http.client
import http.server
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fsspec_support import azure_remote
from test_fsspec_remotes import consistent, consistent_files
from test_s3 import aws_env, bucket_objects, content, memsync, new_workspace, ok, use_aws_env
from test_s3_concurrency import run_writers as run_s3_writers
from test_s3_concurrency import sections

from memsync import check, engine
from memsync.workspace import Workspace
from tests.conftest import page

WRITERS = 8
PUSHES = 10  # 80 contended pushes on Azure: every one must land
# Behind the proxy every push waits its turn for the lock and a settle pause: 32
# contended pushes cross every path (waits, merges, conflicts) in a minute, where
# 80 took over four on a loaded two-core machine.
PROXIED_PUSHES = 4
STRIPPED = ("if-match", "if-none-match")


class StrippingProxy:
    """An HTTP proxy on 127.0.0.1 that forwards every request to ``upstream``
    without its ``If-Match``/``If-None-Match`` headers (and counts them)."""

    def __init__(self, upstream: str) -> None:
        host, port = upstream.removeprefix("http://").split(":")
        self.stripped = 0
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _forward(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                headers = {k: v for k, v in self.headers.items() if k.lower() not in STRIPPED}
                proxy.stripped += len(self.headers) - len(headers)
                upstream = http.client.HTTPConnection(host, int(port), timeout=30)
                try:
                    upstream.request(self.command, self.path, body=body, headers=headers)
                    answer = upstream.getresponse()
                    data = answer.read()
                finally:
                    upstream.close()
                self.send_response(answer.status, answer.reason)
                for key, value in answer.getheaders():
                    if key.lower() not in ("transfer-encoding", "connection", "content-length"):
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(data)

            do_GET = do_PUT = do_POST = do_DELETE = do_HEAD = _forward

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.endpoint = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


@pytest.fixture
def stripping_proxy(s3_server: Any) -> Iterator[StrippingProxy]:
    proxy = StrippingProxy(s3_server.endpoint)
    yield proxy
    proxy.stop()


def run_writers(
    tmp_path: Path,
    url: str,
    options: dict[str, str],
    env: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
    remote_files: Callable[[], dict[str, bytes]],
    pushes: int = PUSHES,
) -> str:
    """Eight writer processes, ``pushes`` pushes each (half own pages, half one shared
    page, merged or conflicting); returns a summary line. Fails if any update
    that landed is missing from the field, or the field is not consistent."""
    names = [f"w{i}" for i in range(WRITERS)]
    kinds = {n: "own" if i < WRITERS // 2 else "shared" for i, n in enumerate(names)}
    shared = [n for n in names if kinds[n] == "shared"]
    seed = {
        **{f"filler-{i:02}.md": page(f"Filler {i}", "unchanged") for i in range(10)},
        **{f"own-{n}.md": page(f"Own page of {n}", "") for n in names if kinds[n] == "own"},
        "shared-sections.md": sections(shared),
        "shared-tail.md": page("Shared tail", "", "6a2d2f7e-0000-4000-8000-000000000002"),
    }
    origin = new_workspace(tmp_path / "origin", url, seed, **options)
    ok(memsync("push", "f", cwd=origin, env=env))
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    workspaces = {}
    for n in names:
        workspaces[n] = new_workspace(tmp_path / n, url, **options)
        engine.Session(Workspace(workspaces[n]), "f", None).run("pull")

    reports, elapsed = run_s3_writers(workspaces, kinds, pushes, env, tmp_path, timeout=600)
    steps = [s for r in reports.values() for rnd in r["rounds"] for s in rnd["steps"]]
    steps += [s for r in reports.values() for s in r["final"]]
    codes = Counter(s["code"] for s in steps)
    odd = [s for s in steps if s["code"] not in (0, 3, 4)]
    assert not odd, f"exit codes other than 0, 3 (conflict) or 4 (pull first): {odd[:5]} (of {len(odd)})"
    for n, r in reports.items():
        assert r["final"][-1]["code"] == 0, f"{n} never got its last sync through: {r['final'][-3:]}"

    final = remote_files()
    everything = b"".join(final.values()).decode()
    landed = [rnd["marker"] for r in reports.values() for rnd in r["rounds"] if rnd["landed"]]
    lost = [m for m in landed if m not in everything]
    assert not lost, f"{len(lost)} updates lost, e.g. {lost[:5]}"
    every = [rnd["marker"] for r in reports.values() for rnd in r["rounds"]]
    assert not [m for m in every if m not in everything], "after the final syncs every edit is in the field"
    for n in names:
        if kinds[n] == "own":
            want = "".join(f"<{n}:{k:03d}>\n" for k in range(pushes))
            assert want in final[f"own-{n}.md"].decode(), n
    for n in names:
        engine.Session(Workspace(workspaces[n]), "f", None).run("sync")
        assert content(workspaces[n] / "f") == final, n
        check.verify(workspaces[n] / "f")
    retries = sum(s["attempts"] - 1 for s in steps if s["attempts"])
    return (
        f"{WRITERS} writers x {pushes} pushes in {elapsed:.0f}s: exit codes {dict(codes)}; sync retries {retries}; "
        f"{len(landed)}/{len(every)} rounds landed at once; final field {len(final)} files"
    )


def test_eight_writers_on_azure_lose_no_update(azurite: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = azure_remote(azurite)
    env = {**aws_env_free(), **made.env, "MEMSYNC_DEBUG": ""}
    summary = run_writers(tmp_path, made.url, made.options, env, monkeypatch, lambda: consistent(made))
    print(f"\nAzure (Azurite): {summary}")


def test_eight_writers_through_a_store_that_ignores_preconditions_lose_no_update(
    s3_server: Any, stripping_proxy: StrippingProxy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, bucket = s3_server.client(), s3_server.new_bucket()
    url = f"s3://{bucket}/team"
    env = aws_env(s3_server, stripping_proxy.endpoint)
    use_aws_env(monkeypatch, env)
    # A short settle pause keeps the serialised pushes quick; the guarantee is the same.
    options = {"lock_settle": "0.25"}

    # The first push probes, says so in one line, and remembers it for this remote.
    probe = new_workspace(tmp_path / "probe", url, {"a.md": page("A", "a")}, **options)
    first = memsync("push", "f", cwd=probe, env=env)
    ok(first)
    assert first.stderr.count("\n") == 1 and "ignores conditional writes" in first.stderr, first.stderr
    assert Workspace(probe).remote_memo("f", "origin")["preconditions"] == "ignored"
    (probe / "f" / "b.md").write_text(page("B", "b"))
    again = memsync("push", "f", cwd=probe, env=env)
    assert ok(again) and again.stderr == "", "the answer is remembered: no second probe, no second warning"
    assert stripping_proxy.stripped > 0

    summary = run_writers(
        tmp_path, f"{url}/concurrent", options, env, monkeypatch,
        lambda: consistent_files(bucket_objects(client, bucket, "team/concurrent")), PROXIED_PUSHES,
    )  # fmt: skip
    print(f"\nS3 ignoring If-Match/If-None-Match: {summary}; {stripping_proxy.stripped} condition headers stripped")


def aws_env_free() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if not k.startswith(("AWS_", "AZURE_"))}
