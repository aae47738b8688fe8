"""The key rotation statements (memsync-keys.json): canonical bytes, strict parsing,
the pure follow decision as a table, writing a chain, every statement checked by the
real ssh-keygen exactly as docs/FORMAT.md tells a user to check it, and the file
carried as a sidecar through a folder remote, an archive and ``memsync serve``."""

from __future__ import annotations

import base64
import dataclasses
import functools
import hashlib
import json
import re
import struct
import subprocess
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import requests
from conftest import CliRunner, make_field, page
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from http_support import MemsyncServer

from memsync import rotation, signing
from memsync.errors import InputError, IntegrityError
from memsync.limits import SIDECAR_LIMIT
from memsync.manifest import Manifest
from memsync.names import KEYS_NAME, OWN_NAMES, SIDECAR_NAMES, SIGNATURE_NAME, Role, role_of
from memsync.rotation import Chain, Statement
from memsync.ssh import sshkey, sshsig
from memsync.ssh.sshkey import PublicKey

ROOT = Path(__file__).parent.parent
T0 = datetime(2026, 12, 7, 10, 0, 0, tzinfo=UTC)


@functools.cache
def private(name: str) -> Ed25519PrivateKey:
    """The same key for the same name in every run, so the golden bytes stay put."""
    return Ed25519PrivateKey.from_private_bytes(hashlib.sha256(b"memsync test key " + name.encode()).digest())


def public(name: str) -> PublicKey:
    return rotation.public_key(private(name))


def fp(name: str) -> str:
    return public(name).fingerprint()


GOLDEN = (
    b'{"format":1,"statements":[{"created":"2026-12-07T10:00:00Z",'
    b'"key":"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOrgOsXpdYj2kdMIVRYDE95BWHT2oGGwA+jnzudkIU9k","kind":"rotate",'
    b'"next":"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKrNajql2vMN/mFPQQPPrrR0I4zJgChW/bp4WBTM5QH6",'
    b'"signature":"-----BEGIN SSH SIGNATURE-----\\n'
    b"U1NIU0lHAAAAAQAAADMAAAALc3NoLWVkMjU1MTkAAAAg6uA6xel1iPaR0whVFgMT3kFYdP\\n"
    b"agYbAD6OfO52QhT2QAAAAMbWVtc3luYy1rZXlzAAAAAAAAAAZzaGE1MTIAAABTAAAAC3Nz\\n"
    b"aC1lZDI1NTE5AAAAQJrWtnP8kV/g6GpWnqPHdy3PLdu8KgaeeTI28m69nmaGHTf0S11Ojx\\n"
    b'x+U6lQhsIO09oRad7FVqZiswrn8f8AvwI=\\n-----END SSH SIGNATURE-----\\n"}]}\n'
)


def test_canonical_bytes_are_fixed() -> None:
    chain = rotation.rotate(None, private("A"), public("B"), now=T0 + timedelta(microseconds=999))
    assert chain.to_bytes() == GOLDEN
    assert rotation.parse(GOLDEN) == chain
    (statement,) = chain.statements
    assert (statement.kind, statement.key, statement.next, statement.created) == (
        "rotate",
        public("A"),
        public("B"),
        T0,
    )
    signed = json.loads(GOLDEN)["statements"][0]
    del signed["signature"]
    assert statement.signed_bytes() == (json.dumps(signed, sort_keys=True, separators=(",", ":")) + "\n").encode()
    # the same key given as its text, with a comment, makes the same statement
    again = rotation.rotate(None, private("A"), public("B").line() + " bob@laptop", now=T0)
    assert again.to_bytes() == GOLDEN


def test_the_name_is_one_of_memsyncs_own_sidecars() -> None:
    assert KEYS_NAME == rotation.FILENAME == "memsync-keys.json"
    assert KEYS_NAME in SIDECAR_NAMES and KEYS_NAME in OWN_NAMES
    assert role_of(KEYS_NAME) is Role.OWN and role_of("memsync-keys.json.md") is Role.CONTENT
    assert rotation.MAX_BYTES == SIDECAR_LIMIT


# -- strict parsing -------------------------------------------------------------------


def _canonical(value: object) -> bytes:
    return (json.dumps(value, sort_keys=True, separators=(",", ":")) + "\n").encode()


def _edit(**changes: object) -> bytes:
    data = json.loads(GOLDEN)
    data.update(changes)
    return _canonical(data)


def _edit_statement(**changes: object) -> bytes:
    data = json.loads(GOLDEN)
    data["statements"][0].update(changes)
    for key, value in changes.items():
        if value is _DROP:
            del data["statements"][0][key]
    return _canonical(data)


_DROP = object()


def _without(key: str) -> bytes:
    data = json.loads(GOLDEN)
    del data[key]
    return _canonical(data)


def _rewrapped(width: int) -> str:
    signature = json.loads(GOLDEN)["statements"][0]["signature"]
    body = "".join(signature.split("\n")[1:-2])
    lines = [body[i : i + width] for i in range(0, len(body), width)]
    return "\n".join(["-----BEGIN SSH SIGNATURE-----", *lines, "-----END SSH SIGNATURE-----"]) + "\n"


@functools.cache
def _rsa_line() -> str:
    from cryptography.hazmat.primitives import serialization

    key = rsa.generate_private_key(65537, 2048).public_key()
    return key.public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH).decode()


def _dsa_line() -> str:
    # Any four numbers are a DSA key to OpenSSH's reader, which is all the parser asks of one.
    return PublicKey(sshkey.DSA, (2**1023 + 7, 2**159 + 9, 5, 11)).line()


