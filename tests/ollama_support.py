"""A small local server speaking Ollama's HTTP API, counting what it is asked.

Ollama itself cannot be installed here, so tests and benchmarks exercise the
``ollama`` embedder against this: ``GET /`` and ``GET /api/tags`` for the
reachability probe, ``POST /api/embed`` for batched embeddings. Vectors are
deterministic in the input text and cheap to serve (picked from a precomputed
pool by the input's hash), so a benchmark measures the client, not the fake.

``POST /api/chat`` answers the review's judge (non-streaming, as Ollama does
with ``"stream": false``): a scripted verdict, ``harmful`` when the page holds
one of ``HARMFUL`` and ``benign`` otherwise, or, by ``chat_mode``, a judge
that is slow (answers after ``chat_delay`` seconds), answers garbage (content
that is no verdict) or fails (HTTP 500).
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

POOL_SIZE = 256
#: Text that makes the scripted judge call a page harmful.
HARMFUL = ("ignore all previous instructions", "ignorez toutes les instructions")
CHAT_MODES = ("ok", "slow", "garbage", "error")


class FakeOllama:
    def __init__(self, model: str = "nomic-embed-text", dimension: int = 768) -> None:
        self.model = model
        self.dimension = dimension
        self.calls: list[list[str]] = []  # the inputs of each /api/embed call, in order
        self.probes = 0
        self.chat_models = {"tiny-judge"}  # the models /api/chat knows
        self.chats: list[dict[str, object]] = []  # each /api/chat request, in order
        self.chat_mode = "ok"
        self.chat_delay = 0.0
        self._lock = threading.Lock()
        rng = random.Random(0)
        self._pool = [
            ",".join(f"{rng.uniform(-1, 1):.6f}" for _ in range(dimension)).encode() for _ in range(POOL_SIZE)
        ]
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def host(self) -> str:
        """What OLLAMA_HOST would be set to for this server."""
        return f"127.0.0.1:{self._server.server_address[1]}"

    @property
    def inputs(self) -> list[str]:
        return [text for call in self.calls for text in call]

    def reset(self) -> None:
        with self._lock:
            self.calls.clear()
            self.chats.clear()
            self.probes = 0
            self.chat_mode = "ok"
            self.chat_delay = 0.0

    def start(self) -> FakeOllama:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def verdict(self, request: dict[str, object]) -> dict[str, str]:
        """The scripted judge: harmful when the page (the last message) holds one of ``HARMFUL``."""
        messages = request.get("messages")
        text = str(messages[-1].get("content", "")) if isinstance(messages, list) and messages else ""
        if any(words in text.lower() for words in HARMFUL):
            return {"verdict": "harmful", "reason": "It tells the assistant to drop its instructions."}
        return {"verdict": "benign", "reason": "Ordinary notes."}

    def vector_json(self, text: str) -> bytes:
        digest = hashlib.sha256(text.encode()).digest()
        return b"[" + self._pool[int.from_bytes(digest[:4], "big") % POOL_SIZE] + b"]"


def _handler(fake: FakeOllama) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            with fake._lock:
                fake.probes += 1
            if self.path == "/":
                self._send(200, b"Ollama is running", "text/plain")
            elif self.path == "/api/tags":
                body = {"models": [{"name": f"{fake.model}:latest", "model": f"{fake.model}:latest"}]}
                self._send(200, json.dumps(body).encode())
            else:
                self._send(404, b'{"error": "not found"}')

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", 0))
            try:
                request = json.loads(self.rfile.read(length))
            except ValueError:
                self._send(400, b'{"error": "invalid JSON"}')
                return
            if self.path == "/api/chat":
                self._chat(request)
                return
            if self.path != "/api/embed":
                self._send(404, b'{"error": "not found"}')
                return
            if request.get("model") not in (fake.model, f"{fake.model}:latest"):
                message = f"model {request.get('model')!r} not found, try pulling it first"
                self._send(404, json.dumps({"error": message}).encode())
                return
            inputs = request.get("input")
            inputs = [inputs] if isinstance(inputs, str) else list(inputs)
            with fake._lock:
                fake.calls.append(inputs)
            vectors = b",".join(fake.vector_json(text) for text in inputs)
            self._send(200, b'{"model": "%s", "embeddings": [%s]}' % (fake.model.encode(), vectors))

        def _chat(self, request: dict[str, object]) -> None:
            with fake._lock:
                fake.chats.append(request)
                mode, delay = fake.chat_mode, fake.chat_delay
            if request.get("model") not in fake.chat_models:
                message = f"model {request.get('model')!r} not found, try pulling it first"
                self._send(404, json.dumps({"error": message}).encode())
                return
            if mode == "slow":
                time.sleep(delay)
            if mode == "error":
                self._send(500, b'{"error": "model runner has unexpectedly stopped"}')
                return
            content = "Sure! Here is what I think." if mode == "garbage" else json.dumps(fake.verdict(request))
            answer = {
                "model": request.get("model"),
                "message": {"role": "assistant", "content": content},
                "done": True,
            }
            self._send(200, json.dumps(answer).encode())

        def _send(self, status: int, body: bytes, kind: str = "application/json") -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    return Handler
