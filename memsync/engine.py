"""The sync engine: status, pull, push, sync and mirror for one field and remote.

One run is a few named steps, each returning what the next needs:

1. ``scan``: the live field's manifest (stat cache) and the sync base;
2. ``push_first``: when only we changed, take the remote's writer lock,
   read its manifest conditionally, and if it did not move, push at once
   (the request that checks it is the one that would have read it);
3. ``read``: the remote's manifest, one conditional request when unchanged;
4. ``receive``: its version, staged whole and verified;
5. ``admit``: the trust decision (apply, or hold in quarantine);
6. ``plan``: the three-way target (``memsync.plan``);
7. ``apply``: the target written to the live field file by file, each one
   compared before it is replaced (a file edited since the scan makes the run
   start over, merging that edit), writes before deletes; then the base;
8. ``push``: the target written to the remote inside its exclusive
   transaction, which refuses a remote that moved ("pull first").

A sync pulls, then pushes, and starts over (bounded) when another writer
got in between, or when the user or an agent wrote to the field meanwhile.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shlex
import time
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from . import history, keyring, provenance, signing
from .check import Finding, frontmatter_warning
from .disk import atomic, tempwriter
from .errors import InputError, IntegrityError, PullFirst, RemoteError, WorkspaceError, boundary, redact
from .field import AUTO, Auto, Row, StatCache, installed_row, scan
from .gate import Gate, Verdict, check_reviewed_against, executables, identity_name
from .guard import DEFAULT_MAX_DELETE, DeleteLimit, check_deletes
from .ignore import Ignore, of_lines, rules, unignored
from .limits import COMMIT_MESSAGE_LINES, PUSH_IN_FLIGHT_WAIT, SYNC_ATTEMPTS
from .manifest import Manifest, sha256_hex
from .names import MANIFEST_NAME, SIDECAR_NAMES, Role, is_page, role_of
from .pin import Pin
from .plan import Change, Contents, Plan, changes, plan
from .progress import ProgressFactory, silent
from .registry import open_remote
from .remote import NOT_MODIFIED, LockBusy, ManifestFile, NotModified, Remote, writer_alive
from .store import ObjectStore, StagedVersion, StagingStore
from .transfer import RemoteView, each_in_parallel, read_remote, receive, send_changes
from .workspace import Base, Workspace, now

Mode = Literal["pull", "push", "sync"]
#: The ignore rules a field's last recorded sync planned with (engine._ancestor), in its state folder.
RULES_FILE = "ignore-rules"


class RemoteMoved(PullFirst):
    """The remote committed a new version while we were reading the old one."""


class LocalMoved(RemoteMoved):
    """A file of the live field changed after the sync planned against it."""


PARALLEL_WRITES = 8
SYNC_EACH_BELOW = 64  # pages written: from here one filesystem flush costs less than an fsync each


@dataclass
class SyncReport:
    field: str
    remote: str
    url: str
    mode: str
    dry_run: bool
    local_changes: list[Change] = dataclasses.field(default_factory=list)  # applied (or planned) in the live field
    remote_changes: list[Change] = dataclasses.field(default_factory=list)  # written (or planned) at the remote
    plan: Plan | None = None
    digest: str | None = None  # of the field after the run
    remote_digest: str | None = None
    attempts: int = 1
    verdict: Verdict | None = None  # trust decision on the received version, when one was needed
    quarantined: str | None = None  # digest kept in quarantine instead of applied
    previous_pin: dict[str, Any] | None = None  # the pin this run replaced with other content
    #: validate's verdict on each page this run wrote or sent, taken while its bytes were at hand
    frontmatter: dict[str, Finding | None] = dataclasses.field(default_factory=dict, repr=False)
    #: the content files the scan found in the live field (where status looks for conflict copies)
    live: Collection[str] = dataclasses.field(default=(), repr=False)
    #: files of the live folder its ignore rules left out (.memsyncignore, the ignore setting)
    ignored: int = 0

    @property
    def conflicts(self) -> list[Any]:
        return self.plan.conflicts if self.plan else []

    def to_json(self) -> dict[str, Any]:
        p = self.plan
        return {
            "field": self.field,
            "remote": self.remote,
            "url": redact(self.url),  # the --json object, printed and logged: no credentials
            "mode": self.mode,
            "dry_run": self.dry_run,
            "local_changes": [c.to_json() for c in self.local_changes],
            "remote_changes": [c.to_json() for c in self.remote_changes],
            "conflicts": [c.to_json() for c in self.conflicts],
            "renames": [{"from": o, "to": n, "by": s} for o, n, s in (p.renames if p else [])],
            "notes": p.notes if p else [],
            "digest": self.digest,
            "remote_digest": self.remote_digest,
            "attempts": self.attempts,
            "trust": self.verdict.to_json() if self.verdict else None,
            "quarantined": self.quarantined,
            "previous_pin": self.previous_pin,
            "ignored": self.ignored,
        }


@dataclass
class _Run:
    """What one attempt knows as it goes from step to step."""

    mode: Mode
    dry_run: bool
    pin: Pin | None
    accept: StagedVersion | None
    report: SyncReport
    local: Manifest = field(default_factory=Manifest)
    base: Base | None = None
    cache: StatCache = field(default_factory=StatCache)  # the live field's stat cache, saved at the end
    litter: list[str] = field(default_factory=list)  # temp files a crashed write left in the field
    ignore: Ignore | None = None  # the field's ignore rules, as the scan read them
    planned: Manifest | None = None  # the live field as the plan saw it (_as_there), for the guard
    # Objects this attempt wrote itself, under the workspace lock: recording the
    # new base need not ask the object store about them again.
    stored: set[str] = field(default_factory=set)
    # The archive a held version came in (its quarantine entry is gone once it is applied).
    accepted_archive: str | None = None

    @property
    def base_manifest(self) -> Manifest | None:
        return self.base.manifest if self.base else None


class Session:
    """One field of a workspace, synced with one of its remotes."""

    def __init__(
        self,
        ws: Workspace,
        field_name: str,
        remote: str | None,
        progress: ProgressFactory = silent,
        *,
        max_delete: DeleteLimit | None = DEFAULT_MAX_DELETE,
    ) -> None:
        self.ws = ws
        self.field = field_name
        self.remote, self.remote_config = ws.remote(field_name, remote)
        self.root = ws.field_path(field_name)
        self.objects = ObjectStore(ws)
        self.staging = StagingStore(ws)
        self.progress = progress
        self.sign_key = signing.signing_key(ws)
        self.max_delete = max_delete
        # The history is read by whoever reads the workspace, and shown: the source without its credentials.
        source = redact(self.remote_config.url)
        self.journal = history.Journal(ws, field_name, "receive", remote=self.remote, url=source)

    def scan_local(self, *, save: bool = True) -> Manifest:
        cache = self.ws.load_statcache(self.field)
        manifest = self._scanned(cache)
        if save and cache.changed:
            self.ws.save_statcache(self.field, cache)
        return manifest

    def _rules_before(self) -> Ignore | None:
        """The ignore rules the last recorded sync planned with (None: none, or none kept)."""
        try:
            return of_lines(self._rules_file().read_text().splitlines())
        except (FileNotFoundError, InputError):
            return None

    def _rules_file(self) -> Path:
        return self.ws.field_state_dir(self.field) / RULES_FILE

    def _ancestor(self, run: _Run, base: Manifest | None, *sides: Manifest) -> Manifest | None:
        """``base`` without the names a rule stopped ignoring since the last recorded sync
        (``_released``)."""
        before = self._rules_before()
        if base is None or before is None or (run.ignore is not None and before.lines == run.ignore.lines):
            return base
        gone = _released(run, before, {*base, *(n for side in sides for n in side)})
        return Manifest({n: h for n, h in base.items() if n not in gone}) if gone else base

    def _rules_now(self, run: _Run) -> Ignore | None:
        """The rules after this run's apply (it may have brought a new .memsyncignore); the
        scan's, when the new ones do not read (the next run says so, before it changes anything)."""
        try:
            return self.rules()
        except InputError:
            return run.ignore

    def rules(self) -> Ignore | None:
        """The field's ignore rules: its ``.memsyncignore`` and the workspace's ``ignore`` setting."""
        return rules(self.root, self.ws.text_setting("ignore"))

    def _scanned(
        self,
        cache: StatCache,
        litter: list[str] | None = None,
        ignored: list[str] | None = None,
        ignore: Ignore | Auto | None = AUTO,
    ) -> Manifest:
        """The live field as it is now, but what its ignore rules leave out (by default
        ``rules()``); a tree root's new subfolder is refused with the command that makes
        it a member."""
        members = self.ws.member_dirs(self.field)
        try:
            return scan(self.root, cache, members, litter, self.rules() if ignore is AUTO else ignore, ignored)
        except InputError:
            sub = self.ws.nested_folder(self.field, self.root) if members else None
            if sub is None:
                raise
            member, folder = shlex.quote(f"{self.field}/{sub}"), shlex.quote(str(self.root / sub))
            raise InputError(
                f"{self.root}: subdirectory {sub!r}: a field must be flat; "
                f"memsync add {member} {folder} makes it a field of the tree"
            ) from None

    def accept(self, digest: str, *, allow_executables: bool = False, dry_run: bool = False) -> SyncReport:
        """Apply a quarantined version after a person reviewed it, and pin it
        (``dry_run``: plan it only, leaving it held)."""
        staged = self.staging.get(digest)
        if staged is None:
            raise WorkspaceError(f"no quarantined version {digest} (see 'memsync quarantine')")
        live = self.scan_local(save=False) if self.root.exists() else Manifest()
        check_reviewed_against(self.ws, self.field, digest, live.digest)
        risky = executables(staged)
        if risky and not allow_executables:
            raise InputError(
                f"{digest[:19]}… holds executable files ({', '.join(risky[:3])}); "
                "reject it, or accept with --allow-executables"
            )
        return self.run("pull", accept=staged, dry_run=dry_run)

    def run(
        self,
        mode: Mode,
        *,
        dry_run: bool = False,
        expect: str | None = None,
        accept: StagedVersion | None = None,
        expect_field: str | None = None,
    ) -> SyncReport:
        """One run against the remote; ``expect`` pins what may arrive, ``expect_field``
        names the field its release statements must name (``--expect-field``)."""
        pin = Pin.parse(expect) if expect is not None else None
        config, memo = self.remote_config, self.ws.remote_memo(self.field, self.remote)
        with boundary(), self.ws.locked(), open_remote(config.url, config.options, memo) as remote:
            self.gate = Gate(self.ws, self.field, self.remote, self.remote_config, remote.url)
            self.gate.lock_pin()  # a malformed memsync.lock is refused before anything is received
            if expect_field is not None:
                self.gate.expect(expect_field, dry_run=dry_run)
            self.ws.live_folder(self.field)  # refuses one swapped for a symlink, under the lock
            if accept is not None and self.staging.get(accept.digest) is None:
                # A pull that ran while this waited for the workspace held a newer version of
                # the same remote, which discards the older ones (memsync.gate.Gate.hold).
                raise WorkspaceError(
                    f"{accept.digest[:19]}… is no longer held (a newer version replaced it): see 'memsync quarantine'"
                )
            if not self.root.exists():
                self._check_folder_gone()
                if mode != "push" and not dry_run:
                    self.root.mkdir(parents=True)
            self.staging.clean_incoming()
            self.ws.clean_temp_files()
            self.objects.drop_unfinished()
            self.journal.begin()
            report = SyncReport(self.field, self.remote, remote.url, mode, dry_run)
            for attempt in range(1, SYNC_ATTEMPTS + 1):
                report.attempts = attempt
                run = _Run(mode, dry_run, pin, accept, report)
                try:
                    self._once(remote, run)
                    break
                except PullFirst as exc:
                    moved = isinstance(exc, RemoteMoved)
                    if moved and attempt == SYNC_ATTEMPTS:
                        what = "the field" if isinstance(exc, LocalMoved) else remote.url
                        raise PullFirst(
                            f"{what} keeps changing under this sync (other writers, or edits to the field); "
                            "nothing more was applied, try again"
                        ) from None
                    if not (mode == "sync" or moved) or attempt == SYNC_ATTEMPTS:
                        raise
            return report

    def _check_folder_gone(self) -> None:
        """A field folder that is missing after a sync was moved or unmounted, which is
        no wish to delete every page on every remote (an empty folder still says that)."""
        for name in self.ws.fields[self.field].remotes:
            base = self.ws.load_base(self.field, name)
            if base is not None and base.manifest:
                raise WorkspaceError(
                    f"{self.root}: the field's folder is gone (it had {len(base.manifest)} files at the last sync "
                    f"with {name}); nothing was changed: put it back"
                )

    # -- the steps ------------------------------------------------------------------

    def _once(self, remote: Remote, run: _Run) -> None:
        try:
            self._steps(remote, run)
        except BaseException:
            with contextlib.suppress(OSError):  # a full disk must not hide what went wrong first
                self._keep(run)
            raise
        self._keep(run)

    def _keep(self, run: _Run) -> None:
        """What was received, hashed and written is true whatever happened after: keep it."""
        self.objects.seal()
        if run.cache.changed and not run.dry_run:
            self.ws.save_statcache(self.field, run.cache)

    def _steps(self, remote: Remote, run: _Run) -> None:
        self._scan(run)
        if self._push_first(remote, run):
            return
        view = self._read(remote, run)
        staged = self._receive(remote, view, run)
        if not self._admit(remote, view, staged, run):
            return
        result = self._plan(remote, view, staged, run)
        if run.dry_run:
            if run.mode != "pull":
                self._sizes(run.report.remote_changes, result)  # a push it would refuse is refused here too
            return
        self._guard(remote, view, result, run)
        if run.mode != "push":
            self._apply(remote, view, staged, result, run)
            if run.mode == "pull":
                return
        self._push(remote, view, result, run)

    def _scan(self, run: _Run) -> None:
        if self.root.exists():
            run.cache = self.ws.load_statcache(self.field)
            ignored: list[str] = []
            run.ignore = self.rules()
            run.local = self._scanned(run.cache, run.litter, ignored, run.ignore)
            run.report.ignored = len(ignored)
            # The rows are what the scan found: when saved, their digest is the field's,
            # which the run makes anyway, not hashed again from 100,000 rows.
            run.cache.settle(run.local)
            run.report.live = run.local.entries.keys()
        run.base = self.ws.load_base(self.field, self.remote, run.local)

    def _push_first(self, remote: Remote, run: _Run) -> bool:
        """Push local changes under the writer lock when the remote did not move
        since the base; False when there is more to do (the remote moved, or
        nothing was ours to push)."""
        base = run.base
        if run.mode == "pull" or run.dry_run or run.pin or run.accept or base is None or base.etag is None:
            return False
        if run.local == base.manifest or self._ancestor(run, base.manifest, run.local) != base.manifest:
            return False  # nothing to push, or a name a rule let go of needs the whole plan
        ancestor = self._base_reader(base.manifest)
        contents = Contents(base=ancestor, local=self._local_reader(run), remote=ancestor)
        result = plan(base.manifest, _as_there(run, base.manifest), base.manifest, contents, self.remote)
        renamed = [old for old, _, _ in result.renames]
        todo = changes(base.manifest, result.manifest)
        check_deletes(self.max_delete, remote.url, base.manifest, todo, renamed)
        previous = self._base_sidecars(base)
        try:
            pushed = self._transact(
                remote, base.manifest, base.etag, base.sidecars, previous, result, run, todo, strict=False, wait=False
            )
        except LockBusy:
            return False  # a push is in flight: read what it lands first, then push
        if not pushed:
            return False
        report = run.report
        report.plan = result
        report.remote_changes = todo
        report.digest = report.remote_digest = result.manifest.digest
        return True

    def _read(self, remote: Remote, run: _Run) -> RemoteView:
        base = run.base
        if run.pin is not None and not run.pin.field_digest and remote.archive_sha256() is not None:
            # An archive pin is checked on the archive's bytes before a single entry is read.
            run.pin.check(remote.url, "", remote.archive_sha256())
        if run.accept is not None:
            meta = self.staging.held(run.accept.digest, self.field) or {}
            run.accepted_archive = meta.get("archive_sha256")
            view = RemoteView(run.accept.manifest, meta.get("etag"), run.accept.sidecars)
        else:
            known = self._base_sidecars(base)
            view = read_remote(remote, run.base_manifest, base.etag if base else None, base_sidecars=known)
        if run.pin is not None and (run.pin.field_digest or remote.archive_sha256() is None):
            run.pin.check(remote.url, view.manifest.digest, None)
        if run.mode != "push" and (view.unchanged or view.manifest == run.base_manifest):
            # Nothing new arrives: a 304, or the same bytes under a new token (which a
            # hostile server can give every time, so it must not hide a freeze either).
            self.gate.check_frozen(view.manifest, lambda: self._sidecars_now(remote, view), dry_run=run.dry_run)
        # Files with no SHA256SUMS that are all ours, byte for byte, are a first
        # push that was cut short: nothing there to pull, the push completes it.
        ours = view.etag is None and all(run.local.get(n) == sha for n, sha in view.manifest.items())
        if run.mode == "push" and not ours and view.manifest not in (run.base_manifest or Manifest(), run.local):
            raise PullFirst(f"{remote.url} has changes you have not pulled: pull first (or sync)")
        if view.etag is None and not view.manifest:
            if base is not None and base.manifest:
                # Treating a vanished remote as "everything was deleted" would wipe the field.
                raise RemoteError(
                    f"{remote.url}: the field there is gone (it had {len(base.manifest)} files at the last sync); "
                    "nothing was changed. If it moved: memsync remote set-url"
                )
            if run.mode == "pull" and not remote.exists():
                raise RemoteError(f"{remote.url}: no field there")
        return view

    def _sidecars_now(self, remote: Remote, view: RemoteView) -> Mapping[str, bytes]:
        """The sidecars the remote serves beside ``view``'s manifest (a 304 carries none)."""
        if not view.unchanged:
            return view.sidecars
        current = remote.fetch_manifest()
        if not isinstance(current, ManifestFile) or current.data != view.manifest.to_bytes():
            raise RemoteMoved(f"{remote.url} changed during the pull")
        return current.sidecars

    def _sidecars_beside(
        self, target: Manifest, view: RemoteView, staged: StagedVersion | None, run: _Run
    ) -> dict[str, bytes]:
        """The signature, release statement and key chain the live field keeps beside
        ``target``: the remote's when the field is exactly its version (as the live field
        kept them already when nothing new arrived: a 304 carries none), else none."""
        if target != view.manifest:
            return {}
        if staged is not None:
            return dict(staged.sidecars)
        return dict(view.sidecars) if not view.unchanged else self._base_sidecars(run.base)

    def _base_sidecars(self, base: Base | None) -> dict[str, bytes]:
        """The sidecars of the base version as the live field keeps them (a 304 carries none)."""
        if base is None or not base.sidecars:
            return {}
        found = {n: (self.root / n).read_bytes() for n in base.sidecars if (self.root / n).is_file()}
        manifest = self.root / MANIFEST_NAME
        fresh = manifest.is_file() and manifest.read_bytes() == base.manifest.to_bytes()
        return found if fresh else {}

    def _receive(self, remote: Remote, view: RemoteView, run: _Run) -> StagedVersion | None:
        if run.accept is not None:
            return run.accept
        if view.unchanged or run.dry_run or run.mode == "push":
            return None
        try:
            held, have, elsewhere = self._held_here(run)
            return receive(remote, view, self.staging, have, elsewhere, self.progress, self._keeper(run), held)
        except IntegrityError:
            # Bytes that match no manifest usually mean a push is landing: if the
            # manifest moved, start over against it; if a writer still holds the
            # lock, give it a moment and start over. The lock is asked first: a writer
            # writes SHA256SUMS before it lets go, so one that finished between the two
            # questions is seen as a moved manifest. A writer whose commit failed puts
            # the pages back before it lets go, leaving neither trace: so a mismatch
            # with no writer in sight is looked at again, and called damage only when
            # it outlasts every attempt.
            if view.etag is None:
                raise
            alive = writer_alive(remote.lock_info())
            moved = not isinstance(remote.fetch_manifest(if_none_match=view.etag), NotModified)
            if not (moved or alive) and run.report.attempts == SYNC_ATTEMPTS:
                raise
            if not moved:
                time.sleep(PUSH_IN_FLIGHT_WAIT)
            raise RemoteMoved(f"{remote.url} changed during the pull") from None

    def _keeper(self, run: _Run) -> Callable[[bytes, str], None]:
        def keep(data: bytes, sha: str) -> None:
            run.stored.add(self.objects.put(data, sha=sha, bulk=True))

        return keep

    def _held_here(self, run: _Run) -> tuple[Collection[str], Callable[[str], bool], Callable[[str, str], bytes]]:
        """What this machine already holds by hash (the live field as scanned; the
        object store, asked), and how a staged version reads it: verified, and
        LocalMoved (the run starts over) when the live copy changed since the scan."""
        local_by_hash = {sha: name for name, sha in run.local.entries.items()}

        def elsewhere(name: str, sha: str) -> bytes:
            source = local_by_hash.get(sha)
            data = self._live(source, sha) if source is not None else None
            if data is not None:
                return data
            stored = self.objects.get(sha)
            if stored is not None:
                return stored
            raise LocalMoved(f"{self.root / (source or name)} changed during the sync")

        return local_by_hash.keys(), self.objects.has, elsewhere

    def _incoming(self, view: RemoteView, run: _Run) -> bool:
        return run.mode != "push" and not view.unchanged and view.manifest not in (run.base_manifest, run.local)

    def _admit(self, remote: Remote, view: RemoteView, staged: StagedVersion | None, run: _Run) -> bool:
        """The gate's decision on a received version; False when it is held in quarantine."""
        if not self._incoming(view, run):
            return True
        report = run.report
        risky = executables(staged, run.local) if staged is not None and self.remote_config.trust != "self" else []
        offer = self.gate.offer(
            view.manifest, view.sidecars, pinned=run.pin, reviewed=run.accept is not None, executables=risky
        )
        report.verdict = self.gate.decide(offer)
        if report.verdict.apply:
            return True
        if report.verdict.refused:
            raise IntegrityError(f"{redact(remote.url)}: {report.verdict.reason}; nothing was applied")
        report.quarantined = view.manifest.digest
        report.digest, report.remote_digest = run.local.digest, view.manifest.digest
        if staged is not None:
            # Review reads the held version whole: it is completed where the pull staged only part.
            sealed = self.staging.seal(staged, self.gate.url, view.dropped)  # the source as the gate records it
            self.gate.hold(sealed, report.verdict, view.etag, remote.archive_sha256())
        return False

    def _live(self, name: str, sha: str | None) -> bytes | None:
        """A live file's bytes while it still holds the content ``sha``; else None."""
        try:
            data = atomic.read_bytes(f"{self.root}/{name}")  # no Path made per page
        except FileNotFoundError:
            return None
        return data if sha256_hex(data) == sha else None

    def _read_live(self, name: str, sha: str | None) -> bytes:
        """A live file's bytes as the scan hashed them; LocalMoved (the run starts
        over) when someone changed or removed it since."""
        data = self._live(name, sha)
        if data is None:
            raise LocalMoved(f"{self.root / name} changed during the sync")
        return data

    def _local_reader(self, run: _Run) -> Callable[[str], bytes]:
        return lambda name: self._read_live(name, run.local.get(name))

    def _plan(self, remote: Remote, view: RemoteView, staged: StagedVersion | None, run: _Run) -> Plan:
        contents = Contents(
            base=self._base_reader(run.base_manifest),
            local=self._local_reader(run),
            remote=(staged.read if staged else lambda name: remote.fetch(name, view.manifest[name])),
        )
        local = run.planned = _as_there(run, view.manifest)
        ancestor = self._ancestor(run, run.base_manifest, local, view.manifest)
        result = plan(ancestor, local, view.manifest, contents, self.remote)
        report = run.report
        report.plan = result
        target = result.manifest
        report.local_changes = changes(local, target) if run.mode != "push" else []
        report.remote_changes = changes(view.manifest, target) if run.mode != "pull" else []
        report.digest, report.remote_digest = target.digest, view.manifest.digest
        return result

    def _guard(self, remote: Remote, view: RemoteView, result: Plan, run: _Run) -> None:
        """The delete limit, on each side the plan changes (not on a reviewed
        version being accepted: the review was the consent)."""
        if run.accept is not None:
            return
        renamed = [old for old, _, _ in result.renames]
        planned = run.planned if run.planned is not None else run.local
        check_deletes(self.max_delete, self.field, planned, run.report.local_changes, renamed)
        check_deletes(self.max_delete, remote.url, view.manifest, run.report.remote_changes, renamed)

    def _apply(self, remote: Remote, view: RemoteView, staged: StagedVersion | None, result: Plan, run: _Run) -> None:
        target = result.manifest
        incoming = self._incoming(view, run)  # asked before the new base is recorded
        todo = run.report.local_changes
        for name in run.litter:  # what the scan found a crashed write left: no second listing of the field
            atomic.unlink_quietly(str(self.root / name))
        if todo:
            # The rows of the pages the apply writes go first, whatever happens: one holding
            # other bytes than its row says (an edit no stat shows: same size, mtime put back
            # on a filesystem whose ctime is not its own, FAT's) makes the apply stop
            # (LocalMoved), and would be met as unchanged again by every attempt after.
            # What the apply wrote goes back in, so the next scan hashes none of it.
            for change in todo:
                run.cache.pop(change.name)
            recorder = self._attribution(remote, view, result, run)
            try:
                there = {sha: name for name, sha in view.manifest.items()} if staged is None else {}
                written = self._apply_local(
                    todo, result, staged, run.local, run.report, recorder, lambda sha: remote.fetch(there[sha], sha)
                )
            finally:
                if recorder is not None:
                    recorder.close()
            run.cache.update(written)
            run.cache.settle(target)
            if 8 * len(written) > len(run.cache):
                # Rows saved in the order the next scan meets the files make it a quarter faster.
                run.cache.follow(os.listdir(self.root))
        write_manifest(self.root, target, self._sidecars_beside(target, view, staged, run), self._rules_now(run))
        if not view.unchanged:
            self._record_base(run, view.manifest, view.etag, staged, view.sidecars)
        if incoming:
            self._record(remote, view, run)

    def _push(self, remote: Remote, view: RemoteView, result: Plan, run: _Run) -> None:
        target = result.manifest
        report = run.report
        if not report.remote_changes and view.etag is not None and not remote.manifest_stale(view.etag):
            if view.manifest != run.base_manifest:
                self._record_base(run, target, view.etag, None, view.sidecars)
            write_manifest(self.root, target, self._sidecars_beside(target, view, None, run), self._rules_now(run))
            return
        known = run.base.sidecars if view.unchanged and run.base else frozenset(view.sidecars)
        self._transact(
            remote, view.manifest, view.etag, known, view.sidecars, result, run, report.remote_changes, strict=True
        )
        report.remote_digest = target.digest

    def _transact(
        self,
        remote: Remote,
        there: Manifest,
        etag: str | None,
        sidecars: frozenset[str] | None,
        previous: Mapping[str, bytes],
        result: Plan,
        run: _Run,
        todo: list[Change],
        *,
        strict: bool,
        wait: bool = True,
    ) -> bool:
        """Write the plan's target over ``there`` (the version named ``etag``, with
        the sidecars ``previous``) inside the remote's transaction: ``todo``, the
        changes that make one the other (unless an earlier push died mid-way, and
        the remote is written whole). When the remote
        moved meanwhile: False, or with ``strict`` RemoteMoved (the pull half must run again)."""
        target = result.manifest
        voucher = self._voucher()
        if voucher is None and self.remote_config.trust == "signed":
            # Its readers take only what an allowed signer signed: an unsigned push would replace
            # the publisher's signed release for every one of them.
            raise InputError(
                f"{redact(remote.url)} is trusted for its signers: an unsigned push there would replace its signed "
                f"release; nothing was pushed (sign yours: memsync keygen --use, or memsync sign-with KEY)"
            )
        sizes = self._sizes(todo, result)
        own = voucher(target, previous, there.digest if etag is not None else None) if voucher else {}
        with remote.transaction(etag, sidecars, wait=wait) as writer:
            current = writer.current
            if not (current is NOT_MODIFIED or (etag is None and current is None)):
                if isinstance(current, ManifestFile) and current.data == target.to_bytes():
                    new_etag, own = current.etag, dict(current.sidecars)  # already there
                elif run.mode == "push" and not strict:
                    if current is None:
                        return False  # no SHA256SUMS there at all: the read says what became of the field
                    raise PullFirst(f"{remote.url} changed since you last synced: pull first (or sync)")
                elif strict:
                    raise RemoteMoved(f"{remote.url} changed while this sync ran")
                else:
                    return False
            else:
                if writer.repair:
                    # An earlier push died between its first write and its commit: the
                    # remote may hold files that match no manifest. Rewrite it whole.
                    strays = [n for n in remote.list_names() if role_of(n) is Role.CONTENT and n not in target]
                    todo = [Change(n, target[n], None) for n in target] + [Change(n, None, None) for n in strays]
                content = self._push_content(result, run)
                try:
                    send_changes(
                        writer,
                        todo,
                        content,
                        self.progress,
                        f"pushing to {remote.url}",
                        remote.parallel,
                        sum(sizes.values()),
                    )
                except PullFirst:
                    # Another tool changed a page this push replaces. Put back what was
                    # sent, so the pull the user is sent to reads a field with no push
                    # left half-done (which a later push would repair by overwriting all).
                    with contextlib.suppress(RemoteError):
                        writer.undo(self.objects.get)
                    raise
                new_etag = writer.commit(target.to_bytes(), own, commit_message(self.field, todo, result.renames))
                if voucher is not None:
                    voucher.record(self.gate)
        write_manifest(self.root, target, own, self._rules_now(run))
        self._record_base(run, target, new_etag, None, own)
        return True

    def _sizes(self, todo: list[Change], result: Plan) -> dict[str, int]:
        """The size of each file a push writes; one past ``max_page_bytes`` stops the
        push before anything is written."""
        sizes = {}
        for change in todo:
            if change.sha256 is None:
                continue
            merged = result.merged.get(change.sha256)
            if merged is not None:
                sizes[change.name] = len(merged)
                continue
            try:
                sizes[change.name] = (self.root / change.name).stat().st_size
            except FileNotFoundError:
                continue  # edited away since the scan: reading it for the push says what became of it
        limit = self.ws.count_setting("max_page_bytes")
        over = sorted((size, name) for name, size in sizes.items() if limit and size > limit)
        if over:
            size, name = over[-1]
            more = f" (and {len(over) - 1} more)" if len(over) > 1 else ""
            raise InputError(
                f"{name}: {size:,} bytes, over the {limit:,} a page may have{more}; nothing was pushed "
                f"(split it, move it out of the field, or raise the limit: memsync config max_page_bytes BYTES)"
            )
        return sizes

    def _voucher(self) -> signing.Voucher | None:
        """What signs this push: the field's identity, numbered on from the highest release it knows."""
        if not self.sign_key:
            return None
        record = self.gate.record
        return signing.Voucher(
            identity_name(record, self.field),
            self.sign_key,
            expires=self.ws.release_expires,
            after=record.release.version if record.release else 0,
            keys=keyring.own_chain(self.ws),
            signers=self.gate.signers,
        )

    def _push_content(self, result: Plan, run: _Run) -> Callable[[Change], bytes]:
        keep = self._keeper(run)

        def content(change: Change) -> bytes:
            assert change.sha256 is not None
            merged = result.merged.get(change.sha256)
            data = merged if merged is not None else self._read_live(change.name, change.sha256)
            # The new sync base's object, stored while the bytes are at hand rather
            # than read from the field again once the push landed.
            keep(data, change.sha256)
            _check_page(run.report, change.name, data)
            return data

        return content

    def _record(self, remote: Remote, view: RemoteView, run: _Run) -> None:
        """Tell the gate what was applied: the field's trust record and its pin."""
        report = run.report
        assert report.verdict is not None
        how = self._how(run)
        # An accepted version is pinned with the archive it came in, not what the source serves now.
        archive = run.accepted_archive if run.accept else remote.archive_sha256()
        report.previous_pin = self.gate.record_applied(
            view.manifest, report.verdict, how=how, archive_sha256=archive, pinned=run.pin is not None
        )

    def _how(self, run: _Run) -> str:
        """How the received version was accepted: after review, by a pin, or by the remote's policy."""
        return "review" if run.accept is not None else "pin" if run.pin else self.remote_config.trust

    def _attribution(self, remote: Remote, view: RemoteView, result: Plan, run: _Run) -> provenance.Recorder | None:
        """Who wrote each line of the pages this apply writes (``memsync.provenance``): a
        line of a parent version keeps its origin, any other line is the received
        version's (yours, from your own remote). Parents: the page's live version, the
        name a rename the sync carries came from, the page a conflict copy is a copy of."""
        how = self._how(run)
        origin = None
        if how != "self":
            verdict = run.report.verdict
            release = verdict.release if verdict is not None else None
            origin = provenance.Origin(
                source=redact(remote.url),
                remote=self.remote,
                signer=verdict.signer if verdict is not None else None,
                digest=view.manifest.digest,
                release_version=release.version if release is not None else None,
                how=how,
                time=now(),
                run=self.journal.run,
            )
        local = run.local
        writes = [(c.name, c.sha256) for c in run.report.local_changes if c.sha256 is not None and is_page(c.name)]
        renamed = {new: old for old, new, _ in result.renames}
        copies = {c.copy: c.name for c in result.conflicts}
        parents = {}
        for name, _ in writes:
            found = [n for n in (name, renamed.get(name), copies.get(name)) if n is not None and n in local]
            if found:
                parents[name] = [(n, local[n]) for n in dict.fromkeys(found)]
        return provenance.receiving(self.ws, self.field, origin, writes, parents, self._version, self.objects)

    def _version(self, name: str, sha: str) -> bytes | None:
        """Version ``sha`` of file ``name``, from the live field or the object store."""
        data = self._live(name, sha)
        return data if data is not None else self.objects.get(sha)

    def _base_reader(self, base: Manifest | None) -> Callable[[str], bytes]:
        def read(name: str) -> bytes:
            assert base is not None
            data = self.objects.get(base[name])
            if data is None:
                # Without the ancestor a merge would be a guess: treat as no base.
                return b""
            return data

        return read

    def _apply_local(
        self,
        todo: list[Change],
        result: Plan,
        staged: StagedVersion | None,
        local: Manifest,
        report: SyncReport,
        recorder: provenance.Recorder | None = None,
        fetch: Callable[[str], bytes] | None = None,
    ) -> dict[str, Row]:
        """Write ``todo`` into the live field; the stat of each file written, for the stat cache.
        ``recorder`` gets each page's bytes, and records their attribution before the first
        page takes its name. ``fetch`` reads a version from the remote, verified, when
        nothing here holds it (the remote's copy of a name a rule stopped ignoring)."""
        by_hash_staged = {sha: name for name, sha in (staged.manifest.entries.items() if staged else ())}
        by_hash_local = {sha: name for name, sha in local.entries.items()}

        def content(sha: str) -> bytes:
            if sha in result.merged:
                return result.merged[sha]
            if staged is not None and sha in by_hash_staged:
                return staged.read(by_hash_staged[sha])
            if sha in by_hash_local:
                return self._read_live(by_hash_local[sha], sha)
            if fetch is not None:
                with contextlib.suppress(KeyError):
                    return fetch(sha)
            raise IntegrityError(f"no verified copy of {sha[:12]} to write; nothing more was applied")

        self.root.mkdir(parents=True, exist_ok=True)
        moved: list[str] = []

        written: dict[str, Row] = {}

        # Old or new, never torn, and nothing a receive replaces is lost: every new
        # version is written to a temp file beside its page and every version it
        # replaces is kept in the object store; all of that is made durable (one
        # flush of the filesystem for a large batch, an fsync each for a small
        # one) before the first rename. Then compare before replace: a file
        # someone wrote since the scan is theirs. All writes land before any delete.
        writes = [c for c in todo if c.sha256 is not None]
        each = len(writes) < SYNC_EACH_BELOW
        # Threads pay off only while each file waits on its own fsync; otherwise
        # the writes go one after the other (threads would only fight for the GIL).
        workers = PARALLEL_WRITES if each else 1
        temps: dict[str, str] = {}
        # A large batch's temp files are created by a helper process while this one
        # reads and checks the next page; each temp's stat as written vouches for
        # its stat cache row once it takes its name.
        writer = tempwriter.batch_writer(self.root, len(writes), durable=each)
        stats: dict[str, tempwriter.Row]

        def prepare(change: Change) -> None:
            assert change.sha256 is not None
            path, expected = self.root / change.name, local.get(change.name)
            if expected is not None and not self.journal.keep(path, expected, durable=each):
                moved.append(change.name)
                return
            data = content(change.sha256)
            _check_page(report, change.name, data)
            if recorder is not None and is_page(change.name):
                recorder.note(change.name, change.sha256, data)
            temps[change.name] = writer.write(path, data)

        def install(change: Change) -> None:
            tmp = temps.pop(change.name, None)
            if tmp is None:
                return
            path, expected, sha = self.root / change.name, local.get(change.name), change.sha256
            assert sha is not None
            if self.journal.install(tmp, path, expected, sha):
                row = installed_row(path, stats[tmp], sha)
                if row is not None:
                    written[change.name] = row
            else:
                moved.append(change.name)

        with self.progress(len(todo), f"applying to {self.field}") as bar:
            try:
                for _ in each_in_parallel(prepare, writes, workers):
                    bar.update(1)
                stats = writer.finish()
                if not each:
                    atomic.sync_filesystem(self.root, self.ws.state)
                if recorder is not None:
                    recorder.commit()  # who wrote a page is known before the page is there
                for _ in each_in_parallel(install, writes, workers):
                    pass
            finally:
                writer.close()  # before the temps go: a helper may still be writing one
                for tmp in temps.values():
                    atomic.unlink_quietly(tmp)
            self.journal.flush()
            atomic.fsync_dir(self.root)
            for change in todo:
                if change.sha256 is None:
                    if not self.journal.replace(self.root / change.name, None, local.get(change.name), None):
                        moved.append(change.name)
                    bar.update(1)
            self.journal.flush()
            atomic.fsync_dir(self.root)
        if moved:
            raise LocalMoved(f"{len(moved)} file(s) of {self.field} changed during the sync ({moved[0]}…)")
        return written

    def _record_base(
        self,
        run: _Run,
        manifest: Manifest,
        etag: str | None,
        staged: StagedVersion | None,
        sidecars: Mapping[str, bytes],
    ) -> None:
        previous = run.base  # the workspace lock is held: nobody else moved it
        old = previous.manifest.entries if previous else {}
        new = manifest.entries
        # What differs, found by one set operation in C, not a loop over the whole field:
        # (name, sha256) pairs that only the old base or only the new one lists.
        differ = new.items() ^ old.items()

        # Objects of the old base are stored already: only new content is copied in.
        for name, sha in differ:
            if new.get(name) != sha or sha in run.stored or self.objects.has(sha):
                continue
            if staged is not None and name in staged.manifest and staged.holds(name):
                self.objects.take_from(staged, name)
                continue
            data = self._live(name, sha)
            if data is not None:
                self.objects.put(data, sha=sha, bulk=True)
        self.objects.seal()  # the base must never list objects an unfinished pack holds
        self.ws.save_base(self.field, self.remote, manifest, etag, sidecars)
        # The rules this base was planned with: a name they ignore has the remote's version in it.
        lines = "".join(line + "\n" for line in (run.ignore.lines if run.ignore else []))
        path = self._rules_file()
        if lines != (path.read_text() if path.is_file() else ""):
            atomic.write_bytes(path, lines.encode())
        run.base = Base(manifest, etag, now(), frozenset(sidecars))
        if staged is not None:
            self.staging.release(staged, self.field)
        if provenance.kept(self.ws, self.field):
            # Pages edited here since memsync wrote them: their attribution is recorded while the
            # version they derive from is kept, before the old base's objects may go (later: coarse).
            ours = {c.name for c in run.report.local_changes}
            edited = [
                (n, sha)
                for n, sha in differ
                if new.get(n) == sha and run.local.get(n) == sha and n not in ours and is_page(n)
            ]
            with contextlib.suppress(WorkspaceError):  # only sooner than reading it would: never fails a sync
                provenance.settle_edits(self.ws, self.field, edited, self._version, self.objects)
        # A version history keeps is not the base's to discard: the versions this run
        # replaced are in its own journal lines, so most need no search of the files.
        dropped = {sha for name, sha in differ if old.get(name) == sha}
        dropped -= self.journal.mentions(dropped)
        if dropped:
            dropped -= set(new.values())
        if dropped:
            dropped -= self.ws.bases_holding(dropped)
        if dropped:
            self.objects.discard(dropped - history.referenced(self.ws, dropped))


