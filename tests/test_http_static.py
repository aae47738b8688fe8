"""HTTP remotes served by plain static servers: python's http.server (a
directory listing, no ETags) and nginx from Debian's package with autoindex."""

from __future__ import annotations

import email.utils
import os
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
from conftest import CliRunner, assert_one_line_error, make_field, page, snapshot
from http_support import Nginx, StaticServer, nginx_binary, self_signed_cert
from net_support import Loopback

from memsync.archive import pack_field
from memsync.manifest import sha256_hex
from memsync.names import Role, role_of

FILES: dict[str, str | bytes] = {
    "woks.md": page("Woks", "Carbon steel."),
    "knives.md": page("Knives", "Keep them sharp."),
    "photo.png": b"\x89PNG\r\n\x1a\nnot really",
}


def _content(root: Path) -> dict[str, bytes]:
    return {n: d for n, d in snapshot(root).items() if role_of(n) is Role.CONTENT}


def _pull(
    cli: CliRunner, url: str, where: Path, name: str = "demo", *extra: str, env: dict[str, str] | None = None
) -> Path:
    where.mkdir(parents=True, exist_ok=True)
    result = cli("pull", url, "--field", name, "--trust", "self", *extra, cwd=where, env=env)
    assert result.returncode == 0, result.stderr
    return where / name


@pytest.fixture
def static(tmp_path: Path) -> Iterator[tuple[StaticServer, Path]]:
    www = tmp_path / "www"
    www.mkdir()
    server = StaticServer(www, tmp_path / "static.log")
    yield server, www
    server.stop()


@pytest.fixture
def nginx(tmp_path: Path) -> Iterator[tuple[Nginx, Path]]:
    if nginx_binary() is None:
        pytest.skip("nginx is not installed (.ci/run installs Debian's nginx package)")
    www = tmp_path / "www"
    www.mkdir()
    conf = tmp_path / "nginx"
    conf.mkdir()
    server = Nginx(conf, www)
    yield server, www
    server.stop()


def test_python_http_server_directory_listing(static, cli, tmp_path):
    server, www = static
    field = make_field(www / "field", FILES)
    local = _pull(cli, server.url + "field/", tmp_path / "ws")
    assert _content(local) == _content(field)


def test_python_http_server_index_links(static, cli, tmp_path):
    server, www = static
    # index.md lists the pages; the unlinked draft is not part of what it publishes.
    field = make_field(www / "field", {**FILES, "index.md": "# Demo\n\n[Woks](woks.md) and [Knives](./knives.md)\n"})
    (field / "draft.md").write_text("unlinked\n")
    local = _pull(cli, server.url + "field/", tmp_path / "ws")
    assert sorted(_content(local)) == ["index.md", "knives.md", "woks.md"]


def test_python_http_server_archive_only(static, cli, tmp_path):
    server, www = static
    source = make_field(tmp_path / "source", FILES)
    (www / "field").mkdir()
    (www / "field" / "memoryfield.zip").write_bytes(pack_field(source).data)
    local = _pull(cli, server.url + "field/", tmp_path / "ws")
    assert _content(local) == _content(source)


def test_python_http_server_pinned_archive(static, cli, tmp_path):
    server, www = static
    packed = pack_field(make_field(tmp_path / "source", FILES))
    (www / "demo.memoryfield.zip").write_bytes(packed.data)
    url = server.url + "demo.memoryfield.zip"
    local = _pull(cli, url, tmp_path / "ws", "demo", "--sha256", packed.sha256)
    assert {n: sha256_hex(d) for n, d in _content(local).items()} == dict(packed.manifest.items())


def test_python_http_server_noop_pull_without_etags_is_one_request(static, cli, tmp_path):
    server, www = static
    field = make_field(www / "field", FILES)
    assert cli("manifest", field).returncode == 0
    _pull(cli, server.url + "field/", tmp_path / "ws")
    before = len(server.requests_logged())
    assert cli("pull", "demo", cwd=tmp_path / "ws").returncode == 0
    new = server.requests_logged()[before:]
    assert len(new) == 1 and "GET /field/SHA256SUMS" in new[0], new


