"""memsync's signature checks against the real ssh-keygen, differentially: generated
allowed_signers files x signatures x asked principals x namespaces x verify times, each
case run through ``ssh-keygen -Y verify`` and ``sshsig.verify``, and the two verdicts must
be the same. No case carries an expected verdict (test_signer_parity's rows do): the grid
is the cross product of the pieces below, so each group also has to produce both verdicts
from ssh-keygen, or agreeing would prove nothing.

Every case where memsync finds the signer itself (no principal asked, as a pull does) is
checked again: ssh-keygen must accept the principal memsync names. The only differences
allowed are the ones docs/FORMAT.md states (``DELIBERATE``); each is asserted to still be
one, so that the list cannot go stale.
"""

from __future__ import annotations

import base64
import itertools
import os
import shutil
import struct
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

from memsync import keyring
from memsync.errors import InputError, IntegrityError
from memsync.ssh import sshsig
from memsync.ssh.allowed_signers import parse_time
from tests.sshsig_support import MESSAGE, World, armored, mpint, security_key_signature, signed_data, ssh_keygen, string

pytestmark = pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="ssh-keygen is not installed")

# Where memsync refuses what ssh-keygen 9.2 accepts, on purpose (docs/FORMAT.md says why).
DELIBERATE = {
    "ed25519-s-plus-l": "an Ed25519 signature whose S is not reduced below the group order (malleable)",
    "armor-over-64k": "a .sig file over 64 KiB",
}
T = TypeVar("T")
ED25519_ORDER = 2**252 + 27742317777372353535851937790883648493
NIST_P256_ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551


@dataclass(frozen=True)
class Case:
    signers: str  # allowed_signers text; {name}, {name_type}, {name_b64} are that key's line and its parts
    sig: str
    principal: str = "alice"
    namespace: str = "memsync"
    verify_time: str | None = None  # as -Overify-time= takes it


# -- the world: keys and signatures ---------------------------------------------------------


def _private(path: Path) -> object:
    return serialization.load_ssh_private_key(path.read_bytes(), password=None)


def _put(world: World, name: str, data: bytes) -> None:
    world.sigs[name] = world.root / f"{name}.sig"
    world.sigs[name].write_bytes(data)


