"""Issue 10's attacks, each end to end through the ``memsync`` command line
against real servers on 127.0.0.1: an edit made while a sync runs, a git
field holding a link, credentials after a redirect, endless and dripping
bodies, Ctrl-C while a worker thread is blocked, and what ``pip install .``
puts into site-packages. Each of them failed on the code before the field
protocol was written once (c38c285)."""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest

from tests.conftest import assert_one_line_error, page, run_cli
from tests.http_support import FolderHandler, MemsyncServer
from tests.net_support import Loopback, Throttle, measured

FIELD = "notes"
ALPHA_UUID = "a1a1a1a1-0000-4000-8000-00000000000a"
ALPHA = page("Alpha", "one\ntwo\nthree\nfour\nfive", ALPHA_UUID)


def ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, f"exit {result.returncode}: {result.stderr}"
    return result.stdout


def workspace(root: Path, url: str, files: dict[str, str], env: dict[str, str] | None = None) -> Path:
    """``memsync init``, a field ``notes`` holding ``files``, remote ``origin`` at ``url``, pushed."""
    root.mkdir(parents=True)
    ok(run_cli("init", cwd=root, env=env))
    ok(run_cli("add", FIELD, cwd=root, env=env))
    for name, text in files.items():
        (root / FIELD / name).write_text(text)
    ok(run_cli("remote", "add", FIELD, "origin", url, "--trust", "self", cwd=root, env=env))
    ok(run_cli("push", FIELD, cwd=root, env=env))
    return root


# -- 1. an edit made while a sync runs is kept ---------------------------------------------


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, str, dict[str, str]]]:
    """``memsync serve`` over an empty field, writable with credentials: (folder, URL, env)."""
    folder = tmp_path / "srv" / FIELD
    folder.mkdir(parents=True)
    auth = tmp_path / "auth"
    auth.write_text("writer:pa55word\n")
    server = MemsyncServer(folder, log=tmp_path / "serve.log", args=("--auth-file", str(auth), "--no-index"))
    yield folder, server.url, {"MEMSYNC_HTTP_USER": "writer", "MEMSYNC_HTTP_PASSWORD": "pa55word"}
    server.stop()


def _upstream(url: str) -> tuple[str, int]:
    host, port = url.split("//", 1)[1].rstrip("/").split(":")
    return host, int(port)


