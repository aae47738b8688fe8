"""SHA256SUMS: exactly coreutils' format, checked by the real ``sha256sum -c``; field verify; strict parsing."""

from __future__ import annotations

import hashlib
import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import CliRunner, assert_one_line_error, make_field, page

from memsync.errors import InputError
from memsync.manifest import MAX_FILES, Manifest, check_case, read_sha256sum

SHA256SUM = shutil.which("sha256sum")
needs_sha256sum = pytest.mark.skipif(SHA256SUM is None, reason="coreutils sha256sum not installed")

# Written out by hand in byte order, which is neither case-insensitive nor "natural" order:
# digits < upper case < '_' < lower case, and '-' < '.' < '0'.
# (No two differ only in case: a field cannot hold both.)
BYTE_ORDER = [
    "10.md",
    "9.md",
    "B.md",
    "Z-notes.md",
    "a-b.md",
    "a.md",
    "a.txt",
    "a0.md",
    "aB.md",
    "a_b.md",
    "ac.md",
    "c.md",
    "index.md",
    "z_9.png",
]
FILES: dict[str, bytes] = {
    name: (page(name, f"About {name}.").encode() if name.endswith(".md") else bytes(range(256)) + name.encode())
    for name in reversed(BYTE_ORDER)
}
JUNK = {
    ".DS_Store": b"\x00\x00\x00\x01Bud1",
    ".a.md.swp": b"vim swap",
    "notes.sqlite3": b"SQLite format 3\x00",
    "notes.sqlite3-journal": b"journal",
    "SHA256SUMS.sig": b"-----BEGIN SSH SIGNATURE-----\nstale\n",
}


def expected_sums(files: dict[str, bytes]) -> bytes:
    return b"".join(f"{hashlib.sha256(files[n]).hexdigest()}  {n}\n".encode() for n in BYTE_ORDER if n in files)


def sha256sum_check(folder: Path) -> subprocess.CompletedProcess[str]:
    assert SHA256SUM is not None
    return subprocess.run([SHA256SUM, "-c", "--strict", "SHA256SUMS"], cwd=folder, capture_output=True, text=True)


def test_the_name_set_discriminates_orderings() -> None:
    assert sorted(BYTE_ORDER, key=lambda n: n.encode()) == BYTE_ORDER
    assert sorted(BYTE_ORDER, key=str.lower) != BYTE_ORDER
    assert sorted(BYTE_ORDER, key=lambda n: n.lower().replace("-", "").replace("_", "")) != BYTE_ORDER


# -- 2. the manifest file memsync writes --------------------------------------------


@needs_sha256sum
def test_manifest_is_coreutils_format_and_sha256sum_checks_it(cli: CliRunner, tmp_path: Path) -> None:
    field = make_field(tmp_path / "f", {**FILES, **JUNK})
    run = cli("manifest", "f", "--json")
    assert run.returncode == 0, run.stderr
    written = (field / "SHA256SUMS").read_bytes()

    assert written == expected_sums(FILES)
    assert written.endswith(b"\n") and not written.endswith(b"\n\n")
    assert [line.split(b"  ", 1)[1].decode() for line in written.splitlines()] == BYTE_ORDER
    report = json.loads(run.stdout)
    assert report["digest"] == "sha256:" + hashlib.sha256(written).hexdigest()
    assert report["files"] == len(FILES)

    # byte for byte what coreutils prints for the same files in that order
    assert SHA256SUM is not None
    coreutils = subprocess.run([SHA256SUM, *BYTE_ORDER], cwd=field, capture_output=True, check=True)
    assert coreutils.stdout == written

    checked = sha256sum_check(field)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.splitlines() == [f"{n}: OK" for n in BYTE_ORDER]

    # and sha256sum really reads the files: a changed page fails it
    (field / "a.md").write_bytes(b"changed\n")
    assert sha256sum_check(field).returncode != 0


