# ruff: noqa: E501  (a decision table reads best one row a line)
"""The gate's decision as a table (python-tuf's test_trusted_metadata_set is the model).

``gate.decide`` is a pure function of (the field's trust record, what was
offered, the remote's policy, the time): each row is one such call and the
verdict it must give. ``gate.bind`` is what an applied verdict does to the
record. Signatures are checked before ``decide`` (tests/test_trust.py and the
signer parity tests); here the offer says what those checks found."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import NamedTuple

import pytest

from memsync.field_trust import Identity, Mark, TrustRecord
from memsync.gate import Offer, Verdict, bind, decide
from memsync.release import Release

NOW = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)
T = "2026-12-01T00:00:00Z"
LATER = "2027-01-01T00:00:00Z"


def d(n: int) -> str:
    return f"sha256:{n:064x}"


D0, D2, D3, D4, DX = d(10), d(2), d(3), d(4), d(99)


def st(
    field: str = "diary", version: int = 4, digest: str = D4, prev: str | None = D3, expired: bool = False
) -> Release:
    created = NOW - timedelta(days=40 if expired else 1)
    return Release(field, version, digest, prev, created, created + timedelta(days=30))


FIRST = TrustRecord()
BOUND = TrustRecord(Identity("diary", "signed", D3, T), Mark(3, D3, LATER, "alice"), [D3])
EXPECTED = TrustRecord(Identity("diary", "expect", None, T))
UNNAMED = TrustRecord(Identity(None, "review", D0, T), None, [D0])


def signed(statement: Release | None = None, digest: str | None = None, **kw: object) -> Offer:
    return Offer(digest or (statement.digest if statement else D4), "alice", None, statement, **kw)  # type: ignore[arg-type]


UNSIGNED = Offer(D4, None, "unsigned")
UNKNOWN = Offer(D4, None, "key SHA256:abc is not an allowed signer")
BROKEN = Offer(D4, None, "bad signature: signature does not match")


class Row(NamedTuple):
    record: TrustRecord
    offer: Offer
    policy: str
    outcome: str  # apply, hold or refuse
    reason: str  # a part of the verdict's reason


ROWS: dict[str, Row] = {
    # -- policy signed ---------------------------------------------------------------------
    "signed/first/statement": Row(FIRST, signed(st(version=1, prev=None)), "signed", "apply", "this field is 'diary' from now on"),
    "signed/first/no-statement": Row(FIRST, signed(), "signed", "apply", "signed by allowed signer alice"),
    "signed/first/unsigned": Row(FIRST, UNSIGNED, "signed", "hold", "unsigned: this remote needs a signature"),
    "signed/first/unknown-key": Row(FIRST, UNKNOWN, "signed", "hold", "is not an allowed signer"),
    "signed/first/broken": Row(FIRST, BROKEN, "signed", "hold", "bad signature"),
    "signed/newer": Row(BOUND, signed(st()), "signed", "apply", "signed by allowed signer alice"),
    "signed/same-release-again": Row(BOUND, signed(st(version=3, digest=D3)), "signed", "apply", "alice"),
    "signed/rollback": Row(BOUND, signed(st(version=2, digest=D2)), "signed", "hold", "rollback: version 2 is older"),
    "signed/replay": Row(BOUND, signed(st(version=3, digest=D4)), "signed", "hold", "replay: version 3"),
    "signed/other-field": Row(BOUND, signed(st(field="other")), "signed", "hold", "mix-and-match: the release statement is for field 'other'"),
    "signed/statement-of-other-manifest": Row(BOUND, signed(st(), digest=DX), "signed", "hold", "mix-and-match: the statement names"),
    "signed/expired": Row(BOUND, signed(st(expired=True)), "signed", "hold", "freeze"),
    "signed/statement-dropped": Row(BOUND, signed(), "signed", "hold", "up to version 3"),
    "signed/statement-unverified": Row(BOUND, signed(statement_problem="release statement not trusted: x"), "signed", "hold", "release statement not trusted"),
    "signed/executables": Row(BOUND, signed(st(), executables=("run.sh",)), "signed", "hold", "holds executable files (run.sh)"),
    "signed/rollback-pinned": Row(BOUND, signed(st(version=2, digest=D2), pinned=True), "signed", "apply", "pinned on the command line"),
    "signed/other-field-locked": Row(BOUND, signed(st(field="other"), locked=True), "signed", "apply", "memsync.lock"),
    "signed/rollback-reviewed": Row(BOUND, signed(st(version=2, digest=D2), reviewed=True), "signed", "apply", "accepted after review"),
    "signed/broken-reviewed": Row(BOUND, replace(BROKEN, reviewed=True), "signed", "apply", "accepted after review"),
    "signed/expected/other-field": Row(EXPECTED, signed(st(field="other")), "signed", "refuse", "not 'diary' (--expect-field)"),
    "signed/expected/other-field-pinned": Row(EXPECTED, signed(st(field="other"), pinned=True), "signed", "refuse", "--expect-field"),
    "signed/expected/other-field-reviewed": Row(EXPECTED, signed(st(field="other"), reviewed=True), "signed", "refuse", "--expect-field"),
    "signed/expected/match": Row(EXPECTED, signed(st(version=1, prev=None)), "signed", "apply", "alice"),
    "signed/expected/unsigned": Row(EXPECTED, UNSIGNED, "signed", "hold", "unsigned"),
    "signed/unnamed/continues": Row(UNNAMED, signed(st(prev=D0)), "signed", "apply", "this field is 'diary' from now on"),
    "signed/unnamed/does-not-continue": Row(UNNAMED, signed(st(field="other", prev=DX)), "signed", "hold", "does not follow a version you accepted"),
    "signed/unnamed/no-statement": Row(UNNAMED, signed(), "signed", "apply", "alice"),
    "signed/unnamed/broken": Row(UNNAMED, BROKEN, "signed", "hold", "bad signature"),
    # -- policy untrusted -----------------------------------------------------------------
    "untrusted/first/unsigned": Row(FIRST, UNSIGNED, "untrusted", "hold", "untrusted source: review it"),
    "untrusted/first/signed": Row(FIRST, signed(st(version=1, prev=None)), "untrusted", "hold", "untrusted source: review it, then accept or reject (signed by alice)"),
    "untrusted/first/pinned": Row(FIRST, replace(UNSIGNED, pinned=True), "untrusted", "apply", "pinned on the command line"),
    "untrusted/first/reviewed": Row(FIRST, replace(UNSIGNED, reviewed=True), "untrusted", "apply", "accepted after review"),
    "untrusted/newer": Row(BOUND, signed(st()), "untrusted", "apply", "signed by allowed signer alice"),
    "untrusted/rollback": Row(BOUND, signed(st(version=1, digest=D2)), "untrusted", "hold", "rollback"),
    "untrusted/other-field": Row(BOUND, signed(st(field="other", version=9)), "untrusted", "hold", "mix-and-match"),
    "untrusted/unsigned-later": Row(BOUND, UNSIGNED, "untrusted", "hold", "untrusted source"),
    "untrusted/unknown-key-later": Row(BOUND, UNKNOWN, "untrusted", "hold", "untrusted source"),
    "untrusted/unnamed/no-statement": Row(UNNAMED, signed(), "untrusted", "hold", "no release statement to say which field it is"),
    "untrusted/unnamed/continues": Row(UNNAMED, signed(st(prev=D0)), "untrusted", "apply", "this field is 'diary' from now on"),
    "untrusted/unnamed/other-field": Row(UNNAMED, signed(st(field="other", prev=None)), "untrusted", "hold", "names it 'other'"),
    "untrusted/executables": Row(BOUND, signed(st(), executables=("a.py", "b.sh")), "untrusted", "hold", "a.py, b.sh"),
    "untrusted/expected/other-field": Row(EXPECTED, signed(st(field="other")), "untrusted", "refuse", "--expect-field"),
    # -- policy self --------------------------------------------------------------------
    "self/first/unsigned": Row(FIRST, UNSIGNED, "self", "apply", "your own remote (trust: self)"),
    "self/first/statement": Row(FIRST, signed(st(version=1, prev=None)), "self", "apply", "your own remote"),
    "self/rollback": Row(BOUND, signed(st(version=2, digest=D2)), "self", "hold", "rollback"),
    "self/other-field": Row(BOUND, signed(st(field="other")), "self", "hold", "mix-and-match"),
    "self/replay": Row(BOUND, signed(st(version=3, digest=D4)), "self", "hold", "replay"),
    "self/expired": Row(BOUND, signed(st(expired=True)), "self", "apply", "your own remote"),
    "self/unsigned-later": Row(BOUND, UNSIGNED, "self", "apply", "your own remote"),
    "self/statement-dropped": Row(BOUND, signed(), "self", "apply", "your own remote"),
    "self/broken": Row(BOUND, BROKEN, "self", "hold", "bad signature"),
    "self/unknown-key": Row(BOUND, UNKNOWN, "self", "apply", "your own remote"),
    "self/pinned-source-serves-other-unsigned": Row(BOUND, replace(UNSIGNED, locked_elsewhere=True), "self", "hold", "the pinned source now serves other content"),
    "self/pinned-source-serves-other-signed": Row(BOUND, signed(st(), locked_elsewhere=True), "self", "apply", "your own remote"),
    "self/statement-unverified": Row(BOUND, signed(statement_problem="release statement not trusted: x"), "self", "apply", "your own"),
    "self/rollback-claimed-by-a-retired-key": Row(BOUND, replace(UNSIGNED, claimed=st(version=2, digest=D2)), "self", "hold", "no allowed signer made"),
    "self/other-field-claimed-by-a-retired-key": Row(BOUND, replace(UNSIGNED, claimed=st(field="other")), "self", "hold", "no allowed signer made"),
    "self/current-claimed-by-a-retired-key": Row(BOUND, replace(UNSIGNED, claimed=st()), "self", "apply", "your own"),
    "self/executables": Row(BOUND, signed(st(), executables=("run.sh",)), "self", "apply", "your own remote"),
    "self/expected/other-field": Row(EXPECTED, signed(st(field="other")), "self", "refuse", "--expect-field"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(ROWS))
def test_decide(name: str) -> None:
    row = ROWS[name]
    verdict = decide(row.record, row.offer, row.policy, NOW)
    outcome = "refuse" if verdict.refused else "apply" if verdict.apply else "hold"
    assert (outcome, row.reason in verdict.reason) == (row.outcome, True), verdict.reason
    assert verdict.signer == row.offer.signer
    if verdict.release is not None:  # what may raise the mark passed every statement check
        assert verdict.release is row.offer.statement and verdict.release.field in ("diary",)


def test_the_table_is_large_enough_and_covers_each_outcome() -> None:
    assert len(ROWS) >= 40
    assert {r.outcome for r in ROWS.values()} == {"apply", "hold", "refuse"}
    assert {r.policy for r in ROWS.values()} == {"self", "signed", "untrusted"}


def test_decide_is_pure() -> None:
    record = replace(BOUND, accepted=list(BOUND.accepted))
    before = record.to_json()
    for row in ROWS.values():
        decide(record, row.offer, row.policy, NOW)
    assert record.to_json() == before


# -- what an applied verdict does to the record ---------------------------------------------


def _applied(record: TrustRecord, offer: Offer, policy: str = "signed", how: str = "signed") -> TrustRecord:
    verdict = decide(record, offer, policy, NOW)
    assert verdict.apply, verdict.reason
    return bind(record, verdict, offer.digest, how)


def test_the_first_accept_binds_the_statements_name_and_raises_the_mark() -> None:
    after = _applied(FIRST, signed(st(version=1, digest=D2, prev=None)))
    assert after.identity is not None and after.identity.name == "diary" and after.identity.digest == D2
    assert after.release == Mark(1, D2, "2027-01-05T12:00:00Z", "alice")
    assert after.accepted == [D2]


def test_a_first_accept_with_no_statement_binds_no_name() -> None:
    after = _applied(FIRST, replace(UNSIGNED, reviewed=True), "untrusted", how="review")
    assert after.identity == Identity(None, "review", D4, after.identity.at if after.identity else "")
    assert after.release is None


def test_unsigned_content_from_your_own_remote_binds_nothing() -> None:
    """A team's signed releases met later still find the field unbound (first contact)."""
    after = _applied(FIRST, UNSIGNED, "self", how="self")
    assert after.identity is None and after.accepted == [D4]
    named = _applied(FIRST, signed(st(version=1, prev=None)), "self", how="self")
    assert named.identity is not None and named.identity.name == "diary" and named.release is not None


