"""The sync engine: status, pull, push, sync and mirror for one field and remote.

Order of work for a pull (and the pull half of a sync):

1. scan the live field (stat cache) and read the remote's manifest with a
   conditional request against the stored base;
2. receive the remote's version whole into staging, verified;
3. plan three-way (``memsync.plan``) against the base;
4. apply the target to the live field file by file, atomically, writes
   before deletes; then record the remote's manifest as the new base.

A push plans the same way, refuses when the remote moved past the base
("pull first"), then writes pages, deletes, and replaces ``SHA256SUMS`` last
inside the backend's exclusive transaction. A sync pulls, then pushes, and
starts over (bounded) when another writer got in between.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from memsync.backends.archive import ArchiveBackend
from memsync.backends.base import Backend, NotModified, writer_alive

from . import atomic, scanner, sshsig, trust
from .errors import InputError, IntegrityError, PullFirst, RemoteError, WorkspaceError
from .field import scan
from .manifest import Manifest, sha256_hex
from .names import MANIFEST_NAME, SIGNATURE_NAME, Role, role_of
from .plan import Change, Contents, Plan, changes, plan
from .progress import ProgressFactory, silent
from .registry import open_backend
from .store import ObjectStore, StagedVersion, StagingStore
from .transfer import RemoteView, fetch_verified, read_remote, receive, send_changes
from .workspace import Workspace

Mode = Literal["pull", "push", "sync"]


class RemoteMoved(PullFirst):
    """The remote committed a new version while we were reading the old one."""


SYNC_ATTEMPTS = 5
PUSH_IN_FLIGHT_WAIT = 1.0  # seconds to let another writer's push commit before reading again
PARALLEL_WRITES = 8


@dataclass
class SyncReport:
    field: str
    remote: str
    url: str
    mode: str
    dry_run: bool
    local_changes: list[Change] = field(default_factory=list)  # applied (or planned) in the live field
    remote_changes: list[Change] = field(default_factory=list)  # written (or planned) at the remote
    plan: Plan | None = None
    digest: str | None = None  # of the field after the run
    remote_digest: str | None = None
    attempts: int = 1
    verdict: trust.Verdict | None = None  # trust decision on the received version, when one was needed
    quarantined: str | None = None  # digest kept in quarantine instead of applied
    previous_pin: dict[str, Any] | None = None  # the pin this run replaced with other content

    @property
    def conflicts(self) -> list[Any]:
        return self.plan.conflicts if self.plan else []

    def to_json(self) -> dict[str, Any]:
        p = self.plan
        return {
            "field": self.field,
            "remote": self.remote,
            "url": self.url,
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
        }


class Session:
    """One field of a workspace, synced with one of its remotes."""

    def __init__(self, ws: Workspace, field_name: str, remote: str | None, progress: ProgressFactory = silent) -> None:
        self.ws = ws
        self.field = field_name
        self.remote, self.remote_config = ws.remote(field_name, remote)
        self.root = ws.field_path(field_name)
        self.objects = ObjectStore(ws)
        self.staging = StagingStore(ws)
        self.progress = progress
        self.sign_key = trust.signing_key(ws)

    def scan_local(self, *, save: bool = True) -> Manifest:
        cache = self.ws.load_statcache(self.field)
        before = dict(cache)
        manifest = scan(self.root, cache)
        if save and cache != before:
            self.ws.save_statcache(self.field, cache)
        return manifest

    def accept(self, digest: str, *, allow_executables: bool = False) -> SyncReport:
        """Apply a quarantined version after a person reviewed it, and pin it."""
        staged = self.staging.get(digest)
        if staged is None:
            raise WorkspaceError(f"no quarantined version {digest} (see 'memsync quarantine')")
        risky = [n for n in staged.manifest if scanner.is_executable(n, staged.read(n))]
        if risky and not allow_executables:
            raise InputError(
                f"{digest[:19]}… holds executable files ({', '.join(risky[:3])}); "
                "reject it, or accept with --allow-executables"
            )
        return self.run("pull", accept=staged)

    def run(
        self, mode: Mode, *, dry_run: bool = False, expect: str | None = None, accept: StagedVersion | None = None
    ) -> SyncReport:
        with self.ws.locked(), open_backend(self.remote_config.url, self.remote_config.options) as backend:
            if not self.root.exists() and mode != "push" and not dry_run:
                self.root.mkdir(parents=True)
            self.staging.clean_incoming()
            self.ws.clean_temp_files()
            report = SyncReport(self.field, self.remote, backend.url, mode, dry_run)
            for attempt in range(1, SYNC_ATTEMPTS + 1):
                report.attempts = attempt
                try:
                    self._once(backend, mode, report, dry_run, expect, accept)
                    break
                except PullFirst as exc:
                    retry = mode == "sync" or isinstance(exc, RemoteMoved)
                    if isinstance(exc, RemoteMoved) and attempt == SYNC_ATTEMPTS:
                        raise PullFirst(
                            f"{backend.url} keeps changing under other writers' pushes; nothing was applied, try again"
                        ) from None
                    if not retry or attempt == SYNC_ATTEMPTS:
                        raise
            return report

    def _once(
        self,
        backend: Backend,
        mode: Mode,
        report: SyncReport,
        dry_run: bool,
        expect: str | None,
        accept: StagedVersion | None,
    ) -> None:
        local = self.scan_local(save=not dry_run) if self.root.exists() else Manifest()
        base = self.ws.load_base(self.field, self.remote)
        base_manifest = base.manifest if base else None
        if expect is not None:
            check_archive_pin(backend, expect)
        if accept is not None:
            meta = self.staging.meta(accept.digest)
            view = RemoteView(accept.manifest, meta.get("etag"), accept.signature)
        else:
            view = read_remote(backend, base_manifest, base.etag if base else None)
        if expect is not None:
            check_field_pin(view.manifest, expect, backend)
        moved = view.manifest != (base_manifest or Manifest()) and view.manifest != local
        if mode == "push" and moved:
            raise PullFirst(f"{backend.url} has changes you have not pulled: pull first (or sync)")
        if view.etag is None and not view.manifest:
            if base is not None and base_manifest:
                # Treating a vanished remote as "everything was deleted" would wipe the field.
                raise RemoteError(
                    f"{backend.url}: the field there is gone (it had {len(base_manifest)} files at the last sync); "
                    "nothing was changed. If it moved, remove the remote and add the new place"
                )
            if mode == "pull" and not backend.exists():
                raise RemoteError(f"{backend.url}: no field there")

        staged: StagedVersion | None = accept
        if not view.unchanged and not dry_run and mode != "push" and accept is None:
            try:
                staged = receive(backend, view, self.staging, self.objects, self.root, local, self.progress)
            except IntegrityError:
                # Bytes that match no manifest usually mean a push is landing: if the
                # manifest moved, start over against it; if a writer still holds the
                # lock, give it a moment and start over; otherwise it is damage.
                moved = not isinstance(backend.fetch_manifest(if_none_match=view.etag), NotModified)
                if view.etag is None or not (moved or writer_alive(backend.lock_info())):
                    raise
                if not moved:
                    time.sleep(PUSH_IN_FLIGHT_WAIT)
                raise RemoteMoved(f"{backend.url} changed during the pull") from None
        incoming = mode != "push" and not view.unchanged and view.manifest not in (base_manifest, local)
        if incoming:
            if accept is not None:
                report.verdict = trust.Verdict(
                    True, "accepted after review", trust.check_signature(self.ws, view.manifest, view.signature)[0]
                )
            else:
                report.verdict = trust.decide(
                    self.ws,
                    self.field,
                    backend.url,
                    self.remote_config.trust,
                    view.manifest,
                    view.signature,
                    pinned_here=expect is not None,
                )
            if not report.verdict.apply:
                report.quarantined = view.manifest.digest
                report.digest, report.remote_digest = local.digest, view.manifest.digest
                if staged is not None:
                    self.staging.quarantine(
                        staged.digest,
                        field=self.field,
                        remote=self.remote,
                        etag=view.etag,
                        reason=report.verdict.reason,
                    )
                return
        contents = Contents(
            base=self._base_reader(base_manifest),
            local=lambda name: (self.root / name).read_bytes(),
            remote=(staged.read if staged else lambda name: fetch_verified(backend, name, view.manifest[name])),
        )
        result = plan(base_manifest, local, view.manifest, contents, self.remote)
        report.plan = result
        target = result.manifest
        report.local_changes = changes(local, target) if mode != "push" else []
        report.remote_changes = changes(view.manifest, target) if mode != "pull" else []
        report.digest, report.remote_digest = target.digest, view.manifest.digest
        if dry_run:
            return

        if mode != "push":
            self._apply_local(report.local_changes, result, staged, local, view, target)
            if not view.unchanged:
                self._record_base(view.manifest, view.etag, staged)
            if incoming:
                self._pin(backend, view, report, expect, accepted=accept is not None)
            if mode == "pull":
                return
        if not report.remote_changes and view.etag is not None:
            if view.manifest != base_manifest:
                self._record_base(target, view.etag, None)
            write_manifest(self.root, target, view.signature if target == view.manifest else None)
            return
        etag = self._push(backend, report.remote_changes, target, view.etag, result)
        self._record_base(target, etag, None)
        report.remote_digest = target.digest

    def _pin(self, backend: Backend, view: RemoteView, report: SyncReport, expect: str | None, accepted: bool) -> None:
        """Pin what a subscription accepted (self remotes only once they have a pin)."""
        if self.remote_config.trust == "self" and expect is None and self.field not in trust.read_pins(self.ws):
            return
        assert report.verdict is not None
        how = "review" if accepted else "pin" if expect else self.remote_config.trust
        archive_sha = view.etag if isinstance(backend, ArchiveBackend) else None
        report.previous_pin = trust.write_pin(
            self.ws,
            self.field,
            backend.url,
            view.manifest,
            signer=report.verdict.signer,
            how=how,
            archive_sha256=archive_sha,
        )

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
        view: RemoteView,
        target: Manifest,
    ) -> None:
        by_hash_staged = {sha: name for name, sha in (staged.manifest.items() if staged else ())}
        by_hash_local = {sha: name for name, sha in local.items()}

        def content(sha: str) -> bytes:
            if sha in result.merged:
                return result.merged[sha]
            if staged is not None and sha in by_hash_staged:
                return staged.read(by_hash_staged[sha])
            if sha in by_hash_local:
                data = (self.root / by_hash_local[sha]).read_bytes()
                if sha256_hex(data) == sha:
                    return data
            raise IntegrityError(f"no verified copy of {sha[:12]} to write; nothing more was applied")

        self.root.mkdir(parents=True, exist_ok=True)
        atomic.clean_temp_files(self.root)

        def write(change: Change) -> None:
            assert change.sha256 is not None
            atomic.write_bytes(self.root / change.name, content(change.sha256), sync_dir=False)

        # Each file is fsynced before its rename (old or new, never torn); the
        # folder is fsynced once per batch. All writes land before any delete.
        writes = [c for c in todo if c.sha256 is not None]
        with self.progress(len(todo), f"applying to {self.field}") as bar:
            with ThreadPoolExecutor(PARALLEL_WRITES) as pool:
                for _ in pool.map(write, writes):
                    bar.update(1)
            atomic.fsync_dir(self.root)
            for change in todo:
                if change.sha256 is None:
                    atomic.remove(self.root / change.name, sync_dir=False)
                    bar.update(1)
            atomic.fsync_dir(self.root)
        signature = staged.signature if staged is not None and target == view.manifest else None
        write_manifest(self.root, target, signature)

    def _push(self, backend: Backend, todo: list[Change], target: Manifest, etag: str | None, result: Plan) -> str:
        def content(change: Change) -> bytes:
            assert change.sha256 is not None
            if change.sha256 in result.merged:
                return result.merged[change.sha256]
            data = (self.root / change.name).read_bytes()
            if sha256_hex(data) != change.sha256:
                raise IntegrityError(f"{change.name!r} changed while pushing; run the command again")
            return data

        signature = sshsig.sign(target.to_bytes(), self.sign_key) if self.sign_key else None
        with backend.transaction(etag) as writer:
            if writer.repair:
                # An earlier push died between its first write and its commit: the
                # remote may hold files that match no manifest. Rewrite it whole.
                strays = [n for n in backend.list_names() if role_of(n) is Role.CONTENT and n not in target]
                todo = [Change(n, target[n], None) for n in target] + [Change(n, None, n) for n in strays]
            send_changes(writer, todo, content, self.progress, f"pushing to {backend.url}")
            new_etag = writer.commit(target.to_bytes(), signature, commit_message(self.field, todo, result.renames))
        write_manifest(self.root, target, signature)
        return new_etag

    def _record_base(self, manifest: Manifest, etag: str | None, staged: StagedVersion | None) -> None:
        previous = self.ws.load_base(self.field, self.remote)
        before = set(previous.manifest.values()) if previous else set()
        # Objects of the old base are stored already: only new content is copied in.
        for name, sha in manifest.items():
            if sha in before or self.objects.has(sha):
                continue
            if staged is not None and name in staged.manifest:
                self.objects.link_from(staged.file(name), sha)
                continue
            try:
                data = (self.root / name).read_bytes()
            except FileNotFoundError:
                continue
            if sha256_hex(data) == sha:
                self.objects.put(data)
        self.ws.save_base(self.field, self.remote, manifest, etag)
        if staged is not None:
            self.staging.discard(staged.digest)
        dropped = before - set(manifest.values())
        if dropped:
            self.objects.discard(dropped - {sha for base in self.ws.bases() for sha in base.values()})


def check_archive_pin(backend: Backend, expect: str) -> None:
    """A bare hex pin on an archive remote is the archive's sha256, checked
    before a single entry is unpacked."""
    if expect.lower().startswith("sha256:") or not isinstance(backend, ArchiveBackend):
        return
    data = backend.archive_bytes()
    if data is None:
        raise RemoteError(f"{backend.url}: no such archive")
    actual = sha256_hex(data)
    if actual != expect.lower():
        raise IntegrityError(f"{backend.url}: archive sha256 is {actual}, not the pinned {expect}; nothing unpacked")


def check_field_pin(manifest: Manifest, expect: str, backend: Backend) -> None:
    """A ``sha256:HEX`` pin (or a bare hex one on a non-archive remote) is the field digest."""
    want = expect.lower()
    if not want.startswith("sha256:"):
        if isinstance(backend, ArchiveBackend):
            return  # already checked as the archive's own hash
        want = "sha256:" + want
    if manifest.digest != want:
        raise IntegrityError(
            f"{backend.url}: field digest is {manifest.digest}, not the pinned {want}; nothing applied"
        )


def write_manifest(root: Path, manifest: Manifest, signature: bytes | None) -> None:
    """Keep the live field's SHA256SUMS (and signature) equal to what it now holds."""
    path, sig_path = root / MANIFEST_NAME, root / SIGNATURE_NAME
    data = manifest.to_bytes()
    changed = not path.is_file() or path.read_bytes() != data
    # A signature must never sit beside a manifest it does not sign.
    if sig_path.exists() and (signature is None or changed):
        atomic.remove(sig_path)
    if changed:
        atomic.write_bytes(path, data)
    if signature is not None and (changed or not sig_path.exists()):
        atomic.write_bytes(sig_path, signature)


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
    lines = [f"memsync: {field_name}: " + (", ".join(counts) or "no page changes"), ""]
    lines += [f"{kind}: {name}" for kind, names in groups.items() for name in names]
    lines += [f"renamed: {old} -> {new}" for old, new in moved]
    return "\n".join(lines) + "\n"


