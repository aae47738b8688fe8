"""The batch writer: a large apply's temp files are created by a helper process.

What it must keep of ``atomic.write_temp``: the same bytes, mode and stat
rows, never a write through a link, every failure one ``OSError`` naming its
file, and nothing left behind or running after a failure or an interrupt."""

from __future__ import annotations

import contextlib
import errno
import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

import memsync.field
from memsync import engine, protocol
from memsync.backends.base import PreconditionFailed
from memsync.backends.local import LocalStore
from memsync.disk import tempwriter
from memsync.disk.atomic import TEMP_PREFIX, unlink_quietly
from memsync.errors import MemsyncError, PullFirst, RemoteError
from memsync.manifest import sha256_hex
from memsync.protocol import LOCK_NAME
from memsync.workspace import Workspace
from tests.conftest import page


def helper(directory: Path) -> tempwriter.HelperWriter:
    writer = tempwriter.batch_writer(directory, tempwriter.PROCESS_MIN, durable=False)
    assert isinstance(writer, tempwriter.HelperWriter), "a large batch goes to the helper process"
    return writer


def test_the_helper_writes_what_write_temp_writes(tmp_path: Path) -> None:
    pages = {f"p{i}.md": os.urandom(i * 977) for i in range(40)}  # the empty page included
    writer = helper(tmp_path)
    try:
        temps = {name: writer.write(tmp_path / name, data) for name, data in pages.items()}
        rows = writer.finish()
    finally:
        writer.close()
    assert sorted(rows) == sorted(temps.values())
    for name, tmp in temps.items():
        assert Path(tmp).parent == tmp_path and Path(tmp).name.startswith(TEMP_PREFIX)
        st = os.lstat(tmp)
        assert stat.S_ISREG(st.st_mode) and stat.S_IMODE(st.st_mode) == 0o644
        assert Path(tmp).read_bytes() == pages[name]
        assert rows[tmp] == (st.st_size, st.st_mtime_ns, st.st_ino), "the row is the file as written"
    # The durable or small batch stays in this process, with the same rows.
    inline = tempwriter.batch_writer(tmp_path, 3, durable=False)
    assert type(inline).__name__ == "_InlineWriter"
    tmp = inline.write(tmp_path / "x.md", b"x")
    st = os.lstat(tmp)
    assert inline.finish() == {tmp: (1, st.st_mtime_ns, st.st_ino)}


def test_a_link_planted_at_a_temp_name_is_refused_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"not yours")
    field = tmp_path / "field"
    field.mkdir()
    writer = helper(field)
    try:
        first = writer.write(field / "a.md", b"a")
        # Someone who watches the folder guesses the next temp name and plants a link there.
        os.symlink(outside, first[:-1] + "1")
        with pytest.raises(OSError) as failed:
            writer.write(field / "b.md", b"through the link")
            writer.write(field / "c.md", b"c")
            writer.finish()
    finally:
        writer.close()
    assert failed.value.errno == errno.EEXIST and failed.value.filename == first[:-1] + "1"
    assert outside.read_bytes() == b"not yours"


def test_a_missing_folder_is_one_oserror_naming_the_file(tmp_path: Path) -> None:
    writer = helper(tmp_path / "gone")
    try:
        tmp = writer.write(tmp_path / "gone" / "a.md", b"a")
        with pytest.raises(OSError) as failed:
            writer.finish()
    finally:
        writer.close()
    assert failed.value.errno == errno.ENOENT and failed.value.filename == tmp


def test_a_helper_that_dies_is_an_oserror_not_a_broken_pipe(tmp_path: Path) -> None:
    writer = helper(tmp_path)
    try:
        writer.write(tmp_path / "a.md", b"a")
        writer.proc.kill()
        writer.proc.wait()
        with pytest.raises(OSError, match="helper process writing files failed") as failed:
            for i in range(200):  # until the closed pipe is noticed
                writer.write(tmp_path / f"p{i}.md", os.urandom(8192))
            writer.finish()
        assert not isinstance(failed.value, BrokenPipeError)
    finally:
        writer.close()


