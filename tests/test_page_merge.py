"""The page merge (memsync.merge), conflict copies, and the planner's use of them.

Pure functions on bytes: no workspaces here (tests/test_merge_sync.py runs the
same scenarios through the CLI). Pages look like the ones memoryfield writers
produce: title, uuid, created, updated, tags, status, then Markdown.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import re
import time
import uuid
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memsync import frontmatter, merge
from memsync.errors import InputError
from memsync.manifest import Manifest, sha256_hex
from memsync.names import conflict_name
from memsync.plan import Contents, plan

UID = "11111111-1111-4111-8111-111111111111"

BASE = f"""---
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


def edit(text: str, *pairs: tuple[str, str]) -> str:
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def merged(base: str, ours: str, theirs: str) -> str | None:
    out = merge.merge_page(base.encode(), ours.encode(), theirs.encode())
    return None if out is None else out.decode()


def meta(text: str) -> dict[str, object]:
    return frontmatter.parse(text)


# -- the everyday cases ----------------------------------------------------------


def test_different_paragraphs_and_both_bump_updated_merge_cleanly() -> None:
    ours = edit(
        BASE,
        ("Blueberries want it lower.", "Blueberries and azaleas want it lower."),
        ("updated: 2026-01-02T00:00:00Z", "updated: 2026-03-01T09:30:00Z"),
    )
    theirs = edit(
        BASE,
        ("sulfur lowers it.", "sulfur lowers it faster."),
        ("updated: 2026-01-02T00:00:00Z", "updated: 2026-02-14T18:00:00Z"),
    )
    want = edit(ours, ("sulfur lowers it.", "sulfur lowers it faster."))
    assert merged(BASE, ours, theirs) == want
    # Whichever side runs the merge, the later timestamp wins.
    assert merged(BASE, theirs, ours) == want


def test_tags_on_one_side_and_status_on_the_next_line_on_the_other() -> None:
    ours = edit(BASE, ("tags: [soil, garden]", "tags: [soil, garden, ph]"))
    theirs = edit(BASE, ("status: draft", "status: reviewed"))
    assert merged(BASE, ours, theirs) == edit(ours, ("status: draft", "status: reviewed"))


def test_same_key_changed_differently_conflicts() -> None:
    ours = edit(BASE, ("status: draft", "status: reviewed"))
    theirs = edit(BASE, ("status: draft", "status: archived"))
    assert merged(BASE, ours, theirs) is None
    ours = edit(BASE, ("title: Soil pH", "title: Soil acidity"))
    theirs = edit(BASE, ("title: Soil pH", "title: pH of soil"))
    assert merged(BASE, ours, theirs) is None


def test_same_body_line_changed_differently_still_conflicts() -> None:
    ours = edit(BASE, ("in autumn", "in spring"), ("updated: 2026-01-02T00:00:00Z", "updated: 2026-01-03T00:00:00Z"))
    theirs = edit(BASE, ("in autumn", "in winter"))
    assert merged(BASE, ours, theirs) is None


def test_the_same_change_on_both_sides_is_taken_once() -> None:
    both = edit(BASE, ("status: draft", "status: reviewed"), ("in autumn", "in spring"))
    assert merged(BASE, both, both) == both


def test_uuid_and_created_never_change_by_merge() -> None:
    ours = edit(BASE, ("in autumn", "in spring"))
    theirs = edit(
        BASE,
        (f"uuid: {UID}", "uuid: 22222222-2222-4222-8222-222222222222"),
        ("created: 2026-01-01T00:00:00Z", "created: 2020-05-05T00:00:00Z"),
        ("status: draft", "status: reviewed"),
    )
    out = merged(BASE, ours, theirs)
    assert out == edit(ours, ("status: draft", "status: reviewed"))
    # Ours may have dropped them; a merge still does not bring theirs in.
    ours = edit(BASE, (f"uuid: {UID}\n", ""), ("created: 2026-01-01T00:00:00Z\n", ""))
    out = merged(BASE, ours, edit(BASE, ("in autumn", "in spring")))
    assert out is not None and "uuid" not in meta(out) and "created" not in meta(out)


