"""The release statement (memsync-release.json + .sig): canonical bytes, strict
parsing, the rollback / replay / mix-and-match / freeze decision, the next
statement, and its signature checked by the real ssh-keygen."""

from __future__ import annotations

import json
import subprocess
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from memsync import keyring
from memsync import release as rel
from memsync.errors import InputError, IntegrityError
from memsync.release import Accepted, Refusal, Release
from memsync.ssh import sshsig

D1 = "sha256:" + "1" * 64
D2 = "sha256:" + "2" * 64
D3 = "sha256:" + "3" * 64
T0 = datetime(2026, 12, 1, 15, 0, 0, tzinfo=UTC)

GOLDEN = (
    b'{"created":"2026-12-01T15:00:00Z","digest":"sha256:' + b"2" * 64 + b'","expires":"2026-12-31T15:00:00Z",'
    b'"field":"diary","format":1,"previous_digest":"sha256:' + b"1" * 64 + b'","version":2}\n'
)


def statement(**changes: object) -> Release:
    fields: dict[str, object] = {
        "field": "diary",
        "version": 2,
        "digest": D2,
        "previous_digest": D1,
        "created": T0,
        "expires": T0 + timedelta(days=30),
    }
    fields.update(changes)
    return Release(**fields)  # type: ignore[arg-type]


def test_canonical_bytes_are_fixed() -> None:
    assert statement().to_bytes() == GOLDEN
    assert Release.parse(GOLDEN) == statement()
    # the same statement made again, or from another time zone's clock, is the same bytes
    eastern = T0.astimezone(timezone(timedelta(hours=-5)))
    assert statement(created=eastern, expires=eastern + timedelta(days=30)).to_bytes() == GOLDEN


