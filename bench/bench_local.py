#!/usr/bin/env python3
"""Local benchmark: memsync next to zip, unzip and sha256sum on one generated field.

Generates a field of N pages (2-8 KB of seeded, text-like Markdown with YAML
frontmatter), then times, in the same run and on the same files:

- pack:      memsync ``write_field`` into the archive file  vs  ``zip -X -r -q``
- unpack:    memsync ``unpack`` of its own archive          vs  ``unzip -q`` of it
- manifest:  memsync ``scan`` (no stat cache) + SHA256SUMS  vs  ``sha256sum *.md > SHA256SUMS``
- first push to an empty folder remote, first pull (clone) into a second
  workspace, a no-op sync with a warm stat cache, and a sync after changing
  10 pages, with the backend calls each one makes.

Every memsync repetition runs in a fresh child interpreter (this script with
``--child``); the child times the operation itself (imports and interpreter
start-up excluded) and the parent reads the child's peak RSS from
``os.wait4``. Reference tools are timed from the parent around the process
(fork/exec included; it is a millisecond or two) and their peak RSS comes from
``os.wait4`` too. ``memsync pack`` through the CLI is timed once end to end,
interpreter start-up included.

Run ``python bench/bench_local.py --help``; see bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

FIELD_NAME = "bench"
REMOTE_NAME = "origin"
CHANGED_PAGES = 10
SEED = 20261129
MIN_PAGE, MAX_PAGE = 2048, 8192
NOOP_BUDGET = 2  # brief §8: a no-op sync makes at most 2 requests
WRITE_CONSTANT = 1  # brief §8: 10 changed pages cost at most 10 page writes + a constant (the manifest commit)

# -- generating the field -------------------------------------------------------


def _split(text: str) -> list[str]:
    return text.split()


_ONSETS = _split("b c d f g h j k l m n p r s t v w z br cl dr fl gr pl pr sh st th tr ch")
_VOWELS = _split("a e i o u a e i o ea ai ou io")
_CODAS = ["", "", "", "n", "r", "s", "t", "l", "nd", "st", "ng", "rk", "m"]
_COMMON = _split(
    "the of and to in a is that for it as was with be by on not he this are or his from at which but "
    "have an they you were her all she there would their we him been has when who will no more if out "
    "so up said what its about into than them can only other time new some could these two may first"
)


def _vocabulary(rng: random.Random, size: int) -> list[str]:
    words: set[str] = set()
    while len(words) < size:
        syllables = rng.choice((1, 1, 2, 2, 2, 3, 3, 4))
        words.add("".join(rng.choice(_ONSETS) + rng.choice(_VOWELS) + rng.choice(_CODAS) for _ in range(syllables)))
    return _COMMON + sorted(words)


class PageWriter:
    """Seeded, text-like pages: Zipf-distributed words, sentences, lists, links."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.vocab = _vocabulary(self.rng, 3000)
        weights = [1.0 / (rank + 1) ** 1.15 for rank in range(len(self.vocab))]
        total, running = sum(weights), 0.0
        self.cum = []
        for w in weights:
            running += w / total
            self.cum.append(running)
        self.names: list[str] = []

    def words(self, k: int) -> list[str]:
        return self.rng.choices(self.vocab, cum_weights=self.cum, k=k)

    def sentence(self) -> str:
        words = self.words(self.rng.randint(6, 22))
        text = " ".join(words)
        if self.names and self.rng.random() < 0.08:
            target = self.rng.choice(self.names)
            text += f" (see [{target[:-3].replace('-', ' ')}]({target}))"
        return text[0].upper() + text[1:] + self.rng.choice(".....?!")

    def page(self, index: int, when: datetime) -> tuple[str, bytes]:
        rng = self.rng
        title_words = self.words(rng.randint(2, 6))
        title = " ".join(title_words).capitalize()
        name = f"{'-'.join(title_words)[:60].strip('-')}-{index:05d}.md"
        created = when - timedelta(days=rng.randint(30, 900), seconds=rng.randint(0, 86399))
        updated = created + timedelta(days=rng.randint(0, 29), seconds=rng.randint(0, 86399))
        summary = self.sentence().replace('"', "'")
        head = (
            "---\n"
            f"title: {title}\n"
            f"uuid: {uuid.UUID(int=rng.getrandbits(128), version=4)}\n"
            f'summary: "{summary}"\n'
            f"created: {created.strftime('%Y-%m-%dT%H:%M:%SZ')}\n"
            f"updated: {updated.strftime('%Y-%m-%dT%H:%M:%SZ')}\n"
            "---\n\n"
            f"# {title}\n"
        )
        target = rng.randint(MIN_PAGE, MAX_PAGE)
        parts = [head]
        size = len(head)
        while size < target:
            roll = rng.random()
            if roll < 0.12:
                block = "\n## " + " ".join(self.words(rng.randint(2, 5))).capitalize() + "\n"
            elif roll < 0.25:
                block = "\n" + "".join(f"- {self.sentence()}\n" for _ in range(rng.randint(2, 6)))
            else:
                block = "\n" + " ".join(self.sentence() for _ in range(rng.randint(2, 7))) + "\n"
            parts.append(block)
            size += len(block)
        text = "".join(parts)
        if len(text) > target:
            cut = text.rfind(" ", len(head), target - 1)
            text = text[: cut if cut > len(head) else target - 1].rstrip() + "\n"
        self.names.append(name)
        return name, text.encode("utf-8")


