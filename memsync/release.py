"""The release statement: ``memsync-release.json`` beside a signed ``SHA256SUMS``,
signed the same way (``memsync-release.json.sig``, SSHSIG namespace ``memsync``).

It says which version of which field a ``SHA256SUMS`` is, so that a subscriber
refuses what a signature alone lets through (the threats python-tuf's
timestamp and snapshot roles answer):

- rollback: an older, validly signed version served again;
- freeze: the same old version served for ever, so no update is ever seen;
- mix-and-match: a validly signed version of another field, or a statement
  that does not describe the ``SHA256SUMS`` it came with.

One canonical form, so the same statement is always the same bytes:

    {"created":"2026-12-01T15:00:00Z","digest":"sha256:<64 hex>","expires":"2026-12-31T15:00:00Z",
     "field":"diary","format":1,"previous_digest":null,"version":1}

keys sorted, no spaces, ASCII, then one newline; at most 4 KiB. ``check`` is
the pure decision; signing and verifying are sshsig's.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import InputError, WorkspaceError
from .limits import MAX_RELEASE_BYTES as MAX_BYTES
from .names import RELEASE_NAME, RELEASE_SIGNATURE_NAME, check_field_name
from .ssh import sshsig
from .ssh.allowed_signers import AllowedSigner

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

FILENAME = RELEASE_NAME
SIGNATURE_FILENAME = RELEASE_SIGNATURE_NAME
FORMAT = 1
MAX_VERSION = 2**53 - 1  # the largest integer every JSON reader keeps exact
DEFAULT_EXPIRY = "30d"

_KEYS = {"format", "field", "version", "digest", "previous_digest", "created", "expires"}
_DIGEST = re.compile(r"sha256:[0-9a-f]{64}\Z")
_TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z\Z")
_DURATION = re.compile(r"([1-9][0-9]{0,4})([wdhm])\Z")
_UNITS = {"w": timedelta(weeks=1), "d": timedelta(days=1), "h": timedelta(hours=1), "m": timedelta(minutes=1)}


def _time_text(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class Release:
    field: str
    version: int  # 1 for a field's first release, one more for each next one
    digest: str  # the field digest: "sha256:" + sha256 of the SHA256SUMS bytes
    previous_digest: str | None  # the digest the previous version named; None for the first
    created: datetime  # UTC, whole seconds
    expires: datetime

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "field": self.field,
            "version": self.version,
            "digest": self.digest,
            "previous_digest": self.previous_digest,
            "created": _time_text(self.created),
            "expires": _time_text(self.expires),
        }

    def to_bytes(self) -> bytes:
        return (json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=True) + "\n").encode()

    @classmethod
    def parse(cls, data: bytes, *, where: str = FILENAME) -> Release:
        """The statement in ``data``, which must be exactly its canonical bytes; InputError otherwise."""
        if len(data) > MAX_BYTES:
            raise InputError(f"{where}: larger than {MAX_BYTES} bytes")
        try:
            raw = json.loads(data.decode("utf-8"), object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # 4 KiB of "[" nests too deep
            raise InputError(f"{where}: not a JSON release statement ({exc})") from None
        if not isinstance(raw, dict):
            raise InputError(f"{where}: not a JSON object")
        if set(raw) != _KEYS:
            missing, unknown = sorted(_KEYS - set(raw)), sorted(set(raw) - _KEYS)
            raise InputError(f"{where}: " + "; ".join(_key_problems(missing, unknown)))
        if type(raw["format"]) is not int or raw["format"] != FORMAT:
            raise InputError(f"{where}: format {raw['format']!r} is not {FORMAT}")
        field = raw["field"]
        if not isinstance(field, str):
            raise InputError(f"{where}: field is not a string")
        try:
            check_field_name(field)
        except WorkspaceError as exc:
            raise InputError(f"{where}: {exc}") from None
        version = raw["version"]
        if type(version) is not int or not 1 <= version <= MAX_VERSION:
            raise InputError(f"{where}: version {version!r} is not a whole number from 1 to {MAX_VERSION}")
        for key in ("digest", "previous_digest"):
            value = raw[key]
            if not (isinstance(value, str) and _DIGEST.match(value)) and not (
                key == "previous_digest" and value is None
            ):
                raise InputError(f"{where}: {key} {value!r} is not 'sha256:' and 64 lowercase hex digits")
        created, expires = (_parse_time(raw[key], f"{where}: {key}") for key in ("created", "expires"))
        if expires <= created:
            raise InputError(f"{where}: expires ({raw['expires']}) is not after created ({raw['created']})")
        release = cls(field, version, raw["digest"], raw["previous_digest"], created, expires)
        if release.to_bytes() != data:
            raise InputError(f"{where}: not in canonical form (sorted keys, no spaces, ASCII, one final newline)")
        return release


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _ in pairs]
    duplicate = next((key for key in keys if keys.count(key) > 1), None)
    if duplicate is not None:
        raise ValueError(f"key {duplicate!r} appears twice")
    return dict(pairs)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _key_problems(missing: list[str], unknown: list[str]) -> list[str]:
    problems = [f"missing {', '.join(missing)}"] if missing else []
    return problems + ([f"unknown key {', '.join(repr(k) for k in unknown)}"] if unknown else [])


def _parse_time(value: object, what: str) -> datetime:
    if not isinstance(value, str) or not _TIME.match(value):
        raise InputError(f"{what} {value!r} is not a UTC time like 2026-12-01T15:00:00Z")
    try:
        return datetime.strptime(value, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    except ValueError:
        raise InputError(f"{what} {value!r} is not a real date and time") from None


def parse_duration(text: str) -> timedelta:
    """``30d``, ``12h``, ``90m``, ``1w`` (a whole number, then w/d/h/m); InputError otherwise."""
    match = _DURATION.match(text.strip())
    if not match:
        raise InputError(f"{text!r}: not a duration like 30d, 12h, 90m or 1w")
    return int(match.group(1)) * _UNITS[match.group(2)]


def next_release(
    previous: Release | None,
    *,
    field: str,
    digest: str,
    expires_in: str = DEFAULT_EXPIRY,
    now: datetime | None = None,
) -> Release:
    """The statement for publishing ``digest`` after ``previous`` (None: the field's first release),
    created ``now`` (default: now) and expiring ``expires_in`` later (default 30 days)."""
    if previous is not None and previous.field != field:
        raise InputError(f"the previous release statement is for field {previous.field!r}, not {field!r}")
    created = (now or datetime.now(UTC)).astimezone(UTC).replace(microsecond=0)
    expires = created + parse_duration(expires_in)
    release = Release(
        field,
        previous.version + 1 if previous else 1,
        digest,
        previous.digest if previous else None,
        created,
        expires,
    )
    return Release.parse(release.to_bytes(), where="new release statement")  # the same rules as any reader's


def sign(release: Release, key: Ed25519PrivateKey) -> bytes:
    """``memsync-release.json.sig`` for the statement (``ssh-keygen -Y verify -n memsync`` checks it)."""
    return sshsig.sign(release.to_bytes(), key)


def verify(
    data: bytes, signature: bytes, signers: list[AllowedSigner], *, verify_time: datetime | None = None
) -> tuple[Release, sshsig.Verified]:
    """The statement in ``data`` and who signed it; the signature is checked before the JSON is read."""
    signed_by = sshsig.verify(data, signature, signers, verify_time=verify_time)
    return Release.parse(data), signed_by


# -- the decision ------------------------------------------------------------------


class Accepted(NamedTuple):
    """What a subscriber last accepted from a source: the statement's version and digest."""

    version: int
    digest: str


class Refusal(Enum):
    MIX_AND_MATCH = "mix-and-match"
    ROLLBACK = "rollback"
    REPLAY = "replay"
    FREEZE = "freeze"


@dataclass(frozen=True)
class Verdict:
    refusal: Refusal | None
    message: str

    @property
    def ok(self) -> bool:
        return self.refusal is None


def check(release: Release, *, field: str, digest: str, last: Accepted | None, now: datetime) -> Verdict:
    """Whether a subscriber may take ``release``, the verified statement that came with a SHA256SUMS of
    field digest ``digest``, for the field it knows this source as ``field``, having last accepted
    ``last`` from this source (None: nothing yet), at ``now``."""
    if release.field != field:
        return Verdict(
            Refusal.MIX_AND_MATCH, f"mix-and-match: the statement is for field {release.field!r}, not {field!r}"
        )
    if release.digest != digest:
        return Verdict(
            Refusal.MIX_AND_MATCH,
            f"mix-and-match: the statement names {release.digest}, but the SHA256SUMS received is {digest}",
        )
    if last is not None and release.version < last.version:
        return Verdict(
            Refusal.ROLLBACK, f"rollback: version {release.version} is older than accepted version {last.version}"
        )
    if last is not None and release.version == last.version and release.digest != last.digest:
        return Verdict(
            Refusal.REPLAY,
            f"replay: version {release.version} was accepted as {last.digest}, now it names {release.digest}",
        )
    if now >= release.expires:
        return Verdict(
            Refusal.FREEZE,
            f"freeze: the statement for version {release.version} expired at {_time_text(release.expires)}",
        )
    return Verdict(None, f"version {release.version} of {release.field}, valid until {_time_text(release.expires)}")
