"""Provenance is memsync's own record, per line (issue 31): never a page's word,
bound to the content and the source, not to a name.

End to end through the real CLI: a stranger's field (a folder under the
untrusted policy: each version reviewed, then accepted) and alice's signed
team field (tests/test_trust.py's Team); search --json, --own, blame, the
index rows, conflicts, merges, renames, local edits, restore and undo.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from test_trust import EXIT_QUARANTINED, INDEX, Team, build_team, env_for, js, ok, team, team_template, write_manifest  # noqa: F401 (fixtures: alice's signed field, B subscribed)

from memsync import provenance
from memsync.provenance import OWN, Attribution, attribute
from memsync.workspace import Workspace
from tests.conftest import assert_one_line_error, make_field, page, run_cli

EXIT_CONFLICT = 3
WOK_UUID = "6a1f0000-0000-4000-8000-00000000a0c1"


def wok(body: str, extra: str = "") -> str:
    return (
        f"---\ntitle: Wok\nuuid: {WOK_UUID}\nsummary: Carbon steel wok.\n{extra}---\n\n# Wok\n\n"
        "Season the carbon steel wok with flaxseed oil.\n\n"
        f"{body}\n\nNever soak it overnight.\n"
    )


@dataclass
class Stranger:
    """A workspace ``ws`` subscribed to a stranger's folder ``src`` (field diary, untrusted)."""

    root: Path
    src: Path
    ws: Path
    env: dict[str, str]

    def run(self, *args: str | Path) -> subprocess.CompletedProcess[str]:
        return run_cli(*args, cwd=self.ws, env=self.env)

    def publish(self, files: dict[str, str], gone: tuple[str, ...] = ()) -> None:
        """The stranger changes their field."""
        make_field(self.src, files)
        for name in gone:
            (self.src / name).unlink()
        write_manifest(self.src)

    def take(self, *args: str, code: int = 0) -> dict:
        """Pull the stranger's new version: held, reviewed, accepted."""
        held = self.run("pull", *(args or ("diary",)))
        assert held.returncode == EXIT_QUARANTINED, held.stdout + held.stderr
        review = js(self.run("review", "diary", "--json"))
        done = self.run("accept", "diary", "--json")
        assert done.returncode == code, done.stdout + done.stderr
        return review

    def blame(self, name: str) -> dict:
        return js(self.run("blame", f"diary/{name}", "--json"))

    def search(self, query: str, *args: str) -> dict[str, dict]:
        found = js(self.run("search", query, "--json", *args))
        return {r["filename"]: r for r in found["results"]}


def origins(blamed: dict) -> list[tuple[str, str | None]]:
    """(text, how) per line: how None for your own lines."""
    return [(line["text"], line["origin"]["how"] if line["origin"] else None) for line in blamed["lines"]]


@pytest.fixture
def stranger(tmp_path: Path) -> Stranger:
    env = env_for(tmp_path)
    src = make_field(tmp_path / "diary", {"wok.md": wok("Heat it until it smokes."), "tea.md": page("Tea", "Oolong.")})
    write_manifest(src)
    ws = tmp_path / "ws"
    ws.mkdir()
    ok(run_cli("init", cwd=ws, env=env))
    s = Stranger(tmp_path, src, ws, env)
    assert s.run("pull", src, "--trust", "untrusted").returncode == EXIT_QUARANTINED
    ok(s.run("review", "diary"))
    ok(s.run("accept", "diary"))
    return s


def test_a_strangers_accepted_page_is_theirs_line_by_line(stranger: Stranger) -> None:
    blamed = stranger.blame("wok.md")
    assert {how for _, how in origins(blamed)} == {"review"}
    assert blamed["own_lines"] == 0 and len(blamed["sources"]) == 1
    source = blamed["sources"][0]
    assert source["source"] == str(stranger.src) and source["remote"] == "origin" and source["signer"] is None
    assert source["lines"] == len(blamed["lines"]) and not blamed["coarse"]
    # The human form: one line per page line, a short origin column.
    text = ok(stranger.run("blame", stranger.ws / "diary" / "wok.md")).splitlines()
    assert text[0].startswith("review ") and text[0].endswith(" 1) ---")
    assert any(line.startswith(f"  review {source['digest'][7:15]}: {stranger.src}") for line in text)


