"""Spec HTTP servers: ``http://host/path/`` and ``https://host/path/``.

Reading works against any server that serves the field's files under the
URL: ``SHA256SUMS`` when present, fetched with ``If-None-Match`` (servers
without ETags are versioned by the content's hash), else the names the
pages of ``index.md`` link to, else the links of a directory listing (nginx
autoindex, Apache, python's http.server); the field protocol then falls back
to ``/memoryfield.zip``.

Writing follows ``memsync serve``'s protocol (docs/FORMAT.md): conditional
``PUT`` and ``DELETE`` (``If-Match``, ``If-None-Match: *``; 412 when they
fail). Servers whose ETags are the quoted sha256 of the bytes (memsync
serve) let a push make page writes conditional on the planned content.

Credentials (HTTP Basic, in UTF-8: the URL's ``user:password@``, else
``MEMSYNC_HTTP_USER``/``MEMSYNC_HTTP_PASSWORD``, else netrc — ``$NETRC`` or
``~/.netrc``, which also give the password of a URL's lone ``user@``; an empty
``@`` names no one) are bound to the origin
(scheme, host, port) of the remote's URL: a redirect to another origin is
followed for reads without them, refused for writes, and the field's base
URL moves only within its origin, to where a file was found under its own
name. They are never printed.
"""

from __future__ import annotations

import datetime
import email.utils
import hashlib
import html.parser
import http.client
import json
import re
from collections.abc import Iterator, Mapping
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

import requests
import urllib3.connection
import urllib3.exceptions
import urllib3.response
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

from memsync.errors import MemsyncError, RemoteError, WorkspaceError
from memsync.limits import HEAD_DEADLINE, LISTING_LIMIT, MAX_REDIRECTS, RETRIED_READS
from memsync.names import FIELD_ARCHIVE_NAME, INDEX_PAGE, MANIFEST_NAME, OWN_NAMES, is_page, name_problem

from .base import (
    CHUNK,
    NOT_MODIFIED,
    WATCHDOG,
    Blob,
    Entry,
    NotFound,
    NotModified,
    Opened,
    PreconditionFailed,
    Store,
    TimedOut,
    TransferFailed,
    hang_up,
)
from .httpauth import as_utf8, credentials, origin

POOL_SIZE = 16
#: Starts a token whose ETag may not change when the file does (see _racy): such
#: a token is the content's sha256, then the ETag for conditional writes.
RACY = "racy "
_RETRIED_STATUS = re.compile(r"too many (\d{3}) error")
_MD_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_READS = ("GET", "HEAD")

_EXPLAINED = {
    401: "credentials missing or rejected (give them in the URL, netrc or MEMSYNC_HTTP_USER/MEMSYNC_HTTP_PASSWORD)",
    403: "access denied (the server refuses this request for these credentials)",
    404: "not found",
    405: "the server does not accept this method here (a read-only server?)",
    409: "the server refused the write as inconsistent",
    412: "another writer changed the field first: pull first",
    413: "the request body is too large for the server",
    501: "the server does not implement this method (a static server cannot be pushed to)",
}


class _OriginAuth(requests.auth.AuthBase):
    """HTTP Basic for one origin only; any other origin gets nothing (and,
    being an auth object, keeps requests from looking in netrc for it)."""

    def __init__(self, bound: tuple[str, str, int | None], credentials: tuple[str, str] | None) -> None:
        self.bound = bound
        self.credentials = credentials

    def __call__(self, request: requests.PreparedRequest) -> requests.PreparedRequest:
        if self.credentials is not None and request.url and origin(request.url) == self.bound:
            signed: requests.PreparedRequest = requests.auth.HTTPBasicAuth(*as_utf8(self.credentials))(request)
            return signed
        return request