def test_unchanged_keys_keep_their_exact_text() -> None:
    base = f"""---
# written by hand
title: 'Soil pH'   # shown in lists
uuid: "{UID}"
tags:
  - soil
  - garden
summary: >
  How acid the soil is,
  and what to do about it.
updated: 2026-01-02
status: draft
---
Body line.
"""
    ours = edit(base, ("status: draft", "status: reviewed"))
    theirs = edit(base, ("updated: 2026-01-02", "updated: 2026-01-05"), ("Body line.", "Body line, edited."))
    assert merged(base, ours, theirs) == edit(
        ours, ("updated: 2026-01-02", "updated: 2026-01-05"), ("line.", "line, edited.")
    )


def test_keys_added_and_removed_on_different_sides_keep_their_places() -> None:
    ours = edit(BASE, ("status: draft\n", ""))  # ours drops status
    theirs = edit(BASE, ("updated: 2026-01-02T00:00:00Z\n", "updated: 2026-01-02T00:00:00Z\nsummary: Acid or not.\n"))
    out = merged(BASE, ours, theirs)
    assert out is not None
    assert list(meta(out)) == ["title", "uuid", "created", "updated", "summary", "tags"]


def test_key_deleted_on_one_side_and_changed_on_the_other_conflicts() -> None:
    assert merged(BASE, edit(BASE, ("status: draft\n", "")), edit(BASE, ("status: draft", "status: done"))) is None


def test_a_block_list_extended_at_both_ends_merges_by_its_lines() -> None:
    base = "---\ntitle: T\ntags:\n- b\n- c\n- d\nstatus: draft\n---\nbody\n"
    ours = edit(base, ("tags:\n- b", "tags:\n- a\n- b"))
    theirs = edit(base, ("- d\n", "- d\n- e\n"))
    out = merged(base, ours, theirs)
    assert out is not None and meta(out)["tags"] == ["a", "b", "c", "d", "e"]


def test_frontmatter_dropped_on_one_side() -> None:
    body_only = BASE.split("---\n", 2)[2]
    # Dropped where the other side left it alone: dropped.
    assert merged(BASE, body_only, edit(BASE, ("in autumn", "in spring"))) == edit(
        body_only, ("in autumn", "in spring")
    )
    # Dropped where the other side edited it: a conflict.
    assert merged(BASE, body_only, edit(BASE, ("status: draft", "status: done"))) is None


def test_frontmatter_added_on_one_side_while_the_other_edits_the_body() -> None:
    plain = "# Note\n\nfirst\n\nsecond\n"
    ours = "---\ntitle: Note\nupdated: 2026-01-01\n---\n" + plain
    assert merged(plain, ours, edit(plain, ("second", "second, edited"))) == edit(ours, ("second", "second, edited"))


def test_pages_without_frontmatter_merge_by_lines() -> None:
    base = "# N\n\none\n\ntwo\n\nthree\n"
    assert merged(base, edit(base, ("one", "ONE")), edit(base, ("three", "THREE"))) == "# N\n\nONE\n\ntwo\n\nTHREE\n"
    assert merged(base, edit(base, ("two", "2")), edit(base, ("two", "II"))) is None


def test_crlf_pages_merge() -> None:
    base = BASE.replace("\n", "\r\n")
    ours = edit(base, ("status: draft", "status: done"))
    theirs = edit(base, ("in autumn", "in spring"))
    assert merged(base, ours, theirs) == edit(ours, ("in autumn", "in spring"))


def test_non_utf8_does_not_merge() -> None:
    assert merge.merge_page(b"a\n", b"\xff\n", b"a\nb\n") is None


# -- updated: the later timestamp -------------------------------------------------


