"""A field on local disk: a flat folder of pages and other content files.

``scan`` builds the field's manifest without trusting anything in the folder:
subdirectories, symlinks, special files and unsafe names are refused, hidden
and derived files are skipped. A stat cache (size, mtime, ctime, inode →
sha256) lets a no-op sync of a large field skip re-reading unchanged files.

The root of a tree (see memsync.workspace) passes ``skip``: the subfolders
that are fields of their own. Any other subfolder is still refused.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import re
import stat
import time
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from enum import Enum
from pathlib import Path

from .disk.atomic import TEMP_PREFIX, sha256_of_fd
from .errors import InputError
from .ignore import Ignore, rules
from .manifest import Manifest, check_case, check_file_count
from .names import Role, is_plain_page, name_problem, role_of

Row = tuple[int, int, int, int, str]  # size, mtime_ns, ctime_ns, inode, sha256
_STATS = 4  # numbers per row (a Row's first four)
_RACY_SECONDS = 2  # a file this fresh may change again within its mtime (or ctime) tick
_VERSION = 3
_READ_SIZE = 1024 * 1024
_HEX = 64
_SUM = b',"sum":"'
_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
_SLICE = 8192  # rows per piece when the cache is saved or its digest made


class StatCache:
    """What scans learnt of a field's files: size, mtime_ns, ctime_ns and inode → sha256.

    ctime is what tells an edit in place that keeps the size and puts the mtime
    back (touch -r, cp -p, rsync -t, tar x) from no edit at all: no user can set it.

    Kept in columns as saved (docs/FORMAT.md) and read where they lie, so
    loading 100,000 rows makes no object per row, in the order the last scan
    met the files, so the next scan reads them front to back (at 100,000
    files, that order alone makes the scan a quarter faster). Rows changed
    since the load are kept beside the columns. ``digest`` is the field digest
    of all the rows together, known while none changed: a scan that finds
    every file as cached gives a manifest whose digest needs no hashing."""

    def __init__(self, names: list[str] | None = None, stats: list[int] | None = None, shas: str = "",
                 digest: str | None = None) -> None:  # fmt: skip
        self._load(names or [], stats or [], shas, digest)
        self.changed = False  # anything to save
        self._settled: Manifest | None = None

    def _load(self, names: list[str], stats: list[int], shas: str, digest: str | None) -> None:
        self._names, self._stats, self._shas = names, stats, shas
        self._row = dict(zip(names, range(len(names)), strict=True))
        self._changed: dict[str, Row | None] = {}  # None: removed
        self._order: list[str] = []  # the order a scan met the files in, when it differs much
        self._size = len(names)
        self.digest = digest if names else None

    @classmethod
    def from_bytes(cls, data: bytes) -> StatCache:
        """The saved cache; an empty one for anything malformed (it is only a cache).
        Earlier formats read as empty too: their rows have no ctime, so an edit
        that kept size and mtime would pass them (the files are hashed once)."""
        try:
            saved = json.loads(data)
        except ValueError:
            return cls()
        if not isinstance(saved, dict) or saved.get("version") != _VERSION:
            return cls()
        names, stats, shas, digest = (saved.get(k) for k in ("names", "stats", "shas", "digest"))
        if (
            _summed(data)
            and (digest is None or (isinstance(digest, str) and _DIGEST.fullmatch(digest) is not None))
            and isinstance(names, list)
            and isinstance(stats, list)
            and isinstance(shas, str)
            and len(stats) == _STATS * len(names)
            and len(shas) == _HEX * len(names)
            and set(map(type, names)) <= {str}
            and set(map(type, stats)) <= {int}
        ):
            cache = cls(names, stats, shas, digest)
            if len(cache._row) == len(names):  # no name twice
                return cache
        return cls()

    def chunks(self) -> Iterator[bytes]:
        """The cache as saved, a piece at a time: the whole of a 100,000-row cache
        as one string, then as bytes, would cost 26 MB at the end of a clone.
        It ends with the sha256 of all that comes before: a cache whose sha256s
        and digest are taken as they stand must not be read damaged."""
        summed = hashlib.sha256()
        for chunk in self._columns_json():
            summed.update(chunk)
            yield chunk
        yield _SUM + summed.hexdigest().encode() + b'"}'

    def _columns_json(self) -> Iterator[bytes]:
        self._compact()
        yield b'{"version":%d,"digest":' % _VERSION + json.dumps(self.digest).encode()
        for key, column in (("names", self._names), ("stats", self._stats)):
            yield f',"{key}":['.encode()
            for start in range(0, len(column), _SLICE):
                part = json.dumps(column[start : start + _SLICE], separators=(",", ":"))[1:-1]
                yield (b"," if start else b"") + part.encode()
            yield b"]"
        yield b',"shas":"'
        for start in range(0, len(self._shas), _HEX * _SLICE):
            yield self._shas[start : start + _HEX * _SLICE].encode()
        yield b'"'

    def _compact(self) -> None:
        """Fold the changed rows into the columns, in the order a scan last met them
        (rows it did not meet keep their place after those it did)."""
        if not (self._changed or self._order):
            return
        if not self._order and 8 * len(self._changed) < len(self._names):
            self._patch()
            return
        names: list[str] = []
        stats: list[int] = []
        shas: list[str] = []
        met: Collection[str] = ()

        def add(name: str) -> None:
            row = self.get(name)
            if row is not None:
                names.append(name)
                stats.extend(row[:4])
                shas.append(row[4])

        for name in self._order:
            add(name)
        if len(names) < self._size:
            met = set(self._order)
            for name in self.names():
                if name not in met:
                    add(name)
        columns = "".join(shas)
        self._load(names, stats, columns, self._digest_of(names, columns))

    def _patch(self) -> None:
        """A few rows rewritten, added or removed (a pull of k pages, a push of
        pages edited a moment ago): changed where they lie, new ones after the
        rest, removed ones cut out by slices, instead of every row made again."""
        names, stats, shas = self._names, self._stats, bytearray(self._shas, "ascii")
        gone = []
        for name, row in self._changed.items():
            i = self._row.get(name)
            if row is None:
                if i is not None:
                    gone.append(i)
            elif i is None:
                names.append(name)
                stats.extend(row[:4])
                shas += row[4].encode()
            else:
                stats[_STATS * i : _STATS * (i + 1)] = row[:4]
                shas[_HEX * i : _HEX * (i + 1)] = row[4].encode()
        if gone:
            # The rows between removed ones, joined in C: deleting each in place would
            # move the whole tail once per removal.
            cuts = sorted(gone)
            spans = list(zip([0, *(i + 1 for i in cuts)], [*cuts, len(names)], strict=True))
            names = list(itertools.chain.from_iterable(names[a:b] for a, b in spans))
            stats = list(itertools.chain.from_iterable(stats[_STATS * a : _STATS * b] for a, b in spans))
            shas = bytearray().join(shas[_HEX * a : _HEX * b] for a, b in spans)
        columns = shas.decode("ascii")
        self._load(names, stats, columns, self._digest_of(names, columns))

    def columns(self) -> tuple[dict[str, int], list[int], str]:
        """Name → row number, then 4 numbers and 64 hex digits per row, for a scan's inner loop."""
        if self._changed:
            self._compact()  # a cache kept across scans (the server's) is folded before the next one
        return self._row, self._stats, self._shas

    def settle(self, manifest: Manifest) -> None:
        """What the field now holds, as a sync just wrote it: if the rows list
        exactly that, its digest is theirs, checked row by row when the cache
        is saved instead of made again (a 100,000-row digest costs 0.15 s)."""
        self._settled = manifest

    def _digest_of(self, names: list[str], shas: str) -> str | None:
        known = self._settled
        if known is None:
            return _digest(names, shas)
        listed = known.entries
        if len(known) == len(names) and all(
            listed.get(n) == shas[_HEX * i : _HEX * (i + 1)] for i, n in enumerate(names)
        ):
            return known.digest
        # Rows that are not the field (a file edited too recently to be cached): the
        # next scan adds its row, which drops any digest, so none is made for it.
        return None

    def follow(self, order: list[str]) -> None:
        """Save the rows in ``order``, the order a scan met the files in."""
        self._order = order
        self.changed = True

    def rows(self) -> dict[str, Row]:
        return {n: row for n in self.names() if (row := self.get(n)) is not None}

    def __len__(self) -> int:
        return self._size

    def __contains__(self, name: object) -> bool:
        return self.get(name) is not None if isinstance(name, str) else False

    def get(self, name: str) -> Row | None:
        if name in self._changed:
            return self._changed[name]
        i = self._row.get(name)
        if i is None:
            return None
        j, k = _STATS * i, _HEX * i
        stats = self._stats
        return stats[j], stats[j + 1], stats[j + 2], stats[j + 3], self._shas[k : k + _HEX]

    def __setitem__(self, name: str, row: Row) -> None:
        old = self.get(name)
        if old == row:
            return
        self._size += old is None
        self._changed[name] = row
        self.digest, self.changed = None, True

    def pop(self, name: str) -> None:
        if name in self:
            self._changed[name] = None
            self._size -= 1
            self.digest, self.changed = None, True

    def update(self, rows: Mapping[str, Row]) -> None:
        for name, row in rows.items():
            self[name] = row

    def names(self) -> Iterator[str]:
        yield from (n for n in self._names if n not in self._changed)
        yield from (n for n, row in self._changed.items() if row is not None)


