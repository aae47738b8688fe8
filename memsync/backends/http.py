"""Spec HTTP servers: ``http://host/path/`` and ``https://host/path/``.

Reading works against any server that serves the field's files under the URL:

- ``SHA256SUMS`` when present, fetched with ``If-None-Match`` so a no-op pull
  is one request answered 304 (servers without ETags are compared by hash);
- else the pages ``index.md`` links to, else the links of a directory
  listing page (nginx autoindex, Apache, python's http.server), else the
  entries of ``/memoryfield.zip``.

Writing follows ``memsync serve``'s protocol (docs/FORMAT.md): PUT changed
files, DELETE removed ones, then PUT ``SHA256SUMS`` with ``If-Match: <the
ETag the push planned against>`` (``If-None-Match: *`` for a new field); a 412
means another writer got there first. Servers whose ``SHA256SUMS`` ETag is
the quoted sha256 of its bytes use content-hash ETags for every file, so page
writes are made conditional on the page the push planned against as well.

HTTP Basic credentials come from netrc (``NETRC`` or ``~/.netrc``) or
``MEMSYNC_HTTP_USER``/``MEMSYNC_HTTP_PASSWORD``; they are never printed.
"""

from __future__ import annotations

import html.parser
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from urllib.parse import unquote, urljoin, urlsplit

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

from memsync.archive import open_archive
from memsync.errors import MemsyncError, PullFirst, RemoteError
from memsync.manifest import Manifest, sha256_hex
from memsync.names import INDEX_PAGE, MANIFEST_NAME, SIGNATURE_NAME, is_page, name_problem

from .base import NOT_MODIFIED, Backend, ManifestFile, NotModified, Writer

ARCHIVE_NAME = "memoryfield.zip"
MAX_REDIRECTS = 5
TIMEOUT = (5, 60)  # connect, read (seconds)
POOL_SIZE = 16
_RETRIED_STATUS = re.compile(r"too many (\d{3}) error")
_MD_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")

_EXPLAINED = {
    401: "credentials missing or rejected (set them in netrc or MEMSYNC_HTTP_USER/MEMSYNC_HTTP_PASSWORD)",
    403: "access denied (the server refuses this request for these credentials)",
    404: "not found",
    405: "the server does not accept this method here (a read-only server?)",
    409: "the server refused the write as inconsistent",
    412: "another writer changed the field first: pull first",
    413: "the request body is too large for the server",
    501: "the server does not implement this method (a static server cannot be pushed to)",
}


