"""Trust belongs to the field, not to the names of its remotes (issue 31).

Each test is an attack that worked while the gate kept its state per remote
name: a rename, a second remote, set-url or remove+add of the same field
reset the high-water mark, and a field first accepted unsigned (or at first
contact under --trust signed) took another field's signed release. The team
(A signs and pushes, B trusts alice under policy signed) is test_trust's."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from test_trust import (
    BEANS_UUID,
    EXIT_QUARANTINED,
    Team,
    build_team,
    copy_folder,
    copy_team,
    digest_of,
    held,
    js,
    ok,
    put_back,
    write_manifest,
)

from memsync import release
from memsync.names import RELEASE_NAME
from tests.conftest import CliRunner, assert_one_line_error, make_field, page, run_cli, snapshot


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Team:
    return build_team(tmp_path_factory.mktemp("identity-template"))


@pytest.fixture
def team(template: Team, tmp_path: Path) -> Team:
    return copy_team(template, tmp_path)


def _pin(team: Team) -> dict:
    return json.loads((team.b / "memsync.lock").read_text())["fields"]["f"]


def _record(team: Team) -> dict:
    return json.loads((team.b / ".memsync" / "fields" / "f" / "trust.json").read_text())


# -- 1, 2: rollback through a name ---------------------------------------------------


def _rename(team: Team, v1: Path) -> list[str]:
    ok(team.run_b("remote", "rename", "f", "origin", "upstream"))
    put_back(v1, team.remote)
    return []


def _mirror(team: Team, v1: Path) -> list[str]:
    ok(team.run_b("remote", "add", "f", "mirror", v1, "--trust", "signed"))
    return ["-r", "mirror"]


def _mirror_self(team: Team, v1: Path) -> list[str]:
    ok(team.run_b("remote", "add", "f", "backup", v1))  # a folder B may write: trust self
    return ["-r", "backup"]


def _set_url(team: Team, v1: Path) -> list[str]:
    ok(team.run_b("remote", "set-url", "f", "origin", v1, "--reset"))
    return []


def _remove_and_add(team: Team, v1: Path) -> list[str]:
    ok(team.run_b("remote", "remove", "f", "origin"))
    ok(team.run_b("remote", "add", "f", "origin", team.remote, "--trust", "signed"))
    put_back(v1, team.remote)
    return []


ROLLBACKS = {
    "remote-rename": _rename,
    "second-remote-signed": _mirror,
    "second-remote-self": _mirror_self,
    "set-url": _set_url,
    "remove-then-add": _remove_and_add,
}


@pytest.mark.parametrize("how", sorted(ROLLBACKS))
def test_an_older_release_is_a_rollback_whatever_the_remote_is_called(team: Team, tmp_path: Path, how: str) -> None:
    v1 = copy_folder(team.remote, tmp_path / "v1")
    team.a_edits_and_pushes()  # release 2 adds new-page.md
    ok(team.run_b("pull", "f"))
    assert (team.b / "f" / "new-page.md").is_file()
    live, pin = snapshot(team.b / "f"), _pin(team)
    args = ROLLBACKS[how](team, v1)
    result = team.run_b("pull", "f", *args)
    held(result, "rollback: version 1 is older than accepted version 2")
    assert snapshot(team.b / "f") == live, "nothing of release 1 reached the live field"
    assert _pin(team) == pin, "the lockfile pin stays on release 2"
    assert _record(team)["release"]["version"] == 2


def test_a_workspace_made_afresh_beside_the_committed_lockfile_refuses_the_rollback(team: Team, tmp_path: Path) -> None:
    """memsync.lock carries the field's identity and release: a new machine that checks
    out the workspace (without .memsync/) is no first contact to be rolled back."""
    v1 = copy_folder(team.remote, tmp_path / "v1")
    team.a_edits_and_pushes()
    ok(team.run_b("pull", "f"))
    assert _pin(team)["identity"] == "f" and _pin(team)["release_version"] == 2
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    shutil.copy(team.b / "memsync.lock", fresh / "memsync.lock")
    for args in (["init"], ["add", "f"], ["trust", "add", "alice", f"{team.alice_key}.pub"]):
        ok(run_cli(*args, cwd=fresh, env=team.env))
    ok(run_cli("remote", "add", "f", "origin", v1, "--trust", "signed", cwd=fresh, env=team.env))
    held(run_cli("pull", "f", cwd=fresh, env=team.env), "rollback: version 1 is older than accepted version 2")
    assert not (fresh / "f" / "beans.md").exists()


def test_a_pin_left_behind_by_a_newer_version_from_your_own_remote_is_no_way_back(team: Team, tmp_path: Path) -> None:
    """Release 2 comes through a backup remote of B's own (trust self): the field's pin moves
    with it, so release 1, which the old pin named, is no version a pin applies again."""
    v1 = copy_folder(team.remote, tmp_path / "v1")
    team.a_edits_and_pushes()
    backup = copy_folder(team.remote, tmp_path / "backup")
    put_back(v1, team.remote)
    ok(team.run_b("remote", "add", "f", "backup", backup))
    # No sync base with the new remote yet: the two-way merge keeps B's beans.md beside A's (exit 3).
    assert team.run_b("pull", "f", "-r", "backup").returncode == 3
    assert _pin(team)["digest"] == digest_of(backup) and _pin(team)["release_version"] == 2
    ok(team.run_b("remote", "remove", "f", "origin"))  # no sync base with it any more
    ok(team.run_b("remote", "add", "f", "origin", team.remote, "--trust", "signed"))
    held(team.run_b("pull", "f"), "rollback: version 1 is older than accepted version 2")


def test_a_newer_release_through_a_renamed_remote_applies(team: Team) -> None:
    """The mark is the field's: a rename keeps the field following its publisher."""
    ok(team.run_b("remote", "rename", "f", "origin", "upstream"))
    team.a_edits_and_pushes()
    got = js(team.run_b("pull", "f", "--json"))
    assert got["trust"]["applied"] and got["trust"]["release_version"] == 2
    assert (team.b / "f" / "new-page.md").is_file()


