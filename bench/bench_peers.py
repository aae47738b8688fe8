#!/usr/bin/env python3
"""memsync next to the tools people would otherwise use, row by row, in one run.

Rows (see bench/README.md for what each one runs):

- ``folder``: a folder remote at 100,000 pages: first push and clone against
  ``rsync -a``; no-op sync, status, a 10-page push and the pull of those 10
  pages against the same rsync (a no-op ``rsync -a``, ``rsync -an``);
- ``git``: a git remote at 5,000 pages: first push, 10-page push and fresh
  clone against ``git add/commit/push`` and ``git clone`` of the same tree;
- ``http``: a clone of 5,000 pages from ``memsync serve`` against ``wget -r``
  and ``curl`` of ``memoryfield.zip`` + ``unzip``;
- ``index``: ``memsync index`` against ``memoryfield-tool index`` on one
  Ollama-API server (``tests/ollama_support.py``), 2,000 pages;
- ``s3``: ``bench_s3.py`` (memsync, rclone, aws on one moto server) at 5,000
  and 10,000 pages, folded into the same summary.

Every figure is a whole CLI process started by ``bench_s3.Launcher`` (wall
time around it, peak RSS from ``wait4``); each row repeats ``--repeat`` times,
the tools interleaved, and reports medians. The summary gives memsync's
median over the best peer's. ``--quick`` is a smoke run of every row on small
fields. Python modules are byte-compiled first (untimed), as ``pip install``
leaves them, so no tool pays for compiling its own source.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT)]

from bench_local import age_files, edit_pages, fmt_time, generate_field, revision, say  # noqa: E402
from bench_s3 import Launcher, digests  # noqa: E402

SEED = 20261129
CHANGED = 10
MEMSYNC = [sys.executable, "-m", "memsync"]
ROWS = ("startup", "folder", "git", "http", "index", "s3")
FULL = {"startup": 0, "folder": 100_000, "git": 5_000, "http": 5_000, "index": 2_000, "s3": (5_000, 10_000)}
QUICK = {"startup": 0, "folder": 2_000, "git": 500, "http": 500, "index": 300, "s3": (500,)}


class Runner:
    """Runs processes through one launcher and keeps every measurement."""

    def __init__(self, base: Path, profile: Path | None, keep: bool = False) -> None:
        self.base = base
        self.keep = keep
        self.launcher = Launcher()
        self.logs = base / "logs"
        self.logs.mkdir()
        self.profile = profile
        self.results: dict[str, dict[str, list[dict[str, Any]]]] = {}  # row/op -> tool -> runs
        self._count = 0

    def memsync(self, *args: str | Path, tag: str = "") -> list[str]:
        if self.profile is not None:
            out = self.profile / f"{tag or args[0]}-{self._count}.prof"
            return [sys.executable, "-m", "cProfile", "-o", str(out), "-m", "memsync", *map(str, args)]
        return [*MEMSYNC, *map(str, args)]

    def time(self, key: str, tool: str, argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> dict:
        self._count += 1
        os.sync()  # untimed: no earlier run's dirty pages are flushed on this one's clock
        log = self.logs / f"{self._count:04d}-{key.replace('/', '-')}-{tool}.log"
        result = self.launcher.run(argv, env or dict(os.environ), cwd, log)
        self.results.setdefault(key, {}).setdefault(tool, []).append(result)
        say(f"  {key} {tool}: {fmt_time(result['seconds'])}, {result['maxrss_kib'] / 1024:.0f} MiB")
        return result

    def done_with(self, folder: Path) -> None:
        """Free the disk a round used (kept with --keep: removing 100,000 files takes a while)."""
        if not self.keep:
            shutil.rmtree(folder)

    def close(self) -> None:
        self.launcher.close()


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MEMSYNC_", "AWS_", "OLLAMA"))}
    return {**env, "MEMSYNC_DEBUG": "", **extra}


def workspace(root: Path, field_src: Path | None, url: str, *options: str) -> Path:
    """A workspace at ``root`` with field ``bench`` (a copy of ``field_src``) and remote ``origin``."""
    root.mkdir(parents=True)
    run([*MEMSYNC, "init"], root)
    copied = time.monotonic()
    if field_src is not None:
        shutil.copytree(field_src, root / "bench")  # copy2 keeps the back-dated mtimes
        copied = time.monotonic()
    run([*MEMSYNC, "add", "bench", "bench"], root)
    run([*MEMSYNC, "remote", "add", "bench", "origin", url, *options], root)
    # The copies' ctimes are new: the stat cache trusts a file once they are 2 s old, as
    # a field that existed before its first sync is. Otherwise the first push's scan
    # caches none of them and the next run hashes them all again.
    time.sleep(max(0.0, copied + 2.1 - time.monotonic()))
    return root


def run(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"bench: {' '.join(map(str, argv))} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def same_pages(a: Path, b: Path, what: str) -> None:
    if digests(a) != digests(b):
        raise SystemExit(f"bench: {what}: the pages differ")


# -- start-up --------------------------------------------------------------------------


def row_startup(r: Runner, reps: int) -> None:
    say("start-up")
    for _ in range(max(reps, 5)):
        r.time("startup/--version", "memsync", r.memsync("--version"), r.base, clean_env())
        if shutil.which("rclone"):
            r.time("startup/--version", "rclone", ["rclone", "version"], r.base)


# -- folder ----------------------------------------------------------------------------


def row_folder(r: Runner, pages: int, reps: int) -> None:
    src = r.base / f"src-{pages}"
    generate_field(src, pages, SEED)
    age_files(src)
    env = clean_env()
    for rep in range(reps):
        say(f"folder {pages}: round {rep + 1}/{reps}")
        here = r.base / f"folder-{rep}"
        remote, ws1, ws2 = here / "remote", here / "ws1", here / "ws2"
        workspace(ws1, src, str(remote))
        r.time("folder/first push", "memsync", r.memsync("push", "bench"), ws1, env)
        r.time("folder/first push", "rsync", ["rsync", "-a", f"{src}/", f"{here}/rsync-remote/"], here)
        ws2.mkdir()
        argv = r.memsync("clone", remote, "bench", "--name", "bench", "--no-index")
        r.time("folder/clone", "memsync", argv, ws2, env)
        r.time("folder/clone", "rsync", ["rsync", "-a", f"{here}/rsync-remote/", f"{here}/rsync-clone/"], here)
        same_pages(src, ws2 / "bench", "clone")
        # The first no-op right after the clone: it must hash nothing the clone wrote.
        r.time("folder/no-op sync", "memsync", r.memsync("sync", "bench", "--no-index"), ws2, env)
        r.time("folder/no-op sync", "rsync", ["rsync", "-a", f"{here}/rsync-remote/", f"{here}/rsync-clone/"], here)
        r.time("folder/status", "memsync", r.memsync("status", "bench"), ws2, env)
        r.time("folder/status", "rsync", ["rsync", "-an", f"{here}/rsync-remote/", f"{here}/rsync-clone/"], here)
        for root in (ws1 / "bench", here / "rsync-src"):
            if root.name == "rsync-src":
                shutil.copytree(src, root)
            edit_pages(root, random.Random(SEED + rep), CHANGED, rep)
        r.time(f"folder/push {CHANGED} pages", "memsync", r.memsync("push", "bench"), ws1, env)
        argv = ["rsync", "-a", f"{here}/rsync-src/", f"{here}/rsync-remote/"]
        r.time(f"folder/push {CHANGED} pages", "rsync", argv, here)
        r.time(f"folder/pull {CHANGED} pages", "memsync", r.memsync("pull", "bench", "--no-index"), ws2, env)
        argv = ["rsync", "-a", f"{here}/rsync-remote/", f"{here}/rsync-clone/"]
        r.time(f"folder/pull {CHANGED} pages", "rsync", argv, here)
        same_pages(ws1 / "bench", ws2 / "bench", "pull")
        r.done_with(here)


# -- git -------------------------------------------------------------------------------


def git(*args: str, cwd: Path) -> str:
    return run(["git", *args], cwd)


def row_git(r: Runner, pages: int, reps: int) -> None:
    src = r.base / f"src-{pages}"
    if not src.exists():
        generate_field(src, pages, SEED)
        age_files(src)
    ident = ["-c", "user.name=bench", "-c", "user.email=bench@localhost"]
    for rep in range(reps):
        say(f"git {pages}: round {rep + 1}/{reps}")
        here = r.base / f"git-{rep}"
        here.mkdir()
        for repo in ("memsync.git", "git.git"):
            git("init", "-q", "--bare", "-b", "main", repo, cwd=here)
        cache = here / "cache1"
        env = clean_env(MEMSYNC_CACHE_DIR=str(cache))
        ws1 = workspace(here / "ws1", src, f"git+file://{here}/memsync.git/bench")
        r.time("git/first push", "memsync", r.memsync("push", "bench"), ws1, env)
        work = here / "work"
        work.mkdir()
        git("init", "-q", "-b", "main", cwd=work)
        git("remote", "add", "origin", f"file://{here}/git.git", cwd=work)
        shutil.copytree(src, work / "bench")
        script = f"git add -A && git {' '.join(ident)} commit -q -m first && git push -q origin main"
        r.time("git/first push", "git", ["sh", "-c", script], work)
        for root in (ws1 / "bench", work / "bench"):
            edit_pages(root, random.Random(SEED + rep), CHANGED, rep)
        r.time(f"git/push {CHANGED} pages", "memsync", r.memsync("push", "bench"), ws1, env)
        script = f"git add -A && git {' '.join(ident)} commit -q -m ten && git push -q origin main"
        r.time(f"git/push {CHANGED} pages", "git", ["sh", "-c", script], work)
        ws2 = here / "ws2"
        ws2.mkdir()
        env2 = clean_env(MEMSYNC_CACHE_DIR=str(here / "cache2"))  # a fresh machine: no cache
        argv = r.memsync("clone", f"git+file://{here}/memsync.git/bench", "bench", "--name", "bench", "--no-index")
        r.time("git/fresh clone", "memsync", argv, ws2, env2)
        r.time("git/fresh clone", "git", ["git", "clone", "-q", f"file://{here}/git.git", "clone"], here)
        same_pages(ws1 / "bench", ws2 / "bench", "git clone")
        same_pages(work / "bench", here / "clone" / "bench", "git clone (git)")
        r.done_with(here)


# -- http ------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def row_http(r: Runner, pages: int, reps: int) -> None:
    src = r.base / f"src-{pages}"
    if not src.exists():
        generate_field(src, pages, SEED)
        age_files(src)
    served = r.base / "served" / "bench"
    shutil.copytree(src, served)
    run([*MEMSYNC, "manifest", str(served)], r.base)
    digest = json.loads(run([*MEMSYNC, "verify", str(served), "--json"], r.base))["digest"]
    port = free_port()
    log = open(r.logs / "serve.log", "wb")  # noqa: SIM115 - closed with the server
    server = subprocess.Popen(
        [*MEMSYNC, "serve", str(served), "--port", str(port), "--read-only", "--no-index"],
        cwd=r.base,
        stdout=log,
        stderr=log,
    )
    url = f"http://127.0.0.1:{port}/"

    def counted(timed: Callable[..., dict], *args: Any) -> None:
        """A timed run with the requests the server logged for it (one line each)."""
        before = (r.logs / "serve.log").read_bytes().count(b'"GET ')
        result = timed(*args)
        result["requests"] = (r.logs / "serve.log").read_bytes().count(b'"GET ') - before

    try:
        deadline = time.monotonic() + 60
        while subprocess.run(["curl", "-sf", "-o", "/dev/null", url + "SHA256SUMS"]).returncode != 0:
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("bench: memsync serve did not start")
            time.sleep(0.2)
        run(["curl", "-sf", "-o", "/dev/null", url + "memoryfield.zip"], r.base)  # the server packs it once
        for rep in range(reps):
            say(f"http {pages}: round {rep + 1}/{reps}")
            here = r.base / f"http-{rep}"
            here.mkdir()
            argv = r.memsync("clone", url, "bench", "--name", "bench", "--sha256", digest, "--no-index")
            (here / "ws").mkdir()
            counted(r.time, "http/clone", "memsync", argv, here / "ws", clean_env())
            same_pages(served, here / "ws" / "bench", "http clone")
            counted(r.time, "http/clone", "wget -r", ["wget", "-q", "-r", "-np", "-nH", "-P", "wget", url], here)
            script = f"curl -sf -o f.zip {url}memoryfield.zip && unzip -q f.zip -d zip"
            counted(r.time, "http/clone", "curl+unzip", ["sh", "-c", script], here)
            same_pages(served, here / "zip", "curl+unzip")
            r.done_with(here)
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()


# -- index -----------------------------------------------------------------------------


def row_index(r: Runner, pages: int, reps: int, tool: str | None) -> None:
    if tool is None:
        say("index: memoryfield-tool not found (pass --memoryfield-tool), memsync alone")
    src = r.base / f"src-{pages}"
    if not src.exists():
        generate_field(src, pages, SEED)
        age_files(src)
    from tests.ollama_support import FakeOllama

    server = FakeOllama().start()
    try:
        for rep in range(reps):
            say(f"index {pages}: round {rep + 1}/{reps}")
            here = r.base / f"index-{rep}"
            ws = workspace(here / "ws", src, str(here / "remote"))
            env = clean_env(OLLAMA_HOST=server.host, MEMSYNC_EMBEDDER="ollama")
            server.reset()
            r.time("index/build", "memsync", r.memsync("index", "bench", "--embedder", "ollama"), ws, env)
            r.results["index/build"]["memsync"][-1]["calls"] = len(server.calls)
            if tool is not None:
                field = here / "mft-field"
                shutil.copytree(src, field)
                home = here / "home"
                home.mkdir()
                menv = {**clean_env(OLLAMA_HOST=server.host), "HOME": str(home)}
                menv["MEMORYFIELD_TOOL_CONFIG"] = str(home / "mft.toml")
                menv["XDG_CACHE_HOME"] = str(home / "cache")
                run([tool, "connect", "bench", str(field)], here, menv)
                server.reset()
                r.time("index/build", "memoryfield-tool", [tool, "index", "--field", "bench"], here, menv)
                r.results["index/build"]["memoryfield-tool"][-1]["calls"] = len(server.calls)
            r.done_with(here)
    finally:
        server.stop()


# -- s3 --------------------------------------------------------------------------------


def row_s3(r: Runner, sizes: tuple[int, ...], reps: int, extra: list[str]) -> None:
    for pages in sizes:
        say(f"s3 {pages}: bench_s3.py")
        out = r.base / f"s3-{pages}.json"
        argv = [sys.executable, str(HERE / "bench_s3.py"), "--pages", str(pages), "--repeat", str(reps)]
        done = subprocess.run([*argv, "--json", str(out), *extra], cwd=ROOT, text=True, capture_output=True)
        if done.returncode != 0:
            raise SystemExit(f"bench: bench_s3.py failed:\n{done.stdout}{done.stderr}")
        print(done.stdout)
        names = {"upload": "first push", "download": "first pull", "noop": "no-op pull", "changed": "push 10 pages"}
        for key, data in json.loads(out.read_text())["results"].items():
            tool, op = key.split("/")
            if op in names:
                r.results.setdefault(f"s3 {pages}/{names[op]}", {})[tool] = data["runs"]


# -- the report ------------------------------------------------------------------------


def summary(results: dict[str, dict[str, list[dict[str, Any]]]]) -> list[str]:
    """One line per row and tool: median wall time, median CPU time (user+sys of the
    process and its children: a shared machine's load stretches wall times, far less
    CPU times), peak RSS, requests, and memsync's ratios to the best peer in each."""
    header = (
        f"{'row':<28} {'tool':<17} {'median':>8} {'cpu':>8} {'peak':>9} {'requests':>9}  ratio to best peer (wall; cpu)"
    )
    lines = [header, "-" * len(header)]
    for key, tools in results.items():
        medians = {tool: statistics.median(r["seconds"] for r in runs) for tool, runs in tools.items()}
        cpus = {
            tool: statistics.median(r["cpu_seconds"] for r in runs) if all("cpu_seconds" in r for r in runs) else None
            for tool, runs in tools.items()
        }
        peers = {t: m for t, m in medians.items() if t != "memsync"}
        best = min(peers, key=lambda t: peers[t]) if peers else None
        first = True
        for tool, runs in tools.items():
            peak = max(r["maxrss_kib"] for r in runs) / 1024
            requests = max((r.get("requests", 0) for r in runs), default=0)
            calls = max((r.get("calls", 0) for r in runs), default=0)
            count = f"{requests:,}" if requests else (f"{calls} calls" if calls else "")
            cpu = cpus[tool]
            ratio = ""
            if tool == "memsync" and best is not None:
                ratio = f"{medians[tool] / peers[best]:.2f}x {best}"
                peer_cpu = cpus[best]
                if cpu is not None and peer_cpu:
                    ratio += f"; cpu {cpu / peer_cpu:.2f}x"
            label = key if first else ""
            shown = fmt_time(cpu) if cpu is not None else "-"
            lines.append(
                f"{label:<28} {tool:<17} {fmt_time(medians[tool]):>8} {shown:>8} {peak:>6.0f} MiB {count:>9}  "
                f"{ratio}".rstrip()
            )
            first = False
    return lines