@pytest.mark.parametrize(
    ("mine", "other", "later"),
    [
        pytest.param("2026-03-01T00:00:00Z", "2026-02-01T00:00:00Z", "mine", id="datetimes"),
        pytest.param("2026-03-01T08:00:00+09:00", "2026-03-01T00:00:00Z", "other", id="time-zones"),
        pytest.param("2026-03-02", "2026-03-01T23:59:59Z", "mine", id="date-vs-datetime"),
        pytest.param("2026-03-01T10:00:00", "2026-03-01T09:00:00Z", "mine", id="naive-is-utc"),
        pytest.param("'2026-03-05'", "2026-03-04", "mine", id="quoted-string-vs-date"),
        pytest.param("last tuesday", "2026-03-04", "mine", id="free-text-compares-as-string"),
        pytest.param("2026-03-01T00:00:00Z", "2026-03-01 00:00:00+00:00", "mine", id="same-instant-ties-by-text"),
    ],
)
def test_updated_takes_the_later_timestamp(mine: str, other: str, later: str) -> None:
    base = "---\ntitle: T\nupdated: 2026-01-01\n---\nbody\n"
    ours, theirs = (edit(base, ("updated: 2026-01-01", f"updated: {v}")) for v in (mine, other))
    want = ours if later == "mine" else theirs
    assert merged(base, ours, theirs) == want
    assert merged(base, theirs, ours) == want  # the same answer from either side


def test_updated_bumped_on_one_side_and_removed_on_the_other_keeps_the_bump() -> None:
    ours = edit(BASE, ("updated: 2026-01-02T00:00:00Z", "updated: 2026-04-01T00:00:00Z"))
    theirs = edit(BASE, ("updated: 2026-01-02T00:00:00Z\n", ""))
    assert merged(BASE, ours, theirs) == ours


# -- frontmatter that does not parse is still content ----------------------------

BROKEN = [
    pytest.param("title: [unclosed\nstatus: draft\n", id="unclosed-flow"),
    pytest.param("title: x\n\tstatus: tab-indented\n", id="tab"),
    pytest.param("title: x\nuuid: bad\x01char\n", id="control-character"),
    pytest.param("- a list\n- not a mapping\n", id="not-a-mapping"),
    pytest.param("title: &a x\nalias: *a\n", id="alias"),
    pytest.param("created: 2026-02-30\n", id="impossible-date"),
    pytest.param("{title: flow, status: draft}\n", id="flow-mapping"),
]


@pytest.mark.parametrize("block", BROKEN)
def test_unreadable_frontmatter_merges_by_lines(block: str) -> None:
    base = f"---\n{block}extra: 1\n---\n# Page\n\none\n\ntwo\n\nthree\n"
    ours = edit(base, ("one", "ONE"), ("extra: 1", "extra: 2"))
    theirs = edit(base, ("three", "THREE"))
    assert merged(base, ours, theirs) == edit(ours, ("three", "THREE"))
    assert merged(base, ours, edit(base, ("extra: 1", "extra: 3"))) is None


@pytest.mark.parametrize("block", BROKEN)
def test_unreadable_frontmatter_copy_is_carried_byte_for_byte(block: str) -> None:
    data = f"---\n{block}---\nbody\n".encode()
    try:
        frontmatter.parse(data.decode())
        readable = True
    except InputError:
        readable = False
    copy = merge.conflict_copy("p.md", "a" * 64, "b" * 64, data)
    if readable:  # (the flow mapping reads, and is written out whole)
        assert frontmatter.parse(copy.decode())["conflict_of"] == "p.md"
    else:
        assert copy == data


@pytest.mark.parametrize("block", ["uuid: a\x01b\n", "when: !!timestamp\n", "x: !!timestamp ''\n"])
def test_frontmatter_pyyaml_fails_on_oddly_is_an_input_error_not_a_crash(block: str) -> None:
    """PyYAML's reader refuses control characters while the loader is being
    built, and its timestamp constructor fails with AttributeError on an empty
    value: both used to escape frontmatter.parse as raw exceptions (a crash in
    validate, in the vector index and in rename detection)."""
    with pytest.raises(InputError, match=r"^frontmatter"):
        frontmatter.parse(f"---\n{block}---\n")
    assert frontmatter.page_uuid(f"---\n{block}---\n".encode()) is None


# -- the planner ----------------------------------------------------------------------


def page_text(title: str, uid: str, body: str) -> str:
    return (
        f"---\ntitle: {title}\nuuid: {uid}\ncreated: 2026-01-01T00:00:00Z\n"
        f"updated: 2026-01-01T00:00:00Z\n---\n\n# {title}\n\n{body}\n"
    )


