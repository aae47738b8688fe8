"""Attacks by whoever controls a remote, end to end through the real CLI against
real servers on 127.0.0.1, beside those of test_attacks.py and test_gate.py:
a source frozen on an expired release behind ever-new ETags, and the other
side of that check, a publisher's re-signed release of unchanged content."""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import shutil
import subprocess
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
import requests
from http_support import FolderHandler, MemsyncServer, StaticServer
from test_trust import Team, build_team, held, ok, write_manifest

from memsync import release
from memsync.manifest import MAX_FILES, MAX_MANIFEST_BYTES
from memsync.names import RELEASE_NAME, RELEASE_SIGNATURE_NAME
from memsync.ssh import sshsig
from tests.conftest import assert_one_line_error, make_field, page, run_cli
from tests.net_support import Loopback, measured

SHORT_LIFE = 3  # seconds a release signed for these tests stays valid


@pytest.fixture
def team(tmp_path: Path) -> Team:
    return build_team(tmp_path)


def _short_lived(team: Team) -> datetime:
    """Alice re-signs the remote's release statement (same version, same content) to
    expire in SHORT_LIFE seconds; returns when it expires."""
    served = release.Release.parse((team.remote / RELEASE_NAME).read_bytes())
    created = datetime.now(UTC).replace(microsecond=0)
    expires = created + timedelta(seconds=SHORT_LIFE)
    statement = release.Release("f", served.version, served.digest, served.previous_digest, created, expires)
    key = sshsig.load_private_key(team.alice_key)
    (team.remote / RELEASE_NAME).write_bytes(statement.to_bytes())
    (team.remote / RELEASE_SIGNATURE_NAME).write_bytes(release.sign(statement, key))
    return expires


def _after(moment: datetime) -> None:
    time.sleep(max(0.0, (moment - datetime.now(UTC)).total_seconds()) + 1.1)


class _FreshETags(FolderHandler):
    """Serves ``root`` with a new ETag on every answer and never a 304: the same
    bytes look like a new version each time."""

    counter = itertools.count()

    def headers_for(self, data: bytes) -> dict[str, str]:
        return {"ETag": f'"fresh-{next(self.counter)}"'}


def _subscriber(team: Team, url: str | Path) -> Callable[..., subprocess.CompletedProcess[str]]:
    """Workspace C, trusting alice, with field f subscribed to ``url`` under policy
    signed (nothing pulled yet); returns how to run memsync in it."""
    c = team.root / "c"
    c.mkdir()

    def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
        return run_cli(*args, cwd=c, env=team.env)

    ok(run("init"))
    ok(run("add", "f"))
    ok(run("trust", "add", "alice", Path(str(team.alice_key) + ".pub").read_text().strip()))
    ok(run("remote", "add", "f", "origin", url, "--trust", "signed"))
    return run


def test_a_source_frozen_behind_fresh_etags_is_reported(team: Team) -> None:
    with Loopback(type("F", (_FreshETags,), {"root": team.remote})) as server:
        run = _subscriber(team, server.url)
        expires = _short_lived(team)
        ok(run("pull", "f"))
        # The release C accepted runs out; the server keeps serving it, under new ETags.
        _after(expires)
        line = assert_one_line_error(run("pull", "f"))
    assert "frozen" in line, line


def test_a_re_signed_release_of_unchanged_content_renews_it(team: Team) -> None:
    run = _subscriber(team, team.remote)
    expires = _short_lived(team)
    ok(run("pull", "f"))
    state = team.root / "c" / ".memsync" / "fields" / "f" / "trust.json"
    assert json.loads(state.read_text())["release"]["expires"] == expires.strftime("%Y-%m-%dT%H:%M:%SZ")
    _after(expires)
    assert "frozen" in assert_one_line_error(run("pull", "f"))
    # The publisher re-signs the same content to push its expiry back: SHA256SUMS
    # is the same bytes (a conditional read of it says unchanged), the statement is new.
    published = json.loads(ok(team.run_a("publish", "f", "--to", team.remote, "--json")))
    assert published["destinations"][0]["changes"] == []
    held_before = state.read_bytes()
    ok(run("status", "f"))
    assert state.read_bytes() == held_before, "status changes nothing"
    ok(run("pull", "f"))
    renewed = json.loads(state.read_text())["release"]
    assert renewed["version"] == 2 and renewed["expires"] > expires.strftime("%Y-%m-%dT%H:%M:%SZ")
    ok(run("pull", "f"))