KEY_A = json.loads(GOLDEN)["statements"][0]["key"]
BAD = {
    "too-large": (GOLDEN[:-2] + b" " * SIDECAR_LIMIT + b"}\n", f"larger than {SIDECAR_LIMIT} bytes"),
    "not-json": (b"format=1\n", "not a JSON key rotation file"),
    "not-utf8": (b'{"format":"\xff"}\n', "not a JSON key rotation file"),
    "deeply-nested": (b"[" * 60_000, "not a JSON key rotation file"),
    "not-an-object": (b"[1]\n", "not a JSON object"),
    "duplicate-key": (GOLDEN[:-2] + b',"format":1}\n', "key 'format' appears twice"),
    "duplicate-key-in-statement": (
        GOLDEN.replace(b'"kind":"rotate",', b'"kind":"rotate","kind":"revoke",'),
        "key 'kind' appears twice",
    ),
    "unknown-key": (_edit(signer="x"), "unknown key 'signer'"),
    "missing-statements": (_without("statements"), "missing statements"),
    "format-string": (_edit(format="1"), "format '1' is not 1"),
    "format-true": (_edit(format=True), "format True is not 1"),
    "format-2": (_edit(format=2), "format 2 is not 1"),
    "format-nan": (GOLDEN.replace(b'"format":1', b'"format":NaN'), "NaN is not a JSON number"),
    "statements-not-a-list": (_edit(statements={}), "statements is not a list"),
    "no-statements": (_edit(statements=[]), "no statements"),
    "statement-not-an-object": (_edit(statements=[1]), "statement 1: not a JSON object"),
    "statement-unknown-key": (_edit_statement(field="diary"), "statement 1: unknown key 'field'"),
    "statement-missing-key": (_edit_statement(created=_DROP), "statement 1: missing created"),
    "kind-unknown": (_edit_statement(kind="retire"), "statement 1: kind 'retire' is not 'rotate' or 'revoke'"),
    "kind-not-a-string": (_edit_statement(kind=["rotate"]), "kind ['rotate'] is not 'rotate' or 'revoke'"),
    "key-not-a-string": (_edit_statement(key=1), "statement 1: key 1 is not an OpenSSH public key"),
    "key-garbage": (_edit_statement(key="ssh-ed25519 AAAA"), "statement 1: key is not an OpenSSH public key"),
    "key-unknown-type": (_edit_statement(key="ssh-foo " + KEY_A.split()[1]), "unknown key type 'ssh-foo'"),
    "key-with-comment": (_edit_statement(key=KEY_A + " alice@laptop"), "is not written 'TYPE BASE64' alone"),
    "key-two-spaces": (_edit_statement(key=KEY_A.replace(" ", "  ")), "is not written 'TYPE BASE64' alone"),
    "key-rsa-sha2-type-name": (
        _edit_statement(key=_rsa_line().replace("ssh-rsa", "rsa-sha2-256")),
        "is not written 'TYPE BASE64' alone (no comment, OpenSSH's type name)",
    ),
    "key-dsa": (_edit_statement(key=_dsa_line()), "statement 1: key: an ssh-dss (DSA) key"),
    "next-null-on-rotate": (_edit_statement(next=None), "statement 1: next None is not an OpenSSH public key"),
    "next-on-revoke": (_edit_statement(kind="revoke"), "statement 1: a revocation has next null"),
    "next-is-key": (_edit_statement(next=KEY_A), "statement 1: a rotation from a key to itself"),
    "created-offset": (_edit_statement(created="2026-12-07T10:00:00+00:00"), "created '2026-12-07T10:00:00+00:00'"),
    "created-not-a-date": (_edit_statement(created="2026-02-30T10:00:00Z"), "is not a real date and time"),
    "created-number": (_edit_statement(created=1), "statement 1: created 1 is not a UTC time"),
    "signature-not-a-string": (_edit_statement(signature=5), "signature is not an armored SSH signature"),
    "signature-garbage": (_edit_statement(signature="hello"), "no BEGIN SSH SIGNATURE line first"),
    "signature-rewrapped": (_edit_statement(signature=_rewrapped(64)), "not armored as ssh-keygen -Y sign writes"),
    "signature-no-final-newline": (
        _edit_statement(signature=_rewrapped(70)[:-1]),
        "not armored as ssh-keygen -Y sign writes",
    ),
    "pretty-printed": (json.dumps(json.loads(GOLDEN), sort_keys=True, indent=1).encode() + b"\n", "canonical form"),
    "keys-unsorted": (
        json.dumps(dict(reversed(json.loads(GOLDEN).items())), separators=(",", ":")).encode() + b"\n",
        "not in canonical form",
    ),
    "no-final-newline": (GOLDEN[:-1], "not in canonical form"),
    "crlf": (GOLDEN[:-1] + b"\r\n", "not in canonical form"),
    "escaped-ascii": (GOLDEN.replace(b'"rotate"', b'"r\\u006ftate"'), "not in canonical form"),
    "escaped-slash": (GOLDEN.replace(b"N/mFP", b"N\\/mFP"), "not in canonical form"),
}


@pytest.mark.parametrize("name", BAD)
def test_strict_parsing_refuses_with_one_line(name: str) -> None:
    data, expected = BAD[name]
    with pytest.raises(InputError) as caught:
        rotation.parse(data)
    message = str(caught.value)
    assert message.startswith("memsync-keys.json: ") and expected in message, message
    assert "\n" not in message
    rotation.parse(GOLDEN)  # the file each row spoils parses as it is


def test_a_certificate_is_no_key_of_a_statement(certificate: PublicKey) -> None:
    data = _edit_statement(key=certificate.line())
    with pytest.raises(InputError, match=r"statement 1: key: a certificate, not a plain key\Z"):
        rotation.parse(data)
    with pytest.raises(InputError, match="a certificate"):
        rotation.rotate(None, private("A"), certificate)


