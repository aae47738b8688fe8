"""``memsync serve``: the spec's HTTP transport for local fields, as a WSGI app under waitress.

URL layout (one field at ``/``, several at ``/NAME/``; docs/FORMAT.md):
``GET /`` (index.md, or an HTML listing), ``GET /{file}``, ``GET /SHA256SUMS``
and ``/SHA256SUMS.sig``, ``GET /memoryfield.zip`` (also ``/NAME.memoryfield.zip``),
``GET /search?p=TERMS[&k=N]`` (JSON from the field's vector index, kept
current on every write); with credentials, ``PUT``/``DELETE /{file}`` and
``PUT /SHA256SUMS`` (``PUT``/``DELETE`` of the sidecars: ``/SHA256SUMS.sig``,
``/memsync-release.json(.sig)``, ``/memsync-keys.json``).

The server keeps each field's ``SHA256SUMS`` equal to what the folder holds:
every write replaces the file, then rewrites the manifest, under one lock
per field (a thread lock plus ``flock`` on the folder, the lock local pushes
take), so a reader never sees a manifest that lies about a finished write.
File ETags are the quoted sha256 of the bytes; a client makes a page write
conditional with ``If-Match`` on the version it planned against, and a push
ends with ``PUT /SHA256SUMS`` carrying the manifest it expects: accepted when
it lists exactly what the field now holds, 412 when the field moved and it
does not, 409 when nothing moved but it still lists other files.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import errno
import hmac
import html
import ipaddress
import json
import logging
import mimetypes
import os
import socket
import stat
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import click

from . import release, rotation
from .archive import ARCHIVE_SUFFIX, pack_field
from .disk import atomic
from .engine import write_manifest
from .errors import InputError, MemsyncError, WorkspaceError, one_line
from .field import StatCache, scan
from .limits import MAX_BODY_BYTES
from .limits import MAX_SEARCH_RESULTS as MAX_RESULTS
from .limits import SERVE_LOCK_WAIT_SECONDS as LOCK_WAIT_SECONDS
from .manifest import Manifest, sha256_hex
from .names import (
    INDEX_PAGE,
    KEYS_NAME,
    MANIFEST_NAME,
    RELEASE_NAME,
    SIDECAR_NAMES,
    SIGNATURE_NAME,
    Role,
    is_page,
    name_problem,
    role_of,
)
from .protocol import LOCK_NAME
from .ssh import sshsig
from .vectors import embedders
from .vectors.embedders import Embedder
from .vectors.rebuild import rebuild
from .vectors.search import FieldHit
from .vectors.search import search as search_index

ARCHIVE_PATH = "memoryfield.zip"
WRITE_METHODS = ("PUT", "DELETE")
StartResponse = Callable[[str, list[tuple[str, str]]], Any]
access_log = logging.getLogger("memsync.serve.access")
log = logging.getLogger("memsync.serve")


class HttpError(Exception):
    """A request we refuse; becomes a JSON ``{"error": ...}`` answer."""

    def __init__(self, status: int, message: str, headers: Iterable[tuple[str, str]] = ()) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = list(headers)


@dataclass
class Reply:
    status: int
    body: bytes = b""
    content_type: str = "application/octet-stream"
    etag: str | None = None
    headers: list[tuple[str, str]] = field(default_factory=list)


_REASONS = {
    200: "OK",
    201: "Created",
    204: "No Content",
    301: "Moved Permanently",
    304: "Not Modified",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    409: "Conflict",
    411: "Length Required",
    412: "Precondition Failed",
    413: "Content Too Large",
    428: "Precondition Required",
    500: "Internal Server Error",
    501: "Not Implemented",
    503: "Service Unavailable",
}


def quote_etag(sha: str) -> str:
    return f'"{sha}"'


class ServedField:
    """One field folder and the lock that serialises its writes."""

    def __init__(self, name: str, root: Path) -> None:
        self.name = name
        self.root = root
        self._thread_lock = threading.Lock()
        self._statcache = StatCache()
        self._archive: tuple[str, bytes] | None = None  # (etag, archive bytes)
        self.embedder: Embedder | None = None  # None: no vector index, search answers 501
        self._index_lock = threading.Lock()

    @contextmanager
    def locked(self) -> Iterator[None]:
        if not self._thread_lock.acquire(timeout=LOCK_WAIT_SECONDS):
            raise HttpError(503, "the field is busy; try again", [("Retry-After", "1")])
        try:
            fd = os.open(self.root, os.O_RDONLY | os.O_DIRECTORY)
            try:
                _flock(fd)
                yield
            finally:
                os.close(fd)  # releases the flock
        finally:
            self._thread_lock.release()

    def sidecar(self, name: str) -> bytes | None:
        """A sidecar of the field's current manifest (dropped whenever the manifest changes)."""
        with self.locked():
            self.refresh_locked()
            return _read_or_none(self.root / name)

    def snapshot(self) -> tuple[bytes, bytes | None]:
        """The field's manifest as it holds now (rewriting SHA256SUMS if it is stale)
        and the signature when it signs exactly that manifest."""
        with self.locked():
            return self.refresh_locked()

    def refresh_locked(self) -> tuple[bytes, bytes | None]:
        """``snapshot`` for a caller that holds the lock."""
        try:
            manifest = scan(self.root, self._statcache)
        except InputError as exc:
            # Named within the field: a client learns nothing of the server's folders.
            raise HttpError(500, f"the served field is not valid: {str(exc).removeprefix(f'{self.root}: ')}") from None
        data = manifest.to_bytes()
        on_disk = _read_or_none(self.root / MANIFEST_NAME)
        signature = _read_or_none(self.root / SIGNATURE_NAME) if on_disk == data else None
        if on_disk != data:
            # A read-only folder is still served: its manifest then lives in memory.
            with contextlib.suppress(OSError):
                write_manifest(self.root, manifest, {})
        return data, signature

    def reindex(self) -> None:
        """Bring the vector index up to date (only changed pages are embedded).

        Runs after the write's lock is released, so readers and writers of
        the field do not wait for the embedder; a failure leaves the old index."""
        if self.embedder is None:
            return
        with self._index_lock:
            try:
                rebuild(self.root, self.embedder)
            except (MemsyncError, OSError) as exc:
                log.warning("%s: vector index not rebuilt: %s", self.name, exc)

    def archive(self) -> tuple[str, bytes]:
        """The reproducible archive and its ETag (the field digest, plus the signature when signed)."""
        with self.locked():
            data, signature = self.refresh_locked()
            etag = "sha256:" + sha256_hex(data)
            if signature is not None:
                etag += "+sig-" + sha256_hex(signature)[:16]
            etag = quote_etag(etag)
            if self._archive is None or self._archive[0] != etag:
                self._archive = (etag, pack_field(self.root).data)
            return self._archive