def sides(base: dict[str, str], local: dict[str, str], remote: dict[str, str]):
    def manifest(files: dict[str, str]) -> Manifest:
        return Manifest({n: sha256_hex(t.encode()) for n, t in files.items()})

    def reader(files: dict[str, str]) -> Callable[[str], bytes]:
        return lambda name: files[name].encode()

    contents = Contents(reader(base), reader(local), reader(remote))
    return manifest(base), manifest(local), manifest(remote), contents


def target_files(result, local: dict[str, str], remote: dict[str, str]) -> dict[str, str]:
    """The bytes of every file of a plan's target."""
    known = {sha256_hex(t.encode()): t for t in [*local.values(), *remote.values()]}
    known.update({sha: data.decode() for sha, data in result.merged.items()})
    return {name: known[sha] for name, sha in result.target.items()}


def test_plan_merges_a_page_edited_on_both_sides() -> None:
    ours = edit(BASE, ("in autumn", "in spring"), ("updated: 2026-01-02T00:00:00Z", "updated: 2026-05-01T00:00:00Z"))
    theirs = edit(
        BASE, ("status: draft", "status: done"), ("updated: 2026-01-02T00:00:00Z", "updated: 2026-04-01T00:00:00Z")
    )
    result = plan(*sides({"soil.md": BASE}, {"soil.md": ours}, {"soil.md": theirs}), "origin")
    assert not result.conflicts
    assert target_files(result, {}, {})["soil.md"] == edit(ours, ("status: draft", "status: done"))


def test_plan_rename_apart_is_a_conflict_with_one_name_and_unique_uuids() -> None:
    base = {"topic.md": page_text("Topic", UID, "one\n\ntwo")}
    local = {"subject-a.md": base["topic.md"]}
    remote = {"subject-b.md": edit(base["topic.md"], ("two", "two, edited remotely"))}
    result = plan(*sides(base, local, remote), "origin")
    assert [(c.name, c.their_name) for c in result.conflicts] == [("subject-a.md", "subject-b.md")]
    copy = result.conflicts[0].copy
    assert copy == conflict_name("subject-a.md", "origin", sha256_hex(remote["subject-b.md"].encode()))
    files = target_files(result, local, remote)
    assert sorted(files) == [copy, "subject-a.md"]
    assert files["subject-a.md"] == local["subject-a.md"]
    assert "two, edited remotely" in files[copy]
    uuids = [meta(t)["uuid"] for t in files.values()]
    assert len(set(uuids)) == 2 and UID in uuids
    assert meta(files[copy])["conflict_of"] == "subject-a.md"
    assert any("subject-b.md" in note for note in result.notes)
    # Planned again, the same: the copy's identity is derived, not random.
    assert plan(*sides(base, local, remote), "origin").target == result.target


def test_plan_of_a_remote_that_renamed_every_page_takes_linear_time() -> None:
    # Each rename was checked against every other one: 30,000 took 43 s and a
    # remote that renamed 100,000 pages would hold a pull for an hour.
    count = 30_000
    base = {f"old-{i}.md": f"---\nuuid: {uuid.UUID(int=i)}\n---\n{i}\n" for i in range(count)}
    remote = {f"new-{i}.md": text for i, text in enumerate(base.values())}
    start = time.monotonic()
    result = plan(*sides(base, base, remote), "origin")
    seconds = time.monotonic() - start
    assert len(result.renames) == count and sorted(result.target) == sorted(remote)
    assert seconds < 20, f"planning {count} renames took {seconds:.0f} s"


def test_plan_rename_apart_of_equal_bytes_is_still_a_conflict() -> None:
    base = {"topic.md": page_text("Topic", UID, "one")}
    result = plan(*sides(base, {"x.md": base["topic.md"]}, {"y.md": base["topic.md"]}), "origin")
    assert [c.name for c in result.conflicts] == ["x.md"]
    assert "y.md" not in result.target


