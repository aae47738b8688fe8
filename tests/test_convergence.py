"""Two replicas of one field, one shared folder remote: they converge and lose no edit.

The property test drives random edits, appends, creates, deletes and renames on
two workspaces (A and B) with syncs interleaved, then syncs A, B, A and checks:

- both fields hold the same content files, byte for byte, and the remote holds
  them too, with a ``SHA256SUMS`` that verifies;
- every marker an operation wrote is still somewhere in the converged field
  (in its page, in a merge, or in a conflict copy) unless some replica's own
  operation removed it from that replica (overwrote its line or deleted the
  last page holding it). A sync never counts as removing anything.

The example tests below pin the tricky cases one by one.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from memsync import frontmatter, history
from memsync.engine import Session, SyncReport
from memsync.field import scan
from memsync.manifest import Manifest, sha256_hex
from memsync.names import MANIFEST_NAME
from memsync.progress import ProgressFactory, silent
from memsync.store import ObjectStore
from memsync.workspace import Workspace
from tests.conftest import page, run_cli

# In-process syncs: their flushes guard against power cuts, which none of these tests makes.
pytestmark = pytest.mark.usefixtures("no_flush")

FIELD = "notes"
MARKER = re.compile(r"mark-\d{4}-x")


@dataclass
class Replica:
    name: str
    ws: Workspace
    root: Path

    def sync(self) -> SyncReport:
        return Session(self.ws, FIELD, "origin").run("sync")

    def files(self) -> dict[str, bytes]:
        return {n: (self.root / n).read_bytes() for n in scan(self.root)}

    def markers(self) -> set[str]:
        found: set[str] = set()
        for data in self.files().values():
            found.update(MARKER.findall(data.decode("utf-8")))
        return found


def remote_files(remote: Path) -> dict[str, bytes]:
    return {n: (remote / n).read_bytes() for n in scan(remote)}


def make_pair(where: Path, pages: dict[str, str]) -> tuple[Replica, Replica, Path]:
    """A pushes ``pages`` to a shared folder, B pulls them: a common synced base."""
    remote = where / "remote"
    replicas = []
    for name in ("A", "B"):
        ws = Workspace.init(where / name)
        root = ws.root / FIELD
        root.mkdir()
        ws.add_field(FIELD, root)
        ws.add_remote(FIELD, "origin", str(remote), {})
        replicas.append(Replica(name, ws, root))
    a, b = replicas
    for name, text in pages.items():
        (a.root / name).write_text(text)
    Session(a.ws, FIELD, "origin").run("push")
    Session(b.ws, FIELD, "origin").run("pull")
    assert a.files() == b.files() == remote_files(remote)
    return a, b, remote


def assert_converged(a: Replica, b: Replica, remote: Path) -> dict[str, bytes]:
    files = a.files()
    assert files == b.files(), "replicas did not converge"
    assert remote_files(remote) == files, "remote differs from the converged replicas"
    want = Manifest({n: sha256_hex(d) for n, d in files.items()}).to_bytes()
    for folder in (a.root, b.root, remote):
        assert (folder / MANIFEST_NAME).read_bytes() == want, f"{folder}: stale SHA256SUMS"
    return files


def body_lines(text: str) -> list[int]:
    """Indexes of the lines after the page's '# title' heading (never the frontmatter)."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("# "):
            return [j for j in range(i + 1, len(lines)) if lines[j]]
    return []


# -- the property ---------------------------------------------------------------

OPS = ["edit", "edit", "edit", "append", "append", "create", "delete", "rename", "sync", "sync", "sync"]
op_strategy = st.tuples(st.sampled_from(OPS), st.sampled_from("AB"), st.integers(0, 10**6), st.integers(0, 10**6))


@dataclass
class History:
    counter: int = 0
    written: set[str] = field(default_factory=set)
    removed: set[str] = field(default_factory=set)  # by a replica's own operation
    conflicts: int = 0

    def marker(self) -> str:
        self.counter += 1
        m = f"mark-{self.counter:04d}-x"
        self.written.add(m)
        return m