def _released(run: _Run, before: Ignore | None, names: Iterable[str]) -> set[str]:
    """The names the rules of the last recorded sync (``before``) ignored and today's do
    not: the base's version of each is the remote's, never this folder's, so it is no
    common ancestor of the two (planned without one, the worst is a conflict copy)."""
    if before is None:
        return set()
    return {n for n in names if before(n) and not (run.ignore is not None and run.ignore(n))}


def _as_there(run: _Run, there: Manifest) -> Manifest:
    """The live field as the plan sees it: an ignored name is as ``there`` has it, so that
    no sync sends it, writes it here, or deletes it on either side."""
    if run.ignore is None:
        return run.local
    ignored = {name: sha for name, sha in there.items() if run.ignore(name)}
    return Manifest({**run.local.entries, **ignored}) if ignored else run.local


def _check_page(report: SyncReport, name: str, data: bytes) -> None:
    if is_page(name):
        report.frontmatter[name] = frontmatter_warning(name, data)


def write_manifest(root: Path, manifest: Manifest, sidecars: Mapping[str, bytes], ignore: Ignore | None = None) -> None:
    """Keep the live field's SHA256SUMS (and sidecars) equal to what it now holds: not the
    names ``ignore`` leaves out, which the remote may hold."""
    if ignore is not None and any(ignore(name) for name in manifest):
        manifest, sidecars = Manifest(unignored(manifest, ignore)), {}  # a signature is of the whole
    path = root / MANIFEST_NAME
    data = manifest.to_bytes()
    changed = not path.is_file() or path.read_bytes() != data
    # A sidecar (a signature, a release statement, the key rotations) must never sit
    # beside a manifest it did not come with.
    for name in SIDECAR_NAMES:
        if (root / name).exists() and (name not in sidecars or changed):
            atomic.remove(root / name)
    if changed:
        atomic.write_bytes(path, data)
    for name in SIDECAR_NAMES:
        if name in sidecars and (changed or not (root / name).exists()):
            atomic.write_bytes(root / name, sidecars[name])