def generate_field(root: Path, pages: int, seed: int) -> int:
    root.mkdir(parents=True, exist_ok=True)
    writer = PageWriter(seed)
    when = datetime(2026, 11, 1, tzinfo=UTC)
    total = 0
    for index in range(pages):
        name, data = writer.page(index, when)
        (root / name).write_bytes(data)
        total += len(data)
    return total


def age_files(root: Path, seconds: float = 3600.0) -> None:
    """Back-date every file so the stat cache trusts it (it ignores files whose mtime or
    ctime is under 2 s old): the mtime is set back, the ctime that this moves is waited out."""
    stamp = time.time() - seconds
    for entry in os.scandir(root):
        if entry.is_file(follow_symlinks=False):
            os.utime(entry.path, (stamp, stamp))
    time.sleep(2.1)


def edit_pages(root: Path, rng: random.Random, count: int, round_number: int) -> list[str]:
    names = sorted(n for n in os.listdir(root) if n.endswith(".md"))
    chosen = rng.sample(names, count)
    for name in chosen:
        path = root / name
        text = path.read_text()
        path.write_text(text + f"\nEdited in bench round {round_number}: {rng.getrandbits(64):016x}.\n")
    return chosen


# -- running things and measuring them -------------------------------------------


def run_process(
    argv: list[str], cwd: Path | None = None, env: dict[str, str] | None = None, quiet: bool = False
) -> dict[str, Any]:
    """Run a process; wall time around it and its own peak RSS (KiB) from wait4."""
    start = time.perf_counter()
    stdout = subprocess.DEVNULL if quiet else None
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=stdout)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"bench: {' '.join(argv[:4])}… exited {proc.returncode}")
    return {"seconds": wall, "maxrss_kib": usage.ru_maxrss}


def run_child(op: str, args: dict[str, Any], scratch: Path, profile: Path | None = None) -> dict[str, Any]:
    """One memsync operation in a fresh interpreter: its own timing, counters and peak RSS."""
    result_path = scratch / f".child-{op}-{time.monotonic_ns()}.json"
    argv = [sys.executable, str(Path(__file__).resolve()), "--child", op, json.dumps(args), str(result_path)]
    if profile is not None:
        argv.append(str(profile))
    outer = run_process(argv)
    result = json.loads(result_path.read_text())
    result_path.unlink()
    result["maxrss_kib"] = outer["maxrss_kib"]
    result["process_seconds"] = outer["seconds"]
    return result