def apply_op(kind: str, rep: Replica, pick: int, line: int, history: History, remote: Path) -> None:
    if kind == "sync":
        report = rep.sync()
        history.conflicts += len(report.conflicts)
        # A sync leaves this side and the remote both holding the target.
        assert rep.files() == remote_files(remote)
        return
    before = rep.markers()
    names = sorted(n for n in scan(rep.root) if n.endswith(".md"))
    if kind == "create" or not names:
        n = history.counter + 1
        text = page(f"New {n}", f"{history.marker()}\nsecond line {n}\n{history.marker()}")
        (rep.root / f"new-{n:04d}.md").write_text(text)
    else:
        path = rep.root / names[pick % len(names)]
        if kind == "delete":
            path.unlink()
        elif kind == "rename":
            os.rename(path, rep.root / f"ren-{history.counter + 1:04d}.md")
            history.counter += 1
        else:
            text = path.read_text()
            if kind == "append":
                text = text + history.marker() + "\n"
            else:
                lines = text.split("\n")
                candidates = body_lines(text)
                if candidates:
                    lines[candidates[line % len(candidates)]] = history.marker()
                    text = "\n".join(lines)
                else:
                    text = text + history.marker() + "\n"
            path.write_text(text)
    history.removed |= before - rep.markers()


@settings(
    max_examples=80,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(ops=st.lists(op_strategy, min_size=1, max_size=24))
def test_random_edits_on_two_replicas_converge_and_lose_nothing(ops: list[tuple[str, str, int, int]]) -> None:
    where = Path(tempfile.mkdtemp(prefix="memsync-conv-"))
    try:
        history = History()
        start = {}
        for i in range(4):
            body = "\n".join(f"base line {i}.{j}" for j in range(5))
            start[f"page-{i}.md"] = page(f"Page {i}", body, str(uuid.UUID(int=i + 1)))
        a, b, remote = make_pair(where, start)
        replicas = {"A": a, "B": b}
        for kind, side, pick, line in ops:
            apply_op(kind, replicas[side], pick, line, history, remote)

        for rep in (a, b, a):
            history.conflicts += len(rep.sync().conflicts)
        files = assert_converged(a, b, remote)
        # Converged means a further round has nothing left to do.
        for rep in (b, a):
            again = rep.sync()
            assert not again.local_changes and not again.remote_changes and not again.conflicts
        if files:  # (sha256sum -c rejects an empty list; an empty field's SHA256SUMS is empty)
            verified = subprocess.run(["sha256sum", "--quiet", "-c", MANIFEST_NAME], cwd=remote, capture_output=True)
            assert verified.returncode == 0, verified.stdout + verified.stderr

        text = "".join(d.decode("utf-8") for d in files.values())
        lost = sorted(m for m in history.written - history.removed if m not in text)
        assert not lost, f"edits lost: {lost}"
        event(f"conflicts: {min(history.conflicts, 2)}{'+' if history.conflicts >= 2 else ''}")
        event(f"markers required: {'0' if not history.written - history.removed else '1+'}")
        event(f"renamed pages: {any(n.startswith('ren-') for n in files)}")
    finally:
        shutil.rmtree(where, ignore_errors=True)


# -- the tricky cases, one by one -------------------------------------------------

BODY = "\n".join(f"line {j}" for j in range(1, 9))
UID = "0b6f8a4e-3c1d-4d7e-9a55-2f6c1e0d9b11"


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Replica, Replica, Path]:
    pages = {"topic.md": page("Topic", BODY, UID), "other.md": page("Other", "just one line")}
    return make_pair(tmp_path, pages)


