"""A pull that needs most of a field from an HTTP server takes it from one
``memoryfield.zip`` (docs/FORMAT.md), and takes nothing from that archive that
the server's SHA256SUMS does not vouch for.

The server is a small one on 127.0.0.1 that serves a folder's SHA256SUMS and
files and, as ``/memoryfield.zip``, whatever archive the test hands it: an
honest one, none, another version's, one whose page differs from its
SHA256SUMS, one with an extra file, an escaping name or a bomb, or a body that
never ends. An archive that is not exactly the version is never used: the
files are fetched one by one (checked against the same manifest), with one
warning line when the archive was damaged or hostile and none when it was
merely absent or of another version.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
from conftest import CliRunner, make_field, page, snapshot
from net_support import Loopback, measured

from memsync.archive import pack_field
from memsync.field import scan
from memsync.manifest import Manifest, sha256_hex
from memsync.names import MANIFEST_NAME
from memsync.protocol import whole_limit

FIELD = "notes"
PAGES = 80  # above remote.WHOLE_MIN: a clone asks for the archive
MIB = 1024 * 1024
ENDLESS_CAP = 1024 * MIB  # far past any limit, yet bounded if a reader never stops
FILE_LIMIT = 64 * 1024  # MEMSYNC_MAX_FILE_BYTES for the endless archive: a small derived bound


class _Served(BaseHTTPRequestHandler):
    """SHA256SUMS and files of ``root``; ``archive`` as /memoryfield.zip (None: 404,
    b"": a body that never ends). Every path asked for goes into ``seen``."""

    protocol_version = "HTTP/1.0"
    root: Path
    sums: bytes
    archive: bytes | None
    seen: list[str]
    sent: list[int]

    def do_GET(self) -> None:
        name = self.path.lstrip("/")
        self.seen.append(name)
        if name == "memoryfield.zip" and self.archive == b"":
            self._endless()
            return
        if name == "memoryfield.zip":
            body = self.archive
        elif name == MANIFEST_NAME:
            body = self.sums
        else:
            file = self.root / name
            body = file.read_bytes() if "/" not in name and file.is_file() else None
        if body is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _endless(self) -> None:
        self.send_response(200)
        self.end_headers()
        block = b"PK\x03\x04" * 16384
        try:
            while self.sent[0] < ENDLESS_CAP:
                self.wfile.write(block)
                self.sent[0] += len(block)
        except OSError:
            pass  # the reader hung up: what it should do at its limit

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def field(tmp_path: Path) -> Path:
    files = {f"page-{i:03d}.md": page(f"Page {i}", f"body {i}\n" * 20) for i in range(PAGES)}
    return make_field(tmp_path / "srv" / FIELD, files)


@pytest.fixture
def serve(field: Path) -> Iterator[Callable[[bytes | None], tuple[str, list[str], list[int]]]]:
    started: list[Loopback] = []

    def start(archive: bytes | None) -> tuple[str, list[str], list[int]]:
        seen: list[str] = []
        sent = [0]
        attrs = {"root": field, "sums": scan(field).to_bytes(), "archive": archive, "seen": seen, "sent": sent}
        server = Loopback(type("Served", (_Served,), attrs))
        started.append(server)
        return server.url, seen, sent

    yield start
    for server in started:
        server.stop()


def _zip(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return buffer.getvalue()


def _entries(field: Path) -> dict[str, bytes]:
    """The field as an honest archive holds it: SHA256SUMS and every file."""
    return {MANIFEST_NAME: scan(field).to_bytes(), **{p.name: p.read_bytes() for p in sorted(field.iterdir())}}


def _pages(root: Path) -> dict[str, bytes]:
    return {n: d for n, d in snapshot(root).items() if n.endswith(".md")}


def _pull(cli: CliRunner, url: str, where: Path, env: dict[str, str] | None = None):
    where.mkdir(parents=True, exist_ok=True)
    return cli("pull", url, "--field", FIELD, "--trust", "self", "--no-index", cwd=where, env=env)


def _page_requests(seen: list[str]) -> list[str]:
    return [name for name in seen if name.endswith(".md")]


def test_a_whole_field_clone_is_one_archive_request(cli, field, serve, tmp_path):
    url, seen, _ = serve(pack_field(field).data)
    result = _pull(cli, url, tmp_path / "ws")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert _pages(tmp_path / "ws" / FIELD) == _pages(field)
    assert seen.count("memoryfield.zip") == 1, seen
    assert _page_requests(seen) == [], "no page fetched one by one"
    assert len(seen) <= 3, seen  # SHA256SUMS, SHA256SUMS.sig (404: unsigned), memoryfield.zip


def _absent(field: Path) -> bytes | None:
    return None


def _stale(field: Path) -> bytes:
    entries = _entries(field)
    entries["page-007.md"] = page("Page 7", "an older version").encode()
    entries[MANIFEST_NAME] = Manifest({n: sha256_hex(d) for n, d in entries.items() if n != MANIFEST_NAME}).to_bytes()
    return _zip(entries)


def _tampered(field: Path) -> bytes:
    # The server's very SHA256SUMS, over a page that is not what it lists.
    entries = _entries(field)
    entries["page-007.md"] = page("Page 7", "not what SHA256SUMS says").encode()
    return _zip(entries)


def _extra(field: Path) -> bytes:
    return _zip({**_entries(field), "smuggled.md": page("Smuggled", "not in SHA256SUMS").encode()})


def _escaping(field: Path) -> bytes:
    return _zip({**_entries(field), "../escaped.md": page("Escaped", "outside the field").encode()})


def _bomb(field: Path) -> bytes:
    return _zip({**_entries(field), "page-007.md": b"\0" * (8 * MIB)})


@pytest.mark.parametrize(
    ("archive", "warned"),
    [
        (_absent, ""),
        (_stale, ""),
        (_tampered, "does not match its SHA256SUMS hash"),
        (_extra, "'smuggled.md' is not in its SHA256SUMS"),
        (_escaping, "escapes the field"),
        (_bomb, "zip bomb"),
    ],
    ids=["404", "stale", "tampered-page", "extra-file", "zip-slip", "bomb"],
)
def test_an_archive_that_is_not_exactly_the_version_is_not_used(cli, field, serve, tmp_path, archive, warned):
    url, seen, _ = serve(archive(field))
    result = _pull(cli, url, tmp_path / "ws")
    assert result.returncode == 0, result.stderr
    local = tmp_path / "ws" / FIELD
    assert _pages(local) == _pages(field), "every page as SHA256SUMS lists it, none from the archive"
    assert seen.count("memoryfield.zip") == 1, seen
    assert sorted(_page_requests(seen)) == sorted(_pages(field)), "then every page once, one by one"
    assert not list(tmp_path.rglob("escaped.md")) and not list(tmp_path.rglob("smuggled.md"))
    if warned:
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "memoryfield.zip:" in lines[0] and "not used" in lines[0] and warned in lines[0], (
            result.stderr
        )
    else:
        assert result.stderr == "", "an archive merely absent or of another version is passed over silently"


def test_an_endless_archive_ends_at_a_limit_the_manifest_bounds(field, serve, tmp_path, monkeypatch):
    url, _, sent = serve(b"")
    env = {"MEMSYNC_MAX_FILE_BYTES": str(FILE_LIMIT)}
    (tmp_path / "ws").mkdir()
    got = measured("pull", url, "--field", FIELD, "--trust", "self", "--no-index", cwd=tmp_path / "ws", env=env)
    assert got.returncode == 0, got.stderr
    assert "memoryfield.zip: more than" in got.stderr and "archive not used" in got.stderr, got.stderr
    assert _pages(tmp_path / "ws" / FIELD) == _pages(field)
    # PAGES files of at most FILE_LIMIT bytes, their headers and SHA256SUMS: a few MiB, not
    # the 4 GiB any archive may take; what the socket buffers hold comes on top.
    monkeypatch.setenv("MEMSYNC_MAX_FILE_BYTES", str(FILE_LIMIT))
    limit = whole_limit(scan(field))
    assert limit < 8 * MIB
    assert sent[0] < limit + 16 * MIB, f"the reader took {sent[0] / MIB:.0f} MiB past a {limit / MIB:.1f} MiB limit"
    assert got.peak_rss < 150 * MIB, f"peak RSS {got.peak_rss / MIB:.0f} MiB"