def _crafted(world: World) -> None:
    """Signatures ssh-keygen would not make but reads: hand-built fields around real signatures."""
    alice = _private(world.root / "alice")
    assert isinstance(alice, Ed25519PrivateKey)
    key_blob = base64.b64decode(world.keys["alice"].split()[1])
    good = alice.sign(signed_data())

    def ed25519(
        name: str, *, raw: bytes = good, algorithm: bytes = b"ssh-ed25519", key: bytes = key_blob, **fields: Any
    ) -> None:
        _put(world, name, armored(key, string(algorithm) + string(raw), **fields))

    ed25519("ed25519-crafted")
    ed25519("sshsig-version-0", version=0)
    ed25519("sshsig-version-2", version=2)
    ed25519("reserved-field-set", reserved=b"x")
    ed25519("hash-sha384", hash_name=b"sha384", raw=alice.sign(signed_data(hash_name=b"sha384")))
    ed25519("hash-upper-case", hash_name=b"SHA512", raw=alice.sign(signed_data(hash_name=b"SHA512")))
    # sshbuf_get_cstring allows one NUL as a text field's last byte (and drops it), nowhere else.
    ed25519("hash-trailing-nul", hash_name=b"sha512\0")
    ed25519("namespace-trailing-nul", namespace=b"memsync\0")
    ed25519("namespace-inner-nul", namespace=b"mem\0sync", raw=alice.sign(signed_data(namespace=b"mem\0sync")))
    ed25519("algorithm-trailing-nul", algorithm=b"ssh-ed25519\0")
    ed25519("key-type-trailing-nul", key=string(b"ssh-ed25519\0") + key_blob[15:])
    ed25519("key-type-short-name", key=string(b"ED25519") + key_blob[15:])
    ed25519("key-blob-trailing-byte", key=key_blob + b"\0")
    ed25519("ed25519-short", raw=good[:63])
    ed25519("ed25519-long", raw=good + b"\0")
    ed25519("ed25519-as-sk-algorithm", algorithm=b"sk-ssh-ed25519@openssh.com")
    s_plus_l = int.from_bytes(good[32:], "little") + ED25519_ORDER
    ed25519("ed25519-s-plus-l", raw=good[:32] + s_plus_l.to_bytes(32, "little"))

    rsa_key = _private(world.root / "rsa")
    assert isinstance(rsa_key, rsa.RSAPrivateKey)
    rsa_blob = base64.b64decode(world.keys["rsa"].split()[1])
    for algorithm, digest in (("ssh-rsa", hashes.SHA1()), ("rsa-sha2-256", hashes.SHA256())):
        raw = rsa_key.sign(signed_data(), padding.PKCS1v15(), digest)
        _put(world, f"rsa-crafted-{algorithm}", armored(rsa_blob, string(algorithm.encode()) + string(raw)))
    raw = rsa_key.sign(signed_data(), padding.PKCS1v15(), hashes.SHA512())
    _put(world, "rsa-sig-zero-prefixed", armored(rsa_blob, string(b"rsa-sha2-512") + string(b"\0" + raw)))
    _put(world, "rsa-sig-upper-case-algorithm", armored(rsa_blob, string(b"RSA-SHA2-512") + string(raw)))

    ecdsa_key = _private(world.root / "ecdsa256")
    assert isinstance(ecdsa_key, ec.EllipticCurvePrivateKey)
    ecdsa_blob = base64.b64decode(world.keys["ecdsa256"].split()[1])
    r, s = decode_dss_signature(ecdsa_key.sign(signed_data(), ec.ECDSA(hashes.SHA256())))
    for name, pair in {
        "ecdsa-high-s": mpint(r) + mpint(NIST_P256_ORDER - s),
        "ecdsa-s-plus-n": mpint(r) + mpint(s + NIST_P256_ORDER),
        "ecdsa-zero-padded-r": string(b"\0\0" + r.to_bytes(32, "big")) + mpint(s),
        "ecdsa-trailing-byte": mpint(r) + mpint(s) + b"\0",
    }.items():
        _put(world, name, armored(ecdsa_blob, string(b"ecdsa-sha2-nistp256") + string(pair)))

    ca = _private(world.root / "ca")
    assert isinstance(ca, Ed25519PrivateKey)
    ca_blob = base64.b64decode(world.keys["ca"].split()[1])
    for name, principals in {
        "cert-crafted": [b"alice"],
        "cert-principal-trailing-nul": [b"alice\0"],
        "cert-principal-inner-nul": [b"ali\0ce"],
    }.items():
        holder = Ed25519PrivateKey.generate()
        raw = holder.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        body = (
            string(b"ssh-ed25519-cert-v01@openssh.com")
            + string(b"\0" * 32)
            + string(raw)
            + struct.pack(">QI", 1, 1)
            + string(name.encode())
            + string(b"".join(map(string, principals)))
            + struct.pack(">QQ", 0, 2**64 - 1)
            + string(b"") * 3
            + string(ca_blob)
        )
        cert = body + string(string(b"ssh-ed25519") + string(ca.sign(body)))
        _put(world, name, armored(cert, string(b"ssh-ed25519") + string(holder.sign(signed_data()))))


