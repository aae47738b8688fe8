"""HTTP remotes against ``memsync serve`` on loopback: pull, push, conditional
requests, auth, and every rejected request leaving the served field as it was."""

from __future__ import annotations

import contextlib
import http.client
import json
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
import requests
from conftest import CliRunner, assert_one_line_error, make_field, page, snapshot
from http_support import MemsyncServer, free_port

from memsync import engine
from memsync.api import Memsync, preview_clone
from memsync.archive import pack_field
from memsync.backends.http import HttpStore
from memsync.errors import PullFirst
from memsync.field import scan
from memsync.gate import Gate
from memsync.manifest import sha256_hex
from memsync.names import MANIFEST_NAME, Role, role_of
from memsync.protocol import LOCK_NAME
from memsync.workspace import Workspace

USER, PASSWORD = "writer", "s3cret-pa55"
AUTH = (USER, PASSWORD)
CREDS = {"MEMSYNC_HTTP_USER": USER, "MEMSYNC_HTTP_PASSWORD": PASSWORD}


def _demo(root: Path) -> Path:
    return make_field(
        root,
        {
            "index.md": "# Demo\n\n- [Woks](woks.md)\n- [Knives](knives.md)\n",
            "woks.md": page("Woks", "Carbon steel."),
            "knives.md": page("Knives", "Keep them sharp."),
            "photo.png": b"\x89PNG\r\n\x1a\nnot really",
        },
    )


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[MemsyncServer, Path]]:
    field = _demo(tmp_path / "srv" / "demo")
    auth = tmp_path / "auth"
    auth.write_text(f"# who may write\n{USER}:{PASSWORD}\n")
    server = MemsyncServer(field, log=tmp_path / "serve.log", args=("--auth-file", str(auth)))
    yield server, field
    server.stop()


def _files(root: Path) -> dict[str, bytes]:
    """The field as it travels: content files and SHA256SUMS (not the local vector cache)."""
    return {n: d for n, d in snapshot(root).items() if role_of(n) in (Role.CONTENT, Role.OWN)}


def _consistent(field: Path) -> None:
    """The served SHA256SUMS lists exactly what the folder holds."""
    assert (field / MANIFEST_NAME).read_bytes() == scan(field).to_bytes()


def _clone(cli: CliRunner, url: str, where: Path, name: str = "demo") -> Path:
    where.mkdir(parents=True, exist_ok=True)
    result = cli("pull", url, "--field", name, "--trust", "self", cwd=where)
    assert result.returncode == 0, result.stderr
    return where / name


# -- reading -----------------------------------------------------------------------


def test_pull_from_serve_gets_every_file_verified(served, cli, tmp_path):
    server, field = served
    local = _clone(cli, server.url, tmp_path / "a")
    assert _files(local) == _files(field)
    _consistent(field)


def test_noop_pull_is_one_conditional_request(served, cli, tmp_path):
    server, _ = served
    _clone(cli, server.url, tmp_path / "a")
    before = len(server.requests_logged())
    result = cli("pull", "demo", cwd=tmp_path / "a")
    assert result.returncode == 0, result.stderr
    new = server.requests_logged()[before:]
    assert len(new) == 1, new
    assert '"GET /SHA256SUMS"' in new[0] and " 304 " in new[0]


def test_clone_of_a_large_field_fetches_its_archive_not_every_page(cli, tmp_path):
    files = {f"page-{i:03d}.md": page(f"Page {i}", f"body {i}") for i in range(80)}
    field = make_field(tmp_path / "srv" / "big", files)
    server = MemsyncServer(field, log=tmp_path / "serve.log", args=("--read-only",))
    try:
        local = _clone(cli, server.url, tmp_path / "a", "big")
        assert _files(local) == _files(field)
        logged = server.requests_logged()
        assert sum('"GET /memoryfield.zip' in line for line in logged) == 1, logged
        assert not [line for line in logged if '.md"' in line.split(" HTTP")[0]], "no page fetched one by one"
        # A pull of a few changed pages fetches those pages, not the archive.
        (field / "page-007.md").write_text(page("Page 7", "changed"))
        cli("manifest", field, cwd=tmp_path)
        before = len(server.requests_logged())
        assert cli("pull", "big", cwd=tmp_path / "a").returncode == 0
        new = server.requests_logged()[before:]
        assert not [line for line in new if "memoryfield.zip" in line], new
        assert _files(local) == _files(field)
    finally:
        server.stop()


