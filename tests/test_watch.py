"""memsync watch: two real watcher processes on two workspaces sharing a folder
remote; edits cross over, a conflict is kept as a copy, quarantine is reported
once, failures back off and recover, and signals stop it cleanly."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from memsync.names import Role, role_of
from memsync.store import StagingStore
from memsync.workspace import Workspace
from tests.conftest import CliRunner, make_field, page
from tests.http_support import MemsyncServer

FAST = ("--interval", "0.3", "--debounce", "0.2")


def ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, f"exit {result.returncode}\nstdout: {result.stdout}\nstderr: {result.stderr}"
    return result.stdout


class Running:
    """A ``memsync watch --json`` process whose log lines can be read as they come."""

    def __init__(self, cwd: Path, *args: str) -> None:
        self.log = cwd.parent / f"{cwd.name}-watch.log"
        self.handle = self.log.open("w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "memsync", "watch", "--json", *args],
            cwd=cwd,
            env={**os.environ, "MEMSYNC_DEBUG": ""},
            stdout=self.handle,
            stderr=subprocess.PIPE,
            text=True,
        )

    def events(self) -> list[dict[str, Any]]:
        lines = self.log.read_text().splitlines()
        return [json.loads(line) for line in lines if line.endswith("}")]

    def wait_for(self, what: Callable[[list[dict[str, Any]]], bool], timeout: float = 30) -> list[dict[str, Any]]:
        return until(lambda: what(self.events()) and self.events(), timeout, f"log of {self.log}")

    def stop(self, signum: int = signal.SIGTERM, timeout: float = 10) -> tuple[int, float, str]:
        started = time.monotonic()
        self.proc.send_signal(signum)
        _, err = self.proc.communicate(timeout=timeout)
        self.handle.close()
        return self.proc.returncode, time.monotonic() - started, err


@contextmanager
def watching(cwd: Path, *args: str) -> Iterator[Running]:
    running = Running(cwd, *args)
    try:
        running.wait_for(lambda events: any(e["event"] == "start" for e in events))
        yield running
    finally:
        if running.proc.poll() is None:
            running.proc.kill()
            running.proc.wait()
        running.handle.close()


def until(check: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def content(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in root.iterdir() if p.is_file() and role_of(p.name) is Role.CONTENT}


def two_machines(cli: CliRunner, tmp_path: Path) -> tuple[Path, Path, Path]:
    a, b, remote = tmp_path / "a", tmp_path / "b", tmp_path / "remote"
    a.mkdir()
    b.mkdir()
    ok(cli("init", cwd=a))
    make_field(a / "f", {"one.md": page("One", "line one", "11111111-1111-4111-8111-111111111111")})
    ok(cli("add", "f", cwd=a))
    ok(cli("remote", "add", "f", "origin", str(remote), cwd=a))
    ok(cli("sync", "f", cwd=a))
    ok(cli("clone", str(remote), "f", "--name", "f", cwd=b))
    return a, b, remote


def test_two_watchers_carry_edits_keep_a_conflict_as_a_copy_and_stop_on_sigterm(cli: CliRunner, tmp_path: Path) -> None:
    a, b, remote = two_machines(cli, tmp_path)
    with watching(a, *FAST) as wa, watching(b, *FAST) as wb:
        # An edit on one machine reaches the other with nobody running a command.
        (a / "f" / "two.md").write_text(page("Two", "written on a"))
        until(lambda: (b / "f" / "two.md").is_file(), 30, "two.md to reach b")
        assert (b / "f" / "two.md").read_bytes() == (a / "f" / "two.md").read_bytes()
        # ... and the other way.
        (b / "f" / "three.md").write_text(page("Three", "written on b"))
        until(lambda: (a / "f" / "three.md").is_file(), 30, "three.md to reach a")

        # Both change the same line before either syncs: one keeps its own, the other's is a copy.
        (a / "f" / "one.md").write_text(page("One", "line changed on a", "11111111-1111-4111-8111-111111111111"))
        (b / "f" / "one.md").write_text(page("One", "line changed on b", "11111111-1111-4111-8111-111111111111"))

        def settled() -> bool:
            here, there, at_remote = content(a / "f"), content(b / "f"), content(remote)
            return here == there == at_remote and any("--conflict-" in n for n in here)

        until(settled, 30, "both machines to hold the same field with a conflict copy")
        copies = [n for n in content(a / "f") if "--conflict-" in n]
        assert len(copies) == 1
        versions = {(a / "f" / "one.md").read_text(), (a / "f" / copies[0]).read_text()}
        assert any("line changed on a" in v for v in versions)
        assert any("line changed on b" in v for v in versions)
        conflicts = [e for w in (wa, wb) for e in w.events() if e["event"] == "sync" and e["report"]["conflicts"]]
        assert len(conflicts) == 1
        assert conflicts[0]["level"] == "error" and conflicts[0]["code"] == 3
        assert copies[0] in conflicts[0]["message"]

        for running in (wa, wb):
            code, took, err = running.stop(signal.SIGTERM)
            assert code == 0, err
            assert took < 5
            assert running.events()[-1]["event"] == "stop"
            assert err == ""


def test_stops_at_once_while_waiting_for_a_long_poll(cli: CliRunner, tmp_path: Path) -> None:
    a, _, _ = two_machines(cli, tmp_path)
    for signum in (signal.SIGINT, signal.SIGTERM):
        with watching(a, "--interval", "3600", "-v") as running:
            running.wait_for(lambda events: len(events) >= 2)  # the first sync is done: now it waits an hour
            code, took, err = running.stop(signum)
            assert (code, err) == (0, "")
            assert took < 2


def test_a_held_version_is_reported_once_and_not_fetched_again(cli: CliRunner, tmp_path: Path) -> None:
    a, b, _ = two_machines(cli, tmp_path)
    ok(cli("trust", "policy", "f", "origin", "untrusted", cwd=b))
    with watching(b, *FAST, "-v") as running:
        (a / "f" / "gift.md").write_text(page("Gift", "from a stranger"))
        ok(cli("sync", "f", cwd=a))
        events = running.wait_for(lambda events: any(e["event"] == "held" for e in events))
        held = [e for e in events if e["event"] == "held"]
        assert held[0]["code"] == 5 and "memsync review f" in held[0]["message"]
        store = StagingStore(Workspace(b))
        [meta] = store.quarantined("f")
        first_held_at = meta["quarantined_at"]
        time.sleep(2.5)  # eight polls
        # Still one report, the version was not received (nor quarantined) again, and it is not live.
        assert [e["event"] for e in running.events()].count("held") == 1
        [meta] = store.quarantined("f")
        assert meta["quarantined_at"] == first_held_at
        assert not (b / "f" / "gift.md").exists()
        # A newer version at the remote is looked at, and reported once too.
        (a / "f" / "gift2.md").write_text(page("Gift two", "more from a stranger"))
        ok(cli("sync", "f", cwd=a))
        running.wait_for(lambda events: [e["event"] for e in events].count("held") == 2)
        time.sleep(1.5)
        assert [e["event"] for e in running.events()].count("held") == 2
        code, _, err = running.stop()
        assert (code, err) == (0, "")


def test_failures_back_off_and_recover(cli: CliRunner, tmp_path: Path) -> None:
    a, _, remote = two_machines(cli, tmp_path)
    with watching(a, *FAST) as running:
        running.wait_for(lambda events: len(events) >= 1)
        moved = remote.with_name("remote-away")
        remote.rename(moved)
        (a / "f" / "while-away.md").write_text(page("Away", "written while the remote was gone"))
        events = running.wait_for(lambda events: sum(e["event"] == "error" for e in events) >= 3, timeout=40)
        errors = [e for e in events if e["event"] == "error"]
        assert [e["retry_in"] for e in errors[:3]] == [2, 4, 8]
        assert all("gone" in e["message"] and e["code"] == 1 for e in errors)
        moved.rename(remote)
        # The change made while failing goes out with the first success, which says it recovered.
        done = running.wait_for(lambda events: any("recovered" in e["message"] for e in events), timeout=40)
        recovered = next(e for e in done if "recovered" in e["message"])
        assert recovered["event"] == "sync"
        assert (remote / "while-away.md").is_file()
        assert running.stop()[0] == 0


def test_watch_refuses_nothing_to_watch_with_one_line(cli: CliRunner, tmp_path: Path) -> None:
    ok(cli("init"))
    ok(cli("add", "lonely"))
    result = cli("watch")
    assert result.returncode == 1
    assert result.stderr.strip() == "memsync: no fields to watch (add a remote to a field first: memsync remote add)"
    result = cli("watch", "lonely", "--json")
    assert json.loads(result.stdout) == {
        "error": "field 'lonely' has no remotes (add one with 'memsync remote add')",
        "code": 1,
    }


def test_the_delete_limit_hint_names_a_command_that_takes_it(cli: CliRunner, tmp_path: Path) -> None:
    """The limit's "run it again with --max-delete" would be watch, which takes no such option."""
    a, _, remote = two_machines(cli, tmp_path)
    make_field(a / "f", {f"p{i}.md": page(f"P{i}", f"page {i}") for i in range(7)})
    ok(cli("sync", "f", cwd=a))
    for i in range(7):
        (a / "f" / f"p{i}.md").unlink()
    with watching(a, *FAST) as running:
        events = running.wait_for(lambda events: any(e["event"] == "error" for e in events))
        error = next(e for e in events if e["event"] == "error")
        assert "this would delete 7 of its 8 files" in error["message"]
        hint = "memsync sync f --remote origin --max-delete 7"
        assert f"(here: {hint})" in error["message"]
        assert "--max-delete" in ok(cli("sync", "--help", cwd=a))
        assert len(content(remote)) == 8


