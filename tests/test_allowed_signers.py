"""The allowed_signers grammar piece by piece: patterns, times (checked against
ssh-keygen's own reading), malformed lines, writing lines back, and the CLI
refusing to rewrite a file it cannot read whole."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from memsync import keyring
from memsync.errors import InputError
from memsync.ssh import sshsig
from memsync.ssh.allowed_signers import (
    format_time,
    match_pattern,
    match_pattern_list,
    parse_allowed_signers,
    parse_time,
)
from tests.conftest import CliRunner, assert_one_line_error

KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEnzOQ5/3OJFsnsV9dF3gT5lph0BKAXVOIYulWZFoojP"


@pytest.mark.parametrize(
    ("text", "pattern", "expected"),
    [
        (b"alice", b"alice", True),
        (b"alice", b"Alice", False),
        (b"alice@example.com", b"*@example.com", True),
        (b"alice@example.org", b"*@example.com", False),
        (b"alice", b"al?ce", True),
        (b"alce", b"al?ce", False),
        (b"", b"*", True),
        (b"", b"?", False),
        (b"abcabd", b"*ab?", True),
        (b"aaa", b"a*a*a", True),
        (b"aa", b"a*a*a", False),
        (b"*", b"*", True),
        (b"a[b]", b"a[b]", True),  # no character classes
    ],
)
def test_match_pattern(text: bytes, pattern: bytes, expected: bool) -> None:
    assert match_pattern(text, pattern) is expected


@pytest.mark.parametrize(
    ("text", "patterns", "expected"),
    [
        (b"alice", b"bob,alice", 1),
        (b"alice", b"bob,carol", 0),
        (b"mallory", b"*,!mallory", -1),
        (b"mallory", b"!mallory,*", -1),
        (b"alice", b"*,!mallory", 1),
        (b"alice", b"!mallory", 0),  # a negation alone admits nobody
        (b"alice", b"", 0),
        (b"", b"a,,b", 1),  # an empty item matches the empty string
        (b"alice", b"*," + b"x" * 1023, 0),  # OpenSSH gives up on a subpattern of 1023 bytes or more
        (b"alice", b"*," + b"x" * 1022, 1),
    ],
)
def test_match_pattern_list(text: bytes, patterns: bytes, expected: int) -> None:
    assert match_pattern_list(text, patterns) == expected


@pytest.fixture
def new_york() -> Iterator[None]:
    saved = os.environ.get("TZ")
    os.environ["TZ"] = "America/New_York"
    time.tzset()
    yield
    if saved is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = saved
    time.tzset()


TIMES = [
    "20300101",
    "203001011230",
    "20300101123059",
    "20300701",  # summer: read as standard time all the same
    "20300101Z",
    "20300101z",
    "203001011230Z",
    "20300101123059Z",
    "20300101UTC",
    "20300101utc",
    "2030010",
    "203001011",
    "20301301",
    "20300001",
    "20300100",
    "20300231",
    "20300101240000",
    "20300101235960",
    "20300101235961",
    "20300101235962",
    "20300101006000",
    "19700101Z",
    "19700101000001Z",
    "19691231Z",
    "00000101",
    "99991231Z",
    "203001 1",
    "2030 101",
    "2030011x",
    "2030-1-1",
    "20300101 ",
    "Z",
    "UTC",
    "20300101ZZ",
    "20300101+0100",
]


@pytest.mark.parametrize("text", TIMES)
def test_times_are_read_as_ssh_keygen_reads_them(text: str, tmp_path: Path, new_york: None) -> None:
    """For each valid-after value: memsync refuses exactly what ssh-keygen refuses, and where both
    accept, ssh-keygen's boundary is memsync's second (accepts at it, refuses one second before)."""
    key = tmp_path / "k"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
    message = b"hello\n"
    sig = subprocess.run(
        ["ssh-keygen", "-Y", "sign", "-f", key, "-n", "memsync"], input=message, capture_output=True, check=True
    ).stdout
    (tmp_path / "sig").write_bytes(sig)
    allowed = tmp_path / "allowed_signers"
    allowed.write_text(f'alice valid-after="{text}" {Path(str(key) + ".pub").read_text()}')

    def openssh(at: int) -> subprocess.CompletedProcess[bytes]:
        stamp = time.strftime("%Y%m%d%H%M%SZ", time.gmtime(at))
        args = ["-Y", "verify", "-f", allowed, "-I", "alice", "-n", "memsync", "-s", tmp_path / "sig"]
        return subprocess.run(["ssh-keygen", *args, f"-Overify-time={stamp}"], input=message, capture_output=True)

    signers, problems = parse_allowed_signers(allowed.read_bytes())
    try:
        ours = parse_time(text)
    except InputError:
        assert signers == [] and problems and 'invalid "valid-after" time' in problems[0]
        refused = openssh(2_000_000_000)
        assert refused.returncode != 0 and b'invalid "valid-after" time' in refused.stderr, refused.stderr
        return
    assert signers[0].valid_after == ours
    assert openssh(ours).returncode == 0, openssh(ours).stderr
    assert openssh(ours - 1).returncode != 0


def test_parse_time_reads_local_time_as_standard_time(new_york: None) -> None:
    assert format_time(parse_time("20300101")) == "2030-01-01T05:00:00Z"
    assert format_time(parse_time("20300701")) == "2030-07-01T05:00:00Z"  # EST, not EDT, as ssh-keygen
    assert format_time(parse_time("20300701Z")) == "2030-07-01T00:00:00Z"


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("alice", "missing key"),  # the line's newline ends the principals
        ("alice" + " " * 3, "missing key"),
        ('"alice ' + KEY, "invalid line"),
        ("alice octopus " + KEY, "bad options: unknown key option"),
        ("alice namespaces=memsync " + KEY, "bad options: missing start quote"),
        ('alice namespaces="memsync ' + KEY, "invalid options"),
        ('alice namespaces="a",namespaces="b" ' + KEY, 'bad options: multiple "namespaces" clauses'),
        ('alice namespaces="a", ' + KEY, "bad options: unexpected end-of-options"),
        ('alice valid-after="2030" ' + KEY, 'bad options: invalid "valid-after" time'),
        ('alice valid-after="20300101",valid-before="20300101" ' + KEY, '"valid-before" time is before "valid-after"'),
        ("alice cert-authority", "missing key"),
        ("alice ssh-ed25519 AAAA", "invalid key"),
        ("alice " + KEY.replace("ssh-ed25519", "ssh-rsa"), "invalid key"),
        ("alice " + KEY[:-2] + "Q=", "invalid key"),  # base64 with non-zero spare bits
    ],
)
def test_a_malformed_line_is_skipped_and_reported(line: str, problem: str) -> None:
    signers, problems = parse_allowed_signers(f"{line}\nbob {KEY}\n".encode(), "allowed")
    assert [s.principals for s in signers] == [("bob",)]
    assert len(problems) == 1 and problems[0].startswith("allowed:1: ") and problem in problems[0], problems


def test_comments_blank_lines_and_a_nul_byte() -> None:
    text = f"# comment\n\n \r\n  \t# another\nalice {KEY} trailing comment\r\nbob\0 {KEY}\ncarol"
    signers, problems = parse_allowed_signers(text.encode(), "f")
    assert [s.where for s in signers] == ["f:5"]
    # C stops reading a line at a NUL; a last line without a newline has no whitespace after the principals.
    assert problems == ["f:6: invalid line", "f:7: invalid line"]


@pytest.mark.parametrize(
    "line",
    [
        f"alice {KEY}",
        f'alice,*@example.com,!mallory namespaces="memsync,git*" {KEY}',
        f'"alice smith,bob" cert-authority,valid-after="20300101120000Z",valid-before="20310101Z" {KEY}',
        f'alice namespaces="quote\\"inside,x y" {KEY}',
        f'"#hash" namespaces="" {KEY}',
        f'"" {KEY}',
    ],
)
def test_a_signer_written_back_reads_the_same(line: str) -> None:
    (signer,), problems = parse_allowed_signers(line.encode())
    assert problems == []
    (again,), problems = parse_allowed_signers(signer.line().encode())
    assert again == signer and problems == []


def test_a_principal_with_a_quote_cannot_be_written() -> None:
    (signer,), _ = parse_allowed_signers(f"alice {KEY}".encode())
    with pytest.raises(InputError, match="cannot be written"):
        type(signer)(('al"ice',), signer.key).line()


def test_trust_remove_keeps_the_other_lines_options(cli: CliRunner, tmp_path: Path) -> None:
    assert cli("init").returncode == 0
    allowed = tmp_path / ".memsync" / "allowed_signers"
    alice = 'alice@example.com namespaces="memsync",valid-before="20990101Z" ' + KEY
    allowed.write_text(f"{alice}\nbob {KEY}\n")
    assert cli("trust", "remove", "bob").returncode == 0
    (kept,), _ = parse_allowed_signers(allowed.read_bytes())
    (original,), _ = parse_allowed_signers(alice.encode())
    assert kept == original  # the expiry and namespaces survive the rewrite


def test_trust_add_and_remove_refuse_a_file_with_a_malformed_line(cli: CliRunner, tmp_path: Path) -> None:
    assert cli("init").returncode == 0
    allowed = tmp_path / ".memsync" / "allowed_signers"
    allowed.write_text(f"alice {KEY}\nbob valid-before=20990101 {KEY}\n")
    before = allowed.read_bytes()
    for args in (("trust", "add", "carol", KEY), ("trust", "remove", "alice")):
        line = assert_one_line_error(cli(*args))
        assert "allowed_signers:2: bad options: missing start quote (fix or remove that line first)" in line
    assert allowed.read_bytes() == before


def test_trust_add_takes_rsa_and_ecdsa_keys(cli: CliRunner, tmp_path: Path) -> None:
    assert cli("init").returncode == 0
    for kind in ("rsa", "ecdsa"):
        key = tmp_path / kind
        subprocess.run(["ssh-keygen", "-q", "-t", kind, "-N", "", "-f", key], check=True)
        assert cli("trust", "add", kind, Path(str(key) + ".pub")).returncode == 0
    listed = {s.name: s.key.type_name for s in sshsig.read_allowed_signers(tmp_path / ".memsync" / "allowed_signers")}
    assert listed == {"rsa": "ssh-rsa", "ecdsa": "ecdsa-sha2-nistp256"}


def test_trust_add_takes_a_name_with_spaces_as_ssh_keygen_reads_it(cli: CliRunner, tmp_path: Path) -> None:
    """OpenSSH allows any principal in double quotes; `trust add` quotes one with spaces, and
    `ssh-keygen -Y verify -I NAME` then accepts that signer's signatures under that name."""
    assert cli("init").returncode == 0
    key = tmp_path / "key"
    public = keyring.generate(key)
    message = b"release notes\n"
    signature = tmp_path / "message.sig"
    signature.write_bytes(sshsig.sign(message, sshsig.load_private_key(key)))
    assert cli("trust", "add", "Alice Smith", sshsig.public_line(public)).returncode == 0
    allowed = tmp_path / ".memsync" / "allowed_signers"
    assert allowed.read_text() == f'"Alice Smith" namespaces="memsync" {sshsig.public_line(public)}\n'
    args = ["-Y", "verify", "-f", allowed, "-I", "Alice Smith", "-n", "memsync", "-s", signature]
    openssh = subprocess.run(["ssh-keygen", *map(str, args)], input=message, capture_output=True)
    assert openssh.returncode == 0, openssh.stderr
    found = sshsig.verify(message, signature.read_bytes(), sshsig.read_allowed_signers(allowed))
    assert found.principal == "Alice Smith"
    assert cli("trust", "remove", "Alice Smith").returncode == 0
    assert allowed.read_text() == ""


@pytest.mark.parametrize("name", ["alice,bob", 'al"ice', "alice\nbob", "alice\tsmith", " alice", "alice ", ""])
def test_trust_add_refuses_a_name_the_file_cannot_hold_as_one_principal(
    cli: CliRunner, tmp_path: Path, name: str
) -> None:
    assert cli("init").returncode == 0
    line = assert_one_line_error(cli("trust", "add", name, KEY))
    assert "a signer name has no comma, quote, control character or space at either end" in line
    assert not (tmp_path / ".memsync" / "allowed_signers").exists()


@pytest.mark.parametrize("name", ["!alice", "*", "alice*", "al?ce", "*@example.com"])
def test_trust_add_refuses_a_name_that_is_a_pattern(cli: CliRunner, tmp_path: Path, name: str) -> None:
    # Written as it stands, '!alice' trusts the key for no one (a negation alone matches
    # nothing) and '*' for every name a signature could claim; neither is what was asked.
    assert cli("init").returncode == 0
    line = assert_one_line_error(cli("trust", "add", name, KEY))
    assert "does not start with '!'" in line
    assert not (tmp_path / ".memsync" / "allowed_signers").exists()
