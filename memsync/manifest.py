"""The field manifest (``SHA256SUMS``) and the field digest.

Format, exactly as coreutils ``sha256sum`` prints in text mode: one line per
content file, ``<64 lowercase hex><two spaces><filename>\\n``, sorted by the
filename's UTF-8 bytes. The field digest is ``sha256:`` + the sha256 of those
bytes, so one name stands for one exact field content however it travels.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from .errors import InputError
from .names import Role, name_problem, role_of

_LINE = re.compile(rb"([0-9a-f]{64})  ([^\n]+)\Z")
MAX_MANIFEST_BYTES = 64 * 1024 * 1024


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Manifest(Mapping[str, str]):
    """Filename → sha256 hex of every content file of one field version."""

    entries: Mapping[str, str] = field(default_factory=dict)

    def __getitem__(self, name: str) -> str:
        return self.entries[name]

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self.entries, key=lambda n: n.encode("utf-8")))

    def __len__(self) -> int:
        return len(self.entries)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Manifest):
            return dict(self.entries) == dict(other.entries)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.digest)

    def to_bytes(self) -> bytes:
        return b"".join(f"{self.entries[n]}  {n}\n".encode() for n in self)

    @property
    def digest(self) -> str:
        return "sha256:" + sha256_hex(self.to_bytes())

    @classmethod
    def parse(cls, data: bytes, *, where: str = "SHA256SUMS") -> Manifest:
        """Parse manifest bytes strictly: anything else is a malformed manifest."""
        if len(data) > MAX_MANIFEST_BYTES:
            raise InputError(f"{where}: larger than {MAX_MANIFEST_BYTES} bytes")
        if data and not data.endswith(b"\n"):
            raise InputError(f"{where}: last line does not end with a newline")
        entries: dict[str, str] = {}
        previous = ""
        # Line by line, and the order checked as it goes: splitting the whole
        # manifest and serialising it again to compare would hold several
        # copies of a 100,000-line manifest at once.
        for number, line in enumerate(io.BytesIO(data), start=1):
            match = _LINE.match(line[:-1])  # every line ends with "\n" (checked above)
            if not match:
                raise InputError(f"{where}:{number}: not a '<sha256>  <name>' line")
            try:
                name = match.group(2).decode("utf-8")
            except UnicodeDecodeError:
                raise InputError(f"{where}:{number}: file name is not UTF-8") from None
            problem = name_problem(name)
            if problem is None and role_of(name) is not Role.CONTENT:
                problem = f"{name!r} is not a content file and cannot be listed"
            if problem:
                raise InputError(f"{where}:{number}: {problem}")
            if name in entries:
                raise InputError(f"{where}:{number}: {name!r} is listed twice")
            if name < previous:  # str order is UTF-8 byte order
                raise InputError(f"{where}: lines are not sorted by file name")
            entries[name] = match.group(1).decode()
            previous = name
        return cls(entries)