def _digest(names: list[str], shas: str) -> str | None:
    """The field digest of these rows, as Manifest.digest makes it (SHA256SUMS
    lines in name order), hashed a slice of lines at a time."""
    if not names:
        return None
    digest = hashlib.sha256()
    ordered = sorted(range(len(names)), key=names.__getitem__)
    for start in range(0, len(ordered), _SLICE):
        lines = [f"{shas[_HEX * i : _HEX * (i + 1)]}  {names[i]}\n" for i in ordered[start : start + _SLICE]]
        digest.update("".join(lines).encode())
    return "sha256:" + digest.hexdigest()


def _summed(data: bytes) -> bool:
    """Whether ``data`` ends with the sha256 of what comes before it (see StatCache.chunks)."""
    end = data.rfind(_SUM)
    tail = data[end + len(_SUM) :]
    return end >= 0 and tail == hashlib.sha256(memoryview(data)[:end]).hexdigest().encode() + b'"}'


def settled_before() -> int:
    """The time (ns) a file's mtime and ctime must both be older than for its stat to
    vouch for its bytes: a younger one may still change within the same tick."""
    return time.time_ns() - _RACY_SECONDS * 1_000_000_000


def installed_row(path: Path, written: tuple[int, int, int], sha: str) -> Row | None:
    """The stat cache row of a file a sync wrote to a temp and renamed to ``path``
    just now: ``written`` is the temp's size, mtime and inode as written. The
    rename changed its ctime, so the row takes the file's stat again; None (the
    next scan hashes it) unless that stat is still the temp's, as another
    writer's file or an edit meanwhile would not be.

    None too unless the rename moved the ctime past the mtime, in less than
    whole seconds: an edit writes one timestamp into both, so it can match the
    row only within the tick the file was written in (a jiffy on a kernel
    without fine-grained timestamps, a second on ext4 with 128-byte inodes),
    and with its mtime put back, only within the second a filesystem that keeps
    whole seconds renamed it in. Such a file is hashed by the next scan."""
    try:
        st = os.stat(path, follow_symlinks=False)
    except FileNotFoundError:
        return None
    if (st.st_size, st.st_mtime_ns, st.st_ino) != written or not stat.S_ISREG(st.st_mode):
        return None
    if st.st_ctime_ns <= st.st_mtime_ns or st.st_ctime_ns % 1_000_000_000 == 0:
        return None
    return st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, sha