class App:
    """The WSGI application for one or several fields."""

    def __init__(self, fields: dict[str, ServedField], users: dict[str, str], *, read_only: bool = False) -> None:
        self.fields = fields
        self.users = users
        self.read_only = read_only
        self.single = next(iter(fields.values())) if len(fields) == 1 else None

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        method = environ["REQUEST_METHOD"].upper()
        # The request's own words, for the logs: a %0A in a path must not forge a line.
        request = one_line(f"{method} {environ.get('PATH_INFO', '')}")
        try:
            reply = self.route(method, environ)
        except OSError as exc:
            log.error("%s: %s", request, exc)
            reply = _error_reply(HttpError(500, f"the server cannot read or write the field: {exc.strerror or exc}"))
        except HttpError as exc:
            reply = _error_reply(exc)
        except InputError as exc:  # a link or a special file where a write would land: left as it is
            log.error("%s: %s", request, exc)
            reply = _error_reply(HttpError(409, "the field holds a link or a special file there; nothing was changed"))
        headers = [("Content-Type", reply.content_type), ("Content-Length", str(len(reply.body)))]
        if reply.etag:
            headers.append(("ETag", reply.etag))
        headers += reply.headers
        start_response(f"{reply.status} {_REASONS.get(reply.status, '')}".rstrip(), headers)
        # One line per request; the Authorization header is never logged.
        access_log.info(
            '%s "%s" %d %d',
            environ.get("REMOTE_ADDR", "-"),
            request,
            reply.status,
            len(reply.body),
        )
        return [b"" if method == "HEAD" else reply.body]

    # -- routing ------------------------------------------------------------------

    def route(self, method: str, environ: dict[str, Any]) -> Reply:
        try:
            path = environ.get("PATH_INFO", "").encode("latin-1").decode("utf-8")
        except UnicodeError:
            raise HttpError(400, "the path is not UTF-8") from None
        if self.single is not None:
            served, rest = self.single, path.removeprefix("/")
        else:
            name, slash, rest = path.removeprefix("/").partition("/")
            if not name:
                if method not in ("GET", "HEAD"):
                    raise HttpError(405, f"{method} is not supported here", [("Allow", "GET, HEAD")])
                return _field_list(self.fields)
            archive_of = name.removesuffix(ARCHIVE_SUFFIX)
            if not slash and archive_of != name and archive_of in self.fields:
                if method not in ("GET", "HEAD"):
                    raise HttpError(405, "archives are read-only", [("Allow", "GET, HEAD")])
                return self.read(self.fields[archive_of], ARCHIVE_PATH, environ)
            if name not in self.fields:
                raise HttpError(404, f"no field named {name!r} here")
            served = self.fields[name]
            if not slash:
                return Reply(301, headers=[("Location", f"/{name}/")])
        if method in WRITE_METHODS:
            return self.write(method, served, rest, environ)
        if method not in ("GET", "HEAD"):
            raise HttpError(405, f"{method} is not supported", [("Allow", "GET, HEAD, PUT, DELETE")])
        return self.read(served, rest, environ)

    # -- reading ------------------------------------------------------------------

    def read(self, served: ServedField, rest: str, environ: dict[str, Any]) -> Reply:
        if rest == "":
            return _front_page(served)
        if rest in (ARCHIVE_PATH, served.name + ARCHIVE_SUFFIX):
            etag, data = served.archive()
            return _conditional(environ, Reply(200, data, "application/zip", etag))
        if rest == "search":
            return _search(served, environ)
        if rest == MANIFEST_NAME:
            data, _ = served.snapshot()
            return _conditional(environ, Reply(200, data, "text/plain; charset=utf-8", quote_etag(sha256_hex(data))))
        if rest in SIDECAR_NAMES:
            sidecar = served.sidecar(rest)
            if sidecar is None:
                raise HttpError(404, f"the field has no {rest} for its current SHA256SUMS")
            return _conditional(environ, Reply(200, sidecar, "text/plain", quote_etag(sha256_hex(sidecar))))
        if rest == LOCK_NAME:
            lock = _read_or_none(served.root / LOCK_NAME)
            if lock is None:
                raise HttpError(404, "no writer holds the lock")
            return _conditional(environ, Reply(200, lock, "application/json", quote_etag(sha256_hex(lock))))
        if "/" in rest or name_problem(rest) or role_of(rest) is not Role.CONTENT:
            raise HttpError(404, "not a file of this field")
        page = _read_or_none(served.root / rest)
        if page is None:
            raise HttpError(404, f"{rest} is not in this field")
        return _conditional(environ, Reply(200, page, _content_type(rest), quote_etag(sha256_hex(page))))

    # -- writing ------------------------------------------------------------------

    def write(self, method: str, served: ServedField, rest: str, environ: dict[str, Any]) -> Reply:
        self._authorize(environ)
        if rest == MANIFEST_NAME:
            if method != "PUT":
                raise HttpError(405, "SHA256SUMS cannot be deleted; delete the files instead", [("Allow", "GET, PUT")])
            return _commit(served, _body(environ), environ)
        if rest in (*SIDECAR_NAMES, LOCK_NAME) and method == "DELETE":
            return _drop(served, rest, environ)
        if rest in SIDECAR_NAMES:
            return _put_sidecar(served, rest, _body(environ), environ)
        if rest == LOCK_NAME:
            return _put_lock(served, _body(environ), environ)
        if "/" in rest or rest in ("", ".", ".."):
            raise HttpError(400, "a field is flat: name one file directly in it")
        problem = name_problem(rest)
        if problem:
            raise HttpError(400, problem)
        if role_of(rest) is not Role.CONTENT:
            raise HttpError(403, f"{rest!r} is not a content file (hidden, derived or memsync's own)")
        if method == "DELETE":
            return _delete(served, rest, environ)
        data = _body(environ)
        if is_page(rest):
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                raise HttpError(400, f"{rest} is not UTF-8 text; pages must be") from None
        return _put(served, rest, data, environ)

    def _authorize(self, environ: dict[str, Any]) -> None:
        if self.read_only:
            raise HttpError(405, "this server is read-only", [("Allow", "GET, HEAD")])
        if not self.users:
            raise HttpError(403, "writes are disabled: the server has no credentials configured")
        challenge = [("WWW-Authenticate", 'Basic realm="memsync", charset="UTF-8"')]
        scheme, _, token = environ.get("HTTP_AUTHORIZATION", "").partition(" ")
        if scheme.lower() != "basic":
            raise HttpError(401, "credentials required (HTTP Basic)", challenge)
        try:
            user, _, password = base64.b64decode(token, validate=True).decode("utf-8").partition(":")
        except (binascii.Error, UnicodeDecodeError):
            raise HttpError(401, "malformed credentials", challenge) from None
        # Compare against a dummy for unknown users so timing tells nothing about names.
        expected = self.users.get(user, "\x00" + password + "-")
        if not (hmac.compare_digest(expected.encode(), password.encode()) and user in self.users):
            raise HttpError(401, "credentials rejected", challenge)