@dataclass
class MirrorReport:
    source: str
    destination: str
    dry_run: bool
    changes: list[Change]
    digest: str

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "destination": self.destination,
            "dry_run": self.dry_run,
            "changes": [c.to_json() for c in self.changes],
            "digest": self.digest,
        }


def mirror(
    source_url: str,
    dest_url: str,
    *,
    dry_run: bool = False,
    progress: ProgressFactory = silent,
    label: str | None = None,
) -> MirrorReport:
    """Make DEST hold exactly SOURCE's field (one way; DEST's own changes are replaced)."""
    with open_backend(source_url) as src, open_backend(dest_url) as dst:
        if not src.exists():
            raise RemoteError(f"{src.url}: no field there")
        have = read_remote(src, None, None, trust_manifest=not src.live)
        there = read_remote(dst, None, None, trust_manifest=not dst.live)
        todo = changes(there.manifest, have.manifest)
        report = MirrorReport(src.url, dst.url, dry_run, todo, have.manifest.digest)
        if dry_run or (not todo and there.etag is not None and there.signature == have.signature):
            return report

        def content(change: Change) -> bytes:
            assert change.sha256 is not None
            if change.name in have.prefetched:
                return have.prefetched[change.name]
            return fetch_verified(src, change.name, change.sha256)

        with dst.transaction(there.etag) as writer:
            send_changes(writer, todo, content, progress, f"mirroring to {dst.url}")
            writer.commit(have.manifest.to_bytes(), have.signature, commit_message(label or src.url, todo, []))
        return report


def publish(root: Path, dest_url: str, *, dry_run: bool = False, progress: ProgressFactory = silent) -> MirrorReport:
    """Make DEST hold the field at ``root`` exactly (a field URL or an archive URL)."""
    return mirror(str(root), dest_url, dry_run=dry_run, progress=progress, label=root.name)