class HttpStore(Store):
    complete_listing = False  # index.md or a directory page may leave files out
    offers_archive = True

    def __init__(self, url: str, options: Mapping[str, str] | None = None) -> None:
        super().__init__(url, options)
        self.base = url if url.endswith("/") else url + "/"
        try:
            self.origin = origin(self.base)
        except ValueError as exc:  # urllib's words for a bad port or an unclosed IPv6 bracket
            raise WorkspaceError(f"{url}: not a valid URL ({exc})") from None
        if not self.origin[1] or any(c.isspace() for c in url):
            raise WorkspaceError(f"{url}: not a valid URL (expected http(s)://HOST[:PORT]/PATH/)")
        self.session = _session()
        self.auth = _OriginAuth(self.origin, credentials(self.base))
        self._content_etags = False

    def where(self, name: str) -> str:
        return urljoin(self.base, name)

    # -- plumbing ---------------------------------------------------------------

    def _request(
        self, method: str, name: str, ok: tuple[int, ...], *, stream: bool = False, **kwargs: object
    ) -> requests.Response:
        """One request, redirects followed by hand so credentials stay with their
        origin; statuses outside ``ok`` become a one-line error."""
        url = self.where(name)
        for _ in range(MAX_REDIRECTS + 1):
            answer = self._send(method, url, stream=stream, **kwargs)
            if not answer.is_redirect:
                break
            answer.close()
            target = _redirect_target(url, answer.headers["Location"])
            if origin(target) != self.origin and method not in _READS:
                raise RemoteError(f"{url}: redirected to another origin ({target}); memsync sends no writes there")
            url = target
        else:
            raise RemoteError(f"{self.where(name)}: more than {MAX_REDIRECTS} redirects")
        if answer.status_code not in ok:
            error = _error(url, method, answer)
            answer.close()
            raise error
        moved = url != self.where(name) and url.rsplit("/", 1)[1] == name
        if moved and answer.status_code == 200 and origin(url) == self.origin:
            # A field file reached through redirects under its own name means the field
            # lives where they led: later requests (and relative links) go there directly.
            # Under another name (an archive kept as /downloads/field-v3.zip) it does not.
            self.base = url.rsplit("/", 1)[0] + "/"
        return answer

    def _send(self, method: str, url: str, **kwargs: Any) -> requests.Response:
        try:
            return self.session.request(
                method, url, auth=self.auth, allow_redirects=False, timeout=(self.timeout, self.timeout), **kwargs
            )
        except requests.exceptions.RetryError as exc:
            status = _RETRIED_STATUS.search(str(exc))
            code = status.group(1) if status else "5xx"
            raise RemoteError(f"{url}: {method} got {code}: server error, still failing after retries") from exc
        except requests.exceptions.SSLError as exc:
            raise RemoteError(f"{url}: TLS certificate or handshake failed") from exc
        except (requests.exceptions.ConnectTimeout, requests.exceptions.ReadTimeout) as exc:
            raise TimedOut(f"{url}: the server did not answer in time") from exc
        except requests.ConnectionError as exc:
            # Read timeouts that used up their retries arrive as a connection error.
            cause = getattr(exc.args[0] if exc.args else None, "reason", None)
            if isinstance(cause, urllib3.exceptions.ReadTimeoutError):
                raise TimedOut(f"{url}: the server did not answer in time (tried {1 + RETRIED_READS} times)") from exc
            raise RemoteError(f"{url}: cannot reach the server ({_reason(exc)})") from exc
        except requests.RequestException as exc:
            raise RemoteError(f"{url}: {type(exc).__name__}") from exc
        except ValueError as exc:
            # requests parses a redirect's Location even when it follows none.
            raise RemoteError(f"{url}: the server's answer does not parse ({exc})") from exc

    # -- reading ----------------------------------------------------------------

    def _open(self, name: str, if_none_match: str | None, max_bytes: int) -> Opened | NotModified:
        validator = if_none_match and not if_none_match.startswith(RACY)
        headers = {"If-None-Match": if_none_match} if validator else {}
        answer = self._request("GET", name, (200, 304, 404, 410), stream=True, headers=headers)
        if answer.status_code == 304:
            answer.close()
            if not validator:
                # "Not modified" since no version we named: nothing a reader can use.
                raise RemoteError(f"{answer.url}: answered 304 Not Modified to a request that named no version")
            return NOT_MODIFIED
        if answer.status_code in (404, 410):
            answer.close()
            raise NotFound(f"{self.where(name)}: not found")
        length = answer.headers.get("Content-Length", "")
        size = int(length) if length.isdigit() and not answer.headers.get("Content-Encoding") else None
        opened = Opened("", size, iter(()), answer.close, answer.headers.get("Content-Type", ""))
        opened.chunks = self._chunks(answer, opened)
        return opened

    def _chunks(self, answer: requests.Response, opened: Opened) -> Iterator[bytes]:
        digest = hashlib.sha256()
        try:
            # read1 hands over whatever arrived, so the deadline above sees a drip.
            while chunk := answer.raw.read1(CHUNK, decode_content=True):
                digest.update(chunk)
                yield chunk
        except (urllib3.exceptions.ReadTimeoutError, TimeoutError) as exc:
            raise TimedOut(f"{answer.url}: the server stopped sending") from exc
        except (urllib3.exceptions.HTTPError, OSError) as exc:
            raise TransferFailed(f"{answer.url}: transfer keeps failing ({type(exc).__name__})") from exc
        sha = digest.hexdigest()
        etag = answer.headers.get("ETag")
        # Servers without ETags (a plain static server) are versioned by content.
        opened.token = etag or sha
        if not self._learn(etag, sha) and etag and _racy(answer.headers):
            opened.token = f"{RACY}{sha} {etag}"

    def _learn(self, etag: str | None, sha: str) -> bool:
        """Whether ``etag`` is the quoted sha256 of the content it came with (memsync
        serve's): from then on page writes can be conditional on their content."""
        if etag != f'"{sha}"':
            return False
        self._content_etags = True
        return True

    def content_token(self, sha256: str) -> str | None:
        return f'"{sha256}"' if self._content_etags else None

    def exists(self) -> bool:
        answer = self._request("GET", MANIFEST_NAME, (200, 404, 410), stream=True)
        answer.close()
        return answer.status_code == 200 or bool(self.list())

    def list(self) -> list[Entry]:
        """Every file of a field that has no SHA256SUMS, from the best source the server offers."""
        for source in (self._names_from_index, self._names_from_listing):
            names = source()
            if names:
                return [Entry(n) for n in sorted(names)]
        return []

    def _page(self, name: str) -> Blob | None:
        try:
            blob = self.read(name, LISTING_LIMIT)
        except NotFound:
            return None
        except RemoteError as exc:
            if "got 403" in str(exc):  # a server that lists nothing
                return None
            raise
        assert isinstance(blob, Blob)
        return blob

    def _names_from_index(self) -> set[str]:
        blob = self._page(INDEX_PAGE)
        if blob is None:
            return set()
        text = blob.data.decode("utf-8", "replace")
        return {INDEX_PAGE} | {n for n in map(self._own_name, _MD_LINK.findall(text)) if n and is_page(n)}

    def _names_from_listing(self) -> set[str]:
        blob = self._page("")
        if blob is None or "html" not in blob.content_type:
            return set()
        links = _Links()
        links.feed(blob.data.decode("utf-8", "replace"))
        return {n for n in map(self._own_name, links.hrefs) if n}

    def _own_name(self, href: str) -> str | None:
        """The file name a link points at when it is a file directly in this field."""
        target = urljoin(self.base, href.strip())
        parts, base = urlsplit(target), urlsplit(self.base)
        if (parts.scheme, parts.netloc) != (base.scheme, base.netloc) or parts.query:
            return None
        path = unquote(parts.path)
        if not path.startswith(unquote(base.path)):
            return None
        name = path[len(unquote(base.path)) :]
        if name in OWN_NAMES or name == FIELD_ARCHIVE_NAME or name_problem(name):
            return None
        return name

    # -- writing ----------------------------------------------------------------

    def put(self, name: str, data: bytes, *, if_match: str | None = None, if_absent: bool = False) -> str:
        headers = {"If-Match": _etag(if_match)} if if_match else {"If-None-Match": "*"} if if_absent else {}
        answer = self._request("PUT", name, (200, 201, 204, 412), data=data, headers=headers)
        answer.close()
        if answer.status_code == 412:
            raise PreconditionFailed(f"{self.where(name)}: changed by another writer")
        sha = hashlib.sha256(data).hexdigest()
        etag = answer.headers.get("ETag")
        # Learnt from the lock a push writes first too: a push whose only read was a
        # 304 must still make its page writes conditional on their content.
        self._learn(etag, sha)
        return etag or sha

    def delete(self, name: str, *, if_match: str | None = None) -> None:
        headers = {"If-Match": _etag(if_match)} if if_match else {}
        answer = self._request("DELETE", name, (200, 204, 404, 410, 412), headers=headers)
        answer.close()
        if answer.status_code == 412:
            # If-Match fails on a file that is not there too (RFC 9110): gone is what a
            # delete wants (its own retried request had landed), not another writer's change.
            there = self._request("HEAD", name, (200, 404, 410))
            there.close()
            if there.status_code != 200:
                raise NotFound(f"{self.where(name)}: not found")
            raise PreconditionFailed(f"{self.where(name)}: changed by another writer")
        if answer.status_code in (404, 410) and if_match:
            raise NotFound(f"{self.where(name)}: not found")

    def close(self) -> None:
        self.session.close()


