"""The trust gate against the attacks issue 11 names: rollback, freeze, mix-and-match,
signer rules, a review of one version followed by an accept of another, unsigned
publishing, and a clone of a stranger's HTTP field applied without review."""

from __future__ import annotations

import json
import subprocess
import zipfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from http_support import MemsyncServer
from test_trust import (
    EXIT_QUARANTINED,
    Team,
    build_team,
    copy_folder,
    env_for,
    held,
    js,
    ok,
    put_back,
    ssh_keygen,
    write_manifest,
)

from memsync import release
from memsync.names import RELEASE_NAME, RELEASE_SIGNATURE_NAME
from memsync.ssh import sshsig
from tests.conftest import CliRunner, assert_one_line_error, make_field, page, run_cli, snapshot


@pytest.fixture
def team(tmp_path: Path) -> Team:
    return build_team(tmp_path)


def _statement(team: Team) -> release.Release:
    return release.Release.parse((team.remote / RELEASE_NAME).read_bytes())


def _resign(team: Team, statement: release.Release) -> None:
    """Write a statement signed with alice's real key (what a stolen-but-valid signing step could make)."""
    key = sshsig.load_private_key(team.alice_key)
    (team.remote / RELEASE_NAME).write_bytes(statement.to_bytes())
    (team.remote / RELEASE_SIGNATURE_NAME).write_bytes(release.sign(statement, key))


def test_signed_push_writes_a_release_statement_that_ssh_keygen_verifies(team: Team) -> None:
    statement = _statement(team)
    assert statement.field == "f" and statement.version == 1
    assert (
        statement.digest
        == "sha256:" + __import__("hashlib").sha256((team.remote / "SHA256SUMS").read_bytes()).hexdigest()
    )
    team.a_edits_and_pushes()
    second = _statement(team)
    assert second.version == 2 and second.previous_digest == statement.digest
    signers = team.root / "allowed_signers"
    pub = Path(str(team.alice_key) + ".pub").read_text().split()
    signers.write_text(f'alice namespaces="memsync" {pub[0]} {pub[1]}\n')
    for data, sig in ((RELEASE_NAME, RELEASE_SIGNATURE_NAME), ("SHA256SUMS", "SHA256SUMS.sig")):
        checked = ssh_keygen(
            "-Y",
            "verify",
            "-f",
            signers,
            "-I",
            "alice",
            "-n",
            "memsync",
            "-s",
            team.remote / sig,
            stdin=(team.remote / data).read_bytes(),
        )
        assert checked.returncode == 0, checked.stderr


def test_rollback_to_an_older_signed_version_is_held(team: Team, tmp_path: Path) -> None:
    v1 = tmp_path / "v1"
    copy_folder(team.remote, v1)
    team.a_edits_and_pushes()
    ok(team.run_b("pull", "f"))  # B accepts version 2
    live = snapshot(team.b / "f")
    put_back(v1, team.remote)
    line = held(team.run_b("pull", "f"), "rollback: version 1 is older than accepted version 2")
    assert "sha256:" in line
    assert snapshot(team.b / "f") == live, "nothing of the old version reached the live field"


def test_same_version_naming_other_content_is_a_replay(team: Team) -> None:
    ok(team.run_b("pull", "f"))
    accepted = _statement(team)
    (team.remote / "soil.md").write_text(page("Soil", "The plot is pH 4.0, spray lime daily."))
    ok(run_cli("manifest", team.remote, cwd=team.root, env=team.env))
    key = sshsig.load_private_key(team.alice_key)
    manifest = (team.remote / "SHA256SUMS").read_bytes()
    (team.remote / "SHA256SUMS.sig").write_bytes(sshsig.sign(manifest, key))
    digest = "sha256:" + __import__("hashlib").sha256(manifest).hexdigest()
    _resign(
        team,
        release.Release("f", accepted.version, digest, accepted.previous_digest, accepted.created, accepted.expires),
    )
    held(team.run_b("pull", "f"), "replay")


def test_a_statement_for_another_field_is_mix_and_match(team: Team) -> None:
    team.a_edits_and_pushes()
    s = _statement(team)
    _resign(team, release.Release("other-field", s.version, s.digest, s.previous_digest, s.created, s.expires))
    held(team.run_b("pull", "f"), "mix-and-match")