# -- a signed field of more files than any field holds ------------------------------------


class _Crowded(BaseHTTPRequestHandler):
    """A signed SHA256SUMS of ``files`` and every page it lists, each of them "x"."""

    files: dict[str, bytes]

    def do_GET(self) -> None:
        name = self.path.lstrip("/")
        body = self.files.get(name, b"x" if name.endswith(".md") else None)
        if body is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def test_a_signed_manifest_of_too_many_files_is_refused_before_any_is_fetched(team: Team) -> None:
    # 800,000 short names fit under the manifest's byte limit; the trusted signer's
    # pull of them ran for many minutes at 300 MB before the cap on files.
    line = f"{hashlib.sha256(b'x').hexdigest()}  p{{:012d}}.md\n"
    sums = "".join(line.format(i) for i in range(800_000)).encode()
    assert len(sums) < MAX_MANIFEST_BYTES
    signature = sshsig.sign(sums, sshsig.load_private_key(team.alice_key))
    handler = type("C", (_Crowded,), {"files": {"SHA256SUMS": sums, "SHA256SUMS.sig": signature}})
    with Loopback(handler) as server:
        _subscriber(team, server.url)
        got = measured("pull", "f", cwd=team.root / "c", env=team.env, timeout=90)
    line = assert_one_line_error(got)  # type: ignore[arg-type]
    assert f"800000 files, more than the {MAX_FILES} files a field may hold" in line, line
    assert got.seconds < 30, f"refusing took {got.seconds:.0f} s"
    assert not any(p.name.endswith(".md") for p in (team.root / "c" / "f").iterdir())


# -- memsync serve gives nothing outside the field ---------------------------------------


def test_serve_gives_no_file_through_a_link_or_a_fifo_put_into_the_field(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0 the user's secret\n")
    folder = tmp_path / "srv" / "f"
    folder.mkdir(parents=True)
    (folder / "a.md").write_text("# A\n")
    auth = tmp_path / "auth"
    auth.write_text("writer:pa55word\n")
    server = MemsyncServer(folder, log=tmp_path / "serve.log", args=("--no-index", "--auth-file", str(auth)))
    try:
        # Started clean; then someone (another tool, a careless agent) puts these in.
        (folder / "evil.md").symlink_to(secret)
        (folder / "evil.txt").symlink_to(secret)
        os.mkfifo(folder / "pipe.md")
        for name in ("evil.md", "evil.txt", "pipe.md", "a.md/../evil.md", "%2e%2e/secret.txt", "..%2fsecret.txt"):
            answer = requests.get(server.url + name, timeout=10)
            assert b"secret" not in answer.content, f"GET /{name} gave a file outside the field"
            assert answer.status_code >= 400, (name, answer.status_code)
        # A write there is refused in so many words (not a 500), and nothing outside changes.
        written = requests.put(server.url + "evil.md", data=b"# over it\n", auth=("writer", "pa55word"), timeout=10)
        assert written.status_code == 409, (written.status_code, written.text)
        assert secret.read_text() == "root:x:0:0 the user's secret\n"
        # What the server says of its field names nothing of its own folders.
        listing = requests.get(server.url + "SHA256SUMS", timeout=10)
        assert listing.status_code == 500 and "symlink" in listing.text
        assert str(tmp_path) not in listing.text + written.text, listing.text
    finally:
        server.stop()


def test_serve_of_a_field_holding_a_link_is_one_line(tmp_path: Path, cli) -> None:
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / "a.md").write_text("# A\n")
    (folder / "evil.md").symlink_to(tmp_path / "elsewhere.md")
    line = assert_one_line_error(cli("serve", folder, "--port", "0", "--no-index"))
    assert "evil.md" in line and "symlink" in line and "internal error" not in line, line


# -- credentials in a remote's URL are never printed nor written where others read -----------

SECRET = "s3cr3t-T0KEN"


def _with_secret(url: str, where: str) -> str:
    """``url`` carrying SECRET in its userinfo, or in its query as a token."""
    return url.replace("http://", f"http://bob:{SECRET}@") if where == "userinfo" else f"{url}?access_token={SECRET}"


