"""Content-addressed storage outside the fields: base objects and staged versions.

*Objects* (``objects/HH/HEX``) hold the content of every file of every sync
base, so a later three-way merge has the common ancestor at hand, and every
version the history journal keeps (``memsync.history``).

*Staged versions* (``staging/HEX/``, HEX = the field digest without
``sha256:``) hold one received field version whole: its files and its
``SHA256SUMS`` (and ``.sig``), every file verified before the folder is
renamed into place. A staged folder is a plain memoryfield, so
``sha256sum -c SHA256SUMS`` works inside it; it is what the trust layer
keeps as quarantine. ``HEX.json`` beside it says where and when it came from.

A pull stages only what it had to fetch: the files of the version that this
machine holds nowhere else. Such a *partial* version lives in a hidden
``.incoming-*`` folder for the run alone and reads the rest from where it
is (the live field, the object store), verified by hash. Only a version
held for review is completed and sealed as ``staging/HEX/``.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import atomic
from .errors import IntegrityError
from .manifest import Manifest, sha256_hex
from .names import MANIFEST_NAME, SIDECAR_NAMES, SIGNATURE_NAME
from .workspace import Workspace, now


class ObjectStore:
    def __init__(self, ws: Workspace) -> None:
        self.root = ws.state / "objects"
        self._root = str(self.root)  # objects are named as strings: a field's worth of Paths costs
        self._made: set[str] = set()  # the folders (first two hex digits) known to exist

    def path(self, sha: str) -> str:
        return f"{self._root}/{sha[:2]}/{sha}"

    def has(self, sha: str) -> bool:
        return os.path.isfile(self.path(sha))

    def names(self) -> set[str]:
        """Every object's name (its sha256): one listing instead of a stat per
        question when a whole field's worth of them is asked about."""
        found: set[str] = set()
        try:
            folders = list(os.scandir(self.root))
        except FileNotFoundError:
            return found
        for folder in folders:
            if folder.is_dir(follow_symlinks=False):
                with os.scandir(folder.path) as entries:
                    found.update(e.name for e in entries if not e.name.startswith("."))
        return found

    def get(self, sha: str) -> bytes | None:
        try:
            data = atomic.read_bytes(self.path(sha))
        except FileNotFoundError:
            return None
        return data if sha256_hex(data) == sha else None  # a damaged object is no object

    def put(self, data: bytes, *, durable: bool = False, sha: str | None = None) -> str:
        """Store ``data`` (whose sha256 is ``sha`` when the caller just checked it).
        Base objects are a cache read back through a hash check and need no
        fsync; a version history keeps may be the only copy left, so it is
        stored ``durable``."""
        sha = sha or sha256_hex(data)
        target = self.path(sha)
        if durable and self.get(sha) is None:
            # The only copy of a version history keeps: written and synced whole.
            self._folder(sha)
            atomic.write_bytes(target, data)
        elif not os.path.isfile(target):
            self._folder(sha)
            tmp = atomic.write_temp(target, data, mode=None, durable=False)
            try:
                os.replace(tmp, target)
            except BaseException:
                atomic.unlink_quietly(tmp)
                raise
        return sha

    def _folder(self, sha: str) -> None:
        """Make sure the folder object ``sha`` goes in exists."""
        if sha[:2] not in self._made:
            os.makedirs(f"{self._root}/{sha[:2]}", exist_ok=True)
            self._made.add(sha[:2])

    def take_from(self, staged: StagedVersion, name: str) -> None:
        """Store a staged file: a partial version's temp folder is dropped once
        applied, so its file is moved in; a sealed one is shared by hard link
        (both are ours and never written again); else copied."""
        sha = staged.manifest[name]
        target = self.path(sha)
        if os.path.isfile(target):
            return
        self._folder(sha)
        try:
            if staged.elsewhere is not None:
                os.rename(staged.file(name), target)
            else:
                os.link(staged.file(name), target)
        except FileExistsError:
            pass
        except OSError:
            self.put(staged.read(name), sha=sha)

    def discard(self, shas: Iterable[str]) -> None:
        """Delete objects nothing refers to any more."""
        for sha in shas:
            atomic.unlink_quietly(self.path(sha))

    def all(self) -> Iterator[str]:
        """The hash of every object stored."""
        if self.root.is_dir():
            for folder in self.root.iterdir():
                if folder.is_dir():
                    yield from (p.name for p in folder.iterdir() if len(p.name) == 64)


#: Verified bytes of the file with this (name, sha256) that a partial version did not stage.
Elsewhere = Callable[[str, str], bytes]


