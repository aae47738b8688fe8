"""What the tests that hold memsync's signature checks against the real ssh-keygen
share: running ssh-keygen, a folder of keys and signatures it made (``World``), and
security-key signatures built as an authenticator would make them (none is at hand)."""

from __future__ import annotations

import base64
import hashlib
import os
import struct
import subprocess
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

MESSAGE = b"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef  a.md\n"


def ssh_keygen(
    *args: str | Path, stdin: bytes | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["ssh-keygen", *map(str, args)], input=stdin, capture_output=True, timeout=60, env={**os.environ, **(env or {})}
    )


def openssh_version() -> str:
    return subprocess.run(["ssh", "-V"], capture_output=True, text=True, check=True).stderr.strip()


@dataclass
class World:
    root: Path
    keys: dict[str, str]  # name -> "TYPE BASE64" public key line
    sigs: dict[str, Path]  # name -> armored signature over MESSAGE

    def key(self, name: str, *args: str) -> Path:
        path = self.root / name
        made = ssh_keygen("-q", "-N", "", "-C", name, "-f", path, *args)
        assert made.returncode == 0, made.stderr
        self.keys[name] = " ".join(path.with_name(name + ".pub").read_text().split()[:2])
        return path

    def sign(self, name: str, key: Path, namespace: str = "memsync", *args: str) -> None:
        made = ssh_keygen("-Y", "sign", "-f", key, "-n", namespace, *args, stdin=MESSAGE)
        assert made.returncode == 0, made.stderr
        self.sigs[name] = self.root / f"{name}.sig"
        self.sigs[name].write_bytes(made.stdout)

    def certify(self, name: str, ca: Path, *args: str) -> Path:
        """A new Ed25519 key certified by ``ca`` (ssh-keygen -s ARGS) and a signature made with the certificate."""
        key = self.key(name, "-t", "ed25519")  # ssh-keygen would make RSA-3072: seconds each
        made = ssh_keygen("-q", "-s", ca, "-I", f"{name}-id", *args, Path(str(key) + ".pub"))
        assert made.returncode == 0, made.stderr
        cert = Path(f"{key}-cert.pub")
        self.keys[name + "-cert"] = " ".join(cert.read_text().split()[:2])
        self.sign(name, cert)
        return cert


def string(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


def mpint(value: int) -> bytes:
    raw = value.to_bytes((value.bit_length() + 7) // 8, "big")
    return string(b"\0" + raw if raw[0] & 0x80 else raw)


def signed_data(namespace: bytes = b"memsync", hash_name: bytes = b"sha512", message: bytes = MESSAGE) -> bytes:
    """What an SSHSIG signature signs (PROTOCOL.sshsig)."""
    digest = hashlib.new(hash_name.decode(), message).digest()
    return b"SSHSIG" + string(namespace) + string(b"") + string(hash_name) + string(digest)


def armored(
    key_blob: bytes,
    signature: bytes,
    *,
    namespace: bytes = b"memsync",
    hash_name: bytes = b"sha512",
    version: int = 1,
    reserved: bytes = b"",
) -> bytes:
    """An armored SSHSIG from its fields, wrapped at 70 columns as ssh-keygen wraps it."""
    blob = b"SSHSIG" + struct.pack(">I", version) + string(key_blob) + string(namespace) + string(reserved)
    text = base64.b64encode(blob + string(hash_name) + string(signature)).decode()
    lines = [text[i : i + 70] for i in range(0, len(text), 70)]
    return ("\n".join(["-----BEGIN SSH SIGNATURE-----", *lines, "-----END SSH SIGNATURE-----"]) + "\n").encode()


def security_key_signature(kind: str, flags: int, application: bytes = b"ssh:") -> tuple[str, bytes]:
    """(public key line, armored SSHSIG) as an authenticator would make them (PROTOCOL.u2f): the key
    signs SHA-256(application) || flags || counter || SHA-256(SSHSIG signed data)."""
    counter = 7
    presented = (
        hashlib.sha256(application).digest()
        + struct.pack(">BI", flags, counter)
        + hashlib.sha256(signed_data()).digest()
    )
    if kind == "ed25519":
        name = b"sk-ssh-ed25519@openssh.com"
        private = Ed25519PrivateKey.generate()
        raw = private.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        blob = string(name) + string(raw) + string(application)
        inner = string(private.sign(presented))
    else:
        name = b"sk-ecdsa-sha2-nistp256@openssh.com"
        ec_private = ec.generate_private_key(ec.SECP256R1())
        point = ec_private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        blob = string(name) + string(b"nistp256") + string(point) + string(application)
        r, s = decode_dss_signature(ec_private.sign(presented, ec.ECDSA(hashes.SHA256())))
        inner = string(mpint(r) + mpint(s))
    signature = string(name) + inner + struct.pack(">BI", flags, counter)
    return f"{name.decode()} {base64.b64encode(blob).decode()}", armored(blob, signature)
