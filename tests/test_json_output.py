"""Output for people and programs: every command's --json object validated
against its schema in docs/json-schemas/, errors as JSON, -q and -v, and the
summary a big sync prints instead of one line per file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import click
import jsonschema
import pytest
from referencing import Registry, Resource

from memsync.cli import main
from tests.conftest import make_field, page, run_cli

SCHEMAS = Path(__file__).parent.parent / "docs" / "json-schemas"


def registry() -> Registry:
    resources = [(p.name, Resource.from_contents(json.loads(p.read_text()))) for p in sorted(SCHEMAS.glob("*.json"))]
    return Registry().with_resources(resources)


def validate(schema_name: str, instance: Any) -> None:
    schema = json.loads((SCHEMAS / schema_name).read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema, registry=registry()).validate(instance)


def command_names() -> list[str]:
    """Every command the CLI has that takes --json, as typed ("remote add")."""
    found = []

    def walk(group: click.Group, prefix: str) -> None:
        for name, cmd in sorted(group.commands.items()):
            if isinstance(cmd, click.Group):
                walk(cmd, f"{prefix}{name} ")
            elif any(p.name == "as_json" for p in cmd.params):
                found.append(prefix + name)

    with click.Context(main) as ctx:
        main.list_commands(ctx)  # the lazy CLI loads its command modules here
    walk(main, "")
    return found


def schema_file(command: str) -> str:
    return command.replace(" ", "-") + ".json"


class Outputs:
    """Runs commands with --json in one scenario and keeps each object by command."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.seen: dict[str, list[Any]] = defaultdict(list)
        self.errors: list[tuple[list[str], dict[str, Any], int]] = []

    def run(self, command: str, *args: str | Path, cwd: Path | None = None, code: int = 0) -> Any:
        argv = [*command.split(), *map(str, args), "--json"]
        result = run_cli(*argv, cwd=cwd or self.root / "ws")
        assert result.returncode == code, f"{argv}: exit {result.returncode}\n{result.stdout}\n{result.stderr}"
        data = json.loads(result.stdout)
        self.seen[command].append(data)
        return data

    def fail(self, *args: str | Path, cwd: Path | None = None) -> None:
        argv = [*map(str, args), "--json"]
        result = run_cli(*argv, cwd=cwd or self.root / "ws")
        assert result.returncode != 0
        self.errors.append((argv, json.loads(result.stdout), result.returncode))
        assert result.stderr.strip().splitlines()[-1].startswith(("memsync: ", "Error: "))


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> Outputs:
    root = tmp_path_factory.mktemp("json")
    ws, remote, out = root / "ws", root / "remote", Outputs(root)
    ws.mkdir()
    out.run("init", ws)
    out.run("keygen", root / "key", "--dry-run")
    out.run("keygen", root / "key", "--use")
    out.run("sign-with", root / "key")
    out.run("trust add", "me", root / "key.pub")
    out.run("trust list")
    make_field(ws / "notes", {f"p{i}.md": page(f"Page {i}", f"About topic{i}.") for i in range(3)})
    out.run("add", "notes")
    (ws / "agent" / "memory").mkdir(parents=True)
    out.run("add", "agent", "agent", "--tree")
    out.run("remote add", "notes", "origin", remote)
    out.run("remote list", "notes")
    out.run("fields")
    out.run("push", "notes")
    (ws / "notes" / "p3.md").write_text(page("Page 3", "About the wok."))
    out.run("status", "notes")
    out.run("sync", "notes")
    out.run("pull", "notes")
    out.run("remote add", "agent", "origin", root / "agent-remote")
    out.run("sync", "agent")  # a tree: the root's object with members
    out.run("index", "notes", "--dry-run")
    out.run("index", "notes")
    out.run("search", "wok")
    out.run("unlock", "notes")
    out.run("pack", "notes", "-o", root / "notes.memoryfield.zip")
    out.run("unpack", root / "notes.memoryfield.zip", root / "unpacked")
    out.run("verify", "notes")
    out.run("verify", root / "notes.memoryfield.zip")
    out.run("validate", "notes")
    out.run("manifest", "notes", "--dry-run")
    out.run("mirror", remote, root / "mirror")
    out.run("publish", "notes", "--to", root / "pub.memoryfield.zip")
    out.run("clone", remote, "--dry-run")
    out.run("clone", remote, root / "ws" / "copy", "--name", "copy")
    out.run("trust policy", "copy", "origin", "signed")

    # When both sides changed: a conflict, settled; history, restore, undo, gc (a second
    # workspace with no signing key, so that no trust decision gets in the way).
    other = root / "other"
    other.mkdir()
    out.run("init", cwd=other)
    make_field(other / "diary", {"day.md": page("Day", "Sunny.")})
    out.run("add", "diary", cwd=other)
    out.run("remote add", "diary", "origin", root / "diary-remote", cwd=other)
    out.run("push", "diary", cwd=other)
    out.run("clone", root / "diary-remote", "diary", cwd=ws)
    (other / "diary" / "day.md").write_text(page("Day", "Rain, says other."))
    (ws / "diary" / "day.md").write_text(page("Day", "Snow, says ws."))
    out.run("sync", "diary", cwd=other)
    out.run("sync", "diary", code=3)
    out.run("conflicts")
    out.run("status", "diary", code=3)
    out.run("resolve", "diary", "day.md", "--theirs")
    out.run("restore", "diary", "day.md")
    out.run("sync", "diary")
    out.run("sync", "diary", cwd=other)
    out.run("history", "diary", cwd=other)
    out.run("history", "--stats", cwd=other)
    out.run("undo", "diary", "--dry-run", cwd=other)
    out.run("undo", "diary", cwd=other)
    out.run("sync", cwd=other)  # every field with its default remote
    out.run("status", cwd=other)  # every field with its default remote
    out.run("config", "history_versions", "20", cwd=other)
    out.run("gc", "--dry-run", cwd=other)
    out.run("gc", "--max-bytes", "1", "--dry-run", cwd=other)

    # A git remote, for log.
    subprocess.run(["git", "init", "-q", "--bare", root / "repo.git"], check=True)
    out.run("remote add", "notes", "git", f"git+file://{root}/repo.git")
    out.run("push", "notes", "-r", "git")
    out.run("log", "notes", "-r", "git")
    out.run("remote rename", "notes", "git", "repo")
    out.run("remote set-option", "notes", "repo", "timeout=30")
    out.run("remote unset-option", "notes", "repo", "timeout")
    out.run("remote set-url", "notes", "repo", f"git+file://{root}/repo.git", "--dry-run")
    out.run("remote options", "s3://bucket/field")
    out.run("remote remove", "notes", "repo")

    # The quarantine: a subscription that receives something unreviewed.
    out.run("pull", remote, "--field", "sub", "--trust", "untrusted", code=5)
    out.run("quarantine")
    out.run("review", "sub")
    out.run("accept", "sub", "--dry-run")
    out.run("accept", "sub")
    out.run("blame", "sub/p0.md")  # a stranger's page, line by line
    (ws / "sub" / "p0.md").write_text((ws / "sub" / "p0.md").read_text() + "My own line.\n")
    out.run("index", "sub")
    out.run("search", "topic0", "--field", "sub")  # provenance of the stranger's lines and mine
    out.run("blame", "sub/p0.md")
    # A signed release by "me" would now follow the review: an unsigned one is held again.
    out.run("sign-with", "--none")
    (ws / "notes" / "p4.md").write_text(page("Page 4", "More."))
    out.run("push", "notes")
    out.run("pull", "sub", code=5)
    out.run("reject", "sub")
    out.run("trust remove", "me")
    out.run("remove", "sub", "--dry-run")
    out.run("remove", "sub")
    out.run("demo")

    # watch: one JSON object per line.
    proc = subprocess.Popen(
        [sys.executable, "-m", "memsync", "watch", "notes", "--interval", "0.2", "--json", "-v"],
        cwd=ws,
        env={**os.environ, "MEMSYNC_DEBUG": ""},
        stdout=subprocess.PIPE,
        text=True,
    )
    time.sleep(3)
    (ws / "notes" / "p5.md").write_text(page("Page 5", "Written while watched."))
    time.sleep(3)
    proc.send_signal(signal.SIGTERM)
    stdout, _ = proc.communicate(timeout=10)
    out.seen["watch"] = [json.loads(line) for line in stdout.splitlines()]

    # Errors, of the library and of usage.
    out.fail("push", "nope")
    out.fail("remote", "add", "notes")
    out.fail("sync", "notes", "--frobnicate")
    return out


