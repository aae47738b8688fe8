"""OpenSSH signatures (SSHSIG) over bytes: memsync signs with Ed25519 keys and
checks signatures exactly as ``ssh-keygen -Y verify`` / ``-Y find-principals``
(OpenSSH 9.2) do, by any key OpenSSH verifies (Ed25519, RSA, ECDSA, their
security-key and certificate forms; not DSA).

The format is OpenSSH's PROTOCOL.sshsig, so ``ssh-keygen -Y sign`` and
``ssh-keygen -Y verify`` interoperate with no memsync installed:

    signed data = "SSHSIG" || string(namespace) || string("") ||
                  string(hash name) || string(HASH(message))
    signature   = "SSHSIG" || uint32(1) || string(public key or certificate) ||
                  string(namespace) || string("") || string(hash name) ||
                  string(signature blob, see sshkey.py)

with hash sha512 or sha256 (RSA keys must sign with rsa-sha2-256/512), armored
as base64 lines between ``-----BEGIN SSH SIGNATURE-----`` (first line) and
``-----END SSH SIGNATURE-----``. Who may sign is an OpenSSH ``allowed_signers``
file (allowed_signers.py).
"""

from __future__ import annotations

import base64
import hashlib
import struct
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import InputError, IntegrityError
from ..limits import MAX_SIGNATURE_BYTES
from . import sshkey
from .allowed_signers import (
    AllowedSigner,
    UnknownSigner,
    accept,
    epoch,
    identify,
    parse_allowed_signers,
    read_allowed_signers,
)
from .allowed_signers import find_principals as _find_principals
from .sshkey import PublicKey

# cryptography is imported where a key is loaded or made: most runs sign nothing.
if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

__all__ = [
    "NAMESPACE",
    "AllowedSigner",
    "ParsedSignature",
    "PublicKey",
    "UnknownSigner",
    "Verified",
    "check",
    "find_principals",
    "fingerprint",
    "load_private_key",
    "new_key",
    "parse",
    "parse_allowed_signers",
    "parse_public_key",
    "public_line",
    "read_allowed_signers",
    "sign",
    "verify",
]

NAMESPACE = "memsync"

_MAGIC = b"SSHSIG"
_VERSION = 1
_BEGIN = b"-----BEGIN SSH SIGNATURE-----\n"
_END = b"\n-----END SSH SIGNATURE-----"
_HASHES = ("sha256", "sha512")
_RSA_ALGORITHMS = ("rsa-sha2-512", "rsa-sha2-256")


def public_line(key: PublicKey) -> str:
    """The key as one ``TYPE AAAA…`` line."""
    return key.line()


def fingerprint(key: PublicKey) -> str:
    return key.fingerprint()


def parse_public_key(text: str) -> PublicKey:
    """A public key from ``TYPE AAAA… [comment]`` (any type OpenSSH reads)."""
    try:
        return sshkey.read_text(text.strip().encode("utf-8", "surrogateescape"))
    except InputError as exc:
        raise InputError(f"expected an OpenSSH public key ('ssh-ed25519 AAAA…'): {exc}") from None


def _ed25519(key: Ed25519PrivateKey) -> PublicKey:
    from cryptography.hazmat.primitives import serialization

    raw = key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return PublicKey(sshkey.ED25519, (raw,))