class HttpBackend(Backend):
    def __init__(self, url: str, options: Mapping[str, str] | None = None) -> None:
        super().__init__(url, options)
        self.base = url if url.endswith("/") else url + "/"
        self.session = _session()
        self._archive: dict[str, bytes] | None = None

    # -- plumbing ---------------------------------------------------------------

    def _url(self, name: str) -> str:
        return urljoin(self.base, name)

    def _request(self, method: str, name: str, ok: tuple[int, ...], **kwargs: object) -> requests.Response:
        """One request; statuses outside ``ok`` become a one-line RemoteError."""
        url = self._url(name)
        try:
            answer = self.session.request(method, url, timeout=TIMEOUT, **kwargs)  # type: ignore[arg-type]
        except requests.TooManyRedirects:
            raise RemoteError(f"{url}: more than {MAX_REDIRECTS} redirects") from None
        except requests.exceptions.RetryError as exc:
            status = _RETRIED_STATUS.search(str(exc))
            code = status.group(1) if status else "5xx"
            raise RemoteError(f"{url}: {method} got {code}: server error, still failing after retries") from None
        except requests.exceptions.SSLError:
            raise RemoteError(f"{url}: TLS certificate or handshake failed") from None
        except (requests.ConnectionError, requests.Timeout) as exc:
            raise RemoteError(f"{url}: cannot reach the server ({_reason(exc)})") from None
        except requests.RequestException as exc:
            raise RemoteError(f"{url}: {type(exc).__name__}") from None
        if answer.status_code not in ok:
            raise _error(url, method, answer)
        return answer

    def _follow(self, answer: requests.Response) -> None:
        """A field file reached through redirects means the field lives where they
        led: later requests (and relative links in listings) go there directly."""
        if answer.history and answer.status_code == 200:
            self.base = answer.url.rsplit("/", 1)[0] + "/"

    # -- reading ----------------------------------------------------------------

    def exists(self) -> bool:
        return self.fetch_manifest() is not None or bool(self.list_names())

    def fetch_manifest(self, if_none_match: str | None = None) -> ManifestFile | NotModified | None:
        headers = {"If-None-Match": if_none_match} if if_none_match else {}
        answer = self._request("GET", MANIFEST_NAME, (200, 304, 404, 410), headers=headers)
        if answer.status_code == 304:
            return NOT_MODIFIED
        if answer.status_code in (404, 410):
            return None
        self._follow(answer)
        data = answer.content
        # Servers without ETags (a plain static server) are versioned by content.
        etag = answer.headers.get("ETag") or sha256_hex(data)
        if etag == if_none_match:
            return NOT_MODIFIED
        signature = self._request("GET", SIGNATURE_NAME, (200, 404, 410))
        return ManifestFile(data, etag, signature.content if signature.status_code == 200 else None)

    def list_names(self) -> list[str]:
        """Every file of a field that has no SHA256SUMS, from the best source the server offers."""
        for source in (self._names_from_index, self._names_from_listing, self._names_from_archive):
            names = source()
            if names:
                return sorted(names)
        return []

    def _names_from_index(self) -> set[str]:
        answer = self._request("GET", INDEX_PAGE, (200, 404, 410))
        if answer.status_code != 200:
            return set()
        self._follow(answer)
        text = answer.content.decode("utf-8", "replace")
        return {INDEX_PAGE} | {n for n in map(self._own_name, _MD_LINK.findall(text)) if n and is_page(n)}

    def _names_from_listing(self) -> set[str]:
        answer = self._request("GET", "", (200, 404, 403))
        if answer.status_code != 200 or "html" not in answer.headers.get("Content-Type", ""):
            return set()
        self._follow(answer)
        links = _Links()
        links.feed(answer.text)
        return {n for n in map(self._own_name, links.hrefs) if n}

    def _names_from_archive(self) -> set[str]:
        answer = self._request("GET", ARCHIVE_NAME, (200, 404, 410))
        if answer.status_code != 200:
            return set()
        with open_archive(answer.content, where=self._url(ARCHIVE_NAME)) as archive:
            self._archive = dict(archive.files())
        return set(self._archive)

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
        if name in (MANIFEST_NAME, SIGNATURE_NAME, ARCHIVE_NAME) or name_problem(name):
            return None
        return name

    def get(self, name: str) -> bytes:
        if self._archive is not None:
            try:
                return self._archive[name]
            except KeyError:
                raise RemoteError(f"{self._url(ARCHIVE_NAME)}: {name!r} is not in the archive") from None
        answer = self._request("GET", name, (200, 404, 410))
        if answer.status_code != 200:
            raise RemoteError(f"{self._url(name)}: listed but missing (404)")
        return answer.content

    # -- writing ----------------------------------------------------------------

    @contextmanager
    def transaction(self, expected_etag: str | None) -> Iterator[Writer]:
        current = self.fetch_manifest()
        current_etag = current.etag if isinstance(current, ManifestFile) else None
        if current_etag != expected_etag:
            raise PullFirst(f"{self.url} changed since you last synced: pull first")
        planned: Manifest | None = None
        if isinstance(current, ManifestFile) and current.etag == f'"{sha256_hex(current.data)}"':
            planned = Manifest.parse(current.data, where=self._url(MANIFEST_NAME))
        yield _HttpWriter(self, expected_etag, planned)

    def close(self) -> None:
        self.session.close()