def _replica(root: Path, remote: Path, files: dict[str, str] | None) -> Workspace:
    ws = Workspace.init(root)
    ws.add_field("f", root / "f")
    ws.add_remote("f", "origin", str(remote), {})
    if files:
        for name, text in files.items():
            (root / "f").mkdir(exist_ok=True)
            (root / "f" / name).write_text(text)
    engine.Session(ws, "f", None).run("sync")
    return ws


def test_a_large_clone_goes_through_the_helper_and_the_next_sync_hashes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempwriter, "PROCESS_MIN", 16)
    helpers: list[Path] = []
    real = tempwriter.HelperWriter.__init__

    def spy(self: tempwriter.HelperWriter, directory: Path) -> None:
        helpers.append(directory)
        real(self, directory)

    monkeypatch.setattr(tempwriter.HelperWriter, "__init__", spy)
    files = {f"p{i:03d}.md": page(f"P{i}", f"body {i}") for i in range(120)}
    remote = tmp_path / "remote"
    _replica(tmp_path / "a", remote, files)
    assert helpers == [remote], "the first push's 120 pages went through one helper"
    assert {p.name: p.read_text() for p in remote.glob("*.md")} == files
    b = _replica(tmp_path / "b", remote, None)
    assert helpers == [remote, tmp_path / "b" / "f"], "and so did the clone's"
    assert {p.name: p.read_text() for p in (b.root / "f").glob("*.md")} == files
    hashed: list[str] = []
    real_hash = memsync.field.hash_file
    monkeypatch.setattr(
        memsync.field, "hash_file", lambda path: hashed.append(os.path.basename(path)) or real_hash(path)
    )
    report = engine.Session(Workspace.find(b.root), "f", None).run("sync")
    assert report.local_changes == [] and hashed == [], "the helper's rows are the stat cache's"


def test_an_interrupted_large_apply_leaves_no_temp_and_no_helper(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {f"p{i:03d}.md": page(f"P{i}", f"body {i}") for i in range(120)}
    remote = tmp_path / "remote"
    _replica(tmp_path / "a", remote, files)
    monkeypatch.setattr(tempwriter, "PROCESS_MIN", 16)
    helpers: list[tempwriter.HelperWriter] = []
    real = tempwriter.HelperWriter.__init__

    def spy(self: tempwriter.HelperWriter, directory: Path) -> None:
        helpers.append(self)
        real(self, directory)

    monkeypatch.setattr(tempwriter.HelperWriter, "__init__", spy)
    checked: list[str] = []
    real_check = engine._check_page

    def ctrl_c_at_60(report: engine.SyncReport, name: str, data: bytes) -> None:
        checked.append(name)
        if len(checked) == 60:
            raise KeyboardInterrupt
        real_check(report, name, data)

    monkeypatch.setattr(engine, "_check_page", ctrl_c_at_60)
    with pytest.raises(KeyboardInterrupt):
        _replica(tmp_path / "b", remote, None)
    assert len(helpers) == 1 and helpers[0].proc.returncode is not None, "the helper has ended"
    left = [p.name for p in (tmp_path / "b" / "f").iterdir()]
    assert not [n for n in left if n.startswith(TEMP_PREFIX)], left
    assert left == [], "nothing was installed before the interrupt"


def _push_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, process_min: int, plant: str
) -> tuple[str, dict[str, str], Path]:
    """Sync 120 new pages to a folder remote where, once the push has planned,
    ``plant`` puts something at p050.md: the error the sync ends with ('' when
    none) and the remote's pages then."""
    monkeypatch.setattr(tempwriter, "PROCESS_MIN", process_min)
    uid = lambda i: str(uuid.uuid5(uuid.NAMESPACE_URL, str(i)))  # noqa: E731 - the same pages in both runs
    files = {f"p{i:03d}.md": page(f"P{i}", f"body {i}", uid(i)) for i in range(120)}
    remote = tmp_path / "remote"
    outside = tmp_path / "outside.md"
    real_check = engine._check_page

    def planting(report: engine.SyncReport, name: str, data: bytes) -> None:
        if not (remote / "p050.md").exists() and not (remote / "p050.md").is_symlink():
            if plant == "same":
                (remote / "p050.md").write_text(files["p050.md"])
            elif plant == "other":
                (remote / "p050.md").write_text("another tool's page")
            else:
                outside.write_text("not yours")
                os.symlink(outside, remote / "p050.md")
        real_check(report, name, data)

    monkeypatch.setattr(engine, "_check_page", planting)
    try:
        _replica(tmp_path / "a", remote, files)
    except Exception as exc:  # the error a user would see, in the library's words
        return f"{type(exc).__name__}: {exc}", {}, outside
    finally:
        monkeypatch.setattr(engine, "_check_page", real_check)
    return "", {p.name: p.read_text() for p in remote.glob("*.md")}, outside