def _armor_variants(world: World) -> None:
    """The same good signature with its armour damaged or reflowed, as editors and uploads do it."""
    good = world.sigs["alice"].read_bytes()
    lines = good.split(b"\n")
    head, body_lines, end = lines[0], lines[1:-2], lines[-2]
    body = b"".join(body_lines)

    def wrapped(width: int) -> bytes:
        return b"\n".join([head, *(body[i : i + width] for i in range(0, len(body), width)), end, b""])

    variants = {
        "armor-one-line": wrapped(len(body)),
        "armor-64-columns": wrapped(64),
        "armor-1-column": wrapped(1),
        "armor-spaces-after-lines": b"\n".join([head, *(line + b"  " for line in body_lines), end, b""]),
        "armor-cr-after-lines": b"\n".join([head, *(line + b"\r" for line in body_lines), end, b""]),
        "armor-tab-in-body": good.replace(body_lines[0], body_lines[0][:5] + b"\t" + body_lines[0][5:]),
        "armor-vt-ff-in-body": good.replace(body_lines[0], body_lines[0][:5] + b"\x0b\x0c" + body_lines[0][5:]),
        "armor-blank-line-before-end": good.replace(b"\n-----END", b"\n\n-----END"),
        "armor-crlf": good.replace(b"\n", b"\r\n"),
        "armor-cr-after-begin": good.replace(b"-----\n", b"-----\r\n", 1),
        "armor-leading-space": b" " + good,
        "armor-bom": b"\xef\xbb\xbf" + good,
        "armor-begin-lower-case": good.replace(b"BEGIN SSH", b"begin SSH"),
        "armor-end-lower-case": good.replace(b"END SSH", b"end SSH"),
        "armor-end-indented": good.replace(b"\n-----END", b"\n -----END"),
        "armor-no-final-newline": good.rstrip(b"\n"),
        "armor-text-after-end-line": good + b"hello\n",
        "armor-text-on-end-line": good.rstrip(b"\n") + b"xyz\n",
        "armor-nul-after-end": good + b"\0",
        "armor-twice": good + good,
        "armor-end-line-twice": good.replace(b"\n-----END", b"\n-----END SSH SIGNATURE-----\n-----END", 1),
        "armor-nul-before-end": good.replace(b"\n-----END", b"\0\n-----END"),
        "armor-nul-inside": good.replace(body_lines[0], body_lines[0] + b"\0"),
        "armor-extra-padding": good.replace(b"\n-----END", b"=\n-----END"),
        "armor-base64url": good.replace(b"+", b"-").replace(b"/", b"_"),
        "armor-data-after-base64": good.replace(b"\n-----END", b"AAAA\n-----END"),
        "armor-non-ascii-space": good.replace(b"\n-----END", b"\xc2\xa0\n-----END"),
        "armor-body-cut": b"\n".join([head, body[:-8], end, b""]),
        "armor-over-64k": good + b"x" * (64 * 1024),
    }
    for name, data in variants.items():
        _put(world, name, data)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> World:
    w = World(tmp_path_factory.mktemp("differential"), {}, {})
    root = w.root

    def each(*calls: Callable[[], object]) -> None:
        """Independent ssh-keygen runs at once: most of their time is start-up."""
        with ThreadPoolExecutor(8) as pool:
            for future in [pool.submit(call) for call in calls]:
                future.result()

    each(
        partial(w.key, "alice", "-t", "ed25519"),
        partial(w.key, "stranger", "-t", "ed25519"),
        partial(w.key, "ca", "-t", "ed25519"),
        partial(w.key, "rsa", "-t", "rsa", "-b", "2048"),
        *(partial(w.key, f"ecdsa{bits}", "-t", "ecdsa", "-b", bits) for bits in ("256", "384", "521")),
        partial(w.key, "ecdsa-ca", "-t", "ecdsa", "-b", "384"),
    )
    ca, rsa_key = root / "ca", root / "rsa"
    each(
        partial(w.sign, "alice", root / "alice"),
        partial(w.sign, "alice-git", root / "alice", "git"),
        partial(w.sign, "alice-sha256", root / "alice", "memsync", "-Ohashalg=sha256"),
        partial(w.sign, "rsa", rsa_key),
        partial(w.sign, "rsa-sha256", rsa_key, "memsync", "-Ohashalg=sha256"),
        *(partial(w.sign, f"ecdsa{bits}", root / f"ecdsa{bits}") for bits in ("256", "384", "521")),
        partial(w.sign, "ca-bare", ca),
        partial(w.certify, "cert", ca, "-n", "alice,alice smith", "-V", "20200101:20990101"),
        partial(w.certify, "cert-star", ca, "-n", "*", "-V", "20200101:20990101"),
        partial(w.certify, "cert-options", ca, "-n", "alice", "-O", "force-command=/bin/true", "-O", "critical:x=1"),
        partial(w.certify, "cert-no-extensions", ca, "-n", "alice", "-O", "clear", "-O", "extension:x@example.com"),
        partial(w.certify, "cert-expired", ca, "-n", "alice", "-V", "20200101:20210101"),
        partial(w.certify, "cert-host", ca, "-h", "-n", "alice"),
        partial(w.certify, "cert-no-principals", ca),
        partial(w.certify, "cert-ecdsa-ca", root / "ecdsa-ca", "-n", "alice"),
        partial(w.certify, "cert-ssh-rsa-ca", rsa_key, "-t", "ssh-rsa", "-n", "alice"),
    )
    for kind in ("ed25519", "ecdsa"):
        w.keys[f"sk-{kind}"], data = security_key_signature(kind, 1)
        _put(w, f"sk-{kind}", data)
    memsync_key = root / "memsync-key"
    w.keys["memsync"] = sshsig.public_line(keyring.generate(memsync_key))
    _put(w, "memsync", sshsig.sign(MESSAGE, sshsig.load_private_key(memsync_key)))
    _crafted(w)
    _armor_variants(w)
    return w


