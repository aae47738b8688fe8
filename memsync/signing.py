"""What a signed push or publish writes beside ``SHA256SUMS``.

``SHA256SUMS.sig`` (SSHSIG over the manifest) and the release statement
(``memsync-release.json`` and its ``.sig``): the field's name, the next
version after the one at the destination, this manifest's digest, the
previous digest, and an expiry (docs/FORMAT.md), so consumers can refuse a
rollback, another field's version or a frozen source.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .errors import InputError
from .manifest import Manifest
from .names import RELEASE_NAME, RELEASE_SIGNATURE_NAME, SIGNATURE_NAME
from .workspace import Workspace

KEY_VARIABLE = "MEMSYNC_SIGNING_KEY"


def signing_key(ws: Workspace | None, explicit: str | None = None) -> Any:
    """The private key to sign with: ``--sign-with``, ``$MEMSYNC_SIGNING_KEY`` (a path,
    or the key itself, as CI secrets hold it), or the workspace's."""
    value = explicit or os.environ.get(KEY_VARIABLE) or (ws.signing_key if ws else None)
    if not value:
        return None
    # Here and in vouch, not at the top: most pushes sign nothing, and the key
    # and signature code (and cryptography) is slow to import.
    from . import sshsig

    if "-----BEGIN OPENSSH PRIVATE KEY-----" in value:
        return sshsig.load_private_key_bytes(value.encode(), where=f"${KEY_VARIABLE}")
    return sshsig.load_private_key(Path(value).expanduser())


def vouch(
    manifest: Manifest, *, field: str, key: Any, previous: Mapping[str, bytes], expires: str | None = None
) -> dict[str, bytes]:
    """The sidecars for ``manifest``: its signature and the next release statement
    after the one in ``previous`` (the sidecars at the destination now)."""
    from . import release, sshsig

    before = None
    if RELEASE_NAME in previous:
        try:
            before = release.Release.parse(previous[RELEASE_NAME])
        except InputError:
            before = None  # an unreadable statement there: the numbering starts over above nothing we know
    created = datetime.now(UTC).replace(microsecond=0)
    statement = release.Release(
        field,
        before.version + 1 if before else 1,
        manifest.digest,
        before.digest if before else None,
        created,
        created + release.parse_duration(expires or release.DEFAULT_EXPIRY),
    )
    data = statement.to_bytes()
    return {
        SIGNATURE_NAME: sshsig.sign(manifest.to_bytes(), key),
        RELEASE_NAME: data,
        RELEASE_SIGNATURE_NAME: sshsig.sign(data, key),
    }