# -- handlers -------------------------------------------------------------------


def _error_reply(exc: HttpError) -> Reply:
    body = json.dumps({"error": exc.message}).encode() + b"\n"
    return Reply(exc.status, body, "application/json", headers=exc.headers)


def _put(served: ServedField, name: str, data: bytes, environ: dict[str, Any]) -> Reply:
    with served.locked():
        path = served.root / name
        old = _read_or_none(path)
        _preconditions(environ, None if old is None else quote_etag(sha256_hex(old)))
        atomic.write_bytes(path, data)
        served.refresh_locked()
    if is_page(name):
        served.reindex()
    return Reply(201 if old is None else 204, etag=quote_etag(sha256_hex(data)))


def _delete(served: ServedField, name: str, environ: dict[str, Any]) -> Reply:
    with served.locked():
        path = served.root / name
        old = _read_or_none(path)
        _preconditions(environ, None if old is None else quote_etag(sha256_hex(old)))
        if old is None:
            raise HttpError(404, f"{name} is not in this field")
        atomic.remove(path)
        served.refresh_locked()
    if is_page(name):
        served.reindex()
    return Reply(204)


def _commit(served: ServedField, data: bytes, environ: dict[str, Any]) -> Reply:
    try:
        wanted = Manifest.parse(data, where="SHA256SUMS")
    except InputError as exc:
        raise HttpError(400, str(exc)) from None
    with served.locked():
        current, _ = served.refresh_locked()
        etag = quote_etag(sha256_hex(current))
        if wanted.to_bytes() == current:
            return Reply(200, etag=etag)  # the field holds exactly this: nothing to overwrite
        _preconditions(environ, etag)
    raise HttpError(409, "SHA256SUMS must list exactly the files the field holds: PUT and DELETE those first")