def _string(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


def _signed_data(message: bytes, namespace: str, hash_algorithm: str) -> bytes:
    digest = hashlib.new(hash_algorithm, message).digest()
    return _MAGIC + _string(namespace.encode()) + _string(b"") + _string(hash_algorithm.encode()) + _string(digest)


def sign(message: bytes, key: Ed25519PrivateKey, namespace: str = NAMESPACE) -> bytes:
    raw_sig = key.sign(_signed_data(message, namespace, "sha512"))
    blob = (
        _MAGIC
        + struct.pack(">I", _VERSION)
        + _string(_ed25519(key).blob())
        + _string(namespace.encode())
        + _string(b"")
        + _string(b"sha512")
        + _string(_string(sshkey.ED25519.encode()) + _string(raw_sig))
    )
    text = base64.b64encode(blob).decode()
    # Wrapped as sshsig.c wraps (SSHSIG_LINE_LEN): Ed25519 is deterministic, so the file
    # is then byte for byte what `ssh-keygen -Y sign` writes with the same key.
    lines = [text[i : i + 70] for i in range(0, len(text), 70)]
    return ("\n".join(["-----BEGIN SSH SIGNATURE-----", *lines, "-----END SSH SIGNATURE-----"]) + "\n").encode()


@dataclass(frozen=True)
class ParsedSignature:
    key: PublicKey  # the signing key, or the certificate it signed with
    namespace: str
    hash_algorithm: str
    signature: bytes  # the SSH signature blob over the signed data


def _dearmor(armored: bytes) -> sshkey.Reader:
    """sshsig_dearmor and the preamble check, as ssh-keygen reads a .sig file."""
    if len(armored) > MAX_SIGNATURE_BYTES:
        raise InputError(f"signature file is larger than {MAX_SIGNATURE_BYTES} bytes")
    if not armored.startswith(_BEGIN):
        raise InputError("signature is not an armored SSH signature (no BEGIN SSH SIGNATURE line first)")
    end = armored.find(_END, len(_BEGIN))
    if end < 0:
        raise InputError("signature is not an armored SSH signature (no END SSH SIGNATURE line)")
    try:
        reader = sshkey.Reader(sshkey.b64decode(sshkey.c_string(armored[len(_BEGIN) : end], "signature")), "signature")
    except InputError:
        raise InputError("signature is not valid base64") from None
    if reader.take(6) != _MAGIC or reader.u32() > _VERSION:
        raise InputError("signature is not an SSHSIG version 1 signature")
    return reader


def parse(armored: bytes) -> ParsedSignature:
    """Every field of an armored signature, checked as ssh-keygen checks it before any key is trusted
    (a certificate's CA signature included)."""
    reader = _dearmor(armored)
    key_blob = reader.string()
    namespace = reader.text()
    reader.string()  # reserved
    hash_algorithm = reader.cstring().decode("ascii", "replace")
    signature = reader.string()
    reader.end()
    if hash_algorithm not in _HASHES:
        raise InputError(f"signature uses unsupported hash {hash_algorithm[:40]!r}")
    return ParsedSignature(sshkey.from_blob(key_blob), namespace, hash_algorithm, signature)


def check(message: bytes, armored: bytes, namespace: str = NAMESPACE) -> PublicKey:
    """The key that made this signature over ``message`` in ``namespace``, with no allowed_signers
    (``ssh-keygen -Y check-novalidate``). IntegrityError if it does not verify."""
    parsed = parse(armored)
    if parsed.namespace != namespace:
        raise IntegrityError(f"signature is for namespace {parsed.namespace!r}, not {namespace!r}")
    if parsed.key.plain_type == sshkey.RSA:
        algorithm = sshkey.Reader(parsed.signature, "signature").cstring().decode("ascii", "replace")
        if algorithm not in _RSA_ALGORITHMS:
            raise IntegrityError(f"RSA signature uses {algorithm[:40]!r}; SSHSIG takes rsa-sha2-512 or rsa-sha2-256")
    if not parsed.key.verify(parsed.signature, _signed_data(message, namespace, parsed.hash_algorithm), sha1_rsa=False):
        raise IntegrityError("signature does not match the signed data")
    return parsed.key


@dataclass(frozen=True)
class Verified:
    """Who a verified signature is from: the principal, the allowed_signers line, the key (or certificate)."""

    principal: str
    signer: AllowedSigner
    key: PublicKey

    @property
    def name(self) -> str:
        return self.principal


def verify(
    message: bytes,
    armored: bytes,
    signers: list[AllowedSigner],
    namespace: str = NAMESPACE,
    *,
    principal: str | None = None,
    verify_time: int | datetime | None = None,
) -> Verified:
    """``ssh-keygen -Y verify -f FILE -I PRINCIPAL -n NAMESPACE -s SIG [-Overify-time=T] < MESSAGE``.

    With ``principal`` None, the principal is found as git finds it: one for which that command
    succeeds, taken from the lines naming the signing key. ``verify_time`` defaults to now.
    Raises IntegrityError (InputError if malformed) when the signature itself fails, and
    UnknownSigner when it is sound but no line accepts it."""
    key = check(message, armored, namespace)
    when = epoch(verify_time)
    if principal is not None:
        return Verified(principal, accept(signers, key, principal, namespace, when), key)
    found, signer = identify(signers, key, namespace, when)
    return Verified(found, signer, key)


def find_principals(
    armored: bytes, signers: list[AllowedSigner], verify_time: int | datetime | None = None
) -> list[str]:
    """``ssh-keygen -Y find-principals -f FILE -s SIG``: the principals of the first line that accepts
    the signature's key at ``verify_time`` (the signature itself is not checked, nor its namespace)."""
    reader = _dearmor(armored)
    return _find_principals(signers, sshkey.from_blob(reader.string()), epoch(verify_time))


def load_private_key(path: Path) -> Ed25519PrivateKey:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: no such key file") from None
    return load_private_key_bytes(data, where=str(path))


def load_private_key_bytes(data: bytes, *, where: str) -> Ed25519PrivateKey:
    """An unencrypted OpenSSH Ed25519 private key (the file's bytes, or a CI secret's)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    try:
        key = serialization.load_ssh_private_key(data, password=None)
    except TypeError:
        raise InputError(f"{where}: the key is passphrase-protected; use an unencrypted key for signing") from None
    except ValueError:
        raise InputError(f"{where}: not an OpenSSH private key") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise InputError(f"{where}: memsync signs with Ed25519 keys only")
    return key


def new_key(comment: str = "memsync") -> tuple[bytes, bytes, PublicKey]:
    """A new unencrypted Ed25519 key pair: the private key in OpenSSH's format, the
    public key's line (with ``comment``), and the public key (the caller writes them)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    key = Ed25519PrivateKey.generate()
    private = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, serialization.NoEncryption()
    )
    public = _ed25519(key)
    return private, f"{public.line()} {comment}\n".encode(), public