def test_a_poll_waits_until_local_writes_settle(cli: CliRunner, tmp_path: Path) -> None:
    """A poll is a whole sync: one that ran while an agent was mid-save pushed the
    save's temp file (a valid content name) to the remote and every sibling."""
    a, _, remote = two_machines(cli, tmp_path)
    with watching(a, "--interval", "0.2", "--debounce", "2.5", "-v") as running:
        running.wait_for(lambda events: any(e["event"] == "sync" for e in events))
        temp = a / "f" / "tmp3k9x_q2z"
        temp.write_text(page("Saved", "first half"))
        time.sleep(1.2)  # six polls
        temp.write_text(page("Saved", "first half, second half"))
        temp.rename(a / "f" / "saved.md")

        def pushed(events: list[dict[str, Any]]) -> list[str]:
            syncs = [e["report"] for e in events if e["event"] == "sync"]
            return [change["file"] for report in syncs for change in report["remote_changes"]]

        assert pushed(running.wait_for(lambda events: "saved.md" in pushed(events))) == ["saved.md"]
        assert not (remote / temp.name).exists()
        assert running.stop()[0] == 0


def a_long_first_pull(cli: CliRunner, tmp_path: Path) -> tuple[Path, Path]:
    """Workspace b, whose first sync pulls 800 pages: seconds of work."""
    a, b, remote = tmp_path / "a", tmp_path / "b", tmp_path / "remote"
    a.mkdir()
    b.mkdir()
    make_field(a / "f", {f"p{i:04}.md": page(f"P{i}", "word " * 400) for i in range(800)})
    ok(cli("init", cwd=a))
    ok(cli("add", "f", cwd=a))
    ok(cli("remote", "add", "f", "origin", str(remote), cwd=a))
    ok(cli("sync", "f", cwd=a))
    ok(cli("init", cwd=b))
    ok(cli("add", "f", cwd=b))
    ok(cli("remote", "add", "f", "origin", str(remote), cwd=b))
    return b, remote