# -- the decision, as a table ------------------------------------------------------------


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> PublicKey:
    """A user certificate for key A, made by ssh-keygen with a CA of its own."""
    where = tmp_path_factory.mktemp("cert")
    (where / "a.pub").write_text(public("A").line() + "\n")
    assert ssh_keygen("-q", "-t", "ed25519", "-N", "", "-f", where / "ca").returncode == 0
    made = ssh_keygen("-q", "-s", where / "ca", "-I", "a", "-n", "publisher", where / "a.pub")
    assert made.returncode == 0, made.stderr
    cert = sshkey.read_text((where / "a-cert.pub").read_bytes())
    assert cert.cert is not None and cert.same_public(public("A"))
    return cert


def _armor(blob: bytes) -> str:
    return rotation._armor(base64.b64encode(blob).decode())


def _sign_with(message: bytes, key: Ed25519PrivateKey, signer_blob: bytes, namespace: str) -> str:
    """SSHSIG made as ssh-keygen makes it, with ``signer_blob`` (a certificate) as the signing key."""
    string = sshsig._string
    raw = key.sign(sshsig._signed_data(message, namespace, "sha512"))
    blob = (
        b"SSHSIG"
        + struct.pack(">I", 1)
        + string(signer_blob)
        + string(namespace.encode())
        + string(b"")
        + string(b"sha512")
        + string(string(b"ssh-ed25519") + string(raw))
    )
    return _armor(blob)


@dataclass(frozen=True)
class Make:
    """How the table writes one statement: ``key`` rotates to ``next`` (None: revokes), signed by
    ``by`` (default: ``key``) in ``namespace``; ``tamper`` changes it after signing; ``cert`` signs
    with key A's certificate."""

    key: str
    next: str | None
    by: str | None = None
    namespace: str = rotation.NAMESPACE
    created: datetime = T0
    tamper: dict[str, object] = field(default_factory=dict)
    cert: bool = False

    def build(self, certificate: PublicKey) -> Statement:
        kind = rotation.ROTATE if self.next else rotation.REVOKE
        draft = Statement(kind, public(self.key), public(self.next) if self.next else None, self.created, "")
        signer = private(self.by or self.key)
        if self.cert:
            signature = _sign_with(draft.signed_bytes(), signer, certificate.blob(), self.namespace)
        else:
            signature = sshsig.sign(draft.signed_bytes(), signer, self.namespace).decode()
        tampered = {k: public(v) if k == "next" and isinstance(v, str) else v for k, v in self.tamper.items()}
        return dataclasses.replace(draft, signature=signature, **tampered)  # type: ignore[arg-type]


def rot(key: str, nxt: str, **how: object) -> Make:
    return Make(key, nxt, **how)  # type: ignore[arg-type]


def rev(key: str, **how: object) -> Make:
    return Make(key, None, **how)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Row:
    statements: list[Make]
    trusted: str = "A"  # one letter a key
    replaced: dict[str, str | None] = field(default_factory=dict)  # trusted key → the key now (None: revoked)
    revoked: str = ""  # newly revoked
    followed: tuple[int, ...] = ()
    refused: dict[int, str] = field(default_factory=dict)  # statement index → a words of its reason
    ignored: tuple[int, ...] = ()
    known_revoked: str = ""


