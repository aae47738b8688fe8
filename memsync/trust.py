"""What trust rests on: allowed signers, signature checks and the lockfile of pins.

The decisions themselves are the gate's (``memsync.gate``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .disk import atomic
from .errors import InputError, MemsyncError, WorkspaceError
from .manifest import Manifest
from .workspace import Workspace, now

# The signature code is imported by what checks or lists signers: reading pins,
# as every push does, needs none of it.
if TYPE_CHECKING:
    from .ssh import sshsig

LOCK_VERSION = 1


def check_signature(
    manifest: Manifest, signature: bytes | None, signers: list[sshsig.AllowedSigner]
) -> tuple[str | None, str | None]:
    """(signer name, problem): who signed this manifest, or why that is not known.
    A problem starting with "bad signature" means the signature itself is broken."""
    if signature is None:
        return None, "unsigned"
    from .ssh import sshsig

    try:
        signer = sshsig.verify(manifest.to_bytes(), signature, signers)
    except sshsig.UnknownSigner as exc:
        return None, str(exc)
    except MemsyncError as exc:
        return None, f"bad signature: {exc}"
    return signer.name, None


# -- the lockfile ---------------------------------------------------------------


def read_pins(ws: Workspace) -> dict[str, dict[str, Any]]:
    """The lockfile's pins by field, every one of the shape ``write_pin`` writes:
    anything else is refused with one line naming the file and the field (a
    hand-edited entry that is not an object was an AttributeError)."""
    path = ws.lockfile_path
    try:
        raw = json.loads(path.read_bytes())
    except FileNotFoundError:
        return {}
    except ValueError:
        raise WorkspaceError(f"{path}: malformed lockfile") from None
    if not isinstance(raw, dict) or raw.get("version") != LOCK_VERSION or not isinstance(raw.get("fields"), dict):
        raise WorkspaceError(f"{path}: malformed lockfile")

    def hex64(value: object) -> bool:
        return isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)

    def text(value: object) -> bool:
        return isinstance(value, str)

    def digest(value: object) -> bool:
        return isinstance(value, str) and value.startswith("sha256:") and hex64(value[7:])

    def version(value: object) -> bool:
        return type(value) is int and value >= 1

    shapes = (  # key, whether it may be absent or null, its check, what it must be
        ("source", False, text, "a string"),
        ("digest", False, digest, "sha256: and 64 lowercase hex digits"),
        ("archive_sha256", True, hex64, "64 lowercase hex digits or null"),
        ("signer", True, text, "a string or null"),
        ("accepted", False, text, "a string"),
        ("time", False, text, "a string"),
        ("identity", True, text, "a string or null"),
        ("release_version", True, version, "a whole number from 1, or null"),
        ("release_expires", True, text, "a string or null"),
    )
    fields: dict[str, dict[str, Any]] = raw["fields"]
    for name, pin in fields.items():
        if not isinstance(pin, dict):
            raise WorkspaceError(f"{path}: field {name!r}: not an object")
        for key, optional, check, what in shapes:
            value = pin.get(key)
            if not (check(value) or (optional and value is None)):
                problem = f"{key!r} is not {what}" if key in pin else f"no {key!r}"
                raise WorkspaceError(f"{path}: field {name!r}: {problem}")
    return fields


def write_pin(
    ws: Workspace,
    field: str,
    source: str,
    manifest: Manifest,
    *,
    signer: str | None,
    how: str,
    archive_sha256: str | None = None,
    identity: str | None = None,
    release_version: int | None = None,
    release_expires: str | None = None,
) -> dict[str, Any] | None:
    """Record the accepted version, with the field's identity and high-water release
    (a workspace made afresh beside this lockfile starts from them); returns the
    previous pin when it named other content."""
    pins = read_pins(ws)
    previous = pins.get(field)
    pins[field] = {
        "source": source,
        "digest": manifest.digest,
        "archive_sha256": archive_sha256,
        "signer": signer,
        "accepted": how,
        "time": now(),
        "identity": identity,
        "release_version": release_version,
        "release_expires": release_expires,
    }
    _write_pins(ws, pins)
    if previous and previous.get("digest") != manifest.digest:
        return previous
    return None


def drop_pins(ws: Workspace, fields: Iterable[str]) -> None:
    """Forget the pins of ``fields`` (removed from the workspace)."""
    pins = read_pins(ws)
    kept = {name: pin for name, pin in pins.items() if name not in set(fields)}
    if kept != pins:
        _write_pins(ws, kept)


def _write_pins(ws: Workspace, pins: dict[str, dict[str, Any]]) -> None:
    data = {"version": LOCK_VERSION, "fields": dict(sorted(pins.items()))}
    atomic.write_bytes(ws.lockfile_path, (json.dumps(data, indent=2, sort_keys=True) + "\n").encode())


# -- allowed signers ------------------------------------------------------------


def list_signers(ws: Workspace) -> tuple[list[sshsig.AllowedSigner], list[str]]:
    """The workspace's signers, and one ``FILE:LINE: reason`` per line that does not
    read (skipped when signatures are checked, as ssh-keygen skips it)."""
    from .ssh import sshsig

    try:
        data = ws.allowed_signers_path.read_bytes()
    except FileNotFoundError:
        return [], []
    return sshsig.parse_allowed_signers(data, str(ws.allowed_signers_path))


def add_signer(ws: Workspace, name: str, key_text: str, *, dry_run: bool = False) -> sshsig.AllowedSigner:
    # Spaces are fine (the line quotes the name, as OpenSSH reads it); a comma would split the
    # name into two principals, and a quote or a line break cannot be written in the file at all.
    if not name or name != name.strip() or any(c in ',"' or not c.isprintable() for c in name):
        raise InputError(
            f"{name!r}: a signer name has no comma, quote, control character or space at either end"
            " (an email address works well)"
        )
    # The file's principals are patterns: '*' or '?' would let the key sign as other
    # names, and a leading '!' makes a line that lets it sign as no one.
    if name.startswith("!") or any(c in "*?" for c in name):
        raise InputError(
            f"{name!r}: a signer name has no '*' or '?' and does not start with '!' (allowed_signers reads"
            " those as patterns that match other names or none)"
        )
    from .ssh import sshsig

    candidate = Path(key_text).expanduser()
    if not key_text.startswith(("ssh-", "ecdsa-", "sk-")) and " " not in key_text.strip():
        # A path, as people mostly give it: say what is wrong with the file, not with the key.
        if not candidate.is_file():
            raise InputError(f"{key_text}: no such file (give the public key, or the path of a .pub file)")
        key_text = candidate.read_text()
        if "PRIVATE KEY" in key_text:
            raise InputError(f"{candidate}: a private key; give its public key, {candidate}.pub")
    key = sshsig.parse_public_key(key_text)
    from . import keyring

    if keyring.is_revoked(keyring.load(ws), key):
        raise InputError(f"{key.fingerprint()}: its owner revoked this key (memsync-keys.json); ask for their new one")
    signers = sshsig.read_allowed_signers(ws.allowed_signers_path, strict=True)
    if any(name in s.principals for s in signers):
        raise InputError(f"signer {name!r} already exists (trust remove it first)")
    signer = sshsig.AllowedSigner((name,), key, ("memsync",))
    if not dry_run:
        _write_signers(ws, [*signers, signer])
    return signer


def remove_signer(ws: Workspace, name: str) -> None:
    from .ssh import sshsig

    signers = sshsig.read_allowed_signers(ws.allowed_signers_path, strict=True)
    kept = [s for s in signers if name not in s.principals]
    if len(kept) == len(signers):
        raise InputError(f"no signer {name!r}")
    _write_signers(ws, kept)


def _write_signers(ws: Workspace, signers: list[sshsig.AllowedSigner]) -> None:
    lines = [s.line() for s in signers]
    ws.state.mkdir(parents=True, exist_ok=True)
    atomic.write_bytes(ws.allowed_signers_path, ("".join(line + "\n" for line in lines)).encode())