def test_served_urls(served):
    server, field = served
    base = server.url
    assert requests.get(base, timeout=10).text == (field / "index.md").read_text()
    sums = requests.get(base + MANIFEST_NAME, timeout=10)
    assert sums.content == scan(field).to_bytes()
    assert sums.headers["ETag"] == f'"{sha256_hex(sums.content)}"'
    again = requests.get(base + MANIFEST_NAME, headers={"If-None-Match": sums.headers["ETag"]}, timeout=10)
    assert again.status_code == 304 and again.content == b""
    assert requests.get(base + "SHA256SUMS.sig", timeout=10).status_code == 404
    woks = requests.get(base + "woks.md", timeout=10)
    assert woks.headers["Content-Type"].startswith("text/markdown")
    assert woks.headers["ETag"] == f'"{sha256_hex((field / "woks.md").read_bytes())}"'
    archive = requests.get(base + "memoryfield.zip", timeout=10)
    packed = pack_field(field)
    assert archive.content == packed.data
    assert archive.headers["ETag"] == f'"{packed.manifest.digest}"'
    assert requests.get(base + "demo.memoryfield.zip", timeout=10).content == packed.data
    assert requests.head(base + "woks.md", timeout=10).headers["Content-Length"] == str(len(woks.content))
    assert requests.get(base + "search", timeout=10).status_code == 400
    (field / ".hidden").write_bytes(b"litter")
    (field / "nomic.sqlite3").write_bytes(b"derived")
    for absent in (".hidden", "nomic.sqlite3", "nope.md", "SHA256SUMS.tmp"):
        assert requests.get(base + absent, timeout=10).status_code == 404


def test_search_answers_from_the_index_kept_current_on_writes(served):
    server, _ = served
    hits = requests.get(server.url + "search", params={"p": "carbon steel woks", "k": "2"}, timeout=10).json()
    assert hits["query"] == "carbon steel woks" and len(hits["results"]) == 2
    assert hits["results"][0]["filename"] == "woks.md"
    fresh = page("Cast iron", "Cast iron skillets and dutch ovens.").encode()
    assert requests.put(server.url + "cast-iron.md", data=fresh, auth=AUTH, timeout=10).status_code == 201
    hits = requests.get(server.url + "search", params={"p": "cast iron skillets"}, timeout=10).json()
    assert hits["results"][0]["filename"] == "cast-iron.md"
    assert requests.delete(server.url + "cast-iron.md", auth=AUTH, timeout=10).status_code == 204
    hits = requests.get(server.url + "search", params={"p": "cast iron skillets"}, timeout=10).json()
    assert "cast-iron.md" not in [hit["filename"] for hit in hits["results"]]


def test_search_off_without_index(tmp_path):
    field = _demo(tmp_path / "demo")
    server = MemsyncServer(field, log=tmp_path / "serve.log", args=("--no-index",))
    try:
        answer = requests.get(server.url + "search?p=woks", timeout=10)
        assert answer.status_code == 501 and "no vector index" in answer.json()["error"]
        assert not list(field.glob("*.sqlite3"))
    finally:
        server.stop()


def test_listing_when_no_index_and_several_fields(tmp_path, cli):
    one = make_field(tmp_path / "one", {"a.md": "A\n"})
    two = make_field(tmp_path / "two", {"b.md": "B\n", "index.md": "# Two\n\n[b](b.md)\n"})
    server = MemsyncServer(one, two, log=tmp_path / "serve.log")
    try:
        assert 'href="a.md"' in requests.get(server.url + "one/", timeout=10).text
        assert requests.get(server.url + "two/", timeout=10).text.startswith("# Two")
        moved = requests.get(server.url + "one", timeout=10, allow_redirects=False)
        assert moved.status_code == 301 and moved.headers["Location"] == "/one/"
        assert requests.get(server.url + "three/", timeout=10).status_code == 404
        archive = requests.get(server.url + "one.memoryfield.zip", timeout=10)
        assert archive.content == pack_field(one).data
        local = _clone(cli, server.url + "two/", tmp_path / "ws", "two")
        assert sorted(_files(local)) == ["SHA256SUMS", "b.md", "index.md"]
    finally:
        server.stop()