def test_plan_conflict_copy_of_a_page_has_its_own_identity() -> None:
    base = {"soil.md": BASE}
    ours, theirs = (edit(BASE, ("status: draft", f"status: {s}")) for s in ("done", "archived"))
    result = plan(*sides(base, {"soil.md": ours}, {"soil.md": theirs}), "laptop")
    [conflict] = result.conflicts
    files = target_files(result, {"soil.md": ours}, {"soil.md": theirs})
    copy_meta = meta(files[conflict.copy])
    assert copy_meta["uuid"] not in (UID, None)
    assert copy_meta["conflict_of"] == "soil.md"
    assert copy_meta["conflict_ours"] == sha256_hex(ours.encode())
    assert copy_meta["conflict_theirs"] == sha256_hex(theirs.encode())
    assert files["soil.md"] == ours
    assert result.target[conflict.copy] in result.merged  # the engine writes it from there


def test_plan_conflict_copy_of_other_files_is_byte_for_byte() -> None:
    b, o, t = b"\x89PNG base", b"\x89PNG ours", b"\x89PNG theirs"
    man = [Manifest({"photo.png": sha256_hex(x)}) for x in (b, o, t)]
    contents = Contents(lambda n: b, lambda n: o, lambda n: t)
    result = plan(*man, contents, "origin")
    assert result.target[result.conflicts[0].copy] == sha256_hex(t)
    assert not result.merged


@pytest.mark.parametrize("block", BROKEN)
def test_plan_never_raises_on_unreadable_frontmatter(block: str) -> None:
    """Rename detection reads every added and removed page's uuid, and merges
    read frontmatter: neither may refuse a page for its YAML."""
    broken = f"---\n{block}---\n\none\n\ntwo\n"
    base = {"broken.md": broken, "old.md": broken, "keep.md": BASE}
    local = {"broken.md": edit(broken, ("one", "ONE")), "new.md": broken, "keep.md": BASE}
    remote = {"broken.md": edit(broken, ("two", "TWO")), "old.md": broken, "keep.md": BASE, "added.md": broken}
    result = plan(*sides(base, local, remote), "origin")
    files = target_files(result, local, remote)
    assert files["broken.md"] == edit(broken, ("one", "ONE"), ("two", "TWO"))
    assert files["added.md"] == broken and files["new.md"] == broken


# -- find_conflicts and resolve ----------------------------------------------------


def conflict(page: str, ours: str, theirs: str, remote: str = "origin") -> tuple[str, bytes]:
    th = sha256_hex(theirs.encode())
    return conflict_name(page, remote, th), merge.conflict_copy(page, sha256_hex(ours.encode()), th, theirs.encode())


def test_find_conflicts_lists_copies_with_their_page_and_versions() -> None:
    ours, theirs = (edit(BASE, ("status: draft", f"status: {s}")) for s in ("done", "archived"))
    copy, data = conflict("soil-ph.md", ours, theirs, "My Laptop")
    png_copy = conflict_name("photo.png", "origin", "c" * 64)
    bare_copy, bare = conflict("bare.md", "# mine\n", "# theirs\n")
    files = {"soil-ph.md": ours.encode(), copy: data, png_copy: b"png", "photo.png": b"png2", bare_copy: bare}
    files["renamed-by-hand.md"] = data  # a copy renamed to a name of its own is a page like any other
    found = merge.find_conflicts(Manifest({n: sha256_hex(d) for n, d in files.items()}), lambda n: files[n])
    by_copy = {c.copy: c for c in found}
    assert sorted(by_copy) == sorted([copy, png_copy, bare_copy])
    c = by_copy[copy]
    assert (c.page, c.remote, c.page_present) == ("soil-ph.md", "my-laptop", True)
    assert (c.ours, c.theirs) == (sha256_hex(ours.encode()), sha256_hex(theirs.encode()))
    assert (by_copy[png_copy].page, by_copy[png_copy].ours) == ("photo.png", None)
    assert (by_copy[bare_copy].page, by_copy[bare_copy].page_present) == ("bare.md", False)
    assert c.to_json()["conflict_copy"] == copy