# -- 3: mix-and-match -----------------------------------------------------------------


def _other_field_release(team: Team, where: Path) -> Path:
    """alice's genuine, signed release of another field ("other"), as she published it elsewhere."""
    other = make_field(team.root / "other", {"x.md": page("X", "Another field's page.")})
    ok(run_cli("publish", other, "--to", where, "--sign-with", team.alice_key, cwd=team.root, env=team.env))
    assert release.Release.parse((where / RELEASE_NAME).read_bytes()).field == "other"
    return where


def test_another_fields_release_is_held_after_an_unsigned_first_accept(team: Team, cli: CliRunner) -> None:
    source = make_field(team.root / "diary", {f"d{i}.md": page(f"D{i}", f"Diary page {i}.") for i in range(3)})
    write_manifest(source)
    assert team.run_b("pull", source, "--trust", "untrusted").returncode == EXIT_QUARANTINED
    ok(team.run_b("review", "diary"))
    ok(team.run_b("accept", "diary"))
    live = snapshot(team.b / "diary")
    # The source now serves alice's signed release of another field.
    put_back(_other_field_release(team, team.root / "elsewhere"), source)
    result = team.run_b("pull", "diary", "--json")
    held(result, "does not follow a version you accepted")
    assert snapshot(team.b / "diary") == live, "the diary's pages are not replaced by another field's"
    # Stripped of its statement, alice's signature says nothing of which field it is: held too.
    (source / RELEASE_NAME).unlink()
    (source / (RELEASE_NAME + ".sig")).unlink()
    held(team.run_b("pull", "diary"), "no release statement to say which field it is")
    assert snapshot(team.b / "diary") == live


def test_another_fields_release_is_held_from_every_remote_once_the_field_is_bound(team: Team, tmp_path: Path) -> None:
    """B's field is bound to 'f' (its first signed release): 'other' is mix-and-match from a
    new signed remote and from B's own (self) remote alike."""
    assert _record(team)["identity"]["name"] == "f"
    live = snapshot(team.b / "f")
    theirs = _other_field_release(team, tmp_path / "other-release")
    for args in (["--trust", "signed"], []):
        name = "signedmirror" if args else "mine"
        ok(team.run_b("remote", "add", "f", name, theirs, *args))
        held(team.run_b("pull", "f", "-r", name), "mix-and-match: the release statement is for field 'other'")
        assert snapshot(team.b / "f") == live


def test_first_contact_under_signed_binds_the_name_it_shows_and_expect_field_refuses_another(
    team: Team, tmp_path: Path
) -> None:
    theirs = _other_field_release(team, tmp_path / "published")
    where = tmp_path / "c"
    where.mkdir()
    ok(run_cli("init", cwd=where, env=team.env))
    ok(run_cli("trust", "add", "alice", Path(str(team.alice_key) + ".pub"), cwd=where, env=team.env))
    before = sorted(p.name for p in where.iterdir())
    line = assert_one_line_error(
        run_cli("clone", theirs, "diary", "--trust", "signed", "--expect-field", "diary", cwd=where, env=team.env)
    )
    assert "mix-and-match" in line and "'other'" in line and "'diary'" in line and "nothing was applied" in line
    assert sorted(p.name for p in where.iterdir()) == before, "a refused clone leaves no field behind"
    # Without --expect-field the first contact applies, and says which field it now is.
    got = js(run_cli("clone", theirs, "mine", "--trust", "signed", "--json", cwd=where, env=team.env))
    assert got["trust"]["field_identity"] == "other"
    assert "this field is 'other' from now on" in got["trust"]["reason"]
    text = ok(run_cli("pull", "mine", cwd=where, env=team.env))
    assert "Traceback" not in text
    # The local name stays free; the identity does not: expecting another name now is refused.
    line = assert_one_line_error(run_cli("pull", "mine", "--expect-field", "diary", cwd=where, env=team.env))
    assert "is 'other'" in line


