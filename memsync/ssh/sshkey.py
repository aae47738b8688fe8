"""OpenSSH public keys and certificates, read as OpenSSH 9.2's sshkey.c reads
them, and their signatures checked with cryptography.

Wire forms (RFC 4253 §6.6, RFC 5656, RFC 8709, PROTOCOL.u2f, PROTOCOL.certkeys);
``string`` is a uint32 length then bytes, ``mpint`` a two's-complement string:

    ssh-ed25519                 string(name) string(32-byte key)
    ssh-rsa                     string(name) mpint(e) mpint(n)
    ecdsa-sha2-nistpNNN         string(name) string(curve) string(uncompressed point)
    sk-ssh-ed25519@openssh.com  as ssh-ed25519, then string(application)
    sk-ecdsa-sha2-nistp256@…    as ecdsa, then string(application)
    ssh-dss                     string(name) mpint(p) mpint(q) mpint(g) mpint(y)
    NAME-cert-v01@openssh.com   string(name) string(nonce) <the key's fields>
                                uint64(serial) uint32(type: 1 user, 2 host) string(key id)
                                string(principals) uint64(valid after) uint64(valid before)
                                string(critical options) string(extensions) string(reserved)
                                string(CA key) string(CA signature over everything before it)

A signature is ``string(algorithm) string(bytes)``; security-key (sk) ones add
``byte(flags) uint32(counter)`` and sign ``SHA-256(application) || flags ||
counter || SHA-256(data)``. DSA keys are read (so a file that lists one still
parses as OpenSSH parses it) but their signatures are refused: DSA is
1024-bit SHA-1, disabled by OpenSSH since 7.0 and removed in 9.8.

cryptography does the arithmetic: the key objects, point decoding and verify() for
Ed25519, RSA PKCS#1 v1.5 and ECDSA. Its own SSH loader (load_ssh_public_identity,
SSHCertificate; checked at 50.0) does not read keys as OpenSSH does, so the reader
here stays: it drops a security key's application (part of the key to sshkey_equal)
and has no sk certificates or signatures; it takes only canonical type names (not
rsa-sha2-512, ED25519 or a trailing NUL) and base64 loosely; of certificates it
refuses what ssh-keygen takes (extensions unsorted, repeated or with bare values, an
RSA CA signature shorter than its modulus) and takes what ssh-keygen refuses (NUL in
the key id or a principal, over 256 principals); of keys, RSA under 1024 bits and
ECDSA points outside OpenSSH's range. Each case is held to ssh-keygen by
tests/test_sshkey_openssh.py or the signer parity and differential tables.
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import struct
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..errors import InputError

# cryptography is imported where a key or signature is checked: it takes longer
# to import than a whole status or push of a field that nobody signs.
if TYPE_CHECKING:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec

MAX_BIGNUM_BYTES = 16384 // 8  # SSHBUF_MAX_BIGNUM
MAX_CERT_PRINCIPALS = 256  # SSHKEY_CERT_MAX_PRINCIPALS
MIN_RSA_BITS = 1024  # SSH_RSA_MINIMUM_MODULUS_SIZE
CERT_USER, CERT_HOST = 1, 2

ED25519 = "ssh-ed25519"
SK_ED25519 = "sk-ssh-ed25519@openssh.com"
RSA = "ssh-rsa"
DSA = "ssh-dss"
SK_ECDSA = "sk-ecdsa-sha2-nistp256@openssh.com"
WEBAUTHN = "webauthn-sk-ecdsa-sha2-nistp256@openssh.com"


@dataclass(frozen=True)
class _Curve:
    curve: ec.EllipticCurve
    hash: hashes.HashAlgorithm
    order: int


# The NIST curves OpenSSH reads, by its names for them, and their orders (SEC 2): cryptography 42,
# the oldest memsync takes, has no EllipticCurve.group_order (tests hold these to newer ones').
_ORDERS = {
    "nistp256": 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551,
    "nistp384": 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973,
    "nistp521": (
        0x01FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFA51868783BF2F966B7FCC0148F709A5D03BB5C9B8899C47AEBB6FB71E91386409
    ),
}


@functools.cache
def _curve(name: str) -> _Curve:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec

    curve, digest = {
        "nistp256": (ec.SECP256R1(), hashes.SHA256()),
        "nistp384": (ec.SECP384R1(), hashes.SHA384()),
        "nistp521": (ec.SECP521R1(), hashes.SHA512()),
    }[name]
    return _Curve(curve, digest, _ORDERS[name])


_ECDSA = {f"ecdsa-sha2-{curve}": curve for curve in _ORDERS}

# Every key type name OpenSSH 9.2 reads (its keyimpls[] table), mapped to
# (plain type, is a certificate). rsa-sha2-* and webauthn-* are signature
# algorithm names that OpenSSH also accepts as key type names.
_PLAIN_TYPES = [ED25519, SK_ED25519, *_ECDSA, SK_ECDSA, DSA, RSA]


def _cert_name(plain: str) -> str:
    return plain.removesuffix("@openssh.com") + "-cert-v01@openssh.com"


TYPE_NAMES: dict[str, tuple[str, bool]] = {
    **{name: (name, False) for name in _PLAIN_TYPES},
    **{_cert_name(name): (name, True) for name in _PLAIN_TYPES},
    "rsa-sha2-256": (RSA, False),
    "rsa-sha2-512": (RSA, False),
    "rsa-sha2-256-cert-v01@openssh.com": (RSA, True),
    "rsa-sha2-512-cert-v01@openssh.com": (RSA, True),
    WEBAUTHN: (SK_ECDSA, False),
}
# Inside a blob OpenSSH also takes the short names of plain types, in any case
# (sshkey_type_from_name); ECDSA's fail later for want of a curve, so they are left out.
_SHORT_NAMES = {"ED25519": ED25519, "ED25519-SK": SK_ED25519, "RSA": RSA, "DSA": DSA}


def string(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


def _mpint_bytes(value: int) -> bytes:
    raw = value.to_bytes((value.bit_length() + 7) // 8, "big")
    return b"\0" + raw if raw and raw[0] & 0x80 else raw


def _encode(fields: tuple[int | bytes, ...]) -> bytes:
    return b"".join(string(_mpint_bytes(f)) if isinstance(f, int) else string(f) for f in fields)


class Malformed(InputError):
    """Bytes that are not what OpenSSH would read as a key, certificate or signature."""


class Reader:
    """sshbuf's getters: every read past the end, or a rule OpenSSH enforces, raises Malformed."""

    def __init__(self, data: bytes, what: str) -> None:
        self.data, self.pos, self.what = data, 0, what

    def take(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise Malformed(f"{self.what} is truncated")
        chunk = self.data[self.pos : self.pos + n]
        self.pos += n
        return chunk

    def u8(self) -> int:
        return self.take(1)[0]

    def u32(self) -> int:
        return int(struct.unpack(">I", self.take(4))[0])

    def u64(self) -> int:
        return int(struct.unpack(">Q", self.take(8))[0])

    def string(self) -> bytes:
        return self.take(self.u32())

    def cstring(self) -> bytes:
        return c_string(self.string(), self.what)

    def text(self) -> str:
        return self.cstring().decode("utf-8", "surrogateescape")

    def mpint(self) -> int:
        raw = self.string()
        if raw and raw[0] & 0x80:
            raise Malformed(f"{self.what} has a negative number")
        if len(raw) > MAX_BIGNUM_BYTES + 1 or (len(raw) == MAX_BIGNUM_BYTES + 1 and raw[0]):
            raise Malformed(f"{self.what} has a number over {MAX_BIGNUM_BYTES * 8} bits")
        return int.from_bytes(raw, "big")

    def at_end(self) -> bool:
        return self.pos == len(self.data)

    def end(self) -> None:
        if not self.at_end():
            raise Malformed(f"{self.what} has trailing data")


def c_string(value: bytes, what: str) -> bytes:
    """sshbuf_get_cstring's (and sshbuf_dup_string's) rule: no NUL inside, but one as the
    very last byte is allowed and dropped, so that "sha512\\0" is "sha512" to OpenSSH."""
    nul = value.find(b"\0")
    if nul < 0:
        return value
    if nul != len(value) - 1:
        raise Malformed(f"{what} has a NUL byte inside a text field")
    return value[:nul]


def b64decode(text: bytes) -> bytes:
    """base64 as OpenSSH's b64_pton reads it: whitespace ignored, padding and spare bits exact."""
    compact = bytes(c for c in text if c not in b" \t\n\r\x0b\x0c")
    try:
        data = base64.b64decode(compact, validate=True)
    except binascii.Error:
        raise Malformed("not valid base64") from None
    if base64.b64encode(data) != compact:
        raise Malformed("not valid base64")
    return data


@dataclass(frozen=True)
class Certificate:
    """An OpenSSH certificate (PROTOCOL.certkeys), its CA signature already checked."""

    serial: int
    cert_type: int
    key_id: str
    principals: tuple[str, ...]
    valid_after: int
    valid_before: int
    critical_options: bytes
    extensions: bytes
    ca: PublicKey
    signature_type: str
    blob: bytes

    def problem(self, verify_time: int, principal: str | None) -> str | None:
        """Why this user certificate does not hold at verify_time for principal (None: any); None if it does.
        OpenSSH's sshkey_cert_check_authority as ssh-keygen -Y calls it: user certificate, principal required."""
        if self.cert_type != CERT_USER:
            return "certificate invalid: not a user certificate"
        if verify_time < self.valid_after:
            return "certificate invalid: not yet valid"
        if verify_time >= self.valid_before:
            return "certificate invalid: expired"
        if not self.principals:
            return "certificate lacks principal list"
        if principal is not None and principal not in self.principals:
            return "certificate invalid: name is not a listed principal"
        return None


@dataclass(frozen=True)
class PublicKey:
    """A public key, or a certificate (``cert``) for one. Equality is OpenSSH's sshkey_equal."""

    plain_type: str
    fields: tuple[int | bytes, ...]  # the public fields in wire order; sk keys end with the application
    cert: Certificate | None = None

    @property
    def type_name(self) -> str:
        return _cert_name(self.plain_type) if self.cert else self.plain_type

    def plain(self) -> PublicKey:
        return replace(self, cert=None)

    def blob(self) -> bytes:
        if self.cert:
            return self.cert.blob
        return string(self.plain_type.encode()) + _encode(self.fields)

    def same_public(self, other: PublicKey) -> bool:
        """sshkey_equal_public: the same key, whether either is a certificate or not."""
        return self.plain_type == other.plain_type and self.fields == other.fields

    def line(self) -> str:
        """The key as OpenSSH writes it: ``TYPE BASE64``."""
        return f"{self.type_name} {base64.b64encode(self.blob()).decode()}"

    def fingerprint(self) -> str:
        """``SHA256:…`` of the plain key, as ssh-keygen -l prints it (a certificate's is its key's)."""
        digest = hashlib.sha256(self.plain().blob()).digest()
        return "SHA256:" + base64.b64encode(digest).decode().rstrip("=")

    @property
    def is_sk(self) -> bool:
        return self.plain_type in (SK_ED25519, SK_ECDSA)

    def verify(self, signature: bytes, data: bytes, *, sha1_rsa: bool = True) -> bool:
        """Whether ``signature`` (an SSH signature blob) is this key's over ``data``, as
        OpenSSH's sshkey_verify decides it. ``sha1_rsa=False`` refuses ssh-rsa (SHA-1)
        signatures, as SSHSIG does. Raises InputError only for kinds memsync does not check."""
        from cryptography.exceptions import InvalidSignature

        try:
            return _verify(self, signature, data, sha1_rsa)
        except (Malformed, InvalidSignature, ValueError):
            return False


def _verify(key: PublicKey, signature: bytes, data: bytes, sha1_rsa: bool) -> bool:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
    from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

    reader = Reader(signature, "signature")
    algorithm = reader.cstring().decode("ascii", "replace")
    family = key.plain_type
    if family == DSA:
        raise InputError("signed with an ssh-dss (DSA) key: memsync does not accept DSA, which OpenSSH 9.8 removed")
    if algorithm == WEBAUTHN:
        raise InputError("signed with a webauthn security key: memsync does not check webauthn signatures")
    if family == RSA:
        digests = {"rsa-sha2-256": hashes.SHA256(), "rsa-sha2-512": hashes.SHA512()}
        if sha1_rsa:
            digests["ssh-rsa"] = hashes.SHA1()
        if algorithm not in digests:
            return False
        raw = reader.string()
        reader.end()
        e, n = key.fields
        assert isinstance(e, int) and isinstance(n, int)
        # OpenSSH pads a signature shorter than the modulus, which OpenSSL refuses; a longer one both refuse.
        public = rsa.RSAPublicNumbers(e, n).public_key()
        public.verify(raw.rjust((n.bit_length() + 7) // 8, b"\0"), data, padding.PKCS1v15(), digests[algorithm])
        return True
    if algorithm != family:
        return False
    if family in (ED25519, SK_ED25519):
        raw = reader.string()  # not 64 bytes: cryptography's verify refuses it, as OpenSSH does
        if family == SK_ED25519:
            data = _sk_signed_data(key, reader, data)
        reader.end()
        pk = key.fields[0]
        assert isinstance(pk, bytes)
        Ed25519PublicKey.from_public_bytes(pk).verify(raw, data)
        return True
    # ECDSA, plain or security key: string(mpint r, mpint s)
    inner = Reader(reader.string(), "signature")
    if family == SK_ECDSA:
        data = _sk_signed_data(key, reader, data)
    reader.end()
    r, s = inner.mpint(), inner.mpint()
    inner.end()
    curve_name, point = key.fields[0], key.fields[1]
    assert isinstance(curve_name, bytes) and isinstance(point, bytes)
    curve = _curve(curve_name.decode())
    point_key = ec.EllipticCurvePublicKey.from_encoded_point(curve.curve, point)
    point_key.verify(encode_dss_signature(r, s), data, ec.ECDSA(curve.hash))
    return True


def _sk_signed_data(key: PublicKey, reader: Reader, data: bytes) -> bytes:
    """What a security key signs: SHA-256(application) || flags || counter || SHA-256(data)."""
    flags, counter = reader.u8(), reader.u32()
    application = key.fields[-1]
    assert isinstance(application, bytes)
    return hashlib.sha256(application).digest() + struct.pack(">BI", flags, counter) + hashlib.sha256(data).digest()


def _read_fields(plain_type: str, reader: Reader, name_curve: str | None) -> tuple[int | bytes, ...]:
    if plain_type in (ED25519, SK_ED25519):
        pk = reader.string()
        if len(pk) != 32:
            raise Malformed("an Ed25519 key is not 32 bytes")
        return (pk, reader.cstring()) if plain_type == SK_ED25519 else (pk,)
    if plain_type == RSA:
        e, n = reader.mpint(), reader.mpint()
        if n.bit_length() < MIN_RSA_BITS:
            raise Malformed(f"RSA key shorter than {MIN_RSA_BITS} bits")
        return (e, n)
    if plain_type == DSA:
        return (reader.mpint(), reader.mpint(), reader.mpint(), reader.mpint())
    # ECDSA, plain or security key
    curve_name = reader.cstring()
    if curve_name.decode("ascii", "replace") != name_curve:
        raise Malformed("ECDSA curve does not match the key type")
    point = reader.string()
    _check_point(_curve(name_curve), point)
    return (curve_name, point, reader.cstring()) if plain_type == SK_ECDSA else (curve_name, point)


def _check_point(curve: _Curve, point: bytes) -> None:
    """sshbuf_get_eckey and sshkey_ec_validate_public: uncompressed, on the curve, coordinates in range."""
    if point[:1] != b"\4":  # cryptography takes compressed points too; a wrong length both refuse
        raise Malformed("ECDSA point is not an uncompressed point")
    from cryptography.hazmat.primitives.asymmetric import ec

    try:
        numbers = ec.EllipticCurvePublicKey.from_encoded_point(curve.curve, point).public_numbers()
    except ValueError:
        raise Malformed("ECDSA point is not on its curve") from None
    half = curve.order.bit_length() // 2
    if any(c.bit_length() <= half or c >= curve.order - 1 for c in (numbers.x, numbers.y)):
        raise Malformed("ECDSA point fails OpenSSH's range checks")


def _blob_type(name: bytes) -> tuple[str, bool]:
    text = name.decode("ascii", "replace")
    if text in TYPE_NAMES:
        return TYPE_NAMES[text]
    short = _SHORT_NAMES.get(text.upper())
    if short is None:
        raise Malformed(f"unknown key type {text[:60]!r}")
    return short, False


def _curve_of(plain_type: str) -> str | None:
    return "nistp256" if plain_type == SK_ECDSA else _ECDSA.get(plain_type)


def from_blob(blob: bytes, *, allow_cert: bool = True) -> PublicKey:
    """A key or certificate from its wire form; a certificate's CA signature is checked here, as OpenSSH does."""
    reader = Reader(blob, "key")
    name = reader.cstring()
    plain_type, is_cert = _blob_type(name)
    if is_cert and not allow_cert:
        raise Malformed("a certificate cannot be a CA key")
    if is_cert:
        reader.string()  # nonce
    fields = _read_fields(plain_type, reader, _curve_of(plain_type))
    cert = _read_certificate(reader, blob) if is_cert else None
    reader.end()
    return PublicKey(plain_type, fields, cert)


def _read_certificate(reader: Reader, blob: bytes) -> Certificate:
    reader.what = "certificate"
    serial, cert_type, key_id = reader.u64(), reader.u32(), reader.text()
    principals_blob = Reader(reader.string(), "certificate principals")
    valid_after, valid_before = reader.u64(), reader.u64()
    critical, extensions = reader.string(), reader.string()
    reader.string()  # reserved
    ca_blob = reader.string()
    signed = blob[: reader.pos]
    signature = reader.string()
    if cert_type not in (CERT_USER, CERT_HOST):
        raise Malformed("certificate has an unknown type")
    principals: list[str] = []
    while not principals_blob.at_end():
        if len(principals) >= MAX_CERT_PRINCIPALS:
            raise Malformed(f"certificate lists more than {MAX_CERT_PRINCIPALS} principals")
        principals.append(principals_blob.text())
    for section in (critical, extensions):
        pairs = Reader(section, "certificate options")
        while not pairs.at_end():
            pairs.string(), pairs.string()
    try:
        ca = from_blob(ca_blob, allow_cert=False)
    except Malformed as exc:
        raise Malformed(f"certificate CA key: {exc}") from None
    if not ca.verify(signature, signed):
        raise Malformed("certificate is not validly signed by its CA key")
    return Certificate(
        serial=serial,
        cert_type=cert_type,
        key_id=key_id,
        principals=tuple(principals),
        valid_after=valid_after,
        valid_before=valid_before,
        critical_options=critical,
        extensions=extensions,
        ca=ca,
        signature_type=Reader(signature, "signature").cstring().decode("ascii", "replace"),
        blob=blob,
    )


def read_text(text: bytes) -> PublicKey:
    """A key from ``TYPE BASE64 [comment]`` as OpenSSH's sshkey_read reads it: the type is one of
    OpenSSH's names exactly, followed by a space or tab, and names the blob's own type."""
    type_end = min((i for i in (text.find(b" "), text.find(b"\t")) if i >= 0), default=-1)
    if type_end < 0:
        raise Malformed("not a 'TYPE BASE64' key")
    type_name = text[:type_end].decode("ascii", "replace")
    if type_name not in TYPE_NAMES:
        raise Malformed(f"unknown key type {type_name[:60]!r}")
    rest = text[type_end:].lstrip(b" \t")
    if not rest:
        raise Malformed("key has no base64 part")
    token = rest.replace(b"\t", b" ").split(b" ", 1)[0]
    key = from_blob(b64decode(token))
    if (key.plain_type, key.cert is not None) != TYPE_NAMES[type_name]:
        raise Malformed(f"the key is not of type {type_name}")
    return key