def commit_message(field_name: str, todo: list[Change], renames: list[tuple[str, str, str]]) -> str:
    """A message listing what a push changes, so a git remote's log is the field's history."""
    written = {c.name for c in todo if c.sha256 is not None}
    deleted = {c.name for c in todo if c.sha256 is None}
    moved = [(old, new) for old, new, _ in renames if old in deleted and new in written]
    groups: dict[str, list[str]] = {"added": [], "changed": [], "removed": []}
    for change in todo:
        if any(change.name in pair for pair in moved):
            continue
        kind = {"add": "added", "update": "changed", "delete": "removed"}[change.kind]
        groups[kind].append(change.name)
    counts = [f"{len(v)} {k}" for k, v in groups.items() if v] + ([f"{len(moved)} renamed"] if moved else [])
    lines = [f"{kind}: {name}" for kind, names in groups.items() for name in names]
    lines += [f"renamed: {old} -> {new}" for old, new in moved]
    if len(lines) > COMMIT_MESSAGE_LINES:  # a first push of 100,000 pages needs no 100,000-line message
        lines[COMMIT_MESSAGE_LINES:] = [f"… and {len(lines) - COMMIT_MESSAGE_LINES} more"]
    head = f"memsync: {field_name}: " + (", ".join(counts) or "no page changes")
    return "\n".join([head, "", *lines]) + "\n"


