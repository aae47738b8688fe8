"""memsync as a library: the operations the CLI runs, for programs and agents.

Open a workspace with :meth:`Memsync.open` (or make one with
:meth:`Memsync.init`), then call its methods. Each returns a dataclass whose
fields are exactly the object ``memsync COMMAND --json`` prints
(``result.to_json()`` is that object), and says with ``exit_code`` how the
command would have exited: 5 when a received version is held in quarantine,
3 when a conflict was kept as a copy, 0 otherwise (``sync_all``: a failed
field's code). Nothing else is raised but :class:`memsync.errors.MemsyncError`
and its kinds, each with the ``code`` the CLI exits with (and
KeyboardInterrupt, unchanged). Relative paths are taken from the current
directory, as on the command line. ``docs/API.md`` walks through it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import os
import shlex
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from . import archive as archive_mod
from . import engine, field_trust, gate, history, keyring, provenance, signing, urls
from .archive import ARCHIVE_SUFFIX
from .check import Finding, frontmatter_warning
from .errors import InputError, MemsyncError, WorkspaceError, boundary, redact
from .guard import DEFAULT_MAX_DELETE, DeleteLimit
from .limits import WATCH_DEBOUNCE as DEFAULT_DEBOUNCE
from .limits import WATCH_INTERVAL as DEFAULT_INTERVAL
from .merge import How
from .names import PAGE_SIZE_LIMIT, check_field_name, check_name, is_page, name_problem
from .pin import Pin
from .progress import ProgressFactory, silent
from .registry import check, is_archive_url, open_remote, options_of, parse_options, shown_options
from .store import ObjectStore, StagingStore
from .transfer import read_remote
from .trust import drop_pins
from .vectors.after_sync import reindex_after
from .watch import Event, Watcher
from .workspace import SETTINGS, TRUST_POLICIES, RemoteConfig, Workspace

# The review, the indexer and search are imported by the operations that use them:
# a sync or push (the most frequent run of all) needs none of them.
if TYPE_CHECKING:
    from . import served
    from .vectors.search import Source

__all__ = [
    "ARCHIVE_SUFFIX",
    "DEFAULT_DEBOUNCE",
    "DEFAULT_INTERVAL",
    "DEFAULT_KEY",
    "DEFAULT_MAX_DELETE",
    "EXIT_CONFLICT",
    "EXIT_QUARANTINED",
    "SETTINGS",
    "TRUST_POLICIES",
    "Added",
    "Blamed",
    "ClonePreview",
    "Collected",
    "Conflicts",
    "DeleteLimit",
    "Event",
    "FieldSearch",
    "Fields",
    "History",
    "How",
    "Indexed",
    "KeyMade",
    "ManifestWritten",
    "Memsync",
    "Mirrored",
    "Packed",
    "Published",
    "Quarantine",
    "Rejected",
    "RemoteAdded",
    "RemoteLog",
    "RemoteOptions",
    "RemoteOptionsSet",
    "RemoteRemoved",
    "RemoteRenamed",
    "RemoteUrlSet",
    "Remotes",
    "Resolved",
    "Restored",
    "Reviewed",
    "RunResult",
    "ServedField",
    "Settings",
    "SignerAdded",
    "SignerRemoved",
    "Signers",
    "SigningKey",
    "SyncAll",
    "TrustSet",
    "Undone",
    "Unlocked",
    "Unpacked",
    "Validated",
    "Verified",
    "Watcher",
    "WorkspaceMade",
    "clone",
    "index",
    "init",
    "keygen",
    "mirror",
    "pack",
    "parse_options",
    "preview_clone",
    "publish",
    "pull",
    "remote_options",
    "search",
    "serve_fields",
    "subscribe",
    "unpack",
    "validate",
    "verify",
    "write_manifest",
]

EXIT_CONFLICT = 3
EXIT_QUARANTINED = 5

P = ParamSpec("P")
R = TypeVar("R")


def _bounded(method: Callable[P, R]) -> Callable[P, R]:
    """Only memsync's own errors leave the API (a foreign one becomes InternalError)."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with boundary():
            return method(*args, **kwargs)

    return wrapper


