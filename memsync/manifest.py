"""The field manifest (``SHA256SUMS``) and the field digest.

Format, exactly as coreutils ``sha256sum`` prints in text mode: one line per
content file, ``<64 lowercase hex><two spaces><filename>\\n``, sorted by the
filename's UTF-8 bytes. The field digest is ``sha256:`` + the sha256 of those
bytes, so one name stands for one exact field content however it travels.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from collections.abc import Callable, Iterator, Mapping, ValuesView
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from .errors import InputError
from .limits import MAX_FILES, MAX_MANIFEST_BYTES
from .names import PLAIN_PAGE_PATTERN, Role, name_problem, role_of

_LINE = re.compile(rb"([0-9a-f]{64})  ([^\n]+)\Z")
_PLAIN_LINE = re.compile(rb"([0-9a-f]{64})  (" + PLAIN_PAGE_PATTERN.encode() + rb")\n")


def check_file_count(count: int, where: str, what: str = "files") -> None:
    """Refuse a field of more files than any field may hold, before any is read."""
    if count > MAX_FILES:
        raise InputError(f"{where}: {count} {what}, more than the {MAX_FILES} files a field may hold")


_CASE_BATCH = 4096


def check_case(names: AbstractSet[str], where: str) -> None:
    """Refuse two names that differ only in case: on macOS and Windows they are one
    file, and writing the second would replace the first's verified bytes."""
    # Names are distinct, so two can differ only in case only if one has a
    # capital. Most fields have none: lower() of them a few thousand at a time,
    # in C, says so without a lower-case copy of every name and a set of them
    # (17 MiB held at once at 100,000 names, as a 100,000-page unpack peaked).
    batches = iter(names)
    while batch := "\n".join(itertools.islice(batches, _CASE_BATCH)):
        if batch.lower() != batch:
            break
    else:
        return
    first: dict[str, str] = {}
    for name in sorted(n for n in names if n.lower() != n):
        lower = name.lower()
        other = lower if lower in names else first.setdefault(lower, name)
        if other != name:
            one, two = sorted((other, name))
            raise InputError(f"{where}: {one!r} and {two!r} differ only in case: one file on macOS and Windows")


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Manifest(Mapping[str, str]):
    """Filename → sha256 hex of every content file of one field version."""

    entries: Mapping[str, str] = field(default_factory=dict)
    # Made once, on first use: a 100,000-file manifest is sorted, serialised and
    # hashed once per run instead of at every comparison.
    _sorted: list[str] | None = field(default=None, init=False, repr=False, compare=False)
    _bytes: bytes | None = field(default=None, init=False, repr=False, compare=False)
    _digest: str | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def of(cls, entries: Mapping[str, str], digest: str | None) -> Manifest:
        """A manifest whose field digest the caller already knows (a stat cache
        that found every file as it was): nothing is serialised to compare it."""
        manifest = cls(entries)
        object.__setattr__(manifest, "_digest", digest)
        return manifest

    def __getitem__(self, name: str) -> str:
        return self.entries[name]

    def __contains__(self, name: object) -> bool:
        return name in self.entries

    def get(self, name: str, default: str | None = None) -> str | None:  # type: ignore[override]
        return self.entries.get(name, default)

    def __iter__(self) -> Iterator[str]:
        if self._sorted is None:
            # Code point order is UTF-8 byte order (names are valid UTF-8), so no key is needed.
            object.__setattr__(self, "_sorted", sorted(self.entries))
        assert self._sorted is not None
        return iter(self._sorted)

    def __len__(self) -> int:
        return len(self.entries)

    def values(self) -> ValuesView[str]:
        # The dict's own view: Mapping's would sort every name and look each up (0.2 s at 100,000).
        return self.entries.values()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Manifest):
            return NotImplemented
        if self is other:
            return True
        if len(self.entries) != len(other.entries):
            return False
        if self._bytes is not None and other._bytes is not None:
            return self._bytes == other._bytes  # one memcmp instead of 100,000 string compares
        if self._digest is not None and other._digest is not None:
            return self._digest == other._digest
        return self.entries == other.entries

    def __hash__(self) -> int:
        return hash(self.digest)

    def to_bytes(self) -> bytes:
        if self._bytes is None:
            entries = self.entries
            object.__setattr__(self, "_bytes", "".join([f"{entries[n]}  {n}\n" for n in self]).encode())
        assert self._bytes is not None
        return self._bytes

    @property
    def digest(self) -> str:
        if self._digest is None:
            object.__setattr__(self, "_digest", "sha256:" + sha256_hex(self.to_bytes()))
        assert self._digest is not None
        return self._digest

    def serialised_as(self, data: bytes) -> bool:
        """Whether ``data`` is exactly this manifest's bytes; if so they are kept,
        so a sync base equal to the field is neither parsed nor serialised again."""
        if self._bytes is not None:
            return self._bytes == data
        if data.count(b"\n") != len(self.entries):
            return False
        known = self._digest
        same = "sha256:" + sha256_hex(data) == known if known is not None else self.to_bytes() == data
        if same:
            object.__setattr__(self, "_bytes", bytes(data))
        return same

    @classmethod
    def parse(
        cls,
        data: bytes,
        *,
        where: str = "SHA256SUMS",
        like: Manifest | None = None,
        held: Callable[[str], str] | None = None,
    ) -> Manifest:
        """Parse manifest bytes strictly: anything else is a malformed manifest.
        ``like``, a manifest these bytes probably differ from in a few digests
        only (the sync base, for the remote's new version), lets the lines equal
        to its own be taken as they are. ``held`` gives the str object the caller
        already holds equal to a name, to be kept instead of a second copy (an
        archive's 100,000 names of up to 200 bytes weigh 25 MB)."""
        if len(data) > MAX_MANIFEST_BYTES:
            raise InputError(f"{where}: larger than {MAX_MANIFEST_BYTES} bytes")
        if data and not data.endswith(b"\n"):
            raise InputError(f"{where}: last line does not end with a newline")
        check_file_count(data.count(b"\n"), where)  # in C, before a single line is parsed
        if like is not None:
            edited = _as_edit_of(data, like)
            if edited is not None:
                return edited
        entries: dict[str, str] = {}
        previous = ""
        # Line by line, and the order checked as it goes: splitting the whole
        # manifest and serialising it again to compare would hold several
        # copies of a 100,000-line manifest at once. A line naming a plain
        # page is recognised by one match; any other goes through every check.
        pos, size, number = 0, len(data), 0
        plain_line = _PLAIN_LINE.match
        while pos < size:
            number += 1
            plain = plain_line(data, pos)
            if plain is not None:
                sha, raw = plain.group(1, 2)
                name = raw.decode("ascii")
                pos = plain.end()
            else:
                end = data.index(b"\n", pos)  # every line ends with "\n" (checked above)
                sha, name = _checked_line(data[pos:end], where, number)
                pos = end + 1
            if held is not None:
                name = held(name)
            if name in entries:
                raise InputError(f"{where}:{number}: {name!r} is listed twice")
            if name < previous:  # str order is UTF-8 byte order
                raise InputError(
                    f"{where}:{number}: lines are not sorted by file name bytes ({name!r} after {previous!r});"
                    " 'memsync manifest' writes them in order, as 'LC_ALL=C sha256sum *' does"
                )
            entries[name] = sha.decode()
            previous = name
        check_case(entries.keys(), where)
        manifest = cls(entries)
        # What parse accepts is exactly what to_bytes writes: keep it instead of making it again.
        object.__setattr__(manifest, "_bytes", bytes(data))
        object.__setattr__(manifest, "_sorted", list(entries))  # in file order, which is sorted
        return manifest