def test_pull_archive_alias_with_pin(served, cli, tmp_path):
    server, field = served
    packed = pack_field(field)
    where = tmp_path / "ws"
    where.mkdir()
    url = server.url + "demo.memoryfield.zip"
    bad = cli("pull", url, "--sha256", "0" * 64, "--field", "x", cwd=where)
    assert "not the pinned" in assert_one_line_error(bad)
    result = cli("pull", url, "--sha256", packed.sha256, "--field", "pinned", cwd=where)
    assert result.returncode == 0, result.stderr
    assert _files(where / "pinned") == _files(field)


# -- writing -----------------------------------------------------------------------


def test_push_writes_pages_deletes_and_keeps_manifest_consistent(served, cli, tmp_path):
    server, field = served
    local = _clone(cli, server.url, tmp_path / "a")
    (local / "woks.md").write_text(page("Woks", "Carbon steel, seasoned."))
    (local / "new-page.md").write_text(page("New", "Fresh."))
    (local / "knives.md").unlink()
    result = cli("push", "demo", cwd=tmp_path / "a", env=CREDS)
    assert result.returncode == 0, result.stderr
    assert (field / "woks.md").read_bytes() == (local / "woks.md").read_bytes()
    assert (field / "new-page.md").exists() and not (field / "knives.md").exists()
    _consistent(field)
    # The other machine pulls it all, then a no-op push changes nothing.
    other = _clone(cli, server.url, tmp_path / "b")
    assert _files(other) == _files(local)
    assert cli("push", "demo", cwd=tmp_path / "b", env=CREDS).returncode == 0


def test_push_with_netrc_credentials(served, cli, tmp_path):
    server, field = served
    local = _clone(cli, server.url, tmp_path / "a")
    netrc = tmp_path / "netrc"
    netrc.write_text(f"machine 127.0.0.1 login {USER} password {PASSWORD}\n")
    netrc.chmod(0o600)
    (local / "woks.md").write_text(page("Woks", "Via netrc."))
    result = cli("push", "demo", cwd=tmp_path / "a", env={"NETRC": str(netrc)})
    assert result.returncode == 0, result.stderr
    assert b"Via netrc." in (field / "woks.md").read_bytes()


def _push_a_page(cli, tmp_path, url, env, text, field):
    """Clone ``url`` into tmp/a, add a page saying ``text`` and push it with ``env``: it must land."""
    local = _clone(cli, url, tmp_path / "a")
    (local / "woks.md").write_text(page("Woks", text))
    result = cli("push", "demo", cwd=tmp_path / "a", env=env)
    assert result.returncode == 0, result.stderr
    assert text.encode() in (field / "woks.md").read_bytes()
    return result


def test_push_with_the_credentials_in_the_url(served, cli, tmp_path):
    # They were dropped for netrc's or the environment's: a 401 for a URL that says who pushes.
    server, field = served
    url = server.url.replace("http://", f"http://{USER}:{PASSWORD}@")
    result = _push_a_page(cli, tmp_path, url, {"NETRC": str(tmp_path / "none")}, "Via the URL.", field)
    assert PASSWORD not in result.stdout + result.stderr + server.log.read_text()


@pytest.mark.parametrize("userinfo", ["@", ":@"])
def test_an_empty_userinfo_in_the_url_is_no_credentials(served, cli, tmp_path, userinfo):
    # As curl takes http://@host/: the URL names no one, so the environment's go.
    # An empty user (and password) were sent instead: a 401.
    server, field = served
    url = server.url.replace("http://", f"http://{userinfo}")
    _push_a_page(cli, tmp_path, url, {**CREDS, "NETRC": str(tmp_path / "none")}, "Empty userinfo.", field)


