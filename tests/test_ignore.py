"""Ignore rules (issue 34, item 8): ``.memsyncignore`` travels with the field, the
``ignore`` setting stays on this machine; an ignored file never enters the manifest,
an archive or a review, and no sync sends it, writes it here or deletes it anywhere,
even when the rule arrives after the file was synced."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from test_sync_cli import THREE, make_replicas, ok, pages

from tests.conftest import CliRunner, assert_one_line_error, page

RULES = "# editor and agent leftovers\n*.bak\nscratch-*.md\nUntitled*.md\ndrafts/\n"


def js(result: object) -> dict[str, object]:
    return json.loads(ok(result))  # type: ignore[arg-type]


def test_ignored_files_stay_home_and_the_rules_travel(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    (r.fa / ".memsyncignore").write_text(RULES)
    (r.fa / "alpha.md.bak").write_text("an editor's backup\n")
    (r.fa / "scratch-1.md").write_text(page("Scratch", "half a thought"))
    (r.fa / "drafts").mkdir()
    (r.fa / "drafts" / "d.md").write_text(page("Draft", "not yet"))
    status = js(cli("status", "f", "--json", cwd=r.a))
    assert status["ignored"] == 3
    assert "ignored 3 file(s)" in ok(cli("status", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.a))
    assert sorted(p.name for p in r.remote.iterdir() if p.name != "SHA256SUMS") == sorted([*THREE, ".memsyncignore"])
    ok(cli("verify", "f", cwd=r.a))  # the live SHA256SUMS lists what the field holds, not what it ignores
    ok(cli("sync", "f", cwd=r.b))
    assert (r.fb / ".memsyncignore").read_text() == RULES
    (r.fb / "Untitled.md").write_text(page("Untitled", "b's own"))
    ok(cli("sync", "f", cwd=r.b))
    assert not (r.remote / "Untitled.md").exists()
    archive = tmp_path / "f.memoryfield.zip"
    ok(cli("pack", r.fa, "-o", archive))
    names = set(zipfile.ZipFile(archive).namelist())
    assert "scratch-1.md" not in names and "alpha.md.bak" not in names and ".memsyncignore" in names


def test_a_rule_for_a_file_already_synced_neither_deletes_nor_overwrites_it(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, {**THREE, "scratch-old.md": page("Old", "synced before the rule")})
    (r.fa / ".memsyncignore").write_text(RULES)
    ok(cli("sync", "f", cwd=r.a))
    assert (r.remote / "scratch-old.md").exists()  # the rule is no deletion
    # b has no rule yet: its edit of the file reaches the remote; a leaves its own copy alone.
    (r.fb / "scratch-old.md").write_text(page("Old", "b edited it"))
    ok(cli("sync", "f", cwd=r.b))
    (r.fa / "scratch-old.md").write_text(page("Old", "a's own edit"))
    ok(cli("sync", "f", cwd=r.a))
    assert "a's own edit" in (r.fa / "scratch-old.md").read_text()
    assert "b edited it" in (r.remote / "scratch-old.md").read_text()
    # a deletes its copy: the remote's stays.
    (r.fa / "scratch-old.md").unlink()
    ok(cli("sync", "f", cwd=r.a))
    assert (r.remote / "scratch-old.md").exists()
    ok(cli("verify", "f", cwd=r.a))


def test_the_ignore_setting_is_this_machines_alone(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    ok(cli("config", "ignore", "*.tmp.md notes-to-self.md", cwd=r.a))
    (r.fa / "notes-to-self.md").write_text(page("Mine", "private"))
    (r.fa / "delta.md").write_text(page("Delta", "shared"))
    ok(cli("sync", "f", cwd=r.a))
    assert (r.remote / "delta.md").exists() and not (r.remote / "notes-to-self.md").exists()
    assert not (r.fa / ".memsyncignore").exists()
    ok(cli("config", "ignore", "", cwd=r.a))  # back to none
    ok(cli("sync", "f", cwd=r.a))
    assert (r.remote / "notes-to-self.md").exists()


def test_what_the_folder_ignores_is_not_applied_nor_reviewed(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    ok(cli("trust", "policy", "f", "origin", "untrusted", cwd=r.b))
    ok(cli("config", "ignore", "scratch-*.md", cwd=r.b))
    (r.fa / "scratch-9.md").write_text(page("Scratch", "from a"))
    (r.fa / "delta.md").write_text(page("Delta", "from a"))
    ok(cli("sync", "f", cwd=r.a))
    held = cli("sync", "f", cwd=r.b)
    assert held.returncode == 5, held.stderr
    review = js(cli("review", "f", "--json", cwd=r.b))
    shown = json.dumps(review)
    assert "delta.md" in shown and "scratch-9.md" not in shown
    ok(cli("accept", "f", cwd=r.b))
    assert (r.fb / "delta.md").exists() and not (r.fb / "scratch-9.md").exists()
    assert pages(r.remote)["scratch-9.md"]  # still the remote's


def test_a_rule_taken_away_loses_nothing_the_other_side_wrote_meanwhile(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    ok(cli("config", "ignore", "beta.md *.bak", cwd=r.a))
    (r.fb / "beta.md").write_text(page("Beta", "b's edit, made while a ignored it"))
    (r.fb / "x.bak").write_text("b's backup\n")
    (r.fb / "gamma.md").unlink()
    ok(cli("sync", "f", cwd=r.b))
    ok(cli("sync", "f", cwd=r.a))  # ignored here: nothing of it moves
    ok(cli("config", "ignore", "", cwd=r.a))
    # Nothing says whether a's stale copy was an edit: a conflict copy keeps both, and b's
    # edit is on every side, under the page's name or the copy's.
    assert cli("sync", "f", cwd=r.a).returncode in (0, 3)
    assert cli("sync", "f", cwd=r.b).returncode in (0, 3)
    for side in (r.fa, r.fb, r.remote):
        assert any("b's edit" in p.read_text() for p in side.glob("beta*.md")), side
        assert (side / "x.bak").read_text() == "b's backup\n"
        assert not (side / "gamma.md").exists()


def test_a_shared_rule_taken_away_turns_two_own_copies_into_a_conflict_not_a_loss(
    cli: CliRunner, tmp_path: Path
) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    (r.fa / ".memsyncignore").write_text("draft.md\n")
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    (r.fa / "draft.md").write_text(page("Draft", "a's draft"))
    (r.fb / "draft.md").write_text(page("Draft", "b's draft"))
    (r.fb / ".memsyncignore").write_text("")
    ok(cli("sync", "f", cwd=r.b))
    for _ in range(2):
        cli("sync", "f", cwd=r.a)  # 3 when it keeps a conflict copy
    cli("sync", "f", cwd=r.b)
    kept = [(p.read_text()) for p in [*r.fa.glob("draft*.md"), *r.fb.glob("draft*.md")]]
    assert any("a's draft" in t for t in kept) and any("b's draft" in t for t in kept), kept
    ok(cli("verify", "f", cwd=r.b))


def test_rules_that_do_not_read_are_one_line(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    line = assert_one_line_error(cli("config", "ignore", "!", cwd=r.a))
    assert "memsync config ignore" in line and "internal error" not in line, line
    (r.fa / ".memsyncignore").write_text("[z-a].md\n")
    line = assert_one_line_error(cli("sync", "f", cwd=r.a))
    assert ".memsyncignore" in line and "internal error" not in line, line


def test_what_this_machine_ignores_stays_out_of_a_pack_a_publish_and_a_verify(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, THREE)
    ok(cli("config", "ignore", "secret.md", cwd=r.a))
    (r.fa / "secret.md").write_text(page("Secret", "mine alone"))
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("verify", "f", cwd=r.a))
    ok(cli("manifest", "f", cwd=r.a))
    assert "secret.md" not in (r.fa / "SHA256SUMS").read_text()
    archive = tmp_path / "f.memoryfield.zip"
    ok(cli("pack", "f", "-o", archive, cwd=r.a))
    ok(cli("publish", "f", "--to", tmp_path / "published", cwd=r.a))
    assert "secret.md" not in zipfile.ZipFile(archive).namelist()
    assert not (tmp_path / "published" / "secret.md").exists() and (tmp_path / "published" / "alpha.md").exists()
