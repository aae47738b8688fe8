"""The trust gate: the one place that says apply, hold or refuse.

Every version a field receives, from whichever of its remotes, goes through
one decision in a fixed order (as python-tuf's ``TrustedMetadataSet`` does for
metadata), taken against the field's one trust record (``memsync.field_trust``:
its identity, its high-water release, what was accepted and reviewed):

1. **pin**: the hash given on the command line (``--sha256``) or recorded in
   ``memsync.lock`` for this field: a match is applied, since a pin is the
   user's own review; so is the version a person reviewed and accepts;
2. **signature**: ``SHA256SUMS.sig`` by a signer ``allowed_signers`` accepts
   now, with OpenSSH's rules (``memsync.ssh.sshsig``); a broken signature is held
   under any policy;
3. **release statement**: the signed ``memsync-release.json`` names the
   field's bound identity (another name is mix-and-match, from every remote and
   under every policy; a refusal when ``--expect-field`` set the name), this very
   manifest, a version not below the field's high-water mark (rollback, replay)
   and, but from the user's own remotes, not expired (freeze); once the field
   has accepted statements, a signed version without one is held;
4. **policy** of the remote: ``self`` applies (except what a statement no
   allowed signer made says is another field or an older version: a retired
   key's old release, replayed), ``signed`` applies what an
   allowed signer signed, ``untrusted`` holds the first version for review and
   later ones unless an allowed signer signed them (and, when the field was
   first accepted with no statement, the statement continues a version
   accepted: its previous digest is one of them); executable files from a
   source that is not ``self`` are always held;
5. **record** (after the engine applied): the trust record (identity bound at
   the first accept, high-water mark, accepted digests), the pin and the key
   rotations followed; or **hold**: one quarantine entry bound to the digest.
   Who wrote each line is the engine's to record as it writes the pages
   (``memsync.provenance``), from the verdict given here.

Steps 1–4 are ``decide``, a pure function of (record, offer, policy, time),
tested as a table; ``Gate`` gathers the offer (the checks of signatures) and
persists after it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from . import field_trust, keyring, trust
from .errors import IntegrityError, MemsyncError, WorkspaceError, redact
from .field_trust import Identity, Mark, TrustRecord
from .limits import REVIEW_LOCK_WAIT as REVIEW_LOCK_WAIT  # re-exported: the API waits as long
from .manifest import Manifest
from .names import KEYS_NAME, RELEASE_NAME, RELEASE_SIGNATURE_NAME, SIGNATURE_NAME
from .pin import Pin
from .scan import scanner
from .store import StagedVersion, StagingStore
from .workspace import RemoteConfig, Workspace, now

# The signature and release code is imported by the checks that read a signer or a
# statement: a push, or a status that receives nothing, needs none of it.
if TYPE_CHECKING:
    from . import release
    from .ssh import sshsig


@dataclass(frozen=True)
class Offer:
    """What arrived, as the checks before the decision found it."""

    digest: str  # the field digest of the SHA256SUMS received
    signer: str | None = None  # who signed SHA256SUMS, verified against allowed_signers now
    signature_problem: str | None = None  # why no signer: "unsigned", an unknown key, "bad signature: …"
    statement: release.Release | None = None  # the release statement, its signature verified
    statement_problem: str | None = None  # a statement is there but not verified
    pinned: bool = False  # matches the --sha256 given now
    locked: bool = False  # matches the field's pin in memsync.lock
    locked_elsewhere: bool = False  # the lock pins other content of this same source
    reviewed: bool = False  # the held version a person reviewed, being accepted
    executables: tuple[str, ...] = ()  # executable files the live field does not hold already
    keys: keyring.KeyChange | None = None  # key rotations the source's memsync-keys.json makes known
    # A release statement no allowed signer made (a retired key's, after a rotation): it may only
    # restrict, never vouch: a claim of another field or an older version holds what it came with.
    claimed: release.Release | None = None


@dataclass(frozen=True)
class Verdict:
    apply: bool
    reason: str
    signer: str | None = None
    release: release.Release | None = None  # a statement of the field's identity that passed every check
    refused: bool = False  # not even held: the user's own expectation (--expect-field) failed
    identity: str | None = None  # the field name the statement gives, shown at first contact

    def to_json(self) -> dict[str, Any]:
        return {
            "applied": self.apply,
            "reason": self.reason,
            "signer": self.signer,
            "release_version": self.release.version if self.release else None,
            "field_identity": self.identity,
        }


def _hold(reason: str, offer: Offer) -> Verdict:
    return Verdict(False, reason, offer.signer, identity=offer.statement.field if offer.statement else None)


def _apply(reason: str, offer: Offer, statement: release.Release | None) -> Verdict:
    name = offer.statement.field if offer.statement else None
    return Verdict(True, reason, offer.signer, statement, identity=name)


def statement_problem(
    record: TrustRecord, statement: release.Release, digest: str, *, freeze: bool, at: datetime
) -> str | None:
    """Why a verified statement may not be taken for this field now, or None."""
    from . import release

    ident = record.identity
    if ident is not None and ident.name is not None and statement.field != ident.name:
        return f"mix-and-match: the release statement is for field {statement.field!r}, this field is {ident.name!r}"
    mark = record.release
    last = release.Accepted(mark.version, mark.digest) if mark is not None else None
    verdict = release.check(statement, field=statement.field, digest=digest, last=last, now=at)
    if verdict.refusal is release.Refusal.FREEZE and not freeze:
        return None
    return None if verdict.ok else verdict.message


def _unverified_statement(sidecars: Mapping[str, bytes]) -> release.Release | None:
    """The release statement beside an unsigned or unknown-signed manifest, read but not trusted."""
    from . import release

    data = sidecars.get(RELEASE_NAME)
    if data is None:
        return None
    try:
        return release.Release.parse(data)
    except MemsyncError:
        return None


def decide(record: TrustRecord, offer: Offer, policy: str, at: datetime) -> Verdict:
    """Apply, hold or refuse ``offer`` for a field whose record is ``record``, coming
    from a remote whose policy is ``policy``, at time ``at``: no I/O, no state."""
    verdict = _decide(record, offer, policy, at)
    ident, st = record.identity, verdict.release
    first = ident is None or ident.name is None or (ident.by == "expect" and record.release is None)
    if verdict.apply and st is not None and policy != "self" and first:
        # The first statement applied binds the field: say so, once, where a person sees it.
        return replace(verdict, reason=f"{verdict.reason}; this field is {st.field!r} from now on")
    return verdict


def _decide(record: TrustRecord, offer: Offer, policy: str, at: datetime) -> Verdict:
    st = offer.statement
    ident = record.identity
    if st is not None and ident is not None and ident.by == "expect" and st.field != ident.name:
        return Verdict(
            False,
            f"mix-and-match: the release statement is for field {st.field!r}, not {ident.name!r} (--expect-field)",
            offer.signer,
            refused=True,
            identity=st.field,
        )
    problem = statement_problem(record, st, offer.digest, freeze=policy != "self", at=at) if st else None
    fits = st if st is not None and problem is None else None
    # A person's pin or review applies an expired release too: its expiry is still recorded,
    # so that a source offering nothing newer is reported as frozen.
    chosen = st if st is not None and statement_problem(record, st, offer.digest, freeze=False, at=at) is None else None
    if offer.pinned:
        return _apply("matches the hash pinned on the command line", offer, chosen)
    if offer.locked:
        return _apply("matches the pin in memsync.lock", offer, chosen)
    if offer.reviewed:
        return _apply("accepted after review", offer, chosen)
    if offer.signature_problem is not None and offer.signature_problem.startswith("bad signature"):
        return _hold(offer.signature_problem, offer)  # a broken signature is a red flag under any policy
    if offer.locked_elsewhere and policy == "self" and (offer.signer is None or offer.statement_problem or problem):
        # A pin is the user's review of one version: other content waits for the next review.
        why = (
            problem
            or offer.statement_problem
            or f"the pinned source now serves other content ({offer.signature_problem})"
        )
        return _hold(why, offer)
    if problem is not None:
        return _hold(problem, offer)
    if policy != "self" and offer.statement_problem is not None and offer.signer is not None:
        return _hold(offer.statement_problem, offer)
    mark = record.release
    if st is None and mark is not None and offer.signer is not None and policy != "self":
        return _hold(
            f"this field's releases came with release statements up to version {mark.version}; "
            "a signed version without one may be an old one replayed",
            offer,
        )
    if st is None and ident is not None and ident.name is not None and offer.signer is not None and policy != "self":
        return _hold(
            f"no release statement says this is field {ident.name!r}: a signature alone does not name a field",
            offer,
        )
    if policy == "self" and offer.claimed is not None and mark is not None:
        claim = statement_problem(record, offer.claimed, offer.digest, freeze=False, at=at)
        if claim is not None:
            return _hold(f"{claim} (so says a release statement no allowed signer made)", offer)
    if policy == "self":
        return _apply("your own remote (trust: self)", offer, fits)
    if offer.executables:
        return _hold(f"holds executable files ({', '.join(offer.executables[:3])}): review it", offer)
    signer = offer.signer
    if signer is None:
        if policy == "signed":
            return _hold(f"{offer.signature_problem}: this remote needs a signature by an allowed signer", offer)
        return _hold("untrusted source: review it, then accept or reject", offer)
    signed = f"signed by allowed signer {signer}"
    if ident is None:
        # First contact: a remote the user said to trust for its signers binds the field to
        # the name its statement gives (shown); an untrusted one waits for a person.
        if policy == "signed":
            return _apply(signed, offer, fits)
        return _hold(f"untrusted source: review it, then accept or reject (signed by {signer})", offer)
    if ident.name is None:
        # The field was first accepted with no statement: nothing names it yet. A statement
        # continues it when its previous digest is a version this field accepted.
        if st is not None and st.previous_digest not in record.accepted:
            return _hold(
                f"the first release statement of this field names it {st.field!r} but does not follow a version "
                f"you accepted (signed by {signer}): review it",
                offer,
            )
        if st is None and policy != "signed":
            return _hold(f"signed by {signer}, with no release statement to say which field it is: review it", offer)
    return _apply(signed, offer, fits)


def bind(record: TrustRecord, verdict: Verdict, digest: str, how: str) -> TrustRecord:
    """The record after ``verdict`` applied the version ``digest`` (accepted ``how``):
    the identity bound at the first accept (or named by the first statement of a
    field that had none), the high-water mark raised, never lowered."""
    out = replace(record, accepted=list(record.accepted))
    st = verdict.release
    ident = out.identity
    # Unsigned content from the user's own remote binds nothing: it says nothing of a
    # name, and a team's signed releases met later must still find the field unbound.
    if (ident is None and (st is not None or how != "self")) or (ident is not None and ident.name is None and st):
        out.identity = Identity(st.field if st else None, how, digest, now())
    if st is not None and out.identity is not None and st.field == out.identity.name:
        mark = out.release
        if mark is None or st.version > mark.version or (st.version == mark.version and st.digest == mark.digest):
            out.release = Mark(st.version, st.digest, _stamp(st.expires), verdict.signer)
    out.accept(digest)
    return out


class Gate:
    """Trust decisions for what the remotes of one field deliver."""

    def __init__(self, ws: Workspace, field: str, remote: str, config: RemoteConfig, url: str) -> None:
        self.ws = ws
        self.field = field
        self.remote = remote
        self.policy = config.trust
        # The source as memsync.lock (committed), the record and the quarantine name it:
        # never with the credentials a URL may carry.
        self.url = redact(url)
        self._signers: list[sshsig.AllowedSigner] | None = None
        self._ring = keyring.Keyring()
        self._keys: keyring.KeyChange | None = None
        self._record: TrustRecord | None = None

    # -- what the gate remembers -----------------------------------------------------

    @property
    def record(self) -> TrustRecord:
        if self._record is None:
            self._record = seeded(field_trust.load(self.ws, self.field), trust.read_pins(self.ws).get(self.field))
        return self._record

    def _save(self, record: TrustRecord) -> None:
        self._record = record
        field_trust.save(self.ws, self.field, record)

    def expect(self, name: str, *, dry_run: bool = False) -> None:
        """``--expect-field NAME``: the field is NAME, and a statement naming another is refused."""
        record = field_trust.expect(self.record, name, self.field)
        if dry_run:
            self._record = record
        else:
            self._save(record)

    @property
    def signers(self) -> list[sshsig.AllowedSigner]:
        """allowed_signers as it reads now, but for keys their owners revoked."""
        if self._signers is None:
            self._signers, self._ring = keyring.trusted(self.ws)
        return self._signers

    def lock_pin(self) -> dict[str, Any] | None:
        """The field's pin in memsync.lock (read, and so checked, whoever recorded it)."""
        return trust.read_pins(self.ws).get(self.field)

    def _ours(self, source: object) -> bool:
        """Whether a recorded source is this one (recorded before sources were
        redacted, it may still carry the URL's credentials)."""
        return isinstance(source, str) and redact(source) == self.url

    # -- the checks that make an offer ------------------------------------------------------

    def offer(
        self,
        manifest: Manifest,
        sidecars: Mapping[str, bytes],
        *,
        pinned: Pin | None = None,
        reviewed: bool = False,
        executables: list[str] | None = None,
    ) -> Offer:
        signers, keys = self.signers, None
        if KEYS_NAME in sidecars:
            # A rotation the publisher announced is followed before its signature is checked.
            keys, unread = keyring.offered(sidecars[KEYS_NAME], signers, self._ring)
            signers = keys.signers if keys is not None else signers
        signer, problem = trust.check_signature(manifest, sidecars.get(SIGNATURE_NAME), signers)
        if problem is not None and KEYS_NAME in sidecars and (keys is None or keys.followed.refused):
            refused = keys.followed.refused if keys is not None else ()
            problem += f" ({unread or '; '.join(map(str, refused)) or 'its memsync-keys.json names no key you trust'})"
        statement, statement_problem = self._statement(sidecars, signers) if signer else (None, None)
        claimed = None if signer else _unverified_statement(sidecars)
        lock = trust.read_pins(self.ws).get(self.field) or {}
        return Offer(
            manifest.digest,
            signer,
            problem,
            statement,
            statement_problem,
            # The engine refused anything else before this point (an archive pin on the
            # archive's bytes before a single entry was read, a digest on the manifest).
            pinned=pinned is not None,
            locked=lock.get("digest") == manifest.digest,
            locked_elsewhere=self._ours(lock.get("source")) and lock.get("digest") != manifest.digest,
            reviewed=reviewed,
            executables=tuple(executables or ()),
            keys=keys,
            claimed=claimed,
        )

    def _statement(
        self, sidecars: Mapping[str, bytes], signers: list[sshsig.AllowedSigner]
    ) -> tuple[release.Release | None, str | None]:
        """The release statement beside the manifest with its signature verified, or why not."""
        from . import release

        data, sig = sidecars.get(RELEASE_NAME), sidecars.get(RELEASE_SIGNATURE_NAME)
        if data is None or sig is None:
            return None, None
        try:
            statement, _ = release.verify(data, sig, signers)
        except MemsyncError as exc:
            return None, f"release statement not trusted: {exc}"
        return statement, None

    def decide(self, offer: Offer) -> Verdict:
        """The decision on ``offer`` (made by ``offer``) for this field, from this remote, now."""
        verdict = decide(self.record, offer, self.policy, datetime.now(UTC))
        self._keys = offer.keys  # followed for good once the version is applied or held
        if offer.keys is not None and offer.keys.notes:
            return replace(verdict, reason=f"{verdict.reason}; {'; '.join(offer.keys.notes)}")
        return verdict

    def check_frozen(
        self, manifest: Manifest, sidecars: Callable[[], Mapping[str, bytes]], *, dry_run: bool = False
    ) -> None:
        """A source that offers nothing newer than a release that expired may be
        frozen (a stale mirror, or someone holding back updates): say so. The
        same content under a newer statement (a publisher re-signing to push the
        expiry back) renews the release (recorded unless ``dry_run``); ``sidecars``
        (what the source serves beside ``manifest`` now) is asked for only once
        the held release expired."""
        mark = self.record.release
        if self.policy == "self" or mark is None or not mark.expires or mark.expires >= now():
            return
        offer = self.offer(manifest, sidecars())
        st = offer.statement
        at = datetime.now(UTC)
        if st is not None and statement_problem(self.record, st, manifest.digest, freeze=True, at=at) is None:
            if not dry_run:
                self._save(bind(self.record, _apply("renewed", offer, st), manifest.digest, "renewed"))
            return
        raise IntegrityError(
            f"{self.url}: the release you hold (version {mark.version}) expired at {mark.expires} "
            "and the source offers nothing newer: it may be frozen; check with its publisher"
        )

    # -- record or hold ---------------------------------------------------------------------

    def _follow_keys(self) -> None:
        """A rotation or revocation the publisher signed holds whatever became of the version it came with."""
        if self._keys is not None:
            keyring.follow(self.ws, self._keys)
            self._keys, self._signers = None, None

    def hold(self, staged: StagedVersion, verdict: Verdict, etag: str | None, archive_sha256: str | None) -> None:
        self._follow_keys()
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
        # A source that changes at every poll must not fill the disk: of what this source
        # offered, only its newest and the one a person last reviewed (accept may apply it) stay.
        keep = {staged.digest, *self.record.reviewed}
        for meta in store.quarantined(self.field):
            if redact(str(meta.get("source"))) == self.url and meta["digest"] not in keep:
                store.discard(str(meta["digest"]), self.field)

    def record_applied(
        self,
        manifest: Manifest,
        verdict: Verdict,
        *,
        how: str,
        archive_sha256: str | None,
        pinned: bool = False,
    ) -> dict[str, Any] | None:
        """Remember what was applied (``pinned``: by a --sha256 given now); returns the
        previous pin when it named other content. A subscription is pinned, and so is
        any field once pinned, whichever remote brings its next version: a pin left on
        an older version would apply that version again, over the newer one."""
        self._follow_keys()
        record = bind(self.record, verdict, manifest.digest, how)
        record.last = {
            "digest": manifest.digest,
            "source": self.url,
            "remote": self.remote,
            "how": how,
            "signer": verdict.signer,
            "at": now(),
        }
        self._save(record)
        if self.policy == "self" and not pinned and self.lock_pin() is None:
            return None
        ident, mark = record.identity, record.release
        return trust.write_pin(
            self.ws,
            self.field,
            self.url,
            manifest,
            signer=verdict.signer,
            how=how,
            archive_sha256=archive_sha256,
            identity=ident.name if ident else None,
            # Only the release this very content is: a reviewed older version keeps the mark elsewhere.
            release_version=mark.version if mark and mark.digest == manifest.digest else None,
            release_expires=mark.expires if mark and mark.digest == manifest.digest and mark.expires else None,
        )

    def published(self, statement: release.Release, signer: str | None) -> None:
        """A signed push of this field made ``statement``: the field is what it names, at that version."""
        verdict = Verdict(True, "published", signer, statement)
        self._save(bind(self.record, verdict, statement.digest, "publish"))