FOLLOW = {
    # rotations that count
    "one-rotation": Row([rot("A", "B")], replaced={"A": "B"}, followed=(0,)),
    "three-rotations": Row([rot("A", "B"), rot("B", "C"), rot("C", "D")], replaced={"A": "D"}, followed=(0, 1, 2)),
    "five-rotations": Row(
        [rot("A", "B"), rot("B", "C"), rot("C", "D"), rot("D", "E"), rot("E", "F")],
        replaced={"A": "F"},
        followed=(0, 1, 2, 3, 4),
    ),
    "trusted-mid-chain": Row(
        [rot("A", "B"), rot("B", "C"), rot("C", "D")], "C", {"C": "D"}, followed=(2,), ignored=(0, 1)
    ),
    "trusted-end-of-chain": Row([rot("A", "B"), rot("B", "C"), rot("C", "D")], "D", ignored=(0, 1, 2)),
    "two-trusted-keys": Row([rot("A", "B"), rot("X", "Y")], "AX", {"A": "B", "X": "Y"}, followed=(0, 1)),
    "two-trusted-come-to-one": Row([rot("A", "C"), rot("C", "D")], "AC", {"A": "D", "C": "D"}, followed=(0, 1)),
    "nothing-trusted": Row([rot("A", "B")], "", ignored=(0,)),
    # revocations
    "self-revocation": Row([rev("A")], replaced={"A": None}, revoked="A", followed=(0,)),
    "revoked-at-the-end": Row(
        [rot("A", "B"), rot("B", "C"), rev("C")], replaced={"A": None}, revoked="C", followed=(0, 1, 2)
    ),
    "revoked-twice": Row(
        [rev("A"), rev("A")], replaced={"A": None}, revoked="A", followed=(0,), refused={1: "revoked"}
    ),
    "revocation-ends-both-that-stand-on-it": Row(
        [rot("A", "C"), rev("C")], "AC", {"A": None, "C": None}, revoked="C", followed=(0, 1)
    ),
    # replays after revocation
    "replayed-rotation-after-a-known-revocation": Row(
        [rot("A", "X")], known_revoked="A", refused={0: "signed by " + "{A}, which is revoked"}
    ),
    "replayed-chain-of-a-revoked-key": Row(
        [rot("A", "B"), rot("B", "C")],
        known_revoked="B",
        refused={0: "rotates {A} to {B}, which is revoked", 1: "signed by {B}, which is revoked"},
    ),
    "rotation-after-a-revocation-in-the-chain-is-a-fork": Row(
        [rev("A"), rot("A", "X")], replaced={"A": None}, revoked="A", refused={0: "fork", 1: "fork"}
    ),
    # rotations that do not count
    "rotation-to-a-known-revoked-key": Row([rot("A", "X")], known_revoked="X", refused={0: "{X}, which is revoked"}),
    "rotation-to-a-key-revoked-before": Row(
        [rev("C"), rot("A", "C")], "AC", {"C": None}, revoked="C", followed=(0,), refused={1: "which is revoked"}
    ),
    "rotation-to-a-key-that-revoked-itself-before": Row(
        [rev("X"), rot("A", "X")], revoked="X", followed=(0,), refused={1: "rotates {A} to {X}, which is revoked"}
    ),
    "a-refused-rotation-still-counts-toward-a-fork": Row(
        [rev("X"), rot("A", "X"), rot("A", "Y")],
        replaced={"A": None},
        revoked="A",
        refused={1: "fork", 2: "fork"},
        ignored=(0,),
    ),
    "revocation-after-the-rotation-to-it": Row(
        [rot("A", "B"), rev("B"), rot("B", "C")],
        replaced={"A": None},
        revoked="B",
        followed=(0,),
        refused={1: "fork", 2: "fork"},
    ),
    "revocation-of-a-key-before-it-is-reached-out-of-order": Row(
        [rot("A", "B"), rev("C"), rot("B", "C")],
        replaced={"A": "B"},
        revoked="C",
        followed=(0, 1),
        refused={2: "which is revoked"},
    ),
    "foreign-revocation": Row([rev("X")], ignored=(0,)),
    "cycle-back-one": Row([rot("A", "B"), rot("B", "A")], replaced={"A": "B"}, followed=(0,), refused={1: "cycle"}),
    "cycle-back-two": Row(
        [rot("A", "B"), rot("B", "C"), rot("C", "A")], replaced={"A": "C"}, followed=(0, 1), refused={2: "cycle"}
    ),
    "a-refused-cycle-then-another-rotation-is-a-fork": Row(
        [rot("A", "B"), rot("B", "A"), rot("B", "C")],
        replaced={"A": None},
        revoked="B",
        followed=(0,),
        refused={1: "fork", 2: "fork"},
    ),
    "out-of-order": Row(
        [rot("B", "C"), rot("A", "B")], replaced={"A": "B"}, followed=(1,), refused={0: "out of order"}
    ),
    "out-of-order-three": Row(
        [rot("C", "D"), rot("B", "C"), rot("A", "B")],
        replaced={"A": "B"},
        followed=(2,),
        refused={1: "out of order"},
        ignored=(0,),
    ),
    "the-same-rotation-again": Row(
        [rot("A", "B"), rot("A", "B", created=T0 + timedelta(days=1))],
        replaced={"A": "B"},
        followed=(0,),
        refused={1: "already rotated away"},
    ),
    # forks: the key is taken as compromised
    "fork": Row([rot("A", "B"), rot("A", "C")], replaced={"A": None}, revoked="A", refused={0: "fork", 1: "fork"}),
    "fork-after-the-chain-moved-on": Row(
        [rot("A", "B"), rot("B", "C"), rot("A", "D")],
        replaced={"A": None},
        revoked="A",
        refused={0: "fork", 2: "fork"},
        ignored=(1,),
    ),
    "fork-seen-by-a-subscriber-already-past-it": Row(
        [rot("A", "B"), rot("B", "C"), rot("A", "D")], "C", ignored=(0, 1, 2)
    ),
    "fork-downstream": Row(
        [rot("A", "B"), rot("B", "C"), rot("B", "D")],
        replaced={"A": None},
        revoked="B",
        followed=(0,),
        refused={1: "fork", 2: "fork"},
    ),
    "fork-before-the-key-is-reached": Row(
        [rot("B", "X"), rot("B", "Y"), rot("A", "B")],
        replaced={"A": None},
        revoked="B",
        followed=(2,),
        refused={0: "fork", 1: "fork"},
    ),
    "rotation-and-revocation-is-a-fork": Row(
        [rot("A", "X"), rev("A")], replaced={"A": None}, revoked="A", refused={0: "fork", 1: "fork"}
    ),
    "fork-of-another-publisher": Row(
        [rot("X", "Y"), rot("X", "Z"), rot("A", "B")], replaced={"A": "B"}, followed=(2,), ignored=(0, 1)
    ),
    # foreign chains
    "foreign-chain": Row([rot("X", "Y"), rot("Y", "Z"), rev("Z")], ignored=(0, 1, 2)),
    "foreign-chain-interleaved": Row(
        [rot("X", "Y"), rot("A", "B"), rot("Y", "Z"), rot("B", "C")],
        replaced={"A": "C"},
        followed=(1, 3),
        ignored=(0, 2),
    ),
    "foreign-bad-signature-ignored": Row([rot("X", "Y", by="Z")], ignored=(0,)),
    # bad signatures
    "tampered-next": Row([rot("A", "B", tamper={"next": "X"})], refused={0: "bad signature: signature does not match"}),
    "tampered-created": Row(
        [rot("A", "B", tamper={"created": T0 + timedelta(seconds=1)})], refused={0: "bad signature: signature does not"}
    ),
    "tampered-kind": Row([rev("A", tamper={"kind": "rotate", "next": "X"})], refused={0: "bad signature"}),
    "signed-by-another-key": Row(
        [rot("A", "X", by="X")], refused={0: "bad signature: made by {X}, not by the statement's key {A}"}
    ),
    "manifest-namespace": Row(
        [rot("A", "B", namespace="memsync")], refused={0: "namespace 'memsync', not 'memsync-keys'"}
    ),
    "git-namespace": Row([rot("A", "B", namespace="git")], refused={0: "namespace 'git', not 'memsync-keys'"}),
    "signed-with-a-certificate": Row([rot("A", "B", cert=True)], refused={0: "bad signature: made with a certificate"}),
    "bad-signature-then-good": Row(
        [rot("A", "X", tamper={"next": "Y"}), rot("A", "B")],
        replaced={"A": "B"},
        followed=(1,),
        refused={0: "bad signature"},
    ),
    "forged-statement-makes-no-fork": Row(
        [rot("A", "B"), rot("A", "X", by="X")], replaced={"A": "B"}, followed=(0,), refused={1: "bad signature"}
    ),
    "forged-revocation-revokes-nothing": Row([rev("A", by="X")], refused={0: "bad signature"}),
    "bad-link-stops-the-chain": Row(
        [rot("A", "B", tamper={"created": T0 + timedelta(days=1)}), rot("B", "C")],
        refused={0: "bad signature"},
        ignored=(1,),
    ),
}