@pytest.mark.parametrize("plant", ["same", "other", "link"])
def test_a_push_through_the_helper_refuses_what_the_push_in_process_refuses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, plant: str
) -> None:
    # A file another tool writes where a new page goes, during the push: the
    # same bytes count as written (a retried push); other bytes make the push
    # pull first (and the sync's next attempt merges them as a conflict copy);
    # a link is never followed. Whichever process writes, the same outcome.
    inline, inline_pages, outside = _push_error(tmp_path / "inline", monkeypatch, 10**9, plant)
    helped, helped_pages, outside2 = _push_error(tmp_path / "helped", monkeypatch, 16, plant)
    assert (helped.replace("/helped/", "/inline/"), helped_pages) == (inline, inline_pages)
    if plant == "same":
        assert inline == "" and len(inline_pages) == 120
    elif plant == "other":
        assert inline == "" and len(inline_pages) == 121
        assert [n for n in inline_pages if "conflict" in n], "the other tool's page is kept as a conflict copy"
    else:
        assert inline and "\n" not in inline and inline_pages == {}
        assert outside.read_text() == outside2.read_text() == "not yours"


def test_an_interrupt_as_a_whole_frame_goes_leaves_no_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    writer = helper(tmp_path)
    real_write = os.write
    frames: list[int] = []

    def ctrl_c_as_the_second_frame_goes(fd: int, data: bytes) -> int:
        sent = real_write(fd, data)
        if fd == writer.fd and sent == len(data):
            frames.append(sent)
            if len(frames) == 2:
                # The signal lands as the syscall returns: the helper has the whole
                # frame, but write() never hands its temp's name to the caller.
                raise KeyboardInterrupt
        return sent

    monkeypatch.setattr(os, "write", ctrl_c_as_the_second_frame_goes)
    held: list[str] = []
    try:
        with pytest.raises(KeyboardInterrupt):
            for i in range(3):
                held.append(writer.write(tmp_path / f"p{i}.md", b"page"))
    finally:
        monkeypatch.undo()
        writer.close()
        for tmp in held:  # as the apply does: it removes the temps it holds
            unlink_quietly(tmp)
    assert len(held) == 1
    assert os.listdir(tmp_path) == [], "the temp whose name never reached the caller is gone too"