def _edit(**changes: object) -> bytes:
    data = json.loads(GOLDEN)
    data.update(changes)
    return (json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n").encode()


def _without(key: str) -> bytes:
    data = json.loads(GOLDEN)
    del data[key]
    return (json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n").encode()


BAD = {
    "too-large": (GOLDEN[:-2] + b" " * 5000 + b"}\n", "larger than 4096 bytes"),
    "not-json": (b"version=2\n", "not a JSON release statement"),
    "not-utf8": (b'{"field":"\xff"}\n', "not a JSON release statement"),
    "deeply-nested": (b"[" * 4000, "not a JSON release statement"),
    "not-an-object": (b"[1]\n", "not a JSON object"),
    "duplicate-key": (GOLDEN[:-2] + b',"version":3}\n', "key 'version' appears twice"),
    "unknown-key": (_edit(signer="x"), "unknown key 'signer'"),
    "missing-key": (_without("expires"), "missing expires"),
    "format-string": (_edit(format="1"), "format '1' is not 1"),
    "format-true": (_edit(format=True), "format True is not 1"),
    "format-2": (_edit(format=2), "format 2 is not 1"),
    "field-not-string": (_edit(field=3), "field is not a string"),
    "field-bad-name": (_edit(field="../x"), "field names are letters"),
    "field-empty": (_edit(field=""), "field names are letters"),
    "field-empty-member": (_edit(field="agent//memory"), "field names are letters"),
    "field-trailing-slash": (_edit(field="agent/"), "field names are letters"),
    "field-dot-member": (_edit(field="agent/.."), "field names are letters"),
    "version-negative": (_edit(version=-1), "version -1 is not a whole number"),
    "version-zero": (_edit(version=0), "version 0 is not a whole number"),
    "version-float": (_edit(version=2.0), "version 2.0 is not a whole number"),
    "version-bool": (_edit(version=True), "version True is not a whole number"),
    "version-string": (_edit(version="2"), "version '2' is not a whole number"),
    "version-huge": (_edit(version=2**53), "is not a whole number"),
    "version-nan": (GOLDEN.replace(b'"version":2', b'"version":NaN'), "NaN is not a JSON number"),
    "digest-uppercase": (_edit(digest="sha256:" + "A" * 64), "digest 'sha256:AAAA"),
    "digest-no-prefix": (_edit(digest="2" * 64), "is not 'sha256:' and 64 lowercase hex digits"),
    "digest-short": (_edit(digest="sha256:" + "2" * 63), "is not 'sha256:' and 64"),
    "digest-null": (_edit(digest=None), "digest None is not"),
    "previous-bad": (_edit(previous_digest="sha1:abc"), "previous_digest 'sha1:abc' is not"),
    "created-offset": (
        _edit(created="2026-12-01T15:00:00+00:00"),
        "created '2026-12-01T15:00:00+00:00' is not a UTC time",
    ),
    "created-fraction": (_edit(created="2026-12-01T15:00:00.5Z"), "is not a UTC time"),
    "created-not-a-date": (_edit(created="2026-02-30T15:00:00Z"), "is not a real date and time"),
    "expires-number": (_edit(expires=1), "expires 1 is not a UTC time"),
    "expires-equal": (_edit(expires="2026-12-01T15:00:00Z"), "expires (2026-12-01T15:00:00Z) is not after created"),
    "expires-before": (_edit(expires="2026-11-01T15:00:00Z"), "is not after created"),
    "pretty-printed": (
        json.dumps(json.loads(GOLDEN), sort_keys=True, indent=1).encode() + b"\n",
        "not in canonical form",
    ),
    "keys-unsorted": (
        json.dumps(dict(reversed(json.loads(GOLDEN).items())), separators=(",", ":")).encode() + b"\n",
        "not in canonical form",
    ),
    "no-final-newline": (GOLDEN[:-1], "not in canonical form"),
    "crlf": (GOLDEN[:-1] + b"\r\n", "not in canonical form"),
    "escaped-ascii": (GOLDEN.replace(b"diary", b"di\\u0061ry"), "not in canonical form"),
}


@pytest.mark.parametrize("name", BAD)
def test_strict_parsing_refuses_with_one_line(name: str) -> None:
    data, expected = BAD[name]
    with pytest.raises(InputError) as caught:
        Release.parse(data, where="memsync-release.json")
    message = str(caught.value)
    assert message.startswith("memsync-release.json: ") and expected in message, message
    assert "\n" not in message


def test_a_tree_members_name_is_a_field_name() -> None:
    """A signed push of a tree member ("agent/memory") names it as its workspace does."""
    member = _edit(field="agent/memory")
    assert Release.parse(member).field == "agent/memory"


def test_first_statement_has_no_previous_digest() -> None:
    first = statement(version=1, previous_digest=None)
    assert Release.parse(first.to_bytes()) == first
    assert b'"previous_digest":null' in first.to_bytes()


def check(
    release: Release, *, field: str = "diary", digest: str = D2, last: Accepted | None = None, now: datetime = T0
) -> rel.Verdict:
    return rel.check(release, field=field, digest=digest, last=last, now=now)


def test_check_admits_a_newer_version_and_the_same_one_again() -> None:
    assert check(statement()).ok
    assert check(statement(), last=Accepted(1, D1)).ok
    assert check(statement(), last=Accepted(2, D2)).ok  # pulling the accepted version again
    verdict = check(statement(), last=Accepted(1, D1))
    assert verdict.refusal is None and verdict.message == "version 2 of diary, valid until 2026-12-31T15:00:00Z"


@pytest.mark.parametrize(
    ("case", "refusal", "message"),
    [
        ("other-field", Refusal.MIX_AND_MATCH, "mix-and-match: the statement is for field 'notes', not 'diary'"),
        (
            "other-digest",
            Refusal.MIX_AND_MATCH,
            f"mix-and-match: the statement names {D2}, but the SHA256SUMS received is {D3}",
        ),
        ("older", Refusal.ROLLBACK, "rollback: version 2 is older than accepted version 3"),
        ("same-version-other-digest", Refusal.REPLAY, f"replay: version 2 was accepted as {D3}, now it names {D2}"),
        ("expired", Refusal.FREEZE, "freeze: the statement for version 2 expired at 2026-12-31T15:00:00Z"),
        ("expired-same-version", Refusal.FREEZE, "freeze: the statement for version 2 expired"),
    ],
)
def test_check_refuses(case: str, refusal: Refusal, message: str) -> None:
    release = statement()
    verdict = {
        "other-field": lambda: check(statement(field="notes")),
        "other-digest": lambda: check(release, digest=D3),
        "older": lambda: check(release, last=Accepted(3, D3)),
        "same-version-other-digest": lambda: check(release, last=Accepted(2, D3)),
        "expired": lambda: check(release, now=release.expires),
        "expired-same-version": lambda: check(release, last=Accepted(2, D2), now=release.expires + timedelta(days=1)),
    }[case]()
    assert verdict.refusal is refusal and not verdict.ok
    assert verdict.message.startswith(message), verdict.message


def test_expiry_is_exclusive() -> None:
    release = statement()
    assert check(release, now=release.expires - timedelta(seconds=1)).ok
    assert check(release, now=release.expires).refusal is Refusal.FREEZE


@pytest.mark.parametrize(
    ("text", "duration"),
    [
        ("30d", timedelta(days=30)),
        ("12h", timedelta(hours=12)),
        ("90m", timedelta(minutes=90)),
        ("1w", timedelta(weeks=1)),
        (" 2d ", timedelta(days=2)),
        ("99999w", timedelta(weeks=99999)),
    ],
)
def test_parse_duration(text: str, duration: timedelta) -> None:
    assert rel.parse_duration(text) == duration


@pytest.mark.parametrize(
    "text", ["", "30", "d", "0d", "-1d", "1.5d", "30D", "1y", "30s", "100000d", "30 d", "3d12h", "٣d"]
)
def test_parse_duration_refuses_with_one_line(text: str) -> None:
    with pytest.raises(InputError, match=r"not a duration like 30d, 12h, 90m or 1w\Z"):
        rel.parse_duration(text)


def test_next_release_counts_up_and_chains_digests() -> None:
    first = rel.next_release(None, field="diary", digest=D1, now=T0 + timedelta(microseconds=123456))
    assert first == Release("diary", 1, D1, None, T0, T0 + timedelta(days=30))  # default expiry: 30 days
    second = rel.next_release(first, field="diary", digest=D2, expires_in="12h", now=T0 + timedelta(days=1))
    assert (second.version, second.previous_digest, second.expires - second.created) == (2, D1, timedelta(hours=12))
    refresh = rel.next_release(second, field="diary", digest=D2, now=T0 + timedelta(days=2))  # re-sign to extend expiry
    assert (refresh.version, refresh.digest, refresh.previous_digest) == (3, D2, D2)
    assert rel.next_release(None, field="diary", digest=D1).created.tzinfo is UTC


def test_next_release_refuses_another_fields_statement_and_a_bad_duration() -> None:
    first = rel.next_release(None, field="diary", digest=D1, now=T0)
    with pytest.raises(InputError, match="is for field 'diary', not 'notes'"):
        rel.next_release(first, field="notes", digest=D2, now=T0)
    with pytest.raises(InputError, match="not a duration"):
        rel.next_release(first, field="diary", digest=D2, expires_in="soon", now=T0)
    with pytest.raises(InputError, match="field names are letters"):
        rel.next_release(None, field="no spaces please", digest=D1, now=T0)


def ssh_keygen(*args: str | Path, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["ssh-keygen", *map(str, args)], input=stdin, capture_output=True, timeout=30)


def test_ssh_keygen_verifies_the_statement_memsync_signs(tmp_path: Path) -> None:
    key = tmp_path / "publisher"
    public = keyring.generate(key)
    release = rel.next_release(None, field="diary", digest=D1)
    (tmp_path / rel.FILENAME).write_bytes(release.to_bytes())
    (tmp_path / rel.SIGNATURE_FILENAME).write_bytes(rel.sign(release, sshsig.load_private_key(key)))
    allowed = tmp_path / "allowed_signers"
    allowed.write_text(f'ci@example.org namespaces="memsync" {sshsig.public_line(public)}\n')
    result = ssh_keygen(
        "-Y", "verify", "-f", allowed, "-I", "ci@example.org", "-n", "memsync",
        "-s", tmp_path / rel.SIGNATURE_FILENAME, stdin=(tmp_path / rel.FILENAME).read_bytes(),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    signers = sshsig.read_allowed_signers(allowed)
    data, sig = (tmp_path / rel.FILENAME).read_bytes(), (tmp_path / rel.SIGNATURE_FILENAME).read_bytes()
    assert rel.verify(data, sig, signers) == (release, sshsig.verify(data, sig, signers))
    assert rel.verify(data, sig, signers)[1].principal == "ci@example.org"
    # one byte changed (a later expiry) and the signature no longer holds
    later = data.replace(b'"expires":"', b'"expires":"3')
    with pytest.raises(IntegrityError, match="does not match"):
        rel.verify(later, sig, signers)


def test_memsync_verifies_a_statement_signed_by_ssh_keygen(tmp_path: Path) -> None:
    key = tmp_path / "id_ecdsa"
    assert ssh_keygen("-q", "-t", "ecdsa", "-N", "", "-C", "ci", "-f", key).returncode == 0
    data = rel.next_release(None, field="diary", digest=D1).to_bytes()
    signed = ssh_keygen("-Y", "sign", "-f", key, "-n", "memsync", stdin=data)
    assert signed.returncode == 0, signed.stderr
    signers, _ = sshsig.parse_allowed_signers(f"ci {Path(str(key) + '.pub').read_text()}".encode())
    release, signer = rel.verify(data, signed.stdout, signers)
    assert (release.field, release.version, signer.principal) == ("diary", 1, "ci")