def test_manifest_dry_run_writes_nothing(cli: CliRunner, tmp_path: Path) -> None:
    field = make_field(tmp_path / "f", FILES)
    run = cli("manifest", "f", "--dry-run", "--json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["digest"] == "sha256:" + hashlib.sha256(expected_sums(FILES)).hexdigest()
    assert not (field / "SHA256SUMS").exists()


def test_manifest_refuses_a_field_that_is_not_flat(cli: CliRunner, tmp_path: Path) -> None:
    field = make_field(tmp_path / "f", FILES)
    (field / "sub").mkdir()
    assert "sub" in assert_one_line_error(cli("manifest", "f"))
    assert not (field / "SHA256SUMS").exists()


def test_names_that_differ_only_in_case_are_refused_in_a_manifest_and_a_field(cli: CliRunner, tmp_path: Path) -> None:
    # One file on macOS and Windows: the second written would replace the first.
    twins = f"{H}  Soil.md\n{H}  beans.md\n{H}  soil.md\n".encode()
    for read in (Manifest.parse, lambda data: read_sha256sum(data, where="SHA256SUMS")):
        with pytest.raises(InputError, match=r"'Soil\.md' and 'soil\.md' differ only in case"):
            read(twins)
    field = make_field(tmp_path / "f", {"Soil.md": "one\n", "soil.md": "two\n"})
    assert "differ only in case" in assert_one_line_error(cli("manifest", "f"))
    assert not (field / "SHA256SUMS").exists()
    remote = make_field(tmp_path / "remote", {"beans.md": "x\n"})
    (remote / "SHA256SUMS").write_bytes(twins)
    assert "differ only in case" in assert_one_line_error(cli("pull", remote, "--field", "g", "--trust", "self"))
    assert not (tmp_path / "g").exists() or not any((tmp_path / "g").iterdir())


@pytest.mark.parametrize(
    ("names", "twins"),
    [
        (["Ab.md", "aB.md", "b.md"], ("Ab.md", "aB.md")),  # both have a capital
        (["README.md", "Z.md", "readme.md"], ("README.md", "readme.md")),
        (["A.md", "B.md", "a-b.md", "Éa.md", "éa.md"], ("Éa.md", "éa.md")),  # not ASCII
        (["A.md", "B.md", "a-b.md", "c.md"], None),  # capitals, and no twins
    ],
)
def test_case_twins_are_found_among_names_with_and_without_capitals(
    names: list[str], twins: tuple[str, str] | None
) -> None:
    entries = dict.fromkeys(sorted(names, key=str.encode), H)
    if twins is None:
        check_case(entries.keys(), "SHA256SUMS")
        return
    with pytest.raises(InputError, match=re.escape(f"{twins[0]!r} and {twins[1]!r} differ only in case")):
        check_case(entries.keys(), "SHA256SUMS")


@needs_sha256sum
def test_sha256sum_passes_in_an_unpacked_field(cli: CliRunner, tmp_path: Path) -> None:
    make_field(tmp_path / "f", {**FILES, **JUNK})
    assert cli("pack", "f", "-o", "f.memoryfield.zip").returncode == 0
    run = cli("unpack", "f.memoryfield.zip", "out")
    assert run.returncode == 0, run.stderr
    out = tmp_path / "out"
    assert (out / "SHA256SUMS").read_bytes() == expected_sums(FILES)
    assert sorted(p.name for p in out.iterdir()) == sorted([*FILES, "SHA256SUMS"])
    checked = sha256sum_check(out)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count(": OK") == len(FILES)


# -- 3. verify on a field --------------------------------------------------------------


@pytest.fixture
def field(cli: CliRunner, tmp_path: Path) -> Path:
    root = make_field(tmp_path / "f", FILES)
    assert cli("manifest", "f").returncode == 0
    return root


def digest_of(root: Path) -> str:
    return "sha256:" + hashlib.sha256((root / "SHA256SUMS").read_bytes()).hexdigest()


def test_verify_field_ok(cli: CliRunner, field: Path) -> None:
    run = cli("verify", "f", "--json")
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result == {
        "ok": True,
        "kind": "field",
        "digest": digest_of(field),
        "files": len(FILES),
        "archive_sha256": None,
    }
    text = cli("verify", "f")
    assert text.returncode == 0
    assert digest_of(field) in text.stdout


def test_verify_field_ignores_litter_and_derived_files(cli: CliRunner, field: Path) -> None:
    make_field(field, JUNK)
    assert cli("verify", "f").returncode == 0


def test_verify_field_with_pins(cli: CliRunner, field: Path) -> None:
    digest = digest_of(field)
    assert cli("verify", "f", "--sha256", digest).returncode == 0
    assert cli("verify", "f", "--sha256", digest.removeprefix("sha256:")).returncode == 0  # bare hex: the digest
    other = hashlib.sha256(b"another field").hexdigest()
    for wrong in (other, "sha256:" + other):
        line = assert_one_line_error(cli("verify", "f", "--sha256", wrong))
        assert other in line


@pytest.mark.parametrize(
    ("change", "named"),
    [
        pytest.param(lambda root: (root / "a.md").write_bytes(b"edited after the manifest\n"), "a.md", id="modified"),
        pytest.param(lambda root: (root / "new-page.md").write_bytes(b"# unlisted\n"), "new-page.md", id="extra"),
        pytest.param(lambda root: (root / "z_9.png").unlink(), "z_9.png", id="missing"),
        pytest.param(lambda root: (root / "SHA256SUMS").unlink(), "SHA256SUMS", id="no-manifest"),
        pytest.param(
            lambda root: (root / "SHA256SUMS").write_bytes((root / "SHA256SUMS").read_bytes().replace(b"  ", b" ")),
            "SHA256SUMS",
            id="malformed-manifest",
        ),
        pytest.param(
            lambda root: (root / "SHA256SUMS").write_bytes(
                b"".join(sorted((root / "SHA256SUMS").read_bytes().splitlines(keepends=True)))
            ),
            "sorted",
            id="manifest-sorted-by-hash",
        ),
    ],
)
def test_verify_field_fails(cli: CliRunner, field: Path, change, named: str) -> None:
    change(field)
    line = assert_one_line_error(cli("verify", "f"))
    assert named in line


def _rewrite(transform):  # type: ignore[no-untyped-def]
    def change(root: Path) -> None:
        (root / "SHA256SUMS").write_bytes(transform((root / "SHA256SUMS").read_bytes()))

    return change


def _per_line(transform):  # type: ignore[no-untyped-def]
    return _rewrite(lambda data: b"".join(transform(line) for line in data.splitlines(keepends=True)))


def _sha256sum_in(args: str) -> object:
    made = f"rm SHA256SUMS && {SHA256SUM} {args} * > .sums && mv .sums SHA256SUMS"
    return lambda root: subprocess.run(made, shell=True, cwd=root, check=True)


# Forms `sha256sum -c --strict` reads but a manifest cannot have (its exact bytes
# are the field digest): memsync refuses each, naming what it is.
SHA256SUM_READS = [
    pytest.param(_rewrite(lambda d: d.replace(b"\n", b"\r\n")), "CR LF", id="crlf"),
    pytest.param(_rewrite(lambda d: d.replace(b"\n", b"\n\n", 1)), "blank line", id="blank-line"),
    pytest.param(_rewrite(lambda d: b"# made by hand\n" + d), "a comment", id="comment"),
    pytest.param(_per_line(lambda line: line[:64].upper() + line[64:]), "not lowercase hex", id="uppercase-hex"),
    pytest.param(_rewrite(lambda d: d.replace(b"  ", b" *")), "sha256sum -b", id="binary-mode"),
    pytest.param(_rewrite(lambda d: d.replace(b"  ", b" ")), "one space", id="one-space"),
    pytest.param(_per_line(lambda line: b"\\" + line), "escaped name", id="escaped-line"),
    pytest.param(_sha256sum_in("--tag"), "BSD style", id="bsd-tag"),
    pytest.param(_rewrite(lambda d: d + d.splitlines(keepends=True)[-1]), "listed twice", id="duplicate-line"),
    pytest.param(_per_line(lambda line: line[:66] + b"./" + line[66:]), "path separators", id="dot-slash"),
    pytest.param(_sha256sum_in("-b"), "sha256sum -b", id="sha256sum-b"),
    pytest.param(
        _rewrite(lambda d: b"".join(sorted(d.splitlines(keepends=True), key=lambda line: line[66:].lower()))),
        "LC_ALL=C sha256sum",
        id="locale-order",
    ),
]


@needs_sha256sum
@pytest.mark.parametrize(("change", "named"), SHA256SUM_READS)
def test_verify_refuses_sha256sum_forms_a_manifest_cannot_have_and_says_which(
    cli: CliRunner, field: Path, change, named: str
) -> None:
    change(field)
    checked = sha256sum_check(field)
    assert checked.returncode == 0, checked.stdout + checked.stderr  # the form really is one sha256sum reads
    line = assert_one_line_error(cli("verify", "f"))
    assert "SHA256SUMS" in line and named in line


@needs_sha256sum
@pytest.mark.parametrize(
    "change",
    [
        pytest.param(_rewrite(lambda d: b"\xef\xbb\xbf" + d), id="byte-order-mark"),
        pytest.param(_per_line(lambda line: line[:-1] + b" \n"), id="trailing-space"),
        pytest.param(_rewrite(lambda d: d[:63] + (b"1" if d[63:64] == b"0" else b"0") + d[64:]), id="hash"),
        pytest.param(lambda root: (root / "B.md").unlink(), id="missing-file"),
    ],
)
def test_verify_refuses_what_sha256sum_refuses(cli: CliRunner, field: Path, change) -> None:
    change(field)
    assert sha256sum_check(field).returncode != 0
    assert_one_line_error(cli("verify", "f"))


@needs_sha256sum
def test_verify_refuses_an_empty_manifest_as_sha256sum_does(cli: CliRunner, tmp_path: Path) -> None:
    field = make_field(tmp_path / "f", JUNK)  # nothing but litter, derived and own files
    assert cli("manifest", "f").returncode == 0
    assert (field / "SHA256SUMS").read_bytes() == b""
    assert sha256sum_check(field).returncode != 0  # "no properly formatted checksum lines found"
    assert "lists no files" in assert_one_line_error(cli("verify", "f"))
    assert "nothing to pack" in assert_one_line_error(cli("pack", "f", "-o", "f.memoryfield.zip"))


def test_verify_nothing_there(cli: CliRunner) -> None:
    assert_one_line_error(cli("verify", "no-such-field"))


# -- 6. Manifest.parse ------------------------------------------------------------------

H = hashlib.sha256(b"x").hexdigest()
H2 = hashlib.sha256(b"y").hexdigest()


def test_parse_accepts_what_to_bytes_writes() -> None:
    entries = {n: hashlib.sha256(d).hexdigest() for n, d in FILES.items()}
    manifest = Manifest(entries)
    data = manifest.to_bytes()
    assert data == expected_sums(FILES)
    parsed = Manifest.parse(data)
    assert parsed == manifest
    assert list(parsed) == BYTE_ORDER
    assert parsed.to_bytes() == data
    assert parsed.digest == manifest.digest == "sha256:" + hashlib.sha256(data).hexdigest()


def test_parse_empty_manifest() -> None:
    empty = Manifest.parse(b"")
    assert len(empty) == 0
    assert empty.digest == "sha256:" + hashlib.sha256(b"").hexdigest()


def test_manifest_order_is_byte_order_whatever_the_insertion_order() -> None:
    a = Manifest({"b.md": H, "B.md": H2, "a_b.md": H})
    b = Manifest({"a_b.md": H, "b.md": H, "B.md": H2})
    assert a == b
    assert a.to_bytes() == b.to_bytes() == f"{H2}  B.md\n{H}  a_b.md\n{H}  b.md\n".encode()
    assert a.digest == b.digest


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(f"{H.upper()}  a.md\n".encode(), id="uppercase-hex"),
        pytest.param(f"{H} a.md\n".encode(), id="one-space"),
        pytest.param(f"{H}   a.md\n".encode(), id="three-spaces"),
        pytest.param(f"{H}\ta.md\n".encode(), id="tab"),
        pytest.param(f"{H} *a.md\n".encode(), id="binary-mode-star"),
        pytest.param(f"{H}  a.md\r\n".encode(), id="crlf"),
        pytest.param(f"{H}  a.md".encode(), id="no-final-newline"),
        pytest.param(f"{H}  a.md\n\n".encode(), id="blank-line"),
        pytest.param(f"\n{H}  a.md\n".encode(), id="leading-blank-line"),
        pytest.param(f"{H[:-1]}  a.md\n".encode(), id="short-hash"),
        pytest.param(f"{H}0  a.md\n".encode(), id="long-hash"),
        pytest.param(f"{'g' * 64}  a.md\n".encode(), id="not-hex"),
        pytest.param(f"{H}  \n".encode(), id="empty-name"),
        pytest.param(f"{H}  a.md\n{H2}  a.md\n".encode(), id="duplicate"),
        pytest.param(f"{H2}  b.md\n{H}  a.md\n".encode(), id="unsorted"),
        pytest.param(f"{H}  a.md\n{H}  B.md\n".encode(), id="case-insensitive-order"),
        pytest.param(f"{H}  sub/a.md\n".encode(), id="slash"),
        pytest.param(f"{H}  ../a.md\n".encode(), id="dot-dot"),
        pytest.param(f"{H}  /etc/a.md\n".encode(), id="absolute"),
        pytest.param(f"{H}  sub\\a.md\n".encode(), id="backslash"),
        pytest.param(f"{H}  .hidden.md\n".encode(), id="hidden"),
        pytest.param(f"{H}  SHA256SUMS\n".encode(), id="lists-itself"),
        pytest.param(f"{H}  SHA256SUMS.sig\n".encode(), id="lists-signature"),
        pytest.param(f"{H}  notes.sqlite3\n".encode(), id="derived-index"),
        pytest.param(f"{H}  my page.md\n".encode(), id="space-in-page-name"),
        pytest.param(f"{H}  a.md \n".encode(), id="trailing-space"),
        pytest.param(f"{H}  ".encode() + b"caf\xe9.md\n", id="non-utf8-name"),
        pytest.param(f"{H}  ".encode() + "café.md\n".encode(), id="non-ascii-page-name"),
        pytest.param(f"{H}  a\x00.md\n".encode(), id="nul"),
        pytest.param(b"not a manifest\n", id="garbage"),
    ],
)
def test_parse_refuses(data: bytes) -> None:
    with pytest.raises(InputError) as caught:
        Manifest.parse(data, where="SHA256SUMS")
    message = str(caught.value)
    assert message.startswith("SHA256SUMS")
    assert "\n" not in message