def find_tool(explicit: str | None) -> str | None:
    return explicit or shutil.which("memoryfield-tool")


def compile_all() -> None:
    """Byte-compile memsync and its environment, as an install would (untimed)."""
    import compileall
    import sysconfig

    for path in {str(ROOT / "memsync"), sysconfig.get_paths()["purelib"]}:
        compileall.compile_dir(path, quiet=1, workers=2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", default=",".join(ROWS), help=f"comma-separated rows (default: {','.join(ROWS)})")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions of each row (default 3)")
    parser.add_argument("--quick", action="store_true", help="small fields, one repetition: a smoke run")
    parser.add_argument("--pages", type=int, help="override every row's page count")
    parser.add_argument("--json", metavar="PATH", help="also write every run as JSON to PATH")
    parser.add_argument("--keep", metavar="DIR", help="work in DIR (empty or new) and keep it")
    parser.add_argument("--profile", metavar="DIR", help="run memsync under cProfile, one .prof per run in DIR")
    parser.add_argument("--memoryfield-tool", dest="mft", help="the memoryfield-tool executable (Python >= 3.12)")
    parser.add_argument("--s3-args", default="", help="extra arguments for bench_s3.py, e.g. '--skip aws'")
    opts = parser.parse_args(argv)
    rows = [r.strip() for r in opts.rows.split(",") if r.strip()]
    unknown = sorted(set(rows) - set(ROWS))
    if unknown:
        parser.error(f"unknown row {unknown[0]!r} (rows: {', '.join(ROWS)})")
    sizes = dict(QUICK if opts.quick else FULL)
    if opts.pages:
        sizes = {k: (opts.pages,) if k == "s3" else opts.pages for k in sizes}
    reps = 1 if opts.quick else opts.repeat
    base = Path(opts.keep).absolute() if opts.keep else Path(tempfile.mkdtemp(prefix="memsync-bench-peers-"))
    base.mkdir(parents=True, exist_ok=True)
    profile = Path(opts.profile).absolute() if opts.profile else None
    if profile is not None:
        profile.mkdir(parents=True, exist_ok=True)
    compile_all()
    start = revision()
    runner = Runner(base, profile, keep=bool(opts.keep))
    steps: dict[str, Callable[[], None]] = {
        "startup": lambda: row_startup(runner, reps),
        "folder": lambda: row_folder(runner, sizes["folder"], reps),
        "git": lambda: row_git(runner, sizes["git"], reps),
        "http": lambda: row_http(runner, sizes["http"], reps),
        "index": lambda: row_index(runner, sizes["index"], reps, find_tool(opts.mft)),
        "s3": lambda: row_s3(runner, tuple(sizes["s3"]), reps, opts.s3_args.split()),
    }
    try:
        for row in rows:
            steps[row]()
    finally:
        runner.close()
        if not opts.keep:
            shutil.rmtree(base, ignore_errors=True)
    end = revision()
    print(
        f"memsync next to its peers: memsync {start if start == end else f'{start} -> {end}'}, "
        f"Python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"{datetime.now(UTC).strftime('%Y-%m-%dT%H:%M:%SZ')}; {reps} repetition(s), medians; "
        f"pages: {', '.join(f'{k} {v}' for k, v in sizes.items() if k in rows and v)}"
    )
    print("\n".join(summary(runner.results)))
    if opts.json:
        Path(opts.json).write_text(json.dumps({"sizes": sizes, "results": runner.results}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