def hash_file(path: Path | str) -> str:
    fd = os.open(path, os.O_RDONLY)
    try:
        return sha256_of_fd(fd, _READ_SIZE)
    finally:
        os.close(fd)


class Auto(Enum):
    """``ignore``'s default: the rules the field's own ``.memsyncignore`` gives."""

    RULES = "the field's own rules"


AUTO = Auto.RULES


def _no_more_patterns(root: Path) -> str:
    return ""


#: Patterns for a folder beyond its own ``.memsyncignore``: ``memsync.workspace`` sets this
#: to its ``ignore`` setting for the folders of its fields, so that what this machine
#: ignores stays out of a pack, a publish or a verify of one as it does out of a sync.
more_patterns: Callable[[Path], str] = _no_more_patterns


def folder_rules(root: Path) -> Ignore | None:
    """The ignore rules of the folder at ``root``: its ``.memsyncignore`` and ``more_patterns``."""
    return rules(root, more_patterns(root))


def _rules(root: Path, ignore: Ignore | Auto | None) -> Ignore | None:
    return folder_rules(root) if isinstance(ignore, Auto) else ignore


def content_names(
    root: Path, skip: Collection[str] = (), litter: list[str] | None = None, ignore: Ignore | Auto | None = AUTO
) -> Iterator[tuple[str, os.stat_result]]:
    """Every content file of the field at ``root``, with its stat; refuses non-flat fields
    (but for the member folders named in ``skip``, and what ``ignore`` ignores: by default
    the field's own ``.memsyncignore``).

    One at a time: a stat result weighs about 700 bytes, so a list of them
    for a 100,000-file field would cost 70 MB. Temp files a crashed write left
    go into ``litter``, when given."""
    rules = _rules(root, ignore)
    with _listing(root) as entries:
        for entry in entries:
            st = _checked(root, entry, skip, litter, rules)
            if st is not None:
                yield entry.name, st


@contextmanager
def _listing(root: Path) -> Iterator[Iterator[os.DirEntry[str]]]:
    try:
        entries = os.scandir(root)
    except FileNotFoundError:
        raise InputError(f"{root}: no such field folder") from None
    except NotADirectoryError:
        raise InputError(f"{root}: not a folder") from None
    with entries:
        yield entries