def test_sigterm_lets_the_sync_in_progress_land(cli: CliRunner, tmp_path: Path) -> None:
    """As the README and the systemd unit say; a second after the signal the process
    ended instead (exit 143, no stop event), the pull cut short."""
    b, remote = a_long_first_pull(cli, tmp_path)
    with watching(b, "--interval", "3600", "--no-index") as running:
        time.sleep(0.3)  # the first sync has begun
        code, _, err = running.stop(signal.SIGTERM, timeout=120)
        assert (code, err) == (0, "")
        assert [e["event"] for e in running.events()][-1] == "stop"
    assert content(b / "f") == content(remote)


def test_a_second_ctrl_c_cuts_the_sync_in_progress_short(cli: CliRunner, tmp_path: Path) -> None:
    b, _ = a_long_first_pull(cli, tmp_path)
    with watching(b, "--interval", "3600", "--no-index") as running:
        time.sleep(0.3)
        running.proc.send_signal(signal.SIGINT)
        time.sleep(0.2)
        code, took, err = running.stop(signal.SIGINT)
        # On a loaded machine the first sync may not have begun, and the watcher is
        # already ending when the second Ctrl-C comes: Python then ends by SIGINT,
        # which a shell reports as 130 too.
        assert (code, err.splitlines()) in ((130, ["memsync: interrupted"]), (-signal.SIGINT, [])), (code, err)
        assert took < 2