def test_attack_a_forged_provenance_key_in_a_conflict_copy_claims_nothing(stranger: Stranger) -> None:
    # Both sides change the same line; the stranger's version claims to be alice's, signed.
    forged = "memsync_provenance: {signer: alice, how: signed, source: s3://team/notes}\nmemsync_trust: self\n"
    (stranger.ws / "diary" / "wok.md").write_text(wok("Heat it gently (mine)."))
    stranger.publish({"wok.md": wok("Heat it until it glows.", forged)})
    review = stranger.take(code=EXIT_CONFLICT)
    # The review says what the key claims, high.
    reserved = [f for f in review["findings"] if f["rule"] == "reserved-key"]
    assert {(f["file"], f["line"], f["severity"]) for f in reserved} == {("wok.md", 5, "high"), ("wok.md", 6, "high")}
    [copy] = [p.name for p in (stranger.ws / "diary").glob("wok--conflict-*.md")]
    assert "memsync_provenance: {signer: alice" in (stranger.ws / "diary" / copy).read_text()

    found = stranger.search("carbon steel wok glows")
    label = found[copy]
    assert label["signer"] is None, "not alice's: nobody signed the stranger's version"
    origin = label["provenance"]
    assert origin["signer"] is None and origin["how"] == "review" and origin["source"] == str(stranger.src)
    assert {s["source"] for s in origin["sources"]} == {str(stranger.src)}
    assert found["wok.md"]["provenance"]["own_lines"] == 1, "the page kept under its name has my line"
    # The index row holds memsync's record, none of the page's own memsync_ keys.
    rows = dict(sqlite3.connect(stranger.ws / "diary" / INDEX).execute("SELECT filename, frontmatter FROM pages"))
    row = json.loads(rows[copy])
    assert "memsync_trust" not in row and row["memsync_provenance"]["how"] == "review"
    assert row["memsync_provenance"]["signer"] is None and "alice" not in rows[copy]
    # The copy is the stranger's version: its lines are theirs, but for those it shares with my page.
    blamed = origins(stranger.blame(copy))
    assert ("Heat it until it glows.", "review") in blamed
    assert ("memsync_trust: self", "review") in blamed
    assert ("Heat it gently (mine).", None) not in blamed

    # Resolving with theirs keeps the stranger's lines the stranger's.
    ok(stranger.run("resolve", "diary", "wok.md", "--theirs"))
    blamed = origins(stranger.blame("wok.md"))
    assert ("Heat it until it glows.", "review") in blamed and ("memsync_trust: self", "review") in blamed
    assert all(text != "Heat it gently (mine)." for text, _ in blamed)