def _put_sidecar(served: ServedField, name: str, data: bytes, environ: dict[str, Any]) -> Reply:
    """A signature or release statement, kept only while it vouches for the field as it is; the
    key rotation file, which vouches for keys and not for a manifest, only when it is sound on its
    own (it too is dropped when the manifest changes)."""
    with served.locked():
        current, _ = served.refresh_locked()
        _preconditions(environ, _etag_of(served.root / name))
        signed = current if name == SIGNATURE_NAME else _read_or_none(served.root / RELEASE_NAME)
        if name == KEYS_NAME:
            try:
                chain = rotation.parse(data)
            except MemsyncError as exc:
                raise HttpError(400, str(exc)) from None
            problems = chain.problems()
            if problems:
                raise HttpError(409, f"{name}: {problems[0]}")
        elif name == RELEASE_NAME:
            try:
                statement = release.Release.parse(data)
            except MemsyncError as exc:
                raise HttpError(400, str(exc)) from None
            if statement.digest != "sha256:" + sha256_hex(current):
                raise HttpError(409, f"{name} names another version than the field's current SHA256SUMS")
        else:
            try:
                sshsig.check(signed or b"", data)
            except MemsyncError:
                raise HttpError(409, f"{name} does not sign the field's current {MANIFEST_NAME}") from None
        atomic.write_bytes(served.root / name, data)
    return Reply(204, etag=quote_etag(sha256_hex(data)))