def test_find_conflicts_uses_conflict_of_when_the_name_was_cut_short() -> None:
    long_page = "p" * 195 + ".md"
    copy, data = conflict(long_page, "---\ntitle: a\n---\n", "---\ntitle: b\n---\n")
    assert len(copy) <= 200 and not copy.startswith(long_page[:-3] + "--")
    [found] = merge.find_conflicts(Manifest({copy: sha256_hex(data), long_page: "0" * 64}), lambda n: data)
    assert found.page == long_page and found.page_present


@pytest.mark.parametrize(
    "name", ["soil-ph.md", "a--conflict-origin-12345678.md", "photo.png", "archive.tar.gz", "README", "x.md"]
)
@pytest.mark.parametrize("remote", ["origin", "My Laptop.local", "s3://bucket/prefix", "-"])
def test_every_conflict_name_is_found_and_points_back(name: str, remote: str) -> None:
    copy = conflict_name(name, remote, "e" * 64)
    [found] = merge.find_conflicts(Manifest({copy: "0" * 64}), lambda n: b"")
    assert found.page == name


def test_resolve_mine_theirs_both() -> None:
    ours = edit(BASE, ("status: draft", "status: done"), ("in autumn", "in spring"))
    theirs = edit(
        BASE,
        ("status: draft", "status: archived"),
        ("updated: 2026-01-02T00:00:00Z", "updated: 2026-06-01T00:00:00Z\nsource: notebook"),
        ("sulfur lowers it.", "sulfur lowers it faster."),
    )
    _, copy = conflict("soil-ph.md", ours, theirs)
    assert merge.resolve(ours.encode(), copy, "mine") == (ours.encode(), True)
    assert merge.resolve(ours.encode(), copy, "theirs") == (theirs.encode(), True)

    both = merge.resolve(ours.encode(), copy, "both")
    assert both.delete_copy
    text = both.page.decode()
    # The page's frontmatter, the copy's extra key, the later updated; both bodies.
    assert meta(text) == {**meta(ours), "updated": "2026-06-01T00:00:00+00:00", "source": "notebook"}
    mine_body, other_body = text.split("---\n", 2)[2].split(f"\n{merge.BOTH_MARKER}\n\n")
    assert mine_body == ours.split("---\n", 2)[2]
    assert other_body == theirs.split("---\n", 2)[2].lstrip("\n")


def test_resolve_theirs_keeps_the_pages_identity() -> None:
    ours = page_text("Fresh", "aaaaaaaa-0000-4000-8000-000000000001", "mine")
    theirs = page_text("Fresh", "bbbbbbbb-0000-4000-8000-000000000002", "theirs")
    _, copy = conflict("fresh.md", ours, theirs)
    page = merge.resolve(ours.encode(), copy, "theirs").page.decode()
    assert meta(page)["uuid"] == "aaaaaaaa-0000-4000-8000-000000000001"
    assert "conflict_of" not in meta(page) and page.endswith("theirs\n")


def test_resolve_pages_without_frontmatter() -> None:
    _, copy = conflict("bare.md", "# mine\n", "# theirs\n")
    assert copy == b"# theirs\n"  # no frontmatter is added to a page that had none
    assert merge.resolve(b"# mine\n", copy, "theirs").page == b"# theirs\n"
    assert merge.resolve(b"# mine", copy, "both").page == f"# mine\n\n{merge.BOTH_MARKER}\n\n# theirs\n".encode()


def test_resolve_refuses_what_it_cannot_do() -> None:
    with pytest.raises(InputError, match="UTF-8"):
        merge.resolve(b"\xff\xfe", b"\xff\xfd", "both")
    with pytest.raises(InputError, match="mine, theirs, both"):
        merge.resolve(b"a", b"b", "neither")  # type: ignore[arg-type]
    assert merge.resolve(b"\xff\xfe", b"\xff\xfd", "theirs").page == b"\xff\xfd"


# -- properties -----------------------------------------------------------------------

WORD = st.text("abcdefghij", min_size=1, max_size=6)
INSTANT = st.datetimes(dt.datetime(2020, 1, 1), dt.datetime(2030, 1, 1)).map(lambda d: d.replace(microsecond=0))
KEYS = ("title", "uuid", "created", "updated", "tags", "status")
IDENTITY = ("uuid", "created")