class _Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.hrefs += [value for key, value in attrs if key == "href" and value]


def _redirect_target(url: str, location: str) -> str:
    """Where a redirect from ``url`` leads: an http(s) URL, else a one-line error
    (a ``file://`` or other scheme, or a location that is no URL at all)."""
    try:
        target = urljoin(url, location)
        scheme, host, _ = origin(target)
    except ValueError:
        raise RemoteError(f"{url}: redirected to a malformed location {location[:200]!r}") from None
    if scheme not in ("http", "https") or not host:
        raise RemoteError(f"{url}: redirected to {target[:200]!r}; memsync follows redirects only to http(s) URLs")
    return target


def _racy(headers: Mapping[str, str]) -> bool:
    """Whether an ETag may stay the same when the file changes: servers such as
    nginx make it of the file's mtime in whole seconds and its size, so a file
    rewritten within the second it was served in, at its old size, keeps it. A
    Last-Modified not at least a second before the response's Date is such a
    second (git's racy index rule); the next read then asks for the whole file.
    So is one dated before ``_NO_VERSION_BEFORE``: the date every file has that
    was unzipped from a memoryfield.zip (its entries are all dated 1980-01-01) or
    built with a fixed epoch, every republished version's date too."""
    try:
        modified = _http_date(headers["Last-Modified"])
        return modified < _NO_VERSION_BEFORE or modified >= _http_date(headers["Date"])
    except (KeyError, TypeError, ValueError):
        return False