def _put_lock(served: ServedField, data: bytes, environ: dict[str, Any]) -> Reply:
    """memsync's writer lock: a small object created only if absent, replaced or
    dropped only by If-Match, which the server only stores."""
    if len(data) > 4096:
        raise HttpError(413, "a lock is a few hundred bytes")
    with served.locked():
        _preconditions(environ, _etag_of(served.root / LOCK_NAME))
        atomic.write_bytes(served.root / LOCK_NAME, data)
    return Reply(201, etag=quote_etag(sha256_hex(data)))


def _drop(served: ServedField, name: str, environ: dict[str, Any]) -> Reply:
    with served.locked():
        current = _etag_of(served.root / name)
        _preconditions(environ, current)
        if current is None and "HTTP_IF_MATCH" in environ:
            raise HttpError(404, f"no {name} here")
        atomic.remove(served.root / name)
    return Reply(204)


def _etag_of(path: Path) -> str | None:
    data = _read_or_none(path)
    return None if data is None else quote_etag(sha256_hex(data))


def _preconditions(environ: dict[str, Any], current: str | None) -> None:
    """RFC 9110 If-Match / If-None-Match for a write (strong comparison)."""
    if_match = environ.get("HTTP_IF_MATCH")
    if if_match is not None:
        tags = _tags(if_match)
        if current is None or not ("*" in tags or current in tags):
            raise HttpError(412, "the file changed since the version you sent in If-Match: pull first")
    if_none_match = environ.get("HTTP_IF_NONE_MATCH")
    if if_none_match is not None:
        tags = _tags(if_none_match)
        if current is not None and ("*" in tags or current in tags):
            raise HttpError(412, "the file exists (If-None-Match): pull first")


def _tags(header: str) -> list[str]:
    return [t.strip() for t in header.split(",") if t.strip() and not t.strip().startswith("W/")]


def _conditional(environ: dict[str, Any], reply: Reply) -> Reply:
    if_none_match = environ.get("HTTP_IF_NONE_MATCH")
    if if_none_match and reply.etag:
        tags = [t.strip().removeprefix("W/") for t in if_none_match.split(",")]
        if "*" in tags or reply.etag in tags:
            return Reply(304, etag=reply.etag)
    return reply