def render_value(key: str, value: object) -> str:
    if isinstance(value, dt.datetime):
        return value.strftime("%Y-%m-%dT%H:%M:%SZ")
    if isinstance(value, list):
        return "[" + ", ".join(value) + "]"
    return str(value)


def render(fm: dict[str, object], paragraphs: list[list[str]]) -> str:
    head = "".join(f"{k}: {render_value(k, v)}\n" for k, v in fm.items())
    return f"---\n{head}---\n\n# Page\n\n" + "\n\n".join("\n".join(p) for p in paragraphs) + "\n"


@st.composite
def pages(draw: st.DrawFn) -> tuple[dict[str, object], list[list[str]]]:
    fm: dict[str, object] = {
        "title": draw(WORD),
        "uuid": str(draw(st.uuids())),
        "created": draw(INSTANT),
        "updated": draw(INSTANT),
        "tags": draw(st.lists(WORD, max_size=3)),
        "status": draw(st.sampled_from(["draft", "reviewed", "done"])),
    }
    count = draw(st.integers(2, 5))
    return fm, [[f"p{i} line {j}" for j in range(draw(st.integers(1, 3)))] for i in range(count)]


@st.composite
def changes(draw: st.DrawFn, base: tuple[dict[str, object], list[list[str]]], slots: list[str], who: str):
    """A copy of ``base`` with each slot (a key, or paragraph 'pN') edited."""
    fm, paragraphs = dict(base[0]), [list(p) for p in base[1]]
    for n, slot in enumerate(slots):
        tag = f"{who}{n}"
        if slot.startswith("p"):
            lines = paragraphs[int(slot[1:])]
            kind = draw(st.sampled_from(["replace", "insert", "delete"] if len(lines) > 1 else ["replace", "insert"]))
            at = draw(st.integers(0, len(lines) - 1))
            if kind == "replace":
                lines[at] = f"{lines[at]} edited {tag}"
            elif kind == "insert":
                lines.insert(at + draw(st.integers(0, 1)), f"inserted {tag}")
            else:
                del lines[at]
        elif slot in ("updated", "created"):
            fm[slot] = draw(INSTANT)
        elif slot == "uuid":
            fm[slot] = str(draw(st.uuids()))
        elif slot == "tags":
            fm[slot] = [*fm["tags"], f"t{tag}"]  # type: ignore[misc]
        elif slot == "status" and draw(st.booleans()):
            del fm["status"]
        else:
            fm[slot] = f"{fm.get(slot, '')}{tag}"
    return fm, paragraphs


@st.composite
def disjoint_edits(draw: st.DrawFn):
    base = draw(pages())
    slots = [*KEYS, *(f"p{i}" for i in range(len(base[1])))]
    mine = draw(st.lists(st.sampled_from(slots), unique=True))
    free = [s for s in slots if s not in mine or s == "updated"]  # both may bump updated
    other = draw(st.lists(st.sampled_from(free), unique=True)) if free else []
    return base, draw(changes(base, mine, "o")), draw(changes(base, other, "t")), mine, other


def updated(base: dict[str, object], ours: dict[str, object], theirs: dict[str, object]) -> object:
    """What a merge makes of ``updated``: a one-sided change as it is, the later
    of two changes."""
    b, o, t = (x.get("updated") for x in (base, ours, theirs))
    if o == b or t == b:
        return t if o == b else o
    return max(o, t)  # type: ignore[type-var]


PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(disjoint_edits())
def test_disjoint_edits_merge_cleanly_to_exactly_both_edits(case) -> None:
    base, ours, theirs, _, other = case
    want_fm = {k: v for k, v in ours[0].items()}
    for key in other:
        if key in IDENTITY or key == "updated":
            continue
        if key in theirs[0]:
            want_fm[key] = theirs[0][key]
        else:
            want_fm.pop(key, None)
    want_fm["updated"] = updated(base[0], ours[0], theirs[0])
    want_body = [theirs[1][i] if f"p{i}" in other else ours[1][i] for i in range(len(base[1]))]
    out = merged(render(*base), render(*ours), render(*theirs))
    assert out == render(want_fm, want_body)