def test_ctrl_c_with_the_helper_stuck_ends_it_and_leaves_no_temp(tmp_path: Path) -> None:
    # The helper stopped (a field on a slow or hung network disk): Ctrl-C must not
    # leave it behind to go on creating temps after memsync has exited.
    files = {f"p{i:04d}.md": page(f"P{i}", "x" * 4096) for i in range(2000)}  # > the pipe and its reader
    remote = tmp_path / "remote"
    _replica(tmp_path / "a", remote, files)
    (tmp_path / "b").mkdir()
    proc = subprocess.Popen(
        [sys.executable, "-m", "memsync", "clone", str(remote), "f"],
        cwd=tmp_path / "b",
        env={**os.environ, "MEMSYNC_DEBUG": ""},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    field = tmp_path / "b" / "f"
    stuck: int | None = None
    try:
        # Stopped once it has made a temp: this process is then writing it pages.
        while stuck is None and proc.poll() is None:
            with contextlib.suppress(OSError):
                kids = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
                helpers = [int(k) for k in kids if b"tempwriter" in Path(f"/proc/{k}/cmdline").read_bytes()]
                if helpers and any(n.startswith(TEMP_PREFIX) for n in os.listdir(field)):
                    os.kill(helpers[0], signal.SIGSTOP)
                    stuck = helpers[0]
            time.sleep(0.001)  # not a busy loop: the clone shares the cores
        assert stuck is not None, "the clone's apply started a helper"
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 130 and err.decode().strip() == "memsync: interrupted", err
        assert not Path(f"/proc/{stuck}").exists(), "the helper has ended"
        left = os.listdir(field) if field.exists() else []
        assert not [n for n in left if n.startswith(TEMP_PREFIX)], left
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if stuck is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(stuck, signal.SIGKILL)


@pytest.mark.parametrize("executable", [None, "", "frozen"])
def test_without_an_interpreter_to_start_the_batch_is_written_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, executable: str | None
) -> None:
    # An embedded Python may not know its interpreter: sys.executable is then None
    # or "". A frozen application's executable is the application itself.
    if executable == "frozen":
        monkeypatch.setattr(sys, "frozen", True, raising=False)
    else:
        monkeypatch.setattr(sys, "executable", executable)
    writer = tempwriter.batch_writer(tmp_path, tempwriter.PROCESS_MIN, durable=False)
    try:
        tmp = writer.write(tmp_path / "a.md", b"a")
        rows = writer.finish()
    finally:
        writer.close()
    st = os.lstat(tmp)
    assert type(writer).__name__ == "_InlineWriter" and rows == {tmp: (1, st.st_mtime_ns, st.st_ino)}


def _store(root: Path, monkeypatch: pytest.MonkeyPatch, helped: bool) -> LocalStore:
    monkeypatch.setattr(tempwriter, "PROCESS_MIN", 16 if helped else 10**9)
    root.mkdir(exist_ok=True)
    return LocalStore(str(root))


def test_a_helper_killed_mid_push_is_named_as_such_not_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _store(tmp_path, monkeypatch, True)
    with pytest.raises(RemoteError) as failed, store.bulk(200):
        assert store._helper is not None
        store._helper.proc.kill()
        store._helper.proc.wait()
        for i in range(200):  # until the closed pipe is noticed
            store.put(f"p{i:03d}.md", os.urandom(8192))
    assert "helper process writing files failed" in str(failed.value), failed.value
    assert "None" not in str(failed.value)


@pytest.mark.parametrize("helped", [False, True])
def test_a_file_size_limit_names_the_page_that_could_not_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, helped: bool
) -> None:
    # RLIMIT_FSIZE (as a full disk would) refuses the first page: that page is the
    # one named, whichever process met the limit.
    store = _store(tmp_path, monkeypatch, helped)
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, hard))  # the helper starts under it too
    try:
        with pytest.raises(RemoteError) as failed, store.bulk(600):
            store.put("p000.md", os.urandom(8192))
            for i in range(1, 600):  # more than the pipe holds: the helper's end is seen
                store.put(f"p{i:03d}.md", os.urandom(4000))
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
    assert str(failed.value) == f"{tmp_path}/p000.md: cannot write: File too large"