def test_expect_field_at_remote_add_refuses_another_fields_release(team: Team, tmp_path: Path) -> None:
    theirs = _other_field_release(team, tmp_path / "published")
    where = tmp_path / "c"
    where.mkdir()
    ok(run_cli("init", cwd=where, env=team.env))
    ok(run_cli("trust", "add", "alice", Path(str(team.alice_key) + ".pub"), cwd=where, env=team.env))
    ok(run_cli("add", "notes", cwd=where, env=team.env))
    ok(run_cli("remote", "add", "notes", "origin", theirs, "--trust", "signed", "--expect-field", "f", cwd=where,
               env=team.env))  # fmt: skip
    line = assert_one_line_error(run_cli("pull", "notes", cwd=where, env=team.env))
    assert "(--expect-field)" in line and "'other'" in line
    assert not (where / "notes" / "x.md").exists()
    assert run_cli("quarantine", "--json", cwd=where, env=team.env).stdout.count("sha256:") == 0, "refused, not held"
    # The field it expects arrives as usual.
    ok(run_cli("remote", "add", "notes", "team", team.remote, "--trust", "signed", cwd=where, env=team.env))
    ok(run_cli("pull", "notes", "-r", "team", cwd=where, env=team.env))
    assert (where / "notes" / "beans.md").is_file()


# -- accept after the remote was renamed ------------------------------------------------


@pytest.mark.parametrize("change", ["rename", "remove-add"])
def test_accept_of_a_held_version_after_the_remote_changed_name(team: Team, change: str) -> None:
    ok(team.run_a("sign-with", "--none"))
    team.a_edits_and_pushes()
    digest = digest_of(team.remote)
    held(team.run_b("pull", "f"), "unsigned")
    ok(team.run_b("review", "f"))
    if change == "rename":
        ok(team.run_b("remote", "rename", "f", "origin", "upstream"))
    else:
        ok(team.run_b("remote", "remove", "f", "origin"))
        ok(team.run_b("remote", "add", "f", "team", team.remote, "--trust", "signed"))
    accepted = team.run_b("accept", "f", "--json")
    # Removed and added again, the remote has no sync base: the two-way merge keeps B's beans.md beside A's.
    assert accepted.returncode == (0 if change == "rename" else 3), accepted.stderr
    got = json.loads(accepted.stdout)
    assert got["trust"]["reason"] == "accepted after review"
    assert got["remote"] == ("upstream" if change == "rename" else "team")
    assert (team.b / "f" / "new-page.md").is_file() and _pin(team)["digest"] == digest


def test_accept_names_the_source_when_no_remote_reaches_it_any_more(team: Team) -> None:
    ok(team.run_a("sign-with", "--none"))
    team.a_edits_and_pushes()
    held(team.run_b("pull", "f"), "unsigned")
    ok(team.run_b("review", "f"))
    ok(team.run_b("remote", "remove", "f", "origin"))
    line = assert_one_line_error(team.run_b("accept", "f"))
    assert f"came from {team.remote}" in line and "memsync remote add f NAME" in line


# -- what a subscriber's own commands must not undo ---------------------------------------


def test_a_pull_with_nothing_new_keeps_the_signature_beside_the_live_field(team: Team) -> None:
    """ssh-keygen -Y verify of the subscriber's own copy, as README shows it, keeps working."""
    sidecars = {n: (team.b / "f" / n).read_bytes() for n in ("SHA256SUMS.sig", "memsync-release.json")}
    ok(team.run_b("pull", "f"))
    assert {n: (team.b / "f" / n).read_bytes() for n in sidecars} == sidecars


def test_an_unsigned_push_to_a_remote_trusted_for_its_signers_is_refused(team: Team) -> None:
    """B follows alice under policy signed and has no key: a sync would replace alice's
    signed release with B's unsigned one, and every other subscriber would hold it."""
    before = snapshot(team.remote)
    (team.b / "f" / "beans.md").write_text(page("Beans", "B's own note.", BEANS_UUID))
    line = assert_one_line_error(team.run_b("sync", "f"))
    assert "unsigned push" in line and "memsync keygen --use" in line
    assert snapshot(team.remote) == before


def test_accept_onto_a_field_that_changed_since_the_review_is_refused(team: Team) -> None:
    """The review showed the changes against the live field as it was; applied onto a newer
    one, the version would undo what the review never showed."""
    ok(team.run_a("sign-with", "--none"))
    team.a_edits_and_pushes()
    digest = digest_of(team.remote)
    held(team.run_b("pull", "f"), "unsigned")
    ok(team.run_b("review", "f"))
    (team.b / "f" / "mine.md").write_text(page("Mine", "Written after the review."))
    line = assert_one_line_error(team.run_b("accept", "f"))
    assert "changed since you reviewed" in line and f"memsync review f {digest}" in line
    assert not (team.b / "f" / "new-page.md").exists()
    ok(team.run_b("review", "f", digest))
    assert team.run_b("accept", "f", digest).returncode == 0
    assert (team.b / "f" / "new-page.md").is_file() and (team.b / "f" / "mine.md").is_file()