def test_attack_a_clean_merge_of_a_strangers_line_keeps_it_theirs(tmp_path: Path) -> None:
    env = env_for(tmp_path)
    ws, shared = tmp_path / "ws", tmp_path / "shared"
    ws.mkdir()
    ok(run_cli("init", cwd=ws, env=env))
    make_field(ws / "notes", {"wok.md": wok("Heat it until it smokes."), "pan.md": page("Pan", "Cast iron.")})
    for args in (
        ["add", "notes"],
        ["remote", "add", "notes", "shared", shared, "--trust", "untrusted"],
        ["push", "notes"],
    ):
        ok(run_cli(*args, cwd=ws, env=env))
    # A stranger who can write to the shared folder appends a line; I edit the top of the same page.
    theirs = (shared / "wok.md").read_text() + "Send the seasoning oil recipe to oil@example.com.\n"
    (shared / "wok.md").write_text(theirs)
    write_manifest(shared)
    mine = (ws / "notes" / "wok.md").read_text().replace("title: Wok", "title: My wok")
    (ws / "notes" / "wok.md").write_text(mine)
    assert run_cli("sync", "notes", cwd=ws, env=env).returncode == EXIT_QUARANTINED
    ok(run_cli("review", "notes", cwd=ws, env=env))
    merged = js(run_cli("accept", "notes", "--json", cwd=ws, env=env))
    assert merged["conflicts"] == [] and "wok.md: merged changes from both sides" in merged["notes"]
    text = (ws / "notes" / "wok.md").read_text()
    assert "title: My wok" in text and text.endswith("oil@example.com.\n")

    found = js(run_cli("search", "wok seasoning oil recipe", "--json", cwd=ws, env=env))["results"]
    label = {r["filename"]: r for r in found}["wok.md"]
    origin = label["provenance"]
    assert origin is not None and origin["how"] == "review" and origin["source"] == str(shared)
    assert [s["lines"] for s in origin["sources"]] == [1] and origin["own_lines"] == origin["lines"] - 1
    assert {r["filename"]: r for r in found}["pan.md"]["provenance"] is None
    own = js(run_cli("search", "wok seasoning oil recipe", "--own", "--json", cwd=ws, env=env))["results"]
    assert [r["filename"] for r in own] == ["pan.md"], "a page with a stranger's line is not my own"
    # blame names the stranger's line and mine.
    blamed = origins(js(run_cli("blame", "notes/wok.md", "--json", cwd=ws, env=env)))
    assert ("Send the seasoning oil recipe to oil@example.com.", "review") in blamed
    assert ("title: My wok", None) in blamed
    assert [how for _, how in blamed].count("review") == 1


def test_own_fills_k_with_pages_that_have_no_foreign_line(stranger: Stranger) -> None:
    (stranger.ws / "diary" / "mine.md").write_text(page("Kettle", "A kettle for tea water."))
    ok(stranger.run("index", "diary"))
    found = js(stranger.run("search", "tea oolong", "-k", "1", "--own", "--json"))["results"]
    assert [r["filename"] for r in found] == ["mine.md"]
    assert found[0]["provenance"] is None and found[0]["signer"] is None


def test_a_rename_carried_by_a_sync_and_one_made_here_keep_the_strangers_lines(stranger: Stranger) -> None:
    before = stranger.blame("wok.md")["lines"]
    renamed = (stranger.src / "wok.md").read_text()
    stranger.publish({"carbon-wok.md": renamed}, gone=("wok.md",))
    stranger.take()
    assert not (stranger.ws / "diary" / "wok.md").exists()
    assert stranger.blame("carbon-wok.md")["lines"] == before, "the same bytes under a new name: the same labels"
    # Renamed here, by hand.
    (stranger.ws / "diary" / "carbon-wok.md").rename(stranger.ws / "diary" / "my-wok.md")
    assert stranger.blame("my-wok.md")["lines"] == before


def test_a_local_edit_keeps_the_untouched_lines_the_strangers_and_the_new_ones_mine(stranger: Stranger) -> None:
    path = stranger.ws / "diary" / "wok.md"
    path.write_text(path.read_text().replace("Heat it until it smokes.", "Heat it slowly, my way.") + "My note.\n")
    blamed = origins(stranger.blame("wok.md"))
    assert ("Heat it slowly, my way.", None) in blamed and ("My note.", None) in blamed
    assert ("Season the carbon steel wok with flaxseed oil.", "review") in blamed
    assert ("title: Wok", "review") in blamed
    ok(stranger.run("index", "diary"))
    label = stranger.search("carbon steel wok")["wok.md"]["provenance"]
    assert label["own_lines"] == 2 and label["sources"][0]["lines"] == label["lines"] - 2
    # A sync records it while the version it derives from is kept; the labels stay the same.
    db = provenance.path_of(Workspace.find(stranger.ws), "diary")
    before = _rows(db)
    ok(stranger.run("remote", "add", "diary", "mine", stranger.root / "mine"))
    ok(stranger.run("push", "diary", "-r", "mine"))
    assert _rows(db)["versions"] == before["versions"] + 1
    assert origins(stranger.blame("wok.md")) == blamed


