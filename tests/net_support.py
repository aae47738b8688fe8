"""Network tools the contract and attack tests share, none of them memsync's own:
``Throttle``, a TCP proxy that stalls, drips or delays the answers to chosen
requests; ``Loopback``, a small HTTP server on 127.0.0.1 whose handler a test
writes (to redirect, log headers, or send an endless body); and ``measured``,
a memsync process whose run time and peak memory are taken from the kernel."""

from __future__ import annotations

import contextlib
import os
import re
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

# -- a TCP proxy that stalls or drips chosen answers ------------------------------------------

_REQUEST_LINE = re.compile(rb"(GET|HEAD|PUT|DELETE|POST) (\S+) HTTP/1\.[01]\r\n")


class Throttle:
    """A TCP proxy on 127.0.0.1 in front of ``upstream``.

    Requests whose path matches ``pattern`` (any connection at all when
    ``pattern`` is None, for protocols other than HTTP), of one of ``methods``
    when given, get, by ``mode``:
    ``stall`` — nothing, ever (the request is never forwarded); ``drip`` — the
    answer's head at once, then its body one byte every ``interval`` seconds;
    ``drip-head`` — everything one byte every ``interval`` seconds; ``delay`` —
    forwarded after ``interval`` seconds. ``hit`` is set at the first match.
    """

    def __init__(
        self,
        upstream: tuple[str, int],
        mode: str,
        pattern: str | None = None,
        interval: float = 2.0,
        methods: tuple[str, ...] | None = None,
    ):
        self.upstream, self.mode, self.interval = upstream, mode, interval
        self.methods = None if methods is None else {m.encode() for m in methods}
        self.pattern = re.compile(pattern.encode()) if pattern is not None else None
        self.hit = threading.Event()
        self.hits = 0
        self._sock = socket.socket()
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(64)
        self._stopping = threading.Event()
        self._open: list[socket.socket] = []
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    @property
    def hostport(self) -> str:
        return f"127.0.0.1:{self._sock.getsockname()[1]}"

    def stop(self) -> None:
        self._stopping.set()
        self._sock.close()
        for sock in list(self._open):
            with contextlib.suppress(OSError):
                sock.close()
        self._thread.join(timeout=5)

    def __enter__(self) -> Throttle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _serve(self) -> None:
        while not self._stopping.is_set():
            try:
                client, _ = self._sock.accept()
            except OSError:
                return
            self._open.append(client)
            threading.Thread(target=self._connection, args=(client,), daemon=True).start()

    def _matched(self) -> None:
        self.hits += 1
        self.hit.set()

    def _connection(self, client: socket.socket) -> None:
        if self.pattern is None:
            self._matched()
            if self.mode == "stall":
                self._stopping.wait()
                return
        try:
            upstream = socket.create_connection(self.upstream, timeout=60)
        except OSError:
            client.close()
            return
        self._open.append(upstream)
        state = {"slow": self.pattern is None, "head_done": False}
        threading.Thread(target=self._answers, args=(upstream, client, state), daemon=True).start()
        try:
            while data := client.recv(65536):
                request = _REQUEST_LINE.search(data)
                if (
                    self.pattern is not None
                    and request
                    and self.pattern.search(request.group(2))
                    and (self.methods is None or request.group(1) in self.methods)
                ):
                    self._matched()
                    if self.mode == "stall":
                        self._stopping.wait()
                        return
                    if self.mode == "delay":
                        time.sleep(self.interval)
                    else:
                        state["slow"] = True
                upstream.sendall(data)
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                upstream.shutdown(socket.SHUT_WR)

    def _answers(self, upstream: socket.socket, client: socket.socket, state: dict[str, bool]) -> None:
        pending = b""
        try:
            while data := upstream.recv(65536):
                if not state["slow"] or self.mode == "delay":
                    client.sendall(data)
                    continue
                pending += data
                if self.mode == "drip" and not state["head_done"]:
                    head, sep, rest = pending.partition(b"\r\n\r\n")
                    if not sep:
                        continue
                    client.sendall(head + sep)
                    state["head_done"], pending = True, rest
                while pending and not self._stopping.is_set():
                    client.sendall(pending[:1])
                    pending = pending[1:]
                    time.sleep(self.interval)
        except OSError:
            pass
        finally:
            with contextlib.suppress(OSError):
                client.shutdown(socket.SHUT_WR)


# -- a loopback HTTP server with a handler of the test's own ---------------------------------


class Loopback:
    """``ThreadingHTTPServer`` on 127.0.0.1 in a thread, serving ``handler``."""

    def __init__(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> Loopback:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


# -- a memsync process, measured ------------------------------------------------------------

#: Address space a measured process may take: a reader that loads an endless body
#: whole fails here (MemoryError) instead of taking the machine down with it.
ADDRESS_SPACE = 3 * 1024**3


@dataclass
class Measured:
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    peak_rss: int  # bytes


def measured(
    *args: str | Path,
    cwd: Path,
    env: Mapping[str, str] | None = None,
    timeout: float = 120,
) -> Measured:
    """``memsync ARGS`` in a fresh process; killed after ``timeout`` seconds."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        proc = subprocess.Popen(
            [sys.executable, "-m", "memsync", *map(str, args)],
            cwd=cwd,
            env={**os.environ, "MEMSYNC_DEBUG": "", **(env or {})},
            stdout=out,
            stderr=err,
        )
        with contextlib.suppress(OSError):
            resource.prlimit(proc.pid, resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
        peak = 0
        while True:
            # The process's own high-water mark: wait4's ru_maxrss also counts the
            # pages it shared with this (large, long-running) test process before exec.
            peak = max(peak, _high_water(proc.pid))
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - start > timeout:
                proc.kill()
                pid, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.02)
        seconds = time.monotonic() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Measured(
            proc.returncode,
            out.read().decode("utf-8", "replace"),
            err.read().decode("utf-8", "replace"),
            seconds,
            peak or usage.ru_maxrss * 1024,
        )


def _high_water(pid: int) -> int:
    """VmHWM of a running process in bytes (0 once it is gone or where /proc has none)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return 0


def ends(call: Callable[[], object], seconds: float) -> tuple[BaseException | None, float]:
    """Run ``call`` in a thread; what it raised and how long it took (a hang fails the test)."""
    outcome: list[BaseException | None] = []
    start = time.monotonic()

    def target() -> None:
        try:
            call()
        except BaseException as exc:
            outcome.append(exc)
        else:
            outcome.append(None)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"still blocked after {seconds:.0f} s"
    return outcome[0], time.monotonic() - start
