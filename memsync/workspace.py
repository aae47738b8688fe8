"""The workspace: where memsync keeps its configuration and state.

Layout (see docs/FORMAT.md)::

    WORKSPACE/
      .memsync/
        config.json                      fields, their folders and remotes
        fields/FIELD/statcache.json      size/mtime/ctime/inode → sha256 of live files, in columns
        fields/FIELD/base/REMOTE.SHA256SUMS   manifest agreed at the last sync
        fields/FIELD/base/REMOTE.json         its ETag and when it was agreed
        fields/FIELD/remotes/REMOTE.json      what runs learnt about the remote (e.g. whether
                                              it honours conditional writes)
        objects/HH/HEX                   content of base versions (for merges)
        objects/packs/ID.pack, ID.idx    the same, stored in bulk by one run
        fields/FIELD/history.jsonl       versions a receive or resolve replaced (memsync/history.py)
        history-bytes                    what history holds, counted up between gcs (history.keep_within_budget)
        staging/HEX/                     received versions, one folder per digest
        lock                             serialises memsync runs in this workspace

Fields themselves stay flat: nothing of this lives inside a field.

A *tree* (``memsync add NAME DIR --tree``, for an agent's whole workspace) is
a field ``NAME`` holding DIR's top-level files and one member field
``NAME/SUB`` per subfolder, each an ordinary flat field. The parent's scan
passes over its members' folders; a member follows its parent's remotes at
URL/SUB. Member state lives under ``fields/NAME%2FSUB/``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from collections.abc import Collection, Iterable, Iterator, MutableMapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from . import field as field_module
from .archive import ARCHIVE_SUFFIX
from .disk import atomic
from .errors import InputError, WorkspaceBusy, WorkspaceError
from .field import StatCache
from .limits import MAX_SETTING_CHARS as MAX_SETTING
from .manifest import Manifest
from .names import Role, check_field_name, check_name, role_of
from .urls import canonical, local_path, scheme_of

STATE_DIR = ".memsync"
LOCKFILE_NAME = "memsync.lock"
CONFIG_VERSION = 1


def subpath_url(url: str, sub: str) -> str:
    """The URL of folder SUB inside the field at URL: where a tree member's remote is."""
    base, sep, rest = url.partition("?") if "?" in url else url.partition("#")
    if base.endswith(ARCHIVE_SUFFIX):
        raise WorkspaceError(f"{url}: an archive holds one flat field, not a tree; give the tree a folder-like URL")
    trailing = "/" if base.endswith("/") else ""
    return f"{base.rstrip('/')}/{sub}{trailing}{sep}{rest}"


TRUST_POLICIES = ("self", "signed", "untrusted")

#: config.json holds remote URLs with their credentials and secret options: for its owner alone.
CONFIG_MODE = 0o600
#: Workspace settings (config.json "settings") and their defaults. History
#: keeps a replaced version by ``memsync.history.retained`` (the ``history_versions``
#: newest of its page, and staggered up to ``history_days``) within
#: ``history_max_bytes``; ``memsync gc`` drops the rest.
#: ``review_judge`` is the model ``memsync review`` asks by default (``judge.py``).
SETTINGS: dict[str, int | str] = {
    # Staggered (memsync.history.retained): every version a day, one a day for a month, one a week after.
    "history_days": 365,
    "history_versions": 10,
    "review_judge": "none",
    # A page past this is refused at push (0: no limit); the spec asks for under 8 KiB,
    # and memsync holds a page whole in memory, so a stray video or database stops here.
    "max_page_bytes": 16 * 1024 * 1024,
    # What history alone may hold before gc lets the oldest go (0: no bound); a fixed figure, not a
    # share of free disk, so that the same workspace keeps the same history on any machine.
    "history_max_bytes": 1024 * 1024 * 1024,
    # Patterns (gitignore syntax, separated by spaces) this machine leaves out of every field,
    # beside each field's own .memsyncignore: "" is none.
    "ignore": "",
}


def _owner_only(fd: int) -> None:
    """A config.json an older memsync wrote readable by all stays so until its next
    save: it is made ``CONFIG_MODE`` as soon as it is read, when it is ours to change."""
    st = os.fstat(fd)
    if st.st_uid == os.geteuid() and st.st_mode & 0o077:
        with suppress(OSError):  # a read-only file system: the workspace still opens
            os.fchmod(fd, st.st_mode & CONFIG_MODE)