def test_a_statement_continuing_an_unnamed_field_names_it() -> None:
    after = _applied(UNNAMED, signed(st(prev=D0)))
    assert after.identity is not None and after.identity.name == "diary"
    assert after.release is not None and after.release.version == 4


def test_the_mark_never_goes_down() -> None:
    """A reviewed or pinned older release is applied (a person chose it), but the mark stays."""
    for offer in (
        signed(st(version=2, digest=D2), reviewed=True),
        signed(st(version=2, digest=D2), pinned=True),
        signed(st(version=1, digest=D2), locked=True),
    ):
        after = _applied(BOUND, offer)
        assert after.release == BOUND.release and after.accepted[-1] == D2


def test_another_fields_statement_never_renames_the_field_nor_moves_its_mark() -> None:
    after = _applied(BOUND, signed(st(field="other", version=50), reviewed=True))
    assert after.identity == BOUND.identity and after.release == BOUND.release


def test_the_same_release_again_renews_its_expiry() -> None:
    later = Release("diary", 3, D3, D2, NOW, NOW + timedelta(days=60))
    after = _applied(BOUND, signed(later))
    assert after.release == Mark(3, D3, "2027-02-05T12:00:00Z", "alice")


def test_a_verdict_shows_the_field_the_statement_names() -> None:
    verdict = decide(FIRST, signed(st(field="other", version=1, prev=None)), "signed", NOW)
    assert verdict.to_json() == {
        "applied": True,
        "reason": "signed by allowed signer alice; this field is 'other' from now on",
        "signer": "alice",
        "release_version": 1,
        "field_identity": "other",
    }
    assert isinstance(verdict, Verdict)
