"""The rules memsync's key and certificate reader (memsync/ssh/sshkey.py) keeps of its own
because cryptography's SSH loader (``load_ssh_public_identity``, ``SSHCertificate``) does
not share them: each case is held to what ssh-keygen itself decides. A row's
``cryptography`` says what that loader (cryptography 50) does with the same key or
certificate; it is not asserted, it is why the reader stays."""

from __future__ import annotations

import base64
import hashlib
import shutil
import struct
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from memsync.errors import InputError, IntegrityError
from memsync.ssh import sshkey, sshsig
from tests.sshsig_support import MESSAGE, armored, mpint, signed_data, string

pytestmark = pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="ssh-keygen is not installed")

CURVES = {"nistp256": ec.SECP256R1(), "nistp384": ec.SECP384R1(), "nistp521": ec.SECP521R1()}


@pytest.mark.parametrize("name", CURVES)
def test_the_curve_orders_are_cryptographys(name: str) -> None:
    order = getattr(CURVES[name], "group_order", None)
    if order is None:
        pytest.skip("this cryptography has no EllipticCurve.group_order")
    assert sshkey._ORDERS[name] == order


def _p521_point(x: int) -> tuple[int, int]:
    """The first point of P-521 whose x is at least ``x`` (p = 2^521 - 1 is 3 mod 4: a root is one power)."""
    curve, p = ec.SECP521R1(), 2**521 - 1
    g = ec.derive_private_key(1, curve).public_key().public_numbers()
    b = (g.y**2 - g.x**3 + 3 * g.x) % p
    while True:
        rhs = (x**3 - 3 * x + b) % p
        y = pow(rhs, (p + 1) // 4, p)
        if y * y % p == rhs:
            return x, y
        x += 1


P521_ORDER = 0x01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFA51868783BF2F966B7FCC0148F709A5D03BB5C9B8899C47AEBB6FB71E91386409  # noqa: E501


@pytest.mark.parametrize(
    ("x", "openssh_reads_it"),
    [
        (P521_ORDER - 1, False),  # x < order - 1 is required, and P-521's field is larger than its order
        (2**270, True),  # 271 bits: over half the order's 521 bits, so in range
        (2**259, False),  # 260 bits: not over half
    ],
    ids=["x-at-order-minus-1", "x-of-271-bits", "x-of-260-bits"],
)
def test_an_ecdsa_point_is_range_checked_as_ssh_keygen_does(x: int, openssh_reads_it: bool, tmp_path: Path) -> None:
    """sshkey_ec_validate_public's checks on a point that is on the curve, where cryptography checks
    only that it is: P-521 is where a wrong order once made memsync refuse and accept the wrong points."""
    x, y = _p521_point(x)
    blob = (
        string(b"ecdsa-sha2-nistp521")
        + string(b"nistp521")
        + string(b"\4" + x.to_bytes(66, "big") + y.to_bytes(66, "big"))
    )
    line = f"ecdsa-sha2-nistp521 {base64.b64encode(blob).decode()}"
    (tmp_path / "key.pub").write_text(line + "\n")
    openssh = subprocess.run(["ssh-keygen", "-l", "-f", tmp_path / "key.pub"], capture_output=True, timeout=60)
    assert (openssh.returncode == 0) is openssh_reads_it, openssh.stderr.decode()
    try:
        sshsig.parse_public_key(line)
        ours = True
    except InputError:
        ours = False
    assert ours is openssh_reads_it


# -- signatures and certificates cryptography's loader reads otherwise -------------------------

# A 1000-bit RSA key: OpenSSH refuses keys under 1024 bits, cryptography reads them (and makes none).
SMALL_RSA_P = 0xFCE5194DC8997AFED70B4DA9ED16187CC1278C4E3B5C4C7057F1AE4C62D458D9F991A9171469A858A94F652223A4C4AD2F497FA5FD34BBD089E646172BC27  # noqa: E501
SMALL_RSA_Q = 0xC47AF2EB9893F6BE5BDCABF51033FC1AA1F8664C9EFE2ABE1ABCAF8261A94CA9E2DDA9BEF5DBEF45EF5882A40B6B3D265119A653EC96E11D14E0D604B9AAF  # noqa: E501


@dataclass(frozen=True)
class Row:
    id: str
    signer: str  # the allowed_signers line after "alice "
    sig: bytes  # armored SSHSIG over MESSAGE in namespace memsync
    expect: bool  # ssh-keygen's verdict, which memsync must share
    cryptography: str  # what cryptography 50's SSH loader does with the key or certificate


def _rows() -> list[Row]:
    ca = Ed25519PrivateKey.generate()
    ca_line = "ssh-ed25519 " + base64.b64encode(_ed25519_blob(ca)).decode()
    holder = Ed25519PrivateKey.generate()
    raw = _raw(holder)

    def cert(name: bytes, key: bytes, **fields: Any) -> bytes:
        return _certificate(name, key, ca_blob=_ed25519_blob(ca), sign=lambda body: _ed25519_sig(ca, body), **fields)

    def by_holder(blob: bytes) -> bytes:
        return armored(blob, _ed25519_sig(holder, signed_data()))

    def ed25519_cert(**fields: Any) -> bytes:
        return by_holder(cert(b"ssh-ed25519-cert-v01@openssh.com", string(raw), **fields))

    sk_cert = cert(b"sk-ssh-ed25519-cert-v01@openssh.com", string(raw) + string(b"ssh:"))
    sk_key = string(b"sk-ssh-ed25519@openssh.com") + string(raw) + string(b"web:x")
    plain = string(b"ssh-ed25519") + string(raw)
    stray = f"ssh-ed25519 {base64.b64encode(plain).decode()}"
    small = rsa.RSAPrivateNumbers(
        SMALL_RSA_P,
        SMALL_RSA_Q,
        d := rsa.rsa_recover_private_exponent(65537, SMALL_RSA_P, SMALL_RSA_Q),
        rsa.rsa_crt_dmp1(d, SMALL_RSA_P),
        rsa.rsa_crt_dmq1(d, SMALL_RSA_Q),
        rsa.rsa_crt_iqmp(SMALL_RSA_P, SMALL_RSA_Q),
        rsa.RSAPublicNumbers(65537, SMALL_RSA_P * SMALL_RSA_Q),
    ).private_key()
    small_blob = string(b"ssh-rsa") + mpint(65537) + mpint(SMALL_RSA_P * SMALL_RSA_Q)
    small_sig = small.sign(signed_data(), padding.PKCS1v15(), hashes.SHA512())
    rsa_ca_blob, short_ca_cert = _rsa_ca_certificate_with_a_short_signature(raw)
    return [
        Row(
            "sk-certificate",
            f"cert-authority {ca_line}",
            _sk_armored(sk_cert, holder, b"ssh:"),
            True,
            "refuses: no sk certificates",
        ),
        Row(
            "sk-application-not-ssh:",
            f"sk-ssh-ed25519@openssh.com {base64.b64encode(sk_key).decode()}",
            _sk_armored(sk_key, holder, b"web:x"),
            True,
            "refuses: the application must start with ssh:",
        ),
        Row(
            "extensions-unsorted",
            f"cert-authority {ca_line}",
            ed25519_cert(extensions=string(b"z@x") + string(b"") + string(b"a@x") + string(b"")),
            True,
            "refuses: not lexically sorted",
        ),
        Row(
            "extensions-repeated",
            f"cert-authority {ca_line}",
            ed25519_cert(extensions=(string(b"a@x") + string(b"")) * 2),
            True,
            "refuses: duplicate name",
        ),
        Row(
            "extension-value-not-a-string",
            f"cert-authority {ca_line}",
            ed25519_cert(extensions=string(b"a@x") + string(b"v")),
            True,
            "refuses: wants a string inside the value",
        ),
        Row(
            "rsa-ca-signature-one-byte-short",
            "cert-authority ssh-rsa " + base64.b64encode(rsa_ca_blob).decode(),
            by_holder(short_ca_cert),
            True,
            "refuses: OpenSSL wants the modulus' length, OpenSSH pads",
        ),
        Row("key-id-inner-nul", f"cert-authority {ca_line}", ed25519_cert(key_id=b"a\0b"), False, "reads it"),
        Row(
            "257-principals",
            f"cert-authority {ca_line}",
            ed25519_cert(principals=[b"alice", *(b"p%d" % i for i in range(256))]),
            False,
            "reads it",
        ),
        Row("base64-stray-character", stray[:30] + "!" + stray[30:], by_holder(plain), False, "reads it"),
        Row(
            "rsa-key-under-1024-bits",
            "ssh-rsa " + base64.b64encode(small_blob).decode(),
            armored(small_blob, string(b"rsa-sha2-512") + string(small_sig)),
            False,
            "reads it",
        ),
    ]


def _raw(key: Ed25519PrivateKey) -> bytes:
    return key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def _ed25519_blob(key: Ed25519PrivateKey) -> bytes:
    return string(b"ssh-ed25519") + string(_raw(key))


def _ed25519_sig(key: Ed25519PrivateKey, data: bytes) -> bytes:
    return string(b"ssh-ed25519") + string(key.sign(data))


def _certificate(
    name: bytes,
    key: bytes,
    *,
    ca_blob: bytes,
    sign: Callable[[bytes], bytes],
    key_id: bytes = b"id",
    principals: Sequence[bytes] = (b"alice",),
    extensions: bytes = b"",
    nonce: bytes = b"\0" * 32,
) -> bytes:
    """A user certificate valid forever, as PROTOCOL.certkeys lays it out."""
    body = (
        string(name)
        + string(nonce)
        + key
        + struct.pack(">QI", 1, 1)
        + string(key_id)
        + string(b"".join(map(string, principals)))
        + struct.pack(">QQ", 0, 2**64 - 1)
        + string(b"")
        + string(extensions)
        + string(b"")
        + string(ca_blob)
    )
    return body + string(sign(body))


def _sk_armored(blob: bytes, key: Ed25519PrivateKey, application: bytes) -> bytes:
    """An SSHSIG as a security key makes it (PROTOCOL.u2f)."""
    flags_counter = struct.pack(">BI", 1, 7)
    presented = hashlib.sha256(application).digest() + flags_counter + hashlib.sha256(signed_data()).digest()
    return armored(blob, string(b"sk-ssh-ed25519@openssh.com") + string(key.sign(presented)) + flags_counter)


def _rsa_ca_certificate_with_a_short_signature(raw: bytes) -> tuple[bytes, bytes]:
    """An RSA CA's certificate whose signature begins with a zero byte, written without it (one in 256 does)."""
    ca = rsa.generate_private_key(65537, 2048)
    numbers = ca.public_key().public_numbers()
    ca_blob = string(b"ssh-rsa") + mpint(numbers.e) + mpint(numbers.n)
    for i in range(1 << 16):
        signature = b""

        def sign(body: bytes) -> bytes:
            nonlocal signature
            signature = ca.sign(body, padding.PKCS1v15(), hashes.SHA512())
            return string(b"rsa-sha2-512") + string(signature.lstrip(b"\0"))

        cert = _certificate(
            b"ssh-ed25519-cert-v01@openssh.com", string(raw), ca_blob=ca_blob, sign=sign, nonce=i.to_bytes(32, "big")
        )
        if signature[0] == 0 and signature[1] != 0:
            return ca_blob, cert
    raise AssertionError("no signature began with a zero byte")


@pytest.fixture(scope="module")
def rows() -> list[Row]:
    return _rows()


ROW_IDS = [
    "sk-certificate",
    "sk-application-not-ssh:",
    "extensions-unsorted",
    "extensions-repeated",
    "extension-value-not-a-string",
    "rsa-ca-signature-one-byte-short",
    "key-id-inner-nul",
    "257-principals",
    "base64-stray-character",
    "rsa-key-under-1024-bits",
]


def test_the_row_ids_are_the_rows(rows: list[Row]) -> None:
    assert [r.id for r in rows] == ROW_IDS


@pytest.mark.parametrize("row_id", ROW_IDS)
def test_verify_matches_ssh_keygen_where_cryptography_reads_otherwise(
    rows: list[Row], row_id: str, tmp_path: Path
) -> None:
    row = next(r for r in rows if r.id == row_id)
    allowed, sig = tmp_path / "allowed_signers", tmp_path / "sig"
    allowed.write_text(f"alice {row.signer}\n")
    sig.write_bytes(row.sig)
    args = ["-Y", "verify", "-f", allowed, "-I", "alice", "-n", "memsync", "-s", sig]
    openssh = subprocess.run(["ssh-keygen", *map(str, args)], input=MESSAGE, capture_output=True, timeout=60)
    assert (openssh.returncode == 0) is row.expect, openssh.stderr.decode()
    try:
        sshsig.verify(MESSAGE, row.sig, sshsig.read_allowed_signers(allowed), principal="alice")
        ours, detail = True, ""
    except (InputError, IntegrityError) as exc:
        ours, detail = False, str(exc)
    assert ours is row.expect, detail
