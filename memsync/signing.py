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

from .errors import InputError
from .manifest import Manifest
from .names import RELEASE_NAME, RELEASE_SIGNATURE_NAME, SIGNATURE_NAME
from .workspace import Workspace

if TYPE_CHECKING:
    from .release import Release

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
    from . import sshsig

    if "-----BEGIN OPENSSH PRIVATE KEY-----" in value:
        return sshsig.load_private_key_bytes(value.encode(), where=f"${KEY_VARIABLE}")
    return sshsig.load_private_key(Path(value).expanduser())


class Voucher:
    """Signs one field's versions as they are pushed or published.

    A version is numbered after the statement at its destination and after
    ``after``, the highest release the publisher's workspace knows for the field:
    so a new remote, a mirror or a second machine never starts the count again.
    The same manifest sent to several destinations keeps one version where the
    destinations allow it (a destination already further on gets the next one)."""

    def __init__(self, field: str, key: Any, *, expires: str | None = None, after: int = 0) -> None:
        self.field = field
        self.key = key
        self.expires = expires
        self.after = after
        self.made: list[Release] = []

    def __call__(
        self, manifest: Manifest, previous: Mapping[str, bytes], previous_digest: str | None = None
    ) -> dict[str, bytes]:
        """The sidecars for ``manifest`` at a destination that holds the sidecars
        ``previous`` and the field digest ``previous_digest`` (None: nothing yet)."""
        from . import release, sshsig

        before = None
        if RELEASE_NAME in previous:
            try:
                before = release.Release.parse(previous[RELEASE_NAME])
            except InputError:
                before = None  # an unreadable statement there: the numbering goes on from what we know
        floor = max(before.version if before else 0, self.after)
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
        self.made.append(statement)
        data = statement.to_bytes()
        return {
            SIGNATURE_NAME: sshsig.sign(manifest.to_bytes(), self.key),
            RELEASE_NAME: data,
            RELEASE_SIGNATURE_NAME: sshsig.sign(data, self.key),
        }

    def record(self, publisher: Publisher) -> None:
        """Tell the field's trust record of the newest statement made."""
        if self.made:
            publisher.published(max(self.made, key=lambda m: m.version), None)