# A day after the zip epoch: unzip reads an entry's date in the server's own time zone.
_NO_VERSION_BEFORE = datetime.datetime(1980, 1, 2, 12, tzinfo=datetime.UTC)


def _http_date(text: str) -> datetime.datetime:
    # An HTTP-date is always UTC (RFC 9110 5.6.7), also in the obsolete asctime
    # form, which names no zone: the parser leaves that one without a time zone.
    when = email.utils.parsedate_to_datetime(text)
    return when if when.tzinfo is not None else when.replace(tzinfo=datetime.UTC)


def _etag(token: str) -> str:
    return token.rsplit(" ", 1)[-1] if token.startswith(RACY) else token


class _HeadDeadline(urllib3.connection.HTTPConnection):
    """A connection whose answer's head must arrive within HEAD_DEADLINE x the read timeout.

    The socket timeout bounds each wait for the next byte, so a server that sends
    its status line and headers a byte at a time would hold a request forever; the
    body is bounded above (``Store.read``), the head here: the watchdog cuts it."""

    def getresponse(self) -> urllib3.response.HTTPResponse:  # type: ignore[override]
        if not isinstance(self.timeout, int | float) or self.sock is None:
            return super().getresponse()
        key = WATCHDOG.watch(HEAD_DEADLINE * self.timeout, hang_up(self.sock))
        try:
            return super().getresponse()
        except (OSError, http.client.HTTPException) as exc:
            if WATCHDOG.release(key):
                # As a socket timeout, so urllib3 reports (and retries) it like any stalled read.
                raise TimeoutError("the answer's head did not arrive in time") from exc
            raise
        finally:
            WATCHDOG.release(key)


class _HeadDeadlineTLS(_HeadDeadline, urllib3.connection.HTTPSConnection):
    pass


class _Pool(urllib3.HTTPConnectionPool):
    ConnectionCls = _HeadDeadline


class _PoolTLS(urllib3.HTTPSConnectionPool):
    ConnectionCls = _HeadDeadlineTLS


class _Adapter(HTTPAdapter):
    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = {"http": _Pool, "https": _PoolTLS}


def _session() -> requests.Session:
    session = requests.Session()
    # Connection errors and 5xx are retried; a PUT retried after it landed is
    # recognised by its content (memsync.protocol), so writes are retried too.
    retry = Retry(
        total=4,
        connect=4,
        read=RETRIED_READS,
        status=3,
        redirect=0,
        backoff_factor=0.2,
        status_forcelist=(500, 502, 503, 504),
        allowed_methods=None,
        raise_on_status=True,
        raise_on_redirect=False,
        respect_retry_after_header=True,
    )
    adapter = _Adapter(max_retries=retry, pool_connections=POOL_SIZE, pool_maxsize=POOL_SIZE)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session


def _reason(exc: BaseException) -> str:
    text = str(exc)
    for known in ("Connection refused", "Name or service not known", "timed out", "Connection reset"):
        if known in text:
            return known.lower()
    return type(exc).__name__


def _error(url: str, method: str, answer: requests.Response) -> MemsyncError:
    status = answer.status_code
    reason = _printable(answer.reason or "")
    meaning = _EXPLAINED.get(status) or ("server error" if status >= 500 else reason or "unexpected answer")
    detail = _server_message(answer)
    return RemoteError(f"{url}: {method} got {status}: {meaning}" + (f" ({detail})" if detail else ""))


def _server_message(answer: requests.Response) -> str:
    """The one-line reason a memsync server gives in its JSON error body, if any
    (read no further than an error line needs)."""
    if "json" not in answer.headers.get("Content-Type", ""):
        return ""
    try:
        message = json.loads(answer.raw.read(4096, decode_content=True)).get("error", "")
    except (ValueError, AttributeError, OSError, requests.RequestException, urllib3.exceptions.HTTPError):
        return ""
    return _printable(str(message))


def _printable(text: str) -> str:
    """A server's words as one line that cannot steer the terminal: whitespace runs
    become one space, control characters (escape sequences, bells) are dropped."""
    return "".join(c for c in " ".join(text.split()) if c.isprintable())[:200]