def test_every_command_with_json_has_a_schema_and_a_real_output(outputs: Outputs) -> None:
    names = command_names()
    assert "watch" in names and "remote add" in names
    missing = [n for n in names if not (SCHEMAS / schema_file(n)).is_file()]
    assert not missing, f"commands without a schema in {SCHEMAS}: {missing}"
    unexercised = [n for n in names if not outputs.seen.get(n)]
    assert not unexercised, f"commands whose output the scenario never produced: {unexercised}"


@pytest.mark.parametrize("command", command_names())
def test_real_output_matches_the_schema(outputs: Outputs, command: str) -> None:
    for data in outputs.seen[command]:
        validate(schema_file(command), data)


def test_watch_lines_cover_start_sync_and_stop(outputs: Outputs) -> None:
    kinds = [e["event"] for e in outputs.seen["watch"]]
    assert kinds[0] == "start" and kinds[-1] == "stop" and "sync" in kinds
    pushed = [e for e in outputs.seen["watch"] if e["report"] and e["report"]["remote_changes"]]
    assert [c["file"] for c in pushed[0]["report"]["remote_changes"]] == ["p5.md"]


def test_errors_under_json_are_json_with_the_exit_code(outputs: Outputs) -> None:
    assert len(outputs.errors) == 3
    for _, data, code in outputs.errors:
        validate("error.json", data)
        assert data["code"] == code
    assert [code for _, _, code in outputs.errors] == [1, 2, 2]
    assert outputs.errors[0][1]["error"] == "no field 'nope' in this workspace (see 'memsync fields')"