def _checked(
    root: Path,
    entry: os.DirEntry[str],
    skip: Collection[str],
    litter: list[str] | None,
    ignore: Ignore | None,
    listed: bool = False,
    ignored: list[str] | None = None,
) -> os.stat_result | None:
    """The stat of a content file; None for what a field may hold beside its content
    (what ``ignore`` ignores goes into ``ignored``, when given). A ``listed`` name passed
    the name rules before (a stat cache lists it)."""
    name = entry.name
    if ignore is not None and role_of(name) is Role.CONTENT and ignore(name, entry.is_dir(follow_symlinks=False)):
        if ignored is not None:
            ignored.append(name)
        return None
    plain = listed or is_plain_page(name)  # nearly every name: content, and nothing wrong with it
    role = Role.CONTENT if plain else role_of(name)
    if role is Role.HIDDEN:
        if litter is not None and name.startswith(TEMP_PREFIX):
            litter.append(name)
        return None
    try:
        st = entry.stat(follow_symlinks=False)  # asked once: the entry keeps it
    except FileNotFoundError:
        return None  # removed while we looked: a sqlite journal, an editor's temp file
    if stat.S_ISDIR(st.st_mode):
        if name in skip:
            return None
        raise InputError(
            f"{root}: subdirectory {name!r}: a field must be flat (a tree's folders are fields of their own: "
            f"pack each, e.g. memsync pack {root / name})"
        )
    if stat.S_ISLNK(st.st_mode):
        raise InputError(f"{root}: {name!r} is a symlink, which a field cannot hold")
    if not stat.S_ISREG(st.st_mode):
        raise InputError(f"{root}: {name!r} is not a regular file")
    if role is not Role.CONTENT:
        return None
    problem = None if plain else name_problem(name)
    if problem:
        raise InputError(f"{root}: {problem}; rename it, or start its name with '.' to keep it out of the field")
    return st


def scan(
    root: Path,
    cache: StatCache | None = None,
    skip: Collection[str] = (),
    litter: list[str] | None = None,
    ignore: Ignore | Auto | None = AUTO,
    ignored: list[str] | None = None,
) -> Manifest:
    """The manifest of the field at ``root`` as it is on disk now (``skip``, ``ignore``: see
    content_names; temp files left by a crashed write go into ``litter``, and ignored
    names into ``ignored``, when given). ``cache`` is consulted and brought up to date."""
    rules = _rules(root, ignore)
    trusted_before = settled_before()
    entries: dict[str, str] = {}
    keep = cache is not None
    cache = cache if cache is not None else StatCache()
    row_of, stats, shas = cache.columns()
    hits = cached = jumps = 0
    last = -2
    is_file = stat.S_ISREG
    with _listing(root) as listing:
        for entry in listing:
            name = entry.name
            if rules is not None and role_of(name) is Role.CONTENT and rules(name, entry.is_dir(follow_symlinks=False)):
                if ignored is not None:
                    ignored.append(name)
                continue
            i = row_of.get(name)
            if i is not None:
                # The one path a no-op takes, once per file: kept to plain comparisons.
                try:
                    st = entry.stat(follow_symlinks=False)
                except FileNotFoundError:
                    continue
                j = _STATS * i
                if (
                    stats[j] == st.st_size
                    and stats[j + 1] == st.st_mtime_ns
                    and stats[j + 2] == st.st_ctime_ns
                    and stats[j + 3] == st.st_ino
                    and is_file(st.st_mode)
                ):
                    entries[name] = shas[_HEX * i : _HEX * (i + 1)]
                    hits += 1
                    jumps += i != last + 1
                    last = i
                    continue
            found = _checked(root, entry, skip, litter, None, i is not None)
            if found is None:
                continue
            sha = entries[name] = hash_file(entry.path)  # a string: no Path made per page
            # ctime too: an edit that puts the mtime back within the tick of this
            # stat would leave every number of the row as it was.
            if keep and max(found.st_mtime_ns, found.st_ctime_ns) < trusted_before:
                cache[name] = (found.st_size, found.st_mtime_ns, found.st_ctime_ns, found.st_ino, sha)
                cached += 1
            elif keep:
                cache.pop(name)
    if len(cache) > hits + cached:
        for stale in [n for n in cache.names() if n not in entries]:
            cache.pop(stale)
    if keep and jumps > hits // 8:
        cache.follow(list(entries))
    check_file_count(len(entries), str(root))
    check_case(entries.keys(), str(root))
    # Every file as the cache has it, and nothing else (a changed row drops the digest).
    whole = hits == len(entries) == len(cache)
    return Manifest.of(entries, cache.digest if whole else None)
