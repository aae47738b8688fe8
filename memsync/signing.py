"""What a signed push or publish writes beside ``SHA256SUMS``.

``SHA256SUMS.sig`` (SSHSIG over the manifest) and the release statement
(``memsync-release.json`` and its ``.sig``): the field's name (its bound
identity), the next version after both the one at the destination and the
highest the publisher's workspace knows for the field, this manifest's digest,
the previous digest at the destination, and an expiry (docs/FORMAT.md), so
consumers can refuse a rollback, another field's version or a frozen source.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from .errors import InputError, MemsyncError
from .manifest import Manifest
from .names import KEYS_NAME, RELEASE_NAME, RELEASE_SIGNATURE_NAME, SIGNATURE_NAME
from .workspace import Workspace

if TYPE_CHECKING:
    from .release import Release
    from .rotation import Chain
    from .ssh.allowed_signers import AllowedSigner

KEY_VARIABLE = "MEMSYNC_SIGNING_KEY"


class Publisher(Protocol):
    """Who keeps the field's trust record: told of each statement a push made."""

    def published(self, statement: Release, signer: str | None) -> None: ...


def signing_key(ws: Workspace | None, explicit: str | None = None) -> Any:
    """The private key to sign with: ``--sign-with``, ``$MEMSYNC_SIGNING_KEY`` (a path,
    or the key itself, as CI secrets hold it), or the workspace's."""
    value = explicit or os.environ.get(KEY_VARIABLE) or (ws.signing_key if ws else None)
    if not value:
        return None
    # Here and in Voucher, not at the top: most pushes sign nothing, and the key
    # and signature code (and cryptography) is slow to import.
    from .ssh import sshsig

    if "-----BEGIN OPENSSH PRIVATE KEY-----" in value:
        return sshsig.load_private_key_bytes(value.encode(), where=f"${KEY_VARIABLE}")
    return sshsig.load_private_key(Path(value).expanduser())


def _own(key: Any) -> AllowedSigner:
    from .rotation import public_key
    from .ssh.allowed_signers import AllowedSigner

    return AllowedSigner(("this publisher",), public_key(key), ("memsync",))


class Voucher:
    """Signs one field's versions as they are pushed or published.

    A version is numbered after the statement at its destination and after
    ``after``, the highest release the publisher's workspace knows for the field:
    so a new remote, a mirror or a second machine never starts the count again.
    The same manifest sent to several destinations keeps one version where the
    destinations allow it (a destination already further on gets the next one)."""

    def __init__(
        self,
        field: str,
        key: Any,
        *,
        expires: str | None = None,
        after: int = 0,
        keys: Chain | None = None,
        signers: list[AllowedSigner] | None = None,
    ) -> None:
        self.field = field
        self.key = key
        #: Whose statement at a destination counts for the numbering: this key's, and the
        #: workspace's allowed signers' (a teammate's push). Anything else there was not
        #: made by anyone trusted: going on from its version would let whoever can write
        #: the store choose the number (past what any reader takes) and the previous digest.
        self.vouchers = [*(signers or []), _own(key)]
        self.expires = expires
        self.after = after
        self.made: list[Release] = []
        #: The publisher's own rotation statements, carried to every destination beside
        #: the statements already there (other publishers' included); with the ones this
        #: run adds once it wrote them (what the workspace keeps as its own).
        self.own = self.keys = keys
        self.rotations: list[Any] = []  # (kind, signing key, next public key or None), made at each destination
        self.now = datetime.now(UTC).replace(microsecond=0)

    def rotate_to(self, new_key: Any) -> None:
        """Announce at every destination that the current key rotates to ``new_key``, and sign with it."""
        from .rotation import ROTATE, public_key

        self.rotations.append((ROTATE, self.key, public_key(new_key)))
        self.key = new_key
        self.vouchers.append(_own(new_key))

    def revoke(self, old_key: Any) -> None:
        """Announce at every destination that ``old_key`` (signing its own revocation) is ended."""
        from .rotation import REVOKE

        self.rotations.append((REVOKE, old_key, None))

    def _chain(self, previous: Mapping[str, bytes]) -> Chain | None:
        """The destination's chain (when sound) with this publisher's own and new statements after it."""
        from . import keyring, rotation

        there = None
        if KEYS_NAME in previous:
            try:
                there = rotation.verified(previous[KEYS_NAME])
            except MemsyncError:
                there = None  # not sound: it would not travel; ours starts over beside it
        chain = keyring.merged(there, self.own)
        for kind, key, following in self.rotations:
            # The same statement at every destination: same key, same time, and Ed25519 is deterministic.
            if kind == rotation.ROTATE:
                chain = rotation.rotate(chain, key, following, now=self.now)
            else:
                chain = rotation.revoke(chain, key, now=self.now)
            assert chain is not None
            self.keys = keyring.merged(self.keys, rotation.Chain(chain.statements[-1:]))
        return chain

    def __call__(
        self, manifest: Manifest, previous: Mapping[str, bytes], previous_digest: str | None = None
    ) -> dict[str, bytes]:
        """The sidecars for ``manifest`` at a destination that holds the sidecars
        ``previous`` and the field digest ``previous_digest`` (None: nothing yet)."""
        from . import release
        from .ssh import sshsig

        before = None
        if RELEASE_NAME in previous and RELEASE_SIGNATURE_NAME in previous:
            try:
                before, _ = release.verify(previous[RELEASE_NAME], previous[RELEASE_SIGNATURE_NAME], self.vouchers)
            except MemsyncError:
                before = None  # not one of ours: the numbering goes on from what the workspace knows
        floor = max(before.version if before else 0, self.after)
        if floor >= release.MAX_VERSION:
            raise InputError(f"the release there is already version {floor}, the highest a statement may have")
        same = [m for m in self.made if m.digest == manifest.digest and m.version > floor]
        if same:
            version, created, expires = same[-1].version, same[-1].created, same[-1].expires
        else:
            created = datetime.now(UTC).replace(microsecond=0)
            version, expires = floor + 1, created + release.parse_duration(self.expires or release.DEFAULT_EXPIRY)
        statement = release.Release(
            self.field,
            version,
            manifest.digest,
            before.digest if before else previous_digest,
            created,
            expires,
        )
        chain = self._chain(previous)
        self.made.append(statement)
        data = statement.to_bytes()
        sidecars = {
            SIGNATURE_NAME: sshsig.sign(manifest.to_bytes(), self.key),
            RELEASE_NAME: data,
            RELEASE_SIGNATURE_NAME: sshsig.sign(data, self.key),
        }
        if chain is not None:
            sidecars[KEYS_NAME] = chain.to_bytes()
        return sidecars

    def record(self, publisher: Publisher) -> None:
        """Tell the field's trust record of the newest statement made."""
        if self.made:
            publisher.published(max(self.made, key=lambda m: m.version), None)