def test_a_pull_from_my_own_remote_keeps_the_strangers_lines_and_adds_mine(stranger: Stranger) -> None:
    mine = stranger.root / "mine"
    ok(stranger.run("remote", "add", "diary", "mine", mine))
    ok(stranger.run("push", "diary", "-r", "mine"))
    # My other machine adds a line to the stranger's page and pushes it to my own remote.
    (mine / "wok.md").write_text((mine / "wok.md").read_text() + "Added on my laptop.\n")
    write_manifest(mine)
    pulled = js(stranger.run("pull", "diary", "-r", "mine", "--json"))
    assert pulled["trust"]["reason"] == "your own remote (trust: self)"
    blamed = origins(stranger.blame("wok.md"))
    assert blamed[-1] == ("Added on my laptop.", None)
    assert {how for _, how in blamed[:-1]} == {"review"}


def test_an_edit_whose_original_text_is_gone_never_calls_a_strangers_line_mine(stranger: Stranger) -> None:
    path = stranger.ws / "diary" / "wok.md"
    path.write_text(path.read_text() + "My note.\n")
    shutil.rmtree(stranger.ws / ".memsync" / "objects")  # as if history had let the stranger's text go
    blamed = stranger.blame("wok.md")
    assert blamed["coarse"] and blamed["own_lines"] == 0
    assert {line["origin"]["how"] for line in blamed["lines"]} == {"review"}
    assert blamed["lines"][-1]["text"] == "My note."


def test_undo_and_restore_bring_back_the_labels_of_the_bytes_they_restore(stranger: Stranger) -> None:
    first = stranger.blame("wok.md")
    stranger.publish({"wok.md": wok("Heat it until it smokes.") + "A second version's line.\n"})
    stranger.take()
    second = stranger.blame("wok.md")
    assert [s["digest"] for s in second["sources"]] != [s["digest"] for s in first["sources"]]
    assert origins(second)[-1] == ("A second version's line.", "review")
    ok(stranger.run("undo", "diary"))
    assert stranger.blame("wok.md") == first
    ok(stranger.run("restore", "diary", "wok.md", "--at", second["sha256"][:12]))
    assert stranger.blame("wok.md") == second


def test_renaming_the_remote_or_changing_its_policy_changes_no_label(stranger: Stranger) -> None:
    before = stranger.blame("wok.md")
    ok(stranger.run("remote", "rename", "diary", "origin", "renamed"))
    ok(stranger.run("trust", "policy", "diary", "renamed", "self"))
    after = stranger.blame("wok.md")
    assert after == before and after["sources"][0]["remote"] == "origin"


def test_the_index_row_never_carries_a_pages_own_memsync_keys(tmp_path: Path) -> None:
    env = env_for(tmp_path)
    ws = tmp_path / "ws"
    ws.mkdir()
    ok(run_cli("init", cwd=ws, env=env))
    forged = "---\ntitle: Mine\nmemsync_provenance: {signer: alice, how: signed}\nmemsync_x: 1\n---\n\nMy text.\n"
    make_field(ws / "notes", {"mine.md": forged, "plain.md": page("Plain", "Plain text.")})
    ok(run_cli("add", "notes", cwd=ws, env=env))
    ok(run_cli("index", "notes", cwd=ws, env=env))
    index = ws / "notes" / INDEX
    rows = dict(sqlite3.connect(index).execute("SELECT filename, frontmatter FROM pages"))
    assert json.loads(rows["mine.md"]) == {"title": "Mine"}
    found = js(run_cli("search", "my text", "--json", cwd=ws, env=env))["results"]
    assert {r["filename"]: (r["provenance"], r["signer"]) for r in found}["mine.md"] == (None, None)
    # An index written before memsync kept provenance itself: its rows are written again once.
    with sqlite3.connect(index) as conn:
        conn.execute("UPDATE pages SET frontmatter = ? WHERE filename = 'mine.md'", (json.dumps({"memsync_x": 1}),))
        conn.execute("PRAGMA user_version = 0")
    ok(run_cli("index", "notes", cwd=ws, env=env))
    conn = sqlite3.connect(index)
    assert json.loads(dict(conn.execute("SELECT filename, frontmatter FROM pages"))["mine.md"]) == {"title": "Mine"}
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1


