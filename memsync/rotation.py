"""The signing-key rotation statements: ``memsync-keys.json`` beside ``SHA256SUMS``.

A publisher's key history as an ordered chain of statements, each signed by
the key it is about (the model is python-tuf's root rotation: each new root is
signed by the previous root's keys), so that a subscriber who trusts one key of
the chain follows it to the publisher's current key, or learns it was revoked,
without editing ``allowed_signers`` by hand:

    {"format":1,"statements":[
      {"created":"2026-12-07T10:00:00Z","key":"ssh-ed25519 AAAA…","kind":"rotate",
       "next":"ssh-ed25519 BBBB…","signature":"-----BEGIN SSH SIGNATURE-----\\n…"},
      {"created":"2027-03-01T09:00:00Z","key":"ssh-ed25519 BBBB…","kind":"revoke",
       "next":null,"signature":"…"}]}

(one line, keys sorted, no spaces, ASCII, one final newline; at most 64 KiB).
A statement's signature is SSHSIG in namespace ``memsync-keys`` over the
statement's own canonical JSON without ``signature``, plus a newline, so
``ssh-keygen -Y verify -n memsync-keys`` checks it and it can never pass as a
manifest's or release statement's signature (namespace ``memsync``), nor one of
those as a statement's. ``follow`` is the pure decision (docs/FORMAT.md);
signing and verifying are sshsig's.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from .errors import InputError, IntegrityError, MemsyncError
from .limits import SIDECAR_LIMIT
from .names import KEYS_NAME
from .release import _no_constant, _no_duplicates, _parse_time, _time_text
from .ssh import sshkey, sshsig
from .ssh.sshkey import PublicKey

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

FILENAME = KEYS_NAME
NAMESPACE = "memsync-keys"
FORMAT = 1
MAX_BYTES = SIDECAR_LIMIT
ROTATE, REVOKE = "rotate", "revoke"

_FILE_KEYS = {"format", "statements"}
_STATEMENT_KEYS = {"kind", "key", "next", "created", "signature"}
_BEGIN = "-----BEGIN SSH SIGNATURE-----"
_END = "-----END SSH SIGNATURE-----"
_LINE = 70  # sshsig.c's SSHSIG_LINE_LEN: how ssh-keygen -Y sign wraps


def _canonical(value: object) -> bytes:
    return (json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True) + "\n").encode()


def _armor(body: str) -> str:
    lines = [body[i : i + _LINE] for i in range(0, len(body), _LINE)]
    return "\n".join([_BEGIN, *lines, _END]) + "\n"


@dataclass(frozen=True)
class Statement:
    """One signed step of a key's history: ``key`` rotates to ``next``, or (``next`` None) revokes itself."""

    kind: str  # ROTATE or REVOKE
    key: PublicKey  # the key that signs the statement: the current key
    next: PublicKey | None  # the key it rotates to; None for a revocation
    created: datetime  # UTC, whole seconds
    signature: str  # armored SSHSIG over signed_bytes(), as ssh-keygen -Y sign writes it

    def unsigned_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "key": self.key.line(),
            "next": self.next.line() if self.next else None,
            "created": _time_text(self.created),
        }

    def to_json(self) -> dict[str, Any]:
        return {**self.unsigned_json(), "signature": self.signature}

    def signed_bytes(self) -> bytes:
        """What the signature signs: the statement's canonical JSON without ``signature``, and a newline."""
        return _canonical(self.unsigned_json())

    def problem(self) -> str | None:
        """Why the signature does not hold (one line), or None when it is ``key``'s own over this
        statement in namespace ``memsync-keys`` (``ssh-keygen -Y check-novalidate -n memsync-keys``,
        then the signing key compared with ``key``)."""
        return self._problem

    @functools.cached_property
    def _problem(self) -> str | None:
        # Checked once per statement: writing a chain checks it, then follows it twice.
        try:
            signer = sshsig.check(self.signed_bytes(), self.signature.encode("ascii"), NAMESPACE)
        except MemsyncError as exc:
            return f"bad signature: {exc}"
        if signer.cert is not None:
            return "bad signature: made with a certificate; statements are signed by plain keys"
        if not signer.same_public(self.key):
            return f"bad signature: made by {signer.fingerprint()}, not by the statement's key {_fp(self.key)}"
        return None