class Publishing:
    """A field's trust record told of what a ``publish`` signed, outside any sync."""

    def __init__(self, ws: Workspace, field: str) -> None:
        self.ws = ws
        self.field = field

    def published(self, statement: release.Release, signer: str | None) -> None:
        with self.ws.locked(wait=REVIEW_LOCK_WAIT):
            record = field_trust.load(self.ws, self.field)
            verdict = Verdict(True, "published", signer, statement)
            field_trust.save(self.ws, self.field, bind(record, verdict, statement.digest, "publish"))


def seeded(record: TrustRecord, pin: Mapping[str, Any] | None) -> TrustRecord:
    """The record with what the field's pin in memsync.lock (committed, shared by the
    machines of one workspace) knows beyond it: the identity, when the record has none
    (a workspace made afresh: no first contact to roll back), and the release, when the
    lockfile's is higher (another machine went further: nothing older than that applies)."""
    if pin is None:
        return record
    digest, name, version = str(pin["digest"]), pin.get("identity"), pin.get("release_version")
    out = replace(record, accepted=list(record.accepted), reviewed=dict(record.reviewed))
    if out.identity is None:
        out.identity = Identity(name, "lock", digest, str(pin["time"]))
    mark = out.release
    if (
        version is not None
        and name is not None
        and name == out.identity.name
        and (mark is None or version > mark.version)
    ):
        out.release = Mark(version, digest, str(pin.get("release_expires") or ""), pin.get("signer"))
    if digest not in out.accepted:
        out.accepted = [digest, *out.accepted]
    return out


