"""Bad input as an unlucky user types it: one line on stderr, a non-zero exit,
valid JSON (or nothing) under --json, and nothing written.

Found by a sweep of every command with bad arguments, options and state; each
test here but the bare-group guard failed before its fix.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import CliRunner, assert_one_line_error, make_field, page


def usage_error(result: subprocess.CompletedProcess[str], help_of: str) -> str:
    """A usage error: exit 2, one line, naming the help that shows the usage."""
    line = assert_one_line_error(result)
    assert result.returncode == 2, result.stderr
    assert line.endswith(f"(see '{help_of} --help')"), line
    return line


def listing(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def synced_workspace(cli: CliRunner, tmp_path: Path, pages: int = 1) -> tuple[Path, Path]:
    """A workspace (tmp/ws) whose field notes is pushed to its remote origin (tmp/remote)."""
    ws = tmp_path / "ws"
    ws.mkdir()
    assert cli("init", cwd=ws).returncode == 0
    make_field(ws / "notes", {f"p{i}.md": page(f"P{i}", f"body {i}") for i in range(pages)})
    remote = tmp_path / "remote"
    for args in (("add", "notes"), ("remote", "add", "notes", "origin", remote), ("push", "notes")):
        assert cli(*args, cwd=ws).returncode == 0
    return ws, remote


@pytest.mark.parametrize(
    ("args", "help_of", "says"),
    [
        (["push"], "memsync push", "Missing argument 'FIELD'"),
        (["push", "notes", "--frobnicate"], "memsync push", "No such option '--frobnicate'"),
        (["verify", "--sha256"], "memsync verify", "Option '--sha256' requires an argument"),
        (["remote", "add", "notes"], "memsync remote add", "Missing argument 'NAME'"),
        (["remote", "add", "--option"], "memsync remote add", "Option '--option' requires an argument"),
        (["remote", "frobnicate"], "memsync remote", "No such command 'frobnicate'"),
        (["frobnicate"], "memsync", "No such command 'frobnicate'"),
        (["--frobnicate"], "memsync", "No such option '--frobnicate'"),
        (["gc", "--keep-days", "-1"], "memsync gc", "-1 is not in the range x>=0"),
        (["status", "a", "b"], "memsync status", "Got unexpected extra argument (b)"),
        # NaN passes every range comparison, and no wait or deadline can use it.
        (["pull", "notes", "--wait", "nan"], "memsync pull", "'nan' is not a number of seconds"),
        (["sync", "notes", "--wait", "NaN"], "memsync sync", "'NaN' is not a number of seconds"),
        (["watch", "--interval", "nan"], "memsync watch", "'nan' is not a number of seconds"),
        (["watch", "--debounce", "-nan"], "memsync watch", "'-nan' is not a number of seconds"),
    ],
)
def test_usage_errors_are_one_line_naming_the_help(cli: CliRunner, args: list[str], help_of: str, says: str) -> None:
    line = usage_error(cli(*args), help_of)
    assert says in line
    # The command the line names exists and shows its usage.
    shown = cli(*help_of.split()[1:], "--help")
    assert shown.returncode == 0 and shown.stdout.startswith(f"Usage: {help_of} ")


def test_usage_errors_under_json_are_one_object_and_one_line(cli: CliRunner) -> None:
    for args in (["push", "--json"], ["remote", "add", "notes", "--json"], ["--json", "frobnicate"]):
        result = cli(*args)
        line = assert_one_line_error(result)
        data = json.loads(result.stdout)
        assert data == {"code": 2, "error": line.removeprefix("memsync: ")}


def test_a_bare_group_still_shows_its_help(cli: CliRunner) -> None:
    for args in ([], ["remote"]):
        result = cli(*args)
        assert result.returncode == 2 and "Commands:" in result.stderr


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--port", "70000"], "70000 is not in the range 0<=x<=65535"),  # was served on 70000 % 65536
        (["--port", "-1"], "-1 is not in the range 0<=x<=65535"),  # was an internal error
        (["--threads", "0"], "0 is not in the range x>=1"),  # was a server that never answers
    ],
)
def test_serve_refuses_a_port_or_thread_count_out_of_range(tmp_path: Path, args: list[str], says: str) -> None:
    field = make_field(tmp_path / "notes", {"a.md": page("A", "a")})
    try:
        result = subprocess.run(
            [sys.executable, "-m", "memsync", "serve", field, "--read-only", "--no-index", *args],
            cwd=tmp_path,
            env={**os.environ, "MEMSYNC_DEBUG": ""},
            capture_output=True,
            text=True,
            timeout=20,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"serve {' '.join(args)} started serving instead of refusing")
    assert says in usage_error(result, "memsync serve")


def test_history_and_log_refuse_a_limit_out_of_range(cli: CliRunner) -> None:
    # -n -5 listed every entry, as -n 0 does.
    assert "-5 is not in the range x>=0" in usage_error(cli("history", "notes", "-n", "-5"), "memsync history")
    assert "0 is not in the range x>=1" in usage_error(cli("log", "notes", "-n", "0"), "memsync log")


@pytest.mark.parametrize("command", ["push", "sync", "pull", "status"])
def test_a_missing_field_folder_deletes_nothing_anywhere(cli: CliRunner, tmp_path: Path, command: str) -> None:
    """A field folder moved or unmounted after a sync read as "every page deleted":
    push and sync emptied the remote (four pages are under the delete limit)."""
    ws, remote = synced_workspace(cli, tmp_path, pages=4)
    (ws / "notes").rename(tmp_path / "notes-elsewhere")
    before = listing(remote), listing(ws)

    line = assert_one_line_error(cli(command, "notes", cwd=ws))
    assert "the field's folder is gone (it had 4 files at the last sync with origin)" in line
    assert (listing(remote), listing(ws)) == before
    assert not (ws / "notes").exists()


@pytest.mark.parametrize("damage", [b"{", bytes(range(256)), b"[]", b'{"etag": 5, "sidecars": "x"}'])
def test_a_damaged_sync_base_record_costs_a_full_fetch_not_the_sync(
    cli: CliRunner, tmp_path: Path, damage: bytes
) -> None:
    """The base's record of the remote's version (etag, sidecars) was read unchecked:
    damaged, every sync, pull, push and status was an internal error."""
    ws, remote = synced_workspace(cli, tmp_path, pages=4)
    (ws / ".memsync" / "fields" / "notes" / "base" / "origin.json").write_bytes(damage)
    # Both sides change; the base's manifest still makes it three-way: the local
    # deletion is carried, not undone, and the remote's edit arrives.
    (ws / "notes" / "p3.md").unlink()
    edited = page("P2", "edited on the remote")
    (remote / "p2.md").write_text(edited)
    subprocess.run("sha256sum p*.md > SHA256SUMS", shell=True, cwd=remote, check=True)

    for command in ("status", "sync"):
        result = cli(command, "notes", cwd=ws)
        assert result.returncode == 0, result.stderr
    assert (ws / "notes" / "p2.md").read_text() == edited
    assert sorted(p.name for p in remote.glob("*.md")) == ["p0.md", "p1.md", "p2.md"]
    assert json.loads((ws / ".memsync" / "fields" / "notes" / "base" / "origin.json").read_bytes())["etag"]
    assert "up to date" in cli("status", "notes", cwd=ws).stdout


@pytest.mark.parametrize(
    "args",
    [
        ("remote", "add", "notes", "other", ""),
        ("remote", "set-url", "notes", "origin", ""),
        ("clone", "", "copy"),
        ("publish", "notes", "--to", ""),
    ],
)
def test_an_empty_url_is_refused_not_taken_for_the_current_folder(
    cli: CliRunner, tmp_path: Path, args: tuple[str, ...]
) -> None:
    """An empty URL (an unset shell variable) named the current folder: a remote
    there, or a clone of it."""
    ws, _ = synced_workspace(cli, tmp_path)
    before = listing(tmp_path)
    line = assert_one_line_error(cli(*args, cwd=ws))
    assert "an empty URL names no remote" in line
    assert listing(tmp_path) == before


@pytest.mark.parametrize("url", ["notes", "./notes/", "{ws}/notes", "file://{ws}/notes"])
def test_a_field_is_not_its_own_remote(cli: CliRunner, tmp_path: Path, url: str) -> None:
    ws, _ = synced_workspace(cli, tmp_path)
    before = listing(tmp_path)
    for args in (("remote", "add", "notes", "self"), ("remote", "set-url", "notes", "origin")):
        line = assert_one_line_error(cli(*args, url.format(ws=ws), cwd=ws))
        assert "that is the folder of field 'notes' itself, not a remote" in line
    assert listing(tmp_path) == before


@pytest.mark.parametrize(
    "args",
    [("add", "state", ".memsync"), ("add", "objects", ".memsync/objects"), ("clone", "{other}", ".memsync/copy")],
)
def test_no_field_lives_in_memsyncs_own_state(cli: CliRunner, tmp_path: Path, args: tuple[str, ...]) -> None:
    """A field there would send memsync's config (secret options too) to a remote,
    and a pull would write pages into its state."""
    ws, _ = synced_workspace(cli, tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    (other / "b.md").write_text(page("B", "b"))
    before = listing(tmp_path)
    line = assert_one_line_error(cli(*(a.format(other=other) for a in args), cwd=ws))
    assert "inside memsync's own state" in line
    assert listing(tmp_path) == before


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("http://[::1/f/", "Invalid IPv6 URL"),  # these three were internal errors
        ("http://host:99999/f/", "Port out of range"),
        ("http://host:abc/f/", "Port could not be cast"),
        ("https://", "expected http(s)://HOST[:PORT]/PATH/"),  # these two were kept as remotes
        ("http://exa mple.org/f/", "expected http(s)://HOST[:PORT]/PATH/"),
        ("http://host:abc/f/demo.memoryfield.zip", "Port could not be cast"),
    ],
)
def test_a_malformed_http_url_is_one_line_and_nothing_kept(cli: CliRunner, tmp_path: Path, url: str, says: str) -> None:
    ws, _ = synced_workspace(cli, tmp_path)
    before = listing(tmp_path)
    for args in (("remote", "add", "notes", "web", url), ("pull", url, "--field", "web"), ("clone", url, "web")):
        line = assert_one_line_error(cli(*args, cwd=ws))
        assert "not a valid URL" in line and says in line, line
    assert listing(tmp_path) == before


@pytest.mark.parametrize("endpoint", ["garbage", "http://", "ftp://host"])
def test_an_s3_endpoint_botocore_cannot_use_is_one_line_naming_set_option(
    cli: CliRunner, tmp_path: Path, endpoint: str
) -> None:
    # The first two were internal errors (botocore's ValueError).
    ws, _ = synced_workspace(cli, tmp_path)
    ok = cli("remote", "add", "notes", "s3", "s3://bucket/notes", "-o", f"endpoint_url={endpoint}", cwd=ws)
    assert ok.returncode == 0, ok.stderr
    line = assert_one_line_error(cli("push", "notes", "--remote", "s3", cwd=ws))
    assert "internal error" not in line and endpoint in line, line
    if endpoint != "ftp://host":  # botocore's own words there name the endpoint
        assert "memsync remote set-option FIELD REMOTE endpoint_url=" in line


@pytest.mark.parametrize(
    ("config", "says"),
    [
        (b"[" * 100_000, "nested too deep"),  # a RecursionError
        (b'{"version": 1, "fields": {"notes": {"path": 5, "remotes": {}}}}', "path 5 is not text"),
        (b'{"version": 1, "fields": {"notes": {"path": "notes", "remotes": {"o": {"url": 7}}}}}', "url 7 is not text"),
    ],
)
def test_a_damaged_workspace_config_is_one_line_not_an_internal_error(
    cli: CliRunner, tmp_path: Path, config: bytes, says: str
) -> None:
    ws, _ = synced_workspace(cli, tmp_path)
    (ws / ".memsync" / "config.json").write_bytes(config)
    before = listing(tmp_path)
    for args in (("status", "notes"), ("sync", "notes"), ("fields",), ("remote", "list", "notes")):
        line = assert_one_line_error(cli(*args, cwd=ws))
        assert f"config.json: malformed config ({says})" in line, line
    assert listing(tmp_path) == before


def test_sign_with_changes_only_what_it_is_given(cli: CliRunner, tmp_path: Path) -> None:
    """sign-with --expires (or sign-with alone) silently stopped signing pushes; a KEY
    given with --none was dropped without a word."""
    ws, _ = synced_workspace(cli, tmp_path)
    env = {"HOME": str(tmp_path)}
    assert cli("keygen", "--use", cwd=ws, env=env).returncode == 0
    key = json.loads(cli("sign-with", "--json", cwd=ws, env=env).stdout)["signing_key"]
    assert key and Path(key).is_file()
    changed = json.loads(cli("sign-with", "--expires", "7d", "--json", cwd=ws, env=env).stdout)
    assert changed == {"signing_key": key, "release_expires": "7d", "dry_run": False}
    before = listing(tmp_path)
    assert "not both" in usage_error(cli("sign-with", key, "--none", cwd=ws, env=env), "memsync sign-with")
    assert listing(tmp_path) == before
    assert json.loads(cli("sign-with", "--none", "--json", cwd=ws, env=env).stdout)["signing_key"] is None


def test_keygen_use_outside_a_workspace_writes_no_key(cli: CliRunner, tmp_path: Path) -> None:
    """keygen --use wrote the key pair, then found no workspace to use it in: the
    run failed, and the one after 'memsync init' refused the key as existing."""
    (tmp_path / "here").mkdir()
    line = assert_one_line_error(cli("keygen", "ci-key", "--use", cwd=tmp_path / "here"))
    assert "memsync init" in line, line
    assert listing(tmp_path) == {}
    assert cli("init", cwd=tmp_path / "here").returncode == 0
    made = cli("keygen", "ci-key", "--use", cwd=tmp_path / "here")
    assert made.returncode == 0, made.stderr
    assert f"pushes are signed with {tmp_path / 'here' / 'ci-key'}" in made.stdout


def test_gc_keeps_what_a_journal_line_it_cannot_read_names(cli: CliRunner, tmp_path: Path) -> None:
    """A journal line in a newer format (or damaged) was passed over, so gc dropped the
    versions it named and, rewriting the journal, the line itself."""
    from memsync.store import ObjectStore
    from memsync.workspace import Workspace

    ws, remote = synced_workspace(cli, tmp_path)
    (remote / "p0.md").write_text(page("P0", "edited on the remote"))
    subprocess.run("sha256sum p*.md > SHA256SUMS", shell=True, cwd=remote, check=True)
    assert cli("pull", "notes", cwd=ws).returncode == 0
    journal = ws / ".memsync" / "fields" / "notes" / "history.jsonl"
    entry = json.loads(journal.read_bytes())
    newer = journal.read_bytes().replace(b'"v":1', b'"v":2') + b'{"torn": "' + b"ab" * 32
    journal.write_bytes(newer)

    assert cli("gc", "--keep-days", "0", "--keep-versions", "0", cwd=ws).returncode == 0
    assert entry["old"] in set(ObjectStore(Workspace(ws)).all())
    assert journal.read_bytes() == newer
