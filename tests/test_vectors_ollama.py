"""The ollama embedder against a local server speaking Ollama's HTTP API.

Two workspaces share a folder remote; the receiving side pulls through the
real CLI with OLLAMA_HOST pointing at the fake server, which counts every
/api/embed call and its inputs.
"""

from __future__ import annotations

import json
import math
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from memsync.vectors.ollama import base_url
from tests.conftest import CliRunner, assert_one_line_error, make_field, page
from tests.ollama_support import FakeOllama

NOMIC_INDEX = "nomic-embed-text-v1.5.sqlite3"


@pytest.fixture(scope="module")
def ollama() -> Iterator[FakeOllama]:
    server = FakeOllama().start()
    yield server
    server.stop()


def ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, f"exit {result.returncode}\nstdout: {result.stdout}\nstderr: {result.stderr}"
    return result.stdout


def notes(n: int, version: int = 0) -> dict[str, str]:
    return {f"note-{i:02d}.md": page(f"Note {i}", f"version {version} of note {i}", uid=f"uuid-{i}") for i in range(n)}


@pytest.fixture
def machines(cli: CliRunner, tmp_path: Path) -> tuple[Path, Path]:
    """A writer workspace with field ``f`` pushed to a folder remote, and an empty reader workspace."""
    writer, reader, remote = tmp_path / "writer", tmp_path / "reader", tmp_path / "remote"
    for ws in (writer, reader):
        ws.mkdir()
        ok(cli("init", cwd=ws))
    remote.mkdir()
    ok(cli("add", "f", cwd=writer))
    ok(cli("remote", "add", "f", "origin", remote, cwd=writer))
    return writer, reader


@pytest.mark.parametrize(("n", "k", "batch"), [(10, 5, 4), (9, 9, 32), (12, 7, 3)])
def test_a_pull_that_changes_k_pages_makes_k_embeddings_in_ceil_k_over_batch_calls(
    cli: CliRunner, ollama: FakeOllama, machines: tuple[Path, Path], n: int, k: int, batch: int
) -> None:
    writer, reader = machines
    env = {"OLLAMA_HOST": ollama.host, "MEMSYNC_EMBED_BATCH": str(batch), "MEMSYNC_EMBEDDER": ""}
    make_field(writer / "f", notes(n))
    ok(cli("push", "f", cwd=writer))

    ollama.reset()
    cloned = json.loads(ok(cli("clone", writer.parent / "remote", "f", "--json", cwd=reader, env=env)))
    assert cloned["index"]["embedder"] == "ollama", "auto picks Ollama when it answers with the model"
    assert (len(ollama.inputs), len(ollama.calls)) == (n, math.ceil(n / batch))
    assert cloned["index"]["embedded"] == n and cloned["index"]["calls"] == math.ceil(n / batch)

    make_field(writer / "f", {name: text for name, text in list(notes(n, version=1).items())[:k]})
    ok(cli("push", "f", cwd=writer))
    ollama.reset()
    pulled = json.loads(ok(cli("pull", "f", "--json", cwd=reader, env=env)))
    assert len(pulled["local_changes"]) == k
    assert len(ollama.inputs) == k, "exactly the changed pages are embedded"
    assert len(ollama.calls) == math.ceil(k / batch)
    assert all(len(call) <= batch for call in ollama.calls)
    assert (pulled["index"]["embedded"], pulled["index"]["unchanged"]) == (k, n - k)

    ollama.reset()
    noop = json.loads(ok(cli("pull", "f", "--json", cwd=reader, env=env)))
    assert noop["local_changes"] == [] and "index" not in noop
    assert ollama.calls == [], "a no-op pull embeds nothing"

    with sqlite3.connect(reader / "f" / NOMIC_INDEX) as conn:
        sizes = conn.execute("SELECT DISTINCT length(embedding) FROM pages").fetchall()
        assert conn.execute("SELECT count(*) FROM pages").fetchone() == (n,)
    assert sizes == [(768 * 4,)]