def identity_name(record: TrustRecord, field: str) -> str:
    """The name a signed push of ``field`` gives it: its bound identity, else its own name."""
    ident = record.identity
    return ident.name if ident is not None and ident.name is not None else field


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


def mark_reviewed(ws: Workspace, field: str, digest: str, live: str | None) -> None:
    """``review`` showed the held version ``digest`` against the live field ``live``."""
    with ws.locked(wait=REVIEW_LOCK_WAIT):
        record = field_trust.load(ws, field)
        record.review(digest, live)
        field_trust.save(ws, field, record)


def check_reviewed_against(ws: Workspace, field: str, digest: str, live: str) -> None:
    """Refuse to apply ``digest`` onto a live field other than the one its review showed
    it against: what it would change there (a page deleted, a newer version undone) is
    not what the person read."""
    shown = field_trust.load(ws, field).reviewed.get(digest)
    if shown is not None and shown != live:
        raise WorkspaceError(
            f"{field} changed since you reviewed {digest[:19]}…; nothing was applied: "
            f"memsync review {field} {digest}, then accept it"
        )


def chosen_for_accept(ws: Workspace, field: str, digest: str | None) -> str:
    """The held version ``accept`` may apply: the one named, or else the only one
    held when it is the one last reviewed."""
    held = [str(m["digest"]) for m in StagingStore(ws).quarantined(field)]
    if not held:
        raise WorkspaceError(f"nothing of field {field!r} is in quarantine")
    reviewed = field_trust.load(ws, field).reviewed
    if digest is not None:
        want = Pin.parse(digest).digest if len(digest.removeprefix("sha256:")) == 64 else _prefix(digest)
        matches = [d for d in held if d.startswith(want)]
        if len(matches) != 1:
            raise WorkspaceError(f"{digest}: {'no' if not matches else 'more than one'} held version matches")
        if matches[0] not in reviewed:
            # A digest copied from a hint is no review: the findings come first.
            raise WorkspaceError(f"review it first: memsync review {field} {matches[0]}")
        return matches[0]
    if len(held) == 1 and reviewed and held[0] == list(reviewed)[-1]:
        return held[0]
    listing = ", ".join(held)
    if len(held) == 1:
        raise WorkspaceError(f"review it first: memsync review {field} (held: {listing})")
    raise WorkspaceError(f"{len(held)} versions are held ({listing}); review one, then: memsync accept {field} DIGEST")


def remote_of_hold(ws: Workspace, field: str, digest: str) -> str:
    """The remote of ``field`` a held version came from, found by its source (the remote
    may have been renamed, or removed and added again, since it was held)."""
    hold = StagingStore(ws).held(digest, field) or {}
    source, name = hold.get("source"), hold.get("remote")
    remotes = ws.field(field).remotes
    if isinstance(name, str) and name in remotes and redact(remotes[name].url) == source:
        return name
    for remote, config in sorted(remotes.items()):
        if redact(config.url) == source:
            return remote
    raise WorkspaceError(
        f"{digest[:19]}… came from {source}, which is no remote of field {field!r} now: "
        f"memsync remote add {field} NAME {source}, then accept it"
    )


def _stamp(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def _prefix(text: str) -> str:
    raw = text.lower()
    return raw if raw.startswith("sha256:") else "sha256:" + raw
