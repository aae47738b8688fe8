"""Crash safety: an interrupted pull leaves every live page old or new, and a
crashed push leaves a remote that readers detect and the next push repairs.

- in process: ``memsync.disk.atomic.write_temp`` fails after N writes, for every N
  a pull (or a push) makes; each failure also leaves a half-written temp file
  behind, as a crash mid-write would; and a pull's ``atomic.install_if`` (the
  rename of a written page into place) fails after N pages;
- out of process: ``memsync pull`` / ``memsync push`` on ~2000 pages of 2-8 KB
  is SIGKILLed at points spread over the run: mid-fetch, just after the first
  pages are replaced, part way, after the last page, and after random delays.
"""

from __future__ import annotations

import contextlib
import errno
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from memsync import engine
from memsync.disk import atomic
from memsync.engine import Session
from memsync.errors import MemsyncError
from memsync.field import scan
from memsync.manifest import Manifest, sha256_hex
from memsync.names import MANIFEST_NAME
from memsync.workspace import Workspace
from tests.conftest import assert_one_line_error, page, run_cli

FIELD = "big"
FILLER = " ".join(f"word{i % 97}" for i in range(3000)) + "\n"


# -- a field whose every page changes from one generation to the next -----------


@dataclass(frozen=True)
class Versions:
    """Generation ``g`` of a field: ``stable`` pages that never change, and a
    sliding window of ``count`` changing pages; each generation rewrites every
    one of them, drops the ``churn`` oldest and adds ``churn`` new ones."""

    count: int
    churn: int
    stable: int = 8
    small: int = 2048
    large: int = 8192

    def stable_names(self) -> list[str]:
        return [f"stable-{i:02d}.md" for i in range(self.stable)]

    def files(self, gen: int) -> dict[str, bytes]:
        out = {name: self._page(name, 0) for name in self.stable_names()}
        for i in range(gen * self.churn, gen * self.churn + self.count):
            name = f"p{i:05d}.md"
            out[name] = self._page(name, gen)
        return out

    def _page(self, name: str, gen: int) -> bytes:
        rng = random.Random(f"{name}/{gen}")
        uid = str(uuid.uuid5(uuid.NAMESPACE_URL, name))
        head = f"{name} generation {gen}\n"
        size = rng.randint(self.small, self.large) - 250 - len(head)
        start = rng.randrange(len(FILLER) - size)
        return page(name, head + FILLER[start : start + size], uid).encode()


def publish(remote: Path, files: dict[str, bytes]) -> None:
    """Another tool replaces the remote's field (pages first, SHA256SUMS last)."""
    remote.mkdir(parents=True, exist_ok=True)
    for entry in os.scandir(remote):
        if entry.name not in files and entry.name != MANIFEST_NAME:
            os.unlink(entry.path)
    for name, data in files.items():
        (remote / name).write_bytes(data)
    manifest = Manifest({name: sha256_hex(data) for name, data in files.items()})
    (remote / MANIFEST_NAME).write_bytes(manifest.to_bytes())


def write_field(root: Path, files: dict[str, bytes]) -> None:
    """A user rewrites their field to hold exactly ``files``."""
    for name in scan(root):
        if name not in files:
            (root / name).unlink()
    for name, data in files.items():
        path = root / name
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)


def live(root: Path) -> dict[str, bytes]:
    """The field's content files as a reader sees them (hidden temp files are not content)."""
    return {name: (root / name).read_bytes() for name in scan(root)}


def temp_files(root: Path) -> list[str]:
    return sorted(n for n in os.listdir(root) if n.startswith(atomic.TEMP_PREFIX))


def assert_old_or_new(now: dict[str, bytes], old: dict[str, bytes], new: dict[str, bytes]) -> tuple[int, int]:
    """Every live file is byte-identical to its old or its new version; nothing
    both versions hold went missing. Returns (#still old, #already new) of the
    pages that changed."""
    for name, data in now.items():
        assert name in old or name in new, f"{name}: neither an old nor a new file"
        assert data in (old.get(name), new.get(name)), f"{name}: {len(data)} bytes that are neither old nor new"
    missing = sorted(n for n in old.keys() & new.keys() if n not in now)
    assert not missing, f"pages lost mid-pull: {missing[:5]}"
    changed = [n for n in old.keys() & new.keys() if old[n] != new[n]]
    return sum(now[n] == old[n] for n in changed), sum(now[n] == new[n] for n in changed)


