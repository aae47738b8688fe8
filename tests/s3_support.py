"""Real S3 on loopback for the tests: moto's server mode, a request log, and a
flaky TCP proxy that resets or delays a share of connections."""

from __future__ import annotations

import contextlib
import logging
import random
import re
import socket
import struct
import threading
import time
import uuid
from typing import Any

CREDENTIALS = {
    "AWS_ACCESS_KEY_ID": "memsync-test",
    "AWS_SECRET_ACCESS_KEY": "memsync-test-secret",
    "AWS_DEFAULT_REGION": "us-east-1",
}
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_REQUEST = re.compile(r'"(?P<method>[A-Z]+) (?P<path>\S+) HTTP/[0-9.]+" (?P<status>\d{3})')


class RequestLog(logging.Handler):
    """Every request moto's server answered, as (method, path, status)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, str, int]] = []
        self._guard = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        # werkzeug colours non-200 status lines; the colour codes are not part of the request.
        match = _REQUEST.search(_ANSI.sub("", record.getMessage()))
        if match:
            with self._guard:
                self.seen.append((match["method"], match["path"], int(match["status"])))

    def take(self) -> list[tuple[str, str, int]]:
        """The requests since the last take, once the server has gone quiet
        (werkzeug logs a request just after answering it)."""
        last, quiet_since = -1, time.monotonic()
        while time.monotonic() - quiet_since < 0.3:
            time.sleep(0.05)
            with self._guard:
                if len(self.seen) != last:
                    last, quiet_since = len(self.seen), time.monotonic()
        with self._guard:
            taken, self.seen = self.seen, []
        return taken


class MotoS3:
    """moto's S3 server on 127.0.0.1, started and stopped by the tests."""

    def __init__(self) -> None:
        from moto.server import ThreadedMotoServer

        self.server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
        self.log = RequestLog()

    def start(self) -> MotoS3:
        self.server.start()
        host, port = self.server.get_host_and_port()
        self.endpoint = f"http://{host}:{port}"
        logger = logging.getLogger("werkzeug")
        logger.setLevel(logging.INFO)
        logger.addHandler(self.log)
        logger.propagate = False
        return self

    def stop(self) -> None:
        logging.getLogger("werkzeug").removeHandler(self.log)
        self.server.stop()

    def env(self, endpoint: str | None = None) -> dict[str, str]:
        """Environment for a memsync process using this server (the standard AWS chain)."""
        return {**CREDENTIALS, "AWS_ENDPOINT_URL": endpoint or self.endpoint}

    def client(self) -> Any:
        import boto3

        return boto3.client(
            "s3",
            endpoint_url=self.endpoint,
            region_name="us-east-1",
            aws_access_key_id=CREDENTIALS["AWS_ACCESS_KEY_ID"],
            aws_secret_access_key=CREDENTIALS["AWS_SECRET_ACCESS_KEY"],
        )

    def new_bucket(self) -> str:
        name = f"b-{uuid.uuid4().hex[:12]}"
        self.client().create_bucket(Bucket=name)
        return name


class FlakyProxy:
    """A TCP proxy on 127.0.0.1 that resets or delays a share of connections.

    Bounded: it serves until ``stop()``, and each connection ends when either
    side closes. Deterministic for a given seed.
    """

    def __init__(
        self,
        upstream: tuple[str, int],
        reset_share: float = 0.1,
        delay_share: float = 0.1,
        delay: float = 0.3,
        seed: int = 1,
    ) -> None:
        self.upstream = upstream
        self.reset_share, self.delay_share, self.delay = reset_share, delay_share, delay
        self.random = random.Random(seed)
        self.resets = self.delays = self.connections = 0
        self._sock = socket.socket()
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(64)
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self._sock.getsockname()[1]}"

    def start(self) -> FlakyProxy:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._sock.close()
        self._thread.join(timeout=5)

    def _serve(self) -> None:
        while not self._stopping.is_set():
            try:
                client, _ = self._sock.accept()
            except OSError:
                return
            self.connections += 1
            roll = self.random.random()
            fate = "reset" if roll < self.reset_share else "delay" if roll < self.reset_share + self.delay_share else ""
            threading.Thread(target=self._pipe, args=(client, fate), daemon=True).start()

    def _pipe(self, client: socket.socket, fate: str) -> None:
        try:
            upstream = socket.create_connection(self.upstream, timeout=30)
        except OSError:
            client.close()
            return
        if fate == "delay":
            self.delays += 1
            time.sleep(self.delay)
        if fate == "reset":
            self.resets += 1
            try:
                client.recv(65536)  # let the request start, then cut it off
            finally:
                _reset(client)
                upstream.close()
            return
        threads = [
            threading.Thread(target=_copy, args=(a, b), daemon=True)
            for a, b in ((client, upstream), (upstream, client))
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        client.close()
        upstream.close()


def _copy(src: socket.socket, dst: socket.socket) -> None:
    try:
        while True:
            data = src.recv(65536)
            if not data:
                break
            dst.sendall(data)
    except OSError:
        pass
    finally:
        with contextlib.suppress(OSError):
            dst.shutdown(socket.SHUT_WR)


def _reset(sock: socket.socket) -> None:
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()
