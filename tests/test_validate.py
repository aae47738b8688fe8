"""``memsync validate`` (spec conformance) and the defensive frontmatter reader."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CliRunner, make_field, page, run_cli
from hypothesis import event, given, settings
from hypothesis import strategies as st

from memsync import frontmatter
from memsync.errors import InputError

REPO = Path(__file__).resolve().parent.parent
DEMO = REPO / "examples" / "demo-field"

INDEX = "# Field\n\n- [soil](soil-ph.md)\n"
SOIL = page("Soil pH", "Around 6.3.", uid="11111111-1111-4111-8111-111111111111")
SOIL_2 = SOIL.replace("11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222")

BILLION_LAUGHS = (
    "---\n"
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
    "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
    "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
    "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
    "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n"
    "h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\n"
    "i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]\n"
    "---\n\n# Lol\n"
)
DEEP = "---\ntitle: deep\nx: " + "[" * 200 + "]" * 200 + "\n---\n\n# Deep\n"
DEEP_BLOCK = "---\n" + "".join("  " * i + f"k{i}:\n" for i in range(40)) + "  " * 40 + "v: 1\n---\n\n# Deep\n"


def validate_json(root: Path) -> tuple[int, dict]:
    run = run_cli("validate", root, "--json", cwd=root.parent)
    assert "Traceback" not in run.stderr
    assert run.stdout, run.stderr
    return run.returncode, json.loads(run.stdout)


def by_level(report: dict, level: str) -> list[str]:
    return [f["file"] for f in report["findings"] if f["level"] == level]


# -- the demo field and the clean cases -------------------------------------------------


def test_demo_field_is_valid(cli: CliRunner) -> None:
    run = cli("validate", DEMO, "--json")
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads(run.stdout)
    assert report["ok"] is True
    assert by_level(report, "error") == []
    text = cli("validate", DEMO)
    assert text.returncode == 0
    assert text.stdout.splitlines()[-1].startswith("0 error(s)")


def test_a_clean_field_has_no_findings(tmp_path: Path) -> None:
    root = make_field(
        tmp_path / "f", {"index.md": INDEX, "soil-ph.md": SOIL, "Soil-PH-2.md": SOIL_2, "photo.png": b"\x89"}
    )
    (root / ".DS_Store").write_bytes(b"junk")
    (root / ".git").mkdir()  # hidden folders are not the field's business
    (root / "nomic-embed-text-v1.5.sqlite3").write_bytes(b"SQLite format 3\x00")
    (root / "SHA256SUMS").write_bytes(b"whatever\n")
    code, report = validate_json(root)
    assert code == 0
    assert report == {"ok": True, "findings": []}


# -- errors (exit 1) ------------------------------------------------------------------


def _subdir(root: Path) -> str:
    (root / "sub").mkdir()
    (root / "sub" / "a.md").write_text(SOIL)
    return "sub"


def _symlink_inside(root: Path) -> str:
    os.symlink("soil-ph.md", root / "link.md")
    return "link.md"


def _symlink_outside(root: Path) -> str:
    outside = root.parent / "outside.md"
    outside.write_text(SOIL)
    os.symlink(outside, root / "out.md")
    return "out.md"


def _fifo(root: Path) -> str:
    os.mkfifo(root / "pipe.md")
    return "pipe.md"


def _write(name: str, data: bytes | str) -> Callable[[Path], str]:
    def make(root: Path) -> str:
        (root / name).write_bytes(data.encode() if isinstance(data, str) else data)
        return name

    return make


def _non_utf8_filename(root: Path) -> str:
    os.close(os.open(os.fsencode(root) + b"/caf\xe9.md", os.O_CREAT | os.O_WRONLY, 0o644))
    return "caf\ufffd.md"


ERRORS = {
    "subdirectory": _subdir,
    "symlink-inside": _symlink_inside,
    "symlink-outside": _symlink_outside,
    "fifo": _fifo,
    "non-utf8-page": _write("latin1.md", "---\ntitle: Café\n---\n\n# Café\n".encode("latin-1")),
    "space-in-name": _write("my page.md", SOIL),
    "leading-dash-name": _write("-dash.md", SOIL),
    "dot-in-page-stem": _write("a.b.md", SOIL),
    "non-ascii-name": _write("café.md", SOIL),
    "non-utf8-filename": _non_utf8_filename,
    "unsafe-other-file": _write("my photo.png", b"\x89PNG"),
}

# Frontmatter memsync's reader refuses: the page is still carried byte for byte
# and merged by lines, so it is a warning, the same one a sync carrying it prints.
UNREADABLE_FRONTMATTER = {
    "yaml-billion-laughs": _write("lol.md", BILLION_LAUGHS),
    "yaml-alias-only": _write("alias.md", "---\ntitle: *x\n---\n"),
    "yaml-deep-flow": _write("deep.md", DEEP),
    "yaml-deep-block": _write("deep2.md", DEEP_BLOCK),
    "yaml-many-nodes": _write("many.md", "---\nk: [" + ",".join(["1"] * 3000) + "]\n---\n"),
    "yaml-too-large": _write("large.md", "---\ntitle: t\nsummary: " + "x" * 20_000 + "\n---\n"),
    "yaml-not-mapping": _write("list.md", "---\n- a\n- b\n---\n"),
    "yaml-scalar": _write("scalar.md", "---\njust a string\n---\n"),
    "yaml-invalid": _write("broken.md", "---\ntitle: [unclosed\n---\n"),
    "yaml-python-tag": _write("evil.md", "---\ntitle: !!python/object/apply:os.system ['true']\n---\n"),
}


@pytest.mark.parametrize("case", list(ERRORS))
def test_validate_reports_errors(tmp_path: Path, case: str) -> None:
    root = make_field(tmp_path / "f", {"index.md": INDEX, "soil-ph.md": SOIL})
    bad = ERRORS[case](root)
    code, report = validate_json(root)
    assert code == 1
    assert report["ok"] is False
    assert by_level(report, "error") == [bad]
    assert set(by_level(report, "warning")) <= {bad}


@pytest.mark.parametrize("case", list(UNREADABLE_FRONTMATTER))
def test_unreadable_frontmatter_is_a_warning(tmp_path: Path, case: str) -> None:
    root = make_field(tmp_path / "f", {"index.md": INDEX, "soil-ph.md": SOIL})
    bad = UNREADABLE_FRONTMATTER[case](root)
    code, report = validate_json(root)
    assert code == 0
    assert report["ok"] is True
    assert by_level(report, "error") == []
    assert set(by_level(report, "warning")) == {bad}  # a too-large block also makes a too-large page
    assert any("carried as it is" in f["message"] for f in report["findings"])


def test_two_pages_with_one_uuid_are_a_warning(tmp_path: Path) -> None:
    root = make_field(tmp_path / "f", {"index.md": INDEX, "soil-ph.md": SOIL, "soil-copy.md": SOIL, "b.md": SOIL_2})
    code, report = validate_json(root)
    assert code == 0
    [finding] = report["findings"]
    assert (finding["level"], finding["file"]) == ("warning", "soil-ph.md")  # the second one met, by name
    assert "11111111-1111-4111-8111-111111111111" in finding["message"] and "soil-copy.md" in finding["message"]


def test_validate_text_output(tmp_path: Path) -> None:
    root = make_field(tmp_path / "f", {"soil-ph.md": SOIL, "my page.md": SOIL})
    text = run_cli("validate", root, cwd=tmp_path)
    assert text.returncode == 1
    lines = text.stdout.splitlines()
    assert any(line.startswith("error: my page.md: ") for line in lines)
    assert any(line.startswith("warning: index.md: ") for line in lines)
    assert lines[-1] == "1 error(s), 1 warning(s)"


def test_a_field_without_pages_is_an_error(tmp_path: Path) -> None:
    root = make_field(tmp_path / "f", {"photo.png": b"\x89PNG"})
    code, report = validate_json(root)
    assert code == 1
    assert by_level(report, "error") == ["."]


def test_validate_a_missing_folder(cli: CliRunner) -> None:
    run = cli("validate", "nowhere")
    assert run.returncode != 0
    assert run.stderr.startswith("memsync: ")
    assert len(run.stderr.strip().splitlines()) == 1


def test_uppercase_page_names_are_fine(tmp_path: Path) -> None:
    root = make_field(tmp_path / "f", {"index.md": INDEX, "README.md": SOIL, "Soil_PH-2026.md": SOIL_2})
    code, report = validate_json(root)
    assert code == 0
    assert report["findings"] == []


# -- warnings (exit 0) ----------------------------------------------------------------


def test_oversized_page_is_a_warning(tmp_path: Path) -> None:
    big = page("Big", "word " * 2000)
    assert len(big.encode()) > 8192
    at_limit = SOIL + "x" * (8192 - len(SOIL.encode()))
    assert len(at_limit.encode()) == 8192
    root = make_field(tmp_path / "f", {"index.md": INDEX, "big.md": big, "at-limit.md": at_limit})
    code, report = validate_json(root)
    assert code == 0
    assert report["ok"] is True
    assert by_level(report, "warning") == ["big.md"]
    assert "8192" in report["findings"][0]["message"]


def test_missing_recommended_frontmatter_is_a_warning(tmp_path: Path) -> None:
    partial = "---\ntitle: Partial\nuuid: 33333333-3333-4333-8333-333333333333\n---\n\n# Partial\n"
    root = make_field(
        tmp_path / "f", {"index.md": INDEX, "soil-ph.md": SOIL, "bare.md": "# No frontmatter\n", "partial.md": partial}
    )
    code, report = validate_json(root)
    assert code == 0
    warnings = {f["file"]: f["message"] for f in report["findings"] if f["level"] == "warning"}
    assert set(warnings) == {"bare.md", "partial.md"}
    for key in ("summary", "created", "updated"):
        assert key in warnings["partial.md"]
    assert "title" not in warnings["partial.md"]
    for key in frontmatter.RECOMMENDED_KEYS:
        assert key in warnings["bare.md"]


def test_missing_index_is_a_warning(tmp_path: Path) -> None:
    root = make_field(tmp_path / "f", {"soil-ph.md": SOIL})
    code, report = validate_json(root)
    assert code == 0
    assert report["findings"] == [{"level": "warning", "file": "index.md", "message": report["findings"][0]["message"]}]
    make_field(root, {"index.md": INDEX})
    assert validate_json(root) == (0, {"ok": True, "findings": []})


def test_warnings_do_not_hide_errors(tmp_path: Path) -> None:
    root = make_field(tmp_path / "f", {"big.md": page("Big", "word " * 2000), "my page.md": SOIL})
    code, report = validate_json(root)
    assert code == 1
    assert by_level(report, "error") == ["my page.md"]
    assert sorted(by_level(report, "warning")) == ["big.md", "index.md"]


# -- frontmatter, directly ------------------------------------------------------------


def fm(block: str, body: str = "\n# Body\n") -> str:
    return f"---\n{block}---\n{body}"


def test_frontmatter_parses_the_recommended_keys() -> None:
    meta = frontmatter.parse(SOIL)
    assert meta == {
        "title": "Soil pH",
        "uuid": "11111111-1111-4111-8111-111111111111",
        "summary": "Soil pH.",
        "created": "2026-01-01T00:00:00+00:00",
        "updated": "2026-01-01T00:00:00+00:00",
    }


def test_dates_become_iso_strings_everywhere() -> None:
    meta = frontmatter.parse(
        fm("day: 2026-03-20\nwhen: 2026-03-20 11:00:00\nlist: [2026-01-02]\nnested: {at: 2026-01-03T04:05:06Z}\n")
    )
    assert meta == {
        "day": "2026-03-20",
        "when": "2026-03-20T11:00:00",
        "list": ["2026-01-02"],
        "nested": {"at": "2026-01-03T04:05:06+00:00"},
    }
    json.dumps(meta)


def test_keys_become_strings() -> None:
    assert frontmatter.parse(fm("1: one\n2026-01-01: new year\n")) == {"1": "one", "2026-01-01": "new year"}


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("# No frontmatter\n", id="none"),
        pytest.param("---\n---\n# Empty\n", id="empty-block"),
        pytest.param("---\ntitle: never closed\n\n# Body\n", id="unclosed-fence"),
        pytest.param("----\ntitle: x\n---\n", id="four-dashes"),
        pytest.param("", id="empty-page"),
    ],
)
def test_no_frontmatter_means_empty(text: str) -> None:
    assert frontmatter.parse(text) == {}


def test_dot_dot_dot_closes_the_block() -> None:
    assert frontmatter.parse("---\ntitle: T\n...\n# Body\n") == {"title": "T"}
    assert frontmatter.split("---\ntitle: T\n---\nbody\n") == ("title: T\n", "body\n")


@pytest.mark.parametrize(
    ("block", "words"),
    [
        pytest.param("a: &x 1\nb: 2\n", "anchor", id="anchor"),
        pytest.param("b: *x\n", "alias", id="alias"),
        pytest.param(BILLION_LAUGHS.split("---\n")[1], "anchor", id="billion-laughs"),
        pytest.param("x: " + "[" * 200 + "]" * 200 + "\n", "deeper", id="deep-flow"),
        pytest.param(DEEP_BLOCK.split("---\n")[1], "deeper", id="deep-block"),
        pytest.param("k: [" + ",".join(["1"] * (frontmatter.MAX_NODES + 10)) + "]\n", "nodes", id="many-nodes"),
        pytest.param("- a\n- b\n", "mapping", id="list"),
        pytest.param("just text\n", "mapping", id="scalar"),
        pytest.param("title: [unclosed\n", "frontmatter", id="invalid"),
        pytest.param("t: !!python/object/apply:os.system ['true']\n", "frontmatter", id="python-tag"),
    ],
)
def test_hostile_frontmatter_refused(block: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        frontmatter.parse(fm(block))
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_size_bound() -> None:
    head = "title: t\nsummary: "
    room = frontmatter.MAX_FRONTMATTER_BYTES - len(head) - 1  # the block includes the newline
    assert frontmatter.parse(fm(head + "x" * room + "\n"))["summary"] == "x" * room
    with pytest.raises(InputError, match="larger than"):
        frontmatter.parse(fm(head + "x" * (room + 1) + "\n"))


def test_nesting_within_bounds_is_fine() -> None:
    meta = frontmatter.parse(fm("a:\n  b:\n    c: [1, {d: 2}]\n"))
    assert meta == {"a": {"b": {"c": [1, {"d": 2}]}}}


def test_page_uuid() -> None:
    assert frontmatter.page_uuid(SOIL.encode()) == "11111111-1111-4111-8111-111111111111"
    assert frontmatter.page_uuid(b"# none\n") is None
    assert frontmatter.page_uuid(fm("uuid: ''\n").encode()) is None
    assert frontmatter.page_uuid(b"\xff\xfe") is None
    assert frontmatter.page_uuid(fm("uuid: &a x\n").encode()) is None


# -- regressions: values PyYAML builds after parsing, and non-JSON types -----------------

INVALID_DATE = fm("title: T\nuuid: 44444444-4444-4444-8444-444444444444\ncreated: 2026-02-30\n")


@pytest.mark.parametrize("block", ["created: 2026-02-30\n", "n: !!int abc\n", "f: !!float x\n"])
def test_constructor_errors_are_input_errors(block: str) -> None:
    with pytest.raises(InputError):
        frontmatter.parse(fm(block))


def test_page_uuid_of_unreadable_frontmatter_is_none() -> None:
    assert frontmatter.page_uuid(INVALID_DATE.encode()) is None


def test_validate_reports_an_impossible_date_as_a_finding(tmp_path: Path) -> None:
    root = make_field(tmp_path / "f", {"index.md": INDEX, "bad-date.md": INVALID_DATE})
    code, report = validate_json(root)
    assert code == 0
    assert by_level(report, "warning") == ["bad-date.md"]


def test_frontmatter_is_always_json_compatible() -> None:
    json.dumps(frontmatter.parse(fm("tags: !!set {a, b}\n")))


# -- the flat fast path reads a block exactly as the YAML parser does ---------------------

# Mostly the plain characters of real values, with every YAML indicator in the mix.
_TRICKY = "aaaaaaaaaaZZ0099     ::'\"-.,[]{}!&*|>%@`~?=\\_+/#\t"
_SCALARS = ["2026-02-30", "2024-10-08T11:39:41Z", "2026-03-20 11:00:00", "0b_", "0x", "0o7", "1:30", "1_000"]
_SCALARS += [".inf", "-.nan", "~", "null", "yes", "Off", "=", "<<", "0b102", "12e3", "1e9999", "1_", "0_"]
# Timestamps in the shapes the fast path builds with fromisoformat, possible and not.
_SCALARS += ["2024-02-29T23:59:59Z", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-10-08T24:00:00Z"]
_SCALARS += ["2024-10-08T11:39:60Z", "0000-01-01T00:00:00Z", "2024-02-29", "2023-02-29", "0000-01-01", "2024-00-10"]
_SCALARS += ["2024-10-08t11:39:41Z", "2024-10-08T11:39:41", "2024-10-08T1:39:41Z", "20241008"]


@st.composite
def _lines(draw: st.DrawFn) -> str:
    key = draw(st.sampled_from(["title", "title", "null", "true", "yes", "on", "a-b", "_x", "y", "2026", "<<", "k k"]))
    sep = draw(st.sampled_from([": ", ": ", ": ", ":", ":  ", " : "]))
    first = draw(st.sampled_from("aaaaaaaZ0 -'\"!&*|>%@`~?=[{#:"))
    value = draw(st.one_of(st.sampled_from(_SCALARS), st.text(alphabet=_TRICKY, max_size=10).map(first.__add__)))
    quote = draw(st.sampled_from(["", "", "", "'", '"']))
    tail = draw(st.sampled_from(["", "", "", " ", " # c"]))
    return f"{key}{sep}{quote}{value}{quote}{tail}"


@given(st.lists(_lines(), min_size=1, max_size=2))
@settings(max_examples=2000, deadline=None)
def test_the_flat_reading_agrees_with_the_parser(lines: list[str]) -> None:
    block = "\n".join(lines) + "\n"
    flat = frontmatter._flat(block)
    if flat is None:
        return  # the parser reads it, so nothing to compare
    event("flat")
    # Whatever the fast path accepts, the parser accepts too and builds the same values.
    _, data = frontmatter._mapping(block)
    assert flat == data
    assert [type(k) for k in flat] == [type(k) for k in data]
    assert [type(v) for v in flat.values()] == [type(v) for v in data.values()]


# -- fences: the block ends at the first line that is --- or ... once trailing whitespace goes


def _fences_line_by_line(text: str) -> tuple[str, str] | None:
    lines = text.split("\n")
    if len(lines) < 2 or lines[0].rstrip() != "---":
        return None
    for i, line in enumerate(lines[1:], start=1):
        if line.rstrip() in ("---", "..."):
            return "\n".join(lines[1:i]) + ("\n" if i > 1 else ""), "\n".join(lines[i + 1 :])
    return None


@given(
    st.lists(
        st.sampled_from(["---", "...", "--- ", "---\r", "...\x85", "---\u3000", "-- -", "a: b", "", " ---", "x---"])
    )
)
@settings(max_examples=500, deadline=None)
def test_fences_are_found_as_a_line_by_line_reading_finds_them(lines: list[str]) -> None:
    text = "\n".join(lines)
    want = _fences_line_by_line(text)
    cut = frontmatter.parts(text)
    assert cut.text == text
    assert (None if cut.opening is None else (cut.block, cut.body)) == want
    assert frontmatter.split(text) == ((None, text) if want is None else want)


@pytest.mark.parametrize(
    "block",
    [
        pytest.param("k" * 1024 + ": v\n", id="longest-simple-key"),
        pytest.param("k" * 1025 + ": v\n", id="key-longer-than-yaml-allows"),
        pytest.param("a: b" + " " * 5000 + "\n", id="trailing-spaces"),
        pytest.param("a: b" + " " * 5000 + "#\n", id="spaces-then-comment-sign"),
        pytest.param("a: b   c  \nd:\ne: 'x'  \n", id="inner-and-trailing-spaces"),
        # fromisoformat reads hour 24 as the next midnight from Python 3.14; PyYAML refuses it.
        pytest.param("created: 2024-10-08T24:00:00Z\n", id="hour-24"),
    ],
)
def test_the_flat_reading_agrees_with_the_parser_at_the_edges(block: str) -> None:
    text = fm(block)
    try:
        want: dict[str, object] | None = frontmatter._mapping(block)[1]
    except InputError:
        want = None
    assert frontmatter._flat(block) in (None, want)
    if want is None:
        with pytest.raises(InputError):
            frontmatter.parse(text)
        with pytest.raises(InputError):
            frontmatter.check(text)
    else:
        frontmatter.check(text)
