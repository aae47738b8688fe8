"""When both sides changed, and the way back: conflicts, resolve, history,
restore, undo and gc, through the real CLI on two machines sharing a folder.

Every version a receive replaces or deletes in a live field, and every local
version a resolve sets aside, must be in the workspace's history, restorable
byte for byte; the engine's base bookkeeping and ``gc`` must never drop one
that history still lists.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from memsync import frontmatter, history, merge
from memsync.store import ObjectStore
from memsync.workspace import Workspace
from tests.conftest import CliRunner, assert_one_line_error, page, tree_hashes
from tests.test_sync_cli import THREE, Replicas, js, make_replicas, ok, pages, sha256sum_check


def sha(data: bytes | str) -> str:
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


def journal(ws: Path, field: str = "f") -> list[dict]:
    path = ws / ".memsync" / "fields" / field / "history.jsonl"
    return [json.loads(line) for line in path.read_bytes().splitlines()] if path.exists() else []


def stored(ws: Path, digest: str) -> bytes | None:
    return ObjectStore(Workspace(ws)).get(digest)


def every_file(root: Path) -> dict[str, str]:
    """Every file under ``root`` (the field and .memsync/ alike) by its sha256: a dry run changes none."""
    return {str(p.relative_to(root)): sha(p.read_bytes()) for p in sorted(root.rglob("*")) if p.is_file()}


def conflict(cli: CliRunner, tmp_path: Path) -> tuple[Replicas, str, str, str]:
    """b keeps its alpha.md, a's version is the copy: (replicas, copy name, ours, theirs)."""
    r = make_replicas(cli, tmp_path, THREE)
    theirs = (r.fa / "alpha.md").read_text().replace("second line", "second line as a wrote it")
    (r.fa / "alpha.md").write_text(theirs)
    ok(cli("sync", "f", cwd=r.a))
    ours = (r.fb / "alpha.md").read_text().replace("second line", "second line as b wrote it")
    (r.fb / "alpha.md").write_text(ours)
    result = cli("sync", "f", "--json", cwd=r.b)
    assert result.returncode == 3, result.stderr
    [c] = json.loads(result.stdout)["conflicts"]
    assert "memsync conflicts f" in result.stderr and "--mine|--theirs|--both" in result.stderr
    return r, c["conflict_copy"], ours, theirs


# -- receives keep what they replace ------------------------------------------------


def test_a_receive_keeps_every_version_it_replaces_or_deletes(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    first = journal(r.b)
    assert {(e["page"], e["old"]) for e in first} == {(n, None) for n in THREE}  # b's first pull added them
    old_alpha, old_beta = (r.fb / "alpha.md").read_bytes(), (r.fb / "beta.md").read_bytes()
    (r.fa / "alpha.md").write_text(page("Alpha", "rewritten on a"))
    (r.fa / "beta.md").unlink()
    (r.fa / "delta.md").write_text(page("Delta", "new on a"))
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))

    entries = {e["page"]: e for e in journal(r.b)[len(first) :]}
    assert set(entries) == {"alpha.md", "beta.md", "delta.md"}
    for e in entries.values():
        assert e["op"] == "receive" and e["remote"] == "origin" and e["field"] == "f" and e["v"] == 1
        assert e["url"] == str(r.remote) and e["at"].endswith("Z")
    assert len({e["run"] for e in entries.values()}) == 1  # one sync, one run id
    new_alpha = (r.fb / "alpha.md").read_bytes()
    assert (entries["alpha.md"]["old"], entries["alpha.md"]["new"]) == (sha(old_alpha), sha(new_alpha))
    assert (entries["beta.md"]["old"], entries["beta.md"]["new"]) == (sha(old_beta), None)
    assert (entries["delta.md"]["old"], entries["delta.md"]["new"]) == (None, sha((r.fb / "delta.md").read_bytes()))
    assert stored(r.b, sha(old_alpha)) == old_alpha
    assert stored(r.b, sha(old_beta)) == old_beta

    listed = js(cli("history", "f", "--json", cwd=r.b))["entries"]
    assert listed[0]["page"] in entries and listed[0]["run"] == entries["alpha.md"]["run"]  # newest first
    assert all(e["old_kept"] for e in listed if e["old"])
    text = ok(cli("history", "f", "beta.md", cwd=r.b))
    assert "receive origin  beta.md  " + sha(old_beta)[:12] + " → (none)" in text