def _body(environ: dict[str, Any]) -> bytes:
    length = environ.get("CONTENT_LENGTH") or ""
    if length:
        try:
            size = int(length)
        except ValueError:
            raise HttpError(400, "malformed Content-Length") from None
        if size > MAX_BODY_BYTES:
            raise HttpError(413, f"bodies are limited to {MAX_BODY_BYTES} bytes")
        data: bytes = environ["wsgi.input"].read(size)
    else:
        data = environ["wsgi.input"].read(MAX_BODY_BYTES + 1)
    if len(data) > MAX_BODY_BYTES:
        raise HttpError(413, f"bodies are limited to {MAX_BODY_BYTES} bytes")
    return data


def _front_page(served: ServedField) -> Reply:
    index = _read_or_none(served.root / INDEX_PAGE)
    if index is not None:
        return Reply(200, index, "text/markdown; charset=utf-8", quote_etag(sha256_hex(index)))
    data, _ = served.snapshot()
    names = list(Manifest.parse(data))
    items = "".join(f'<li><a href="{html.escape(n)}">{html.escape(n)}</a></li>\n' for n in names)
    title = html.escape(served.name)
    page = f"<!doctype html>\n<title>{title}</title>\n<h1>{title}</h1>\n<ul>\n{items}</ul>\n"
    return Reply(200, page.encode(), "text/html; charset=utf-8")


def _field_list(fields: dict[str, ServedField]) -> Reply:
    items = "".join(f'<li><a href="{html.escape(n)}/">{html.escape(n)}/</a></li>\n' for n in sorted(fields))
    return Reply(200, f"<!doctype html>\n<title>fields</title>\n<ul>\n{items}</ul>\n".encode(), "text/html")


def _search(served: ServedField, environ: dict[str, Any]) -> Reply:
    params = parse_qs(environ.get("QUERY_STRING", ""))
    query = params.get("p", [""])[0]
    if not query.strip():
        raise HttpError(400, "give the search terms as ?p=TERMS")
    try:
        k = min(max(int(params.get("k", ["10"])[0]), 1), MAX_RESULTS)
    except ValueError:
        raise HttpError(400, "k must be a whole number") from None
    embedder = served.embedder
    if embedder is None:
        raise HttpError(501, "search is off: this server keeps no vector index for the field")
    try:
        hits = search_index(served.root, embedder, query, k)
    except MemsyncError as exc:
        raise HttpError(503, f"search failed: {exc}") from None
    body = {"query": query, "model_code": embedder.model_code, "results": [_hit(found) for found in hits]}
    return Reply(200, json.dumps(body).encode() + b"\n", "application/json")


def _hit(found: FieldHit) -> dict[str, Any]:
    """A result as the spec gives it, with who wrote the page's lines when memsync knows."""
    data = found.to_json()
    return {**found.hit.to_json(), "signer": data["signer"], "provenance": data["provenance"]}


def _content_type(name: str) -> str:
    if is_page(name):
        return "text/markdown; charset=utf-8"
    return mimetypes.guess_type(name)[0] or "application/octet-stream"


