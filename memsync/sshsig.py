"""OpenSSH signatures (SSHSIG) over bytes, with Ed25519 keys, via cryptography.

The format is OpenSSH's PROTOCOL.sshsig, so ``ssh-keygen -Y sign`` and
``ssh-keygen -Y verify`` interoperate with no memsync installed:

    signed data = "SSHSIG" || string(namespace) || string("") ||
                  string("sha512") || string(SHA-512(message))
    signature   = "SSHSIG" || uint32(1) || string(public key blob) ||
                  string(namespace) || string("") || string("sha512") ||
                  string(string("ssh-ed25519") || string(raw signature))

armored as base64 in 76-column lines between BEGIN/END SSH SIGNATURE.
Trusted keys are an OpenSSH ``allowed_signers`` file (as git uses):
``principals [options] ssh-ed25519 BASE64 [comment]``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import struct
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from .errors import InputError, IntegrityError

NAMESPACE = "memsync"


class UnknownSigner(IntegrityError):
    """A valid signature by a key that is not in allowed_signers."""


_MAGIC = b"SSHSIG"
_BEGIN = "-----BEGIN SSH SIGNATURE-----"
_END = "-----END SSH SIGNATURE-----"
_KEY_TYPE = b"ssh-ed25519"
MAX_SIGNATURE_BYTES = 16 * 1024


def _string(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def take(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise InputError("signature is truncated")
        chunk = self.data[self.pos : self.pos + n]
        self.pos += n
        return chunk

    def string(self) -> bytes:
        (length,) = struct.unpack(">I", self.take(4))
        return self.take(length)


def public_blob(key: Ed25519PublicKey) -> bytes:
    raw = key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return _string(_KEY_TYPE) + _string(raw)


def public_line(key: Ed25519PublicKey) -> str:
    """The key as one ``ssh-ed25519 AAAA…`` line."""
    return "ssh-ed25519 " + base64.b64encode(public_blob(key)).decode()


def fingerprint(key: Ed25519PublicKey) -> str:
    digest = hashlib.sha256(public_blob(key)).digest()
    return "SHA256:" + base64.b64encode(digest).decode().rstrip("=")


def _signed_data(message: bytes, namespace: str, hash_algorithm: str = "sha512") -> bytes:
    digest = hashlib.new(hash_algorithm, message).digest()
    return _MAGIC + _string(namespace.encode()) + _string(b"") + _string(hash_algorithm.encode()) + _string(digest)


def sign(message: bytes, key: Ed25519PrivateKey, namespace: str = NAMESPACE) -> bytes:
    raw_sig = key.sign(_signed_data(message, namespace))
    blob = (
        _MAGIC
        + struct.pack(">I", 1)
        + _string(public_blob(key.public_key()))
        + _string(namespace.encode())
        + _string(b"")
        + _string(b"sha512")
        + _string(_string(_KEY_TYPE) + _string(raw_sig))
    )
    text = base64.b64encode(blob).decode()
    lines = [text[i : i + 76] for i in range(0, len(text), 76)]
    return ("\n".join([_BEGIN, *lines, _END]) + "\n").encode()


@dataclass(frozen=True)
class ParsedSignature:
    key: Ed25519PublicKey
    namespace: str
    hash_algorithm: str
    raw: bytes


def parse(armored: bytes) -> ParsedSignature:
    if len(armored) > MAX_SIGNATURE_BYTES:
        raise InputError("signature file is too large")
    try:
        text = armored.decode("ascii").strip()
    except UnicodeDecodeError:
        raise InputError("signature is not an armored SSH signature") from None
    if not (text.startswith(_BEGIN) and text.endswith(_END)):
        raise InputError("signature is not an armored SSH signature")
    try:
        blob = base64.b64decode("".join(text[len(_BEGIN) : -len(_END)].split()), validate=True)
    except binascii.Error:
        raise InputError("signature is not valid base64") from None
    reader = _Reader(blob)
    if reader.take(6) != _MAGIC or struct.unpack(">I", reader.take(4))[0] != 1:
        raise InputError("signature is not an SSHSIG version 1 signature")
    key = _key_from_blob(reader.string())
    namespace = reader.string().decode("utf-8", "replace")
    reader.string()  # reserved
    hash_algorithm = reader.string().decode("ascii", "replace")
    inner = _Reader(reader.string())
    if inner.string() != _KEY_TYPE:
        raise InputError("only ssh-ed25519 signatures are supported")
    return ParsedSignature(key, namespace, hash_algorithm, inner.string())


def _key_from_blob(blob: bytes) -> Ed25519PublicKey:
    reader = _Reader(blob)
    if reader.string() != _KEY_TYPE:
        raise InputError("only ssh-ed25519 keys are supported")
    raw = reader.string()
    if len(raw) != 32:
        raise InputError("malformed ssh-ed25519 key")
    return Ed25519PublicKey.from_public_bytes(raw)


def parse_public_key(text: str) -> Ed25519PublicKey:
    """A public key from ``ssh-ed25519 AAAA… [comment]``."""
    parts = text.strip().split()
    if len(parts) < 2 or parts[0] != "ssh-ed25519":
        raise InputError("expected an 'ssh-ed25519 AAAA…' public key")
    try:
        return _key_from_blob(base64.b64decode(parts[1], validate=True))
    except binascii.Error:
        raise InputError("public key is not valid base64") from None


@dataclass(frozen=True)
class AllowedSigner:
    principals: tuple[str, ...]
    key: Ed25519PublicKey
    namespaces: tuple[str, ...] | None  # None: any namespace

    @property
    def name(self) -> str:
        return self.principals[0]

    def line(self) -> str:
        return f"{','.join(self.principals)} {public_line(self.key)}"


_OPTION_NAMESPACES = re.compile(r'namespaces="([^"]*)"')


def read_allowed_signers(path: Path) -> list[AllowedSigner]:
    try:
        text = path.read_text()
    except FileNotFoundError:
        return []
    signers = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        principals = parts[0].strip('"').split(",")
        rest = parts[1:]
        namespaces = None
        if rest and not rest[0].startswith("ssh-"):
            options = rest.pop(0)
            found = _OPTION_NAMESPACES.search(options)
            namespaces = tuple(found.group(1).split(",")) if found else None
        if len(rest) < 2 or rest[0] != "ssh-ed25519":
            continue  # other key types are for other tools; memsync signs with Ed25519 only
        try:
            key = parse_public_key(" ".join(rest[:2]))
        except InputError as exc:
            raise InputError(f"{path}:{number}: {exc}") from None
        signers.append(AllowedSigner(tuple(principals), key, namespaces))
    return signers


def verify(message: bytes, armored: bytes, signers: list[AllowedSigner], namespace: str = NAMESPACE) -> AllowedSigner:
    """The allowed signer whose key made this signature over ``message``; raises otherwise."""
    parsed = parse(armored)
    if parsed.namespace != namespace:
        raise IntegrityError(f"signature is for namespace {parsed.namespace!r}, not {namespace!r}")
    if parsed.hash_algorithm not in ("sha512", "sha256"):
        raise IntegrityError(f"signature uses unsupported hash {parsed.hash_algorithm!r}")
    try:
        parsed.key.verify(parsed.raw, _signed_data(message, namespace, parsed.hash_algorithm))
    except InvalidSignature:
        raise IntegrityError("signature does not match the signed SHA256SUMS") from None
    blob = public_blob(parsed.key)
    for signer in signers:
        if public_blob(signer.key) == blob and (signer.namespaces is None or namespace in signer.namespaces):
            return signer
    raise UnknownSigner(f"signed by a key that is not an allowed signer ({fingerprint(parsed.key)})")


def load_private_key(path: Path) -> Ed25519PrivateKey:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: no such key file") from None
    try:
        key = serialization.load_ssh_private_key(data, password=None)
    except TypeError:
        raise InputError(f"{path}: the key is passphrase-protected; use an unencrypted key for signing") from None
    except ValueError:
        raise InputError(f"{path}: not an OpenSSH private key") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise InputError(f"{path}: memsync signs with Ed25519 keys only")
    return key


def generate(path: Path, comment: str = "memsync") -> Ed25519PublicKey:
    """Write a new unencrypted Ed25519 key pair in OpenSSH format (PATH and PATH.pub)."""
    from . import atomic

    if path.exists():
        raise InputError(f"{path}: already exists; not overwriting a key")
    key = Ed25519PrivateKey.generate()
    private = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, serialization.NoEncryption()
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic.write_bytes(path, private, mode=0o600)
    atomic.write_bytes(path.with_name(path.name + ".pub"), f"{public_line(key.public_key())} {comment}\n".encode())
    return key.public_key()