def test_push_to_a_static_server_is_one_line_error(static, cli, tmp_path):
    server, www = static
    make_field(www / "field", FILES)
    local = _pull(cli, server.url + "field/", tmp_path / "ws")
    before = snapshot(www / "field")
    (local / "woks.md").write_text(page("Woks", "Edited."))
    line = assert_one_line_error(cli("push", "demo", cwd=tmp_path / "ws"))
    assert "501" in line or "405" in line
    assert snapshot(www / "field") == before


def test_nginx_autoindex(nginx, cli, tmp_path):
    server, www = nginx
    field = make_field(www / "field", FILES)
    local = _pull(cli, server.url + "field/", tmp_path / "ws")
    assert _content(local) == _content(field)


def _date(path: Path, seconds: float) -> None:
    os.utime(path, (path.stat().st_atime, seconds))


def test_nginx_manifest_etag_noop_pull_is_one_304(nginx, cli, tmp_path):
    server, www = nginx
    field = make_field(www / "field", FILES)
    assert cli("manifest", field).returncode == 0
    _date(field / "SHA256SUMS", time.time() - 5)
    _pull(cli, server.url + "field/", tmp_path / "ws")
    before = len(server.requests_logged())
    assert cli("pull", "demo", cwd=tmp_path / "ws").returncode == 0
    new = server.requests_logged()[before:]
    assert len(new) == 1 and "GET /field/SHA256SUMS" in new[0] and '" 304 ' in new[0], new
    # A change at the source arrives on the next pull, even one within the second
    # the last version was served in. nginx's ETag is the file's mtime in whole
    # seconds and its size, and a republished SHA256SUMS has the old one's size, so
    # such a change keeps the ETag: here both are dated the same second (ahead of
    # the server's clock, as a second not yet over is), and the pull must not ask
    # with an ETag served within the file's own second.
    dated = time.time() + 30
    for text in ("Republished.", "Republished again."):
        (field / "woks.md").write_text(page("Woks", text))
        assert cli("manifest", field).returncode == 0
        _date(field / "SHA256SUMS", dated)
        assert cli("pull", "demo", cwd=tmp_path / "ws").returncode == 0
        assert (tmp_path / "ws" / "demo" / "woks.md").read_bytes() == (field / "woks.md").read_bytes(), text


class _StatDated(BaseHTTPRequestHandler):
    """A static server as nginx answers, its ETag the file's mtime in whole seconds
    and its size; its Date is an IMF-fixdate, its Last-Modified in the form ``form``
    writes (as an application behind the server may set it)."""

    root: Path
    form: Callable[[float], str]

    def do_GET(self) -> None:
        file = self.root / self.path.lstrip("/")
        if not file.is_file():
            self.send_error(404)
            return
        st = file.stat()
        etag = f'"{int(st.st_mtime):x}-{st.st_size:x}"'
        self.send_response(304 if self.headers.get("If-None-Match") == etag else 200)
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", self.form(st.st_mtime))
        if self.headers.get("If-None-Match") == etag:
            self.end_headers()
            return
        body = file.read_bytes()
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.mark.parametrize(
    "form",
    [
        lambda t: email.utils.formatdate(t, usegmt=True),  # IMF-fixdate
        lambda t: time.strftime("%A, %d-%b-%y %H:%M:%S GMT", time.gmtime(t)),  # RFC 850
        lambda t: time.strftime("%a %b %e %H:%M:%S %Y", time.gmtime(t)),  # asctime: no zone, UTC all the same
        lambda t: email.utils.formatdate(t).replace("+0000", "-0000"),  # RFC 5322's UTC, "zone unknown"
    ],
    ids=["imf-fixdate", "rfc850", "asctime", "minus-zero"],
)
def test_a_republish_within_the_served_second_arrives_whatever_the_date_form(cli, tmp_path, form):
    # HTTP/1.1 recipients must take all three forms of an HTTP-date, and compare
    # one form with another. In any of them an ETag served within its file's own
    # second is not asked with again.
    field = make_field(tmp_path / "www", FILES)
    assert cli("manifest", field).returncode == 0
    dated = time.time() + 30  # a second not yet over on the server's clock
    _date(field / "SHA256SUMS", dated)
    with Loopback(type("Served", (_StatDated,), {"root": field, "form": staticmethod(form)})) as server:
        _pull(cli, server.url, tmp_path / "ws")
        (field / "woks.md").write_text(page("Woks", "Republished."))
        assert cli("manifest", field).returncode == 0
        _date(field / "SHA256SUMS", dated)
        assert cli("pull", "demo", cwd=tmp_path / "ws").returncode == 0
    assert (tmp_path / "ws" / "demo" / "woks.md").read_bytes() == (field / "woks.md").read_bytes()