_SHA = re.compile(rb"[0-9a-f]{64}\Z")
_BLOCK = 4096


def _as_edit_of(data: bytes, like: Manifest) -> Manifest | None:
    """``data`` read as ``like`` with some digests changed, or None when it is
    not that (names added, removed or changed; a line that is not valid: the
    whole is then parsed, which says where). Compared a block at a time in C;
    only the lines of a block that differs are looked at, each of which must
    name the very file ``like``'s line there names. What a full parse would
    make of the equal lines is what ``like`` made of them."""
    old = like._bytes
    if old is None or len(old) != len(data):
        return None
    entries: dict[str, str] | None = None
    ours, theirs, size, pos = memoryview(data), memoryview(old), len(data), 0
    while pos < size:
        stop = min(pos + _BLOCK, size)
        if ours[pos:stop] == theirs[pos:stop]:
            pos = stop
            continue
        # The whole lines around the block: they start and end at the same places in both.
        start = data.rfind(b"\n", 0, pos) + 1
        end = data.find(b"\n", stop - 1) + 1
        if end != old.find(b"\n", stop - 1) + 1:
            return None
        new_lines, old_lines = data[start:end].split(b"\n"), old[start:end].split(b"\n")
        if len(new_lines) != len(old_lines):
            return None
        for new_line, old_line in zip(new_lines, old_lines, strict=True):
            if new_line == old_line:
                continue
            if new_line[64:] != old_line[64:] or not _SHA.match(new_line[:64]):
                return None  # another name here, or no digest: a full parse says which
            if entries is None:
                entries = dict(like.entries)
            entries[old_line[66:].decode("utf-8")] = new_line[:64].decode("ascii")
        pos = end
    if entries is None:
        return like
    edited = Manifest(entries)
    object.__setattr__(edited, "_bytes", bytes(data))
    object.__setattr__(edited, "_sorted", like._sorted)  # the same names in the same order
    return edited


