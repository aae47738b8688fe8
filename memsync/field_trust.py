"""The trust record of a field: one per field, whatever its remotes are called.

``.memsync/fields/FIELD/trust.json`` (docs/FORMAT.md, "Trust record") holds
what the gate must never forget about a field, as python-tuf keeps one
trusted state per repository and treats mirrors as mere URLs:

- ``identity``: which field this is, bound by the first version accepted
  (the release statement's field name, or none when that version named none)
  or by ``--expect-field`` before any;
- ``release``: the highest release version accepted (its digest, expiry and
  signer), the high-water mark below which anything is a rollback;
- ``accepted``: the field digests accepted lately (a statement whose previous
  digest is one of them continues this field);
- ``reviewed``: the held versions ``review`` showed, each with the live field it was
  shown against (``accept`` applies only those, and only onto that same field);
- ``last``: what was applied last, from where and how.

A remote's name, URL or policy is no part of it: renaming a remote, adding a
mirror, ``set-url`` or removing and adding a remote again changes nothing the
record says. Workspaces that kept a record per remote (``trust/REMOTE.json``)
and ``reviewed.json`` are read once and keep the highest of what they hold.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .disk import atomic
from .errors import WorkspaceError
from .limits import KEEP_ACCEPTED
from .names import check_field_name
from .workspace import Workspace, now

FILENAME = "trust.json"
FORMAT = 1


@dataclass(frozen=True)
class Identity:
    name: str | None  # the field's name in its release statements; None: the first version named none
    by: str  # what bound it: the way the first version was accepted, "expect", "publish" or "migrated"
    digest: str | None  # the version that bound it (None when bound by --expect-field)
    at: str


@dataclass(frozen=True)
class Mark:
    """The highest release accepted."""

    version: int
    digest: str
    expires: str  # YYYY-MM-DDTHH:MM:SSZ
    signer: str | None = None


@dataclass
class TrustRecord:
    identity: Identity | None = None
    release: Mark | None = None
    accepted: list[str] = field(default_factory=list)  # oldest first
    #: digest review showed → the live field's digest it showed the changes against; the last one last
    reviewed: dict[str, str | None] = field(default_factory=dict)
    last: dict[str, Any] | None = None

    def accept(self, digest: str) -> None:
        self.accepted = _appended(self.accepted, digest)

    def review(self, digest: str, live: str | None) -> None:
        self.reviewed = {d: self.reviewed[d] for d in _appended(list(self.reviewed), digest) if d != digest}
        self.reviewed[digest] = live

    def to_json(self) -> dict[str, Any]:
        ident, mark = self.identity, self.release
        return {
            "format": FORMAT,
            "identity": None
            if ident is None
            else {"name": ident.name, "by": ident.by, "digest": ident.digest, "at": ident.at},
            "release": None
            if mark is None
            else {"version": mark.version, "digest": mark.digest, "expires": mark.expires, "signer": mark.signer},
            "accepted": self.accepted,
            # A list, not an object: the record is written with sorted keys, and the order says which came last.
            "reviewed": [{"digest": d, "live": live} for d, live in self.reviewed.items()],
            "last": self.last,
        }


def _appended(digests: list[str], digest: str) -> list[str]:
    return [*(d for d in digests if d != digest), digest][-KEEP_ACCEPTED:]


def expect(record: TrustRecord, name: str, field_name: str) -> TrustRecord:
    """The record once the user said the field is ``name`` (``--expect-field``): a
    statement naming another is refused from then on, not only held."""
    check_field_name(name)
    ident = record.identity
    if ident is not None and ident.name is not None and ident.name != name:
        raise WorkspaceError(
            f"field {field_name!r} is {ident.name!r} (bound when {ident.digest or 'it'} was accepted, by {ident.by}); "
            f"--expect-field {name} names another field"
        )
    if ident is None or ident.name is None:
        bound = Identity(name, "expect", ident.digest if ident else None, now())
    else:
        bound = Identity(ident.name, "expect", ident.digest, ident.at)
    return TrustRecord(bound, record.release, list(record.accepted), dict(record.reviewed), record.last)


def path(ws: Workspace, field_name: str) -> Path:
    return ws.field_state_dir(field_name) / FILENAME


def load(ws: Workspace, field_name: str) -> TrustRecord:
    where = path(ws, field_name)
    try:
        raw = json.loads(where.read_bytes())
    except FileNotFoundError:
        return _migrated(ws, field_name)
    except (ValueError, RecursionError):
        raise WorkspaceError(f"{where}: malformed trust record") from None
    try:
        return _parse(raw)
    except (KeyError, TypeError, ValueError) as exc:
        raise WorkspaceError(f"{where}: malformed trust record ({exc})") from None


def save(ws: Workspace, field_name: str, record: TrustRecord) -> None:
    where = path(ws, field_name)
    where.parent.mkdir(parents=True, exist_ok=True)
    atomic.write_bytes(where, (json.dumps(record.to_json(), indent=2, sort_keys=True) + "\n").encode())
    # The records it replaced are folded into this one: never read again.
    for old in _old_files(ws, field_name):
        old.unlink(missing_ok=True)


def _parse(raw: Any) -> TrustRecord:
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise ValueError("not a trust record of format 1")
    ident, mark = raw.get("identity"), raw.get("release")
    identity = None
    if ident is not None:
        identity = Identity(_opt(ident["name"]), _text(ident["by"]), _opt(ident["digest"]), _text(ident["at"]))
    release = None
    if mark is not None:
        version = mark["version"]
        if type(version) is not int or version < 1:
            raise ValueError(f"release version {version!r}")
        release = Mark(version, _text(mark["digest"]), _text(mark["expires"]), _opt(mark.get("signer")))
    accepted = raw.get("accepted") or []
    if not isinstance(accepted, list):
        raise ValueError("accepted is not a list")
    reviewed = raw.get("reviewed") or []
    if not isinstance(reviewed, list) or not all(isinstance(r, dict) for r in reviewed):
        raise ValueError("reviewed is not a list of objects")
    last = raw.get("last")
    return TrustRecord(
        identity,
        release,
        [_text(d) for d in accepted],
        {_text(r["digest"]): _opt(r.get("live")) for r in reviewed},
        last if isinstance(last, dict) else None,
    )


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not a string")
    return value


def _opt(value: Any) -> str | None:
    return None if value is None else _text(value)


# -- workspaces that kept trust per remote ----------------------------------------------


def _old_files(ws: Workspace, field_name: str) -> list[Path]:
    state = ws.field_state_dir(field_name)
    folder = state / "trust"
    found = sorted(folder.glob("*.json")) if folder.is_dir() else []
    return [*found, state / "reviewed.json"]


def _migrated(ws: Workspace, field_name: str) -> TrustRecord:
    """The one record of a field whose state was kept per remote: the highest
    release any of them accepted, and every digest they accepted."""
    record = TrustRecord()
    olds: list[dict[str, Any]] = []
    for old in _old_files(ws, field_name):
        try:
            data = json.loads(old.read_bytes())
        except (OSError, ValueError):
            continue
        if not isinstance(data, dict):
            continue
        if old.name == "reviewed.json":
            record.reviewed = {data["digest"]: None} if isinstance(data.get("digest"), str) else {}
        else:
            olds.append(data)
    olds.sort(key=lambda d: str(d.get("accepted_at") or ""))
    for data in olds:
        if isinstance(data.get("accepted_digest"), str):
            record.accept(data["accepted_digest"])
    versioned = [d for d in olds if type(d.get("version")) is int and isinstance(d.get("digest"), str)]
    if versioned:
        top = max(versioned, key=lambda d: int(d["version"]))
        record.release = Mark(int(top["version"]), str(top["digest"]), str(top.get("expires") or ""), top.get("signer"))
        name = top.get("publisher_field")
        record.identity = Identity(name if isinstance(name, str) else None, "migrated", str(top["digest"]), now())
    elif record.accepted:
        record.identity = Identity(None, "migrated", record.accepted[-1], now())
    return record