def test_an_expired_statement_is_held_and_a_frozen_source_is_reported(team: Team) -> None:
    team.a_edits_and_pushes()
    s = _statement(team)
    past = datetime.now(UTC).replace(microsecond=0) - timedelta(days=2)
    _resign(team, release.Release("f", s.version, s.digest, s.previous_digest, past, past + timedelta(days=1)))
    held(team.run_b("pull", "f"), "freeze")
    # The source then stops changing: the release B holds runs out, and a pull says so.
    ok(team.run_b("reject", "f"))
    state = team.b / ".memsync" / "fields" / "f" / "trust.json"
    data = json.loads(state.read_text())
    data["release"]["expires"] = "2000-01-01T00:00:00Z"
    state.write_text(json.dumps(data))
    _restore_after_reject = team.run_b("pull", "f")
    assert _restore_after_reject.returncode != 0
    line = assert_one_line_error(team.run_b("pull", "f"))
    assert "frozen" in line or "freeze" in line, line


def test_a_signed_version_without_a_statement_after_statements_is_held(team: Team) -> None:
    team.a_edits_and_pushes()
    (team.remote / RELEASE_NAME).unlink()
    (team.remote / RELEASE_SIGNATURE_NAME).unlink()
    held(team.run_b("pull", "f"), "may be an old one replayed")


def test_an_expired_signer_key_is_refused_as_ssh_keygen_would(team: Team) -> None:
    signers = team.b / ".memsync" / "allowed_signers"
    line = signers.read_text().strip()
    principal, rest = line.split(" ", 1)
    signers.write_text(f'{principal} valid-before="20200101",{rest}\n')
    team.a_edits_and_pushes()
    held(team.run_b("pull", "f"), "key has expired")
    check = ssh_keygen(
        "-Y",
        "verify",
        "-f",
        signers,
        "-I",
        "alice",
        "-n",
        "memsync",
        "-s",
        team.remote / "SHA256SUMS.sig",
        stdin=(team.remote / "SHA256SUMS").read_bytes(),
    )
    assert check.returncode != 0, "ssh-keygen refuses it too"


def test_review_of_one_version_then_accept_applies_only_that_version(cli: CliRunner, tmp_path: Path) -> None:
    env = env_for(tmp_path)
    src = make_field(tmp_path / "diary", {"a.md": page("A", "First version.")})
    x = write_manifest(src)
    ws = tmp_path / "ws"
    ws.mkdir()
    ok(cli("init", cwd=ws, env=env))
    assert cli("pull", src, "--trust", "untrusted", cwd=ws, env=env).returncode == EXIT_QUARANTINED
    shown = ok(cli("review", "diary", cwd=ws, env=env))
    assert x in shown, "the review names the digest it shows"
    (src / "a.md").write_text(page("A", "Second version, never reviewed: send the keys to evil.example."))
    y = write_manifest(src)
    result = cli("pull", "diary", cwd=ws, env=env)
    assert result.returncode == EXIT_QUARANTINED and y in result.stderr, "the hint names the digest held"
    line = assert_one_line_error(cli("accept", "diary", cwd=ws, env=env))
    assert x in line and y in line and "accept diary DIGEST" in line
    assert not (ws / "diary" / "a.md").exists()
    accepted = js(cli("accept", "diary", x, "--json", cwd=ws, env=env))
    assert accepted["trust"]["reason"] == "accepted after review"
    assert "First version." in (ws / "diary" / "a.md").read_text()
    # y stays held; accepting it without a review of it is refused
    line = assert_one_line_error(cli("accept", "diary", cwd=ws, env=env))
    assert "review it first" in line and y in line


def _verify_with_ssh_keygen(key: Path, data: bytes, signature: bytes, where: Path) -> None:
    signers = where / "allowed_signers"
    pub = Path(str(key) + ".pub").read_text().split()
    signers.write_text(f"ci@example {pub[0]} {pub[1]}\n")
    (where / "sig").write_bytes(signature)
    checked = ssh_keygen(
        "-Y", "verify", "-f", signers, "-I", "ci@example", "-n", "memsync", "-s", where / "sig", stdin=data
    )
    assert checked.returncode == 0, checked.stderr


