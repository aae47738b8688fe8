"""The Ollama embedder: ``nomic-embed-text`` over Ollama's HTTP API.

Inputs follow the reference tool so either tool can read the other's index:
``search_document: `` + the page's first 8192 bytes (UTF-8, errors ignored)
for pages, ``search_query: `` + the query for searches. The server is
``OLLAMA_HOST`` (default ``127.0.0.1:11434``), as for the ``ollama`` CLI.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from ..limits import OLLAMA_EMBED_TIMEOUT as EMBED_TIMEOUT
from ..limits import OLLAMA_PROBE_TIMEOUT as PROBE_TIMEOUT
from .embedders import EmbedderError, page_prefix

DEFAULT_HOST = "127.0.0.1:11434"


def base_url(host: str | None = None) -> str:
    """``OLLAMA_HOST`` in any of the forms Ollama accepts, as an http(s) base URL."""
    given = (host or os.environ.get("OLLAMA_HOST") or DEFAULT_HOST).strip().rstrip("/")
    parts = urlsplit(given if "://" in given else f"http://{given}")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 11434)
    except ValueError:
        raise EmbedderError(f"OLLAMA_HOST={given!r}: expected HOST[:PORT] or a URL") from None
    hostname = parts.hostname or "127.0.0.1"
    if hostname in ("0.0.0.0", "::"):
        hostname = "127.0.0.1"  # a bind-all address, as a server listens on; clients connect locally
    if ":" in hostname:
        hostname = f"[{hostname}]"
    return f"{parts.scheme}://{hostname}:{port}{parts.path}"


class OllamaEmbedder:
    name = "ollama"
    model = "nomic-embed-text"
    model_code = "nomic-embed-text-v1.5"
    dimension = 768

    def __init__(self, host: str | None = None) -> None:
        self.url = base_url(host)

    def document_input(self, page: bytes) -> str:
        return "search_document: " + page_prefix(page)

    def query_input(self, query: str) -> str:
        return "search_query: " + query

    def available(self) -> bool:
        """Ollama answers and has the model (pulling it is the user's call, not ours)."""
        try:
            tags = self._call("GET", "/api/tags", None, PROBE_TIMEOUT)
        except EmbedderError:
            return False
        names = [m.get("name", "") for m in tags.get("models", []) if isinstance(m, dict)]
        return any(n == self.model or n.startswith(f"{self.model}:") for n in names)

    def embed(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        answer = self._call("POST", "/api/embed", {"model": self.model, "input": texts}, EMBED_TIMEOUT)
        vectors = answer.get("embeddings")
        if not isinstance(vectors, list) or len(vectors) != len(texts):
            raise EmbedderError(f"Ollama at {self.url} sent no embeddings for {len(texts)} input(s)")
        for vector in vectors:
            if not isinstance(vector, list) or len(vector) != self.dimension:
                size = len(vector) if isinstance(vector, list) else type(vector).__name__
                raise EmbedderError(
                    f"Ollama at {self.url}: {self.model} sent a vector of {size} values, expected {self.dimension}"
                )
        return vectors

    def _call(self, method: str, path: str, body: Any, timeout: float) -> dict[str, Any]:
        try:
            return call(self.url, method, path, body, timeout)
        except Unreachable as exc:
            raise EmbedderError(f"{exc}; start it, set OLLAMA_HOST, or use --embedder builtin") from None


class Unreachable(EmbedderError):
    """Nothing answered at the Ollama URL: not running, or another host or port."""


def call(url: str, method: str, path: str, body: Any, timeout: float, max_bytes: int | None = None) -> dict[str, Any]:
    """One JSON request to the Ollama at ``url`` (``base_url``): its JSON object answer;
    any failure is one line (``EmbedderError``, ``Unreachable`` when nothing answered).
    ``max_bytes`` bounds the answer, for callers that ask Ollama about untrusted text."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url + path, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw = response.read() if max_bytes is None else response.read(max_bytes + 1)
    except urllib.error.HTTPError as exc:
        raise EmbedderError(f"Ollama at {url}{path}: HTTP {exc.code}: {_error_text(exc)}") from None
    except TimeoutError:  # the server took the request but did not answer within ``timeout``
        raise EmbedderError(f"Ollama at {url}{path} did not answer within {timeout:g} s") from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise Unreachable(f"Ollama is not reachable at {url} ({reason})") from None
    if max_bytes is not None and len(raw) > max_bytes:
        raise EmbedderError(f"Ollama at {url}{path} answered with more than {max_bytes} bytes")
    try:
        answer = json.loads(raw)
    except ValueError:
        raise EmbedderError(f"Ollama at {url}{path} answered with something that is not JSON") from None
    if not isinstance(answer, dict):
        raise EmbedderError(f"Ollama at {url}{path} answered with unexpected JSON")
    return answer


def _error_text(exc: urllib.error.HTTPError) -> str:
    # Ollama explains failures as {"error": "..."}, e.g. a model that was never pulled.
    try:
        message = json.loads(exc.read()).get("error")
    except (ValueError, AttributeError, OSError):
        message = None
    return " ".join(str(message or exc.reason).split())
