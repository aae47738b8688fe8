"""Everyday concurrent edits between two machines, through the real CLI.

Two workspaces (a, b) share a folder remote; both edit the same page between
syncs, as a person with a laptop and a server does, and every memoryfield
writer bumps ``updated:`` when it saves a page.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

from memsync import frontmatter, merge
from tests.conftest import CliRunner
from tests.test_sync_cli import js, make_replicas, ok, pages

UID = "7d0b7c4e-5a0e-4d8f-9a4c-1f2e3d4c5b6a"
SOIL = f"""---
title: Soil pH
uuid: {UID}
created: 2026-01-01T00:00:00Z
updated: 2026-01-02T00:00:00Z
tags: [soil, garden]
status: draft
---

# Soil pH

Most vegetables like soil between pH 6 and 7.
Blueberries want it lower.

Test the soil in autumn, when it is moist.

Lime raises the pH slowly; sulfur lowers it.
"""
OTHER = SOIL.replace(UID, "0c5e2a44-9d1b-4f6e-8a3b-5c7d9e1f2a3b").replace("Soil pH", "Compost")


def edit(path: Path, *pairs: tuple[str, str]) -> str:
    text = path.read_text()
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text)
    return text


def uuids(files: dict[str, bytes]) -> list[str]:
    return [str(frontmatter.parse(d.decode())["uuid"]) for n, d in files.items() if n.endswith(".md")]


def test_different_paragraphs_and_both_bump_updated_merge_with_exit_0(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, {"soil-ph.md": SOIL, "compost.md": OTHER})
    edit(
        r.fa / "soil-ph.md",
        ("Blueberries want it lower.", "Blueberries and azaleas want it lower."),
        ("updated: 2026-01-02T00:00:00Z", "updated: 2026-03-01T09:30:00Z"),
    )
    edit(
        r.fb / "soil-ph.md",
        ("sulfur lowers it.", "sulfur lowers it faster."),
        ("updated: 2026-01-02T00:00:00Z", "updated: 2026-02-14T18:00:00Z"),
    )
    ok(cli("sync", "f", cwd=r.a))
    out = js(cli("sync", "f", "--json", cwd=r.b))
    assert out["conflicts"] == []
    assert "soil-ph.md: merged changes from both sides" in out["notes"]
    ok(cli("sync", "f", cwd=r.a))

    assert pages(r.fa) == pages(r.fb) == pages(r.remote)
    text = (r.fa / "soil-ph.md").read_text()
    assert text == SOIL.replace("Blueberries want it lower.", "Blueberries and azaleas want it lower.").replace(
        "sulfur lowers it.", "sulfur lowers it faster."
    ).replace("updated: 2026-01-02T00:00:00Z", "updated: 2026-03-01T09:30:00Z")
    assert sorted(pages(r.fa)) == ["compost.md", "soil-ph.md"]


def test_tags_on_one_side_and_status_on_the_next_line_merge_with_exit_0(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, {"soil-ph.md": SOIL})
    edit(r.fa / "soil-ph.md", ("tags: [soil, garden]", "tags: [soil, garden, ph]"))
    edit(r.fb / "soil-ph.md", ("status: draft", "status: reviewed"))
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    ok(cli("sync", "f", cwd=r.a))
    meta = frontmatter.parse((r.fa / "soil-ph.md").read_text())
    assert (meta["tags"], meta["status"]) == (["soil", "garden", "ph"], "reviewed")
    assert pages(r.fa) == pages(r.fb) == pages(r.remote)


def test_same_key_changed_both_ways_is_a_conflict_copy_with_its_own_identity(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, {"soil-ph.md": SOIL})
    theirs = edit(r.fa / "soil-ph.md", ("status: draft", "status: archived"))
    ok(cli("sync", "f", cwd=r.a))
    ours = edit(r.fb / "soil-ph.md", ("status: draft", "status: reviewed"))
    result = cli("sync", "f", "--json", cwd=r.b)
    assert result.returncode == 3, result.stderr
    [conflict] = json.loads(result.stdout)["conflicts"]
    copy = conflict["conflict_copy"]
    assert conflict["page"] == "soil-ph.md"
    assert (r.fb / "soil-ph.md").read_text() == ours
    ok(cli("sync", "f", cwd=r.a))
    files = pages(r.fa)
    assert files == pages(r.fb) == pages(r.remote)
    meta = frontmatter.parse(files[copy].decode())
    assert meta["conflict_of"] == "soil-ph.md"
    assert meta["conflict_ours"] == hashlib.sha256(ours.encode()).hexdigest()
    assert meta["conflict_theirs"] == hashlib.sha256(theirs.encode()).hexdigest()
    assert len(set(uuids(files))) == 2
    # What a `conflicts` command would list, read from the field as it is.
    [found] = merge.find_conflicts({n: "" for n in files}, lambda n: files[n])
    assert (found.copy, found.page, found.remote) == (copy, "soil-ph.md", "origin")


def test_renamed_apart_is_a_conflict_and_uuids_stay_unique(cli: CliRunner, tmp_path: Path) -> None:
    r = make_replicas(cli, tmp_path, {"soil-ph.md": SOIL, "compost.md": OTHER})
    os.rename(r.fa / "soil-ph.md", r.fa / "soil-acidity.md")
    os.rename(r.fb / "soil-ph.md", r.fb / "ph-of-soil.md")
    ok(cli("sync", "f", cwd=r.a))
    result = cli("sync", "f", cwd=r.b)
    assert result.returncode == 3, result.stdout + result.stderr
    assert "CONFLICT ph-of-soil.md" in result.stdout
    ok(cli("sync", "f", cwd=r.a))
    files = pages(r.fa)
    assert files == pages(r.fb) == pages(r.remote)
    names = sorted(files)
    assert "soil-acidity.md" not in names and "ph-of-soil.md" in names
    [copy] = [n for n in names if re.fullmatch(r"ph-of-soil--conflict-origin-[0-9a-f]{8}\.md", n)]
    ids = uuids(files)
    assert len(ids) == len(set(ids)) == 3
    assert frontmatter.parse(files["ph-of-soil.md"].decode())["uuid"] == UID
    assert frontmatter.parse(files[copy].decode())["conflict_of"] == "ph-of-soil.md"


def test_a_page_whose_frontmatter_does_not_parse_is_carried_byte_for_byte(cli: CliRunner, tmp_path: Path) -> None:
    """Another implementation wrote a page memsync's YAML reader refuses (a
    control character), in the same sync as a rename: the rename check reads
    every new page's uuid and must not stumble on it."""
    r = make_replicas(cli, tmp_path, {"soil-ph.md": SOIL, "compost.md": OTHER})
    broken = b"---\ntitle: Odd\nuuid: x\x01y\nstatus: [unclosed\n---\n\none\n\ntwo\n\nthree\n"
    (r.fa / "odd.md").write_bytes(broken)
    os.rename(r.fa / "compost.md", r.fa / "compost-notes.md")
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    assert (r.remote / "odd.md").read_bytes() == (r.fb / "odd.md").read_bytes() == broken
    assert (r.fb / "compost-notes.md").exists() and not (r.fb / "compost.md").exists()
    # Both sides edit it, on different lines: it merges by lines.
    (r.fa / "odd.md").write_bytes(broken.replace(b"one", b"ONE"))
    (r.fb / "odd.md").write_bytes(broken.replace(b"three", b"THREE"))
    ok(cli("sync", "f", cwd=r.a))
    ok(cli("sync", "f", cwd=r.b))
    ok(cli("sync", "f", cwd=r.a))
    assert (r.fa / "odd.md").read_bytes() == broken.replace(b"one", b"ONE").replace(b"three", b"THREE")
    assert pages(r.fa) == pages(r.fb) == pages(r.remote)