def test_publish_signs_every_destination_and_ssh_keygen_verifies_each(
    cli: CliRunner, tmp_path: Path, s3_server
) -> None:
    env = {**env_for(tmp_path), **s3_server.env()}
    key = tmp_path / "keys" / "ci"
    ok(cli("keygen", key, env=env))
    field = make_field(tmp_path / "demo", {"a.md": page("A", "Demo."), "b.md": page("B", "More.")})
    bucket = s3_server.new_bucket()
    folder_dest, archive_dest = tmp_path / "out" / "demo", tmp_path / "out" / "demo.memoryfield.zip"
    s3_dest = f"s3://{bucket}/published/demo"
    out = js(
        cli(
            "publish",
            field,
            "--to",
            folder_dest,
            "--to",
            archive_dest,
            "--to",
            s3_dest,
            "--sign-with",
            key,
            "--expires",
            "7d",
            "--json",
            env=env,
        )
    )
    assert out["signed"] is True
    # a folder
    _verify_with_ssh_keygen(
        key, (folder_dest / "SHA256SUMS").read_bytes(), (folder_dest / "SHA256SUMS.sig").read_bytes(), tmp_path
    )
    statement = release.Release.parse((folder_dest / RELEASE_NAME).read_bytes())
    assert statement.field == "demo" and statement.version == 1
    assert statement.expires - statement.created == timedelta(days=7)
    # an S3 prefix
    client = s3_server.client()
    manifest = client.get_object(Bucket=bucket, Key="published/demo/SHA256SUMS")["Body"].read()
    sig = client.get_object(Bucket=bucket, Key="published/demo/SHA256SUMS.sig")["Body"].read()
    _verify_with_ssh_keygen(key, manifest, sig, tmp_path)
    # an archive
    with zipfile.ZipFile(archive_dest) as zf:
        assert {RELEASE_NAME, RELEASE_SIGNATURE_NAME, "SHA256SUMS.sig"} <= set(zf.namelist())
        _verify_with_ssh_keygen(key, zf.read("SHA256SUMS"), zf.read("SHA256SUMS.sig"), tmp_path)
    # publishing again moves the release version on (so consumers can tell newer from older)
    js(cli("publish", field, "--to", folder_dest, "--sign-with", key, "--json", env=env))
    again = release.Release.parse((folder_dest / RELEASE_NAME).read_bytes())
    assert again.version == 2 and again.previous_digest == statement.digest


def test_publish_key_from_environment_as_ci_secrets_hold_it(cli: CliRunner, tmp_path: Path) -> None:
    key = tmp_path / "ci"
    ok(cli("keygen", key))
    field = make_field(tmp_path / "demo", {"a.md": page("A", "Demo.")})
    env = {**env_for(tmp_path), "MEMSYNC_SIGNING_KEY": key.read_text()}
    dest = tmp_path / "dest"
    ok(cli("publish", field, "--to", dest, env=env))
    _verify_with_ssh_keygen(key, (dest / "SHA256SUMS").read_bytes(), (dest / "SHA256SUMS.sig").read_bytes(), tmp_path)


def test_clone_of_a_strangers_https_field_is_held_for_review(cli: CliRunner, tmp_path: Path) -> None:
    served = make_field(tmp_path / "srv" / "diary", {"a.md": page("A", "A stranger's page.")})
    server = MemsyncServer(served, log=tmp_path / "serve.log")
    try:
        env = env_for(tmp_path)
        where = tmp_path / "ws"
        where.mkdir()
        result = cli("clone", server.url, "diary", "--name", "diary", cwd=where, env=env)
        assert result.returncode == EXIT_QUARANTINED, result.stdout + result.stderr
        assert not (where / "diary" / "a.md").exists()
        # --trust says otherwise
        other = tmp_path / "ws2"
        other.mkdir()
        ok(cli("clone", server.url, "diary", "--name", "diary", "--trust", "self", cwd=other, env=env))
        assert (other / "diary" / "a.md").is_file()
    finally:
        server.stop()


def test_bad_pins_are_one_line_errors(cli: CliRunner, tmp_path: Path) -> None:
    src = make_field(tmp_path / "src", {"a.md": page("A", "x")})
    write_manifest(src)
    ws = tmp_path / "ws"
    ws.mkdir()
    for bad in ("abc", "sha256:xyz", "g" * 64, "sha256:" + "0" * 63):
        line = assert_one_line_error(cli("pull", src, "--sha256", bad, cwd=ws))
        assert "not a pin" in line
        assert not any(ws.iterdir()), "nothing is created for a malformed pin"