@pytest.mark.parametrize("env", [{}, {"MEMSYNC_HTTP_USER": "someone-else", "MEMSYNC_HTTP_PASSWORD": "theirs"}])
def test_push_with_a_user_alone_in_the_url_takes_the_password_from_netrc(served, cli, tmp_path, env):
    # As git and curl take it: the URL names who pushes, netrc keeps the password
    # (the environment's is another user's). It was sent with an empty password: a 401.
    server, field = served
    netrc = tmp_path / "netrc"
    netrc.write_text(f"machine 127.0.0.1 login {USER} password {PASSWORD}\n")
    netrc.chmod(0o600)
    url = server.url.replace("http://", f"http://{USER}@")
    _push_a_page(cli, tmp_path, url, {**env, "NETRC": str(netrc)}, "User in the URL.", field)


@pytest.mark.parametrize("secret", ["pässwort", "密码-1"])
def test_push_with_a_password_that_is_not_ascii(tmp_path, cli, secret):
    # memsync serve asks for UTF-8 (RFC 7617's charset="UTF-8") and decodes it so;
    # they went as Latin-1 (a 401) or not at all ("the server's answer does not parse").
    field = _demo(tmp_path / "srv" / "demo")
    (tmp_path / "auth").write_text(f"{USER}:{secret}\n", encoding="utf-8")
    server = MemsyncServer(field, log=tmp_path / "serve.log", args=("--auth-file", str(tmp_path / "auth")))
    try:
        url = server.url.replace("http://", f"http://{USER}:{quote(secret)}@")
        _push_a_page(cli, tmp_path, url, {"NETRC": str(tmp_path / "none")}, "Non-ASCII.", field)
    finally:
        server.stop()


@pytest.mark.parametrize(
    "env",
    [{}, {"MEMSYNC_HTTP_USER": USER, "MEMSYNC_HTTP_PASSWORD": "wrong-password-xyz"}],
    ids=["no-credentials", "wrong-password"],
)
def test_auth_failures_are_one_line_and_change_nothing(served, cli, tmp_path, env):
    server, field = served
    local = _clone(cli, server.url, tmp_path / "a")
    before = snapshot(field)
    (local / "woks.md").write_text(page("Woks", "Unauthorised edit."))
    result = cli("push", "demo", cwd=tmp_path / "a", env={"NETRC": str(tmp_path / "none"), **env})
    line = assert_one_line_error(result)
    assert "401" in line and "credentials" in line
    assert "wrong-password-xyz" not in result.stderr + result.stdout
    assert snapshot(field) == before


def test_an_edit_on_the_server_during_a_push_is_not_overwritten(served, cli, tmp_path, monkeypatch):
    # Another tool edits a served page between the push's look at SHA256SUMS (a
    # 304: no page read, so no ETag seen yet) and its write of that page: the write
    # must be conditional on the content planned against, the push pull first and
    # put back what it wrote, and the edit reach the field through that pull.
    server, field = served
    local = _clone(cli, server.url, tmp_path / "a")
    (local / "knives.md").write_text(page("Knives", "First push."))
    assert cli("push", "demo", cwd=tmp_path / "a", env=CREDS).returncode == 0
    pushed = _files(field)
    (local / "woks.md").write_text(page("Woks", "Edited here."))
    (local / "knives.md").write_text(page("Knives", "Second push."))
    (local / "new-page.md").write_text(page("New", "Fresh."))
    edit = page("Woks", "Edited on the server.")
    real_put = HttpStore.put

    def put(self: HttpStore, name: str, data: bytes, **kwargs: Any) -> str:
        if name == "woks.md" and b"Edited here." in data:
            (field / "woks.md").write_text(edit)
        return real_put(self, name, data, **kwargs)

    for key, value in CREDS.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setattr(HttpStore, "put", put)
    with pytest.raises(PullFirst, match=r"woks\.md: changed by another writer: pull first$"):
        engine.Session(Workspace.find(tmp_path / "a"), "demo", None).run("push")
    monkeypatch.undo()
    assert _files(field) == {**pushed, "woks.md": edit.encode(), MANIFEST_NAME: _files(field)[MANIFEST_NAME]}
    assert not (field / LOCK_NAME).exists()
    assert cli("pull", "demo", cwd=tmp_path / "a", env=CREDS).returncode == 3  # both edited woks.md: a copy kept
    pushed_again = cli("push", "demo", cwd=tmp_path / "a", env=CREDS)
    assert pushed_again.returncode == 0, pushed_again.stderr
    texts = b"".join(_files(field).values())
    assert b"Edited on the server." in texts and b"Edited here." in texts and b"Second push." in texts
    assert _files(field) == _files(local)
    _consistent(field)