def _fill(text: str) -> str:
    return re.sub(r"\{(\w)\}", lambda m: fp(m.group(1)), text)


@pytest.mark.parametrize("name", FOLLOW)
def test_follow(name: str, certificate: PublicKey) -> None:
    row = FOLLOW[name]
    chain = Chain(tuple(make.build(certificate) for make in row.statements))
    # Parsing keeps every statement as it is: the decision is the same on the file's bytes.
    assert rotation.parse(chain.to_bytes()) == chain
    result = rotation.follow(chain, {fp(k) for k in row.trusted}, {fp(k) for k in row.known_revoked})
    assert result.replaced == {fp(k): public(v) if v else None for k, v in row.replaced.items()}, name
    assert result.revoked == {fp(k) for k in row.revoked}, name
    assert result.followed == row.followed, result.refused
    assert result.ignored == row.ignored, name
    assert {r.index: r.reason for r in result.refused}.keys() == row.refused.keys(), result.refused
    for refused in result.refused:
        assert _fill(row.refused[refused.index]) in refused.reason, (name, refused)
        assert "\n" not in refused.reason and str(refused).startswith(f"statement {refused.index + 1}: ")
    # Every statement has one outcome.
    outcomes = sorted([*result.followed, *result.ignored, *(r.index for r in result.refused)])
    assert outcomes == list(range(len(chain.statements)))
    # Keys and fingerprints are the same to follow.
    same = rotation.follow(chain, [public(k) for k in row.trusted], [public(k) for k in row.known_revoked])
    assert same == result


def test_follow_reads_no_clock_and_changes_nothing(certificate: PublicKey) -> None:
    chain = Chain(tuple(m.build(certificate) for m in (rot("A", "B"), rot("B", "C"))))
    before = chain.to_bytes()
    trusted = {fp("A")}
    first = rotation.follow(chain, trusted)
    assert rotation.follow(chain, trusted) == first and chain.to_bytes() == before and trusted == {fp("A")}


# -- writing a chain ----------------------------------------------------------------------


def test_rotate_and_revoke_build_a_chain_every_reader_follows() -> None:
    chain = rotation.rotate(None, private("A"), public("B"), now=T0)
    chain = rotation.rotate(chain, private("B"), public("C"), now=T0 + timedelta(days=1))
    chain = rotation.rotate(chain, private("C"), public("D"), now=T0 + timedelta(days=2))
    assert rotation.verified(chain.to_bytes()) == chain
    assert rotation.follow(chain, {fp("A")}).replaced == {fp("A"): public("D")}
    assert rotation.follow(chain, {fp("C")}).replaced == {fp("C"): public("D")}
    ended = rotation.revoke(chain, private("D"), now=T0 + timedelta(days=3))
    assert ended.statements[:3] == chain.statements and ended.statements[3].kind == "revoke"
    result = rotation.follow(rotation.parse(ended.to_bytes()), {fp("A"), fp("D")})
    assert result.replaced == {fp("A"): None, fp("D"): None} and result.revoked == {fp("D")}
    assert rotation.revoke(None, private("Q")).statements[0].next is None


def test_a_key_that_rotated_away_may_still_revoke_itself_which_cuts_off_who_had_not_followed() -> None:
    """Stolen after it was retired: its owner ends it. Beside its rotation that is a fork, so a
    subscriber still at that key loses it (and must trust the new key by hand); one who followed
    the rotation keeps the new key."""
    chain = rotation.rotate(None, private("A"), public("B"), now=T0)
    ended = rotation.revoke(chain, private("A"), now=T0)
    follower = rotation.follow(ended, {fp("B")})
    assert follower.replaced == {} and follower.revoked == frozenset(), "A was never this one's: nothing changes"
    straggler = rotation.follow(ended, {fp("A")})
    assert straggler.replaced == {fp("A"): None} and straggler.revoked == {fp("A")}


@pytest.mark.parametrize(
    ("case", "expected"),
    [
        ("old-key-signs-again", f"{{A}} already rotated to {{C}} in this {KEYS_NAME}: sign with it"),
        ("to-itself", "a key cannot rotate to itself"),
        ("back-to-an-earlier-key", "cycle: rotates {C} back to {A}"),
        ("to-a-revoked-key", "which is revoked"),
        ("revoked-key-signs", f"{{R}} is revoked in this {KEYS_NAME}"),
        ("revoked-key-revokes-again", f"{{R}} is revoked in this {KEYS_NAME}"),
        ("behind-a-revoked-key", f"{{Q}} rotated to a key that is revoked in this {KEYS_NAME}"),
        ("certificate-next", "a certificate, not a plain key"),
        ("dsa-next", "an ssh-dss (DSA) key"),
        ("next-not-a-key", "expected an OpenSSH public key"),
    ],
)
def test_rotate_and_revoke_refuse_a_statement_no_subscriber_would_follow(
    case: str, expected: str, certificate: PublicKey
) -> None:
    chain = rotation.rotate(None, private("A"), public("B"), now=T0)
    chain = rotation.rotate(chain, private("B"), public("C"), now=T0)
    chain = rotation.revoke(chain, private("R"), now=T0)
    chain = rotation.rotate(chain, private("Q"), public("R2"), now=T0)
    chain = rotation.revoke(chain, private("R2"), now=T0)
    attempt = {
        "old-key-signs-again": lambda: rotation.rotate(chain, private("A"), public("E")),
        "to-itself": lambda: rotation.rotate(chain, private("C"), public("C")),
        "back-to-an-earlier-key": lambda: rotation.rotate(chain, private("C"), public("A")),
        "to-a-revoked-key": lambda: rotation.rotate(chain, private("C"), public("R")),
        "revoked-key-signs": lambda: rotation.rotate(chain, private("R"), public("E")),
        "revoked-key-revokes-again": lambda: rotation.revoke(chain, private("R")),
        "behind-a-revoked-key": lambda: rotation.rotate(chain, private("Q"), public("E")),
        "certificate-next": lambda: rotation.rotate(chain, private("C"), certificate),
        "dsa-next": lambda: rotation.rotate(chain, private("C"), _dsa_line()),
        "next-not-a-key": lambda: rotation.rotate(chain, private("C"), "ssh-ed25519 nope"),
    }[case]
    with pytest.raises(InputError) as refused:
        attempt()
    assert _fill(expected.replace("{R2}", fp("R2"))) in str(refused.value), str(refused.value)
    assert "\n" not in str(refused.value)
    assert rotation.rotate(chain, private("C"), public("E")).statements[-1].next == public("E")  # the right key may