@dataclass
class MirrorReport:
    source: str
    destination: str
    dry_run: bool
    changes: list[Change]
    digest: str
    sidecars: list[str] = field(default_factory=list)  # memsync's own files written beside SHA256SUMS
    archive_sha256: str | None = None  # when DEST is an archive: what consumers pin

    def to_json(self) -> dict[str, Any]:
        return {
            "source": redact(self.source),  # as SyncReport.to_json
            "destination": redact(self.destination),
            "dry_run": self.dry_run,
            "changes": [c.to_json() for c in self.changes],
            "digest": self.digest,
            "sidecars": self.sidecars,
            "archive_sha256": self.archive_sha256,
        }


#: The sidecars that vouch for a manifest at a destination, given the sidecars and the
#: field digest there now (None: no field there yet).
Vouch = Callable[[Manifest, Mapping[str, bytes], str | None], dict[str, bytes]]


def mirror(
    source_url: str,
    dest_url: str,
    *,
    dry_run: bool = False,
    progress: ProgressFactory = silent,
    label: str | None = None,
    vouch: Vouch | None = None,
    max_delete: DeleteLimit | None = DEFAULT_MAX_DELETE,
    force: bool = False,
) -> MirrorReport:
    """Make DEST hold exactly SOURCE's field (one way; DEST's own changes are replaced).
    With ``vouch``, DEST gets the sidecars it makes (a new signature and release
    statement after the ones there) instead of SOURCE's. A DEST that holds files
    but no ``SHA256SUMS`` is not a field and is left alone unless ``force``;
    deletions there are bounded by ``max_delete``."""
    with boundary(), open_remote(source_url) as src, open_remote(dest_url) as dst:
        if not src.exists():
            raise RemoteError(f"{src.url}: no field there")
        have = read_remote(src, None, None, trust_manifest=not src.live)
        there = read_remote(dst, None, None, trust_manifest=not dst.live)
        todo = changes(there.manifest, have.manifest)
        report = MirrorReport(src.url, dst.url, dry_run, todo, have.manifest.digest)
        previous = there.manifest.digest if there.etag is not None else None
        sidecars = vouch(have.manifest, there.sidecars, previous) if vouch and not dry_run else dict(have.sidecars)
        if dry_run or (not todo and there.etag is not None and dict(there.sidecars) == sidecars):
            return report
        if there.etag is None and there.manifest and not force:
            raise InputError(
                f"{dst.url}: holds {len(there.manifest)} file(s) but no {MANIFEST_NAME}, so it is not a field "
                "and mirroring would replace them; nothing was changed (--force mirrors into it anyway)"
            )
        check_deletes(max_delete, dst.url, there.manifest, todo)

        def content(change: Change) -> bytes:
            assert change.sha256 is not None
            if change.name in have.prefetched:
                return have.prefetched[change.name]
            return src.fetch(change.name, change.sha256)

        known = frozenset(there.sidecars) if there.etag is not None else None
        with dst.transaction(there.etag, known) as writer:
            if not (writer.current is NOT_MODIFIED or (there.etag is None and writer.current is None)):
                raise PullFirst(f"{dst.url} changed while mirroring; run it again")
            try:
                send_changes(writer, todo, content, progress, f"mirroring to {dst.url}")
            except PullFirst:
                # There is nothing to pull into a mirror: run again, it replaces what changed.
                raise PullFirst(f"{dst.url} changed while mirroring; run it again") from None
            # A git remote's log is read by everyone the repository reaches: no credentials in it.
            writer.commit(have.manifest.to_bytes(), sidecars, commit_message(label or redact(src.url), todo, []))
        report.sidecars = sorted(sidecars)
        report.archive_sha256 = dst.archive_sha256()
        return report


def publish(
    root: Path,
    dest_url: str,
    *,
    dry_run: bool = False,
    progress: ProgressFactory = silent,
    voucher: signing.Voucher | None = None,
    label: str | None = None,
) -> MirrorReport:
    """Make DEST hold the field at ``root`` exactly (a field URL or an archive URL),
    signed by ``voucher`` when given: its signature and the next release statement.
    DEST is the publisher's own, so no delete limit, but never a folder that is no field."""
    name = label or root.name
    return mirror(str(root), dest_url, dry_run=dry_run, progress=progress, label=name, vouch=voucher, max_delete=None)
