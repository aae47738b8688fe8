"""The trust gate: the one place that says apply, hold or refuse.

Every version received from a remote of a field goes through one ``Gate``,
in a fixed order (as python-tuf's ``TrustedMetadataSet`` does for metadata):

1. **pin**: the hash given on the command line (``--sha256``) or recorded in
   ``memsync.lock`` for this field and source — a match is applied, since a
   pin is the user's own review;
2. **signature**: ``SHA256SUMS.sig`` by a signer ``allowed_signers`` accepts
   now, with OpenSSH's rules (``memsync.sshsig``); a broken signature is held
   under any policy;
3. **release statement**: the signed ``memsync-release.json`` names this
   field, a version above the last one accepted from this source, this very
   manifest, and has not expired (no rollback, mix-and-match or freeze);
   once a source has given one, it must keep giving them;
4. **policy** of the remote: ``self`` applies, ``signed`` applies what an
   allowed signer signed, ``untrusted`` holds the first version for review
   and later ones unless an allowed signer signed them; executable files from
   a source that is not ``self`` are always held;
5. **record** (after the engine applied): the trust state (highest version
   accepted, the publisher's field name, expiry), the pin, and the provenance
   of every page; or **hold**: one quarantine entry bound to the digest.

``review`` marks the digest it showed; ``accept`` applies a held version only
when it is the one reviewed (or named by digest).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from . import atomic, scanner, trust
from .errors import IntegrityError, MemsyncError, WorkspaceError, redact
from .manifest import Manifest
from .names import RELEASE_NAME, RELEASE_SIGNATURE_NAME, SIGNATURE_NAME
from .pin import Pin
from .store import StagedVersion, StagingStore
from .workspace import RemoteConfig, Workspace, now

# The signature and release code is imported by the checks that read a signer or a
# statement: a push, or a status that receives nothing, needs none of it.
if TYPE_CHECKING:
    from . import release, sshsig


@dataclass(frozen=True)
class Verdict:
    apply: bool
    reason: str
    signer: str | None = None
    release: release.Release | None = None  # a verified statement that passed the checks

    def to_json(self) -> dict[str, Any]:
        return {
            "applied": self.apply,
            "reason": self.reason,
            "signer": self.signer,
            "release_version": self.release.version if self.release else None,
        }


class Gate:
    """Trust decisions for what one remote of one field delivers."""

    def __init__(self, ws: Workspace, field: str, remote: str, config: RemoteConfig, url: str) -> None:
        self.ws = ws
        self.field = field
        self.remote = remote
        self.policy = config.trust
        # The source as memsync.lock (committed), provenance and the quarantine name it:
        # never with the credentials a URL may carry.
        self.url = redact(url)
        self.state_path = ws.field_state_dir(field) / "trust" / f"{remote}.json"
        self._signers: list[sshsig.AllowedSigner] | None = None

    # -- what the gate remembers -----------------------------------------------------

    def state(self) -> dict[str, Any]:
        try:
            data = json.loads(self.state_path.read_bytes())
        except FileNotFoundError:
            return {}
        except ValueError:
            raise WorkspaceError(f"{self.state_path}: malformed trust state") from None
        return data if isinstance(data, dict) and self._ours(data.get("source")) else {}

    def _save(self, state: dict[str, Any]) -> None:
        self.state_path.parent.mkdir(parents=True, exist_ok=True)
        atomic.write_bytes(self.state_path, (json.dumps(state, indent=2, sort_keys=True) + "\n").encode())

    @property
    def signers(self) -> list[sshsig.AllowedSigner]:
        if self._signers is None:
            from . import sshsig

            self._signers = sshsig.read_allowed_signers(self.ws.allowed_signers_path)
        return self._signers

    # -- 1. pins -------------------------------------------------------------------------

    def lock_pin(self) -> dict[str, Any] | None:
        pin = trust.read_pins(self.ws).get(self.field)
        return pin if pin and self._ours(pin.get("source")) else None

    def _ours(self, source: object) -> bool:
        """Whether a recorded source is this one (recorded before sources were
        redacted, it may still carry the URL's credentials)."""
        return isinstance(source, str) and redact(source) == self.url

    # -- 2. signature ----------------------------------------------------------------------

    def signature(self, manifest: Manifest, sidecars: Mapping[str, bytes]) -> tuple[str | None, str | None]:
        """(signer, problem): who signed this manifest, or why that is not known. A problem
        starting with "bad signature" means the signature itself is broken."""
        return trust.check_signature(manifest, sidecars.get(SIGNATURE_NAME), self.signers)

    # -- 3. release statement ----------------------------------------------------------------

    def statement(
        self, manifest: Manifest, sidecars: Mapping[str, bytes], signer: str | None
    ) -> tuple[release.Release | None, str | None]:
        """The verified release statement that may be applied, or why not."""
        from . import release

        state = self.state()
        data, sig = sidecars.get(RELEASE_NAME), sidecars.get(RELEASE_SIGNATURE_NAME)
        if data is None or sig is None:
            if state.get("version") is not None and signer is not None:
                return None, (
                    f"this source gave release statements up to version {state['version']}; "
                    "a signed version without one may be an old one replayed"
                )
            return None, None
        try:
            statement, _ = release.verify(data, sig, self.signers)
        except MemsyncError as exc:
            return None, f"release statement not trusted: {exc}"
        last = release.Accepted(int(state["version"]), str(state["digest"])) if "version" in state else None
        known_as = str(state.get("publisher_field") or statement.field)
        verdict = release.check(statement, field=known_as, digest=manifest.digest, last=last, now=datetime.now(UTC))
        if not verdict.ok:
            return None, verdict.message
        return statement, None

    def check_frozen(
        self, manifest: Manifest, sidecars: Callable[[], Mapping[str, bytes]], *, dry_run: bool = False
    ) -> None:
        """A source that offers nothing newer than a release that expired may be
        frozen (a stale mirror, or someone holding back updates): say so. The
        same content under a newer statement (a publisher re-signing to push the
        expiry back) renews the release (recorded unless ``dry_run``); ``sidecars``
        (what the source serves beside ``manifest`` now) is asked for only once
        the held release expired."""
        if self.policy == "self":
            return
        state = self.state()
        expires = state.get("expires")
        if not expires or expires >= now():
            return
        served = sidecars()
        signer, _ = self.signature(manifest, served)
        statement, _ = self.statement(manifest, served, signer) if signer else (None, None)
        if statement is not None:
            if not dry_run:
                state.update(version=statement.version, digest=statement.digest, expires=_stamp(statement.expires))
                self._save(state)
            return
        raise IntegrityError(
            f"{self.url}: the release you hold (version {state.get('version')}) expired at {expires} "
            "and the source offers nothing newer: it may be frozen; check with its publisher"
        )

    # -- 4. the decision ---------------------------------------------------------------------

    def decide(
        self,
        manifest: Manifest,
        sidecars: Mapping[str, bytes],
        *,
        pinned: Pin | None = None,
        reviewed: bool = False,
        executables: list[str] | None = None,
    ) -> Verdict:
        signer, problem = self.signature(manifest, sidecars)
        statement, refused = self.statement(manifest, sidecars, signer) if signer else (None, None)
        if pinned is not None:
            # The engine refused anything else before this point (an archive pin on the
            # archive's bytes before a single entry was read, a digest on the manifest).
            return Verdict(True, "matches the hash pinned on the command line", signer, statement)
        lock = self.lock_pin()
        if lock is not None and lock.get("digest") == manifest.digest:
            return Verdict(True, "matches the pin in memsync.lock", signer, statement)
        if reviewed:
            return Verdict(True, "accepted after review", signer, statement)
        if problem is not None and problem.startswith("bad signature"):
            return Verdict(False, problem)  # a broken signature is a red flag under any policy
        if lock is not None and self.policy == "self" and (signer is None or refused is not None):
            # A pin is the user's review of one version: other content waits for the next review.
            return Verdict(False, refused or f"the pinned source now serves other content ({problem})", signer)
        if self.policy == "self":
            return Verdict(True, "your own remote (trust: self)", signer, statement)
        if executables:
            return Verdict(False, f"holds executable files ({', '.join(executables[:3])}): review it", signer)
        if refused is not None:
            return Verdict(False, refused, signer)
        if self.policy == "signed":
            if signer is not None:
                return Verdict(True, f"signed by allowed signer {signer}", signer, statement)
            return Verdict(False, f"{problem}: this remote needs a signature by an allowed signer")
        if signer is not None and self.state():
            # An untrusted source whose first version a person accepted: later versions
            # that an allowed signer signed (and that pass the release checks) follow.
            return Verdict(True, f"signed by allowed signer {signer}", signer, statement)
        return Verdict(
            False,
            "untrusted source: review it, then accept or reject" + (f" (signed by {signer})" if signer else ""),
            signer,
        )

    # -- 5. record or hold ---------------------------------------------------------------------

    def hold(self, staged: StagedVersion, verdict: Verdict, etag: str | None, archive_sha256: str | None) -> None:
        store = StagingStore(self.ws)
        store.quarantine(
            staged.digest,
            field=self.field,
            remote=self.remote,
            source=self.url,
            etag=etag,
            reason=verdict.reason,
            signer=verdict.signer,
            # The archive this version came in: what accept pins, whatever the source serves by then.
            archive_sha256=archive_sha256,
        )
        # A source that changes at every poll must not fill the disk: of what this remote
        # offered, only its newest and the one a person last reviewed (accept may apply it) stay.
        keep = {staged.digest, last_reviewed(self.ws, self.field)}
        for meta in store.quarantined(self.field):
            if meta.get("remote") == self.remote and meta["digest"] not in keep:
                store.discard(str(meta["digest"]), self.field)

    def record(
        self,
        manifest: Manifest,
        verdict: Verdict,
        *,
        how: str,
        archive_sha256: str | None,
        pin: bool,
    ) -> dict[str, Any] | None:
        """Remember what was applied; returns the previous pin when it named other content."""
        state = self.state() or {"source": self.url}
        if verdict.release is not None:
            state.update(
                version=verdict.release.version,
                digest=verdict.release.digest,
                publisher_field=verdict.release.field,
                expires=_stamp(verdict.release.expires),
            )
        state.update(accepted_digest=manifest.digest, signer=verdict.signer, accepted_at=now(), how=how)
        self._save(state)
        if not pin:
            return None
        return trust.write_pin(
            self.ws, self.field, self.url, manifest, signer=verdict.signer, how=how, archive_sha256=archive_sha256
        )


def executables(staged: StagedVersion, live: Manifest | None = None) -> list[str]:
    """Executable files of a staged version, but for those the live field already
    holds byte for byte (they are there already: reading them again changes nothing)."""
    same = live.entries if live is not None else {}
    return [
        n
        for n, sha in staged.manifest.entries.items()
        if same.get(n) != sha and scanner.is_executable(n, staged.read(n))
    ]


# -- review binds to accept ----------------------------------------------------------------


def mark_reviewed(ws: Workspace, field: str, digest: str) -> None:
    path = ws.field_state_dir(field) / "reviewed.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic.write_bytes(path, (json.dumps({"digest": digest, "at": now()}) + "\n").encode())


def last_reviewed(ws: Workspace, field: str) -> str | None:
    try:
        data = json.loads((ws.field_state_dir(field) / "reviewed.json").read_bytes())
    except (FileNotFoundError, ValueError):
        return None
    return data.get("digest") if isinstance(data, dict) else None


def chosen_for_accept(ws: Workspace, field: str, digest: str | None) -> str:
    """The held version ``accept`` may apply: the one named, or else the only one
    held when it is the one last reviewed."""
    held = [str(m["digest"]) for m in StagingStore(ws).quarantined(field)]
    if not held:
        raise WorkspaceError(f"nothing of field {field!r} is in quarantine")
    if digest is not None:
        want = Pin.parse(digest).digest if len(digest.removeprefix("sha256:")) == 64 else _prefix(digest)
        matches = [d for d in held if d.startswith(want)]
        if len(matches) != 1:
            raise WorkspaceError(f"{digest}: {'no' if not matches else 'more than one'} held version matches")
        return matches[0]
    reviewed = last_reviewed(ws, field)
    if len(held) == 1 and held[0] == reviewed:
        return held[0]
    listing = ", ".join(held)
    if len(held) == 1:
        raise WorkspaceError(f"review it first: memsync review {field} (held: {listing})")
    raise WorkspaceError(f"{len(held)} versions are held ({listing}); review one, then: memsync accept {field} DIGEST")


def _stamp(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def _prefix(text: str) -> str:
    raw = text.lower()
    return raw if raw.startswith("sha256:") else "sha256:" + raw
