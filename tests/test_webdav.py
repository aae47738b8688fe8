"""WebDAV remotes held to the HTTP remote's rules, against real servers on
127.0.0.1: wsgidav with HTTP Basic auth for credentials (the URL's own, a lone
``user@``, none at all), and servers of the test's own for what wsgidav never
does (an endless ``PROPFIND`` answer, a redirect to another origin)."""

from __future__ import annotations

import stat
import uuid
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import quote

import pytest
from fsspec_support import WEBDAV_PASSWORD, WEBDAV_USER, WebdavServer
from net_support import Loopback, Throttle, ends, measured
from test_s3 import ok

from memsync.backends import base
from memsync.backends.base import TimedOut
from memsync.backends.fsspec_store import WebdavStore
from tests.conftest import assert_one_line_error, page, run_cli

FIELD = "notes"


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """No credentials but what a test gives: no MEMSYNC_HTTP_*, a netrc that is not there."""
    return {
        "MEMSYNC_HTTP_USER": "",
        "MEMSYNC_HTTP_PASSWORD": "",
        "NETRC": str(tmp_path / "no-netrc"),
        "HOME": str(tmp_path / "home"),
        "MEMSYNC_TIMEOUT": "10",
        **extra,
    }


def _url(server: WebdavServer, userinfo: str = "") -> tuple[str, Path]:
    folder = f"f{uuid.uuid4().hex[:10]}/{FIELD}"
    return f"webdav+http://{userinfo}127.0.0.1:{server.port}/{folder}", server.root / folder


def _workspace(tmp_path: Path, url: str, env: dict[str, str]) -> tuple[Path, list[str]]:
    """A workspace with field FIELD holding one page and remote ``origin`` at ``url``;
    returns it and what the commands printed."""
    ws = tmp_path / "ws"
    ws.mkdir()
    said = [ok(run_cli("init", cwd=ws, env=env)), ok(run_cli("add", FIELD, cwd=ws, env=env))]
    (ws / FIELD / "woks.md").write_text(page("Woks", "Carbon steel."))
    said.append(ok(run_cli("remote", "add", FIELD, "origin", url, "--trust", "self", cwd=ws, env=env)))
    return ws, said


def _nowhere_but_the_config(ws: Path, secret: str, said: list[str]) -> None:
    """``secret`` is in no output, and in no file of the workspace but config.json (its owner's alone)."""
    assert not [line for line in said if secret in line], said
    config = ws / ".memsync" / "config.json"
    assert stat.S_IMODE(config.stat().st_mode) == 0o600
    holding = [str(p.relative_to(ws)) for p in ws.rglob("*") if p.is_file() and secret.encode() in p.read_bytes()]
    assert holding in ([], [".memsync/config.json"]), holding


@pytest.mark.parametrize("password", [WEBDAV_PASSWORD, "pässwort-密码"], ids=["ascii", "utf-8"])
def test_a_push_with_the_credentials_in_the_url(tmp_path: Path, password: str) -> None:
    # They were dropped: the URL's user:password@ was cut off and only the options,
    # the environment and netrc were asked, so the server answered 401.
    server = WebdavServer(tmp_path / "dav", WEBDAV_USER, password)
    try:
        env = _env(tmp_path)
        url, served = _url(server, f"{WEBDAV_USER}:{quote(password)}@")
        ws, said = _workspace(tmp_path, url, env)
        pushed = run_cli("push", FIELD, cwd=ws, env=env)
        said += [ok(pushed), pushed.stderr]
        assert b"Carbon steel." in (served / "woks.md").read_bytes()
        listed = run_cli("remote", "list", FIELD, "-v", cwd=ws, env=env)
        said += [ok(listed), listed.stderr]
        assert f"{WEBDAV_USER}:****@" in listed.stdout, listed.stdout
        other = tmp_path / "other"
        other.mkdir()
        cloned = run_cli("clone", url, FIELD, cwd=other, env=env)
        said += [ok(cloned), cloned.stderr]
        assert b"Carbon steel." in (other / FIELD / "woks.md").read_bytes()
        for secret in (password, quote(password)):
            _nowhere_but_the_config(ws, secret, said)
            _nowhere_but_the_config(other, secret, said)
            assert not [p for p in server.root.rglob("*") if p.is_file() and secret.encode() in p.read_bytes()]
    finally:
        server.stop()