def test_a_merge_keeps_the_local_version_it_replaced(cli: CliRunner, tmp_path: Path) -> None:
    """A local edit the merge folded into a new version is itself kept: it is a
    version of the page nobody else has."""
    r = make_replicas(cli, tmp_path, THREE)
    edit = lambda path, old, new: path.write_text(path.read_text().replace(old, new))  # noqa: E731
    edit(r.fa / "alpha.md", "first line", "first line from a")
    ok(cli("sync", "f", cwd=r.a))
    edit(r.fb / "alpha.md", "third line", "third line from b")
    mine = (r.fb / "alpha.md").read_bytes()
    out = js(cli("sync", "f", "--json", cwd=r.b))
    assert out["conflicts"] == [] and "alpha.md: merged changes from both sides" in out["notes"]
    [entry] = journal(r.b)[len(THREE) :]
    assert entry["old"] == sha(mine) and entry["new"] == sha((r.fb / "alpha.md").read_bytes())
    assert stored(r.b, sha(mine)) == mine


def test_versions_history_keeps_outlive_the_sync_base(cli: CliRunner, tmp_path: Path) -> None:
    """The engine drops objects no base refers to; those history lists stay."""
    r = make_replicas(cli, tmp_path, THREE)
    versions = [(r.fb / "beta.md").read_bytes()]
    for n in range(3):
        (r.fa / "beta.md").write_text(page("Beta", f"version {n}"))
        ok(cli("sync", "f", cwd=r.a))
        ok(cli("sync", "f", cwd=r.b))
        versions.append((r.fb / "beta.md").read_bytes())
    for data in versions[:-1]:
        assert stored(r.b, sha(data)) == data, "a version history lists was discarded"
    # a's own base objects of its earlier versions went (they were never replaced by a receive there).
    assert stored(r.a, sha(versions[1])) is None
    # Each one can be brought back by its hash.
    ok(cli("restore", "f", "beta.md", "--at", sha(versions[0])[:10], cwd=r.b))
    assert (r.fb / "beta.md").read_bytes() == versions[0]


# -- restore ------------------------------------------------------------------------------


def test_restore_brings_the_last_replaced_version_back_as_a_local_edit(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    before = (r.fb / "gamma.md").read_bytes()
    (r.fa / "gamma.md").write_text(page("Gamma", "overwritten by a"))
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("pull", "f", cwd=r.b))
    received = (r.fb / "gamma.md").read_bytes()

    untouched = every_file(r.b)
    would = js(cli("restore", "f", "gamma.md", "--dry-run", "--json", cwd=r.b))
    assert "gamma.md would be restored" in ok(cli("restore", "f", "gamma.md", "--dry-run", cwd=r.b))
    assert every_file(r.b) == untouched, "a dry run writes nothing"
    out = js(cli("restore", "f", "gamma.md", "--json", cwd=r.b))
    assert would == {**out, "dry_run": True} and not out["dry_run"]
    assert out["changed"] and out["version"] == sha(before) and out["replaced"] == sha(received)
    assert (r.fb / "gamma.md").read_bytes() == before
    assert "~ gamma.md" in ok(cli("status", "f", cwd=r.b))  # a local edit, for the next sync to carry
    # The version it replaced is in history too, so a restore is undone by another.
    [last] = journal(r.b)[-1:]
    assert (last["op"], last["old"], last["new"]) == ("restore", sha(received), sha(before))
    ok(cli("sync", "f", cwd=r.b))
    ok(cli("sync", "f", cwd=r.a))
    assert (r.fa / "gamma.md").read_bytes() == before == (r.remote / "gamma.md").read_bytes()
    # a's own receive kept what the restore replaced there.
    assert stored(r.a, sha(received)) == received


