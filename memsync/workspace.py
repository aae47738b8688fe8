"""The workspace: where memsync keeps its configuration and state.

Layout (see docs/FORMAT.md)::

    WORKSPACE/
      .memsync/
        config.json                      fields, their folders and remotes
        fields/FIELD/statcache.json      size/mtime/inode → sha256 of live files
        fields/FIELD/base/REMOTE.SHA256SUMS   manifest agreed at the last sync
        fields/FIELD/base/REMOTE.json         its ETag and when it was agreed
        fields/FIELD/remotes/REMOTE.json      what runs learnt about the remote (e.g. whether
                                              it honours conditional writes)
        objects/HH/HEX                   content of base versions (for merges)
        staging/HEX/                     received versions, one folder per digest
        lock                             serialises memsync runs in this workspace

Fields themselves stay flat: nothing of this lives inside a field.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
from collections.abc import Iterable, Iterator, MutableMapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import atomic
from .errors import WorkspaceError
from .field import StatCache
from .manifest import Manifest

STATE_DIR = ".memsync"
LOCKFILE_NAME = "memsync.lock"
CONFIG_VERSION = 1
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}\Z")


def check_name(kind: str, name: str) -> str:
    if not _NAME.match(name) or ".." in name:
        raise WorkspaceError(f"{name!r}: {kind} names are letters, digits, '.', '-', '_' (max 64)")
    return name


TRUST_POLICIES = ("self", "signed", "untrusted")


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
    def init(cls, root: Path) -> Workspace:
        root = root.absolute()
        config = root / STATE_DIR / "config.json"
        if not config.exists():
            config.parent.mkdir(parents=True, exist_ok=True)
            atomic.write_bytes(config, _dump({"version": CONFIG_VERSION, "fields": {}}))
        return cls(root)

    def _load(self) -> None:
        path = self.state / "config.json"
        try:
            raw = json.loads(path.read_bytes())
            self.signing_key = raw.get("signing_key")
            if raw.get("version") != CONFIG_VERSION:
                raise WorkspaceError(f"{path}: unsupported config version {raw.get('version')!r}")
            for name, spec in raw["fields"].items():
                remotes = {
                    r: RemoteConfig(v["url"], dict(v.get("options", {})), v.get("trust", "self"))
                    for r, v in spec["remotes"].items()
                }
                self.fields[name] = FieldConfig(spec["path"], remotes)
        except FileNotFoundError:
            raise WorkspaceError(f"{self.root}: not a memsync workspace (run 'memsync init')") from None
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise WorkspaceError(f"{path}: malformed config ({exc})") from None

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
        atomic.write_bytes(self.state / "config.json", _dump(raw))

    def add_field(self, name: str, path: Path, *, dry_run: bool = False) -> FieldConfig:
        check_name("field", name)
        if name in self.fields:
            raise WorkspaceError(f"field {name!r} already exists")
        path = path.absolute()
        try:
            stored = str(path.relative_to(self.root))
        except ValueError:
            stored = str(path)
        spec = FieldConfig(stored)
        self.fields[name] = spec
        if not dry_run:
            self.save()
        return spec

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
        trust: str = "self",
        dry_run: bool = False,
    ) -> str:
        check_name("remote", remote)
        if trust not in TRUST_POLICIES:
            raise WorkspaceError(f"{trust!r}: trust is one of {', '.join(TRUST_POLICIES)}")
        spec = self.field(field_name)
        url = absolute_if_path(url)
        if remote in spec.remotes:
            raise WorkspaceError(f"field {field_name!r} already has a remote {remote!r}")
        spec.remotes[remote] = RemoteConfig(url, options, trust)
        if not dry_run:
            self.save()
        return url

    def set_trust(self, field_name: str, remote: str, trust: str) -> None:
        if trust not in TRUST_POLICIES:
            raise WorkspaceError(f"{trust!r}: trust is one of {', '.join(TRUST_POLICIES)}")
        self.remote(field_name, remote)[1].trust = trust
        self.save()

    @property
    def allowed_signers_path(self) -> Path:
        return self.state / "allowed_signers"

    @property
    def lockfile_path(self) -> Path:
        return self.root / LOCKFILE_NAME

    def remove_remote(self, field_name: str, remote: str, *, dry_run: bool = False) -> None:
        spec = self.field(field_name)
        if spec.remotes.pop(remote, None) is None:
            raise WorkspaceError(f"field {field_name!r} has no remote {remote!r}")
        if dry_run:
            return
        for path in self._remote_files(field_name, remote):
            path.unlink(missing_ok=True)
        self.save()

    def _remote_files(self, field_name: str, remote: str) -> list[Path]:
        """memsync's state kept per remote: its sync base and its memo."""
        base = self._base_dir(field_name)
        return [base / f"{remote}.SHA256SUMS", base / f"{remote}.json", self._memo_path(field_name, remote)]

    def rename_remote(self, field_name: str, old: str, new: str, *, dry_run: bool = False) -> None:
        """Give a remote another name; its sync base, memo and held versions go with it."""
        check_name("remote", new)
        spec = self.field(field_name)
        self.remote(field_name, old)
        if new in spec.remotes:
            raise WorkspaceError(f"field {field_name!r} already has a remote {new!r}")
        if dry_run:
            return
        # Files first, config last: a crash in between leaves the old name working.
        for source, target in zip(
            self._remote_files(field_name, old), self._remote_files(field_name, new), strict=True
        ):
            if source.exists():
                os.replace(source, target)
        self._rename_held(field_name, old, new)
        spec.remotes = {new if r == old else r: rc for r, rc in spec.remotes.items()}
        self.save()

    def _rename_held(self, field_name: str, old: str, new: str) -> None:
        """Versions held in quarantine name the remote they came from (``accept`` uses it)."""
        for meta_path in (self.state / "staging").glob("*.json"):
            try:
                meta = json.loads(meta_path.read_bytes())
            except (OSError, ValueError):
                continue
            if isinstance(meta, dict) and meta.get("field") == field_name and meta.get("remote") == old:
                atomic.write_bytes(meta_path, _dump({**meta, "remote": new}))

    def set_url(
        self, field_name: str, remote: str, url: str, options: dict[str, str], *, keep_base: bool, etag: str | None
    ) -> str:
        """Point a remote at another URL. With ``keep_base`` the sync base stays
        (the caller checked that the new URL holds the same field; ``etag`` is
        the new remote's token for the base manifest, or None); otherwise it is
        dropped and the next sync merges two-way, losing nothing. The memo
        always goes: it described the old store."""
        _, config = self.remote(field_name, remote)
        url = absolute_if_path(url)
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

    def set_options(self, field_name: str, remote: str, options: dict[str, str]) -> None:
        """Replace a remote's options (the caller checked them against its backend)."""
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
        return self.state / "fields" / field_name

    def _base_dir(self, field_name: str) -> Path:
        return self._field_dir(field_name) / "base"

    def load_base(self, field_name: str, remote: str) -> Base | None:
        folder = self._base_dir(field_name)
        try:
            manifest = Manifest.parse((folder / f"{remote}.SHA256SUMS").read_bytes(), where="sync base")
            meta = json.loads((folder / f"{remote}.json").read_bytes())
        except FileNotFoundError:
            return None
        sidecars = meta.get("sidecars")
        known = frozenset(sidecars) if isinstance(sidecars, list) else None
        return Base(manifest, meta.get("etag"), meta.get("synced_at", ""), known)

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
        root = self.state / "fields"
        if root.is_dir():
            for path in root.glob("*/base/*.SHA256SUMS"):
                yield Manifest.parse(path.read_bytes(), where=str(path))

    def load_statcache(self, field_name: str) -> StatCache:
        path = self._field_dir(field_name) / "statcache.json"
        try:
            data = json.loads(path.read_bytes())
            return data if isinstance(data, dict) else {}
        except (FileNotFoundError, ValueError):
            return {}

    def save_statcache(self, field_name: str, cache: StatCache) -> None:
        folder = self._field_dir(field_name)
        folder.mkdir(parents=True, exist_ok=True)
        atomic.write_bytes(folder / "statcache.json", json.dumps(cache, separators=(",", ":")).encode())

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
    def locked(self) -> Iterator[None]:
        """One memsync run at a time per workspace; a second one is told so."""
        self.state.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.state / "lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise WorkspaceError("another memsync command is running in this workspace") from None
            yield
        finally:
            os.close(fd)


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


def now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _dump(data: Any) -> bytes:
    return (json.dumps(data, indent=2, sort_keys=True) + "\n").encode()


def absolute_if_path(url: str) -> str:
    """A relative folder means the folder it names now, not one relative to
    wherever memsync runs later."""
    if "://" in url or url.startswith("/"):
        return url
    return str(Path(url).expanduser().absolute())