_ANY_CASE_LINE = re.compile(rb"([0-9A-Fa-f]{64})( [ *]?)")


def _unlike_text_mode(line: bytes, number: int) -> str:
    """What, of the other forms ``sha256sum -c`` reads, makes ``line`` no line
    of the one form a manifest has (its bytes are the field digest); "" if none."""
    if number == 1 and line.startswith(b"\xef\xbb\xbf"):
        return " (it starts with a byte-order mark)"
    if not line:
        return " (a blank line)"
    if line.startswith(b"#"):
        return " (a comment)"
    if line.startswith(b"\\"):
        return " (an escaped name, which sha256sum writes for a name with '\\' or a newline: no field has one)"
    if line.startswith(b"SHA256 ("):
        return " (BSD style, 'SHA256 (NAME) = HEX', as sha256sum's tag option writes)"
    if line.endswith(b"\r"):
        return " (it ends with CR LF: SHA256SUMS lines end with LF alone)"
    match = _ANY_CASE_LINE.match(line)
    if match is None:
        return ""
    if match[1] != match[1].lower():
        return " (the sha256 is not lowercase hex)"
    if match[2] == b" *":
        return " (binary mode, as sha256sum -b writes: write it without -b)"
    if match[2] == b" ":
        return " (one space after the sha256: sha256sum writes two)"
    return ""


def _checked_line(line: bytes, where: str, number: int) -> tuple[bytes, str]:
    match = _LINE.match(line) if not line.endswith(b"\r") else None
    if not match:
        raise InputError(f"{where}:{number}: not a '<sha256>  <name>' line{_unlike_text_mode(line, number)}")
    return match.group(1), _checked_name(match.group(2), where, number)


def _checked_name(raw: bytes, where: str, number: int) -> str:
    try:
        name = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{where}:{number}: file name is not UTF-8") from None
    problem = name_problem(name)
    if problem is None and role_of(name) is not Role.CONTENT:
        problem = f"{name!r} is not a content file and cannot be listed"
    if problem:
        raise InputError(f"{where}:{number}: {problem}")
    return name


# The lines `sha256sum -c` reads that another tool's SHA256SUMS may hold: either
# mode, or the BSD tag form, the hash in either case, with leading blanks.
_SHA256SUM_LINE = re.compile(rb"[ \t]*([0-9A-Fa-f]{64}) [ *]([^\n]+)\Z")
_TAG_LINE = re.compile(rb"[ \t]*SHA256 \(([^\n]+)\) = ([0-9A-Fa-f]{64})\Z")


def read_sha256sum(data: bytes, *, where: str) -> Manifest:
    """The manifest a SHA256SUMS written by another tool describes, read as
    ``sha256sum -c`` reads it (text or binary mode, the BSD tag form, any case
    and order, CR LF, blank and ``#`` lines); its own bytes are then not the
    canonical form, which the Manifest returned has. What sha256sum would not
    read, or a name no field may hold, is refused in one line."""
    if len(data) > MAX_MANIFEST_BYTES:
        raise InputError(f"{where}: larger than {MAX_MANIFEST_BYTES} bytes")
    # Blank and comment lines count too: 64 MiB of them would be 32 million lines to split.
    check_file_count(data.count(b"\n") + 1 - data.endswith(b"\n"), where, "lines")
    entries: dict[str, str] = {}
    for number, line in enumerate(data.split(b"\n"), 1):
        line = line.removesuffix(b"\r")
        if not line.strip(b" \t") or line.lstrip(b" \t").startswith(b"#"):
            continue
        plain, tagged = _SHA256SUM_LINE.match(line), _TAG_LINE.match(line)
        if plain is not None:
            sha, raw = plain.group(1, 2)
        elif tagged is not None:
            raw, sha = tagged.group(1, 2)
        else:
            raise InputError(f"{where}:{number}: not a line sha256sum -c reads{_unlike_text_mode(line, number)}")
        name = _checked_name(raw, where, number)
        digest = sha.decode("ascii").lower()
        if entries.setdefault(name, digest) != digest:
            raise InputError(f"{where}:{number}: {name!r} is listed twice with different hashes")
    if not entries:
        raise InputError(f"{where}: no line sha256sum -c reads")
    check_case(entries.keys(), where)
    return Manifest(entries)