def replace_line(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert f"\n{old}\n" in text
    path.write_text(text.replace(f"\n{old}\n", f"\n{new}\n", 1))


def finish(a: Replica, b: Replica, remote: Path) -> dict[str, bytes]:
    for rep in (a, b, a):
        rep.sync()
    return assert_converged(a, b, remote)


def test_edits_to_different_lines_merge_cleanly(pair: tuple[Replica, Replica, Path]) -> None:
    a, b, remote = pair
    replace_line(a.root / "topic.md", "line 2", "line 2 edited by A")
    replace_line(b.root / "topic.md", "line 6", "line 6 edited by B")
    assert not a.sync().conflicts
    report = b.sync()
    assert not report.conflicts
    assert any("topic.md" in note and "merged" in note for note in report.plan.notes)
    files = finish(a, b, remote)
    assert sorted(files) == ["other.md", "topic.md"]
    text = files["topic.md"].decode()
    assert "line 2 edited by A" in text and "line 6 edited by B" in text
    assert "\nline 2\n" not in text and "\nline 6\n" not in text


def test_same_line_edited_both_ways_keeps_a_conflict_copy(pair: tuple[Replica, Replica, Path]) -> None:
    a, b, remote = pair
    replace_line(a.root / "topic.md", "line 4", "A says four")
    replace_line(b.root / "topic.md", "line 4", "B says four")
    a.sync()
    # The CLI run of the conflicting side reports it and exits non-zero.
    result = run_cli("sync", FIELD, cwd=b.ws.root)
    assert result.returncode != 0
    assert "conflict" in result.stderr.lower()
    assert "CONFLICT topic.md" in result.stdout
    files = finish(a, b, remote)
    copies = [n for n in files if re.fullmatch(r"topic--conflict-[a-z0-9-]+\.md", n)]
    assert len(copies) == 1, sorted(files)
    assert "B says four" in files["topic.md"].decode()  # the syncing side keeps its own under the name
    assert "A says four" in files[copies[0]].decode()  # the other side's version is the copy


def test_conflict_is_reported_by_the_library(pair: tuple[Replica, Replica, Path]) -> None:
    a, b, _remote = pair
    replace_line(a.root / "topic.md", "line 4", "A says four")
    replace_line(b.root / "topic.md", "line 4", "B says four")
    a.sync()
    report = b.sync()
    assert [c.name for c in report.conflicts] == ["topic.md"]
    copy = report.conflicts[0].copy
    assert copy.startswith("topic--conflict-") and copy.endswith(".md")
    assert (b.root / copy).read_text().count("A says four") == 1


@pytest.mark.parametrize("deleter_first", [True, False], ids=["delete-synced-first", "modify-synced-first"])
def test_delete_against_modify_keeps_the_modification(pair: tuple[Replica, Replica, Path], deleter_first: bool) -> None:
    a, b, remote = pair
    (a.root / "topic.md").unlink()
    replace_line(b.root / "topic.md", "line 3", "B kept working on this")
    first, second = (a, b) if deleter_first else (b, a)
    first.sync()
    report = second.sync()
    assert any(note.startswith("topic.md:") and "kept the change" in note for note in report.plan.notes)
    assert not report.conflicts
    files = finish(a, b, remote)
    assert "B kept working on this" in files["topic.md"].decode()


@pytest.mark.parametrize("renamer_first", [True, False], ids=["rename-synced-first", "edit-synced-first"])
def test_rename_on_one_side_and_edit_on_the_other(pair: tuple[Replica, Replica, Path], renamer_first: bool) -> None:
    a, b, remote = pair
    os.rename(a.root / "topic.md", a.root / "subject.md")
    replace_line(b.root / "topic.md", "line 5", "edited under the old name")
    first, second = (a, b) if renamer_first else (b, a)
    first.sync()
    report = second.sync()
    assert [(o, n) for o, n, _ in report.plan.renames] == [("topic.md", "subject.md")]
    assert not report.conflicts
    files = finish(a, b, remote)
    assert sorted(files) == ["other.md", "subject.md"]
    text = files["subject.md"].decode()
    assert "edited under the old name" in text and f"uuid: {UID}" in text
    for folder in (a.root, b.root, remote):
        assert not (folder / "topic.md").exists()


def test_rename_on_both_sides_to_the_same_name(pair: tuple[Replica, Replica, Path]) -> None:
    a, b, remote = pair
    for rep in (a, b):
        os.rename(rep.root / "topic.md", rep.root / "subject.md")
    replace_line(b.root / "subject.md", "line 7", "B edited after renaming")
    a.sync()
    report = b.sync()
    assert ("topic.md", "subject.md", "both") in report.plan.renames
    assert not report.conflicts
    files = finish(a, b, remote)
    assert sorted(files) == ["other.md", "subject.md"]
    assert "B edited after renaming" in files["subject.md"].decode()


def test_rename_apart_is_a_conflict_and_uuids_stay_unique(pair: tuple[Replica, Replica, Path]) -> None:
    a, b, remote = pair
    os.rename(a.root / "topic.md", a.root / "subject-a.md")
    os.rename(b.root / "topic.md", b.root / "subject-b.md")
    replace_line(a.root / "subject-a.md", "line 3", "A edited after renaming")
    assert not a.sync().conflicts
    report = b.sync()
    # The syncing side keeps its name; the other side's version is a copy of it.
    assert [(c.name, c.their_name) for c in report.conflicts] == [("subject-b.md", "subject-a.md")]
    copy = report.conflicts[0].copy
    assert re.fullmatch(r"subject-b--conflict-origin-[0-9a-f]{8}\.md", copy)
    files = finish(a, b, remote)
    assert sorted(files) == ["other.md", copy, "subject-b.md"]
    assert "A edited after renaming" in files[copy].decode()
    uuids = [frontmatter.parse(d.decode())["uuid"] for d in files.values()]
    assert len(set(uuids)) == len(uuids)
    assert frontmatter.parse(files["subject-b.md"].decode())["uuid"] == UID
    assert frontmatter.parse(files[copy].decode())["conflict_of"] == "subject-b.md"


def test_both_create_the_same_new_page_name(pair: tuple[Replica, Replica, Path]) -> None:
    a, b, remote = pair
    (a.root / "fresh.md").write_text(page("Fresh", "A wrote this first"))
    (b.root / "fresh.md").write_text(page("Fresh", "B wrote this too"))
    a.sync()
    report = b.sync()
    assert [c.name for c in report.conflicts] == ["fresh.md"]
    files = finish(a, b, remote)
    assert "B wrote this too" in files["fresh.md"].decode()
    copy = report.conflicts[0].copy
    assert re.fullmatch(r"fresh--conflict-[a-z0-9-]+\.md", copy)
    assert "A wrote this first" in files[copy].decode()


def test_both_create_the_same_page_identically(pair: tuple[Replica, Replica, Path]) -> None:
    a, b, remote = pair
    text = page("Same", "identical on both", "5d0c7a55-0000-4000-8000-000000000001")
    for rep in (a, b):
        (rep.root / "same.md").write_text(text)
    a.sync()
    report = b.sync()
    assert not report.conflicts
    files = finish(a, b, remote)
    assert files["same.md"].decode() == text
    assert not any("--conflict-" in n for n in files)


def test_a_rename_half_applied_when_the_old_page_was_edited_mid_sync_still_converges(
    pair: tuple[Replica, Replica, Path],
) -> None:
    """B receives A's rename; while B's sync writes, B's user edits the page
    under its old name, so the new name lands and the old one is left (compare
    before replace). The restarted run must still see a rename, not two pages
    with one uuid."""
    a, b, remote = pair
    os.rename(a.root / "topic.md", a.root / "subject.md")
    a.sync()

    edited = []

    @contextmanager
    def edit_old_name(total: int, desc: str, unit: str = "file") -> Iterator[_Quiet]:
        if desc.startswith("applying") and not edited:
            edited.append(desc)
            replace_line(b.root / "topic.md", "line 6", "edited under the old name while the sync ran")
        yield _Quiet()

    report = Session(b.ws, FIELD, "origin", edit_old_name).run("sync")
    assert report.attempts > 1
    files = finish(a, b, remote)
    assert sorted(files) == ["other.md", "subject.md"]
    assert "edited under the old name while the sync ran" in files["subject.md"].decode()


def test_a_rename_half_applied_when_the_old_page_was_renamed_mid_sync_is_a_conflict(
    pair: tuple[Replica, Replica, Path],
) -> None:
    """As above, but B's user renames the page to a third name while the sync
    writes: the restart must see two renames apart (a conflict, one uuid each),
    not a rename to one name plus a new page under the other."""
    a, b, remote = pair
    os.rename(a.root / "topic.md", a.root / "subject.md")
    a.sync()
    renamed = []

    @contextmanager
    def rename_old_page(total: int, desc: str, unit: str = "file") -> Iterator[_Quiet]:
        if desc.startswith("applying") and not renamed:
            renamed.append(desc)
            os.rename(b.root / "topic.md", b.root / "theme.md")
        yield _Quiet()

    report = Session(b.ws, FIELD, "origin", rename_old_page).run("sync")
    assert report.attempts > 1
    assert [(c.name, c.their_name) for c in report.conflicts] == [("theme.md", "subject.md")]
    files = finish(a, b, remote)
    assert "subject.md" not in files and "theme.md" in files
    ids = [frontmatter.parse(d.decode())["uuid"] for d in files.values()]
    assert len(ids) == len(set(ids)) == 3


# -- three workspaces, hundreds of operations, edits during syncs: no version is lost ---------------


class _Quiet:
    def update(self, n: int = 1) -> None:
        pass


@dataclass
class Versions:
    """Every version a user (or an agent) wrote into any workspace, and those
    that user's own later operation overwrote or deleted (theirs to lose)."""

    written: set[str] = field(default_factory=set)
    overwritten: set[str] = field(default_factory=set)
    counter: int = 0
    mid_sync_edits: int = 0

    def fresh(self) -> int:
        self.counter += 1
        return self.counter


def live_versions(rep: Replica) -> set[str]:
    return set(scan(rep.root).values())


def user_op(kind: str, rep: Replica, pick: int, line: int, versions: Versions) -> None:
    """One edit, append, create, delete or rename, as a person or an agent makes it."""
    before = live_versions(rep)
    names = sorted(n for n in scan(rep.root) if n.endswith(".md"))
    n = versions.fresh()
    if kind == "create" or not names:
        text = page(f"New {n}", f"created {n} on {rep.name}\nsecond line {n}\nthird line {n}")
        (rep.root / f"new-{n:04d}.md").write_text(text)
    else:
        path = rep.root / names[pick % len(names)]
        if kind == "delete":
            path.unlink()
        elif kind == "rename":
            os.rename(path, rep.root / f"ren-{n:04d}.md")
        else:
            text = path.read_text()
            lines = text.split("\n")
            candidates = body_lines(text)
            if kind == "edit" and candidates:
                lines[candidates[line % len(candidates)]] = f"{rep.name} edit {n}"
                text = "\n".join(lines)
            else:
                text += f"{rep.name} append {n}\n"
            path.write_text(text)
    after = live_versions(rep)
    versions.written |= after - before
    versions.overwritten |= before - after


def racing(rep: Replica, op: tuple[str, int, int], versions: Versions) -> ProgressFactory:
    """A progress callback that makes one user edit once the sync has planned
    and starts to write (locally or to the remote): an edit made while it runs."""
    done = False

    @contextmanager
    def factory(total: int, desc: str, unit: str = "file") -> Iterator[_Quiet]:
        nonlocal done
        if not done and desc.startswith(("applying", "pushing")):
            done = True
            versions.mid_sync_edits += 1
            user_op(op[0], rep, op[1], op[2], versions)
        yield _Quiet()

    return factory


def sync_three(rep: Replica, progress: ProgressFactory = silent) -> SyncReport:
    return Session(rep.ws, FIELD, "origin", progress, max_delete=None).run("sync")


def make_three(where: Path, pages: dict[str, str]) -> tuple[list[Replica], Path]:
    remote = where / "remote"
    replicas = []
    for name in ("A", "B", "C"):
        ws = Workspace.init(where / name)
        root = ws.root / FIELD
        root.mkdir()
        ws.add_field(FIELD, root)
        ws.add_remote(FIELD, "origin", str(remote), {})
        replicas.append(Replica(name, ws, root))
    for name, text in pages.items():
        (replicas[0].root / name).write_text(text)
    for rep in replicas:
        sync_three(rep)
    return replicas, remote


USER_OPS = ["edit", "edit", "edit", "append", "append", "create", "delete", "rename"]
three_op = st.tuples(
    st.sampled_from([*USER_OPS, "sync", "sync", "sync", "racing-sync", "racing-sync"]),
    st.sampled_from("ABC"),
    st.tuples(st.sampled_from(USER_OPS), st.integers(0, 10**6), st.integers(0, 10**6)),
)


# A known bug, open: one of these derandomized examples (racing syncs among renames) ends
# with two pages sharing one uuid, at 8a20c37 too, before the session that found it. Kept
# running (not skipped) so that the fix shows as a pass; see that session's closing note.
@pytest.mark.xfail(reason="two pages share one uuid after racing syncs among renames (open bug)", strict=False)
@settings(max_examples=8, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(ops=st.lists(three_op, min_size=150, max_size=300))
def test_three_workspaces_keep_every_version_as_a_page_a_copy_or_in_history(
    ops: list[tuple[str, str, tuple[str, int, int]]],
) -> None:
    where = Path(tempfile.mkdtemp(prefix="memsync-three-"))
    try:
        versions = Versions()
        start = {
            f"page-{i}.md": page(
                f"Page {i}", "\n".join(f"base line {i}.{j}" for j in range(6)), str(uuid.UUID(int=i + 1))
            )
            for i in range(5)
        }
        replicas, remote = make_three(where, start)
        versions.written |= live_versions(replicas[0])
        by_name = {rep.name: rep for rep in replicas}
        conflicts = 0
        for kind, side, (user_kind, pick, line) in ops:
            rep = by_name[side]
            if kind == "sync":
                conflicts += len(sync_three(rep).conflicts)
            elif kind == "racing-sync":
                conflicts += len(sync_three(rep, racing(rep, (user_kind, pick, line), versions)).conflicts)
            else:
                user_op(kind, rep, pick, line, versions)

        for rep in [*replicas, *replicas]:
            sync_three(rep)
        files = replicas[0].files()
        for rep in replicas[1:]:
            assert rep.files() == files, f"{rep.name} did not converge"
        assert remote_files(remote) == files
        digests = {(rep.root / MANIFEST_NAME).read_bytes() for rep in replicas} | {
            (remote / MANIFEST_NAME).read_bytes()
        }
        assert len(digests) == 1, "the workspaces' SHA256SUMS differ"

        metas = {n: frontmatter.parse(d.decode()) for n, d in files.items()}
        ids = [str(m["uuid"]) for m in metas.values() if m.get("uuid")]
        assert len(ids) == len(set(ids)), "two pages share one uuid"

        present = {sha256_hex(d) for d in files.values()}
        present |= {str(m[key]) for m in metas.values() for key in ("conflict_theirs", "conflict_ours") if key in m}
        for rep in replicas:
            store = ObjectStore(rep.ws)
            present |= {sha for sha in history.referenced(rep.ws, versions.written) if store.get(sha) is not None}
        lost = versions.written - versions.overwritten - present
        assert not lost, f"{len(lost)} version(s) no page, copy or history holds"
        only_in_history = versions.written - versions.overwritten - {sha256_hex(d) for d in files.values()}
        event(f"conflicts: {'0' if not conflicts else '1-4' if conflicts < 5 else '5+'}")
        event(f"edits made during a sync: {'0' if not versions.mid_sync_edits else '1+'}")
        event(f"versions kept only in history or as copies: {'0' if not only_in_history else '1+'}")
    finally:
        shutil.rmtree(where, ignore_errors=True)