def test_rotate_refuses_to_extend_a_chain_whose_signatures_do_not_hold(certificate: PublicKey) -> None:
    bad = Chain((rot("A", "B", tamper={"next": "X"}).build(certificate),))
    with pytest.raises(IntegrityError, match=r"statement 1: bad signature: signature does not match"):
        rotation.rotate(bad, private("B"), public("C"))
    with pytest.raises(IntegrityError, match="statement 1: bad signature"):
        rotation.verified(bad.to_bytes())
    assert bad.problems() and rotation.parse(bad.to_bytes()) == bad  # it reads; it does not verify


def test_a_chain_stops_growing_at_the_sidecar_limit() -> None:
    # 100 statements made directly (each rotate checks the whole chain), then rotate to the limit.
    made = [rotation._sign(rotation.ROTATE, private(f"k{i}"), public(f"k{i + 1}"), T0) for i in range(100)]
    chain = Chain(tuple(made))
    for i in range(100, 200):
        try:
            chain = rotation.rotate(chain, private(f"k{i}"), public(f"k{i + 1}"), now=T0)
        except InputError as exc:
            assert f"larger than {SIDECAR_LIMIT} bytes" in str(exc)
            break
    else:
        pytest.fail("a chain of 200 rotations fits in 64 KiB?")
    assert 100 < len(chain.statements) < 200 and len(chain.to_bytes()) <= SIDECAR_LIMIT
    assert rotation.follow(chain, {fp("k0")}).replaced == {fp("k0"): public(f"k{len(chain.statements)}")}


# -- ssh-keygen checks every statement, as docs/FORMAT.md says ------------------------------


def ssh_keygen(
    *args: str | Path, stdin: bytes | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["ssh-keygen", *map(str, args)], input=stdin, capture_output=True, timeout=30, cwd=cwd)


def _documented_checks() -> list[str]:
    """The shell blocks of FORMAT.md's key rotation section: how a user checks one statement."""
    text = (ROOT / "docs" / "FORMAT.md").read_text()
    section = text.split("### Key rotation statements", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.DOTALL)
    assert len(blocks) == 2 and all("ssh-keygen -Y verify" in b for b in blocks), blocks
    return blocks


def _run_documented(block: str, where: Path, n: int) -> subprocess.CompletedProcess[str]:
    script = re.sub(r"^N=1 ", f"N={n} ", block, count=1, flags=re.MULTILINE)
    assert f"N={n} " in script
    return subprocess.run(["bash", "-e", "-c", script], cwd=where, capture_output=True, text=True, timeout=30)


@pytest.fixture
def published(tmp_path: Path) -> tuple[Path, Chain]:
    """A chain of three rotations and a revocation, as a publisher leaves it."""
    chain = rotation.rotate(None, private("A"), public("B"), now=T0)
    chain = rotation.rotate(chain, private("B"), public("C"), now=T0 + timedelta(days=30))
    chain = rotation.rotate(chain, private("C"), public("D"), now=T0 + timedelta(days=60))
    chain = rotation.revoke(chain, private("D"), now=T0 + timedelta(days=90))
    (tmp_path / KEYS_NAME).write_bytes(chain.to_bytes())
    return tmp_path, chain


@pytest.mark.parametrize("tool", ["jq", "python3"])
def test_ssh_keygen_verifies_every_statement_as_the_format_doc_says(tool: str, published: tuple[Path, Chain]) -> None:
    where, chain = published
    block = _documented_checks()[0 if tool == "jq" else 1]
    for n, statement in enumerate(chain.statements, 1):
        (where / "allowed_signers").write_text(f'publisher namespaces="memsync-keys" {statement.key.line()}\n')
        checked = _run_documented(block, where, n)
        assert checked.returncode == 0, (n, checked.stderr)
        assert 'Good "memsync-keys" signature for publisher' in checked.stdout + checked.stderr
        assert (where / "statement.json").read_bytes() == statement.signed_bytes()
        assert (where / "statement.sig").read_text() == statement.signature
        # and not with the next statement's key, nor under the manifests' namespace
        other = chain.statements[n % len(chain.statements)].key.line()
        (where / "allowed_signers").write_text(f'publisher namespaces="memsync-keys" {other}\n')
        assert _run_documented(block, where, n).returncode != 0
        (where / "allowed_signers").write_text(f'publisher namespaces="memsync" {statement.key.line()}\n')
        assert _run_documented(block, where, n).returncode != 0


