"""Signing keys over time: rotations followed, revocations kept, the publisher's own chain.

A publisher's ``memsync-keys.json`` (``memsync.rotation``) says which key
replaced which, and which ended. A subscriber follows it here: the lines of
``allowed_signers`` whose key a rotation replaced get the new key, in place
(principals and options kept), and a revoked key's line is commented out, so
that ``ssh-keygen -Y verify`` with the same file accepts exactly what memsync
accepts, and nobody edits the file by hand. Revoked keys are remembered
beside it: a key once revoked never signs again here, even if a line names it.

``.memsync/keys.json``::

    {"format": 1,
     "revoked": {FINGERPRINT: {"key": "TYPE BASE64", "at": TIME}},
     "own": CHAIN | null}

``own`` is this workspace's own chain (its canonical text), appended to by
``publish --rotate-to`` and ``--revoke`` and carried beside every signed push.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .disk import atomic
from .errors import InputError, WorkspaceError
from .names import KEYS_NAME
from .workspace import Workspace, now

if TYPE_CHECKING:
    from .rotation import Chain, Followed
    from .ssh.allowed_signers import AllowedSigner
    from .ssh.sshkey import PublicKey

FILENAME = "keys.json"
FORMAT = 1


@dataclass
class Keyring:
    revoked: dict[str, dict[str, str]] = field(default_factory=dict)  # fingerprint → {"key", "at"}
    own: str | None = None  # the canonical text of this workspace's own chain


def _path(ws: Workspace) -> Path:
    return ws.state / FILENAME


def load(ws: Workspace) -> Keyring:
    path = _path(ws)
    try:
        raw = json.loads(path.read_bytes())
    except FileNotFoundError:
        return Keyring()
    except (ValueError, RecursionError):
        raise WorkspaceError(f"{path}: malformed key state") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise WorkspaceError(f"{path}: malformed key state")
    revoked, own = raw.get("revoked"), raw.get("own")
    if not isinstance(revoked, dict) or not (own is None or isinstance(own, str)):
        raise WorkspaceError(f"{path}: malformed key state")
    return Keyring({str(k): v for k, v in revoked.items() if isinstance(v, dict)}, own)


def save(ws: Workspace, ring: Keyring) -> None:
    data = {"format": FORMAT, "revoked": ring.revoked, "own": ring.own}
    ws.state.mkdir(parents=True, exist_ok=True)
    atomic.write_bytes(_path(ws), (json.dumps(data, indent=2, sort_keys=True) + "\n").encode())


def usable(signers: list[AllowedSigner], ring: Keyring) -> list[AllowedSigner]:
    """The lines of allowed_signers whose key was not revoked by its owner."""
    if not ring.revoked:
        return signers
    return [s for s in signers if s.key.plain().fingerprint() not in ring.revoked]


def trusted(ws: Workspace) -> tuple[list[AllowedSigner], Keyring]:
    """The workspace's allowed signers as signatures are checked against them, and its keyring."""
    from .ssh.allowed_signers import read_allowed_signers

    ring = load(ws)
    return usable(read_allowed_signers(ws.allowed_signers_path), ring), ring


def is_revoked(ring: Keyring, key: PublicKey) -> bool:
    return key.plain().fingerprint() in ring.revoked


# -- a chain a remote serves ---------------------------------------------------------------


@dataclass(frozen=True)
class KeyChange:
    """What a served chain changes for this workspace."""

    followed: Followed
    signers: list[AllowedSigner]  # allowed_signers as it reads once the chain is followed
    notes: list[str]  # one per change, for the person reading the verdict
    ended: frozenset[str] = frozenset()  # every key whose own sound revocation the chain holds