def _read_or_none(path: Path) -> bytes | None:
    """The regular file at ``path``; None when there is none. A link or a FIFO put
    into the served folder is no file of the field: never what it points at (a
    file outside the field), and never an open that waits for a writer."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK)
    except (FileNotFoundError, IsADirectoryError):
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return None
        raise
    try:
        st = os.fstat(fd)
        return atomic.read_open(fd, st.st_size) if stat.S_ISREG(st.st_mode) else None
    finally:
        os.close(fd)


def _flock(fd: int) -> None:
    if not atomic.lock_exclusive(fd, LOCK_WAIT_SECONDS):
        busy = "another writer holds the field's lock; try again"
        raise HttpError(503, busy, [("Retry-After", "1")])


# -- configuration and the command -------------------------------------------------


def load_users(auth_file: Path | None) -> dict[str, str]:
    """Credentials from ``user:password`` lines, and/or MEMSYNC_SERVE_USER/PASSWORD."""
    users: dict[str, str] = {}
    if auth_file is not None:
        try:
            lines = auth_file.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise WorkspaceError(f"{auth_file}: cannot read the auth file ({type(exc).__name__})") from None
        for number, line in enumerate(lines, start=1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            name, colon, secret = line.partition(":")
            if not colon or not name or not secret:
                raise WorkspaceError(f"{auth_file}:{number}: expected 'user:password'")
            users[name] = secret
    user, password = os.environ.get("MEMSYNC_SERVE_USER"), os.environ.get("MEMSYNC_SERVE_PASSWORD")
    if user and password:
        users[user] = password
    return users


def is_loopback(host: str) -> bool:
    try:
        infos = socket.getaddrinfo(host, None)
    except OSError:
        return False
    return bool(infos) and all(ipaddress.ip_address(str(info[4][0]).split("%")[0]).is_loopback for info in infos)


def served_fields(folders: Iterable[Path]) -> dict[str, ServedField]:
    folders = list(folders)
    fields: dict[str, ServedField] = {}
    for folder in folders:
        root = folder.absolute()
        if not root.is_dir():
            raise WorkspaceError(f"{folder}: not a field folder")
        name = root.name
        if name in fields:
            raise WorkspaceError(f"two fields named {name!r}: serve folders with different names")
        # Several fields are mounted at /NAME/, so their names must be plain URL segments.
        if len(folders) > 1 and name_problem(name):
            raise WorkspaceError(f"{folder}: the folder name {name!r} cannot be a URL path segment")
        fields[name] = ServedField(name, root)
    return fields


@click.command()
@click.argument("folders", nargs=-1, required=True, type=click.Path(path_type=Path), metavar="FIELD...")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port", default=8080, show_default=True, type=click.IntRange(0, 65535), help="Port (0: any free port, printed)."
)
@click.option(
    "--auth-file",
    type=click.Path(path_type=Path),
    default=None,
    help="'user:password' lines allowed to write (or MEMSYNC_SERVE_USER/MEMSYNC_SERVE_PASSWORD).",
)
@click.option("--read-only", is_flag=True, help="Refuse every write.")
@click.option("--no-index", is_flag=True, help="Keep no vector index (search answers 501).")
@click.option(
    "--embedder",
    "embedder_name",
    default=None,
    help="Embedder for the vector index (default: MEMSYNC_EMBEDDER, else the field's index, else auto).",
)
@click.option("--threads", default=16, show_default=True, type=click.IntRange(min=1), help="Worker threads.")
def serve(
    folders: tuple[Path, ...],
    host: str,
    port: int,
    auth_file: Path | None,
    read_only: bool,
    no_index: bool,
    embedder_name: str | None,
    threads: int,
) -> None:
    """Serve FIELD folders over HTTP (the spec's transport): one at /, several at /NAME/."""
    import waitress

    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    fields = served_fields(folders)
    users = load_users(auth_file)
    if not read_only and not users and not is_loopback(host):
        raise WorkspaceError(
            f"refusing to serve writable fields on {host} without credentials: give --auth-file or --read-only"
        )
    for served in fields.values():
        try:
            served.snapshot()  # SHA256SUMS current before the first request
        except HttpError as exc:  # what a request would be told is the user's one line here
            raise InputError(exc.message) from None
        if not no_index:
            served.embedder = embedders.for_field(served.root, embedder_name)
            served.reindex()
    app = App(fields, users, read_only=read_only)
    try:
        server = waitress.create_server(
            app, host=host, port=port, threads=threads, max_request_body_size=2 * MAX_BODY_BYTES, ident="memsync"
        )
    except OSError as exc:
        raise MemsyncError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    mode = "read-only" if read_only or not users else f"writable by {len(users)} user(s)"
    url_host = f"[{host}]" if ":" in host else host
    for name in fields:
        where = "" if len(fields) == 1 else f"{name}/"
        click.echo(f"serving {name} at http://{url_host}:{server.effective_port}/{where} ({mode})")
    sys.stdout.flush()
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
