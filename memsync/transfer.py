"""Reading a remote's field version and receiving it, verified, into staging.

Every byte that comes from a remote is checked against the manifest before it
is kept (``Remote.fetch``: bounded, refetched on a mismatch, then reported).
Files we already hold with the same hash (in the live field or the object
store) are neither fetched nor copied: the staged version reads them where
they are, verified, when it needs them.
"""

from __future__ import annotations

import shutil
from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TypeVar

from .errors import InputError, redact
from .manifest import Manifest, check_file_count, sha256_hex
from .names import SIGNATURE_NAME, Role, name_problem, role_of
from .plan import Change
from .progress import BYTES_FROM, ProgressFactory, silent
from .remote import WHOLE_MIN, ManifestFile, NotModified, Remote, Writer
from .store import Elsewhere, StagedVersion, StagingStore

PARALLEL_FETCHES = 8
T = TypeVar("T")
R = TypeVar("R")


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
        manifest = Manifest.parse(answer.data, where=f"{remote.url}: SHA256SUMS", like=base_manifest)
        return RemoteView(manifest, answer.etag, answer.sidecars)
    return _list_and_hash(remote)


def _list_and_hash(remote: Remote) -> RemoteView:
    # A field written by another tool or by hand: its content is whatever is there.
    listed = remote.list_names()
    names = [n for n in listed if role_of(n) is Role.CONTENT]
    check_file_count(len(names), remote.url)
    for name in names:
        problem = name_problem(name)
        if problem:
            raise InputError(f"{remote.url}: {problem}")
    data = dict(zip(names, parallel(remote.get, names), strict=True))
    dropped = [n for n in listed if role_of(n) is Role.DERIVED]
    return RemoteView(Manifest({n: sha256_hex(d) for n, d in data.items()}), None, prefetched=data, dropped=dropped)


def each_in_parallel(fn: Callable[[T], R], items: Iterable[T], workers: int = PARALLEL_FETCHES) -> Iterator[R]:
    """Run ``fn`` on every item on ``workers`` threads, yielding each result
    (in order). Only a few items are in flight at once: a pool's ``map`` would
    make a future for each of 100,000 files before the first one finished.
    With one worker the items run here, in order: a pool of one would only add
    a thread handing the GIL back and forth with this one."""
    if workers <= 1:
        for item in items:
            yield fn(item)
        return
    window = workers * 4
    with ThreadPoolExecutor(workers) as pool:
        pending: deque[Future[R]] = deque()
        try:
            for item in items:
                pending.append(pool.submit(fn, item))
                if len(pending) >= window:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()


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
    have: Callable[[str], bool],
    elsewhere: Elsewhere,
    progress: ProgressFactory = silent,
    keep: Callable[[bytes, str], object] | None = None,
    held: Collection[str] = (),
) -> StagedVersion:
    """Stage the remote's version, verified: the files this machine does not
    already hold (the live field's digests ``held``, or ``have(sha256)``: the
    object store), fetched; the others read from
    ``elsewhere`` when needed. A pull of k changed pages fetches, hashes and
    writes k pages, whatever the field's size. Reuses a sealed staged version.

    With ``keep(data, sha256)`` a fetched file goes there (the object store)
    instead of the staged folder, and ``elsewhere`` reads it back: the sync
    base needs it stored anyway, so it is written once."""
    staged = staging.get(view.manifest.digest)
    if staged is not None:
        return staged
    tmp = staging.begin()
    try:
        missing: list[str] = []
        present: set[str] = set()  # what the temp folder itself holds
        prefetched = view.prefetched
        for name, sha in view.manifest.entries.items():
            data = prefetched.get(name) if prefetched else None
            if data is not None:
                (tmp / name).write_bytes(data)  # hashed when the manifest was made from it
                present.add(name)
            elif sha not in held and not have(sha):
                missing.append(name)

        def store(name: str, data: bytes) -> None:
            if keep is not None:
                keep(data, view.manifest[name])
            else:
                (tmp / name).write_bytes(data)
                present.add(name)

        # Most of a field to fetch, from a server that offers it whole: one archive, not N requests.
        whole = len(missing) >= WHOLE_MIN and 2 * len(missing) >= len(view.manifest)
        if whole and remote.fetch_whole(view.manifest, missing, store, tmp.parent):
            missing = []

        def fetch(name: str) -> None:
            store(name, remote.fetch(name, view.manifest[name]))

        # A bar is drawn on a terminal, and a library's callback may log what it is told.
        with progress(len(missing), redact(f"fetching {remote.url}")) as bar:
            for _ in each_in_parallel(fetch, missing, remote.parallel):
                bar.update(1)
        return StagedVersion(tmp, view.manifest, view.sidecars, elsewhere, frozenset(present))
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def send_changes(
    writer: Writer,
    todo: list[Change],
    content: Callable[[Change], bytes],
    progress: ProgressFactory,
    desc: str,
    workers: int = PARALLEL_FETCHES,
    total_bytes: int = 0,
) -> None:
    """Write changed files in parallel, then delete removed ones (the caller commits).
    From ``BYTES_FROM`` bytes (``total_bytes``, as far as the caller knows) the bar counts bytes."""
    writes = [c for c in todo if c.sha256 is not None]
    in_bytes = total_bytes >= BYTES_FROM

    def put(change: Change) -> int:
        data = content(change)
        writer.put(change.name, data, change.was, change.sha256)
        return len(data) if in_bytes else 1

    bar_of = progress(total_bytes, redact(desc), "B") if in_bytes else progress(len(writes), redact(desc))
    with bar_of as bar, writer.bulk(len(writes)):
        for done in each_in_parallel(put, writes, workers):
            bar.update(done)
    writer.delete_many({c.name: c.was for c in todo if c.sha256 is None})