@dataclass(frozen=True)
class StagedVersion:
    """One received field version, verified, outside the live field, with the
    sidecars (signature, release statement) it arrived with. Complete when
    ``elsewhere`` is None; otherwise only the files named in ``present`` are in
    ``path`` and the others come from it."""

    path: Path
    manifest: Manifest
    sidecars: Mapping[str, bytes]
    elsewhere: Elsewhere | None = field(default=None, compare=False)
    present: frozenset[str] = frozenset()

    @property
    def signature(self) -> bytes | None:
        return self.sidecars.get(SIGNATURE_NAME)

    @property
    def digest(self) -> str:
        return self.manifest.digest

    def file(self, name: str) -> Path:
        return self.path / name

    def holds(self, name: str) -> bool:
        """Whether the file is in the staged folder itself (a partial version lacks some)."""
        return self.elsewhere is None or name in self.present

    def read(self, name: str) -> bytes:
        sha = self.manifest[name]
        if self.holds(name):
            try:
                data = atomic.read_bytes(self.path / name)
            except FileNotFoundError:
                if self.elsewhere is None:
                    raise
                # Moved out since (ObjectStore.take_from): it is where elsewhere looks.
            else:
                if sha256_hex(data) != sha:
                    raise IntegrityError(f"staged {self.digest[:19]}…: {name!r} was altered after it was verified")
                return data
        assert self.elsewhere is not None
        return self.elsewhere(name, sha)


class StagingStore:
    def __init__(self, ws: Workspace) -> None:
        self.root = ws.state / "staging"

    def folder(self, digest: str) -> Path:
        return self.root / digest.removeprefix("sha256:")

    def get(self, digest: str) -> StagedVersion | None:
        folder = self.folder(digest)
        try:
            manifest = Manifest.parse((folder / MANIFEST_NAME).read_bytes(), where=str(folder))
        except FileNotFoundError:
            return None
        if manifest.digest != digest:
            return None
        sidecars = {n: (folder / n).read_bytes() for n in SIDECAR_NAMES if (folder / n).is_file()}
        return StagedVersion(folder, manifest, sidecars)

    def begin(self) -> Path:
        self.root.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=".incoming-", dir=self.root))

    def finish(
        self,
        tmp: Path,
        manifest: Manifest,
        sidecars: Mapping[str, bytes],
        source: str,
        dropped: list[str] | None = None,
    ) -> StagedVersion:
        """Seal a fully written and verified temp folder as the staged version."""
        (tmp / MANIFEST_NAME).write_bytes(manifest.to_bytes())
        for name in SIDECAR_NAMES:
            if name in sidecars:
                (tmp / name).write_bytes(sidecars[name])
        folder = self.folder(manifest.digest)
        meta_path = folder.with_suffix(".json")
        meta = {
            **self.meta(manifest.digest),
            "digest": manifest.digest,
            "received_at": now(),
            "source": source,
            "dropped": sorted(dropped or []),
        }
        if folder.exists():
            shutil.rmtree(tmp)  # an identical version is already staged
        else:
            os.rename(tmp, folder)
        atomic.write_bytes(meta_path, _json_bytes(meta))
        staged = self.get(manifest.digest)
        assert staged is not None
        return staged

    def seal(self, staged: StagedVersion, source: str, dropped: list[str] | None = None) -> StagedVersion:
        """The staged version complete and sealed as ``staging/HEX/`` (for review):
        a partial one is filled in from where its other files are, verified."""
        if staged.elsewhere is None:
            return staged
        for name in staged.manifest.entries:
            if not staged.holds(name):
                (staged.path / name).write_bytes(staged.read(name))
        return self.finish(staged.path, staged.manifest, staged.sidecars, source, dropped)

    def release(self, staged: StagedVersion) -> None:
        """Drop a staged version once it was applied (partial ones live in a temp folder)."""
        if staged.elsewhere is not None:
            shutil.rmtree(staged.path, ignore_errors=True)
        else:
            self.discard(staged.digest)

    def meta(self, digest: str) -> dict[str, Any]:
        try:
            data = json.loads(self.folder(digest).with_suffix(".json").read_bytes())
        except (FileNotFoundError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def quarantine(self, digest: str, **info: Any) -> None:
        """Keep a received version for review instead of applying it."""
        meta = {**self.meta(digest), **info, "quarantined": True, "quarantined_at": now()}
        atomic.write_bytes(self.folder(digest).with_suffix(".json"), _json_bytes(meta))

    def quarantined(self, field: str | None = None) -> list[dict[str, Any]]:
        """Every version held for review (of one field), oldest first."""
        if not self.root.is_dir():
            return []
        found = []
        for meta_path in self.root.glob("*.json"):
            meta = self.meta("sha256:" + meta_path.stem)
            if meta.get("quarantined") and field in (None, meta.get("field")) and self.get(meta.get("digest", "")):
                found.append(meta)
        return sorted(found, key=lambda m: m.get("quarantined_at", ""))

    def discard(self, digest: str) -> None:
        folder = self.folder(digest)
        shutil.rmtree(folder, ignore_errors=True)
        folder.with_suffix(".json").unlink(missing_ok=True)

    def clean_incoming(self) -> None:
        """Drop half-received versions a crashed pull left behind."""
        if self.root.is_dir():
            for tmp in self.root.glob(".incoming-*"):
                shutil.rmtree(tmp, ignore_errors=True)


def _json_bytes(data: Any) -> bytes:
    return (json.dumps(data, indent=2, sort_keys=True) + "\n").encode()