def test_nginx_redirects(nginx, cli, tmp_path):
    server, www = nginx
    field = make_field(www / "field", FILES)
    local = _pull(cli, server.url + "moved/", tmp_path / "ws")
    assert _content(local) == _content(field)
    line = assert_one_line_error(cli("pull", server.url + "loop/", "--field", "loop", cwd=tmp_path / "ws"))
    assert "redirects" in line


def test_nginx_forbidden_and_missing_are_one_line(nginx, cli, tmp_path):
    server, www = nginx
    make_field(www / "private", FILES)
    where = tmp_path / "ws"
    where.mkdir()
    line = assert_one_line_error(cli("pull", server.url + "private/", "--field", "p", "--trust", "self", cwd=where))
    assert "403" in line and "access denied" in line
    line = assert_one_line_error(cli("pull", server.url + "absent/", "--field", "a", "--trust", "self", cwd=where))
    assert "no field there" in line


def test_nginx_server_errors_are_retried_then_one_line(nginx, cli, tmp_path):
    server, _ = nginx
    where = tmp_path / "ws"
    where.mkdir()
    line = assert_one_line_error(cli("pull", server.url + "broken/", "--field", "b", "--trust", "self", cwd=where))
    assert "503" in line and "retries" in line
    tries = [entry for entry in server.requests_logged() if "/broken/SHA256SUMS" in entry]
    assert len(tries) > 1


def test_nginx_over_https_checks_the_certificate(tmp_path, cli):
    if nginx_binary() is None:
        pytest.skip("nginx is not installed (.ci/run installs Debian's nginx package)")
    www = tmp_path / "www"
    field = make_field(www / "field", FILES)
    conf = tmp_path / "nginx"
    conf.mkdir()
    cert = self_signed_cert(conf)
    server = Nginx(conf, www, cert=cert)
    try:
        where = tmp_path / "ws"
        where.mkdir()
        untrusted = cli("pull", server.url + "field/", "--field", "x", "--trust", "self", cwd=where)
        assert "TLS" in assert_one_line_error(untrusted)
        local = _pull(cli, server.url + "field/", where, "demo", env={"REQUESTS_CA_BUNDLE": str(cert[0])})
        assert _content(local) == _content(field)
    finally:
        server.stop()


def test_nginx_republished_by_unzip_arrives_though_its_etag_stays(nginx, cli, tmp_path):
    """unzip of a memoryfield.zip dates every file 1980-01-01 (the archive's fixed
    entry date), so a republished SHA256SUMS of the old size has nginx's old ETag
    (mtime and size): the pull must not ask with it and be told 304."""
    server, www = nginx
    field = make_field(www / "field", FILES)
    zip_epoch = 315532800  # 1980-01-01T00:00:00Z

    def publish() -> None:
        assert cli("manifest", field).returncode == 0
        for path in field.iterdir():
            os.utime(path, (zip_epoch, zip_epoch))

    publish()
    _pull(cli, server.url + "field/", tmp_path / "ws")
    for text in ("Republished.", "Republished again."):
        (field / "woks.md").write_text(page("Woks", text))
        publish()
        assert cli("pull", "demo", cwd=tmp_path / "ws").returncode == 0
        assert (tmp_path / "ws" / "demo" / "woks.md").read_bytes() == (field / "woks.md").read_bytes(), text