@pytest.mark.parametrize(
    "url",
    [
        f"git+https://x-access-token:{SECRET}@127.0.0.1:9/repo.git/f",  # how CI hands git a token
        f"https://{SECRET}@127.0.0.1:9/f/",
        f"http://bob:{SECRET}@127.0.0.1:9/f/",
        f"webdav+http://bob:{SECRET}@127.0.0.1:9/f/",
        f"http://bob:{SECRET}@127.0.0.1:9/f.memoryfield.zip",
        f"https://bob:p@{SECRET}@127.0.0.1:9/f/",  # an unescaped @ in the password
        f"git+https://127.0.0.1:9/repo.git/f?access_token={SECRET}",
        f"git+https://127.0.0.1:9/repo.git/f?sv=2024-05-04&se=2030-01-01T00:00:00Z&sp=r&sig={SECRET}",  # Azure SAS
        f"git+https://127.0.0.1:9/repo.git/f?X-Amz-Credential={SECRET}&X-Amz-Security-Token={SECRET}",
    ],
)
def test_an_error_never_shows_the_credentials_in_a_url(tmp_path: Path, cli, url: str) -> None:
    ok(cli("init"))
    for json_flag in ((), ("--json",)):
        got = cli("pull", url, "--field", "f", "--no-index", *json_flag)
        assert_one_line_error(got)
        assert SECRET not in got.stderr + got.stdout, got.stderr + got.stdout
        assert "127.0.0.1:9" in got.stderr, "the error still names the remote"


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        (f"s3://bucket/f?X-Amz-Security-Token={SECRET}", "s3://bucket/f?X-Amz-Security-Token=****"),
        (f"az://c/f?sv=2024-05-04&sig={SECRET}", "az://c/f?sv=2024-05-04&sig=****"),
    ],
)
def test_an_error_shows_a_signed_urls_parameters_but_not_its_secrets(tmp_path: Path, cli, url: str, shown: str) -> None:
    ok(cli("init"))
    line = assert_one_line_error(cli("pull", url, "--field", "f", "--no-index"))
    assert SECRET not in line and shown in line, line


@pytest.mark.parametrize("where", ["userinfo", "query"])
def test_a_subscription_by_a_url_with_credentials_keeps_them_out_of_output_and_the_lock(
    tmp_path: Path, cli, where: str
) -> None:
    field = make_field(tmp_path / "www" / "diary", {"a.md": page("A", "A page.")})
    digest = write_manifest(field)
    server = StaticServer(tmp_path / "www", tmp_path / "static.log")
    try:
        url = _with_secret(server.url + "diary/", where)
        ws = tmp_path / "ws"
        ws.mkdir()
        ok(cli("init", cwd=ws))
        outputs = [
            cli("pull", url, "--sha256", digest, "--no-index", cwd=ws),
            cli("pull", "diary", "--json", "--no-index", cwd=ws),
            cli("remote", "list", "diary", "-v", cwd=ws),
            cli("remote", "list", "diary", "-v", "--json", cwd=ws),
            cli("status", "diary", "--json", cwd=ws),
        ]
    finally:
        server.stop()
    assert (ws / "diary" / "a.md").is_file()
    for result in outputs:
        assert SECRET not in result.stdout + result.stderr, result.stdout + result.stderr
    lock = (ws / "memsync.lock").read_text()
    assert SECRET not in lock and "127.0.0.1" in lock, lock
    # config.json (0600) is where the URL is kept; no other file memsync writes holds it
    # (history, trust state, the sync base, the index), nor any page a push would send.
    for path in ws.rglob("*"):
        if path.is_file() and path != ws / ".memsync" / "config.json":
            assert SECRET.encode() not in path.read_bytes(), path


def test_a_review_still_shows_a_deceptive_link_exactly_as_the_page_has_it(tmp_path: Path, cli) -> None:
    link = "https://paypal.com@evil-billing.net/b"
    src = make_field(
        tmp_path / "elsewhere" / "diary", {"bills.md": page("Bills", f"Billing moved: [billing]({link}).")}
    )
    write_manifest(src)
    ok(cli("init"))
    assert cli("pull", src, "--trust", "untrusted", "--no-index").returncode == 5
    assert link in ok(cli("review", "diary", "--full"))
    assert link in ok(cli("review", "diary", "--json"))