def test_a_put_after_another_thread_met_the_helpers_end_writes_nowhere(tmp_path: Path) -> None:
    # A mirror's threads: one finds the helper ended (a conflict) and takes its answer,
    # which closes the pipe; the next one's put must not write to that descriptor,
    # whose number the process may have given to another file meanwhile.
    (tmp_path / "a.md").write_bytes(b"another tool's page")
    writer = helper(tmp_path)
    try:
        writer.put(tmp_path / "a.md", b"mine", if_absent=True)
        writer.proc.wait()  # it answered the conflict and ended
        with pytest.raises(tempwriter.Refused):
            writer.put(tmp_path / "b.md", b"b", if_absent=True)
        victim = os.open(tmp_path / "victim", os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            with pytest.raises(tempwriter.Refused) as again:
                writer.put(tmp_path / "c.md", b"c", if_absent=True)
        finally:
            os.close(victim)
    finally:
        writer.close()
    assert again.value.path == str(tmp_path / "a.md"), "the same answer, not EBADF or another"
    assert (tmp_path / "victim").read_bytes() == b""


def test_an_edit_between_the_check_and_the_helpers_write_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # put(if_match) checks the remote's page here, but the helper replaces it later
    # (pages queue in the pipe; a slow disk makes it seconds): another tool's edit
    # meanwhile must make the push pull first, not vanish under it.
    store = _store(tmp_path, monkeypatch, True)
    (tmp_path / "a.md").write_bytes(b"as planned")
    with pytest.raises(PreconditionFailed, match=r"a\.md: changed by another writer"), store.bulk(16):
        assert store._helper is not None
        pid = store._helper.proc.pid
        os.kill(pid, signal.SIGSTOP)  # still busy with the pages before this one
        try:
            store.put("a.md", b"pushed", if_match=sha256_hex(b"as planned"))
            (tmp_path / "a.md").write_bytes(b"another tool's edit")
        finally:
            os.kill(pid, signal.SIGCONT)
    assert (tmp_path / "a.md").read_bytes() == b"another tool's edit"
    assert [n for n in os.listdir(tmp_path) if n.startswith(TEMP_PREFIX)] == []


@pytest.mark.parametrize("removed", [False, True])
@pytest.mark.parametrize("helped", [False, True])
def test_an_edit_at_the_remote_during_a_push_makes_it_pull_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, helped: bool, removed: bool
) -> None:
    # Another tool edits (or removes) a page the push replaces, as late as each path
    # can notice: in process just before the check; with the helper before its write.
    files = {f"p{i:03d}.md": page(f"P{i}", f"body {i}") for i in range(120)}
    remote = tmp_path / "remote"
    ws = _replica(tmp_path / "a", remote, files)
    for name, text in files.items():
        (ws.root / "f" / name).write_text(text.replace("body", "edited body"))
    monkeypatch.setattr(tempwriter, "PROCESS_MIN", 16 if helped else 10**9)
    edit = page("P50", "another tool's edit")
    acted: list[bool] = []
    real_init, real_finish, real_put = tempwriter.HelperWriter.__init__, tempwriter.HelperWriter.finish, LocalStore.put

    def slow(self: tempwriter.HelperWriter, directory: Path) -> None:
        real_init(self, directory)
        os.kill(self.proc.pid, signal.SIGSTOP)  # a slow disk: the pages queue in the pipe

    def finish(self: tempwriter.HelperWriter) -> dict[str, tempwriter.Row]:
        os.kill(self.proc.pid, signal.SIGCONT)
        return real_finish(self)

    def other_tool() -> None:
        if acted:
            return
        acted.append(True)
        if removed:
            (remote / "p050.md").unlink()
        else:
            (remote / "p050.md").write_text(edit)

    def put(self: LocalStore, name: str, data: bytes, **kwargs: object) -> str:
        if name == "p050.md" and not helped:
            other_tool()
        token = real_put(self, name, data, **kwargs)  # type: ignore[arg-type]
        if name == "p050.md" and helped:
            other_tool()  # sent to the helper, not yet written
        return token

    monkeypatch.setattr(tempwriter.HelperWriter, "__init__", slow)
    monkeypatch.setattr(tempwriter.HelperWriter, "finish", finish)
    monkeypatch.setattr(LocalStore, "put", put)
    with pytest.raises(PullFirst, match=r"/p050\.md: changed by another writer: pull first$"):
        engine.Session(Workspace.find(ws.root), "f", None).run("push")
    if removed:
        assert not (remote / "p050.md").exists(), "the other tool's removal is not undone"
    else:
        assert (remote / "p050.md").read_text() == edit, "the other tool's edit is not overwritten"
    # The pages this push had written are put back, and its lock released: the
    # remote is a whole version again, with the other tool's change on top of it.
    assert {p.name: p.read_text() for p in remote.glob("p*.md") if p.name != "p050.md"} == {
        n: t for n, t in files.items() if n != "p050.md"
    }
    assert not (remote / LOCK_NAME).exists()
    monkeypatch.undo()
    # The user does what the error says: pull, then push. The other tool's change
    # reaches the field (merged, or kept as a conflict copy) and is not lost.
    engine.Session(Workspace.find(ws.root), "f", None).run("pull")
    engine.Session(Workspace.find(ws.root), "f", None).run("push")
    pages = {p.name: p.read_text() for p in remote.glob("*.md")}
    assert pages == {p.name: p.read_text() for p in (ws.root / "f").glob("*.md")}
    assert all("edited body" in pages[n] for n in files if n != "p050.md")
    if not removed:
        assert any("another tool's edit" in text for text in pages.values()), "the other tool's edit was lost"


