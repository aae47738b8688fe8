"""memsync's allowed_signers rules against the real ssh-keygen: every row runs
`ssh-keygen -Y verify` (or `-Y find-principals`) and memsync on the same
allowed_signers file and signature, and requires the same verdict, which is
also written in the row so that a row cannot pass by both tools being wrong.

Keys, certificates and signatures are all made by ssh-keygen itself (only the
security-key signatures are built here, as no authenticator is at hand).
"""

from __future__ import annotations

import base64
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from memsync import keyring
from memsync.errors import InputError, IntegrityError
from memsync.ssh import sshsig
from memsync.ssh.allowed_signers import parse_time
from tests.sshsig_support import MESSAGE, World, openssh_version, security_key_signature, ssh_keygen, string

OTHER = b"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef  b.md\n"


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> World:
    w = World(tmp_path_factory.mktemp("parity"), {}, {})
    alice = w.key("alice", "-t", "ed25519")
    w.key("stranger", "-t", "ed25519")
    w.sign("alice", alice)
    w.sign("alice-git", alice, "git")
    armored = w.sigs["alice"].read_bytes()
    body = b"".join(armored.split(b"\n")[1:-2])
    variants = {
        "alice-leading-newline": b"\n" + armored,
        "alice-crlf": armored.replace(b"\n", b"\r\n"),
        "alice-text-after-end": armored + b"trailing words\n",
        "alice-rewrapped": b"\n".join([armored.split(b"\n")[0], body[:10], body[10:], armored.split(b"\n")[-2], b""]),
    }
    for name, data in variants.items():
        w.sigs[name] = w.root / f"{name}.sig"
        w.sigs[name].write_bytes(data)
    broken = {  # armour damaged in ways a copy-paste or a cut-short upload does it
        "alice-truncated": armored[: len(armored) // 2],
        "alice-no-end-line": b"\n".join(armored.split(b"\n")[:-2]) + b"\n",
        "alice-blank-line-inside": armored.replace(b"\n", b"\n\n", 2).replace(b"\n\n", b"\n", 1),
        "alice-padding-dropped": b"\n".join([armored.split(b"\n")[0], body.rstrip(b"="), *armored.split(b"\n")[-2:]]),
        "alice-begin-trailing-space": armored.replace(b"-----\n", b"----- \n", 1),
        "alice-body-cut": b"\n".join([armored.split(b"\n")[0], body[:-8], *armored.split(b"\n")[-2:]]),
    }
    for name, data in broken.items():
        w.sigs[name] = w.root / f"{name}.sig"
        w.sigs[name].write_bytes(data)
    w.sign("alice-sha256", alice, "memsync", "-Ohashalg=sha256")
    w.sign("rsa", w.key("rsa", "-t", "rsa", "-b", "2048"))
    w.sign("rsa-sha256", w.root / "rsa", "memsync", "-Ohashalg=sha256")
    for bits in ("256", "384", "521"):
        w.sign(f"ecdsa{bits}", w.key(f"ecdsa{bits}", "-t", "ecdsa", "-b", bits))
    ca = w.key("ca", "-t", "ed25519")
    w.sign("ca-bare", ca)
    rsa_ca = w.key("rsa-ca", "-t", "rsa", "-b", "2048")
    w.certify("cert", ca, "-n", "alice,alice@example.com", "-V", "20200101:20990101")
    w.certify("cert-expired", ca, "-n", "alice", "-V", "20200101:20210101")
    w.certify("cert-future", ca, "-n", "alice", "-V", "20980101:20990101")
    w.certify("cert-host", ca, "-h", "-n", "alice", "-V", "20200101:20990101")
    w.certify("cert-noprincipal", ca, "-V", "20200101:20990101")
    w.certify("cert-rsa-ca", rsa_ca, "-n", "alice", "-V", "20200101:20990101")
    w.certify("cert-ssh-rsa-ca", rsa_ca, "-t", "ssh-rsa", "-n", "alice", "-V", "20200101:20990101")
    for kind, flags in (("ed25519", 1), ("ed25519", 0), ("ecdsa", 1)):
        name = f"sk-{kind}-{flags}"
        w.keys[name], armored = security_key_signature(kind, flags)
        w.sigs[name] = w.root / f"{name}.sig"
        w.sigs[name].write_bytes(armored)
    # The same Ed25519 key under another application is another key.
    raw = base64.b64decode(w.keys["sk-ed25519-1"].split()[1])
    w.keys["sk-ed25519-other-app"] = (
        "sk-ssh-ed25519@openssh.com " + base64.b64encode(raw[:-8] + string(b"ssh:x")).decode()
    )
    memsync_key = w.root / "memsync-key"
    public = keyring.generate(memsync_key)
    w.keys["memsync"] = sshsig.public_line(public)
    w.sigs["memsync"] = w.root / "memsync.sig"
    w.sigs["memsync"].write_bytes(sshsig.sign(MESSAGE, sshsig.load_private_key(memsync_key)))
    return w


@pytest.fixture
def timezone() -> Iterator[None]:
    """Let a row set TZ for memsync too (local times in allowed_signers are read with the process's zone)."""
    saved = os.environ.get("TZ")
    yield
    if saved is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = saved
    time.tzset()


@dataclass(frozen=True)
class Row:
    id: str
    signers: str  # allowed_signers text; {name} is that key's public line
    sig: str
    expect: bool
    principal: str = "alice"
    namespace: str = "memsync"
    verify_time: str | None = None  # as -Overify-time= takes it
    message: bytes = MESSAGE
    tz: str | None = None


ROWS = [
    Row("plain-ed25519", "alice {alice}", "alice", True),
    Row("unknown-key", "alice {stranger}", "alice", False),
    Row("principal-not-listed", "bob {alice}", "alice", False),
    Row("wildcard-star", "*@example.com {alice}", "alice", True, principal="alice@example.com"),
    Row("wildcard-question", "al?ce,bob {alice}", "alice", True),
    Row("negated-principal", "*@example.com,!mallory@example.com {alice}", "alice", False, "mallory@example.com"),
    Row("negation-spares-others", "*@example.com,!mallory@example.com {alice}", "alice", True, "alice@example.com"),
    Row("principals-case-sensitive", "Alice {alice}", "alice", False),
    Row("quoted-principal-with-space", '"alice smith" {alice}', "alice", True, principal="alice smith"),
    Row("namespaces-list-wildcard", 'alice namespaces="git,mem*" {alice}', "alice", True),
    Row("namespaces-exclude", 'alice namespaces="git,file" {alice}', "alice", False),
    Row("namespaces-negated", 'alice namespaces="*,!memsync" {alice}', "alice", False),
    Row("namespaces-quoted-space", 'alice namespaces="a b,memsync" {alice}', "alice", True),
    Row("signature-for-other-namespace", "alice {alice}", "alice-git", False),
    Row("option-names-any-case", 'alice NAMESPACES="memsync",Valid-Before="20990101" {alice}', "alice", True),
    Row("option-value-unquoted", "alice namespaces=memsync {alice}", "alice", False),
    Row("unknown-option", "alice octopus {alice}", "alice", False),
    Row("double-comma-options", 'alice namespaces="memsync",,valid-after="20200101" {alice}', "alice", True),
    Row("expired-z", 'alice valid-before="20240101Z" {alice}', "alice", False),
    Row("expired-local", 'alice valid-before="20240101" {alice}', "alice", False),
    Row("not-yet-valid-z", 'alice valid-after="20990101Z" {alice}', "alice", False),
    Row("not-yet-valid-local", 'alice valid-after="209901011200" {alice}', "alice", False),
    Row(
        "inside-window",
        'alice valid-after="20200101",valid-before="20210101" {alice}',
        "alice",
        True,
        verify_time="20200601",
    ),
    Row(
        "valid-before-inclusive",
        'alice valid-before="20300101000000Z" {alice}',
        "alice",
        True,
        verify_time="20300101000000Z",
    ),
    Row(
        "valid-before-plus-1s",
        'alice valid-before="20300101000000Z" {alice}',
        "alice",
        False,
        verify_time="20300101000001Z",
    ),
    Row(
        "valid-after-utc-suffix",
        'alice valid-after="20300101utc" {alice}',
        "alice",
        False,
        verify_time="20291231235959Z",
    ),
    Row("feb-31-normalised", 'alice valid-before="20300231Z" {alice}', "alice", True, verify_time="20300303Z"),
    Row(
        "feb-31-normalised-after",
        'alice valid-before="20300231Z" {alice}',
        "alice",
        False,
        verify_time="20300303000001Z",
    ),
    # New York in July is on EDT, but ssh-keygen reads local times with tm_isdst=0: 00:00 EST = 05:00Z.
    Row(
        "local-time-isdst0-before",
        'alice valid-after="20260701" {alice}',
        "alice",
        False,
        verify_time="20260701043000Z",
        tz="America/New_York",
    ),
    Row(
        "local-time-isdst0-after",
        'alice valid-after="20260701" {alice}',
        "alice",
        True,
        verify_time="20260701053000Z",
        tz="America/New_York",
    ),
    Row(
        "local-verify-time",
        'alice valid-before="20260701050000Z" {alice}',
        "alice",
        True,
        verify_time="20260701",
        tz="America/New_York",
    ),
    Row(
        "valid-before-not-after-valid-after",
        'alice valid-after="20300101",valid-before="20200101" {alice}',
        "alice",
        False,
    ),
    Row("comments-and-blank-lines", "# team\n\n   # indented comment\n\talice {alice}  comment here", "alice", True),
    Row("malformed-line-then-good", "alice octopus {alice}\nalice {alice}", "alice", True),
    Row(
        "several-lines-second-accepts",
        'alice valid-before="20200101Z" {alice}\nalice namespaces="memsync" {alice}',
        "alice",
        True,
    ),
    Row(
        "several-lines-none-accepts",
        'alice valid-before="20200101Z" {alice}\nalice namespaces="git" {alice}',
        "alice",
        False,
    ),
    Row("signature-over-other-bytes", "alice {alice}", "alice", False, message=OTHER),
    Row("armor-leading-newline", "alice {alice}", "alice-leading-newline", False),
    Row("armor-crlf", "alice {alice}", "alice-crlf", False),
    Row("armor-text-after-end", "alice {alice}", "alice-text-after-end", True),
    Row("armor-rewrapped", "alice {alice}", "alice-rewrapped", True),
    Row("armor-truncated", "alice {alice}", "alice-truncated", False),
    Row("armor-no-end-line", "alice {alice}", "alice-no-end-line", False),
    Row("armor-blank-line-inside", "alice {alice}", "alice-blank-line-inside", True),
    Row("armor-padding-dropped", "alice {alice}", "alice-padding-dropped", True),
    Row("armor-begin-trailing-space", "alice {alice}", "alice-begin-trailing-space", False),
    Row("armor-body-cut", "alice {alice}", "alice-body-cut", False),
    Row("ed25519-sha256-hash", "alice {alice}", "alice-sha256", True),
    Row("asked-for-another-namespace", "alice {alice}", "alice", False, namespace="git"),
    Row("quoted-principals-with-comma", '"bob,alice" {alice}', "alice", True),
    Row("asked-principal-with-comma", "alice,bob {alice}", "alice", False, principal="alice,bob"),
    Row("asked-principal-is-a-pattern", "alice {alice}", "alice", False, principal="*"),
    Row("namespaces-empty", 'alice namespaces="" {alice}', "alice", False),
    Row(
        "valid-after-seconds-z",
        'alice valid-after="20300101120000Z" {alice}',
        "alice",
        True,
        verify_time="20300101120000Z",
    ),
    Row(
        "valid-after-seconds-z-1s-early",
        'alice valid-after="20300101120000Z" {alice}',
        "alice",
        False,
        verify_time="20300101115959Z",
    ),
    Row("unterminated-quote-then-good", '"alice {alice}\nalice {alice}', "alice", True),
    Row("key-type-short-name", "alice ED25519 {alice_b64}", "alice", False),
    Row("rsa-sha2-512", "alice {rsa}", "rsa", True),
    Row("rsa-sha2-256", "alice {rsa}", "rsa-sha256", True),
    Row("rsa-sig-algorithm-as-key-type", "alice rsa-sha2-512 {rsa_b64}", "rsa", True),
    Row("ecdsa-nistp256", "alice {ecdsa256}", "ecdsa256", True),
    Row("ecdsa-nistp384", "alice {ecdsa384}", "ecdsa384", True),
    Row("ecdsa-nistp521", "alice {ecdsa521}", "ecdsa521", True),
    Row("ecdsa-wrong-curve-key", "alice {ecdsa384}", "ecdsa256", False),
    Row("memsync-signature", "alice {memsync}", "memsync", True),
    Row("sk-ed25519", "alice {sk-ed25519-1}", "sk-ed25519-1", True),
    Row("sk-ed25519-without-user-presence-flag", "alice {sk-ed25519-0}", "sk-ed25519-0", True),
    Row("sk-ecdsa", "alice {sk-ecdsa-1}", "sk-ecdsa-1", True),
    Row("sk-key-other-application", "alice {sk-ed25519-other-app}", "sk-ed25519-1", False),
    Row("cert-authority", "alice cert-authority {ca}", "cert", True),
    Row("cert-authority-any-case", "alice CERT-AUTHORITY {ca}", "cert", True),
    Row("cert-wildcard-line", "*@example.com cert-authority {ca}", "cert", True, principal="alice@example.com"),
    Row("cert-wrong-principal", "bob cert-authority {ca}", "cert", False, principal="bob"),
    Row("cert-line-pattern-but-not-in-cert", "* cert-authority {ca}", "cert", False, principal="carol"),
    Row("cert-expired", "alice cert-authority {ca}", "cert-expired", False),
    Row("cert-not-yet-valid", "alice cert-authority {ca}", "cert-future", False),
    Row("cert-valid-at-verify-time", "alice cert-authority {ca}", "cert-expired", True, verify_time="20200601"),
    Row("cert-valid-before-exclusive", "alice cert-authority {ca}", "cert-expired", False, verify_time="20210101"),
    Row("cert-host-certificate", "alice cert-authority {ca}", "cert-host", False),
    Row("cert-without-principals", "alice cert-authority {ca}", "cert-noprincipal", False),
    Row("cert-line-expired", 'alice cert-authority,valid-before="20240101Z" {ca}', "cert", False),
    Row("cert-line-namespace", 'alice cert-authority,namespaces="git" {ca}', "cert", False),
    Row("cert-rsa-ca", "alice cert-authority {rsa-ca}", "cert-rsa-ca", True),
    Row("cert-ssh-rsa-sha1-ca", "alice cert-authority {rsa-ca}", "cert-ssh-rsa-ca", True),
    Row("bare-ca-signature-on-ca-line", "alice cert-authority {ca}", "ca-bare", False),
    Row("ca-key-without-cert-authority", "alice {ca}", "cert", False),
    Row("plain-key-of-cert-listed", "alice {cert}", "cert", False),
    Row("certificate-itself-listed", "alice {cert-cert}", "cert", True),
    Row("other-ca", "alice cert-authority {stranger}", "cert", False),
]


def _text(world: World, template: str) -> str:
    values = {**world.keys}
    values.update({f"{name}_b64": line.split()[1] for name, line in world.keys.items()})
    return template.format_map(values)


def _memsync_verdict(world: World, row: Row, allowed: Path) -> tuple[bool, str]:
    try:
        signers = sshsig.read_allowed_signers(allowed)
        when = parse_time(row.verify_time) if row.verify_time else None
        found = sshsig.verify(
            row.message,
            world.sigs[row.sig].read_bytes(),
            signers,
            row.namespace,
            principal=row.principal,
            verify_time=when,
        )
    except (IntegrityError, InputError) as exc:
        return False, str(exc)
    return True, found.principal


@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_verify_matches_ssh_keygen(world: World, row: Row, tmp_path: Path, timezone: None) -> None:
    allowed = tmp_path / "allowed_signers"
    allowed.write_text(_text(world, row.signers) + "\n")
    env = {"TZ": row.tz} if row.tz else {}
    args = ["-Y", "verify", "-f", allowed, "-I", row.principal, "-n", row.namespace, "-s", world.sigs[row.sig]]
    openssh = ssh_keygen(
        *args, *([f"-Overify-time={row.verify_time}"] if row.verify_time else []), stdin=row.message, env=env
    )
    os.environ.update(env)
    time.tzset()
    ours, detail = _memsync_verdict(world, row, allowed)
    assert (openssh.returncode == 0) == row.expect, f"ssh-keygen ({openssh_version()}): {openssh.stderr.decode()}"
    assert ours == row.expect, f"memsync: {detail}"


def test_the_table_covers_enough_rows() -> None:
    assert len(ROWS) >= 25
    assert {True, False} == {r.expect for r in ROWS}


@dataclass(frozen=True)
class FindRow:
    id: str
    signers: str
    sig: str
    expect: list[str]
    verify_time: str | None = None


FIND_ROWS = [
    FindRow("principals-of-the-line", "alice,bob {alice}", "alice", ["alice", "bob"]),
    FindRow("first-line-only-any-namespace", 'q namespaces="git" {alice}\nr {alice}', "alice", ["q"]),
    FindRow("skips-expired-line", 'old valid-before="20200101Z" {alice}\nnew {alice}', "alice", ["new"]),
    FindRow("stops-at-empty-item", "x,,y {alice}", "alice", ["x"]),
    FindRow("unknown-key", "alice {stranger}", "alice", []),
    FindRow("ca-line-gives-cert-principals", "a*,zed cert-authority {ca}", "cert", ["alice", "alice@example.com"]),
    FindRow("ca-line-duplicates", "alice,alice* cert-authority {ca}", "cert", ["alice", "alice", "alice@example.com"]),
    FindRow("ca-line-expired-cert", "* cert-authority {ca}", "cert-expired", []),
    FindRow("ca-line-at-verify-time", "* cert-authority {ca}", "cert-expired", ["alice"], verify_time="20200601"),
    FindRow("bare-ca-signature", "alice cert-authority {ca}", "ca-bare", []),
]


@pytest.mark.parametrize("row", FIND_ROWS, ids=[r.id for r in FIND_ROWS])
def test_find_principals_matches_ssh_keygen(world: World, row: FindRow, tmp_path: Path) -> None:
    allowed = tmp_path / "allowed_signers"
    allowed.write_text(_text(world, row.signers) + "\n")
    options = [f"-Overify-time={row.verify_time}"] if row.verify_time else []
    openssh = ssh_keygen("-Y", "find-principals", "-f", allowed, "-s", world.sigs[row.sig], *options)
    printed = openssh.stdout.decode().splitlines() if openssh.returncode == 0 else []
    when = parse_time(row.verify_time) if row.verify_time else None
    ours = sshsig.find_principals(world.sigs[row.sig].read_bytes(), sshsig.read_allowed_signers(allowed), when)
    assert printed == row.expect, openssh.stderr.decode()
    assert ours == row.expect


@pytest.mark.parametrize("row", [r for r in ROWS if r.expect and not r.tz], ids=lambda r: r.id)
def test_the_principal_memsync_reports_verifies_in_ssh_keygen(world: World, row: Row, tmp_path: Path) -> None:
    """With no principal given, memsync names one for which `ssh-keygen -Y verify -I` succeeds."""
    allowed = tmp_path / "allowed_signers"
    allowed.write_text(_text(world, row.signers) + "\n")
    when = parse_time(row.verify_time) if row.verify_time else None
    sig = world.sigs[row.sig]
    found = sshsig.verify(row.message, sig.read_bytes(), sshsig.read_allowed_signers(allowed), verify_time=when)
    options = [f"-Overify-time={row.verify_time}"] if row.verify_time else []
    openssh = ssh_keygen(
        "-Y", "verify", "-f", allowed, "-I", found.principal, "-n", "memsync", "-s", sig, *options, stdin=row.message
    )
    assert openssh.returncode == 0, openssh.stderr.decode()


def test_dsa_is_refused_with_one_clear_line_where_ssh_keygen_still_accepts(world: World, tmp_path: Path) -> None:
    """The one deliberate difference: DSA (1024-bit, SHA-1; removed in OpenSSH 9.8) is never accepted."""
    key = world.key("dsa", "-t", "dsa")
    world.sign("dsa", key)
    allowed = tmp_path / "allowed_signers"
    allowed.write_text(f"alice {world.keys['dsa']}\n")
    sig = world.sigs["dsa"]
    openssh = ssh_keygen("-Y", "verify", "-f", allowed, "-I", "alice", "-n", "memsync", "-s", sig, stdin=MESSAGE)
    assert openssh.returncode == 0, openssh.stderr.decode()
    with pytest.raises(InputError, match=r"^signed with an ssh-dss \(DSA\) key: memsync does not accept DSA"):
        sshsig.verify(MESSAGE, sig.read_bytes(), sshsig.read_allowed_signers(allowed))


def test_check_novalidate_matches_ssh_keygen_on_every_signature(world: World) -> None:
    """`ssh-keygen -Y check-novalidate` (no allowed_signers) and sshsig.check agree on every
    signature made here: each tool's own, certificates', security keys' and damaged armour."""
    assert len(world.sigs) >= 30
    for name, sig in sorted(world.sigs.items()):
        for namespace in ("memsync", "git"):
            openssh = ssh_keygen("-Y", "check-novalidate", "-n", namespace, "-s", sig, stdin=MESSAGE)
            try:
                sshsig.check(MESSAGE, sig.read_bytes(), namespace)
                ours = True
            except (IntegrityError, InputError):
                ours = False
            if name.startswith("dsa"):
                continue  # the one deliberate difference, tested above
            assert ours == (openssh.returncode == 0), (name, namespace, openssh.stderr.decode())


@pytest.mark.parametrize("message", [b"", MESSAGE, bytes(range(256)) * 400], ids=["empty", "manifest", "100k"])
def test_memsync_signs_byte_for_byte_as_ssh_keygen(world: World, message: bytes) -> None:
    """Ed25519 signing is deterministic: memsync's .sig over the same bytes with the same key
    (one ssh-keygen made) is the very file `ssh-keygen -Y sign` writes, armour and all."""
    key = world.root / "alice"
    openssh = ssh_keygen("-Y", "sign", "-f", key, "-n", "memsync", stdin=message)
    assert openssh.returncode == 0, openssh.stderr.decode()
    assert sshsig.sign(message, sshsig.load_private_key(key)) == openssh.stdout