def test_a_tampered_statement_is_refused_by_memsync_and_by_ssh_keygen(published: tuple[Path, Chain]) -> None:
    where, _ = published
    data = json.loads((where / KEYS_NAME).read_bytes())
    # The second rotation now names the attacker's key: the file still reads, every check refuses it.
    data["statements"][1]["next"] = public("EVIL").line()
    tampered = _canonical(data)
    (where / KEYS_NAME).write_bytes(tampered)
    parsed = rotation.parse(tampered)
    result = rotation.follow(parsed, {fp("A")})
    assert result.replaced == {fp("A"): public("B")} and result.followed == (0,)
    assert [str(r) for r in result.refused] == ["statement 2: bad signature: signature does not match the signed data"]
    assert result.ignored == (2, 3)  # C and D are never reached
    with pytest.raises(IntegrityError, match="statement 2: bad signature"):
        rotation.verified(tampered)
    (where / "allowed_signers").write_text(f'publisher namespaces="memsync-keys" {public("B").line()}\n')
    checked = _run_documented(_documented_checks()[0], where, 2)
    assert checked.returncode != 0 and "Good" not in checked.stdout + checked.stderr
    assert _run_documented(_documented_checks()[0], where, 1).returncode != 0  # statement 1 is A's, not B's


def test_a_statement_signature_is_never_a_manifest_signature_nor_the_reverse(published: tuple[Path, Chain]) -> None:
    where, chain = published
    statement = chain.statements[0]
    # the statement's signature over its bytes does not pass as namespace memsync
    with pytest.raises(IntegrityError, match="namespace 'memsync-keys', not 'memsync'"):
        sshsig.check(statement.signed_bytes(), statement.signature.encode())
    (where / "sig").write_text(statement.signature)
    checked = ssh_keygen("-Y", "check-novalidate", "-n", "memsync", "-s", where / "sig", stdin=statement.signed_bytes())
    assert checked.returncode != 0
    # a manifest-style signature by the same key over the same bytes is no statement's
    forged = dataclasses.replace(statement, signature=sshsig.sign(statement.signed_bytes(), private("A")).decode())
    assert "namespace 'memsync', not 'memsync-keys'" in str(forged.problem())
    assert rotation.follow(Chain((forged,)), {fp("A")}).replaced == {}


def test_memsync_follows_a_statement_that_ssh_keygen_signed_with_an_ecdsa_key(tmp_path: Path) -> None:
    """Any plain key memsync verifies may sign: a statement made with no memsync at all."""
    key = tmp_path / "id_ecdsa"
    assert ssh_keygen("-q", "-t", "ecdsa", "-b", "384", "-N", "", "-C", "old laptop", "-f", key).returncode == 0
    old = sshkey.read_text(Path(f"{key}.pub").read_bytes())
    draft = Statement("rotate", old, public("B"), T0, "")
    signed = ssh_keygen("-Y", "sign", "-f", key, "-n", "memsync-keys", stdin=draft.signed_bytes())
    assert signed.returncode == 0, signed.stderr
    chain = Chain((dataclasses.replace(draft, signature=signed.stdout.decode()),))
    assert rotation.verified(chain.to_bytes()) == chain  # armored exactly as memsync wants it
    assert old.plain_type == "ecdsa-sha2-nistp384"
    assert rotation.follow(chain, {old.fingerprint()}).replaced == {old.fingerprint(): public("B")}
    # an ECDSA key from cryptography as a next key
    from cryptography.hazmat.primitives import serialization

    ecdsa = ec.generate_private_key(ec.SECP256R1()).public_key()
    line = ecdsa.public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH).decode()
    moved = rotation.rotate(None, private("A"), line)
    assert moved.statements[0].next == sshsig.parse_public_key(line)
    assert rotation.parse(moved.to_bytes()) == moved


# -- the sidecar travels --------------------------------------------------------------------


def _signed_field(root: Path, keys: bytes | None, *, pages: dict[str, str] | None = None) -> Path:
    """A field with SHA256SUMS, its signature and release statement, and ``keys`` beside them."""
    field_root = make_field(root, pages or {"a.md": page("A", "alpha"), "b.md": page("B", "beta")})
    from memsync.field import scan

    manifest: Manifest = scan(field_root)
    (field_root / "SHA256SUMS").write_bytes(manifest.to_bytes())
    for name, data in signing.Voucher("f", private("A"))(manifest, {}).items():
        (field_root / name).write_bytes(data)
    if keys is not None:
        (field_root / KEYS_NAME).write_bytes(keys)
    return field_root


@pytest.fixture
def chain_bytes() -> bytes:
    chain = rotation.rotate(None, private("A"), public("B"), now=T0)
    return rotation.rotate(chain, private("B"), public("C"), now=T0).to_bytes()