# -- the grid ---------------------------------------------------------------------------------

PRINCIPAL_WORDS = [
    "alice",
    '"alice smith"',
    '"alice  smith"',
    '"alice\tsmith"',
    '"alice, bob"',
    '"bob,alice"',
    "alice,bob",
    '"alice smith",bob',
    'al"ice smith"',
    '"alice smith"bob',
    '"alice smith',
    "alice\\ smith",
    "'alice smith'",
    '""',
    '"#alice"',
    "ALICE",
    "*",
    "a*",
    "?lice",
    "*,!alice",
    "!alice,*",
    "!*",
    "élise,?lise",
    ",*",
    "bob,,alice",
]
ASKED = ["alice", "alice smith", "alice, bob", "bob", "alice,bob", "alice\tsmith", "élise"]

OPTIONS = [
    "",
    'namespaces="memsync"',
    'namespaces="git,memsync"',
    'namespaces="git, memsync"',
    'namespaces="a b,memsync"',
    'namespaces="mem*"',
    'namespaces="*,!memsync"',
    'namespaces="!git,*"',
    'namespaces="memsync,"',
    'namespaces=",memsync"',
    'namespaces=""',
    'namespaces="\\"memsync\\""',
    'namespaces="mem\\"sync"',
    'namespaces="memsync\\"',
    'namespaces="memsync",namespaces="git"',
    "namespaces=memsync",
    'namespaces ="memsync"',
    'namespaces="memsync"x',
    'NaMeSpAcEs="memsync"',
    '"namespaces=memsync"',
    "cert-authority",
    "CERT-Authority",
    "cert-authority,cert-authority",
    "cert-authorityx",
    "cert-authority=yes",
    ",cert-authority",
    "cert-authority,",
    ",,",
    'cert-authority,namespaces="memsync"',
    'Namespaces="git",CERT-AUTHORITY',
    'namespaces="memsync",valid-after="20200101",VALID-BEFORE="20990101Z"',
    "no-touch-required",
    "verify-required",
]
# Signature and asked namespace: the signer's own, another namespace's line, a mismatch.
NAMESPACE_PAIRS = [("alice", "memsync"), ("alice", "git"), ("alice-git", "git"), ("alice-git", "memsync")]

TIMES = [
    "20200101",
    "20200101Z",
    "20200101z",
    "20200101UTC",
    "20200101utc",
    "20200101Utc",
    "202001010500",
    "202001010500Z",
    "20200101050000",
    "20200101050000Z",
    "2020010105",
    "2020010105Z",
    "20200101000000000",
    "2020-01-01",
    "20200101T050000",
    "20200101+0000",
    "20200101 UTC",
    "20200101 Z",
    "20200101ZZ",
    "20200101GMT",
    " 20200101",
    "20200101 ",
    "2020 101",
    "+2020101",
    "20201301",
    "20200132",
    "20191232",
    "20200101240000",
    "20191231235960",
    "20191231235961",
    "20191231235962",
    "19700101Z",
    "19700101000001Z",
    "99991231235959Z",
    "",
    "Z",
    "1",
    "２0200101",
]
# New York in winter is UTC-5: "20200101" there is 05:00Z, a second after the first.
VERIFY_TIMES = ["20200101045959Z", "20200101050000Z", "20200101120000Z"]
# Summer: local times are still read as standard time (tm_isdst=0).
SUMMER_TIMES = ["20200701", "202007010400", "20200701040000Z", "20200308023000", "20201101013000"]
SUMMER_VERIFY_TIMES = ["20200701045959Z", "20200701050000Z", "20200701", "20200308073000Z"]