def test_a_user_alone_in_the_url_takes_that_users_password_from_netrc(
    webdav_server: WebdavServer, tmp_path: Path
) -> None:
    netrc = tmp_path / "netrc"
    netrc.write_text(f"machine 127.0.0.1 login {WEBDAV_USER} password {WEBDAV_PASSWORD}\n")
    netrc.chmod(0o600)
    # The environment's are another user's: not the ones for this URL.
    env = _env(tmp_path, NETRC=str(netrc), MEMSYNC_HTTP_USER="someone-else", MEMSYNC_HTTP_PASSWORD="theirs")
    url, served = _url(webdav_server, f"{WEBDAV_USER}@")
    ws, _ = _workspace(tmp_path, url, env)
    ok(run_cli("push", FIELD, cwd=ws, env=env))
    assert (served / "woks.md").is_file()


def test_an_empty_userinfo_is_no_credentials(webdav_server: WebdavServer, tmp_path: Path) -> None:
    # As curl takes ``http://@host/``: the URL names no one, so the environment's are used.
    env = _env(tmp_path, MEMSYNC_HTTP_USER=WEBDAV_USER, MEMSYNC_HTTP_PASSWORD=WEBDAV_PASSWORD)
    url, served = _url(webdav_server, "@")
    ws, _ = _workspace(tmp_path, url, env)
    ok(run_cli("push", FIELD, cwd=ws, env=env))
    assert (served / "woks.md").is_file()


@pytest.mark.parametrize("given", ["none", "wrong-password"])
def test_without_credentials_a_push_is_one_line_naming_where_they_go(
    webdav_server: WebdavServer, tmp_path: Path, given: str
) -> None:
    env = _env(tmp_path)
    userinfo = f"{WEBDAV_USER}:wrong-pa55word@" if given == "wrong-password" else ""
    url, served = _url(webdav_server, userinfo)
    ws, _ = _workspace(tmp_path, url, env)
    line = assert_one_line_error(run_cli("push", FIELD, cwd=ws, env=env))
    assert "401" in line and "MEMSYNC_HTTP_USER" in line and "-o username=" in line, line
    assert "wrong-pa55word" not in line
    assert not served.exists()


# -- servers of the test's own ----------------------------------------------------------------