class Series:
    """Repetitions of one operation."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.runs: list[dict[str, Any]] = []

    def add(self, run: dict[str, Any]) -> None:
        self.runs.append(run)

    @property
    def times(self) -> list[float]:
        return [r["seconds"] for r in self.runs]

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def minimum(self) -> float:
        return min(self.times)

    @property
    def peak_kib(self) -> int:
        return max(r["maxrss_kib"] for r in self.runs)

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "seconds": self.times,
            "median_seconds": self.median,
            "min_seconds": self.minimum,
            "peak_rss_kib": self.peak_kib,
            "runs": self.runs,
        }


def say(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def revision() -> str:
    """The memsync checkout measured: commit, and '+dirty' when memsync/ or backends/ differ from it."""
    here = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "memsync"], cwd=here, capture_output=True, text=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")


def _revisions(start: str, end: str) -> str:
    # Children import memsync afresh: say so when the checkout moved under the run.
    return start if start == end else f"{start}, changed to {end} during the run"


def memsync_cli() -> list[str]:
    script = Path(sys.executable).with_name("memsync")
    return [str(script)] if script.exists() else [sys.executable, "-m", "memsync"]


def new_workspace(root: Path, field_path: Path, remote: Path) -> Path:
    from memsync.workspace import Workspace

    ws = Workspace.init(root)
    ws.add_field(FIELD_NAME, field_path)
    ws.add_remote(FIELD_NAME, REMOTE_NAME, str(remote), {})
    return root


def content_listing(root: Path) -> list[str]:
    return sorted((n for n in os.listdir(root) if n.endswith(".md") or n == "SHA256SUMS"), key=str.encode)


# -- the benchmark ----------------------------------------------------------------


def bench(opts: argparse.Namespace) -> dict[str, Any]:
    base = Path(opts.keep).absolute() if opts.keep else Path(tempfile.mkdtemp(prefix="memsync-bench-"))
    base.mkdir(parents=True, exist_ok=True)
    if any(base.iterdir()):
        raise SystemExit(f"bench: {base} is not empty")
    try:
        return _bench(base, opts)
    finally:
        if not opts.keep:
            shutil.rmtree(base, ignore_errors=True)


def _bench(base: Path, opts: argparse.Namespace) -> dict[str, Any]:
    reps: int = opts.repeat
    revision_at_start = revision()
    profile_dir = Path(opts.profile).absolute() if opts.profile else None
    if profile_dir:
        profile_dir.mkdir(parents=True, exist_ok=True)
    env_c = {**os.environ, "LC_ALL": "C"}
    field = base / "field"
    scratch = base / "scratch"
    scratch.mkdir()
    series: dict[str, Series] = {}
    sizes: dict[str, int] = {}
    checks: list[str] = []

    def prof(op: str, rep: int) -> Path | None:
        return profile_dir / f"{op}-{rep}.prof" if profile_dir else None

    def child(key: str, label: str, op: str, args: dict[str, Any], rep: int) -> dict[str, Any]:
        os.sync()  # untimed: no earlier run's dirty pages get flushed on this one's clock
        result = run_child(op, args, scratch, prof(key, rep))
        series.setdefault(key, Series(label)).add(result)
        return result

    def tool(key: str, label: str, argv: list[str], cwd: Path | None = None) -> dict[str, Any]:
        os.sync()
        result = run_process(argv, cwd=cwd, env=env_c)
        series.setdefault(key, Series(label)).add(result)
        return result

    say(f"generating {opts.pages} pages in {field}")
    t0 = time.perf_counter()
    raw_bytes = generate_field(field, opts.pages, SEED)
    age_files(field)
    sizes["pages_bytes"] = raw_bytes
    say(f"generated {raw_bytes / 1e6:.1f} MB in {time.perf_counter() - t0:.1f} s")

    say("baseline: an idle child with memsync imported")
    child("idle", "python + memsync imports (floor)", "idle", {}, 0)

    # -- manifest: scan without a stat cache + SHA256SUMS vs sha256sum ------------
    sums = field / "SHA256SUMS"
    for rep in range(reps):
        say(f"manifest {rep + 1}/{reps}")
        sums.unlink(missing_ok=True)
        child("manifest", "memsync scan (no cache) + SHA256SUMS", "manifest", {"field": str(field)}, rep)
        ours = sums.read_bytes()
        sums.unlink()
        tool("sha256sum", "sha256sum *.md > SHA256SUMS", ["sh", "-c", "sha256sum *.md > SHA256SUMS"], cwd=field)
        theirs = sums.read_bytes()
        if ours != theirs:
            raise SystemExit("bench: memsync's SHA256SUMS differs from sha256sum's")
    checks.append("SHA256SUMS written by memsync is byte-identical to sha256sum's")
    age_files(field)

    # -- pack vs zip ------------------------------------------------------------
    listing = content_listing(field)
    archive = scratch / f"{FIELD_NAME}.memoryfield.zip"
    digests = set()
    for rep in range(reps):
        say(f"pack {rep + 1}/{reps}")
        archive.unlink(missing_ok=True)
        result = child("pack", "memsync write_field", "pack", {"field": str(field), "out": str(archive)}, rep)
        digests.add(result["sha256"])
        for key, level in (("zip", []), ("zip9", ["-9"])):
            out = scratch / f"{key}.zip"
            out.unlink(missing_ok=True)
            label = f"zip {' '.join(level)} -X -r -q".replace("  ", " ")
            tool(key, label, ["zip", *level, "-X", "-r", "-q", str(out), *listing], cwd=field)
    if len(digests) != 1:
        raise SystemExit(f"bench: memsync pack gave {len(digests)} different archives")
    checks.append(f"memsync pack is byte-reproducible across {reps} runs")
    sizes["memsync_archive_bytes"] = archive.stat().st_size
    sizes["zip_bytes"] = (scratch / "zip.zip").stat().st_size
    sizes["zip9_bytes"] = (scratch / "zip9.zip").stat().st_size

    say("pack through the CLI, once")
    cli_archive = scratch / "cli.memoryfield.zip"
    os.sync()
    cli = run_process([*memsync_cli(), "pack", str(field), "-o", str(cli_archive)], cwd=scratch, quiet=True)
    # Shown like a one-sample series.
    series["pack_cli"] = Series("memsync pack (CLI, end to end, 1 run)")
    series["pack_cli"].add(cli)
    if cli_archive.read_bytes() != archive.read_bytes():
        raise SystemExit("bench: the CLI's archive differs from the library's")
    cli_archive.unlink()

    # -- unpack vs unzip --------------------------------------------------------
    for rep in range(reps):
        say(f"unpack {rep + 1}/{reps}")
        dest = scratch / f"unpack-{rep}"
        child("unpack", "memsync unpack", "unpack", {"archive": str(archive), "dest": str(dest)}, rep)
        dest_ref = scratch / f"unzip-{rep}"
        tool("unzip", "unzip -q", ["unzip", "-q", str(archive), "-d", str(dest_ref)])
        if sorted(os.listdir(dest)) != sorted(os.listdir(dest_ref)):
            raise SystemExit("bench: unpack and unzip produced different file sets")
        shutil.rmtree(dest)
        shutil.rmtree(dest_ref)
    for name in ("zip.zip", "zip9.zip"):
        (scratch / name).unlink()

    # -- first push, first pull -------------------------------------------------
    push_ws = remote = None
    for rep in range(reps):
        say(f"first push {rep + 1}/{reps}")
        if push_ws is not None and remote is not None:
            shutil.rmtree(push_ws)
            shutil.rmtree(remote)
        push_ws, remote = base / f"ws-push-{rep}", base / f"remote-{rep}"
        remote.mkdir()
        new_workspace(push_ws, field, remote)
        child("push", "first push to an empty folder", "sync", {"ws": str(push_ws), "mode": "push"}, rep)
    assert push_ws is not None and remote is not None
    if (remote / "SHA256SUMS").read_bytes() != sums.read_bytes():
        raise SystemExit("bench: the remote's SHA256SUMS is not the field's")

    pull_ws = None
    for rep in range(reps):
        say(f"first pull {rep + 1}/{reps}")
        if pull_ws is not None:
            shutil.rmtree(pull_ws)
        pull_ws = base / f"ws-pull-{rep}"
        new_workspace(pull_ws, pull_ws / FIELD_NAME, remote)
        child("pull", "first pull (clone) into a new workspace", "sync", {"ws": str(pull_ws), "mode": "pull"}, rep)
    assert pull_ws is not None
    if (pull_ws / FIELD_NAME / "SHA256SUMS").read_bytes() != sums.read_bytes():
        raise SystemExit("bench: the pulled field's SHA256SUMS is not the original's")
    checks.append("pushed and pulled fields carry the original SHA256SUMS")

    # -- no-op sync (warm stat cache), then sync after editing 10 pages ---------
    age_files(field)
    say("sync with a cold stat cache (fills it)")
    child("sync_cold", "no-op sync, cold stat cache (1 run)", "sync", {"ws": str(push_ws), "mode": "sync"}, 0)
    for rep in range(reps):
        say(f"no-op sync {rep + 1}/{reps}")
        child("noop", "no-op sync, warm stat cache", "sync", {"ws": str(push_ws), "mode": "sync"}, rep)
    edit_rng = random.Random(SEED + 1)
    for rep in range(reps):
        say(f"sync after editing {CHANGED_PAGES} pages {rep + 1}/{reps}")
        edit_pages(field, edit_rng, CHANGED_PAGES, rep)
        result = child(
            "changed", f"sync after editing {CHANGED_PAGES} pages", "sync", {"ws": str(push_ws), "mode": "sync"}, rep
        )
        if result["report"]["remote_changes"] != CHANGED_PAGES:
            raise SystemExit(f"bench: expected {CHANGED_PAGES} remote changes, got {result['report']}")
    if (remote / "SHA256SUMS").read_bytes() != sums.read_bytes():
        raise SystemExit("bench: after the syncs the remote's SHA256SUMS is not the field's")
    checks.append("after the edit syncs the remote's SHA256SUMS equals the field's")

    return {
        "meta": {
            "pages": opts.pages,
            "repeat": reps,
            "seed": SEED,
            "revision": _revisions(revision_at_start, revision()),
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "when": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "directory": str(base) if opts.keep else None,
            "memory": "peak RSS (ru_maxrss) of the process that ran the operation, from os.wait4; "
            "each memsync repetition is a fresh Python child, so its figure includes the interpreter floor",
        },
        "sizes": sizes,
        "series": {key: s.to_json() for key, s in series.items()},
        "ratios": {
            f"{a}/{b}": series[a].median / series[b].median
            for a, b in (("pack", "zip"), ("pack", "zip9"), ("unpack", "unzip"), ("manifest", "sha256sum"))
        },
        "ratios_of_minimums": {
            f"{a}/{b}": series[a].minimum / series[b].minimum
            for a, b in (("pack", "zip"), ("pack", "zip9"), ("unpack", "unzip"), ("manifest", "sha256sum"))
        },
        "checks": checks,
    }


# -- the report ------------------------------------------------------------------


def fmt_time(seconds: float) -> str:
    if seconds >= 10:
        return f"{seconds:.1f} s"
    if seconds >= 1:
        return f"{seconds:.2f} s"
    return f"{seconds * 1000:.0f} ms" if seconds >= 0.1 else f"{seconds * 1000:.1f} ms"


def fmt_size(n: int) -> str:
    return f"{n:,} B"


def fmt_bytes(n: float) -> str:
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n:.0f} B"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _calls(run: dict[str, Any]) -> str:
    calls = Counter(run["calls"])
    lock = calls.pop("transaction", 0)
    shown = ", ".join(f"{k} {v}" for k, v in sorted(calls.items()))
    return (shown or "none") + (f"; {lock} lock" if lock else "")


def render(data: dict[str, Any]) -> str:
    meta, sizes, series, ratios = data["meta"], data["sizes"], data["series"], data["ratios"]
    lines = [
        f"memsync local bench: {meta['pages']} pages, {fmt_bytes(sizes['pages_bytes'])} of Markdown, "
        f"{meta['repeat']} repetitions; memsync {meta['revision']}, Python {meta['python']}, "
        f"{meta['cpus']} CPUs, {meta['when']}",
        "Warm page cache (dirty pages synced before each run), shared machine: compare ratios within this run only. "
        "Peak = max RSS of the process (memsync: a fresh Python child per run).",
        "",
    ]
    header = f"{'operation':<44} {'median':>9} {'min':>9} {'peak':>9} {'ratio':>7}  notes"
    lines += [header, "-" * len(header)]

    def row(key: str, ratio_to: str | None = None, notes: str = "", timed: bool = True) -> None:
        s = series[key]
        ratio = f"{s['median_seconds'] / series[ratio_to]['median_seconds']:.2f}x" if ratio_to else ""
        if ratio_to and len(s["runs"]) > 1:
            notes += f" (ratio of mins {s['min_seconds'] / series[ratio_to]['min_seconds']:.2f}x)"
        peak = f"{s['peak_rss_kib'] / 1024:.0f} MiB"
        median, least = (fmt_time(s["median_seconds"]), fmt_time(s["min_seconds"])) if timed else ("-", "-")
        lines.append(f"{s['label']:<44} {median:>9} {least:>9} {peak:>9} {ratio:>7}  {notes}".rstrip())

    row("idle", notes="interpreter floor, included in every memsync peak below", timed=False)
    lines.append("")
    row("pack", "zip", f"vs zip; archive {fmt_size(sizes['memsync_archive_bytes'])}")
    row("zip", notes=f"archive {fmt_size(sizes['zip_bytes'])} (deflate level 6)")
    row("zip9", notes=f"archive {fmt_size(sizes['zip9_bytes'])} (deflate level 9, as memsync)")
    lines.append(
        f"{'':<44} {'':>9} {'':>9} {'':>9} {ratios['pack/zip9']:>6.2f}x  memsync pack vs zip -9"
        f" (ratio of mins {data['ratios_of_minimums']['pack/zip9']:.2f}x)"
    )
    row("pack_cli", "zip", "interpreter start-up included")
    lines.append("")
    row("unpack", "unzip", "vs unzip, same archive")
    row("unzip")
    lines.append("")
    row("manifest", "sha256sum", "vs sha256sum; identical SHA256SUMS bytes")
    row("sha256sum")
    lines.append("")
    budgets = {
        "noop": lambda n, w: f"budget <= {NOOP_BUDGET} requests: {'OK' if n <= NOOP_BUDGET else 'OVER'}",
        "changed": lambda n, w: (
            f"budget <= {CHANGED_PAGES}+{WRITE_CONSTANT} writes: "
            f"{'OK' if w <= CHANGED_PAGES + WRITE_CONSTANT else 'OVER'}"
        ),
    }
    for key in ("push", "pull", "sync_cold", "noop", "changed"):
        s = series[key]
        run = max(s["runs"], key=lambda r: r["requests"])
        note = f"{_plural(run['requests'], 'request')}, {_plural(run['writes'], 'write')}"
        if key in budgets:
            note += "; " + budgets[key](run["requests"], run["writes"])
        row(key, notes=note)
        lines.append(
            f"{'':<44} {'':>9} {'':>9} {'':>9} {'':>7}  "
            f"{_calls(run)}; sent {fmt_bytes(run['bytes_sent'])}, received {fmt_bytes(run['bytes_received'])}"
        )
    lines += ["", "Checks: " + "; ".join(data["checks"]) + "."]
    return "\n".join(lines)


# -- the child side ----------------------------------------------------------------


def _install_counters(calls: Counter, moved: Counter) -> None:
    from memsync import protocol
    from memsync.remote import ManifestFile

    lock = threading.Lock()  # pushes and pulls call the remote from worker threads

    def wrap(cls: type, name: str, measure=None, counts=lambda args: True) -> None:  # type: ignore[no-untyped-def]
        original = getattr(cls, name)

        def counted(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            with lock:
                calls[name] += counts(args)
            result = original(self, *args, **kwargs)
            if measure is not None:
                with lock:
                    measure(args, result)
            return result

        setattr(cls, name, counted)

    def received(_args, result) -> None:  # type: ignore[no-untyped-def]
        if isinstance(result, bytes):
            moved["received"] += len(result)
        elif isinstance(result, ManifestFile):
            moved["received"] += len(result.data) + sum(len(d) for d in result.sidecars.values())

    def sent(args, _result) -> None:  # type: ignore[no-untyped-def]
        for arg in args:
            if isinstance(arg, bytes):
                moved["sent"] += len(arg)

    # The field protocol over the folder store: what a folder remote is asked.
    for name in ("fetch_manifest", "get"):
        wrap(protocol.FieldRemote, name, received)
    for name in ("list_names", "exists", "transaction"):
        wrap(protocol.FieldRemote, name)
    for name in ("put", "commit"):
        wrap(protocol._FieldWriter, name, sent)
    wrap(protocol._FieldWriter, "delete_many", counts=lambda args: bool(args[0]))  # [] sends nothing


def child_main(op: str, args: dict[str, Any], result_path: Path, profile: Path | None) -> None:
    from memsync.api import Memsync
    from memsync.archive import unpack, write_field
    from memsync.field import scan

    calls: Counter = Counter()
    moved: Counter = Counter()
    result: dict[str, Any] = {}

    def run() -> None:
        if op == "pack":
            with open(args["out"], "wb") as out:
                packed = write_field(Path(args["field"]), out)
            result.update(sha256=packed.sha256, bytes=packed.size)
        elif op == "unpack":
            report = unpack(Path(args["archive"]), Path(args["dest"]))
            result.update(files=report["files"])
        elif op == "manifest":
            root = Path(args["field"])
            (root / "SHA256SUMS").write_bytes(scan(root, None).to_bytes())
        elif op == "sync":
            m = Memsync.open(args["ws"])
            if args["mode"] == "push":
                report = m.push(FIELD_NAME, REMOTE_NAME)
            else:  # the index is a cache, not part of the sync measured
                report = getattr(m, args["mode"])(FIELD_NAME, REMOTE_NAME, index=False)
            result["report"] = {
                "local_changes": len(report.local_changes),
                "remote_changes": len(report.remote_changes),
                "conflicts": len(report.conflicts),
                "attempts": report.attempts,
            }
        elif op != "idle":
            raise SystemExit(f"bench: unknown child op {op!r}")

    if op == "sync":
        _install_counters(calls, moved)
    profiler = None
    if profile is not None:
        import cProfile

        profiler = cProfile.Profile()
    start = time.perf_counter()
    if profiler is not None:
        profiler.runcall(run)
    else:
        run()
    result["seconds"] = time.perf_counter() - start
    if profiler is not None and profile is not None:
        profiler.dump_stats(profile)
    if op == "sync":
        counted = Counter(calls)
        counted.pop("transaction", None)
        result.update(
            calls=dict(calls),
            requests=sum(counted.values()),
            writes=calls["put"] + calls["delete_many"] + calls["commit"],
            bytes_sent=moved["sent"],
            bytes_received=moved["received"],
        )
    result_path.write_text(json.dumps(result))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=10_000, help="pages in the generated field (default 10000)")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions of each operation (default 5)")
    parser.add_argument("--keep", metavar="DIR", help="work in DIR (must be empty or new) and keep it")
    parser.add_argument("--json", metavar="PATH", help="also write every figure as JSON to PATH")
    parser.add_argument(
        "--profile", metavar="DIR", help="run memsync children under cProfile, one .prof per run in DIR (slows them)"
    )
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    opts = parser.parse_args(argv)
    if opts.child:
        op, args, result_path, *rest = opts.child
        child_main(op, json.loads(args), Path(result_path), Path(rest[0]) if rest else None)
        return 0
    if opts.pages < CHANGED_PAGES or opts.repeat < 1:
        parser.error(f"--pages must be at least {CHANGED_PAGES} and --repeat at least 1")
    for exe in ("zip", "unzip", "sha256sum", "sh"):
        if shutil.which(exe) is None:
            parser.error(f"{exe} is not on PATH")
    data = bench(opts)
    print(render(data))
    if opts.json:
        Path(opts.json).write_text(json.dumps(data, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