# One key line (or several), every way it is written; asked for alice and bob, by two key types.
KEY_LINES = [
    "alice {alice_type}  {alice_b64}",
    "alice\t{alice_type}\t{alice_b64}\tcomment",
    'alice {alice} comment "quoted" here',
    "alice {alice_type} {alice_b64}#comment",
    "\talice {alice}",
    "  alice   {alice}   ",
    "alice {alice}\r",
    "alice {alice} \r",
    "alice\r{alice}",
    "alice {alice}\rbob {alice}",
    "alice {alice}\r\r",
    "alice\x0b{alice}",
    "alice {alice_type}\x0b{alice_b64}",
    "alice {alice}\0junk",
    "alice\0 {alice}",
    "\ufeffalice {alice}",
    "alice SSH-ED25519 {alice_b64}",
    "alice ED25519 {alice_b64}",
    "alice ssh-ed25519-cert-v01@openssh.com {alice_b64}",
    "alice {alice_type} {alice_b64}=",
    "alice {rsa_type} {alice_b64}",
    "alice rsa-sha2-256 {rsa_b64}",
    "alice rsa-sha2-512 {rsa_b64}",
    "alice ecdsa-sha2-nistp384 {ecdsa256_b64}",
    "alice {alice_type}",
    "alice",
    "alice {alice_type}\n{alice_b64}",
    'alice namespaces="memsync"\t{alice}',
    'alice namespaces="memsync"  {alice}',
    'alice namespaces="mem sync"x {alice}',
    'alice namespaces="memsync"',
    'alice namespaces="memsync"\r {alice}',
    'alice namespaces="mem\rsync" {alice}',
    '"alice smith" {alice}\r\n',
    "bob {alice}\nalice {alice}",
    "alice {alice}\nbob {alice}",
    "alice,bob {alice}\nbob {rsa}",
    'alice namespaces="git" {alice}\nalice {alice}',
    'alice namespaces="git" {alice}\nbob namespaces="memsync" {alice}',
    'alice valid-before="20000101Z" {alice}\nbob {alice}\nalice namespaces="memsync" {alice}',
    "alice {stranger}\nalice {alice}",
    "alice {alice}\r\nbob {stranger}\r\n",
    "# team\r\n\r\n  # indented\r\n\talice {alice}\r\n",
    "\r\nalice {alice}",
    'alice namespaces="git",valid-after="20200101" {alice}\r\nalice {alice}\r\n',
    "alice cert-authority {alice}\nalice {alice}",
    "alice cert-authority {alice}",
    "alice octopus {alice}\nbob {alice}",
    '"alice {alice}\nbob {alice}',
    "*,!bob {alice}",
    "!bob,a* {alice}",
    "# alice {alice}",
    "#alice {alice}",
]

CA_PRINCIPALS = ["alice", '"alice smith"', "*", "a*", "alice,!bob", "bob", '"alice smith,bob"']
CERT_SIGS = [
    "cert",
    "cert-star",
    "cert-options",
    "cert-no-extensions",
    "cert-expired",
    "cert-host",
    "cert-no-principals",
    "cert-ecdsa-ca",
    "cert-ssh-rsa-ca",
    "ca-bare",
    "alice",
    "cert-crafted",
    "cert-principal-trailing-nul",
    "cert-principal-inner-nul",
]
PLAIN_KEYS = ["alice", "stranger", "rsa", "ecdsa256", "ecdsa384", "ecdsa521", "sk-ed25519", "sk-ecdsa", "memsync"]


