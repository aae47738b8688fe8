"""examples/two-machines.md, examples/publishing.md and README's "Everyday use",
followed as a newcomer would: every command run here is a line of the
document's ``sh`` blocks (or a command it quotes inline), typed into a shell
with only the document's placeholders replaced (paths, the bucket, the git
host, the pins it prints), against folders, moto and bare git repositories on
this machine. The expectations the documents state are checked against what
the commands print and do."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_s3 import aws_env

from tests.conftest import assert_one_line_error, every_command, run_cli

ROOT = Path(__file__).resolve().parents[1]
DEMO_FIELD = ROOT / "examples" / "demo-field"


def ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, f"{result.args}: exit {result.returncode}\n{result.stdout}\n{result.stderr}"
    return result.stdout


def pages(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.md"))}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def edit(page: Path, old: str, new: str) -> None:
    text = page.read_text()
    assert old in text, (page, old)
    page.write_text(text.replace(old, new))


class Walkthrough:
    """The shell blocks of one document, run line by line as written."""

    def __init__(self, doc: Path, tmp: Path, replace: dict[str, str], env: dict[str, str] | None = None) -> None:
        self.text = doc.read_text()
        self.blocks = [self._lines(b) for b in re.findall(r"```sh\n(.*?)```", self.text, re.S)]
        self.inline = set(re.findall(r"`(memsync [^`]+)`", self.text))
        self.replace = replace
        # ``memsync`` on PATH is this checkout's, whatever installed the test run.
        bindir = tmp / "bin"
        bindir.mkdir(exist_ok=True)
        shim = bindir / "memsync"
        shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m memsync "$@"\n')
        shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
        base = env or dict(os.environ)
        self.env = {**base, "PATH": f"{bindir}{os.pathsep}{base.get('PATH', '')}", "MEMSYNC_DEBUG": ""}

    @staticmethod
    def _lines(block: str) -> list[str]:
        """Command lines, continuations joined and trailing comments dropped."""
        joined = re.sub(r"\\\n\s*", "", block)
        return [line.split("  #")[0].strip() for line in joined.splitlines() if line.strip()]

    def says(self, phrase: str) -> None:
        assert phrase in " ".join(self.text.split()), f"the document no longer says: {phrase}"

    def __call__(
        self, line: str, cwd: Path, placeholders: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        assert any(line in block for block in self.blocks) or line in self.inline, f"not in the document: {line}"
        for old, new in {**self.replace, **(placeholders or {})}.items():
            line = line.replace(old, new)
        cwd.mkdir(parents=True, exist_ok=True)
        return subprocess.run(["bash", "-c", line], cwd=cwd, env=self.env, capture_output=True, text=True, timeout=120)


def test_two_machines_walkthrough_as_written(tmp_path: Path) -> None:
    shared = tmp_path / "share" / "allotment"  # the folder both machines reach
    run = Walkthrough(ROOT / "examples" / "two-machines.md", tmp_path, {"/mnt/shared/allotment": str(shared)})
    laptop, server = tmp_path / "laptop", tmp_path / "server"
    on_laptop, on_server, either = run.blocks
    shutil.copytree(DEMO_FIELD, laptop / "allotment")  # "where the field already exists"
    for line in on_laptop:
        ok(run(line, laptop))
    for line in on_server:
        ok(run(line, server))
    assert pages(server / "allotment") == pages(laptop / "allotment") == pages(DEMO_FIELD)
    assert either == ["memsync sync allotment"]
    sync = either[0]

    run.says("`up to date` and one read")
    assert "up to date" in ok(run(sync, laptop))

    run.says("Edits on different lines of the same page merge; the output says `merged changes from both sides`")
    edit(laptop / "allotment" / "soil-ph.md", "between 6.2 and 6.4", "between 6.1 and 6.4")
    edit(server / "allotment" / "soil-ph.md", "heavy clay loam", "heavy clay")
    ok(run(sync, laptop))
    assert "merged changes from both sides" in ok(run(sync, server))
    ok(run(sync, laptop))
    merged = (laptop / "allotment" / "soil-ph.md").read_text()
    assert "6.1 and 6.4" in merged and "heavy clay that" in merged
    assert pages(laptop / "allotment") == pages(server / "allotment")

    run.says("`memsync push` alone refuses (exit 4) when the other machine pushed since your last sync")
    run.says("`memsync status allotment` shows what a sync would do without doing it")
    (laptop / "allotment" / "soil-ph.md").write_text(merged + "Lime again in December.\n")
    ok(run("memsync push allotment", laptop))
    (server / "allotment" / "comfrey-tea-feed.md").write_text("# Comfrey tea\n\nFeed weekly.\n")
    before = pages(server / "allotment")
    status = ok(run("memsync status allotment", server))
    assert "soil-ph.md" in status and "comfrey-tea-feed.md" in status
    assert pages(server / "allotment") == before
    assert run("memsync push allotment", server).returncode == 4
    ok(run(sync, server))
    ok(run(sync, laptop))
    assert pages(laptop / "allotment") == pages(server / "allotment")

    run.says("your page stays as it is, the other version lands beside it as `PAGE--conflict-origin-1a2b3c4d.md`")
    run.says("the command exits 3. Merge by hand, delete the copy, sync again")
    edit(laptop / "allotment" / "soil-ph.md", "Potatoes are kept out of", "Potatoes stay out of")
    edit(server / "allotment" / "soil-ph.md", "Potatoes are kept out of", "Never plant potatoes in")
    ok(run(sync, laptop))
    mine = (server / "allotment" / "soil-ph.md").read_text()
    assert run(sync, server).returncode == 3
    [copy] = (server / "allotment").glob("soil-ph--conflict-*")
    assert re.fullmatch(r"soil-ph--conflict-origin-[0-9a-f]{8}\.md", copy.name)
    assert (server / "allotment" / "soil-ph.md").read_text() == mine
    assert "Potatoes stay out of" in copy.read_text()

    (server / "allotment" / "soil-ph.md").write_text(mine.replace("Never plant potatoes in", "Potatoes never go in"))
    copy.unlink()
    ok(run(sync, server))
    ok(run(sync, laptop))
    assert "Potatoes never go in" in (laptop / "allotment" / "soil-ph.md").read_text()
    assert pages(laptop / "allotment") == pages(server / "allotment")
    assert not list((laptop / "allotment").glob("*--conflict-*"))


@pytest.mark.skipif(shutil.which("unzip") is None, reason="the walkthrough checks the archive with unzip")
def test_publishing_walkthrough_as_written(s3_server: Any, tmp_path: Path) -> None:
    bucket = s3_server.new_bucket()
    repo = tmp_path / "memories.git"
    subprocess.run(["git", "init", "-q", "--bare", str(repo)], check=True)
    run = Walkthrough(
        ROOT / "examples" / "publishing.md",
        tmp_path,
        {"s3://demo-bucket/": f"s3://{bucket}/", "git+https://github.com/acme/memories.git": f"git+file://{repo}"},
        aws_env(s3_server),
    )
    publishing, rebuilding, checking, consuming = run.blocks
    ci, consumer = tmp_path / "ci", tmp_path / "consumer"
    shutil.copytree(DEMO_FIELD, ci / "examples" / "demo-field")  # a checkout of this repository

    [keygen, publish] = publishing
    ok(run(keygen, ci))
    assert (ci / "ci-key").exists() and (ci / "ci-key.pub").exists()
    run.says("It prints the pins consumers use: - `archive_sha256`")
    pins = json.loads(ok(run(publish, ci)))
    assert pins["signed"] is True and len(pins["destinations"]) == 3
    assert pins["archive_sha256"] == sha256(ci / "dist" / "demo.memoryfield.zip")
    assert not (ci / "examples" / "demo-field" / "SHA256SUMS").exists()  # the checkout is left as it was

    run.says("packing them again gives the same sha256")
    for line in rebuilding:
        ok(run(line, ci))
    assert sha256(ci / "rebuilt.memoryfield.zip") == pins["archive_sha256"]
    assert pins["digest"] == "sha256:" + sha256(ci / "rebuilt" / "SHA256SUMS")

    checked = {line: run(line, ci) for line in checking}
    for result in checked.values():
        ok(result)
    verified = [result for line, result in checked.items() if line.startswith("ssh-keygen -Y verify")]
    assert len(verified) == 2
    for result in verified:
        assert 'Good "memsync" signature for ci@acme' in result.stdout + result.stderr
    assert "soil-ph.md: OK" in checked["(cd published && sha256sum -c SHA256SUMS)"].stdout

    # The consumer has the public key and a downloaded archive.
    consumer.mkdir()
    shutil.copy(ci / "ci-key.pub", consumer)
    shutil.copy(ci / "dist" / "demo.memoryfield.zip", consumer)
    init, trust, follow, pin_archive, pin_digest, later = consuming
    pinned = {"<archive_sha256>": pins["archive_sha256"], "<digest>": pins["digest"]}
    for line in (init, trust, follow):
        ok(run(line, consumer))
    run.says("A mismatch, or anything that is not 64 hex digits, is refused with one line and nothing is written")
    for wrong in ("0" * 64, "sha256:" + "0" * 64, "abc", pins["archive_sha256"][:63]):
        assert_one_line_error(run(pin_archive, consumer, {**pinned, "<archive_sha256>": wrong}))
        assert not (consumer / "demo-pinned").exists()
    for line in (pin_archive, pin_digest):
        ok(run(line, consumer, pinned))
    for field in ("demo", "demo-pinned", "demo-git"):
        assert pages(consumer / field) == pages(DEMO_FIELD), field
    lock = json.loads((consumer / "memsync.lock").read_text())["fields"]
    assert lock["demo"]["signer"] == "ci@acme" and lock["demo-pinned"]["archive_sha256"] == pins["archive_sha256"]

    run.says("signed versions follow on their own")
    edit(ci / "examples" / "demo-field" / "soil-ph.md", "between 6.2 and 6.4", "between 6.1 and 6.4")
    newer = json.loads(ok(run(publish, ci)))
    assert newer["digest"] != pins["digest"]
    ok(run(later, consumer))
    assert "6.1 and 6.4" in (consumer / "demo" / "soil-ph.md").read_text()


def test_everyday_use_as_written(tmp_path: Path) -> None:
    readme = ROOT / "README.md"
    section = readme.read_text().split("## Everyday use", 1)[1].split("\n## ", 1)[0]
    doc = tmp_path / "everyday.md"
    doc.write_text(section)
    shared = tmp_path / "share" / "notes"
    run = Walkthrough(doc, tmp_path, {"/mnt/shared/notes": str(shared)})
    here, there = tmp_path / "here", tmp_path / "there"
    (here / "notes").mkdir(parents=True)
    (here / "notes" / "one.md").write_text("# One\n\nline one\n")
    lines = run.blocks[0]
    clone = lines.index("memsync clone /mnt/shared/notes")
    for line in lines[:clone]:
        ok(run(line, here))
    run.says("# on the other machine, after its own memsync init")
    ok(run(lines[0], there))
    for line in lines[clone:]:
        ok(run(line, there))
    assert pages(there / "notes") == pages(here / "notes")


def test_identity_and_key_rotation_walkthrough_as_written(tmp_path: Path) -> None:
    """README's "One trust record per field, and keys that change", alice and bob in turn."""
    section = (ROOT / "README.md").read_text().split("### One trust record per field, and keys that change", 1)[1]
    doc = tmp_path / "identity.md"
    doc.write_text(section.split("\n### ", 1)[0])
    home = tmp_path / "home"
    (home / ".ssh").mkdir(parents=True)
    site = tmp_path / "srv" / "diary"
    env = {**os.environ, "HOME": str(home), "MEMSYNC_EMBEDDER": "builtin", "MEMSYNC_SIGNING_KEY": ""}
    run = Walkthrough(doc, tmp_path, {"/srv/diary": str(site)}, env)
    alice, bob = tmp_path / "alice", tmp_path / "bob"
    keygen, publish, trust, clone, rename, keygen2, rotate, pull, blame = run.blocks[0]
    for ws in (alice, bob):
        ws.mkdir()
        ok(run_cli("init", cwd=ws, env=run.env))
    (alice / "diary").mkdir()
    (alice / "diary" / "wok.md").write_text("# Wok\n\nSeason it with flaxseed oil.\n")
    ok(run_cli("add", "diary", cwd=alice, env=run.env))

    ok(run(keygen, alice))
    ok(run(publish, alice))
    ok(run(trust, bob))
    cloned = ok(run(clone, bob))
    assert "this field is 'diary' from now on" in cloned
    record = json.loads((bob / ".memsync" / "fields" / "diary" / "trust.json").read_text())
    assert record["identity"]["name"] == "diary" and record["release"]["version"] == 1
    ok(run(rename, bob))
    assert json.loads((bob / ".memsync" / "fields" / "diary" / "trust.json").read_text()) == record

    (bob / "diary" / "wok.md").write_text("# Wok\n\nSeason it with flaxseed oil.\n\nBob: mine is carbon steel.\n")
    (alice / "diary" / "wok.md").write_text("# Wok\n\nAlice: heat it first.\n\nSeason it with flaxseed oil.\n")
    ok(run(keygen2, alice))
    ok(run(rotate, alice))
    pulled = ok(run(pull, bob))
    assert "rotated to" in pulled, pulled
    v2 = (home / ".ssh" / "alice_v2.pub").read_text().split()[1]
    assert v2 in (bob / ".memsync" / "allowed_signers").read_text()
    checked = subprocess.run(
        ["ssh-keygen", "-Y", "verify", "-f", bob / ".memsync" / "allowed_signers", "-I", "alice", "-n", "memsync",
         "-s", site / "SHA256SUMS.sig"],
        input=(site / "SHA256SUMS").read_bytes(), capture_output=True, timeout=30,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stderr
    lines = {line.split(") ", 1)[1]: line.split(" ", 1)[0] for line in ok(run(blame, bob)).splitlines() if ") " in line}
    assert lines["Alice: heat it first."] == "signed" and lines["Bob: mine is carbon steel."] == "yours", lines


def test_everyday_use_option_claims() -> None:
    """README: every command but serve takes --json; the commands it names take --dry-run."""
    text = " ".join((ROOT / "README.md").read_text().split())
    claim = re.search(r"a field, the workspace or a remote also take `--dry-run` \((.*?)\)\.", text)
    assert claim and "Every command but `serve` takes `--json`" in text
    named = re.findall(r"`([a-z -]+)`", claim[1])
    commands = every_command()
    options = {name: {o for p in cmd.params for o in getattr(p, "opts", [])} for name, cmd in commands.items()}
    assert sorted(n for n, opts in options.items() if "--json" not in opts) == ["serve"]
    for name in named:
        assert "--dry-run" in options[name], name
    # The others read, or run the ones named (watch, demo), or are the server.
    readers = {"blame", "conflicts", "fields", "history", "log", "quarantine", "review", "search", "status", "validate"}
    readers |= {"verify", "remote list", "remote options", "trust list", "watch", "demo", "serve"}
    assert {n for n, opts in options.items() if "--dry-run" not in opts} == readers


def test_continuous_sync_cron_line_as_written(tmp_path: Path) -> None:
    """The cron line syncs every field of the workspace in $HOME/memsync and, with
    nothing wrong, prints nothing (so cron sends no mail), run as cron runs it:
    ``/bin/sh`` with cron's environment (``PATH=/usr/bin:/bin``, ``HOME``), memsync
    installed where pipx puts it."""
    doc = (ROOT / "examples" / "continuous-sync.md").read_text()
    [cron] = re.findall(r"```cron\n(.*?)\n```", doc, re.S)
    command = cron.split(None, 5)[5]  # after the five schedule fields
    home = tmp_path / "home"
    run = Walkthrough(ROOT / "examples" / "continuous-sync.md", tmp_path, {})
    agent = home / "memsync"
    for name in ("notes", "diary"):
        (agent / name).mkdir(parents=True)
        (agent / name / "first.md").write_text(f"# {name}\n")
    setup = ["memsync init", "memsync add notes ./notes", "memsync add diary ./diary"]
    setup += [f"memsync remote add {name} origin {tmp_path / 'share' / name}" for name in ("notes", "diary")]
    for line in setup:
        subprocess.run(["bash", "-c", line], cwd=agent, env=run.env, check=True, capture_output=True)
    installed = home / ".local" / "bin" / "memsync"
    installed.parent.mkdir(parents=True)
    installed.symlink_to(Path(sys.executable).parent / "memsync")
    cron_env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "SHELL": "/bin/sh", "LOGNAME": "memsync-test"}
    said = subprocess.run(
        ["/usr/bin/env", "-i", *(f"{k}={v}" for k, v in cron_env.items()), "/bin/sh", "-c", command],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert (said.returncode, said.stdout, said.stderr) == (0, "", "")
    for name in ("notes", "diary"):
        assert pages(tmp_path / "share" / name) == pages(agent / name)