# -- hostile HTTP answers --------------------------------------------------------------------


class _NotModified(BaseHTTPRequestHandler):
    """Answers every request 304 Not Modified, whatever it asked."""

    def do_GET(self) -> None:
        self.send_response(304)
        self.send_header("ETag", '"never-asked-for"')
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


#: What a hostile server puts in its error: a line break (a forged second line), a C1
#: CSI clearing the screen (git passes it, being no ASCII control), a bidi override.
HOSTILE = "denied\nmemsync: all clear \u009b2J\u202eevil"


class _HostileErrors(BaseHTTPRequestHandler):
    """A git smart-HTTP server whose answer is an ``ERR`` packet, and an S3 endpoint
    whose answer is an error, both carrying HOSTILE."""

    def do_GET(self) -> None:
        if "/info/refs" in self.path:
            packet = ("ERR " + HOSTILE).encode()
            body, status = b"%04x" % (len(packet) + 4) + packet, 200
            kind = "application/x-git-upload-pack-advertisement"
        else:
            body, status = f"<Error><Code>Odd</Code><Message>{HOSTILE}</Message></Error>".encode(), 400
            kind = "application/xml"
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_HEAD = do_GET

    def log_message(self, *args: object) -> None:
        pass


@pytest.mark.parametrize("kind", ["git", "s3"])
def test_a_servers_words_in_an_error_cannot_steer_the_terminal_nor_forge_a_line(tmp_path: Path, cli, kind: str) -> None:
    ok(cli("init"))
    with Loopback(_HostileErrors) as server:
        if kind == "git":
            args: tuple[str, ...] = (f"git+{server.url}r.git/f",)
        else:
            args = ("s3://bucket/f", "-o", f"endpoint_url={server.url}")
        env = {"AWS_ACCESS_KEY_ID": "a", "AWS_SECRET_ACCESS_KEY": "b", "XDG_CACHE_HOME": str(tmp_path / "cache")}
        for json_flag in ((), ("--json",)):
            got = cli("pull", *args, "--field", "f", "--no-index", *json_flag, env=env)
            line = assert_one_line_error(got)
            assert "evil" in line, line
            for shown in (got.stderr, got.stdout):
                assert not any(c in shown for c in "\u009b\u202e\x1b"), ascii(shown)


@pytest.mark.parametrize("path", ["", "f.memoryfield.zip"])
def test_a_304_to_a_request_that_named_no_version_is_one_line(tmp_path: Path, cli, path: str) -> None:
    ok(cli("init"))
    with Loopback(_NotModified) as server:
        got = cli("pull", server.url + path, "--field", "f", "--trust", "self", "--no-index")
    line = assert_one_line_error(got)
    assert "304" in line and "internal error" not in line, line
    assert not (tmp_path / "f").exists() or not any((tmp_path / "f").iterdir())