def _groups(world: World) -> dict[str, list[Case]]:
    made = [
        "alice",
        "alice-sha256",
        "rsa",
        "rsa-sha256",
        "ecdsa256",
        "ecdsa384",
        "ecdsa521",
        "ca-bare",
        *PLAIN_KEYS[-3:],
    ]
    every_key = "\n".join(f"alice {{{k}}}" for k in PLAIN_KEYS)
    ca_lines = (
        '{p} cert-authority {{ca}}\n{p} cert-authority {{ecdsa-ca}}\n{p} CERT-AUTHORITY,namespaces="memsync" {{rsa}}'
    )
    return {
        "principals": [Case(f"{p} {{alice}}", "alice", a) for p, a in itertools.product(PRINCIPAL_WORDS, ASKED)],
        "options": [
            Case(f"alice {o} {{alice}}\nalice {o} {{ca}}", sig, namespace=ns)
            for o, (sig, ns) in itertools.product(OPTIONS, [*NAMESPACE_PAIRS, ("cert", "memsync")])
        ],
        # valid-after at three instants (local midnight, Z midnight, noon), valid-before at one: the
        # same reading of the time serves both, and test_signer_parity has their edges.
        "times": [
            Case(f'alice {option}="{t}" {{alice}}', "alice", verify_time=vt)
            for t in TIMES
            for option, vt in [*(("valid-after", vt) for vt in VERIFY_TIMES), ("valid-before", VERIFY_TIMES[1])]
        ]
        + [
            Case(f'alice {option}="{t}" {{alice}}', "alice", verify_time=vt)
            for t, option, vt in itertools.product(SUMMER_TIMES, ["valid-after", "valid-before"], SUMMER_VERIFY_TIMES)
        ],
        # Each key type against each signature ssh-keygen (or memsync) made; the crafted and
        # re-armoured ones against a file that lists every key.
        "keys": [Case(f"alice {{{k}}}", sig) for k, sig in itertools.product(PLAIN_KEYS, made)]
        + [Case(every_key, sig) for sig in world.sigs if sig not in made and not sig.startswith("cert")],
        "key-lines": [
            Case(line, sig, principal)
            for line in KEY_LINES
            for sig, principal in [("alice", "alice"), ("alice", "bob"), ("rsa", "alice")]
        ],
        "certificates": [
            Case(ca_lines.format(p=p), sig, a)
            for p, a, sig in itertools.product(CA_PRINCIPALS, ["alice", "alice smith"], CERT_SIGS)
        ]
        + [
            Case(f"alice {{{k}}}", sig)
            for k, sig in itertools.product(["cert-cert", "cert-star-cert", "ca", "ecdsa-ca"], CERT_SIGS)
        ],
    }


# -- running both -------------------------------------------------------------------------------


def _text(world: World, template: str) -> bytes:
    values: dict[str, str] = {}
    for name, line in world.keys.items():
        values.update({name: line, f"{name}_type": line.split()[0], f"{name}_b64": line.split()[1]})
    return (template.format_map(values) + "\n").encode("utf-8", "surrogateescape")


def _files(world: World, cases: list[Case], root: Path) -> list[Path]:
    """Each case's allowed_signers file."""
    files = [root / f"allowed_signers.{i}" for i in range(len(cases))]
    for path, case in zip(files, cases, strict=True):
        path.write_bytes(_text(world, case.signers))
    return files


def _parallel(function: Callable[[int], T], count: int) -> list[T]:
    """ssh-keygen runs mostly wait on process start-up: eight at a time keep two cores busy."""
    with ThreadPoolExecutor(8) as pool:
        return list(pool.map(function, range(count)))


def _openssh(files: list[Path], world: World, cases: list[Case], tz: str | None) -> list[bool]:
    env = {"TZ": tz} if tz else None

    def run(i: int) -> bool:
        case = cases[i]
        when = [f"-Overify-time={case.verify_time}"] if case.verify_time else []
        args = ["-Y", "verify", "-f", files[i], "-I", case.principal, "-n", case.namespace, "-s", world.sigs[case.sig]]
        return ssh_keygen(*args, *when, stdin=MESSAGE, env=env).returncode == 0

    return _parallel(run, len(cases))


def _memsync(world: World, signers: bytes, case: Case, principal: str | None) -> str | None:
    """The principal memsync accepts the signature for, or None."""
    try:
        found = sshsig.verify(
            MESSAGE,
            world.sigs[case.sig].read_bytes(),
            sshsig.parse_allowed_signers(signers)[0],
            case.namespace,
            principal=principal,
            verify_time=parse_time(case.verify_time) if case.verify_time else None,
        )
    except (IntegrityError, InputError):
        return None
    return found.principal


@pytest.fixture
def zone() -> Iterator[Callable[[str | None], None]]:
    """Sets TZ for memsync as the case sets it for ssh-keygen (allowed_signers times are local)."""
    saved = os.environ.get("TZ")

    def use(tz: str | None) -> None:
        if tz:
            os.environ["TZ"] = tz
            time.tzset()

    yield use
    if saved is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = saved
    time.tzset()