def test_parse_refuses_oversized_input(monkeypatch: pytest.MonkeyPatch) -> None:
    import memsync.manifest as manifest_mod

    data = f"{H}  a.md\n{H}  b.md\n".encode()
    assert len(Manifest.parse(data)) == 2
    monkeypatch.setattr(manifest_mod, "MAX_MANIFEST_BYTES", len(data) - 1)
    with pytest.raises(InputError, match="larger than"):
        Manifest.parse(data)


def test_a_manifest_of_more_files_than_a_field_holds_is_refused_before_it_is_parsed() -> None:
    lines = [f"{H}  p{i:06d}.md\n".encode() for i in range(MAX_FILES + 1)]
    assert len(Manifest.parse(b"".join(lines[:MAX_FILES]))) == MAX_FILES
    whole = b"".join(lines)
    for read in (Manifest.parse, lambda data: read_sha256sum(data, where="SHA256SUMS")):
        with pytest.raises(InputError, match=f"{MAX_FILES + 1} (files|lines), more than the {MAX_FILES} files"):
            read(whole)
    # Comment lines of another tool's SHA256SUMS are lines to split all the same.
    with pytest.raises(InputError, match="lines, more than"):
        read_sha256sum(b"#\n" * MAX_FILES + lines[0], where="SHA256SUMS")