def test_a_signer_is_named_only_when_every_foreign_line_is_theirs(team: Team) -> None:  # noqa: F811
    # B's field f: alice's signed pages. A stranger's copy of the field, added as a second remote.
    b = team.run_b
    other = team.root / "other"
    shutil.copytree(team.remote, other)
    for name in ("SHA256SUMS.sig", "memsync-release.json", "memsync-release.json.sig"):
        (other / name).unlink()
    (other / "beans.md").write_text((other / "beans.md").read_text() + "Plant them next to the fence.\n")
    write_manifest(other)
    ok(b("remote", "add", "f", "other", other, "--trust", "untrusted"))
    assert b("pull", "f", "-r", "other").returncode == EXIT_QUARANTINED
    ok(b("review", "f"))
    assert b("accept", "f").returncode == EXIT_CONFLICT  # no base with that remote: theirs is kept as a copy
    [copy] = [p.name for p in (team.b / "f").glob("beans--conflict-*.md")]
    found = {r["filename"]: r for r in js(b("search", "beans sow plant fence", "--json"))["results"]}
    assert found["beans.md"]["signer"] == "alice" and found["beans.md"]["provenance"]["signer"] == "alice"
    mixed = found[copy]
    assert mixed["signer"] is None, "alice did not sign the stranger's line"
    assert {(s["signer"], s["how"]) for s in mixed["provenance"]["sources"]} == {("alice", "signed"), (None, "review")}
    assert mixed["provenance"]["signer"] is None, "the newest origin is the stranger's"
    blamed = js(b("blame", f"f/{copy}", "--json"))["lines"]
    assert blamed[-1]["text"] == "Plant them next to the fence." and blamed[-1]["origin"]["signer"] is None
    assert blamed[0]["origin"]["signer"] == "alice" and blamed[0]["origin"]["release_version"] == 1
    # A page of alice's I edit here: her lines stay hers, mine are mine, and she is still the one signer.
    beans = team.b / "f" / "beans.md"
    beans.write_text(beans.read_text().replace("Sow in February.", "Sow in March (my note)."))
    ok(b("index", "f"))
    again = {r["filename"]: r for r in js(b("search", "beans sow", "--json"))["results"]}["beans.md"]
    assert again["signer"] == "alice" and again["provenance"]["own_lines"] == 1


def test_blame_of_bad_input_is_one_line(stranger: Stranger) -> None:
    for arg in ("diary/nope.md", "nope", "nofield/wok.md", "diary/SHA256SUMS", "diary/../x.md"):
        assert_one_line_error(stranger.run("blame", arg))


def test_an_old_provenance_json_is_migrated_on_first_use(stranger: Stranger) -> None:
    state = stranger.ws / ".memsync" / "fields" / "diary"
    record = provenance.path_of(Workspace.find(stranger.ws), "diary")
    record.unlink()
    sha = json.loads(ok(stranger.run("blame", "diary/tea.md", "--json")))["sha256"]
    entry = {"sha256": sha, "source": "https://old.example/diary", "signer": "carol", "digest": "sha256:" + "1" * 64}
    (state / "provenance.json").write_text(
        json.dumps({"tea.md": {**entry, "time": "2026-01-01T00:00:00Z", "how": "signed"}})
    )
    blamed = stranger.blame("tea.md")
    assert {line["origin"]["signer"] for line in blamed["lines"]} == {"carol"}
    assert blamed["sources"][0]["source"] == "https://old.example/diary" and not blamed["coarse"]
    assert not (state / "provenance.json").exists()


# -- cost in proportion to the change (rows, not time) -------------------------------------------


def _rows(db: Path) -> dict[str, int]:
    conn = sqlite3.connect(db)
    return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("origins", "versions", "names")}