def test_a_helper_whose_caller_died_writes_nothing_more(tmp_path: Path) -> None:
    # The caller killed outright (SIGKILL, the OOM killer, the CLI's os._exit once its
    # grace is up) releases the folder's lock as it dies; its helper must not go on
    # writing the pages still in the pipe into a remote another push may now hold.
    script = """if True:
        import os, signal, sys
        from pathlib import Path
        from memsync.disk import tempwriter
        # Inherited by the helper: a stopped process whose group is orphaned gets SIGHUP.
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        folder = Path(sys.argv[1])
        writer = tempwriter.HelperWriter(folder)
        os.kill(writer.proc.pid, signal.SIGSTOP)  # a slow disk: the pages queue in the pipe
        print(writer.proc.pid, flush=True)
        for i in range(100):
            writer.put(folder / f"p{i:03d}.md", b"page", if_absent=False)
        os._exit(9)  # no finish, no close
    """
    ran = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert ran.returncode == 9, ran.stderr
    orphan = int(ran.stdout)
    try:
        os.kill(orphan, signal.SIGCONT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                if Path(f"/proc/{orphan}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
                    time.sleep(0.01)
                    continue
            break  # ended (a zombie where nothing reaps it here)
        else:
            pytest.fail("the orphaned helper is still running")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(orphan, signal.SIGKILL)
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("helped", [False, True])
def test_a_huge_file_where_a_new_page_goes_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, helped: bool
) -> None:
    # Whether another tool's file holds the page's bytes is decided from as many bytes
    # as the page has (as _FieldWriter._landed reads), never by reading the file whole,
    # and a file that is there is refused by its kind alone (not hashed).
    store = _store(tmp_path / "remote", monkeypatch, helped)
    with open(tmp_path / "remote" / "a.md", "wb") as planted:
        planted.truncate(64 << 30)  # sparse: 64 GiB that take no room, but a minute of hashing
    capped = tmp_path / "python"
    # 1 GB and 10 s of CPU for the helper: reading the file whole would take longer.
    capped.write_text(f'#!/bin/sh\nulimit -v 1000000\nulimit -t 10\nexec "{sys.executable}" "$@"\n')
    capped.chmod(0o755)
    monkeypatch.setattr(sys, "executable", str(capped))
    read_before = _bytes_read()
    with pytest.raises(PreconditionFailed, match=r"/a\.md: changed by another writer$"), store.bulk(16):
        assert (store._helper is not None) == helped
        store.put("a.md", b"page", if_absent=True)
    assert _bytes_read() - read_before < 64 << 20


def _bytes_read() -> int:
    """What this process has read through read calls, whatever the file."""
    with open("/proc/self/io") as io:
        return next(int(line.split()[1]) for line in io if line.startswith("rchar:"))


def test_a_local_failure_during_a_helped_push_is_not_put_on_the_remote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The push keeps each page it sends in this machine's object store as it goes: a
    # full disk there (RLIMIT_FSIZE as one) is this side's failure, and the push says
    # what the in-process push says, not "<remote>: cannot write".
    files = {f"p{i:03d}.md": page(f"P{i}", os.urandom(1500).hex()) for i in range(400)}  # past a pack's first write
    said = []
    for process_min in (10**9, 16):
        monkeypatch.setattr(tempwriter, "PROCESS_MIN", process_min)
        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        resource.setrlimit(resource.RLIMIT_FSIZE, (64 << 10, hard))  # pages are 3 KB: only the pack meets it
        try:
            with pytest.raises(MemsyncError) as failed:
                _replica(tmp_path / str(process_min), tmp_path / f"remote{process_min}", files)
        finally:
            resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        # Each names its own workspace's pack: what is said past the name is the same.
        where, _, what = str(failed.value).rpartition(": ")
        assert where.startswith(f"{tmp_path / str(process_min)}/") and where.endswith(".pack"), where
        said.append(f"{type(failed.value).__name__}: {what}")
    assert said[1] == said[0] and "remote" not in said[1], said


def test_the_helper_takes_the_standard_library_before_what_sits_beside_memsync(tmp_path: Path) -> None:
    # An installed memsync's parent is site-packages: a module there named like
    # one of the standard library's must not stand in for it in the helper.
    fake = tmp_path / "pkgs"
    shutil.copytree(Path(tempwriter.__file__).parent.parent, fake / "memsync")
    (fake / "secrets.py").write_text("raise SystemExit('the secrets beside memsync was imported')\n")
    helper_script = fake / "memsync" / "disk" / "tempwriter.py"
    target = os.fsencode(tmp_path / "a.md")
    frame = tempwriter._FRAME.pack(tempwriter.PUT, len(target), 1) + target + b"a"  # memsync.disk.atomic's first use
    done = subprocess.run(
        [sys.executable, "-I", "-S", str(helper_script), str(os.getpid())],
        input=frame,
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stdout == b"K", done.stderr.decode()
    assert (tmp_path / "a.md").read_bytes() == b"a"


def _edited_replica(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tool: dict[str, str]
) -> tuple[Workspace, Path, dict[str, str]]:
    """A synced field of 60 pages, each edited here since; as the push sends
    p050.md, another tool writes ``tool`` (name → text) at the remote."""
    files = {f"p{i:03d}.md": page(f"P{i}", f"body {i}") for i in range(60)}
    remote = tmp_path / "remote"
    ws = _replica(tmp_path / "a", remote, files)
    for name, text in files.items():
        (ws.root / "f" / name).write_text(text.replace("body", "edited body"))
    real_put = LocalStore.put

    def put(self: LocalStore, name: str, data: bytes, **kwargs: object) -> str:
        if name == "p050.md" and b"edited body" in data:
            for other, text in tool.items():
                (remote / other).write_text(text)
        return real_put(self, name, data, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(LocalStore, "put", put)
    return ws, remote, files


def test_a_page_another_tool_edits_after_the_push_wrote_it_is_not_put_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The push meets another tool's edit at p050 and puts back what it wrote, on
    # condition: p010, which the tool edited after the push had written it, keeps
    # the tool's edit. Both edits reach the field through the pull the user runs.
    tool = {"p010.md": page("P10", "the tool's p010"), "p050.md": page("P50", "the tool's p050")}
    ws, remote, files = _edited_replica(tmp_path, monkeypatch, tool)
    with pytest.raises(PullFirst, match=r"/p050\.md: changed by another writer: pull first$"):
        engine.Session(Workspace.find(ws.root), "f", None).run("push")
    assert "the tool's p010" in (remote / "p010.md").read_text()
    assert (remote / "p009.md").read_text() == files["p009.md"], "what the push wrote is put back"
    monkeypatch.undo()
    engine.Session(Workspace.find(ws.root), "f", None).run("sync")
    texts = "".join(p.read_text() for p in remote.glob("*.md"))
    assert "the tool's p010" in texts and "the tool's p050" in texts


def test_a_page_another_tool_rewrote_is_not_deleted_by_a_push(tmp_path: Path) -> None:
    # The push deletes p005.md, which another tool rewrote at the remote since the
    # last sync: the delete is refused (pull first), the page the push had written
    # is put back, and the pull brings the tool's version in, kept over the delete.
    files = {f"p{i:03d}.md": page(f"P{i}", f"body {i}") for i in range(20)}
    remote = tmp_path / "remote"
    ws = _replica(tmp_path / "a", remote, files)
    (remote / "p005.md").write_text(page("P5", "the tool's p005"))
    (ws.root / "f" / "p005.md").unlink()
    (ws.root / "f" / "p009.md").write_text(page("P9", "edited here"))
    with pytest.raises(PullFirst, match=r"/p005\.md: changed by another writer: pull first$"):
        engine.Session(Workspace.find(ws.root), "f", None).run("push")
    assert "the tool's p005" in (remote / "p005.md").read_text()
    assert (remote / "p009.md").read_text() == files["p009.md"], "what the push wrote is put back"
    assert not (remote / LOCK_NAME).exists()
    engine.Session(Workspace.find(ws.root), "f", None).run("sync")
    assert "the tool's p005" in (remote / "p005.md").read_text()
    assert "edited here" in (remote / "p009.md").read_text()
    assert (ws.root / "f" / "p005.md").read_text() == (remote / "p005.md").read_text()


def test_an_undo_that_cannot_put_back_every_page_puts_back_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One earlier version missing from the object store: the push's pages stay as
    # written and its lock is left for a repair, never half put back; and the tool's
    # edit still reaches the field (the remote was found shared), not overwritten.
    ws, remote, files = _edited_replica(tmp_path, monkeypatch, {"p050.md": page("P50", "the tool's p050")})
    lost = sha256_hex(files["p030.md"].encode())
    real_undo = protocol._FieldWriter.undo

    def undo(self: protocol._FieldWriter, restore: Callable[[str], bytes | None]) -> bool:
        return real_undo(self, lambda sha: None if sha == lost else restore(sha))

    monkeypatch.setattr(protocol._FieldWriter, "undo", undo)
    with pytest.raises(PullFirst):
        engine.Session(Workspace.find(ws.root), "f", None).run("push")
    assert all("edited body" in (remote / f"p{i:03d}.md").read_text() for i in range(50))
    assert (remote / LOCK_NAME).exists()
    monkeypatch.undo()
    for _ in range(2):
        with contextlib.suppress(PullFirst):
            engine.Session(Workspace.find(ws.root), "f", None).run("sync")
    texts = "".join(p.read_text() for p in remote.glob("*.md"))
    assert "the tool's p050" in texts
    assert all("edited body" in (remote / n).read_text() for n in files if n != "p050.md")


def test_a_mirror_meeting_an_edit_at_its_destination_says_run_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {f"p{i:03d}.md": page(f"P{i}", f"body {i}") for i in range(20)}
    src, dst = tmp_path / "src", tmp_path / "dst"
    src.mkdir()
    for name, text in files.items():
        (src / name).write_text(text)
    engine.mirror(str(src), str(dst))
    for name, text in files.items():
        (src / name).write_text(text.replace("body", "new body"))
    real_put = LocalStore.put

    def put(self: LocalStore, name: str, data: bytes, **kwargs: object) -> str:
        if name == "p010.md" and b"new body" in data:
            (dst / "p010.md").write_text("edited at the destination")
        return real_put(self, name, data, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(LocalStore, "put", put)
    with pytest.raises(PullFirst, match=r"changed while mirroring; run it again$"):
        engine.mirror(str(src), str(dst))
    monkeypatch.undo()
    engine.mirror(str(src), str(dst))
    assert {p.name: p.read_text() for p in dst.glob("*.md")} == {p.name: p.read_text() for p in src.glob("*.md")}
