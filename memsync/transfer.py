"""Reading a remote's field version and receiving it, verified, into staging.

Every byte that comes from a remote is checked against the manifest before it
is kept (``Remote.fetch``: bounded, refetched on a mismatch, then reported).
Files we already hold with the same hash (in the live field or the object
store) are copied locally instead of fetched.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from .errors import InputError
from .manifest import Manifest, sha256_hex
from .names import SIGNATURE_NAME, Role, name_problem, role_of
from .plan import Change
from .progress import ProgressFactory, silent
from .remote import ManifestFile, NotModified, Remote, Writer
from .store import ObjectStore, StagedVersion, StagingStore

PARALLEL_FETCHES = 8
T = TypeVar("T")


@dataclass
class RemoteView:
    """What a remote holds now, as far as this sync is concerned."""

    manifest: Manifest
    etag: str | None  # None: the remote has no SHA256SUMS (or does not exist)
    sidecars: Mapping[str, bytes] = field(default_factory=dict)
    unchanged: bool = False  # answered "not modified" against our base
    prefetched: dict[str, bytes] = field(default_factory=dict)
    dropped: list[str] = field(default_factory=list)  # derived files seen there and never taken

    @property
    def signature(self) -> bytes | None:
        return self.sidecars.get(SIGNATURE_NAME)


def read_remote(
    remote: Remote,
    base_manifest: Manifest | None,
    base_etag: str | None,
    *,
    trust_manifest: bool = True,
    base_sidecars: Mapping[str, bytes] | None = None,
) -> RemoteView:
    """The remote's current manifest: one conditional request when nothing changed.

    With ``trust_manifest=False`` the content is listed and hashed instead, and
    the manifest's token is kept only to guard a later write."""
    if not trust_manifest:
        view = _list_and_hash(remote)
        current = remote.fetch_manifest()
        if isinstance(current, ManifestFile):
            view.etag, view.sidecars = current.etag, current.sidecars
        return view
    answer = remote.fetch_manifest(if_none_match=base_etag if base_manifest is not None else None)
    if isinstance(answer, NotModified):
        assert base_manifest is not None
        return RemoteView(base_manifest, base_etag, dict(base_sidecars or {}), unchanged=True)
    if isinstance(answer, ManifestFile):
        manifest = Manifest.parse(answer.data, where=f"{remote.url}: SHA256SUMS")
        return RemoteView(manifest, answer.etag, answer.sidecars)
    return _list_and_hash(remote)


def _list_and_hash(remote: Remote) -> RemoteView:
    # A field written by another tool or by hand: its content is whatever is there.
    listed = remote.list_names()
    names = [n for n in listed if role_of(n) is Role.CONTENT]
    for name in names:
        problem = name_problem(name)
        if problem:
            raise InputError(f"{remote.url}: {problem}")
    data = dict(zip(names, parallel(remote.get, names), strict=True))
    dropped = [n for n in listed if role_of(n) is Role.DERIVED]
    return RemoteView(Manifest({n: sha256_hex(d) for n, d in data.items()}), None, prefetched=data, dropped=dropped)


def parallel(fn: Callable[[str], T], items: Iterable[str]) -> list[T]:
    items = list(items)
    if len(items) <= 1:
        return [fn(i) for i in items]
    with ThreadPoolExecutor(max_workers=PARALLEL_FETCHES) as pool:
        return list(pool.map(fn, items))


def receive(
    remote: Remote,
    view: RemoteView,
    staging: StagingStore,
    objects: ObjectStore,
    local_root: Path | None,
    local: Manifest,
    progress: ProgressFactory = silent,
) -> StagedVersion:
    """Stage the remote's version whole and verified; returns it (reused if already staged)."""
    staged = staging.get(view.manifest.digest)
    if staged is not None:
        return staged
    local_by_hash = {sha: name for name, sha in local.items()}
    tmp = staging.begin()
    try:
        missing: list[str] = []
        for name, sha in view.manifest.items():
            if not _copy_known(name, sha, view, objects, local_root, local_by_hash, tmp):
                missing.append(name)

        def fetch(name: str) -> None:
            (tmp / name).write_bytes(remote.fetch(name, view.manifest[name]))

        with progress(len(missing), f"fetching {remote.url}") as bar, ThreadPoolExecutor(PARALLEL_FETCHES) as pool:
            for _ in pool.map(fetch, missing):
                bar.update(1)
        return staging.finish(tmp, view.manifest, view.sidecars, remote.url, view.dropped)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _copy_known(
    name: str,
    sha: str,
    view: RemoteView,
    objects: ObjectStore,
    local_root: Path | None,
    local_by_hash: dict[str, str],
    tmp: Path,
) -> bool:
    for data in (view.prefetched.get(name), objects.get(sha) if objects.has(sha) else None):
        if data is not None and sha256_hex(data) == sha:
            (tmp / name).write_bytes(data)
            return True
    if local_root is not None and sha in local_by_hash:
        try:
            data = (local_root / local_by_hash[sha]).read_bytes()
        except OSError:
            return False
        if sha256_hex(data) == sha:  # the user may have edited it since the scan
            (tmp / name).write_bytes(data)
            return True
    return False


def send_changes(
    writer: Writer,
    todo: list[Change],
    content: Callable[[Change], bytes],
    progress: ProgressFactory,
    desc: str,
) -> None:
    """Write changed files in parallel, then delete removed ones (the caller commits)."""
    writes = [c for c in todo if c.sha256 is not None]

    def put(change: Change) -> None:
        writer.put(change.name, content(change), change.was)

    with progress(len(writes), desc) as bar, ThreadPoolExecutor(PARALLEL_FETCHES) as pool:
        for _ in pool.map(put, writes):
            bar.update(1)
    writer.delete_many([c.name for c in todo if c.sha256 is None])
