"""Trust: who may change a field without a person looking first.

Each remote has a policy:

- ``self``: your own machines and buckets; what arrives is applied (a
  signature that is present must still verify);
- ``signed``: applied when ``SHA256SUMS.sig`` verifies against an allowed
  signer (``.memsync/allowed_signers``, OpenSSH format);
- ``untrusted``: never applied on its own.

Whatever the policy, a version whose digest equals the pin in the lockfile
(``memsync.lock``, meant to be committed), or the ``--sha256`` given on the
command line, is applied. Anything else stays in the quarantine (the staging
store, outside the live field) until ``memsync accept``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import atomic, sshsig
from .errors import InputError, MemsyncError, WorkspaceError
from .manifest import Manifest
from .workspace import Workspace, now

LOCK_VERSION = 1


@dataclass(frozen=True)
class Verdict:
    apply: bool
    reason: str
    signer: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"applied": self.apply, "reason": self.reason, "signer": self.signer}


def check_signature(ws: Workspace, manifest: Manifest, signature: bytes | None) -> tuple[str | None, str | None]:
    """(signer name, problem): who signed this manifest, or why that is not known.
    A problem starting with "bad signature" means the signature itself is broken."""
    if signature is None:
        return None, "unsigned"
    try:
        signer = sshsig.verify(manifest.to_bytes(), signature, sshsig.read_allowed_signers(ws.allowed_signers_path))
    except sshsig.UnknownSigner as exc:
        return None, str(exc)
    except MemsyncError as exc:
        return None, f"bad signature: {exc}"
    return signer.name, None


def decide(
    ws: Workspace,
    field: str,
    source: str,
    policy: str,
    manifest: Manifest,
    signature: bytes | None,
    pinned_here: bool,
) -> Verdict:
    signer, problem = check_signature(ws, manifest, signature)
    if pinned_here:
        return Verdict(True, "matches the hash pinned on the command line", signer)
    pin = read_pins(ws).get(field)
    if pin and pin.get("source") == source and pin.get("digest") == manifest.digest:
        return Verdict(True, "matches the pin in memsync.lock", signer)
    if problem is not None and problem.startswith("bad signature"):
        return Verdict(False, problem)  # a broken signature is a red flag under any policy
    if policy == "self":
        return Verdict(True, "your own remote (trust: self)", signer)
    if policy == "signed":
        if signer is not None:
            return Verdict(True, f"signed by allowed signer {signer}", signer)
        return Verdict(False, f"{problem}: this remote needs a signature by an allowed signer")
    return Verdict(
        False,
        "untrusted source: review it, then accept or reject" + (f" (signed by {signer})" if signer else ""),
        signer,
    )


# -- the lockfile ---------------------------------------------------------------


def read_pins(ws: Workspace) -> dict[str, dict[str, Any]]:
    path = ws.lockfile_path
    try:
        raw = json.loads(path.read_bytes())
    except FileNotFoundError:
        return {}
    except ValueError:
        raise WorkspaceError(f"{path}: malformed lockfile") from None
    if not isinstance(raw, dict) or raw.get("version") != LOCK_VERSION or not isinstance(raw.get("fields"), dict):
        raise WorkspaceError(f"{path}: malformed lockfile")
    return raw["fields"]


def write_pin(
    ws: Workspace,
    field: str,
    source: str,
    manifest: Manifest,
    *,
    signer: str | None,
    how: str,
    archive_sha256: str | None = None,
) -> dict[str, Any] | None:
    """Record the accepted version; returns the previous pin when it named other content."""
    pins = read_pins(ws)
    previous = pins.get(field)
    pins[field] = {
        "source": source,
        "digest": manifest.digest,
        "archive_sha256": archive_sha256,
        "signer": signer,
        "accepted": how,
        "time": now(),
    }
    data = {"version": LOCK_VERSION, "fields": dict(sorted(pins.items()))}
    atomic.write_bytes(ws.lockfile_path, (json.dumps(data, indent=2, sort_keys=True) + "\n").encode())
    if previous and previous.get("digest") != manifest.digest:
        return previous
    return None


# -- allowed signers ------------------------------------------------------------


def add_signer(ws: Workspace, name: str, key_text: str, *, dry_run: bool = False) -> sshsig.AllowedSigner:
    if not name or any(c.isspace() or c in ',"' for c in name):
        raise InputError(f"{name!r}: a signer name is one word (an email address works well)")
    candidate = Path(key_text).expanduser()
    if not key_text.startswith("ssh-") and candidate.is_file():
        key_text = candidate.read_text()
    key = sshsig.parse_public_key(key_text)
    signers = sshsig.read_allowed_signers(ws.allowed_signers_path, strict=True)
    if any(name in s.principals for s in signers):
        raise InputError(f"signer {name!r} already exists (trust remove it first)")
    signer = sshsig.AllowedSigner((name,), key, ("memsync",))
    if not dry_run:
        _write_signers(ws, [*signers, signer])
    return signer


def remove_signer(ws: Workspace, name: str) -> None:
    signers = sshsig.read_allowed_signers(ws.allowed_signers_path, strict=True)
    kept = [s for s in signers if name not in s.principals]
    if len(kept) == len(signers):
        raise InputError(f"no signer {name!r}")
    _write_signers(ws, kept)


def _write_signers(ws: Workspace, signers: list[sshsig.AllowedSigner]) -> None:
    lines = [s.line() for s in signers]
    ws.state.mkdir(parents=True, exist_ok=True)
    atomic.write_bytes(ws.allowed_signers_path, ("".join(line + "\n" for line in lines)).encode())


def signing_key(ws: Workspace | None, explicit: str | None = None) -> Any:
    """The private key to sign pushes with: --sign-key, $MEMSYNC_SIGNING_KEY, or the workspace's."""
    import os

    path = explicit or os.environ.get("MEMSYNC_SIGNING_KEY") or (ws.signing_key if ws else None)
    return sshsig.load_private_key(Path(path).expanduser()) if path else None