def identity(text: str) -> tuple[object, object]:
    m = meta(text)
    return m.get("uuid"), m.get("created")


@PROPERTY
@given(disjoint_edits())
def test_clean_merges_are_symmetric(case) -> None:
    base, ours, theirs, _, _ = case
    a = merged(render(*base), render(*ours), render(*theirs))
    b = merged(render(*base), render(*theirs), render(*ours))
    assert a is not None and b is not None
    assert frontmatter.split(a)[1] == frontmatter.split(b)[1]
    ma, mb = meta(a), meta(b)
    for key in IDENTITY:
        ma.pop(key), mb.pop(key)
    assert ma == mb
    assert identity(a) == identity(render(*ours)) and identity(b) == identity(render(*theirs))


@st.composite
def any_edits(draw: st.DrawFn, keys: tuple[str, ...] = KEYS):
    base = draw(pages())
    slots = [*keys, *(f"p{i}" for i in range(len(base[1])))]
    mine = draw(st.lists(st.sampled_from(slots), unique=True))
    other = draw(st.lists(st.sampled_from(slots), unique=True))
    return base, draw(changes(base, mine, "o")), draw(changes(base, other, "t"))


def key_of(line: str) -> str:
    return line.split(":", 1)[0]


@PROPERTY
@given(any_edits())
def test_a_merge_never_loses_a_line_changed_on_one_side_nor_changes_identity(case) -> None:
    base, ours, theirs = (render(*x) for x in case)
    out = merged(base, ours, theirs)
    if out is None:
        return  # a conflict: the planner keeps both versions whole
    assert identity(out) == identity(ours)
    result, before = set(out.splitlines()), set(base.splitlines())
    for side in (ours, theirs):
        for line in set(side.splitlines()) - before:
            if key_of(line) in (*IDENTITY, "updated"):
                continue
            assert line in result, line
    assert meta(out).get("updated") == updated(*(meta(x) for x in (base, ours, theirs)))


@PROPERTY
@given(any_edits(keys=tuple(k for k in KEYS if k not in IDENTITY)))
def test_a_conflict_copy_has_a_new_uuid_and_resolves_back_to_theirs(case) -> None:
    _, ours, theirs = (render(*x) for x in case)
    copy = merge.conflict_copy("p.md", sha256_hex(ours.encode()), sha256_hex(theirs.encode()), theirs.encode())
    assert meta(copy.decode())["uuid"] != meta(theirs)["uuid"]
    assert merge.resolve(ours.encode(), copy, "theirs").page == theirs.encode()


YAMLISH = st.text(st.sampled_from(list("ab:-#[]{}'\" \t\n\x01&*!|>?,.0123456789\u2028")), max_size=60)


@settings(max_examples=400, deadline=None)
@given(YAMLISH, YAMLISH, YAMLISH, YAMLISH)
def test_nothing_raises_on_arbitrary_frontmatter(base: str, ours: str, theirs: str, body: str) -> None:
    texts = [f"---\n{x}\n---\n{body}" for x in (base, ours, theirs)]
    out = merge.merge_page(*(t.encode() for t in texts))
    if out is not None and base == theirs:
        assert out.decode() == texts[1]
    copy = merge.conflict_copy("p.md", "a" * 64, "b" * 64, texts[2].encode())
    merge.find_conflicts({"p--conflict-x-bbbbbbbb.md": "0" * 64}, lambda n: copy)
    for how in ("mine", "theirs", "both"):
        merge.resolve(texts[0].encode(), copy, how)  # type: ignore[arg-type]
    for text in texts:
        with contextlib.suppress(InputError):
            frontmatter.entries(frontmatter.parts(text).block)


def test_the_copy_uuid_is_a_uuid() -> None:
    _, copy = conflict("soil-ph.md", BASE, edit(BASE, ("draft", "done")))
    assert uuid.UUID(str(meta(copy.decode())["uuid"])).version == 5
    assert re.search(rb"\nconflict_of: soil-ph.md\n", copy)
    assert hashlib.sha256(copy).hexdigest() != sha256_hex(edit(BASE, ("draft", "done")).encode())