def _compare(world: World, cases: list[Case], root: Path, tz: str | None = None) -> tuple[list[str], list[bool]]:
    """The disagreements, and ssh-keygen's verdicts."""
    files = _files(world, cases, root)
    openssh = _openssh(files, world, cases, tz)
    problems, named = [], []
    for path, case, theirs in zip(files, cases, openssh, strict=True):
        signers = path.read_bytes()
        ours = _memsync(world, signers, case, case.principal) is not None
        if ours != theirs and not (theirs and case.sig in DELIBERATE):
            problems.append(f"ssh-keygen {'accepts' if theirs else 'refuses'}, memsync does not: {case}")
        found = _memsync(world, signers, case, None)
        if found is None and theirs and case.sig not in DELIBERATE:
            problems.append(f"memsync finds no signer where ssh-keygen accepts {case.principal!r}: {case}")
        elif found is not None and not (theirs and found == case.principal):  # else already run
            named.append((path, Case(case.signers, case.sig, found, case.namespace, case.verify_time)))
    # The signer memsync names when none is asked must be one ssh-keygen accepts.
    again = _openssh([p for p, _ in named], world, [c for _, c in named], tz)
    problems += [
        f"ssh-keygen refuses the principal memsync named: {c}"
        for (_, c), ok in zip(named, again, strict=True)
        if not ok
    ]
    return problems, openssh


GROUPS = ["principals", "options", "times", "keys", "key-lines", "certificates"]
ZONES = {"times": "America/New_York"}


@pytest.mark.parametrize("group", GROUPS)
def test_memsync_agrees_with_ssh_keygen(
    world: World, group: str, tmp_path: Path, zone: Callable[[str | None], None]
) -> None:
    cases = _groups(world)[group]
    zone(ZONES.get(group))
    problems, verdicts = _compare(world, cases, tmp_path, ZONES.get(group))
    assert not problems, f"{len(problems)} of {len(cases)} cases disagree:\n" + "\n".join(problems[:30])
    accepted = sum(verdicts)
    assert 0.05 * len(cases) < accepted < 0.95 * len(cases), f"{accepted} of {len(cases)}: the group proves little"


def test_the_deliberate_differences_are_still_differences(world: World, tmp_path: Path) -> None:
    """docs/FORMAT.md names each difference; once ssh-keygen refuses one too, or memsync accepts
    it, that text and DELIBERATE are wrong."""
    cases = [Case("alice {alice}", sig) for sig in DELIBERATE]
    files = _files(world, cases, tmp_path)
    assert _openssh(files, world, cases, None) == [True] * len(cases)
    for path, case in zip(files, cases, strict=True):
        assert _memsync(world, path.read_bytes(), case, "alice") is None, DELIBERATE[case.sig]


def test_check_novalidate_and_find_principals_agree(world: World, tmp_path: Path) -> None:
    """`-Y check-novalidate` (the signature alone) on every signature here, and `-Y find-principals`
    on every key-line file and CA file with the signatures they concern."""
    names = sorted(world.sigs)

    def checked(i: int) -> bool:
        return (
            ssh_keygen("-Y", "check-novalidate", "-n", "memsync", "-s", world.sigs[names[i]], stdin=MESSAGE).returncode
            == 0
        )

    problems = []
    for name, theirs in zip(names, _parallel(checked, len(names)), strict=True):
        try:
            sshsig.check(MESSAGE, world.sigs[name].read_bytes())
            ours = True
        except (IntegrityError, InputError):
            ours = False
        if ours != theirs and not (theirs and name in DELIBERATE):
            problems.append(f"check-novalidate {name}: ssh-keygen {theirs}, memsync {ours}")
    groups = _groups(world)
    cases = [c for c in groups["key-lines"] + groups["certificates"] if c.principal == "alice"]
    files = _files(world, cases, tmp_path)

    def find(i: int) -> list[str]:
        done = ssh_keygen("-Y", "find-principals", "-f", files[i], "-s", world.sigs[cases[i].sig])
        return done.stdout.decode().splitlines() if done.returncode == 0 else []

    printed = _parallel(find, len(cases))
    for i, case in enumerate(cases):
        signers = sshsig.parse_allowed_signers(files[i].read_bytes())[0]
        try:
            ours = sshsig.find_principals(world.sigs[case.sig].read_bytes(), signers)
        except InputError:  # a signature that does not read: ssh-keygen prints no one
            ours = []
        if ours != printed[i]:
            problems.append(f"find-principals {case}: ssh-keygen {printed[i]}, memsync {ours}")
    assert not problems, "\n".join(problems)
