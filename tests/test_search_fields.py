"""memsync search QUERY across a workspace's fields: each field through its own
index, ranked together, labelled with field and trust; a subscribed sibling's
field is searched once accepted, never while its version waits in quarantine."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.conftest import CliRunner, assert_one_line_error, make_field, page

WOK = page("Carbon steel woks", "Season a carbon steel wok with oil and high heat before stir frying.")
QUERY = "how do I season a carbon steel wok"


def ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, f"exit {result.returncode}\nstdout: {result.stdout}\nstderr: {result.stderr}"
    return result.stdout


def notes(n: int, topic: str) -> dict[str, str]:
    return {
        f"{topic}-{i:02d}.md": page(f"{topic} {i}", f"Thoughts {i} about {topic}{i} and item{i}.") for i in range(n)
    }


def test_search_finds_a_page_that_lives_only_in_a_subscribed_sibling_field(cli: CliRunner, tmp_path: Path) -> None:
    # The sibling agent's own diary, published to a folder it shares.
    brother, mine, shared = tmp_path / "brother", tmp_path / "me", tmp_path / "shared-diary"
    for ws in (brother, mine):
        ws.mkdir()
        ok(cli("init", cwd=ws))
    make_field(brother / "diary", {**notes(8, "garden"), "woks.md": WOK})
    ok(cli("keygen", tmp_path / "brother-key", "--use", cwd=brother))
    ok(cli("add", "diary", cwd=brother))
    ok(cli("remote", "add", "diary", "origin", str(shared), cwd=brother))
    ok(cli("push", "diary", cwd=brother))

    # My own field, and a read-only subscription to the sibling's diary.
    ok(cli("trust", "add", "brother", tmp_path / "brother-key.pub", cwd=mine))
    make_field(mine / "notes", notes(8, "travel"))
    ok(cli("add", "notes", cwd=mine))
    ok(cli("index", "notes", cwd=mine))
    held = cli("pull", str(shared), "--field", "brother", "--trust", "untrusted", cwd=mine)
    assert held.returncode == 5, held.stderr

    # Held in quarantine: not in the live field, not in any index, not found.
    before = json.loads(ok(cli("search", QUERY, "--json", cwd=mine)))
    assert all(r["filename"] != "woks.md" for r in before["results"])
    assert [f["field"] for f in before["fields"]] == ["notes"]
    assert [s["field"] for s in before["skipped"]] == ["brother"]

    ok(cli("review", "brother", cwd=mine))
    ok(cli("accept", "brother", cwd=mine))  # rebuilds brother's index
    found = json.loads(ok(cli("search", QUERY, "--json", cwd=mine)))
    assert [f["field"] for f in found["fields"]] == ["brother", "notes"]
    top = found["results"][0]
    assert (top["field"], top["filename"], top["title"]) == ("brother", "woks.md", "Carbon steel woks")
    assert (top["trust"], top["source"], top["signer"]) == ("untrusted", str(shared), "brother")
    assert all(r["signer"] is None for r in found["results"] if r["field"] == "notes"), "my own pages"
    assert {r["field"] for r in found["results"]} == {"brother", "notes"}, "ranked together"
    scores = [r["score"] for r in found["results"]]
    assert scores == sorted(scores, reverse=True)

    # --min-score keeps the strong match only; --field narrows; the old FIELD QUERY form still works.
    strong = json.loads(ok(cli("search", QUERY, "--min-score", "0.3", "--json", cwd=mine)))
    assert [r["filename"] for r in strong["results"]] == ["woks.md"]
    assert all(r["score"] >= 0.3 for r in strong["results"])
    only_mine = json.loads(ok(cli("search", QUERY, "--field", "notes", "--json", cwd=mine)))
    assert {r["field"] for r in only_mine["results"]} == {"notes"}
    short_form = json.loads(ok(cli("search", "brother", QUERY, "-k", "1", "--json", cwd=mine)))
    assert [(r["field"], r["filename"]) for r in short_form["results"]] == [("brother", "woks.md")]

    text = ok(cli("search", QUERY, "-k", "2", cwd=mine)).splitlines()
    assert "brother (untrusted)  woks.md  Carbon steel woks  [from " in text[0], "a stranger's page is marked"
    assert text[0].endswith(", signed by brother, accepted by review]")
    assert text[-1].startswith("2 page(s) from 2 field(s) by memsync-hashed-words")


def test_search_with_no_searchable_field_is_one_line(cli: CliRunner, tmp_path: Path) -> None:
    ok(cli("init"))
    assert "no fields to search" in assert_one_line_error(cli("search", "anything"))
    make_field(tmp_path / "f", notes(2, "x"))
    ok(cli("add", "f"))
    assert "no memsync-hashed-words-v1-512 index yet" in assert_one_line_error(
        cli("search", "anything", "--embedder", "builtin")
    )
    usage = cli("search", "f", "two", "words")
    assert usage.returncode == 2 and "QUERY is one argument" in usage.stderr


def test_search_leaves_out_a_page_deleted_since_the_index_was_built(cli: CliRunner, tmp_path: Path) -> None:
    # The index is rebuilt by index, pull and sync, not by the agent deleting a page: a
    # hit naming a page that is no longer there would send its reader to nothing.
    ok(cli("init", cwd=tmp_path))
    make_field(tmp_path / "notes", {**notes(3, "travel"), "woks.md": WOK})
    ok(cli("add", "notes", cwd=tmp_path))
    ok(cli("index", "notes", cwd=tmp_path))
    (tmp_path / "notes" / "woks.md").unlink()
    found = json.loads(ok(cli("search", QUERY, "-k", "2", "--json", cwd=tmp_path)))
    names = [r["filename"] for r in found["results"]]
    assert len(names) == 2 and "woks.md" not in names, names