class _HttpWriter(Writer):
    """Writes for one push. ``planned`` (content-hash servers only) is the manifest
    the push planned against: page writes are conditional on it."""

    def __init__(self, backend: HttpBackend, expected_etag: str | None, planned: Manifest | None) -> None:
        self.backend = backend
        self.expected_etag = expected_etag
        self.planned = planned

    def _condition(self, name: str) -> dict[str, str]:
        if self.planned is None:
            return {}
        if name in self.planned:
            return {"If-Match": f'"{self.planned[name]}"'}
        return {"If-None-Match": "*"}

    def put(self, name: str, data: bytes) -> None:
        b = self.backend
        answer = b._request("PUT", name, (200, 201, 204, 412), data=data, headers=self._condition(name))
        if answer.status_code == 412 and not self._landed(name, sha256_hex(data)):
            raise PullFirst(f"{b._url(name)}: another writer changed it first: pull first")

    def delete(self, name: str) -> None:
        b = self.backend
        answer = b._request("DELETE", name, (200, 204, 404, 410, 412), headers=self._condition(name))
        if answer.status_code == 412 and not self._landed(name, None):
            raise PullFirst(f"{b._url(name)}: another writer changed it first: pull first")

    def _landed(self, name: str, sha: str | None) -> bool:
        """Whether a write refused as stale is in fact our own retried write that had landed."""
        answer = self.backend._request("GET", name, (200, 404, 410))
        if answer.status_code != 200:
            return sha is None
        return sha256_hex(answer.content) == sha

    def commit(self, manifest: bytes, signature: bytes | None, message: str) -> str:
        b = self.backend
        condition = {"If-Match": self.expected_etag} if self.expected_etag else {"If-None-Match": "*"}
        answer = b._request("PUT", MANIFEST_NAME, (200, 201, 204, 412), data=manifest, headers=condition)
        if answer.status_code == 412:
            current = b.fetch_manifest()
            if not (isinstance(current, ManifestFile) and current.data == manifest):
                raise PullFirst(f"{b.url}: another writer committed first: pull first")
            etag = current.etag  # a retry of our own commit that had landed
        else:
            etag = answer.headers.get("ETag") or sha256_hex(manifest)
        # The signature follows the manifest it signs, conditional on it; a reader
        # in between sees an unsigned manifest, never a signature of another one.
        if signature is not None:
            b._request("PUT", SIGNATURE_NAME, (200, 201, 204), data=signature, headers={"If-Match": etag})
        else:
            b._request("DELETE", SIGNATURE_NAME, (200, 204, 404, 410))
        return etag


class _Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.hrefs += [value for key, value in attrs if key == "href" and value]


def _session() -> requests.Session:
    session = requests.Session()
    session.max_redirects = MAX_REDIRECTS
    # Connection errors and 5xx are retried; a PUT retried after it landed is
    # recognised by its content (see _HttpWriter), so writes are retried too.
    retry = Retry(
        total=4,
        connect=4,
        read=2,
        status=3,
        backoff_factor=0.2,
        status_forcelist=(500, 502, 503, 504),
        allowed_methods=None,
        raise_on_status=True,
        respect_retry_after_header=True,
    )
    adapter = HTTPAdapter(max_retries=retry, pool_connections=POOL_SIZE, pool_maxsize=POOL_SIZE)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    user, password = os.environ.get("MEMSYNC_HTTP_USER"), os.environ.get("MEMSYNC_HTTP_PASSWORD")
    if user and password is not None:
        session.auth = (user, password)
    # Otherwise requests reads netrc (NETRC or ~/.netrc) for the host on each request.
    return session


def _reason(exc: BaseException) -> str:
    text = str(exc)
    for known in ("Connection refused", "Name or service not known", "timed out", "Connection reset"):
        if known in text:
            return known.lower()
    return type(exc).__name__


def _error(url: str, method: str, answer: requests.Response) -> MemsyncError:
    status = answer.status_code
    if status == 412:
        return PullFirst(f"{url}: {_EXPLAINED[412]}")
    meaning = _EXPLAINED.get(status) or ("server error" if status >= 500 else answer.reason or "unexpected answer")
    detail = _server_message(answer)
    return RemoteError(f"{url}: {method} got {status}: {meaning}" + (f" ({detail})" if detail else ""))


def _server_message(answer: requests.Response) -> str:
    """The one-line reason a memsync server gives in its JSON error body, if any."""
    if "json" not in answer.headers.get("Content-Type", ""):
        return ""
    try:
        message = answer.json().get("error", "")
    except (ValueError, AttributeError):
        return ""
    return " ".join(str(message).split())[:200]