class _RedirectTo(BaseHTTPRequestHandler):
    """Answers everything with a redirect to ``location``."""

    location: str

    def do_GET(self) -> None:
        self.send_response(302)
        self.send_header("Location", self.location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.mark.parametrize(
    "location",
    [
        "file:///etc/passwd",
        "ftp://127.0.0.1/f/SHA256SUMS",
        "data:text/plain,x",
        "http://[::1",
        "http://127.0.0.1:99999/x",
    ],
)
def test_a_redirect_to_another_scheme_or_no_url_is_one_line(tmp_path: Path, cli, location: str) -> None:
    ok(cli("init"))
    with Loopback(type("R", (_RedirectTo,), {"location": location})) as server:
        got = cli("pull", server.url, "--field", "f", "--trust", "self", "--no-index")
    line = assert_one_line_error(got)
    assert "internal error" not in line and ("redirected" in line or "does not parse" in line), line
    assert "root:" not in got.stdout + got.stderr


@pytest.mark.parametrize("where", ["userinfo", "query"])
def test_trust_state_recorded_with_a_urls_credentials_still_refuses_a_rollback(
    team: Team, tmp_path: Path, where: str
) -> None:
    """memsync before 1ca58f7 recorded the source with the URL's credentials (and
    before query secrets were hidden, with those), and before issue 31 it kept that
    state per remote (trust/REMOTE.json): migrated into the field's one record, it
    must still count, or a rollback would pass as a first version."""
    v1 = tmp_path / "v1"
    shutil.copytree(team.remote, v1)
    with Loopback(type("F", (_FreshETags,), {"root": team.remote})) as server:
        url = _with_secret(server.url, where)
        run = _subscriber(team, url)
        ok(run("pull", "f"))
        team.a_edits_and_pushes()
        ok(run("pull", "f"))
        record = team.root / "c" / ".memsync" / "fields" / "f" / "trust.json"
        recorded = json.loads(record.read_text())
        assert recorded["release"]["version"] == 2 and SECRET not in record.read_text()
        mark = recorded["release"]
        old = {"source": url, "version": 2, "digest": mark["digest"], "publisher_field": "f"}  # as memsync wrote it
        old |= {"expires": mark["expires"], "accepted_digest": mark["digest"], "how": "signed", "signer": "alice"}
        record.unlink()
        (record.parent / "trust").mkdir()
        (record.parent / "trust" / "origin.json").write_text(json.dumps(old))
        for name in os.listdir(team.remote):
            if not name.startswith("."):
                os.unlink(team.remote / name)
        for item in v1.iterdir():
            if not item.name.startswith("."):
                shutil.copy2(item, team.remote / item.name)
        held(run("pull", "f"), "rollback")


# -- accept pins what was reviewed -------------------------------------------------------------


@pytest.mark.parametrize("then", ["replaced", "gone"])
def test_accept_pins_the_archive_that_was_reviewed_whatever_the_source_serves_by_then(
    tmp_path: Path, cli, then: str
) -> None:
    src, www = tmp_path / "src" / "diary", tmp_path / "www"
    make_field(src, {"a.md": page("A", "The version the person reviews.")})
    www.mkdir()
    ok(cli("pack", src, "-o", www / "diary.memoryfield.zip"))
    reviewed = hashlib.sha256((www / "diary.memoryfield.zip").read_bytes()).hexdigest()
    server = StaticServer(www, tmp_path / "static.log")
    try:
        ws = tmp_path / "ws"
        ws.mkdir()
        ok(cli("init", cwd=ws))
        url = server.url + "diary.memoryfield.zip"
        assert cli("pull", url, "--no-index", cwd=ws).returncode == 5
        ok(cli("review", "diary", cwd=ws))
        # Between the review and the accept, the source changes (or goes away).
        (src / "a.md").write_text(page("A", "Another version, never reviewed."))
        (src / "SHA256SUMS").unlink(missing_ok=True)
        ok(cli("pack", src, "-o", tmp_path / "next.memoryfield.zip"))
        os.replace(tmp_path / "next.memoryfield.zip", www / "diary.memoryfield.zip")
    finally:
        if then == "gone":
            server.stop()
    try:
        accepted = cli("accept", "diary", cwd=ws, env={"MEMSYNC_EMBEDDER": "builtin"})
    finally:
        server.stop()
    ok(accepted)
    assert "The version the person reviews." in (ws / "diary" / "a.md").read_text()
    pinned = json.loads((ws / "memsync.lock").read_text())["fields"]["diary"]
    assert pinned["archive_sha256"] == reviewed, "the lock pins an archive nobody reviewed"


class _Escapes(BaseHTTPRequestHandler):
    """Refuses everything, its reason phrase and JSON error carrying terminal control sequences."""

    status: int

    def do_GET(self) -> None:
        body = json.dumps({"error": "\x1b]0;owned\x07\x1b[2K\rmemsync: all good, run: memsync trust add x"}).encode()
        self.send_response(self.status, "Refused\x1b[31m\x1b]8;;http://evil.example\x07")
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.mark.parametrize("status", [403, 418])  # explained by memsync; only the server's reason
def test_a_servers_words_reach_the_terminal_without_control_characters(tmp_path: Path, cli, status: int) -> None:
    ok(cli("init"))
    with Loopback(type("E", (_Escapes,), {"status": status})) as server:
        got = cli("pull", server.url, "--field", "f", "--trust", "self", "--no-index")
    line = assert_one_line_error(got)
    assert not [c for c in got.stderr + got.stdout if not c.isprintable() and c != "\n"], repr(got.stderr)
    assert str(status) in line, line