def offered(data: bytes, signers: list[AllowedSigner], ring: Keyring) -> tuple[KeyChange | None, str | None]:
    """(what the chain ``data`` changes, None when nothing; why it does not read, or None)."""
    from . import rotation

    try:
        chain = rotation.parse(data, where=KEYS_NAME)
    except InputError as exc:
        return None, str(exc)
    trusted = [s.key for s in signers if not s.cert_authority and s.key.cert is None]
    followed = rotation.follow(chain, trusted, ring.revoked)
    # Only a key's owner can sign its end: remembered even for keys this workspace trusts no
    # more (rotated away) or not yet, so that nobody trusts them again by mistake.
    ended = frozenset(
        st.key.fingerprint() for st in chain.statements if st.kind == rotation.REVOKE and st.problem() is None
    )
    if not followed.replaced and not followed.revoked and ended <= ring.revoked.keys():
        return None, None
    after: list[AllowedSigner] = []
    notes: list[str] = []
    for signer in signers:
        old = signer.key.fingerprint()
        if signer.cert_authority or signer.key.cert is not None or old not in followed.replaced:
            if not (followed.revoked and signer.key.plain().fingerprint() in followed.revoked):
                after.append(signer)
            continue
        new = followed.replaced[old]
        if new is None:
            notes.append(f"{signer.name}'s key {old} was revoked by its owner")
            continue
        notes.append(f"{signer.name}'s key {old} rotated to {new.fingerprint()}")
        after.append(replace(signer, key=new))
    return KeyChange(followed, after, notes, ended), None


def follow(ws: Workspace, change: KeyChange) -> None:
    """Make ``change`` lasting: allowed_signers rewritten line by line, revocations remembered."""
    ring = load(ws)
    for fingerprint in change.followed.revoked | change.ended:
        ring.revoked.setdefault(fingerprint, {"key": fingerprint, "at": now()})
    for old, new in change.followed.replaced.items():
        if new is None:
            ring.revoked.setdefault(old, {"key": old, "at": now()})
    save(ws, ring)
    path = ws.allowed_signers_path
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return
    from .ssh.allowed_signers import parse_allowed_signers

    signers, _ = parse_allowed_signers(data, str(path))
    lines = data.split(b"\n")
    stamp = f"# revoked by its owner ({KEYS_NAME}, {now()}): ".encode()
    for signer in signers:
        if signer.cert_authority or signer.key.cert is not None:
            continue
        number = int(signer.where.rsplit(":", 1)[1]) - 1
        old = signer.key.fingerprint()
        new = change.followed.replaced.get(old, signer.key)
        if new is None or old in change.followed.revoked:
            lines[number] = stamp + lines[number]
        elif new is not signer.key:
            lines[number] = _rotated_line(lines[number], signer, new)
    atomic.write_bytes(path, b"\n".join(lines))


def _rotated_line(line: bytes, signer: AllowedSigner, new: PublicKey) -> bytes:
    """``line`` with its key replaced in place, whatever blanks part type and key; a line
    written some other way is kept as a comment and written anew after it."""
    kind, b64 = signer.key.line().encode().split(b" ")
    new_kind, new_b64 = new.line().encode().split(b" ")
    pattern = re.compile(rb"(?<![^ \t])" + re.escape(kind) + rb"([ \t]+)" + re.escape(b64) + rb"(?![^ \t\r])")
    rewritten, count = pattern.subn(lambda m: new_kind + m.group(1) + new_b64, line)
    if count == 1:
        return rewritten
    return f"# rotated ({KEYS_NAME}, {now()}): ".encode() + line + b"\n" + replace(signer, key=new).line().encode()


# -- the publisher's own chain ---------------------------------------------------------------


def generate(path: Path, comment: str = "memsync") -> PublicKey:
    """Write a new unencrypted Ed25519 key pair in OpenSSH format (PATH, private, mode
    0600, and PATH.pub); never over a key that is there."""
    from .ssh.sshsig import new_key

    if path.exists():
        raise InputError(f"{path}: already exists; not overwriting a key")
    private, public_line, public = new_key(comment)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic.write_bytes(path, private, mode=0o600)
    atomic.write_bytes(path.with_name(path.name + ".pub"), public_line)
    return public


def own_chain(ws: Workspace | None) -> Chain | None:
    if ws is None:
        return None
    text = load(ws).own
    if text is None:
        return None
    from . import rotation

    return rotation.verified(text.encode(), where=str(_path(ws)))


def save_own_chain(ws: Workspace, chain: Chain) -> None:
    ring = load(ws)
    ring.own = chain.to_bytes().decode("ascii")
    save(ws, ring)


def merged(*chains: Chain | None) -> Chain | None:
    """One chain holding every statement of ``chains`` once, in the order first met: a
    destination's (other publishers' too) first, then this workspace's own, then new ones."""
    from .rotation import Chain

    seen: list[Any] = []
    for chain in chains:
        for statement in chain.statements if chain else ():
            if statement not in seen:
                seen.append(statement)
    return Chain(tuple(seen)) if seen else None
