"""The httpx client under a WebDAV remote (``fsspec_store.WebdavStore``), held to
the HTTP remote's rules: HTTP Basic credentials (UTF-8) only to the origin of
the remote's URL, also after redirects (httpx keeps them for an http→https
one), and no answer read whole past a bound.

webdav4 reads every answer but a file's GET whole into memory, and a
``PROPFIND`` answer is then parsed whole: within its deadline a server on a
fast link could send gigabytes. So a listing's answer may take what a whole
listing may (``LISTING_BYTES``: 512 bytes an entry, ``MAX_LISTED`` entries)
and is refused past it; an error's or a redirect's body, which memsync never
reads, is cut at ``ERROR_BYTES``. A GET's body is left alone: ``Store.read``
bounds it as it streams.

Imported only when a WebDAV remote is used: httpx comes with ``memsync[webdav]``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
from webdav4.client import Client
from webdav4.http import Client as HTTPClient

from memsync.limits import ERROR_BYTES, LISTING_BYTES

from .base import TooLarge
from .httpauth import as_utf8, origin


class _Capped(httpx.SyncByteStream):
    """An answer's body, refused (``where`` set) or cut past ``limit`` bytes."""

    def __init__(self, stream: httpx.SyncByteStream, limit: int, where: str | None) -> None:
        self.stream, self.limit, self.where = stream, limit, where

    def __iter__(self) -> Iterator[bytes]:
        got = 0
        for chunk in self.stream:
            got += len(chunk)
            if got > self.limit:
                if self.where is not None:
                    raise TooLarge(f"{self.where}: the server's answer is over {self.limit} bytes; refused")
                yield chunk[: len(chunk) - (got - self.limit)]
                return
            yield chunk

    def close(self) -> None:
        self.stream.close()


def client(base: str, credentials: tuple[str, str] | None, timeout: float, where: str) -> Any:
    """A webdav4 client for the server at ``base``; ``where`` names the remote in errors."""
    bound = origin(base)

    def only_to_origin(request: httpx.Request) -> None:
        # Each request of a redirect chain comes here before it is sent.
        if origin(str(request.url)) != bound:
            request.headers.pop("Authorization", None)

    def capped(response: httpx.Response) -> None:
        body = response.stream
        if not isinstance(body, httpx.SyncByteStream) or (response.request.method == "GET" and response.is_success):
            return  # a file's body: Store.read streams and bounds it
        if response.is_success:
            response.stream = _Capped(body, LISTING_BYTES, f"{where} ({response.request.method})")
        else:
            response.stream = _Capped(body, ERROR_BYTES, None)

    http = HTTPClient(
        base_url=base,
        auth=httpx.BasicAuth(*as_utf8(credentials)) if credentials is not None else None,
        timeout=timeout,
        event_hooks={"request": [only_to_origin], "response": [capped]},
    )
    return Client(base, http_client=http)