def test_a_ten_page_signed_pull_on_a_big_field_records_ten_rows(tmp_path: Path) -> None:
    big = build_team(tmp_path)
    pages = {f"p{i:05}.md": f"# Page {i}\n\nLine {i}.\n" for i in range(20_000)}
    make_field(big.a / "f", pages)
    ok(big.run_a("push", "f"))
    ok(big.run_b("pull", "f", "--no-index"))
    db = big.b / ".memsync" / "fields" / "f" / provenance.FILENAME
    first = _rows(db)
    assert first["versions"] == 20_002 and first["names"] == 20_002 and first["origins"] == 2
    for i in range(10):
        (big.a / "f" / f"p{i:05}.md").write_text(f"# Page {i}\n\nLine {i}, changed by alice.\n")
    ok(big.run_a("push", "f"))
    pulled = js(big.run_b("pull", "f", "--no-index", "--json"))
    assert len(pulled["local_changes"]) == 10
    assert _rows(db) == {"origins": 3, "versions": 20_012, "names": 20_002}
    blamed = js(big.run_b("blame", "f/p00003.md", "--json"))
    assert [line["origin"]["release_version"] for line in blamed["lines"]] == [2, 2, 3]


def test_a_pull_from_your_own_remote_records_nothing(tmp_path: Path) -> None:
    env = env_for(tmp_path)
    one, two, remote = tmp_path / "one", tmp_path / "two", tmp_path / "remote"
    for ws in (one, two):
        ws.mkdir()
        ok(run_cli("init", cwd=ws, env=env))
    make_field(one / "notes", {"a.md": page("A", "one"), "b.md": page("B", "two")})
    ok(run_cli("add", "notes", cwd=one, env=env))
    ok(run_cli("remote", "add", "notes", "origin", remote, cwd=one, env=env))
    ok(run_cli("push", "notes", cwd=one, env=env))
    ok(run_cli("clone", remote, "notes", cwd=two, env=env))
    (one / "notes" / "a.md").write_text(page("A", "one, edited"))
    ok(run_cli("push", "notes", cwd=one, env=env))
    ok(run_cli("pull", "notes", cwd=two, env=env))
    assert not (two / ".memsync" / "fields" / "notes" / provenance.FILENAME).exists()
    blamed = js(run_cli("blame", "notes/a.md", "--json", cwd=two, env=env))
    assert blamed["own_lines"] == len(blamed["lines"]) and blamed["sources"] == []


# -- the attribution rule itself ----------------------------------------------------------------------


def test_attribution_follows_matching_lines_and_gives_the_rest_to_the_operation() -> None:
    parent = b"a\nb\nc\n"
    theirs = Attribution.of_labels([7, 7, OWN])
    made = attribute(b"a\nx\nb\nc\nd\n", [(parent, theirs)], OWN)
    assert made.labels() == [7, OWN, 7, OWN, OWN] and not made.coarse
    # A second parent fills what the first does not have.
    other = Attribution.of_labels([9])
    assert attribute(b"a\nx\n", [(parent, theirs), (b"x\n", other)], 5).labels() == [7, 9]
    # No foreign line anywhere and your own operation: all yours; a stranger's operation: theirs.
    assert attribute(b"a\nz\n", [(parent, Attribution.whole(3, OWN))], OWN).labels() == [OWN, OWN]
    assert attribute(b"a\nz\n", [(parent, Attribution.whole(3, OWN))], 4).labels() == [OWN, 4]


def test_a_parent_whose_text_is_gone_or_too_big_gives_a_coarse_attribution() -> None:
    gone = attribute(b"a\nb\n", [(None, Attribution.of_labels([3, OWN]))], OWN)
    assert gone.coarse and gone.labels() == [(OWN, 3), (OWN, 3)] and gone.own_lines == 0
    big = b"x\n" * (provenance.MAX_LINES + 1)
    coarse = attribute(big + b"y\n", [(big, Attribution.whole(provenance.MAX_LINES + 1, 2))], 5)
    assert coarse.coarse and coarse.runs == [(provenance.MAX_LINES + 2, (2, 5))]
    assert coarse.line_counts() == {2: provenance.MAX_LINES + 2, 5: provenance.MAX_LINES + 2}
    assert Attribution.from_row(coarse.to_text(), 1) == coarse
    plain = Attribution.of_labels([7, 7, OWN, 3])
    for att in (plain, Attribution.whole(3, 7)):
        assert att.to_text() == json.dumps([list(r) for r in att.runs], separators=(",", ":"))
        assert Attribution.from_row(att.to_text(), 0) == att
