"""A pin: the hash a user gives (``--sha256``) or the lockfile records.

Two forms, one meaning each:

- ``sha256:HEX`` is a field digest (the sha256 of ``SHA256SUMS``), the same
  however the field is carried;
- bare ``HEX`` is the sha256 of an archive when it names one (checked on the
  archive's bytes before a single entry is read), and the field digest of
  anything else.

Anything but 64 hex digits (after an optional ``sha256:``) is refused with
one line, so a typo can never silently pin nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import InputError, IntegrityError

_HEX = re.compile(r"[0-9a-f]{64}\Z")


@dataclass(frozen=True)
class Pin:
    hex: str
    field_digest: bool  # written as sha256:HEX

    @classmethod
    def parse(cls, text: str) -> Pin:
        raw = text.strip().lower()
        field_digest = raw.startswith("sha256:")
        value = raw.removeprefix("sha256:")
        if not _HEX.match(value):
            shown = text if len(text) <= 80 else text[:77] + "..."
            raise InputError(f"{shown!r} is not a pin: expected 64 hex digits, or sha256: and 64 hex digits")
        return cls(value, field_digest)

    @property
    def digest(self) -> str:
        """The pin as a field digest."""
        return "sha256:" + self.hex

    def __str__(self) -> str:
        return self.digest if self.field_digest else self.hex

    def check(self, where: str, digest: str, archive_sha256: str | None) -> None:
        """Refuse a version that is not the pinned one (digest of its field, and
        the archive's own sha256 when it came as one)."""
        if archive_sha256 is not None and not self.field_digest:
            if archive_sha256 != self.hex:
                raise IntegrityError(
                    f"{where}: archive sha256 is {archive_sha256}, not the pinned {self.hex}; nothing was applied"
                )
            return
        if digest != self.digest:
            raise IntegrityError(
                f"{where}: field digest is {digest}, not the pinned {self.digest}; nothing was applied"
            )