def test_restore_keeps_an_unsynced_local_edit_and_a_deleted_page_comes_back(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    old_beta = (r.fb / "beta.md").read_bytes()
    (r.fa / "beta.md").unlink()
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    assert not (r.fb / "beta.md").exists()
    ok(cli("restore", "f", "beta.md", cwd=r.b))
    assert (r.fb / "beta.md").read_bytes() == old_beta

    # Restoring over a local edit nobody synced yet keeps that edit in history.
    (r.fb / "beta.md").write_text(page("Beta", "an edit made only here"))
    mine = (r.fb / "beta.md").read_bytes()
    (r.fb / "beta.md").write_bytes(mine)
    ok(cli("restore", "f", "beta.md", "--at", sha(old_beta), cwd=r.b))
    assert (r.fb / "beta.md").read_bytes() == old_beta  # already held: nothing to do, nothing lost
    (r.fb / "beta.md").write_bytes(mine)
    out = js(cli("restore", "f", "beta.md", "--at", sha(old_beta), "--json", cwd=r.b))
    assert out["replaced"] == sha(mine) and stored(r.b, sha(mine)) == mine
    ok(cli("restore", "f", "beta.md", "--at", sha(mine)[:8], cwd=r.b))
    assert (r.fb / "beta.md").read_bytes() == mine


def test_restore_at_a_time_takes_the_version_the_page_held_then(tmp_path: Path) -> None:
    def entry(at: str, old: str | None, new: str | None) -> history.Entry:
        return history.Entry(at, "receive", "r", "f", "p.md", old, new, "origin")

    a, b, c = (x * 64 for x in "abc")
    found = [entry("2026-03-01T10:00:00Z", a, b), entry("2026-03-02T10:00:00Z", b, c)]
    assert history.pick_version(found, "p.md", "2026-02-28T00:00:00Z") == a
    assert history.pick_version(found, "p.md", "2026-03-01T12:00:00Z") == b
    assert history.pick_version(found, "p.md", "2026-03-03T00:00:00+00:00") == c
    assert history.pick_version(found, "p.md", None) == b  # what the last change replaced
    assert history.pick_version(found, "p.md", "bbbbbb") == b


def test_restore_refuses_what_it_cannot_do_in_one_line(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    assert "no history for alpha.md" in assert_one_line_error(cli("restore", "f", "alpha.md", cwd=r.a))
    line = assert_one_line_error(cli("restore", "f", "alpha.md", cwd=r.b))  # only its first pull's add
    assert "no version that was replaced" in line
    (r.fa / "alpha.md").write_text(page("Alpha", "changed"))
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    assert "no version" in assert_one_line_error(cli("restore", "f", "alpha.md", "--at", "0123456789", cwd=r.b))
    assert "--at" in assert_one_line_error(cli("restore", "f", "alpha.md", "--at", "last tuesday", cwd=r.b))
    assert assert_one_line_error(cli("restore", "f", "../escape.md", cwd=r.b))
    # A version whose stored bytes rotted is said to be damaged, not removed by gc,
    # and nothing else is restored in its place.
    objects = ObjectStore(Workspace(r.b))
    old = [e["old"] for e in journal(r.b) if e["old"]]
    for sha in old:
        assert objects.loose(sha) is not None
        Path(objects.path(sha)).write_bytes(b"rot")
    before = (r.fb / "alpha.md").read_bytes()
    assert "is damaged in .memsync/objects" in assert_one_line_error(cli("restore", "f", "alpha.md", cwd=r.b))
    assert (r.fb / "alpha.md").read_bytes() == before
    # A version gc removed is said to be gone, not restored as something else.
    objects.discard(old)
    assert "no longer kept (removed by gc)" in assert_one_line_error(cli("restore", "f", "alpha.md", cwd=r.b))


def test_a_replace_that_finds_the_file_changed_writes_nothing(tmp_path: Path) -> None:
    """Compare before replace, as every history operation does it."""
    ws = Workspace.init(tmp_path)
    root = tmp_path / "f"
    root.mkdir()
    ws.add_field("f", root)
    (root / "p.md").write_text("read by memsync\n")
    seen = sha("read by memsync\n")
    (root / "p.md").write_text("written since by someone else\n")
    j = history.Journal(ws, "f", "restore")
    assert not j.replace(root / "p.md", b"restored\n", seen, sha("restored\n"))
    assert (root / "p.md").read_text() == "written since by someone else\n"
    assert j.recorded == [] and history.entries(ws, "f") == []


@pytest.mark.parametrize(
    ("field", "remote", "url", "undoes"),
    [
        ("f", None, None, None),
        ("f", "origin", 's3://b/p?x="y"', None),
        ("f", None, None, "0123456789ab"),
        ("f", "orígen", "/tmp/ö\\x", "0123456789ab"),
    ],
)
def test_journal_lines_are_the_entries_json_encodes(
    tmp_path: Path, field: str, remote: str | None, url: str | None, undoes: str | None
) -> None:
    """A journal formats its lines itself (a clone writes 100,000): byte for byte
    what encoding each Entry gives, which any JSON reader then reads back."""
    ws = Workspace.init(tmp_path)
    (tmp_path / field).mkdir()
    ws.add_field(field, tmp_path / field)
    op = "undo" if undoes else "receive"
    j = history.Journal(ws, field, op, remote=remote, url=url)
    changes = [("p.md", None, sha("a")), ('é "q"\\.md', sha("a"), sha("b")), ("gone.md", sha("b"), None)]
    for page_name, old, new in changes:
        j.record(page_name, old, new, undoes=undoes)
    j.flush()
    written = history.journal_path(ws, field).read_bytes()
    assert written == b"".join(history._line(e) for e in j.recorded)
    assert history.entries(ws, field) == j.recorded
    assert [(e.page, e.old, e.new, e.undoes, e.remote, e.url) for e in j.recorded] == [
        (p, o, n, undoes, remote, url) for p, o, n in changes
    ]
    assert all(json.loads(line)["at"].endswith("Z") for line in written.splitlines())


# -- undo ------------------------------------------------------------------------------------


def test_undo_reverts_the_last_receive_then_the_one_before(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    start = pages(r.fb)
    (r.fa / "alpha.md").write_text(page("Alpha", "first receive"))
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    after_first = pages(r.fb)
    (r.fa / "beta.md").unlink()
    os.rename(r.fa / "gamma.md", r.fa / "gamma-renamed.md")
    (r.fa / "delta.md").write_text(page("Delta", "added by a"))
    (r.fa / "alpha.md").write_text(page("Alpha", "second receive"))
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    assert pages(r.fb) == pages(r.fa)

    out = js(cli("undo", "f", "--json", cwd=r.b))
    assert out["skipped"] == []
    assert pages(r.fb) == after_first  # the rename, the delete, the add and the edit are reverted
    out = js(cli("undo", "f", "--json", cwd=r.b))
    assert pages(r.fb) == start
    assert "no receive left to undo" in assert_one_line_error(cli("undo", "f", cwd=r.a))  # a only sent

    # The undo is a local edit: the next sync carries it, and a keeps what it replaced.
    replaced = pages(r.fa)
    ok(cli("sync", "f", cwd=r.b))
    ok(cli("sync", "f", cwd=r.a))
    assert pages(r.fa) == pages(r.remote) == start
    for name, data in replaced.items():
        if start.get(name) != data:
            assert stored(r.a, sha(data)) == data, name


def test_undo_leaves_a_file_changed_since_the_receive_and_names_it(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    old_beta = (r.fb / "beta.md").read_bytes()
    (r.fa / "alpha.md").write_text(page("Alpha", "from a"))
    (r.fa / "beta.md").write_text(page("Beta", "from a"))
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    (r.fb / "alpha.md").write_text(page("Alpha", "edited here after the receive"))
    mine = (r.fb / "alpha.md").read_bytes()
    result = cli("undo", "f", cwd=r.b)
    assert result.returncode == 1
    assert "memsync restore f PAGE" in assert_one_line_error(result)
    assert "kept alpha.md: changed since that receive" in result.stdout
    assert (r.fb / "alpha.md").read_bytes() == mine
    assert (r.fb / "beta.md").read_bytes() == old_beta


def test_undo_after_a_resolve_takes_a_removed_conflict_copy_as_already_undone(cli: CliRunner, tmp_path: Path) -> None:
    r, copy, _, theirs = conflict(cli, tmp_path)
    ok(cli("resolve", "f", "alpha.md", "--theirs", cwd=r.b))
    assert not (r.fb / copy).exists() and (r.fb / "alpha.md").read_text() == theirs
    said = cli("undo", "f", cwd=r.b)
    assert said.returncode == 0, said.stderr
    assert "changed since" not in said.stdout + said.stderr
    assert not (r.fb / copy).exists()  # the receive added it; the resolve already took it away


def test_undo_dry_run_writes_nothing_and_names_what_the_undo_then_does(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    (r.fa / "alpha.md").write_text(page("Alpha", "from a"))
    (r.fa / "beta.md").write_text(page("Beta", "from a"))
    (r.fa / "delta.md").write_text(page("Delta", "added by a"))
    (r.fa / "gamma.md").unlink()
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    (r.fb / "beta.md").write_text(page("Beta", "edited here after the receive"))
    before = tree_hashes(r.b)

    dry = cli("undo", "f", "--dry-run", "--json", cwd=r.b)
    assert dry.returncode == 0, "only the real undo fails for the file it leaves"
    planned = json.loads(dry.stdout)
    text = cli("undo", "f", "--dry-run", cwd=r.b)
    assert tree_hashes(r.b) == before, "a dry run writes nothing: no page, journal line, object or lock"
    assert planned["dry_run"] is True and planned["skipped"] == [
        {"page": "beta.md", "reason": "changed since that receive"}
    ]
    assert sorted(e["page"] for e in planned["reverted"]) == ["alpha.md", "delta.md", "gamma.md"]
    assert (
        "would undo the receive of" in text.stdout and "would keep beta.md: changed since that receive" in text.stdout
    )
    assert "1 file(s) would be left as they are" in text.stderr

    result = cli("undo", "f", "--json", cwd=r.b)
    assert result.returncode == 1
    done = json.loads(result.stdout)
    assert done["dry_run"] is False
    assert done["run"] == planned["run"] and done["skipped"] == planned["skipped"]
    moves = {
        k: [(e["page"], e["old"], e["new"], e["undoes"]) for e in d["reverted"]]
        for k, d in (("dry", planned), ("real", done))
    }
    assert sorted(moves["dry"]) == sorted(moves["real"])
    assert [e["page"] for e in journal(r.b) if e["op"] == "undo"] == [e["page"] for e in done["reverted"]]
    assert tree_hashes(r.b) != before


# -- conflicts and resolve ----------------------------------------------------------------------


@pytest.mark.parametrize("how", ["mine", "theirs", "both"])
def test_resolve_settles_a_conflict_and_the_next_sync_carries_it(cli: CliRunner, tmp_path: Path, how: str) -> None:
    r, copy, ours, theirs = conflict(cli, tmp_path)
    listed = js(cli("conflicts", "--json", cwd=r.b))["conflicts"]
    assert [(c["field"], c["page"], c["conflict_copy"]) for c in listed] == [("f", "alpha.md", copy)]
    assert f"f: {copy} is origin's version of alpha.md" in ok(cli("conflicts", "f", cwd=r.b))
    status = cli("status", "f", "--json", cwd=r.b)
    assert status.returncode == 3 and "memsync conflicts f" in status.stderr
    assert [c["conflict_copy"] for c in json.loads(status.stdout)["unresolved_conflicts"]] == [copy]
    copy_bytes = (r.fb / copy).read_bytes()

    untouched = every_file(r.b)
    would = js(cli("resolve", "f", "alpha.md", f"--{how}", "--dry-run", "--json", cwd=r.b))
    assert f"would resolve alpha.md ({how}) and remove {copy}" in ok(
        cli("resolve", "f", "alpha.md", f"--{how}", "--dry-run", cwd=r.b)
    )
    assert every_file(r.b) == untouched, "a dry run writes nothing"
    out = js(cli("resolve", "f", "alpha.md", f"--{how}", "--json", cwd=r.b))
    assert would == {**out, "dry_run": True} and not out["dry_run"]
    want = merge.resolve(ours.encode(), copy_bytes, how).page  # type: ignore[arg-type]
    assert (r.fb / "alpha.md").read_bytes() == want
    assert not (r.fb / copy).exists()
    assert out["copy"] == copy and out["page_sha"] == sha(want)
    # Whatever resolve replaced or deleted is in history.
    entries = [e for e in journal(r.b) if e["op"] == "resolve"]
    assert {(e["page"], e["old"]) for e in entries} >= {(copy, sha(copy_bytes))}
    if how != "mine":
        assert ("alpha.md", sha(ours)) in {(e["page"], e["old"]) for e in entries}
        assert stored(r.b, sha(ours)) == ours.encode()
    assert stored(r.b, sha(copy_bytes)) == copy_bytes

    assert ok(cli("conflicts", "f", cwd=r.b)).strip() == "no unresolved conflicts"
    ok(cli("status", "f", cwd=r.b))
    ok(cli("sync", "f", cwd=r.b))
    ok(cli("sync", "f", cwd=r.a))
    assert pages(r.fa) == pages(r.fb) == pages(r.remote)
    sha256sum_check(r.remote)
    assert (r.fa / "alpha.md").read_bytes() == want and not (r.fa / copy).exists()
    if how == "theirs":
        assert want == theirs.encode()  # the copy's version, under the page's own identity again
    if how == "both":
        text = want.decode()
        assert "as a wrote it" in text and "as b wrote it" in text and merge.BOTH_MARKER in text
        assert frontmatter.parse(text)["uuid"] == frontmatter.parse(ours)["uuid"]
    ok(cli("status", "f", cwd=r.a))


def test_resolve_by_the_copy_name_and_its_one_line_refusals(cli: CliRunner, tmp_path: Path) -> None:
    r, copy, ours, _ = conflict(cli, tmp_path)
    line = assert_one_line_error(cli("resolve", "f", "alpha.md", cwd=r.b))
    assert "--mine, --theirs or --both" in line
    assert "no unresolved conflict" in assert_one_line_error(cli("resolve", "f", "beta.md", "--mine", cwd=r.b))
    ok(cli("resolve", "f", copy, "--mine", cwd=r.b))
    assert (r.fb / "alpha.md").read_text() == ours and not (r.fb / copy).exists()


def test_conflicts_of_every_field(cli: CliRunner, tmp_path: Path) -> None:
    r, copy, _, _ = conflict(cli, tmp_path)
    ok(cli("add", "g", cwd=r.b))
    text = ok(cli("conflicts", cwd=r.b))
    assert f"f: {copy}" in text and "resolve" in text


# -- retention and gc --------------------------------------------------------------------------


def test_retention_keeps_recent_entries_and_the_newest_per_page() -> None:
    def entry(day: int, page: str) -> history.Entry:
        return history.Entry(f"2026-03-{day:02d}T00:00:00Z", "receive", "r", "f", page, "a" * 64, None)

    found = [entry(1, "p.md"), entry(2, "p.md"), entry(3, "q.md"), entry(20, "p.md"), entry(25, "p.md")]
    from datetime import UTC, datetime

    now = datetime(2026, 3, 30, tzinfo=UTC)
    assert history.retained(found, days=7, versions=1, at=now) == [found[2], found[4]]
    assert history.retained(found, days=10, versions=2, at=now) == [found[2], found[3], found[4]]
    assert history.retained(found, days=60, versions=0, at=now) == found


def test_retention_is_staggered_every_version_a_day_then_one_a_day_then_one_a_week() -> None:
    from datetime import UTC, datetime, timedelta

    now = datetime(2026, 12, 7, 12, tzinfo=UTC)

    def entry(ago: timedelta) -> history.Entry:
        return history.Entry((now - ago).strftime("%Y-%m-%dT%H:%M:%SZ"), "receive", "r", "f", "p.md", "a" * 64, None)

    # Every hour for 100 days: 2,400 versions of one page, oldest first.
    found = [entry(timedelta(hours=h)) for h in range(2400, 0, -1)]
    kept = history.retained(found, days=365, versions=0, at=now)
    ages = [now - datetime.strptime(e.at, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC) for e in kept]
    assert sum(a < timedelta(days=1) for a in ages) == 23  # every version of the last day
    assert sum(timedelta(days=1) <= a < timedelta(days=30) for a in ages) == 29  # one a day
    weeks = [a for a in ages if a >= timedelta(days=30)]
    assert 10 <= len(weeks) <= 11 and len({a.days // 7 for a in weeks}) == len(weeks)  # one a week
    assert kept[-1] is found[-1]


def test_the_budget_lets_the_oldest_go_but_never_a_pages_newest_nor_a_day_old_one() -> None:
    from datetime import UTC, datetime, timedelta

    now = datetime(2026, 12, 7, tzinfo=UTC)
    size = 256 * 1024

    def entry(n: int, ago: timedelta, page: str = "big.md") -> history.Entry:
        at = (now - ago).strftime("%Y-%m-%dT%H:%M:%SZ")
        return history.Entry(at, "receive", f"r{n}", "f", page, f"{n:064x}", f"{n + 1:064x}")

    # 40 rewrites of one 256 KiB page, a day apart, and one of another page long ago.
    journal = [entry(99, timedelta(days=400), "other.md")] + [entry(n, timedelta(days=40 - n)) for n in range(40)]
    drop = history.over_budget({Path("j"): journal}, lambda sha: size, 2 * 1024 * 1024, at=now)
    kept = [e for e in journal if id(e) not in drop]
    held = {sha for e in kept for sha in (e.old, e.new) if sha}
    assert len(held) * size <= 2 * 1024 * 1024
    assert journal[0] in kept and journal[-1] in kept  # each page's newest stays
    assert [e.run for e in kept[1:]] == [f"r{n}" for n in range(40 - len(kept) + 1, 40)]  # oldest went first
    fresh = [entry(n, timedelta(hours=n)) for n in range(20)]
    assert history.over_budget({Path("j"): fresh}, lambda sha: size, size, at=now) == set()


def test_history_over_its_budget_is_collected_after_a_receive_and_stats_say_so(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    ok(cli("config", "history_max_bytes", "40000", cwd=r.b))
    for n in range(12):
        (r.fa / "beta.md").write_text(page("Beta", f"version {n} " + "x" * 8000))
        ok(cli("sync", "f", cwd=r.a))
        ok(cli("sync", "f", cwd=r.b))
    # Every entry is younger than a day, so the budget may only thin what is a day old:
    # age them, as a year of syncs would have.
    path = r.b / ".memsync" / "fields" / "f" / "history.jsonl"
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    for n, line in enumerate(lines):
        line["at"] = f"2026-0{1 + n // 28 % 9}-{1 + n % 28:02d}T00:00:00Z"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    before = js(cli("history", "--stats", "--json", cwd=r.b))
    assert before["budget"] == 40000 and before["bytes"] > 40000
    (r.fa / "beta.md").write_text(page("Beta", "the last one " + "y" * 8000))
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))  # a receive: over budget, so gc runs
    after = js(cli("history", "--stats", "--json", cwd=r.b))
    assert after["bytes"] < before["bytes"] and after["fields"]["f"]["entries"] < len(lines) + 1
    said = ok(cli("history", "--stats", cwd=r.b))
    assert "history_max_bytes" in said and "f: " in said
    assert "name a FIELD" in cli("history", cwd=r.b).stderr


def test_the_budget_counts_only_what_history_alone_holds_not_the_pages_as_they_are(
    cli: CliRunner, tmp_path: Path
) -> None:
    r = make_replicas(cli, tmp_path, {**THREE, "big.md": page("Big", "x" * 5000)})
    for n in range(3):
        (r.fa / "alpha.md").write_text(page("Alpha", f"v{n}"))
        ok(cli("sync", "f", cwd=r.a))
        ok(cli("sync", "f", cwd=r.b))
    path = r.b / ".memsync" / "fields" / "f" / "history.jsonl"
    path.write_text(path.read_text().replace('"at": "2026-', '"at": "2025-').replace('"at":"2026-', '"at":"2025-'))
    held = js(cli("history", "f", "--stats", "--json", cwd=r.b))
    assert held["bytes"] < 2000, held  # big.md and each page's current version are no history's
    done = js(cli("gc", "--max-bytes", "2000", "--json", cwd=r.b))
    assert done["entries_dropped"] == 0, done
    assert "no field 'nope'" in assert_one_line_error(cli("history", "nope", "--stats", cwd=r.b))


def test_gc_drops_what_retention_and_removed_remotes_leave_and_nothing_else(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    versions = []
    for n in range(3):
        versions.append((r.fb / "beta.md").read_bytes())
        (r.fa / "beta.md").write_text(page("Beta", f"version {n}"))
        ok(cli("sync", "f", cwd=r.a))
        ok(cli("sync", "f", cwd=r.b))
    ws = Workspace(r.b)
    objects = ObjectStore(ws)
    stray = objects.put(b"an object nothing refers to\n")
    assert js(cli("config", "--json", cwd=r.b))["settings"] == {
        "history_days": 365,
        "history_versions": 10,
        "review_judge": "none",
        "max_page_bytes": 16 * 1024 * 1024,
        "history_max_bytes": 1024 * 1024 * 1024,
        "ignore": "",
    }

    out = js(cli("gc", "--dry-run", "--json", cwd=r.b))
    assert out["objects_removed"] == 1 and out["entries_dropped"] == 0
    assert objects.has(stray)
    ok(cli("gc", cwd=r.b))
    assert not objects.has(stray)
    assert all(stored(r.b, sha(v)) == v for v in versions)  # history still lists them

    # Keep only the newest entry per page (and nothing by age): older versions go.
    would = js(cli("config", "history_days", "0", "--dry-run", "--json", cwd=r.b))
    assert would == {"settings": {"history_days": 0}, "dry_run": True}
    assert "would set history_days = 0" in ok(cli("config", "history_days", "0", "--dry-run", cwd=r.b))
    assert js(cli("config", "history_days", "--json", cwd=r.b))["settings"] == {"history_days": 365}
    assert_one_line_error(cli("config", "history_days", "-1", "--dry-run", cwd=r.b))
    ok(cli("config", "history_days", "0", cwd=r.b))
    ok(cli("config", "history_versions", "1", cwd=r.b))
    out = js(cli("gc", "--json", cwd=r.b))
    # Two of beta's three updates; its first pull's line stays with the rest of that
    # receive (undo must know every file a receive changed), but not its version.
    assert out["entries_dropped"] == 2
    assert sorted(e["page"] for e in journal(r.b)) == ["alpha.md", "beta.md", "beta.md", "gamma.md"]
    assert [stored(r.b, sha(v)) is not None for v in versions] == [False, False, True]
    live = pages(r.fb)
    assert all(objects.has(sha(d)) for d in live.values())  # the base's objects stay

    # A removed remote's base leaves its objects behind; gc takes them.
    ok(cli("remote", "remove", "f", "origin", cwd=r.b))
    ok(cli("gc", "--keep-days", "0", "--keep-versions", "0", cwd=r.b))
    assert list(objects.all()) == []
    assert journal(r.b) == []
    assert "history_days" in assert_one_line_error(cli("config", "history_days", "soon", cwd=r.b))


# -- the journal survives a crash ------------------------------------------------------------


def test_a_torn_last_line_is_skipped_and_the_next_entry_reads(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    (r.fa / "alpha.md").write_text(page("Alpha", "one"))
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    path = r.b / ".memsync" / "fields" / "f" / "history.jsonl"
    whole = path.read_bytes()
    with open(path, "ab") as handle:
        handle.write(b'{"v":1,"at":"2026-01-01T00:00:00Z","op":"rece')  # a crash mid-write
    (r.fa / "beta.md").write_text(page("Beta", "two"))
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    entries = history.entries(Workspace(r.b), "f")[len(THREE) :]
    assert [e.page for e in entries] == ["alpha.md", "beta.md"]
    assert path.read_bytes().startswith(whole)
    assert len(ok(cli("history", "f", cwd=r.b)).splitlines()) == len(THREE) + 2


def test_a_hash_prefix_of_eight_digits_is_a_version_not_a_date() -> None:
    """``--at 83573996`` (a version whose sha256 starts with digits only) names
    that version; eight digits that match no version still read as a date."""
    digits, other = "83573996" + "a" * 56, "b" * 64
    found = [
        history.Entry("2026-03-01T09:00:00Z", "receive", "r1", "f", "p.md", None, digits),
        history.Entry("2026-03-02T09:00:00Z", "receive", "r2", "f", "p.md", digits, other),
    ]
    assert history.pick_version(found, "p.md", "83573996") == digits
    assert history.pick_version(found, "p.md", "20260301") is None  # before the page existed
    assert history.pick_version(found, "p.md", "20260302") == digits


def test_undo_after_gc_names_every_page_of_the_receive_it_cannot_revert(cli: CliRunner, tmp_path: Path) -> None:
    """A receive changed alpha and beta and added delta; a later one changed alpha
    and delta again. gc keeping one version per page dropped the first receive's
    alpha and delta entries (and alpha's old version): the second undo reverted
    beta only, said nothing of alpha, left delta and exited 0. Every page of the
    receive is reverted or named, in the text, in --json and by the exit code."""
    r = make_replicas(cli, tmp_path, THREE)
    start = pages(r.fb)
    (r.fa / "alpha.md").write_text(page("Alpha", "first receive"))
    (r.fa / "beta.md").write_text(page("Beta", "first receive"))
    (r.fa / "delta.md").write_text(page("Delta", "first receive"))
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    first = pages(r.fb)
    (r.fa / "alpha.md").write_text(page("Alpha", "second receive"))
    (r.fa / "delta.md").write_text(page("Delta", "second receive"))
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    ok(cli("config", "history_days", "0", cwd=r.b))
    ok(cli("config", "history_versions", "1", cwd=r.b))
    ok(cli("gc", cwd=r.b))
    assert not ObjectStore(Workspace(r.b)).has(sha(start["alpha.md"]))  # retention let it go

    out = js(cli("undo", "f", "--json", cwd=r.b))  # the second receive: alpha's version before it is kept
    assert out["skipped"] == [] and pages(r.fb) == first

    lost = {"page": "alpha.md", "reason": "its old version is no longer kept (removed by gc)"}
    assert json.loads(cli("undo", "f", "--dry-run", "--json", cwd=r.b).stdout)["skipped"] == [lost]
    text = cli("undo", "f", "--dry-run", cwd=r.b)
    assert "would keep alpha.md: its old version is no longer kept (removed by gc)" in text.stdout
    assert "1 file(s) would be left as they are" in text.stderr
    result = cli("undo", "f", "--json", cwd=r.b)
    assert result.returncode == 1, result.stderr
    done = json.loads(result.stdout)
    assert done["skipped"] == [lost]
    assert sorted(e["page"] for e in done["reverted"]) == ["beta.md", "delta.md"]  # delta: added, so deleted
    assert "memsync restore f PAGE" in assert_one_line_error(result)
    assert pages(r.fb) == {**start, "alpha.md": first["alpha.md"]}  # beta back; alpha as the receive left it
