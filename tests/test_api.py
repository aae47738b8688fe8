"""The Python API (memsync.api): docs/API.md's example runs as written, results
are the CLI's --json objects, exit codes are told not raised, and only
memsync's own errors escape."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from memsync import api, engine
from memsync.api import Memsync
from memsync.errors import InputError, InternalError, MemsyncError, PullFirst, WorkspaceError
from tests.conftest import make_field, page, run_cli
from tests.test_json_output import validate

DOC = Path(__file__).parent.parent / "docs" / "API.md"


def test_the_documented_example_runs_as_written(tmp_path: Path) -> None:
    [example] = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
    script = tmp_path / "example.py"
    script.write_text(example)
    work = tmp_path / "work"
    work.mkdir()
    done = subprocess.run(
        [sys.executable, str(script)], cwd=work, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0] == "pushed ['wok.md']"
    assert out[1] == "laptop got ['knives.md']"
    assert out[2] == "best match wok.md"
    assert out[3].startswith("findings ") and out[3].endswith("added ['salt.md']")
    assert out[4].startswith("refused: ") and out[4].endswith("exit 1")
    assert (work / "laptop" / "tips" / "salt.md").is_file()


def _pair(tmp_path: Path) -> tuple[Path, Path]:
    """A workspace with field notes pushed to a folder remote."""
    ws, remote = tmp_path / "ws", tmp_path / "remote"
    ws.mkdir()
    m = Memsync.init(ws)
    make_field(ws / "notes", {f"p{i}.md": page(f"Page {i}", f"About topic{i}.", f"u-{i}") for i in range(3)})
    m.add("notes", ws / "notes")
    m.add_remote("notes", "origin", str(remote))
    m.push("notes")
    return ws, remote


def _cli(ws: Path, *args: str | Path, code: int = 0) -> Any:
    done = run_cli(*args, "--json", cwd=ws)
    assert done.returncode == code, done.stderr
    return json.loads(done.stdout)


def _same_shape(result: api.Result, cli: dict[str, Any], schema: str) -> None:
    """The API's result has the fields the CLI's object has, and both fit the schema."""
    names = {f.name for f in dataclasses.fields(result) if not f.metadata.get("hidden")}
    assert set(result.to_json()) == set(cli)
    assert set(cli) <= names
    validate(schema, result.to_json())
    validate(schema, cli)


def test_results_are_the_json_objects(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ws, remote = _pair(tmp_path)
    monkeypatch.chdir(ws)
    m = Memsync.open()
    (ws / "notes" / "p3.md").write_text(page("Page 3", "About the wok.", "u-3"))  # fixed uuids: a fixed ranking

    cli = _cli(ws, "status", "notes")
    _same_shape(m.status("notes"), cli, "status.json")
    cli = _cli(ws, "sync", "notes", "--dry-run")
    _same_shape(m.sync("notes", dry_run=True), cli, "sync.json")
    synced = m.sync("notes")
    assert [c["file"] for c in synced.remote_changes] == ["p3.md"]
    _same_shape(synced, _cli(ws, "sync", "notes"), "sync.json")
    _same_shape(m.pull("notes"), _cli(ws, "pull", "notes"), "pull.json")
    _same_shape(m.push("notes"), _cli(ws, "push", "notes"), "push.json")
    _same_shape(m.sync_all(), _cli(ws, "sync"), "sync.json")
    _same_shape(m.index("notes"), _cli(ws, "index", "notes"), "index.json")
    _same_shape(m.search("wok"), _cli(ws, "search", "wok"), "search.json")
    assert m.search("wok", k=1).results[0]["filename"] == "p3.md"
    _same_shape(m.add("more", dry_run=True), _cli(ws, "add", "more", "--dry-run"), "add.json")
    assert "more" not in m.workspace.fields  # a dry run leaves nothing, in memory either
    _same_shape(
        m.add_remote("notes", "copy", str(remote), dry_run=True),
        _cli(ws, "remote", "add", "notes", "copy", remote, "--dry-run"),
        "remote-add.json",
    )
    clone = api.preview_clone(str(remote))
    _same_shape(clone, _cli(ws, "clone", remote, "--dry-run"), "clone.json")
    assert clone.files == ["p0.md", "p1.md", "p2.md", "p3.md"]
    published = m.publish("notes", [str(tmp_path / "pub.memoryfield.zip")], dry_run=True)
    _same_shape(published, _cli(ws, "publish", "notes", "--to", tmp_path / "pub.memoryfield.zip", "--dry-run"),
                "publish.json")  # fmt: skip

    # The quarantine, through the API and the CLI in turn.
    held = m.subscribe(str(remote), field="sub", trust="untrusted")
    assert held.exit_code == api.EXIT_QUARANTINED and held.quarantined and held.local_changes == []
    assert not list((ws / "sub").iterdir())
    _same_shape(m.quarantine(), _cli(ws, "quarantine"), "quarantine.json")
    _same_shape(m.review("sub"), _cli(ws, "review", "sub"), "review.json")
    _same_shape(m.reject("sub", dry_run=True), _cli(ws, "reject", "sub", "--dry-run"), "reject.json")
    assert m.reject("sub", held.quarantined[7:19].upper(), dry_run=True).rejected == held.quarantined
    accepted = m.accept("sub")
    assert accepted.exit_code == 0 and sorted(p.name for p in (ws / "sub").iterdir()) == sorted(
        ["SHA256SUMS", "memsync-hashed-words-v1-512.sqlite3", "p0.md", "p1.md", "p2.md", "p3.md"]
    )  # accept rebuilds the index of what it applied
    validate("accept.json", accepted.to_json())


def test_a_conflict_is_exit_code_3_not_an_exception(tmp_path: Path) -> None:
    ws, remote = _pair(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    theirs = Memsync.init(other)
    theirs.clone(str(remote), other / "notes")
    (other / "notes" / "p0.md").write_text(page("Page 0", "Theirs, all of it.", "u-0"))
    theirs.sync("notes")
    (ws / "notes" / "p0.md").write_text(page("Page 0", "Mine, every word.", "u-0"))
    result = Memsync.open(ws).sync("notes")
    assert result.exit_code == api.EXIT_CONFLICT
    assert [c["page"] for c in result.conflicts] == ["p0.md"]
    assert (ws / "notes" / result.conflicts[0]["conflict_copy"]).is_file()
    assert Memsync.open(ws).status("notes").exit_code == api.EXIT_CONFLICT


def test_errors_are_memsyncs_own_with_the_clis_exit_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ws, remote = _pair(tmp_path)
    m = Memsync.open(ws)
    with pytest.raises(WorkspaceError) as missing:
        m.push("notes", "nowhere")
    assert missing.value.code == 1
    with pytest.raises(WorkspaceError):
        Memsync.open(tmp_path / "no-workspace-here")
    with pytest.raises(InputError):
        m.pull("notes", sha256="not-a-pin")

    # The remote moved on: a push is refused with PullFirst (exit 4), nothing lost.
    other = tmp_path / "other"
    other.mkdir()
    theirs = Memsync.init(other)
    theirs.clone(str(remote), other / "notes")
    (other / "notes" / "p9.md").write_text(page("Page 9", "Theirs."))
    theirs.push("notes")
    (ws / "notes" / "p8.md").write_text(page("Page 8", "Mine."))
    with pytest.raises(PullFirst) as moved:
        m.push("notes")
    assert moved.value.code == 4
    assert (ws / "notes" / "p8.md").is_file()

    # A foreign exception from below leaves the API as memsync's InternalError.
    def broken(self: engine.Session, *args: Any, **kwargs: Any) -> Any:
        raise KeyError("a bug below the API")

    monkeypatch.setattr(engine.Session, "run", broken)
    with pytest.raises(MemsyncError) as bug:
        m.sync("notes")
    assert isinstance(bug.value, InternalError) and bug.value.code == 1
    assert "KeyError" in str(bug.value)


def test_the_cli_and_the_api_share_one_workspace_lock(tmp_path: Path) -> None:
    ws, _ = _pair(tmp_path)
    m = Memsync.open(ws, wait=0)
    with m.workspace.locked():
        done = run_cli("sync", "notes", cwd=ws)
    assert done.returncode == 1 and "another memsync command is running" in done.stderr
    assert os.listdir(ws / "notes")


def test_a_long_lived_object_sees_the_config_as_it_is_on_disk(tmp_path: Path) -> None:
    ws, _ = _pair(tmp_path)
    m = Memsync.open(ws)
    (ws / "afile").write_text("not a folder")

    # A failed add leaves nothing behind, in memory either: the next save does not write it.
    with pytest.raises(WorkspaceError, match="a file, not a folder"):
        m.add("broken", ws / "afile")
    assert "broken" not in m.workspace.fields
    # A dry-run remote is not there to push to.
    m.add_remote("notes", "copy", str(tmp_path / "copy"), dry_run=True)
    assert "copy" not in m.workspace.fields["notes"].remotes
    with pytest.raises(WorkspaceError, match="no remote 'copy'"):
        m.push("notes", "copy")
    assert not (tmp_path / "copy").exists()

    # Another process adds a field: this object sees it, and its own saves keep it.
    run_cli("add", "theirs", cwd=ws).check_returncode()
    assert m.quarantine("theirs").quarantine == []  # a field it knows
    m.add("mine")
    assert set(json.loads((ws / ".memsync" / "config.json").read_text())["fields"]) == {"notes", "theirs", "mine"}


def test_keyboard_interrupt_passes_through_unchanged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ws, remote = _pair(tmp_path)

    def interrupted(self: engine.Session, *args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(engine.Session, "run", interrupted)
    with pytest.raises(KeyboardInterrupt):
        Memsync.open(ws).sync("notes")
    bare = tmp_path / "bare"
    bare.mkdir()
    monkeypatch.chdir(bare)
    with pytest.raises(KeyboardInterrupt):
        api.clone(str(remote))
    assert os.listdir(bare) == []  # the workspace it made for the clone is gone again


def test_the_documented_signatures_are_the_real_ones() -> None:
    """Every call docs/API.md's table shows names real parameters, with the defaults it says."""
    calls = re.findall(r"`(m|Memsync|memsync\.api)\.(\w+)\(([^)`]*)\)`", DOC.read_text())
    assert len(calls) > 20
    for owner, name, args in calls:
        function = getattr(Memsync if owner in ("m", "Memsync") else api, name)
        params = inspect.signature(function).parameters
        for arg in (a.strip() for a in args.split(",")):
            if arg in ("", "…"):
                continue
            key, _, default = arg.partition("=")
            assert key in params, f"{owner}.{name} has no parameter {key!r}"
            if default and default != "…":
                assert params[key].default == ast.literal_eval(default), f"{owner}.{name}: {key}={default}"