def subfolders(folder: Path) -> list[str]:
    """The subfolders of ``folder`` a scan meets, sorted (hidden ones never travel)."""
    found = (e.name for e in os.scandir(folder) if e.is_dir(follow_symlinks=False))
    return sorted(sub for sub in found if role_of(sub) is not Role.HIDDEN)


def default_trust(url: str) -> str:
    """What a remote is trusted as unless the user says otherwise: ``untrusted`` for
    sources the user cannot write to (HTTP, GitHub without a token, a folder or
    archive they may not write), ``self`` for their own folders, buckets and git
    remotes (memsync.gate applies the policy)."""
    scheme = scheme_of(url)
    if scheme in ("http", "https"):
        return "untrusted"
    if scheme == "github":
        return "self" if os.environ.get("GITHUB_TOKEN") else "untrusted"
    path = local_path(url)
    if path is not None:
        existing = next((p for p in (path, *path.parents) if p.exists()), None)
        return "self" if existing is not None and os.access(existing, os.W_OK) else "untrusted"
    return "self"


@dataclass
class RemoteConfig:
    url: str
    options: dict[str, str] = field(default_factory=dict)
    trust: str = "self"  # self | signed | untrusted (see memsync/trust.py)


@dataclass
class FieldConfig:
    path: str
    remotes: dict[str, RemoteConfig] = field(default_factory=dict)


@dataclass(frozen=True)
class Base:
    """What this field and one remote agreed on at their last sync."""

    manifest: Manifest
    etag: str | None
    synced_at: str
    #: memsync's own files that were beside the manifest at the remote (None: not recorded)
    sidecars: frozenset[str] | None = None