def test_a_push_whose_delete_landed_and_was_sent_again_completes(served, cli, tmp_path, monkeypatch):
    # A DELETE conditional on the page's content lands, its answer is lost (a
    # gateway's 502) and it is sent again (5xx are retried): the server answers the
    # second with 412, as If-Match fails on a file that is not there. That is the
    # push's own delete done, not another writer's change: no 'pull first', no
    # page put back, and the remote is not taken for one other tools write.
    server, field = served
    local = _clone(cli, server.url, tmp_path / "a")
    (local / "knives.md").unlink()
    (local / "woks.md").write_text(page("Woks", "Edited here."))
    real_delete = HttpStore.delete

    def delete(self: HttpStore, name: str, **kwargs: Any) -> None:
        real_delete(self, name, **kwargs)
        if name == "knives.md":
            real_delete(self, name, **kwargs)  # the retry of a request that had landed

    for key, value in CREDS.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setattr(HttpStore, "delete", delete)
    engine.Session(Workspace.find(tmp_path / "a"), "demo", None).run("push")
    monkeypatch.undo()
    assert not (field / "knives.md").exists()
    assert (field / "woks.md").read_bytes() == (local / "woks.md").read_bytes()
    assert _files(field) == _files(local)
    assert not (field / LOCK_NAME).exists()
    assert not Workspace.find(tmp_path / "a").remote_memo("demo", "origin").get("shared")
    _consistent(field)


def test_two_clients_with_stale_etags_one_412_nothing_lost(served):
    server, field = served
    url = server.url + "woks.md"
    etag = requests.get(url, timeout=10).headers["ETag"]
    first = requests.put(url, data=b"# Woks\n\nfirst\n", headers={"If-Match": etag}, auth=AUTH, timeout=10)
    second = requests.put(url, data=b"# Woks\n\nsecond\n", headers={"If-Match": etag}, auth=AUTH, timeout=10)
    assert sorted([first.status_code, second.status_code]) == [204, 412]
    assert (field / "woks.md").read_bytes() == b"# Woks\n\nfirst\n"
    assert "pull first" in second.json()["error"]
    _consistent(field)


def test_concurrent_pushes_of_one_page_one_pulls_first_and_both_survive(served, cli, tmp_path):
    server, field = served
    a = _clone(cli, server.url, tmp_path / "a")
    b = _clone(cli, server.url, tmp_path / "b")
    (a / "woks.md").write_text(page("Woks", "Edited on A."))
    (b / "woks.md").write_text(page("Woks", "Edited on B."))
    assert cli("push", "demo", cwd=tmp_path / "a", env=CREDS).returncode == 0
    late = cli("push", "demo", cwd=tmp_path / "b", env=CREDS)
    assert late.returncode == 4 and "pull first" in assert_one_line_error(late)
    assert b"Edited on A." in (field / "woks.md").read_bytes()
    cli("sync", "demo", cwd=tmp_path / "b", env=CREDS)  # may end in a conflict copy: both kept
    texts = b"".join(snapshot(field).values()) + b"".join(snapshot(b).values())
    assert b"Edited on A." in texts and b"Edited on B." in texts
    _consistent(field)


