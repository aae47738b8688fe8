"""Random sequences against the real gate: remotes renamed, added, re-pointed and
removed, and pulls of older, newer and foreign signed releases from any of them,
and of releases signed by the key alice rotated to (her rotation beside them).

Whatever the order, the field's high-water release never goes down, its
identity never changes once bound, and no release of another field (nor an
older one) is ever applied without a person's review. The gate is the real
one (signatures checked against an allowed_signers file, the trust record on
disk, read again for every pull) over a real workspace; only the transport is
left out: each pull offers a release's SHA256SUMS and sidecars directly."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memsync import field_trust, keyring, release, rotation
from memsync.gate import Gate
from memsync.manifest import Manifest
from memsync.names import KEYS_NAME, RELEASE_NAME, RELEASE_SIGNATURE_NAME, SIGNATURE_NAME
from memsync.ssh import sshsig
from memsync.workspace import Workspace

VERSIONS = 5


@dataclass(frozen=True)
class Offered:
    field: str
    version: int
    manifest: Manifest
    sidecars: dict[str, bytes]


@cache
def _keys() -> tuple[object, str, object]:
    """alice's key, its allowed_signers text, and the key she rotates to."""
    folder = Path(tempfile.mkdtemp(prefix="gate-property-"))
    public = keyring.generate(folder / "alice")
    keyring.generate(folder / "alice2")
    return (
        sshsig.load_private_key(folder / "alice"),
        sshsig.public_line(public),
        sshsig.load_private_key(folder / "alice2"),
    )


@cache
def releases() -> dict[tuple[str, int], Offered]:
    """Versions 1..5 of field "diary" (each following the last) and of field "other", all by alice;
    and "diary" versions signed by the key alice rotated to, with her rotation statement beside them."""
    key, _, new_key = _keys()
    chain = rotation.rotate(None, key, rotation.public_key(new_key)).to_bytes()  # type: ignore[arg-type]
    now = datetime.now(UTC).replace(microsecond=0)
    made: dict[tuple[str, int], Offered] = {}
    for field, signer, keys in (("diary", key, None), ("other", key, None), ("diary", new_key, chain)):
        previous = None
        kind = "rotated" if keys else field
        for version in range(1, VERSIONS + 1):
            listing = f"{(kind + str(version)).encode().hex():0>64}  page-{version}.md\n".encode()
            manifest = Manifest.parse(listing)
            statement = release.Release(field, version, manifest.digest, previous, now, now + timedelta(days=30))
            data = statement.to_bytes()
            sidecars = {
                SIGNATURE_NAME: sshsig.sign(manifest.to_bytes(), signer),  # type: ignore[arg-type]
                RELEASE_NAME: data,
                RELEASE_SIGNATURE_NAME: sshsig.sign(data, signer),  # type: ignore[arg-type]
            }
            if keys is not None:
                sidecars[KEYS_NAME] = keys
            made[(kind, version)] = Offered(field, version, manifest, sidecars)
            previous = manifest.digest
    return made


NAMES = ("origin", "mirror", "backup", "upstream")
URLS = ("/srv/a", "/srv/b", "/srv/c")
POLICIES = ("self", "signed", "untrusted")

steps = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.sampled_from(NAMES), st.sampled_from(URLS), st.sampled_from(POLICIES)),
        st.tuples(st.just("rename"), st.sampled_from(NAMES), st.sampled_from(NAMES)),
        st.tuples(st.just("set-url"), st.sampled_from(NAMES), st.sampled_from(URLS)),
        st.tuples(st.just("remove"), st.sampled_from(NAMES)),
        st.tuples(
            st.just("pull"),
            st.sampled_from(NAMES),
            st.sampled_from(("diary", "other", "rotated")),
            st.integers(1, VERSIONS),
        ),
    ),
    min_size=1,
    max_size=25,
)


def _workspace(root: Path) -> Workspace:
    ws = Workspace.init(root)
    (root / "f").mkdir()
    ws.add_field("f", root / "f")
    _, public, _ = _keys()
    ws.allowed_signers_path.write_text(f'alice namespaces="memsync" {public}\n')
    return ws


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=st.sampled_from(("signed", "untrusted-reviewed", "self")), ops=steps)
def test_no_name_change_lowers_the_mark_or_lets_another_field_in(first: str, ops: list[tuple]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        ws = _workspace(Path(tmp))
        # The field's first accepted version: diary v2, from origin.
        policy = "untrusted" if first.startswith("untrusted") else first
        ws.add_remote("f", "origin", "/srv/a", {}, trust=policy)
        _pull(ws, "origin", releases()[("diary", 2)], reviewed=first == "untrusted-reviewed")
        mark = 2
        for op in ops:
            ws = Workspace(ws.root)  # every command reads the config afresh
            remotes = ws.field("f").remotes
            kind = op[0]
            if kind == "add" and op[1] not in remotes:
                ws.add_remote("f", op[1], op[2], {}, trust=op[3])
            elif kind == "rename" and op[1] in remotes and op[2] not in remotes:
                ws.rename_remote("f", op[1], op[2])
            elif kind == "set-url" and op[1] in remotes:
                ws.set_url("f", op[1], op[2], {}, keep_base=False, etag=None)
            elif kind == "remove" and op[1] in remotes:
                ws.remove_remote("f", op[1])
            elif kind == "pull" and op[1] in remotes:
                offered = releases()[(op[2], op[3])]
                applied = _pull(ws, op[1], offered)
                if applied:
                    assert offered.field == "diary", f"another field's release applied from {remotes[op[1]]}"
                    assert offered.version >= mark, f"version {offered.version} applied over {mark}"
            record = field_trust.load(ws, "f")
            assert record.identity is not None and record.identity.name == "diary"
            assert record.release is not None and record.release.version >= mark
            mark = record.release.version


def _pull(ws: Workspace, remote: str, offered: Offered, *, reviewed: bool = False) -> bool:
    config = ws.field("f").remotes[remote]
    gate = Gate(ws, "f", remote, config, config.url)
    verdict = gate.decide(gate.offer(offered.manifest, offered.sidecars, reviewed=reviewed))
    if verdict.apply:
        how = "review" if reviewed else config.trust
        gate.record_applied(offered.manifest, verdict, how=how, archive_sha256=None)
    return verdict.apply