class Workspace:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.state = root / STATE_DIR
        self.fields: dict[str, FieldConfig] = {}
        self.signing_key: str | None = None
        self.release_expires: str | None = None  # how long signed releases stay valid (default: release.DEFAULT_EXPIRY)
        self.settings: dict[str, int | str] = {}
        #: seconds a run waits for another run's workspace lock before giving up
        self.lock_wait = 0.0
        self._load()

    # -- discovery and config -------------------------------------------------

    @classmethod
    def find(cls, start: Path | None = None) -> Workspace:
        here = (start or Path.cwd()).absolute()
        for candidate in (here, *here.parents):
            if (candidate / STATE_DIR / "config.json").is_file():
                return cls(candidate)
        raise WorkspaceError("not inside a memsync workspace (run 'memsync init' first)")

    @classmethod
    def owning(cls, folder: Path) -> tuple[Workspace, str] | None:
        """The workspace around ``folder`` whose field it is, and that field's name: a
        field's folder named from anywhere is still that field, with what memsync knows of it."""
        try:
            ws = cls.find(folder.absolute())
        except WorkspaceError:
            return None
        name = ws.field_for_path(folder)
        return (ws, name) if name is not None else None

    @classmethod
    def init(cls, root: Path) -> Workspace:
        root = root.absolute()
        config = root / STATE_DIR / "config.json"
        if not config.exists():
            config.parent.mkdir(parents=True, exist_ok=True)
            atomic.write_bytes(config, _dump({"version": CONFIG_VERSION, "fields": {}}), mode=CONFIG_MODE)
        return cls(root)

    def _load(self) -> None:
        path = self.state / "config.json"
        try:
            with open(path, "rb") as config:
                _owner_only(config.fileno())
                raw = json.loads(config.read())
            self.signing_key = raw.get("signing_key")
            self.release_expires = raw.get("release_expires")
            if raw.get("version") != CONFIG_VERSION:
                raise WorkspaceError(f"{path}: unsupported config version {raw.get('version')!r}")
            for name, spec in raw["fields"].items():
                remotes = {
                    r: RemoteConfig(_text(v["url"], "url"), dict(v.get("options", {})), v.get("trust", "self"))
                    for r, v in spec["remotes"].items()
                }
                self.fields[name] = FieldConfig(_text(spec["path"], "path"), remotes)
            for key, value in raw.get("settings", {}).items():
                self.settings[key] = _setting(key, value)
        except FileNotFoundError:
            raise WorkspaceError(f"{self.root}: not a memsync workspace (run 'memsync init')") from None
        except (ValueError, KeyError, TypeError, AttributeError, InputError) as exc:
            raise WorkspaceError(f"{path}: malformed config ({exc})") from None
        except RecursionError:  # nested deeper than json can read
            raise WorkspaceError(f"{path}: malformed config (nested too deep)") from None

    def save(self) -> None:
        raw: dict[str, Any] = {
            "version": CONFIG_VERSION,
            "fields": {
                name: {
                    "path": spec.path,
                    "remotes": {
                        r: {"url": rc.url, "options": rc.options, "trust": rc.trust} for r, rc in spec.remotes.items()
                    },
                }
                for name, spec in sorted(self.fields.items())
            },
        }
        if self.signing_key:
            raw["signing_key"] = self.signing_key
        if self.release_expires:
            raw["release_expires"] = self.release_expires
        if self.settings:
            raw["settings"] = dict(sorted(self.settings.items()))
        atomic.write_bytes(self.state / "config.json", _dump(raw), mode=CONFIG_MODE)

    def setting(self, key: str) -> int | str:
        """A setting's value here, or its default."""
        return self.settings.get(key, SETTINGS[key])

    def count_setting(self, key: str) -> int:
        """A setting that is a whole number (``history_days``…)."""
        value = self.setting(key)
        if not isinstance(value, int):
            raise TypeError(f"setting {key!r} is not a number")
        return value

    def text_setting(self, key: str) -> str:
        """A setting that is text (``review_judge``)."""
        return str(self.setting(key))

    def set_setting(self, key: str, value: object, *, dry_run: bool = False) -> int | str:
        """Set ``key`` (checked as when it is read); with ``dry_run`` only checked."""
        checked = _setting(key, value)
        if not dry_run:
            self.settings[key] = checked
            self.save()
        return checked

    def add_field(self, name: str, path: Path, *, dry_run: bool = False) -> FieldConfig:
        check_field_name(name)
        if name in self.fields:
            raise WorkspaceError(f"field {name!r} already exists")
        path = path.absolute()
        if path.resolve() == self.state.resolve() or self.state.resolve() in path.resolve().parents:
            raise WorkspaceError(f"{path}: inside memsync's own state ({self.state}), which no field may be")
        if path.resolve() == self.root.resolve():
            raise WorkspaceError(
                f"{path}: the workspace's own folder, which no field may be (its {LOCKFILE_NAME} would travel "
                "as one of the field's files); make the workspace beside the field: memsync init DIR"
            )
        spec = FieldConfig(self._stored_path(path))
        parent, _, sub = name.rpartition("/")
        if parent:
            # A member is exactly its parent's subfolder, and mirrors its remotes.
            if parent not in self.fields:
                raise WorkspaceError(f"{name!r}: no field {parent!r} to be a member of ('/' names tree members)")
            if path != self.field_path(parent) / sub:
                raise WorkspaceError(f"{name!r}: a tree member's folder is {self.field_path(parent) / sub}")
            spec.remotes = {
                r: RemoteConfig(subpath_url(rc.url, sub), dict(rc.options), rc.trust)
                for r, rc in self.fields[parent].remotes.items()
            }
        self.fields[name] = spec
        if not dry_run:
            self.save()
        return spec

    def add_tree(self, name: str, path: Path, *, dry_run: bool = False) -> list[str]:
        """Field NAME for the files directly in PATH and a member field NAME/SUB
        for each subfolder (at any depth); returns the fields added, parents first."""
        path = path.absolute()
        found = [(name, path)]
        for parent, folder in found:  # grows as it goes: breadth-first over the tree
            if folder.is_dir():
                found += [(f"{parent}/{sub}", folder / sub) for sub in subfolders(folder)]
        for member, _ in found:
            check_field_name(member)
            if member in self.fields:
                raise WorkspaceError(f"field {member!r} already exists")
        for member, folder in found:
            self.add_field(member, folder, dry_run=True)
        if not dry_run:
            self.save()
        return [member for member, _ in found]

    def nested_folder(self, name: str, path: Path) -> str | None:
        """A subfolder of ``path`` that field ``name``'s scan would refuse (a field is
        flat; its member fields' folders are passed over), or None."""
        members = self.member_dirs(name)
        return next((sub for sub in subfolders(path) if sub not in members), None) if path.is_dir() else None

    def _stored_path(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.root))
        except ValueError:
            return str(path)

    def members(self, name: str) -> list[str]:
        """The fields of NAME's tree below NAME (members of members too), parents first."""
        return sorted((f for f in self.fields if f.startswith(name + "/")), key=lambda f: (f.count("/"), f))

    def member_dirs(self, name: str) -> frozenset[str]:
        """Subfolders of NAME's folder that are fields of their own (NAME's scan passes over them)."""
        return frozenset(f.rpartition("/")[2] for f in self.members(name) if f.count("/") == name.count("/") + 1)

    def remove_field(self, name: str) -> None:
        """Forget a field and memsync's state for it; its folder is left alone."""
        self.field(name)
        del self.fields[name]
        shutil.rmtree(self._field_dir(name), ignore_errors=True)
        self.save()

    def destroy(self) -> None:
        """Remove a workspace this run created and no longer needs."""
        shutil.rmtree(self.state, ignore_errors=True)

    def field(self, name: str) -> FieldConfig:
        try:
            return self.fields[name]
        except KeyError:
            raise WorkspaceError(f"no field {name!r} in this workspace (see 'memsync fields')") from None

    def field_path(self, name: str) -> Path:
        return (self.root / self.field(name).path).absolute()

    def live_folder(self, name: str) -> Path:
        """The field's folder, for a command that reads and writes its pages. One
        swapped for a symlink after `add` points at some other folder: its files
        would be pushed as the field's, and pulls, restores and indexes written there."""
        path = self.field_path(name)
        if path.is_symlink():
            raise InputError(f"{path}: the field's folder is a symlink, which memsync does not follow")
        return path

    def field_named(self, arg: str) -> str:
        """A field given by its name or by its folder."""
        if arg in self.fields:
            return arg
        by_path = self.field_for_path(Path(arg))
        if by_path is not None:
            return by_path
        raise WorkspaceError(f"no field {arg!r} in this workspace (see 'memsync fields')")

    def field_for_path(self, path: Path) -> str | None:
        target = path.absolute()
        for name in self.fields:
            if self.field_path(name) == target:
                return name
        return None

    def add_remote(
        self,
        field_name: str,
        remote: str,
        url: str,
        options: dict[str, str],
        *,
        trust: str | None = None,
        dry_run: bool = False,
    ) -> str:
        check_name("remote", remote)
        trust = trust or default_trust(canonical(url))
        if trust not in TRUST_POLICIES:
            raise WorkspaceError(f"{trust!r}: trust is one of {', '.join(TRUST_POLICIES)}")
        url = canonical(url)
        self._not_own_folder(field_name, url)
        tree = {f: url if f == field_name else self._member_url(field_name, f, url) for f in self._tree(field_name)}
        for name in tree:
            if remote in self.fields[name].remotes:
                raise WorkspaceError(f"field {name!r} already has a remote {remote!r}")
        for name, member_url in tree.items():
            self.fields[name].remotes[remote] = RemoteConfig(member_url, dict(options), trust)
        if not dry_run:
            self.save()
        return url

    def _not_own_folder(self, field_name: str, url: str) -> None:
        """A field's own folder as its remote would be synced with itself."""
        path = local_path(url)
        if path is not None and path.resolve() == self.field_path(field_name).resolve():
            raise WorkspaceError(f"{url}: that is the folder of field {field_name!r} itself, not a remote")

    def _tree(self, field_name: str) -> list[str]:
        self.field(field_name)
        return [field_name, *self.members(field_name)]

    @staticmethod
    def _member_url(root: str, member: str, url: str) -> str:
        for sub in member[len(root) + 1 :].split("/"):
            url = subpath_url(url, sub)
        return url

    def _followers(self, field_name: str, remote: str) -> list[str]:
        """FIELD and the members of its tree whose remote REMOTE mirrors FIELD's."""
        url = self.remote(field_name, remote)[1].url
        return [field_name] + [
            m
            for m in self.members(field_name)
            if remote in self.fields[m].remotes
            and self.fields[m].remotes[remote].url == self._member_url(field_name, m, url)
        ]

    def set_trust(self, field_name: str, remote: str, trust: str) -> None:
        if trust not in TRUST_POLICIES:
            raise WorkspaceError(f"{trust!r}: trust is one of {', '.join(TRUST_POLICIES)}")
        for name in self._followers(field_name, remote):
            self.fields[name].remotes[remote].trust = trust
        self.save()

    @property
    def allowed_signers_path(self) -> Path:
        return self.state / "allowed_signers"

    @property
    def lockfile_path(self) -> Path:
        return self.root / LOCKFILE_NAME

    def remove_remote(self, field_name: str, remote: str, *, dry_run: bool = False) -> None:
        if remote not in self.field(field_name).remotes:
            raise WorkspaceError(f"field {field_name!r} has no remote {remote!r}")
        if dry_run:
            return
        for name in self._followers(field_name, remote):
            del self.fields[name].remotes[remote]
            for path in self._remote_files(name, remote):
                path.unlink(missing_ok=True)
        self.save()

    def _remote_files(self, field_name: str, remote: str) -> list[Path]:
        """memsync's state kept per remote: its sync base and its memo."""
        base = self._base_dir(field_name)
        return [base / f"{remote}.SHA256SUMS", base / f"{remote}.json", self._memo_path(field_name, remote)]

    def rename_remote(self, field_name: str, old: str, new: str, *, dry_run: bool = False) -> None:
        """Give a remote another name; its sync base and memo go with it (the field's
        trust record and its held versions know their sources, not remote names)."""
        check_name("remote", new)
        self.remote(field_name, old)
        followers = self._followers(field_name, old)  # a tree's members follow their parent's remote
        for name in followers:
            if new in self.fields[name].remotes:
                raise WorkspaceError(f"field {name!r} already has a remote {new!r}")
        if dry_run:
            return
        for name in followers:
            # Files first, config last: a crash in between leaves the old name working.
            for source, target in zip(self._remote_files(name, old), self._remote_files(name, new), strict=True):
                if source.exists():
                    os.replace(source, target)
            spec = self.fields[name]
            spec.remotes = {new if r == old else r: rc for r, rc in spec.remotes.items()}
        self.save()

    def set_url(
        self, field_name: str, remote: str, url: str, options: dict[str, str], *, keep_base: bool, etag: str | None
    ) -> str:
        """Point a remote at another URL. With ``keep_base`` the sync base stays
        (the caller checked that the new URL holds the same field; ``etag`` is
        the new remote's token for the base manifest, or None); otherwise it is
        dropped and the next sync merges two-way, losing nothing. The memo
        always goes: it described the old store."""
        _, config = self.remote(field_name, remote)
        self._alone(field_name, remote)
        url = canonical(url)
        self._not_own_folder(field_name, url)
        base = self.load_base(field_name, remote)
        self._memo_path(field_name, remote).unlink(missing_ok=True)
        if base is not None and keep_base:
            self.save_base(field_name, remote, base.manifest, etag, base.sidecars or ())
        elif base is not None:
            for path in self._remote_files(field_name, remote)[:2]:
                path.unlink(missing_ok=True)
        config.url, config.options = url, dict(options)
        self.save()
        return url

    def _alone(self, field_name: str, remote: str) -> None:
        """One line instead of a tree whose members' remotes no longer mirror their parent's."""
        members = [n for n in self._followers(field_name, remote) if n != field_name]
        if members:
            raise WorkspaceError(
                f"{remote} is the remote of the tree {field_name!r} ({len(members)} member(s)): "
                "remove it and add it again with the new URL or options"
            )

    def set_options(self, field_name: str, remote: str, options: dict[str, str]) -> None:
        """Replace a remote's options (the caller checked them against its backend)."""
        self._alone(field_name, remote)
        self.remote(field_name, remote)[1].options = dict(options)
        self._memo_path(field_name, remote).unlink(missing_ok=True)  # another endpoint is another store
        self.save()

    def remote_memo(self, field_name: str, remote: str) -> MutableMapping[str, Any]:
        """What runs learnt about a remote, saved as soon as it changes."""
        return _Memo(self._memo_path(field_name, remote))

    def _memo_path(self, field_name: str, remote: str) -> Path:
        return self._field_dir(field_name) / "remotes" / f"{remote}.json"

    def remote(self, field_name: str, remote: str | None) -> tuple[str, RemoteConfig]:
        spec = self.field(field_name)
        if remote is None:
            if not spec.remotes:
                raise WorkspaceError(f"field {field_name!r} has no remotes (add one with 'memsync remote add')")
            remote = "origin" if "origin" in spec.remotes else sorted(spec.remotes)[0]
        try:
            return remote, spec.remotes[remote]
        except KeyError:
            raise WorkspaceError(f"field {field_name!r} has no remote {remote!r}") from None

    # -- per-field state ------------------------------------------------------

    def _field_dir(self, field_name: str) -> Path:
        # One folder per field, a tree member's too: "a/memory" is fields/a%2Fmemory.
        return self.state / "fields" / quote(field_name, safe="")

    def field_state_dir(self, field_name: str) -> Path:
        """Where memsync keeps its state for one field (outside the field itself)."""
        return self._field_dir(field_name)

    def _base_dir(self, field_name: str) -> Path:
        return self._field_dir(field_name) / "base"

    def load_base(self, field_name: str, remote: str, local: Manifest | None = None) -> Base | None:
        """The sync base; when it lists exactly ``local`` (the field as scanned), that
        very manifest, found equal by its bytes instead of parsing 100,000 lines."""
        folder = self._base_dir(field_name)
        try:
            data = (folder / f"{remote}.SHA256SUMS").read_bytes()
            if local is not None and local.serialised_as(data):
                manifest = local
            else:
                # Usually the field as scanned with a few pages changed since: read against it.
                manifest = Manifest.parse(data, where="sync base", like=local)
            raw = (folder / f"{remote}.json").read_bytes()
        except FileNotFoundError:
            return None
        try:
            meta = json.loads(raw)
        except ValueError:
            meta = None
        if not isinstance(meta, dict):
            # Damaged: the manifest above still makes the merge three-way; without
            # the remote's version token the next sync only fetches in full.
            meta = {}
        etag, sidecars, synced_at = meta.get("etag"), meta.get("sidecars"), meta.get("synced_at")
        known = frozenset(s for s in sidecars if isinstance(s, str)) if isinstance(sidecars, list) else None
        return Base(
            manifest,
            etag if isinstance(etag, str) else None,
            synced_at if isinstance(synced_at, str) else "",
            known,
        )

    def save_base(
        self, field_name: str, remote: str, manifest: Manifest, etag: str | None, sidecars: Iterable[str] = ()
    ) -> None:
        folder = self._base_dir(field_name)
        folder.mkdir(parents=True, exist_ok=True)
        meta = {"etag": etag, "synced_at": now(), "digest": manifest.digest, "sidecars": sorted(sidecars)}
        # The manifest first: a crash between the two leaves an ETag that no longer
        # matches, which only costs one full (still three-way) fetch next time.
        atomic.write_bytes(folder / f"{remote}.json", _dump({**meta, "etag": None}))
        atomic.write_bytes(folder / f"{remote}.SHA256SUMS", manifest.to_bytes())
        atomic.write_bytes(folder / f"{remote}.json", _dump(meta))

    def bases(self) -> Iterator[Manifest]:
        for path in self._base_files():
            yield Manifest.parse(path.read_bytes(), where=str(path))

    def bases_holding(self, among: Collection[str]) -> set[str]:
        """Which of the sha256 digests ``among`` some sync base lists."""
        return mentioned(self._base_files(), among)

    def _base_files(self) -> Iterable[Path]:
        root = self.state / "fields"
        return root.glob("*/base/*.SHA256SUMS") if root.is_dir() else ()

    def load_statcache(self, field_name: str) -> StatCache:
        try:
            return StatCache.from_bytes((self._field_dir(field_name) / "statcache.json").read_bytes())
        except FileNotFoundError:
            return StatCache()

    def save_statcache(self, field_name: str, cache: StatCache) -> None:
        folder = self._field_dir(field_name)
        folder.mkdir(parents=True, exist_ok=True)
        with atomic.replacing(folder / "statcache.json") as out:
            for chunk in cache.chunks():
                out.write(chunk)

    def clean_temp_files(self) -> None:
        """Remove temp files a crashed run left in memsync's own state.

        The object store is skipped: walking it costs a stat per object on every
        sync, and a stray temp file there is only disk space, never read."""
        for folder, dirs, files in os.walk(self.state):
            if folder == str(self.state):
                dirs[:] = [d for d in dirs if d != "objects"]
            if any(f.startswith(atomic.TEMP_PREFIX) for f in files):
                atomic.clean_temp_files(Path(folder))

    @contextmanager
    def locked(self, wait: float | None = None) -> Iterator[None]:
        """One memsync run at a time per workspace; a second one waits up to
        ``wait`` seconds (default ``lock_wait``), then is told so."""
        wait = self.lock_wait if wait is None else wait
        self.state.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.state / "lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if not atomic.lock_exclusive(fd, wait):
                then = f"waited {wait:g} s" if wait > 0 else "sync, pull and push take --wait SECONDS"
                raise WorkspaceBusy(f"another memsync command is running in this workspace ({then})")
            yield
        finally:
            os.close(fd)