def _raw(server: MemsyncServer, method: str, path: str, body: bytes = b"", headers: dict | None = None) -> int:
    """A request with the path sent byte for byte (no client-side normalising)."""
    parts = urlsplit(server.url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    try:
        connection.putrequest(method, path, skip_accept_encoding=True)
        for key, value in {"Content-Length": str(len(body)), **(headers or {})}.items():
            connection.putheader(key, value)
        connection.endheaders(body)
        return connection.getresponse().status
    finally:
        connection.close()


def _basic() -> dict[str, str]:
    return {"Authorization": requests.auth._basic_auth_str(USER, PASSWORD)}


def test_every_rejected_request_leaves_the_field_unchanged(served):
    server, field = served
    before = snapshot(field)
    good = _basic()
    woks_etag = f'"{sha256_hex((field / "woks.md").read_bytes())}"'
    sums_etag = f'"{sha256_hex((field / MANIFEST_NAME).read_bytes())}"'
    stale = '"' + "0" * 64 + '"'
    cases = [
        ("PUT", "/woks.md", b"x", {}, 401),
        ("PUT", "/woks.md", b"x", {"Authorization": "Basic " + "d3JpdGVyOm5vcGU="}, 401),
        ("PUT", "/woks.md", b"x", {"Authorization": "Basic !!!"}, 401),
        ("DELETE", "/woks.md", b"", {}, 401),
        ("PUT", "/../escape.md", b"x", good, 400),
        ("PUT", "/%2e%2e/escape.md", b"x", good, 400),
        ("PUT", "/sub/page.md", b"x", good, 400),
        ("PUT", "/..%2fescape.md", b"x", good, 400),
        ("PUT", "/Bad%20Name.md", b"x", good, 400),
        ("PUT", "/caf%C3%A9.md", b"x", good, 400),
        ("PUT", "/%FF.md", b"x", good, 400),
        ("PUT", "/.hidden.md", b"x", good, 400),
        ("PUT", "/vectors.sqlite3", b"x", good, 403),
        ("PUT", "/woks.md", b"\xff\xfe not utf-8", good, 400),
        ("PUT", "/big.md", b"x" * (1024 * 1024 + 1), good, 413),
        ("PUT", "/woks.md", b"x", {**good, "If-Match": stale}, 412),
        ("PUT", "/woks.md", b"x", {**good, "If-None-Match": "*"}, 412),
        ("PUT", "/fresh.md", b"x", {**good, "If-Match": woks_etag}, 412),
        ("DELETE", "/woks.md", b"", {**good, "If-Match": stale}, 412),
        ("DELETE", "/missing.md", b"", good, 404),
        ("PUT", "/SHA256SUMS", b"not a manifest\n", good, 400),
        ("PUT", "/SHA256SUMS", b"", {**good, "If-Match": stale}, 412),
        ("PUT", "/SHA256SUMS", b"", {**good, "If-Match": sums_etag}, 409),
        ("DELETE", "/SHA256SUMS", b"", good, 405),
        ("PUT", "/SHA256SUMS.sig", b"sig", good, 409),  # signs nothing the field holds
        ("PUT", "/memsync-release.json", b"{}", good, 400),
        ("PUT", "/memsync-keys.json", b"{}", good, 400),
        ("PUT", "/.memsync-lock", b"x" * 5000, good, 413),
        ("DELETE", "/.memsync-lock", b"", {**good, "If-Match": stale}, 412),
        ("PUT", "/SHA256SUMS.sig", b"sig", {**good, "If-Match": stale}, 412),
        ("POST", "/woks.md", b"x", good, 405),
    ]
    for method, path, body, headers, status in cases:
        assert _raw(server, method, path, body, headers) == status, (method, path)
        assert snapshot(field) == before, (method, path)
    assert not list(field.parent.glob("*escape*"))


def test_read_only_server_refuses_writes(tmp_path):
    field = _demo(tmp_path / "demo")
    auth = tmp_path / "auth"
    auth.write_text(f"{USER}:{PASSWORD}\n")
    for args in (("--read-only", "--auth-file", str(auth)), ()):
        server = MemsyncServer(field, log=tmp_path / "serve.log", args=args)
        try:
            before = snapshot(field)
            answer = requests.put(server.url + "woks.md", data=b"x", auth=AUTH, timeout=10)
            assert answer.status_code in (403, 405) and answer.json()["error"]
            assert snapshot(field) == before
        finally:
            server.stop()


def test_serve_refuses_to_start_writable_without_auth_off_loopback(tmp_path, cli):
    field = _demo(tmp_path / "demo")
    result = cli("serve", field, "--host", "0.0.0.0", "--port", str(free_port()))
    assert "without credentials" in assert_one_line_error(result)
    bad_auth = tmp_path / "auth"
    bad_auth.write_text("no-colon-here\n")
    result = cli("serve", field, "--auth-file", bad_auth, "--port", str(free_port()))
    assert "user:password" in assert_one_line_error(result)


def test_explained_errors_are_one_line(served, cli, tmp_path):
    server, _ = served
    where = tmp_path / "ws"
    where.mkdir()
    dead = f"http://127.0.0.1:{free_port()}/"
    line = assert_one_line_error(cli("pull", dead, "--field", "dead", cwd=where))
    assert "cannot reach" in line
    line = assert_one_line_error(cli("pull", server.url + "nothing/", "--field", "gone", cwd=where))
    assert "no field there" in line


def test_a_request_path_cannot_forge_a_line_of_the_servers_logs(served):
    # The path was logged as decoded: %0A began a line of the client's choosing.
    server, _ = served
    forged = '10.0.0.9 "PUT /all-pages.md" 204 0'
    for path in ("/x%0A" + forged.replace(" ", "%20"), "/x%1B[2J%0D%0A" + forged.replace(" ", "%20")):
        assert requests.get(server.url.rstrip("/") + path, timeout=10).status_code == 404
    logged = server.log.read_text().splitlines()
    assert not [line for line in logged if line.startswith(forged[:8])], logged
    assert not [line for line in logged if "\x1b" in line]


def test_json_error_bodies(served):
    server, _ = served
    answer = requests.put(server.url + "woks.md", data=b"x", timeout=10)
    assert answer.status_code == 401 and answer.headers["WWW-Authenticate"].startswith("Basic")
    assert json.loads(answer.content)["error"]


def test_a_password_in_the_url_stays_out_of_the_progress_bars(served, tmp_path, monkeypatch):
    """A progress bar is drawn on the terminal, and a library's progress callback logs
    what it is given: neither is told the URL's password."""
    server, field = served
    told: list[str] = []

    @contextlib.contextmanager
    def progress(total: int, desc: str, unit: str = "file") -> Iterator[Any]:
        told.append(desc)
        yield types.SimpleNamespace(update=lambda n=1: None)

    for key, value in CREDS.items():
        monkeypatch.setenv(key, value)
    url = server.url.replace("://", f"://{USER}:{PASSWORD}@", 1)
    m = Memsync.init(tmp_path / "ws", progress=progress)
    m.subscribe(url, field="demo", into=tmp_path / "ws" / "demo", trust="self", index=False)
    (tmp_path / "ws" / "demo" / "woks.md").write_text(page("Woks", "Pushed with a password in the URL."))
    m.push("demo")
    assert b"Pushed with a password" in (field / "woks.md").read_bytes()
    assert any(d.startswith("fetching ") for d in told) and any(d.startswith("pushing to ") for d in told)
    assert not [d for d in told if PASSWORD in d]


def test_a_version_held_for_review_names_its_source_without_credentials_from_the_start(served, tmp_path, monkeypatch):
    """Its staging record names the source before it is marked quarantined: a run
    ended between the two leaves the URL's password in no file."""
    server, _ = served

    def ended(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Gate, "hold", ended)
    m = Memsync.init(tmp_path / "ws")
    url = server.url.replace("://", f"://{USER}:{PASSWORD}@", 1)
    with pytest.raises(KeyboardInterrupt):
        m.subscribe(url, field="demo", into=tmp_path / "ws" / "demo", trust="untrusted")
    (record,) = (tmp_path / "ws" / ".memsync" / "staging").glob("*.json")
    assert json.loads(record.read_bytes())["source"] == server.url.replace("://", f"://{USER}:****@", 1)


def test_results_name_remotes_without_credentials(served, tmp_path, monkeypatch):
    """A program prints or logs what a call returns (the --json object, as the CLI
    prints it): the URL's password is not in it."""
    server, _ = served
    for key, value in CREDS.items():
        monkeypatch.setenv(key, value)
    url = server.url.replace("://", f"://{USER}:{PASSWORD}@", 1)
    m = Memsync.init(tmp_path / "ws")
    results = [
        preview_clone(url),
        m.subscribe(url, field="demo", into=tmp_path / "ws" / "demo", trust="self", index=False),
        m.add_remote("demo", "again", url, trust="self"),
        m.push("demo", "again"),
        m.publish("demo", [url], dry_run=True),
    ]
    for result in results:
        shown = json.dumps(result.to_json())
        assert PASSWORD not in shown and f"{USER}:****@" in shown, shown