@dataclass(frozen=True)
class Chain:
    """The statements of ``memsync-keys.json``, in the order they were appended."""

    statements: tuple[Statement, ...]

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "statements": [s.to_json() for s in self.statements]}

    def to_bytes(self) -> bytes:
        return _canonical(self.to_json())

    def problems(self) -> list[str]:
        """One line for each statement whose signature does not hold ("statement N: …")."""
        return [f"statement {i}: {p}" for i, s in enumerate(self.statements, 1) if (p := s.problem()) is not None]

    def verify(self, *, where: str = FILENAME) -> Chain:
        """The chain itself when every statement's signature holds; IntegrityError naming the first that does not."""
        problems = self.problems()
        if problems:
            raise IntegrityError(f"{where}: {problems[0]}")
        return self

    @classmethod
    def parse(cls, data: bytes, *, where: str = FILENAME) -> Chain:
        """The chain in ``data``, which must be exactly its canonical bytes; InputError (one line) otherwise.
        Signatures are read, not checked (``verify``, ``follow``)."""
        if len(data) > MAX_BYTES:
            raise InputError(f"{where}: larger than {MAX_BYTES} bytes")
        try:
            raw = json.loads(data.decode("utf-8"), object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:
            raise InputError(f"{where}: not a JSON key rotation file ({exc})") from None
        if not isinstance(raw, dict):
            raise InputError(f"{where}: not a JSON object")
        _check_keys(raw, _FILE_KEYS, where)
        if type(raw["format"]) is not int or raw["format"] != FORMAT:
            raise InputError(f"{where}: format {raw['format']!r} is not {FORMAT}")
        items = raw["statements"]
        if not isinstance(items, list):
            raise InputError(f"{where}: statements is not a list")
        if not items:
            raise InputError(f"{where}: no statements")
        chain = cls(tuple(_statement(item, f"{where}: statement {i}") for i, item in enumerate(items, 1)))
        if chain.to_bytes() != data:
            raise InputError(f"{where}: not in canonical form (sorted keys, no spaces, ASCII, one final newline)")
        return chain


def parse(data: bytes, *, where: str = FILENAME) -> Chain:
    """``Chain.parse``: the chain in ``data``, strictly; InputError with one line otherwise."""
    return Chain.parse(data, where=where)


def verified(data: bytes, *, where: str = FILENAME) -> Chain:
    """The chain in ``data`` when it parses and every statement's signature holds: what a sidecar must be
    to travel (InputError when it does not parse, IntegrityError naming the first bad signature)."""
    return Chain.parse(data, where=where).verify(where=where)


def _check_keys(raw: dict[str, Any], expected: set[str], where: str) -> None:
    if set(raw) != expected:
        missing, unknown = sorted(expected - set(raw)), sorted(set(raw) - expected)
        problems = [f"missing {', '.join(missing)}"] if missing else []
        problems += [f"unknown key {', '.join(repr(k) for k in unknown)}"] if unknown else []
        raise InputError(f"{where}: " + "; ".join(problems))


def _statement(raw: object, where: str) -> Statement:
    if not isinstance(raw, dict):
        raise InputError(f"{where}: not a JSON object")
    _check_keys(raw, _STATEMENT_KEYS, where)
    kind = raw["kind"]
    if kind not in (ROTATE, REVOKE) or not isinstance(kind, str):
        raise InputError(f"{where}: kind {kind!r} is not 'rotate' or 'revoke'")
    key = _key_text(raw["key"], f"{where}: key")
    if kind == ROTATE:
        next_key: PublicKey | None = _key_text(raw["next"], f"{where}: next")
        if next_key == key:
            raise InputError(f"{where}: a rotation from a key to itself")
    elif raw["next"] is not None:
        raise InputError(f"{where}: a revocation has next null (a key revokes only itself)")
    else:
        next_key = None
    created = _parse_time(raw["created"], f"{where}: created")
    signature = raw["signature"]
    if not isinstance(signature, str) or not signature.isascii():
        raise InputError(f"{where}: signature is not an armored SSH signature")
    try:
        sshsig.parse(signature.encode("ascii"))
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None
    body = "".join(signature.split("\n")[1:-2])
    if signature != _armor(body):
        raise InputError(f"{where}: signature is not armored as ssh-keygen -Y sign writes it (lines of {_LINE})")
    return Statement(kind, key, next_key, created, signature)


def _key_text(value: object, where: str) -> PublicKey:
    """A plain public key written exactly ``TYPE BASE64`` (no comment), of a type memsync verifies."""
    if not isinstance(value, str):
        raise InputError(f"{where} {value!r} is not an OpenSSH public key 'TYPE BASE64'")
    try:
        key = sshkey.read_text(value.encode("ascii"))
    except (InputError, UnicodeEncodeError) as exc:
        raise InputError(f"{where} is not an OpenSSH public key 'TYPE BASE64' ({exc})") from None
    problem = _key_problem(key)
    if problem:
        raise InputError(f"{where}: {problem}")
    if key.line() != value:
        raise InputError(f"{where} is not written 'TYPE BASE64' alone (no comment, OpenSSH's type name)")
    return key


def _key_problem(key: PublicKey) -> str | None:
    if key.cert is not None:
        return "a certificate, not a plain key"
    if key.plain_type == sshkey.DSA:
        return "an ssh-dss (DSA) key, which memsync does not verify"
    return None


def _fp(key: PublicKey | str) -> str:
    return key if isinstance(key, str) else key.fingerprint()


# -- writing -------------------------------------------------------------------------


def public_key(key: Ed25519PrivateKey) -> PublicKey:
    """The public key of an Ed25519 private key, as a statement names it."""
    from cryptography.hazmat.primitives import serialization

    raw = key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return PublicKey(sshkey.ED25519, (raw,))


def _plain(key: PublicKey | str) -> PublicKey:
    public = sshsig.parse_public_key(key) if isinstance(key, str) else key
    problem = _key_problem(public)
    if problem:
        raise InputError(f"{public.fingerprint()}: {problem}")
    return public


def _sign(kind: str, key: Ed25519PrivateKey, next_key: PublicKey | None, now: datetime | None) -> Statement:
    created = (now or datetime.now(UTC)).astimezone(UTC).replace(microsecond=0)
    draft = Statement(kind, public_key(key), next_key, created, "")
    return Statement(kind, draft.key, next_key, created, sshsig.sign(draft.signed_bytes(), key, NAMESPACE).decode())


def _append(chain: Chain | None, statement: Statement) -> Chain:
    """``chain`` with ``statement`` at its end, refused (InputError) unless every subscriber who
    trusts the signing key, or any key the chain leads to it from, would follow it."""
    before = chain.verify(where=f"the {FILENAME} to extend") if chain else Chain(())
    signer = statement.key.fingerprint()
    everyone = {s.key.fingerprint() for s in before.statements} | {signer}
    now = follow(before, everyone)
    if signer in now.revoked:
        raise InputError(f"{signer} is revoked in this {FILENAME}: it can sign no more statements")
    if signer in now.replaced and statement.kind == ROTATE:
        successor = now.replaced[signer]
        if successor is None:
            raise InputError(f"{signer} rotated to a key that is revoked in this {FILENAME}")
        raise InputError(f"{signer} already rotated to {successor.fingerprint()} in this {FILENAME}: sign with it")
    after = Chain((*before.statements, statement))
    Chain.parse(after.to_bytes(), where=f"new {FILENAME}")  # the same rules as any reader's: the size above all
    outcome = follow(after, everyone)
    index = len(after.statements) - 1
    if statement.kind == REVOKE and signer in outcome.revoked:
        # A key that rotated away may still end itself (stolen after it was retired): with its rotation
        # that is a fork, and the key is revoked either way; subscribers who had not followed it are cut off.
        return after
    if index not in outcome.followed:
        reason = next((r.reason for r in outcome.refused if r.index == index), "no subscriber would follow it")
        raise InputError(f"new {FILENAME}: {reason}")
    return after


def rotate(
    chain: Chain | None, key: Ed25519PrivateKey, next_key: PublicKey | str, *, now: datetime | None = None
) -> Chain:
    """``chain`` (None: none yet) with a statement, signed by ``key``, that rotates it to ``next_key``
    (a public key, or its ``TYPE BASE64`` text). InputError when ``key`` is not the end of its
    rotations in the chain, or ``next_key`` is ``key``, revoked, an earlier key, or a certificate."""
    successor = _plain(next_key)
    if successor.same_public(public_key(key)):
        raise InputError(f"{successor.fingerprint()}: a key cannot rotate to itself")
    return _append(chain, _sign(ROTATE, key, successor.plain(), now))


def revoke(chain: Chain | None, key: Ed25519PrivateKey, *, now: datetime | None = None) -> Chain:
    """``chain`` (None: none yet) with a statement, signed by ``key``, that revokes ``key`` itself."""
    return _append(chain, _sign(REVOKE, key, None, now))


# -- the decision --------------------------------------------------------------------


@dataclass(frozen=True)
class Refused:
    index: int  # 0-based position in chain.statements
    reason: str  # one line

    def __str__(self) -> str:
        return f"statement {self.index + 1}: {self.reason}"


@dataclass(frozen=True)
class Followed:
    """What a chain changes for a subscriber.

    ``replaced``: each trusted key (by fingerprint) that the chain changes, mapped to the key
    that replaces it now: the end of its rotations, or None when it (or a key it rotated to)
    is revoked. A trusted key not in it stays as it is. ``revoked``: the fingerprints this chain
    revokes that the subscriber did not know of. ``followed``: the statements that count;
    ``refused``: those of keys the subscriber trusts (or trusted on the way) that do not, with
    why; ``ignored``: statements of keys the subscriber never trusted."""

    replaced: dict[str, PublicKey | None] = field(default_factory=dict)
    revoked: frozenset[str] = frozenset()
    followed: tuple[int, ...] = ()
    refused: tuple[Refused, ...] = ()
    ignored: tuple[int, ...] = ()


def follow(chain: Chain, trusted: Iterable[PublicKey | str], revoked: Iterable[PublicKey | str] = ()) -> Followed:
    """Walk ``chain`` in order for a subscriber that trusts ``trusted`` now and knows ``revoked`` to be
    revoked (keys, or ``SHA256:…`` fingerprints). A rotation counts only when its signature is its
    ``key``'s own and that key is current (trusted, or reached by rotations that counted) and not
    revoked; a key's own revocation counts where it stands. docs/FORMAT.md has the rules. Pure: no
    clock, no I/O."""
    statements = chain.statements
    keys = [s.key.fingerprint() for s in statements]
    nexts = [s.next.fingerprint() if s.next else None for s in statements]
    bad = [s.problem() for s in statements]
    # A key's validly signed statements must agree: rotations to two keys, or a rotation and
    # a revocation, are a fork: the key is taken as compromised, wherever the two stand.
    said: dict[str, set[str | None]] = {}
    for key, nxt, problem in zip(keys, nexts, bad, strict=True):
        if problem is None:
            said.setdefault(key, set()).add(nxt)
    forked = {key for key, targets in said.items() if len(targets) > 1}

    known_revoked = {_fp(k) for k in revoked}
    trusted_now = {_fp(k) for k in trusted}
    revoked_here: set[str] = set()  # revoked by this chain, up to where the walk is
    lineage: dict[str, str | None] = {}  # trusted fingerprint → the key that stands for it now
    ever: set[str] = set()  # keys current at some point of the walk
    named: set[str] = set()  # keys a current key's rotation named
    made_current: dict[str, int] = {}  # key → the statement that made it current
    rotated_away: dict[str, int] = {}  # key → the statement that rotated it
    successors: dict[str, PublicKey] = {}
    followed: list[int] = []
    refused: list[Refused] = []
    waiting: list[int] = []  # statements whose key was not current when met
    revocations: list[int] = []  # sound revocations by keys that were not current when met

    def is_revoked(key: str) -> bool:
        return key in known_revoked or key in revoked_here

    def end(key: str) -> None:
        """``key`` is revoked: every trusted key that stands on it now has no replacement."""
        revoked_here.add(key)
        for origin, now in lineage.items():
            if now == key:
                lineage[origin] = None

    def becomes_current(key: str) -> None:
        ever.add(key)
        if key in forked and not is_revoked(key):
            end(key)

    for origin in trusted_now:
        lineage[origin] = None if origin in known_revoked else origin
        if origin not in known_revoked:
            becomes_current(origin)

    for i, statement in enumerate(statements):
        key, nxt = keys[i], nexts[i]
        if key not in lineage.values() or is_revoked(key):
            if nxt is None and bad[i] is None and key not in forked and not is_revoked(key):
                # A key may always say it is dead, current or not: from here on it is revoked.
                revocations.append(i)
                revoked_here.add(key)
            else:
                waiting.append(i)
            continue
        if bad[i] is not None:
            refused.append(Refused(i, str(bad[i])))
        elif nxt is None:
            end(key)
            followed.append(i)
        else:
            named.add(nxt)
            if is_revoked(nxt):
                refused.append(Refused(i, f"rotates {key} to {nxt}, which is revoked"))
            elif nxt in rotated_away:
                earlier = rotated_away[nxt] + 1
                refused.append(
                    Refused(i, f"cycle: rotates {key} back to {nxt}, which statement {earlier} rotated away")
                )
            else:
                assert statement.next is not None
                for origin, now in lineage.items():
                    if now == key:
                        lineage[origin] = nxt
                rotated_away[key] = i
                made_current.setdefault(nxt, i)
                successors[nxt] = statement.next
                followed.append(i)
                becomes_current(nxt)

    concerned = ever | trusted_now | known_revoked | named
    ignored: list[int] = []
    for i in revocations:
        (followed if keys[i] in concerned else ignored).append(i)
    for i in waiting:
        key = keys[i]
        if key not in concerned:
            ignored.append(i)
        elif bad[i] is not None:
            refused.append(Refused(i, str(bad[i])))
        elif key in forked:
            refused.append(Refused(i, f"fork: {key} signed conflicting statements, so it is taken as compromised"))
        elif is_revoked(key):
            refused.append(Refused(i, f"signed by {key}, which is revoked"))
        elif key in rotated_away and rotated_away[key] < i:
            refused.append(Refused(i, f"signed by {key}, which statement {rotated_away[key] + 1} already rotated away"))
        elif key in made_current:
            refused.append(
                Refused(i, f"out of order: signed by {key} before statement {made_current[key] + 1} made it current")
            )
        else:
            refused.append(Refused(i, f"signed by {key}, which is not current here"))
    replaced = {
        origin: (successors[now] if now is not None else None)
        for origin, now in lineage.items()
        if now != origin and origin not in known_revoked
    }
    newly_revoked = frozenset(k for k in revoked_here - known_revoked if k in concerned)
    return Followed(
        replaced,
        newly_revoked,
        tuple(sorted(followed)),
        tuple(sorted(refused, key=lambda r: r.index)),
        tuple(sorted(ignored)),
    )