def _edited(lines: list[bytes], rng: random.Random) -> bytes:
    """The lines with a few edits of the kinds a remote's new version, or a
    damaged or hostile one, could hold."""
    lines = list(lines)
    for _ in range(rng.randint(0, 4)):
        i = rng.randrange(1, len(lines))
        kind = rng.randrange(8)
        if kind <= 2:  # a new digest, the usual case
            lines[i] = hashlib.sha256(rng.randbytes(8)).hexdigest().encode() + lines[i][64:]
        elif kind == 3:  # another name of the same length
            lines[i] = lines[i][:-4] + b"x.md"
        elif kind == 4:  # a digest that is not one
            lines[i] = lines[i][:10] + b"G" + lines[i][11:]
        elif kind == 5:  # one space, not two
            lines[i] = lines[i][:64] + b" " + lines[i][66:] + b"x"
        elif kind == 6:  # two lines swapped (of the same length: the names are sorted no more)
            lines[i], lines[i - 1] = lines[i - 1], lines[i]
        else:  # a name listed twice
            lines[i] = lines[i - 1]
    return b"".join(line + b"\n" for line in lines)


def test_parse_like_a_base_gives_what_a_full_parse_gives() -> None:
    # A remote's manifest read against the sync base compares blocks and parses only
    # the lines that differ: it must accept, refuse and make exactly what a full
    # parse does, for ordinary edits and broken ones alike.
    rng = random.Random(16)
    base = Manifest({f"page-{i:05d}.md": hashlib.sha256(str(i).encode()).hexdigest() for i in range(3000)})
    like = Manifest.parse(base.to_bytes())
    lines = base.to_bytes().split(b"\n")[:-1]
    for _ in range(400):
        data = _edited(lines, rng)
        outcomes = []
        for kwargs in ({}, {"like": like}):
            try:
                got = Manifest.parse(data, **kwargs)  # type: ignore[arg-type]
                outcomes.append((dict(got.entries), list(got), got.to_bytes(), got.digest))
            except InputError as exc:
                outcomes.append(str(exc))
        assert outcomes[0] == outcomes[1], data
    assert Manifest.parse(base.to_bytes(), like=like) == base