def assert_field_manifest(root: Path, files: dict[str, bytes]) -> None:
    want = Manifest({n: sha256_hex(d) for n, d in files.items()}).to_bytes()
    assert (root / MANIFEST_NAME).read_bytes() == want


def new_workspace(where: Path, remote: Path) -> tuple[Workspace, Path]:
    ws = Workspace.init(where)
    root = ws.root / FIELD
    root.mkdir()
    ws.add_field(FIELD, root)
    ws.add_remote(FIELD, "origin", str(remote), {})
    return ws, root


def local_edit(root: Path, name: str, trial: int) -> None:
    with open(root / name, "a") as handle:
        handle.write(f"local edit before trial {trial}\n")


# -- a. failed writes, in process --------------------------------------------------


def failing_write_bytes(real: Callable[..., str], allowed: int) -> Callable[..., str]:
    """``atomic.write_temp`` (where every atomic write starts) failing after ``allowed`` calls."""
    calls = 0

    def write_temp(path: Path | str, data: bytes, **options: Any) -> str:
        nonlocal calls
        if calls >= allowed:
            # What a crash mid-write leaves: a half-written temp file beside the target.
            fd, _tmp = tempfile.mkstemp(prefix=atomic.TEMP_PREFIX, dir=os.path.dirname(path))
            os.write(fd, data[: len(data) // 2])
            os.close(fd)
            raise OSError(errno.ENOSPC, "No space left on device (injected)")
        calls += 1
        return real(path, data, **options)

    return write_temp


def failing_install(real: Callable[..., bool], allowed: int) -> Callable[..., bool]:
    """``atomic.install_if`` (where a written temp file takes a page's place)
    failing after ``allowed`` calls, its temp file left behind."""
    calls = 0

    def install_if(tmp: str, path: Path, expected: str | None, **options: Any) -> bool:
        nonlocal calls
        if calls >= allowed:
            raise OSError(errno.EIO, "Input/output error (injected)")
        calls += 1
        return real(tmp, path, expected, **options)

    return install_if


def counting(module: Any, name: str, run: Callable[[], object]) -> int:
    """How many times ``run`` calls ``module.name``."""
    real, counted = getattr(module, name), 0

    def count(*args: Any, **options: Any) -> Any:
        nonlocal counted
        counted += 1
        return real(*args, **options)

    setattr(module, name, count)
    try:
        run()
    finally:
        setattr(module, name, real)
    return counted


@pytest.mark.parametrize("step", ["write_temp", "install_if"])
def test_pull_failing_after_any_number_of_writes_leaves_old_or_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    # write_temp: a pull writes (and syncs) every new version before it renames
    # any, so a failure there leaves every page old. install_if: failures land
    # between renames, so pages are a mix of old and new, each one whole.
    versions = Versions(count=40, churn=4, stable=2, small=600, large=3000)
    remote = tmp_path / "remote"
    publish(remote, versions.files(0))
    ws, root = new_workspace(tmp_path / "replica", remote)
    Session(ws, FIELD, "origin").run("pull")
    assert live(root) == versions.files(0)
    edits: dict[str, bytes] = {}
    stable = versions.stable_names()[0]

    # How many such steps does one such pull make?
    local_edit(root, stable, 0)
    edits[stable] = (root / stable).read_bytes()
    publish(remote, versions.files(1))
    counted = counting(atomic, step, lambda: Session(ws, FIELD, "origin").run("pull"))
    assert live(root) == versions.files(1) | edits
    assert counted >= versions.count  # one per page at least

    real = getattr(atomic, step)
    failing = failing_write_bytes if step == "write_temp" else failing_install
    mixed = 0
    for allowed in range(counted):
        gen = allowed + 2
        local_edit(root, stable, gen)
        edits[stable] = (root / stable).read_bytes()
        old, new = live(root), versions.files(gen)
        publish(remote, new)

        monkeypatch.setattr(atomic, step, failing(real, allowed))
        with pytest.raises(MemsyncError, match="injected"):
            Session(ws, FIELD, "origin").run("pull")
        monkeypatch.setattr(atomic, step, real)

        now = live(root)
        still_old, already_new = assert_old_or_new(now, old, new)
        # The stable page keeps its local edit, so it counts as still old whatever happened.
        mixed += bool(still_old > 1 and already_new)
        assert now[stable] == edits[stable], "a local edit was lost by a failed pull"
        assert not any(n.startswith(".") for n in scan(root))

        report = Session(ws, FIELD, "origin").run("pull")
        assert not report.conflicts
        assert live(root) == new | edits, f"re-run after a failure at {step} {allowed} did not complete"
        assert_field_manifest(root, new | edits)
        assert temp_files(root) == [], "the re-run left temp files in the field"
    if step == "install_if":
        assert mixed >= versions.count // 2  # the failures did land between pages
    else:
        assert mixed == 0, "a page was replaced before every new version was written"


def test_push_failing_after_any_number_of_writes_is_detected_and_repaired(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The "crashed" push ran in this very process, so its marker names a live pid
    # and readers would politely wait for it each time; a real crash leaves no such pid.
    monkeypatch.setattr(engine, "PUSH_IN_FLIGHT_WAIT", 0)
    versions = Versions(count=20, churn=3, stable=2, small=600, large=3000)
    remote = tmp_path / "remote"
    writer, wroot = new_workspace(tmp_path / "writer", remote)
    write_field(wroot, versions.files(0))
    Session(writer, FIELD, "origin").run("push")

    write_field(wroot, versions.files(1))
    counted = counting(atomic, "write_temp", lambda: Session(writer, FIELD, "origin").run("push"))
    assert counted > versions.count
    real = atomic.write_temp

    torn_seen = 0
    for allowed in range(counted):
        new = versions.files(allowed + 2)
        write_field(wroot, new)
        monkeypatch.setattr(atomic, "write_temp", failing_write_bytes(real, allowed))
        with pytest.raises(MemsyncError, match="injected"):
            Session(writer, FIELD, "origin").run("push")
        monkeypatch.setattr(atomic, "write_temp", real)

        # A new reader gets the whole verified version the remote claims, or a clear refusal.
        claimed = Manifest.parse((remote / MANIFEST_NAME).read_bytes())
        reader, rroot = new_workspace(tmp_path / f"reader-{allowed}", remote)
        try:
            Session(reader, FIELD, "origin").run("pull")
        except MemsyncError as exc:
            torn_seen += 1
            assert "\n" not in str(exc)
            assert not scan(rroot), "a refused pull wrote live pages"
        else:
            assert Manifest({n: sha256_hex(d) for n, d in live(rroot).items()}) == claimed

        Session(writer, FIELD, "origin").run("push")
        assert live(remote) == new
        assert_field_manifest(remote, new)
        assert temp_files(remote) == []
    assert torn_seen >= versions.count // 2


# -- b./c. SIGKILL, out of process ----------------------------------------------------
#
# Each generation of the field is pulled (or pushed) by several runs in a row, each
# SIGKILLed at a later point than the one before, then by one run that completes.
# Kill points are chosen by what the run has done (files staged, pages replaced),
# so they land where intended however loaded the machine is, plus one random delay
# over the measured duration of a full run.


@dataclass
class Trigger:
    """SIGKILL the run once ``probe()`` reaches ``at`` (or after ``delay`` seconds)."""

    label: str
    probe: Callable[[], float] | None = None
    at: float = 0.0
    delay: float | None = None

    def due(self, elapsed: float) -> bool:
        if self.delay is not None:
            return elapsed >= self.delay
        assert self.probe is not None
        return self.probe() >= self.at


def replaced_share(folder: Path, names: list[str], step: int = 16) -> Callable[[], float]:
    """Share of (every ``step``-th of) ``names`` replaced since now: an atomic
    replace gives a file a new inode. Writers go in name order."""
    watched: dict[Path, int | None] = {}
    for name in sorted(names, key=lambda n: n.encode())[::step]:
        try:
            watched[folder / name] = os.stat(folder / name).st_ino
        except FileNotFoundError:
            watched[folder / name] = None

    def probe() -> float:
        count = 0
        for path, ino in watched.items():
            with contextlib.suppress(FileNotFoundError):
                count += os.stat(path).st_ino != ino
        return count / max(1, len(watched))

    return probe


def staged_share(ws: Workspace, total: int) -> Callable[[], float]:
    """Share of the remote's files received so far: into a staging folder, or
    (what a pull fetches) into the object store."""
    staging, objects = ws.state / "staging", ws.state / "objects"

    def count() -> int:
        found = 0
        for root, pattern in ((staging, ".incoming-"), (objects, "")):
            with contextlib.suppress(FileNotFoundError):
                for folder in os.scandir(root):
                    if folder.name.startswith(pattern) and folder.is_dir() and folder.name != "packs":
                        with contextlib.suppress(FileNotFoundError):
                            found += len(os.listdir(folder.path))
        return found + pack_records(objects / "packs")

    before = count()

    def probe() -> float:
        return (count() - before) / total

    return probe


def pack_records(folder: Path) -> int:
    """Objects written into packs so far (a record: 8-byte length, then the bytes)."""
    count = 0
    for pack in folder.glob("*.pack"):
        with contextlib.suppress(FileNotFoundError), open(pack, "rb") as handle:
            while len(head := handle.read(8)) == 8:
                handle.seek(int.from_bytes(head, "big"), os.SEEK_CUR)
                count += 1
    return count


def memsync_process(*args: str, cwd: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "memsync", *args],
        cwd=cwd,
        env={**os.environ, "MEMSYNC_DEBUG": ""},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def run_and_kill(args: list[str], cwd: Path, trigger: Trigger) -> int:
    """Start ``memsync ARGS`` and SIGKILL it when ``trigger`` is due; its exit code (-9 if killed)."""
    proc = memsync_process(*args, cwd=cwd)
    start = time.monotonic()
    while proc.poll() is None:
        elapsed = time.monotonic() - start
        if trigger.due(elapsed) or elapsed > 120:
            proc.send_signal(signal.SIGKILL)
            break
        time.sleep(0.003)
    return proc.wait()


def timed(fn: Callable[[], object]) -> float:
    start = time.monotonic()
    fn()
    return time.monotonic() - start + 0.3  # plus a process start-up


def changed_pages(old: dict[str, bytes], new: dict[str, bytes]) -> list[str]:
    return [n for n in new if old.get(n) != new[n]]


def test_killed_pull_leaves_old_or_new_pages_and_reruns(tmp_path: Path) -> None:
    versions = Versions(count=1992, churn=25)
    stable = versions.stable_names()
    remote = tmp_path / "remote"
    publish(remote, versions.files(0))
    ws, root = new_workspace(tmp_path / "replica", remote)
    full = timed(lambda: Session(ws, FIELD, "origin").run("pull"))
    assert live(root) == versions.files(0)

    rng = random.Random(20260101)
    edits: dict[str, bytes] = {}
    kills: list[tuple[str, int, int, int]] = []
    plans: list[list[Callable[[dict[str, bytes], dict[str, bytes]], Trigger]]] = [
        [
            lambda old, new: Trigger("mid-fetch", staged_share(ws, len(new)), rng.uniform(0.2, 0.5)),
            lambda old, new: Trigger("first pages", replaced_share(root, changed_pages(old, new)), 0.02),
            lambda old, new: Trigger("half way", replaced_share(root, changed_pages(old, new)), rng.uniform(0.4, 0.6)),
            lambda old, new: Trigger("after the last page", replaced_share(root, changed_pages(old, new)), 1.0),
        ],
        [
            lambda old, new: Trigger("fetched", staged_share(ws, len(new)), 0.85),
            lambda old, new: Trigger("random delay", delay=rng.uniform(0.05, 0.5) * full),
            lambda old, new: Trigger("a third", replaced_share(root, changed_pages(old, new)), rng.uniform(0.2, 0.4)),
            lambda old, new: Trigger("random delay", delay=rng.uniform(0.1, 1.0) * full),
        ],
    ]
    for gen, plan in enumerate(plans, start=1):
        new = versions.files(gen)
        publish(remote, new)
        for make_trigger in plan:
            # A local edit to a page the remote never changes, just before the run.
            name = stable[len(kills)]
            local_edit(root, name, len(kills))
            edits[name] = (root / name).read_bytes()
            old, target = live(root), new | edits
            trigger = make_trigger(old, target)
            code = run_and_kill(["pull", FIELD], ws.root, trigger)
            now = live(root)
            still_old, already_new = assert_old_or_new(now, old, target)
            kills.append((trigger.label, code, still_old, already_new))
            for edited, data in edits.items():
                assert now[edited] == data, f"local edit to {edited} lost by a pull killed {trigger.label}"

        rerun = run_cli("pull", FIELD, cwd=ws.root)
        assert rerun.returncode == 0, rerun.stderr
        assert live(root) == new | edits, "the re-run after killed pulls did not complete"
        assert_field_manifest(root, new | edits)
        assert temp_files(root) == []
    # The kills did land mid-apply (some pages new, some still old), and were kills.
    assert sum(1 for _, code, o, n in kills if code == -signal.SIGKILL and o and n) >= 2, kills
    assert sum(1 for _, code, *_ in kills if code == -signal.SIGKILL) >= 5, kills


def test_killed_push_is_detected_by_readers_and_repaired_by_the_next_push(tmp_path: Path) -> None:
    versions = Versions(count=1992, churn=25)
    remote = tmp_path / "remote"
    writer, wroot = new_workspace(tmp_path / "writer", remote)
    write_field(wroot, versions.files(0))
    full = timed(lambda: Session(writer, FIELD, "origin").run("push"))
    reader, rroot = new_workspace(tmp_path / "reader", remote)
    Session(reader, FIELD, "origin").run("pull")

    rng = random.Random(20260102)
    outcomes: list[tuple[str, int, bool, int]] = []
    plans: list[list[Callable[[dict[str, bytes]], Trigger]]] = [
        [
            lambda new: Trigger("first pages", replaced_share(remote, changed_pages(live(remote), new)), 0.05),
            lambda new: Trigger("random delay", delay=rng.uniform(0.05, 0.6) * full),
        ],
        [
            lambda new: Trigger("half way", replaced_share(remote, changed_pages(live(remote), new)), 0.5),
            lambda new: Trigger("after the last page", replaced_share(remote, changed_pages(live(remote), new)), 1.0),
        ],
    ]
    for gen, plan in enumerate(plans, start=1):
        new = versions.files(gen)
        write_field(wroot, new)
        for make_trigger in plan:
            trigger = make_trigger(new)
            code = run_and_kill(["push", FIELD], writer.root, trigger)

            # A reader (lagging behind) pulls from whatever the kill left.
            before = live(rroot)
            claimed = Manifest.parse((remote / MANIFEST_NAME).read_bytes())
            torn = any(
                not (remote / n).is_file() or sha256_hex((remote / n).read_bytes()) != sha for n, sha in claimed.items()
            )
            result = run_cli("pull", FIELD, cwd=reader.root)
            if result.returncode == 0:
                got = live(rroot)
                assert Manifest({n: sha256_hex(d) for n, d in got.items()}) == claimed, (
                    f"reader accepted bytes that do not match the remote's SHA256SUMS (push killed {trigger.label})"
                )
                assert (rroot / MANIFEST_NAME).read_bytes() == claimed.to_bytes()
            else:
                assert_one_line_error(result)
                assert live(rroot) == before, "a refused pull changed the reader's field"
            # A reader with nothing to fall back on must refuse a torn remote.
            if torn:
                fresh = tmp_path / f"fresh-{len(outcomes)}"
                fresh.mkdir()
                first_pull = run_cli("pull", remote, "--into", fresh / FIELD, cwd=fresh)
                assert_one_line_error(first_pull)
                assert not (fresh / FIELD).exists() or not scan(fresh / FIELD), "a torn remote reached a live field"
            outcomes.append((trigger.label, code, torn, result.returncode))

        repair = run_cli("push", FIELD, cwd=writer.root)
        assert repair.returncode == 0, repair.stderr
        check = subprocess.run(["sha256sum", "--quiet", "-c", MANIFEST_NAME], cwd=remote, capture_output=True)
        assert check.returncode == 0, check.stdout + check.stderr
        assert live(remote) == new
        assert temp_files(remote) == []

    # The kills did tear the remote (and readers were told so, above).
    assert any(torn for _, _, torn, _ in outcomes), outcomes
    final = run_cli("pull", FIELD, cwd=reader.root)
    assert final.returncode == 0, final.stderr
    assert live(rroot) == live(remote)