def test_another_command_holding_the_workspace_is_waited_for_and_said_once_not_an_error(
    cli: CliRunner, tmp_path: Path
) -> None:
    """The agent's own `memsync sync` beside the watcher: each collision was an error
    line (what -q and --json consumers alarm on) and doubled the backoff."""
    import fcntl

    a, _, remote = two_machines(cli, tmp_path)
    with watching(a, *FAST) as running:
        running.wait_for(lambda events: len(events) >= 1)
        fd = os.open(a / ".memsync" / "lock", os.O_RDWR)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)  # as a running memsync command holds it
            (a / "f" / "meanwhile.md").write_text(page("Meanwhile", "written while another command ran"))
            # Past BUSY_REPORT: the wait is said once, so a watcher syncing nothing does not look idle.
            running.wait_for(lambda events: any(e["event"] == "busy" for e in events), timeout=30)
            time.sleep(1.5)
        finally:
            os.close(fd)
        until(lambda: (remote / "meanwhile.md").is_file(), 30, "meanwhile.md to reach the remote")
        assert running.stop()[0] == 0
        assert [e for e in running.events() if e["event"] == "error"] == []
        [busy] = [e for e in running.events() if e["event"] == "busy"]
        assert busy["level"] == "info" and "another memsync command has held the workspace" in busy["message"]


def test_the_json_log_never_shows_the_credentials_in_a_remotes_url(tmp_path: Path, cli: CliRunner) -> None:
    secret = "s3cr3t-T0KEN"
    make_field(tmp_path / "www" / "diary", {"a.md": page("A", "A page.")})
    server = MemsyncServer(tmp_path / "www" / "diary", log=tmp_path / "serve.log", args=("--no-index",))
    ws = tmp_path / "ws"
    ws.mkdir()
    try:
        ok(cli("init", cwd=ws))
        ok(cli("add", "diary", cwd=ws))
        url = server.url.replace("http://", f"http://bob:{secret}@") + "?access_token=" + secret
        ok(cli("remote", "add", "diary", "origin", url, "--trust", "self", cwd=ws))
        with watching(ws, "diary", *FAST) as running:
            events = running.wait_for(lambda events: any(e["report"] for e in events))
    finally:
        server.stop()
    assert (ws / "diary" / "a.md").is_file()
    assert any(e["report"] and "127.0.0.1" in e["report"]["url"] for e in events)
    assert secret not in running.log.read_text()


def test_a_field_folder_gone_is_not_made_again_and_emptied_at_the_remote(cli: CliRunner, tmp_path: Path) -> None:
    """`sync` refuses a folder gone after a sync (moved, or a drive not mounted yet);
    watch made it again, empty, and its first sync deleted every page at the remote."""
    a, _, remote = two_machines(cli, tmp_path)
    (a / "f").rename(a / "f-away")
    with watching(a, "--interval", "3600", "--debounce", "0.2") as running:
        events = running.wait_for(lambda events: any(e["event"] == "error" for e in events))
        error = next(e for e in events if e["event"] == "error")
        assert "the field's folder is gone" in error["message"]
        assert not (a / "f").exists()
        assert "one.md" in content(remote)
        # Put back, it is synced again (the retry), and watched: a save goes out with no poll due.
        (a / "f-away").rename(a / "f")
        running.wait_for(lambda events: any("recovered" in e["message"] for e in events), timeout=40)
        (a / "f" / "back.md").write_text(page("Back", "written once the folder was back"))
        until(lambda: (remote / "back.md").is_file(), 30, "back.md to reach the remote")
        assert running.stop()[0] == 0