class _EndlessListing(BaseHTTPRequestHandler):
    """A WebDAV server whose PROPFIND answer never ends (a bounded count, so the test
    does too): one entry repeated, with or without a Content-Length that says so."""

    declared: bool
    ENTRY = b"<D:response><D:href>/notes/x.md</D:href><D:propstat><D:prop/></D:propstat></D:response>"
    MOST = 2 * 1024**3  # bytes one answer sends at most

    def do_PROPFIND(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(207)
        self.send_header("Content-Type", "application/xml")
        if self.declared:
            self.send_header("Content-Length", str(self.MOST))
        self.send_header("Connection", "close")
        self.end_headers()
        block = b'<?xml version="1.0"?><D:multistatus xmlns:D="DAV:">' + self.ENTRY * 10_000
        sent = 0
        try:
            while sent < self.MOST:
                self.wfile.write(block)
                sent += len(block)
                block = self.ENTRY * 10_000
        except OSError:
            pass  # the client gave up: what it should do

    def do_GET(self) -> None:
        self.send_error(404)

    def do_OPTIONS(self) -> None:
        self.send_response(200)
        self.send_header("DAV", "1")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.mark.parametrize("declared", [True, False], ids=["huge-content-length", "until-close"])
def test_an_endless_propfind_answer_is_refused_in_one_line(tmp_path: Path, declared: bool) -> None:
    # It was read whole into memory (and parsed whole) for as long as the listing's
    # deadline allows: minutes at loopback speed, gigabytes.
    with Loopback(type("Endless", (_EndlessListing,), {"declared": declared})) as server:
        url = f"webdav+http://127.0.0.1:{server.port}/{FIELD}"
        env = _env(tmp_path, MEMSYNC_TIMEOUT="30")
        run = measured("clone", url, FIELD, cwd=tmp_path, env=env, timeout=120)
    lines = run.stderr.strip().splitlines()
    assert run.returncode != 0 and len(lines) == 1, run.stderr[-2000:]
    assert "bytes" in lines[0] and "refused" in lines[0], lines[0]
    assert run.peak_rss < 512 * 1024**2, f"peak {run.peak_rss >> 20} MiB"
    assert not (tmp_path / FIELD).exists()


class _Logged(BaseHTTPRequestHandler):
    """Another origin: answers everything 404, noting whether credentials came with it."""

    seen: list[tuple[str, str, bool]]

    def _answer(self) -> None:
        self.seen.append((self.command, self.path, "Authorization" in self.headers))
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_error(404)

    do_GET = do_PUT = do_PROPFIND = do_MOVE = do_DELETE = do_MKCOL = do_OPTIONS = _answer

    def log_message(self, *args: object) -> None:
        pass


class _Redirect(BaseHTTPRequestHandler):
    """Answers every request 307 (method and body kept) to the same path at ``target``."""

    target: str

    def _redirect(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(307)
        self.send_header("Location", self.target.rstrip("/") + self.path)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_PUT = do_PROPFIND = do_MOVE = do_DELETE = do_MKCOL = do_OPTIONS = _redirect

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def elsewhere() -> Iterator[tuple[str, list[tuple[str, str, bool]]]]:
    """A server that redirects everything to another origin, and what that one saw."""
    seen: list[tuple[str, str, bool]] = []
    b_handler = type("B", (_Logged,), {"seen": seen})
    with Loopback(b_handler) as b, Loopback(type("A", (_Redirect,), {"target": b.url})) as a:
        yield f"127.0.0.1:{a.port}", seen


def test_credentials_never_follow_a_redirect_to_another_origin(elsewhere, tmp_path: Path) -> None:
    # webdav4 follows redirects for a listing's PROPFIND and a file's GET only.
    hostport, seen = elsewhere
    url = f"webdav+http://{WEBDAV_USER}:{WEBDAV_PASSWORD}@{hostport}/{FIELD}"
    store = WebdavStore(url, {"timeout": "10"})
    assert store.list() == []
    assert seen == [("PROPFIND", f"/{FIELD}", False)], f"credentials went to another origin: {seen}"
    env = _env(tmp_path)
    ws, _ = _workspace(tmp_path, url, env)
    assert "307" in assert_one_line_error(run_cli("push", FIELD, cwd=ws, env=env))
    assert [s[0] for s in seen] == ["PROPFIND"], f"a write went to another origin: {seen}"


def test_writes_and_a_look_whose_answers_drip_end_at_a_deadline(
    webdav_server: WebdavServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # httpx's timeouts restart with every byte, and writes and the folder's look
    # (exists) had no deadline of their own: an answer dripped held a push for ever.
    monkeypatch.setenv("MEMSYNC_HTTP_USER", WEBDAV_USER)
    monkeypatch.setenv("MEMSYNC_HTTP_PASSWORD", WEBDAV_PASSWORD)
    url, _ = _url(webdav_server)
    WebdavStore(url).put("alpha.md", b"alpha")
    through = url.replace(f"127.0.0.1:{webdav_server.port}", "{}")
    timeout = 2.0
    with Throttle(("127.0.0.1", webdav_server.port), "drip-head", "alpha", interval=1.0) as proxy:
        store = WebdavStore(through.format(proxy.hostport), {"timeout": str(timeout)})
        for call in (lambda: store.put("alpha.md", b"changed"), lambda: store.delete("alpha.md")):
            error, took = ends(call, 60)
            assert isinstance(error, TimedOut), repr(error)
            assert took < 3 * timeout + 3, f"{took:.1f} s"
    # A whole listing may take the time its most entries would take at MIN_RATE: fewer here.
    monkeypatch.setattr(base, "MAX_LISTED", 10)
    with Throttle(("127.0.0.1", webdav_server.port), "drip-head", None, interval=0.5) as proxy:
        store = WebdavStore(through.format(proxy.hostport), {"timeout": str(timeout)})
        error, took = ends(store.exists, 60)
        assert isinstance(error, TimedOut), repr(error)
        assert took < timeout + 3, f"{took:.1f} s"


def test_a_temp_file_whose_write_was_given_up_on_is_removed(
    webdav_server: WebdavServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SHA256SUMS goes to a hidden temp name, then MOVE: a temp PUT that landed but
    # whose answer never came was left on the server (only a failed MOVE removed it).
    monkeypatch.setenv("MEMSYNC_HTTP_USER", WEBDAV_USER)
    monkeypatch.setenv("MEMSYNC_HTTP_PASSWORD", WEBDAV_PASSWORD)
    url, served = _url(webdav_server)
    WebdavStore(url).put("SHA256SUMS", b"old")
    dripped = Throttle(("127.0.0.1", webdav_server.port), "drip-head", "memsync-tmp", interval=1.0, methods=("PUT",))
    with dripped as proxy:
        store = WebdavStore(url.replace(f"127.0.0.1:{webdav_server.port}", proxy.hostport), {"timeout": "2"})
        error, _ = ends(lambda: store.put("SHA256SUMS", b"new"), 60)
        assert proxy.hit.is_set()
    assert isinstance(error, TimedOut), repr(error)
    assert sorted(p.name for p in served.iterdir()) == ["SHA256SUMS"]
    assert (served / "SHA256SUMS").read_bytes() == b"old"


_MALFORMED = {
    "not-xml": b"this is not xml",
    "no-href": b'<?xml version="1.0"?><D:multistatus xmlns:D="DAV:"><D:response><D:propstat><D:prop/>'
    b"</D:propstat></D:response></D:multistatus>",
    "empty-href": b'<?xml version="1.0"?><D:multistatus xmlns:D="DAV:"><D:response><D:href/><D:propstat>'
    b"<D:prop/></D:propstat></D:response></D:multistatus>",
    "bad-length": b'<?xml version="1.0"?><D:multistatus xmlns:D="DAV:"><D:response><D:href>/notes/a.md</D:href>'
    b"<D:propstat><D:prop><D:getcontentlength>many</D:getcontentlength><D:resourcetype/></D:prop>"
    b"<D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>",
    "bad-status": b'<?xml version="1.0"?><D:multistatus xmlns:D="DAV:"><D:response><D:href>/notes/</D:href>'
    b"<D:propstat><D:prop><D:resourcetype><D:collection/></D:resourcetype></D:prop>"
    b"<D:status>nonsense</D:status></D:propstat></D:response></D:multistatus>",
    "other-root": b'<?xml version="1.0"?><D:error xmlns:D="DAV:"/>',
}


class _Malformed(_EndlessListing):
    """A WebDAV server whose PROPFIND answer is a 207 that does not say what a listing says."""

    body: bytes

    def do_PROPFIND(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(207)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)


@pytest.mark.parametrize("body", list(_MALFORMED.values()), ids=list(_MALFORMED))
def test_a_listing_that_does_not_parse_is_one_line(tmp_path: Path, body: bytes) -> None:
    with Loopback(type("Malformed", (_Malformed,), {"body": body})) as server:
        url = f"webdav+http://127.0.0.1:{server.port}/{FIELD}"
        run = run_cli("clone", url, FIELD, cwd=tmp_path, env=_env(tmp_path))
    # webdav4 trips on each in its own way (ParseError, KeyError, ValueError, an assert).
    line = assert_one_line_error(run)
    assert f"127.0.0.1:{server.port}/{FIELD}/" in line and "the WebDAV server's answer does not parse" in line, line
    assert not (tmp_path / FIELD).exists()


def test_a_webdav_remote_loads_one_http_client() -> None:
    """WebDAV goes through httpx (webdav4's client); its credentials and origin rules
    come from memsync.backends.httpauth, so requests and urllib3 stay unloaded."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from memsync.backends.fsspec_store import WebdavStore\n"
        "store = WebdavStore('webdav+http://user:secret@127.0.0.1:9/field/', {})\n"
        "assert store.fs.client is not None  # the webdav4 client, built on httpx\n"
        "print(' '.join(sorted(m for m in ('httpx', 'requests', 'urllib3') if m in sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["httpx"]