def test_an_edit_made_while_pull_receives_is_kept(served, tmp_path: Path) -> None:
    folder, url, env = served
    with Throttle(_upstream(url), "delay", r"^/alpha\.md$", interval=1.5) as slow:
        ws = workspace(tmp_path / "ws", f"http://{slow.hostport}/", {"alpha.md": ALPHA}, env)
        # Another machine changes the first line; the pull will fetch alpha.md, slowly.
        (folder / "alpha.md").write_text(ALPHA.replace("\none\n", "\nONE (remote)\n"))
        slow.hit.clear()
        pull = subprocess.Popen(
            [sys.executable, "-m", "memsync", "pull", FIELD, "--no-index"],
            cwd=ws,
            env={**os.environ, "MEMSYNC_DEBUG": "", **env},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert slow.hit.wait(30), "the pull never fetched alpha.md"
        # The pull has scanned the field and is receiving: an agent writes to the page now.
        local = ws / FIELD / "alpha.md"
        local.write_text(local.read_text().replace("\nfive\n", "\nfive (written during the pull)\n"))
        _, err = pull.communicate(timeout=60)
    assert pull.returncode in (0, 3), err  # merged, or kept with a conflict copy
    texts = [p.read_text() for p in (ws / FIELD).glob("*.md")]
    assert any("written during the pull" in t for t in texts), "the edit made during the pull was overwritten"
    if pull.returncode == 0:
        merged = local.read_text()
        assert "ONE (remote)" in merged and "written during the pull" in merged


def test_an_edit_made_while_sync_pushes_is_kept_and_pushed(served, tmp_path: Path) -> None:
    folder, url, env = served
    new = {f"new-{i:02d}.md": page(f"New {i}", f"page {i}") for i in range(12)}
    with Throttle(_upstream(url), "delay", r"^/new-\d+\.md$", interval=1.0) as slow:
        ws = workspace(tmp_path / "ws", f"http://{slow.hostport}/", {"alpha.md": ALPHA}, env)
        for name, text in new.items():
            (ws / FIELD / name).write_text(text)
        slow.hit.clear()
        sync = subprocess.Popen(
            [sys.executable, "-m", "memsync", "sync", FIELD, "--no-index"],
            cwd=ws,
            env={**os.environ, "MEMSYNC_DEBUG": "", **env},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert slow.hit.wait(30), "the sync never pushed a page"
        # Pages are going up: an agent edits the last of them, and one of the first.
        edits = {name: page(name, "edited while the sync pushed") for name in ("new-11.md", "new-00.md")}
        for name, text in edits.items():
            (ws / FIELD / name).write_text(text)
        _, err = sync.communicate(timeout=120)
        # The run starts over with the edits: merged, or kept beside what it had sent
        # already as a conflict copy (memsync serve lists each page the moment it lands).
        assert sync.returncode in (0, 3), err
        ok(run_cli("sync", FIELD, "--no-index", cwd=ws, env=env))
    for name, text in edits.items():
        assert text in [p.read_text() for p in (ws / FIELD).glob("*.md")], f"{name}: the edit was lost"
        assert text in [p.read_text() for p in folder.glob("*.md")], f"{name}: the edit never reached the remote"


# -- 2. a git field folder holding a link, a submodule or a folder ---------------------------

OUTSIDE_MARK = "written by the user into todo.md"


def _commit_entry(repo: Path, path: str, mode: str, data: bytes | None = None, sha: str | None = None) -> None:
    """Commit one tree entry of any mode (a symlink's target text, a gitlink's commit) to main."""
    from tests.test_git import git

    index = repo / "attack-index"
    env = {"GIT_DIR": str(repo), "GIT_INDEX_FILE": str(index)}
    try:
        git("read-tree", "main", env=env)
        if data is not None:
            sha = git("hash-object", "-w", "--stdin", env=env, input=data).strip()
        git("update-index", "--add", "--cacheinfo", f"{mode},{sha},{path}", env=env)
        tree = git("write-tree", env=env).strip()
        parent = git("rev-parse", "main", env=env).strip()
        commit = git("commit-tree", tree, "-p", parent, "-m", f"add {path}", env=env).strip()
        git("update-ref", "refs/heads/main", commit, env=env)
    finally:
        index.unlink(missing_ok=True)


@pytest.mark.parametrize("entry", ["symlink-relative", "symlink-absolute", "submodule", "subfolder"])
def test_a_git_field_holding_anything_but_files_is_refused_and_nothing_is_written_outside(
    tmp_path: Path, entry: str
) -> None:
    from tests.test_git import bare_repo, git, machine_env

    repo = bare_repo(tmp_path / "srv" / "repo.git")
    home = tmp_path / "home"
    env = machine_env(home)
    victim = tmp_path / "victim.md"
    victim.write_text("the user's file outside every field\n")
    url = f"git+file://{repo}/{FIELD}"
    ws = workspace(tmp_path / "ws", url, {"alpha.md": ALPHA}, env)

    # Someone commits to the field folder what a field never holds.
    if entry == "symlink-relative":
        _commit_entry(repo, f"{FIELD}/todo.md", "120000", b"../../outside")
    elif entry == "symlink-absolute":
        _commit_entry(repo, f"{FIELD}/todo.md", "120000", str(victim).encode())
    elif entry == "submodule":
        _commit_entry(repo, f"{FIELD}/todo.md", "160000", sha=git("--git-dir", repo, "rev-parse", "main").strip())
    else:
        _commit_entry(repo, f"{FIELD}/todo.md/x.md", "100644", b"# in a subfolder\n")

    # The user writes their own todo.md and syncs; a new subscriber pulls.
    (ws / FIELD / "todo.md").write_text(page("Todo", OUTSIDE_MARK))
    before = {p.name: p.read_bytes() for p in (ws / FIELD).iterdir() if p.is_file()}
    synced = run_cli("sync", FIELD, "--no-index", cwd=ws, env=env)
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    subscribed = run_cli("pull", url, "--field", FIELD, "--trust", "self", cwd=fresh, env=env)

    # Nothing anywhere outside the user's field holds what they wrote, and no link was followed.
    assert victim.read_text() == "the user's file outside every field\n", "a write went through the link"
    for where in (home / "cache", home / "cache" / "git", tmp_path, tmp_path / "srv"):
        assert not (where / "outside").exists(), f"a write escaped to {where / 'outside'}"
    escaped = [
        p
        for p in tmp_path.rglob("*")
        if p.is_file()
        and not p.is_relative_to(ws)
        and p.stat().st_size < 1_000_000
        and OUTSIDE_MARK.encode() in p.read_bytes()
    ]
    assert not escaped, f"the user's page was written outside the field: {escaped}"

    # Both were refused with one line naming the entry, and changed nothing.
    assert "todo.md" in assert_one_line_error(synced)
    assert {p.name: p.read_bytes() for p in (ws / FIELD).iterdir() if p.is_file()} == before
    assert "todo.md" in assert_one_line_error(subscribed)
    assert not (fresh / FIELD).exists() or not any((fresh / FIELD).iterdir())
    # The repository's field never got the page either.
    assert (
        OUTSIDE_MARK.encode()
        not in subprocess.run(
            ["git", "--git-dir", str(repo), "log", "-p", "main"], capture_output=True, check=True
        ).stdout
    )


# -- 3. credentials stay with their origin -----------------------------------------------------


class _Logged(FolderHandler):
    """Serves ``root`` for GET, refuses writes, and logs every request with its Authorization header."""

    seen: list[tuple[str, str, str | None]]

    def _log(self) -> None:
        self.seen.append((self.command, self.path, self.headers.get("Authorization")))

    def do_GET(self) -> None:
        self._log()
        super().do_GET()

    def _refuse(self) -> None:
        self._log()
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        self.send_error(405)

    do_PUT = do_DELETE = _refuse


class _Redirect(BaseHTTPRequestHandler):
    """Answers everything with 307 (method and body kept) to the same path at ``target``."""

    target: str

    def _redirect(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        self.send_response(307)
        self.send_header("Location", self.target.rstrip("/") + self.path)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_PUT = do_DELETE = do_HEAD = _redirect

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def two_origins(tmp_path: Path) -> Iterator[tuple[str, list, Path]]:
    """A (one origin) redirects everything to B (another port: another origin), which serves a field."""
    field = tmp_path / "b-field"
    field.mkdir()
    alpha = ALPHA.encode()
    (field / "alpha.md").write_bytes(alpha)
    (field / "SHA256SUMS").write_text(f"{hashlib.sha256(alpha).hexdigest()}  alpha.md\n")
    b_seen: list = []
    b = Loopback(type("B", (_Logged,), {"root": field, "seen": b_seen}))
    a = Loopback(type("A", (_Redirect,), {"target": b.url}))
    try:
        yield a.url, b_seen, field
    finally:
        a.stop()
        b.stop()


CREDENTIALS = {"MEMSYNC_HTTP_USER": "alice", "MEMSYNC_HTTP_PASSWORD": "for-origin-a-only"}


@pytest.mark.parametrize("source", ["environment", "netrc-machine", "netrc-default"])
def test_credentials_never_reach_another_origin_after_a_redirect(two_origins, tmp_path: Path, source: str) -> None:
    a_url, b_seen, _ = two_origins
    netrc = tmp_path / "netrc"
    if source == "environment":
        env = dict(CREDENTIALS)
    else:
        # netrc names hosts, not ports: the entry for 127.0.0.1 (or the default) fits both origins.
        entry = "machine 127.0.0.1" if source == "netrc-machine" else "default"
        netrc.write_text(f"{entry} login alice password for-origin-a-only\n")
        netrc.chmod(0o600)
        env = {"NETRC": str(netrc), "HOME": str(tmp_path)}
    where = tmp_path / "ws"
    where.mkdir()
    result = run_cli("pull", a_url, "--field", FIELD, "--trust", "self", "--no-index", cwd=where, env=env)
    assert b_seen, "the redirect was never followed"
    leaked = [(m, p) for m, p, auth in b_seen if auth]
    assert not leaked, f"credentials for {a_url} were sent to another origin: {leaked}"
    if result.returncode == 0:
        assert (where / FIELD / "alpha.md").read_text() == ALPHA
    else:
        assert_one_line_error(result)


def test_a_write_redirected_to_another_origin_is_refused(two_origins, tmp_path: Path) -> None:
    a_url, b_seen, field = two_origins
    ws = tmp_path / "ws"
    ws.mkdir()
    ok(run_cli("init", cwd=ws))
    ok(run_cli("add", FIELD, cwd=ws))
    (ws / FIELD / "mine.md").write_text(page("Mine", "to be pushed"))
    ok(run_cli("remote", "add", FIELD, "origin", a_url, "--trust", "self", cwd=ws))
    for served in list(field.iterdir()):  # nothing there yet: the push goes straight to its writes
        served.unlink()
    line = assert_one_line_error(run_cli("push", FIELD, cwd=ws, env=dict(CREDENTIALS)))
    assert "redirect" in line, line
    assert not [(m, p) for m, p, _ in b_seen if m in ("PUT", "DELETE", "POST")], b_seen
    assert not [(m, p) for m, p, auth in b_seen if auth], b_seen
    assert not any(field.iterdir())


class _ArchiveElsewhere(BaseHTTPRequestHandler):
    """A field at /f/ whose archive the server keeps at /dl/ (a redirect on the same origin)."""

    seen: list[str]

    def do_GET(self) -> None:
        self.seen.append(self.path)
        moved = self.path == "/f/memoryfield.zip"
        self.send_response(302 if moved else 200)
        if moved:
            self.send_header("Location", "/dl/f-v3.zip")
        self.send_header("Content-Length", "1")
        self.end_headers()
        self.wfile.write(b"x")

    def log_message(self, *args: object) -> None:
        pass


def test_an_archive_redirected_within_the_origin_leaves_the_field_where_it_is(tmp_path: Path) -> None:
    """The archive's redirect to /dl/ moved the field's base there: every later read,
    and a push's writes with their credentials, went to /dl/ instead of /f/."""
    from memsync.backends.http import HttpStore

    seen: list[str] = []
    with Loopback(type("H", (_ArchiveElsewhere,), {"seen": seen})) as server:
        store = HttpStore(server.url + "f/")
        try:
            store.read("memoryfield.zip", 10)
            store.read("alpha.md", 10)
        finally:
            store.close()
    assert seen == ["/f/memoryfield.zip", "/dl/f-v3.zip", "/f/alpha.md"]


# -- 4. endless and dripping bodies ----------------------------------------------------------

MIB = 1024 * 1024
MANIFEST_LIMIT = 64 * MIB  # what memsync reads of a SHA256SUMS at most
ENDLESS_CAP = 1024 * MIB  # "endless": far past any limit, yet bounded if a reader never stops
RSS_CEILING = 300 * MIB


class _Endless(BaseHTTPRequestHandler):
    """A field of alpha.md (and big.md when that is the endless one); ``endless`` names the
    path whose body never ends (close-delimited, no Content-Length), ``drip`` the one sent
    a byte every 2 s."""

    protocol_version = "HTTP/1.0"
    endless: str
    drip: str
    sent: list[int]

    def do_GET(self) -> None:
        name = self.path.lstrip("/")
        alpha = ALPHA.encode()
        sums = f"{hashlib.sha256(alpha).hexdigest()}  alpha.md\n".encode()
        if self.endless == "big.md":
            sums += f"{'0' * 64}  big.md\n".encode()
        if self.drip == f"head:{name}":
            # The status line and headers themselves, a byte at a time: never a pause
            # long enough for a socket timeout.
            with contextlib.suppress(OSError):
                for byte in b"HTTP/1.0 200 OK\r\nX-Padding: " + b"p" * 1000:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(1)
            return
        if name not in (self.endless, self.drip, "SHA256SUMS", "alpha.md"):
            self.send_error(404)
            return
        self.send_response(200)
        self.end_headers()
        try:
            if name == self.endless:
                line = f"{'0' * 64}  page-0000000000.md\n".encode() if name == "SHA256SUMS" else b"x" * 65536
                block = line * max(1, 65536 // len(line))
                while self.sent[0] < ENDLESS_CAP:
                    self.wfile.write(block)
                    self.sent[0] += len(block)
            elif name == self.drip:
                for byte in sums if name == "SHA256SUMS" else b"y" * 100:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(2)
            else:
                self.wfile.write(sums if name == "SHA256SUMS" else alpha)
        except OSError:
            pass  # the reader hung up: what it should do at its limit

    def log_message(self, *args: object) -> None:
        pass


def _endless_server(endless: str = "", drip: str = "") -> tuple[Loopback, list[int]]:
    sent = [0]
    return Loopback(type("E", (_Endless,), {"endless": endless, "drip": drip, "sent": sent})), sent


@pytest.mark.parametrize(
    ("endless", "url_path", "limit", "env"),
    [
        ("SHA256SUMS", "", MANIFEST_LIMIT, {}),
        ("big.md", "", 64 * MIB, {}),
        ("notes.memoryfield.zip", "notes.memoryfield.zip", 64 * MIB, {"MEMSYNC_MAX_ARCHIVE_BYTES": str(64 * MIB)}),
    ],
)
def test_an_endless_body_ends_at_the_byte_limit_in_bounded_memory(
    tmp_path: Path, endless: str, url_path: str, limit: int, env: dict[str, str]
) -> None:
    server, sent = _endless_server(endless=endless)
    with server:
        got = measured(
            "pull", server.url + url_path, "--field", FIELD, "--trust", "self", "--no-index", cwd=tmp_path, env=env
        )
    assert_one_line_error(got)  # type: ignore[arg-type]
    assert "more than" in got.stderr, got.stderr
    assert got.peak_rss < RSS_CEILING, f"peak RSS {got.peak_rss / MIB:.0f} MiB reading an endless body"
    assert sent[0] < limit + 16 * MIB, f"the reader took {sent[0] / MIB:.0f} MiB past a {limit / MIB:.0f} MiB limit"
    assert not (tmp_path / FIELD).exists() or not any((tmp_path / FIELD).iterdir())


@pytest.mark.parametrize(
    ("drip", "bound"),
    [
        # timeout (3 s) plus what the bytes so far take at memsync's minimum rate, plus start-up
        ("SHA256SUMS", 10),
        ("alpha.md", 10),
        # the head must arrive within 2 x timeout; a stalled read is tried 3 times
        ("head:SHA256SUMS", 25),
    ],
)
def test_a_dripping_body_ends_at_the_deadline(tmp_path: Path, drip: str, bound: float) -> None:
    server, _ = _endless_server(drip=drip)
    with server:
        got = measured(
            "pull", server.url, "--field", FIELD, "--trust", "self", "--no-index",
            cwd=tmp_path, env={"MEMSYNC_TIMEOUT": "3"}, timeout=60,
        )  # fmt: skip
    assert_one_line_error(got)  # type: ignore[arg-type]
    assert got.seconds < bound, f"an answer dripping a byte at a time held memsync for {got.seconds:.0f} s"


# -- 5. Ctrl-C while a worker thread is blocked on a read -------------------------------------


class _Hangs(BaseHTTPRequestHandler):
    """SHA256SUMS lists three pages (so they are fetched by worker threads); a request
    for any of them is read and never answered."""

    protocol_version = "HTTP/1.0"
    asked: threading.Event
    release: threading.Event

    def do_GET(self) -> None:
        if self.path == "/SHA256SUMS":
            body = "".join(f"{hashlib.sha256(n.encode()).hexdigest()}  {n}.md\n" for n in "abc").encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if not self.path.endswith(".md"):
            self.send_error(404)  # SHA256SUMS.sig and the like: answered, they are read by the main thread
            return
        self.asked.set()
        self.release.wait(120)

    def log_message(self, *args: object) -> None:
        pass


@pytest.mark.parametrize(("sig", "code", "word"), [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "")])
def test_a_signal_ends_memsync_within_two_seconds_while_a_worker_is_blocked(
    tmp_path: Path, sig: signal.Signals, code: int, word: str
) -> None:
    asked, release = threading.Event(), threading.Event()
    server = Loopback(type("H", (_Hangs,), {"asked": asked, "release": release}))
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "memsync", "pull", server.url, "--field", FIELD, "--trust", "self", "--no-index"],
            cwd=tmp_path,
            env={**os.environ, "MEMSYNC_DEBUG": ""},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert asked.wait(30), "memsync never asked for the page"
        time.sleep(0.3)  # the worker is in its read now
        sent = time.monotonic()
        proc.send_signal(sig)
        try:
            _, err = proc.communicate(timeout=30)
        finally:
            proc.kill()
        took = time.monotonic() - sent
    finally:
        release.set()
        server.stop()
    assert took < 2.0, f"memsync took {took:.1f} s to end after the signal"
    assert proc.returncode == code, (proc.returncode, err)
    assert err.strip().splitlines() == [f"memsync: {word or 'terminated'}"], err


# -- 6. what the wheel installs ------------------------------------------------------------------

UV = shutil.which("uv") or str(Path(sys.executable).with_name("uv"))


@pytest.mark.skipif(not Path(UV).exists(), reason="needs uv (pip install uv) to build a fresh venv quickly")
def test_pip_install_puts_one_package_into_site_packages(tmp_path: Path) -> None:
    """A packaging promise (slow-ish: a fresh venv and a real, non-editable install)."""
    source = Path(__file__).resolve().parents[1]
    venv = tmp_path / "venv"
    subprocess.run([UV, "venv", "-q", "-p", sys.executable, str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    install = subprocess.run(
        [UV, "pip", "install", "-q", "-p", str(python), str(source)], capture_output=True, text=True, timeout=600
    )
    assert install.returncode == 0, install.stderr
    stray = subprocess.run([python, "-c", "import backends"], capture_output=True, text=True, cwd=tmp_path)
    assert stray.returncode != 0 and "No module named 'backends'" in stray.stderr, stray
    version = subprocess.run([venv / "bin" / "memsync", "--version"], capture_output=True, text=True, cwd=tmp_path)
    assert version.returncode == 0 and "version" in version.stdout, version
    top = {p.name.split("-")[0].split(".")[0] for p in next((venv / "lib").glob("python*/site-packages")).iterdir()}
    assert "memsync" in top and "backends" not in top


def test_a_git_remote_that_talks_on_stderr_without_end_holds_bounded_memory(tmp_path: Path) -> None:
    # ssh passes on whatever the far end prints on stderr; all of it was kept (3 GB in 12 s).
    chatty = tmp_path / "chatty-ssh"
    chatty.write_text(
        f'#!/bin/sh\nexec {sys.executable} -c "import sys\n'
        "line = b'remote: counting objects ' + b'.' * 200 + b'\\\\n'\n"
        'while True: sys.stderr.buffer.write(line * 64)"\n'
    )
    chatty.chmod(0o755)
    env = {"GIT_SSH_COMMAND": str(chatty), "GIT_SSH_VARIANT": "simple", "MEMSYNC_TIMEOUT": "3"}
    got = measured(
        "pull", "git+ssh://git@127.0.0.1/x/y.git", "--field", FIELD, "--trust", "self", "--no-index",
        cwd=tmp_path, env=env, timeout=8,
    )  # fmt: skip
    assert got.peak_rss < RSS_CEILING, f"peak RSS {got.peak_rss / MIB:.0f} MiB"


def test_a_git_remote_that_talks_without_end_ends_at_a_deadline(tmp_path: Path) -> None:
    # A line every half second never leaves git silent for the idle timeout: the
    # pull ran until killed, however long.
    chatty = tmp_path / "chatty-ssh"
    chatty.write_text(
        f'#!/bin/sh\nexec {sys.executable} -c "import sys, time\n'
        "while True:\n"
        "    sys.stderr.buffer.write(b'remote: counting objects\\\\n')\n"
        "    sys.stderr.flush()\n"
        '    time.sleep(0.5)"\n'
    )
    chatty.chmod(0o755)
    env = {"GIT_SSH_COMMAND": str(chatty), "GIT_SSH_VARIANT": "simple", "MEMSYNC_TIMEOUT": "1"}
    got = measured(
        "pull", "git+ssh://git@127.0.0.1/x/y.git", "--field", FIELD, "--trust", "self", "--no-index",
        cwd=tmp_path, env=env, timeout=60,
    )  # fmt: skip
    line = assert_one_line_error(got)  # type: ignore[arg-type]
    assert "too slow" in line, line
    # Ten timeouts for the server to count its objects, and an empty cache's bytes.
    assert got.seconds < 20, f"{got.seconds:.0f} s"