def _ok(result: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert result.returncode == 0, result.stderr
    return result


def test_a_folder_remote_carries_it_and_drops_it_with_the_version_it_came_with(
    cli: CliRunner, tmp_path: Path, chain_bytes: bytes
) -> None:
    source = _signed_field(tmp_path / "source", chain_bytes)
    remote = tmp_path / "remote"
    _ok(cli("mirror", source, remote))
    assert (remote / KEYS_NAME).read_bytes() == chain_bytes
    ws = tmp_path / "ws"
    ws.mkdir()
    _ok(cli("pull", remote, "--field", "f", "--trust", "self", "--no-index", cwd=ws))
    assert (ws / "f" / KEYS_NAME).read_bytes() == chain_bytes
    assert (ws / "f" / SIGNATURE_NAME).is_file()
    # A new version comes without it: the remote's is deleted at the commit (stale), and the
    # pull takes it out of the live field, where it no longer belongs to SHA256SUMS.
    newer = _signed_field(tmp_path / "newer", None, pages={"a.md": page("A", "alpha, again")})
    _ok(cli("mirror", newer, remote))
    assert not (remote / KEYS_NAME).exists() and (remote / SIGNATURE_NAME).is_file()
    _ok(cli("pull", "f", "--no-index", cwd=ws))
    assert not (ws / "f" / KEYS_NAME).exists()
    assert (ws / "f" / "SHA256SUMS").read_bytes() == (newer / "SHA256SUMS").read_bytes()


def test_an_unsigned_remote_carries_no_keys_file(cli: CliRunner, tmp_path: Path, chain_bytes: bytes) -> None:
    """As with the release statement: what is read beside an unsigned SHA256SUMS is nothing of memsync's."""
    source = _signed_field(tmp_path / "source", chain_bytes)
    remote = tmp_path / "remote"
    _ok(cli("mirror", source, remote))
    (remote / SIGNATURE_NAME).unlink()
    ws = tmp_path / "ws"
    ws.mkdir()
    _ok(cli("pull", remote, "--field", "f", "--trust", "self", "--no-index", cwd=ws))
    assert not (ws / "f" / KEYS_NAME).exists()


def test_an_archive_packs_a_sound_keys_file_and_unpacks_it(cli: CliRunner, tmp_path: Path, chain_bytes: bytes) -> None:
    source = _signed_field(tmp_path / "source", chain_bytes)
    packed = tmp_path / "f.memoryfield.zip"
    _ok(cli("pack", source, "-o", packed))
    with zipfile.ZipFile(packed) as zf:
        assert zf.read(KEYS_NAME) == chain_bytes
    _ok(cli("unpack", packed, tmp_path / "out"))
    assert (tmp_path / "out" / KEYS_NAME).read_bytes() == chain_bytes
    # pulled from the archive, it lands beside the manifest it came with
    ws = tmp_path / "ws"
    ws.mkdir()
    _ok(cli("pull", packed, "--field", "f", "--trust", "self", "--no-index", cwd=ws))
    assert (ws / "f" / KEYS_NAME).read_bytes() == chain_bytes
    # One that does not verify, or does not parse, stays out of the archive (the rest is packed).
    data = json.loads(chain_bytes)
    data["statements"][1]["next"] = public("EVIL").line()
    for case, bad in {"tampered": _canonical(data), "garbage": b"{}\n"}.items():
        (source / KEYS_NAME).write_bytes(bad)
        out = tmp_path / f"{case}.memoryfield.zip"
        _ok(cli("pack", source, "-o", out))
        with zipfile.ZipFile(out) as zf:
            names = set(zf.namelist())
        assert KEYS_NAME not in names and SIGNATURE_NAME in names, case


def test_an_archive_with_an_oversized_keys_file_is_refused(cli: CliRunner, tmp_path: Path) -> None:
    from memsync.archive import pack_files

    packed = pack_files({"a.md": b"# A\n"}, {KEYS_NAME: b"{" + b" " * SIDECAR_LIMIT + b"}"})
    (tmp_path / "big.memoryfield.zip").write_bytes(packed.data)
    result = cli("unpack", tmp_path / "big.memoryfield.zip", tmp_path / "out")
    assert result.returncode != 0 and f"its {KEYS_NAME} is more than the {SIDECAR_LIMIT} bytes" in result.stderr
    assert not (tmp_path / "out").exists()


USER, PASSWORD = "writer", "s3cret-pa55"


@pytest.fixture
def served(tmp_path: Path, chain_bytes: bytes) -> Iterator[tuple[MemsyncServer, Path]]:
    field_root = _signed_field(tmp_path / "srv" / "f", chain_bytes)
    auth = tmp_path / "auth"
    auth.write_text(f"{USER}:{PASSWORD}\n")
    server = MemsyncServer(field_root, log=tmp_path / "serve.log", args=("--auth-file", str(auth), "--no-index"))
    yield server, field_root
    server.stop()


def test_serve_serves_it_with_its_manifest_and_takes_only_a_sound_one(
    served: tuple[MemsyncServer, Path], chain_bytes: bytes, cli: CliRunner, tmp_path: Path
) -> None:
    server, field_root = served
    url = server.url + KEYS_NAME
    got = requests.get(url, timeout=10)
    assert got.status_code == 200 and got.content == chain_bytes
    # pulled over HTTP, it lands in the live field
    ws = tmp_path / "ws"
    ws.mkdir()
    _ok(cli("pull", server.url, "--field", "f", "--trust", "self", "--no-index", cwd=ws))
    assert (ws / "f" / KEYS_NAME).read_bytes() == chain_bytes

    auth = (USER, PASSWORD)
    longer = rotation.rotate(rotation.parse(chain_bytes), private("C"), public("D"), now=T0).to_bytes()
    data = json.loads(longer)
    data["statements"][2]["next"] = public("EVIL").line()
    for body, status in [
        (b"{}\n", 400),  # does not parse
        (longer[:-1], 400),  # not canonical
        (_canonical(data), 409),  # a statement whose signature does not hold
        (b"x" * (1024 * 1024 + 1), 413),
    ]:
        answer = requests.put(url, data=body, auth=auth, timeout=10)
        assert answer.status_code == status, (body[:40], answer.text)
        assert "\n" not in answer.json()["error"]
        assert (field_root / KEYS_NAME).read_bytes() == chain_bytes
    assert requests.put(url, data=longer, timeout=10).status_code == 401
    answer = requests.put(url, data=longer, auth=auth, timeout=10)
    assert answer.status_code == 204, answer.text
    assert requests.get(url, timeout=10).content == longer == (field_root / KEYS_NAME).read_bytes()

    # A write changes the manifest: the sidecars of the old one, this one too, are gone.
    assert requests.put(server.url + "c.md", data=b"# C\n", auth=auth, timeout=10).status_code == 201
    assert requests.get(url, timeout=10).status_code == 404
    assert not (field_root / KEYS_NAME).exists()
    # It vouches for keys, not for a manifest: put back, it is taken beside the new one.
    assert requests.put(url, data=longer, auth=auth, timeout=10).status_code == 204
    assert requests.delete(url, auth=auth, timeout=10).status_code == 204
    assert requests.get(url, timeout=10).status_code == 404
