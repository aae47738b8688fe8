"""``memsync serve``: the spec's HTTP transport for local fields, as a WSGI app under waitress.

URL layout (one field at ``/``, several at ``/NAME/``; docs/FORMAT.md):
``GET /`` (index.md, or an HTML listing), ``GET /{file}``, ``GET /SHA256SUMS``
and ``/SHA256SUMS.sig``, ``GET /memoryfield.zip`` (also ``/NAME.memoryfield.zip``),
``GET /search?p=TERMS[&k=N]`` (JSON from the field's vector index, kept
current on every write); with credentials, ``PUT``/``DELETE /{file}`` and
``PUT /SHA256SUMS`` (``PUT``/``DELETE`` of the sidecars: ``/SHA256SUMS.sig``,
``/memsync-release.json(.sig)``, ``/memsync-keys.json``).

This is HTTP: routing, credentials, bodies, answers. What a request reads or
writes in a field is a call of ``memsync.api`` (``serve_fields``, ``ServedField``;
memsync/served.py says how a field is kept consistent under concurrent writes).
"""

from __future__ import annotations

import base64
import binascii
import hmac
import html
import ipaddress
import json
import logging
import os
import socket
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import click

from .api import ARCHIVE_SUFFIX, ServedField, serve_fields
from .errors import HttpError, InputError, MemsyncError, WorkspaceError, one_line
from .limits import MAX_BODY_BYTES
from .limits import MAX_SEARCH_RESULTS as MAX_RESULTS

ARCHIVE_PATH = "memoryfield.zip"
WRITE_METHODS = ("PUT", "DELETE")
StartResponse = Callable[[str, list[tuple[str, str]]], Any]
access_log = logging.getLogger("memsync.serve.access")
log = logging.getLogger("memsync.serve")


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
        except HttpError as exc:
            reply = _error_reply(exc)
        except InputError as exc:  # a link or a special file where a write would land: left as it is
            log.error("%s: %s", request, exc)
            reply = _error_reply(HttpError(409, "the field holds a link or a special file there; nothing was changed"))
        except (MemsyncError, OSError) as exc:
            # The API's boundary turned the field's OSError into a MemsyncError; it names a
            # path of this machine, which only the log is told.
            cause = exc if isinstance(exc, OSError) else exc.__cause__
            if not isinstance(cause, OSError):
                raise  # a bug: the WSGI server answers 500 and logs it
            log.error("%s: %s", request, cause)
            failed = f"the server cannot read or write the field: {cause.strerror or cause}"
            reply = _error_reply(HttpError(500, failed))
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
        found = served.read(rest)
        return _conditional(environ, Reply(200, found.data, found.content_type, found.etag))

    # -- writing ------------------------------------------------------------------

    def write(self, method: str, served: ServedField, rest: str, environ: dict[str, Any]) -> Reply:
        self._authorize(environ)
        done = served.write(
            method,
            rest,
            lambda: _body(environ),
            if_match=environ.get("HTTP_IF_MATCH"),
            if_none_match=environ.get("HTTP_IF_NONE_MATCH"),
        )
        return Reply(done.status, etag=done.etag)

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
    index = served.index_page()
    if index is not None:
        return Reply(200, index.data, index.content_type, index.etag)
    names = served.files()
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
    body = served.search(query, k)
    return Reply(200, json.dumps(body).encode() + b"\n", "application/json")


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
    fields = serve_fields(folders)
    users = load_users(auth_file)
    if not read_only and not users and not is_loopback(host):
        raise WorkspaceError(
            f"refusing to serve writable fields on {host} without credentials: give --auth-file or --read-only"
        )
    for served in fields.values():
        served.prepare(index=not no_index, embedder=embedder_name)
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