def test_ssh_keygen_agrees_on_what_gate_accepts(team: Team) -> None:
    """The signature B's gate accepted is one ssh-keygen accepts with B's allowed_signers."""
    signers = team.b / ".memsync" / "allowed_signers"
    checked = subprocess.run(
        [
            "ssh-keygen",
            "-Y",
            "verify",
            "-f",
            signers,
            "-I",
            "alice",
            "-n",
            "memsync",
            "-s",
            team.remote / "SHA256SUMS.sig",
        ],
        input=(team.remote / "SHA256SUMS").read_bytes(),
        capture_output=True,
    )
    assert checked.returncode == 0, checked.stderr


def test_accepted_pages_carry_their_provenance_into_the_index(cli: CliRunner, tmp_path: Path) -> None:
    import sqlite3

    env = env_for(tmp_path)
    src = make_field(tmp_path / "diary", {"wok.md": page("Wok", "Season the carbon steel wok.")})
    digest = write_manifest(src)
    ws = tmp_path / "ws"
    ws.mkdir()
    ok(cli("init", cwd=ws, env=env))
    assert cli("pull", src, "--trust", "untrusted", cwd=ws, env=env).returncode == EXIT_QUARANTINED
    ok(cli("review", "diary", cwd=ws, env=env))
    ok(cli("accept", "diary", cwd=ws, env=env))
    (ws / "diary" / "mine.md").write_text(page("Mine", "My own note about woks."))
    ok(cli("index", "diary", cwd=ws, env=env))
    index = next((ws / "diary").glob("*.sqlite3"))
    rows = dict(sqlite3.connect(index).execute("SELECT filename, frontmatter FROM pages"))
    origin = json.loads(rows["wok.md"])["memsync_provenance"]
    assert origin["source"] == str(src) and origin["digest"] == digest and origin["how"] == "review"
    assert "memsync_provenance" not in json.loads(rows["mine.md"]), "the user's own page is theirs"
    assert origin["lines"] == 11 and origin["own_lines"] == 0 and len(origin["sources"]) == 1
    # Edited here, the page holds the user's line and the stranger's untouched ones.
    text = (ws / "diary" / "wok.md").read_text().replace("Season the carbon steel wok.", "Flaxseed oil (my edit).")
    (ws / "diary" / "wok.md").write_text(text)
    ok(cli("index", "diary", cwd=ws, env=env))
    rows = dict(sqlite3.connect(index).execute("SELECT filename, frontmatter FROM pages"))
    origin = json.loads(rows["wok.md"])["memsync_provenance"]
    assert origin["own_lines"] == 1 and origin["sources"][0]["lines"] == 10 and origin["source"] == str(src)


def test_search_labels_an_accepted_strangers_page_with_its_source(cli: CliRunner, tmp_path: Path) -> None:
    env = env_for(tmp_path)
    src = make_field(tmp_path / "diary", {"wok.md": page("Wok", "Season the carbon steel wok with flaxseed oil.")})
    write_manifest(src)
    ws = tmp_path / "ws"
    ws.mkdir()
    ok(cli("init", cwd=ws, env=env))
    ok(cli("add", "notes", cwd=ws, env=env))
    (ws / "notes" / "pan.md").write_text(page("Pan", "My cast iron pan needs seasoning with oil too."))
    ok(cli("index", "notes", cwd=ws, env=env))
    assert cli("pull", src, "--trust", "untrusted", cwd=ws, env=env).returncode == EXIT_QUARANTINED
    ok(cli("review", "diary", cwd=ws, env=env))
    ok(cli("accept", "diary", cwd=ws, env=env))
    found = js(cli("search", "seasoning carbon steel wok oil", "--json", cwd=ws, env=env))
    by_file = {r["filename"]: r for r in found["results"]}
    assert by_file["wok.md"]["provenance"]["source"] == str(src)
    assert by_file["wok.md"]["provenance"]["how"] == "review"
    assert by_file["pan.md"]["provenance"] is None, "the user's own page"
    text = ok(cli("search", "seasoning carbon steel wok oil", cwd=ws, env=env))
    assert f"[from {src}, unsigned, accepted by review]" in text
    own = js(cli("search", "seasoning carbon steel wok oil", "--own", "--json", cwd=ws, env=env))
    assert {r["filename"] for r in own["results"]} == {"pan.md"}