def test_inputs_follow_the_reference_tool(cli: CliRunner, ollama: FakeOllama, tmp_path: Path) -> None:
    # A 2-byte character straddles the 8192-byte cut: the half that is left is dropped, as the reference does.
    long_page = ("x" * 8191 + "é" + "tail").encode()
    field = make_field(tmp_path / "f", {"long.md": long_page, "short.md": "short page\n"})
    ollama.reset()
    report = json.loads(ok(cli("index", field, "--embedder", "ollama", "--json", env={"OLLAMA_HOST": ollama.host})))
    assert report["model_code"] == "nomic-embed-text-v1.5" and report["index"].endswith(NOMIC_INDEX)
    assert sorted(ollama.inputs) == sorted(["search_document: " + "x" * 8191, "search_document: short page\n"])

    ollama.reset()
    found = json.loads(ok(cli("search", field, "short", "-k", "1", "--json", env={"OLLAMA_HOST": ollama.host})))
    assert found["fields"][0]["embedder"] == "ollama" and len(found["results"]) == 1
    assert ollama.calls == [["search_query: short"]]


def test_no_index_skips_the_rebuild(cli: CliRunner, ollama: FakeOllama, machines: tuple[Path, Path]) -> None:
    writer, reader = machines
    make_field(writer / "f", notes(3))
    ok(cli("push", "f", cwd=writer))
    ollama.reset()
    ok(cli("clone", writer.parent / "remote", "f", "--no-index", cwd=reader, env={"OLLAMA_HOST": ollama.host}))
    assert ollama.calls == [] and not list((reader / "f").glob("*.sqlite3"))


def test_auto_falls_back_to_builtin_and_says_so(cli: CliRunner, machines: tuple[Path, Path]) -> None:
    writer, reader = machines
    make_field(writer / "f", notes(3))
    ok(cli("push", "f", cwd=writer))
    out = ok(cli("clone", writer.parent / "remote", "f", cwd=reader, env={"OLLAMA_HOST": "127.0.0.1:9"}))
    assert "(builtin embedder)" in out
    assert (reader / "f" / "memsync-hashed-words-v1-512.sqlite3").is_file()


def test_an_unreachable_chosen_ollama_is_one_line(cli: CliRunner, tmp_path: Path, machines: tuple[Path, Path]) -> None:
    field = make_field(tmp_path / "f", notes(2))
    env = {"OLLAMA_HOST": "127.0.0.1:9"}
    line = assert_one_line_error(cli("index", field, "--embedder", "ollama", env=env))
    assert "Ollama is not reachable at http://127.0.0.1:9" in line

    # After a pull the sync has landed: a failed rebuild is a warning, not a failed pull.
    writer, reader = machines
    make_field(writer / "f", notes(2))
    ok(cli("push", "f", cwd=writer))
    result = cli(
        "clone", writer.parent / "remote", "f", "--json", cwd=reader, env={**env, "MEMSYNC_EMBEDDER": "ollama"}
    )
    report = json.loads(ok(result))
    assert "vector index not rebuilt" in report["index"]["error"]
    assert sorted(p.name for p in (reader / "f").iterdir()) == ["SHA256SUMS", "note-00.md", "note-01.md"]


def test_a_missing_model_is_one_line(cli: CliRunner, tmp_path: Path) -> None:
    server = FakeOllama(model="some-other-model").start()
    try:
        field = make_field(tmp_path / "f", notes(1))
        line = assert_one_line_error(cli("index", field, "--embedder", "ollama", env={"OLLAMA_HOST": server.host}))
        assert "not found, try pulling it first" in line
        out = json.loads(ok(cli("index", field, "--json", env={"OLLAMA_HOST": server.host, "MEMSYNC_EMBEDDER": ""})))
        assert out["embedder"] == "builtin", "auto does not pick an Ollama without the model"
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("host", "url"),
    [
        (None, "http://127.0.0.1:11434"),
        ("0.0.0.0", "http://127.0.0.1:11434"),
        ("localhost:8080", "http://localhost:8080"),
        ("https://ollama.example.com/", "https://ollama.example.com:443"),
        ("[::1]:11434", "http://[::1]:11434"),
    ],
)
def test_ollama_host_forms(host: str | None, url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OLLAMA_HOST", raising=False)
    assert base_url(host) == url


def test_a_malformed_ollama_host_is_one_line(cli: CliRunner, tmp_path: Path) -> None:
    field = make_field(tmp_path / "f", notes(1))
    line = assert_one_line_error(cli("index", field, env={"OLLAMA_HOST": "host:port", "MEMSYNC_EMBEDDER": ""}))
    assert "OLLAMA_HOST='host:port'" in line