def test_read_sha256sum_takes_the_forms_sha256sum_reads_as_the_canonical_manifest() -> None:
    """Another tool's SHA256SUMS on a remote: what `sha256sum -c` reads is the same manifest,
    in memsync's own form."""
    canonical = Manifest({"B.md": H2, "a.md": H})
    forms = [
        f"{H} *a.md\n{H2} *B.md\n",
        f"SHA256 (a.md) = {H}\nSHA256 (B.md) = {H2}\n",
        f"{H.upper()}  a.md\r\n\n# made by hand\n  {H2}  B.md",
        f"{H}  a.md\n{H2}  B.md\n{H}  a.md\n",  # listed twice alike: sha256sum checks it twice
    ]
    for data in forms:
        read = read_sha256sum(data.encode(), where="SHA256SUMS")
        assert read == canonical and read.to_bytes() == canonical.to_bytes()
    for data, problem in [
        (f"{H}  a.md\n{H2}  a.md\n", "listed twice with different hashes"),
        (f"{H}  my page.md\n", "URL-safe"),
        (f"{H} a.md\n", "one space"),
        ("\n# nothing\n", "no line sha256sum -c reads"),
        (f"{H}  notes.sqlite3\n", "not a content file"),
    ]:
        with pytest.raises(InputError, match=problem):
            read_sha256sum(data.encode(), where="SHA256SUMS")
