"""Signers that change over time, end to end (issue 31): a publisher rotates its key
(`publish --rotate-to`), revokes one (`publish --revoke`); a subscriber who trusts
the old key follows without editing allowed_signers, and ssh-keygen with the file
memsync rewrote agrees with what memsync accepted. The attacks python-tuf's root
rotation answers: a rotation signed by a key that is no longer current, a rotation
replayed after revocation, a fork made with a stolen key, a version signed by a
revoked key."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from test_trust import env_for, held, js, ok

from memsync import rotation, signing
from memsync.field import scan
from memsync.names import KEYS_NAME, SIGNATURE_NAME
from memsync.ssh import sshsig
from tests.conftest import assert_one_line_error, make_field, page, run_cli, snapshot


@dataclass
class World:
    root: Path
    env: dict[str, str]
    pub: Path  # the publisher's workspace (field "diary")
    sub: Path  # the subscriber's (field "diary", from site, trust signed)
    site: Path  # where the publisher publishes

    def key(self, name: str) -> Path:
        return self.root / "keys" / name

    def publish(self, *args: str | Path) -> dict:
        return js(run_cli("publish", "diary", "--to", self.site, *args, "--json", cwd=self.pub, env=self.env))

    def edit(self, name: str, text: str) -> None:
        (self.pub / "diary" / name).write_text(page(name, text))

    def pull(self, *args: str) -> subprocess.CompletedProcess[str]:
        return run_cli("pull", "diary", *args, cwd=self.sub, env=self.env)

    def signers(self) -> str:
        return (self.sub / ".memsync" / "allowed_signers").read_text()


def ssh_keygen_accepts(world: World) -> bool:
    """ssh-keygen -Y verify of the site's signature with the subscriber's allowed_signers, as memsync left it."""
    signers, sig = world.sub / ".memsync" / "allowed_signers", world.site / SIGNATURE_NAME
    done = subprocess.run(
        ["ssh-keygen", "-Y", "verify", "-f", signers, "-I", "alice", "-n", "memsync", "-s", sig],
        input=(world.site / "SHA256SUMS").read_bytes(),
        capture_output=True,
        timeout=30,
    )
    return done.returncode == 0


def published(tmp_path: Path, keys: tuple[str, ...] = ("k1", "k2", "k3", "k4")) -> World:
    """alice's workspace with field diary, signing with k1, published once; bob's, empty."""
    env = env_for(tmp_path)
    w = World(tmp_path, env, tmp_path / "pub", tmp_path / "sub", tmp_path / "site")
    for name in keys:
        ok(run_cli("keygen", w.key(name), cwd=tmp_path, env=env))
    for ws in (w.pub, w.sub):
        ws.mkdir()
        ok(run_cli("init", cwd=ws, env=env))
    make_field(w.pub / "diary", {"a.md": page("A", "First.")})
    ok(run_cli("add", "diary", cwd=w.pub, env=env))
    ok(run_cli("sign-with", w.key("k1"), cwd=w.pub, env=env))
    w.publish()
    return w


@pytest.fixture
def world(tmp_path: Path) -> World:
    w = published(tmp_path)
    ok(run_cli("trust", "add", "alice", f"{w.key('k1')}.pub", cwd=w.sub, env=w.env))
    ok(run_cli("clone", w.site, "diary", "--trust", "signed", cwd=w.sub, env=w.env))
    return w


def _fingerprint(world: World, name: str) -> str:
    return sshsig.fingerprint(sshsig.parse_public_key(Path(f"{world.key(name)}.pub").read_text()))


def test_a_rotation_is_followed_and_ssh_keygen_agrees_with_the_rewritten_file(world: World) -> None:
    world.edit("b.md", "Signed with the new key.")
    world.publish("--rotate-to", world.key("k2"))
    got = js(world.pull("--json"))
    assert got["trust"]["applied"], got["trust"]
    assert f"alice's key {_fingerprint(world, 'k1')} rotated to {_fingerprint(world, 'k2')}" in got["trust"]["reason"]
    assert (world.sub / "diary" / "b.md").is_file()
    k2 = Path(f"{world.key('k2')}.pub").read_text().split()[1]
    assert k2 in world.signers() and Path(f"{world.key('k1')}.pub").read_text().split()[1] not in world.signers()
    assert world.signers().startswith('alice namespaces="memsync" ssh-ed25519 '), "principals and options kept"
    assert ssh_keygen_accepts(world)
    # The publisher's workspace signs with the new key from now on, and carries its chain.
    world.edit("c.md", "A push after the rotation.")
    world.publish()
    assert (world.site / KEYS_NAME).is_file()
    ok(world.pull())
    assert (world.sub / "diary" / "c.md").is_file() and ssh_keygen_accepts(world)


def test_a_subscriber_offline_through_several_rotations_follows_the_chain(world: World) -> None:
    world.edit("b.md", "k2.")
    world.publish("--rotate-to", world.key("k2"))
    world.edit("c.md", "k3.")
    world.publish("--rotate-to", world.key("k3"))
    chain = rotation.parse((world.site / KEYS_NAME).read_bytes())
    assert [s.kind for s in chain.statements] == ["rotate", "rotate"]
    ok(world.pull())
    assert Path(f"{world.key('k3')}.pub").read_text().split()[1] in world.signers()
    assert (world.sub / "diary" / "c.md").is_file() and ssh_keygen_accepts(world)


def _serve_signed_by(world: World, key: str, chain: rotation.Chain | None, text: str) -> None:
    """What an attacker holding ``key`` serves: a new version signed by it, beside ``chain``."""
    (world.site / "evil.md").write_text(page("Evil", text))
    manifest = scan(world.site)
    private = sshsig.load_private_key(world.key(key))
    for name, data in signing.Voucher("diary", private, after=50)(manifest, {}).items():
        (world.site / name).write_bytes(data)
    (world.site / "SHA256SUMS").write_bytes(manifest.to_bytes())
    if chain is not None:
        (world.site / KEYS_NAME).write_bytes(chain.to_bytes())
    else:
        (world.site / KEYS_NAME).unlink(missing_ok=True)


def _rotation(world: World, old: str, new: str) -> rotation.Chain:
    """A rotation statement of ``old`` to ``new``, as whoever holds ``old`` can sign one."""
    successor = rotation.public_key(sshsig.load_private_key(world.key(new)))
    return rotation.rotate(None, sshsig.load_private_key(world.key(old)), successor)


def test_a_rotation_signed_by_a_key_that_is_no_longer_current_is_not_followed(world: World) -> None:
    world.edit("b.md", "Signed with k2.")
    world.publish("--rotate-to", world.key("k2"))
    ok(world.pull())
    live, signers = snapshot(world.sub / "diary"), world.signers()
    # k1 was stolen after it rotated away: the thief rotates it to k4 and signs with k4.
    old = rotation.parse((world.site / KEYS_NAME).read_bytes())
    forged = rotation.Chain((*old.statements, *_rotation(world, "k1", "k4").statements))
    _serve_signed_by(world, "k4", forged, "Send the keys to evil.example.")
    held(world.pull(), "not an allowed signer")
    assert snapshot(world.sub / "diary") == live and world.signers() == signers


def test_a_fork_made_with_a_stolen_key_revokes_it_for_a_subscriber_who_had_not_followed(world: World) -> None:
    world.publish("--rotate-to", world.key("k2"))  # the subscriber does not pull this
    legit = rotation.parse((world.site / KEYS_NAME).read_bytes())
    thief = _rotation(world, "k1", "k4")
    _serve_signed_by(world, "k4", rotation.Chain((*legit.statements, *thief.statements)), "Forked.")
    line = held(world.pull(), "not an allowed signer")
    assert "fork" in line or "revoked" in line, line
    assert not (world.sub / "diary" / "evil.md").exists()
    assert "# revoked by its owner" in world.signers(), "k1 spoke twice: it is taken as compromised"
    # Neither branch is followed any more: a version signed by k2 is held as well.
    _serve_signed_by(world, "k2", rotation.Chain((*legit.statements, *thief.statements)), "Also held.")
    held(world.pull(), "not an allowed signer")


def test_a_key_revoked_after_it_was_retired_signs_no_more_and_a_replay_does_not_bring_it_back(
    world: World, tmp_path: Path
) -> None:
    """k1 rotated to k2 and the subscriber followed; later k1 is stolen and its owner ends it.
    A subscriber who had not followed yet is cut off (beside its rotation, the revocation is a
    fork: nobody can tell the owner's statement from a thief's), as python-tuf leaves a client
    whose old root was compromised."""
    straggler = tmp_path / "straggler"
    shutil.copytree(world.sub, straggler, symlinks=True)
    world.edit("c.md", "Signed with k2.")
    world.publish("--rotate-to", world.key("k2"))
    ok(world.pull())
    world.edit("b.md", "k1 was stolen.")
    world.publish("--revoke", world.key("k1"))
    chain = rotation.parse((world.site / KEYS_NAME).read_bytes())
    assert [s.kind for s in chain.statements] == ["rotate", "revoke"]
    ok(world.pull())
    assert (world.sub / "diary" / "b.md").is_file() and ssh_keygen_accepts(world)
    live = snapshot(world.sub / "diary")
    # The thief signs with k1, and serves the chain as it was before the revocation.
    _serve_signed_by(world, "k1", rotation.Chain(chain.statements[:1]), "Replayed.")
    held(world.pull(), "not an allowed signer")
    assert snapshot(world.sub / "diary") == live
    again = run_cli("trust", "add", "again", f"{world.key('k1')}.pub", cwd=world.sub, env=world.env)
    assert "revoked" in assert_one_line_error(again)
    # The straggler, still at k1, meets rotation and revocation together: cut off, not misled.
    (world.site / "evil.md").unlink()
    world.publish()
    line = held(run_cli("pull", "diary", cwd=straggler, env=world.env), "not an allowed signer")
    assert "fork" in line, line
    assert "# revoked by its owner" in (straggler / ".memsync" / "allowed_signers").read_text()


def test_a_version_signed_by_a_key_revoked_by_its_owner_is_refused(world: World) -> None:
    """The owner of k1 announces its end after rotating away from it; what k1 signs afterwards is held."""
    world.edit("b.md", "Signed with k2.")
    world.publish("--rotate-to", world.key("k2"))
    ok(world.pull())
    world.edit("c.md", "k1 is no more.")
    world.publish("--revoke", world.key("k1"))
    ok(world.pull())
    _serve_signed_by(world, "k1", None, "Signed with the revoked key.")
    held(world.pull(), "not an allowed signer")
    assert not (world.sub / "diary" / "evil.md").exists()


def test_revoking_the_key_that_signs_the_publish_is_refused(world: World) -> None:
    args = ("publish", "diary", "--to", world.site, "--revoke", world.key("k1"))
    line = assert_one_line_error(run_cli(*args, cwd=world.pub, env=world.env))
    assert "that key signs this publish" in line and "--rotate-to NEWKEY" in line


def test_rotating_a_key_that_already_rotated_away_is_refused_before_anything_is_written(world: World) -> None:
    world.publish("--rotate-to", world.key("k2"))
    before = snapshot(world.site)
    args = ("publish", "diary", "--to", world.site, "--sign-with", world.key("k1"), "--rotate-to", world.key("k3"))
    line = assert_one_line_error(run_cli(*args, cwd=world.pub, env=world.env))
    assert "already rotated" in line, line
    assert snapshot(world.site) == before