def _op(method: Callable[Concatenate[Memsync, P], R]) -> Callable[Concatenate[Memsync, P], R]:
    """A workspace operation, inside the boundary, on the config as it is on disk
    now: another process may have changed it since the last call, and a failed
    call's half-made changes must not be saved by the next one."""

    @functools.wraps(method)
    def wrapper(m: Memsync, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with boundary():
            m._reload()
            try:
                return method(m, *args, **kwargs)
            except BaseException:
                with contextlib.suppress(Exception):  # the error being raised is the one to tell
                    m._reload()
                raise

    return wrapper


# -- results -------------------------------------------------------------------


@dataclass
class Result:
    """A command's answer; its fields are the keys of its ``--json`` object."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.metadata.get("hidden") or (f.metadata.get("optional") and value is None):
                continue
            out[f.metadata.get("key", f.name)] = _plain(value)
        return out

    @property
    def exit_code(self) -> int:
        return 0


def _plain(value: Any) -> Any:
    if isinstance(value, Result):
        return value.to_json()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


_OPTIONAL = {"optional": True}  # a key the JSON object leaves out when its value is None
_OVERSIZE_EACH = 3  # pages over the spec's size named one line each; more are one line together
_FROM = {"key": "from"}  # a key that is a Python keyword: the field is named from_


@dataclass
class RunResult(Result):
    """One field's pull, push, sync, accept, clone or status (a tree's: its root's, with ``members``)."""

    field: str
    remote: str
    url: str
    mode: str
    dry_run: bool
    local_changes: list[dict[str, Any]]  # {"action", "file", "sha256"}
    remote_changes: list[dict[str, Any]]
    conflicts: list[dict[str, Any]]  # {"page", "conflict_copy", "their_name"?}
    renames: list[dict[str, Any]]  # {"from", "to", "by"}
    notes: list[str]
    digest: str | None
    remote_digest: str | None
    attempts: int
    trust: dict[str, Any] | None  # the gate's verdict, when one was needed
    quarantined: str | None  # the digest held for review instead of applied
    previous_pin: dict[str, Any] | None
    ignored: int  # files of the live folder its ignore rules left out
    warnings: list[dict[str, Any]] | None = dataclasses.field(
        default=None, metadata=_OPTIONAL
    )  # pages whose frontmatter does not read
    index: dict[str, Any] | None = dataclasses.field(
        default=None, metadata=_OPTIONAL
    )  # the vector index rebuilt after the run
    members: list[RunResult] | None = dataclasses.field(default=None, metadata=_OPTIONAL)  # a tree's other fields
    unresolved_conflicts: list[dict[str, Any]] | None = dataclasses.field(
        default=None, metadata=_OPTIONAL
    )  # status only

    def runs(self) -> list[RunResult]:
        return [self, *(self.members or [])]

    @property
    def held(self) -> list[RunResult]:
        """The runs that left a version in quarantine."""
        return [r for r in self.runs() if r.quarantined and not r.dry_run]

    @property
    def conflict_count(self) -> int:
        return sum(len(r.conflicts) for r in self.runs() if not r.dry_run)

    @property
    def exit_code(self) -> int:
        if self.held:
            return EXIT_QUARANTINED
        if self.conflict_count or self.unresolved_conflicts:
            return EXIT_CONFLICT
        return 0


@dataclass
class SyncAll(Result):
    """``sync`` of every field with its default remote."""

    fields: list[RunResult]
    errors: list[dict[str, Any]]  # {"field", "error", "code"}

    @property
    def exit_code(self) -> int:
        codes = [e["code"] for e in self.errors] or sorted({r.exit_code for r in self.fields if r.exit_code})[::-1]
        return int(codes[0]) if codes else 0


@dataclass
class ClonePreview(Result):
    """``clone --dry-run``: what a clone would bring."""

    url: str
    dry_run: bool
    files: list[str]
    digest: str


@dataclass
class Mirrored(Result):
    """``mirror``: DESTINATION made to hold exactly SOURCE's field."""

    source: str
    destination: str
    dry_run: bool
    changes: list[dict[str, Any]]  # {"action", "file", "sha256"} at the destination
    digest: str
    sidecars: list[str]  # memsync's own files written beside SHA256SUMS
    archive_sha256: str | None  # when DESTINATION is an archive: what consumers pin


@dataclass
class Published(Result):
    archive_sha256: str
    digest: str
    files: int
    signed: bool
    destinations: list[dict[str, Any]]
    dry_run: bool


@dataclass
class WorkspaceMade(Result):
    workspace: str
    dry_run: bool


@dataclass
class Added(Result):
    field: str
    path: str
    members: list[str]  # a tree's subfolder fields
    dry_run: bool


@dataclass
class FieldRemoved(Result):
    field: str
    path: str
    members: list[str]
    remotes: dict[str, str]
    quarantined: int
    history_entries: int
    dry_run: bool


@dataclass
class RemoteAdded(Result):
    field: str
    remote: str
    url: str
    dry_run: bool


@dataclass
class Fields(Result):
    """``fields``: each field's folder and its remotes' URLs."""

    fields: dict[str, dict[str, Any]]  # name → {"path", "remotes": {name: url}}


@dataclass
class Remotes(Result):
    """``remote list``: a field's remotes (secret option values never shown)."""

    remotes: dict[str, dict[str, Any]]  # name → {"url", "options", "trust"}


@dataclass
class RemoteRemoved(Result):
    field: str
    removed: str
    dry_run: bool


@dataclass
class RemoteRenamed(Result):
    field: str
    from_: str = dataclasses.field(metadata=_FROM)
    to: str
    dry_run: bool


@dataclass
class RemoteUrlSet(Result):
    """``remote set-url``: where the remote points now, and whether its sync base stayed."""

    field: str
    remote: str
    url: str
    kept_base: bool
    reason: str  # why the base stayed or went
    dry_run: bool


@dataclass
class RemoteOptionsSet(Result):
    """``remote set-option`` / ``unset-option``: the remote's options now (secret values hidden)."""

    field: str
    remote: str
    options: dict[str, str]
    dry_run: bool


@dataclass
class RemoteOptions(Result):
    """``remote options``: the options a remote at ``url`` accepts."""

    url: str
    options: dict[str, dict[str, Any]]  # name → {"meaning", "secret"}


@dataclass
class Quarantine(Result):
    quarantine: list[dict[str, Any]]  # one per held version: field, digest, source, reason…


@dataclass
class Reviewed(Result):
    summary: dict[str, Any]
    findings: list[dict[str, Any]]
    pages: list[dict[str, Any]]
    digest: str
    source: str | None
    reason: str | None
    signer: str | None
    signature_problem: str | None
    added: list[str]
    changed: list[str]
    removed: list[str]
    renamed: list[dict[str, str]]
    diffs: dict[str, str]  # page → its unified diff against the live field
    #: The review itself, for its text (``lines(full)``); not part of the JSON.
    detail: Any = dataclasses.field(default=None, repr=False, compare=False, metadata={"hidden": True})


@dataclass
class Rejected(Result):
    rejected: str
    dry_run: bool


@dataclass
class Indexed(Result):
    """A vector index brought up to date."""

    index: str  # the index file
    embedder: str
    model_code: str
    dimension: int
    batch: int
    pages: int
    embedded: int  # pages sent to the embedder
    reused: int  # rows taken by sha256 (renamed or touched pages, a trusted remote's index)
    unchanged: int
    removed: int
    calls: int
    embed_seconds: float
    seconds: float
    warnings: list[str]
    dry_run: bool


@dataclass
class Blamed(Result):
    """``blame``: who wrote each line of a page, from memsync's record."""

    field: str
    page: str
    sha256: str  # the page's bytes as they are now
    lines: list[dict[str, Any]]  # {line, text, origin}: origin null (yours) or {source, remote, signer, digest, …}
    sources: list[dict[str, Any]]  # every origin of the page's lines with its line count, newest first
    own_lines: int
    coarse: bool  # lines memsync could not tell apart: each names the newest origin it may come from


@dataclass
class FieldSearch(Result):
    query: str
    results: list[dict[str, Any]]  # score, filename, title, summary, field, trust, source, signer, provenance
    fields: list[dict[str, Any]]  # the fields searched: field, trust, embedder, model_code
    skipped: list[dict[str, Any]]  # field, reason


@dataclass
class Unlocked(Result):
    """``unlock``: whether a writer lock was (or would be) broken."""

    remote: str
    url: str
    unlocked: bool
    dry_run: bool


@dataclass
class RemoteLog(Result):
    """``log``: the field's history as its (git) remote records it, newest first."""

    url: str
    log: list[dict[str, str]]  # {commit, author, date, message}


@dataclass
class Packed(Result):
    """``pack``: the archive written and what consumers pin."""

    archive: str
    sha256: str  # the archive's bytes
    digest: str  # the field's
    files: int
    bytes: int
    dry_run: bool


@dataclass
class Unpacked(Result):
    archive: str
    sha256: str
    digest: str
    files: int
    skipped: list[str]  # derived files the archive held that were not unpacked
    directory: str
    dry_run: bool


@dataclass
class Verified(Result):
    """``verify``: a field folder or archive matches its own SHA256SUMS (and the pin given)."""

    ok: bool
    kind: str  # "field" | "archive"
    digest: str
    files: int
    archive_sha256: str | None


@dataclass
class Validated(Result):
    """``validate``: what breaks (errors) or strains (warnings) the memoryfield spec."""

    ok: bool
    findings: list[dict[str, str]]  # {level, file, message}

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else 1


@dataclass
class ManifestWritten(Result):
    """``manifest``: the SHA256SUMS written from what the field holds."""

    digest: str
    files: int
    dry_run: bool


@dataclass
class KeyMade(Result):
    """``keygen``: the new key pair (a dry run: only where it would go)."""

    key: str  # the private key's path; the public key is beside it, KEY.pub
    public_key: str | None = dataclasses.field(default=None, metadata=_OPTIONAL)  # its OpenSSH line
    fingerprint: str | None = dataclasses.field(default=None, metadata=_OPTIONAL)
    used: bool | None = dataclasses.field(default=None, metadata=_OPTIONAL)  # the workspace signs with it now
    dry_run: bool | None = dataclasses.field(default=None, metadata=_OPTIONAL)  # True, for a dry run only


@dataclass
class SigningKey(Result):
    """``sign-with``: the key the workspace's pushes are signed with (None: unsigned)."""

    signing_key: str | None
    release_expires: str  # how long each signed release stays valid
    dry_run: bool


@dataclass
class SignerAdded(Result):
    name: str
    fingerprint: str
    dry_run: bool


@dataclass
class Signers(Result):
    """``trust list``: the allowed signers, and the lines of the file that trust no one."""

    signers: list[dict[str, str]]  # {name, fingerprint, key}
    skipped: list[str]  # "FILE:LINE: reason" for each line that does not read
    file: str  # the allowed_signers file


@dataclass
class SignerRemoved(Result):
    removed: str
    dry_run: bool


@dataclass
class TrustSet(Result):
    field: str
    remote: str
    trust: str
    dry_run: bool


@dataclass
class Conflicts(Result):
    """``conflicts``: the unresolved conflict copies, field by field."""

    conflicts: list[dict[str, Any]]  # {field, conflict_copy, page, remote, page_present, ours, theirs}


@dataclass
class Resolved(Result):
    field: str
    page: str
    copy: str  # the conflict copy, now removed
    how: str
    page_sha: str | None  # what the page holds now
    replaced: str | None  # the page's version this replaced, kept in history (None: unchanged)
    dry_run: bool


@dataclass
class History(Result):
    """``history``: the versions memsync replaced or deleted, newest first."""

    field: str
    entries: list[dict[str, Any]]  # the journal's entries, each with old_kept: whether its old version is kept


@dataclass
class HistoryStats(Result):
    fields: dict[str, dict[str, Any]]  # per field: entries, versions, bytes, oldest
    bytes: int  # what history alone holds (a version two fields keep counts once)
    budget: int  # history_max_bytes (0: none)
    days: int
    versions: int


@dataclass
class Restored(Result):
    field: str
    page: str
    version: str | None  # None: the page did not exist then, so it was deleted
    replaced: str | None  # what the page held before, kept in history
    changed: bool
    dry_run: bool


@dataclass
class Undone(Result):
    """``undo``: the receive reverted; ``skipped``: files changed since, left as they are."""

    field: str
    run: str
    at: str
    reverted: list[dict[str, Any]]  # the undo's own history entries
    skipped: list[dict[str, str]]  # {page, reason}
    dry_run: bool

    @property
    def exit_code(self) -> int:
        # As a dry pull holds nothing and keeps no conflict: only the real run fails.
        return 1 if self.skipped and not self.dry_run else 0


@dataclass
class Collected(Result):
    """``gc``: history past retention dropped, and stored versions nothing refers to."""

    entries_dropped: int
    objects_removed: int
    bytes_freed: int
    dry_run: bool


@dataclass
class Settings(Result):
    settings: dict[str, int | str]
    dry_run: bool


def _result(cls: type[R], data: dict[str, Any], **extra: Any) -> R:
    return cls(**data, **extra)


# -- the workspace -------------------------------------------------------------


class Memsync:
    """One workspace and the operations on its fields."""

    def __init__(self, workspace: Workspace, *, progress: ProgressFactory = silent, wait: float = 0.0) -> None:
        self.workspace = workspace
        self.progress = progress
        #: Seconds to wait for another memsync run in this workspace (0: fail at once).
        self.workspace.lock_wait = wait

    @classmethod
    @_bounded
    def open(cls, path: Path | str | None = None, *, progress: ProgressFactory = silent, wait: float = 0.0) -> Memsync:
        """The workspace at or above ``path`` (default: the current directory)."""
        return cls(Workspace.find(Path(path) if path is not None else None), progress=progress, wait=wait)

    @classmethod
    @_bounded
    def init(cls, path: Path | str = ".", *, progress: ProgressFactory = silent) -> Memsync:
        """Make a workspace at ``path`` (or open the one there)."""
        return cls(Workspace.init(Path(path)), progress=progress)

    @property
    def root(self) -> Path:
        return self.workspace.root

    def field_name(self, arg: str) -> str:
        """A field given by name or by its folder."""
        return self.workspace.field_named(arg)

    # -- fields and remotes ----------------------------------------------------

    @_op
    def add(self, name: str, folder: Path | str | None = None, *, tree: bool = False, dry_run: bool = False) -> Added:
        """Add field ``name`` kept in ``folder`` (default ./NAME; made if missing). With
        ``tree``, the folder's files are field NAME and each subfolder SUB field NAME/SUB."""
        ws = self.workspace
        path = Path(folder if folder is not None else name).absolute()
        taken = ws.field_for_path(path)
        # Names and folder are checked before anything is made; a failed step leaves nothing behind.
        if tree:
            added = ws.add_tree(name, path, dry_run=True)
        else:
            ws.add_field(name, path, dry_run=True)
            added = [name]
        if path.exists() and not path.is_dir():
            raise WorkspaceError(f"{path}: a file, not a folder; a field is a folder of pages")
        if path.is_symlink():  # every sync would refuse it
            raise WorkspaceError(
                f"{path}: a symlink, which memsync does not follow; add the folder it points to: "
                f"memsync add {shlex.quote(name)} {shlex.quote(str(path.resolve()))}"
            )
        if taken is not None:
            raise WorkspaceError(f"{path} is already the folder of field {taken!r}")
        nested = None if tree else ws.nested_folder(name, path)
        if nested is not None:
            raise WorkspaceError(
                f"{path}: subfolder {nested!r}: a field is a flat folder; memsync add {shlex.quote(name)} "
                f"{shlex.quote(str(path))} --tree makes each subfolder a field of its own"
            )
        if dry_run:
            self._reload()
        else:
            missing = [p for p in (path, *path.parents) if not p.exists()]
            try:
                path.mkdir(parents=True, exist_ok=True)
                ws.save()
            except BaseException:
                for made in missing:
                    with contextlib.suppress(OSError):
                        made.rmdir()
                raise
        return Added(name, str(path), added[1:], dry_run)

    def _reload(self) -> None:
        """Read the config again: another process's changes are seen, and changes
        made in memory only (a dry run's, a failed step's) are forgotten."""
        wait = self.workspace.lock_wait
        self.workspace = Workspace(self.workspace.root)
        self.workspace.lock_wait = wait

    @_op
    def add_remote(
        self,
        field: str,
        name: str,
        url: str,
        options: dict[str, str] | None = None,
        *,
        trust: str | None = None,
        expect_field: str | None = None,
        dry_run: bool = False,
    ) -> RemoteAdded:
        """Give ``field`` a remote ``name`` at ``url`` (options checked against its backend),
        trusted as ``trust``, by default as ``workspace.default_trust`` says for the URL;
        ``expect_field``: the field name its release statements must give."""
        field = self.field_name(field)
        check(url, options or {})
        if expect_field is not None:
            field_trust.expect(
                field_trust.load(self.workspace, field), expect_field, field
            )  # refused before any change
        url = self.workspace.add_remote(field, name, url, options or {}, trust=trust, dry_run=dry_run)
        if expect_field is not None and not dry_run:
            with self.workspace.locked(wait=gate.REVIEW_LOCK_WAIT):
                ws = self.workspace
                field_trust.save(ws, field, field_trust.expect(field_trust.load(ws, field), expect_field, field))
        if dry_run:
            self._reload()
        return RemoteAdded(field, name, redact(url), dry_run)  # as the --json object: no credentials

    @_op
    def fields(self) -> Fields:
        """The workspace's fields, each with its folder and its remotes' URLs."""
        ws = self.workspace
        return Fields(
            {
                name: {"path": str(ws.field_path(name)), "remotes": {r: rc.url for r, rc in spec.remotes.items()}}
                for name, spec in sorted(ws.fields.items())
            }
        )

    @_op
    def remove(self, field: str, *, dry_run: bool = False) -> FieldRemoved:
        """Forget ``field`` (with its tree's members): its remotes, sync bases, trust
        record, quarantined versions and history. Its folder and pages stay as they
        are; the objects only its history held go at the next ``gc``."""
        ws = self.workspace
        name = self.field_name(field)
        parent = next((f for f in ws.fields if name.startswith(f + "/")), None)
        if parent is not None:
            raise WorkspaceError(
                f"field {name!r} is a member of tree {parent!r}: without it, {parent!r} would hold a subfolder, "
                f"which a field cannot; memsync remove {shlex.quote(parent)} forgets the whole tree"
            )
        names = [name, *ws.members(name)]
        staging = StagingStore(ws)
        held = {f: [h["digest"] for h in staging.quarantined(f)] for f in names}
        entries = sum(len(history.read_journal(history.journal_path(ws, f))) for f in names)
        done = FieldRemoved(
            name,
            str(ws.field_path(name)),
            names[1:],
            {r: rc.url for r, rc in sorted(ws.fields[name].remotes.items())},
            sum(map(len, held.values())),
            entries,
            dry_run,
        )
        if not dry_run:
            with ws.locked():
                drop_pins(ws, names)  # a field added again under this name starts from no pin
                for f in reversed(names):  # members first: the root is what says the tree exists
                    for digest in held[f]:
                        staging.discard(digest, f)
                    ws.remove_field(f)
        return done

    @_op
    def remotes(self, field: str) -> Remotes:
        """``field``'s remotes: URL, options (secret values never shown) and trust policy."""
        spec = self.workspace.field(self.field_name(field))
        return Remotes(
            {
                r: {"url": rc.url, "options": shown_options(rc.url, rc.options), "trust": rc.trust}
                for r, rc in spec.remotes.items()
            }
        )

    @_op
    def remove_remote(self, field: str, name: str, *, dry_run: bool = False) -> RemoteRemoved:
        """Forget ``field``'s remote ``name`` (and the sync base kept for it)."""
        field = self.field_name(field)
        self.workspace.remove_remote(field, name, dry_run=dry_run)
        return RemoteRemoved(field, name, dry_run)

    @_op
    def rename_remote(self, field: str, old: str, new: str, *, dry_run: bool = False) -> RemoteRenamed:
        """Rename ``field``'s remote ``old`` to ``new``, keeping its sync base."""
        field = self.field_name(field)
        self.workspace.rename_remote(field, old, new, dry_run=dry_run)
        return RemoteRenamed(field, old, new, dry_run)

    @_op
    def set_url(
        self,
        field: str,
        name: str,
        url: str,
        options: dict[str, str] | None = None,
        *,
        reset: bool = False,
        dry_run: bool = False,
    ) -> RemoteUrlSet:
        """Point ``field``'s remote ``name`` at ``url`` (``options``: the new URL's; None keeps
        them). The sync base stays only when ``url`` holds the same field: the same
        SHA256SUMS as the base, the same version token (a git commit), or the same
        SHA256SUMS the old URL holds now; otherwise refused, unless ``reset`` drops it."""
        ws = self.workspace
        field = self.field_name(field)
        _, config = ws.remote(field, name)
        url = urls.canonical(url)  # the URL as it will be kept is the one probed (and an empty one refused)
        new_options = dict(config.options) if options is None else options
        check(url, new_options)
        keep, etag, why = _fitting_base(ws, field, name, config, url, new_options, reset)
        if not dry_run:
            url = ws.set_url(field, name, url, new_options, keep_base=keep, etag=etag)
        return RemoteUrlSet(field, name, url, keep, why, dry_run)

    @_op
    def set_options(
        self, field: str, name: str, options: dict[str, str], *, reset: bool = False, dry_run: bool = False
    ) -> RemoteOptionsSet:
        """Set ``options`` of ``field``'s remote ``name`` (checked against its backend). An
        option that can change where the remote is (an endpoint, an account) keeps the
        sync base only when the remote then holds the same field, as :meth:`set_url` does."""
        field = self.field_name(field)
        _, config = self.workspace.remote(field, name)
        return self._set_options(field, name, config, {**config.options, **options}, reset, dry_run)

    @_op
    def unset_options(
        self, field: str, name: str, keys: list[str], *, reset: bool = False, dry_run: bool = False
    ) -> RemoteOptionsSet:
        """Remove options ``keys`` of ``field``'s remote ``name`` (as :meth:`set_options`)."""
        field = self.field_name(field)
        _, config = self.workspace.remote(field, name)
        missing = [k for k in keys if k not in config.options]
        if missing:
            have = ", ".join(sorted(config.options)) or "none"
            raise WorkspaceError(f"remote {name} has no option {missing[0]!r} (it has: {have})")
        options = {k: v for k, v in config.options.items() if k not in keys}
        return self._set_options(field, name, config, options, reset, dry_run)

    def _set_options(
        self, field: str, name: str, config: RemoteConfig, options: dict[str, str], reset: bool, dry_run: bool
    ) -> RemoteOptionsSet:
        from .backends.base import COMMON_OPTIONS, FIELD_OPTIONS

        ws = self.workspace
        check(config.url, options)
        harmless = {*COMMON_OPTIONS, *FIELD_OPTIONS}
        moved = {k for k in {*options, *config.options} if options.get(k) != config.options.get(k)} - harmless
        keep, etag = True, None
        if moved or reset:
            keep, etag, _ = _fitting_base(ws, field, name, config, config.url, options, reset)
        if not dry_run:
            if moved or reset:
                ws.set_url(field, name, config.url, options, keep_base=keep, etag=etag)
            else:
                ws.set_options(field, name, options)
        return RemoteOptionsSet(field, name, shown_options(config.url, options), dry_run)

    # -- moving versions ---------------------------------------------------------

    @_op
    def pull(
        self,
        field: str,
        remote: str | None = None,
        *,
        sha256: str | None = None,
        expect_field: str | None = None,
        max_delete: DeleteLimit | None = DEFAULT_MAX_DELETE,
        index: bool = True,
        dry_run: bool = False,
    ) -> RunResult:
        """Bring a remote's changes into ``field``; ``sha256`` pins what may arrive,
        ``expect_field`` the field name its release statements must give."""
        return self._finish(self._run(field, remote, "pull", dry_run, sha256, max_delete, expect_field), index)

    @_op
    def push(
        self,
        field: str,
        remote: str | None = None,
        *,
        max_delete: DeleteLimit | None = DEFAULT_MAX_DELETE,
        dry_run: bool = False,
    ) -> RunResult:
        """Send ``field``'s changes (refused with PullFirst when the remote moved)."""
        return self._finish(self._run(field, remote, "push", dry_run, None, max_delete), False)

    @_op
    def sync(
        self,
        field: str,
        remote: str | None = None,
        *,
        max_delete: DeleteLimit | None = DEFAULT_MAX_DELETE,
        index: bool = True,
        dry_run: bool = False,
    ) -> RunResult:
        """Pull, merge and push ``field`` in one go."""
        return self._finish(self._run(field, remote, "sync", dry_run, None, max_delete), index)

    @_op
    def sync_all(
        self, *, max_delete: DeleteLimit | None = DEFAULT_MAX_DELETE, index: bool = True, dry_run: bool = False
    ) -> SyncAll:
        """Sync every field that has a remote with its default remote; one field's
        failure is reported in ``errors`` and the others still run."""
        return self._every(lambda name: self._finish(self._run(name, None, "sync", dry_run, None, max_delete), index))

    @_op
    def status_all(self) -> SyncAll:
        """``status`` of every field that has a remote, with its default remote."""
        return self._every(lambda name: self._status(name, None))

    def _every(self, run: Callable[[str], RunResult]) -> SyncAll:
        ws = self.workspace
        # A tree's members sync with their root (add(..., tree=True)).
        roots = sorted(name for name, spec in ws.fields.items() if "/" not in name and spec.remotes)
        if not roots:
            raise WorkspaceError("no field has a remote to sync with (memsync remote add FIELD NAME URL)")
        done: list[RunResult] = []
        failed: list[dict[str, Any]] = []
        for name in roots:
            try:
                done.append(run(name))
            except MemsyncError as exc:
                failed.append({"field": name, "error": str(exc), "code": exc.code})
        return SyncAll(done, failed)

    @_op
    def status(self, field: str, remote: str | None = None) -> RunResult:
        """What a sync of ``field`` would do now (changes nothing), with the conflicts still unresolved."""
        return self._status(field, remote)

    def _status(self, field: str, remote: str | None) -> RunResult:
        reports = self._run(field, remote, "sync", True, None, DEFAULT_MAX_DELETE)
        result = self._finish(reports, False, warn=False)
        result.unresolved_conflicts = [
            {"field": r.field, **c.to_json()}
            for r in reports
            for c in history.conflicts(self.workspace, r.field, r.live)
        ]
        return result

    @_op
    def clone(
        self,
        url: str,
        directory: Path | str | None = None,
        *,
        name: str | None = None,
        sha256: str | None = None,
        options: dict[str, str] | None = None,
        trust: str | None = None,
        expect_field: str | None = None,
        index: bool = True,
    ) -> RunResult:
        """A new field from ``url`` in ``directory`` (named after it, as git names a
        clone, else after the URL), with ``url`` as its origin; ``expect_field``: the
        field name its release statements must give (any other is refused)."""
        target = _Target(name, _path(directory), "give one with --name NAME", "clone into another DIRECTORY", False)
        follow = _follow(self, url, target, sha256, trust, DEFAULT_MAX_DELETE, options or {}, expect_field)
        return self._finish([follow], index)

    @_op
    def subscribe(
        self,
        url: str,
        *,
        field: str | None = None,
        into: Path | str | None = None,
        sha256: str | None = None,
        options: dict[str, str] | None = None,
        trust: str | None = None,
        expect_field: str | None = None,
        max_delete: DeleteLimit | None = DEFAULT_MAX_DELETE,
        index: bool = True,
    ) -> RunResult:
        """Pull ``url`` into the field that follows it, making that field when new
        (``memsync pull URL``); ``expect_field`` as for :meth:`clone`."""
        target = _Target(field, _path(into), "give one with --field NAME", "choose another with --into", True)
        follow = _follow(self, url, target, sha256, trust, max_delete, options or {}, expect_field)
        return self._finish([follow], index)

    @_op
    def unlock(self, field: str, remote: str | None = None, *, dry_run: bool = False) -> Unlocked:
        """Break the writer lock a crashed push left on ``field``'s remote."""
        name, config = self.workspace.remote(self.field_name(field), remote)
        with open_remote(config.url, config.options) as opened:
            broken = opened.lock_info() is not None if dry_run else opened.unlock()
        return Unlocked(name, config.url, broken, dry_run)

    @_op
    def log(self, field: str, remote: str | None = None, *, limit: int = 20) -> RemoteLog:
        """``field``'s history as its (git) remote records it, newest first."""
        _, config = self.workspace.remote(self.field_name(field), remote)
        with open_remote(config.url, config.options) as opened:
            return RemoteLog(config.url, opened.log(limit))

    @_op
    def publish(
        self,
        field: str,
        destinations: list[str],
        *,
        sign_with: str | None = None,
        expires: str | None = None,
        rotate_to: str | None = None,
        revoke: list[str] | None = None,
        dry_run: bool = False,
    ) -> Published:
        """Publish ``field`` to each destination, signed when a key is set (see :func:`publish`)."""
        return publish(self.workspace.field_path(self.field_name(field)), destinations,
                       workspace=self.workspace, sign_with=sign_with, expires=expires, rotate_to=rotate_to,
                       revoke=revoke, dry_run=dry_run, progress=self.progress)  # fmt: skip

    # -- signing and trusted signers ----------------------------------------------

    @_op
    def sign_with(
        self, key: Path | str | None = None, *, clear: bool = False, expires: str | None = None, dry_run: bool = False
    ) -> SigningKey:
        """Sign this workspace's pushes with ``key`` (an existing OpenSSH Ed25519 private key);
        ``clear``: stop signing; neither: the key stays as it is. ``expires``: how long each
        signed release stays valid (30d, 12h, 1w)."""
        from . import release
        from .ssh import sshsig

        ws = self.workspace
        if clear and key is not None:
            raise InputError("give KEY, or --none to stop signing, not both")
        if clear:
            chosen = None
        elif key is None:
            chosen = ws.signing_key  # expires alone (or nothing) leaves the key as it is
        else:
            chosen = str(Path(key).expanduser().absolute())
            sshsig.load_private_key(Path(chosen))  # refuse a key we could not sign with
        if expires is not None:
            release.parse_duration(expires)
        if not dry_run:
            ws.signing_key = chosen
            ws.release_expires = expires or ws.release_expires
            ws.save()
        return SigningKey(chosen, ws.release_expires or release.DEFAULT_EXPIRY, dry_run)

    @_op
    def add_signer(self, name: str, pubkey: str, *, dry_run: bool = False) -> SignerAdded:
        """Accept signatures by ``pubkey`` (``ssh-ed25519 AAAA…`` or a .pub file) as ``name``."""
        from . import trust
        from .ssh import sshsig

        signer = trust.add_signer(self.workspace, name, pubkey, dry_run=dry_run)
        return SignerAdded(name, sshsig.fingerprint(signer.key), dry_run)

    @_op
    def signers(self) -> Signers:
        """The allowed signers, and the lines of the file that do not read (skipped when
        signatures are checked, as ssh-keygen skips them)."""
        from . import trust
        from .ssh import sshsig

        found, skipped = trust.list_signers(self.workspace)
        rows = [
            {"name": s.name, "fingerprint": sshsig.fingerprint(s.key), "key": sshsig.public_line(s.key)} for s in found
        ]
        return Signers(rows, skipped, str(self.workspace.allowed_signers_path))

    @_op
    def remove_signer(self, name: str, *, dry_run: bool = False) -> SignerRemoved:
        """Stop accepting ``name``'s signatures."""
        from . import trust

        if not dry_run:
            trust.remove_signer(self.workspace, name)
        return SignerRemoved(name, dry_run)

    @_op
    def set_trust(self, field: str, remote: str, policy: str, *, dry_run: bool = False) -> TrustSet:
        """How far ``field`` trusts ``remote``: ``self``, ``signed`` or ``untrusted``."""
        field = self.field_name(field)
        self.workspace.remote(field, remote)
        if not dry_run:
            self.workspace.set_trust(field, remote, policy)
        return TrustSet(field, remote, policy, dry_run)

    # -- continuous sync -----------------------------------------------------------

    @_op
    def watch(
        self,
        fields: Sequence[str] = (),
        *,
        remote: str | None = None,
        interval: float = DEFAULT_INTERVAL,
        debounce: float = DEFAULT_DEBOUNCE,
        index: bool = True,
        on_event: Callable[[Event], None] = lambda event: None,
    ) -> Watcher:
        """A watcher that keeps ``fields`` (a tree root brings its members; default: every
        field with a remote, or with ``remote``) synced with ``remote`` (default: each
        field's own): ``run()`` it, in the foreground of one thread, until ``stop()`` (any
        thread, or a signal handler). Local changes are synced once a field has been quiet
        for ``debounce`` seconds, remotes polled every ``interval``; each step is a call of
        this object (the config as it is on disk then, this boundary), and each sync,
        failure, held version and state change an :class:`memsync.watch.Event` for ``on_event``."""
        ws = self.workspace
        chosen = [self.field_name(f) for f in fields]
        if chosen:
            names = list(dict.fromkeys(f for name in chosen for f in (name, *ws.members(name))))
        else:
            wanted = (name for name, spec in sorted(ws.fields.items()) if spec.remotes)
            names = [name for name in wanted if remote is None or remote in ws.fields[name].remotes]
        watched = [(name, ws.remote(name, remote)[0], ws.field_path(name)) for name in names]
        steps = _Watching(self, index)
        return Watcher(steps, watched, interval=interval, debounce=debounce, on_event=on_event)

    @_op
    def _watched_sync(self, field: str, remote: str, index: bool) -> tuple[RunResult, str | None]:
        """A watcher's sync of one field (its members are watched on their own), and the
        error its index rebuild met: the sync landed, the index is a cache."""
        ws = self.workspace
        report = engine.Session(ws, field, remote).run("sync")
        rebuilt = reindex_after(report, not index, ws, self.progress)
        error = rebuilt.data["error"] if rebuilt is not None and "error" in rebuilt.data else None
        return _result(RunResult, report.to_json()), error

    @_op
    def _watched_change(self, field: str, remote: str) -> bool:
        """Whether ``field`` differs from its sync base with ``remote`` (a stat-cache scan, no request)."""
        ws = self.workspace
        base = ws.load_base(field, remote)
        return base is None or engine.Session(ws, field, remote).scan_local(save=False) != base.manifest

    @_op
    def _watched_hold(self, field: str, remote: str) -> tuple[str, str] | None:
        """The version of ``field`` held in quarantine from ``remote`` (digest, reason) while
        ``remote`` still offers it (one conditional read)."""
        from .remote import NotModified

        ws = self.workspace
        held = [m for m in StagingStore(ws).quarantined(field) if m.get("remote") == remote]
        if not held:
            return None
        latest = held[-1]
        etag = latest.get("etag")
        if not etag:
            return None
        _, config = ws.remote(field, remote)
        with open_remote(config.url, config.options) as opened:
            unchanged = isinstance(opened.fetch_manifest(if_none_match=etag), NotModified)
        return (str(latest["digest"]), str(latest.get("reason") or "untrusted")) if unchanged else None

    # -- the quarantine ----------------------------------------------------------

    @_op
    def quarantine(self, field: str | None = None) -> Quarantine:
        """The received versions held for review (of ``field``, or all)."""
        name = self.field_name(field) if field else None
        return Quarantine(StagingStore(self.workspace).quarantined(name))

    @_op
    def review(self, field: str, digest: str | None = None, *, judge: str | None = None) -> Reviewed:
        """Review a held version (the newest, or ``digest``): findings first, then
        diffs. Only a version reviewed is one ``accept`` may apply. ``judge``
        (``ollama:MODEL``, or ``none``; default: the ``review_judge`` setting) also
        asks a local model for its opinion of each changed page."""
        from .judge import parse as parse_judge
        from .review import review as review_version

        ws, name = self.workspace, self.field_name(field)
        store = StagingStore(ws)
        chosen = self._held(name, digest)
        staged = store.get(chosen)
        if staged is None:
            raise WorkspaceError(f"no quarantined version {chosen} (see 'memsync quarantine')")
        try:
            asked = parse_judge(judge if judge is not None else ws.text_setting("review_judge"))
        except InputError as exc:
            if judge is not None:
                raise
            raise InputError(f"{exc} (from config.json: memsync config review_judge ollama:MODEL or none)") from None
        report = review_version(ws, ws.field_path(name), staged, store.held(chosen, name) or {}, asked)
        gate.mark_reviewed(ws, name, chosen, report.live_digest)
        return _result(Reviewed, report.to_json(), detail=report)

    @_op
    def accept(
        self,
        field: str,
        digest: str | None = None,
        *,
        allow_executables: bool = False,
        index: bool = True,
        dry_run: bool = False,
    ) -> RunResult:
        """Apply the reviewed held version of ``field`` (or the one named by ``digest``) and pin it;
        ``dry_run``: what applying it would change, with nothing applied, pinned or dropped."""
        ws, name = self.workspace, self.field_name(field)
        chosen = gate.chosen_for_accept(ws, name, digest)
        remote = gate.remote_of_hold(ws, name, chosen)
        session = engine.Session(ws, name, remote, progress=self.progress)
        return self._finish([session.accept(chosen, allow_executables=allow_executables, dry_run=dry_run)], index)

    @_op
    def reject(self, field: str, digest: str | None = None, *, dry_run: bool = False) -> Rejected:
        """Delete a held version without applying it."""
        name = self.field_name(field)
        chosen = self._held(name, digest)
        if not dry_run:
            StagingStore(self.workspace).discard(chosen, name)
        return Rejected(chosen, dry_run)

    def _held(self, field: str, digest: str | None) -> str:
        held = StagingStore(self.workspace).quarantined(field)
        if digest is not None:
            # As accept reads it: a prefix in either case, with or without sha256:.
            text = digest.strip().lower()
            want = text if text.startswith("sha256:") else "sha256:" + text
            matches = [m["digest"] for m in held if m["digest"].startswith(want)]
            if len(matches) != 1:
                many = "no" if not matches else "more than one"
                raise WorkspaceError(f"{digest}: {many} quarantined version matches")
            return str(matches[0])
        if not held:
            raise WorkspaceError(f"nothing of field {field!r} is in quarantine")
        return str(held[-1]["digest"])

    # -- the vector cache --------------------------------------------------------

    @_op
    def index(
        self, field: str, *, embedder: str | None = None, batch: int | None = None, dry_run: bool = False
    ) -> Indexed:
        """Bring ``field``'s vector index up to date, embedding only new and changed pages
        (``dry_run``: count them, embedding and writing nothing)."""
        root = self.workspace.field_path(self.field_name(field))
        ws = self.workspace
        return index(root, workspace=ws, embedder=embedder, batch=batch, progress=self.progress, dry_run=dry_run)

    @_op
    def search(
        self,
        query: str,
        *,
        fields: list[str] | None = None,
        k: int = 10,
        min_score: float | None = None,
        own: bool = False,
        embedder: str | None = None,
    ) -> FieldSearch:
        """Rank the pages of every field (or ``fields``) by similarity to ``query``."""
        from .vectors.search import workspace_sources

        ws = self.workspace
        sources = workspace_sources(ws, [self.field_name(f) for f in fields or []])
        return search(sources, query, k=k, min_score=min_score, own=own, embedder=embedder)

    # -- provenance ----------------------------------------------------------------

    @_op
    def blame(self, page: str) -> Blamed:
        """Who wrote each line of ``page`` (``FIELD/PAGE.md``, or a path to the page
        file) as it is now: which source and version brought it, and how it was accepted."""
        ws = self.workspace
        path = Path(page)
        field = ws.field_for_path(path.parent) if path.is_file() else None
        name = path.name
        if field is None:
            folder, slash, name = page.rpartition("/")
            if not slash or not folder:
                raise InputError(f"{page}: give the page as FIELD/PAGE.md or as a path to the page file")
            field = self.field_name(folder)
        if not is_page(name) or name_problem(name) is not None:
            raise InputError(f"{page}: not a page (a page is a .md file of a field)")
        data = _read_page(ws.live_folder(field) / name, page, field)
        return _result(Blamed, provenance.blame(ws, field, name, data))

    # -- conflicts and the way back -------------------------------------------------

    @_op
    def conflicts(self, field: str | None = None) -> Conflicts:
        """The unresolved conflicts of ``field`` (default: of every field)."""
        ws = self.workspace
        names = [self.field_name(field)] if field is not None else sorted(ws.fields)
        return Conflicts([{"field": n, **c.to_json()} for n in names for c in history.conflicts(ws, n)])

    @_op
    def resolve(self, field: str, page: str, how: How, *, dry_run: bool = False) -> Resolved:
        """Settle the conflict of ``page`` (the page, or its conflict copy's name): keep
        ``mine``, make the copy's version the page (``theirs``), or keep ``both`` texts.
        The version replaced is kept in history; the next sync carries the result."""
        done = history.resolve(self.workspace, self.field_name(field), page, how, dry_run=dry_run)
        return _result(Resolved, done.to_json())

    @_op
    def history(self, field: str, page: str | None = None, *, limit: int = 50) -> History:
        """The versions memsync replaced or deleted in ``field`` (or ``page``), newest
        first; at most ``limit`` (0: all)."""
        ws = self.workspace
        name = self.field_name(field)
        found = list(reversed(history.entries(ws, name, page)))
        if limit > 0:
            found = found[:limit]
        return History(name, [{**e.to_json(), "old_kept": history.kept(ws, e.old)} for e in found])

    @_op
    def history_stats(self, field: str | None = None) -> HistoryStats:
        """What history alone holds (of ``field``, or all), beside its retention and budget."""
        name = self.field_name(field) if field is not None else None
        return _result(HistoryStats, history.stats(self.workspace, name))

    @_op
    def restore(self, field: str, page: str, at: str | None = None, *, dry_run: bool = False) -> Restored:
        """Bring a version of ``page`` back from history as a local edit: ``at`` a hash
        (6+ hex digits) or a time; default the version the last change replaced."""
        done = history.restore(self.workspace, self.field_name(field), page, at, dry_run=dry_run)
        return _result(Restored, done.to_json())

    @_op
    def undo(self, field: str, *, dry_run: bool = False) -> Undone:
        """Revert the last receive into ``field`` as local edits (again: further back); a
        file changed since is left as it is and named in ``skipped`` (exit code 1)."""
        done = history.undo(self.workspace, self.field_name(field), dry_run=dry_run)
        return _result(Undone, done.to_json())

    @_op
    def gc(
        self,
        *,
        keep_days: int | None = None,
        keep_versions: int | None = None,
        max_bytes: int | None = None,
        dry_run: bool = False,
    ) -> Collected:
        """Drop history past retention and past its byte budget (the settings, unless
        overridden), and stored versions nothing refers to any more."""
        done = history.gc(self.workspace, days=keep_days, versions=keep_versions, budget=max_bytes, dry_run=dry_run)
        return _result(Collected, done.to_json())

    @_op
    def config(self, key: str | None = None, value: str | None = None, *, dry_run: bool = False) -> Settings:
        """The workspace's settings (or ``key``'s); with ``value``, set ``key`` to it."""
        ws = self.workspace
        shown = [key] if key is not None else sorted(SETTINGS)
        data = {k: ws.setting(k) for k in shown}
        if key is not None and value is not None:
            if key == "ignore":  # patterns that do not read are refused now, not at every sync after
                from .ignore import of_lines

                of_lines(value.split(), "memsync config ignore")
            if key == "review_judge":  # a judge review could not ask is refused now, not at the next review
                from .judge import parse as parse_judge

                parse_judge(value)
            data[key] = ws.set_setting(key, value, dry_run=dry_run)
        return Settings(data, dry_run)

    # -- what every run shares -----------------------------------------------------

    def _run(
        self,
        field: str,
        remote: str | None,
        mode: engine.Mode,
        dry_run: bool,
        expect: str | None,
        max_delete: DeleteLimit | None,
        expect_field: str | None = None,
    ) -> list[engine.SyncReport]:
        """One field's run; a tree root's runs its members too, one after another."""
        ws = self.workspace
        name = self.field_name(field)
        tree = [name, *ws.members(name)]
        if (expect is not None or expect_field is not None) and len(tree) > 1:
            what = "--sha256 pins" if expect is not None else "--expect-field names"
            raise WorkspaceError(f"{what} one field; {name!r} is a tree: pull each of its fields on its own")
        return [
            engine.Session(ws, f, remote, progress=self.progress, max_delete=max_delete).run(
                mode, dry_run=dry_run, expect=expect, expect_field=expect_field
            )
            for f in tree
        ]

    def _finish(self, reports: list[engine.SyncReport], index: bool, *, warn: bool = True) -> RunResult:
        replaced = [c.was for r in reports if not r.dry_run for c in r.local_changes if c.was is not None]
        if replaced:  # a receive journaled what it replaced: history may have passed its budget
            objects = ObjectStore(self.workspace)
            history.keep_within_budget(self.workspace, sum(objects.size(sha) for sha in set(replaced)))
        results = []
        for report in reports:
            found = self._page_warnings(report) if warn else None
            rebuilt = reindex_after(report, not index, self.workspace, self.progress)
            results.append(
                _result(
                    RunResult,
                    report.to_json(),
                    warnings=[w.to_json() for w in found] if found is not None else None,
                    index=rebuilt.data if rebuilt else None,
                )
            )
        first = results[0]
        if len(results) > 1:
            first.members = results[1:]
        return first

    def _page_warnings(self, report: engine.SyncReport) -> list[Finding]:
        """validate's warnings for the pages this run carried: frontmatter that does not
        read, and pages over the spec's 8 KiB (one line for many)."""
        names = {c.name for c in (*report.local_changes, *report.remote_changes) if c.sha256 and is_page(c.name)}
        if not names or report.quarantined:
            return []
        root = self.workspace.field_path(report.field)
        found, big = [], []
        for name in sorted(names):
            try:
                size = (root / name).stat().st_size
                # Checked by the run while it held the bytes, else read now.
                checked = name in report.frontmatter
                warning = report.frontmatter[name] if checked else frontmatter_warning(name, (root / name).read_bytes())
            except FileNotFoundError:
                continue
            if warning is not None:
                found.append(warning)
            if size > PAGE_SIZE_LIMIT:
                big.append((name, size))
        if len(big) > _OVERSIZE_EACH:
            shown = ", ".join(n for n, _ in big[:_OVERSIZE_EACH])
            message = (
                f"{len(big)} pages are over the {PAGE_SIZE_LIMIT:,} bytes the memoryfield spec asks pages to stay "
                f"under ({shown}…): memsync validate {report.field} lists them"
            )
            found.append(Finding("warning", report.field, message))
        else:
            found += [
                Finding("warning", n, f"{s:,} bytes; the memoryfield spec asks pages to stay under {PAGE_SIZE_LIMIT:,}")
                for n, s in big
            ]
        return found


@dataclass
class _Watching:
    """A watcher's steps (memsync.watch.Steps): calls of the API."""

    m: Memsync
    index: bool

    def sync(self, field: str, remote: str) -> tuple[RunResult, str | None]:
        return self.m._watched_sync(field, remote, self.index)

    def changed(self, field: str, remote: str) -> bool:
        return self.m._watched_change(field, remote)

    def held(self, field: str, remote: str) -> tuple[str, str] | None:
        return self.m._watched_hold(field, remote)


def _fitting_base(
    ws: Workspace, field: str, name: str, config: RemoteConfig, url: str, options: dict[str, str], reset: bool
) -> tuple[bool, str | None, str]:
    """Whether the sync base can stay for the remote at ``url`` with ``options``
    (and the new token for it); refuses in one line when it cannot, unless ``reset``."""
    base = ws.load_base(field, name)
    if base is None:
        return False, None, "no sync base yet"
    if reset:
        return False, None, "base dropped (--reset)"
    keep, etag, why = _same_field(base.manifest.to_bytes(), base.etag, config, url, options)
    if not keep:
        raise WorkspaceError(
            f"{url}: {why}, so the sync base for {name} would not fit it; run again with --reset "
            "(the next sync then merges two-way and deletes nothing)"
        )
    return keep, etag, why


def _same_field(
    base: bytes, base_etag: str | None, old: RemoteConfig, url: str, options: dict[str, str]
) -> tuple[bool, str | None, str]:
    """Whether ``url`` holds the field the sync base describes; the new remote's
    token for the base manifest when it is that very version; and why."""
    try:
        with open_remote(url, options) as new:
            there = read_remote(new, None, None)
    except MemsyncError as exc:
        return False, None, f"cannot be read to check it ({exc})"
    if there.manifest.to_bytes() == base:
        return True, there.etag, "same SHA256SUMS as the sync base"
    if there.etag is not None and there.etag == base_etag:
        return True, None, "same version as the sync base"
    try:
        with open_remote(old.url, old.options) as previous:
            before = read_remote(previous, None, None)
    except MemsyncError:
        before = None
    if before is not None and before.manifest == there.manifest:
        return True, None, f"same SHA256SUMS as {old.url} holds now"
    if not there.manifest:
        return False, None, "holds no field"
    return False, None, f"holds another version of the field ({len(there.manifest)} files, {there.manifest.digest})"


def _read_page(path: Path, shown: str, field: str) -> bytes:
    """A page file's bytes: a regular file, never through a link."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        raise WorkspaceError(f"{shown}: no such page in field {field!r}") from None
    except OSError as exc:
        raise InputError(f"{shown}: not a page file ({exc.strerror})") from None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise InputError(f"{shown}: not a page file")
        return handle.read()


# -- what needs no workspace -----------------------------------------------------


@_bounded
def mirror(
    source: str,
    destination: str,
    *,
    max_delete: DeleteLimit | None = DEFAULT_MAX_DELETE,
    force: bool = False,
    dry_run: bool = False,
    progress: ProgressFactory = silent,
) -> Mirrored:
    """Make ``destination`` hold exactly ``source``'s field, one way. Never a workspace's
    live field: what reaches one goes through its trust gate (``pull``)."""
    dest = urls.canonical(destination)
    local = urls.local_path(dest)
    if local is not None:
        _not_live(local)
    report = engine.mirror(source, dest, dry_run=dry_run, progress=progress, max_delete=max_delete, force=force)
    return _result(Mirrored, report.to_json())


def _not_live(path: Path) -> None:
    """Refuse a folder that is, holds or lies in a live field of the workspace around it."""
    try:
        ws = Workspace.find(path.parent)
    except WorkspaceError:
        return
    target = path.resolve()
    for name in ws.fields:
        live = ws.field_path(name).resolve()
        if target == live or live in target.parents or target in live.parents:
            raise WorkspaceError(
                f"{path} is the live folder of field {name!r} (or holds it, or lies in it): mirror never writes "
                f"there, since what reaches a field goes through its trust gate; memsync pull {shlex.quote(name)} "
                f"from a remote, or mirror into another folder"
            )


@_bounded
def publish(
    folder: Path | str,
    destinations: list[str],
    *,
    workspace: Workspace | None = None,
    sign_with: str | None = None,
    expires: str | None = None,
    rotate_to: str | None = None,
    revoke: list[str] | None = None,
    dry_run: bool = False,
    progress: ProgressFactory = silent,
    here: bool = False,
) -> Published:
    """Publish the field in ``folder`` (a workspace's or not) to each destination,
    signed with ``sign_with`` (else $MEMSYNC_SIGNING_KEY, else the workspace's key).
    ``rotate_to``: a new private key that replaces the signing key, announced in
    ``memsync-keys.json`` (signed by the current key) and signing this publish;
    ``revoke``: private keys each announcing its own end. ``here``: as
    ``memsync publish`` runs, with the workspace around the current directory
    (when there is one) as ``workspace``, and ``folder`` may name one of its fields."""
    if here:
        workspace = _here()
        folder = _folder(folder, workspace)
    root = Path(folder)
    key = signing.signing_key(workspace, sign_with)
    if (rotate_to or revoke) and key is None:
        raise InputError(
            "--rotate-to and --revoke need the current signing key: --sign-with KEY (or memsync sign-with)"
        )
    from . import rotation
    from .ssh.sshsig import load_private_key

    new_key = load_private_key(Path(rotate_to).expanduser()) if rotate_to else None
    ending = [load_private_key(Path(p).expanduser()) for p in revoke or []]
    name = workspace.field_for_path(root) if workspace else None
    if expires is not None:
        from .release import parse_duration

        parse_duration(expires)
    label = name or root.absolute().name
    voucher = None
    if key is not None:
        # A workspace's field is published as the field it is bound to, numbered on from the
        # highest release the workspace knows for it; a bare folder under its own name.
        record = field_trust.load(workspace, name) if workspace and name else None
        after = record.release.version if record and record.release else 0
        field = gate.identity_name(record, label) if record else label
        signers = keyring.trusted(workspace)[0] if workspace else []
        voucher = signing.Voucher(
            field, key, expires=expires, after=after, keys=keyring.own_chain(workspace), signers=signers
        )
        if new_key is not None:
            voucher.rotate_to(new_key)
        for old in ending:
            if rotation.public_key(old).same_public(rotation.public_key(voucher.key)):
                raise InputError(
                    f"--revoke {rotation.public_key(old).fingerprint()}: that key signs this publish; "
                    "rotate away from it first (--rotate-to NEWKEY)"
                )
            voucher.revoke(old)
    results = [
        engine.publish(root, urls.canonical(url), dry_run=dry_run, progress=progress, voucher=voucher, label=label)
        for url in destinations
    ]
    if voucher is not None and workspace and name and not dry_run:
        voucher.record(gate.Publishing(workspace, name))
    if voucher is not None and voucher.rotations and workspace and not dry_run:
        _keep_rotation(workspace, voucher, sign_with, rotate_to)
    packed = archive_mod.write_field(root, None)  # only its pins are printed
    # A signed archive holds its sidecars: consumers pin the bytes that were published.
    published = [r.archive_sha256 for r in results if r.archive_sha256]
    return Published(
        archive_sha256=published[0] if published else packed.sha256,
        digest=packed.manifest.digest,
        files=len(packed.manifest),
        signed=key is not None,
        destinations=[r.to_json() for r in results],
        dry_run=dry_run,
    )


def _keep_rotation(ws: Workspace, voucher: signing.Voucher, sign_with: str | None, rotate_to: str | None) -> None:
    """The workspace keeps its chain, and signs with the new key from now on when it signed with the old."""
    with ws.locked(wait=gate.REVIEW_LOCK_WAIT):
        if voucher.keys is not None:
            keyring.save_own_chain(ws, voucher.keys)
        if rotate_to and sign_with is None and not os.environ.get(signing.KEY_VARIABLE) and ws.signing_key:
            ws.signing_key = str(Path(rotate_to).expanduser().absolute())
            ws.save()


@_bounded
def index(
    folder: Path | str,
    *,
    workspace: Workspace | None = None,
    embedder: str | None = None,
    batch: int | None = None,
    progress: ProgressFactory = silent,
    dry_run: bool = False,
    here: bool = False,
) -> Indexed:
    """Bring the vector index of the field in ``folder`` up to date (a workspace's
    field keeps where its pages came from, and passes over its tree members);
    ``dry_run``: count what it would embed, reuse and remove, writing nothing.
    ``here``: as ``memsync index`` runs, with the workspace around the current
    directory (when there is one) as ``workspace``, and ``folder`` may name one of its fields."""
    from .vectors import embedders
    from .vectors.rebuild import batch_size, rebuild

    if here:
        workspace = _here()
        folder = _folder(folder, workspace)
    root = Path(folder)
    name = workspace.field_for_path(root) if workspace else None
    if name is None:
        workspace, name = Workspace.owning(root) or (None, None)
    if workspace and name:
        workspace.live_folder(name)
    done = rebuild(
        root,
        embedders.for_field(root, embedder),
        batch=batch_size(batch),
        progress=progress,
        provenance=provenance.describe_pages(workspace, name) if workspace and name else None,
        skip=workspace.member_dirs(name) if workspace and name else frozenset(),
        dry_run=dry_run,
    )
    return _result(Indexed, done.to_json())


#: Where ``keygen`` writes a key pair unless told otherwise.
DEFAULT_KEY = Path("~/.ssh/memsync_ed25519")


@_bounded
def init(path: Path | str = ".", *, dry_run: bool = False) -> WorkspaceMade:
    """``memsync init``: make a workspace at ``path`` (or find the one there); a dry run
    only says where. :meth:`Memsync.init` is the same, returning the workspace's object."""
    root = Memsync.init(path).root if not dry_run else Path(path).absolute()
    return WorkspaceMade(str(root), dry_run)


@_bounded
def keygen(path: Path | str = DEFAULT_KEY, *, use: bool = False, dry_run: bool = False) -> KeyMade:
    """Make an Ed25519 signing key (OpenSSH format) at ``path`` and ``path``.pub, never
    over a key that is there; ``use``: the workspace here signs its pushes with it."""
    from .ssh import sshsig

    path = Path(path).expanduser()
    if dry_run:
        return KeyMade(str(path), dry_run=True)
    ws = Workspace.find() if use else None  # before the key is written: no workspace, no key
    public = keyring.generate(path)
    if ws is not None:
        ws.signing_key = str(path.absolute())
        ws.save()
    return KeyMade(str(path), sshsig.public_line(public), sshsig.fingerprint(public), use)


@_bounded
def remote_options(url: str) -> RemoteOptions:
    """The options a remote at ``url`` accepts, and what each means."""
    valid = options_of(url)
    return RemoteOptions(url, {k: {"meaning": o.meaning, "secret": o.secret} for k, o in sorted(valid.items())})


@_bounded
def pack(field: Path | str, output: Path | str, *, dry_run: bool = False) -> Packed:
    """Pack ``field`` (a folder, or a field name of the workspace here) into a
    byte-reproducible archive at ``output`` (NAME.memoryfield.zip)."""
    from .disk import atomic
    from .field import content_names

    output = Path(output)
    if not output.name.endswith(archive_mod.ARCHIVE_SUFFIX):
        raise WorkspaceError(f"{output}: archive names end in {archive_mod.ARCHIVE_SUFFIX}")
    root = _folder(field)
    if next(content_names(root), None) is None:
        # As `verify` and `sha256sum -c --strict` refuse an empty SHA256SUMS, the archive would not check.
        raise InputError(f"{root}: the field holds no files, so there is nothing to pack")
    if dry_run:
        packed = archive_mod.write_field(root, None)
    else:
        with atomic.replacing(output.absolute()) as handle:
            packed = archive_mod.write_field(root, handle)
    return Packed(str(output), packed.sha256, packed.manifest.digest, len(packed.manifest), packed.size, dry_run)


@_bounded
def unpack(archive: Path | str, directory: Path | str, *, sha256: str | None = None, dry_run: bool = False) -> Unpacked:
    """Unpack ``archive`` into a new field folder ``directory``, refusing anything unsafe;
    ``sha256``: the archive's bytes must have this hash."""
    return _result(Unpacked, archive_mod.unpack(Path(archive), Path(directory), expect=sha256, dry_run=dry_run))


@_bounded
def verify(target: Path | str, *, sha256: str | None = None) -> Verified:
    """Check a field folder or archive (or a field name of the workspace here) against its
    SHA256SUMS, and against ``sha256`` (an archive sha256 or a field digest) when given."""
    from .check import verify as verify_target

    return _result(Verified, verify_target(_folder(target), sha256).to_json())


@_bounded
def validate(field: Path | str) -> Validated:
    """What in ``field`` (a folder, or a field name of the workspace here) breaks (errors)
    or strains (warnings) the memoryfield spec; ``exit_code`` 1 when anything breaks it."""
    from .check import validate as validate_folder

    findings = validate_folder(_folder(field))
    return Validated(not any(f.level == "error" for f in findings), [f.to_json() for f in findings])


@_bounded
def write_manifest(field: Path | str, *, dry_run: bool = False) -> ManifestWritten:
    """Write the SHA256SUMS of ``field`` (a folder, or a field name of the workspace
    here) from what it holds now."""
    from .field import scan

    root = _folder(field)
    current = scan(root)
    if not dry_run:
        engine.write_manifest(root, current, {})
    return ManifestWritten(current.digest, len(current), dry_run)


class ServedField:
    """One field folder as ``memsync serve`` serves it (:func:`serve_fields`): what a
    request reads or writes, under one lock per field, its SHA256SUMS kept equal to what
    the folder holds. A refusal is an :class:`memsync.errors.HttpError` (a MemsyncError
    with the HTTP status to answer); like every API call, nothing else but memsync's errors
    leaves a method (an ``OSError`` becomes a MemsyncError with it as its ``__cause__``)."""

    def __init__(self, field: served.ServedField) -> None:
        self._field = field

    @property
    def name(self) -> str:
        return self._field.name

    @_bounded
    def prepare(self, *, index: bool = True, embedder: str | None = None) -> None:
        """SHA256SUMS made current before the first request; ``index``: a vector index kept
        with ``embedder`` (default: MEMSYNC_EMBEDDER, the field's index, else auto)."""
        self._field.prepare(index=index, embedder=embedder)

    @_bounded
    def index_page(self) -> served.Found | None:
        """The field's index.md, if it has one."""
        return self._field.index_page()

    @_bounded
    def files(self) -> list[str]:
        """The field's content files, as its current SHA256SUMS lists them."""
        return self._field.files()

    @_bounded
    def archive(self) -> tuple[str, bytes]:
        """The reproducible archive and its ETag."""
        return self._field.archive()

    @_bounded
    def read(self, name: str) -> served.Found:
        """SHA256SUMS, a sidecar, the writer lock or a content file: bytes, content type, ETag."""
        return self._field.read(name)

    @_bounded
    def search(self, query: str, k: int) -> dict[str, Any]:
        """The spec's ``/search`` answer from the field's vector index."""
        return self._field.search(query, k)

    @_bounded
    def write(
        self,
        method: str,
        name: str,
        body: Callable[[], bytes],
        *,
        if_match: str | None = None,
        if_none_match: str | None = None,
    ) -> served.Written:
        """PUT ``body()`` to (or DELETE) ``name``, as the request's If-Match / If-None-Match allow."""
        from .served import Condition

        return self._field.write(method, name, body, Condition(if_match, if_none_match))


@_bounded
def serve_fields(folders: Sequence[Path | str]) -> dict[str, ServedField]:
    """The fields ``memsync serve`` serves, by name (each folder's): one at ``/``, several at
    ``/NAME/``; :meth:`ServedField.prepare` each before the first request."""
    from .served import served_fields

    return {name: ServedField(field) for name, field in served_fields(Path(f) for f in folders).items()}


@_bounded
def pull(
    source: str,
    remote: str | None = None,
    *,
    field: str | None = None,
    into: Path | str | None = None,
    sha256: str | None = None,
    options: dict[str, str] | None = None,
    trust: str | None = None,
    expect_field: str | None = None,
    max_delete: DeleteLimit | None = DEFAULT_MAX_DELETE,
    index: bool = True,
    dry_run: bool = False,
    progress: ProgressFactory = silent,
    wait: float = 0.0,
) -> RunResult:
    """``memsync pull SOURCE``: a field of the workspace here (by name or folder) pulls
    from its remote (:meth:`Memsync.pull`); a URL or archive is subscribed to
    (:func:`subscribe`: ``field``, ``into``, ``options`` and ``trust`` are for that)."""
    try:
        ws = Workspace.find()
        known = source in ws.fields or ws.field_for_path(Path(source)) is not None
    except WorkspaceError:
        known = False
    if known or not looks_like_url(source):
        if options:
            raise WorkspaceError("-o applies to a URL; change a remote's options with memsync remote set-option")
        m = Memsync.open(progress=progress, wait=wait)
        return m.pull(
            source,
            remote,
            sha256=sha256,
            expect_field=expect_field,
            max_delete=max_delete,
            index=index,
            dry_run=dry_run,
        )
    if dry_run:
        raise WorkspaceError("--dry-run needs an existing field; clone or pull without it first")
    return subscribe(source, field=field, into=into, sha256=sha256, options=options or {}, trust=trust,
                     expect_field=expect_field, max_delete=max_delete, index=index, progress=progress)  # fmt: skip


@_bounded
def preview_clone(url: str, options: dict[str, str] | None = None) -> ClonePreview:
    """What cloning ``url`` would bring, read without writing anything."""
    where = urls.canonical(url)
    check(where, options or {})
    with open_remote(where, options or {}) as remote:
        manifest = read_remote(remote, None, None).manifest
    return ClonePreview(redact(url), True, list(manifest), manifest.digest)  # as RemoteAdded


@_bounded
def search(
    sources: Sequence[Source | str],
    query: str,
    *,
    k: int = 10,
    min_score: float | None = None,
    own: bool = False,
    embedder: str | None = None,
    here: bool = False,
) -> FieldSearch:
    """Rank the pages of ``sources`` by similarity to ``query``: each a ``Source`` (a field
    or a field folder), or as on the command line the name of a field of the workspace
    around the current directory, else a field folder. ``here`` with no sources: every
    field of that workspace (as ``memsync search QUERY``)."""
    from .vectors.search import search_fields

    chosen = _sources(sources, here)
    if k < 1:
        raise InputError(f"-k must be at least 1, not {k}")
    found = search_fields(chosen, query, k, min_score=min_score, embedder=embedder, own_only=own)
    return _result(FieldSearch, found.to_json())


def _sources(args: Sequence[Source | str], here: bool) -> list[Source]:
    """What to search: the sources given, the fields (or field folders) named, else
    every field of the workspace here."""
    from .vectors.search import Source, workspace_sources

    if not here and not any(isinstance(arg, str) for arg in args):
        return [arg for arg in args if not isinstance(arg, str)]
    try:
        ws: Workspace | None = Workspace.find()
    except WorkspaceError:
        if not args:
            raise
        ws = None
    if ws is not None and not args:
        return workspace_sources(ws)
    sources: list[Source] = []
    for arg in args:
        if not isinstance(arg, str):
            sources.append(arg)
        elif ws is not None and (arg in ws.fields or ws.field_for_path(Path(arg))):
            sources += workspace_sources(ws, [ws.field_named(arg)])
        else:  # a folder: the field of the workspace around it (search finds which), or searched as it is
            sources.append(Source(Path(arg).name or arg, _folder(arg, ws)))
    return sources


@_bounded
def clone(url: str, directory: Path | str | None = None, **kwargs: Any) -> RunResult:
    """:meth:`Memsync.clone` in the workspace here, made when there is none (and
    removed again if the clone fails)."""
    return _anywhere(lambda m: m.clone(url, directory, **kwargs), kwargs.pop("progress", silent))


@_bounded
def subscribe(url: str, **kwargs: Any) -> RunResult:
    """:meth:`Memsync.subscribe` in the workspace here, made when there is none."""
    return _anywhere(lambda m: m.subscribe(url, **kwargs), kwargs.pop("progress", silent))


def _here() -> Workspace | None:
    """The workspace around the current directory, if there is one."""
    try:
        return Workspace.find()
    except WorkspaceError:
        return None


def _folder(arg: Path | str, ws: Workspace | None = None) -> Path:
    """A field argument as the CLI takes it: a folder, or a field name of ``ws``
    (default: the workspace here)."""
    path = Path(arg)
    if path.exists():
        return path
    ws = ws or _here()
    return ws.field_path(str(arg)) if ws is not None and str(arg) in ws.fields else path


def _anywhere(run: Callable[[Memsync], RunResult], progress: ProgressFactory) -> RunResult:
    try:
        ws = Workspace.find()
    except WorkspaceError:
        ws = Workspace.init(Path.cwd())
        try:
            return run(Memsync(ws, progress=progress))
        except BaseException:
            ws.destroy()
            raise
    return run(Memsync(ws, progress=progress))


# -- subscriptions ---------------------------------------------------------------


@dataclass(frozen=True)
class _Target:
    """Where a new subscription goes, as the command that makes it was told."""

    name: str | None  # the field name given
    folder: Path | None  # the folder given
    name_hint: str  # how this command is given a name
    folder_hint: str  # how this command gives another folder
    again_is_pull: bool  # a source already followed: pull it again (pull) or refuse (clone)


def _path(value: Path | str | None) -> Path | None:
    return Path(value) if value is not None else None


def _follow(
    m: Memsync,
    source: str,
    target: _Target,
    expect: str | None,
    trust: str | None,
    max_delete: DeleteLimit | None,
    options: dict[str, str],
    expect_field: str | None = None,
) -> engine.SyncReport:
    """Pull SOURCE into the field that follows it, making the field when new; a
    failed first pull leaves no field behind."""
    if expect is not None:
        Pin.parse(expect)  # a malformed pin is refused before anything is made
    if expect_field is not None:
        check_field_name(expect_field)
    source = urls.canonical(source)
    check(source, options)
    ws = m.workspace
    for name, spec in ws.fields.items():
        for remote_name, rc in spec.remotes.items():
            if target.name in (None, name) and rc.url == source:
                if not target.again_is_pull:
                    raise WorkspaceError(f"field {name!r} already follows {source}: 'memsync pull {name}' updates it")
                if target.folder is not None and target.folder.absolute() != ws.field_path(name):
                    raise WorkspaceError(
                        f"field {name!r} already follows {source} in {ws.field_path(name)}: "
                        f"'memsync pull {name}' updates it there"
                    )
                if options and options != rc.options:
                    raise WorkspaceError(
                        f"{name} already follows {source} with other options: memsync remote set-option"
                    )
                session = engine.Session(ws, name, remote_name, progress=m.progress, max_delete=max_delete)
                return session.run("pull", expect=expect, expect_field=expect_field)
    if target.name is not None:
        name = target.name
    elif target.folder is not None:
        name = _usable(target.folder.absolute().name, str(target.folder), target.name_hint)
    else:
        name = _name_from_url(source, target.name_hint)
    folder = (target.folder or Path(name)).absolute()
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise WorkspaceError(f"{folder} exists and is not an empty folder; {target.folder_hint}")
    taken = ws.field_for_path(folder)
    if taken is not None:
        raise WorkspaceError(f"{folder} is already the folder of field {taken!r}; {target.folder_hint}")
    folder_existed = folder.exists()
    ws.add_field(name, folder)
    try:
        ws.add_remote(name, "origin", source, options, trust=trust)
        session = engine.Session(ws, name, "origin", progress=m.progress, max_delete=max_delete)
        return session.run("pull", expect=expect, expect_field=expect_field)
    except BaseException:
        ws.remove_field(name)
        if not folder_existed and folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
        raise


def looks_like_url(arg: str) -> bool:
    """Whether a pull's SOURCE names something to subscribe to rather than a field."""
    # A field name has no colon: s3:bucket is a URL, misspelt (urls.canonical says how).
    return "://" in arg or "/" in arg or ":" in arg or is_archive_url(arg)


def _name_from_url(url: str, hint: str) -> str:
    """The field name ``url`` suggests (``urls.suggested_name``); ``hint`` says how
    the command is given one when none will do."""
    return _usable(urls.suggested_name(url, ARCHIVE_SUFFIX), url, hint)


def _usable(name: str, source: str, hint: str) -> str:
    """``name`` when it can name a field; else one line saying how to give one."""
    try:
        return check_name("field", name)
    except WorkspaceError:
        what = f"{name!r} is no field name" if name else "no field name in it"
        raise WorkspaceError(f"{source}: {what}; {hint}") from None