def test_a_schema_rejects_output_that_drifted(outputs: Outputs) -> None:
    """The schemas are strict enough to notice a renamed or missing key."""
    report = dict(outputs.seen["sync"][0])
    report["local_change"] = report.pop("local_changes")
    with pytest.raises(jsonschema.ValidationError):
        validate("sync.json", report)
    search = json.loads(json.dumps(outputs.seen["search"][0]))
    del search["results"][0]["trust"]
    with pytest.raises(jsonschema.ValidationError):
        validate("search.json", search)


# -- -q, -v and the summary ------------------------------------------------------------


@pytest.fixture
def big(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    ws.mkdir()
    assert run_cli("init", cwd=ws).returncode == 0
    make_field(ws / "f", {f"page-{i:03d}.md": f"# Page {i}\n" for i in range(60)})
    assert run_cli("add", "f", cwd=ws).returncode == 0
    assert run_cli("remote", "add", "f", "origin", tmp_path / "remote", cwd=ws).returncode == 0
    return ws


def test_a_big_push_prints_a_summary_and_v_prints_every_file(big: Path) -> None:
    dry = run_cli("push", "f", "--dry-run", cwd=big)
    lines = dry.stdout.splitlines()
    assert len(lines) < 12, dry.stdout
    assert sum(line.startswith("  remote + ") for line in lines) == 5
    assert "  … 55 more (local +0 ~0 -0, remote +60 ~0 -0; -v lists every file)" in lines
    every = run_cli("-v", "push", "f", "--dry-run", cwd=big).stdout.splitlines()
    assert sum(line.startswith("  remote + ") for line in every) == 60
    assert run_cli("push", "f", "--dry-run", "--verbose", cwd=big).stdout.splitlines() == every


def test_quiet_prints_nothing_but_errors(big: Path) -> None:
    for argv in (("-q", "push", "f"), ("status", "f", "--quiet")):
        result = run_cli(*argv, cwd=big)
        assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    failed = run_cli("sync", "nope", "-q", cwd=big)
    assert (failed.returncode, failed.stdout) == (1, "")
    assert failed.stderr == "memsync: no field 'nope' in this workspace (see 'memsync fields')\n"
    # --json is asked for explicitly: -q does not take it away.
    assert json.loads(run_cli("status", "f", "-q", "--json", cwd=big).stdout)["field"] == "f"