def _text(value: object, what: str) -> str:
    """A config value that must be text: anything else fails far from the config."""
    if not isinstance(value, str):
        raise TypeError(f"{what} {value!r} is not text")
    return value


def _setting(key: str, value: object) -> int | str:
    if key not in SETTINGS:
        raise InputError(f"{key!r}: no such setting (settings: {', '.join(SETTINGS)})")
    if isinstance(SETTINGS[key], str):
        # What the text means is checked by its reader (review_judge: judge.parse, before it is set);
        # only a setting whose default is empty may be emptied.
        empty = isinstance(value, str) and not value.strip() and SETTINGS[key] != ""
        if not isinstance(value, str) or empty or not value.isprintable() or len(value) > MAX_SETTING:
            raise InputError(f"{key}: {value!r} is not one line of text of at most {MAX_SETTING} characters")
        return value.strip()
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InputError(f"{key}: {value!r} is not a whole number of 0 or more")
    return value


class _Memo(MutableMapping[str, Any]):
    """A small JSON object on disk, written through on every change."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            data = json.loads(path.read_bytes())
        except (FileNotFoundError, ValueError):
            data = {}
        self.data: dict[str, Any] = data if isinstance(data, dict) else {}

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def __setitem__(self, key: str, value: Any) -> None:
        if self.data.get(key, object()) == value:
            return
        self.data[key] = value
        self.path.parent.mkdir(parents=True, exist_ok=True)
        atomic.write_bytes(self.path, _dump(self.data))

    def __delitem__(self, key: str) -> None:
        del self.data[key]
        atomic.write_bytes(self.path, _dump(self.data))

    def __iter__(self) -> Iterator[str]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)


_clock: tuple[int, str] = (-1, "")


def now() -> str:
    """UTC now to the second, YYYY-MM-DDTHH:MM:SSZ: formatted once a second,
    as the history journal asks for every page a sync writes."""
    global _clock
    second = int(time.time())
    if _clock[0] != second:
        _clock = (second, time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(second)))
    return _clock[1]


def _dump(data: Any) -> bytes:
    return (json.dumps(data, indent=2, sort_keys=True) + "\n").encode()


_HEX64 = re.compile(rb"[0-9a-f]{64}")
_FEW = 32


def mentioned(paths: Iterable[Path], among: Collection[str]) -> set[str]:
    """Which of the sha256 hex digests ``among`` appear in the files ``paths``
    (manifests, journals): a byte search per digest for a few of them, else one
    pass collecting every run of 64 hex digits. A digest found by accident
    elsewhere in a line only keeps an object that could have gone."""
    found: set[str] = set()
    if not among:
        return found
    few = [(sha, sha.encode()) for sha in among] if len(among) <= _FEW else None
    for path in paths:
        for data in _windows(path):
            if few is not None:
                found.update(sha for sha, raw in few if raw in data)
            else:
                found.update(m.decode() for m in _HEX64.findall(data))
    return found if few is not None else found & set(among)


def _windows(path: Path, size: int = 1 << 20) -> Iterator[bytes]:
    """The file at ``path`` a megabyte at a time (a 100,000-page field's journal
    is tens of megabytes), each piece with the 63 bytes before it, so a digest
    that spans two pieces is whole in the second."""
    try:
        with open(path, "rb") as handle:
            tail = b""
            while chunk := handle.read(size):
                window = tail + chunk
                yield window
                tail = window[-63:]
    except FileNotFoundError:
        return


def _ignore_setting(folder: Path) -> str:
    """The ``ignore`` setting of the workspace whose field ``folder`` is ("" for any other)."""
    owner = Workspace.owning(folder)
    return owner[0].text_setting("ignore") if owner is not None else ""


field_module.more_patterns = _ignore_setting
